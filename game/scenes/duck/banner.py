"""The Duck! Duck! Go! table's banner (what just happened, said over the tub for a
moment): its words on a rounded card, where it hides the fewest pieces. Drawn each frame
over the pieces by draw.py's Drawing."""

from __future__ import annotations

import pygame

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui import fonts, theme

from .model import DuckModel


class BannerDrawing:
    """The model's banner, drawn at the size and place of the table's layout."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState]) -> None:
        self.model = model
        self.host = host

    def draw(self, surface) -> None:
        """The banner, made once and faded in and out as it ages."""
        b = self.model.banner
        if b is None:
            return
        if b.surface is None:
            text = self._text(b.text)
            pad = self.host.px(14)
            img_w = b.image.get_width() + self.host.px(10) if b.image is not None else 0
            h = max(text.get_height(), b.image.get_height() if b.image is not None else 0) + pad
            surf = pygame.Surface((text.get_width() + img_w + 2 * pad, h), pygame.SRCALPHA)
            rect = surf.get_rect()
            radius = min(h // 2, self.host.px(22))
            pygame.draw.rect(surf, (255, 250, 236), rect, border_radius=radius)
            pygame.draw.rect(surf, theme.ACCENT, rect, width=2, border_radius=radius)
            x = pad
            if b.image is not None:
                surf.blit(b.image, b.image.get_rect(midleft=(x, h // 2)))
                x += img_w
            surf.blit(text, text.get_rect(midleft=(x, h // 2)))
            b.surface = surf
            b.rect = self._place(surf.get_size())
        fade = min(1.0, b.age / 0.15, max(0.0, (b.life - b.age) / 0.4))
        b.surface.set_alpha(int(255 * fade))
        surface.blit(b.surface, b.rect)

    def _text(self, words: str) -> pygame.Surface:
        """The banner's words on one line, smaller if they must (not under 14 px), else
        wrapped onto lines at 14 px: never cut with "…" (issue #27)."""
        maxw = self.model.tub_rect.width - self.host.px(60)
        top = max(theme.MIN_TEXT_PX, self.host.px(19))
        size = next(
            (
                s
                for s in range(top, theme.MIN_TEXT_PX - 1, -1)
                if fonts.font(s, True).size(words)[0] <= maxw
            ),
            None,
        )
        lines = [words] if size is not None else fonts.wrap(words, theme.MIN_TEXT_PX, maxw, True)
        size = size or theme.MIN_TEXT_PX
        images = [fonts.render(line, size, theme.INK, bold=True) for line in lines]
        if len(images) == 1:
            return images[0]
        line_h = round(size * 1.25)
        out = pygame.Surface(
            (
                max(i.get_width() for i in images),
                line_h * (len(images) - 1) + images[-1].get_height(),
            ),
            pygame.SRCALPHA,
        )
        for n, image in enumerate(images):
            out.blit(image, (0, n * line_h))
        return out

    def _place(self, size) -> pygame.Rect:
        """At the top of the tub, or at the bottom when that hides fewer pieces (the
        banner must not cover the duck it announces)."""
        area = self.model.tub_rect
        top = pygame.Rect((0, 0), size)
        top.midtop = (area.centerx, area.y + self.host.px(10))
        bottom = top.copy()
        bottom.bottom = area.bottom - self.host.px(26)
        reach = self.model.geo.size
        points = [self.model.geo.px(x, y) for x, y, _ in self.model.duck_pos.values()]
        if self.model.hound_pos is not None:
            points.append(self.model.geo.px(*self.model.hound_pos[:2]))

        def hidden(rect):
            grown = rect.inflate(reach, reach)
            return sum(1 for pt in points if grown.collidepoint(pt))

        return bottom if hidden(bottom) < hidden(top) else top
