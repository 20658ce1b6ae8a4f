"""Where the Cluck-peep! table lies on the screen, on the shared table frame (issue #16):
the ladder and, beside it, the supply block (the chick supply, the road pile, the nest
stack) in the frame's board; the person's hand of road tiles with the Turn over / Place
buttons in the frame's bottom bar; the seats' panels are the frame's. Also the ladder's
bands in ladder coordinates (``to_screen``), the anchors things fly between (a seat's
parts from ``seat_parts``), the sizes of the birds, and the rows, zoom and scroll that
ease toward where they belong each frame (``settle``)."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.cluck.state import HAND_BASIC, HAND_LONG
from game.rules.cluck.tiles import COLUMNS
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import TablePlan
from game.ui import fonts, theme

from .log import Texts
from .model import CluckModel, TileSprite

BAR_H = 104  # design px (1280x720) of the bar: the hint's line and the hand
# the side column of seat panels and the log, narrower than the frame's 340: with the
# bar sized to the hand, the board takes at least 55% of the window (issue #27)
SIDE_W = 296
STOCK_W = 176  # the supply block's column at the board's right
TILE_ASPECT = 3.4  # a road tile is at least this many times as wide as it is high
CHICK_LEAST = 32  # design px: the least chick on the ladder (issue #38)
# the ladder as wide as the board lets it be (issue #38: the board takes the table)
MAX_BAND_W = 920


def chick_box(spot: tuple[float, float, int]) -> pygame.Rect:
    """A chick's picture's box from where it stands (``Layout.chick_at``)."""
    x, feet, size = spot
    return pygame.Rect(round(x - size / 2), round(feet - size), size, size)


class Layout:
    """The geometry of the table: set by :meth:`cut` for each window size (into the model),
    and the screen places of the ladder's things, as they ease."""

    def __init__(self, model: CluckModel, host: TableHost, texts: Texts) -> None:
        self.model = model
        self.host = host
        self.texts = texts

    def cut(self, plan: TablePlan) -> None:
        """Lay the table out in the frame's ``plan`` (a new window size)."""
        m, host = self.model, self.host
        board = plan.board
        pad = host.px(10)
        m.board = board
        stock_w = host.px(STOCK_W)
        m.stock_rect = pygame.Rect(
            board.right - pad - stock_w, board.y + pad, stock_w, board.h - 2 * pad
        )
        m.area = pygame.Rect(
            board.x + pad, board.y + pad, m.stock_rect.x - pad - board.x - pad, board.h - 2 * pad
        )
        # the row labels (START, the nest tiles, "?", the road tiles' numbers) at the left
        m.label_px = host.text_px(15)
        face = fonts.font(m.label_px, True)
        m.label_r = max(host.px(13), face.size("14")[0] // 2 + host.px(5))
        words = [self.texts.tile_name(host.state.tiles.start.id), "?"]
        words += [self.texts.tile_name(n) for n in host.state.tiles.nest]
        label_w = max([face.size(w)[0] for w in words] + [2 * m.label_r]) + host.px(14)
        room = m.area.w - label_w - host.px(6)
        m.band_w = max(COLUMNS * 8, min(room, host.px(MAX_BAND_W)))
        m.col_w = m.band_w / COLUMNS
        m.band_x = m.area.x + label_w + (room - m.band_w) / 2
        m.label_box = pygame.Rect(
            m.area.x, m.area.y, round(m.band_x) - m.area.x - host.px(4), m.area.h
        )
        m.pad_top = host.px(40)  # room for the chickens standing on START
        # room for the line under the next nest tile, inside the frame
        m.pad_bottom = round(host.text_px(14) * 1.4) + host.px(8)
        m.row_h = self.target_row_h()
        m.scroll = m.scroll_goal = min(m.scroll, self.max_scroll())
        self._layout_hand(plan)
        self._layout_stock()

    # -- the bar: the person's tiles and buttons -------------------------------------------
    def _layout_hand(self, plan: TablePlan) -> None:
        m, host = self.model, self.host
        c = plan.controls
        pad = host.px(6)
        size = host.px(17)
        labels = (host.t("cluck.turn_button"), host.t("cluck.place_button"))
        label_w = max(fonts.font(max(14, size), True).size(text)[0] for text in labels)
        # the two buttons side by side at the right, as tall as the row lets them be
        bw = min(label_w + host.px(28), int(c.w * 0.2))
        bh = min(host.px(40), c.h - 2 * pad)
        place = pygame.Rect(c.right - host.px(10) - bw, c.centery - bh // 2, bw, bh)
        turn = place.move(-bw - host.px(8), 0)
        m.play_rects = (turn, place)
        # the title ("Your tiles") in a column at the left, the tiles side by side after it
        m.hand_title = pygame.Rect(c.x + host.px(12), c.y + pad, host.px(112), c.h - 2 * pad)
        slots = HAND_LONG if host.state.options.get("long_road") else HAND_BASIC
        # the line over each tile (its key, number and way up) is shown only when the
        # tiles stay at least 52 design px high under it: the tiles first (issue #27)
        caption_h = round(host.text_px(14) * 1.35)
        with_caption = c.bottom - pad - (c.y + pad + caption_h + host.px(3))
        m.caption_h = caption_h if with_caption >= host.px(52) else 0
        top = c.y + pad + (m.caption_h + host.px(3) if m.caption_h else 0)
        tile_h = max(host.px(24), c.bottom - pad - top)
        left = m.hand_title.right + host.px(10)
        gap = host.px(12)
        room = turn.x - host.px(14) - left
        tile_w = min((room - gap * (slots - 1)) // slots, round(tile_h * 6.5))
        # a tile no squarer than 2.6:1 (its five columns of road stay apart)
        tile_h = min(tile_h, round(tile_w / 2.6))
        top = c.bottom - pad - tile_h - (c.bottom - pad - top - tile_h) // 2
        m.hand_rects = [
            pygame.Rect(left + i * (tile_w + gap), top, tile_w, tile_h) for i in range(slots)
        ]

    # -- the supply block: the chick supply, the road pile, the nest stack -----------------
    def _layout_stock(self) -> None:
        m, px = self.model, self.host.px
        s = m.stock_rect
        line = round(self.host.text_px(14) * 1.35)
        count = round(self.host.text_px(22) * 1.25)
        pic = min(px(52), max(px(28), (s.h - 6 * line - 2 * count) // 4))
        gap = px(10)
        y = s.y + px(8)
        m.supply_title = pygame.Rect(s.x, y, s.w, line)
        m.supply_pos = (s.centerx, y + line + pic // 2)
        m.supply_count = pygame.Rect(s.x, y + line + pic, s.w, count)
        y = m.supply_count.bottom + gap
        m.pile_title = pygame.Rect(s.x, y, s.w, line)
        m.pile_pos = (s.centerx, y + line + pic // 2 + px(4))
        m.pile_count = pygame.Rect(s.x, y + line + pic + px(4), s.w, count)
        y = m.pile_count.bottom + gap
        m.nest_title = pygame.Rect(s.x, y, s.w, line)
        nest_w = s.w - px(16)
        m.nest_rect = pygame.Rect(0, y + line + px(4), nest_w, round(nest_w / 4.2))
        m.nest_rect.centerx = s.centerx
        order_top = m.nest_rect.bottom + px(10)
        m.nest_order = pygame.Rect(s.x + px(6), order_top, s.w - px(12), 0)
        m.nest_order.h = max(0, s.bottom - order_top - px(6))

    # -- the ladder --------------------------------------------------------------------------
    def target_row_h(self, more: int = 0) -> float:
        """The rows' height where they belong (with ``more`` rows laid than now)."""
        m = self.model
        _, _, goal = m.rows()
        if m.table.goal.pinned:
            goal = max(goal, math.ceil(m.table.goal.row - 0.01))
        rows = goal + 1 + more
        avail = m.area.height - m.pad_top - m.pad_bottom
        return max(self.host.px(42), min(m.band_w / TILE_ASPECT, avail / rows))

    def max_scroll(self) -> float:
        m = self.model
        _, _, goal = m.rows()
        row_h = min(m.row_h, self.target_row_h())
        full = m.pad_top + (goal + 1) * row_h + m.pad_bottom
        return max(0.0, full - m.area.height)

    def to_screen(self, column: float, y: float) -> tuple[float, float]:
        m = self.model
        return (
            m.band_x + m.col_w * (column + 0.5),
            m.area.y + m.pad_top + y * m.row_h / ROW_HEIGHT - m.scroll,
        )

    def ladder_extent(self) -> pygame.Rect:
        """The box around the ladder as it shows: from the hens standing over START to
        the goal's row (or the board's foot, scrolled), its row labels at the left."""
        m = self.model
        _, _, goal = m.rows()
        first, last = self.band_rect(m.table.start.row), self.band_rect(max(goal, 0))
        top = max(m.area.y, first.y - m.pad_top)
        bottom = min(m.area.bottom, last.bottom)
        return pygame.Rect(m.label_box.x, top, first.right - m.label_box.x, bottom - top)

    def row_labels(self) -> list[tuple[float, str, int | None, float]]:
        """The labels at the ladder's left, as the table draws them: (row, text, the
        seat whose disc it is or None for a plain name, the row's slide dx)."""
        m = self.model.table
        out: list[tuple[float, str, int | None, float]] = []
        if m.start.tile is not None:
            out.append((m.start.row, self.texts.tile_name(m.start.tile), None, m.start.dx))
        out += [(sprite.row, str(sprite.tile), sprite.player, sprite.dx) for sprite in m.roads]
        if m.hidden is not None:
            out.append((m.hidden.row, "?", None, m.hidden.dx))
        if m.goal.tile is not None:
            out.append((m.goal.row, self.texts.tile_name(m.goal.tile), None, m.goal.dx))
        return out

    def row_label_rect(self, row: float, text: str, player: int | None, dx: float) -> pygame.Rect:
        """Where a row's label is drawn: a seat's disc with the tile's number, or the
        tile's name ending ``px(10)`` left of its band, centred on it."""
        band = self.band_rect(row, dx)
        x, y = band.x - self.host.px(10), band.centery
        if player is not None:
            r = self.model.label_r
            disc = pygame.Rect(0, 0, 2 * r, 2 * r)
            disc.center = (x - r, y)
            return disc
        box = pygame.Rect((0, 0), fonts.font(self.model.label_px, True).size(text))
        box.midright = (x, y)
        return box

    def band_rect(self, row: float, dx: float = 0.0) -> pygame.Rect:
        m = self.model
        gap = max(1, self.host.px(2))
        top = m.area.y + m.pad_top + row * m.row_h - m.scroll
        return pygame.Rect(
            round(m.band_x + dx * m.col_w),
            round(top + gap),
            round(m.band_w),
            max(4, round(m.row_h - 2 * gap)),
        )

    def rest_band_h(self) -> int | None:
        """The height of a tile in ``band_rect`` once the rows' height has eased to where
        it belongs; None when it is there."""
        target = self.target_row_h()
        if self.model.row_h == target:
            return None
        gap = max(1, self.host.px(2))
        return max(4, round(target - 2 * gap))

    def ahead_band_h(self) -> int | None:
        """The height of a tile in ``band_rect`` once one more row is laid (where the
        next ease of the rows comes to rest: a tile placed, the hidden tile laid), or
        None when that is the height now (a short ladder's rows keep theirs)."""
        gap = max(1, self.host.px(2))
        now = max(4, round(self.target_row_h() - 2 * gap))
        ahead = max(4, round(self.target_row_h(1) - 2 * gap))
        return None if ahead == now else ahead

    def hole_rect(self, column: int) -> pygame.Rect:
        """A START hole, as a person clicks it."""
        x, y = self.to_screen(column, 2)
        rect = pygame.Rect(0, 0, int(self.model.col_w * 0.9), int(self.model.row_h * 0.95))
        rect.center = (int(x), int(y))
        return rect

    def slot_rect(self) -> pygame.Rect:
        return self.band_rect(self.model.table.slot_row)

    def hand_rect(self, index: int) -> pygame.Rect:
        rects = self.model.hand_rects
        return rects[min(index, len(rects) - 1)]

    # -- where things fly between --------------------------------------------------------------
    def anchor(self, anchor: tuple) -> tuple[float, float]:
        m = self.model
        kind = anchor[0]
        if kind == "ladder":
            return self.to_screen(anchor[1], anchor[2])
        if kind == "chicken":
            c = m.table.chickens[anchor[1]]
            if c is None:
                return self.to_screen(2, 2)
            x, y = self.to_screen(c.column, c.y)
            return x, y - m.row_h * 0.55
        if kind == "supply":
            return m.supply_pos
        if kind == "pile":
            return m.pile_pos
        if kind == "nests":
            return m.nest_rect.center
        if kind == "card":
            return self.host.frame.seat_parts(anchor[1]).portrait.center
        if kind == "hand":
            return self._hand_back_pos(anchor[1], anchor[2])
        if kind == "stand":
            return self._stand_pos(anchor[1], anchor[2])
        raise ValueError(anchor)

    def extras_lines(self, extras: pygame.Rect) -> tuple[int, int]:
        """The height of a line of a seat's extras and where its second line starts."""
        line = round(self.host.text_px(14) * 1.3)
        return line, extras.y + line + max(1, (extras.h - 2 * line) // 2)

    def back_size(self, line: int) -> tuple[int, int]:
        return max(6, round(line * 0.62)), max(8, line - 2)

    def hand_back_at(self, extras: pygame.Rect, index: int) -> tuple[float, float]:
        """Where the ``index``-th tile back of a hand lies in a seat's ``extras``."""
        line, _ = self.extras_lines(extras)
        w, _h = self.back_size(line)
        return extras.x + w / 2 + index * (w + self.host.px(3)), extras.y + line / 2

    def _hand_back_pos(self, player: int, index: int) -> tuple[float, float]:
        return self.hand_back_at(self.host.frame.seat_parts(player).extras, index)

    def chick_px(self, line: int) -> int:
        return max(12, round(line * 1.15))

    def stand_at(self, extras: pygame.Rect, player: int, index: int) -> tuple[float, float]:
        """Where the ``index``-th chick on a seat's stand stands (its feet) in ``extras``."""
        line, second = self.extras_lines(extras)
        size = self.chick_px(line)
        count = max(6, self.model.table.stands[player], index + 1)
        step = min(size * 0.9, (extras.w - size) / max(1, count - 1))
        bottom = min(extras.bottom, second + line + self.host.px(2))
        return extras.x + size / 2 + index * step, bottom

    def _stand_pos(self, player: int, index: int) -> tuple[float, float]:
        return self.stand_at(self.host.frame.seat_parts(player).extras, player, index)

    # -- easing ----------------------------------------------------------------------------------
    def settle(self, dt: float, placing: Callable[[], bool]) -> None:
        """Rows, zoom and scroll ease toward where they belong (purely cosmetic);
        ``placing()``: the person is laying a tile (the gap stays in view)."""
        k = 1.0 - math.exp(-dt * 12.0)
        model = self.model
        m = model.table
        row_h = max(1.0, model.row_h)

        def ease(value: float, goal: float, unit: float = row_h) -> float:
            """A step toward ``goal``; there once less than half a pixel (``unit`` px
            apiece) is left, so the ladder stands still (in the still picture) sooner."""
            step = value + (goal - value) * k
            return goal if abs(goal - step) * unit < 0.5 else step

        slot, hidden, goal = model.rows()
        if not m.start.pinned:
            m.start.row = ease(m.start.row, 0)
        for i, tile in enumerate(m.roads):
            if not tile.pinned:
                tile.row = ease(tile.row, i + 1)
        m.slot_row = ease(m.slot_row, slot if slot is not None else goal)
        if m.hidden is not None and hidden is not None and not m.hidden.pinned:  # both or neither
            m.hidden.row = ease(m.hidden.row, hidden)
        if not m.goal.pinned:
            m.goal.row = ease(m.goal.row, goal)
        model.row_h = ease(model.row_h, self.target_row_h(), 1.0)
        focus = self._focus_y(placing)
        area = model.area
        top = area.y + model.pad_top
        if focus is not None:
            y = top + focus - model.scroll_goal
            if y < area.y + model.row_h:
                model.scroll_goal -= area.y + model.row_h - y
            elif y > area.bottom - model.row_h:
                model.scroll_goal += y - (area.bottom - model.row_h)
        model.scroll_goal = max(0.0, min(self.max_scroll(), model.scroll_goal))
        model.scroll = ease(model.scroll, model.scroll_goal, 1.0)
        if model.spin < 1.0:
            model.spin = min(1.0, model.spin + dt * 4.0)

    def _focus_y(self, placing: Callable[[], bool]) -> float | None:
        """What the ladder should keep in view when it is longer than the window."""
        m = self.model.table
        walker = m.chickens[m.walker] if m.walker is not None else None
        if walker is not None:
            return walker.y * self.model.row_h / ROW_HEIGHT
        if placing():
            return (m.slot_row + 0.5) * self.model.row_h
        return None

    def scroll_by(self, amount: float) -> None:
        m = self.model
        m.scroll_goal = max(0.0, min(self.max_scroll(), m.scroll_goal + amount))

    def chick_size(self) -> int:
        """(In steps of 2 px: a size is a picture, rows easing would paint new ones.)"""
        m = self.model
        size = int(min(m.row_h * 0.46, m.col_w * 0.5, self.host.px(46)))
        size = max(theme.MIN_ICON_PX, size - size % 2)
        # a chick is a piece: >= 32 px at 1280x720, scaled (issue #38), in its hole even
        # on a long ladder's short rows (up to 0.8 of a row); even, rounded up
        least = min(math.ceil(CHICK_LEAST * self.host.px(100) / 100), int(m.row_h * 0.8))
        return max(size, least + least % 2)

    def chick_at(
        self, row: float, column: float, hole_above: bool, scale: float = 1.0
    ) -> tuple[float, float, int]:
        """Where a chick in the hole of a tile at ladder ``row`` stands, (x, y, size): the
        middle of its feet and its picture's size."""
        x, sy = self.to_screen(column, row * ROW_HEIGHT + (1 if hole_above else 3))
        s = max(theme.MIN_ICON_PX, int(self.chick_size() * scale))
        return x, sy + s * 0.18, s

    def chick_spot(self, sprite: TileSprite) -> tuple[float, float, int] | None:
        """Where the chick of a road tile as drawn stands (:meth:`chick_at`; None: the
        tile holds no chick)."""
        band = sprite.band
        if not sprite.chick or band is None:
            return None
        column = band.hole_column + sprite.dx
        return self.chick_at(sprite.row, column, band.hole_above, sprite.chick_scale)

    def chick_rects(self) -> list[pygame.Rect]:
        """Every chick on the ladder's road tiles, its picture's box (issue #38: a
        lesson's callout hides none where it can help it)."""
        table = self.model.table
        spots = [self.chick_spot(sprite) for sprite in table.roads + table.leaving]
        return [chick_box(spot) for spot in spots if spot is not None]

    def chicken_size(self, row_h: float | None = None) -> int:
        """At the rows' height now (or at ``row_h``)."""
        m = self.model
        row_h = m.row_h if row_h is None else row_h
        size = int(min(row_h * 0.92, m.col_w * 0.92, self.host.px(96)))
        return max(16, size - size % 4)
