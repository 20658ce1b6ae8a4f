"""The hosting window's waiting room (issue #38): over a table just opened to the network
while some of its seats still wait for their people. The join code big, the address
under it, a QR code of the table's join link for those on the same network (a phone's
camera carries it to the Join screen, which reads the link), and the seats filling in as
people join, each with the game's own piece in its colour and mark.

It closes by itself when no seat waits any more; "To the table" (or Esc) closes it
sooner: the table is under it all along (the game goes on; a waiting seat's "Computer
plays" button is there)."""

from __future__ import annotations

from typing import Any

import pygame

from game.net.join import join_link
from game.scenes.base import ModalScene
from game.scenes.shell import pictures
from game.scenes.table.phones import qr_surface
from game.ui import fonts, smooth, theme
from game.ui.widgets import Button, draw_pill, draw_text

# a seat's status (game.net.table.Table.status) as the waiting room says it, and whether
# it still waits for its person
STATUS_KEYS = {
    "local": "brand.room_here",
    "phone": "brand.room_here",
    "connected": "brand.room_joined",
    "open": "brand.room_waiting",
    "reconnecting": "brand.room_reconnecting",
    "computer": "brand.room_computer",
    "standing_in": "brand.room_computer",
}
WAITS = ("open", "reconnecting")
SEAT_COLUMNS = 3  # seat cards a row: six seats in two rows


def open_waiting_room(app: Any, table: Any) -> None:
    """Push the waiting room over the hosting window ``table`` when one of its seats
    waits for its person (a table with only people here and phones needs none)."""
    room = WaitingRoom(app, table)
    if room.waiting():
        app.push(room)


