"""Drawing the Duck! Duck! Go! table (mixed into DuckScene).

A static layer holds what changes only with an event or a person's pointer: the tub
and its board, the panels, the action bar, the route preview, the decision's targets and
the base scene's buttons; its log and header regions are painted again on their own when
they change. Per frame only the pieces, the facing arrows and route endings of a
decision, short effects, flying tokens, the reveal and the banner are drawn on top.
"""

from __future__ import annotations

import math

import pygame

from game.rules.duck.data import BUOY, COLOURS, PATTERN_NAMES
from game.rules.duck.preview import Preview
from game.ui import fonts, identity, sprites, theme
from game.ui.widgets import draw_panel, draw_text

from . import art
from .controls import TOKEN_KEY_NAMES, TOKEN_ORDER
from .geometry import SQ3, direction, heading_angle
from .host import DuckHost

HOUND = -1
ROUTE_COLOURS = ((214, 40, 40), (236, 118, 16), (178, 40, 170))
GOLD = (250, 196, 40)
HALO = (255, 236, 120)
PATH_FILL = (255, 226, 120)
BUOY_RGB = art.BUOY_RGB
ANGLE_STEP = 5  # degrees between cached rotations of a sprite
SPRITE_SCALE = 1.75  # a duck sprite's width in hex sizes
HOUND_SCALE = 1.95


