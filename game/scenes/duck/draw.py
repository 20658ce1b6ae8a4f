"""Drawing the Duck! Duck! Go! table (mixed into DuckScene).

The still picture (kept by the compositor, game/scenes/table/compose.py) holds what
changes only with an event or a person's pointer: the tub and its board, the table's
piles, the hound board, the action bar, the route preview, the decision's targets and the
base scene's buttons; the compositor lays the shared frame's header, seat panels and log
over it. Per frame only the pieces, the facing arrows and route endings of a decision,
short effects, flying tokens, the reveal and the banner are drawn on top.

This module paints both layers and draws the pieces, effects and overlays; the
seat panels' contents, the piles and the action bar are painted by panels.py, the
preview, targets and marks on the board by board.py.
"""

from __future__ import annotations

import math

import pygame

from game.ui import fonts, sprites, theme

from . import art
from .geometry import direction
from .host import DuckHost
from .model import HOUND

GOLD = (250, 196, 40)
HALO = (255, 236, 120)
ANGLE_STEP = 5  # degrees between cached rotations of a sprite
SPRITE_SCALE = 1.75  # a duck sprite's width in hex sizes
HOUND_SCALE = 1.95


class Drawing(DuckHost):
    """Mixed into DuckScene."""

    # == the still picture and what moves (game.scenes.table.compose) ========================
    def static_key(self) -> tuple:
        d = self.decision()
        self.targets()
        spec = self.preview_spec(d)
        hover = (self.hover.kind, self.hover.value) if self.hover is not None else None
        buttons = tuple((b.enabled, b.hovered) for b in self.buttons.buttons)
        return (
            self._ver,
            self._ui_ver,
            id(self._background),
            self.private_player,
            d is None,
            self._dec_key,
            spec,
            hover,
            self.focus,
            self.keyboard,
            buttons,
            self.buttons.focus,
        )

    def paint_static(self, surface: pygame.Surface) -> None:
        d = self.decision()
        targets = self.targets()
        surface.blit(self._background, (0, 0))
        self._build_layer(surface, d, self.preview_spec(d), targets)

    def paint_moving(self, surface: pygame.Surface) -> None:
        self._draw_trail(surface)
        self._draw_pieces(surface)
        self._draw_marks(surface)
        self._draw_effects(surface)
        self._draw_flyers(surface)
        self._draw_reveal(surface)
        self._draw_banner(surface)
        self._draw_tooltip(surface)

    def _build_layer(self, layer, d, spec, targets) -> None:
        self._legend_text = ""
        if d is not None and spec is not None:
            self._draw_preview(layer, d, spec)
        self._draw_info(layer)
        if self.hound_rect is not None:
            self._draw_hound_board(layer, self.hound_rect, d)
        self._draw_bar(layer, d)
        if d is not None:
            if d.duck is not None and d.duck >= 0 and d.duck in self.duck_pos:
                x, y, _ = self.duck_pos[d.duck]
                pygame.draw.circle(
                    layer, HALO, self.geo.px(x, y), self.geo.size * 0.98, max(2, self.px(4))
                )
            self._draw_targets(layer, d, targets)
        self.buttons.draw(layer)

    # == pieces =======================================================================================
    def _sprite(
        self, name: str, size: int, angle: float, alpha: int = 255, ring=None
    ) -> pygame.Surface:
        """A sprite turned to ``angle`` (cached per whole ANGLE_STEP degrees), on its
        player-colour ring when ``ring`` is a colour."""
        step = round(angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (name, size, step, alpha, ring)
        image = self._rot.get(key)
        if image is None:
            if len(self._rot) > 2000:
                self._rot.clear()
            image = pygame.transform.rotozoom(sprites.svg(name, size), step * ANGLE_STEP, 1.0)
            if alpha < 255:
                image = image.copy()
                image.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            if ring is not None:
                hs = self.geo.size
                radius = max(4, round(hs * 0.8))
                r = art.ring(ring, radius, max(2, round(hs * 0.12)))
                tip = radius + max(5, round(hs * 0.38))  # the facing wedge reaches this far
                w = max(image.get_width(), r.get_width(), 2 * tip + 4)
                h = max(image.get_height(), r.get_height(), 2 * tip + 4)
                both = pygame.Surface((w, h), pygame.SRCALPHA)
                both.blit(r, r.get_rect(center=(w // 2, h // 2)))
                art.facing_wedge(both, (w // 2, h // 2), radius, tip, step * ANGLE_STEP)
                both.blit(image, image.get_rect(center=(w // 2, h // 2)))
                art.ring_mark(both, ring, (w // 2, h // 2), radius)
                image = both
            self._rot[key] = image
        return image

    def _draw_trail(self, surface) -> None:
        if len(self.trail) < 2:
            return
        geo = self.geo
        points = [geo.px(x, y) for x, y in self.trail]
        colour = (150, 90, 40) if self.trail_hound else (255, 255, 255)
        pygame.draw.lines(surface, colour, False, points, max(2, round(geo.size * 0.1)))
        for pt in points[:-1]:
            pygame.draw.circle(surface, colour, pt, max(2, geo.size * 0.1))

    def _draw_pieces(self, surface) -> None:
        geo = self.geo
        hs = geo.size
        sh = self.shown
        order = []
        for d, (x, y, a) in self.duck_pos.items():
            if d not in self.floating:
                order.append((y + self.duck_lift.get(d, 0.0) * 2, d))
        hound = self.hound_pos
        if hound is not None:
            order.append((hound[1] + self.hound_lift * 2, HOUND))
        order.sort()
        size = round(hs * SPRITE_SCALE)
        names, rings = self.duck_sprites, self.duck_rings
        ghost, become = sh.ghost, sh.become
        for _, piece in order:
            if piece == HOUND and hound is not None:  # (it is in the order only then)
                x, y, a = hound
                self._blit_piece(
                    surface,
                    "duck_hound.svg",
                    round(hs * HOUND_SCALE),
                    x,
                    y,
                    a,
                    self.hound_scale,
                    self.hound_lift,
                    None,
                )
                continue
            x, y, a = self.duck_pos[piece]
            if piece == sh.mover:
                pygame.draw.circle(surface, HALO, geo.px(x, y), hs * 0.95, max(2, self.px(4)))
            hound_too = piece < len(become) and become[piece]
            if hound_too:
                pygame.draw.circle(
                    surface, (150, 90, 40), geo.px(x, y), hs * 0.92, max(2, self.px(4))
                )
            self._blit_piece(
                surface,
                names[piece],
                size,
                x,
                y,
                a,
                self.duck_scale.get(piece, 1.0),
                self.duck_lift.get(piece, 0.0),
                rings[piece],
                130 if piece < len(ghost) and ghost[piece] else 255,
            )
            if hound_too:
                paw = sprites.svg("duck_token_become.svg", max(10, round(hs * 0.6)))
                cx, cy = geo.px(x, y)
                surface.blit(paw, paw.get_rect(center=(cx + hs * 0.6, cy - hs * 0.6)))
        if self.floating:
            bob = math.sin(self.app.elapsed * 1000 / 260.0) * 0.08
            for d in sorted(self.floating):
                if d in self.duck_pos:
                    x, y, a = self.duck_pos[d]
                    self._blit_piece(
                        surface,
                        names[d],
                        size,
                        x,
                        y + bob,
                        a,
                        1.0,
                        self.duck_lift.get(d, 1.0),
                        rings[d],
                    )

    def _blit_piece(
        self,
        surface,
        name: str,
        size: int,
        x: float,
        y: float,
        angle: float,
        scale: float,
        lift: float,
        ring,
        alpha: int = 255,
    ) -> None:
        geo = self.geo
        cx, cy = geo.px(x, y)
        if lift > 0:
            sw = max(4, round(size * 0.7))
            shade = art.shadow(sw, max(3, sw // 2))
            surface.blit(shade, shade.get_rect(center=(cx, cy + geo.size * 0.3)))
            cy -= lift * geo.size * 0.7
            scale *= 1.0 + 0.3 * lift
        if abs(scale - 1.0) < 0.02:
            # the usual case: ring and turned sprite come as one cached picture
            image = self._sprite(name, size, angle, alpha, ring)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
            return
        ring_r = max(4, round(geo.size * 0.8 * min(scale, 1.3)))
        if ring is not None and scale > 0.3:
            r = art.ring(ring, ring_r, max(2, round(geo.size * 0.12)))
            surface.blit(r, r.get_rect(center=(cx, cy)))
        if scale > 0.02:
            image = pygame.transform.rotozoom(sprites.svg(name, size), angle, scale)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
        if ring is not None and scale > 0.3:
            art.ring_mark(surface, ring, (cx, cy), ring_r)

    # == effects and overlays ============================================================================
    def _draw_effects(self, surface) -> None:
        geo = self.geo
        hs = geo.size
        for e in self.effects:
            t = e.age / e.life
            cx, cy = geo.px(e.x, e.y)
            if e.kind == "star":
                size = max(8, round(hs * (0.6 + 0.6 * math.sin(min(1.0, t * 2) * math.pi / 2))))
                if t < 0.8:
                    star = art.bonk_star(size)
                    surface.blit(star, star.get_rect(center=(cx, cy)))
            elif e.kind in ("splash", "ripple"):
                rings = 3 if e.kind == "splash" else 1
                for k in range(rings):
                    tk = t - k * 0.15
                    if 0 < tk < 1:
                        radius = hs * (0.3 + 0.9 * tk)
                        width = max(1, round(hs * 0.12 * (1 - tk)))
                        pygame.draw.circle(surface, (255, 255, 255), (cx, cy), radius, width)
                if e.kind == "splash" and t < 0.6:
                    for k in range(8):
                        dx, dy = direction(k * 45 + 20)
                        dist = hs * (0.4 + 1.0 * t)
                        pygame.draw.circle(
                            surface,
                            (200, 235, 255),
                            (cx + dx * dist, cy + dy * dist - hs * 0.6 * math.sin(t * math.pi)),
                            max(2, hs * 0.1 * (1 - t)),
                        )
            elif e.kind == "sparkle":
                for k in range(8):
                    dx, dy = direction(k * 45 + t * 90)
                    dist = hs * (0.5 + 0.8 * t)
                    pygame.draw.polygon(
                        surface,
                        GOLD,
                        art.star_points(
                            cx + dx * dist, cy + dy * dist, hs * 0.2 * (1 - t) + 2, hs * 0.08 + 1, 4
                        ),
                    )
            elif e.kind == "swirl":
                for k in range(3):
                    a0 = t * 8 + k * 2.1
                    rect = pygame.Rect(0, 0, hs * (1.6 - t), hs * (1.6 - t))
                    rect.center = (cx, cy)
                    pygame.draw.arc(
                        surface, (255, 255, 255), rect, a0, a0 + 1.2, max(2, round(hs * 0.08))
                    )

    def _draw_flyers(self, surface) -> None:
        for f in self.flyers:
            t = min(1.0, f.age / f.life)
            k = t * t * (3 - 2 * t)
            x = f.src[0] + (f.dst[0] - f.src[0]) * k
            y = f.src[1] + (f.dst[1] - f.src[1]) * k - math.sin(t * math.pi) * self.px(60)
            if f.image.startswith("buoy_"):
                img = sprites.svg(f"duck_{f.image}.svg", self.px(26))
            elif f.image == "card":
                img = art.card_back(self.px(22), self.px(30))
            elif f.image == "control":
                img = sprites.svg("duck_control.svg", self.px(30))
            else:
                img = sprites.svg("duck_token_back.svg", self.px(24))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_reveal(self, surface) -> None:
        """The cards of a reveal over the board, turning face up one after another. The
        panel is drawn once (opaque, its corners keyed out); while the cards turn they are
        scaled onto a copy, afterwards the finished picture is kept."""
        rv = self.reveal
        if rv is None:
            return
        n = len(rv.cards)
        area = self.board_rect
        gap = self.px(14)
        w = min(self.px(104), (area.width - self.px(60) - gap * (n - 1)) // max(1, n))
        h = round(w / 0.72)
        box = pygame.Rect(0, 0, n * w + (n - 1) * gap + self.px(40), h + self.px(90))
        box.center = area.center
        if rv.base is None or rv.base.get_size() != box.size:
            rv.base = self._reveal_base(rv, box, w, h, gap)
            rv.final = None
        if rv.flip < 1.0:
            surface.blit(rv.base, box)
            for i, (card, _, _) in enumerate(rv.cards):
                local = rv.flip if n == 1 else min(1.0, max(0.0, rv.flip * 1.6 - i * 0.6 / (n - 1)))
                squash = abs(math.cos(local * math.pi))
                image = art.card_back(w, h) if local < 0.5 else self.card_image(card, w, h)
                sw = max(1, round(w * squash))
                if sw != w:
                    image = pygame.transform.scale(image, (sw, h))
                surface.blit(
                    image,
                    (box.x + self.px(20) + i * (w + gap) + (w - sw) // 2, box.y + self.px(40)),
                )
            return
        if rv.final is None:
            rv.final = rv.base.copy()
            for i, (card, _, _) in enumerate(rv.cards):
                rv.final.blit(
                    self.card_image(card, w, h),
                    (self.px(20) + i * (w + gap), self.px(40)),
                )
        rv.final.set_alpha(max(0, int(rv.alpha)) if rv.alpha < 255 else None)
        surface.blit(rv.final, box)

    def _reveal_base(self, rv, box: pygame.Rect, w: int, h: int, gap: int) -> pygame.Surface:
        # opaque (a colour key would make every blit several times slower): the rounded
        # corners show the table underneath
        size = box.size
        base = self.compositor.still(self.size).subsurface(box).copy()
        pygame.draw.rect(base, (46, 66, 92), base.get_rect(), border_radius=self.px(16))
        title = fonts.render(rv.title, self.px(18), theme.INK_LIGHT, bold=True)
        base.blit(title, title.get_rect(midtop=(size[0] // 2, self.px(10))))
        for i, (_, player, label) in enumerate(rv.cards):
            x = self.px(20) + i * (w + gap)
            y = self.px(40) + h
            pygame.draw.circle(
                base, self.seat_colour(player), (x + self.px(7), y + self.px(16)), self.px(6)
            )
            name = fonts.render(
                self._fit(label, self.px(13), w - self.px(14)), self.px(13), theme.INK_LIGHT
            )
            base.blit(name, (x + self.px(16), y + self.px(8)))
        return base

    def _draw_banner(self, surface) -> None:
        b = self.banner
        if b is None:
            return
        if b.surface is None:
            text = fonts.render(b.text, self.px(19), theme.INK, bold=True)
            maxw = self.board_rect.width - self.px(60)
            if text.get_width() > maxw:
                text = fonts.render(
                    self._fit(b.text, self.px(19), maxw, bold=True),
                    self.px(19),
                    theme.INK,
                    bold=True,
                )
            pad = self.px(14)
            img_w = b.image.get_width() + self.px(10) if b.image is not None else 0
            h = max(text.get_height(), b.image.get_height() if b.image is not None else 0) + pad
            surf = pygame.Surface((text.get_width() + img_w + 2 * pad, h), pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, (255, 250, 236), rect, border_radius=h // 2)
            pygame.draw.rect(surf, theme.ACCENT, rect, width=2, border_radius=h // 2)
            x = pad
            if b.image is not None:
                surf.blit(b.image, b.image.get_rect(midleft=(x, h // 2)))
                x += img_w
            surf.blit(text, text.get_rect(midleft=(x, h // 2)))
            b.surface = surf
            b.rect = self._banner_place(surf.get_size())
        fade = min(1.0, b.age / 0.15, max(0.0, (b.life - b.age) / 0.4))
        b.surface.set_alpha(int(255 * fade))
        surface.blit(b.surface, b.rect)

    def _banner_place(self, size) -> pygame.Rect:
        """At the top of the tub, or at the bottom when that hides fewer pieces (the
        banner must not cover the duck it announces)."""
        area = self.board_rect
        top = pygame.Rect((0, 0), size)
        top.midtop = (area.centerx, area.y + self.px(10))
        bottom = top.copy()
        bottom.bottom = area.bottom - self.px(26)
        reach = self.geo.size
        points = [self.geo.px(x, y) for x, y, _ in self.duck_pos.values()]
        if self.hound_pos is not None:
            points.append(self.geo.px(*self.hound_pos[:2]))

        def hidden(rect):
            grown = rect.inflate(reach, reach)
            return sum(1 for pt in points if grown.collidepoint(pt))

        return bottom if hidden(bottom) < hidden(top) else top