class WaitingRoom(ModalScene):
    """The waiting room over the hosting window ``table`` (a TableScene with a
    HostedDriver: its ``driver`` says each seat's status, the code and the address)."""

    shade_alpha = 190

    def __init__(self, app: Any, table: Any):
        super().__init__(app)
        self.table = table
        self.driver = table.driver
        self._qr: tuple[str, int, pygame.Surface] | None = None

    # -- what it shows -----------------------------------------------------------------
    def statuses(self) -> tuple[str, ...]:
        return tuple(self.driver.seat_status(p) for p in range(self.table.session.players))

    def waiting(self) -> list[int]:
        """The seats still waiting for their person."""
        seats = self.table.session.seats
        return [p for p, s in enumerate(self.statuses()) if s in WAITS and seats[p].human]

    def link(self) -> str:
        return join_link(self.driver.address, self.driver.host.code)

    def qr(self, side: int) -> pygame.Surface:
        """The join link's QR code, ``side`` px at most (made again only when the link
        or the size changes)."""
        link = self.link()
        if self._qr is None or self._qr[:2] != (link, side):
            self._qr = (link, side, qr_surface(link, side))
        return self._qr[2]

    # -- layout ------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Top to bottom: the title; the code (left) and the QR code (right); the seat
        cards; the button. The panel is as tall as that wants, or the window allows
        (then the code's block and the QR code give up height first)."""
        super().layout(size)
        w, h = size
        margin, pad, gap = self.px(24), self.px(22), self.px(10)
        self.title_px = self.text_px(28)
        title_h = fonts.font(self.title_px, True).get_height()
        label = self.t("brand.room_to_table")
        self.button_h = max(self.px(48), fonts.font(self.text_px(20)).get_height() + self.px(14))
        players = self.table.session.players
        rows = (players + SEAT_COLUMNS - 1) // SEAT_COLUMNS
        self.seat_h = max(self.px(64), fonts.font(self.text_px(18)).get_height() * 2 + self.px(20))
        seats_h = rows * self.seat_h + (rows - 1) * gap
        fixed = title_h + self.px(12) + self.px(14) + seats_h + self.px(14) + self.button_h
        body_h = max(0, min(self.px(260), h - 2 * margin - 2 * pad - fixed))
        width = min(w - 2 * margin, self.px(1000))
        self.panel = pygame.Rect(0, 0, width, fixed + body_h + 2 * pad)
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        button_w = fonts.font(self.text_px(20)).size(label)[0] + self.px(48)
        button = pygame.Rect(0, 0, button_w, self.button_h)
        button.bottomright = inner.bottomright
        self.buttons.clear()
        self.buttons.add(
            Button(button, label, self.close, self.text_px(20), primary=True, key="room:table")
        )
        seats_top = button.top - self.px(14) - seats_h
        seat_w = (inner.w - gap * (SEAT_COLUMNS - 1)) // SEAT_COLUMNS
        self.seat_rects = [
            pygame.Rect(
                inner.x + (p % SEAT_COLUMNS) * (seat_w + gap),
                seats_top + (p // SEAT_COLUMNS) * (self.seat_h + gap),
                seat_w,
                self.seat_h,
            )
            for p in range(players)
        ]
        self.title_at = (inner.x, inner.y)
        top = inner.y + title_h + self.px(12)
        body = pygame.Rect(inner.x, top, inner.w, seats_top - self.px(14) - top)
        qr_side = max(0, min(body.h, body.w // 3))
        self.qr_rect = pygame.Rect(0, 0, qr_side, qr_side)
        self.qr_rect.topright = body.topright
        self.code_rect = pygame.Rect(body.x, body.y, body.w - qr_side - self.px(24), body.h)

    # -- the frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.waiting() or self.table.session.state.is_over():
            self.close()

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        draw_text(
            surface, self.t("brand.room_title"), self.title_px, self.title_at, theme.INK, bold=True
        )
        self._draw_code(surface)
        if self.qr_rect.w >= self.px(90):
            self._draw_qr(surface)
        for p, rect in enumerate(self.seat_rects):
            self._draw_seat(surface, p, rect)
        super().draw(surface)

    def _draw_code(self, surface: pygame.Surface) -> None:
        """ "Join code", the code big, the address; then how to join, wrapped."""
        box = self.code_rect
        y = box.y
        small = self.text_px(18)
        draw_text(surface, self.t("brand.room_code"), small, (box.x, y), theme.INK_SOFT, within=box)
        y += fonts.font(small).get_height() + self.px(2)
        code = self.driver.host.code
        text, size = fonts.fit(code, self.px(72), box.w, self.text_px(28), bold=True)
        draw_text(surface, text, size, (box.x, y), theme.ACCENT_DARK, bold=True, within=box)
        y += fonts.font(size, True).get_height() + self.px(4)
        address = self.driver.address or self.t("brand.room_no_address")
        line, size = fonts.fit(address, self.text_px(24), box.w, theme.MIN_TEXT_PX, bold=True)
        draw_text(surface, line, size, (box.x, y), theme.INK, bold=True, within=box)
        y += fonts.font(size, True).get_height() + self.px(12)
        how = self.t("brand.room_how")
        size = self.text_px(18)
        step = fonts.line_step(size)  # a paragraph's lines apart (POLISH3)
        for line in fonts.wrap(how, size, box.w):
            if y + step > box.bottom:
                break
            draw_text(surface, line, size, (box.x, y), theme.INK_SOFT, within=box)
            y += step

    def _draw_qr(self, surface: pygame.Surface) -> None:
        """The QR code on a white card, and what it is for under it (if it fits)."""
        size = self.text_px(15)
        lines = fonts.wrap(self.t("brand.room_qr"), size, self.qr_rect.w)
        step = fonts.line_step(size)
        side = self.qr_rect.w - len(lines) * step - self.px(6)
        if side < self.px(90):
            lines, side = [], self.qr_rect.w
        image = self.qr(side)
        card = image.get_rect(midtop=self.qr_rect.midtop)
        smooth.rounded_rect(
            surface, (255, 255, 255), card.inflate(self.px(10), self.px(10)), self.px(8)
        )
        surface.blit(image, card)
        y = card.bottom + self.px(8)
        for line in lines:
            draw_text(
                surface,
                line,
                size,
                (self.qr_rect.centerx, y),
                theme.INK_SOFT,
                anchor="midtop",
                within=self.qr_rect.inflate(self.px(20), self.px(40)),
            )
            y += step

    def _draw_seat(self, surface: pygame.Surface, p: int, rect: pygame.Rect) -> None:
        """A seat's card: its piece, its name in its colour, its status as a pill (green
        once its person is there, the accent while it waits)."""
        status = self.statuses()[p]
        waiting = status in WAITS and self.table.session.seats[p].human
        fill = theme.mix(theme.seat_colour(p), theme.PANEL, 0.82)
        smooth.rounded_rect(surface, fill, rect, self.px(12))
        smooth.rounded_rect(surface, theme.seat_colour(p), rect, self.px(12), max(2, self.px(3)))
        m = self.px(8)
        side = max(32, rect.h - 2 * m)
        seat = self.table.session.seats[p]
        piece = pictures.seat_piece(self.table.session.game_id, p, seat.character, side)
        pictures.draw(surface, piece, (rect.x + m, rect.centery), "midleft")
        x = rect.x + m + piece.image.get_width() + m
        width = rect.right - m - x
        size = self.text_px(18)
        name, size = fonts.fit(self.table.seat_name(p), size, width, theme.MIN_TEXT_PX, bold=True)
        top = (
            rect.y
            + (
                rect.h
                - fonts.font(size, True).get_height()
                - fonts.font(self.text_px(15)).get_height()
                - self.px(10)
            )
            // 2
        )
        draw_text(surface, name, size, (x, top), theme.seat_ink(p), bold=True, within=rect)
        label = self.t(STATUS_KEYS.get(status, "brand.room_waiting"))
        pill_px = self.text_px(15)
        label, pill_px = fonts.fit(
            label, pill_px, width - self.px(16), theme.MIN_TEXT_PX, bold=True
        )
        pill_w = fonts.font(pill_px, True).size(label)[0] + self.px(16)
        pill = pygame.Rect(
            x,
            top + fonts.font(size, True).get_height() + self.px(6),
            pill_w,
            fonts.font(pill_px, True).get_height() + self.px(4),
        )
        colour = theme.ACCENT if waiting else theme.GOOD
        draw_pill(surface, pill, label, pill_px, colour)
