"""Duck! Duck! Go!'s hand tray on the felt when the seats are a drawer (issue #38, "the
board takes the table"): where the tray lies so that the tub's hexes take the window
(:func:`place_tray`), and whether it is open or folded to its tab (:class:`HandTray`).

The Decision: **the board first, the tray in the room the board leaves, never over the
board.** The hexes are fitted as large as the felt allows with the tray's room kept
clear of them (and of the pieces standing on them): a column at the felt's left beside
a tall board (Bathtub, Sink, Paddling Pool, Duck Pond, Harbour, Whirlpool), or a band
in a corner that a long board leaves empty, the board pushed to the opposite corner
(the Canal and the Grand Canal run from the top left to the bottom right: the band lies
at the bottom left or the top right). Of those the one with the largest hexes is taken.

Where no room is clear while the board keeps 70% of the window (the layout audit's
``extent_fill``) (the Spa, whose hexes reach every edge of the felt; the Grand Canal with
two ducks each at Larger text), **the hand's cards are drawn smaller, not the board**
(the coordinator's choice for issue #38): the tray splits in two rooms, each in a clear
corner of its own (:class:`SplitSearch`): the hint's lines over the cards and the token
tray in one, the piles over the Coach with the buttons beside them in the other (or,
where the cards and the tokens are too wide for a corner, as five cards with two ducks
each are, the piles and the Coach on a line over the token tray beside the buttons, the
hint over the cards alone); the cards are made smaller 5% of a band's card at a time,
only until both rooms are clear beside a board that fills 70% (of the ways that fit,
the one whose row draws the cards taller, then the larger board), never under the
floor where a card still reads (split_tray.py's ``CARD_FLOOR``: 0.55 of a band's card and
never under 42 px wide; its number, its route's arrows and the circled 1 and 2 of a
card with two routes stay legible in pictures at 1024x600 and 1280x720; only its "x2"
goes, which the circled numbers say too). Nothing of the tray lies over a hex or a
piece: a person deciding must see every hex their card may send their duck to (the
board shows the picked card's route already), and their hand at once. The tokens shrink
with the row (never under 24 px); the hound's patterns lie in the token tray as before,
their routes kept legible (``PATTERN_ART``). Only where no card size fits, the
buttons are made as low as their label's line allows (Larger text). The board keeps one
size all game (a board
that grew and shrank as the tray opened and folded, several times a round, would make
them look for their duck again).

Where even the floor's cards leave no two clear corners (the coordinator's choice, SPA4),
**the hint leaves the tray and is said in the table's header band**, on a lower line under
whose turn it is (the status on the upper line; frame_header.py's ``_paint_hint``: the
instruction whole if it fits, else shortened by its last clauses, never under the text
floor; ``TrayPlace.hint_up``, ``TablePlan.hint_up``): its two lines' room (~54 px) is
freed in the hand's room, the buttons as low as their labels allow. Where the aside with
the buttons is still too wide for a clear corner, **the buttons lie on two rows beside
the cards** (two, then the third under the first; ``TrayPlace.wrap_buttons``) and the
aside holds the piles over the Coach, with the tokens beside them (split_tray.py's
``TRIES``: these ways are tried in that order, each only where the ones before fit
nowhere, so every other table keeps its hint in the tray and looks as it did). The
sizes that called for them: at 1280x720, Larger text, a 70% board leaves two corners of
at most 490x160 and 400x130 px (or 490x130 and 400x160); the hand with the token tray
needed 488x181 (the tray 107 tall for the hound's patterns, under the hint's 54), the
aside with it 509x159 with the hand 316x149: each way 19-21 px short in one corner.
With two ducks each at 1024x600 in English the corners are 332-385 px wide, 108-145
deep, or 641-693x85; the aside with the tokens and the buttons needed 396-406 px. Now
(tools/duck_spa_room.py --now-only --langs en,ja --texts 1.0,1.2,1.4) the Spa's board
fills >= 70% at all 120 tables measured, split at each (least 70.0%, median 70.1% at
every text size; before: 29 tables at 46-52%, least 45.9%, median at Larger text 48.4%;
at Normal text the split alone gave 70-78% at 39 of 40, cards 42-146 px). Only where none
of these ways fits would **the board give way** as before that choice: fitted smaller,
as large as keeps the tray's room clear, the same size all game; no table measured does.
The layout audit's TABLES hold the Spa's advanced game with 4 seats and with two ducks
each (clean at every size, language and text size). With two ducks each its end in
English at 1024x600 laid the result over the board's foot (its six buttons in a row,
~680 px, held by neither clear corner, 691x82 and 380x142): where no room holds the
result's buttons at their usual padding they are padded less (result_panel.py), and it
takes the 691x82 corner, its labels at their size.

A replay's controls are a band of their own (replay.py's): on the Spa it left the board
67-68%; it is lowered until the board keeps 70% (:func:`replay_place`). At the game's
end the folded tray's rooms, and the felt's corners clear of the hexes
(:func:`corner_rooms`), may hold the result panel (it lies beside the board).

The tray is open while the person at this screen decides (their hand always in sight
then) and in a lesson (its steps point at the hand); otherwise it folds to a tab with
the piles, one key (Y) or one click away.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.scenes.table.replay import BAND_H, BAND_LEAST

from .geometry import SQ3, BoardGeometry, unit

# how far past its hex a piece or a facing arrow reaches (hex sizes): kept clear of the tray
REACH = 0.3
SHRINK = 0.99  # each try of a smaller board when the tray's room is not clear yet
SMALLEST = 0.55  # of the felt's largest board: no smaller board is tried for a room
# issue #38's floor: the board's drawn extent fills >= 70% of the window at its shape (the
# layout audit's ``extent_fill``); a tray that leaves less is split (see the Decision)
BOARD_FILL = 0.70
# a replay's controls as a band (issue #38: replay.py's BAND_H, down to its BAND_LEAST
# where the board would give way), lowered this much at a time
REPLAY_BAND_STEP = 2
# a card's width to its height, and the room a band's hint keeps for a short instruction
# (layout.py's band and split_tray.py's split both lay them)
CARD_ASPECT = 0.72
BAND_HINT_W = 300


# the bands in the felt's corners: each kind and where the board is pushed (the
# opposite corner): a band at the bottom left and the board at the top right, ...
CORNERS = (
    ("left", "right", False),
    ("right", "left", False),
    ("top-left", "right", True),
    ("top-right", "left", True),
)


@dataclass
class TrayPlace:
    """Where the tray lies on the felt and the board fitted beside it: ``kind`` is
    "column" (the felt's left), or a band in a corner of the felt: "left" or "right"
    (at the bottom), "top-left" or "top-right"; ``room`` the open tray's rect, clear
    of the board's hexes and what stands on them."""

    kind: str
    room: pygame.Rect
    geo: BoardGeometry
    # a split tray (see the Decision): the buttons, the Coach and the piles in a corner
    # of their own, ``room`` holding the hint, the cards (``card_w`` wide) and the tokens
    aside: pygame.Rect | None = None
    card_w: int = 0
    tokens_aside: bool = False  # the token tray in the aside, not beside the cards
    low_buttons: bool = False  # the aside's buttons as low as their labels allow
    hint_up: bool = False  # the hint said in the table's header band, not in the room
    wrap_buttons: bool = False  # the buttons on two rows beside the cards, not in the aside

    @property
    def rooms(self) -> list[pygame.Rect]:
        """The open tray's rooms on the felt: one, or two when it is split."""
        return [self.room] if self.aside is None else [self.room, self.aside]

    @property
    def at_top(self) -> bool:
        """A band in a top corner (the board pushed to the bottom)."""
        return self.kind.startswith("top-")

    @property
    def at_left(self) -> bool:
        """A column, or a band in a left corner."""
        return self.kind in ("column", "left", "top-left")


def extent_units(coords: Iterable[tuple[int, int]]) -> tuple[float, float, float, float]:
    """The box around a board's hexes in board units: (left, top, width, height)."""
    points = [unit(q, r) for q, r in coords]
    left = min(x for x, _ in points) - SQ3 / 2
    top = min(y for _, y in points) - 1.0
    width = max(x for x, _ in points) + SQ3 / 2 - left
    height = max(y for _, y in points) + 1.0 - top
    return left, top, width, height


def fitted(
    coords, area: pygame.Rect, size: float, pad: int, anchor: str, bottom: bool = False
) -> BoardGeometry:
    """The board at hex ``size`` in ``area``: at its top (its bottom if ``bottom``), and
    at its left, right or middle (``anchor``)."""
    _l, _t, width, height = extent_units(coords)
    box = pygame.Rect(0, 0, math.ceil(width * size + 2 * pad), math.ceil(height * size + 2 * pad))
    box.h = min(box.h, area.h)
    box.w = min(box.w, area.w)
    if anchor == "left":
        box.topleft = area.topleft
    elif anchor == "right":
        box.topright = area.topright
    else:
        box.midtop = area.midtop
    if bottom:
        box.bottom = area.bottom
    return BoardGeometry(coords, box, pad)


def hex_boxes(geo: BoardGeometry, reach: float = REACH) -> list[pygame.Rect]:
    """Each hex's box on the screen, grown by ``reach`` hex sizes (a duck, an arrow)."""
    s = geo.size
    half_w, half_h = s * (SQ3 / 2 + reach), s * (1 + reach)
    out = []
    for q, r in geo.coords:
        x, y = geo.hex_px(q, r)
        out.append(
            pygame.Rect(round(x - half_w), round(y - half_h), round(2 * half_w), round(2 * half_h))
        )
    return out


def clear_fit(
    coords,
    area: pygame.Rect,
    room: pygame.Rect,
    pad: int,
    anchor: str,
    largest: float,
    bottom: bool = False,
    smallest: float = SMALLEST,
) -> BoardGeometry | None:
    """The largest board (from hex size ``largest`` down) in ``area``, set at ``anchor``
    (and at the bottom if ``bottom``), whose hexes keep clear of ``room``; None if only
    one under ``smallest`` of ``largest`` does."""
    size = largest
    while size >= max(largest * smallest, 1.0):
        geo = fitted(coords, area, size, pad, anchor, bottom)
        if room.collidelist(hex_boxes(geo)) < 0:
            return geo
        size *= SHRINK
    return None


def widen(
    room: pygame.Rect,
    geo: BoardGeometry,
    felt: pygame.Rect,
    inset: int,
    kind: str,
    keep: pygame.Rect | None = None,
) -> None:
    """A band grown along the felt's edge, away from its corner, while it keeps clear
    of the hexes (the cards get the room the board leaves) and of ``keep`` (a split
    tray's other room, a gap away)."""
    boxes = hex_boxes(geo)
    if keep is not None:
        boxes.append(keep.inflate(2 * inset, 2 * inset))
    step = max(4, inset)
    at_left = kind.endswith("left")
    while room.w + step <= felt.w - 2 * inset:
        grown = room.inflate(step, 0)
        if at_left:
            grown.x = room.x
        else:
            grown.right = room.right
        if grown.collidelist(boxes) >= 0:
            return
        room.update(grown)


def place_tray(
    coords,
    felt: pygame.Rect,
    px: Callable[[float], int],
    column_w: int,
    band: tuple[int, int],
    top: bool = True,
) -> TrayPlace:
    """Where the tray lies on ``felt`` (see the module's Decision): a column
    ``column_w`` wide, or a band of ``band`` (width, height) in a corner (a bottom one
    unless ``top``), and the board beside it, clear of the tray's room; the one with
    the largest hexes."""
    inset, pad = px(8), px(4)
    area = felt.inflate(-px(12), -px(12))
    largest = BoardGeometry(coords, area, pad).size
    column = pygame.Rect(felt.x + inset, felt.y + inset, column_w, felt.h - 2 * inset)
    tub = pygame.Rect(column.right, felt.y, felt.right - column.right, felt.h)
    beside = tub.inflate(-px(12), -px(12))
    by_column = BoardGeometry(coords, beside, pad)
    if column.collidelist(hex_boxes(by_column)) >= 0:  # a duck's reach over the column
        # pushed away from it and made smaller until clear: the column lies left of the
        # tub, so a small enough board is clear of it (the loop ends by then)
        clear = clear_fit(coords, beside, column, pad, "right", by_column.size, smallest=0.0)
        assert clear is not None
        by_column = clear
    places = [TrayPlace("column", column, by_column)]
    for kind, anchor, at_top in CORNERS:
        if at_top and not top:
            continue
        room = _band(felt, band, inset, kind)
        geo = clear_fit(coords, area, room, pad, anchor, largest, bottom=at_top)
        if geo is not None:
            widen(room, geo, felt, inset, kind)
            places.append(TrayPlace(kind, room, geo))
    return max(places, key=lambda place: place.geo.size)  # the first of equals: the column


def corner_rooms(
    geo: BoardGeometry, felt: pygame.Rect, inset: int, least: int
) -> list[pygame.Rect]:
    """The rooms in the felt's four corners clear of ``geo``'s hexes and what stands on
    them: in each corner, for each height, the widest (a room a hex stops), each at
    least ``least`` both ways. A split tray's rooms are cut to its parts; the corners
    they lie in often hold more, which the end screen's result may take (issue #38)."""
    inner = felt.inflate(-2 * inset, -2 * inset)
    boxes = hex_boxes(geo)
    out = []
    for top in (True, False):
        # each box's reach from the corner's edge, nearest first: a room as tall as the
        # next box's reach is stopped only by the boxes nearer
        reach = sorted(
            ((b.top - inner.y if top else inner.bottom - b.bottom, b) for b in boxes),
            key=lambda pair: pair[0],
        )
        for left in (True, False):
            rooms: list[pygame.Rect] = []
            heights = sorted({min(d, inner.h) for d, _b in reach if d > 0} | {inner.h})
            for h in heights:
                nearer = [b for d, b in reach if d < h]  # the boxes a room h tall meets
                if left:
                    w = min([b.x for b in nearer] + [inner.right]) - inner.x
                else:
                    w = inner.right - max([b.right for b in nearer] + [inner.x])
                if w < least or h < least:
                    continue
                room = pygame.Rect(0, 0, w, h)
                corner = ("top" if top else "bottom") + ("left" if left else "right")
                setattr(room, corner, getattr(inner, corner))
                if rooms and rooms[-1].w == w:
                    rooms[-1] = room  # as wide and taller
                else:
                    rooms.append(room)
            out += rooms
    return out


def board_fill(coords, size: float, window: tuple[int, int]) -> float:
    """How much of ``window`` the board's hexes at hex ``size`` fill at their shape (the
    layout audit's ``extent_fill`` of the drawn extent, issue #38)."""
    _l, _t, width, height = extent_units(coords)
    return max(width * size / window[0], height * size / window[1]) ** 2


def replay_place(
    coords,
    felt: pygame.Rect,
    px: Callable[[float], int],
    column_w: int,
    width: int,
    window: tuple[int, int],
) -> TrayPlace:
    """Where a replay's controls lie (issue #38): a band ``width`` wide in a bottom
    corner, replay.py's ``BAND_H`` tall; where its board would fill less than
    :data:`BOARD_FILL` of ``window`` (the Spa: 67-68%), lower, :data:`REPLAY_BAND_STEP`
    at a time down to its ``BAND_LEAST`` (its pictures lower, the timeline over
    them as before), the first that leaves the board its 70%; else the
    band's own place."""
    first = place_tray(coords, felt, px, column_w, (width, px(BAND_H)), top=False)
    if board_fill(coords, first.geo.size, window) >= BOARD_FILL:
        return first
    for h in range(BAND_H - REPLAY_BAND_STEP, BAND_LEAST - 1, -REPLAY_BAND_STEP):
        place = place_tray(coords, felt, px, column_w, (width, px(h)), top=False)
        if board_fill(coords, place.geo.size, window) >= BOARD_FILL:
            return place
    return first


class SplitSearch:
    """Where a split tray lies (the Decision): the hand's room and the aside's in two
    corners of ``felt``, both clear of the hexes and what stands on them, with a board
    that fills >= :data:`BOARD_FILL` of ``window``. The boards tried (each anchor, from
    the felt's largest down 1% at a time to the floor) and their hexes' boxes are made
    once; :meth:`place` is asked again for each smaller card."""

    def __init__(self, coords, felt: pygame.Rect, px: Callable[[float], int], window) -> None:
        self.felt = felt
        self.inset = px(8)
        area = felt.inflate(-px(12), -px(12))
        pad = px(4)
        size = BoardGeometry(coords, area, pad).size
        least = size * math.sqrt(BOARD_FILL / board_fill(coords, size, window)) * 1.0001
        sizes = []
        while size > least:
            sizes.append(size)
            size *= SHRINK
        self.boards: list[tuple[BoardGeometry, list[pygame.Rect]]] = []
        for size in [*sizes, least] if least <= sizes[0] else []:  # the floor's board last
            for anchor, bottom in ANCHORS:
                geo = fitted(coords, area, size, pad, anchor, bottom)
                self.boards.append((geo, hex_boxes(geo)))

    def place(self, hand: tuple[int, int], aside: tuple[int, int]) -> TrayPlace | None:
        """The largest board with a ``hand`` (width, height) room and an ``aside`` room
        each in a corner of its own, clear of it; None if no board at the floor has
        them. The hand's room grows along the felt's edge as a band does (:func:`widen`)."""
        for geo, boxes in self.boards:  # the largest board first
            for (kind, _anchor, _top), (other, _a, _t) in itertools.permutations(CORNERS, 2):
                room = _band(self.felt, hand, self.inset, kind)
                side = _band(self.felt, aside, self.inset, other)
                if room.colliderect(side.inflate(2 * self.inset, 2 * self.inset)):
                    continue
                if room.collidelist(boxes) >= 0:
                    continue
                if side.collidelist(boxes) >= 0:
                    continue
                widen(room, geo, self.felt, self.inset, kind, keep=side)
                return TrayPlace(kind, room, geo, side)
        return None


# the board's places in the felt for a split tray: at its left, right or middle, at
# the felt's top or its bottom
ANCHORS = [(a, b) for a in ("left", "right", "middle") for b in (False, True)]


def _band(felt: pygame.Rect, band: tuple[int, int], inset: int, kind: str) -> pygame.Rect:
    room = pygame.Rect(0, 0, min(band[0], felt.w - 2 * inset), min(band[1], felt.h - 2 * inset))
    inner = felt.inflate(-2 * inset, -2 * inset)
    corner = kind if kind.startswith("top-") else f"bottom{kind}"
    setattr(room, corner.replace("-", ""), getattr(inner, corner.replace("-", "")))
    return room
