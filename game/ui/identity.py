"""One identity per seat for the whole box (issue #16): seat i has the colour
``theme.SEAT_COLOURS[i]`` and the mark ``SEAT_MARKS[i]`` in every game, so a player who
cannot tell two colours apart still tells two seats apart by shape.

``draw_seat_mark`` draws the mark as a small round badge (a light disc with a dark rim and
the shape in the seat colour, outlined in ink), which reads on any piece and any board;
``badge=False`` draws the outlined shape alone, for panels whose background is light.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.ui import sprites, theme, widgets

SEAT_MARKS = ("circle", "triangle", "square", "diamond", "star", "cross")
SUPERSAMPLE = 4  # drawn this many times bigger, then smoothed down (pygame draws jaggy)
# issue #27: a mark a person reads to tell whose thing it is is an icon, 16 px at least
MIN_MARK_PX = 16


def seat_mark(seat: int) -> str:
    """The name of seat ``seat``'s mark (seats past the sixth wrap round)."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def mark_points(mark: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of ``mark`` fitting a circle of radius ``r`` round (cx, cy); a circle is
    given as a 48-gon so every mark is one polygon."""

    def polar(radius: float, degrees: float) -> tuple[float, float]:
        a = math.radians(degrees)
        return cx + radius * math.cos(a), cy + radius * math.sin(a)

    if mark == "circle":
        return [polar(r * 0.86, i * 7.5) for i in range(48)]
    if mark == "triangle":  # point up
        return [polar(r, a) for a in (-90, 30, 150)]
    if mark == "square":
        return [polar(r * 1.04, a) for a in (-135, -45, 45, 135)]
    if mark == "diamond":
        return [polar(r * 1.08, a) for a in (-90, 0, 90, 180)]
    if mark == "star":
        return [polar(r * (1.0 if i % 2 == 0 else 0.45), -90 + i * 36) for i in range(10)]
    if mark == "cross":  # a plus sign, arms a third of the width
        a, b = r * 0.9, r * 0.32
        return [
            (cx - b, cy - a),
            (cx + b, cy - a),
            (cx + b, cy - b),
            (cx + a, cy - b),
            (cx + a, cy + b),
            (cx + b, cy + b),
            (cx + b, cy + a),
            (cx - b, cy + a),
            (cx - b, cy + b),
            (cx - a, cy + b),
            (cx - a, cy - b),
            (cx - b, cy - b),
        ]
    raise ValueError(f"unknown seat mark {mark!r}")


def seat_mark_image(seat: int, size: int, badge: bool = True) -> pygame.Surface:
    """Seat ``seat``'s mark, ``size`` pixels square (cached)."""
    return _mark_image(seat % len(SEAT_MARKS), max(6, int(size)), badge)


@lru_cache(maxsize=512)
def _mark_image(seat: int, size: int, badge: bool) -> pygame.Surface:
    big = size * SUPERSAMPLE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    line = max(1, round(big * 0.07))
    if badge:
        pygame.draw.circle(surf, theme.INK, (c, c), c)
        pygame.draw.circle(surf, theme.INK_LIGHT, (c, c), c - line)
        r = c * 0.62
    else:
        r = c - line
    points = mark_points(seat_mark(seat), c, c, r)
    pygame.draw.polygon(surf, theme.seat_colour(seat), points)
    pygame.draw.polygon(surf, theme.INK, points, line)
    image = pygame.transform.smoothscale(surf, (size, size))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return image


def mark_px(size: float) -> int:
    """The side of a mark asked ``size`` pixels across: the floor of issue #27."""
    return max(MIN_MARK_PX, round(size))


def draw_seat_mark(
    surface: pygame.Surface,
    seat: int,
    center: tuple[float, float],
    size: float,
    badge: bool = True,
) -> pygame.Rect:
    """Draw seat ``seat``'s mark centred on ``center``, ``size`` pixels across (never
    under :data:`MIN_MARK_PX`); returns where it went."""
    image = seat_mark_image(seat, mark_px(size), badge)
    return widgets.draw_icon(surface, image, center, f"mark:{seat}", anchor="center")


def marked_sprite(
    name: str, size: int, seat: int, spot: tuple[float, float], mark: float
) -> pygame.Surface:
    """Sprite ``name`` (``size`` pixels square) with seat ``seat``'s badge at ``spot``
    (fractions of the size) and ``mark`` (a fraction of the size) across; cached."""
    return _marked_sprite(name, size, seat % len(SEAT_MARKS), spot, mark)


@lru_cache(maxsize=256)
def _marked_sprite(
    name: str, size: int, seat: int, spot: tuple[float, float], mark: float
) -> pygame.Surface:
    image = sprites.svg(name, size).copy()
    draw_seat_mark(image, seat, (size * spot[0], size * spot[1]), size * mark)
    return image


def reset() -> None:
    """Forget cached images (converted for a display that a new App replaces)."""
    _mark_image.cache_clear()
    _marked_sprite.cache_clear()
