"""Duck! Duck! Go!'s pieces' sprites turned to a heading at the layout's hex size
(cached per :data:`ANGLE_STEP` degrees, on their seat's ring when asked), and drawn
where a piece stands, written down for the layout audit (issue #27)."""

from __future__ import annotations

import pygame

from game.ui import sprites, widgets

from . import art
from .model import DuckModel

ANGLE_STEP = 5  # degrees between cached rotations of a sprite


class TurnedSprites:
    """The turned sprites (kept in the model's cache, cleared with each new layout)."""

    def __init__(self, model: DuckModel) -> None:
        self.model = model
        self._bases: dict[tuple[str, int], pygame.Rect] = {}

    def image(
        self, name: str, size: int, angle: float, alpha: int = 255, ring=None
    ) -> pygame.Surface:
        """A sprite turned to ``angle`` (cached per whole ANGLE_STEP degrees), on its
        player-colour ring when ``ring`` is a colour."""
        step = round(angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (name, size, step, alpha, ring)
        image = self.model.rot.get(key)
        if image is None:
            if len(self.model.rot) > 2000:
                self.model.rot.clear()
            image = pygame.transform.rotozoom(sprites.svg(name, size), step * ANGLE_STEP, 1.0)
            if alpha < 255:
                image = image.copy()
                image.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            if ring is not None:
                hs = self.model.geo.size
                radius = max(4, round(hs * 0.8))
                r = art.ring(ring, radius, max(2, round(hs * 0.12)))
                tip = radius + max(5, round(hs * 0.38))  # the facing wedge reaches this far
                w = max(image.get_width(), r.get_width(), 2 * tip + 4)
                h = max(image.get_height(), r.get_height(), 2 * tip + 4)
                both = pygame.Surface((w, h), pygame.SRCALPHA)
                both.blit(r, r.get_rect(center=(w // 2, h // 2)))
                art.facing_wedge(both, (w // 2, h // 2), radius, tip, step * ANGLE_STEP)
                both.blit(image, image.get_rect(center=(w // 2, h // 2)))
                image = both  # its seat's mark is laid over it (see draw_sprite)
            self.model.rot[key] = image
        return image

    def draw(
        self,
        surface: pygame.Surface,
        name: str,
        size: int,
        angle: float,
        centre: tuple[float, float],
        alpha: int = 255,
        ring=None,
        kind: str = "piece",
    ) -> None:
        """:meth:`image` centred on ``centre``, written down as a ``kind`` of its
        sprite's size (what the audit checks, issue #27); on a ring, the ring's seat mark
        over it."""
        image = self.image(name, size, angle, alpha, ring)
        cx, cy = round(centre[0]), round(centre[1])
        surface.blit(image, image.get_rect(center=(cx, cy)))
        base = self._bases.get((name, size))  # the sprite's own size (the SVG may round)
        if base is None:
            base = self._bases[(name, size)] = sprites.svg(name, size).get_rect()
        widgets.record_icon(surface, base.move(cx - base.w // 2, cy - base.h // 2), name, kind)
        if ring is not None:
            art.ring_mark(surface, ring, (cx, cy), max(4, round(self.model.geo.size * 0.8)))
