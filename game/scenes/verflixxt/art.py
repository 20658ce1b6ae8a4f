"""The Verflixxt! scene's images: pieces, hats, tiles, cards, chips and the die, made
from the sprites and cached per layout (``_images``)."""

from __future__ import annotations

import functools
import io
import re
from typing import NamedTuple

import pygame

from game.paths import SPRITES_DIR
from game.rules.verflixxt.data import FINISH, LUCKY, MINUS, PLUS, RISK, START, card_value
from game.scenes.table.contract import TableHost
from game.ui import fonts, identity, sprites, theme
from game.ui.widgets import draw_icon, draw_text

from .model import PAWN_ASPECT, PAWN_H, Point, VerflixxtModel, _face, _signed

TEXT_MIN = 14  # issue #27: no number or word on the table under 14 px
ICON_MIN = 16  # ... and no picture under 16 px on its short side
HAT_MIN_W = 20  # a hat is 0.8 as tall as it is wide: 16 px tall


class Label(NamedTuple):
    """A text on a picture: where its centre is on it, its size and colours (``edge``: a
    dark rim under it, or None)."""

    text: str
    size: int
    centre: Point
    colour: tuple[int, int, int]
    edge: tuple[int, int, int] | None = None


class Stamp(NamedTuple):
    """A picture and the texts that go on it. The texts are not painted into the picture:
    :meth:`draw` writes them where the picture is laid, through the text sink
    (``widgets.draw_text``), so the layout tests see every number (issue #27)."""

    image: pygame.Surface
    labels: tuple[Label, ...] = ()
    # pictures on the picture (a turned tile's clover), each with its name and corner on
    # it: drawn as icons of their own, for they may stand a little over its edge
    marks: tuple[tuple[str, pygame.Surface, Point], ...] = ()

    def get_rect(self, **where) -> pygame.Rect:
        return self.image.get_rect(**where)

    def draw(self, surface: pygame.Surface, at, name: str = "") -> pygame.Rect:
        """Blit the picture with its corner at ``at`` (a point or a rect), written down as
        the icon ``name``, then its texts."""
        x, y = at[0], at[1]
        rect = draw_icon(surface, self.image, (x, y), name)
        self.draw_marks(surface, (x, y))
        for label in self.labels:
            centre = (round(x + label.centre[0]), round(y + label.centre[1]))
            stamp_text(surface, label, centre)
        return rect

    def draw_marks(self, surface: pygame.Surface, at) -> None:
        """The pictures on the picture, where it lies with its corner at ``at``."""
        for name, image, (dx, dy) in self.marks:
            draw_icon(surface, image, (at[0] + dx, at[1] + dy), name)

    def baked(self) -> pygame.Surface:
        """The picture with its texts painted in (a thing in flight, scaled as it goes)."""
        image = self.image.copy()
        for _name, mark, corner in self.marks:
            image.blit(mark, corner)
        for label in self.labels:
            shade_text(image, label, label.centre)
            face = fonts.render(label.text, label.size, label.colour, True)
            image.blit(face, face.get_rect(center=label.centre))
        return image


def shade_text(surface: pygame.Surface, label: Label, centre: Point) -> None:
    """The dark rim under a label (the face is drawn over it)."""
    if label.edge is None:
        return
    shade = fonts.render(label.text, label.size, label.edge, True)
    for dx, dy in ((1, 1), (2, 2), (-1, 1), (1, -1)):
        surface.blit(shade, shade.get_rect(center=(centre[0] + dx, centre[1] + dy)))


@functools.lru_cache(maxsize=256)
def _ink(text: str, size: int) -> tuple[float, float]:
    face = fonts.font(size, True)
    marks = [m for m in face.metrics(text) if m is not None]
    if not marks:
        return (-size / 2, size / 2)
    height, ascent = face.get_height(), face.get_ascent()
    return (
        ascent - max(m[3] for m in marks) - height / 2,
        ascent - min(m[2] for m in marks) - height / 2,
    )


def ink_span(label: Label) -> tuple[float, float]:
    """How far above and below its centre a label's glyphs reach (its ink: a line's box
    holds leading over and under the glyphs)."""
    return _ink(label.text, label.size)


def stamp_text(surface: pygame.Surface, label: Label, centre: Point) -> pygame.Rect:
    """``label`` centred on ``centre``, through the text sink."""
    shade_text(surface, label, centre)
    return draw_text(
        surface,
        label.text,
        label.size,
        (round(centre[0]), round(centre[1])),
        label.colour,
        True,
        "center",
    )


