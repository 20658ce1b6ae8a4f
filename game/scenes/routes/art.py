"""The Eight Routes table's images, cached per layout: markers, d8 dice in their route's
colour, icons, the seats' portraits, and the round chips drawn from them."""

from __future__ import annotations

import math

import pygame

from game.scenes.table.contract import TableHost
from game.ui import smooth, sprites, theme
from game.ui.widgets import draw_icon, draw_text

from .model import ROUTE_COLOURS, Point, RoutesModel

# the route actions' icons (ER-12 C and D, ER-10's d6, ER-13's chip)
ICONS = {
    3: "routes_icon_change.svg",
    4: "routes_d6.svg",
    5: "routes_icon_push.svg",
    6: "routes_chip_up.svg",
}


DIE_GREY = (150, 146, 140)  # a die whose face is not known
DIE_INK_DARK = (40, 30, 16)


def die_outline(size: float) -> list[Point]:
    """The corners of a d8 seen from above, ``size`` px across: a hexagon with a point
    up and down (its top face is the triangle on every other corner)."""
    r, cx, cy = size * 0.45, size / 2, size * 0.47
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def paint_die(face: int, size: int) -> pygame.Surface:
    """A d8 ``size`` px square showing ``face`` in its route's colour (0: grey, no
    number): three lit side facets around the top face, a dark outline, a soft shadow
    and the number, bold and as big as the top face holds (never under 14 px)."""
    body = ROUTE_COLOURS[face - 1] if face else DIE_GREY
    edge = theme.mix(body, (0, 0, 0), 0.55)
    shade = 0.06 * size  # the shadow falls down and right

    def paint(big: pygame.Surface, k: int) -> None:
        corners = [(x * k, y * k) for x, y in die_outline(size)]
        top, ur, lr, bottom, ll, ul = corners
        smooth.polygon(big, theme.mix(body, (0, 0, 0), 0.12), corners)
        smooth.polygon(big, theme.mix(body, (255, 255, 255), 0.28), [ll, ul, top])
        smooth.polygon(big, theme.mix(body, (0, 0, 0), 0.22), [top, ur, lr])
        smooth.polygon(big, theme.mix(body, (0, 0, 0), 0.36), [lr, bottom, ll])
        smooth.polygon(big, theme.mix(body, (255, 255, 255), 0.1), [top, lr, ll])
        thin = max(1.0, size / 40) * k
        for a, b in ((top, lr), (lr, ll), (ll, top)):
            smooth.line(big, theme.mix(body, (0, 0, 0), 0.4), a, b, thin)
        smooth.outline(big, edge, corners, max(1.2, size / 26) * k)

    image = smooth.soft_shadow(
        (size, size),
        [(x + shade, y + shade) for x, y in die_outline(size)],
        alpha=110,
        blur=max(2, size // 12),
    )
    image.blit(smooth.supersampled((size, size), paint, 3), (0, 0))
    if face:
        light = 0.299 * body[0] + 0.587 * body[1] + 0.114 * body[2] > 160
        text_size = max(theme.MIN_TEXT_PX, round(size * 0.42))
        centre = (size / 2, size * 0.52)
        if not light:  # white, edged in the die's dark so it stands off the facets
            for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
                where = (centre[0] + dx, centre[1] + dy)
                draw_text(image, str(face), text_size, where, edge, bold=True, anchor="center")
        ink = DIE_INK_DARK if light else (255, 255, 255)
        draw_text(image, str(face), text_size, centre, ink, bold=True, anchor="center")
    return image


class Art:
    """Images made once per layout (emptied by :meth:`forget`)."""

    def __init__(self, model: RoutesModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self._images: dict = {}

    def forget(self) -> None:
        """A new layout: the images are made again at their new sizes."""
        self._images.clear()

    def marker_image(
        self, player: int, ghost: bool = False, width: float | None = None
    ) -> pygame.Surface:
        """A marker in the seat's colour, ``width`` px across (its mark is drawn over it
        where it stands, at 16 px or more: :meth:`Board.draw_marker`)."""
        w = int(width or self.model.marker_w)
        key = ("marker", player, ghost, w)
        image = self._images.get(key)
        if image is None:
            h = max(4, int(w * 0.75))
            base = sprites.svg("routes_marker.svg", w, h)
            image = sprites.tinted(base, self.host.seat_colour(player))
            if ghost:
                image.set_alpha(120)
            self._images[key] = image
        return image

    def die_image(self, face: int, size: float, angle: float = 0.0) -> pygame.Surface:
        """A d8 showing ``face`` (0: not known), in the colour of route ``face``: a
        faceted body with an outline and a soft shadow, its number big and bold on its
        front face (issue #27); painted once per size and cached, turned smoothly."""
        size = max(8, int(size))
        angle = round(angle / 10.0) * 10 % 360
        key = ("die", face, size, angle)
        image = self._images.get(key)
        if image is None:
            if angle:
                image = pygame.transform.rotozoom(self.die_image(face, size), angle, 1.0)
            else:
                image = paint_die(face, size)
            self._images[key] = image
        return image

    def icon(self, name: str, w: float, h: float | None = None) -> pygame.Surface:
        return sprites.svg(name, int(w), int(h or w))

    def route_icon(self, route: int, size: float) -> pygame.Surface | None:
        """The icon of a route's own action (routes 3 to 6), or None."""
        name = ICONS.get(route)
        if name is None:
            return None
        key = ("route_icon", route, int(size))
        image = self._images.get(key)
        if image is None:
            image = self.icon(name, size).copy()
            if route == 4:  # the red die shows a 4-ish face: three pips on a diagonal
                for f in (0.3, 0.5, 0.7):
                    pygame.draw.circle(
                        image, (255, 255, 255), (size * f, size * (0.1 + f * 0.78)), size / 11
                    )
            self._images[key] = image
        return image

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        """The seat's marker, big (the frame lays its mark on it; the dice roller's die
        is drawn over the panel: :meth:`Seats.draw_overlays`)."""
        return self.marker_image(player, width=size * 0.92)

    def roller_mark(self, size: float) -> pygame.Surface:
        """The dice roller's mark, their red die, ``size`` px across (at least 20): a
        crown there read as the winner's at the game's end (POLISH3, issue #38)."""
        w = max(20, round(size))
        return self.icon("routes_roller.svg", w, w)

    def draw_chip(
        self,
        surface,
        number: int,
        up: bool,
        pos: Point,
        size: int,
        squash: float = 1.0,
        within: pygame.Rect | None = None,
    ) -> None:
        """A round chip; its number (the round it was taken) when it can be read."""
        name = "routes_chip_up.svg" if up else "routes_chip_down.svg"
        image = self.icon(name, size)
        if squash < 1.0:
            image = pygame.transform.smoothscale(image, (max(1, int(size * squash)), size))
        rect = draw_icon(surface, image, pos, name, anchor="center")
        text_size = int(size * 0.55)
        if up and squash >= 1.0 and text_size >= theme.MIN_TEXT_PX:
            draw_text(
                surface,
                str(number),
                text_size,
                (rect.centerx, rect.y + size * 0.47),
                (110, 70, 10),
                bold=True,
                anchor="center",
                within=within or rect,
            )
