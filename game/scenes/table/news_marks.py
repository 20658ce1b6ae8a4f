"""What just happened, marked on the board (issue #38): a person who looks back at the
screen sees in two seconds what changed since their last look — the piece that moved
and the way it went, the tile just taken, the route just written.

The marks are derived from the rules' typed events as the table plays them (never
guessed from the state): each game's table says which places an event marks
(``GameTable.news_marks``), as :class:`Mark`s whose places are found again when drawn,
so a new window size moves them with the board. :class:`LastMoves` keeps them: a seat's
marks stay until that seat moves again (its next turn's marks replace them) or until the
person at the screen acts (they have seen the table); a jump or an undo drops them all.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import smooth, theme

Point = tuple[float, float]
CELL = 32  # pixels: the side of the pieces a mark's layer is blitted in
# cells of a mark's layer cut in one frame: a window-wide trail at 2560x1440 is ~1500
# cells, cut in one frame it was the slowest frame of every table (issue #38's frame
# benchmark, 10-30 ms); spread over frames, the layer is blitted whole till it is cut
CUT_CELLS = 240
ALPHA = 210  # the marks' opacity: the pieces and tiles under a mark show through it


@dataclass
class Mark:
    """One thing an event changed, for seat ``seat`` (None: nobody's, the game's own).
    ``key`` names what it marks ("duck:2", "pawn:r1"): a later mark of the same key in
    the same turn goes on with its trail (a duck's steps one by one). ``trail``: the
    places it went through, in order, each found when drawn (None: not on the board
    now); ``spot``: a place it changed (a tile taken, a route written)."""

    seat: int | None
    key: str
    trail: list[Callable[[], Point | None]] = field(default_factory=list)
    spot: Callable[[], pygame.Rect | None] | None = None
    # the ring where the trail stopped, around the piece standing there (px)
    reach: Callable[[], float] | None = None


class LastMoves:
    """The marks of what changed since the person's last look, by seat."""

    def __init__(self) -> None:
        self.marks: list[Mark] = []
        self._turn = 0  # a new turn each time the marks come from another seat
        self._seat: int | None = None
        self._turn_of: dict[int, int] = {}  # the turn of each mark (by id)

    def saw(self, marks: Sequence[Mark] | None) -> None:
        """An event played, with the marks it makes (None: it laid the board anew, a
        round's clean-up: what was marked is no longer there)."""
        if marks is None:
            self.clear()
            return
        for mark in marks:
            if mark.seat != self._seat:
                self._turn += 1
                self._seat = mark.seat
                # that seat's earlier marks: its move before this one
                self.marks = [m for m in self.marks if m.seat != mark.seat]
            same = next(
                (
                    m
                    for m in self.marks
                    if m.key == mark.key and self._turn_of.get(id(m)) == self._turn
                ),
                None,
            )
            if same is not None:
                same.trail.extend(mark.trail)  # the same piece goes on
                same.spot = mark.spot or same.spot
                same.reach = mark.reach or same.reach
                continue
            self.marks.append(mark)
            self._turn_of[id(mark)] = self._turn

    def looked(self) -> None:
        """The person at the screen acted: they have seen what the marks say."""
        self.clear()

    def clear(self) -> None:
        self.marks = []
        self._turn_of = {}
        self._seat = None

    def of(self, seat: int | None) -> list[Mark]:
        return [m for m in self.marks if m.seat == seat]

    def in_still(
        self, colour_of: Callable[[int], tuple], px, board: pygame.Rect, size: tuple[int, int]
    ) -> tuple[Hashable, Callable[[pygame.Surface], None]] | None:
        """The marks as the still picture takes them: (a key, equal for equal pictures;
        a painter clipped to ``board``), None when nothing is marked. Blended once into
        the still picture, not over every frame (issue #38's frame benchmark)."""
        kept = self.layer(colour_of, px, size)
        if kept is None:
            return None

        def paint(surface: pygame.Surface) -> None:
            clip = surface.get_clip()
            surface.set_clip(board.clip(clip))
            surface.blits(kept[1], doreturn=False)
            surface.set_clip(clip)

        return (kept[0], tuple(board)), paint

    def layer(
        self, colour_of: Callable[[int], tuple], px, size: tuple[int, int]
    ) -> tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] | None:
        """The marks as a window of ``size`` shows them: (a key, equal for equal
        pictures; the pieces to blit), None when nothing is marked. Each mark in its
        seat's colour, see-through so the pieces show under it: the way a piece went as
        a line with a dot at each place it passed and a ring around where it stopped, a
        place changed ringed. Painted again only when a mark or where it lies changed."""
        shapes = []
        for mark in self.marks:
            colour = theme.ACCENT_DARK if mark.seat is None else colour_of(mark.seat)
            points = tuple(p for p in (where() for where in mark.trail) if p is not None)
            reach = mark.reach() if mark.reach is not None and points else None
            rect = mark.spot() if mark.spot is not None else None
            shapes.append((colour, points, reach, None if rect is None else tuple(rect)))
        if not shapes:
            return None
        key = (tuple(shapes), size, px(100))
        if self._kept is None or self._kept[0] != key:
            # only the marks' own box is painted and blitted each frame: a layer the
            # window's size searched by get_bounding_rect cost 9 ms a frame while a
            # marked piece moved (issue #38's frame benchmark)
            box = self._bounds(shapes, px).clip(pygame.Rect((0, 0), size))
            layer = self._paint(box, shapes, px)
            # the layer itself, see-through: the cells cut from it are copies of their
            # own (a copy of a window-wide layer cost every frame the board moved)
            whole = layer
            whole.set_alpha(ALPHA)
            # blitted whole the first frame; cut into its painted cells once it is drawn
            # again unchanged (cutting costs more than one blit: while the board moves
            # under the marks they change every frame)
            self._kept = (key, [(whole, box.topleft)])
            self._uncut = Cutting(layer, box.topleft)
        elif self._uncut is not None and self._uncut.cut(CUT_CELLS):
            self._kept = (key, self._uncut.pieces)
            self._uncut = None
        return self._kept

    def draw(
        self,
        surface: pygame.Surface,
        colour_of: Callable[[int], tuple],
        px,
        board: pygame.Rect | None = None,
    ) -> None:
        """The marks (:meth:`layer`) onto ``surface``, inside ``board`` only."""
        kept = self.layer(colour_of, px, surface.get_size())
        if kept is None:
            return
        clip = surface.get_clip()
        if board is not None:  # on the board only (a ladder scrolled past its edge)
            surface.set_clip(board.clip(clip))
        surface.blits(kept[1], doreturn=False)
        surface.set_clip(clip)

    _kept: tuple[tuple, list[tuple[pygame.Surface, tuple[int, int]]]] | None = None
    _uncut: Cutting | None = None  # the layer not cut yet, being cut

    @staticmethod
    def _pieces(
        layer: pygame.Surface, at: tuple[int, int]
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The painted ``layer`` (its top left at ``at``) cut at once (:class:`Cutting`)."""
        cutting = Cutting(layer, at)
        cutting.cut(None)
        return cutting.pieces

    @staticmethod
    def _bounds(shapes, px) -> pygame.Rect:
        """The box every mark's paint lies in: its line and dots with their halo, its
        ring, its ringed place (what :meth:`_paint` reaches, and a pixel of edge)."""
        line = max(3, px(5)) + max(2, px(4))
        edge = max(line, 2 * max(3, px(5)) + max(1, px(2))) // 2 + 2
        boxes = []
        for _colour, points, reach, rect in shapes:
            for x, y in points:
                boxes.append(pygame.Rect(int(x) - edge, int(y) - edge, 2 * edge + 1, 2 * edge + 1))
            if reach is not None and points:
                x, y = points[-1]
                r = int(reach) + px(2) + max(3, px(7)) + 2
                boxes.append(pygame.Rect(int(x) - r, int(y) - r, 2 * r + 1, 2 * r + 1))
            if rect is not None:
                grow = max(6, px(10)) + 4 + 2 * max(3, px(7)) + 2
                boxes.append(pygame.Rect(rect).inflate(grow, grow))
        if not boxes:
            return pygame.Rect(0, 0, 1, 1)
        return boxes[0].unionall(boxes[1:])

    @staticmethod
    def _paint(box: pygame.Rect, shapes, px) -> pygame.Surface:
        """The marks painted on a layer of ``box``'s size (its top left at ``box``'s)."""
        layer = pygame.Surface((max(1, box.w), max(1, box.h)), pygame.SRCALPHA)
        ox, oy = box.topleft
        shapes = [
            (
                colour,
                tuple((x - ox, y - oy) for x, y in points),
                reach,
                None if rect is None else pygame.Rect(rect).move(-ox, -oy),
            )
            for colour, points, reach, rect in shapes
        ]
        width = max(3, px(5))
        for colour, points, reach, rect in shapes:
            halo = theme.mix(colour, (255, 255, 255), 0.65)
            line = list(points)
            if reach is not None and len(line) >= 2:
                # the line stops at the ring: the piece standing there is not crossed
                (x0, y0), (x1, y1) = line[-2], line[-1]
                d = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
                cut = min(1.0, reach / d)
                line[-1] = (x1 - (x1 - x0) * cut, y1 - (y1 - y0) * cut)
            if len(line) >= 2:
                smooth.polyline(layer, halo, line, width + max(2, px(4)))
                smooth.polyline(layer, colour, line, width)
                for p in line[:-1]:
                    smooth.disc(layer, (255, 255, 255), p, max(3, px(5)))
                    smooth.ring(layer, colour, p, max(3, px(5)), max(1, px(2)))
            if reach is not None:
                smooth.ring(layer, halo, points[-1], reach + px(2), max(3, px(7)))
                smooth.ring(layer, colour, points[-1], reach, max(2, px(4)))
            if rect is not None:
                ring = pygame.Rect(rect).inflate(max(6, px(10)), max(6, px(10)))
                radius = max(6, px(12))
                smooth.rounded_rect(layer, halo, ring.inflate(4, 4), radius, max(3, px(7)))
                smooth.rounded_rect(layer, colour, ring, radius, max(2, px(4)))
        return layer


class Cutting:
    """A painted marks' layer (its top left at ``at``) being cut into the pieces of it
    that hold paint: square cells of :data:`CELL` pixels, each cut to its painted part,
    see-through so the pieces and tiles under a mark show (alpha 210). A trail is thin
    and the box around it mostly empty, and blending a see-through layer costs the
    same for an empty pixel as for a painted one: blitting only the painted cells
    made Cluck-peep!'s frame ~3x cheaper (tools/bench_frames.py, issue #38), and the
    picture is the same pixel for pixel (an empty pixel blends to what is under it).
    Cut a few cells a frame (:meth:`cut`): all at once was a frame's spike."""

    def __init__(self, layer: pygame.Surface, at: tuple[int, int]) -> None:
        self.layer = layer
        self.at = at
        self.pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
        w, h = layer.get_size()
        self._cells = [(x, y) for y in range(0, h, CELL) for x in range(0, w, CELL)]
        self._next = 0

    def cut(self, cells: int | None) -> bool:
        """Cut up to ``cells`` more cells (None: all); whether the layer is all cut."""
        w, h = self.layer.get_size()
        end = len(self._cells) if cells is None else min(len(self._cells), self._next + cells)
        for x, y in self._cells[self._next : end]:
            cell = self.layer.subsurface(pygame.Rect(x, y, min(CELL, w - x), min(CELL, h - y)))
            painted = cell.get_bounding_rect()
            if painted.w and painted.h:
                piece = cell.subsurface(painted).copy()
                piece.set_alpha(ALPHA)
                self.pieces.append(
                    (piece, (self.at[0] + x + painted.x, self.at[1] + y + painted.y))
                )
        self._next = end
        return end == len(self._cells)
