"""Where the tub's hexes are on screen: the rules' axial (q, r), drawn pointy-top.

Positions of pieces are kept in *board units* (a hex of size 1 centred on axial (0, 0)
at the origin), so a tween keeps its meaning when the window is resized; the
:class:`BoardGeometry` of the current layout turns them into pixels. Headings are the
rules' sides 0-5 (0 east, counter-clockwise): a heading ``f`` is the screen angle
``60 * f`` degrees, which is also how far pygame must rotate a sprite drawn facing east.
"""

from __future__ import annotations

import math

import pygame

SQ3 = math.sqrt(3.0)


def unit(q: float, r: float) -> tuple[float, float]:
    """Board units of axial (q, r)."""
    return SQ3 * (q + r / 2.0), 1.5 * r


def heading_angle(side: int) -> float:
    return 60.0 * (side % 6)


def direction(angle: float) -> tuple[float, float]:
    """A screen unit vector for an angle in degrees (counter-clockwise, y down)."""
    rad = math.radians(angle)
    return math.cos(rad), -math.sin(rad)


class BoardGeometry:
    """Fits a board's hexes into ``area`` (centred, as large as fits)."""

    def __init__(self, coords, area: pygame.Rect, pad: float):
        points = [unit(q, r) for q, r in coords]
        min_x = min(x for x, _ in points) - SQ3 / 2
        max_x = max(x for x, _ in points) + SQ3 / 2
        min_y = min(y for _, y in points) - 1.0
        max_y = max(y for _, y in points) + 1.0
        self.area = area
        self.size = max(
            4.0,
            min(
                (area.width - 2 * pad) / (max_x - min_x), (area.height - 2 * pad) / (max_y - min_y)
            ),
        )
        self.ox = area.centerx - (min_x + max_x) / 2 * self.size
        self.oy = area.centery - (min_y + max_y) / 2 * self.size
        self.coords = frozenset(coords)

    def px(self, x: float, y: float) -> tuple[float, float]:
        """Pixels of a point in board units."""
        return self.ox + x * self.size, self.oy + y * self.size

    def hex_px(self, q: float, r: float) -> tuple[float, float]:
        return self.px(*unit(q, r))

    def corners(self, q: float, r: float, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.hex_px(q, r)
        radius = self.size * scale
        return [
            (
                cx + radius * math.cos(math.radians(30 + 60 * i)),
                cy - radius * math.sin(math.radians(30 + 60 * i)),
            )
            for i in range(6)
        ]

    def edge_point(self, q: float, r: float, side: int, reach: float = 1.0) -> tuple[float, float]:
        """The middle of a hex's side ``side`` (``reach`` 1), or further out along it."""
        cx, cy = self.hex_px(q, r)
        dx, dy = direction(heading_angle(side))
        d = self.size * SQ3 / 2 * reach
        return cx + dx * d, cy + dy * d

    def hex_at(self, pos) -> tuple[int, int] | None:
        """The board hex under a pixel, or None."""
        x = (pos[0] - self.ox) / self.size
        y = (pos[1] - self.oy) / self.size
        r = y / 1.5
        q = x / SQ3 - r / 2
        hit = _round_axial(q, r)
        return hit if hit in self.coords else None


def _round_axial(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)
