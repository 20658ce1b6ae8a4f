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
  and their events come back with its update;
- :class:`WatchDriver` (here) and :class:`game.table.replay.ReplayDriver`: a game
  watched (another window plays it) or replayed; nobody here decides.

A driver tells the scene what happened elsewhere as typed news (:mod:`game.table.news`)
and answers for its own kind of table: a seat's online status, what the history keeps,
where the game is saved, whether anything can be taken back. The scene never asks which
driver it has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game import saves
from game.rules.protocol import Action, Event, GameState, IllegalAction
from game.session import Seat, Session
from game.table.bots import BotRunner
from game.table.news import News, Played


class TableRecord(Protocol):
    """What the scene reads of a game in progress (a Session, or a client's mirror)."""

    game_id: str
    state: GameState  # a client's is its seat's view
    seats: list[Seat]
    actions: list[tuple[int, str]]
    viewer: int | None
    pending: dict[int, Any]
    options: dict[str, Any]  # the game's options as it was set up (its variant)

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

    @property
    def whole_record(self) -> bool:
        """The session holds the game's whole record (every action's text), so its log
        can be written again from it (a resumed game, a new language); a joined seat
        holds only its view."""

    @property
    def no_undo(self) -> str | None:
        """Why this table never takes an action back, whatever the moment (a key of the
        undo button's reasons: "network"), or None: :meth:`undo_refusal` says when."""

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

    def poll(self, bot_delay: float | None = None) -> list[News]:
        """What arrived from elsewhere since the last call (never waits), the driver's
        own bookkeeping done (:mod:`game.table.news`). Called once a frame without
        ``bot_delay``; with it when the screen is ready for more (nothing moving): then a
        computer seat this window plays may have acted too (at most one action a call,
        shown no sooner than ``bot_delay`` seconds after its decision was asked for)."""

    def working(self) -> bool:
        """Something of the game's own is under way off screen (a computer thinking, an
        action on its way to the host): the loop keeps its frame rate for it."""

    def seat_status(self, player: int) -> str:
        """The seat's online status at a network table (the statuses of
        :meth:`game.net.table.Table.seats_info`), "" at any other."""

    def history_source(self) -> str | None:
        """What the finished game is kept as in the history when the table ends it
        ("local", "hosted"), or None: the table keeps nothing (a joined game keeps its
        own, a watched or replayed one none)."""

    def autosave(self) -> None:
        """Write the game where it is kept (raises ``OSError`` when that fails)."""

    def leave(self, quitting: bool) -> None:
        """The table is left (``quitting``: the program ends): its game let go, its
        connection ended."""

    def undo_refusal(self, player: int | None) -> str | None:
        """Why ``player`` may not take back their last action now, or None."""

    def undo(self, player: int) -> None: ...


class LocalDriver:
    """A game at this screen: every person sits here; computers think on worker threads."""

    no_undo = None
    whole_record = True

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

    def poll(self, bot_delay: float | None = None) -> list[News]:
        if bot_delay is None:
            return []  # nothing arrives from elsewhere: only the computers, at rest
        played = self.bots.step(bot_delay)
        return [] if played is None else [Played(tuple(played[1]))]

    def working(self) -> bool:
        return computers_working(self._session)

    def seat_status(self, player: int) -> str:
        return ""

    def history_source(self) -> str | None:
        return "local"

    def autosave(self) -> None:
        saves.autosave(self._session)

    def leave(self, quitting: bool) -> None:
        if not quitting:  # the process's end lets the game's lock go too
            saves.let_go(self._session.save_id)

    def undo_refusal(self, player: int | None) -> str | None:
        return self._session.undo_refusal(player)

    def undo(self, player: int) -> None:
        self._session.undo(player)


def computers_working(session: Session) -> bool:
    """A computer seat of ``session`` is deciding, or is to decide, before the game goes on."""
    return bool(session.pending) or (not session.state.is_over() and bool(session.bots_to_act()))


def as_driver(table: TableDriver | Session) -> TableDriver:
    """``table`` as a driver: a Session alone is a game at this screen."""
    return LocalDriver(table) if isinstance(table, Session) else table


class NotPlayedHere:
    """The driver of a game shown at this screen and played nowhere here (issue #37: a
    watched game's and a replay's answers, written once): nobody here decides, no
    computer is run, nothing is saved nor kept in the history, nothing is taken back.
    ``session_of``: the game shown now (a replay's changes as it is moved);
    ``why``: what an action or an undo tried here is told; ``paced``: a computer seat
    to act keeps the loop's frame rate (a replay's controls step the position while the
    loop runs), or only what moves on screen does (a watched game's computers are not
    run here)."""

    no_undo = None
    whole_record = True

    def __init__(self, session_of: Callable[[], Session], why: str, paced: bool) -> None:
        self._session_of = session_of
        self._why = why
        self._paced = paced

    @property
    def session(self) -> Session:
        return self._session_of()

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def seats(self) -> list[Seat]:
        return self.session.seats

    def local_seats(self) -> list[int]:
        return []

    def local_deciders(self) -> list[int]:
        return []

    def needs_handoff(self, player: int) -> bool:
        return False

    def submit(self, player: int, action: Action) -> list[Event]:
        raise IllegalAction(self._why)

    def poll(self, bot_delay: float | None = None) -> list[News]:
        return []  # the watch bar, the replay's controls move the game shown

    def working(self) -> bool:
        return self._paced and computers_working(self.session)

    def seat_status(self, player: int) -> str:
        return ""

    def history_source(self) -> str | None:
        return None  # the other window keeps the game; a replay is a record already

    def autosave(self) -> None:
        return None  # the other window writes the game; a replay is never saved

    def leave(self, quitting: bool) -> None:
        return None  # no game's lock was ever held here

    def undo_refusal(self, player: int | None) -> str | None:
        return "nothing"

    def undo(self, player: int) -> None:
        raise ValueError(self._why)


class WatchDriver(NotPlayedHere):
    """A game another window is playing, watched here (issue #36); the watch bar
    (:mod:`game.scenes.table.watch`) brings the session up to the other window's saves."""

    def __init__(self, session: Session):
        super().__init__(
            lambda: session, "this game is watched here: it is played in another window", False
        )
