"""What moves over the Verflixxt! table on every frame: the things in flight (tiles,
cards, hats, chips), the score pops and the banners."""

from __future__ import annotations

import math

import pygame

from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, theme
from game.ui.tween import lerp
from game.ui.widgets import draw_icon, draw_panel, draw_text, lay, paint_picture

from .art import Art
from .model import VerflixxtModel


class InFlight:
    """Flyers, pops and banners, drawn from the display model."""

    def __init__(self, model: VerflixxtModel, host: TableHost, art: Art) -> None:
        self.model = model
        self.host = host
        self.art = art

    def draw(self, surface: pygame.Surface) -> None:
        """What flies, pops and banners, over everything else."""
        self._draw_flyers(surface)
        self._draw_pops(surface)
        self._draw_banner(surface)

    def _draw_flyers(self, surface) -> None:
        for f in self.model.table.flyers:
            v = max(0.0, min(1.0, f.t))
            (x0, y0), (x1, y1) = f.src(), f.dst()
            x = lerp(x0, x1, v)
            y = lerp(y0, y1, v) - math.sin(math.pi * v) * f.hop * self.host.s
            size = max(4, int(lerp(f.size0, f.size1, v) * self.host.s))
            image = self._flyer_image(f, size)
            draw_icon(surface, image, (int(x), int(y)), f.kind, anchor="center")

    def _flyer_image(self, f, size: int) -> pygame.Surface:
        """A flying thing at ``size``: made once at its largest and scaled on the way (a
        picture made from its sprite at every size it passes through cost a frame each)."""
        big = max(4, int(max(f.size0, f.size1) * self.host.s))
        if f.kind == "tile":
            image = self.art.baked(self.art.tile_image(f.what, big))
        elif f.kind in ("card", "back"):
            card = f.what if f.kind == "card" else None
            image = self.art.baked(self.art.card_image(card, big, int(big * 1.42)))
        elif f.kind == "hat":
            image = self.art.hat_image(f.what, big)
        else:
            image = self.art.baked(self.art.chip_image(f.what, big))
        if size >= big:
            return image
        w, h = image.get_size()
        return pygame.transform.smoothscale(
            image, (max(1, w * size // big), max(1, h * size // big))
        )

    def _draw_pops(self, surface) -> None:
        for text, anchor, v, colour in self.model.table.pops:
            if not text:
                continue
            x, y = anchor()
            size = self.host.text_px(20)
            w, h = fonts.font(size, True).size(text)
            rect = pygame.Rect(0, 0, w + self.host.px(12), h + self.host.px(4))
            rect.center = (int(x), int(y - self.host.px(8) - v * self.host.px(30)))
            fade = min(1.0, (1 - v) * 3)

            def paint(layer, area, text=text, colour=colour, size=size):
                smooth.rounded_rect(layer, (255, 252, 244, 220), area, area.h // 2)
                draw_text(layer, text, size, area.center, colour, True, "center", within=area)

            self._blit_faded(surface, rect, paint, fade)

    def _draw_banner(self, surface) -> None:
        banner = self.model.table.banner
        if banner is None or banner[2] <= 0:
            return
        title, subtitle, alpha = banner
        w = min(self.model.board.w - self.host.px(60), self.host.px(560))
        sub_size = self.host.text_px(16)
        lines = fonts.wrap(subtitle, sub_size, w - self.host.px(24)) if subtitle else []
        title_size = self.host.text_px(24)
        h = self.host.px(16) + round(title_size * 1.3) + len(lines) * round(sub_size * 1.3)
        rect = pygame.Rect(0, 0, w, h + self.host.px(8))
        rect.center = self.model.board.center

        def paint(layer, area):
            draw_panel(
                layer, area, fill=(255, 250, 240, 245), edge=theme.ACCENT, radius=self.host.px(14)
            )
            inner = area.inflate(-self.host.px(16), -self.host.px(4))
            draw_text(
                layer,
                title,
                title_size,
                (area.centerx, area.y + self.host.px(10)),
                theme.ACCENT_DARK,
                bold=True,
                anchor="midtop",
                within=inner,
            )
            y = area.y + self.host.px(10) + round(title_size * 1.3)
            for line in lines:
                draw_text(
                    layer,
                    line,
                    sub_size,
                    (area.centerx, y),
                    theme.INK,
                    anchor="midtop",
                    within=inner,
                )
                y += round(sub_size * 1.3)

        self._blit_faded(surface, rect, paint, alpha)

    def _blit_faded(self, surface, rect: pygame.Rect, paint, alpha: float) -> None:
        """``paint`` a layer the size of ``rect`` and lay it on the table at ``alpha``;
        its texts are written down where they land."""
        picture = paint_picture(pygame.Surface(rect.size, pygame.SRCALPHA), paint)
        picture.image.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
        lay(surface, picture, rect)
