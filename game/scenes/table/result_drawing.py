"""The result panel's drawing (issue #38): the short result (the winner's portrait and
title, each seat's chip: mark, name, total) and the whole breakdown (the title with the
winners' hopping pieces, the table of parts: headings or a part's badge, a row per seat
best first, the winner's word). It draws what the result panel (:mod:`.result_panel`)
laid out, read through :class:`LaidOut`; it decides no place of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.scenes.table.result_model import MIN_TEXT, Breakdown, EndedTable
from game.ui import fonts, identity, smooth, theme
from game.ui.widgets import draw_icon, draw_pill, draw_text

__all__ = ["LaidOut", "ResultDrawing", "value_text"]


def value_text(value: int | str) -> str:
    """A part's value as the table writes it: a text as it is, points signed."""
    if isinstance(value, str):
        return value
    # nothing scored: a dot, as on the Eight Routes board (a thin dash vanishes)
    return "·" if value == 0 else f"{value:+d}".replace("-", "−")


class LaidOut(Protocol):
    """The result panel once laid out (a :class:`~game.scenes.table.result_panel.ResultPanel`):
    where its parts are and at which sizes, the table whose game ended, its words."""

    game: EndedTable
    breakdown: Breakdown
    panel: pygame.Rect
    table_rect: pygame.Rect
    title_box: pygame.Rect
    chips: list[tuple[int, pygame.Rect]]
    body: int
    head: int
    title_size: int
    row_h: int
    name_w: int
    col_ws: list[int]
    total_w: int
    badge_d: int

    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...

    def t(self, key: str, **fields: Any) -> str: ...

    def title(self) -> str: ...

    def order(self) -> list[int]: ...

    def head_h(self) -> int: ...

    def heading_lines(self, text: str, width: int) -> list[str]: ...


