"""The Eight Routes panels: the person's controls and prompts, the round banner; and text
fitted to a width. (The final scores are on the shared end screen: ``final.py``.)"""

from __future__ import annotations

import pygame

from game.ui import fonts, theme
from game.ui.widgets import draw_panel, draw_text

from .host import RoutesHost
from .model import Choice


class Panels(RoutesHost):
    """The action panel and the banner."""

    # -- the person's controls ---------------------------------------------------------
    def _draw_action_panel(self, surface, focus: Choice | None) -> None:
        a = self.action_rect
        draw_panel(surface, a, radius=self.px(12))
        x, w = a.x + self.px(12), a.w - self.px(24)
        player = self.deciding()
        t = self.table
        if t.final:
            draw_text(
                surface,
                self.t("routes.final_title"),
                self.px(17),
                (x, a.y + self.px(8)),
                theme.ACCENT_DARK,
                bold=True,
            )
            self._wrapped(
                surface,
                self.t("routes.final_rule"),
                self.px(14),
                (x, a.y + self.px(34)),
                w,
                theme.INK,
                False,
                3,
            )
            return
        if player is None:
            current = t.current
            if current is not None:
                self._wrapped(
                    surface,
                    self.t("routes.prompt_wait", name=self.seat_name(current)),
                    self.px(17),
                    (x, a.y + self.px(12)),
                    w,
                    theme.INK,
                    True,
                    2,
                )
            self.draw_thinking(surface, (a.centerx, a.bottom - self.px(14)))
            return
        prompt = {
            "main": "routes.prompt_take"
            if self._control_prefix("take:")
            else "routes.prompt_optional",
            "C": "routes.prompt_c",
            "D": "routes.prompt_d",
            "chip": "routes.prompt_chip",
        }[self.mode]
        title = self.t("routes.your_phase", name=self.seat_name(player))
        draw_text(surface, title, self.px(17), (x, a.y + self.px(8)), theme.ACCENT_DARK, bold=True)
        self._wrapped(
            surface, self.t(prompt), self.px(14), (x, a.y + self.px(32)), w, theme.INK, False, 2
        )
        if focus is not None and focus.action is not None:
            # what the option looked at does (its totals show in the players' panel)
            self._wrapped(
                surface,
                self._option_text(focus.action),
                self.px(14),
                (x, a.y + self.px(68)),
                w,
                theme.BUTTON_FOCUS,
                True,
                2,
            )
        keys = {
            "main": "routes.keys_main",
            "C": "routes.keys_c",
            "D": "routes.keys_route",
            "chip": "routes.keys_chip",
        }[self.mode]
        self._wrapped(
            surface,
            self.t(keys),
            self.px(12),
            (x, a.bottom - self.px(28)),
            w,
            theme.INK_SOFT,
            False,
            1,
        )

    def _control_prefix(self, prefix: str) -> bool:
        return any(b.key.startswith(prefix) for b in self.controls)

    def _wrapped(self, surface, text, size, pos, width, colour, bold, max_lines) -> None:
        lines = fonts.wrap(text, size, width, bold)
        while len(lines) > max_lines and size > self.px(9):
            size -= 1
            lines = fonts.wrap(text, size, width, bold)
        x, y = pos
        for line in lines[:max_lines]:
            draw_text(surface, line, size, (x, y), colour, bold=bold)
            y += int(size * 1.3)

    def _fit_text(self, surface, text, size, pos, width, colour, bold, anchor) -> None:
        """Text shrunk to fit ``width``, down to a readable size; beyond that, cut with …"""
        text, size = fonts.fit(text, size, width, max(9, self.px(10)), bold)
        draw_text(surface, text, size, pos, colour, bold=bold, anchor=anchor)

    # -- banner ----------------------------------------------------
    def _draw_banner(self, surface) -> None:
        banner = self.table.banner
        if banner is None or banner[2] <= 0:
            return
        title, subtitle, alpha = banner
        box = pygame.Rect(0, 0, self.px(420), self.px(110))
        box.center = self.board.center
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.BG_DARK, 235), layer.get_rect(), border_radius=self.px(16))
        draw_text(
            layer,
            title,
            self.px(34),
            (box.w // 2, self.px(38)),
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
        )
        draw_text(
            layer,
            subtitle,
            self.px(20),
            (box.w // 2, self.px(80)),
            (255, 214, 150),
            anchor="center",
        )
        layer.set_alpha(int(255 * alpha))
        surface.blit(layer, box.topleft)
