"""The Duck! Duck! Go! action bar under the tub (a mixin of :class:`~.panels.Panels`):
the hint, the person's hand, the token tray, the buttons and the tooltip of the token
under the pointer."""

from __future__ import annotations

import re

import pygame

from game.rules.duck import decisions as D
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import has_bar
from game.ui import fonts, smooth, sprites, theme
from game.ui.widgets import draw_focus_ring, draw_icon, draw_panel, draw_text, draws_secrets

from . import art
from .decisions import TOKEN_KEY_NAMES, Decisions
from .model import DuckModel
from .targets import Targets
from .texts import Texts


class HandBar:
    """The action bar's drawing."""

    model: DuckModel
    host: TableHost[DuckState]
    decisions: Decisions
    texts: Texts
    targets: Targets

    def card_image(self, card: int, width: int, height: int): ...

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

    def draw_bar(self, surface, d) -> None:
        """The frame's tray and its hint; under the hint, in bold, what the route preview
        on the board shows (when there is room: the secondary line goes, the hint is
        never cut); then the hand, the token tray and the buttons."""
        legend = self.model.legend_text
        self.model.hint_now = self.texts.hint(d)
        if not has_bar(self.host.plan):
            return  # every person plays from a phone (issue #39): the tub alone
        if self.host.bar_across and self.host.plan.drawer is not None:
            # a replay's controls lie in the tray's room, a band of their own size (issue
            # #38): nothing of the tray under them (its words ran out of that band)
            return
        if not self.targets.tray.is_open():
            self._draw_tab(surface)
            return
        self.host.frame.draw_bar(surface)
        place = self.model.tray_place
        if place is not None and place.aside is not None:  # a split tray's other room
            draw_panel(surface, place.aside, radius=10)
        box = self.host.plan.hint
        used: list[str] = []
        size = self.host.text_px(15)
        line_h = round(size * 1.3)
        if self.model.hint_now and box.h > 0:  # none: said in the header (issue #38)
            used, size, line_h = self.host.frame.hint_layout(self.model.hint_now, box)
        # the frame centres the hint in its box: the legend goes in the room under it
        top = box.y + max(0, (box.h - line_h * len(used)) // 2) + line_h * len(used)
        if legend and box.h > 0:
            lines = fonts.wrap(legend, size, box.w, True)
            for i, line in enumerate(lines if top + len(lines) * line_h <= box.bottom else []):
                draw_text(
                    surface,
                    line,
                    size,
                    (box.x, top + i * line_h),
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

    def _draw_tab(self, surface) -> None:
        """The folded tray (issue #38): a tab saying what it holds and its key, the
        back of a card at its left; a click or the key opens it."""
        tab, px = self.model.tab_rect, self.host.px
        draw_panel(surface, tab, radius=10)
        icon_w = max(theme.MIN_ICON_PX, px(16))
        back = art.card_back(icon_w, round(icon_w / 0.72))
        draw_icon(surface, back, (tab.x + px(10), tab.centery), "card", anchor="midleft")
        box = pygame.Rect(tab.x + px(14) + icon_w, tab.y, 0, tab.h)
        box.w = tab.right - px(8) - box.x
        label = self.targets.layout.tab_label()
        text, size = fonts.fit(label, self.host.text_px(15), box.w, theme.MIN_TEXT_PX, True)
        draw_text(
            surface, text, size, box.midleft, theme.INK, bold=True, anchor="midleft", within=tab
        )

    @draws_secrets
    def _draw_hand(self, surface, viewer: int, d) -> None:
        """The private things of ``viewer`` in the action bar: the hand and the token
        tray (only ever called with ``viewer == self.private_player``)."""
        playable = self.decisions.playable_cards(d) if d is not None else set()
        step = self.decisions.step_of(d) if d is not None else "none"
        hover = self.model.hover
        focused = self.targets.focused_target(d) if d is not None else None
        cards = self.targets.bar_cards(d)
        label_at: tuple[int, int] | None = None
        if not cards:
            self._centred_lines(
                surface,
                self.host.t("duck.ui.no_cards"),
                self.host.text_px(15),
                self.model.cards_rect,
            )
        # a choice of cards for several ducks: a chosen card shows whose it is
        chooses = (
            d is not None
            and d.ask == D.ChooseCards(d.player, "move")
            and self.decisions.cards_needed(d) > 1
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
            if role == "table" or is_sel:  # a card on the table, or one chosen from the hand
                self._edge(surface, lifted, 3)
            if role == "table":
                # its label over the cards (drawn after them: wider than a narrow card,
                # it is never hidden under its neighbour's)
                label_at = (lifted.centerx, lifted.bottom - self.host.px(2))
            if is_sel and chooses:
                # which duck the card is for: its picture on a disc (a name is wider
                # than a card and would run over its neighbour's: issue #27)
                n = self.model.sel.index(card)
                duck = d.player * self.model.per_player + n
                size = max(16, min(lifted.w * 6 // 10, self.host.px(30)))
                centre = (lifted.centerx, lifted.bottom - size // 2 - self.host.px(4))
                smooth.disc(surface, (255, 255, 255), centre, size * 0.62)
                smooth.ring(surface, theme.ACCENT_DARK, centre, size * 0.62, 2)
                img = sprites.svg(self.model.duck_sprites[duck], size)
                draw_icon(surface, img, centre, "duck", anchor="center")
            if is_focus:
                draw_focus_ring(surface, lifted.inflate(6, 6), self.host.px(9))
            elif is_hover and usable and not is_sel:
                self._edge(surface, lifted, 2)
        if label_at is not None:
            self.tag(surface, self.host.t("duck.ui.table_card"), label_at, theme.ACCENT_DARK)
        if self.model.tray_rect is not None:
            self._draw_tray(surface, self.model.tray_rect, d)

    def _edge(self, surface: pygame.Surface, card: pygame.Rect, width: int) -> None:
        """A card's accent edge, ``width`` pixels (3: on the table or chosen; 2: hovered)."""
        pygame.draw.rect(
            surface, theme.ACCENT, card.inflate(4, 4), width=width, border_radius=self.host.px(9)
        )

    def magnified_card(self, d) -> tuple[int, pygame.Rect] | None:
        """The hand's card under the pointer (or the keyboard focus) and where it is."""
        if d is None or self.host.private_player is None:
            return None
        hover = self.model.hover
        card = hover.value if hover is not None and hover.kind in ("card", "table") else None
        if card is None and self.model.keyboard:
            focused = self.targets.focused_target(d)
            if focused is not None and focused.kind == "card":
                card = focused.value
        return next(((c, r) for c, r, _ in self.targets.bar_cards(d) if c == card), None)

    def draw_magnifier(self, surface, d, pieces) -> None:
        """The card under the pointer or the focus, large over the tub's bottom edge
        (issue #27: a hand card in the tray is too small for its routes to read at a
        glance): above the card, or at the tub's left or right end, wherever it covers
        the least of the route preview and the pieces."""
        found = self.magnified_card(d)
        if found is None or self.host.private_player is None:
            return
        self._magnify(surface, self.host.private_player, found, pieces)

    def magnifier_box(self, rect: pygame.Rect, pieces) -> pygame.Rect | None:
        """Where the hand's card in ``rect`` is shown large (None: it is big enough in
        the tray): above it, or at the tub's left or right end, wherever it covers the
        least of the route preview and the pieces ``pieces``; never over a split
        tray's other room (issue #38: its buttons), where another place is clear of it."""
        px, board = self.host.px, self.model.tub_rect  # over the tub, never the tray
        h = min(px(210), round(board.h * 0.5))
        if h < rect.h * 1.4:
            return None  # the card in the tray is big enough
        w = round(h * 0.72)
        bottom = board.bottom - px(8)
        preview = self.model.preview_box
        reach = self.model.geo.size
        place = self.model.tray_place
        aside = place.aside if place is not None else None

        def cost(box: pygame.Rect) -> tuple[bool, float]:
            hidden = preview.clip(box) if preview is not None else pygame.Rect(0, 0, 0, 0)
            grown = box.inflate(reach, reach)
            covers = hidden.w * hidden.h + sum(
                reach * reach for p in pieces if grown.collidepoint(p)
            )
            return aside is not None and box.colliderect(aside), covers

        places = []
        for x in (rect.centerx - w // 2, board.x + px(10), board.right - px(10) - w):
            box = pygame.Rect(0, 0, w, h)
            box.bottomleft = (x, bottom)
            box.clamp_ip(board.inflate(-px(8), -px(8)))
            places.append(box)
        return min(places, key=cost)

    @draws_secrets
    def _magnify(self, surface, viewer: int, found: tuple[int, pygame.Rect], pieces) -> None:
        """``viewer``'s hand card ``found`` large over the tub (one of their secrets,
        issue #36)."""
        card, rect = found
        box = self.magnifier_box(rect, pieces)
        if box is None:
            return
        px, w, h = self.host.px, box.w, box.h
        shade = box.move(px(3), px(4))
        smooth.rounded_rect(surface, (40, 30, 20, 90), shade, max(4, w // 10))
        # its routes as big as the card holds (in the tray every card shares one hex size,
        # so that two cards compare; here one card is read)
        routes = self.host.state.cards[card]
        art.put(surface, art.card_face(card, routes, w, h), box.topleft)
        pygame.draw.rect(
            surface, theme.ACCENT, box.inflate(4, 4), width=3, border_radius=max(4, w // 10)
        )

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
            line_h = round(size * 1.2)
            y = tray.y + round(size * 1.5)
            lines = self._fitting_lines(
                self.host.t("duck.ui.no_tokens"),
                size,
                tray.width - self.host.px(12),
                max(1, (tray.bottom - y) // line_h),
            )
            for line in lines:
                draw_text(
                    surface, line, size, (tray.x + self.host.px(6), y), theme.INK_SOFT, within=tray
                )
                y += line_h
        for kind, rect in tokens:
            img = sprites.svg(f"duck_token_{kind}.svg", rect.width)
            if d is not None and kind not in usable and self.model.token_mode != kind:
                img = img.copy()
                img.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
            draw_icon(surface, img, rect, f"token:{kind}")
            if self.model.token_mode == kind:
                smooth.ring(surface, theme.ACCENT, rect.center, rect.width * 0.56, 3)
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

    @staticmethod
    def _fitting_lines(text: str, size: int, width: int, most: int) -> list[str]:
        """``text`` wrapped to ``width`` in at most ``most`` lines: when it does not fit,
        its later sentences go (the secondary words first, issue #27), never words cut
        off a sentence; its first sentence whole even if it does not fit."""
        sentences = re.findall(r".+?(?:[.!?](?=\s)|[。！？]|$)\s*", text.strip())
        lines: list[str] = []
        for n in range(len(sentences), 0, -1):
            lines = fonts.wrap("".join(sentences[:n]).strip(), size, width)
            if len(lines) <= most:
                break
        return lines

    def draw_tooltip(self, surface) -> None:
        if self.host.private_player is None or self.model.tray_rect is None:
            return
        for kind, rect in self.targets.tray_tokens():
            if rect.collidepoint(self.model.mouse):
                break
        else:
            return
        title = self.host.t(f"duck.token.{kind}") + f"  ({TOKEN_KEY_NAMES[kind]})"
        px, size = self.host.px, self.host.text_px(14)
        w = px(270)
        lines = fonts.wrap(self.host.t(f"duck.tip.{kind}"), size, w - px(20))
        d = self.decisions.decision()
        if d is None or kind not in self.decisions.usable_tokens(d):
            lines.append(self.host.t("duck.ui.not_now"))
        title_lines = fonts.wrap(title, size, w - px(20), True)
        line_h = round(size * 1.3)
        h = px(12) + (len(title_lines) + len(lines)) * line_h
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (rect.centerx, rect.y - px(6))
        place = self.model.tray_place  # the room the tokens lie in (a split tray's aside)
        aside = place.aside if place is not None and place.tokens_aside else None
        room = aside if aside is not None else self.model.bar
        box.right = min(box.right, room.right)
        box.left = max(box.left, self.model.board_rect.left)  # the tray at the felt's left
        draw_panel(surface, box, fill=(255, 255, 246), radius=8)
        y = box.y + px(6)
        for line in title_lines:
            draw_text(surface, line, size, (box.x + px(10), y), theme.INK, bold=True, within=box)
            y += line_h
        for line in lines:
            draw_text(surface, line, size, (box.x + px(10), y), theme.INK_SOFT, within=box)
            y += line_h

    def tag(
        self,
        surface,
        text: str,
        center,
        colour,
        size: int | None = None,
        taken: list[pygame.Rect] | None = None,
    ) -> None:
        """A small label on a white pill; clear of the pills in ``taken`` (moved up or
        down past them: one never covers another, issue #27), then added to them."""
        size = max(theme.MIN_TEXT_PX, size or self.host.px(12))
        w, h = fonts.font(size, True).size(text)
        box = pygame.Rect(0, 0, w, h)
        box.center = (round(center[0]), round(center[1]))
        box.inflate_ip(self.host.px(10), self.host.px(4))
        if taken is not None:  # a label of the board's preview: in the tub, clear of others
            area = self.model.tub_rect.inflate(-self.host.px(8), -self.host.px(8))
            start = box.clamp(area)
            for k in range(2 * len(taken) + 2):
                step = (box.h + 2) * ((k + 1) // 2) * (-1 if k % 2 else 1)
                box = start.move(0, step).clamp(area)
                if box.collidelist(taken) < 0:
                    break
            taken.append(box)
        else:  # a card's label in the hand tray: inside the tray (a narrow column's too)
            box.clamp_ip(self.model.bar)
        pygame.draw.rect(surface, (255, 255, 255), box, border_radius=box.height // 2)
        pygame.draw.rect(surface, colour, box, width=1, border_radius=box.height // 2)
        draw_text(surface, text, size, box.center, colour, bold=True, anchor="center")
