"""A frame of the Cluck-peep! table, drawn in layers: the still picture kept by the
compositor (game/scenes/table/compose.py: the felt, the supply block, the bar, the
buttons and the ladder with its tiles and labels, painted again only when one of them has
moved by a pixel; the shared frame's parts laid over it), then the person's hand in the
bar and what moves: the chicks, the preview, the chickens, whatever flies and the round's
banner. The scene's buttons are part of the still picture (``buttons_in_still``)."""

from __future__ import annotations

import math

import pygame

from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, sprites, theme
from game.ui.tween import ease_in_out, lerp
from game.ui.widgets import draw_icon, draw_text, lay, paint_picture, record_icon

from .art import BACK_EDGE, BACK_FILL, GHOST_ALPHA, MEADOW_EDGE, STRAW_EDGE, Art
from .controls import Controls
from .layout import Layout
from .log import Texts
from .model import CluckModel, Flyer, TileSprite
from .panels import Panels
from .preview import Preview
from .seats import Seats


class Drawing:
    """The table back to front: the still picture (``paint_static``) and what moves
    (``paint_moving``)."""

    def __init__(
        self,
        model: CluckModel,
        host: TableHost,
        parts: tuple[Layout, Art, Texts, Controls, Preview, Panels, Seats],
    ) -> None:
        self.model = model
        self.host = host
        self.layout, self.art, self.texts, self.controls, self.preview, self.panels, self.seats = (
            parts
        )
        self._ladder_seen: tuple | None = None  # the ladder as last drawn
        self._ladder_still = False  # ... and it stood still since: it is in the still picture
        self._was_still = False  # ... and it had in the frame before
        self._ladder_resting = False  # both: see ``paint_ahead``
        self._standing: tuple = ()  # the chickens standing still, in the still picture with it
        # the gap's veil in pieces per width and radius (see _lay_shade)
        self._shades: dict[tuple[int, int], tuple[pygame.Surface, ...]] = {}

    def forget(self) -> None:
        """A new layout: the ladder is looked at anew."""
        self._ladder_seen = None

    def paint_over(self, surface: pygame.Surface) -> None:
        """Nothing over the buttons."""

    # == the still picture and what moves (game.scenes.table.compose) =========================
    def static_key(self) -> tuple:
        """The felt, the supply block, the bar and the buttons; and the ladder, with its
        chicks and the chickens standing on it, once it has stood still for a frame (while
        its tiles move, ``paint_moving`` draws it over the still picture instead of the
        still picture being painted again every frame; a walking chicken is drawn over the
        still picture, the others stay in it)."""
        host = self.host
        mode = self.controls.my_turn()
        ladder = (self._static_state(mode), self._standing_chickens(mode))
        self._ladder_still = ladder == self._ladder_seen
        # the ladder stood still in the frame before too: it is in the still picture
        # already (this frame does not paint it there), a frame to paint ahead in
        self._ladder_resting = self._ladder_still and self._was_still
        self._was_still = self._ladder_still
        self._ladder_seen = ladder
        self._standing = ladder[1] if self._ladder_still else ()
        return (
            self._stock_state(),
            host.t.lang,
            host.private_player,
            self.seats.hint(),
            tuple((b.enabled, b.hovered, b.why, b.label) for b in host.buttons.buttons),
            host.buttons.focus,
            ladder if self._ladder_still else None,
        )

    def paint_static(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        model = self.model
        if model.background is None or model.background.get_size() != size:
            model.background = self.art.paint_background(size)
        surface.blit(model.background, (0, 0))
        self.panels.draw_stock(surface)
        self.host.frame.draw_bar(surface)
        self.host.buttons.draw(surface)
        if self._ladder_still:
            self._draw_ladder_clipped(surface, self.controls.my_turn())
            clip = surface.get_clip()
            surface.set_clip(self._ladder_clip())
            if not self._chicks_moving():
                self._draw_chicks(surface)
            self._draw_chickens(surface, [p for p, *_ in self._standing])
            surface.set_clip(clip)

    def marks_in_still(self) -> bool:
        """The ladder stands still in the still picture (as ``static_key`` just found),
        no chick pops and nobody places a tile or picks a hole: only chickens, flyers and
        the round's banner move over it, so the last moves' marks lie under them in the
        still picture (issue #38's frame benchmark: blending the marks over each frame
        was half of a frame's cost while the chickens walked)."""
        return (
            self._ladder_still
            and not self._chicks_moving()
            and self.controls.my_turn() not in ("place", "hole")
            and not self.model.table.marks
        )

    def paint_moving(self, surface: pygame.Surface) -> None:
        mode = self.controls.my_turn()
        if not self._ladder_still:
            self._draw_ladder_clipped(surface, mode)
        self.panels.draw_hand_bar(surface, mode)  # private: drawn for the person looking, live
        clip = surface.get_clip()
        surface.set_clip(self._ladder_clip())
        if not self._ladder_still or self._chicks_moving():
            self._draw_chicks(surface)  # popping in or out, or the ladder moves
        if mode == "place":
            self._draw_slot_edge(surface)
            self.preview.draw(surface)
        for point, text, _ in self.model.table.marks:
            x, y = self.layout.to_screen(*point)
            draw_text(
                surface,
                text,
                self.host.px(24),
                (x, y),
                theme.BAD,
                bold=True,
                anchor="center",
                within=self.model.area,
            )
        if mode == "hole":
            self._draw_hole_choice(surface)
        standing = {p for p, *_ in self._standing}
        m = self.model.table
        self._draw_chickens(
            surface, [p for p, c in enumerate(m.chickens) if c is not None and p not in standing]
        )
        if mode == "place":
            self.preview.draw_results(surface)  # values: over the chickens
        surface.set_clip(clip)
        for flyer in self.model.table.flyers:
            self._draw_flyer(surface, flyer)
        self._draw_banner(surface)

    def paint_ahead(self) -> None:
        """Once a frame, before it is drawn (the table's update: what it paints is kept,
        not shown), while the ladder rested in the still picture in the frames drawn
        last (cheap frames): one picture the next ease of the rows will want
        (``Art.paint_ahead``): the ladder's tiles, the person's tiles in hand (the next
        one laid may be theirs) and the chickens, at the height the rows take once one
        more row is laid."""
        if not self._ladder_resting:
            return
        h = self.layout.ahead_band_h()
        if h is None or self.layout.rest_band_h() is not None:
            return
        m = self.model.table
        w = round(self.model.band_w)
        looks = [
            (s.kind, s.tile, s.turned, w)
            for s in [m.start, *m.roads, m.hidden, m.goal]
            if s is not None and (s.tile is not None or s.kind == "hidden")
        ]
        looks += [("road", tile, self.controls.is_turned(tile), w) for tile in m.hand]
        size = self.layout.chicken_size(self.layout.target_row_h(1))
        chickens = [(p, size, c.facing < 0) for p, c in enumerate(m.chickens) if c is not None]
        self.art.paint_ahead(looks, h, chickens)

    def _ladder_clip(self) -> pygame.Rect:
        px = self.host.px
        return self.model.area.inflate(px(4), px(16)).clip(self.model.board)

    # == the still picture ==================================================================
    def _static_state(self, mode) -> tuple:
        """Everything the still picture shows, as screen pixels: equal keys, equal pictures."""
        m = self.model.table
        band_rect = self.layout.band_rect
        sel_tile = self.model.sel_tile

        def look(s: TileSprite | None) -> tuple:
            if s is None:
                return ()
            return (
                s.kind,
                s.tile,
                s.turned,
                s.player,
                tuple(band_rect(s.row, s.dx)),
                int(s.alpha),
                round(s.squash, 2),
                s.ghost,
                s.chick,
            )

        slot: tuple = ()
        if m.stage == "place":
            held = mode == "place" and sel_tile is not None
            slot = (
                tuple(self.layout.slot_rect()),
                held and sel_tile,
                held and self.controls.is_turned(sel_tile),
            )
        # chicks popping in or out are drawn over the still picture, the others in it
        popping = any(s.chick and s.chick_scale < 0.999 for s in [*m.roads, *m.leaving])
        return (
            tuple(look(s) for s in [m.start, *m.roads, *m.leaving, m.hidden, m.goal]),
            popping,
            slot,
            mode == "place",
            round(self.model.row_h),
        )

    def _chicks_moving(self) -> bool:
        """A chick pops in or out of its hole (as the still picture's key says)."""
        return bool(self._ladder_seen and self._ladder_seen[0][1])

    def _standing_chickens(self, mode) -> tuple:
        """The chickens that stand still (not walking, hopping, shaking or carrying), as
        screen pixels: in the still picture with the ladder. None while the person places a
        tile (the preview's lines start under them)."""
        if mode == "place":
            return ()
        m = self.model.table
        size = self.layout.chicken_size()
        out = []
        for p, c in enumerate(m.chickens):
            if c is None or p == m.walker or c.hop or c.shake or m.carried[p]:
                continue
            x, y = self.layout.to_screen(c.column, c.y)
            out.append((p, round(x), round(y), c.facing, size))
        return tuple(out)

    def _stock_state(self) -> tuple:
        m = self.model.table
        return (m.supply, m.pile, tuple(m.nest_stack), self.layout.max_scroll() > 0)

    def _draw_ladder_clipped(self, surface, mode) -> None:
        clip = surface.get_clip()
        surface.set_clip(self._ladder_clip())
        self._draw_ladder(surface, mode)
        surface.set_clip(clip)

    def _draw_ladder(self, surface, mode) -> None:
        m = self.model.table
        rest_h = self.layout.rest_band_h()
        rest_chicken = self.layout.chicken_size(self.layout.target_row_h())
        self.art.settling(rest_h, rest_chicken)
        for sprite in m.leaving:
            self.art.blit_tile(surface, sprite, self.layout.band_rect(sprite.row, sprite.dx))
        self.art.blit_tile(surface, m.start, self.layout.band_rect(m.start.row, m.start.dx))
        if m.start.tile is not None:
            self._row_label(
                surface, m.start.row, self.texts.tile_name(m.start.tile), None, m.start.dx
            )
        for sprite in m.roads:
            self.art.blit_tile(surface, sprite, self.layout.band_rect(sprite.row, sprite.dx))
            self._row_label(surface, sprite.row, str(sprite.tile), sprite.player, sprite.dx)
        if m.stage == "place":
            self._draw_slot(surface, mode)
        if m.hidden is not None:
            self.art.blit_tile(surface, m.hidden, self.layout.band_rect(m.hidden.row, m.hidden.dx))
            self._row_label(surface, m.hidden.row, "?", None, m.hidden.dx)
        if m.goal.tile is not None:
            rect = self.layout.band_rect(m.goal.row, m.goal.dx)
            if m.goal.ghost:
                self.art.blit_tile(surface, m.goal, rect, alpha=min(m.goal.alpha, GHOST_ALPHA))
                self.art.dashed_rect(surface, rect, STRAW_EDGE)
                under = self.host.t(
                    "cluck.preview_legend" if mode == "place" else "cluck.next_nest"
                )
                draw_text(
                    surface,
                    under,
                    self.host.text_px(14),
                    (rect.centerx, rect.bottom + self.host.px(6)),
                    theme.INK_SOFT,
                    anchor="midtop",
                    within=self.model.board,
                )
            else:
                self.art.blit_tile(surface, m.goal, rect)
            self._row_label(surface, m.goal.row, self.texts.tile_name(m.goal.tile), None, m.goal.dx)

    def _row_label(self, surface, row: float, text: str, player, dx: float = 0.0) -> None:
        place = self.layout.row_label_rect(row, text, player, dx)  # where a callout looks
        if player is not None:
            r = self.model.label_r
            disc, centre = place, place.center
            smooth.disc(surface, self.host.seat_colour(player), centre, r)
            smooth.ring(surface, theme.INK_LIGHT, centre, r, 2)
            record_icon(surface, disc, f"tile {text}", "value")  # the tile's number
            draw_text(
                surface,
                text,
                self.model.label_px,
                centre,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
                within=disc.clip(self.model.label_box),
            )
        else:
            label = draw_text(
                surface,
                text,
                self.model.label_px,
                place.midright,
                theme.INK_SOFT,
                bold=True,
                anchor="midright",
                within=self.model.label_box,
            )
            record_icon(surface, label, f"tile {text}", "value")  # the tile's name

    def _draw_slot(self, surface, mode) -> None:
        rect = self.layout.slot_rect()
        if mode == "place" and self.model.sel_tile is not None:
            sprite = TileSprite(
                "road", self.model.sel_tile, self.controls.is_turned(self.model.sel_tile)
            )
            self.art.blit_tile(surface, sprite, rect, alpha=215)
            return
        self._lay_shade(surface, rect)
        self.art.dashed_rect(surface, rect, MEADOW_EDGE)
        draw_text(
            surface,
            self.host.t("cluck.place_here"),
            self.host.text_px(14),
            rect.center,
            MEADOW_EDGE,
            anchor="center",
            within=rect,
        )

    def _lay_shade(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The gap's light veil over ``rect``: its top and bottom rows (the round
        corners) kept per width and radius, its middle rows all alike (issue #38's frame
        benchmark: a veil painted whole at each height while the rows eased, ~0.6 ms a
        frame at 2560x1440). Every pixel of it blends on its own, so the pieces lay what
        the veil painted whole (:func:`slot_shade`) does (tested)."""
        w, h = rect.size
        r = min(max(4, h // 6), w // 2, h // 2)  # the radius rounded_rect draws
        pieces = self._shades.get((w, r))
        if pieces is None or pieces[1].get_height() < h - 2 * r:
            if len(self._shades) > 16:
                self._shades.clear()
            pieces = _shade_pieces(w, r, max(h - 2 * r, 1 if pieces is None else h))
            self._shades[(w, r)] = pieces
        top, middle, bottom = pieces
        surface.blit(top, rect.topleft)
        surface.blit(middle, (rect.x, rect.y + r), (0, 0, w, h - 2 * r))
        surface.blit(bottom, (rect.x, rect.bottom - r))

    def _draw_slot_edge(self, surface) -> None:
        """The gap's frame in the person's colour, pulsing (drawn each frame)."""
        if self.model.sel_tile is None:
            return
        rect = self.layout.slot_rect()
        pulse = 2 + int(2 * (1 + math.sin(self.host.app.elapsed * 1000 / 180)))
        if self.model.hover == "slot":
            pulse = self.host.px(6)
        smooth.rounded_rect(
            surface,
            self.host.seat_colour(self.controls.me()),
            rect.inflate(4, 4),
            max(4, rect.height // 6),
            pulse,
        )

    def _draw_chicks(self, surface) -> None:
        for sprite in self.model.table.roads + self.model.table.leaving:
            spot = self.layout.chick_spot(sprite)
            if spot is None:
                continue
            x, feet, s = spot
            image = sprites.svg("cluck_chick.svg", s)
            draw_icon(surface, image, (x, feet), "cluck_chick.svg", "piece", "midbottom")

    # == what moves ===========================================================================
    def _draw_hole_choice(self, surface) -> None:
        """The person's free START holes, pulsing, and their chicken over the one looked
        at."""
        size = self.layout.chicken_size()
        player = self.controls.me()
        free = self.controls.free_holes(player)
        pulse = 0.5 + 0.5 * math.sin(self.host.app.elapsed * 1000 / 200)
        for column in free:
            x, y = self.layout.to_screen(column, 2)
            r = int(self.model.col_w * 0.3 + pulse * self.host.px(3))
            smooth.ring(surface, self.host.seat_colour(player), (x, y), r, self.host.px(3))
        cursor = self.model.hole_cursor if self.model.hole_cursor in free else None
        if cursor is not None:
            x, y = self.layout.to_screen(cursor, 2)
            self.art.draw_chicken(surface, player, size, (x, y + size * 0.08), alpha=150)
            draw_text(
                surface,
                str(cursor + 1),
                self.host.text_px(16),
                (x, y - size * 0.95),
                theme.INK,
                bold=True,
                anchor="center",
                within=self.model.area,
            )

    def _draw_chickens(self, surface, players: list[int]) -> None:
        """The chickens of ``players``, the walker last, then the counts of chicks they
        carry."""
        m = self.model.table
        size = self.layout.chicken_size()
        order = sorted(
            ((p, c) for p, c in enumerate(m.chickens) if c is not None and p in players),
            key=lambda pc: (pc[0] == m.walker, pc[1].y),
        )
        badges = []
        for p, c in order:
            x, y = self.layout.to_screen(c.column + c.shake, c.y)
            y -= c.hop * self.model.row_h
            rect = self.art.draw_chicken(surface, p, size, (x, y + size * 0.08), c.facing < 0)
            carried = m.carried[p]
            if carried:
                small = sprites.svg("cluck_chick.svg", max(theme.MIN_ICON_PX, int(size * 0.38)))
                for i in range(min(carried, 4)):
                    at = (
                        rect.centerx - size * 0.12 - i * size * 0.04,
                        rect.top + size * 0.42 - i * size * 0.2,
                    )
                    draw_icon(surface, small, at, "cluck_chick.svg", anchor="midbottom")
                if carried > 1:
                    badges.append((p, rect, carried))
        # the counts over every chicken (issue #27: no piece hides a value)
        for p, rect, carried in badges:
            self.art.badge(
                surface,
                f"{carried}",
                (rect.right - size * 0.1, rect.top + size * 0.15),
                self.host.seat_colour(p),
            )

    def _draw_flyer(self, surface, flyer: Flyer) -> None:
        a = self.layout.anchor(flyer.src)
        b = self.layout.anchor(flyer.dst)
        t = ease_in_out(flyer.t)
        x, y = lerp(a[0], b[0], t), lerp(a[1], b[1], t)
        y -= math.dist(a, b) * flyer.arc * 4 * t * (1 - t)
        if flyer.sprite == "chick":
            size = self.layout.chick_size()
            image = sprites.svg("cluck_chick.svg", size)
            draw_icon(surface, image, (x, y), "cluck_chick.svg", "piece", "center")
        elif flyer.sprite == "back":
            back = pygame.Rect(0, 0, self.host.px(22), self.host.px(32))
            back.center = (int(x), int(y))
            smooth.panel(surface, BACK_FILL, back, 3, BACK_EDGE, 2)
        else:
            player = int(flyer.sprite.split(":")[1])
            size = int(lerp(self.host.px(56), self.layout.chicken_size(), t))
            self.art.draw_chicken(surface, player, size, (x, y + size * 0.4))

    def _draw_banner(self, surface) -> None:
        m = self.model.table
        if not m.banner or m.banner_alpha <= 1:
            return
        size = self.host.text_px(40)

        width = fonts.font(size, True).size(m.banner)[0]
        pill = pygame.Rect(0, 0, width + self.host.px(48), round(size * 1.25) + self.host.px(22))
        pill.center = (
            self.model.area.centerx,
            round(self.model.area.y + self.model.area.height * 0.42),
        )
        radius = pill.height // 2

        def paint(banner: pygame.Surface, box: pygame.Rect) -> None:
            smooth.panel(banner, (*theme.ACCENT, 255), box, radius, (*theme.ACCENT_DARK, 255), 3)
            draw_text(
                banner,
                m.banner,
                size,
                box.center,
                theme.INK_LIGHT,
                bold=True,
                anchor="center",
                within=box,
            )

        picture = paint_picture(pygame.Surface(pill.size, pygame.SRCALPHA), paint)
        picture.image.set_alpha(int(m.banner_alpha))
        lay(surface, picture, pill)  # its text seen where it lands on the screen


def slot_shade(size: tuple[int, int], radius: int | None = None) -> pygame.Surface:
    """The gap's light veil painted whole: a rounded rectangle of white at alpha 90 with
    round corners of ``radius`` (by default a sixth of its height)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    r = max(4, size[1] // 6) if radius is None else radius
    smooth.rounded_rect(shade, (255, 255, 255, 90), shade.get_rect(), r)
    return shade


def _shade_pieces(w: int, r: int, middle_h: int) -> tuple[pygame.Surface, ...]:
    """The veil's top ``r`` rows, ``middle_h`` rows like its middle and its bottom ``r``
    rows, cut from the veil painted whole at ``2 * r + 1`` rows: the rows of the corners
    are those of any veil ``w`` wide with corners of ``r``, the rows between alike."""
    whole = slot_shade((w, 2 * r + 1), r)
    top = whole.subsurface((0, 0, w, r)).copy()
    bottom = whole.subsurface((0, r + 1, w, r)).copy()
    middle = pygame.Surface((w, middle_h), pygame.SRCALPHA)
    middle.fill(whole.get_at((w // 2, r)))
    return top, middle, bottom
