"""Where the Duck! Duck! Go! table's things lie in the shared frame (the tub and its
board, the hand tray with the cards, the token tray and the buttons: under a long tub,
beside a tall one, see Layout.cut; the piles, the hound board's patterns), the anchors
things fly to; a split tray's sizes and cut are split_tray.py's, the sprites turned to a
heading at the layout's size turned.py's."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import TablePlan, has_bar
from game.scenes.table.replay import BAND_H, STACK_BELOW
from game.ui import fonts, theme, widgets

from . import art
from .geometry import BoardGeometry
from .handtray import HandTray
from .model import DuckModel
from .split_tray import SplitTray
from .tray import (
    BAND_HINT_W,
    BOARD_FILL,
    CARD_ASPECT,
    TrayPlace,
    board_fill,
    place_tray,
    replay_place,
)
from .turned import TurnedSprites

FELT = (214, 230, 236)
FELT_EDGE = (170, 196, 208)
GOLD = (250, 196, 40)
HALO = (255, 236, 120)
SPRITE_SCALE = 1.75  # a duck sprite's width in hex sizes
HOUND_SCALE = 1.95
# the frame's cut (issue #27): a tray under the tub as tall as its cards need, the side
# column a little narrower than the frame's default, so that the tub takes >= 55% of
# the window at every size
TRAY_H = 112
HINT_LINES = 5
SEAT_H = (56, 86)
SEAT_H_TWO_DUCKS = (56, 104)  # two lines of icons: both ducks' pips, then hand and tokens
HOUND_H = 128
SIDE_W = 300
# Duck's seat panels have no score column, so a status line fits a narrower column
# than the frame's floor (and the tub keeps 55% of a 1024x600 window)
SIDE_MIN_PX = 240
DRAWER_SIDE_W = 360  # the side column when it is a drawer over the board (issue #38)
LIFT = 10  # room over a card for it to lift when chosen
TOKEN_STEP = 44
TOKEN_COLUMNS = 3
# the tray beside a tall board (Layout.cut): the column's width (the buttons' and its
# padding), and the least size of the hexes beside the tray, against under it, for it
# to be chosen (a hex 3% smaller does not show; a felt a third empty does)
COLUMN_W = 252
BESIDE_GAIN = 0.97
# the tray as a band in a bottom corner (issue #38, tray.py): a card's least width, the
# row of cards and buttons, a hound pattern's least width, the tab's icon
BAND_CARD_W = 50
BAND_ROW_H = 118
PATTERN_W = 44
TAB_ICON = 22
BUTTON_KEYS = (
    "play",
    "play_two",
    "show",
    "discard",
    "move",
    "hound",
    "done",
    "turn",
    "stay",
    "back",
)


class Layout:
    """The layout's rects (in the model) and what is placed by them."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState], tray: HandTray) -> None:
        self.model = model
        self.host = host
        self.tray = tray  # whether the hand tray is open (issue #38)
        self.split = SplitTray(self)  # the split tray's sizes and cut (issue #38)
        self.turned = TurnedSprites(model)  # the pieces' sprites turned to a heading

    def plan(self, size: tuple[int, int]) -> TablePlan:
        """The shared frame: header, seat panels (and the hound board under them), log,
        and under the tub the hand tray (issue #27: the board first, the tray sized to
        its cards; the side column a little narrower than the frame's default). A tall
        board takes the strip back and lays the tray beside it (:meth:`cut`). The side
        column is a drawer (issue #38) but in a lesson and the hosting window; with
        it, the tray lies on the felt where the board leaves room (tray.py)."""
        shape: dict[str, Any] = {
            "bar_h": TRAY_H,
            "hint_lines": HINT_LINES,
            "seat_h": SEAT_H if self.host.state.per_player == 1 else SEAT_H_TWO_DUCKS,
            "extra_h": HOUND_H if self.host.state.advanced else 0,
            "side_min": SIDE_MIN_PX,
        }
        # issue #38: the seats, the hound board and the log in a drawer
        plan = self.host.plan_frame(size, side_w=SIDE_W, drawer=True, **shape)
        if plan.drawer is None:  # a lesson, the hosting window: their column as it was
            return plan
        # open, the drawer lies over the board: it costs the board nothing to be as wide
        # as the hound's pattern names need (ダッシュ on one line at 1024x600)
        return self.host.plan_frame(size, side_w=DRAWER_SIDE_W, drawer=True, **shape)

    def cut(self, plan: TablePlan) -> None:
        """Place the table's things in the frame's ``plan`` (a new window size).

        The Decision (issue #27, "the board first"): **the hand tray lies on the felt
        beside a tall board.** The frame cuts a strip under the board for the tray; when
        the board's shape leaves side room on the felt instead (the square-ish Bathtub,
        Sink, Paddling Pool, Whirlpool), the strip is given back to the felt, the tray is
        laid as a column at the tub's left (the hint at its top, the cards, the tokens,
        the buttons at its bottom; the piles under it) and the tub is scaled up into the
        height it gains, unless the hexes would come out smaller than :data:`BESIDE_GAIN`
        of their size under the tub: a long board (Canal, Spa, Grand Canal) keeps the
        tray under it; the Duck Pond and the Harbour take the column (at 1280x720 under
        the tub their felt was 31-33% empty). With the seats' drawer the tray lies where
        tray.py's Decision puts it; a replay's controls lie in that room
        (``host.bar_across``: issue #38, its board filled 51% of the window with the
        strip kept). The felt is the board's panel either way (>= 55% of the window)."""
        px = self.host.px
        self.model.header, self.model.rows = plan.header, plan.seats
        self.model.hound_rect, self.model.log_rect = plan.extra, plan.log
        self.model.hound_home = plan.extra
        self.model.tray_rect = None
        self.model.tray_place = None
        coords = self.host.state.board.coords
        if plan.drawer is not None and has_bar(plan):
            self._cut_tray(plan, coords)
            if self.host.bar_across:
                # a replay (issue #38): its controls lie in the tray's room, the board
                # as large as at the table; no tab, nothing to fold (nobody decides)
                self.model.tray_place = None
            self._laid_out()
            return
        under_area = plan.board.inflate(-px(12), -px(12))
        under = BoardGeometry(coords, under_area, px(4))
        felt = pygame.Rect(plan.board.x, plan.board.y, plan.board.w, plan.bar.bottom - plan.board.y)
        column_w = px(COLUMN_W)
        tub = pygame.Rect(felt.x + px(8) + column_w, felt.y, 0, felt.h)
        tub.w = felt.right - tub.x
        beside_area = tub.inflate(-px(12), -px(12))
        beside = BoardGeometry(coords, beside_area, px(4))
        self.model.tray_beside = (
            has_bar(plan)  # a phones-only table has no tray at all (issue #39)
            and not self.host.bar_across
            and beside.size >= under.size * BESIDE_GAIN
        )
        if self.model.tray_beside:
            plan.board.update(felt)
            self.model.board_rect = felt.copy()
            self.model.tub_rect = tub
            self._cut_column(plan, felt, column_w)
            self.model.geo = beside
        else:
            self.model.board_rect = plan.board.copy()
            self.model.tub_rect = plan.board.copy()
            self._cut_strip(plan)
            self.model.geo = under
        if not has_bar(plan):
            self.model.tray_rect = None  # no tokens shown in no tray (issue #39)
        self.model.cards_rise = self.cards_rise() if not self.model.tray_beside else 0
        self._laid_out()

    def _laid_out(self) -> None:
        """After a cut: the hound board's patterns, and the caches of the old size."""
        self.model.pattern_rects = (
            self.pattern_tiles(self.model.hound_rect) if self.model.hound_rect else []
        )
        self.model.rot.clear()
        self.model.preview_cache.clear()
        self.model.targets_key = None
        self.model.background = None  # painted when the table is first drawn
        self.model.touch()

    # -- the tray beside the seats' drawer (issue #38) ---------------------------------------
    def _cut_tray(self, plan: TablePlan, coords) -> None:
        """The felt is the board's panel and the bar's strip together; the tray lies on
        it where the board leaves room (tray.py's Decision), the hexes as large as that
        leaves them; the tray's parts in it (a column or a band), its tab and the piles
        where it folds to."""
        px = self.host.px
        felt = pygame.Rect(plan.board.x, plan.board.y, plan.board.w, plan.bar.bottom - plan.board.y)
        # a replay's controls lie in the tray's room, a band of their own size, not in a
        # top corner: they are drawn over the table's drawer, whose seat panels open there
        replay = self.host.bar_across
        if replay:
            place = replay_place(coords, felt, px, px(COLUMN_W), px(STACK_BELOW), self.host.size)
            plan.bar_lowered = place.room.h < px(BAND_H)  # the Spa (tray.py)
        else:
            place = place_tray(coords, felt, px, px(COLUMN_W), self.band_size())
        if not replay and board_fill(coords, place.geo.size, self.host.size) < BOARD_FILL:
            place = self.split.place(coords, felt) or place  # else the board gives way
        self.model.tray_place = place
        self.model.tray_beside = place.kind == "column"
        self.model.cards_rise = 0
        self.model.hound_rect = None  # in the drawer; in the tray while the hound moves
        plan.board.update(felt)
        self.model.board_rect = felt.copy()
        self.model.geo = place.geo
        if place.kind == "column":
            self.model.tub_rect = pygame.Rect(place.room.right, felt.y, 0, felt.h)
            self.model.tub_rect.w = felt.right - self.model.tub_rect.x
            self._cut_column(plan, felt, place.room.w)
        elif place.aside is not None:
            self.model.tub_rect = felt.copy()
            self.split.cut(plan, place)
        else:
            self.model.tub_rect = felt.copy()
            self._cut_band(plan, place.room)
        self._cut_tab(place)

    def band_size(self) -> tuple[int, int]:
        """The least band the tray's parts fit in: the hint's two lines over a row of
        the cards (a full hand and a card on the table), the token tray (or the hound's
        patterns) and the buttons stacked."""
        px = self.host.px
        cards = self.host.state.hand_size + 1
        cards_w = cards * px(BAND_CARD_W) + (cards - 1) * px(8)
        width = px(16) + cards_w + px(12) + self.buttons_w()
        if self.host.state.advanced:
            width += self.slot_w() + px(12)
        coach_w, coach_h = self.coach_size()
        # the top line: the hint (room for a short instruction), the Coach, the piles
        top_w = px(16) + px(BAND_HINT_W) + coach_w + self.piles_w() + 2 * px(12)
        top_h = max(self.band_hint_h(), coach_h, px(34))
        return max(width, top_w), px(12) + top_h + px(8) + self.band_row_h()

    def band_hint_h(self) -> int:
        return 2 * round(max(theme.MIN_TEXT_PX, self.host.text_px(15)) * 1.3)

    def band_row_h(self) -> int:
        bh = max(self.host.px(36), round(self.host.text_px(16) * 1.9))
        return max(3 * bh + 2 * self.host.px(6), self.host.px(BAND_ROW_H))

    def buttons_w(self) -> int:
        """The action buttons' width: their longest label's (within reason)."""
        px, font = self.host.px, fonts.font(self.host.text_px(16))
        widest = max(font.size(self.host.t(f"duck.button.{k}"))[0] for k in BUTTON_KEYS)
        return min(px(236), max(px(140), widest + px(20)))

    def slot_w(self) -> int:
        """The token tray's width, which holds the hound's four patterns too."""
        px = self.host.px
        label = fonts.font(self.host.text_px(14), True).size(self.host.t("duck.ui.tokens"))
        token_w = max(TOKEN_COLUMNS * px(TOKEN_STEP), label[0] + px(12))
        return max(token_w, 4 * px(PATTERN_W) + 3 * px(8) + px(20))

    def _cut_band(self, plan: TablePlan, room: pygame.Rect) -> None:
        """The tray as a band in a bottom corner: the hint's lines across its top (the
        piles at their end), under them the cards, the token tray and the buttons."""
        px = self.host.px
        plan.bar.update(room)
        self.model.bar = self.model.hand_rect = plan.bar
        inner = room.inflate(-px(16), -px(12))
        gap = px(12)
        piles = pygame.Rect(0, 0, self.piles_w(), px(34))
        piles.topright = inner.topright
        self.model.info_rect = piles
        coach = pygame.Rect((0, 0), self.coach_size())
        coach.topright = (piles.x - gap, inner.y)
        self.model.coach_rect = coach  # the Coach button's place (issue #40), kept for it
        plan.hint.update(inner.x, inner.y, coach.x - gap - inner.x, self.band_hint_h())
        row = pygame.Rect(inner.x, 0, inner.w, 0)
        row.y = max(plan.hint.bottom, piles.bottom, coach.bottom) + px(8)
        row.h = inner.bottom - row.y
        buttons_w = self.buttons_w()
        self.model.buttons_rect = pygame.Rect(row.right - buttons_w, row.y, buttons_w, row.h)
        right = self.model.buttons_rect.x - gap
        if self.host.state.advanced:
            slot_w = self.slot_w()
            self.model.tray_rect = pygame.Rect(right - slot_w, row.y, slot_w, row.h)
            right = self.model.tray_rect.x - gap
        plan.controls.update(row.x, row.y, right - row.x, row.h)
        self.model.cards_rect = plan.controls.copy()
        self.model.cards_top = row.y
        self.model.card_h = row.h - px(LIFT)
        self.model.card_w = round(self.model.card_h * CARD_ASPECT)

    def _cut_tab(self, place: TrayPlace) -> None:
        """The folded tray: its tab at the felt's corner the tray lies in, the piles
        beside it (a column's piles stay where they are)."""
        px = self.host.px
        label = self.tab_label()
        font = fonts.font(self.host.text_px(15), True)
        h = max(px(34), font.get_linesize() + px(10))
        w = font.size(label)[0] + px(TAB_ICON) + px(28)
        tab = pygame.Rect(0, 0, w, h)
        if place.kind == "column":
            piles = self.model.info_rect
            tab.midleft = (piles.right + px(8), piles.centery)
            self.model.piles_shut = piles.copy()
        else:  # in the band's corner of the felt
            corner = ("top" if place.at_top else "bottom") + ("left" if place.at_left else "right")
            setattr(tab, corner, getattr(place.room, corner))
            self.model.piles_shut = self.model.info_rect.copy()
            if place.at_left:
                self.model.piles_shut.midleft = (tab.right + px(8), tab.centery)
            else:
                self.model.piles_shut.midright = (tab.x - px(8), tab.centery)
        self.model.tab_rect = tab

    def coach_size(self) -> tuple[int, int]:
        """The Coach button's size, as the coach's part makes it (its label at 17 px)."""
        px, font = self.host.px, fonts.font(self.host.text_px(17))
        w = max(px(96), font.size(self.host.t("coach.button"))[0] + px(28))
        return w, max(px(36), font.get_linesize() + px(12))

    def coach_place(self, w: int, h: int) -> pygame.Rect:
        """Where the Coach button stands (issue #40): in the tray, in the room kept for
        it (a band's top, left of the piles; a column's foot, right of the piles); the
        bar's bottom right corner where there is no tray on the felt."""
        px = self.host.px
        rect = pygame.Rect(0, 0, w, h)
        place = self.model.tray_place
        if place is None:
            bar = self.host.plan.controls
            rect.bottomright = (bar.right - px(6), bar.bottom - px(6))
        elif place.kind == "column":
            piles = self.model.info_rect
            rect.midleft = (piles.right + px(8), piles.centery)
        else:
            rect.center = self.model.coach_rect.center
        return rect

    def tab_label(self) -> str:
        t = self.host.t
        return f"{t('duck_tray.open')} ({t('duck_tray.key')})"

    def pattern_tiles(self, rect: pygame.Rect) -> list[pygame.Rect]:
        """The hound's four patterns in ``rect`` (the hound board), under its title."""
        px = self.host.px
        top = max(px(30), round(self.host.text_px(15) * 1.3) + px(8))
        tw = (rect.w - px(20) - 3 * px(8)) // 4
        return [
            pygame.Rect(rect.x + px(10) + i * (tw + px(8)), rect.y + top, tw, rect.h - top - px(8))
            for i in range(4)
        ]

    def place_hound(self, hound_moves: bool) -> None:
        """Where the hound board is now: where it lies for good (the side column), else
        in the tray's token slot while the person moves the hound (issue #38: the
        drawer holds it the rest of the time)."""
        rect = self.model.hound_home
        if rect is None and hound_moves and self.model.tray_place is not None:
            rect = self.model.tray_rect
        if rect != self.model.hound_rect:
            self.model.hound_rect = rect
            self.model.pattern_rects = self.pattern_tiles(rect) if rect else []

    def hexes_extent(self) -> pygame.Rect:
        """The box around every hex of the board, as drawn."""
        geo = self.model.geo
        points = [p for q, r in geo.coords for p in geo.corners(q, r)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        left, top = math.floor(min(xs)), math.floor(min(ys))
        return pygame.Rect(left, top, math.ceil(max(xs)) - left, math.ceil(max(ys)) - top)

    def piles_w(self) -> int:
        return self.host.px(130 if self.host.state.advanced else 70)

    def _cut_strip(self, plan: TablePlan) -> None:
        """The tray under the tub, across its width: the hint at the left, the cards,
        the token tray (advanced) and the buttons at the right; the table's piles in the
        tub's bottom-right corner."""
        px = self.host.px
        self.model.bar = self.model.hand_rect = plan.bar
        tray = plan.bar.inflate(-px(16), -px(12))
        gap = px(12)
        button_w = px(236)
        self.model.buttons_rect = pygame.Rect(tray.right - button_w, tray.y, button_w, tray.h)
        right = self.model.buttons_rect.x - gap
        if self.host.state.advanced:
            # two rows: the hand gets the width; as wide as its label (issue #27)
            label = fonts.font(self.host.text_px(14), True).size(self.host.t("duck.ui.tokens"))
            token_w = max(TOKEN_COLUMNS * px(TOKEN_STEP), label[0] + px(12))
            self.model.tray_rect = pygame.Rect(right - token_w, tray.y, token_w, tray.h)
            right = self.model.tray_rect.x - gap
        hint_w = max(px(230), round(tray.w * 0.3))
        plan.hint.update(tray.x, tray.y, hint_w, tray.h)
        plan.controls.update(plan.hint.right + gap, tray.y, right - plan.hint.right - gap, tray.h)
        self.model.cards_rect = plan.controls.copy()
        self.model.cards_top = tray.y
        self.model.card_h = tray.h - px(LIFT)
        self.model.card_w = round(self.model.card_h * CARD_ASPECT)
        self.model.info_rect = pygame.Rect(0, 0, self.piles_w(), px(34))
        self.model.info_rect.bottomright = (
            self.model.board_rect.right - px(10),
            self.model.board_rect.bottom - px(10),
        )

    def _cut_column(self, plan: TablePlan, felt: pygame.Rect, column_w: int) -> None:
        """The tray as a column on the felt at the tub's left, from the felt's top to
        the piles under it: the hint (as many lines as under the tub) at its top, the
        buttons at its bottom, the token tray (advanced) over them, the cards between."""
        px = self.host.px
        piles = pygame.Rect(0, 0, self.piles_w(), px(34))
        piles.bottomleft = (felt.x + px(8), felt.bottom - px(8))
        self.model.info_rect = piles
        column = pygame.Rect(felt.x + px(8), felt.y + px(8), column_w, 0)
        column.h = piles.y - px(8) - column.y
        plan.bar.update(column)
        self.model.bar = self.model.hand_rect = plan.bar
        inner = column.inflate(-px(16), -px(16))
        gap = px(10)
        line = round(max(theme.MIN_TEXT_PX, self.host.text_px(15)) * 1.3)
        plan.hint.update(inner.x, inner.y, inner.w, line * HINT_LINES)
        bh = max(px(36), round(self.host.text_px(16) * 1.9))
        buttons_h = 3 * bh + 2 * px(6)
        self.model.buttons_rect = pygame.Rect(inner.x, inner.bottom - buttons_h, inner.w, buttons_h)
        above = self.model.buttons_rect.y - gap
        if self.host.state.advanced:
            top = self.host.text_px(14) + px(8)
            token_h = top + 2 * px(38) + px(4)
            self.model.tray_rect = pygame.Rect(inner.x, above - token_h, inner.w, token_h)
            above = self.model.tray_rect.y - gap
        plan.controls.update(
            inner.x, plan.hint.bottom + gap, inner.w, above - plan.hint.bottom - gap
        )
        self.model.cards_rect = plan.controls.copy()
        self.model.cards_top = plan.controls.y
        self.model.card_h = plan.controls.h - px(LIFT)
        self.model.card_w = round(self.model.card_h * CARD_ASPECT)

    def background(self) -> widgets.Picture:
        """The tub and its board for this layout, painted once (when first drawn)."""
        if self.model.background is None:
            self.model.background = widgets.paint_picture(
                pygame.Surface(self.host.size), lambda image, _area: self._paint_background(image)
            )
        return self.model.background

    def _paint_background(self, surface: pygame.Surface) -> None:
        """The tub and its board (kept as a picture with the board's icons written
        down: issue #27)."""
        surface.fill(theme.BG)
        tub = self.model.board_rect
        radius = self.host.px(22)
        pygame.draw.rect(surface, FELT, tub, border_radius=radius)
        # bathroom tiles on the wall behind the tub
        tile = max(8, self.host.px(34))
        line = (200, 220, 228)
        clip = surface.get_clip()
        surface.set_clip(tub.inflate(-self.host.px(4), -self.host.px(4)))
        for x in range(tub.x, tub.right, tile):
            pygame.draw.line(surface, line, (x, tub.y), (x, tub.bottom))
        for y in range(tub.y, tub.bottom, tile):
            pygame.draw.line(surface, line, (tub.x, y), (tub.right, y))
        surface.set_clip(clip)
        pygame.draw.rect(surface, FELT_EDGE, tub, width=2, border_radius=radius)
        art.paint_board(surface, self.model.geo, self.host.state.board)

    def cards_rise(self) -> int:
        """How far the hand may rise above the tray over the tub (issue #27: cards as
        large as the room allows): only over the tub's empty margin, where no hex lies
        above the cards and no facing arrow reaches (nearly two hexes from a hex's
        centre), and clear of the piles in the corner."""
        geo, px = self.model.geo, self.host.px
        cards = self.model.cards_rect.inflate(px(16), 0)
        lowest = float(self.model.board_rect.y)
        for q, r in geo.coords:
            x, y = geo.hex_px(q, r)
            if cards.x - geo.size * 1.9 <= x <= cards.right + geo.size * 1.9:
                lowest = max(lowest, y + geo.size * 1.9)
        if cards.colliderect(self.model.info_rect.inflate(0, 10**4)):
            lowest = max(lowest, self.model.info_rect.y - px(6))
        rise = self.model.cards_rect.y - round(lowest) - px(4)
        return max(0, min(rise, px(70)))

    def card_rects(self, count: int, first_gap: bool = False) -> list[pygame.Rect]:
        """Where ``count`` cards lie in the tray: the biggest cards for which a grid of
        them fits (a card on the table, ``first_gap``, is the first of them)."""
        area = self.model.cards_rect.copy()
        # a chosen card lifts into the tray's top padding (no room kept for it), or the
        # hand rises over the tub's empty margin
        area.y -= self.model.cards_rise
        area.h += self.model.cards_rise
        gap = self.host.px(8)
        best: tuple[float, int] = (0.0, 1)
        for cols in range(1, max(1, count) + 1):
            rows = -(-max(1, count) // cols)
            w = min(
                (area.w - gap * (cols - 1)) / cols,
                ((area.h - gap * (rows - 1)) / rows) * CARD_ASPECT,
            )
            if w > best[0]:
                best = (w, cols)
        w, cols = best
        w = max(8, round(min(w, self.host.px(150))))
        h = round(w / CARD_ASPECT)
        rects = []
        for i in range(count):
            row, col = divmod(i, cols)
            rects.append(pygame.Rect(area.x + col * (w + gap), area.y + row * (h + gap), w, h))
        return rects

    def token_rects(self, tray: pygame.Rect, count: int) -> list[pygame.Rect]:
        """The tokens in the tray under its label, ``TOKEN_COLUMNS`` to a row, as big as
        the rows leave room for (never under 24 px: a target a finger can hit)."""
        top = self.host.text_px(14) + self.host.px(8)
        cols = TOKEN_COLUMNS
        rows = max(1, -(-count // cols))
        room = (tray.h - top - (rows - 1) * self.host.px(4)) // rows
        size = max(24, min(self.host.px(38), room))
        step = max(size + self.host.px(4), min(self.host.px(TOKEN_STEP), tray.w // cols))
        return [
            pygame.Rect(
                tray.x + (i % cols) * step,
                tray.y + top + (i // cols) * (size + self.host.px(4)),
                size,
                size,
            )
            for i in range(count)
        ]

    def row_anchor(self, player: int, what: str) -> tuple[float, float]:
        """Where things fly to in a player's panel: 'buoys', 'hand', 'tokens', 'card'; to
        the seat's character on its tile when the seats are a drawer (issue #38)."""
        parts = self.host.frame.seat_parts(player)
        if self.host.plan.drawer is not None:
            return parts.portrait.center
        x, y = parts.extras.x, parts.extras.centery
        if what == "buoys":
            return x + self.host.px(30), y
        if what == "hand":
            return x + self.host.px(100), y
        if what == "tokens":
            return x + self.host.px(150), y
        side = parts.side if parts.side.w else parts.extras
        return side.center

    def piles(self) -> pygame.Rect:
        """Where the table's piles are now: in the tray, or beside its tab when it is
        folded (issue #38)."""
        return self.model.info_rect if self.tray.is_open() else self.model.piles_shut

    def deck_anchor(self) -> tuple[float, float]:
        piles = self.piles()
        return piles.x + self.host.px(20), piles.centery

    def pool_anchor(self) -> tuple[float, float]:
        piles = self.piles()
        return piles.right - self.host.px(20), piles.centery
