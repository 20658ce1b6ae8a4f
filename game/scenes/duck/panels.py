"""The Duck! Duck! Go! table's panels and action bar (painted on the
static layer by draw.py; the TableSeats of DuckTable).

The right column: the table's piles, one row per player (seat, duck, buoys, cards,
tokens, the card on the table), the hound board (advanced game) and the log. The action
bar under the board: the hint, the person's hand, the token tray, the buttons and the
tooltip of the thing under the pointer.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.duck.data import COLOURS, PATTERN_NAMES
from game.scenes.table.contract import Header, SeatFace, TableHost
from game.ui import fonts, sprites, theme
from game.ui.widgets import draw_icon, draw_panel, draw_text

from . import art
from .art import BUOY_RGB
from .decisions import TOKEN_KEY_NAMES, TOKEN_ORDER, Decisions
from .model import DuckModel
from .targets import Targets
from .texts import Texts


class Panels:
    """The seat panels' contents, the piles, the hound board, the action bar and the hand."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost,
        decisions: Decisions,
        texts: Texts,
        targets: Targets,
    ) -> None:
        self.model = model
        self.host = host
        self.decisions = decisions
        self.texts = texts
        self.targets = targets

    def draw_info(self, surface) -> None:
        """The table's piles in the tub's corner: the deck and (advanced) the token pool."""
        rect = self.model.info_rect
        draw_panel(surface, rect, radius=10)
        items = [("card", self.model.shown.deck)]
        if self.host.state.advanced:
            items.append(("token", self.model.shown.pool))
        right = rect.right - self.host.px(10)
        size = self.host.text_px(15)
        for icon, count in reversed(items):
            t = draw_text(
                surface,
                str(count),
                size,
                (right, rect.centery),
                theme.INK,
                bold=True,
                anchor="midright",
                within=rect,
            )
            if icon == "card":
                img = art.card_back(self.host.px(15), self.host.px(21))
            else:
                img = sprites.svg("duck_token_back.svg", self.host.px(19))
            surface.blit(img, img.get_rect(midright=(t.left - self.host.px(3), rect.centery)))
            right = t.left - img.get_width() - self.host.px(14)

    # -- what the frame's header, seat panels and bar say (a TableSeats) --------------------
    def header(self) -> Header:
        who, status = self.turn_status()
        round_ = self.host.t.round(self.host.session.state.round_number)
        return Header(round_, who, status, self.variant_label())

    def seat(self, player: int) -> SeatFace:
        return SeatFace(None, self.seat_highlight(player), self.seat_key(player))

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return self.seat_portrait(player, size)

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.draw_seat_extras(surface, player, rect)

    def hint(self) -> str:
        return self.model.hint_now

    def subtitle(self, player: int) -> str | None:
        return self.seat_subtitle(player)

    def score_text(self, player: int, value: Any) -> str | None:
        return self.texts.score_text(player, value)

    def side_w(self, player: int) -> int:
        return self.seat_side_w(player)

    def paint_side(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        self.draw_seat_side(surface, player, rect)

    def variant_label(self) -> str:
        board = self.host.state.board
        parts = [
            self.host.t.pick(board.name, board.name_ja),
            self.host.t(f"duck.variant.{self.host.state.variant}"),
        ]
        if self.host.state.official:
            parts.append(self.host.t("duck.variant.official"))
        return " · ".join(parts)

    def turn_status(self) -> tuple[int | None, str]:
        inputs = (
            len(self.host.session.actions),
            self.host.busy_animating(),
            self.model.shown.mover,
            self.model.shown.hound_moving,
            self.host.private_player,
            self.model.ui_ver,
            self.host.app.top is self.host,
            self.host.t.lang,
        )
        if inputs != self.model.title_inputs:
            self.model.title_inputs = inputs
            self.model.title_now = self.texts.title()
        return self.model.title_now

    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        """The seat's duck on its ring (two ducks, one behind the other, in the two-ducks
        game), with the seat's colour."""
        ducks = list(self.host.state.ducks_of(player))
        colour = self.host.seat_colour(player)
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        each = size if len(ducks) == 1 else round(size * 0.78)
        for i, d in enumerate(ducks):
            img = sprites.svg(f"duck_{self.model.duck_chars[d]}.svg", each)
            off = 0.0 if len(ducks) == 1 else (-size * 0.11 if i == 0 else size * 0.11)
            centre = (c + off, c + off)
            pygame.draw.circle(image, colour, centre, img.get_width() * 0.44, max(2, size // 16))
            image.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
        return image

    def seat_subtitle(self, player: int) -> str:
        if self.model.shown.winner == player:
            return self.host.t("duck.ui.winner")
        seat = self.host.session.seats[player]
        who = (
            self.host.t("app.human")
            if seat.human
            else self.host.t("duck.ui.computer_level", level=self.host.t(f"app.level_{seat.level}"))
        )
        ducks = list(self.host.state.ducks_of(player))
        chars = self.texts.char_name(self.model.duck_chars[ducks[0]])
        options = [who]
        if len(ducks) == 1 and chars != self.host.seat_name(player):
            options.insert(0, f"{chars} · {who}")
        if not seat.human:  # narrow panels: the level alone (the secondary words go first)
            options.append(self.host.t(f"app.level_{seat.level}"))
        room = self.host.seat_parts(player).subtitle.w
        f = fonts.font(self.host.text_px(14))
        return next((o for o in options if f.size(o)[0] <= room), options[-1])

    def seat_highlight(self, player: int) -> str | None:
        sh, s = self.model.shown, self.host.state
        if sh.mover is not None and s.owner(sh.mover) == player:
            return "moving"
        return self.host.state_seat_highlight(player)

    def seat_key(self, player: int) -> tuple:
        own = (
            tuple(sorted(self.model.shown.my_tokens)) if player == self.host.private_player else ()
        )
        return (self.model.ver, own)

    def _side_card(self) -> tuple[int, int]:
        card_h = self.host.plan.seat_h - self.host.px(16)
        return round(card_h * 0.72), card_h

    def seat_side_w(self, player: int) -> int:
        """The cards of the seat's ducks on the table, at the panel's right (two ducks:
        two narrower cards side by side — overlapped, two numbers read as one)."""
        card_w, _ = self._side_card()
        return card_w if self.model.per_player == 1 else round(card_w * 1.5)

    def draw_seat_side(self, surface, player: int, rect: pygame.Rect) -> None:
        s, sh = self.host.state, self.model.shown
        ducks = list(s.ducks_of(player))
        to_act = player in s.to_act() and not s.is_over()
        card_w, card_h = self._side_card()
        card_h = min(card_h, rect.h)
        if len(ducks) > 1:
            card_w = (rect.w - self.host.px(3)) // len(ducks)
        step = card_w + self.host.px(3)
        for i, d in enumerate(ducks):
            card = sh.cards[d] if d < len(sh.cards) else None
            box = pygame.Rect(rect.x + i * step, rect.y, card_w, card_h)
            if card == 0:
                surface.blit(art.card_back(box.w, box.h), box)
            elif card:
                art.put(surface, art.card_mini(card, box.w, box.h, dim=sh.done[d]), box.topleft)
                if sh.mover == d:
                    pygame.draw.rect(
                        surface,
                        theme.ACCENT,
                        box.inflate(4, 4),
                        width=3,
                        border_radius=self.host.px(5),
                    )
            elif to_act and s.phase in ("order", "choose"):
                pygame.draw.rect(surface, theme.PANEL, box, border_radius=self.host.px(5))
                pygame.draw.rect(
                    surface, theme.PANEL_EDGE, box, width=2, border_radius=self.host.px(5)
                )
                draw_text(
                    surface,
                    "?",
                    self.host.text_px(16),
                    box.center,
                    theme.INK_SOFT,
                    bold=True,
                    anchor="center",
                    within=box,
                )

    def draw_seat_extras(self, surface, player: int, rect: pygame.Rect) -> None:
        """Buoy pips of each duck, the hand, the tokens, the hound's control marker."""
        s, sh = self.host.state, self.model.shown
        ducks = list(s.ducks_of(player))
        clip = surface.get_clip()
        surface.set_clip(rect)
        y = rect.centery
        pip = self.host.px(6) if len(ducks) == 1 else self.host.px(5)
        x = rect.x + pip
        # two ducks: each duck's pips after its little picture, where there is room
        icons = len(ducks) > 1 and rect.w >= self.host.px(250)
        for d in ducks:
            if icons:
                icon = sprites.svg(self.model.duck_sprites[d], self.host.px(20))
                draw_icon(surface, icon, (x - pip, y), "duck", anchor="midleft")
                x += icon.get_width()
            x = self._draw_pips(surface, d, x, y, pip) + self.host.px(8)
        back = art.card_back(self.host.px(12), self.host.px(17))
        surface.blit(back, back.get_rect(midleft=(x, y)))
        size = self.host.text_px(14)
        t = draw_text(
            surface,
            f"×{sh.hands[player]}",
            size,
            (x + back.get_width() + 2, y),
            theme.INK,
            anchor="midleft",
            within=rect,
        )
        x = t.right + self.host.px(10)
        right = rect.right
        if sh.controller == player:
            badge = sprites.svg("duck_control.svg", min(rect.h, self.host.px(26)))
            draw_icon(surface, badge, (right, y), "control", anchor="midright")
            right -= badge.get_width() + self.host.px(4)
        if s.advanced:
            if sh.blue[player]:
                icon = sprites.svg("duck_token_blue.svg", self.host.px(17))
                draw_icon(surface, icon, (x, y), "token", anchor="midleft")
                x += icon.get_width() + self.host.px(3)
            if player == self.host.private_player:
                self._draw_own_tokens(surface, player, x, y, right)
            elif sh.tokens[player]:
                icon = sprites.svg("duck_token_back.svg", self.host.px(17))
                draw_icon(surface, icon, (x, y), "token", anchor="midleft")
                draw_text(
                    surface,
                    f"×{sh.tokens[player]}",
                    size,
                    (x + icon.get_width() + 2, y),
                    theme.INK,
                    anchor="midleft",
                    within=rect,
                )
        surface.set_clip(clip)

    def _draw_pips(self, surface, d: int, x: int, y: int, pip: int) -> int:
        """A duck's three buoy pips (filled once its token is taken), from ``x``; then
        its ghost / hound badge. Returns where the next thing may start."""
        sh = self.model.shown
        for c, name in enumerate(COLOURS):
            if sh.buoys[d] & (1 << c):
                pygame.draw.circle(surface, BUOY_RGB[name], (x, y), pip)
                pygame.draw.circle(surface, (60, 60, 60), (x, y), pip, 1)
            else:
                pygame.draw.circle(surface, (236, 232, 222), (x, y), pip)
                pygame.draw.circle(surface, BUOY_RGB[name], (x, y), pip, 2)
            x += pip * 2 + self.host.px(3)
        if sh.ghost[d] or sh.become[d]:
            icon = sprites.svg(
                f"duck_token_{'ghost' if sh.ghost[d] else 'become'}.svg", self.host.px(16)
            )
            draw_icon(surface, icon, (x + self.host.px(2), y), "token", anchor="center")
            x += self.host.px(16)
        return x

    def _draw_own_tokens(self, surface, viewer: int, x: int, y: int, right: int) -> None:
        """The faces of the private player's action tokens in their own row."""
        for kind in sorted(self.model.shown.my_tokens, key=TOKEN_ORDER.index):
            if x > right - self.host.px(16):
                break
            icon = sprites.svg(f"duck_token_{kind}.svg", self.host.px(17))
            draw_icon(surface, icon, (x, y), "token", anchor="midleft")
            x += icon.get_width() + self.host.px(2)

    def _centred_lines(self, surface, text: str, size: int, box: pygame.Rect) -> None:
        """``text`` wrapped to ``box``'s width, centred in it."""
        lines = fonts.wrap(text, size, box.w - self.host.px(16))
        line_h = round(size * 1.3)
        y = box.centery - line_h * len(lines) // 2
        for line in lines:
            draw_text(
                surface, line, size, (box.centerx, y), theme.INK_SOFT, anchor="midtop", within=box
            )
            y += line_h

    def card_image(self, card: int, width: int, height: int):
        """Card ``card``'s face, its routes at the hex size every card of the deck
        shares: ``(image, labels)`` for :func:`art.put` (:func:`art.flat` for an image)."""
        routes = self.host.state.cards[card]
        return art.card_face(
            card, routes, width, height, art.deck_cell(self.host.state.cards, width, height)
        )

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        return fonts.ellipsize(fonts.font(size, bold), text, width)

    def draw_hound_board(self, surface, rect: pygame.Rect, d) -> None:
        draw_panel(surface, rect, radius=10)
        title = self.host.t("duck.ui.hound_board")
        size = self.host.text_px(15)
        r = draw_text(
            surface,
            title,
            size,
            (rect.x + self.host.px(10), rect.y + self.host.px(6)),
            theme.INK,
            bold=True,
            within=rect,
        )
        controller = self.model.shown.controller
        if controller >= 0:  # said where it fits (the seat's panel shows the marker too)
            sub = self.host.t("duck.ui.controlled", name=self.host.seat_name(controller))
            room = rect.right - r.right - self.host.px(20)
            small = self.host.text_px(14)
            if fonts.font(small).size(sub)[0] <= room:
                draw_text(
                    surface,
                    sub,
                    small,
                    (r.right + self.host.px(8), r.centery),
                    theme.INK_SOFT,
                    anchor="midleft",
                    within=rect,
                )
        data = self.host.state.options["hound"]["patterns"]
        picking = d is not None and d.mode in ("houndmove", "houndpattern")
        hover = (
            self.model.hover.value
            if (self.model.hover is not None and self.model.hover.kind == "pattern")
            else None
        )
        focused = self.targets.focused_target(d) if picking else None
        for i, (letter, prect) in enumerate(zip(PATTERN_NAMES, self.model.pattern_rects)):
            name = self.host.t.pick(data[i]["name_en"], data[i]["name_ja"])
            state = ""
            if letter in self.model.shown.patterns:
                state = "used"
            if picking:
                if letter in self.model.picks:
                    state = "picked"
                elif not self.decisions.pattern_ok(d, letter):
                    state = "off"
            tile = art.pattern_tile(
                letter, name, self.host.state.patterns[i], prect.width, prect.height, state
            )
            art.put(surface, tile, prect.topleft)
            if picking and (
                hover == letter
                or (self.model.keyboard and focused is not None and focused.value == letter)
            ):
                pygame.draw.rect(
                    surface,
                    theme.BUTTON_FOCUS,
                    prect.inflate(4, 4),
                    width=3,
                    border_radius=self.host.px(8),
                )
            if picking and letter in self.model.picks:
                n = self.model.picks.index(letter) + 1
                draw_text(
                    surface,
                    str(n),
                    self.host.text_px(14),
                    (prect.right - self.host.px(6), prect.y + self.host.px(3)),
                    theme.ACCENT_DARK,
                    bold=True,
                    anchor="topright",
                )

    def draw_bar(self, surface, d) -> None:
        """The frame's tray and its hint; under the hint, in bold, what the route preview
        on the board shows (when there is room: the secondary line goes, the hint is
        never cut); then the hand, the token tray and the buttons."""
        legend = self.model.legend_text
        self.model.hint_now = self.texts.hint(d)
        self.host.draw_bar(surface)
        box = self.host.plan.hint
        size = self.host.text_px(15)
        line_h = round(size * 1.3)
        used = len(fonts.wrap(self.model.hint_now, size, box.w)) if self.model.hint_now else 0
        room = box.h // line_h - used
        if legend and room > 0:
            lines = fonts.wrap(legend, size, box.w, True)
            for i, line in enumerate(lines if len(lines) <= room else []):
                draw_text(
                    surface,
                    line,
                    size,
                    (box.x, box.y + (used + i) * line_h),
                    theme.ACCENT_DARK,
                    bold=True,
                    within=box,
                )
        p = self.host.private_player
        if p is None:
            msg = (
                self.host.t("duck.hint.hidden")
                if self.host.driver.local_seats()
                else self.host.t("duck.hint.computers")
            )
            self._centred_lines(surface, msg, self.host.text_px(17), self.model.cards_rect)
            return
        self._draw_hand(surface, p, d)
        for b in self.model.action_buttons if d is not None else []:
            b.draw(surface)

    def _draw_hand(self, surface, viewer: int, d) -> None:
        """The private things of ``viewer`` in the action bar: the hand and the token
        tray (only ever called with ``viewer == self.private_player``)."""
        playable = self.decisions.playable_cards(d) if d is not None else set()
        step = self.decisions.step_of(d) if d is not None else "none"
        hover = self.model.hover
        focused = self.targets.focused_target(d) if d is not None else None
        cards = self.targets.bar_cards(d)
        if not cards:
            self._centred_lines(
                surface,
                self.host.t("duck.ui.no_cards"),
                self.host.text_px(15),
                self.model.cards_rect,
            )
        for card, rect, role in cards:
            lifted = rect.copy()
            is_sel = card in self.model.sel and role == "hand"
            is_hover = hover is not None and hover.kind in ("card", "table") and hover.value == card
            is_focus = (
                self.model.keyboard
                and focused is not None
                and focused.kind == "card"
                and focused.value == card
            )
            usable = role == "table" or (card in playable and step in ("card", "route"))
            if is_sel:
                lifted.y -= self.host.px(8)
            elif (is_hover or is_focus) and usable:
                lifted.y -= self.host.px(4)
            art.put(surface, self.card_image(card, rect.width, rect.height), lifted.topleft)
            if d is not None and not usable:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((246, 238, 222, 120))
                surface.blit(shade, lifted)
            if role == "table":
                pygame.draw.rect(
                    surface,
                    theme.ACCENT,
                    lifted.inflate(4, 4),
                    width=3,
                    border_radius=self.host.px(9),
                )
                self.tag(
                    surface,
                    self.host.t("duck.ui.table_card"),
                    (lifted.centerx, lifted.bottom - self.host.px(2)),
                    theme.ACCENT_DARK,
                )
            if is_sel:
                pygame.draw.rect(
                    surface,
                    theme.ACCENT,
                    lifted.inflate(4, 4),
                    width=3,
                    border_radius=self.host.px(9),
                )
                if d is not None and self.decisions.cards_needed(d) > 1 and d.mode == "choose":
                    n = self.model.sel.index(card)
                    badge = self.texts.short_duck(d.player * self.model.per_player + n)
                    self.tag(
                        surface,
                        badge,
                        (lifted.centerx, lifted.bottom - self.host.px(12)),
                        theme.ACCENT_DARK,
                    )
            elif (is_hover or is_focus) and usable:
                pygame.draw.rect(
                    surface,
                    theme.BUTTON_FOCUS,
                    lifted.inflate(4, 4),
                    width=2,
                    border_radius=self.host.px(9),
                )
        if self.model.tray_rect is not None:
            self._draw_tray(surface, self.model.tray_rect, d)

    def _draw_tray(self, surface, tray: pygame.Rect, d) -> None:
        draw_text(
            surface,
            self.host.t("duck.ui.tokens"),
            self.host.text_px(14),
            (tray.x + self.host.px(6), tray.y),
            theme.INK_SOFT,
            bold=True,
        )
        usable = self.decisions.usable_tokens(d) if self.model.token_mode is None else set()
        tokens = self.targets.tray_tokens()
        if not tokens:
            size = self.host.text_px(14)
            lines = fonts.wrap(
                self.host.t("duck.ui.no_tokens"), size, tray.width - self.host.px(12)
            )
            line_h = round(size * 1.2)
            y = tray.y + round(size * 1.5)
            for line in lines[: max(1, (tray.bottom - y) // line_h)]:
                draw_text(
                    surface, line, size, (tray.x + self.host.px(6), y), theme.INK_SOFT, within=tray
                )
                y += line_h
        for kind, rect in tokens:
            img = sprites.svg(f"duck_token_{kind}.svg", rect.width)
            if d is not None and kind not in usable and self.model.token_mode != kind:
                img = img.copy()
                img.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(img, rect)
            if self.model.token_mode == kind:
                pygame.draw.circle(surface, theme.ACCENT, rect.center, rect.width * 0.56, 3)
            elif d is not None and kind in usable:
                key = TOKEN_KEY_NAMES[kind]
                draw_text(
                    surface,
                    key,
                    self.host.text_px(14),
                    (rect.right, rect.bottom),
                    theme.ACCENT_DARK,
                    bold=True,
                    anchor="bottomright",
                )

    def draw_tooltip(self, surface) -> None:
        if self.host.private_player is None or self.model.tray_rect is None:
            return
        for kind, rect in self.targets.tray_tokens():
            if rect.collidepoint(self.model.mouse):
                break
        else:
            return
        title = self.host.t(f"duck.token.{kind}") + f"  ({TOKEN_KEY_NAMES[kind]})"
        lines = fonts.wrap(self.host.t(f"duck.tip.{kind}"), self.host.px(13), self.host.px(250))
        d = self.decisions.decision()
        if d is None or kind not in self.decisions.usable_tokens(d):
            lines.append(self.host.t("duck.ui.not_now"))
        w = self.host.px(270)
        h = self.host.px(30) + len(lines) * self.host.px(18)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (rect.centerx, rect.y - self.host.px(6))
        box.right = min(box.right, self.model.bar.right)
        draw_panel(surface, box, fill=(255, 255, 246), radius=8)
        draw_text(
            surface,
            title,
            self.host.px(14),
            (box.x + self.host.px(10), box.y + self.host.px(6)),
            theme.INK,
            bold=True,
        )
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                self.host.px(13),
                (box.x + self.host.px(10), box.y + self.host.px(26) + i * self.host.px(18)),
                theme.INK_SOFT,
            )

    def tag(self, surface, text: str, center, colour, size: int | None = None) -> None:
        """A small label on a white pill."""
        size = max(theme.MIN_TEXT_PX, size or self.host.px(12))
        w, h = fonts.font(size, True).size(text)
        box = pygame.Rect(0, 0, w, h)
        box.center = (round(center[0]), round(center[1]))
        box.inflate_ip(self.host.px(10), self.host.px(4))
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, colour, box, width=1, border_radius=box.height // 2)
        draw_text(surface, text, size, box.center, colour, bold=True, anchor="center")
