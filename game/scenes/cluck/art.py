"""The pictures of the Cluck-peep! table: its colours, the felt background, the tile
pictures (cached per look and size), the chickens' sprites and small painted pieces
(dashed frames, badges)."""

from __future__ import annotations

import functools

import pygame

from game.paths import SPRITES_DIR
from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.cluck.tiles import COLUMNS
from game.scenes.table.contract import TableHost
from game.ui import fonts, identity, smooth, sprites, theme
from game.ui.widgets import draw_text

from .model import CluckModel, TileSprite

ROAD = (240, 222, 172)
ROAD_EDGE = (184, 146, 90)
HOLE = (86, 56, 30)
HOLE_RIM = (150, 110, 64)
STRAW = (248, 230, 170)
STRAW_EDGE = (196, 160, 90)
MEADOW_EDGE = (104, 150, 72)
BACK_EDGE = (120, 80, 42)
BACK_FILL = (185, 130, 74)
STOCK = (236, 242, 220)
FELT = (226, 236, 206)
FELT_EDGE = (190, 206, 166)
GHOST_ALPHA = 120


@functools.lru_cache(maxsize=32)
def _sprite_name(character: str) -> str:
    name = f"cluck_{character}.svg"
    return name if (SPRITES_DIR / name).exists() else "cluck_henrietta.svg"


