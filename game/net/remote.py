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


def seats_from(info: list[dict[str, Any]]) -> list[Seat]:
    return [
        Seat(str(s["name"]), str(s["character"]), bool(s["human"]), str(s.get("level", "normal")))
        for s in info
    ]


class RemoteDriver:
    """The driver (game.table.driver.TableDriver) of a seat (or a spectator) at a table
    hosted elsewhere, and the record its scene shows (``session`` is itself: the mirror
    of the host's table it keeps). The host's action texts are never sent (a secret
    choice is in them): ``actions`` holds one entry per action played, with this seat's
    own texts and ``""`` for the others'. The host's messages are carried by the scene's
    table once a frame (``client.poll()``, game.scenes.lobby.online.RemoteTable), so ``poll``
    has nothing more: the host plays the computers."""

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

    def poll(self, min_delay: float = 0.0) -> list[Event]:
        return []

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
