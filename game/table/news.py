"""What a table's driver tells its scene (issue #37): typed news, one frozen type each.

A driver (:class:`game.table.driver.TableDriver`) translates its own sources -- a
computer seat's worker, the host's network thread, a client's connection -- into these,
and keeps its own bookkeeping (a seat's online status, the action on its way, the
record the host sent) before it hands them over: the scene only shows them
(:meth:`game.scenes.table.scene.TableScene.news`). No note is a ``(kind, value)``
tuple any more, and nothing the scene does edits a driver's fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.protocol import Event


@dataclass(frozen=True)
class Played:
    """An action not taken at this screen's seat was played (a computer's, a seat
    elsewhere on the network): its events, for everybody to watch."""

    events: tuple[Event, ...]


@dataclass(frozen=True)
class Answered:
    """The host answered the action this window sent: played, or refused (a
    :class:`Refused` says why); the seat may act again."""

    played: bool


@dataclass(frozen=True)
class SeatMove:
    """One seat's online status changed (``before`` -> ``now``, the statuses of
    :meth:`game.net.table.Table.seats_info`): its person came, left, came back, or its
    hand went to a phone."""

    name: str
    before: str
    now: str

    def log_key(self) -> str | None:
        """The log line that tells it (a text key), or None: nothing to tell."""
        now, before = self.now, self.before
        if now == "connected" and before == "open":
            return "app.online_seat_taken"
        if now == "connected" and before in ("reconnecting", "standing_in"):
            return "app.online_seat_back"
        if now == "reconnecting" and before == "connected":
            return "app.online_seat_gone"
        if now == "standing_in" and before == "reconnecting":
            return "online.handed_log"  # its person may come back for it
        if now == "computer" and before == "open":
            return "online.handed_open_log"  # nobody ever took it: a computer's now
        if now == "phone" and before != "phone":
            return "online.phone_log"  # issue #29: their hand is on their phone
        if now == "local" and before == "phone":
            return "online.phone_gone_log"  # played here again until it reconnects
        return None


@dataclass(frozen=True)
class SeatsChanged:
    """The table's seats as the host says now (the driver has taken in their names,
    people and statuses); ``moves``: the seats whose status changed."""

    moves: tuple[SeatMove, ...]


@dataclass(frozen=True)
class Connection:
    """A client's line to its host dropped (``back`` False) or came back."""

    back: bool


@dataclass(frozen=True)
class Refused:
    """The host refused what this window sent (its reason, for the log)."""

    reason: str


@dataclass(frozen=True)
class Rejoined:
    """Back at the table after a drop: the driver holds the table as it is now (nothing
    that was waiting to be played still means anything)."""


@dataclass(frozen=True)
class RecordArrived:
    """The game is over and the host sent its whole record (issue #28): the checked
    fields, or why they were refused."""

    record: dict[str, Any] | None
    problem: str | None


@dataclass(frozen=True)
class Dropped:
    """A message from the host was refused unread; the game goes on (issue #36)."""

    problem: str


@dataclass(frozen=True)
class Ended:
    """The connection to the host ended for good (why)."""

    reason: str


@dataclass(frozen=True)
class Listening:
    """The hosted table listens at ``address`` ("host:port", as others type it) with
    the join code ``code``."""

    address: str
    code: str


@dataclass(frozen=True)
class PortMoved:
    """A table opened again could not listen on its old port (``port``): its members'
    clients look for it there, so the screen says so."""

    port: int


@dataclass(frozen=True)
class Failed:
    """The network could not start (why: a dialog)."""

    reason: str


News = (
    Played
    | Answered
    | SeatsChanged
    | Connection
    | Refused
    | Rejoined
    | RecordArrived
    | Dropped
    | Ended
    | Listening
    | PortMoved
    | Failed
)
