"""The Duck! Duck! Go! table's panels and action bar (mixed into DuckScene; painted on
the static layer by draw.py).

The right column: the table's piles, one row per player (seat, duck, buoys, cards,
tokens, the card on the table), the hound board (advanced game) and the log. The action
bar under the board: the hint, the person's hand, the token tray, the buttons and the
tooltip of the thing under the pointer.
"""

from __future__ import annotations

import pygame

from game.rules.duck.data import COLOURS, PATTERN_NAMES
from game.ui import fonts, identity, sprites, theme
from game.ui.widgets import draw_panel, draw_text

from . import art
from .art import BUOY_RGB
from .controls import TOKEN_KEY_NAMES, TOKEN_ORDER
from .host import DuckHost


class Panels(DuckHost):
    """The panels and the action bar (mixed into DuckScene)."""

    # == panels ===============================================================================
    def _draw_info(self, surface) -> None:
        rect = self.info_rect
        draw_panel(surface, rect, radius=10)
        board = self.state.board
        name = self.t.pick(board.name, board.name_ja)
        variant = self.t(f"duck.variant.{self.state.variant}")
        if self.state.official:
            variant += " · " + self.t("duck.variant.official")
        right = rect.right - self.px(10)
        piles_w = self.px(130 if self.state.advanced else 60)
        x = rect.x + self.px(10)
        name = self._fit(name, self.px(16), rect.width - piles_w - self.px(20), bold=True)
        r = draw_text(
            surface, name, self.px(16), (x, rect.centery), theme.INK, bold=True, anchor="midleft"
        )
        room = rect.right - piles_w - r.right - self.px(16)
        if room > self.px(40):
            draw_text(
                surface,
                self._fit(variant, self.px(12), room),
                self.px(12),
                (r.right + self.px(8), rect.centery + 1),
                theme.INK_SOFT,
                anchor="midleft",
            )
        items = [("card", self.shown.deck, "duck.ui.deck")]
        if self.state.advanced:
            items.append(("token", self.shown.pool, "duck.ui.pool"))
        for icon, count, _ in reversed(items):
            t = draw_text(
                surface,
                str(count),
                self.px(15),
                (right, rect.centery),
                theme.INK,
                bold=True,
                anchor="midright",
            )
            if icon == "card":
                img = art.card_back(self.px(15), self.px(21))
            else:
                img = sprites.svg("duck_token_back.svg", self.px(19))
            surface.blit(img, img.get_rect(midright=(t.left - self.px(3), rect.centery)))
            right = t.left - img.get_width() - self.px(14)

    def _draw_row(self, surface, p: int) -> None:
        s, sh = self.state, self.shown
        row = self.rows[p]
        colour = self.seat_colour(p)
        ducks = list(s.ducks_of(p))
        moving = sh.mover is not None and s.owner(sh.mover) == p
        to_act = p in s.to_act() and not s.is_over()
        edge = theme.ACCENT if moving else (theme.BUTTON_FOCUS if to_act else theme.PANEL_EDGE)
        fill = (255, 246, 226) if moving else theme.PANEL
        pygame.draw.rect(surface, fill, row, border_radius=self.px(10))
        pygame.draw.rect(
            surface, edge, row, width=3 if (moving or to_act) else 2, border_radius=self.px(10)
        )
        stripe = pygame.Rect(
            row.x + self.px(2), row.y + self.px(6), self.px(6), row.height - self.px(12)
        )
        pygame.draw.rect(surface, colour, stripe, border_radius=self.px(3))
        # the duck(s)
        size = min(row.height - self.px(12), self.px(46))
        cx, cy = row.x + self.px(16) + size // 2, row.centery
        for i, d in enumerate(ducks):
            img = sprites.svg(
                f"duck_{self.duck_chars[d]}.svg", size if len(ducks) == 1 else round(size * 0.8)
            )
            ox = 0 if len(ducks) == 1 else (-self.px(6) if i == 0 else self.px(6))
            oy = 0 if len(ducks) == 1 else (-self.px(7) if i == 0 else self.px(7))
            pygame.draw.circle(
                surface, colour, (cx + ox, cy + oy), img.get_width() * 0.44, max(2, self.px(3))
            )
            surface.blit(img, img.get_rect(center=(cx + ox, cy + oy)))
        identity.draw_seat_mark(surface, p, (cx + size * 0.4, cy + size * 0.36), size * 0.42)
        x0 = row.x + self.px(22) + size
        # cards on the table at the right; the hound control marker beside them
        card_h = row.height - self.px(14)
        card_w = round(card_h * (0.72 if len(ducks) == 1 else 0.6))
        right = row.right - self.px(8)
        for i, d in reversed(list(enumerate(ducks))):
            card = sh.cards[d] if d < len(sh.cards) else None
            rect = pygame.Rect(right - card_w, row.centery - card_h // 2, card_w, card_h)
            if card == 0:
                surface.blit(art.card_back(card_w, card_h), rect)
            elif card:
                surface.blit(art.card_mini(card, card_w, card_h, dim=sh.done[d]), rect)
                if sh.mover == d:
                    pygame.draw.rect(
                        surface, theme.ACCENT, rect.inflate(4, 4), width=3, border_radius=self.px(5)
                    )
            elif to_act and s.phase in ("order", "choose"):
                pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=self.px(5))
                draw_text(
                    surface,
                    "?",
                    self.px(16),
                    rect.center,
                    theme.INK_SOFT,
                    bold=True,
                    anchor="center",
                )
            right = rect.x - self.px(4)
        if sh.controller == p:
            badge = sprites.svg("duck_control.svg", self.px(26))
            surface.blit(badge, badge.get_rect(midright=(right - self.px(2), row.y + self.px(17))))
            right -= badge.get_width() + self.px(4)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(x0, row.y, right - x0, row.height))
        # the name; under it who plays (one duck) or each duck with its buoys (two ducks)
        seat = self.session.seats[p]
        name_w = right - x0 - self.px(4)
        name = self._fit(self.seat_name(p), self.px(17), name_w, bold=True)
        draw_text(surface, name, self.px(17), (x0, row.y + self.px(4)), theme.INK, bold=True)
        pip = self.px(6) if len(ducks) == 1 else self.px(5)
        y2 = row.y + self.px(25) if row.height >= self.px(62) else None
        if sh.winner == p and y2 is not None:
            draw_text(
                surface, self.t("duck.ui.winner"), self.px(12), (x0, y2), theme.GOOD, bold=True
            )
        elif len(ducks) > 1 and y2 is not None:
            x = x0
            for d in ducks:
                icon = sprites.svg(self.duck_sprites[d], self.px(20))
                surface.blit(icon, icon.get_rect(midleft=(x, y2 + self.px(8))))
                x = self._draw_pips(
                    surface, d, x + icon.get_width() + self.px(2) + pip, y2 + self.px(8), pip
                ) + self.px(10)
        elif y2 is not None:
            who = (
                self.t("app.human")
                if seat.human
                else self.t("duck.ui.computer_level", level=self.t(f"app.level_{seat.level}"))
            )
            chars = self._char_name(self.duck_chars[ducks[0]])
            line = who if chars == self.seat_name(p) else f"{chars} · {who}"
            draw_text(
                surface, self._fit(line, self.px(12), name_w), self.px(12), (x0, y2), theme.INK_SOFT
            )
        # buoy pips (one duck), hand, tokens
        y = row.bottom - self.px(16)
        x = x0 + self.px(6)
        if len(ducks) == 1 or y2 is None:
            for d in ducks:
                x = self._draw_pips(surface, d, x, y, pip) + self.px(8)
        back = art.card_back(self.px(12), self.px(17))
        surface.blit(back, back.get_rect(midleft=(x, y)))
        t = draw_text(
            surface,
            f"×{sh.hands[p]}",
            self.px(13),
            (x + back.get_width() + 2, y),
            theme.INK,
            anchor="midleft",
        )
        x = t.right + self.px(10)
        if s.advanced:
            if sh.blue[p]:
                icon = sprites.svg("duck_token_blue.svg", self.px(17))
                surface.blit(icon, icon.get_rect(midleft=(x, y)))
                x += icon.get_width() + self.px(3)
            if p == self.private_player:
                self._draw_own_tokens(surface, p, x, y, right)
            elif sh.tokens[p]:
                icon = sprites.svg("duck_token_back.svg", self.px(17))
                surface.blit(icon, icon.get_rect(midleft=(x, y)))
                draw_text(
                    surface,
                    f"×{sh.tokens[p]}",
                    self.px(13),
                    (x + icon.get_width() + 2, y),
                    theme.INK,
                    anchor="midleft",
                )
        surface.set_clip(clip)

    def _draw_pips(self, surface, d: int, x: int, y: int, pip: int) -> int:
        """A duck's three buoy pips (filled once its token is taken), from ``x``; then
        its ghost / hound badge. Returns where the next thing may start."""
        sh = self.shown
        for c, name in enumerate(COLOURS):
            if sh.buoys[d] & (1 << c):
                pygame.draw.circle(surface, BUOY_RGB[name], (x, y), pip)
                pygame.draw.circle(surface, (60, 60, 60), (x, y), pip, 1)
            else:
                pygame.draw.circle(surface, (236, 232, 222), (x, y), pip)
                pygame.draw.circle(surface, BUOY_RGB[name], (x, y), pip, 2)
            x += pip * 2 + self.px(3)
        if sh.ghost[d] or sh.become[d]:
            icon = sprites.svg(
                f"duck_token_{'ghost' if sh.ghost[d] else 'become'}.svg", self.px(16)
            )
            surface.blit(icon, icon.get_rect(center=(x + self.px(2), y)))
            x += self.px(16)
        return x

    def _draw_own_tokens(self, surface, viewer: int, x: int, y: int, right: int) -> None:
        """The faces of the private player's action tokens in their own row."""
        for kind in sorted(self.shown.my_tokens, key=TOKEN_ORDER.index):
            if x > right - self.px(16):
                break
            icon = sprites.svg(f"duck_token_{kind}.svg", self.px(17))
            surface.blit(icon, icon.get_rect(midleft=(x, y)))
            x += icon.get_width() + self.px(2)

    def _fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        return fonts.ellipsize(fonts.font(size, bold), text, width)

    def _draw_hound_board(self, surface, rect: pygame.Rect, d) -> None:
        draw_panel(surface, rect, radius=10)
        title = self.t("duck.ui.hound_board")
        r = draw_text(
            surface,
            title,
            self.px(15),
            (rect.x + self.px(10), rect.y + self.px(6)),
            theme.INK,
            bold=True,
        )
        controller = self.shown.controller
        if controller >= 0:
            sub = self._fit(
                self.t("duck.ui.controlled", name=self.seat_name(controller)),
                self.px(12),
                rect.right - r.right - self.px(20),
            )
            draw_text(
                surface, sub, self.px(12), (r.right + self.px(8), r.y + self.px(3)), theme.INK_SOFT
            )
        data = self.state.options["hound"]["patterns"]
        picking = d is not None and d.mode in ("houndmove", "houndpattern")
        hover = (
            self.hover.value if (self.hover is not None and self.hover.kind == "pattern") else None
        )
        focused = self.focused_target(d) if picking else None
        for i, (letter, prect) in enumerate(zip(PATTERN_NAMES, self.pattern_rects)):
            name = self.t.pick(data[i]["name_en"], data[i]["name_ja"])
            state = ""
            if letter in self.shown.patterns:
                state = "used"
            if picking:
                if letter in self.picks:
                    state = "picked"
                elif not self.pattern_ok(d, letter):
                    state = "off"
            tile = art.pattern_tile(
                letter, name, self.state.patterns[i], prect.width, prect.height, state
            )
            surface.blit(tile, prect)
            if picking and (
                hover == letter
                or (self.keyboard and focused is not None and focused.value == letter)
            ):
                pygame.draw.rect(
                    surface,
                    theme.BUTTON_FOCUS,
                    prect.inflate(4, 4),
                    width=3,
                    border_radius=self.px(8),
                )
            if picking and letter in self.picks:
                n = self.picks.index(letter) + 1
                draw_text(
                    surface,
                    str(n),
                    self.px(13),
                    (prect.right - self.px(6), prect.y + self.px(3)),
                    theme.ACCENT_DARK,
                    bold=True,
                    anchor="topright",
                )

    def _paint_log(self, layer) -> None:
        key = (len(self.log), self.log[-1] if self.log else "", self.log_rect.size)
        if key != self._log_key:
            self._log_key = key
            layer.blit(self._background, self.log_rect, self.log_rect)
            self.draw_log(layer, self.log_rect)

    # == the action bar ===========================================================================
    def _draw_bar(self, surface, d) -> None:
        hint = self._hint(d)
        width = self.bar.width - self.px(28)
        size = self.px(14)
        legend = self._legend_text
        lines = fonts.wrap(hint, size, width) if hint else []
        if legend:
            lines = [" ".join(lines)] if lines else []
        for pos, line in zip((self.hint_pos, self.legend_pos), lines[:2]):
            draw_text(surface, self._fit(line, size, width), size, pos, theme.INK_SOFT)
        if legend:
            draw_text(
                surface,
                self._fit(legend, size, width, bold=True),
                size,
                self.legend_pos,
                theme.ACCENT_DARK,
                bold=True,
            )
        p = self.private_player
        if p is None:
            msg = (
                self.t("duck.hint.hidden")
                if self.session.humans()
                else self.t("duck.hint.computers")
            )
            draw_text(
                surface, msg, self.px(17), self.cards_rect.center, theme.INK_SOFT, anchor="center"
            )
            return
        self._draw_hand(surface, p, d)
        for b in self.action_buttons if d is not None else []:
            b.draw(surface)

    def _draw_hand(self, surface, viewer: int, d) -> None:
        """The private things of ``viewer`` in the action bar: the hand and the token
        tray (only ever called with ``viewer == self.private_player``)."""
        playable = self.playable_cards(d) if d is not None else set()
        step = self.step_of(d) if d is not None else "none"
        hover = self.hover
        focused = self.focused_target(d) if d is not None else None
        cards = self.bar_cards(d)
        if not cards:
            draw_text(
                surface,
                self.t("duck.ui.no_cards"),
                self.px(15),
                self.cards_rect.center,
                theme.INK_SOFT,
                anchor="center",
            )
        for card, rect, role in cards:
            lifted = rect.copy()
            is_sel = card in self.sel and role == "hand"
            is_hover = hover is not None and hover.kind in ("card", "table") and hover.value == card
            is_focus = (
                self.keyboard
                and focused is not None
                and focused.kind == "card"
                and focused.value == card
            )
            usable = role == "table" or (card in playable and step in ("card", "route"))
            if is_sel:
                lifted.y -= self.px(8)
            elif (is_hover or is_focus) and usable:
                lifted.y -= self.px(4)
            image = art.card_face(card, self.state.cards[card], rect.width, rect.height)
            surface.blit(image, lifted)
            if d is not None and not usable:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((246, 238, 222, 120))
                surface.blit(shade, lifted)
            if role == "table":
                pygame.draw.rect(
                    surface, theme.ACCENT, lifted.inflate(4, 4), width=3, border_radius=self.px(9)
                )
                self._tag(
                    surface,
                    self.t("duck.ui.table_card"),
                    (lifted.centerx, lifted.bottom - self.px(2)),
                    theme.ACCENT_DARK,
                )
            if is_sel:
                pygame.draw.rect(
                    surface, theme.ACCENT, lifted.inflate(4, 4), width=3, border_radius=self.px(9)
                )
                if d is not None and self.cards_needed(d) > 1 and d.mode == "choose":
                    n = self.sel.index(card)
                    badge = self._short_duck(d.player * self.per_player + n)
                    self._tag(
                        surface,
                        badge,
                        (lifted.centerx, lifted.bottom - self.px(12)),
                        theme.ACCENT_DARK,
                    )
            elif (is_hover or is_focus) and usable:
                pygame.draw.rect(
                    surface,
                    theme.BUTTON_FOCUS,
                    lifted.inflate(4, 4),
                    width=2,
                    border_radius=self.px(9),
                )
        if self.tray_rect is not None:
            self._draw_tray(surface, self.tray_rect, d)

    def _draw_tray(self, surface, tray: pygame.Rect, d) -> None:
        draw_text(
            surface,
            self.t("duck.ui.tokens"),
            self.px(13),
            (tray.x + self.px(6), tray.y),
            theme.INK_SOFT,
            bold=True,
        )
        usable = self.usable_tokens(d) if self.token_mode is None else set()
        tokens = self.tray_tokens()
        if not tokens:
            lines = fonts.wrap(self.t("duck.ui.no_tokens"), self.px(12), tray.width - self.px(12))
            for i, line in enumerate(lines[:4]):
                draw_text(
                    surface,
                    line,
                    self.px(12),
                    (tray.x + self.px(6), tray.y + self.px(26) + i * self.px(17)),
                    theme.INK_SOFT,
                )
        for kind, rect in tokens:
            img = sprites.svg(f"duck_token_{kind}.svg", rect.width)
            if d is not None and kind not in usable and self.token_mode != kind:
                img = img.copy()
                img.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(img, rect)
            if self.token_mode == kind:
                pygame.draw.circle(surface, theme.ACCENT, rect.center, rect.width * 0.56, 3)
            elif d is not None and kind in usable:
                key = TOKEN_KEY_NAMES[kind]
                draw_text(
                    surface,
                    key,
                    self.px(11),
                    (rect.right, rect.bottom),
                    theme.ACCENT_DARK,
                    bold=True,
                    anchor="bottomright",
                )

    def _draw_tooltip(self, surface) -> None:
        if self.private_player is None or self.tray_rect is None:
            return
        for kind, rect in self.tray_tokens():
            if rect.collidepoint(self.mouse):
                break
        else:
            return
        title = self.t(f"duck.token.{kind}") + f"  ({TOKEN_KEY_NAMES[kind]})"
        lines = fonts.wrap(self.t(f"duck.tip.{kind}"), self.px(13), self.px(250))
        d = self.decision()
        if d is None or kind not in self.usable_tokens(d):
            lines.append(self.t("duck.ui.not_now"))
        w = self.px(270)
        h = self.px(30) + len(lines) * self.px(18)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (rect.centerx, rect.y - self.px(6))
        box.right = min(box.right, self.bar.right)
        draw_panel(surface, box, fill=(255, 255, 246), radius=8)
        draw_text(
            surface,
            title,
            self.px(14),
            (box.x + self.px(10), box.y + self.px(6)),
            theme.INK,
            bold=True,
        )
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                self.px(13),
                (box.x + self.px(10), box.y + self.px(26) + i * self.px(18)),
                theme.INK_SOFT,
            )

    def _tag(self, surface, text: str, center, colour, size: int | None = None) -> None:
        """A small label on a white pill."""
        image = fonts.render(text, size or self.px(12), colour, bold=True)
        box = image.get_rect(center=center).inflate(self.px(10), self.px(4))
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, colour, box, width=1, border_radius=box.height // 2)
        surface.blit(image, image.get_rect(center=box.center))