class Art:
    """The painted pieces, and the pictures kept of them (per look and size)."""

    def __init__(self, model: CluckModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self._tiles: dict = {}  # tile pictures per look and size (and their faded copies)
        self._chickens: dict = {}  # the chickens' sprites per seat, size and facing

    def forget(self) -> None:
        """A new layout: the tile pictures are painted again at their new sizes."""
        self._tiles.clear()

    def paint_background(self, size) -> pygame.Surface:
        """The window's ground, the felt of the board and the supply block's tray."""
        px = self.host.px
        surface = pygame.Surface(size).convert()
        surface.fill(theme.BG)
        felt = self.model.board
        smooth.panel(surface, FELT, felt, px(14), FELT_EDGE, 2)
        smooth.panel(surface, STOCK, self.model.stock_rect, px(10), FELT_EDGE, 2)
        return surface

    def _pattern(self, name: str, size: int) -> pygame.Surface:
        return sprites.svg(name, size, size)

    def tile_surface(
        self, kind: str, tile, turned: bool, w: int, h: int, ground=None
    ) -> pygame.Surface:
        """A tile picture, cached per look and size. Heights are rounded down to a step
        (4 px) so that rows easing to a new height do not paint new pictures each frame.
        On a ``ground`` colour (the felt) the picture is opaque, its round corners in that
        colour: far cheaper to draw than one with an alpha channel."""
        h = max(8, h - h % (4 if h > 24 else 2))
        key = (kind, tile, turned, w, h, ground)
        cached = self._tiles.get(key)
        if cached is not None:
            return cached
        if len(self._tiles) > 160:
            self._tiles.clear()
        # painted twice as big and smooth-scaled down (issue #27): round corners, road
        # ends and holes without steps; the "?" is written on the final picture
        surface = smooth.supersampled(
            (w, h), lambda big, k: self._paint_tile(big, k, kind, tile, turned), 2
        )
        if kind == "hidden":
            mark = fonts.render("?", max(10, int(h * 0.62)), (255, 240, 214), bold=True)
            shade = fonts.render("?", max(10, int(h * 0.62)), (96, 60, 28), bold=True)
            surface.blit(shade, shade.get_rect(center=(w / 2 + 2, h / 2 + 2)))
            surface.blit(mark, mark.get_rect(center=(w / 2, h / 2)))
        if ground is not None:
            base = pygame.Surface((w, h))
            base.fill(ground)
            base.blit(surface, (0, 0))
            surface = base
        if pygame.display.get_surface() is not None:  # the display's format: cheaper blits
            surface = surface.convert() if ground is not None else surface.convert_alpha()
        self._tiles[key] = surface
        return surface

    def _paint_tile(self, surface: pygame.Surface, k: int, kind: str, tile, turned) -> None:
        """A tile's picture on ``surface``, ``k`` times its size (see ``tile_surface``)."""
        w, h = surface.get_size()
        radius = max(4 * k, (h // k) // 6 * k)
        line = 2 * k
        if kind == "road":
            pattern = self._pattern("cluck_meadow.svg", max(24, h // k) * k)
            for x in range(0, w, pattern.get_width()):
                surface.blit(pattern, (x, 0))
            edge = MEADOW_EDGE
        elif kind == "hidden":
            pattern = self._pattern("cluck_back.svg", max(24, h // k) * k)
            for x in range(0, w, pattern.get_width()):
                surface.blit(pattern, (x, 0))
            edge = BACK_EDGE
        else:
            surface.fill(STRAW)
            for x in range(-h, w, max(6 * k, h // 5)):
                pygame.draw.line(surface, (238, 216, 150), (x, h), (x + h, 0), line)
            edge = STRAW_EDGE
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        col_w = w / COLUMNS
        unit = h / ROW_HEIGHT
        road_w = max(4 * k, int(col_w * 0.16))
        xs = [col_w * (c + 0.5) for c in range(COLUMNS)]
        if kind in ("road", "start", "goal"):
            segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
            if kind == "road":
                band = self.host.state.tiles.band(tile, turned)
                segments += [((x, 0), (x, h)) for x in xs]
                segments += [((xs[r], 2 * unit), (xs[r + 1], 2 * unit)) for r in band.rungs]
            elif kind == "start":
                segments += [((x, 2 * unit), (x, h)) for x in xs]
            else:
                segments += [((x, 0), (x, 2 * unit)) for x in xs]
            for width, colour in ((road_w + 4 * k, ROAD_EDGE), (road_w, ROAD)):
                for a, b in segments:
                    pygame.draw.line(surface, colour, a, b, width)
                    for end in (a, b):
                        if 0 < end[1] < h:
                            smooth.disc(surface, colour, end, width / 2)
            holes = []
            if kind == "road":
                band = self.host.state.tiles.band(tile, turned)
                holes.append((xs[band.hole_column], (1 if band.hole_above else 3) * unit))
            else:
                holes += [(x, 2 * unit) for x in xs]
            nests = self._nests(tile) if kind != "road" else frozenset()
            for c, (x, y) in enumerate(holes):
                if kind != "road" and c in nests:
                    nw = int(min(col_w * 0.92, h * 1.0))
                    nest = sprites.svg("cluck_nest.svg", nw, int(nw * 0.6))
                    surface.blit(nest, nest.get_rect(center=(x, y + unit * 0.2)))
                hw = min(col_w * 0.42, h * 0.36)
                hole = pygame.Rect(0, 0, int(hw), int(hw * 0.6))
                hole.center = (int(x), int(y))
                pygame.draw.ellipse(surface, HOLE_RIM, hole.inflate(4 * k, 4 * k))
                pygame.draw.ellipse(surface, HOLE, hole)
        pygame.draw.rect(surface, edge, (0, 0, w, h), width=line, border_radius=radius)

    def _nests(self, tile_id) -> frozenset:
        tiles = self.host.state.tiles
        if tile_id is None or tile_id == tiles.start.id:
            return frozenset()
        return tiles.nest[tile_id].nests if tile_id in tiles.nest else frozenset()

    def blit_tile(self, surface, sprite: TileSprite, rect: pygame.Rect, alpha=None) -> None:
        if sprite.tile is None and sprite.kind != "hidden":
            return
        if sprite.kind == "start" and sprite.tile is None:
            return
        image = self.tile_surface(
            sprite.kind, sprite.tile, sprite.turned, rect.width, rect.height, FELT
        )
        if sprite.squash < 0.999:
            image = pygame.transform.smoothscale(
                image, (image.get_width(), max(1, int(image.get_height() * sprite.squash)))
            )
        a = sprite.alpha if alpha is None else alpha
        if a < 254:
            image = self._faded(image, int(max(0, a)))
        surface.blit(image, image.get_rect(center=rect.center))

    def _faded(self, image: pygame.Surface, alpha: int) -> pygame.Surface:
        """``image`` drawn at ``alpha``: one copy per picture whose alpha is set each time
        (the cached picture itself never changes)."""
        key = ("faded", id(image))
        fader = self._tiles.get(key)
        if fader is None or fader[0] is not image:
            fader = (image, image.copy())
            self._tiles[key] = fader
        fader[1].set_alpha(alpha)
        return fader[1]

    def dashed_rect(self, surface, rect: pygame.Rect, colour, width: int = 2) -> None:
        dash = self.host.px(10)
        for x in range(rect.left, rect.right, dash * 2):
            end = min(x + dash, rect.right)
            pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), width)
            pygame.draw.line(surface, colour, (x, rect.bottom - 1), (end, rect.bottom - 1), width)
        for y in range(rect.top, rect.bottom, dash * 2):
            end = min(y + dash, rect.bottom)
            pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), width)
            pygame.draw.line(surface, colour, (rect.right - 1, y), (rect.right - 1, end), width)

    def chicken_image(self, player: int, size: int, left: bool = False) -> pygame.Surface:
        """Seat ``player``'s chicken, facing right (or ``left``), with the seat's mark on
        its body (every mark is the same mirrored, so a chicken turned round keeps it)."""
        key = (player, size, left)
        cache = self._chickens
        image = cache.get(key)
        if image is None:
            if len(cache) > 48:
                cache.clear()
            name = self.chicken_name(player)
            image = identity.marked_sprite(name, size, player, (0.36, 0.66), 0.3)
            if left:
                image = pygame.transform.flip(image, True, False)
            cache[key] = image
        return image

    def chicken_name(self, player: int) -> str:
        """The seat's character's sprite (a chicken), Henrietta when it has none."""
        return _sprite_name(self.host.session.seats[player].character)

    def badge(self, surface, text: str, center, colour) -> None:
        size = self.host.text_px(14)
        w, h = fonts.font(size, True).size(text)
        r = max(w, h) // 2 + self.host.px(4)
        smooth.disc(surface, colour, center, r)
        smooth.ring(surface, theme.INK_LIGHT, center, r, 2)
        disc = pygame.Rect(0, 0, 2 * r, 2 * r)
        disc.center = (round(center[0]), round(center[1]))
        draw_text(
            surface,
            text,
            size,
            disc.center,
            theme.INK_LIGHT,
            bold=True,
            anchor="center",
            within=disc,
        )
