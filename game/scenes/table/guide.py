"""The table's guide (issue #26): an observer the table scene owns and tells what happens
at it, so that the table runs the same with a lesson over it or without one.

:class:`TableGuide` is all the table (and a game's parts, through ``host.guide``) asks
of it; :class:`NoGuide` is the guide of a normal game, which lets everything through and
draws nothing. A guided lesson (:class:`game.scenes.table.lesson.LessonGuide`) is the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.protocol import Action

if TYPE_CHECKING:
    from game.lessons import Lesson, Step


class TableGuide(Protocol):
    """What the table asks of the guide over it."""

    @property
    def lesson(self) -> Lesson | None:
        """The lesson being taught (None: a normal game; the history says which)."""

    @property
    def step(self) -> Step | None:
        """The lesson's step reached (a game's controls may open its choice)."""

    @property
    def learner(self) -> int | None:
        """The seat of the person learning (a lesson's names of "their" pieces)."""

    def allows(self, player: int, action: Action) -> bool:
        """Whether ``player`` may take ``action`` now (asked before the rules are)."""
        ...

    def acted(self, player: int, action: Action) -> None:
        """``player`` took ``action`` (allowed, and the rules took it)."""

    def update(self, dt: float) -> None:
        """Once a frame, before the table plays its events."""

    def blocks_end(self) -> bool:
        """The end screen waits (a lesson's steps about the end are still to be shown)."""
        ...

    def autosave(self) -> bool:
        """The table's autosave: True when the guide kept its own place instead (a lesson
        is not a saved game), False when the table saves the game."""
        ...

    def undo_refusal(self) -> str | None:
        """Why nothing can be taken back now (a key of ``app.undo_why_*``), or None."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An input before the table's own: True when the guide took it."""
        ...

    def reading(self) -> bool:
        """A step to read is on screen (only Next goes on): the table's header and hint
        then say so instead of what the game would ask (issue #27)."""
        ...

    def probe(self, targets: dict) -> dict:
        """For end-to-end drivers: the guide's own points to click, given the table's."""
        ...

    def probe_state(self) -> dict | None:
        """The guide's place for a driver's probe file (None: nothing to say)."""

    def before_frame(self) -> None:
        """Before the table is composed: what the guide changes of it (a lesson's focus
        on its step's control), so the frame is drawn once, already showing it."""

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table, last."""


class NoGuide:
    """The guide of a table without a lesson: everything through, nothing drawn."""

    lesson = None
    step = None
    learner = None

    def allows(self, player: int, action: Action) -> bool:
        return True

    def acted(self, player: int, action: Action) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def blocks_end(self) -> bool:
        return False

    def autosave(self) -> bool:
        return False  # the table saves the game

    def undo_refusal(self) -> str | None:
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def reading(self) -> bool:
        return False

    def probe(self, targets: dict) -> dict:
        return {}

    def probe_state(self) -> dict | None:
        return None

    def before_frame(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass
