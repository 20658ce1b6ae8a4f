"""Verflixxt! in the shared table frame (issue #16): what the header says, what each
seat panel shows besides the character, name and score the frame draws (the tiles a
seat has taken as mini tiles, the hats it brought home, its goal chips and, with the
hats, how many cards it holds), where things fly to in a seat panel, and the "How it
scores" legend under the seats."""

from __future__ import annotations

from typing import NamedTuple

import pygame

from game.rules.verflixxt.box import RISK
from game.rules.verflixxt.scoring import ScoreBreakdown, breakdown
from game.ui import fonts, sprites, theme
from game.ui.widgets import draw_panel, draw_text, lay

from .host import VerflixxtHost
from .model import Point, _signed


class SeatRow(NamedTuple):
    """Where a seat's things are in its panel's extras box."""

    explain: pygame.Rect | None  # the score explained in words, when there is room
    y: float  # the centre line of the row of things
    size: int  # a mini tile's side
    left: float  # the first mini tile's centre
    right: float  # how far the pile may reach
    hats: float  # the first hat's centre
    chips: float  # the first chip's centre
    hand: float  # the hand's centre (hats game)


class Seats(VerflixxtHost):
    """The frame's hooks, the seat panels' extras and the legend."""

    # == the header ==================================================================
    def round_label(self) -> str:
        return self.t("app.frame_round", n=self.table.round)

    def turn_status(self) -> tuple[int | None, str]:
        """Whose turn the table shows (it follows the animations, not the rules, which
        are a step ahead while pieces move)."""
        t = self.table
        if t.winners is not None or t.current is None:
            if self.state.is_over():
                return None, self.t("app.frame_over")
            return None, ""
        p = t.current
        if self.state.phase == "contest":
            return p, self.t("verflixxt.header_draw", name=self.seat_name(p))
        key = "app.frame_your_turn" if p == self.private_player else "app.frame_turn"
        return p, self.t(key, name=self.seat_name(p))

    def variant_label(self) -> str:
        s = self.state
        if s.hats_variant:
            return self.t("verflixxt.variant_hats_attack" if s.attack else "verflixxt.variant_hats")
        return self.t(
            "verflixxt.variant_base_random"
            if s.options.get("track") == "random"
            else "verflixxt.variant_base"
        )

    def hint_text(self) -> str:
        """The bar's two lines: what to do and the keys, or what the option looked at
        would do (the preview's caption)."""
        tr = self.t
        player = self.deciding()
        if player is None:
            t = self.table
            if self.state.is_over():
                return tr("verflixxt.prompt_over")
            if t.current is not None:
                return tr("verflixxt.prompt_watch", name=self.seat_name(t.current))
            return ""
        title, hint = self._prompt_texts(player)
        title = title[:1].upper() + title[1:]
        shown = self._shown
        caption = self._preview_caption(shown) if shown else hint
        # what fits the bar's lines whole: both, else the preview (or the keys) alone
        size = self.text_px(15)
        lines = max(1, self.plan.hint.h // round(size * 1.3))
        for text in (tr("verflixxt.prompt_and_hint", prompt=title, hint=caption), caption):
            if len(fonts.wrap(text, size, self.plan.hint.w)) <= lines:
                return text
        return title

    # == the seat panels ===============================================================
    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self._pawn_icon(player, size)

    def seat_score(self, player: int) -> str | None:
        return _signed(self._scores(player)["total"])

    def score_text(self, player: int, value) -> str:
        """The end screen's total: "−6" with the minus sign, as everywhere on the table."""
        return _signed(int(value))

    def seat_subtitle(self, player: int) -> str:
        winners = self.table.winners
        if winners is not None and player in winners:
            return self.t("verflixxt.winner_mark")
        return super().seat_subtitle(player)

    def seat_highlight(self, player: int) -> str | None:
        t = self.table
        if t.winners is None and player == t.current:
            return "moving" if self.busy_animating() else "to_act"
        return None

    def seat_key(self, player: int) -> tuple:
        t = self.table
        return (
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
            t.hand_counts[player] if self.state.hats_variant else 0,
            tuple(t.winners or ()),
        )

    def _scores(self, player: int) -> ScoreBreakdown:
        t = self.table
        key = (
            player,
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
        )
        value = self._score_cache.get(key)
        if value is None:
            box = self.state.box
            value = breakdown(
                t.taken[player], box.kinds, box.values, t.chips_won[player], t.hats_home[player]
            )
            if len(self._score_cache) > 256:
                self._score_cache.clear()
            self._score_cache[key] = value
        return value

    def seat_row(self, player: int, rect: pygame.Rect) -> SeatRow:
        """Where seat ``player``'s things go in its extras box ``rect``: the score in
        words over the row when both fit, the tiles from the left, the hand at the
        right, the chips and the hats before it."""
        t = self.table
        line_h = round(self.text_px(14) * 1.3)
        size = max(8, min(self.px(24), rect.h - self.px(2)))
        explain = None
        if rect.h >= line_h + size + self.px(4):
            explain = pygame.Rect(rect.x, rect.y, rect.w, line_h)
            y = rect.bottom - size / 2 - self.px(2)
        else:
            y = rect.y + rect.h / 2
        x: float = rect.right
        hand = x
        if self.state.hats_variant:
            hand = x - size * 0.75
            x -= size * 1.5 + self.px(6)
        chip = size * 0.82
        x -= len(t.chips_won[player]) * chip
        chips = x + chip / 2
        hat = size * 1.08
        x -= len(t.hats_home[player]) * hat
        hats = x + hat / 2
        return SeatRow(explain, y, size, rect.x + size / 2, x - self.px(6), hats, chips, hand)

    def draw_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        t = self.table
        row = self.seat_row(player, rect)
        parts = self._scores(player)
        # the score in words, where it says more than the score itself (a clover turned a
        # tile, a risk tile, a chip, a hat)
        more = parts["lucky"] or (
            self.state.hats_variant and (parts["risk"] or parts["chips"] or parts["hats"])
        )
        if row.explain is not None and more:
            text = self._explain(parts)
            size = self.text_px(14)
            if fonts.font(size).size(text)[0] <= row.explain.w:
                draw_text(
                    surface, text, size, row.explain.topleft, theme.INK_SOFT, within=row.explain
                )
        self._draw_pile(surface, player, parts, row)
        x = row.hats
        for hat in t.hats_home[player]:
            image = self._hat_image(hat, int(row.size * 1.05))
            surface.blit(image, image.get_rect(center=(int(x), int(row.y))))
            x += row.size * 1.08
        x = row.chips
        for value in t.chips_won[player]:
            image = self._chip_image(value, int(row.size * 0.8))
            surface.blit(image, image.get_rect(center=(int(x), int(row.y))))
            x += row.size * 0.82
        if self.state.hats_variant:
            w, h = int(row.size * 0.66), row.size
            count = t.hand_counts[player]
            for k in range(2):
                slot = pygame.Rect(0, 0, w, h)
                slot.center = (int(row.hand + (k - 0.5) * (w + self.px(2))), int(row.y))
                if k < count:
                    surface.blit(self._card_image(None, w, h), slot)
                else:
                    pygame.draw.rect(
                        surface, theme.PANEL_EDGE, slot, max(1, self.px(1)), border_radius=3
                    )

    def _draw_pile(self, surface, player: int, parts: ScoreBreakdown, row: SeatRow) -> None:
        pile = self.table.taken[player]
        if not pile:
            text = self.t("verflixxt.no_tiles")
            size = self.text_px(14)
            box = pygame.Rect(
                int(row.left - row.size / 2), 0, int(row.right - row.left + row.size / 2), 0
            )
            box.h = round(size * 1.3)
            box.centery = int(row.y)
            if fonts.font(size).size(text)[0] <= box.w:
                draw_text(
                    surface, text, size, box.midleft, theme.INK_SOFT, anchor="midleft", within=box
                )
            return
        turned = set(parts.get("turned", ()))
        risks = sum(1 for tile in pile if self.state.box.kinds[tile] == RISK)
        sign = 1 if risks % 2 == 0 else -1
        x, step, y, size = self._pile(row, len(pile))
        for i, tile in enumerate(pile):
            image = self._mini_tile(tile, size, tile in turned, sign)
            surface.blit(image, image.get_rect(center=(int(x + i * step), int(y))))

    @staticmethod
    def _pile(row: SeatRow, count: int) -> tuple[float, float, float, int]:
        step: float = row.size * 1.12
        if count > 1 and step * (count - 1) > row.right - row.left - row.size / 2:
            step = max(1.0, (row.right - row.left - row.size / 2) / (count - 1))
        return row.left, step, row.y, row.size

    # -- where things fly to in a seat panel (on the screen) -----------------------------
    def _screen_row(self, player: int) -> SeatRow:
        return self.seat_row(player, self.seat_parts(player).extras)

    def pile_layout(self, player: int, count: int) -> tuple[float, float, float, int]:
        """x of the first mini tile's centre, the step between them, y, and the size."""
        return self._pile(self._screen_row(player), count)

    def pile_slot(self, player: int, index: int, count: int) -> Point:
        x, step, y, _ = self.pile_layout(player, count)
        return (x + index * step, y)

    def hats_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        return (row.hats + len(self.table.hats_home[player]) * row.size * 1.08, row.y)

    def chips_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        return (row.chips + len(self.table.chips_won[player]) * row.size * 0.82, row.y)

    def hand_anchor(self, player: int) -> Point:
        row = self._screen_row(player)
        return (row.hand, row.y)

    def seat_anchor(self, player: int) -> Point:
        return self.seat_parts(player).score.midleft

    # == the legend ====================================================================
    def _legend_lines(self) -> list[tuple[str, str]]:
        tr = self.t
        lines = [("verflixxt_clover.svg", tr("verflixxt.legend_lucky"))]
        if self.state.hats_variant:
            lines += [
                ("verflixxt_tile_risk.svg", tr("verflixxt.legend_risk")),
                ("verflixxt_hat_lucky.svg", tr("verflixxt.legend_hats")),
                ("verflixxt_chip.svg", tr("verflixxt.legend_chips")),
            ]
        else:
            lines.insert(0, ("verflixxt_tile_plus.svg", tr("verflixxt.legend_tiles")))
        return lines

    def _legend_metrics(self, width: int) -> tuple[int, int, int, int, int]:
        """Title size, text size, line height, the icon's side and the text's width."""
        title, size = self.text_px(15), self.text_px(14)
        icon = self.px(20)
        return title, size, round(size * 1.22), icon, width - icon - self.px(28)

    def _legend_height(self, width: int) -> int:
        """The legend's height in a column ``width`` wide, every sentence whole."""
        title, size, line_h, _icon, text_w = self._legend_metrics(width)
        height = self.px(6) + round(title * 1.3)
        for _name, text in self._legend_lines():
            height += len(fonts.wrap(text, size, text_w)) * line_h + self.px(3)
        return height + self.px(5)

    def draw_legend(self, surface: pygame.Surface) -> None:
        rect = self.legend_rect
        if rect is None:
            return
        lay(surface, self._cached("legend", (), rect, self._paint_legend), rect)

    def _paint_legend(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(surface, rect, radius=self.px(10))
        title, size, line_h, icon_w, text_w = self._legend_metrics(rect.w)
        inner = rect.inflate(-self.px(8), -self.px(4))
        draw_text(
            surface,
            self.t("verflixxt.legend_title"),
            title,
            (rect.x + self.px(10), rect.y + self.px(4)),
            theme.INK,
            bold=True,
            within=inner,
        )
        y = rect.y + self.px(6) + round(title * 1.3)
        x = rect.x + self.px(16) + icon_w
        for icon, text in self._legend_lines():
            wrapped = fonts.wrap(text, size, text_w)
            image = sprites.svg(icon, icon_w, icon_w if "hat" not in icon else int(icon_w * 0.8))
            surface.blit(image, (rect.x + self.px(10), y + (line_h - icon_w) // 2))
            for line in wrapped:
                draw_text(surface, line, size, (x, y), theme.INK_SOFT, within=inner)
                y += line_h
            y += self.px(3)