HAT_SPRITES = {"lucky": "verflixxt_hat_lucky.svg", "unlucky": "verflixxt_hat_unlucky.svg"}
TILE_SPRITES = {
    PLUS: "verflixxt_tile_plus.svg",
    MINUS: "verflixxt_tile_minus.svg",
    LUCKY: "verflixxt_tile_lucky.svg",
    RISK: "verflixxt_tile_risk.svg",
    START: "verflixxt_tile_start.svg",
    FINISH: "verflixxt_tile_finish.svg",
}


def quantize(scale: float) -> float:
    """A crowd's scale in steps of 5% (a few pictures per layout, not one per frame)."""
    return 1.0 if scale >= 0.999 else max(0.05, round(scale * 20) / 20)


def mark_spot(w: int, h: int, least: float = identity.MIN_MARK_PX) -> tuple[Point, int]:
    """Where a pawn ``w`` x ``h`` wears its seat's mark (the centre of the sprite's head:
    30,21 of 60x90) and the mark's side: the head's width, never under ``least`` (16 px
    at 1280x720, scaled with the window: :meth:`Art.mark_least`, issues #27 and #38; the
    crowds never draw a pawn so small that the mark is much wider than its head)."""
    return (w / 2, h * 0.233), max(round(least), identity.mark_px(w * 0.52))


def mark_rect(pawn: pygame.Rect, least: float = identity.MIN_MARK_PX) -> pygame.Rect:
    """Where the seat's mark is on a pawn standing in ``pawn``."""
    (x, y), side = mark_spot(pawn.w, pawn.h, least)
    rect = pygame.Rect(0, 0, side, side)
    rect.center = (round(pawn.x + x), round(pawn.y + y))
    return rect


def letter_spot(w: int, h: int) -> tuple[Point, int]:
    """Where a pawn ``w`` x ``h`` wears its letter (a, b, c: the centre, on its body) and
    the letter's size."""
    return (w / 2, h * 0.71), max(9, int(h * 0.36))


@functools.lru_cache(maxsize=64)
def _wide(kind: str, w: int, h: int) -> pygame.Surface:
    """The square tile ``kind``'s picture drawn ``w`` x ``h`` (wider than tall): its SVG
    drawn in a wider view (a sprite keeps its own shape when asked for another)."""
    text = (SPRITES_DIR / TILE_SPRITES[kind]).read_text(encoding="utf-8")
    head = re.search(r"<svg[^>]*>", text)
    box = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', text)
    if head is None or box is None:
        return pygame.transform.smoothscale(sprites.svg(TILE_SPRITES[kind], h), (w, h))
    vw, vh = float(box.group(1)), float(box.group(2))
    stretch = (w / h) / (vw / vh)
    svg = (
        text[: head.start()]
        + head.group(0).replace(box.group(0), f'viewBox="0 0 {vw * stretch:g} {vh:g}"')
        + f'<g transform="scale({stretch:g} 1)">'
        + text[head.end() :].replace("</svg>", "</g></svg>")
    )
    image = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (w, h))
    if image.get_size() != (w, h):  # a pixel off, rounded
        image = pygame.transform.smoothscale(image, (w, h))
    return image


