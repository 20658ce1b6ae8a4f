"""Where the Cluck-peep! table lies on the screen, on the shared table frame (issue #16):
the ladder and, beside it, the supply block (the chick supply, the road pile, the nest
stack) in the frame's board; the person's hand of road tiles with the Turn over / Place
buttons in the frame's bottom bar; the seats' panels are the frame's. Also the ladder's
bands in ladder coordinates (``to_screen``), the anchors things fly between (a seat's
parts from ``seat_parts``), the sizes of the birds, and the rows, zoom and scroll that
ease toward where they belong each frame (``_settle``)."""

from __future__ import annotations

import math

import pygame

from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.cluck.state import HAND_BASIC, HAND_LONG
from game.rules.cluck.tiles import COLUMNS
from game.ui import fonts
from game.ui.widgets import Button

from .host import CluckHost

BAR_H = 150  # design px (1280x720) of the bar: the hint's two lines and the hand
STOCK_W = 176  # the supply block's column at the board's right
TILE_ASPECT = 3.4  # a road tile is at least this many times as wide as it is high
MAX_BAND_W = 700


class Layout(CluckHost):
    """The geometry of :class:`~.scene.CluckScene`."""

    def layout(self, size):
        super().layout(size)
        plan = self.plan_frame(size, bar_h=BAR_H, hint_lines=2, seat_h=(96, 112))
        self._tiles_cache.clear()
        self._ladder_seen = None
        board = plan.board
        pad = self.px(10)
        self.board = board
        stock_w = self.px(STOCK_W)
        self.stock_rect = pygame.Rect(
            board.right - pad - stock_w, board.y + pad, stock_w, board.h - 2 * pad
        )
        self.area = pygame.Rect(
            board.x + pad, board.y + pad, self.stock_rect.x - pad - board.x - pad, board.h - 2 * pad
        )
        # the row labels (START, the nest tiles, "?", the road tiles' numbers) at the left
        self.label_px = self.text_px(15)
        face = fonts.font(self.label_px, True)
        self.label_r = max(self.px(13), face.size("14")[0] // 2 + self.px(5))
        words = [self._tile_name(self.state.tiles.start.id), "?"]
        words += [self._tile_name(n) for n in self.state.tiles.nest]
        label_w = max([face.size(w)[0] for w in words] + [2 * self.label_r]) + self.px(14)
        room = self.area.w - label_w - self.px(6)
        self.band_w = max(COLUMNS * 8, min(room, self.px(MAX_BAND_W)))
        self.col_w = self.band_w / COLUMNS
        self.band_x = self.area.x + label_w + (room - self.band_w) / 2
        self.label_box = pygame.Rect(
            self.area.x, self.area.y, round(self.band_x) - self.area.x - self.px(4), self.area.h
        )
        self.pad_top = self.px(40)  # room for the chickens standing on START
        # room for the line under the next nest tile, inside the frame
        self.pad_bottom = round(self.text_px(14) * 1.4) + self.px(8)
        self.row_h = self._target_row_h()
        self.scroll = self.scroll_goal = min(self.scroll, self._max_scroll())
        self._layout_hand()
        self._layout_stock()
        self._background = self._paint_background(size)

    # -- the bar: the person's tiles and buttons -------------------------------------------
    def _layout_hand(self) -> None:
        c = self.plan.controls
        pad = self.px(10)
        size = self.px(17)
        labels = (self.t("cluck.turn_button"), self.t("cluck.place_button"))
        label_w = max(fonts.font(max(14, size), True).size(text)[0] for text in labels)
        bw = min(label_w + self.px(28), int(c.w * 0.32))
        bh = min(self.px(40), (c.h - 3 * pad) // 2)
        x = c.right - pad - bw
        turn = pygame.Rect(x, c.y + pad, bw, bh)
        place = pygame.Rect(x, c.bottom - pad - bh, bw, bh)
        self.play_buttons = [
            Button(turn, labels[0], self._turn_selected, size, key="turn"),
            Button(place, labels[1], self._place_selected, size, primary=True, key="place"),
        ]
        # the title ("Your tiles") in a column at the left, the tiles side by side after it
        self.hand_title = pygame.Rect(c.x + self.px(12), c.y + pad, self.px(112), c.h - 2 * pad)
        slots = HAND_LONG if self.state.options.get("long_road") else HAND_BASIC
        self.caption_h = round(self.text_px(14) * 1.35)
        top = c.y + pad + self.caption_h
        tile_h = max(self.px(24), c.bottom - pad - top)
        left = self.hand_title.right + self.px(10)
        gap = self.px(14)
        room = x - self.px(14) - left
        tile_w = min((room - gap * (slots - 1)) // slots, round(tile_h * 6.5))
        self.hand_rects = [
            pygame.Rect(left + i * (tile_w + gap), top, tile_w, tile_h) for i in range(slots)
        ]

    # -- the supply block: the chick supply, the road pile, the nest stack -----------------
    def _layout_stock(self) -> None:
        s = self.stock_rect
        line = round(self.text_px(14) * 1.35)
        count = round(self.text_px(22) * 1.25)
        pic = min(self.px(52), max(self.px(28), (s.h - 6 * line - 2 * count) // 4))
        gap = self.px(10)
        y = s.y + self.px(8)
        self.supply_title = pygame.Rect(s.x, y, s.w, line)
        self.supply_pos = (s.centerx, y + line + pic // 2)
        self.supply_count = pygame.Rect(s.x, y + line + pic, s.w, count)
        y = self.supply_count.bottom + gap
        self.pile_title = pygame.Rect(s.x, y, s.w, line)
        self.pile_pos = (s.centerx, y + line + pic // 2 + self.px(4))
        self.pile_count = pygame.Rect(s.x, y + line + pic + self.px(4), s.w, count)
        y = self.pile_count.bottom + gap
        self.nest_title = pygame.Rect(s.x, y, s.w, line)
        nest_w = s.w - self.px(24)
        self.nest_rect = pygame.Rect(0, y + line + self.px(4), nest_w, round(nest_w / 4.2))
        self.nest_rect.centerx = s.centerx
        order_top = self.nest_rect.bottom + self.px(10)
        self.nest_order = pygame.Rect(s.x + self.px(6), order_top, s.w - self.px(12), 0)
        self.nest_order.h = max(0, s.bottom - order_top - self.px(6))

    # -- the ladder --------------------------------------------------------------------------
    def _target_row_h(self) -> float:
        _, _, goal = self._rows()
        if self.table.goal.pinned:
            goal = max(goal, math.ceil(self.table.goal.row - 0.01))
        rows = goal + 1
        avail = self.area.height - self.pad_top - self.pad_bottom
        return max(self.px(42), min(self.band_w / TILE_ASPECT, avail / rows))

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

    # -- where things fly between --------------------------------------------------------------
    def _anchor(self, anchor: tuple) -> tuple[float, float]:
        kind = anchor[0]
        if kind == "ladder":
            return self.to_screen(anchor[1], anchor[2])
        if kind == "chicken":
            c = self.table.chickens[anchor[1]]
            if c is None:
                return self.to_screen(2, 2)
            x, y = self.to_screen(c.column, c.y)
            return x, y - self.row_h * 0.55
        if kind == "supply":
            return self.supply_pos
        if kind == "pile":
            return self.pile_pos
        if kind == "nests":
            return self.nest_rect.center
        if kind == "card":
            return self.seat_parts(anchor[1]).portrait.center
        if kind == "hand":
            return self._hand_back_pos(anchor[1], anchor[2])
        if kind == "stand":
            return self._stand_pos(anchor[1], anchor[2])
        raise ValueError(anchor)

    def _extras_lines(self, extras: pygame.Rect) -> tuple[int, int]:
        """The height of a line of a seat's extras and where its second line starts."""
        line = round(self.text_px(14) * 1.3)
        return line, extras.y + line + max(1, (extras.h - 2 * line) // 2)

    def _back_size(self, line: int) -> tuple[int, int]:
        return max(6, round(line * 0.62)), max(8, line - 2)

    def _hand_back_at(self, extras: pygame.Rect, index: int) -> tuple[float, float]:
        """Where the ``index``-th tile back of a hand lies in a seat's ``extras``."""
        line, _ = self._extras_lines(extras)
        w, _h = self._back_size(line)
        return extras.x + w / 2 + index * (w + self.px(3)), extras.y + line / 2

    def _hand_back_pos(self, player: int, index: int) -> tuple[float, float]:
        return self._hand_back_at(self.seat_parts(player).extras, index)

    def _chick_px(self, line: int) -> int:
        return max(12, round(line * 1.15))

    def _stand_at(self, extras: pygame.Rect, player: int, index: int) -> tuple[float, float]:
        """Where the ``index``-th chick on a seat's stand stands (its feet) in ``extras``."""
        line, second = self._extras_lines(extras)
        size = self._chick_px(line)
        count = max(6, self.table.stands[player], index + 1)
        step = min(size * 0.9, (extras.w - size) / max(1, count - 1))
        bottom = min(extras.bottom, second + line + self.px(2))
        return extras.x + size / 2 + index * step, bottom

    def _stand_pos(self, player: int, index: int) -> tuple[float, float]:
        return self._stand_at(self.seat_parts(player).extras, player, index)

    # -- easing ----------------------------------------------------------------------------------
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
        """(In steps of 2 px: a size is a picture, rows easing would paint new ones.)"""
        size = int(min(self.row_h * 0.46, self.col_w * 0.5, self.px(46)))
        return max(10, size - size % 2)

    def _chicken_size(self) -> int:
        size = int(min(self.row_h * 0.92, self.col_w * 0.92, self.px(96)))
        return max(16, size - size % 4)
