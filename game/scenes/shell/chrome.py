"""One visual language for the box's own screens (issue #38: Settings, Join, History and
Statistics were bare forms): the title menu's sky as a header band with the wordmark
and the screen's title, the menu's accent stripe under it, and cards with the menu
cards' lifted edge for the panels. A screen lays its content out from
:func:`content_top` and draws :func:`draw_header` and :func:`draw_card`."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import pygame

from game.scenes.shell import title_art
from game.ui import fonts, smooth, theme, widgets

CARD_LIFT = (214, 200, 170)  # the lifted edge under a card, as under the menu's cards


class Sized(Protocol):
    def px(self, value: float) -> int: ...

    def text_px(self, value: float) -> int: ...


def header_h(scene: Sized) -> int:
    """The header band's height: the same on every screen at a window size."""
    return scene.px(64)


def content_top(scene: Sized) -> int:
    """Where a screen's content starts: under the band and its stripe."""
    return header_h(scene) + scene.px(14)


@lru_cache(maxsize=8)
def _sky(width: int, height: int) -> pygame.Surface:
    surf = pygame.Surface((width, height))
    for y in range(height):
        t = y / max(1, height - 1)
        surf.fill(theme.mix(title_art.SKY_TOP, title_art.SKY_FOOT, t), (0, y, width, 1))
    return surf


def draw_header(scene: Sized, surface: pygame.Surface, title: str) -> pygame.Rect:
    """The band across the top: the sky, the wordmark at the left where the window has
    room for it beside the title, the title in the middle, the accent stripe; returns
    the band."""
    w = surface.get_width()
    band = pygame.Rect(0, 0, w, header_h(scene))
    surface.blit(_sky(w, band.h), band)
    pygame.draw.rect(surface, theme.ACCENT, (0, band.bottom, w, scene.px(5)))
    mark = title_art.wordmark(scene.px(200), band.h - scene.px(22))
    room = w - 2 * (mark.get_width() + scene.px(40))
    size = scene.text_px(30)
    face = fonts.font(size, True)
    if face.size(title)[0] > room:  # no room for the wordmark: the title has the band
        room = w - scene.px(32)
    else:
        widgets.draw_icon(surface, mark, (scene.px(18), band.centery), "wordmark", anchor="midleft")
    height_px = max(theme.MIN_TEXT_PX, int(size * (band.h - scene.px(8)) / face.get_height()))
    text, size = fonts.fit(title, min(size, height_px), room, theme.MIN_TEXT_PX, True)
    widgets.draw_text(
        surface, text, size, band.center, theme.INK_LIGHT, True, "center", within=band
    )
    return band


def draw_card(surface: pygame.Surface, rect: pygame.Rect, radius: int, lift: int = 4) -> None:
    """A panel as a card: cream, smooth corners, its edge, lifted off the page by a
    darker edge under it (the menu's game cards)."""
    smooth.rounded_rect(surface, CARD_LIFT, rect.move(0, lift), radius)
    smooth.panel(surface, theme.PANEL, rect, radius, theme.PANEL_EDGE, 2)
