"""Sprites: hand-written SVG in assets/sprites, rasterised by pygame-ce at the size the
layout asks for (cached, converted once)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.paths import SPRITES_DIR


@lru_cache(maxsize=256)
def svg(name: str, width: int, height: int | None = None) -> pygame.Surface:
    path = SPRITES_DIR / name
    size = (max(1, int(width)), max(1, int(height or width)))
    image = pygame.image.load_sized_svg(str(path), size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    return image


@lru_cache(maxsize=512)
def rotated(name: str, width: int, angle: int) -> pygame.Surface:
    """A sprite turned by a whole number of degrees (cached: facings repeat)."""
    return pygame.transform.rotozoom(svg(name, width), angle, 1.0)


def tinted(surface: pygame.Surface, colour) -> pygame.Surface:
    out = surface.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def reset() -> None:
    """Forget cached images (converted for a display that a new App replaces)."""
    svg.cache_clear()
    rotated.cache_clear()
