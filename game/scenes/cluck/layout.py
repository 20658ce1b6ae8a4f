"""Where the Cluck-peep! table lies on the screen: the panels and the buttons on them,
the ladder's bands in ladder coordinates (``to_screen``), the anchors things fly
between, the sizes of the birds, and the rows, zoom and scroll that ease toward where
they belong each frame (``_settle``)."""

from __future__ import annotations

import math

import pygame

from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.cluck.tiles import COLUMNS
from game.ui.widgets import Button

from .host import CluckHost


class Layout(CluckHost):
    """The geometry of :class:`~.scene.CluckScene`."""

    def layout(self, size):
        super().layout(size)
        w, h = size
        m = self.px(10)
        self._tiles_cache.clear()
        self.left = pygame.Rect(m, m, self.px(290), h - 2 * m)
        right_w = self.px(360)
        self.right = pygame.Rect(w - m - right_w, self.px(56), right_w, h - self.px(56) - m)
        self.hand_panel = pygame.Rect(self.right.x, self.right.y, right_w, self.px(346))
        self.stock_panel = pygame.Rect(
            self.right.x, self.hand_panel.bottom + self.px(8), right_w, self.px(116)
        )
        log_top = self.stock_panel.bottom + self.px(8)
        self.log_rect = pygame.Rect(self.right.x, log_top, right_w, h - m - log_top)
        cx0, cx1 = self.left.right + self.px(12), self.right.x - self.px(12)
        self.area = pygame.Rect(cx0, self.px(62), cx1 - cx0, h - self.px(62) - self.px(30))
        self.band_w = min(self.area.width - self.px(96), self.px(430))
        self.col_w = self.band_w / COLUMNS
        self.band_x = self.area.centerx - self.band_w / 2 + self.px(22)
        self.pad_top = self.px(40)
        self.pad_bottom = self.px(38)  # room for the line under the nest tile, inside the frame
        self.row_h = self._target_row_h()
        self.scroll = self.scroll_goal = min(self.scroll, self._max_scroll())
        self._layout_cards()
        self._layout_hand()
        self._layout_stock()
        self._background = self._paint_background(size)

    def _layout_cards(self) -> None:
        n = self.session.players
        gap = self.px(8)
        card_h = min(self.px(172), (self.left.height - gap * (n - 1)) // n)
        self.cards = [
            pygame.Rect(self.left.x, self.left.y + i * (card_h + gap), self.left.width, card_h)
            for i in range(n)
        ]

    def _layout_hand(self) -> None:
        p = self.hand_panel
        tile_h, step = self.px(46), self.px(54)
        self.hand_rects = [
            pygame.Rect(
                p.x + self.px(40), p.y + self.px(138) + i * step, p.width - self.px(56), tile_h
            )
            for i in range(3)
        ]
        bh = self.px(40)
        turn = pygame.Rect(p.x + self.px(12), p.bottom - bh - self.px(10), self.px(166), bh)
        place = pygame.Rect(p.right - self.px(12) - self.px(160), turn.y, self.px(160), bh)
        self.play_buttons = [
            Button(turn, self.t("cluck.turn_button"), self._turn_selected, self.px(17), key="turn"),
            Button(
                place,
                self.t("cluck.place_button"),
                self._place_selected,
                self.px(17),
                primary=True,
                key="place",
            ),
        ]

    def _layout_stock(self) -> None:
        p = self.stock_panel
        self.supply_pos = (p.x + self.px(52), p.y + self.px(40))
        self.pile_pos = (p.x + self.px(145), p.y + self.px(40))
        self.nest_rect = pygame.Rect(
            p.x + self.px(196), p.y + self.px(34), self.px(150), self.px(34)
        )

    def _target_row_h(self) -> float:
        _, _, goal = self._rows()
        if self.table.goal.pinned:
            goal = max(goal, math.ceil(self.table.goal.row - 0.01))
        rows = goal + 1
        avail = self.area.height - self.pad_top - self.pad_bottom
        return max(self.px(48), min(self.px(98), avail / rows))

    def _max_scroll(self) -> float:
        _, _, goal = self._rows()
        row_h = min(self.row_h, self._target_row_h())
        full = self.pad_top + (goal + 1) * row_h + self.pad_bottom
        return max(0.0, full - self.area.height)

    def to_screen(self, column: float, y: float) -> tuple[float, float]:
        return (
            self.band_x + self.col_w * (column + 0.5),
            self.area.y + self.pad_top + y * self.row_h / ROW_HEIGHT - self.scroll,
        )

    def band_rect(self, row: float, dx: float = 0.0) -> pygame.Rect:
        gap = max(1, self.px(2))
        top = self.area.y + self.pad_top + row * self.row_h - self.scroll
        return pygame.Rect(
            round(self.band_x + dx * self.col_w),
            round(top + gap),
            round(self.band_w),
            max(4, round(self.row_h - 2 * gap)),
        )

    def hole_rect(self, column: int) -> pygame.Rect:
        """A START hole, as a person clicks it."""
        x, y = self.to_screen(column, 2)
        rect = pygame.Rect(0, 0, int(self.col_w * 0.9), int(self.row_h * 0.95))
        rect.center = (int(x), int(y))
        return rect

    def slot_rect(self) -> pygame.Rect:
        return self.band_rect(self.table.slot_row)

    def hand_rect(self, index: int) -> pygame.Rect:
        return self.hand_rects[min(index, len(self.hand_rects) - 1)]

    def _anchor(self, anchor: tuple) -> tuple[float, float]:
        kind = anchor[0]
        if kind == "ladder":
            return self.to_screen(anchor[1], anchor[2])
        if kind == "chicken":
            c = self.table.chickens[anchor[1]]
            x, y = self.to_screen(c.column, c.y)
            return x, y - self.row_h * 0.55
        if kind == "supply":
            return self.supply_pos
        if kind == "pile":
            return self.pile_pos
        if kind == "nests":
            return self.nest_rect.center
        card = self.cards[anchor[1]]
        if kind == "card":
            return card.x + self.px(44), card.y + self.px(52)
        if kind == "hand":
            return card.x + self.px(92) + self.px(19) * anchor[2], card.y + self.px(76)
        if kind == "stand":
            return self._stand_pos(anchor[1], anchor[2])
        raise ValueError(anchor)

    def _stand_pos(self, player: int, index: int) -> tuple[float, float]:
        card = self.cards[player]
        per_column = 5
        step = min(self.px(21), (card.height - self.px(34)) / per_column)
        col, row = divmod(index, per_column)
        col = min(col, 3)
        return (
            card.right - self.px(24) - col * self.px(27),
            card.bottom - self.px(20) - row * step,
        )

    def _settle(self, dt: float) -> None:
        """Rows, zoom and scroll ease toward where they belong (purely cosmetic)."""
        k = 1.0 - math.exp(-dt * 12.0)
        m = self.table
        slot, hidden, goal = self._rows()
        if not m.start.pinned:
            m.start.row += (0 - m.start.row) * k
        for i, tile in enumerate(m.roads):
            if not tile.pinned:
                tile.row += (i + 1 - tile.row) * k
        m.slot_row += ((slot if slot is not None else goal) - m.slot_row) * k
        if m.hidden is not None and hidden is not None and not m.hidden.pinned:  # both or neither
            m.hidden.row += (hidden - m.hidden.row) * k
        if not m.goal.pinned:
            m.goal.row += (goal - m.goal.row) * k
        self.row_h += (self._target_row_h() - self.row_h) * k
        focus = self._focus_y()
        top = self.area.y + self.pad_top
        if focus is not None:
            y = top + focus - self.scroll_goal
            if y < self.area.y + self.row_h:
                self.scroll_goal -= self.area.y + self.row_h - y
            elif y > self.area.bottom - self.row_h:
                self.scroll_goal += y - (self.area.bottom - self.row_h)
        self.scroll_goal = max(0.0, min(self._max_scroll(), self.scroll_goal))
        self.scroll += (self.scroll_goal - self.scroll) * k
        if self.spin < 1.0:
            self.spin = min(1.0, self.spin + dt * 4.0)

    def _focus_y(self) -> float | None:
        """What the ladder should keep in view when it is longer than the window."""
        m = self.table
        walker = m.chickens[m.walker] if m.walker is not None else None
        if walker is not None:
            return walker.y * self.row_h / ROW_HEIGHT
        if self._my_turn() == "place":
            return (m.slot_row + 0.5) * self.row_h
        return None

    def scroll_by(self, amount: float) -> None:
        self.scroll_goal = max(0.0, min(self._max_scroll(), self.scroll_goal + amount))

    def _chick_size(self) -> int:
        return max(10, int(min(self.row_h * 0.46, self.col_w * 0.5)))

    def _chicken_size(self) -> int:
        return max(16, int(min(self.row_h * 0.92, self.col_w * 0.92)))
