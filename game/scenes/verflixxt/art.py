"""The Verflixxt! scene's images: pieces, hats, tiles, cards, chips and the die, made
from the sprites and cached per layout (``_images``)."""

from __future__ import annotations

import pygame

from game.rules.verflixxt.data import FINISH, LUCKY, MINUS, PLUS, RISK, START, card_value
from game.scenes.table.contract import TableHost
from game.ui import fonts, identity, sprites, theme

from .model import PAWN_ASPECT, PAWN_H, Point, VerflixxtModel, _face, _signed

HAT_SPRITES = {"lucky": "verflixxt_hat_lucky.svg", "unlucky": "verflixxt_hat_unlucky.svg"}
TILE_SPRITES = {
    PLUS: "verflixxt_tile_plus.svg",
    MINUS: "verflixxt_tile_minus.svg",
    LUCKY: "verflixxt_tile_lucky.svg",
    RISK: "verflixxt_tile_risk.svg",
    START: "verflixxt_tile_start.svg",
    FINISH: "verflixxt_tile_finish.svg",
}


def letter_spot(w: int, h: int) -> tuple[Point, int]:
    """Where a pawn ``w`` x ``h`` wears its letter (a, b, c: the centre, on its body) and
    the letter's size."""
    return (w / 2, h * 0.71), max(9, int(h * 0.36))


