"""The one table scene for a composed game (issue #26): :class:`TableScene` runs a game
through its driver with the shared frame around it (all of
:class:`~game.scenes.game_base.GameScene`: the event queue, the timeline, the log, undo,
pause, help, the lesson guide, the curtain, the end screen) and asks the game only what
:class:`~game.scenes.table.contract.GameTable` says.

A game's own scene is then a thin subclass naming its table (``table_of``), so that
the router, the lobby, lessons and saves open it by name as before; a network table is
:class:`TableScene` under :class:`~game.scenes.online.RemoteTable` or
``HostedTable``, given the same table. The games still made of mixins (Duck! Duck! Go!,
Verflixxt!, Cluck-peep!) subclass GameScene directly until they are composed too.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar

import pygame

from game.rules.protocol import Event
from game.scenes.end_screen import Breakdown
from game.scenes.game_base import GameScene
from game.scenes.table.compose import Compositor
from game.scenes.table.contract import GameFactory, GameTable
from game.session import Session
from game.table.driver import TableDriver
from game.ui.choices import Choice
from game.ui.tween import Tween, ease_in_out
from game.ui.widgets import Button


class TableScene(GameScene):
    # the game's table, when a subclass stands for one game (its name in the router)
    table_of: ClassVar[GameFactory]

    def __init__(self, app, table: TableDriver | Session, game: GameFactory | None = None):
        super().__init__(app, table)
        self.base_buttons: list[Button] = []  # the frame's own, kept across the controls
        self.game: GameTable = (game or type(self).table_of)(self)
        self.compositor = Compositor(self.game, self)

    # -- what GameScene asks a game, answered by the game's table --------------------------
    def static_key(self) -> Hashable:
        return self.game.static_key()

    def paint_static(self, surface: pygame.Surface) -> None:
        self.game.paint_static(surface)

    def paint_moving(self, surface: pygame.Surface) -> None:
        self.game.paint_moving(surface)

    def play_event(self, event: Event) -> None:
        handler = self.game.animations.get(event.kind)
        if handler is not None:
            handler(event)
        if not self.events:
            # The last event queued: nobody acts while events play, so once it has played
            # the state is what the table shows. Resync then (robust to anything skipped).
            self.timeline.then(Tween(0.0, None, None, ease_in_out, on_start=self.sync_from_state))

    def describe(self, event: Event) -> str | None:
        return self.game.describe(event)

    def human_event(self, event: pygame.event.Event, player: int) -> None:
        self.game.controls.handle(event, player)

    def sync_from_state(self) -> None:
        self.game.sync()

    def final_breakdown(self) -> Breakdown:
        return self.game.breakdown()

    def on_private_shown(self, player: int) -> None:
        self.game.controls.shown(player)

    def lesson_game_element(self, name: str) -> pygame.Rect | None:
        return self.game.element(name)

    # -- the frame's hooks -----------------------------------------------------------------
    def round_label(self) -> str:
        return self.game.header().round

    def turn_status(self) -> tuple[int | None, str]:
        header = self.game.header()
        return header.who, header.status

    def variant_label(self) -> str:
        return self.game.header().variant

    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.game.portrait(player, size)

    def seat_score(self, player: int) -> str | None:
        return self.game.seat(player).score

    def seat_highlight(self, player: int) -> str | None:
        return self.game.seat(player).highlight

    def seat_key(self, player: int) -> tuple:
        return self.game.seat(player).key

    def draw_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.game.paint_seat_extras(surface, player, rect)

    def hint_text(self) -> str:
        return self.game.hint()

    # -- the person's controls -------------------------------------------------------------
    @property
    def controls(self) -> list[Choice]:
        """The controls on screen now (as every table scene offers them to the tests, the
        lesson's screenshots and the end-to-end drivers)."""
        return list(self.game.controls.offered())

    # -- the loop --------------------------------------------------------------------------
    def layout(self, size):
        super().layout(size)
        self.base_buttons = list(self.buttons.buttons)
        cut = self.game.cut
        self.game.layout(
            self.plan_frame(size, bar_h=cut.bar_h, hint_lines=cut.hint_lines, seat_h=cut.seat_h)
        )
        self.game.controls.rebuild(force=True)

    def handle_event(self, event):
        self.game.controls.track(event)
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.game.controls.rebuild()

    def draw(self, surface):
        # the controls follow a lesson's step (a step may open a choice), and Next
        # changes the step between one update and the next drawing
        self.game.controls.rebuild()
        super().draw(surface)
        self.game.paint_over(surface)
