"""The one table scene for a composed game (issue #26): :class:`TableScene` runs a game
through its driver with the shared frame around it (all of
:class:`~game.scenes.game_base.GameScene`: the event queue, the timeline, the log, undo,
pause, help, the lesson guide, the curtain, the end screen) and asks the game only what
:class:`~game.scenes.table.contract.GameTable` says.

A game's own scene is then a thin subclass naming its table (``table_of``), so that
the router, the lobby, lessons and saves open it by name as before; a network table is
:class:`TableScene` under :class:`~game.scenes.lobby.online.RemoteTable` or
``HostedTable``, given the same table. Every game's scene is one (issue #26).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import ClassVar

import pygame

from game.rules.protocol import Event
from game.scenes.end_screen import Breakdown
from game.scenes.game_base import GameScene
from game.scenes.table.compose import Compositor
from game.scenes.table.contract import GameFactory, GameTable, Offered
from game.session import Session
from game.table.driver import TableDriver
from game.ui.tween import Tween, ease_in_out
from game.ui.widgets import Button


class TableScene(GameScene):
    # the game's table, when a subclass stands for one game (its name in the router)
    table_of: ClassVar[GameFactory]

    def __init__(self, app, table: TableDriver | Session, game: GameFactory | None = None):
        super().__init__(app, table)
        self.base_buttons: list[Button] = []  # the frame's own, kept across the controls
        self.skipping = False  # skip_animation is running
        self._resync_due = False  # resync once idle (see ``GameTable.resync``)
        # events the viewer does not see that the table plays anyway: none while the game
        # is being made (its opening queued from its constructor), then as the game says
        self._plays_unseen: Callable[[Event], bool] = lambda _event: False
        self._refocused = False  # a lesson's focus changed the table (see draw)
        self.game: GameTable = (game or type(self).table_of)(self)
        self._plays_unseen = self.game.plays_unseen
        self.compositor = Compositor(self.game.drawing, self)

    # -- what GameScene asks a game, answered by the game's table --------------------------
    def static_key(self) -> Hashable:
        return self.game.drawing.static_key()

    def paint_static(self, surface: pygame.Surface) -> None:
        self.game.drawing.paint_static(surface)

    def paint_moving(self, surface: pygame.Surface) -> None:
        self.game.drawing.paint_moving(surface)

    def play_event(self, event: Event) -> None:
        animations = self.game.animations
        handler = animations.get(type(event)) or animations.get(event.kind)
        if handler is not None:
            handler(event)
        resync = self.game.resync
        if resync == "when_idle":
            self._resync_due = True  # see update
        elif resync == "after_last_event" and not self.events:
            # The last event queued: nobody acts while events play, so once it has played
            # the state is what the table shows. Resync then (robust to anything skipped).
            self.timeline.then(Tween(0.0, None, None, ease_in_out, on_start=self.sync_from_state))

    def describe(self, event: Event) -> str | None:
        return self.game.describe(event)

    def log_line(self, text: str) -> None:
        if not self.game.log_line(text):
            super().log_line(text)

    def busy(self) -> bool:
        return super().busy() or self.game.busy()

    def fast_forward(self, rounds: int, actions: int = 0) -> None:
        super().fast_forward(rounds, actions)
        self.game.cut_short(land=False)

    def probe(self) -> dict:
        out = super().probe()
        out.update(self.game.probe_points())
        return out

    def _focus(self, key: str) -> bool:
        """A lesson's focus on the control ``key`` (game.scenes.lesson)."""
        changed = self.game.focus(key)
        self._refocused = self._refocused or changed
        return changed

    def queue_events(self, events: list[Event]) -> None:
        viewer = self.private_player
        for event in events:
            if event.seen_by(viewer) or self._plays_unseen(event):
                self.events.append(event)

    def human_event(self, event: pygame.event.Event, player: int) -> None:
        self.game.controls.handle(event, player)

    def sync_from_state(self) -> None:
        self._resync_due = False
        self.game.sync()

    def skip_animation(self) -> None:
        self.skipping = True
        try:
            super().skip_animation()
            self.game.cut_short(land=True)
        finally:
            self.skipping = False

    def final_breakdown(self) -> Breakdown:
        return self.game.breakdown()

    def on_private_shown(self, player: int) -> None:
        self.game.controls.shown(player)

    def lesson_game_element(self, name: str) -> pygame.Rect | None:
        return self.game.element(name)

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        return self.game.keep_clear()

    def lesson_clicks(self, expect: str) -> list[str] | None:
        """For drivers of a lesson: the probe's keys to click for ``expect``, when it takes
        more than one control (None: the control whose action it is)."""
        return self.game.lesson_clicks(expect)

    def probe_targets(self) -> list[tuple[str, pygame.Rect]]:
        return [*super().probe_targets(), *self.game.targets()]

    # -- the frame's hooks -----------------------------------------------------------------
    def round_label(self) -> str:
        return self.game.seats.header().round

    def turn_status(self) -> tuple[int | None, str]:
        header = self.game.seats.header()
        return header.who, header.status

    def variant_label(self) -> str:
        return self.game.seats.header().variant

    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.game.seats.portrait(player, size)

    def seat_subtitle(self, player: int) -> str:
        return self.game.seats.subtitle(player) or super().seat_subtitle(player)

    def score_text(self, player: int, value) -> str:
        return self.game.seats.score_text(player, value) or super().score_text(player, value)

    def seat_score(self, player: int) -> str | None:
        return self.game.seats.seat(player).score

    def seat_highlight(self, player: int) -> str | None:
        return self.game.seats.seat(player).highlight

    def seat_key(self, player: int) -> tuple:
        return self.game.seats.seat(player).key

    def draw_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.game.seats.paint_extras(surface, player, rect)

    def seat_side_w(self, player: int) -> int:
        return self.game.seats.side_w(player)

    def draw_seat_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.game.seats.paint_side(surface, player, rect)

    def hint_text(self) -> str:
        return self.game.seats.hint()

    def log_empty_text(self) -> str:
        return self.game.log_empty() or super().log_empty_text()

    # -- the person's controls -------------------------------------------------------------
    @property
    def controls(self) -> list[Offered]:
        """The controls on screen now (as every table scene offers them to the tests, the
        lesson's screenshots and the end-to-end drivers)."""
        return list(self.game.controls.offered())

    # -- the loop --------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        self.base_buttons = list(self.buttons.buttons)
        plan = self.game.plan(size)
        if plan is None:
            cut = self.game.cut
            plan = self.plan_frame(
                size, bar_h=cut.bar_h, hint_lines=cut.hint_lines, seat_h=cut.seat_h
            )
        self.game.layout(plan)
        self.game.controls.rebuild(force=True)

    def handle_event(self, event):
        if not self.game.controls.track(event):
            super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.resync == "idle_after_busy" and self.busy_animating():
            self._resync_due = True
        elif self._resync_due and not self.busy_animating():
            self.sync_from_state()
        self.game.update(dt)
        self.game.controls.rebuild()

    def draw_table(self, surface: pygame.Surface) -> None:
        self.game.before_frame()
        super().draw_table(surface)

    def draw(self, surface):
        # the controls follow a lesson's step (a step may open a choice), and Next
        # changes the step between one update and the next drawing
        self.game.controls.rebuild()
        if self.game.buttons_in_still:  # refreshed before the still picture is composed
            self.refresh_undo()
            self.draw_table(surface)
            self.draw_undo_tip(surface)
            if self.lesson is not None:  # a lesson's guide over the table
                self._refocused = False
                self.lesson.draw(surface)
                if self._refocused:  # the guide made a step's first pick: show it now
                    self.draw_table(surface)
                    self.draw_undo_tip(surface)
                    self.lesson.draw(surface)
        else:
            super().draw(surface)
        self.game.drawing.paint_over(surface)
