"""The board builder's table (issue #41): the hexes the table shows, the tiles laid on
it (one kept picture, painted again only when the tiles change), each tile's label, what
the check refuses outlined where it is, the chosen tile's flower, and the carried tile
as a ghost where it would drop (green where it may, red where not). It also answers
where a tile carried by the pointer snaps (:meth:`BoardView.snap`), which tile lies
under the pointer and where an arrow key moves the keyboard's cursor (:func:`moved`).
A part the builder's scene (:mod:`.scene`) owns; the scene keeps who carries what."""

from __future__ import annotations

import pygame

from game.rules.duck.builder import Faces, Placed
from game.rules.duck.data import board_from_data
from game.rules.duck.hexes import flower
from game.scenes.builder.model import BuilderModel
from game.scenes.duck import art
from game.scenes.duck.geometry import BoardGeometry
from game.ui import theme
from game.ui.widgets import Picture, draw_text, lay, paint_picture

__all__ = ["REGION", "VIEW_RADIUS", "BoardView", "moved"]

VIEW_RADIUS = 7  # hexes from the middle the table shows (it grows for a larger tub)
OUTLINE = (214, 40, 40)
GHOST_OK = (70, 160, 90)
GRID = (200, 210, 214)


def _region(radius: int) -> list[tuple[int, int]]:
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


REGION = _region(VIEW_RADIUS)


def moved(cursor: tuple[int, int], step) -> tuple[int, int]:
    """The hex next to ``cursor`` in the direction of an arrow key (up and down keep
    to the screen's column, the hex rows being staggered), within the table's view.
    The carried tile shows green where it may drop, red where not."""
    q, r = cursor
    if step in ("up", "down"):
        col = q + (r - (r & 1)) // 2  # the screen column (odd rows shifted right)
        r += -1 if step == "up" else 1
        q = col - (r - (r & 1)) // 2
    else:
        q, r = q + step[0], r + step[1]
    if max(abs(q), abs(r), abs(q + r)) > VIEW_RADIUS:
        return cursor
    return (q, r)


