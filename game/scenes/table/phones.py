"""Phones as hands on the big screen (issue #29): beside the seat panel of each person
whose hand is meant to be on their phone, while no phone holds it, a card with the QR
code of the seat's link (``http://ADDRESS/phone/#code=...&seat=N&token=...``) and the
short address and key to type. The card goes as soon as the phone holds the seat and
comes back if it drops (the seat is then played at this screen, behind the curtain).

The scene calls :meth:`PhoneCards.draw` after its own drawing (one hook); the QR code is
``segno``'s matrix painted into a pygame surface, module by module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.net.phone import phone_url
from game.ui import fonts, theme, widgets

MIN_MODULE_PX = 3  # a phone's camera reads 3 px modules across a room; fewer it may not
QR_BORDER = 2  # quiet zone in modules (scanners want some; the card's white adds more)
INK = (20, 20, 28)
CARD = (255, 255, 255)

if TYPE_CHECKING:  # the host's window: its network is loaded before any card
    from game.net.host import HostedDriver


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` as rows of dark modules: error correction L (a screen is
    never smudged), so a seat's link fits version 4 (33 modules) and its card fits in
    the seat panel from 1920x1080 up."""
    import segno  # only when a table shows phone codes

    code = segno.make(text, error="l", boost_error=False, micro=False)
    return [[bool(v) for v in row] for row in code.matrix_iter(scale=1, border=QR_BORDER)]


