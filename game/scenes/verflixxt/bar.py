"""The Verflixxt! bar under the board (in the shared frame's bar, under the prompt's
lines): the die (base game) or the draw pile, the discards and the person's hand (hats
game), each labelled; the buttons are the controls' (controls.py)."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts, theme
from game.ui.widgets import draw_text

from .host import VerflixxtHost


class Bar(VerflixxtHost):
    """The die, or the piles and the hand."""

    def _draw_action_panel(self, surface, focus) -> None:
        if self.state.hats_variant:
            self._draw_piles(surface)
            self._draw_hand(surface, focus)
        else:
            self._draw_die(surface)

    def _label(self, surface, text: str, centre_x: int, top: int, room: int) -> None:
        """A label under a card or pile, centred, inside the bar."""
        size = self.text_px(14)
        box = pygame.Rect(0, top, room, round(size * 1.3))
        box.centerx = centre_x
        box = box.clip(self.action_rect)
        draw_text(surface, text, size, (centre_x, top), theme.INK_SOFT, anchor="midtop", within=box)

    def _draw_die(self, surface) -> None:
        """The die shows this turn's roll, tumbling as it is thrown; before a roll it
        shows no face at all (a 6 there read as a roll nobody made: issue #17)."""
        t = self.table
        rect = self.die_rect
        pygame.draw.ellipse(
            surface,
            (236, 226, 204),
            rect.inflate(self.px(14), -rect.h // 2).move(0, rect.h // 2 - self.px(2)),
        )
        if t.tumble is not None and t.die is not None:
            v = t.tumble
            if v < 0.85:
                face = (int(v * 18) * 5 + t.die) % 6 + 1
                angle = int((1 - v) * 540)
                hop = abs(math.sin(v * math.pi * 3)) * (1 - v) * self.px(20)
            else:
                face, angle, hop = t.die, 0, 0.0
            image = self._die_image(face, rect.w, angle)
            surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - hop)))
            return
        if t.die is not None:
            surface.blit(self._die_image(t.die, rect.w), rect)
        else:
            surface.blit(self._die_image(0, rect.w), rect)

    def _draw_piles(self, surface) -> None:
        t = self.table
        deck, discard = self.deck_rect, self.discard_rect
        edge = max(1, self.px(2))
        if t.deck:
            for k in range(min(3, t.deck) - 1, -1, -1):
                image = self._card_image(None, deck.w, deck.h)
                surface.blit(image, deck.move(-k * self.px(1), -k * self.px(2)))
            size = self.text_px(14)
            text = str(t.deck)
            badge = pygame.Rect(0, 0, fonts.font(size, True).size(text)[0] + self.px(12), 0)
            badge.h = round(size * 1.25)
            badge.center = (deck.centerx, deck.bottom - badge.h // 2 - self.px(3))
            pygame.draw.rect(surface, theme.BG_DARK, badge, border_radius=badge.h // 2)
            draw_text(
                surface, text, size, badge.center, theme.INK_LIGHT, True, "center", within=badge
            )
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, deck, edge, border_radius=self.px(6))
        if t.discard is not None:
            surface.blit(self._card_image(t.discard, discard.w, discard.h), discard)
        else:
            pygame.draw.rect(surface, theme.PANEL_EDGE, discard, edge, border_radius=self.px(6))
        top = deck.bottom + self.px(3)
        room = discard.centerx - deck.centerx
        self._label(surface, self.t("verflixxt.deck_label"), deck.centerx, top, room * 2)
        self._label(surface, self.t("verflixxt.discard"), discard.centerx, top, room * 2)

    def _draw_hand(self, surface, focus) -> None:
        """The viewer's two cards: only ever drawn for ``self.private_player``."""
        t = self.table
        rects = self.hand_rects
        centre = (rects[0].x + rects[-1].right) // 2
        label_room = 2 * (self.buttons_rect.x - centre)
        top = rects[0].bottom + self.px(3)
        self._label(surface, self._hand_label(self.private_player), centre, top, label_room)
        edge = max(1, self.px(2))
        if self.private_player is None:
            for rect in rects:
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, edge, border_radius=self.px(8))
            return
        playable = {c.card for c in self.controls if c.spot == "card"}
        deciding = self.deciding() is not None
        for i, rect in enumerate(rects):
            if i >= len(t.hand):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, edge, border_radius=self.px(8))
                continue
            card = t.hand[i]
            selected = (
                self.mode in ("card", "dir")
                and self.sel_card == card
                and (i == 0 or t.hand[0] != card)
            )
            control = self._control(f"card:{i + 1}")
            hovered = control is not None and control.hovered and not self.keyboard
            lift = self.px(5) if selected else self.px(2) if hovered else 0
            image = self._card_image(card, rect.w, rect.h)
            if deciding and self.state.phase == "play" and i not in playable:
                image = image.copy()
                image.set_alpha(110)
            r = rect.move(0, -lift)
            surface.blit(image, r)
            if control is not None and (control is focus or selected):
                colour = theme.BUTTON_FOCUS if control is focus and self.keyboard else theme.ACCENT
                pygame.draw.rect(
                    surface,
                    colour,
                    r.inflate(self.px(6), self.px(6)),
                    self.px(3),
                    border_radius=self.px(10),
                )
            if control is not None:  # its key, on a badge in the card's corner
                size = self.text_px(14)
                badge = pygame.Rect(0, 0, round(size * 1.3), round(size * 1.3))
                badge.center = (
                    r.right - badge.w // 2 - self.px(2),
                    r.bottom - badge.h // 2 - self.px(2),
                )
                pygame.draw.ellipse(surface, theme.BG_DARK, badge)
                draw_text(
                    surface,
                    str(i + 1),
                    size,
                    badge.center,
                    theme.INK_LIGHT,
                    True,
                    "center",
                    within=badge,
                )
