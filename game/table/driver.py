"""What a table scene needs from whatever runs its game: the :class:`TableDriver` seam.

The scene draws from ``driver.session`` (the rules state it may show, the seats, the
record of actions) and goes through the driver for everything else: who at this screen
decides, acting, the computer seats' actions, taking an action back. Three drivers:

- :class:`LocalDriver` (here): a game at this screen; its computer seats played by a
  :class:`~game.table.bots.BotRunner` on worker threads;
- :class:`game.net.host.HostedDriver`: the host's window of a network table; actions go
  through the table so every member is sent them, and only the seats at this screen are
  people the scene asks to decide;
- :class:`game.net.remote.RemoteDriver`: a client's window; actions are sent to the host
  and their events come back with its update.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game.rules.protocol import Action, Event, GameState, IllegalAction
from game.session import Seat, Session
from game.table.bots import BotRunner


class TableRecord(Protocol):
    """What the scene reads of a game in progress (a Session, or a client's mirror)."""

    game_id: str
    state: GameState  # a client's is its seat's view
    seats: list[Seat]
    actions: list[tuple[int, str]]
    viewer: int | None
    pending: dict[int, Any]

    @property
    def players(self) -> int: ...

    def thinking(self) -> list[int]: ...


class TableDriver(Protocol):
    @property
    def session(self) -> Any:
        """The game the screen shows (a :class:`TableRecord`; ``Any`` because the game
        scenes' mixins declare it as a Session)."""

    @property
    def state(self) -> GameState: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    def local_seats(self) -> list[int]:
        """The people at this screen (whose private things it may show)."""

    def local_deciders(self) -> list[int]:
        """The people at this screen who must decide now."""

    def needs_handoff(self, player: int) -> bool:
        """A curtain before showing ``player``'s private things (another person at this
        screen was looking)."""

    def submit(self, player: int, action: Action) -> list[Event]:
        """A person's action; the events this screen may show at once (raises
        ``IllegalAction`` and changes nothing when the rules, or the table, refuse it)."""

    def poll(self, min_delay: float = 0.0) -> list[Event]:
        """Events that arrived from elsewhere: a computer seat this screen plays has
        acted (at most one action a call, shown no sooner than ``min_delay`` seconds
        after its decision was asked for). Called when the screen is ready for more
        (nothing moving)."""

    def undo_refusal(self, player: int | None) -> str | None:
        """Why ``player`` may not take back their last action now, or None."""

    def undo(self, player: int) -> None: ...


class LocalDriver:
    """A game at this screen: every person sits here; computers think on worker threads."""

    def __init__(self, session: Session):
        self._session = session
        self.bots = BotRunner(session)

    @property
    def session(self) -> Session:
        return self._session

    @property
    def state(self) -> GameState:
        return self._session.state

    @property
    def seats(self) -> list[Seat]:
        return self._session.seats

    def local_seats(self) -> list[int]:
        return self._session.humans()

    def local_deciders(self) -> list[int]:
        return self._session.humans_to_act()

    def needs_handoff(self, player: int) -> bool:
        return self._session.needs_handoff(player)

    def submit(self, player: int, action: Action) -> list[Event]:
        return self._session.apply(player, action)

    def poll(self, min_delay: float = 0.0) -> list[Event]:
        played = self.bots.step(min_delay)
        return [] if played is None else played[1]

    def undo_refusal(self, player: int | None) -> str | None:
        return self._session.undo_refusal(player)

    def undo(self, player: int) -> None:
        self._session.undo(player)


def as_driver(table: TableDriver | Session) -> TableDriver:
    """``table`` as a driver: a Session alone is a game at this screen."""
    return LocalDriver(table) if isinstance(table, Session) else table


class WatchDriver:
    """A game another window is playing, watched here (issue #36): nobody at this screen
    decides, no computer is run, nothing is saved; the watch bar
    (:mod:`game.scenes.table.watch`) brings the session up to the other window's saves."""

    def __init__(self, session: Session):
        self._session = session

    @property
    def session(self) -> Session:
        return self._session

    @property
    def state(self) -> GameState:
        return self._session.state

    @property
    def seats(self) -> list[Seat]:
        return self._session.seats

    def local_seats(self) -> list[int]:
        return []

    def local_deciders(self) -> list[int]:
        return []

    def needs_handoff(self, player: int) -> bool:
        return False

    def submit(self, player: int, action: Action) -> list[Event]:
        raise IllegalAction("this game is watched here: it is played in another window")

    def poll(self, min_delay: float = 0.0) -> list[Event]:
        return []

    def undo_refusal(self, player: int | None) -> str | None:
        return "nothing"

    def undo(self, player: int) -> None:
        raise ValueError("this game is watched here: it is played in another window")
