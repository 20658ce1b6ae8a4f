"""Everything Duck! Duck! Go! draws from data rather than bitmaps: the cards (from the deck
data, so the art can never disagree with the rules), the hound board's patterns, the tub
and its hexes. Each picture is rendered once per size and kept (see ``_CACHE``).

A card's diagram is drawn with flat-top hexes so that "forward" points up, as on the
printed cards: relative heading k (0 forward, +1 a 60° turn to the left) is the screen
angle 90° + 60°·k. The start hex is lilac with a purple arrow, the route is red (several
routes branch from the start, numbered at their ends), the allowed end facings are green.
"""

from __future__ import annotations

import math

import pygame

from game.rules.duck.data import COLOURS
from game.rules.duck.hexes import flower
from game.ui import fonts, identity, smooth, sprites, theme
from game.ui.widgets import draw_icon, draw_text

from .geometry import SQ3, BoardGeometry, direction

WATER = (112, 186, 228)
WATER_LIGHT = (138, 204, 240)
WATER_EDGE = (64, 132, 182)
CARD_FACE = (255, 252, 243)
CARD_EDGE = (128, 112, 88)
CARD_WATER = (214, 236, 249)
CARD_WATER_EDGE = (196, 222, 238)  # light: the route reads first (issue #27)
START_FILL = (230, 218, 252)
PURPLE = (124, 62, 200)
ROUTE_RED = (212, 42, 42)
ARROW_GREEN = (30, 158, 70)
INK = (38, 40, 52)
# Number bands (DDG-41): the reach of a card sets its band, the band its colour.
BANDS = (
    (8, (64, 168, 190)),
    (20, (82, 170, 92)),
    (36, (232, 160, 40)),
    (46, (224, 96, 60)),
    (54, (160, 84, 190)),
)
BUOY_RGB = {"red": (224, 56, 44), "yellow": (246, 197, 35), "green": (47, 166, 80)}
# flat-top axial steps for relative headings 0..5 (0 = up on the card, counter-clockwise)
CARD_STEPS = ((0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1))

MIN_TEXT = theme.MIN_TEXT_PX
# a text of a picture, drawn by the caller through the text layer (issue #27: every text
# is seen by the layout tests): (text, size, centre in the picture, colour, bold)
Label = tuple[str, int, tuple[float, float], tuple[int, int, int], bool]

_CACHE: dict = {}


def put(surface: pygame.Surface, picture, at: tuple[int, int]) -> None:
    """A picture of this module, ``(image, labels)``, onto ``surface`` with its corner at
    ``at``: the image, then its labels through ``widgets.draw_text``."""
    image, labels = picture
    surface.blit(image, at)
    for text, size, (x, y), colour, bold in labels:
        draw_text(surface, text, size, (at[0] + x, at[1] + y), colour, bold=bold, anchor="center")


def flat(picture) -> pygame.Surface:
    """A picture's image with its labels painted in (for what flies or flips for a
    moment, scaled or turned: never measured at rest)."""
    image, labels = picture
    if not labels:
        return image
    out = image.copy()
    for text, size, centre, colour, bold in labels:
        label = fonts.render(text, size, colour, bold=bold)
        out.blit(label, label.get_rect(center=(round(centre[0]), round(centre[1]))))
    return out


def reset() -> None:
    _CACHE.clear()


def _cached(key, build):
    image = _CACHE.get(key)
    if image is None:
        if len(_CACHE) > 600:
            _CACHE.clear()
        image = _CACHE[key] = build()
    return image


def band_colour(number: int):
    for top, colour in BANDS:
        if number <= top:
            return colour
    return BANDS[-1][1]


