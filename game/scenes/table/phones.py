"""Phones as hands on the big screen (issue #29): beside the seat panel of each person
whose hand is meant to be on their phone, while no phone holds it, a card with the QR
code of the seat's link (``http://ADDRESS/phone/#code=...&seat=N&token=...``) and the
short address and key to type. The card goes as soon as the phone holds the seat and
comes back if it drops (the seat is then played at this screen, behind the curtain).

The scene calls :meth:`PhoneCards.draw` after its own drawing (one hook); the QR code is
``segno``'s matrix painted into a pygame surface, module by module.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.net.phone import phone_url
from game.ui import fonts, theme, widgets

MIN_MODULE_PX = 3  # a phone's camera reads 3 px modules across a room; fewer it may not
QR_BORDER = 2  # quiet zone in modules (scanners want some; the card's white adds more)
INK = (20, 20, 28)
CARD = (255, 255, 255)


def qr_matrix(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M) as rows of dark modules."""
    import segno  # only when a table shows phone codes

    code = segno.make(text, error="m", micro=False)
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
    """The QR cards of a hosted table's phone seats (the scene's ``host`` has their
    tokens, its ``address`` where the table listens)."""

    def __init__(self, scene: Any):
        self.scene = scene
        self._qr: dict[tuple[str, int], pygame.Surface] = {}

    def seats(self) -> list[int]:
        """The phone seats whose phone does not hold them now (a card each)."""
        scene = self.scene
        host = scene.driver.host
        if not scene.address or scene.session.state.is_over():
            return []
        return [p for p in sorted(host.phone_tokens) if not host.table.on_phone(p)]

    def url(self, player: int) -> str:
        """The seat's link; no language in it: the phone follows its own language
        unless its person picks the other one on the page (kept on the phone)."""
        host = self.scene.driver.host
        return phone_url(self.scene.address, host.code, player, host.phone_tokens[player])

    def qr(self, player: int, side: int) -> pygame.Surface:
        key = (self.url(player), side)
        if key not in self._qr:
            if len(self._qr) > 16:
                self._qr.clear()
            self._qr[key] = qr_surface(key[0], side)
        return self._qr[key]

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        plan = getattr(scene, "plan", None)
        seats = self.seats()
        if plan is None or not seats:
            return
        px, text_px, t = scene.px, scene.text_px, scene.t
        host = scene.driver.host
        small = text_px(15)
        lines_w = max(fonts.font(small, True).size(t("online.phone_scan"))[0], px(150))
        free_top = plan.board.top
        for p in seats:
            row = plan.seats[p]
            side = max(84, min(row.h + px(30), plan.board.h // max(1, len(seats)) - px(12), 220))
            qr = self.qr(p, side - px(12))
            typed = t("online.phone_type", address=scene.address, seat_key=host.phone_tokens[p])
            text_w = min(lines_w, plan.board.w // 2)
            lines = fonts.wrap(typed, small, text_w)
            text_w = max(text_w, *(fonts.font(small).size(line)[0] for line in lines))
            pad = px(6)
            card = pygame.Rect(0, 0, qr.get_width() + text_w + 3 * pad, qr.get_height() + 2 * pad)
            card.right = row.left - px(6)
            card.top = max(free_top, min(row.top, surface.get_height() - card.h))
            free_top = card.bottom + px(4)
            pygame.draw.rect(surface, CARD, card, border_radius=px(8))
            pygame.draw.rect(
                surface, scene.seat_colour(p), card, width=max(3, px(4)), border_radius=px(8)
            )
            surface.blit(qr, (card.x + pad, card.y + pad))
            x = card.x + 2 * pad + qr.get_width()
            y = card.y + pad
            title = widgets.draw_text(
                surface, t("online.phone_scan"), small, (x, y), theme.INK, bold=True, within=card
            )
            y = title.bottom + px(4)
            name = widgets.draw_text(
                surface, scene.seat_name(p), small, (x, y), scene.seat_colour(p), True, within=card
            )
            y = name.bottom + px(4)
            for line in lines:
                y = widgets.draw_text(surface, line, small, (x, y), theme.INK, within=card).bottom
