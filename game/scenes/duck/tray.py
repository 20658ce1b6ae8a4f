"""Duck! Duck! Go!'s hand tray on the felt when the seats are a drawer (issue #38, "the
board takes the table"): where the tray lies so that the tub's hexes take the window
(:func:`place_tray`), and whether it is open or folded to its tab (:class:`HandTray`).

The Decision: **the board first, the tray in the room the board leaves.** The hexes are
fitted as large as the felt allows with the tray's room kept clear of them: a column at
the felt's left beside a tall board (Bathtub, Sink, Paddling Pool, Duck Pond, Harbour,
Whirlpool), or a band in a bottom corner that a long board leaves empty (the Canal and
the Grand Canal run from the top left to the bottom right: the band lies at the bottom
left, the board pushed to the top right). Of those the one with the largest hexes is
taken. Only when none keeps the board's drawn extent at :data:`FILL_GOAL` of the window
(the Spa: its hexes reach every edge of the felt; the Canal with the advanced game's
wider tray) is the board fitted at that goal, away from the corner where the open tray
hides the fewest of its hexes (``covers``: the person may fold it then, to see them).

The tray is open while the person at this screen decides (their hand always in sight
then) and in a lesson (its steps point at the hand); otherwise it folds to a tab with
the piles, one key (Y) or one click away.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from .geometry import SQ3, BoardGeometry, unit

# the board's drawn extent at its shape, as the layout audit measures it (issue #38's 70%:
# tools/audit_layout.py's extent_fill), with a hair to spare for the pixels' rounding
FILL_GOAL = 0.71
# how far past its hex a piece or a facing arrow reaches (hex sizes): kept clear of the tray
REACH = 0.3
SHRINK = 0.99  # each try of a smaller board when the tray's room is not clear yet
SMALLEST = 0.55  # of the felt's largest board: no smaller board is tried for a room


@dataclass
class TrayPlace:
    """Where the tray lies on the felt and the board fitted beside it: ``kind`` is
    "column" (the felt's left), "left" or "right" (a band in that bottom corner);
    ``room`` the open tray's rect; ``covers`` the open tray lies over hexes (no room
    was clear of them: it is open only while wanted)."""

    kind: str
    room: pygame.Rect
    geo: BoardGeometry
    covers: bool = False


def extent_units(coords: Iterable[tuple[int, int]]) -> tuple[float, float, float, float]:
    """The box around a board's hexes in board units: (left, top, width, height)."""
    points = [unit(q, r) for q, r in coords]
    left = min(x for x, _ in points) - SQ3 / 2
    top = min(y for _, y in points) - 1.0
    width = max(x for x, _ in points) + SQ3 / 2 - left
    height = max(y for _, y in points) + 1.0 - top
    return left, top, width, height


def goal_size(coords, window: tuple[int, int], goal: float = FILL_GOAL) -> float:
    """The least hex size at which the board's drawn extent fills ``goal`` of the
    window at its own shape (its width or its height that share of the window's)."""
    _l, _t, width, height = extent_units(coords)
    share = math.sqrt(goal)
    return min(share * window[0] / width, share * window[1] / height)


def fitted(coords, area: pygame.Rect, size: float, pad: int, anchor: str) -> BoardGeometry:
    """The board at hex ``size`` in ``area``: at its top, and at its left, right or
    middle (``anchor``)."""
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
    coords, area: pygame.Rect, room: pygame.Rect, pad: int, anchor: str, largest: float
) -> BoardGeometry | None:
    """The largest board (from hex size ``largest`` down) in ``area``, set at ``anchor``,
    whose hexes keep clear of ``room``; None if only a much smaller one does."""
    size = largest
    while size >= largest * SMALLEST:
        geo = fitted(coords, area, size, pad, anchor)
        if room.collidelist(hex_boxes(geo)) < 0:
            return geo
        size *= SHRINK
    return None


def widen(room: pygame.Rect, geo: BoardGeometry, felt: pygame.Rect, inset: int, kind: str) -> None:
    """A band grown along the felt's bottom edge, away from its corner, while it keeps
    clear of the hexes (the cards get the room the board leaves)."""
    boxes = hex_boxes(geo)
    step = max(4, inset)
    while room.w + step <= felt.w - 2 * inset:
        grown = room.inflate(step, 0)
        if kind == "left":
            grown.x = room.x
        else:
            grown.right = room.right
        if grown.collidelist(boxes) >= 0:
            return
        room.update(grown)


def place_tray(
    coords,
    felt: pygame.Rect,
    window: tuple[int, int],
    px: Callable[[float], int],
    column_w: int,
    band: tuple[int, int],
) -> TrayPlace:
    """Where the tray lies on ``felt`` (see the module's Decision): a column
    ``column_w`` wide, or a band of ``band`` (width, height) in a bottom corner, and the
    board beside it; the one with the largest hexes, unless none reaches the goal."""
    inset, pad = px(8), px(4)
    area = felt.inflate(-px(12), -px(12))
    largest = BoardGeometry(coords, area, pad).size
    column = pygame.Rect(felt.x + inset, felt.y + inset, column_w, felt.h - 2 * inset)
    tub = pygame.Rect(column.right, felt.y, felt.right - column.right, felt.h)
    places = [
        TrayPlace("column", column, BoardGeometry(coords, tub.inflate(-px(12), -px(12)), pad))
    ]
    for kind, anchor in (("left", "right"), ("right", "left")):
        room = _band(felt, band, inset, kind)
        geo = clear_fit(coords, area, room, pad, anchor, largest)
        if geo is not None:
            widen(room, geo, felt, inset, kind)
            places.append(TrayPlace(kind, room, geo))
    best = max(places, key=lambda place: place.geo.size)  # the first of equals: the column
    goal = min(goal_size(coords, window), largest)
    if best.geo.size >= goal:
        return best
    # no room clear of the hexes: the board at the goal, pushed away from the corner whose
    # band hides the least of its hexes, the tray over that corner when it is open
    covered = []
    for kind, anchor in (("left", "right"), ("right", "left")):
        room = _band(felt, band, inset, kind)
        geo = fitted(coords, area, goal, pad, anchor)
        hidden = sum(room.clip(b).w * room.clip(b).h for b in hex_boxes(geo, 0.0))
        covered.append((hidden, TrayPlace(kind, room, geo, covers=True)))
    return min(covered, key=lambda hp: hp[0])[1]


def _band(felt: pygame.Rect, band: tuple[int, int], inset: int, kind: str) -> pygame.Rect:
    room = pygame.Rect(0, 0, min(band[0], felt.w - 2 * inset), min(band[1], felt.h - 2 * inset))
    if kind == "left":
        room.bottomleft = (felt.x + inset, felt.bottom - inset)
    else:
        room.bottomright = (felt.right - inset, felt.bottom - inset)
    return room
