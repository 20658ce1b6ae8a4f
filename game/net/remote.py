"""A client's window at a network table (issue #18): :class:`RemoteDriver`, the table
scene's driver (game.table.driver) for a seat at a table hosted elsewhere: ``state`` is
the seat's view as the host last sent it; ``submit`` sends the action's text notation to
the host through the :class:`~game.net.client.ClientThread` and returns no events --
they come back with the host's update, and the scene animates them then. A refusal is a
log line, as an ``IllegalAction`` is at a local table. No curtain (the screen is the
seat's own), no computers here (the host plays them), no undo ("not over the network").
"""

from __future__ import annotations

from typing import Any

from game.net.client import ClientThread, Mirror
from game.rules.protocol import Action, Event, GameState, IllegalAction
from game.session import Seat
from game.table.news import (
    Answered,
    Connection,
    Dropped,
    Ended,
    News,
    Played,
    RecordArrived,
    Refused,
    Rejoined,
    SeatMove,
    SeatsChanged,
)


def seats_from(info: list[dict[str, Any]]) -> list[Seat]:
    return [
        Seat(str(s["name"]), str(s["character"]), bool(s["human"]), str(s.get("level", "normal")))
        for s in info
    ]


def take_seats(seats: list[Seat], status: list[str], info: list[dict[str, Any]]) -> SeatsChanged:
    """The host's seat list taken in: each seat's name and whether a person plays it
    into ``seats``, its status into ``status``; the seats whose status changed, as news."""
    old = list(status)
    status[:] = [str(s.get("status", "")) for s in info]
    moves = []
    for p, seat in enumerate(info):
        before = old[p] if p < len(old) else ""
        seats[p].name = str(seat["name"])
        seats[p].human = bool(seat["human"])
        if status[p] != before:
            moves.append(SeatMove(str(seat["name"]), before, status[p]))
    return SeatsChanged(tuple(moves))


class RemoteDriver:
    """The driver (game.table.driver.TableDriver) of a seat (or a spectator) at a table
    hosted elsewhere, and the record its scene shows (``session`` is itself: the mirror
    of the host's table it keeps). The host's action texts are never sent (a secret
    choice is in them): ``actions`` holds one entry per action played, with this seat's
    own texts and ``""`` for the others'. :meth:`poll` carries the host's messages once a
    frame (``client.poll()``) into this mirror and turns them into news; the host plays
    the computers. At the game's end the host sends its whole record (issue #28): it is
    kept here (``record``, or why it was refused: ``record_problem``)."""

    no_undo = "network"
    whole_record = False  # the seat's view and its own action texts only

    def __init__(self, client: ClientThread, mirror: Mirror, view: GameState):
        self.client = client
        self.game_id = mirror.game
        self.seat = mirror.seat
        self.options = dict(mirror.options)
        self.seats = seats_from(mirror.seats)
        self.status = [str(s.get("status", "")) for s in mirror.seats]
        self.state: GameState = view
        self.actions: list[tuple[int, str]] = [(-1, "")] * mirror.n
        self.viewer: int | None = mirror.seat
        self.pending: dict[int, Any] = {}  # no computer decides here
        self.sent: list[tuple[int, str]] = []  # actions sent, not answered yet
        self.connected = True
        self.ended: str | None = None  # why the connection ended for good
        self.record: dict[str, Any] | None = None  # the host's record (checked fields)
        self.record_problem: str | None = None  # why it was refused

    @property
    def players(self) -> int:
        return len(self.seats)

    def humans(self) -> list[int]:
        """The people at this screen: the seat's own person only."""
        return [] if self.seat is None else [self.seat]

    def humans_to_act(self) -> list[int]:
        if self.seat is None or self.sent or not self.connected or self.state.is_over():
            return []  # an action on its way is answered before the next one
        return [self.seat] if self.seat in self.state.to_act() else []

    def bots_to_act(self) -> list[int]:
        return []  # the host plays the computers

    def thinking(self) -> list[int]:
        return []

    def needs_handoff(self, player: int) -> bool:
        return False  # this screen is the seat's own

    @property
    def session(self) -> RemoteDriver:
        return self

    def local_seats(self) -> list[int]:
        return self.humans()

    def local_deciders(self) -> list[int]:
        return self.humans_to_act()

    def poll(self, bot_delay: float | None = None) -> list[News]:
        if bot_delay is not None:
            return []  # the host plays the computers
        news: list[News] = []
        last = ""
        for note in self.client.poll():
            kind, value = note
            previous, last = last, kind
            match kind:
                case "update":
                    events, view, n = value
                    self.updated(view, n)
                    news.append(Played(tuple(events)))
                case "answered":
                    self.answered(played=previous == "update")
                    news.append(Answered(previous == "update"))
                case "refusal":
                    news.append(Refused(str(value[1])))
                    if value[0] == "rate":  # dropped unread: no answer will come; try again
                        self.sent.clear()
                case "seats":
                    news.append(take_seats(self.seats, self.status, value))
                case "connection":
                    self.connected = value == "back"
                    if self.seat is not None and not self.connected:
                        self.status[self.seat] = "reconnecting"  # as the others see it
                    news.append(Connection(self.connected))
                case "welcome":  # back after a drop: the table as it is now
                    self.sent.clear()  # what was on its way is in the table now, or was lost
                    self.updated(value.view, value.n)
                    news.append(take_seats(self.seats, self.status, value.seats))
                    self.connected = True
                    news.append(Rejoined())
                case "record":  # the game is over: its whole record (issue #28)
                    self.record, self.record_problem = value
                    news.append(RecordArrived(self.record, self.record_problem))
                case "dropped":  # a host's message refused; the game goes on (issue #36)
                    news.append(Dropped(str(value)))
                case "error":
                    self.ended = str(value[1])
                    self.connected = False
                    news.append(Ended(self.ended))
        return news

    def working(self) -> bool:
        return bool(self.sent)  # an action on its way is answered before anything else

    def seat_status(self, player: int) -> str:
        return self.status[player] if player < len(self.status) else ""

    def history_source(self) -> str | None:
        return None  # the seat's view only: kept at the end by the table's own part

    def autosave(self) -> None:
        return None  # the game is the host's, and the host saves it

    def leave(self, quitting: bool) -> None:
        """Leave the seat waiting for its token at the host."""
        self.client.stop(timeout=1.0 if quitting else 0.0)

    def undo(self, player: int) -> None:
        raise ValueError("no undo over the network")

    def submit(self, player: int, action: Action) -> list[Event]:
        """Send the action to the host; its events arrive with the host's update."""
        if player != self.seat:
            raise IllegalAction(f"player {player} does not sit at this screen")
        if self.ended is not None or not self.connected:
            raise IllegalAction(self.ended or "not connected to the host")
        if self.sent:
            raise IllegalAction("the last action is still on its way to the host")
        text = str(action)
        self.sent.append((player, text))
        self.client.act(text)
        return []

    def answered(self, played: bool) -> None:
        """The host answered the action on its way: played (its update came just
        before: the last action is ours, and we know its text) or refused."""
        if self.sent:
            mine = self.sent.pop(0)
            if played and self.actions:
                self.actions[-1] = mine

    def updated(self, view: GameState, n: int) -> None:
        self.state = view
        if n > len(self.actions):
            self.actions.extend([(-1, "")] * (n - len(self.actions)))

    def undo_refusal(self, player: int | None) -> str | None:
        return "network"