# -- small shapes -------------------------------------------------------------------------------
def arrow(surface, colour, start, end, width: int, head: float) -> None:
    """A line with round caps and a triangular head at ``end``, anti-aliased."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    ux, uy = (ex - sx) / length, (ey - sy) / length
    bx, by = ex - ux * head * 0.9, ey - uy * head * 0.9
    smooth.line(surface, colour, (sx, sy), (bx, by), max(1, width))
    smooth.arrowhead(surface, colour, (ex, ey), (sx, sy), head)


def star_points(
    cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -90.0
) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / points)
        out.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return out


def bonk_star(size: int) -> pygame.Surface:
    """The yellow-red star where a duck hits something."""

    def build():
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        smooth.polygon(surf, (200, 40, 30), star_points(c, c, c, c * 0.5, 8))
        smooth.polygon(surf, (255, 214, 60), star_points(c, c, c * 0.72, c * 0.36, 8))
        return surf

    return _cached(("star", size), build)


def facing_wedge(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, tip: int, angle: float
) -> None:
    """A pointer on a duck's ring, the way its beak faces (``angle`` in degrees,
    counter-clockwise from east): a duck's facing decides its route, and the beak alone
    is too small to read at 1024x600 (issue #17)."""
    cx, cy = centre
    rad = math.radians(angle)
    fx, fy = math.cos(rad), -math.sin(rad)  # forwards, on the screen (y down)
    sx, sy = -fy, fx  # sideways
    half = (tip - radius) * 0.75
    base = radius - 1
    points = [
        (cx + fx * tip, cy + fy * tip),
        (cx + fx * base + sx * half, cy + fy * base + sy * half),
        (cx + fx * base - sx * half, cy + fy * base - sy * half),
    ]
    smooth.polygon(surface, (255, 255, 255), points)
    smooth.outline(surface, theme.INK, points, max(1, (tip - radius) * 0.18))


def ring(seat: int, radius: int, width: int) -> pygame.Surface:
    """The seat-colour ring under a duck: edged in ink and white so it reads on a yellow
    duck and on the water alike (its mark is drawn over the duck: ``ring_mark``)."""
    colour = theme.seat_colour(seat)

    def build():
        size = radius * 2 + 6
        c = size // 2

        def paint(surf, k):  # supersampled: the rims smooth, as they were drawn
            centre = (c * k + k // 2, c * k + k // 2)
            pygame.draw.circle(surf, (*colour, 70), centre, radius * k)
            pygame.draw.circle(surf, (*theme.INK, 230), centre, (radius + 2) * k, (width + 4) * k)
            pygame.draw.circle(surf, (255, 255, 255, 240), centre, radius * k, (width + 2) * k)
            pygame.draw.circle(surf, (*colour, 255), centre, (radius - 1) * k, width * k)

        return smooth.supersampled((size, size), paint, 3)

    return _cached(("ring", seat, radius, width), build)


def ring_mark(surface: pygame.Surface, seat: int, center, radius: float) -> None:
    """The seat's mark on the ring of ``radius`` round ``center``, low on its right (over
    the duck, so the duck never hides it): never under the icon floor, and inside the
    duck's hex (a ring is 0.8 of a hex's size: the mark stays within its corners, issue
    #27)."""
    off = radius * 0.5
    identity.draw_seat_mark(
        surface, seat, (center[0] + off, center[1] + off), max(16, round(radius * 0.85))
    )


def shadow(width: int, height: int) -> pygame.Surface:
    def build():
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (0, 0, 0, 60), surf.get_rect())
        return surf

    return _cached(("shadow", width, height), build)


# -- cards and patterns -------------------------------------------------------------------------
def _route_cells(steps) -> list[tuple[int, int, int]]:
    """(q, r, relative heading) of every hex a route enters, on the card's lattice."""
    q = r = k = 0
    cells = []
    for delta in steps:
        k = (k + delta) % 6
        dq, dr = CARD_STEPS[k]
        q, r = q + dq, r + dr
        cells.append((q, r, k))
    return cells


def _lattice(q: float, r: float) -> tuple[float, float]:
    return 1.5 * q, SQ3 * (r + q / 2.0)


def _extent(cells) -> tuple[list[float], list[float]]:
    xs, ys = [], []
    for q, r, _ in cells:
        x, y = _lattice(q, r)
        xs += [x - 1.0, x + 1.0]
        ys += [y - SQ3 / 2, y + SQ3 / 2]
    return xs, ys


def _diagram_area(width: int, height: int) -> pygame.Rect:
    """Where a card of ``width`` x ``height`` draws its routes (under its number band)."""
    top = max(6, round(height * 0.2))
    pad = max(3, width // 16)
    return pygame.Rect(pad, top + pad, width - 2 * pad, height - top - 2 * pad)


# how many times finer a card's diagram is painted before it is scaled down to its size
DIAGRAM_SUPERSAMPLE = 4


def draw_diagram(
    surface: pygame.Surface,
    rect: pygame.Rect,
    routes,
    numbered: bool,
    max_cell: float | None = None,
) -> list[Label]:
    """A card's (or a hound pattern's) routes on a little hex lattice filling ``rect``:
    routes >= 4 px with round caps, arrowheads >= 10 px (issue #27). Painted
    ``DIAGRAM_SUPERSAMPLE`` times finer and scaled down (issue #38: at a card's size the
    lattice's rims and the routes drawn straight onto it came out stair-stepped, the
    hexes' rims a noisy zig-zag). Returns the route numbers as labels (drawn by the
    caller through the text layer), where they are on ``surface``."""
    cells = [(0, 0, 0)]
    paths = []
    for steps, _ in routes:
        path = _route_cells(steps)
        paths.append(path)
        cells.extend(path)
    xs, ys = _extent(cells)
    for (_steps, facings), path in zip(routes, paths, strict=False):
        q, r, turn = path[-1]
        x, y = _lattice(q, r)
        for rel in facings:  # the facing arrows' tips inside the picture, not cut by it
            dx, dy = direction(90 + 60 * (turn + rel))
            xs.append(x + dx * 1.25)
            ys.append(y + dy * 1.25)
    s = min(rect.width / (max(xs) - min(xs)), rect.height / (max(ys) - min(ys)))
    s = min(s, max_cell or rect.width / 3.4)
    # the lattice's middle on the rect's middle, in the rect's own pixels
    cx = rect.width / 2 - (max(xs) + min(xs)) / 2 * s
    cy = rect.height / 2 - (max(ys) + min(ys)) / 2 * s

    def at(q, r):
        x, y = _lattice(q, r)
        return cx + x * s, cy + y * s

    # 5 px at least: smooth edges blend into the water, its solid core is >= 4 px
    width = max(5.0, s * 0.34)
    head = max(10.0, s * 0.55)
    start = at(0, 0)
    # the route numbers' discs: where each route ends, two ends side by side set apart
    numbers: list[tuple[float, float]] = []
    size = max(MIN_TEXT, round(s * 0.62))
    radius = max(size * 0.62, s * 0.42)
    if numbered and len(routes) > 1:
        for path in paths:
            q, r, _ = path[-1]
            x, y = at(q, r)
            for ox, oy in numbers:  # two ends side by side: apart, not over
                if abs(ox - x) < 2 * radius and abs(oy - y) < 2 * radius:
                    x = ox + (2 * radius + 1) * (1 if x >= ox else -1)
            numbers.append((x, y))

    def paint(big: pygame.Surface, k: int) -> None:
        def hexagon(q, r, scale):
            x, y = at(q, r)
            return [
                (
                    (x + s * scale * math.cos(math.radians(60 * i))) * k,
                    (y - s * scale * math.sin(math.radians(60 * i))) * k,
                )
                for i in range(6)
            ]

        def kk(point):
            return (point[0] * k, point[1] * k)

        # a coarse, light lattice: only the hexes the routes cross, on plain water (the
        # route reads first; a full lattice at a card's size is a field of stripes)
        big.fill(CARD_WATER)
        for q, r, _ in set(cells):
            fill = START_FILL if (q, r) == (0, 0) else (238, 247, 253)
            smooth.polygon(big, CARD_WATER_EDGE, hexagon(q, r, 1.0))
            smooth.polygon(big, fill, hexagon(q, r, 0.86))
        for path in paths:
            points = [kk(start)] + [kk(at(q, r)) for q, r, _ in path]
            smooth.polyline(big, ROUTE_RED, points, width * k)
        for (_steps, facings), path in zip(routes, paths, strict=False):
            q, r, turn = path[-1]
            ex, ey = at(q, r)
            for rel in facings:
                dx, dy = direction(90 + 60 * (turn + rel))
                reach = max(s * 1.02, width * 0.5 + head + 2)
                arrow(
                    big,
                    ARROW_GREEN,
                    kk((ex + dx * s * 0.15, ey + dy * s * 0.15)),
                    kk((ex + dx * reach, ey + dy * reach)),
                    max(3, round(width * 0.75)) * k,
                    head * k,
                )
        # the start arrow on top: the duck's heading before the move
        arrow(
            big,
            PURPLE,
            kk((start[0], start[1] + s * 0.55)),
            kk((start[0], start[1] - max(s * 0.75, head))),
            max(3, round(width * 0.8)) * k,
            head * k,
        )
        for x, y in numbers:
            smooth.disc(big, (255, 255, 255), kk((x, y)), radius * k)
            smooth.ring(big, ROUTE_RED, kk((x, y)), radius * k, max(1.5, radius / 5) * k)

    image = smooth.supersampled(rect.size, paint, DIAGRAM_SUPERSAMPLE)
    surface.blit(image, rect)
    return [
        (str(i + 1), size, (rect.x + x, rect.y + y), ROUTE_RED, True)
        for i, (x, y) in enumerate(numbers)
    ]


def card_face(number: int, routes, width: int, height: int, cell: float | None = None):
    """A movement card drawn from its data: number, band colour, the route diagram (with
    hexes ``cell`` pixels across, the same for every card; see :func:`deck_cell`), as
    ``(image, labels)`` (see :func:`put`)."""

    def build():
        radius = max(4, width // 10)
        band = band_colour(number)
        top = pygame.Rect(0, 0, width, max(6, round(height * 0.2)))
        edge = max(1, width // 60)

        def frame(big: pygame.Surface, k: int) -> None:
            """The face, its band and its edge, painted finer (smooth corners, issue #38)."""
            whole = big.get_rect()
            pygame.draw.rect(big, CARD_FACE, whole, border_radius=radius * k)
            pygame.draw.rect(
                big,
                band,
                pygame.Rect(0, 0, whole.w, top.h * k),
                border_top_left_radius=radius * k,
                border_top_right_radius=radius * k,
            )
            pygame.draw.rect(big, CARD_EDGE, whole, width=edge * k, border_radius=radius * k)

        surf = smooth.supersampled((width, height), frame, DIAGRAM_SUPERSAMPLE)
        size = max(MIN_TEXT, round(height * 0.17))
        labels: list[Label] = []
        f = fonts.font(size, True)
        w = f.size(str(number))[0]
        pad = max(4, width // 12)
        labels.append((str(number), size, (pad + w / 2, top.centery + 1), (255, 255, 255), True))
        if len(routes) > 1:
            text = "×" + str(len(routes))
            small = max(MIN_TEXT, round(size * 0.62))
            sw = fonts.font(small, True).size(text)[0]
            if pad + w + 4 + sw <= width - pad:
                labels.append(
                    (text, small, (width - pad - sw / 2, top.centery + 1), (255,) * 3, True)
                )
        area = _diagram_area(width, height)
        labels += draw_diagram(surf, area, routes, numbered=True, max_cell=cell)
        return surf, labels

    return _cached(("card", number, routes, width, height, cell), build)


def card_back(width: int, height: int) -> pygame.Surface:
    return sprites.svg("duck_card_back.svg", width, height)


CARD_BACK = (47, 111, 176)
CARD_BACK_EDGE = (27, 66, 112)
CARD_BACK_INNER = (63, 134, 204)


def hand_icon(size: int) -> pygame.Surface:
    """A seat's hand: two card backs fanned in a square of ``size`` (a card back alone
    is narrower than the 16 px floor at a panel's icon height: issue #27)."""

    def build():
        def paint(surf, k):
            w, h = round(size * 0.62 * k), round(size * 0.9 * k)
            for dx, dy in ((0, 0), (size * k - w, size * k - h)):
                card = pygame.Rect(round(dx), round(dy), w, h)
                radius = max(2, w // 6)
                pygame.draw.rect(surf, CARD_BACK_EDGE, card, border_radius=radius)
                pygame.draw.rect(
                    surf, CARD_BACK, card.inflate(-2 * k, -2 * k), border_radius=radius
                )
                pygame.draw.rect(
                    surf, CARD_BACK_INNER, card.inflate(-w // 3, -h // 3), border_radius=radius // 2
                )

        return smooth.supersampled((size, size), paint, 3)

    return _cached(("hand", size), build)


def card_mini(number: int, width: int, height: int, dim: bool = False):
    """A card as a small chip showing only its number (the players' rows), as
    ``(image, labels)`` (see :func:`put`)."""

    def build():
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = max(3, width // 6)
        rect = surf.get_rect()
        pygame.draw.rect(surf, (236, 232, 224) if dim else CARD_FACE, rect, border_radius=radius)
        band = band_colour(number)
        pygame.draw.rect(
            surf,
            band,
            pygame.Rect(0, 0, width, max(3, height // 5)),
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        size = max(MIN_TEXT, round(min(height * 0.46, width * 0.6)))
        label = (
            str(number),
            size,
            (width / 2, height * 0.6),
            (150, 150, 150) if dim else INK,
            True,
        )
        pygame.draw.rect(surf, CARD_EDGE, rect, width=1, border_radius=radius)
        return surf, [label]

    return _cached(("mini", number, width, height, dim), build)


def pattern_tile(letter: str, name: str, route, width: int, height: int, state: str = ""):
    """A hound-board pattern: its letter, name and diagram, as ``(image, labels)`` (see
    :func:`put`). ``state``: "" plain, "picked" (chosen), "used" (the hound is moving
    it), "off" (not available). The name is never cut: a smaller size down to the
    floor, then two lines (issue #27)."""

    def build():
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        rect = surf.get_rect()
        radius = max(4, width // 9)
        fill = {"picked": (255, 226, 180), "used": (255, 240, 200)}.get(state, (250, 244, 232))
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        pad = max(3, width // 14)
        size = max(MIN_TEXT, round(height * 0.15))
        lines = [name]
        for s_ in range(size, MIN_TEXT - 1, -1):
            if fonts.font(s_).size(name)[0] <= width - 2 * pad:
                size = s_
                break
        else:
            size = MIN_TEXT
            lines = fonts.wrap(name, size, width - 2 * pad)[:2]
        line_h = round(size * 1.15)
        ink = INK if state != "off" else (150, 150, 150)
        labels: list[Label] = []
        y = height - pad - line_h * len(lines) + line_h / 2
        for line in lines:
            labels.append((line, size, (width / 2, y), ink, False))
            y += line_h
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad - line_h * len(lines))
        labels += draw_diagram(surf, area, [route], numbered=False, max_cell=area.height / 3.6)
        badge = max(MIN_TEXT * 0.62, round(height * 0.11))
        centre = (pad + badge, pad + badge)
        smooth.disc(surf, (150, 80, 30), centre, badge)
        letter_size = max(MIN_TEXT, round(badge * 1.5))
        labels.append((letter, letter_size, (centre[0], centre[1] + 1), (255, 255, 255), True))
        edge = {"picked": (232, 110, 60), "used": (232, 110, 60)}.get(state, CARD_EDGE)
        pygame.draw.rect(
            surf, edge, rect, width=3 if state in ("picked", "used") else 1, border_radius=radius
        )
        if state == "off":
            surf.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        return surf, labels

    return _cached(("pattern", letter, name, route, width, height, state), build)


# -- the tub -------------------------------------------------------------------------------------
def paint_board(surface: pygame.Surface, geo: BoardGeometry, board) -> None:
    """The board's hexes (water, life rings, buoys, the drain) onto ``surface``."""
    size = geo.size
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    off = max(2, size * 0.14)
    for q, r in board.coords:
        pts = [(x + off * 0.5, y + off) for x, y in geo.corners(q, r, 1.04)]
        smooth.polygon(shade, (20, 50, 80, 70), pts)
    surface.blit(shade, (0, 0))
    edge_w = max(1, round(size * 0.07))
    for i, (q, r) in enumerate(board.coords):
        kind = board.kind[i]
        outer = geo.corners(q, r, 1.0)
        drain = kind == 3
        smooth.polygon(surface, (150, 172, 190) if drain else WATER, outer)
        smooth.polygon(surface, (196, 212, 224) if drain else WATER_LIGHT, geo.corners(q, r, 0.8))
        smooth.outline(surface, WATER_EDGE, outer, edge_w)
        cx, cy = geo.hex_px(q, r)
        if not drain:
            # a ripple for the look of water
            arc = pygame.Rect(0, 0, size * 0.7, size * 0.34)
            arc.center = (cx - size * 0.2, cy + size * 0.45)
            pygame.draw.arc(
                surface,
                (160, 214, 244),
                arc,
                math.radians(200),
                math.radians(340),
                max(1, round(size * 0.05)),
            )
        if kind == 1:
            icon = sprites.svg("duck_ring.svg", round(size * 1.3))
        elif kind == 2:
            icon = sprites.svg(f"duck_buoy_{COLOURS[board.colour[i]]}.svg", round(size * 1.2))
        elif drain:
            icon = sprites.svg("duck_drain.svg", round(size * 1.45))
        else:
            continue
        draw_icon(surface, icon, (cx, cy), ("ring", "buoy", "drain")[kind - 1], anchor="center")
    paint_tile_seams(surface, geo, board)


TILE_SEAM = (38, 92, 140)


def paint_tile_seams(surface: pygame.Surface, geo: BoardGeometry, board) -> None:
    """The box's tiles the board is built from (DDG-2: 16 double-sided tiles of 7
    hexes): a seam round each tile, so the board reads as the tub of tiles it is on the
    table, and each tile's number and face in small print near its edge. A board drawn hex
    by hex (Tiled) has no tiles and shows none."""
    tile_of: dict[tuple[int, int], int] = {}
    for index, (_number, _side, q, r) in enumerate(board.tiles):
        for hex_ in flower(q, r, 0):
            tile_of.setdefault(hex_, index)
    if not tile_of:
        return
    size = geo.size
    width = max(2, round(size * 0.16))
    for q, r in board.coords:
        mine = tile_of.get((q, r))
        if mine is None:
            continue
        corners = geo.corners(q, r, 1.0)
        for n in flower(q, r, 0)[1:]:
            if tile_of.get(n, -1) == mine:
                continue
            nx, ny = geo.hex_px(*n)
            # the shared edge: the two corners nearest the neighbour's centre
            a, b = sorted(corners, key=lambda c: (c[0] - nx) ** 2 + (c[1] - ny) ** 2)[:2]
            smooth.line(surface, TILE_SEAM, a, b, width)


def tile_labels(geo: BoardGeometry, board) -> list[Label]:
    """Each tile's number and face ("1A") in small print near its edge, in window
    pixels, never under the text floor (drawn through the text layer: issue #27)."""
    size = geo.size
    if size < 18:  # too small to print a number on
        return []
    label_size = max(MIN_TEXT, round(size * 0.34))
    return [
        (f"{number}{side}", label_size, (x, y + size * 0.62), (232, 244, 252), True)
        for number, side, q, r in board.tiles
        for x, y in [geo.hex_px(q, r)]
    ]
