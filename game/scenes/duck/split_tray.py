"""Duck! Duck! Go!'s split tray (issue #38, tray.py's Decision): where the tray at its
usual card size leaves the board under 70% of the window (the Spa), the hand's room (the
hint's lines over the cards, and the token tray) and the aside (the piles, the Coach, the
buttons, with two ducks each the token tray too) lie in two clear corners of the felt,
the cards only as small as the board needs, down to a floor that still reads. Its sizes
and its cut, apart from layout.py (which asks it, and which it asks for the sizes of the
parts a band shares) so that each module stays a size a person reads whole."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import TablePlan
from game.ui import fonts, theme

from .model import DuckModel
from .tray import BAND_HINT_W, CARD_ASPECT, SplitSearch, TrayPlace

# a split tray's cards are made smaller 5% of a band's card at a time, down to the floor
# where a card still reads (its number, its route's arrows and the ①② of a card with two
# routes, looked at in pictures at 1024x600 and 1280x720 in both languages): 0.55 of a
# band's card, and never under 42 px wide
SPLIT_STEP = 0.05
CARD_FLOOR = 0.55
CARD_FLOOR_PX = 42
# a hound pattern's route in a split tray's token tray, at least this share of its
# tile's width tall (in a band at 1024x600 in Japanese, 0.83; a split's lower row had
# left it 3 px, its name's two lines took the tile)
PATTERN_ART = 0.6
# the split tray's ways, tried in turn until one leaves the board its 70% (tray.py's
# Decision): (the buttons as low as their labels allow, the hint said in the header band,
# the buttons on two rows beside the cards)
TRIES = ((False, False, False), (True, False, False), (True, True, False), (True, True, True))


class TrayParts(Protocol):
    """What a split tray asks of the table's layout (layout.py's Layout): its model and
    host, and the sizes of the parts it shares with a band."""

    model: DuckModel
    host: TableHost[DuckState]

    def slot_w(self) -> int: ...

    def buttons_w(self) -> int: ...

    def piles_w(self) -> int: ...

    def band_row_h(self) -> int: ...

    def band_hint_h(self) -> int: ...

    def coach_size(self) -> tuple[int, int]: ...


class SplitTray:
    """The split tray's sizes (each card size it tries, its two rooms) and its cut."""

    def __init__(self, parts: TrayParts) -> None:
        self.parts = parts

    @property
    def host(self) -> TableHost[DuckState]:
        return self.parts.host

    @property
    def model(self) -> DuckModel:
        return self.parts.model

    def band_card_w(self) -> int:
        """A band's card width: its cards fill the row the stacked buttons make."""
        return round(self.parts.band_row_h() * CARD_ASPECT)

    def card_floor(self) -> int:
        """The narrowest card a split tray makes (see :data:`CARD_FLOOR`)."""
        return max(round(self.band_card_w() * CARD_FLOOR), CARD_FLOOR_PX)

    def card_widths(self) -> list[int]:
        """The card widths a split tray tries, a band's first, each 5% of it smaller,
        the floor last."""
        band, floor = self.band_card_w(), self.card_floor()
        widths = [band]
        while round(widths[-1] - band * SPLIT_STEP) > floor:
            widths.append(round(widths[-1] - band * SPLIT_STEP))
        return widths + [floor] if widths[-1] > floor else widths

    def place(self, coords, felt: pygame.Rect) -> TrayPlace | None:
        """The split tray with the largest cards that leaves the board its 70% (the
        largest board at those cards); None if even at the floor none does. At each
        card size the token tray is tried beside the cards first, then in the other
        room with the piles, the Coach and the buttons (five cards and the tokens are
        wider than the Spa's corners, the hand alone is not: two ducks each)."""
        search = SplitSearch(coords, felt, self.host.px, self.host.size)
        ways = (False, True) if self.host.state.advanced else (False,)
        # the buttons as tall as a band's first; only where no card size fits, as low
        # as their label's line allows (Larger text: the Spa's shallower corner); only
        # where still none fits, the hint said in the header band (its lines' room
        # freed) and the buttons as low; then, the aside too wide with them, the buttons
        # on two rows beside the cards (:data:`TRIES`)
        for low, hint_up, wrap in TRIES:
            for card_w in self.card_widths():
                found = []
                for tokens_aside in ways:
                    hand = self.hand_size(card_w, tokens_aside, hint_up, wrap)
                    place = search.place(hand, self.aside_size(tokens_aside, low, wrap))
                    if place is not None:
                        place.card_w, place.tokens_aside = card_w, tokens_aside
                        place.low_buttons, place.hint_up = low, hint_up
                        place.wrap_buttons = wrap
                        found.append(place)
                if found:  # the way with the taller row (the cards drawn larger), then
                    # the larger board
                    return max(
                        found,
                        key=lambda p: (self.row_h(card_w, p.tokens_aside), p.geo.size),
                    )
        return None

    def slot_least_h(self) -> int:
        """The token tray's least height in a split tray: two rows of the least tokens
        (24 px) under its label, and the hound's patterns (they lie there while the
        hound moves: each tile's name on two lines under its route, drawn at least
        :data:`PATTERN_ART` of the tile's width tall)."""
        px = self.host.px
        tokens = self.host.text_px(14) + px(8) + 2 * 24 + px(4)
        tile_w = (self.parts.slot_w() - px(20) - 3 * px(8)) // 4  # as pattern_tiles lays them
        name = 2 * round(theme.MIN_TEXT_PX * 1.15)  # art.pattern_tile's two lines
        tile_h = round(tile_w * PATTERN_ART) + name + 2 * max(3, tile_w // 14)
        top = max(px(30), round(self.host.text_px(15) * 1.3) + px(8))  # its title
        return max(tokens, top + tile_h + px(8))

    def row_h(self, card_w: int, tokens_aside: bool = False) -> int:
        """The split hand's row: the cards' height, and as tall as the token tray
        needs when it lies beside them."""
        row = round(card_w / CARD_ASPECT)
        if not self.host.state.advanced or tokens_aside:
            return row
        return max(row, self.slot_least_h())

    def hand_size(
        self, card_w: int, tokens_aside: bool = False, hint_up: bool = False, wrap: bool = False
    ) -> tuple[int, int]:
        """The split hand's room with cards ``card_w`` wide: the hint's two lines over a
        row of the cards (a full hand and a card on the table) and the token tray
        (unless ``tokens_aside``); with ``hint_up`` the hint is said in the header band
        (tray.py's Decision), the row alone; with ``wrap`` the buttons beside the row,
        on two rows (:meth:`wrapped_buttons`)."""
        px = self.host.px
        count = self.host.state.hand_size + 1
        row_w = count * card_w + (count - 1) * px(8)
        if self.host.state.advanced and not tokens_aside:
            row_w += px(12) + self.parts.slot_w()
        row_h = self.row_h(card_w, tokens_aside)
        if wrap:
            buttons_w, buttons_h = self.wrapped_buttons()
            row_w += px(12) + buttons_w
            row_h = max(row_h, buttons_h)
        width = px(16) + (row_w if hint_up else max(row_w, px(BAND_HINT_W)))
        hint = 0 if hint_up else self.parts.band_hint_h() + px(8)
        return width, px(12) + hint + row_h

    def _button_h(self, low: bool = False) -> int:
        """A button as tall as a band's, or (``low``) as its label's line and a little
        room allow (never under a band's least)."""
        if low:
            line = fonts.font(self.host.text_px(16)).get_linesize()
            return max(self.host.px(36), line + self.host.px(6))
        return max(self.host.px(36), round(self.host.text_px(16) * 1.9))

    def wrapped_buttons(self) -> tuple[int, int]:
        """The three buttons on two rows (two, then one), as low as their labels allow:
        their room's width and height (a wrapped split tray's, beside its cards)."""
        gap = self.host.px(6)
        return 2 * self.parts.buttons_w() + gap, 2 * self._button_h(True) + gap

    def _buttons_h(self, low: bool = False) -> int:
        """Three buttons stacked: as tall as a band's, or (``low``) as their label's
        line and a little room allow (never under a band's least)."""
        return 3 * self._button_h(low) + 2 * self.host.px(6)

    def _top_line(self) -> tuple[int, int]:
        """The piles with the Coach beside them, on one line (over the token tray)."""
        coach_w, coach_h = self.parts.coach_size()
        return self.parts.piles_w() + self.host.px(8) + coach_w, max(self.host.px(34), coach_h)

    def aside_size(
        self, tokens: bool = False, low: bool = False, wrap: bool = False
    ) -> tuple[int, int]:
        """The split tray's other room: the piles over the Coach, the buttons stacked
        beside them; with the ``tokens``, the piles and the Coach on one line over the
        token tray; with ``wrap`` no buttons (they lie beside the cards): the piles over
        the Coach, the ``tokens`` beside them where the buttons were."""
        px = self.host.px
        coach_w, coach_h = self.parts.coach_size()
        if wrap:
            left_w = max(self.parts.piles_w(), coach_w)
            left_h = px(34) + px(8) + coach_h
            if not tokens:
                return px(12) + left_w + px(12), px(8) + left_h
            width = px(12) + left_w + px(12) + self.parts.slot_w()
            return width, px(8) + max(left_h, self.slot_least_h())
        if tokens:
            line_w, line_h = self._top_line()
            left_w = max(line_w, self.parts.slot_w())
            left_h = line_h + px(8) + self.slot_least_h()
        else:
            left_w = max(self.parts.piles_w(), coach_w)
            left_h = px(34) + px(8) + coach_h
        width = px(12) + left_w + px(12) + self.parts.buttons_w()
        return width, px(8) + max(left_h, self._buttons_h(low))

    def cut(self, plan: TablePlan, place: TrayPlace) -> None:
        """The split tray: in its room the hint's lines over the cards and the token
        tray; in the aside the piles over the Coach, the buttons beside them (with the
        tokens there: the piles and the Coach on one line over the token tray)."""
        px = self.host.px
        room, aside = place.room, place.aside
        assert aside is not None
        plan.bar.update(room)
        self.model.bar = self.model.hand_rect = plan.bar
        inner = room.inflate(-px(16), -px(12))
        if place.hint_up:  # said in the header band (tray.py's Decision)
            plan.hint.update(inner.x, inner.y, 0, 0)
            plan.hint_up = True
            row = pygame.Rect(inner.x, inner.y, inner.w, 0)
        else:
            plan.hint.update(inner.x, inner.y, inner.w, self.parts.band_hint_h())
            row = pygame.Rect(inner.x, plan.hint.bottom + px(8), inner.w, 0)
        row.h = inner.bottom - row.y
        right = row.right
        if place.wrap_buttons:  # on two rows at the row's right (tray.py's Decision)
            buttons_w, buttons_h = self.wrapped_buttons()
            self.model.buttons_rect = pygame.Rect(row.right - buttons_w, row.y, buttons_w, 0)
            self.model.buttons_rect.h = min(buttons_h, row.h)
            right = self.model.buttons_rect.x - px(12)
            row.h = min(row.h, self.row_h(place.card_w, place.tokens_aside))
        if self.host.state.advanced and not place.tokens_aside:
            slot_w = self.parts.slot_w()
            self.model.tray_rect = pygame.Rect(right - slot_w, row.y, slot_w, row.h)
            right = self.model.tray_rect.x - px(12)
        plan.controls.update(row.x, row.y, right - row.x, row.h)
        self.model.cards_rect = plan.controls.copy()
        self.model.cards_top = row.y
        self.model.card_h = row.h
        self.model.card_w = round(row.h * CARD_ASPECT)
        side = aside.inflate(-px(12), -px(8))
        left_right = side.right  # the left part's right: the buttons' left, if they lie here
        if not place.wrap_buttons:
            buttons_w = self.parts.buttons_w()
            self.model.buttons_rect = pygame.Rect(side.right - buttons_w, side.y, buttons_w, side.h)
            left_right = self.model.buttons_rect.x - px(12)
        piles = pygame.Rect(side.x, side.y, self.parts.piles_w(), px(34))
        self.model.info_rect = piles
        coach = pygame.Rect((0, 0), self.parts.coach_size())
        if place.wrap_buttons:  # the piles over the Coach, the tokens beside them
            coach.topleft = (side.x, piles.bottom + px(8))
            if place.tokens_aside:
                slot_w = self.parts.slot_w()
                self.model.tray_rect = pygame.Rect(side.right - slot_w, side.y, slot_w, side.h)
        elif place.tokens_aside:
            coach.midleft = (piles.right + px(8), piles.centery)
            top = max(piles.bottom, coach.bottom) + px(8)
            left_w = left_right - side.x
            self.model.tray_rect = pygame.Rect(side.x, top, left_w, side.bottom - top)
        else:
            coach.topleft = (side.x, piles.bottom + px(8))
        self.model.coach_rect = coach  # the Coach button's place (issue #40)
