"""The board builder's tray (issue #41): the box's 16 tiles left of the table, in four
columns, each a button showing its face as it is now (turned as it will be laid), dimmed
while it lies on the table. A click takes a tile (the scene's ``take``); a tile dragged
back onto the tray is picked up (the scene asks :meth:`Tray.tile_at` and ``rect``).

Too small for the table's 16 px icons (issue #27), each hex of a tray tile says what it
is by colour: water, a life ring's red and white, a buoy's colour, the drain's grey with
its dark hole.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.rules.duck.builder import TILE_COUNT, Faces, Placed
from game.scenes.builder.model import BuilderModel
from game.scenes.duck import art
from game.scenes.duck.geometry import BoardGeometry
from game.ui import theme
from game.ui.i18n import Translator
from game.ui.widgets import Button, ButtonGroup, draw_panel, draw_text

COLUMNS = 4
RING_HEX = (236, 140, 128)  # game.scenes.shell.pictures: a life ring too small to draw
DRAIN_HEX = (150, 172, 190)
BUOY_FILLS = {"red": (214, 52, 52), "yellow": (240, 200, 40), "green": (50, 160, 80)}


class Sized(Protocol):
    """What the tray reads of the builder's scene: its scale and words."""

    t: Translator

    def px(self, value: float) -> int: ...


class Tray:
    """The tray of tiles: where it is (``rect``, set by the scene's layout), how big a
    tile's picture is there (``tile_size``), its buttons and its panel."""

    def __init__(self, scene: Sized, model: BuilderModel, faces: Faces) -> None:
        self.scene = scene
        self.model = model
        self.faces = faces
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.tile_size = 16

    def add_buttons(
        self,
        buttons: ButtonGroup,
        body_size: int,
        chosen: tuple[int | None, ...],
        take: Callable[[int], Callable[[], None]],
    ) -> None:
        """The 16 tiles as buttons (``tile:N``), laid in the tray; those ``chosen`` (the
        tile touched last, the one carried) marked selected; a click calls
        ``take(number)()``."""
        px = self.scene.px
        gap = px(6)
        label = max(theme.MIN_TEXT_PX, body_size - 2)
        cell_w = (self.rect.w - 2 * gap - (COLUMNS - 1) * gap) // COLUMNS
        tray_top = self.rect.y + body_size + px(16)
        cell_h = min(cell_w + int(label * 1.8), (self.rect.bottom - tray_top - 4 * gap) // 4)
        # Button draws its picture at h/14 from the top, its label size/3 under it
        room = cell_h - cell_h // 14 - label // 3 - int(label * 1.45) - px(2)
        self.tile_size = max(16, min(cell_w - px(8), room))
        for i in range(TILE_COUNT):
            number = i + 1
            rect = pygame.Rect(
                self.rect.x + gap + (i % COLUMNS) * (cell_w + gap),
                tray_top + (i // COLUMNS) * (cell_h + gap),
                cell_w,
                cell_h,
            )
            tile = self.model.tile(number)
            button = Button(
                rect,
                f"{number}{tile.side}",
                take(number),
                label,
                key=f"tile:{number}",
                picture=self.picture(number),
                selected=number in chosen,
            )
            buttons.add(button)

    def picture(self, number: int) -> pygame.Surface:
        """A tray tile: its face as it is now, dimmed while it lies on the table."""
        tile = self.model.tile(number)
        size = self.tile_size
        surface = pygame.Surface((size, size), pygame.SRCALPHA)
        placed = Placed(number, tile.side, 0, 0, tile.rotation)
        geo = BoardGeometry(list(placed.hexes()), surface.get_rect(), 1)
        radius = geo.size * 0.5
        for (q, r), cell in zip(placed.hexes(), self.faces[number][tile.side]):
            kind = cell[0]
            corners = geo.corners(q, r, 0.97)
            fill = {"start": RING_HEX, "drain": DRAIN_HEX}.get(kind, art.WATER)
            pygame.draw.polygon(surface, fill, corners)
            pygame.draw.polygon(surface, art.WATER_EDGE, corners, 1)
            centre = geo.hex_px(q, r)
            if kind == "start":
                pygame.draw.circle(surface, (255, 255, 255), centre, radius, max(1, size // 30))
            elif kind == "buoy":
                pygame.draw.circle(surface, BUOY_FILLS[cell[1]], centre, radius)
                pygame.draw.circle(surface, theme.INK, centre, radius, 1)
            elif kind == "drain":
                pygame.draw.circle(surface, theme.INK, centre, radius * 0.6)
        if tile.at is not None:
            surface.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MULT)
        return surface

    @staticmethod
    def tile_at(buttons: ButtonGroup, pos: tuple[int, int]) -> int | None:
        """The tray tile under ``pos``, or None."""
        for button in buttons.buttons:
            if button.key.startswith("tile:") and button.rect.collidepoint(pos):
                return int(button.key[5:])
        return None

    def draw(self, surface: pygame.Surface, body_size: int) -> None:
        """The tray's panel and its title (its tiles are the scene's buttons)."""
        px = self.scene.px
        draw_panel(surface, self.rect)
        draw_text(
            surface,
            self.scene.t("builder.tray"),
            body_size,
            (self.rect.x + px(10), self.rect.y + px(8)),
            theme.INK,
            bold=True,
            within=self.rect,
        )
