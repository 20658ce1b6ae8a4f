"""What the Eight Routes table is made of: the board's size, the routes' colours, the
display model the events change (:class:`Table`), a die in flight (:class:`LooseDie`),
the table's kind of control (:class:`Choice`: a button, or a route on the board) and the
model its parts share (:class:`RoutesModel`: the display model, the person's step, and
where everything is in the window)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import choices, smooth, theme
from game.ui.widgets import draw_focus_ring

ROUTES = 8
SPACES = 20
Point = tuple[float, float]

# design sizes at 1280x720 (scaled with the window by ``px``)
LID_H = 156  # the box lid, under the routes: a row of eight squares of big dice
DIE_MOST = 48  # a die alone on its square (issue #27: the dice are the core object)
# dice crowded on a square lie like a honeycomb (a d8 from above is a hexagon with a
# point up): the step along a row and between rows, in dice, every other row half a
# step to the right
DIE_STEP_X, DIE_STEP_Y = 0.82, 0.72
# a die in the lid is a piece: >= 32 px at 1280x720, scaled (issue #38); a square with many
# dice lays them closer (down to DIE_CLOSEST of a die apart) rather than draw them smaller
DIE_LEAST = 32
DIE_CLOSEST = 0.55
HEAD_W = 214  # a route's head: its number, its medals or values, its action

# One colour per route (and per die face: a face N die belongs to route N).
ROUTE_COLOURS = (
    (226, 176, 52),
    (231, 111, 81),
    (42, 157, 143),
    (69, 123, 200),
    (140, 98, 196),
    (214, 96, 150),
    (96, 160, 72),
    (96, 108, 128),
)


@dataclass(eq=False)
class Choice(choices.Choice):
    """A button (or an area of the table: a route) standing for one legal action,
    or for a step towards one (``mode``). The preview follows it on hover or focus."""

    spot: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.spot:
            super().draw(surface, focused)
            return
        r = self.rect
        radius = max(4, r.height // 6)
        if focused or self.hovered:
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((255, 214, 120, 70))
            surface.blit(glow, r.topleft)
        if focused:  # the one keyboard focus style of every control
            draw_focus_ring(surface, r, radius)
            return
        colour = theme.ACCENT_DARK if self.hovered else theme.ACCENT
        smooth.rounded_rect(surface, colour, r, radius, 4 if self.hovered else 2)


@dataclass(eq=False)
class LooseDie:
    """A die on its way somewhere (tumbling into the lid, sliding to its square, into a
    player's hand): drawn between two anchors that follow the layout."""

    face: int
    src: Callable[[], Point]
    dst: Callable[[], Point]
    size0: float
    size1: float
    t: float = 0.0
    hop: float = 0.0  # arc height, design pixels
    spin: float = 0.0  # degrees turned over the flight
    angle: float = 0.0  # resting angle
    bounces: int = 0  # a tumbling roll bounces on the felt
    tumble_from: int = 0  # shows changing faces while tumbling (its seed), 0 = never
    fade: bool = False
    switch_to: int = 0  # a die changed by C shows its new face from halfway

    def shown_face(self) -> int:
        if self.switch_to and self.t >= 0.5:
            return self.switch_to
        if self.tumble_from and self.t < 0.85:
            return (self.tumble_from + int(self.t * 14)) % 8 + 1
        return self.face


@dataclass(eq=False)
class Walk:
    """A marker on its way along its route, space by space (``a`` to ``b``; 0 is off
    the route: a marker placed comes from its owner's panel, one leaving goes back)."""

    a: int
    a_stack: int
    b: int
    b_stack: int
    t: float = 0.0


@dataclass
class Table:
    """What is drawn: the display model, changed by events (and by ``RoutesTable.sync``)."""

    round: int = 0
    rounds: int = 0
    parent: int | None = None
    current: int | None = None
    lid: list[int] = field(default_factory=lambda: [0] * 8)
    held: list[int] = field(default_factory=list)
    # the face of the dice each player took this round (one pick-up a round: one face);
    # None when not known (a game resumed mid-round)
    held_face: list[int | None] = field(default_factory=list)
    chips: list[list[list[int]]] = field(default_factory=list)  # per player [round, up]
    # (route, player) -> [space, stack, lift]: a marker at rest (lift: stack levels it
    # still has to drop after a marker below it left)
    spots: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    walks: dict[tuple[int, int], Walk] = field(default_factory=dict)  # markers on the move
    loose: list[LooseDie] = field(default_factory=list)
    d6: list | None = None  # [face, t (tumble 0..1), alpha 0..1]
    banner: list | None = None  # [title, subtitle, alpha]
    flip: tuple | None = None  # (player, chip round, t): a chip turning face down
    shake: tuple | None = None  # (route, player, t): a marker on the goal that stays
    flying_chip: tuple | None = None  # (player, chip round, t): a new round chip
    pops: list = field(default_factory=list)  # [(route, player, text, t)]
    scoring_route: int | None = None
    final: dict[int, list[int]] = field(default_factory=dict)  # route -> points
    totals: list[int] | None = None
    winners: list[int] | None = None


def _no_rect() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(eq=False)
class RoutesModel:
    """What the parts of the Eight Routes table share: the display model (``table``),
    the person's step (``mode``), the points shown now, and the layout (set by
    :meth:`cut` for each window size)."""

    table: Table
    # the points per route shown "now": the state's as of the last resync (the state
    # itself runs ahead of the animation while events play)
    scores_shown: dict
    mode: str = "main"  # "main", "C" (pick a die), "D" (pick a route) or "chip"

    # -- the layout -------------------------------------------------------------------
    board: pygame.Rect = field(default_factory=_no_rect)  # the frame's: routes over lid
    routes_rect: pygame.Rect = field(default_factory=_no_rect)
    lid_rect: pygame.Rect = field(default_factory=_no_rect)
    lid_title: pygame.Rect = field(default_factory=_no_rect)  # the lid's rim with its name
    felt: pygame.Rect = field(default_factory=_no_rect)  # the lid's floor
    medal: int = 0  # a rank's medal, across
    medal_px: int = 0  # its number's text size (>= 14)
    holder: int = 0  # the mark of who holds a medal now, across (>= 16)
    head_rows: int = 2  # a head's lines: medals, then the route's action (1: one row)
    line_h: int = 0  # a line of a route's head
    head_px: int = 0  # its words' text size (0: the table's 15 px text; issue #38)
    head_w: int = 0  # a route's head: number, how it scores, its action
    cells_x: int = 0  # the left edge of space 1
    cell_w: float = 0.0
    row_h: float = 0.0
    lanes: list[pygame.Rect] = field(default_factory=list)  # one per route
    heads: list[pygame.Rect] = field(default_factory=list)
    marker_w: float = 0.0
    marker_h: float = 0.0
    strip_h: int = 0
    squares: list[pygame.Rect] = field(default_factory=list)  # the lid's 8 sorting squares
    badges: list[pygame.Rect] = field(default_factory=list)  # each square's number
    dice_areas: list[pygame.Rect] = field(default_factory=list)  # the dice in each square
    strips: list[pygame.Rect] = field(default_factory=list)  # each square's buttons
    foot: int = 0  # a marker's feet above its lane's bottom
    die_most: int = 0  # the biggest die in a square

    def cut(
        self,
        board: pygame.Rect,
        px: Callable[[float], int],
        text_px,
        heads: Callable[[int, int], int] | None = None,
    ) -> None:
        """Place the routes and the lid in the frame's ``board``; ``heads(lane height,
        routes' width)`` sets out the routes' heads from what they hold and says how wide they are."""
        self.board = board
        inner = board.inflate(-2 * px(6), -2 * px(6))
        lid = self.lid_rect = pygame.Rect(inner.x, inner.bottom - px(LID_H), inner.w, px(LID_H))
        routes = pygame.Rect(inner.x, inner.y, inner.w, lid.y - px(6) - inner.y)
        self.routes_rect = routes
        self.row_h = routes.h / ROUTES
        lane_h = int(self.row_h) - px(3)
        self.line_h = round(text_px(15) * 1.22)
        self.medal = min(max(px(28), text_px(14) + px(8)), lane_h - self.line_h - px(3))
        self.medal_px, self.holder, self.head_rows, self.head_px = text_px(14), 16, 2, 0
        self.head_w = heads(lane_h, routes.w) if heads is not None else px(HEAD_W)
        self.cells_x = routes.x + self.head_w + px(6)
        self.cell_w = (routes.right - px(4) - self.cells_x) / SPACES
        self.lanes = [
            pygame.Rect(routes.x, round(routes.y + r * self.row_h), routes.w, lane_h)
            for r in range(ROUTES)
        ]
        self.heads = [pygame.Rect(lane.x, lane.y, self.head_w, lane.h) for lane in self.lanes]
        self.marker_w = min(self.cell_w * 0.9, px(32))
        if self.marker_w < px(32):  # a piece >= 32 px (issue #38), over its cell's edge
            self.marker_w = min(px(32), self.cell_w * 1.05)
        self.marker_h = self.marker_w * 0.75
        self.foot = px(4)
        self.die_most = px(DIE_MOST)
        self.die_least = math.ceil(DIE_LEAST * px(100) / 100)
        self._cut_lid(lid, px, text_px)

    def _cut_lid(self, lid: pygame.Rect, px: Callable[[float], int], text_px) -> None:
        """The lid: a cardboard rim with its name on top, a felt floor with the eight
        sorting squares in a row, each with its number, its count, the dice and a strip
        for the All / One buttons."""
        rim = px(8)
        title_h = round(text_px(14) * 1.3) + px(2)
        self.lid_title = pygame.Rect(lid.x + rim, lid.y + px(2), lid.w - 2 * rim, title_h)
        felt_y = self.lid_title.bottom + px(2)
        self.felt = pygame.Rect(lid.x + rim, felt_y, lid.w - 2 * rim, lid.bottom - rim - felt_y)
        gap = px(6)
        sq_w = (self.felt.w - 2 * px(4) - 7 * gap) / 8
        sq_h = self.felt.h - 2 * px(4)
        self.strip_h = max(px(26), round(text_px(14) * 1.45))
        badge = max(px(22), text_px(14) + px(6))
        self.squares, self.badges, self.dice_areas, self.strips = [], [], [], []
        for i in range(8):
            sq = pygame.Rect(
                round(self.felt.x + px(4) + i * (sq_w + gap)),
                self.felt.y + px(4),
                int(sq_w),
                int(sq_h),
            )
            self.squares.append(sq)
            # the number (and the count beside it) on a row of its own, the dice under
            # it across the whole square, the buttons' strip at the bottom
            b = pygame.Rect(sq.x + px(4), sq.y + px(4), badge, badge)
            self.badges.append(b)
            strip = pygame.Rect(
                sq.x + px(2), sq.bottom - self.strip_h - px(3), sq.w - 2 * px(2), self.strip_h
            )
            self.strips.append(strip)
            top = b.bottom + px(1)
            self.dice_areas.append(
                pygame.Rect(sq.x + px(3), top, sq.w - px(6), strip.y - px(1) - top)
            )

    def cell_x(self, space: float) -> float:
        """Centre x of a space; space 0 is just before space 1 (off the route)."""
        return self.cells_x + (space - 0.5) * self.cell_w

    def stack_count(self, route: int, space: float, stack: float) -> int:
        """How many markers the stack at ``space`` of ``route`` holds (at least one more
        than ``stack``): the markers at rest there, or a marker passing by."""
        least = max(1, math.ceil(stack) + 1)
        if space != round(space):
            return least
        levels = [
            int(spot[1]) + 1
            for (r, _p), spot in self.table.spots.items()
            if r == route and spot[0] == space
        ]
        return max([least, *levels])

    def _stack_fit(self, route: int, count: int) -> tuple[float, float]:
        """How much a stack of ``count`` markers shrinks, and how far each level rises (at
        that scale), so that the stack stands inside its own lane (issue #27: a stack of
        five never climbs into the route above): each level rises half a marker when
        there is room, less (down to a quarter) when there is not, and only then do the
        markers shrink, keeping their proportions."""
        lane = self.lanes[route - 1]
        room = lane.h - self.foot - 2
        h = self.marker_h
        levels = max(1, count) - 1
        if h <= 0:
            return 1.0, 0.0
        if not levels or h * (1 + levels * 0.5) <= room:
            return 1.0, h * 0.5
        rise = (room - h) / levels
        if rise >= h * 0.25:
            return 1.0, rise
        f = min(1.0, room / (h * (1 + levels * 0.25)))
        return f, h * f * 0.25

    def stack_scale(self, route: int, count: int) -> float:
        """How much a stack of ``count`` markers shrinks to stand inside its lane."""
        return self._stack_fit(route, count)[0]

    def marker_width(self, route: int, space: float, stack: float, count: int | None = None):
        """A marker's width on its stack (``count`` markers; None: as the table has it)."""
        count = self.stack_count(route, space, stack) if count is None else count
        return self.marker_w * self.stack_scale(route, count)

    def marker_pos(self, route: int, space: float, stack: float, count: int | None = None) -> Point:
        """Centre x and bottom y of a marker on route 1-8 at a space and stack level: a
        stack leans a little to the right so that every marker's edge and mark shows,
        and rises less (then shrinks) with its count to stay in its lane (``count``:
        None, as the table has it)."""
        lane = self.lanes[route - 1]
        count = self.stack_count(route, space, stack) if count is None else count
        f, rise = self._stack_fit(route, count)
        x = self.cell_x(space) + stack * self.marker_w * f * 0.12
        return (x, lane.bottom - self.foot - stack * rise)

    def slot(self, face: int, index: int, count: int) -> tuple[Point, float]:
        """Where the ``index``-th of ``count`` dice lies on the square of ``face``, and the
        die size there: the grid of rows and columns that gives the biggest dice."""
        area = self.dice_areas[face - 1]
        count = max(1, count)
        size, cols, rows = 0.0, 1, 1
        for r in range(1, count + 1):
            c = math.ceil(count / r)
            across = 1 + (c - 1) * DIE_STEP_X + (DIE_STEP_X / 2 if r > 1 else 0)
            s = min(area.w / across, area.h / (1 + (r - 1) * DIE_STEP_Y))
            if s > size:
                size, cols, rows = s, c, r
        size = min(size, self.die_most)
        spans = cols - 1 + (0.5 if rows > 1 else 0)  # steps across the widest row
        fit = (area.w / size - 1) / max(0.5, spans)  # the step that spans the area
        least = min(self.die_least, area.h)
        if size < least and (area.w / least - 1) / max(1, count - 1) >= DIE_CLOSEST:
            # closer rather than smaller: one row of dice at the least size, overlapping
            size, cols, rows, spans = least, count, 1, count - 1
            fit = (area.w / size - 1) / max(0.5, spans)
        step_x = size * min(1.04, max(min(DIE_STEP_X, fit), fit))
        step_y = size * DIE_STEP_Y
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        shift = (step_x / 4 if row % 2 else -step_x / 4) if rows > 1 else 0.0
        x = area.centerx + (col - (in_row - 1) / 2) * step_x + shift
        y = area.centery + (row - (rows - 1) / 2) * step_y
        return (x, y), size

    def lid_centre(self) -> Point:
        return self.felt.center

    def square_at(self, pos) -> int:
        """The lid square (1-8) under ``pos``, not on its buttons' strip; 0: none."""
        for i, sq in enumerate(self.squares):
            if sq.collidepoint(pos) and not self.strips[i].collidepoint(pos):
                return i + 1
        return 0

    @staticmethod
    def rest_angle(face: int, index: int) -> float:
        return ((face * 7 + index * 13) % 5 - 2) * 6.0
