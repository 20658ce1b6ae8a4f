"""The Eight Routes panels: the person's controls and prompts, the round banner, the
final table; and text fitted to a width."""

from __future__ import annotations

import pygame

from game.ui import fonts, theme
from game.ui.widgets import draw_panel, draw_text

from .host import RoutesHost
from .model import ROUTE_COLOURS, ROUTES, Choice


class Panels(RoutesHost):
    """The action panel, the banner and the final table."""

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

    # -- banner and the final table ----------------------------------------------------
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

    def _draw_final(self, surface) -> None:
        t = self.table
        box = self.final_rect
        draw_panel(surface, box, radius=self.px(12))
        x = box.x + self.px(12)
        draw_text(
            surface,
            self.t("routes.final_title"),
            self.px(22),
            (x, box.y + self.px(10)),
            theme.INK,
            bold=True,
        )
        n = self.session.players
        first_w = self.px(96)
        cw = (box.w - self.px(24) - first_w) / n
        rows = ROUTES + 2
        top: float = box.y + self.px(44)  # (rows of row_h, a float, follow)
        row_h = min(self.px(36), (box.bottom - self.px(56) - top) / rows)
        for p in range(n):
            cx = x + first_w + (p + 0.5) * cw
            marker = self._marker_image(p)
            surface.blit(marker, marker.get_rect(midbottom=(cx, top + row_h * 0.55)))
            self._fit_text(
                surface,
                self.seat_name(p),
                self.px(12),
                (cx, top + row_h * 0.55),
                cw - self.px(4),
                theme.INK,
                p in (t.winners or []),
                "midtop",
            )
        top += row_h
        for r in range(ROUTES):
            route = r + 1
            y = top + r * row_h
            cell = pygame.Rect(x - self.px(4), int(y), box.w - self.px(16), int(row_h) - 2)
            if route == t.scoring_route:
                pygame.draw.rect(surface, (255, 228, 190), cell, border_radius=self.px(6))
            elif r % 2 == 0:
                pygame.draw.rect(surface, (246, 240, 228), cell, border_radius=self.px(6))
            badge_c = (x + self.px(12), cell.centery)
            pygame.draw.circle(surface, ROUTE_COLOURS[r], badge_c, self.px(11))
            draw_text(
                surface,
                str(route),
                self.px(14),
                badge_c,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
            )
            draw_text(
                surface,
                self.t("routes.route_n", n=route),
                self.px(14),
                (x + self.px(28), cell.centery),
                theme.INK,
                anchor="midleft",
            )
            points = t.final.get(route)
            if points is None:
                continue
            for p in range(n):
                cx = x + first_w + (p + 0.5) * cw
                value = points[p]
                draw_text(
                    surface,
                    str(value) if value else "–",
                    self.px(16),
                    (cx, cell.centery),
                    theme.INK if value > 0 else (theme.BAD if value < 0 else theme.INK_SOFT),
                    bold=bool(value),
                    anchor="center",
                )
        y = top + ROUTES * row_h + self.px(4)
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (x, y), (box.right - self.px(12), y), max(1, self.px(2))
        )
        draw_text(
            surface,
            self.t("routes.total"),
            self.px(16),
            (x + self.px(4), y + row_h / 2),
            theme.INK,
            bold=True,
            anchor="midleft",
        )
        totals = t.totals or [sum(points[p] for points in t.final.values()) for p in range(n)]
        for p in range(n):
            cx = x + first_w + (p + 0.5) * cw
            won = t.winners is not None and p in t.winners
            if won:
                pill = pygame.Rect(0, 0, int(cw) - self.px(6), int(row_h) - self.px(4))
                pill.center = (int(cx), int(y + row_h / 2))
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.h // 2)
            draw_text(
                surface,
                str(totals[p]),
                self.px(19),
                (cx, y + row_h / 2),
                theme.INK_LIGHT if won else theme.INK,
                bold=True,
                anchor="center",
            )
        if t.winners is not None:
            self._wrapped(
                surface,
                self._winner_line(),
                self.px(20),
                (x, y + row_h + self.px(8)),
                box.w - self.px(24),
                theme.ACCENT_DARK,
                True,
                1,
            )
