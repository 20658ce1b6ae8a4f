"""The Verflixxt! bar under the board (in the shared frame's bar, under the prompt's
lines): the die (base game) or the draw pile, the discards and the person's hand (hats
game), each labelled; the buttons are the controls' (controls.py)."""

from __future__ import annotations

import math

import pygame

from game.rules.verflixxt.decisions import PlayCard
from game.scenes.table.contract import TableHost
from game.ui import fonts, smooth, theme
from game.ui.choices import Choices
from game.ui.widgets import draw_focus_ring, draw_icon, draw_text, draws_secrets

from .art import Art
from .layout import Layout
from .model import Choice, VerflixxtModel


class Bar:
    """The die, or the piles and the hand."""

    def __init__(
        self,
        model: VerflixxtModel,
        host: TableHost,
        art: Art,
        layout: Layout,
        choices: Choices[Choice],
    ) -> None:
        self.model = model
        self.host = host
        self.art = art
        self.layout = layout
        self.choices = choices

    def still(self) -> bool:
        """The panel stands still (no die tumbling): it is drawn into the still picture,
        again only when its ``key`` changes (issue #27: static art is not drawn every
        frame)."""
        return self.host.state.hats_variant or self.model.table.tumble is None

    def key(self, focus) -> tuple:
        """What the still panel shows (with the window's size, language and viewer, which
        the still picture's key holds already)."""
        t = self.model.table
        if not self.host.state.hats_variant:
            return (t.die,)
        cards = []
        for i in range(len(self.model.hand_rects)):
            control = self.choices.control(f"card:{i + 1}")
            cards.append(None if control is None else (control.hovered, control is focus))
        player = self.host.sharing.deciding()
        playing = player is not None and isinstance(self.host.state.decision(player), PlayCard)
        return (
            t.deck,
            t.discard,
            tuple(t.hand),
            self.layout.hand_label(self.host.private_player),
            tuple(sorted({c.card for c in self.choices.controls if c.spot == "card"}, key=str)),
            playing,
            self.model.mode,
            self.model.sel_card,
            self.choices.keyboard,
            tuple(cards),
        )

    def draw_action_panel(self, surface, focus) -> None:
        if self.host.state.hats_variant:
            self._draw_piles(surface)
            self._draw_hand(surface, focus)
        else:
            self._draw_die(surface)

    def _label(self, surface, text: str, room: pygame.Rect) -> None:
        """A label beside a card or pile, in the bar."""
        if room.w <= 0:  # no room for it at this size (layout.py)
            return
        size = self.host.text_px(14)
        draw_text(surface, text, size, room.midleft, theme.INK_SOFT, anchor="midleft", within=room)

    def _draw_die(self, surface) -> None:
        """The die shows this turn's roll, tumbling as it is thrown; before a roll it
        shows no face at all (a 6 there read as a roll nobody made: issue #17)."""
        t = self.model.table
        rect = self.model.die_rect
        assert rect is not None  # the base game's bar has a die
        pygame.draw.ellipse(
            surface,
            (236, 226, 204),
            rect.inflate(self.host.px(14), -rect.h // 2).move(0, rect.h // 2 - self.host.px(2)),
        )
        if t.tumble is not None and t.die is not None:
            v = t.tumble
            if v < 0.85:
                face = (int(v * 18) * 5 + t.die) % 6 + 1
                angle = int((1 - v) * 540)
                hop = abs(math.sin(v * math.pi * 3)) * (1 - v) * self.host.px(20)
            else:
                face, angle, hop = t.die, 0, 0.0
            image = self.art.die_image(face, rect.w, angle)
            draw_icon(surface, image, (rect.centerx, rect.centery - hop), "die", anchor="center")
            return
        if t.die is not None:
            draw_icon(surface, self.art.die_image(t.die, rect.w), rect, "die")
        else:
            draw_icon(surface, self.art.die_image(0, rect.w), rect, "die")

    def _draw_piles(self, surface) -> None:
        t = self.model.table
        deck, discard = self.model.deck_rect, self.model.discard_rect
        edge = max(1, self.host.px(2))
        if t.deck:
            for k in range(min(3, t.deck) - 1, -1, -1):
                image = self.art.card_image(None, deck.w, deck.h).image
                draw_icon(
                    surface, image, deck.move(-k * self.host.px(1), -k * self.host.px(2)), "deck"
                )
            size = self.host.text_px(14)
            text = str(t.deck)
            badge = pygame.Rect(0, 0, fonts.font(size, True).size(text)[0] + self.host.px(12), 0)
            badge.h = round(size * 1.25)
            badge.center = (deck.centerx, deck.bottom - badge.h // 2 - self.host.px(3))
            smooth.rounded_rect(surface, theme.BG_DARK, badge, badge.h // 2)
            draw_text(
                surface, text, size, badge.center, theme.INK_LIGHT, True, "center", within=badge
            )
        else:
            smooth.rounded_rect(surface, theme.PANEL_EDGE, deck, self.host.px(6), edge)
        if t.discard is not None:
            self.art.card_image(t.discard, discard.w, discard.h).draw(surface, discard, "discard")
        else:
            smooth.rounded_rect(surface, theme.PANEL_EDGE, discard, self.host.px(6), edge)
        for key, room in (
            ("verflixxt.deck_label", self.model.deck_label),
            ("verflixxt.discard", self.model.discard_label),
        ):
            if self.model.labels_under:  # a narrow bar: the word under its pile
                size = self.host.text_px(14)
                text = self.host.t(key)
                draw_text(surface, text, size, room.center, theme.INK_SOFT, False, "center", room)
            else:
                self._label(surface, self.host.t(key), room)

    def _draw_hand(self, surface, focus) -> None:
        """The viewer's two cards: only ever drawn for ``self.host.private_player``."""
        rects = self.model.hand_rects
        self._label(
            surface, self.layout.hand_label(self.host.private_player), self.model.hand_label
        )
        edge = max(1, self.host.px(2))
        if self.host.private_player is None:
            for rect in rects:
                smooth.rounded_rect(surface, theme.PANEL_EDGE, rect, self.host.px(8), edge)
            return
        self._draw_cards(surface, self.host.private_player, focus)

    @draws_secrets
    def _draw_cards(self, surface, viewer: int, focus) -> None:
        """``viewer``'s cards, face up (their secret, issue #36)."""
        t = self.model.table
        rects = self.model.hand_rects
        edge = max(1, self.host.px(2))
        playable = {c.card for c in self.choices.controls if c.spot == "card"}
        player = self.host.sharing.deciding()
        playing = player is not None and isinstance(self.host.state.decision(player), PlayCard)
        for i, rect in enumerate(rects):
            if i >= len(t.hand):
                smooth.rounded_rect(surface, theme.PANEL_EDGE, rect, self.host.px(8), edge)
                continue
            card = t.hand[i]
            selected = (
                self.model.mode in ("card", "dir")
                and self.model.sel_card == card
                and (i == 0 or t.hand[0] != card)
            )
            control = self.choices.control(f"card:{i + 1}")
            hovered = control is not None and control.hovered and not self.choices.keyboard
            lift = self.host.px(5) if selected else self.host.px(2) if hovered else 0
            stamp = self.art.card_image(card, rect.w, rect.h)
            if playing and i not in playable:
                faded = stamp.image.copy()
                faded.set_alpha(110)
                stamp = stamp._replace(image=faded)
            r = rect.move(0, -lift)
            stamp.draw(surface, r, "card")
            if control is not None and (control is focus or selected):
                ring = r.inflate(self.host.px(6), self.host.px(6))
                if control is focus and self.choices.keyboard:  # the one focus style
                    draw_focus_ring(surface, ring, self.host.px(10))
                else:
                    smooth.rounded_rect(
                        surface, theme.ACCENT, ring, self.host.px(10), self.host.px(3)
                    )
            if control is not None:  # its key, on a badge in the card's corner
                size = self.host.text_px(14)
                badge = pygame.Rect(0, 0, round(size * 1.3), round(size * 1.3))
                badge.center = (
                    r.right - badge.w // 2 - self.host.px(2),
                    r.bottom - badge.h // 2 - self.host.px(2),
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