class Drawing(DuckHost):
    """Mixed into DuckScene."""

    # == the frame ==========================================================================
    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(self._static_layer(), (0, 0))
        self._draw_trail(surface)
        self._draw_pieces(surface)
        self._draw_marks(surface)
        self._draw_effects(surface)
        self._draw_flyers(surface)
        self._draw_reveal(surface)
        self._draw_banner(surface)
        self._draw_tooltip(surface)
        self.draw_thinking(surface, (self.board_rect.centerx, self.board_rect.bottom - self.px(4)))

    def _static_layer(self) -> pygame.Surface:
        d = self.decision()
        targets = self.targets()
        spec = self.preview_spec(d)
        hover = (self.hover.kind, self.hover.value) if self.hover is not None else None
        buttons = tuple((b.enabled, b.hovered) for b in self.buttons.buttons)
        key = (
            self._ver,
            self._ui_ver,
            id(self._background),
            self.private_player,
            d is None,
            self._dec_key,
            spec,
            hover,
            self.focus,
            self.keyboard,
            buttons,
            self.buttons.focus,
        )
        if key != self._layer_key or self._layer is None:
            self._layer_key = key
            if self._layer is None or self._layer.get_size() != self._background.get_size():
                self._layer = self._background.copy()
            else:
                self._layer.blit(self._background, (0, 0))
            self._build_layer(self._layer, d, spec, targets)
            self._log_key = self._header_key = None
        # the log and the header change more often than the rest: only their own part of
        # the layer is painted again
        self._paint_log(self._layer)
        self._paint_header_region(self._layer)
        return self._layer

    def _build_layer(self, layer, d, spec, targets) -> None:
        self._legend_text = ""
        if d is not None and spec is not None:
            self._draw_preview(layer, d, spec)
        self._draw_info(layer)
        for p in range(self.state.players):
            self._draw_row(layer, p)
        if self.hound_rect is not None:
            self._draw_hound_board(layer, self.hound_rect, d)
        self._draw_bar(layer, d)
        if d is not None:
            if d.duck is not None and d.duck >= 0 and d.duck in self.duck_pos:
                x, y, _ = self.duck_pos[d.duck]
                pygame.draw.circle(
                    layer, HALO, self.geo.px(x, y), self.geo.size * 0.98, max(2, self.px(4))
                )
            self._draw_targets(layer, d, targets)
        self.buttons.draw(layer)

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

    # == preview and targets ========================================================================
    def _draw_preview(self, surface, d, spec) -> None:
        overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        kind = spec[0]
        lines = []
        if kind == "duck":
            _, card, duck, emph = spec
            previews = self.duck_previews(d.player, card, duck)
            order = sorted(range(len(previews)), key=lambda i: i == emph)
            for i in order:
                self._draw_duck_route(
                    overlay, previews[i], i, emph is None or emph == i, len(previews) > 1
                )
            lines.append(self.t("duck.ui.preview", card=card, name=self._short_duck(duck)))
            if d.mode == "choose":
                lines.append(self.t("duck.ui.preview_first"))
        elif kind == "hound":
            _, card, emph = spec
            routes = self.state.cards[card]
            for i in sorted(range(len(routes)), key=lambda i: i == emph):
                hp = self.hound_preview((routes[i][0],))
                self._draw_hound_route(overlay, hp, ROUTE_COLOURS[i % 3], emph is None or emph == i)
            lines.append(self.t("duck.ui.hound_preview_card", card=card))
        else:
            letters = spec[1]
            routes = tuple(self.state.patterns[PATTERN_NAMES.index(x)][0] for x in letters)
            self._draw_hound_route(overlay, self.hound_preview(routes), ROUTE_COLOURS[0], True)
            lines.append(self.t("duck.ui.hound_preview_patterns", patterns=" + ".join(letters)))
        surface.blit(overlay, (0, 0))
        self._legend_text = " ".join(lines)

    def _route_line(self, surface, points, colour, strong: bool) -> None:
        hs = self.geo.size
        width = max(3, round(hs * (0.16 if strong else 0.08)))
        alpha = 235 if strong else 120
        if len(points) > 1:
            pygame.draw.lines(surface, (*colour, alpha), False, points, width)
        for pt in points[1:]:
            pygame.draw.circle(surface, (*colour, alpha), pt, width * 0.9)

    def _fill_hex(self, surface, q, r, strong: bool) -> None:
        pygame.draw.polygon(
            surface, (*PATH_FILL, 150 if strong else 60), self.geo.corners(q, r, 0.9)
        )

    def _draw_duck_route(
        self, surface, pv: Preview, index: int, strong: bool, numbered: bool
    ) -> None:
        geo, s = self.geo, self.state
        hs = geo.size
        colour = ROUTE_COLOURS[index % 3]
        start = s.board.coords[s.pos[pv.duck]]
        for q, r, _ in pv.path:
            self._fill_hex(surface, q, r, strong)
        points = [geo.hex_px(*start)] + [geo.hex_px(q, r) for q, r, _ in pv.path]
        self._route_line(surface, points, colour, strong)
        if not strong:
            return
        board = s.board
        new = list(pv.new_buoys)
        for q, r, _ in pv.path:
            i = board.index[(q, r)]
            if board.kind[i] == BUOY:
                name = COLOURS[board.colour[i]]
                cx, cy = geo.hex_px(q, r)
                pygame.draw.circle(
                    surface, (255, 255, 255, 240), (cx, cy), hs * 0.78, max(3, round(hs * 0.16))
                )
                pygame.draw.circle(
                    surface, (*BUOY_RGB[name], 255), (cx, cy), hs * 0.78, max(2, round(hs * 0.09))
                )
                if name in new:
                    new.remove(name)
                    self._tag(surface, "+1", (cx + hs * 0.55, cy - hs * 0.62), (40, 130, 60))
        for q, r in pv.warps:
            cx, cy = geo.hex_px(q, r)
            self._dashed_circle(surface, (cx, cy), hs * 0.85, (255, 255, 255, 255))
            self._tag(surface, self.t("duck.ui.warp"), (cx, cy + hs * 0.72), (200, 50, 40))
        if pv.bonk is not None:
            q, r, bq, br, _, _ = pv.bonk
            (x0, y0), (x1, y1) = geo.hex_px(q, r), geo.hex_px(bq, br)
            if (bq, br) in geo.coords:
                k = hs * 0.32
                for side in (-1, 1):
                    pygame.draw.line(
                        surface,
                        (200, 30, 30, 230),
                        (x1 - k, y1 - k * side),
                        (x1 + k, y1 + k * side),
                        max(3, round(hs * 0.14)),
                    )
            star = art.bonk_star(max(12, round(hs * 0.95)))
            sx, sy = (x0 + x1) / 2, (y0 + y1) / 2
            surface.blit(star, star.get_rect(center=(sx, sy)))
            self._tag(
                surface,
                self.t("duck.ui.bonk"),
                (sx + (sx - x0) * 0.9, sy + (sy - y0) * 0.9),
                (200, 40, 30),
            )
        if pv.drain:
            cx, cy = geo.hex_px(*board.coords[board.drain])
            pygame.draw.circle(surface, (*GOLD, 255), (cx, cy), hs * 0.9, max(3, round(hs * 0.18)))
            self._tag(surface, self.t("duck.ui.win"), (cx, cy - hs * 0.95), (150, 100, 0))
        if pv.hits_hound and s.hound_pos >= 0:
            cx, cy = geo.hex_px(*board.coords[s.hound_pos])
            k = hs * 0.45
            for sx in (-1, 1):
                pygame.draw.line(
                    surface,
                    (200, 30, 30, 230),
                    (cx - k, cy - k * sx),
                    (cx + k, cy + k * sx),
                    max(3, round(hs * 0.16)),
                )
            self._tag(surface, self.t("duck.ui.knocked"), (cx, cy + hs * 0.8), (200, 30, 30))
        for other in pv.knocks:
            if s.pos[other] >= 0:
                cx, cy = geo.hex_px(*board.coords[s.pos[other]])
                pygame.draw.circle(
                    surface, (200, 30, 30, 230), (cx, cy), hs * 0.85, max(3, round(hs * 0.14))
                )
        if pv.end is not None and not pv.drain:
            ghost = self._sprite(
                f"duck_{self.duck_chars[pv.duck]}.svg",
                round(hs * SPRITE_SCALE),
                heading_angle(pv.heading),
                120,
            )
            surface.blit(ghost, ghost.get_rect(center=geo.hex_px(*pv.end)))
            for f in pv.facings:
                a, b = geo.edge_point(*pv.end, f, 0.55), geo.edge_point(*pv.end, f, 1.25)
                art.arrow(
                    surface, (*art.ARROW_GREEN, 230), a, b, max(2, round(hs * 0.12)), hs * 0.32
                )
            if pv.must_move_again:
                cx, cy = geo.hex_px(*pv.end)
                self._tag(surface, self.t("duck.ui.again"), (cx, cy - hs * 0.95), (40, 110, 170))
        if numbered and not self.route_step_shown():
            # which route of the card this is (the card's diagram numbers its ends too)
            last = pv.path[-1][:2] if pv.path else start
            cx, cy = geo.hex_px(*last)
            self._tag(
                surface, str(index + 1), (cx - hs * 0.62, cy - hs * 0.62), colour, self.px(15)
            )

    def route_step_shown(self) -> bool:
        """Route endings are on the board as numbered targets (no extra number tags)."""
        d = self.decision()
        return d is not None and self.step_of(d) == "route"

    def _draw_hound_route(self, surface, hp, colour, strong: bool) -> None:
        geo, s = self.geo, self.state
        hs = geo.size
        for q, r in hp["path"]:
            self._fill_hex(surface, q, r, strong)
        points = [geo.hex_px(*hp["start"])] + [geo.hex_px(*h) for h in hp["path"]]
        self._route_line(surface, points, colour, strong)
        if not strong:
            return
        for duck in hp["knocked"]:
            if s.pos[duck] >= 0:
                cx, cy = geo.hex_px(*s.board.coords[s.pos[duck]])
                pygame.draw.circle(
                    surface, (200, 30, 30, 230), (cx, cy), hs * 0.85, max(3, round(hs * 0.14))
                )
                self._tag(surface, self.t("duck.ui.knocked"), (cx, cy + hs * 0.8), (200, 30, 30))
        last = hp["path"][-1] if hp["path"] else hp["start"]
        cx, cy = geo.hex_px(*last)
        if hp["bonk"]:
            dx, dy = direction(heading_angle(hp["heading"] + 3))
            star = art.bonk_star(max(12, round(hs * 0.95)))
            surface.blit(
                star, star.get_rect(center=(cx + dx * hs * SQ3 / 2, cy + dy * hs * SQ3 / 2))
            )
        if hp["drain"] or hp["off"]:
            self._tag(surface, self.t("duck.ui.hound_gone"), (cx, cy - hs * 0.9), (90, 60, 30))
        elif hp["end"] is not None:
            ghost = self._sprite(
                "duck_hound.svg", round(hs * HOUND_SCALE), heading_angle(hp["heading"]), 120
            )
            surface.blit(ghost, ghost.get_rect(center=geo.hex_px(*hp["end"])))

    def _dashed_circle(self, surface, center, radius, colour) -> None:
        for i in range(12):
            a0 = math.radians(i * 30)
            rect = pygame.Rect(0, 0, radius * 2, radius * 2)
            rect.center = center
            pygame.draw.arc(
                surface, colour, rect, a0, a0 + math.radians(17), max(2, round(self.geo.size * 0.1))
            )

    def _lit(self, target, focused) -> bool:
        """A target under the pointer, or under the keyboard focus while keys are used."""
        hover = self.hover
        return (
            hover is not None and hover.kind == target.kind and hover.value == target.value
        ) or (
            self.keyboard
            and focused is not None
            and focused.kind == target.kind
            and focused.value == target.value
        )

    def _draw_targets(self, surface, d, targets) -> None:
        geo = self.geo
        hs = geo.size
        focused = self.focused_target(d)

        def lit(t):
            return self._lit(t, focused)

        if self.sel_hex is not None:
            cx, cy = geo.hex_px(*self.sel_hex)
            pygame.draw.circle(surface, theme.ACCENT, (cx, cy), hs * 0.82, max(3, self.px(4)))
            ghost_face = next((t.value for t in targets if t.kind == "face" and lit(t)), None)
            if ghost_face is not None:
                if d.duck is not None and d.duck >= 0:
                    img = self._sprite(
                        self.duck_sprites[d.duck],
                        round(hs * SPRITE_SCALE),
                        heading_angle(ghost_face),
                        150,
                    )
                else:
                    img = self._sprite(
                        "duck_hound.svg", round(hs * HOUND_SCALE), heading_angle(ghost_face), 150
                    )
                surface.blit(img, img.get_rect(center=(cx, cy)))
        for t in targets:
            if t.kind == "start":
                on = lit(t)
                pygame.draw.circle(
                    surface,
                    theme.ACCENT if on else (255, 255, 255),
                    t.center,
                    t.radius,
                    max(3, round(hs * (0.16 if on else 0.1))),
                )
                if not on:
                    pygame.draw.circle(surface, theme.BUTTON_FOCUS, t.center, t.radius + 2, 2)
            elif t.kind == "duck":
                pygame.draw.circle(
                    surface,
                    theme.ACCENT if lit(t) else theme.BUTTON_FOCUS,
                    t.center,
                    t.radius,
                    max(3, self.px(4)),
                )

    def _draw_marks(self, surface) -> None:
        """The facing arrows and the route endings of a decision, over the pieces (the
        duck or hound whose facing is chosen must not hide them)."""
        d = self.decision()
        if d is None:
            return
        geo = self.geo
        hs = geo.size
        focused = self.focused_target(d)

        def lit(t):
            return self._lit(t, focused)

        here = self.facing_hex(d) if self.step_of(d) == "face" else None
        for t in self.targets():
            value = t.value
            if t.kind == "face" and here is not None and isinstance(value, int):
                a = geo.edge_point(*here, value, 0.72)
                b = geo.edge_point(*here, value, 1.75)
                on = lit(t)
                width = max(4, round(hs * (0.24 if on else 0.19)))
                art.arrow(surface, (20, 70, 30), a, b, width + 4, hs * 0.6)
                art.arrow(surface, GOLD if on else (60, 200, 100), a, b, width, hs * 0.52)
            elif t.kind == "route" and isinstance(value, tuple):
                _, index = value
                on = lit(t)
                colour = ROUTE_COLOURS[index % 3]
                pygame.draw.circle(surface, colour if on else (255, 255, 255), t.center, t.radius)
                pygame.draw.circle(surface, colour, t.center, t.radius, max(2, self.px(3)))
                label = fonts.render(
                    str(index + 1),
                    max(10, round(t.radius * 1.2)),
                    (255, 255, 255) if on else colour,
                    bold=True,
                )
                surface.blit(label, label.get_rect(center=(t.center[0], t.center[1] + 1)))

    # == pieces =======================================================================================
    def _sprite(
        self, name: str, size: int, angle: float, alpha: int = 255, ring=None
    ) -> pygame.Surface:
        """A sprite turned to ``angle`` (cached per whole ANGLE_STEP degrees), on its
        player-colour ring when ``ring`` is a colour."""
        step = round(angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (name, size, step, alpha, ring)
        image = self._rot.get(key)
        if image is None:
            if len(self._rot) > 2000:
                self._rot.clear()
            image = pygame.transform.rotozoom(sprites.svg(name, size), step * ANGLE_STEP, 1.0)
            if alpha < 255:
                image = image.copy()
                image.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            if ring is not None:
                hs = self.geo.size
                r = art.ring(ring, max(4, round(hs * 0.8)), max(2, round(hs * 0.12)))
                w = max(image.get_width(), r.get_width())
                h = max(image.get_height(), r.get_height())
                both = pygame.Surface((w, h), pygame.SRCALPHA)
                both.blit(r, r.get_rect(center=(w // 2, h // 2)))
                both.blit(image, image.get_rect(center=(w // 2, h // 2)))
                art.ring_mark(both, ring, (w // 2, h // 2), max(4, round(hs * 0.8)))
                image = both
            self._rot[key] = image
        return image

    def _draw_trail(self, surface) -> None:
        if len(self.trail) < 2:
            return
        geo = self.geo
        points = [geo.px(x, y) for x, y in self.trail]
        colour = (150, 90, 40) if self.trail_hound else (255, 255, 255)
        pygame.draw.lines(surface, colour, False, points, max(2, round(geo.size * 0.1)))
        for pt in points[:-1]:
            pygame.draw.circle(surface, colour, pt, max(2, geo.size * 0.1))

    def _draw_pieces(self, surface) -> None:
        geo = self.geo
        hs = geo.size
        sh = self.shown
        order = []
        for d, (x, y, a) in self.duck_pos.items():
            if d not in self.floating:
                order.append((y + self.duck_lift.get(d, 0.0) * 2, d))
        hound = self.hound_pos
        if hound is not None:
            order.append((hound[1] + self.hound_lift * 2, HOUND))
        order.sort()
        size = round(hs * SPRITE_SCALE)
        names, rings = self.duck_sprites, self.duck_rings
        ghost, become = sh.ghost, sh.become
        for _, piece in order:
            if piece == HOUND and hound is not None:  # (it is in the order only then)
                x, y, a = hound
                self._blit_piece(
                    surface,
                    "duck_hound.svg",
                    round(hs * HOUND_SCALE),
                    x,
                    y,
                    a,
                    self.hound_scale,
                    self.hound_lift,
                    None,
                )
                continue
            x, y, a = self.duck_pos[piece]
            if piece == sh.mover:
                pygame.draw.circle(surface, HALO, geo.px(x, y), hs * 0.95, max(2, self.px(4)))
            hound_too = piece < len(become) and become[piece]
            if hound_too:
                pygame.draw.circle(
                    surface, (150, 90, 40), geo.px(x, y), hs * 0.92, max(2, self.px(4))
                )
            self._blit_piece(
                surface,
                names[piece],
                size,
                x,
                y,
                a,
                self.duck_scale.get(piece, 1.0),
                self.duck_lift.get(piece, 0.0),
                rings[piece],
                130 if piece < len(ghost) and ghost[piece] else 255,
            )
            if hound_too:
                paw = sprites.svg("duck_token_become.svg", max(10, round(hs * 0.6)))
                cx, cy = geo.px(x, y)
                surface.blit(paw, paw.get_rect(center=(cx + hs * 0.6, cy - hs * 0.6)))
        if self.floating:
            bob = math.sin(pygame.time.get_ticks() / 260.0) * 0.08
            for d in sorted(self.floating):
                if d in self.duck_pos:
                    x, y, a = self.duck_pos[d]
                    self._blit_piece(
                        surface,
                        names[d],
                        size,
                        x,
                        y + bob,
                        a,
                        1.0,
                        self.duck_lift.get(d, 1.0),
                        rings[d],
                    )

    def _blit_piece(
        self,
        surface,
        name: str,
        size: int,
        x: float,
        y: float,
        angle: float,
        scale: float,
        lift: float,
        ring,
        alpha: int = 255,
    ) -> None:
        geo = self.geo
        cx, cy = geo.px(x, y)
        if lift > 0:
            sw = max(4, round(size * 0.7))
            shade = art.shadow(sw, max(3, sw // 2))
            surface.blit(shade, shade.get_rect(center=(cx, cy + geo.size * 0.3)))
            cy -= lift * geo.size * 0.7
            scale *= 1.0 + 0.3 * lift
        if abs(scale - 1.0) < 0.02:
            # the usual case: ring and turned sprite come as one cached picture
            image = self._sprite(name, size, angle, alpha, ring)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
            return
        ring_r = max(4, round(geo.size * 0.8 * min(scale, 1.3)))
        if ring is not None and scale > 0.3:
            r = art.ring(ring, ring_r, max(2, round(geo.size * 0.12)))
            surface.blit(r, r.get_rect(center=(cx, cy)))
        if scale > 0.02:
            image = pygame.transform.rotozoom(sprites.svg(name, size), angle, scale)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
        if ring is not None and scale > 0.3:
            art.ring_mark(surface, ring, (cx, cy), ring_r)

    # == effects and overlays ============================================================================
    def _draw_effects(self, surface) -> None:
        geo = self.geo
        hs = geo.size
        for e in self.effects:
            t = e.age / e.life
            cx, cy = geo.px(e.x, e.y)
            if e.kind == "star":
                size = max(8, round(hs * (0.6 + 0.6 * math.sin(min(1.0, t * 2) * math.pi / 2))))
                if t < 0.8:
                    star = art.bonk_star(size)
                    surface.blit(star, star.get_rect(center=(cx, cy)))
            elif e.kind in ("splash", "ripple"):
                rings = 3 if e.kind == "splash" else 1
                for k in range(rings):
                    tk = t - k * 0.15
                    if 0 < tk < 1:
                        radius = hs * (0.3 + 0.9 * tk)
                        width = max(1, round(hs * 0.12 * (1 - tk)))
                        pygame.draw.circle(surface, (255, 255, 255), (cx, cy), radius, width)
                if e.kind == "splash" and t < 0.6:
                    for k in range(8):
                        dx, dy = direction(k * 45 + 20)
                        dist = hs * (0.4 + 1.0 * t)
                        pygame.draw.circle(
                            surface,
                            (200, 235, 255),
                            (cx + dx * dist, cy + dy * dist - hs * 0.6 * math.sin(t * math.pi)),
                            max(2, hs * 0.1 * (1 - t)),
                        )
            elif e.kind == "sparkle":
                for k in range(8):
                    dx, dy = direction(k * 45 + t * 90)
                    dist = hs * (0.5 + 0.8 * t)
                    pygame.draw.polygon(
                        surface,
                        GOLD,
                        art.star_points(
                            cx + dx * dist, cy + dy * dist, hs * 0.2 * (1 - t) + 2, hs * 0.08 + 1, 4
                        ),
                    )
            elif e.kind == "swirl":
                for k in range(3):
                    a0 = t * 8 + k * 2.1
                    rect = pygame.Rect(0, 0, hs * (1.6 - t), hs * (1.6 - t))
                    rect.center = (cx, cy)
                    pygame.draw.arc(
                        surface, (255, 255, 255), rect, a0, a0 + 1.2, max(2, round(hs * 0.08))
                    )

    def _draw_flyers(self, surface) -> None:
        for f in self.flyers:
            t = min(1.0, f.age / f.life)
            k = t * t * (3 - 2 * t)
            x = f.src[0] + (f.dst[0] - f.src[0]) * k
            y = f.src[1] + (f.dst[1] - f.src[1]) * k - math.sin(t * math.pi) * self.px(60)
            if f.image.startswith("buoy_"):
                img = sprites.svg(f"duck_{f.image}.svg", self.px(26))
            elif f.image == "card":
                img = art.card_back(self.px(22), self.px(30))
            elif f.image == "control":
                img = sprites.svg("duck_control.svg", self.px(30))
            else:
                img = sprites.svg("duck_token_back.svg", self.px(24))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_reveal(self, surface) -> None:
        """The cards of a reveal over the board, turning face up one after another. The
        panel is drawn once (opaque, its corners keyed out); while the cards turn they are
        scaled onto a copy, afterwards the finished picture is kept."""
        rv = self.reveal
        if rv is None:
            return
        n = len(rv.cards)
        area = self.board_rect
        gap = self.px(14)
        w = min(self.px(104), (area.width - self.px(60) - gap * (n - 1)) // max(1, n))
        h = round(w / 0.72)
        box = pygame.Rect(0, 0, n * w + (n - 1) * gap + self.px(40), h + self.px(90))
        box.center = area.center
        if rv.base is None or rv.base.get_size() != box.size:
            rv.base = self._reveal_base(rv, box, w, h, gap)
            rv.final = None
        if rv.flip < 1.0:
            surface.blit(rv.base, box)
            for i, (card, _, _) in enumerate(rv.cards):
                local = rv.flip if n == 1 else min(1.0, max(0.0, rv.flip * 1.6 - i * 0.6 / (n - 1)))
                squash = abs(math.cos(local * math.pi))
                image = (
                    art.card_back(w, h)
                    if local < 0.5
                    else art.card_face(card, self.state.cards[card], w, h)
                )
                sw = max(1, round(w * squash))
                if sw != w:
                    image = pygame.transform.scale(image, (sw, h))
                surface.blit(
                    image,
                    (box.x + self.px(20) + i * (w + gap) + (w - sw) // 2, box.y + self.px(40)),
                )
            return
        if rv.final is None:
            rv.final = rv.base.copy()
            for i, (card, _, _) in enumerate(rv.cards):
                rv.final.blit(
                    art.card_face(card, self.state.cards[card], w, h),
                    (self.px(20) + i * (w + gap), self.px(40)),
                )
        rv.final.set_alpha(max(0, int(rv.alpha)) if rv.alpha < 255 else None)
        surface.blit(rv.final, box)

    def _reveal_base(self, rv, box: pygame.Rect, w: int, h: int, gap: int) -> pygame.Surface:
        # opaque (a colour key would make every blit several times slower): the rounded
        # corners show the table underneath
        size = box.size
        base = self._static_layer().subsurface(box).copy()
        pygame.draw.rect(base, (46, 66, 92), base.get_rect(), border_radius=self.px(16))
        title = fonts.render(rv.title, self.px(18), theme.INK_LIGHT, bold=True)
        base.blit(title, title.get_rect(midtop=(size[0] // 2, self.px(10))))
        for i, (_, player, label) in enumerate(rv.cards):
            x = self.px(20) + i * (w + gap)
            y = self.px(40) + h
            pygame.draw.circle(
                base, self.seat_colour(player), (x + self.px(7), y + self.px(16)), self.px(6)
            )
            name = fonts.render(
                self._fit(label, self.px(13), w - self.px(14)), self.px(13), theme.INK_LIGHT
            )
            base.blit(name, (x + self.px(16), y + self.px(8)))
        return base

    def _draw_banner(self, surface) -> None:
        b = self.banner
        if b is None:
            return
        if b.surface is None:
            text = fonts.render(b.text, self.px(19), theme.INK, bold=True)
            maxw = self.board_rect.width - self.px(60)
            if text.get_width() > maxw:
                text = fonts.render(
                    self._fit(b.text, self.px(19), maxw, bold=True),
                    self.px(19),
                    theme.INK,
                    bold=True,
                )
            pad = self.px(14)
            img_w = b.image.get_width() + self.px(10) if b.image is not None else 0
            h = max(text.get_height(), b.image.get_height() if b.image is not None else 0) + pad
            surf = pygame.Surface((text.get_width() + img_w + 2 * pad, h), pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, (255, 250, 236), rect, border_radius=h // 2)
            pygame.draw.rect(surf, theme.ACCENT, rect, width=2, border_radius=h // 2)
            x = pad
            if b.image is not None:
                surf.blit(b.image, b.image.get_rect(midleft=(x, h // 2)))
                x += img_w
            surf.blit(text, text.get_rect(midleft=(x, h // 2)))
            b.surface = surf
            b.rect = self._banner_place(surf.get_size())
        fade = min(1.0, b.age / 0.15, max(0.0, (b.life - b.age) / 0.4))
        b.surface.set_alpha(int(255 * fade))
        surface.blit(b.surface, b.rect)

    def _banner_place(self, size) -> pygame.Rect:
        """At the top of the tub, or at the bottom when that hides fewer pieces (the
        banner must not cover the duck it announces)."""
        area = self.board_rect
        top = pygame.Rect((0, 0), size)
        top.midtop = (area.centerx, area.y + self.px(10))
        bottom = top.copy()
        bottom.bottom = area.bottom - self.px(26)
        reach = self.geo.size
        points = [self.geo.px(x, y) for x, y, _ in self.duck_pos.values()]
        if self.hound_pos is not None:
            points.append(self.geo.px(*self.hound_pos[:2]))

        def hidden(rect):
            grown = rect.inflate(reach, reach)
            return sum(1 for pt in points if grown.collidepoint(pt))

        return bottom if hidden(bottom) < hidden(top) else top

    # == header ============================================================================================
    def _paint_header_region(self, layer) -> None:
        inputs = (
            len(self.session.actions),
            self.busy_animating(),
            self.shown.mover,
            self.shown.hound_moving,
            self.private_player,
            self._ui_ver,
            self.app.top is self,
            self.t.lang,
        )
        if inputs != self._title_inputs:
            self._title_inputs = inputs
            self._title_now = self._title()
        title, colour = self._title_now
        key = (self.shown.round, title, colour, self.header.size)
        if key != self._header_key:
            self._header_key = key
            layer.blit(self._background, self.header, self.header)
            self._paint_header(layer.subsurface(self.header), title, colour)

    def _paint_header(self, surface, title: str, colour) -> None:
        rect = surface.get_rect()
        pill_text = fonts.render(
            self.t("duck.ui.round", n=self.shown.round), self.px(20), theme.INK_LIGHT, bold=True
        )
        pill = pygame.Rect(
            rect.x,
            rect.y + self.px(4),
            pill_text.get_width() + self.px(28),
            rect.height - self.px(8),
        )
        pygame.draw.rect(surface, theme.BG_DARK, pill, border_radius=pill.height // 2)
        surface.blit(pill_text, pill_text.get_rect(center=pill.center))
        width = rect.right - pill.right - self.px(16)
        size = self.px(20)
        text = self._fit(title, size, width, bold=True)
        draw_text(
            surface,
            text,
            size,
            (pill.right + self.px(14), rect.centery),
            colour,
            bold=True,
            anchor="midleft",
        )
