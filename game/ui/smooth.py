"""Anti-aliased drawing for the tables (issue #27: every edge smooth).

``pygame.draw.polygon`` and thick ``pygame.draw.line`` are stair-stepped; these draw the
same shapes with smooth edges: a filled shape is filled, then its outline traced with an
anti-aliased line of the same colour; a thick line is a filled quadrilateral with smooth
edges and round caps. They cost a little more than the plain calls, so they belong in
the pictures a table paints once per layout (the compositor's static layer), not in
what moves every frame.

Points are floats or ints; colours anything pygame takes as an RGB(A) triple.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame
import pygame.gfxdraw

Point = tuple[float, float]
Colour = tuple[int, ...] | pygame.Color


def _ints(points: Sequence[Point]) -> list[tuple[int, int]]:
    return [(round(x), round(y)) for x, y in points]


def polygon(surface: pygame.Surface, colour: Colour, points: Sequence[Point]) -> None:
    """A filled polygon with anti-aliased edges."""
    if len(points) < 3:
        return
    pts = _ints(points)
    pygame.gfxdraw.filled_polygon(surface, pts, colour)
    pygame.gfxdraw.aapolygon(surface, pts, colour)


def outline(surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: float) -> None:
    """A closed polygon's outline ``width`` px wide, smooth, with rounded corners."""
    if len(points) < 2:
        return
    for a, b in zip(points, [*points[1:], points[0]], strict=True):
        line(surface, colour, a, b, width)


def line(
    surface: pygame.Surface,
    colour: Colour,
    start: Point,
    end: Point,
    width: float,
    round_caps: bool = True,
) -> None:
    """A straight line ``width`` px wide with smooth edges (and round ends)."""
    (x1, y1), (x2, y2) = start, end
    half = max(0.5, width / 2)
    if width <= 1.5:
        pygame.draw.aaline(surface, colour, start, end)
        return
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy)
    if length > 0:
        nx, ny = -dy / length * half, dx / length * half
        polygon(
            surface,
            colour,
            [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)],
        )
    if round_caps or length == 0:
        disc(surface, colour, start, half)
        disc(surface, colour, end, half)


def polyline(
    surface: pygame.Surface, colour: Colour, points: Sequence[Point], width: float
) -> None:
    """Connected segments ``width`` px wide, joined and ended round."""
    for a, b in itertools.pairwise(points):
        line(surface, colour, a, b, width)


def arc(
    surface: pygame.Surface,
    colour: Colour,
    centre: Point,
    radius: float,
    start: float,
    stop: float,
    width: float,
) -> None:
    """A piece of a circle's rim ``width`` px wide from angle ``start`` to ``stop``
    (radians, counter-clockwise on the screen as ``pygame.draw.arc``), smooth, ends round."""
    steps = max(2, math.ceil(abs(stop - start) * radius / 6))
    cx, cy = centre
    points = [
        (
            cx + radius * math.cos(start + (stop - start) * i / steps),
            cy - radius * math.sin(start + (stop - start) * i / steps),
        )
        for i in range(steps + 1)
    ]
    polyline(surface, colour, points, width)


def disc(surface: pygame.Surface, colour: Colour, centre: Point, radius: float) -> None:
    """A filled circle with a smooth rim."""
    if radius < 0.5:
        return
    pygame.draw.aacircle(surface, colour, centre, radius)


def ring(
    surface: pygame.Surface, colour: Colour, centre: Point, radius: float, width: float
) -> None:
    """A circle's rim ``width`` px wide, smooth inside and out."""
    if radius < 0.5:
        return
    pygame.draw.aacircle(surface, colour, centre, radius, max(1, round(width)))


def arrowhead(
    surface: pygame.Surface, colour: Colour, tip: Point, towards: Point, size: float
) -> None:
    """A filled triangular arrowhead ``size`` px long, its tip at ``tip``, pointing away
    from ``towards`` (the point the arrow comes from)."""
    dx, dy = tip[0] - towards[0], tip[1] - towards[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    ux, uy = dx / length, dy / length
    base = (tip[0] - ux * size, tip[1] - uy * size)
    half = size * 0.55
    polygon(
        surface,
        colour,
        [
            tip,
            (base[0] - uy * half, base[1] + ux * half),
            (base[0] + uy * half, base[1] - ux * half),
        ],
    )


def supersampled(
    size: tuple[int, int], paint, factor: int = 2, flags: int = pygame.SRCALPHA
) -> pygame.Surface:
    """A picture ``size`` px big painted by ``paint(surface, factor)`` on a surface
    ``factor`` times bigger and smooth-scaled down: for art made of many plain
    primitives (sprites drawn once). Text belongs on the final surface, not in here."""
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * factor, h * factor), flags)
    paint(big, factor)
    return pygame.transform.smoothscale(big, (w, h))