class Art:
    """Sprites sized and labelled for the table, each made once per layout."""

    def __init__(self, model: VerflixxtModel, host: TableHost) -> None:
        self.model = model
        self.host = host
        self._images: dict = {}  # images per layout, keyed by what they show

    def forget(self) -> None:
        """A new layout: the images are made again at the new size."""
        self._images.clear()

    @property
    def mark_least(self) -> float:
        """The least side of a seat's mark on a pawn: 16 px at 1280x720, scaled with the
        window as the board is (issue #38: marks that read from the sofa at any size)."""
        return identity.MIN_MARK_PX * self.host.s

    # == images (cached per layout) ==============================================
    def piece_image(self, piece: str, ghost: bool = False, scale: float = 1.0) -> pygame.Surface:
        """A guardian, or a pawn in its seat's colour with the seat's mark on its head
        (its letter is a text of its own: :meth:`piece_letter`); ``scale``: a crowd's
        (see ``Layout.grid``), in steps of 5%."""
        scale = quantize(scale)
        key = ("piece", piece if piece[0] != "g" else "g", ghost, scale)
        image = self._images.get(key)
        if image is None:
            if piece[0] == "g":
                h = int(self.model.tile_px * 0.74 * scale)
                image = sprites.svg("verflixxt_guardian.svg", int(h * 0.7), h).copy()
            else:
                h = int(self.model.tile_px * PAWN_H * scale)
                w = int(h * PAWN_ASPECT)
                player = int(piece[:-1])
                image = sprites.tinted(
                    sprites.svg("verflixxt_pawn.svg", w, h), self.host.seat_colour(player)
                )
                spot, side = mark_spot(w, h, self.mark_least)  # the seat's mark on the head
                identity.draw_seat_mark(image, player, spot, side)
            if ghost:
                image.set_alpha(130)
            self._images[key] = image
        return image

    def piece_letter(self, piece: str, rect: pygame.Rect) -> Label | None:
        """A pawn's letter (a, b, c) on its body, where the pawn stands in ``rect``."""
        if piece[0] == "g":
            return None
        spot, size = letter_spot(rect.w, rect.h)
        size = max(TEXT_MIN, size)
        return Label(
            piece[-1], size, (rect.x + spot[0], rect.y + spot[1]), theme.INK_LIGHT, (30, 30, 40)
        )

    def big_pawn(self, piece: str, height: int) -> pygame.Surface:
        """A pawn ``height`` px tall with its seat's mark, or a guardian (a crowded tile's
        picker)."""
        key = ("big", piece, height)
        image = self._images.get(key)
        if image is None and piece[0] == "g":
            image = self._images[key] = sprites.svg(
                "verflixxt_guardian.svg", int(height * 0.7), height
            )
        if image is None:
            player = int(piece[:-1])
            w = int(height * PAWN_ASPECT)
            image = sprites.tinted(
                sprites.svg("verflixxt_pawn.svg", w, height), self.host.seat_colour(player)
            )
            spot, side = mark_spot(w, height, self.mark_least)
            identity.draw_seat_mark(image, player, spot, side)
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
        width = width or max(HAT_MIN_W, int(self.model.tile_px * 0.42))
        key = ("hat", hat, width)
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = sprites.svg(HAT_SPRITES[hat], width, int(width * 0.8))
        return image

    def tile_image(self, tile: str, size: int) -> Stamp:
        """A track tile and its value (or START / FINISH), the value low on the tile where
        the pieces standing on it never hide it."""
        key = ("tile", tile, size, self.host.t.lang)
        stamp = self._images.get(key)
        if stamp is not None:
            return stamp
        kind = tile if tile in (START, FINISH) else self.host.state.box.kinds[tile]
        image = sprites.svg(TILE_SPRITES[kind], size)
        value = 0 if tile in (START, FINISH) else self.host.state.box.values[tile]
        edge = (40, 30, 30)
        white = (255, 255, 255)
        labels: tuple[Label, ...] = ()
        if kind in (PLUS, MINUS):
            labels = (
                Label(
                    _signed(value),
                    max(TEXT_MIN, int(size * 0.4)),
                    (size / 2, size * 0.72),
                    white,
                    edge,
                ),
            )
        elif kind == RISK:
            small = max(TEXT_MIN, int(size * 0.27))
            labels = (
                Label(_signed(-value), small, (size * 0.25, size * 0.74), white, edge),
                Label(_signed(value), small, (size * 0.76, size * 0.74), white, edge),
            )
        elif kind in (START, FINISH):
            label = self.host.t("verflixxt.start" if kind == START else "verflixxt.finish")
            font_size = max(TEXT_MIN, int(size * 0.15))
            while font_size > TEXT_MIN and fonts.font(font_size, True).size(label)[0] > size * 0.9:
                font_size -= 1
            labels = (Label(label, font_size, (size / 2, size * 0.84), theme.INK_LIGHT, None),)
        stamp = self._images[key] = Stamp(image, labels)
        return stamp

    def mini_tile(self, tile: str, size: int, turned: bool = False, risk_sign: int = 1) -> Stamp:
        """A taken tile in a pile: a turned minus tile shows green with its plus value and a
        clover (VX-7); risk tiles show the sign they score with now (VX-25). Its number is
        never under 14 px (issue #27): on a small tile it stands a little over the edge."""
        key = ("mini", tile, size, turned, risk_sign)
        stamp = self._images.get(key)
        if stamp is not None:
            return stamp
        kind = self.host.state.box.kinds[tile]
        value = self.host.state.box.values[tile]
        text_size = max(TEXT_MIN, int(size * 0.5))
        if turned:
            text, base, edge = _signed(-value), PLUS, (20, 60, 30)
        elif kind == RISK:
            text = ("+" if risk_sign > 0 else "−") + str(value)
            base, edge = (PLUS if risk_sign > 0 else MINUS), (40, 30, 30)
        else:
            text = _signed(value) if kind in (PLUS, MINUS) else ""
            base, edge = kind, (40, 30, 30)
        # a tile is as wide as its number (a 14 px "−10" is wider than a small tile): its
        # picture drawn that wide (drawn, not stretched after: issue #27)
        w = max(size, fonts.font(text_size, True).size(text)[0] + 4) if text else size
        image = sprites.svg(TILE_SPRITES[base], size) if w == size else _wide(base, w, size)
        marks: tuple[tuple[str, pygame.Surface, Point], ...] = ()
        if turned:  # the clover on its corner, 16 px (issue #27): a little over the edge
            side = max(ICON_MIN, int(size * 0.4))
            clover = sprites.svg("verflixxt_clover.svg", side)
            marks = (("clover", clover, (w - side * 0.7, -side * 0.3)),)
        elif kind == RISK:
            image = image.copy()
            pygame.draw.rect(
                image, (90, 63, 110), image.get_rect(), max(1, size // 9), border_radius=size // 6
            )
        labels: tuple[Label, ...] = ()
        if text:
            labels = (Label(text, text_size, (w / 2, size * 0.5), (255, 255, 255), edge),)
        stamp = self._images[key] = Stamp(image, labels, marks)
        return stamp

    def card_image(self, card: str | None, w: int, h: int) -> Stamp:
        key = ("card", card, w, h)
        stamp = self._images.get(key)
        if stamp is not None:
            return stamp
        if card is None:
            stamp = Stamp(sprites.svg("verflixxt_card_back.svg", w, h))
        else:
            name = "verflixxt_card_yellow.svg" if card[0] == "y" else "verflixxt_card_orange.svg"
            image = sprites.svg(name, w, h)
            value = card_value(card)
            ink = (92, 60, 0) if card[0] == "y" else (110, 42, 0)
            labels = [Label(_face(value), max(TEXT_MIN, int(h * 0.46)), (w / 2, h * 0.42), ink)]
            corner = int(h * 0.16)
            if corner >= TEXT_MIN:  # the corner index only where it is readable
                face = fonts.font(corner, True).size(_face(value))
                labels.append(
                    Label(
                        _face(value), corner, (w * 0.15 + face[0] / 2, h * 0.1 + face[1] / 2), ink
                    )
                )
            stamp = Stamp(image, tuple(labels))
        self._images[key] = stamp
        return stamp

    def chip_image(self, value: int, size: int) -> Stamp:
        key = ("chip", value, size)
        stamp = self._images.get(key)
        if stamp is None:
            image = sprites.svg("verflixxt_chip.svg", size)
            label = Label(
                f"+{value}", max(TEXT_MIN, int(size * 0.42)), (size / 2, size / 2), (110, 70, 0)
            )
            stamp = self._images[key] = Stamp(image, (label,))
        return stamp

    def baked(self, stamp: Stamp) -> pygame.Surface:
        """``stamp`` with its texts painted in, kept per layout (things in flight)."""
        key = ("baked", id(stamp.image))
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = stamp.baked()
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

    def halo(self, piece: str, colour, scale: float = 1.0) -> pygame.Surface:
        """The outline of a piece, a few pixels wide: drawn behind a piece that may move."""
        scale = quantize(scale)
        key = ("halo", piece if piece[0] != "g" else "g", colour, scale)
        image = self._images.get(key)
        if image is None:
            sprite = self.piece_image(piece, scale=scale)
            # the sprite's own smooth edge in the halo's colour, spread a few px around
            shape = sprite.copy()
            shape.set_alpha(None)
            shape.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
            shape.fill((*colour[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
            w = max(2, self.host.px(3))
            image = pygame.Surface(
                (sprite.get_width() + 2 * w, sprite.get_height() + 2 * w), pygame.SRCALPHA
            )
            image.fill((*colour[:3], 0))
            for dx in range(-w, w + 1):
                for dy in range(-w, w + 1):
                    if dx * dx + dy * dy <= w * w:
                        image.blit(shape, (w + dx, w + dy))
            self._images[key] = image
        return image