class BoardView:
    """The table in the middle of the builder: ``rect`` on the screen (set by the
    scene's layout), its geometry ``geo`` (grown with the tiles laid) and its kept
    picture."""

    def __init__(self, model: BuilderModel, faces: Faces, px) -> None:
        self.model = model
        self.faces = faces
        self.px = px  # the scene's scale
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.geo = BoardGeometry(sorted(REGION), self.rect, 8)
        self._picture_key: tuple | None = None
        self._picture: Picture | None = None

    def refresh(self) -> None:
        """The geometry for the tiles laid now (a tile out at the edge grows the view),
        and the kept picture painted again."""
        coords = set(REGION)
        for placed in self.model.placed():
            coords.update(placed.hexes())
        self.geo = BoardGeometry(sorted(coords), self.rect, self.px(8))
        self._picture_key = None

    def board_of(self, placed: list[Placed]):
        hexes = []
        for tile in placed:
            for (q, r), cell in zip(tile.hexes(), self.faces[tile.tile][tile.side]):
                hexes.append([q, r, *cell])
        tiles = [[p.tile, p.side, p.q, p.r] for p in placed]
        return board_from_data(
            {"name": "-", "name_ja": "-", "level": "beginner", "hexes": hexes, "tiles": tiles}
        )

    # where the pointer is -------------------------------------------------------------------
    def snap(self, pos, number: int) -> tuple[int, int] | None:
        """The free centre for ``number`` nearest the pointer (within two hexes)."""
        spots = self.model.spots(number)
        if not spots or not self.rect.collidepoint(pos):
            return None
        best = min(
            spots,
            key=lambda s: (
                (self.geo.hex_px(*s)[0] - pos[0]) ** 2 + (self.geo.hex_px(*s)[1] - pos[1]) ** 2
            ),
        )
        x, y = self.geo.hex_px(*best)
        if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 > (2.2 * self.geo.size) ** 2:
            return None
        return best

    def tile_at(self, pos) -> int | None:
        """The tile laid under ``pos`` (None: no tile, or off the table)."""
        if not self.rect.collidepoint(pos):
            return None
        hex_ = self.geo.hex_at(pos)
        return self.model.owner(hex_) if hex_ is not None else None

    # drawing ------------------------------------------------------------------------------
    def _local_geo(self) -> BoardGeometry:
        """The table's geometry with the table's corner at (0, 0): the same hexes at the
        same size as :attr:`geo`, for a picture laid at the table's corner."""
        coords = set(REGION)
        for placed in self.model.placed():
            coords.update(placed.hexes())
        return BoardGeometry(sorted(coords), pygame.Rect((0, 0), self.rect.size), self.px(8))

    def _static(self, window: tuple[int, int]) -> Picture:
        """The table with the tiles laid, its icons written down with it for the layout
        checks (redrawn only when the tiles change)."""
        key = (self.model.tiles, window)
        if self._picture is not None and self._picture_key == key:
            return self._picture
        geo = self._local_geo()
        placed = self.model.placed()

        def paint(image: pygame.Surface, _area: pygame.Rect) -> None:
            for q, r in REGION:
                pygame.draw.polygon(image, GRID, geo.corners(q, r, 0.98), 1)
            if placed:
                art.paint_board(image, geo, self.board_of(placed))

        picture = paint_picture(pygame.Surface(self.rect.size, pygame.SRCALPHA), paint)
        self._picture, self._picture_key = picture, key
        return picture

    def draw(
        self,
        surface: pygame.Surface,
        window: tuple[int, int],
        selected: int | None,
        carried: tuple[int, tuple[int, int]] | None,
    ) -> None:
        """The table, its tiles and their labels, the check's problems, the ``selected``
        tile's flower and the ``carried`` tile (its number and spot) as a ghost."""
        pygame.draw.rect(surface, (212, 226, 232), self.rect, border_radius=self.px(10))
        lay(surface, self._static(window), self.rect.topleft)
        self._draw_labels(surface)
        self._draw_problems(surface, selected)
        if carried is not None:
            self._draw_carried(surface, *carried)

    def _draw_labels(self, surface) -> None:
        for p in self.model.placed():
            x, y = self.geo.hex_px(p.q, p.r)
            size = max(theme.MIN_TEXT_PX, round(self.geo.size * 0.34))
            draw_text(
                surface,
                f"{p.tile}{p.side}",
                size,
                (x, y + self.geo.size * 0.62),
                (232, 244, 252),
                bold=True,
                anchor="center",
                within=self.rect,
            )

    def _outline(self, surface, hexes, colour, width: int) -> None:
        for q, r in hexes:
            pygame.draw.polygon(surface, colour, self.geo.corners(q, r, 0.92), width)

    def _draw_problems(self, surface, selected: int | None) -> None:
        width = max(2, round(self.geo.size * 0.14))
        for problem in self.model.check().problems:
            self._outline(surface, problem.hexes, OUTLINE, width)
        at = self.model.tile(selected).at if selected is not None else None
        if at is not None:
            q, r = at
            self._outline(surface, flower(q, r, 0), theme.BUTTON_FOCUS, max(1, width // 2))

    def _draw_carried(self, surface, number: int, spot: tuple[int, int]) -> None:
        """The carried tile ``number`` as a ghost at ``spot``, where it would drop."""
        tile = self.model.tile(number)
        placed = Placed(number, tile.side, spot[0], spot[1], tile.rotation)
        geo = self._local_geo()

        def paint(image: pygame.Surface, _area: pygame.Rect) -> None:
            art.paint_board(image, geo, self.board_of([placed]))
            image.fill((255, 255, 255, 170), special_flags=pygame.BLEND_RGBA_MULT)

        lay(
            surface,
            paint_picture(pygame.Surface(self.rect.size, pygame.SRCALPHA), paint),
            self.rect.topleft,
        )
        ok = self.model.can_drop(number, spot)
        self._outline(
            surface, placed.hexes(), GHOST_OK if ok else OUTLINE, max(2, round(self.geo.size * 0.1))
        )
