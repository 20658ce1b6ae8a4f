"""The seam between the shared table scene and a game (issue #26), both ways:

- :class:`GameTable`: what :class:`~game.scenes.table.scene.TableScene` asks a game (its
  frame's cut, its layout, its two layers for the one compositor (its ``drawing``), what
  the frame's header, seat panels and hint say (its ``seats``), the person's controls, an animation per kind of
  event, the log's line, the resync with the state and when it comes, what eases each
  frame, the end screen's breakdown, the things a lesson points at and what a driver
  may click besides the buttons);
- :class:`TableHost`: what a game's parts may ask the scene that runs them (the window's
  scale, the translations, the state, seats and driver, the timeline, acting).

A game is plain objects around one model of its own, composed by a class that
implements GameTable and takes the TableHost: no mixins, no ``host.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

import pygame

from game.rules.protocol import Action, Event, GameState
from game.scenes.table.end_screen import Breakdown
from game.scenes.table.frame import TableFrame, TableLog, TableSeats
from game.scenes.table.frame_plan import TablePlan
from game.scenes.table.guide import TableGuide
from game.scenes.table.news_marks import LastMoves, Mark
from game.scenes.table.parts import TablePart
from game.scenes.table.turns import TableKeeping, TableNews, TablePlayer, TableSharing
from game.session import Session
from game.table.driver import TableDriver, TableRecord
from game.ui.i18n import Translator
from game.ui.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from game.registry import GameInfo
    from game.scenes.base import Host
    from game.scenes.table.compose import Compositor


# When the drawn pieces are put back in line with the state after events:
# - "after_last_event": once the last event queued has played (a step at the end of the
#   timeline);
# - "when_idle": on the first frame nothing is left to play or queued after an event
#   (events that arrive meanwhile play on from where the table shows);
# - "idle_after_busy": on the first frame nothing is left to play or queued after any
#   frame that was busy animating.
Resync = Literal["after_last_event", "when_idle", "idle_after_busy"]


@dataclass(frozen=True)
class FrameCut:
    """How a game wants the window cut (see :func:`game.scenes.table.frame_plan.plan_table`)."""

    bar_h: float
    hint_lines: int = 1
    seat_h: tuple[float, float] = (64, 104)


class Offered(Protocol):
    """A control on screen standing for a legal action (a Choice; Duck's lesson control)."""

    @property
    def key(self) -> str: ...

    @property
    def action(self) -> Action | None: ...


class TableControls(Protocol):
    """The person's controls (what the frame's buttons do not cover)."""

    def offered(self) -> Sequence[Offered]:
        """The controls on screen now (also in the scene's buttons, for the focus)."""
        ...

    def rebuild(self, force: bool = False) -> None:
        """Follow the state (who decides, the steps taken): every frame, and at once
        with ``force`` (a new layout)."""

    def track(self, event: pygame.event.Event) -> bool:
        """Every input, before the scene handles it (where the mouse is, keys used); True
        when the game took it (its own keys, a scroll): the scene does nothing more."""
        ...

    def handle(self, event: pygame.event.Event, player: int) -> None:
        """Input the scene did not take, while ``player`` decides at this screen."""

    def shown(self, player: int) -> None:
        """``player``'s private things are on screen now (after the curtain, an undo)."""


class TableDrawing(Protocol):
    """The game's two layers for the one compositor (game.scenes.table.compose), and
    what it draws over the scene's buttons."""

    def static_key(self) -> Hashable:
        """Everything :meth:`paint_static` draws depends on."""
        ...

    def paint_static(self, surface: pygame.Surface) -> None: ...

    def paint_moving(self, surface: pygame.Surface) -> None: ...

    def paint_over(self, surface: pygame.Surface) -> None:
        """Over everything, the scene's buttons included (a tooltip)."""


class GameTable(Protocol):
    @property
    def cut(self) -> FrameCut:
        """How the frame is cut for this game."""
        ...

    @property
    def drawing(self) -> TableDrawing: ...

    @property
    def seats(self) -> TableSeats: ...

    @property
    def controls(self) -> TableControls: ...

    @property
    def animations(self) -> Mapping[type[Event], Callable[[Any], None]]:
        """Event class (of the game's typed family) -> what plays it: tweens on the host's
        timeline. A handler takes its own class (``def _bonk(self, event: Bonk)``), hence
        ``Any``; tests/test_event_coverage.py checks every class has one."""
        ...

    @property
    def buttons_in_still(self) -> bool:
        """The scene's buttons are part of the still picture (``paint_static`` paints
        them, after the undo button is refreshed), not drawn over the frame each time."""
        ...

    @property
    def resync(self) -> Resync:
        """When the drawn pieces are put back in line with the state (see Resync)."""
        ...

    def plan(self, size: tuple[int, int]) -> TablePlan | None:
        """The frame's plan when the game cuts the window more than one way (with the
        host's ``plan_frame``, the last plan made being the one kept); None: by ``cut``."""

    def layout(self, plan: TablePlan) -> None:
        """Place the game's things in the frame's ``plan`` (a new window size)."""

    def update(self, dt: float) -> None:
        """Every frame, after the scene's: what eases by itself (rows, scroll)."""

    def before_frame(self) -> None:
        """Before each frame is composed: what the frame shows that is worked out from
        the state and the person's focus (the controls, what a looked-at option does)."""

    def plays_unseen(self, event: Event) -> bool:
        """An event the screen's viewer does not see that the table plays anyway (a
        face-down twin of a secret draw while nobody's private things are on screen)."""
        ...

    def log_empty(self) -> str | None:
        """What the log says before anything happened (None: the frame's words)."""

    def drawn_extent(self) -> pygame.Rect:
        """The box around what the board draws (its hexes, track, ladder, routes and
        their pieces), not its panel: what the layout audit measures against the window
        (issue #38: the board takes >= 70% of the window)."""
        ...

    def describe(self, event: Event) -> str | None:
        """The log's line for ``event`` (None: no line)."""

    def log_line(self, text: str) -> bool:
        """The line ``describe`` gave, written by the game (True: left out, or merged
        with the last line, as Duck's steps of one move); False: the frame writes it."""
        ...

    def busy(self) -> bool:
        """Something of the game's own is still on the move (an effect, a flyer)."""
        ...

    def cut_short(self, land: bool) -> None:
        """The animations were cut short: after a skip (``land``: what flies lands) or
        a jump ahead (what is in the air goes)."""

    def focus(self, key: str) -> bool:
        """A lesson's focus on the control ``key``: the picks before its action made
        (True: the table changed, drawn again at once; False: nothing to do)."""
        ...

    def probe_points(self) -> dict[str, list[int]]:
        """More of a driver's probe, by key, over the frame's (Duck's targets by their
        centres); {}: nothing more."""
        ...

    def sync(self) -> None:
        """Put every drawn piece where the state says (after a skip, a jump, an undo)."""

    def breakdown(self) -> Breakdown:
        """How each seat's score came about, for the end screen."""
        ...

    def element(self, name: str) -> pygame.Rect | None:
        """Where a thing a lesson names is (``route:3``), or None (game.lessons)."""

    def keep_clear(self) -> list[pygame.Rect]:
        """What a lesson's callout must not hide now, besides its element ([]: nothing)."""
        ...

    def dropped_texts(self) -> list[str]:
        """The board's words it left out for lack of room in this layout (a route's rule
        text): the layout audit counts each (issue #38: Larger text dropped them)."""
        ...

    def news_marks(self, event: Event) -> list[Mark] | None:
        """What ``event`` changed on the board, marked until its seat moves again or
        the person looks (game.scenes.table.news_marks, issue #38) ([]: nothing; None:
        the board is laid anew, what was marked is gone)."""
        ...

    def marks_in_still(self) -> bool:
        """Only pieces move over the board this frame, over a board at rest: the last
        moves' marks lie in the still picture under them (a piece walks over its trail),
        blended once instead of over every frame (issue #38's frame benchmark); False:
        the marks are drawn over everything that moves."""
        ...

    def clear_rooms(self) -> list[pygame.Rect]:
        """Rooms inside the board's :meth:`drawn_extent` that no piece or hex lies in
        (Duck!'s folded tray's corner beside a long board): the end's result panel may
        lie there, over no part of the board (issue #38)."""
        ...

    def celebrate(self, player: int) -> list[pygame.Rect]:
        """Where seat ``player``'s pieces stand on the board now, for the finish played on
        the board (issue #38): the end screen rings them and makes them hop where they
        stand ([]: none on the board; its seat panel is celebrated instead)."""
        ...

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        """Where the pieces are that a step pointing at the element ``name`` talks about
        besides it (a duck's facing arrows around it, the duck they turn; a pawn's tile
        and the pawns sharing it), and, ``expect`` being the action the step asks for,
        where that action takes them (the tile a pawn lands on, the dice taken): its
        callout covers none of them (issue #38) ([]: the element says it all)."""
        ...

    def lesson_clicks(self, expect: str) -> list[str] | None:
        """The probe's keys to click, in order, to take the action ``expect`` when it
        takes more than one control (None: the one control whose action it is)."""

    def targets(self) -> Sequence[tuple[str, pygame.Rect]]:
        """What else a click reaches, after the scene's buttons, for end-to-end drivers'
        probe: ``(key, rect)`` in the order a click is offered to them."""
        ...


# The state of the game a table shows: a game's parts ask for ``TableHost[DuckState]``
# and see the Duck state's own fields, typed.
StateT_co = TypeVar("StateT_co", bound=GameState, covariant=True)


class TableHost(Protocol[StateT_co]):
    """What a game's parts may ask of the table scene that runs them (``StateT_co``: the
    game's state class)."""

    app: Host
    t: Translator
    driver: TableDriver  # the game run through it (local seats, network)
    private_player: int | None  # whose private things the screen shows
    log: TableLog  # the log (its entries, round dividers, scroll)
    frame: TableFrame  # the frame around the board (its seat panels' parts, its bar)
    info: GameInfo  # the game's registry entry (its characters)
    compositor: Compositor  # the one compositor (its still picture)
    guide: TableGuide  # a lesson's, or none (game.scenes.table.guide)

    size: tuple[int, int]
    s: float  # the window's scale
    buttons: ButtonGroup
    base_buttons: list[Button]

    @property
    def player(self) -> TablePlayer:
        """The events waiting to be played, the timeline playing them."""
        ...

    @property
    def sharing(self) -> TableSharing:
        """Whose turn it is at this screen, whose controls are on it."""
        ...

    @property
    def bar_across(self) -> bool:
        """The bar must lie across the window under the board (a replay's)."""

    @property
    def session(self) -> TableRecord:
        """The game the screen shows: its seats, the actions so far."""
        ...

    @property
    def plan(self) -> TablePlan:
        """Where the frame's parts are (the frame's plan, cut by ``plan_frame``)."""
        ...

    @property
    def state(self) -> StateT_co: ...

    @property
    def speed(self) -> float: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    def seat_name(self, player: int) -> str: ...

    def seat_colour(self, player: int) -> tuple[int, int, int]: ...

    def act(self, player: int, action: Action) -> bool: ...

    def plan_frame(self, size: tuple[int, int], **kwargs: Any) -> TablePlan:
        """Cut the window into the shared frame (game.scenes.table.frame.plan_table): kept as
        the scene's ``plan``."""
        ...


class TableOwner(TableHost[Any], Protocol):
    """What the table's own parts (its event player, its undo, its screen sharing, its
    keeping: :mod:`game.scenes.table.playing` and the rest) see of the scene that owns
    them, beyond what a game's parts see."""

    @property
    def session(self) -> Session:
        """The game the screen shows, whole (its log can be written again from it)."""
        ...

    @property
    def game(self) -> GameTable: ...

    @property
    def part(self) -> TablePart: ...

    @property
    def keeping(self) -> TableKeeping: ...

    def log_line(self, text: str) -> None: ...

    def describe(self, event: Event) -> str | None: ...

    @property
    def news(self) -> TableNews: ...

    def final_breakdown(self) -> Breakdown: ...

    def score_text(self, player: int, value: Any) -> str: ...

    @property
    def last_moves(self) -> LastMoves:
        """What changed since the person's last look, marked on the board (issue #38)."""
        ...


class GameFactory(Protocol):
    """What makes a game's table for a scene (the table's class)."""

    def __call__(self, host: TableHost[Any]) -> GameTable: ...


class TableDefaults:
    """The hooks of :class:`GameTable` most games leave as they are, written once: the
    frame writes every log line, everything that moves is on the scene's timeline,
    nothing of the game's own is in the air, a lesson's focus makes no picks, the
    frame's probe says it all. A game table derives from this (its only base) and
    overrides what it does otherwise (Duck! Duck! Go! overrides them all)."""

    def log_empty(self) -> str | None:
        return None  # the frame's own words for an empty log

    def log_line(self, text: str) -> bool:
        return False  # the frame writes the line

    def busy(self) -> bool:
        return False  # everything that moves is on the timeline

    def cut_short(self, land: bool) -> None:
        """Nothing of its own in the air."""

    def focus(self, key: str) -> bool:
        return False  # a lesson's focus makes no picks here

    def probe_points(self) -> dict[str, list[int]]:
        return {}  # the frame's probe and ``targets`` say it all

    def targets(self) -> list[tuple[str, pygame.Rect]]:
        return []  # every choice is one of the scene's buttons

    def lesson_clicks(self, expect: str) -> list[str] | None:
        return None  # every action is one control

    def keep_clear(self) -> list[pygame.Rect]:
        return []

    def dropped_texts(self) -> list[str]:
        return []  # every word the board has is drawn

    def subject(self, name: str, expect: str | None = None) -> list[pygame.Rect]:
        return []  # the element a step points at is all it talks about

    def news_marks(self, event: Event) -> list[Mark] | None:
        return []  # nothing on the board to mark

    def marks_in_still(self) -> bool:
        return False  # the marks over what moves

    def clear_rooms(self) -> list[pygame.Rect]:
        return []  # the board's box is all board

    def celebrate(self, player: int) -> list[pygame.Rect]:
        return []  # no piece on the board: the seat panel is celebrated


class SeatDefaults:
    """The seat hooks of :class:`TableSeats` a game leaves to the frame, written once: its
    words under a seat's name, no column beside it, scores as the frame writes them. A
    game's seats part derives from this (its only base) and overrides what it says."""

    def subtitle(self, player: int) -> str | None:
        return None  # the frame's words

    def side_w(self, player: int) -> int:
        return 0  # no column of its own beside the seat's name

    def paint_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """No column of its own."""

    def paint_drawer_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """No block of its own in the drawer."""

    def drawer_extra_key(self) -> tuple:
        return ()  # a block that never changes, or none

    def score_text(self, player: int, value) -> str | None:
        return None  # the number as the frame writes it