def qr_surface(text: str, side: int) -> pygame.Surface:
    """The QR code of ``text`` at most ``side`` pixels square, whole pixels a module."""
    rows = qr_matrix(text)
    n = len(rows)
    scale = max(MIN_MODULE_PX, side // n)
    surface = pygame.Surface((n * scale, n * scale))
    surface.fill(CARD)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(INK, (x * scale, y * scale, scale, scale))
    return surface


class PhoneCards:
    """The QR cards of a hosted table's phone seats (the driver's ``host`` has their
    tokens, its ``address`` is where the table listens)."""

    def __init__(self, scene: Any, driver: HostedDriver):
        self.scene = scene
        self.driver = driver
        self._qr: dict[tuple[str, int], pygame.Surface] = {}
        self._modules: dict[str, int] = {}
        self.pointer: tuple[int, int] | None = None  # a pointer's place for the tests
        self.drawn: list[tuple[int, str, pygame.Rect]] = []  # (seat, "qr"/"compact"/"hover", card)

    def seats(self) -> list[int]:
        """The phone seats whose phone does not hold them now (a card each)."""
        scene = self.scene
        host = self.driver.host
        if not self.driver.address or scene.session.state.is_over():
            return []
        return [p for p in sorted(host.phone_tokens) if not host.table.on_phone(p)]

    def url(self, player: int) -> str:
        """The seat's link; no language in it: the phone follows its own language
        unless its person picks the other one on the page (kept on the phone)."""
        host = self.driver.host
        return phone_url(self.driver.address, host.code, player, host.phone_tokens[player])

    def qr(self, player: int, side: int) -> pygame.Surface:
        key = (self.url(player), side)
        if key not in self._qr:
            if len(self._qr) > 16:
                self._qr.clear()
            self._qr[key] = qr_surface(key[0], side)
        return self._qr[key]

    def modules(self, player: int) -> int:
        """How many modules a side the seat's QR code has (its border included)."""
        url = self.url(player)
        if url not in self._modules:
            self._modules[url] = len(qr_matrix(url))
        return self._modules[url]

    def draw(self, surface: pygame.Surface) -> None:
        """Each card lies over its seat's own panel, never over the board: the whole card
        (QR code and what to type) where the panel is tall enough for a QR code of
        ``MIN_MODULE_PX`` modules; else a compact card beside the panel's portrait (what
        to type), which grows into the whole card while the pointer is over it."""
        scene = self.scene
        plan = getattr(scene, "plan", None)
        seats = self.seats()
        self.drawn = []
        if plan is None or not seats:
            return
        pointer = self.pointer
        if pointer is None and pygame.mouse.get_focused():
            pointer = pygame.mouse.get_pos()
        hovered = None
        for p in seats:
            row = plan.seats[p]
            side = row.h - 2 * max(2, scene.px(3))
            if side >= self.modules(p) * MIN_MODULE_PX:
                self._card(surface, p, row, side)
                self.drawn.append((p, "qr", row))
                continue
            portrait = min(row.h, row.w // 4)
            compact = pygame.Rect(row.left + portrait, row.top, row.w - portrait, row.h)
            self._compact(surface, p, compact)
            self.drawn.append((p, "compact", compact))
            if pointer is not None and row.collidepoint(pointer):
                hovered = (p, row)
        if hovered is not None:  # drawn last: over the other cards
            p, row = hovered
            side = self.modules(p) * max(MIN_MODULE_PX, scene.px(4))
            words = fonts.font(scene.text_px(13)).size(f"{self.driver.address}/phone ·")[0]
            width = side + scene.px(20) + max(scene.px(200), words)
            big = pygame.Rect(0, 0, width, side + scene.px(12))
            big.topright = (row.right, row.top)
            big.bottom = min(big.bottom, surface.get_height())
            self._card(surface, p, big, side)
            self.drawn.append((p, "hover", big))

    def draw_on_curtain(self, curtain: Any, surface: pygame.Surface) -> pygame.Rect | None:
        """The hand-off curtain of a phone seat whose phone does not hold it (not joined
        yet, a resumed table's new key, its phone dropped): the seat's whole QR card under
        the curtain's Ready button, so its person may take their hand on the phone rather
        than at the screen. The card drawn, or None (not a phone seat, or no room)."""
        self.drawn = []  # the curtain is opaque: the table's own cards are not drawn
        p = curtain.seat
        if p is None or p not in self.seats():
            return None
        w, h = surface.get_size()
        px = curtain.px
        top, bottom = h // 2 + px(150), h - max(6, px(12))  # below the Ready button
        side = self.modules(p) * max(MIN_MODULE_PX, px(4))
        side = min(side, bottom - top - px(12))
        if side < self.modules(p) * MIN_MODULE_PX:
            return None
        scene = self.scene
        words = fonts.font(scene.text_px(13)).size(f"{self.driver.address}/phone ·")[0]
        card = pygame.Rect(
            0, 0, min(w - px(24), side + px(20) + max(px(200), words)), side + px(12)
        )
        card.midbottom = (w // 2, bottom)
        self._card(surface, p, card, side)
        self.drawn.append((p, "curtain", card))
        return card

    def _frame(self, surface: pygame.Surface, p: int, card: pygame.Rect) -> None:
        px = self.scene.px
        pygame.draw.rect(surface, CARD, card, border_radius=px(8))
        pygame.draw.rect(
            surface, self.scene.seat_colour(p), card, width=max(3, px(4)), border_radius=px(8)
        )

    def _text(self, surface: pygame.Surface, p: int, card: pygame.Rect, x: int, title: str) -> None:
        """The title, the seat's name and what to type, from ``x`` to the card's right,
        wrapped, in the largest of a few sizes that fits the card (the name left out
        first: the card's frame has the seat's colour)."""
        scene = self.scene
        px, t = scene.px, scene.t
        host = self.driver.host
        pad = max(3, px(5))
        width = card.right - pad - x
        typed = t("online.phone_type", address=self.driver.address, seat_key=host.phone_tokens[p])
        lines: list[tuple[str, bool, Any]] = []
        size = scene.text_px(11)
        ways = [(15, True, True), (13, True, True), (13, False, True), (12, False, True)]
        ways += [(11, False, True), (12, False, False), (11, False, False)]
        for step, named, titled in ways:  # the last: what to type, nothing more
            size = scene.text_px(step)
            lines = []
            if titled:
                lines += [(line, True, theme.INK) for line in fonts.wrap(title, size, width, True)]
            if named:
                lines.append((scene.seat_name(p), True, scene.seat_colour(p)))
            lines += [(line, False, theme.INK) for line in fonts.wrap(typed, size, width)]
            sizes = [fonts.font(size, bold).size(line) for line, bold, _ in lines]
            fit = all(w <= width for w, _ in sizes)
            if fit and sum(h for _, h in sizes) <= card.h - 2 * pad:
                break
        y = card.y + pad
        for line, bold, colour in lines:
            y = widgets.draw_text(surface, line, size, (x, y), colour, bold, within=card).bottom

    def _card(self, surface: pygame.Surface, p: int, card: pygame.Rect, side: int) -> None:
        """The whole card: the QR code at the left, its words beside it."""
        pad = max(3, self.scene.px(5))
        self._frame(surface, p, card)
        qr = self.qr(p, side)
        surface.blit(qr, (card.x + pad, card.y + (card.h - qr.get_height()) // 2))
        self._text(
            surface, p, card, card.x + 2 * pad + qr.get_width(), self.scene.t("online.phone_scan")
        )

    def _compact(self, surface: pygame.Surface, p: int, card: pygame.Rect) -> None:
        """Beside the portrait: where to point for the QR code, and what to type."""
        pad = max(3, self.scene.px(5))
        self._frame(surface, p, card)
        self._text(
            surface, p, card, card.x + pad + self.scene.px(4), self.scene.t("online.phone_point")
        )
