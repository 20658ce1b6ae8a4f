"""The seam between the shared table scene and a game (issue #26), both ways:

- :class:`GameTable`: what :class:`~game.scenes.table.scene.TableScene` asks a game (its
  frame's cut, its layout, its two layers for the one compositor, what the frame's
  header and seat panels say, the hint, the person's controls, an animation per kind of
  event, the log's line, the resync with the state, the end screen's breakdown, the
  things a lesson points at);
- :class:`TableHost`: what a game's parts may ask the scene that runs them (the window's
  scale, the translations, the state and seats, the timeline, acting).

A game is plain objects around one model of its own, composed by a class that
implements GameTable and takes the TableHost: no mixins, no ``host.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.rules.protocol import Action, Event
from game.scenes.end_screen import Breakdown
from game.scenes.frame_plan import SeatLayout, TablePlan
from game.ui.choices import Choice
from game.ui.i18n import Translator
from game.ui.tween import Timeline
from game.ui.widgets import Button, ButtonGroup

if TYPE_CHECKING:
    from game.scenes.base import Host
    from game.scenes.lesson import LessonGuide


@dataclass(frozen=True)
class FrameCut:
    """How a game wants the window cut (see :func:`game.scenes.frame_plan.plan_table`)."""

    bar_h: float
    hint_lines: int = 1
    seat_h: tuple[float, float] = (64, 104)


@dataclass(frozen=True)
class Header:
    """What the frame's header says: the round's pill, whose turn it is (a seat, named
    in its colour, or None) and its words, and the right-hand label."""

    round: str
    who: int | None
    status: str
    variant: str = ""


@dataclass(frozen=True)
class SeatFace:
    """What a seat's panel shows beside its name: its score (None: no score column),
    its highlight (``"moving"``, ``"to_act"`` or None) and what else its picture
    depends on (the panel is painted again when it changes)."""

    score: str | None
    highlight: str | None
    key: tuple


class TableControls(Protocol):
    """The person's controls (what the frame's buttons do not cover)."""

    def offered(self) -> Sequence[Choice]:
        """The controls on screen now (also in the scene's buttons, for the focus)."""
        ...

    def rebuild(self, force: bool = False) -> None:
        """Follow the state (who decides, the steps taken): every frame, and at once
        with ``force`` (a new layout)."""

    def track(self, event: pygame.event.Event) -> None:
        """Every input, before the scene handles it (where the mouse is, keys used)."""

    def handle(self, event: pygame.event.Event, player: int) -> None:
        """Input the scene did not take, while ``player`` decides at this screen."""

    def shown(self, player: int) -> None:
        """``player``'s private things are on screen now (after the curtain, an undo)."""


class GameTable(Protocol):
    @property
    def cut(self) -> FrameCut:
        """How the frame is cut for this game."""
        ...

    @property
    def controls(self) -> TableControls: ...

    @property
    def animations(self) -> Mapping[str, Callable[[Event], None]]:
        """Event kind (the rules' name) -> what plays it: tweens on the host's timeline."""
        ...

    def layout(self, plan: TablePlan) -> None:
        """Place the game's things in the frame's ``plan`` (a new window size)."""

    def static_key(self) -> Hashable:
        """Everything :meth:`paint_static` draws depends on (game.scenes.table.compose)."""
        ...

    def paint_static(self, surface: pygame.Surface) -> None: ...

    def paint_moving(self, surface: pygame.Surface) -> None: ...

    def paint_over(self, surface: pygame.Surface) -> None:
        """Over everything, the scene's buttons included (a tooltip)."""

    def header(self) -> Header: ...

    def seat(self, player: int) -> SeatFace: ...

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        """The seat's character as the game draws it, ``size`` pixels across."""

    def paint_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """The seat's own things under its name (counts, chips, dice), inside ``rect``."""

    def hint(self) -> str:
        """The bar's prompt."""
        ...

    def describe(self, event: Event) -> str | None:
        """The log's line for ``event`` (None: no line)."""

    def sync(self) -> None:
        """Put every drawn piece where the state says (after a skip, a jump, an undo)."""

    def breakdown(self) -> Breakdown:
        """How each seat's score came about, for the end screen."""
        ...

    def element(self, name: str) -> pygame.Rect | None:
        """Where a thing a lesson names is (``route:3``), or None (game.lessons)."""


class TableHost(Protocol):
    """What a game's parts may ask of the table scene that runs them."""

    app: Host
    t: Translator
    session: Any  # the game the screen shows (game.table.driver.TableRecord)
    private_player: int | None  # whose private things the screen shows
    timeline: Timeline
    events: list[Event]  # waiting to be played
    lesson: LessonGuide | None
    plan: TablePlan
    size: tuple[int, int]
    s: float  # the window's scale
    buttons: ButtonGroup
    base_buttons: list[Button]

    @property
    def state(self) -> Any: ...

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    def seat_name(self, player: int) -> str: ...

    def seat_colour(self, player: int) -> tuple[int, int, int]: ...

    def seat_parts(self, player: int, row: pygame.Rect | None = None) -> SeatLayout: ...

    def busy_animating(self) -> bool: ...

    def deciding(self) -> int | None: ...

    def act(self, player: int, action: Action) -> bool: ...

    def queue_events(self, events: list[Event]) -> None: ...

    def sync_from_state(self) -> None: ...

    def draw_bar(self, surface: pygame.Surface) -> None: ...


class GameFactory(Protocol):
    """What makes a game's table for a scene (the table's class)."""

    def __call__(self, host: TableHost) -> GameTable: ...