class ResultDrawing:
    """Paints the laid-out result panel ``laid`` (its words and pictures, not its
    background nor its buttons: the end screen draws those)."""

    def __init__(self, laid: LaidOut) -> None:
        self.laid = laid

    def draw_compact(self, surface: pygame.Surface) -> None:
        """The compact result: the winner's portrait and title, each seat's chip."""
        box = self.laid.title_box
        winners = list(self.laid.game.state.winners())
        icon = min(box.h, self.laid.px(36))
        picture = self.laid.game.frame.seats.portrait(winners[0], icon) if winners else None
        x = box.x
        if picture is not None:
            draw_icon(
                surface,
                picture,
                (x + icon // 2, box.centery),
                f"portrait:{winners[0]}",
                anchor="center",
            )
            x += icon + self.laid.px(8)
        text, size = fonts.fit(
            self.laid.title(), self.laid.title_size, box.right - x, MIN_TEXT, True
        )
        draw_text(
            surface, text, size, (x, box.centery), theme.ACCENT_DARK, bold=True, anchor="midleft"
        )
        scores = self.laid.game.state.scores()
        won = set(winners)
        for p, chip in self.laid.chips:
            fill = (255, 236, 200) if p in won else (246, 240, 228)
            pygame.draw.rect(surface, fill, chip, border_radius=self.laid.px(8))
            identity.draw_seat_mark(
                surface, p, (chip.x + self.laid.px(14), chip.centery), self.laid.px(20)
            )
            total = self.laid.game.score_text(p, scores[p])
            f = fonts.font(self.laid.body, True)
            tw = f.size(total)[0]
            draw_text(
                surface,
                total,
                self.laid.body,
                (chip.right - self.laid.px(6), chip.centery),
                theme.ACCENT_DARK if p in won else theme.INK,
                True,
                "midright",
            )
            room = chip.right - self.laid.px(6) - tw - self.laid.px(8) - (chip.x + self.laid.px(28))
            name, nsize = fonts.fit(
                self.laid.game.seat_name(p), self.laid.body, room, MIN_TEXT, p in won
            )
            draw_text(
                surface,
                name,
                nsize,
                (chip.x + self.laid.px(28), chip.centery),
                theme.INK,
                p in won,
                "midleft",
            )

    def _draw_winner_word(self, surface: pygame.Surface, name: str, size: int, x: int, cy: int):
        """The winner's word after the winner's name, when the name column has room."""
        word = self.laid.t("app.winner_word")
        bsize = max(MIN_TEXT, self.laid.text_px(14))
        bw = fonts.font(bsize, True).size(word)[0] + self.laid.px(14)
        left = x + fonts.font(size, True).size(name)[0] + self.laid.px(8)
        if left + bw > self.laid.table_rect.x + self.laid.name_w - self.laid.px(4):
            return
        pill = pygame.Rect(left, 0, bw, round(bsize * 1.5))
        pill.centery = cy
        draw_pill(surface, pill, word, bsize, theme.ACCENT)

    def _draw_column_badge(self, surface, badge: tuple[str, tuple[int, int, int]], bottom) -> None:
        """A column's badge: its label, bold and light, in a disc of its colour, standing
        on ``bottom`` (a point: the middle of the headings' baseline)."""
        label, colour = badge
        r = self.laid.badge_d / 2
        centre = (bottom[0], bottom[1] - r)
        smooth.disc(surface, colour, centre, r)
        smooth.ring(surface, theme.mix(colour, (0, 0, 0), 0.35), centre, r, max(1, self.laid.px(2)))
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = (round(centre[0]), round(centre[1]))
        draw_text(surface, label, self.laid.head, box.center, theme.INK_LIGHT, True, "center", box)

    def draw_table(self, surface: pygame.Surface) -> None:
        bd, game = self.laid.breakdown, self.laid.game
        box = self.laid.table_rect
        winners = set(game.state.winners())
        scores = game.state.scores()
        line_h = int(self.laid.head * 1.3)
        head_h = self.laid.head_h()
        # headings, bottom-aligned over their columns
        x = box.x + self.laid.name_w
        for i, (heading, cw) in enumerate(
            zip([*bd.columns, bd.total], [*self.laid.col_ws, self.laid.total_w])
        ):
            if i < len(bd.badges):
                self._draw_column_badge(
                    surface, bd.badges[i], (x + cw / 2, box.y + head_h - self.laid.px(8))
                )
                x += cw
                continue
            lines = self.laid.heading_lines(heading, cw)
            y = box.y + head_h - self.laid.px(8) - line_h * len(lines)
            for line in lines:
                line, size = fonts.fit(line, self.laid.head, cw - self.laid.px(12), MIN_TEXT, True)
                draw_text(surface, line, size, (x + cw // 2, y), theme.INK_SOFT, True, "midtop")
                y += line_h
            x += cw
        y0 = box.y + head_h
        pygame.draw.line(
            surface, theme.PANEL_EDGE, (box.x, y0 - 2), (box.right, y0 - 2), max(1, self.laid.px(2))
        )
        for i, p in enumerate(self.laid.order()):
            row = pygame.Rect(
                box.x - self.laid.px(6),
                y0 + i * self.laid.row_h,
                box.w + self.laid.px(12),
                self.laid.row_h,
            )
            won = p in winners
            if won:
                pygame.draw.rect(surface, (255, 236, 200), row, border_radius=self.laid.px(8))
            elif i % 2:
                pygame.draw.rect(surface, (246, 240, 228), row, border_radius=self.laid.px(8))
            cy = row.centery
            dot = max(6, self.laid.px(10))  # the seat's colour and mark, as on the table
            identity.draw_seat_mark(surface, p, (box.x + self.laid.px(12), cy), 2 * dot + 2)
            name, size = fonts.fit(
                game.seat_name(p),
                self.laid.body,
                self.laid.name_w - self.laid.px(34),
                MIN_TEXT,
                won,
            )
            draw_text(
                surface, name, size, (box.x + self.laid.px(30), cy), theme.INK, won, "midleft"
            )
            if won:  # one word for the winner in every game (issue #27)
                self._draw_winner_word(surface, name, size, box.x + self.laid.px(30), cy)
            x = box.x + self.laid.name_w
            for value, cw in zip(bd.parts[p], self.laid.col_ws):
                text, size = fonts.fit(
                    value_text(value), self.laid.body, cw - self.laid.px(4), MIN_TEXT
                )
                colour = theme.INK
                if isinstance(value, int):
                    colour = (
                        theme.BAD if value < 0 else (theme.INK_SOFT if not value else theme.INK)
                    )
                draw_text(surface, text, size, (x + cw // 2, cy), colour, False, "center")
                x += cw
            shown = game.score_text(p, scores[p])
            text, size = fonts.fit(
                shown, self.laid.body, self.laid.total_w - self.laid.px(4), MIN_TEXT, True
            )
            draw_text(
                surface,
                text,
                size,
                (x + self.laid.total_w // 2, cy),
                theme.ACCENT_DARK if won else theme.INK,
                True,
                "center",
            )

    def draw_full(self, surface: pygame.Surface, lift_of: Callable[[int], int]) -> None:
        """The whole breakdown: the title with the winners' portraits (each lifted by
        ``lift_of(i)`` pixels: their hops), then the table of parts."""
        title = self.laid.title()
        winners = list(self.laid.game.state.winners())
        icon = self.laid.px(48)
        shown = min(3, len(winners))
        while True:  # the title is never cut: fewer hopping pieces first
            room = self.laid.panel.width - self.laid.px(40) - (icon + self.laid.px(10)) * shown
            text, size = fonts.fit(title, self.laid.px(40), room, self.laid.text_px(18), True)
            if text == title or shown == 0:
                break
            shown -= 1
        pictures = [self.laid.game.frame.seats.portrait(p, icon) for p in winners[:shown]]
        tw = fonts.font(size, True).size(text)[0]
        x = self.laid.panel.centerx - (tw + (icon + self.laid.px(10)) * len(pictures)) // 2
        cy = self.laid.panel.y + self.laid.px(38)
        for i, (p, picture) in enumerate(zip(winners, pictures)):
            # the winner's piece hops (a shared win: each in turn)
            lift = lift_of(i)
            centre = (x + icon // 2, cy - lift)
            if picture is not None:
                draw_icon(surface, picture, centre, f"portrait:{p}", anchor="center")
            identity.draw_seat_mark(
                surface,
                p,
                (centre[0] + icon * 0.35, centre[1] + icon * 0.3),
                max(theme.MIN_ICON_PX, icon * 0.45),
            )
            x += icon + self.laid.px(10)
        draw_text(surface, text, size, (x, cy), theme.ACCENT_DARK, bold=True, anchor="midleft")
        self.draw_table(surface)