class Art:
    """Sprites sized and labelled for the table, each made once per layout."""

    def __init__(self, model: VerflixxtModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self._images: dict = {}  # images per layout, keyed by what they show

    def forget(self) -> None:
        """A new layout: the images are made again at the new size."""
        self._images.clear()

    # == images (cached per layout) ==============================================
    def piece_image(self, piece: str, ghost: bool = False) -> pygame.Surface:
        key = ("piece", piece if piece[0] != "g" else "g", ghost)
        image = self._images.get(key)
        if image is None:
            if piece[0] == "g":
                h = int(self.model.tile_px * 0.74)
                image = sprites.svg("verflixxt_guardian.svg", int(h * 0.7), h).copy()
            else:
                h = int(self.model.tile_px * PAWN_H)
                w = int(h * PAWN_ASPECT)
                player = int(piece[:-1])
                image = sprites.tinted(
                    sprites.svg("verflixxt_pawn.svg", w, h), self.host.seat_colour(player)
                )
                spot, size = letter_spot(w, h)
                letter = fonts.render(piece[-1], size, theme.INK_LIGHT, True)
                shade = fonts.render(piece[-1], size, (30, 30, 40), True)
                image.blit(shade, shade.get_rect(center=(spot[0] + 1, spot[1] + 1)))
                image.blit(letter, letter.get_rect(center=spot))
                # the seat's mark on the head (the pawn sprite's head: centre 30,21 of 60x90)
                identity.draw_seat_mark(image, player, (w / 2, h * 0.233), w * 0.52)
            if ghost:
                image.set_alpha(130)
            self._images[key] = image
        return image

    def pawn_icon(self, player: int, height: int) -> pygame.Surface:
        key = ("icon", player, height)
        image = self._images.get(key)
        if image is None:
            image = sprites.tinted(
                sprites.svg("verflixxt_pawn.svg", int(height * PAWN_ASPECT), height),
                self.host.seat_colour(player),
            )
            self._images[key] = image
        return image

    def hat_image(self, hat: str, width: int | None = None) -> pygame.Surface:
        width = width or int(self.model.tile_px * 0.42)
        key = ("hat", hat, width)
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = sprites.svg(HAT_SPRITES[hat], width, int(width * 0.8))
        return image

    def tile_image(self, tile: str, size: int) -> pygame.Surface:
        key = ("tile", tile, size, self.host.t.lang)
        image = self._images.get(key)
        if image is not None:
            return image
        kind = tile if tile in (START, FINISH) else self.host.state.box.kinds[tile]
        image = sprites.svg(TILE_SPRITES[kind], size).copy()
        value = 0 if tile in (START, FINISH) else self.host.state.box.values[tile]
        if kind in (PLUS, MINUS):
            self._outlined(image, _signed(value), int(size * 0.42), (size / 2, size * 0.7))
        elif kind == RISK:
            self._outlined(image, _signed(-value), int(size * 0.27), (size * 0.25, size * 0.72))
            self._outlined(image, _signed(value), int(size * 0.27), (size * 0.76, size * 0.72))
        elif kind in (START, FINISH):
            label = self.host.t("verflixxt.start" if kind == START else "verflixxt.finish")
            font_size = int(size * 0.15)
            text = fonts.render(label, font_size, theme.INK_LIGHT, True)
            if text.get_width() > size * 0.9:
                text = fonts.render(
                    label, int(font_size * size * 0.9 / text.get_width()), theme.INK_LIGHT, True
                )
            image.blit(text, text.get_rect(center=(size / 2, size * 0.84)))
        self._images[key] = image
        return image

    @staticmethod
    def _outlined(
        image: pygame.Surface,
        text: str,
        size: int,
        centre: Point,
        colour=(255, 255, 255),
        edge=(40, 30, 30),
        width: float | None = None,
    ) -> None:
        """``text`` in ``colour`` with a dark edge; set smaller when wider than ``width``."""
        face = fonts.render(text, size, colour, True)
        while width is not None and face.get_width() > width and size > 6:
            size -= 1
            face = fonts.render(text, size, colour, True)
        shade = fonts.render(text, size, edge, True)
        for dx, dy in ((1, 1), (2, 2), (-1, 1), (1, -1)):
            image.blit(shade, shade.get_rect(center=(centre[0] + dx, centre[1] + dy)))
        image.blit(face, face.get_rect(center=centre))

    def mini_tile(
        self, tile: str, size: int, turned: bool = False, risk_sign: int = 1
    ) -> pygame.Surface:
        """A taken tile in a pile: a turned minus tile shows green with its plus value and a
        clover (VX-7); risk tiles show the sign they score with now (VX-25)."""
        key = ("mini", tile, size, turned, risk_sign)
        image = self._images.get(key)
        if image is not None:
            return image
        kind = self.host.state.box.kinds[tile]
        value = self.host.state.box.values[tile]
        room = size - 2  # the label stays on the tile ("−10" too)
        if turned:
            image = sprites.svg(TILE_SPRITES[PLUS], size).copy()
            self._outlined(
                image,
                _signed(-value),
                int(size * 0.5),
                (size / 2, size * 0.5),
                edge=(20, 60, 30),
                width=room,
            )
            clover = sprites.svg("verflixxt_clover.svg", max(4, int(size * 0.4)))
            image.blit(clover, (size * 0.62, -size * 0.1))
        elif kind == RISK:
            sprite = TILE_SPRITES[PLUS] if risk_sign > 0 else TILE_SPRITES[MINUS]
            image = sprites.svg(sprite, size).copy()
            pygame.draw.rect(
                image, (90, 63, 110), image.get_rect(), max(1, size // 9), border_radius=size // 6
            )
            self._outlined(
                image,
                ("+" if risk_sign > 0 else "−") + str(value),
                int(size * 0.46),
                (size / 2, size * 0.5),
                width=room,
            )
        else:
            image = sprites.svg(TILE_SPRITES[kind], size).copy()
            if kind in (PLUS, MINUS):
                self._outlined(
                    image, _signed(value), int(size * 0.5), (size / 2, size * 0.5), width=room
                )
        self._images[key] = image
        return image

    def card_image(self, card: str | None, w: int, h: int) -> pygame.Surface:
        key = ("card", card, w, h)
        image = self._images.get(key)
        if image is not None:
            return image
        if card is None:
            image = sprites.svg("verflixxt_card_back.svg", w, h)
        else:
            name = "verflixxt_card_yellow.svg" if card[0] == "y" else "verflixxt_card_orange.svg"
            image = sprites.svg(name, w, h).copy()
            value = card_value(card)
            ink = (92, 60, 0) if card[0] == "y" else (110, 42, 0)
            big = fonts.render(_face(value), int(h * 0.46), ink, True)
            image.blit(big, big.get_rect(center=(w / 2, h * 0.52)))
            corner = fonts.render(_face(value), max(8, int(h * 0.16)), ink, True)
            image.blit(corner, corner.get_rect(topleft=(w * 0.15, h * 0.1)))
        self._images[key] = image
        return image

    def chip_image(self, value: int, size: int) -> pygame.Surface:
        key = ("chip", value, size)
        image = self._images.get(key)
        if image is None:
            image = sprites.svg("verflixxt_chip.svg", size).copy()
            text = fonts.render(f"+{value}", max(8, int(size * 0.42)), (110, 70, 0), True)
            image.blit(text, text.get_rect(center=(size / 2, size / 2)))
            self._images[key] = image
        return image

    def die_image(self, face: int, size: int, angle: int = 0) -> pygame.Surface:
        """Face 1 to 6, or 0: the die before it is rolled (no face up yet)."""
        angle = round(angle / 15.0) * 15 % 360
        key = ("die", face, size, angle)
        image = self._images.get(key)
        if image is None:
            image = sprites.svg(f"verflixxt_die{face}.svg", size)
            if angle:
                image = pygame.transform.rotozoom(image, angle, 1.0)
            self._images[key] = image
        return image

    def halo(self, piece: str, colour) -> pygame.Surface:
        """The outline of a piece, a few pixels wide: drawn behind a piece that may move."""
        key = ("halo", piece if piece[0] != "g" else "g", colour)
        image = self._images.get(key)
        if image is None:
            sprite = self.piece_image(piece)
            mask = pygame.mask.from_surface(sprite, 60)
            shape = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
            w = max(2, self.host.px(3))
            image = pygame.Surface(
                (sprite.get_width() + 2 * w, sprite.get_height() + 2 * w), pygame.SRCALPHA
            )
            for dx in range(-w, w + 1, max(1, w // 2)):
                for dy in range(-w, w + 1, max(1, w // 2)):
                    if dx * dx + dy * dy <= w * w + 1:
                        image.blit(shape, (w + dx, w + dy))
            self._images[key] = image
        return image
