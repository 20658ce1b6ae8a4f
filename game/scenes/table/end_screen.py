"""The end screen, shared by the four games: the finish played on the board
(:mod:`.celebration`: the winner ringed where its pieces stand, the seat panels' scores
counting up) and the result beside the board (:mod:`.result_panel`: who won, how each
seat's score came about, the whole breakdown one key away); a "look at the table" toggle
that lifts the panel and the dim so the final position can be seen; then Watch again,
Play again or Menu.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.base import ModalScene
from game.scenes.table.celebration import CELEBRATION, Celebration, hop
from game.scenes.table.result_panel import MIN_TEXT, Breakdown, EndedTable, ResultPanel
from game.session import Session, new_seed
from game.ui.widgets import draw_panel

__all__ = ["CELEBRATION", "MIN_TEXT", "Breakdown", "EndedTable", "GameOverScene"]


class GameOverScene(ModalScene):
    """Winner(s), the score breakdown per seat, a look at the final table, play again or
    back to the menu. A network game's end (``again`` False) has no "Play again": the
    table is the host's; the menu (which leaves the table) takes its place."""

    shade_alpha = 140
    toggle_key = pygame.K_t  # (Tab moves the keyboard focus between buttons)
    details_key = pygame.K_d
    look_back_key = pygame.K_b  # the look back (issue #40), as its button

    def __init__(self, app, game_scene: EndedTable, *, again: bool = True):
        super().__init__(app)
        self.game = game_scene
        self.again = again
        self.showing_table = False  # the panel lifted: only the small bar of buttons
        self.details = False  # the whole breakdown opened over the board (asked for)
        self.result = ResultPanel(self)
        self.breakdown = self.result.breakdown
        # the celebration: confetti in the winners' colours, the winner's piece hopping
        self.celebration = Celebration(game_scene, self.px, self.text_px, self.reduced_motion())

    def reduced_motion(self) -> bool:
        """The app's reduced-motion setting, if it has one: no confetti, no hops."""
        return bool(getattr(self.app.settings, "reduced_motion", False))

    def probe(self) -> dict:
        """The buttons, where the result panel is and where the board's drawn pieces are
        (an end-to-end driver checks the panel lies beside the board, not over it)."""
        board = self.game.game.drawn_extent()
        return {**super().probe(), "panel": list(self.panel), "board": list(board)}

    def celebrating(self) -> bool:
        return self.celebration.celebrating()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.celebration.advance(dt):
            self.app.dirty = True  # drawn each frame while it moves (not "busy": no wait)

    def layout(self, size):
        super().layout(size)
        w, h = size
        self.buttons.clear()
        self.result.give = 1.0  # the person's text size (the strip beside may shrink it)
        if self.showing_table:
            self.result.layout_bar(w, h)
        elif self.details:  # the whole breakdown, asked for: over the board, dimmed
            self.result.compact = False
            self.result.layout_full(w, h)
            self._relabel_details()
        else:
            self.result.layout_beside(w, h)
        self.panel = self.result.panel
        self.buttons.focus = 0

    def watch_again(self) -> None:
        replay = self._replay()
        if replay is not None:
            self.app.router.screen("replay")(self.app, replay)

    def look_back(self) -> None:
        """The look back (issue #40) of the game just ended, over the end screen (Esc
        comes back here): each person's costliest decisions, from the game's own record,
        the one History keeps (the History's writer may not have written it yet)."""
        replay = self._replay()
        if replay is not None:
            self.app.router.open("look_back", replay)

    def _replay(self) -> Any:
        """The game just ended as a replay of its whole record, None (said in a dialog)
        when it cannot be replayed."""
        from game.table.replay import Replay, ReplayError  # the rules, when watched

        session = self.game.session
        try:
            return Replay(
                session.game_id, session.seats, session.seed, session.options, session.actions
            )
        except ReplayError as exc:
            self.app.show_error(self.t("app.replay_failed", error=str(exc)))
            return None

    # -- actions -----------------------------------------------------------------------
    def toggle_details(self) -> None:
        """Open the whole breakdown (each seat's parts) over the board, or close it back
        to the result beside the board."""
        self.details = not self.details
        self.layout(self.size)

    def _relabel_details(self) -> None:
        """In the opened breakdown, its first button closes it (the board is one step
        away: the result beside it)."""
        look = self.buttons.by_key("look")
        if look is not None:
            look.label = self.t("end_finish.back")
            look.on_click = self.toggle_details
            look.key = "details"

    def toggle(self) -> None:
        """Lift the panel to look at the final position, or bring the scores back."""
        self.showing_table = not self.showing_table
        self.layout(self.size)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == self.toggle_key:
            self.toggle()
            return
        if event.type == pygame.KEYDOWN and event.key == self.look_back_key:
            if isinstance(self.game.session, Session):  # the whole record (as its button)
                self.look_back()
            return
        if self.showing_table and self.key_back(event):
            self.toggle()  # Esc first brings the scores back
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == self.details_key
            and not self.showing_table
        ):
            self.toggle_details()
            return
        if self.details and self.key_back(event):
            self.toggle_details()  # Esc closes the breakdown first
            return
        super().handle_event(event)

    def play_again(self):
        """The same table again, on a new secret seed (never one derived from the last)."""
        old = self.game.session
        session = Session(
            old.game_id,
            old.seats,
            self.app.fixed_seed or new_seed(),
            old.options,
            prepared=True,
            bot_budget_ms=old.bot_budget_ms,
        )
        scene = self.app.router.table(old.game_id)(self.app, session)
        self.app.pop()
        self.app.replace(scene)

    def close(self):
        self.app.pop_to_root()

    def to_menu(self) -> None:
        self.app.pop_to_root()

    # -- drawing -----------------------------------------------------------------------
    def title(self) -> str:
        return self.result.title()

    def draw(self, surface):
        celebration = self.celebration
        celebration.draw_celebration(surface)
        celebration.draw_count(surface)
        if self.showing_table:  # only the small buttons: the table shows through
            super().draw(surface)
            celebration.draw_confetti(surface)
            return
        if self.result.compact:
            draw_panel(surface, self.panel)
            self.result.drawing.draw_compact(surface)
            super().draw(surface)
            celebration.draw_confetti(surface)
            return
        if self.details:
            self.draw_backdrop(surface)
        else:
            draw_panel(surface, self.panel)
        px, age, hopping = self.px, celebration.age, bool(celebration.pieces)
        # the winner's piece hops (a shared win: each in turn)
        self.result.drawing.draw_full(
            surface, lambda i: round(hop(age - 0.15 * i) * px(14)) if hopping else 0
        )
        super().draw(surface)
        celebration.draw_confetti(surface)
