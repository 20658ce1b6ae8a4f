"""A frame of the Cluck-peep! table: the ladder with its tiles, chicks, chickens and
the preview, then the panels (panels.py), the log, whatever flies and the round's
banner."""

from __future__ import annotations

import math

import pygame

from game.rules.cluck.ladder import ROW_HEIGHT, hole_point
from game.ui import fonts, sprites, theme
from game.ui.tween import ease_in_out, lerp
from game.ui.widgets import draw_text

from .art import BACK_EDGE, GHOST_ALPHA, MEADOW_EDGE, STRAW_EDGE
from .host import CluckHost
from .model import Flyer, TileSprite


class Drawing(CluckHost):
    """The frame and the ladder of :class:`~.scene.CluckScene`."""

    def draw_table(self, surface) -> None:
        if (
            getattr(self, "_background", None) is None
            or self._background.get_size() != surface.get_size()
        ):
            self._background = self._paint_background(surface.get_size())
        surface.blit(self._background, (0, 0))
        mode = self._my_turn()
        clip = surface.get_clip()
        surface.set_clip(self.area.inflate(self.px(4), self.px(20)))
        self._draw_ladder(surface, mode)
        surface.set_clip(clip)
        self._draw_header(surface)
        self._draw_cards(surface)
        self._draw_stock(surface)
        self._draw_hand_panel(surface, mode)
        self.draw_log(surface, self.log_rect)
        for flyer in self.table.flyers:
            self._draw_flyer(surface, flyer)
        self._draw_banner(surface)
        foot = (self.area.centerx, self.area.bottom + self.px(26))
        if self._max_scroll() > 0 and not self.session.thinking():
            draw_text(
                surface,
                self.t("cluck.scroll_hint"),
                self.px(14),
                foot,
                theme.INK_SOFT,
                anchor="midbottom",
            )
        self.draw_thinking(surface, foot)

    def _draw_ladder(self, surface, mode) -> None:
        m = self.table
        for sprite in m.leaving:
            self._blit_tile(surface, sprite, self.band_rect(sprite.row, sprite.dx))
        self._blit_tile(surface, m.start, self.band_rect(m.start.row, m.start.dx))
        self._row_label(
            surface,
            m.start.row,
            "START" if m.start.tile == self.state.tiles.start.id else str(m.start.tile or ""),
            None,
        )
        for sprite in m.roads:
            self._blit_tile(surface, sprite, self.band_rect(sprite.row, sprite.dx))
            self._row_label(surface, sprite.row, str(sprite.tile), sprite.player, sprite.dx)
        if m.stage == "place":
            self._draw_slot(surface, mode)
        if m.hidden is not None:
            self._blit_tile(surface, m.hidden, self.band_rect(m.hidden.row, m.hidden.dx))
            self._row_label(surface, m.hidden.row, "?", None, m.hidden.dx)
        if m.goal.tile is not None:
            rect = self.band_rect(m.goal.row, m.goal.dx)
            if m.goal.ghost:
                self._blit_tile(surface, m.goal, rect, alpha=min(m.goal.alpha, GHOST_ALPHA))
                self._dashed_rect(surface, rect, STRAW_EDGE)
                under = self.t("cluck.preview_legend" if mode == "place" else "cluck.next_nest")
                draw_text(
                    surface,
                    under,
                    self.px(13),
                    (rect.centerx, rect.bottom + self.px(12)),
                    theme.INK_SOFT,
                    anchor="midtop",
                )
            else:
                self._blit_tile(surface, m.goal, rect)
            self._row_label(surface, m.goal.row, str(m.goal.tile), None, m.goal.dx)
        self._draw_chicks(surface)
        for point, text, _ in m.marks:
            x, y = self.to_screen(*point)
            draw_text(surface, text, self.px(24), (x, y), theme.BAD, bold=True, anchor="center")
        if mode == "place":
            self._draw_preview(surface)
        self._draw_chickens(surface, mode)

    def _row_label(self, surface, row: float, text: str, player, dx: float = 0.0) -> None:
        rect = self.band_rect(row, dx)
        x, y = rect.x - self.px(10), rect.centery
        if player is not None:
            r = self.px(13)
            pygame.draw.circle(surface, self.seat_colour(player), (x - r, y), r)
            pygame.draw.circle(surface, theme.INK_LIGHT, (x - r, y), r, 2)
            draw_text(
                surface, text, self.px(14), (x - r, y), theme.INK_LIGHT, bold=True, anchor="center"
            )
        else:
            draw_text(
                surface, text, self.px(14), (x, y), theme.INK_SOFT, bold=True, anchor="midright"
            )

    def _draw_slot(self, surface, mode) -> None:
        rect = self.slot_rect()
        if mode == "place" and self.sel_tile is not None:
            sprite = TileSprite("road", self.sel_tile, self._is_turned(self.sel_tile))
            self._blit_tile(surface, sprite, rect, alpha=215)
            colour = self.seat_colour(self._me())
            pulse = 2 + int(2 * (1 + math.sin(pygame.time.get_ticks() / 180)))
            if self.hover == "slot":
                pulse = self.px(6)
            pygame.draw.rect(
                surface,
                colour,
                rect.inflate(4, 4),
                width=pulse,
                border_radius=max(4, rect.height // 6),
            )
            return
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            shade, (255, 255, 255, 90), shade.get_rect(), border_radius=max(4, rect.height // 6)
        )
        surface.blit(shade, rect)
        self._dashed_rect(surface, rect, MEADOW_EDGE)
        draw_text(
            surface,
            self.t("cluck.place_here"),
            self.px(14),
            rect.center,
            MEADOW_EDGE,
            anchor="center",
        )

    def _draw_chicks(self, surface) -> None:
        size = self._chick_size()
        for sprite in self.table.roads + self.table.leaving:
            if not sprite.chick or sprite.band is None:
                continue
            band = sprite.band
            y = sprite.row * ROW_HEIGHT + (1 if band.hole_above else 3)
            x, sy = self.to_screen(band.hole_column + sprite.dx, y)
            s = max(4, int(size * sprite.chick_scale))
            image = sprites.svg("cluck_chick.svg", s)
            surface.blit(image, image.get_rect(midbottom=(x, sy + s * 0.18)))

    def _draw_chickens(self, surface, mode) -> None:
        m = self.table
        size = self._chicken_size()
        if mode == "hole":
            player = self._me()
            free = self._free_holes(player)
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 200)
            for column in free:
                x, y = self.to_screen(column, 2)
                r = int(self.col_w * 0.3 + pulse * self.px(3))
                pygame.draw.circle(surface, self.seat_colour(player), (x, y), r, self.px(3))
            cursor = self.hole_cursor if self.hole_cursor in free else None
            if cursor is not None:
                x, y = self.to_screen(cursor, 2)
                ghost = self._chicken_image(player, size).copy()
                ghost.set_alpha(150)
                surface.blit(ghost, ghost.get_rect(midbottom=(x, y + size * 0.08)))
                draw_text(
                    surface,
                    str(cursor + 1),
                    self.px(16),
                    (x, y - size * 0.95),
                    theme.INK,
                    bold=True,
                    anchor="center",
                )
        order = sorted(
            ((p, c) for p, c in enumerate(m.chickens) if c is not None),
            key=lambda pc: (pc[0] == m.walker, pc[1].y),
        )
        for p, c in order:
            x, y = self.to_screen(c.column + c.shake, c.y)
            y -= c.hop * self.row_h
            image = self._chicken_image(p, size)
            if c.facing < 0:
                image = pygame.transform.flip(image, True, False)
            rect = image.get_rect(midbottom=(x, y + size * 0.08))
            surface.blit(image, rect)
            carried = m.carried[p]
            if carried:
                small = sprites.svg("cluck_chick.svg", max(8, int(size * 0.38)))
                for i in range(min(carried, 4)):
                    surface.blit(
                        small,
                        small.get_rect(
                            midbottom=(
                                rect.centerx - size * 0.12 - i * size * 0.04,
                                rect.top + size * 0.42 - i * size * 0.2,
                            )
                        ),
                    )
                if carried > 1:
                    self._badge(
                        surface,
                        f"{carried}",
                        (rect.right - size * 0.1, rect.top + size * 0.15),
                        self.seat_colour(p),
                    )

    def _draw_preview(self, surface) -> None:
        player = self._me()  # drawn in the person's "place" turn only
        result = self._current_preview(player)
        if not result:
            return
        m = self.table
        laid = len(m.roads)
        candidate = self.state.tiles.band(self.sel_tile, self._is_turned(self.sel_tile))
        n = self.session.players
        width = max(3, self.px(5))
        size = self._chick_size()
        if self.state.supply > 0:
            y = (laid + 1) * ROW_HEIGHT + (1 if candidate.hole_above else 3)
            x, sy = self.to_screen(candidate.hole_column, y)
            ghost = sprites.svg("cluck_chick.svg", size).copy()
            ghost.set_alpha(170)
            surface.blit(ghost, ghost.get_rect(midbottom=(x, sy + size * 0.18)))
        for p in sorted(result, key=lambda q: q == player):
            cp = result[p]
            colour = self.seat_colour(p)
            offset = (p - (n - 1) / 2) * self.px(3)
            points = [self.to_screen(c, y) for c, y in cp.trace.points]
            points = [(x + offset, y + offset) for x, y in points]
            if len(points) > 1:
                pygame.draw.lines(surface, theme.INK_LIGHT, False, points, width + 4)
                pygame.draw.lines(surface, colour, False, points, width)
            for row in cp.trace.collected:
                band = m.roads[row - 1].band if row <= laid else candidate
                hx, hy = self.to_screen(*hole_point(row, band))
                pygame.draw.circle(
                    surface, colour, (hx, hy - size * 0.3), int(size * 0.62), max(2, self.px(3))
                )
            end = points[-1]
            good = cp.nest
            gained = len(cp.trace.collected)
            text = f"+{gained} ✓" if good else f"+{gained} ×"
            label = fonts.render(text, self.px(15), theme.INK_LIGHT, bold=True)
            pill = label.get_rect(center=(end[0], end[1] + self.row_h * 0.34))
            pill.inflate_ip(self.px(10), self.px(4))
            pygame.draw.rect(
                surface, theme.GOOD if good else theme.BAD, pill, border_radius=pill.height // 2
            )
            pygame.draw.rect(surface, colour, pill, width=2, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))

    def _draw_flyer(self, surface, flyer: Flyer) -> None:
        a = self._anchor(flyer.src)
        b = self._anchor(flyer.dst)
        t = ease_in_out(flyer.t)
        x, y = lerp(a[0], b[0], t), lerp(a[1], b[1], t)
        y -= math.dist(a, b) * flyer.arc * 4 * t * (1 - t)
        if flyer.sprite == "chick":
            size = self._chick_size()
            image = sprites.svg("cluck_chick.svg", size)
            surface.blit(image, image.get_rect(center=(x, y)))
        elif flyer.sprite == "back":
            back = pygame.Rect(0, 0, self.px(22), self.px(32))
            back.center = (int(x), int(y))
            pygame.draw.rect(surface, (185, 130, 74), back, border_radius=3)
            pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=3)
        else:
            player = int(flyer.sprite.split(":")[1])
            size = int(lerp(self.px(64), self._chicken_size(), t))
            image = self._chicken_image(player, size)
            surface.blit(image, image.get_rect(midbottom=(x, y + size * 0.4)))

    def _draw_banner(self, surface) -> None:
        m = self.table
        if not m.banner or m.banner_alpha <= 1:
            return
        label = fonts.render(m.banner, self.px(40), theme.INK_LIGHT, bold=True)
        pill = label.get_rect(center=(self.area.centerx, self.area.y + self.area.height * 0.42))
        pill.inflate_ip(self.px(48), self.px(22))
        banner = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(
            banner, (*theme.ACCENT, 255), banner.get_rect(), border_radius=pill.height // 2
        )
        pygame.draw.rect(
            banner,
            (*theme.ACCENT_DARK, 255),
            banner.get_rect(),
            width=3,
            border_radius=pill.height // 2,
        )
        banner.blit(label, label.get_rect(center=banner.get_rect().center))
        banner.set_alpha(int(m.banner_alpha))
        surface.blit(banner, pill)