def corner_mask(
    size: tuple[int, int], radius: int, factor: int = 2
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The four corners of a white mask of ``size`` with round corners of ``radius``,
    supersampled ``factor`` times (see :func:`supersampled`), as (piece, where): what
    blending the whole mask with ``BLEND_RGBA_MIN`` changes lies in them, the rest of
    it is white and opaque (issue #38: the whole mask of a 1750 px tile smooth-scaled
    and blended cost ~3 ms a tile at 2560x1440). Corners of ``radius`` + 1 px, even
    where they meet on a small picture."""
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * factor, h * factor), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))  # white all over: the corners fade, not darken
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius * factor)
    c = radius + 1
    cw, ch = min(c, w), min(c, h)
    pieces = []
    for x, y in {(0, 0), (w - cw, 0), (0, h - ch), (w - cw, h - ch)}:
        block = big.subsurface((x * factor, y * factor, cw * factor, ch * factor))
        pieces.append((pygame.transform.smoothscale(block, (cw, ch)), (x, y)))
    return sorted(pieces, key=lambda piece: piece[1])


def soft_shadow(
    size: tuple[int, int], points: Sequence[Point], alpha: int = 90, blur: int = 4
) -> pygame.Surface:
    """A soft shadow of the polygon ``points`` on a transparent picture ``size`` px big:
    the shape filled in black at ``alpha``, painted ``blur`` times smaller and smooth-
    scaled up, so its edge fades over about ``blur`` px. Lay the object over it a little
    up and left of where the shadow falls."""
    w, h = max(1, size[0]), max(1, size[1])
    blur = max(1, blur)
    small = pygame.Surface((max(1, w // blur), max(1, h // blur)), pygame.SRCALPHA)
    sx, sy = small.get_width() / w, small.get_height() / h
    polygon(small, (0, 0, 0, alpha), [(x * sx, y * sy) for x, y in points])
    return pygame.transform.smoothscale(small, (w, h))


def pill(surface: pygame.Surface, colour: Colour, rect: pygame.Rect) -> None:
    """A filled stadium (a rectangle with fully round ends; a circle when square) with
    smooth round ends."""
    if rect.w <= 0 or rect.h <= 0:
        return
    r = min(rect.w, rect.h) / 2
    if rect.w >= rect.h:
        a, b = (rect.x + r, rect.y + r), (rect.right - r, rect.y + r)
        pygame.draw.rect(surface, colour, (round(a[0]), rect.y, round(b[0] - a[0]), rect.h))
    else:
        a, b = (rect.x + r, rect.y + r), (rect.x + r, rect.bottom - r)
        pygame.draw.rect(surface, colour, (rect.x, round(a[1]), rect.w, round(b[1] - a[1])))
    disc(surface, colour, a, r)
    disc(surface, colour, b, r)


def _corner_patch(colour: Colour, radius: int, width: int) -> pygame.Surface:
    """A ``2 * radius`` square holding a circle (``width`` 0) or a ring ``width`` px wide
    in ``colour``, supersampled: its four quadrants are a rounded rectangle's corners."""
    rgba = tuple(pygame.Color(colour))
    key = (rgba, radius, width)
    patch = _PATCHES.get(key)
    if patch is None:
        factor = 4
        side = 2 * radius * factor
        big = pygame.Surface((side, side), pygame.SRCALPHA)
        # the transparent pixels carry the colour too, so the scaled edge has no dark fringe
        big.fill((*rgba[:3], 0))
        centre = (side / 2, side / 2)
        pygame.draw.circle(big, rgba, centre, side / 2, width * factor if width else 0)
        patch = pygame.transform.smoothscale(big, (2 * radius, 2 * radius))
        if len(_PATCHES) > 256:
            _PATCHES.clear()
        _PATCHES[key] = patch
    return patch


_PATCHES: dict[tuple[tuple[int, ...], int, int], pygame.Surface] = {}


def rounded_rect(
    surface: pygame.Surface,
    colour: Colour,
    rect: pygame.Rect | tuple[int, int, int, int],
    radius: int,
    width: int = 0,
) -> None:
    """``pygame.draw.rect(surface, colour, rect, width, border_radius=radius)`` with
    anti-aliased corners: filled when ``width`` is 0, else its edge ``width`` px wide.
    The straight parts are plain rectangles, each corner a supersampled quarter circle
    (or ring) blended on, so it costs little more than the plain call. A translucent
    colour is laid on as one piece (the corners do not show through the sides)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    r = max(0, min(int(radius), rect.w // 2, rect.h // 2))
    width = max(0, int(width))
    if width * 2 >= min(rect.w, rect.h):
        width = 0
    rgba = pygame.Color(colour)
    if r < 2:
        pygame.draw.rect(surface, rgba, rect, width, border_radius=r)
        return
    if rgba.a < 255 and surface.get_flags() & pygame.SRCALPHA:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        rounded_rect(layer, (*rgba[:3], 255), layer.get_rect(), r, width)
        layer.set_alpha(None)
        # scale the layer's alpha by the colour's, keeping its smooth corners
        layer.fill((255, 255, 255, rgba.a), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(layer, rect)
        return
    x, y, w, h = rect
    if width == 0:
        pygame.draw.rect(surface, rgba, (x, y + r, w, h - 2 * r))
        pygame.draw.rect(surface, rgba, (x + r, y, w - 2 * r, r))
        pygame.draw.rect(surface, rgba, (x + r, y + h - r, w - 2 * r, r))
    else:
        pygame.draw.rect(surface, rgba, (x + r, y, w - 2 * r, width))
        pygame.draw.rect(surface, rgba, (x + r, y + h - width, w - 2 * r, width))
        pygame.draw.rect(surface, rgba, (x, y + r, width, h - 2 * r))
        pygame.draw.rect(surface, rgba, (x + w - width, y + r, width, h - 2 * r))
    patch = _corner_patch(rgba, r, min(width, r))
    surface.blit(patch, (x, y), (0, 0, r, r))
    surface.blit(patch, (x + w - r, y), (r, 0, r, r))
    surface.blit(patch, (x, y + h - r), (0, r, r, r))
    surface.blit(patch, (x + w - r, y + h - r), (r, r, r, r))


def panel(
    surface: pygame.Surface,
    fill: Colour,
    rect: pygame.Rect | tuple[int, int, int, int],
    radius: int,
    edge: Colour | None = None,
    width: int = 1,
) -> None:
    """A filled rounded rectangle with an optional edge ``width`` px wide, every corner
    smooth (see :func:`rounded_rect`)."""
    rounded_rect(surface, fill, rect, radius)
    if edge is not None and width > 0:
        rounded_rect(surface, edge, rect, radius, width)
