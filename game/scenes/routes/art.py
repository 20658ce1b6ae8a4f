"""The Eight Routes scene's images, cached per layout: markers, d8 dice, icons, and the
round chips drawn from them."""

from __future__ import annotations

import pygame

from game.ui import fonts, identity, sprites

from .host import RoutesHost
from .model import Point


class Art(RoutesHost):
    """Images made once per layout (``self._images``, emptied by ``layout``)."""

    def _marker_image(self, player: int, ghost: bool = False) -> pygame.Surface:
        key = ("marker", player, ghost)
        image = self._images.get(key)
        if image is None:
            base = sprites.svg("routes_marker.svg", int(self.marker_w), int(self.marker_h))
            image = sprites.tinted(base, self.seat_colour(player))
            # the seat's mark on the marker's side
            identity.draw_seat_mark(
                image, player, (self.marker_w / 2, self.marker_h * 0.6), self.marker_h * 0.8
            )
            if ghost:
                image.set_alpha(120)
            self._images[key] = image
        return image

    def _die_image(self, face: int, size: float, angle: float = 0.0) -> pygame.Surface:
        size = max(8, int(size))
        angle = round(angle / 10.0) * 10 % 360
        key = ("die", face, size, angle)
        image = self._images.get(key)
        if image is None:
            if angle:
                image = pygame.transform.rotate(self._die_image(face, size), angle)
            else:  # face 0: a die whose face is not known
                image = sprites.svg("routes_d8.svg", size).copy()
                if face:
                    number = fonts.render(str(face), max(7, int(size * 0.44)), (40, 32, 20), True)
                    image.blit(number, number.get_rect(center=(size / 2, size * 0.64)))
            self._images[key] = image
        return image

    def _icon(self, name: str, w: float, h: float | None = None) -> pygame.Surface:
        return sprites.svg(name, int(w), int(h or w))

    def _draw_chip(
        self, surface, number: int, up: bool, pos: Point, size: int, squash: float = 1.0
    ) -> None:
        image = self._icon("routes_chip_up.svg" if up else "routes_chip_down.svg", size)
        if up:
            image = image.copy()
            label = fonts.render(str(number), max(8, int(size * 0.5)), (110, 70, 10), True)
            image.blit(label, label.get_rect(center=(size / 2, size * 0.48)))
        if squash < 1.0:
            image = pygame.transform.smoothscale(image, (max(1, int(size * squash)), size))
        surface.blit(image, image.get_rect(center=pos))
