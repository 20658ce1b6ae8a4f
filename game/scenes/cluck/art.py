"""The pictures of the Cluck-peep! table: its colours, the felt background, the tile
pictures (cached per look and size), the chickens' sprites and small painted pieces
(dashed frames, badges)."""

from __future__ import annotations

import functools
import math

import pygame

from game.paths import SPRITES_DIR
from game.rules.cluck.ladder import ROW_HEIGHT
from game.rules.cluck.tiles import COLUMNS
from game.scenes.table.contract import TableHost
from game.ui import fonts, identity, smooth, sprites, theme
from game.ui.widgets import Picture, draw_icon, draw_text, lay, paint_picture, record_icon

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
MARK_SPOT = (0.36, 0.66)  # where a chicken wears its seat's mark (fractions of its size)


@functools.lru_cache(maxsize=32)
def _sprite_name(character: str) -> str:
    name = f"cluck_{character}.svg"
    return name if (SPRITES_DIR / name).exists() else "cluck_henrietta.svg"


class Art:
    """The painted pieces, and the pictures kept of them (per look and size)."""

    def __init__(self, model: CluckModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self._tiles: dict = {}  # tile pictures per look and size
        # kept apart from the tile pictures (issue #38: while the rows eased, a dashed
        # frame per size and a faded copy per stand-in filled the tiles' cache, emptied
        # every few frames, so the ladder's tiles were painted again and again)
        self._grounds: dict = {}  # the tiles' grounds per kind and size
        self._marks: dict = {}  # dashed frames and faded copies
        self._scaled: dict = {}  # stand-ins while the rows' height eases (see ``settling``)
        self._rest_h: int | None = None  # the rows' height at rest, while it eases
        self._budget = 0  # tile pictures that may still be painted at rest height this frame
        self._rest_chicken: int | None = None  # the chickens' size at rest, while it eases
        self._chicken_budget = 0
        self._chickens: dict = {}  # the chickens' sprites per seat, size and facing
        self.painted_ahead = 0  # pictures painted before the rows' ease wants them

    def forget(self) -> None:
        """A new layout: the tile pictures are painted again at their new sizes."""
        self._tiles.clear()
        self._grounds.clear()
        self._marks.clear()
        self._scaled.clear()

    def settling(self, rest_h: int | None, rest_chicken: int | None = None) -> None:
        """Once a frame, before the ladder is drawn: the band height the rows ease toward
        (None: they are at rest). While they ease, a tile whose picture at the current
        height is not kept is drawn as its picture at rest height (or the nearest kept),
        scaled: painting every tile anew at each 4 px step cost a whole frame at large
        sizes (issue #27: p99 over 16.7 ms at 2560x1440). At most one picture at rest
        height is painted per frame, so all are ready when the rows come to rest; at rest
        every tile is its own picture, as before. The chickens alike, toward ``rest_chicken``
        px (their size follows the rows')."""
        self._rest_h = rest_h
        self._rest_chicken = rest_chicken if rest_h is not None else None
        self._budget = 1
        self._chicken_budget = 1
        if rest_h is None:
            self._scaled.clear()

    def paint_ahead(
        self, looks: list[tuple], h: int, chickens: list[tuple[int, int, bool]]
    ) -> bool:
        """Paint one picture the next ease of the rows will want and that is not kept:
        a tile of ``looks`` ((kind, tile, turned, width) on the felt) at ``h`` px high, or
        a chicken of ``chickens`` ((seat, size, facing left)); whether one was painted.
        Called in frames where the ladder stands still (issue #38: painted while the rows
        eased, one picture a frame, a tile cost 2-9 ms at 2560x1440 on top of the moving
        ladder: Cluck-peep!'s slowest frames); the ease then finds its pictures at rest
        kept (``settling``) and scales them."""
        step = self._stepped(h)
        for kind, tile, turned, w in looks:
            if (kind, tile, turned, w, step, FELT) not in self._tiles:
                self.painted_ahead += 1
                self.tile_picture(kind, tile, turned, w, h, FELT)
                return True
        for player, size, left in chickens:
            if (player, size, left) not in self._chickens:
                self.painted_ahead += 1
                self.chicken_image(player, size, left)
                return True
        return False

    @staticmethod
    def _stepped(h: int) -> int:
        """Heights are kept in steps (see ``tile_picture``)."""
        return max(8, h - h % (4 if h > 24 else 2))

    def _stand_in(self, kind: str, tile, turned: bool, w: int, h: int, ground) -> Picture | None:
        """The picture to draw while the rows' height eases (see ``settling``), or None:
        the tile's own picture."""
        if self._rest_h is None:
            return None
        step, rest = self._stepped(h), self._stepped(self._rest_h)
        if step == rest or (kind, tile, turned, w, step, ground) in self._tiles:
            return None
        look = (kind, tile, turned, w)
        source = self._tiles.get((*look, rest, ground))
        if source is None and self._budget > 0:
            self._budget -= 1
            source = self.tile_picture(kind, tile, turned, w, self._rest_h, ground)
        if source is None:
            kept = [
                (abs(key[4] - step), key)
                for key in self._tiles
                if len(key) == 6 and key[:4] == look and key[5] == ground
            ]
            if kept:
                source = self._tiles[min(kept)[1]]
            else:  # a tile new to the ladder: its picture at rest, which stays of use
                source = self.tile_picture(kind, tile, turned, w, self._rest_h, ground)
        scaled = self._scaled.get((id(source.image), step))
        if scaled is None or scaled[0] is not source.image:
            if len(self._scaled) > 64:
                self._scaled.clear()
            image = pygame.transform.smoothscale(source.image, (w, step))
            scaled = (source.image, source._replace(image=image))
            self._scaled[(id(source.image), step)] = scaled
        return scaled[1]

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
        """A tile picture (see ``tile_picture``) without its records."""
        return self.tile_picture(kind, tile, turned, w, h, ground).image

    def tile_picture(self, kind: str, tile, turned: bool, w: int, h: int, ground=None) -> Picture:
        """A tile picture with the sprites painted on it written down (issue #27: the
        meadow, the tile back and the nests are icons the layout checks), cached per look
        and size. Heights are rounded down to a step (4 px) so that rows easing to a new
        height do not paint new pictures each frame. On a ``ground`` colour (the felt) the
        picture is opaque, its round corners in that colour: far cheaper to draw than one
        with an alpha channel."""
        h = self._stepped(h)
        key = (kind, tile, turned, w, h, ground)
        cached = self._tiles.get(key)
        if cached is not None:
            return cached
        if len(self._tiles) > 160:
            self._tiles.clear()
        picture = paint_picture(
            pygame.Surface((w, h), pygame.SRCALPHA),
            lambda surface, _area: self._paint_tile(surface, kind, tile, turned),
        )
        surface = picture.image
        if ground is not None:
            base = pygame.Surface((w, h))
            base.fill(ground)
            base.blit(surface, (0, 0))
            surface = base
        if pygame.display.get_surface() is not None:  # the display's format: cheaper blits
            surface = surface.convert() if ground is not None else surface.convert_alpha()
        picture = picture._replace(image=surface)
        self._tiles[key] = picture
        return picture

    def _paint_tile(self, surface: pygame.Surface, kind: str, tile, turned) -> None:
        """A tile's picture on ``surface``: its ground (the meadow, the tile back or straw)
        with its sprites at their own size, cut to round corners; the roads, holes and
        edge painted twice as big and smooth-scaled down (issue #27: no steps); the
        nests' sprites between the roads and the holes; the "?" on top."""
        w, h = surface.get_size()
        radius = max(4, h // 6)
        ground, icons = self._ground(kind, w, h)
        surface.blit(ground, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # onto nothing: a copy
        for rect, name in icons:
            record_icon(surface, rect, name)
        geometry = self._tile_geometry(kind, tile, turned, w, h)
        holes, nests = geometry[2], geometry[3]
        if not nests:  # one picture: roads, holes and edge
            layer = smooth.supersampled(
                (w, h), lambda big, k: self._paint_lines(big, k, kind, geometry, radius, True), 2
            )
            surface.blit(layer, (0, 0))
        else:
            roads = smooth.supersampled(
                (w, h), lambda big, k: self._paint_lines(big, k, kind, geometry, radius, False), 2
            )
            surface.blit(roads, (0, 0))
            col_w, unit = w / COLUMNS, h / ROW_HEIGHT
            for c, (x, y) in enumerate(holes):
                if c in nests:
                    # never under 16 px high (issue #27): on a small tile (the nest
                    # stack's) the nests may touch
                    nw = max(math.ceil(theme.MIN_ICON_PX / 0.6) + 1, int(min(col_w * 0.92, h)))
                    nest = sprites.svg("cluck_nest.svg", nw, int(nw * 0.6))
                    draw_icon(surface, nest, (x, y + unit * 0.2), "cluck_nest.svg", anchor="center")
            rest = smooth.supersampled(
                (w, h), lambda big, k: self._paint_holes(big, k, kind, geometry, radius), 2
            )
            surface.blit(rest, (0, 0))
        if kind == "hidden":
            self._paint_question(surface, max(theme.MIN_TEXT_PX, int(h * 0.62)))

    def _ground(
        self, kind: str, w: int, h: int
    ) -> tuple[pygame.Surface, tuple[tuple[pygame.Rect, str], ...]]:
        """A tile's ground (the meadow, the tile back or straw) with its sprites at their
        own size, cut to round corners, and the sprites laid on it: the same for every
        tile of a kind and size, painted once (issue #38: a 2560x1440 ladder's tiles,
        painted anew each time the rows change height, cost a frame each)."""
        look = "cluck_meadow.svg" if kind == "road" else "cluck_back.svg"
        key = ("ground", look if kind in ("road", "hidden") else "straw", w, h)
        kept = self._grounds.get(key)
        if kept is not None:
            return kept
        if len(self._grounds) > 16:
            self._grounds.clear()
        ground = pygame.Surface((w, h), pygame.SRCALPHA)
        icons = []
        if kind in ("road", "hidden"):
            pattern = self._pattern(look, max(24, h))
            for x in range(0, w, pattern.get_width()):
                ground.blit(pattern, (x, 0))
                icons.append((pattern.get_rect(topleft=(x, 0)), look))
        else:
            ground.fill(STRAW)
            for x in range(-h, w, max(6, h // 5)):
                pygame.draw.aaline(ground, (238, 216, 150), (x, h), (x + h, 0))
        # the round corners' mask: only its corners are smooth-scaled and blended (the
        # same pixels; issue #38: the whole mask of a 1750 px tile cost ~2 ms)
        for corner, at in smooth.corner_mask((w, h), max(4, h // 6), 2):
            ground.blit(corner, at, special_flags=pygame.BLEND_RGBA_MIN)
        kept = (ground, tuple(icons))
        self._grounds[key] = kept
        return kept

    def _paint_question(self, surface: pygame.Surface, size: int) -> None:
        """The hidden tile's "?" in its middle, one text with its shadow (the glyph's
        shape in a dark brown) under it."""
        w, h = fonts.font(size, True).size("?")

        def paint(glyph: pygame.Surface, area: pygame.Rect) -> None:
            draw_text(glyph, "?", size, area.center, (255, 240, 214), bold=True, anchor="center")

        picture = paint_picture(pygame.Surface((w, h), pygame.SRCALPHA), paint)
        shade = picture.image.copy()
        shade.fill((96, 60, 28, 255), special_flags=pygame.BLEND_RGBA_MIN)
        at = picture.image.get_rect(center=surface.get_rect().center)
        surface.blit(shade, at.move(2, 2))
        lay(surface, picture, at)

    def _tile_geometry(self, kind: str, tile, turned, w: int, h: int) -> tuple:
        """(the roads' segments, the columns' x, the holes, the columns with a nest) of a
        tile ``w`` x ``h`` px."""
        col_w = w / COLUMNS
        unit = h / ROW_HEIGHT
        xs = [col_w * (c + 0.5) for c in range(COLUMNS)]
        segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
        holes: list[tuple[float, float]] = []
        if kind == "road":
            band = self.host.state.tiles.band(tile, turned)
            segments += [((x, 0), (x, h)) for x in xs]
            segments += [((xs[r], 2 * unit), (xs[r + 1], 2 * unit)) for r in band.rungs]
            holes.append((xs[band.hole_column], (1 if band.hole_above else 3) * unit))
        elif kind == "start":
            segments += [((x, 2 * unit), (x, h)) for x in xs]
            holes += [(x, 2 * unit) for x in xs]
        elif kind == "goal":
            segments += [((x, 0), (x, 2 * unit)) for x in xs]
            holes += [(x, 2 * unit) for x in xs]
        nests = self._nests(tile) if kind in ("start", "goal") else frozenset()
        return segments, xs, holes, nests

    def _paint_lines(
        self, surface: pygame.Surface, k: int, kind: str, geometry, radius: int, holes: bool
    ) -> None:
        """The roads (and, with ``holes``, the holes and the edge) ``k`` times bigger."""
        segments, _xs, _holes, _nests = geometry
        w, h = surface.get_size()
        road_w = max(4 * k, int(w / COLUMNS * 0.16))
        for width, colour in ((road_w + 4 * k, ROAD_EDGE), (road_w, ROAD)):
            for a, b in segments:
                a, b = (a[0] * k, a[1] * k), (b[0] * k, b[1] * k)
                pygame.draw.line(surface, colour, a, b, width)
                for end in (a, b):
                    if 0 < end[1] < h:
                        smooth.disc(surface, colour, end, width / 2)
        if holes:
            self._paint_holes(surface, k, kind, geometry, radius)

    def _paint_holes(self, surface: pygame.Surface, k: int, kind: str, geometry, radius) -> None:
        """The holes and the tile's edge, ``k`` times bigger."""
        _segments, _xs, holes, _nests = geometry
        w, h = surface.get_size()
        col_w = w / COLUMNS
        for x, y in holes:
            hw = min(col_w * 0.42, h * 0.36)
            hole = pygame.Rect(0, 0, int(hw), int(hw * 0.6))
            hole.center = (int(x * k), int(y * k))
            pygame.draw.ellipse(surface, HOLE_RIM, hole.inflate(4 * k, 4 * k))
            pygame.draw.ellipse(surface, HOLE, hole)
        edge = {"road": MEADOW_EDGE, "hidden": BACK_EDGE}.get(kind, STRAW_EDGE)
        pygame.draw.rect(surface, edge, (0, 0, w, h), width=2 * k, border_radius=radius * k)

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
        look = (sprite.kind, sprite.tile, sprite.turned, rect.width, rect.height, FELT)
        picture = self._stand_in(*look) or self.tile_picture(*look)
        image = picture.image
        if sprite.squash < 0.999:
            image = pygame.transform.smoothscale(
                image, (image.get_width(), max(1, int(image.get_height() * sprite.squash)))
            )
        a = sprite.alpha if alpha is None else alpha
        if a < 254:
            image = self._faded(image, int(max(0, a)))
        lay(surface, picture._replace(image=image), image.get_rect(center=rect.center))

    def _faded(self, image: pygame.Surface, alpha: int) -> pygame.Surface:
        """``image`` drawn at ``alpha``: one copy per picture whose alpha is set each time
        (the cached picture itself never changes)."""
        key = ("faded", id(image))
        fader = self._marks.get(key)
        if fader is None or fader[0] is not image:
            if len(self._marks) > 64:
                self._marks.clear()
            fader = (image, image.copy())
            self._marks[key] = fader
        fader[1].set_alpha(alpha)
        return fader[1]

    def dashed_rect(self, surface, rect: pygame.Rect, colour, width: int = 2) -> None:
        """A dashed frame around ``rect`` (the gap for the next tile, the next nest tile):
        its dashes drawn once per size and colour onto see-through pictures, then blitted
        (issue #38's frame benchmark: ~100 short lines a frame while the ladder moved).
        The top and bottom dashes are one picture kept per width, the left and right ones
        one per height: while the rows ease, only the short sides' dashes are drawn anew
        (a whole frame's picture per height was ~0.4 ms at 2560x1440). The dashes are
        opaque and the rest of each picture clear, so the pictures lay the same pixels
        as the whole frame drawn at once onto one picture did (tested)."""
        dash = self.host.px(10)
        margin = width + 1
        key = ("dashed-across", rect.w, tuple(colour), width, dash)
        across = self._marks.get(key)
        if across is None:
            across = pygame.Surface((rect.w + 2 * margin, 2 * margin + 1), pygame.SRCALPHA)
            self._across(across, pygame.Rect(margin, margin, rect.w, 1), colour, width, dash)
        key_down = ("dashed-down", rect.h, tuple(colour), width, dash)
        down = self._marks.get(key_down)
        if down is None:
            down = pygame.Surface((2 * margin + 1, rect.h + 2 * margin), pygame.SRCALPHA)
            self._down(down, pygame.Rect(margin, margin, 1, rect.h), colour, width, dash)
        if len(self._marks) > 64:
            self._marks.clear()
        self._marks[key], self._marks[key_down] = across, down
        x, y = rect.x - margin, rect.y - margin
        surface.blit(across, (x, y))
        surface.blit(across, (x, rect.bottom - 1 - margin))
        surface.blit(down, (x, y))
        surface.blit(down, (rect.right - 1 - margin, y))

    @staticmethod
    def _across(surface, rect: pygame.Rect, colour, width: int, dash: int) -> None:
        """The dashes along ``rect``'s top row (see :meth:`dashed_rect`)."""
        for x in range(rect.left, rect.right, dash * 2):
            end = min(x + dash, rect.right)
            pygame.draw.line(surface, colour, (x, rect.top), (end, rect.top), width)

    @staticmethod
    def _down(surface, rect: pygame.Rect, colour, width: int, dash: int) -> None:
        """The dashes down ``rect``'s left column (see :meth:`dashed_rect`)."""
        for y in range(rect.top, rect.bottom, dash * 2):
            end = min(y + dash, rect.bottom)
            pygame.draw.line(surface, colour, (rect.left, y), (rect.left, end), width)

    def chicken_image(self, player: int, size: int, left: bool = False) -> pygame.Surface:
        """Seat ``player``'s chicken, facing right (or ``left``), with the seat's mark on
        its body (every mark is the same mirrored, so a chicken turned round keeps it)."""
        key = (player, size, left)
        cache = self._chickens
        image = cache.get(key)
        if image is None and self._rest_chicken is not None and size != self._rest_chicken:
            return self._chicken_stand_in(player, size, left)
        if image is None:
            if len(cache) > 48:
                cache.clear()
            name = self.chicken_name(player)
            image = identity.marked_sprite(name, size, player, MARK_SPOT, self.mark_part(size))
            if left:
                image = pygame.transform.flip(image, True, False)
            cache[key] = image
        return image

    def _chicken_stand_in(self, player: int, size: int, left: bool) -> pygame.Surface:
        """While the rows' height eases (see ``settling``): the chicken at its size at rest
        (or the nearest kept), scaled to ``size``."""
        rest = self._rest_chicken
        assert rest is not None
        source = self._chickens.get((player, rest, left))
        if source is None and self._chicken_budget > 0:
            self._chicken_budget -= 1
            source = self.chicken_image(player, rest, left)
        if source is None:
            kept = [
                (abs(k[1] - size), k) for k in self._chickens if k[0] == player and k[2] == left
            ]
            source = (
                self._chickens[min(kept)[1]] if kept else self.chicken_image(player, rest, left)
            )
        key = (id(source), size)
        scaled = self._scaled.get(key)
        if scaled is None or scaled[0] is not source:
            scaled = (source, pygame.transform.smoothscale(source, (size, size)))
            self._scaled[key] = scaled
        return scaled[1]

    def mark_part(self, size: int) -> float:
        """How much of a chicken ``size`` px big its seat's mark takes: 0.3, and never a
        mark under 16 px (issue #27: a mark a person reads is an icon) at 1280x720,
        scaled with the window (issue #38)."""
        least = max(theme.MIN_ICON_PX, self.host.px(theme.MIN_ICON_PX))
        return max(0.3, least / max(1, size))

    def draw_chicken(
        self,
        surface: pygame.Surface,
        player: int,
        size: int,
        foot: tuple[float, float],
        left: bool = False,
        alpha: int | None = None,
    ) -> pygame.Rect:
        """Seat ``player``'s chicken ``size`` px big standing at ``foot`` (its bottom
        centre), written down as a piece with its seat's mark; where it went."""
        image = self.chicken_image(player, size, left)
        if alpha is not None:
            image = image.copy()
            image.set_alpha(alpha)
        rect = draw_icon(surface, image, foot, self.chicken_name(player), "piece", "midbottom")
        spot_x = 1 - MARK_SPOT[0] if left else MARK_SPOT[0]
        mark = round(size * self.mark_part(size))
        badge = pygame.Rect(0, 0, mark, mark)
        badge.center = (round(rect.x + size * spot_x), round(rect.y + size * MARK_SPOT[1]))
        record_icon(surface, badge, f"mark:{player}")
        return rect

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
        record_icon(surface, disc, f"count {text}", "value")  # what nothing may cover
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
