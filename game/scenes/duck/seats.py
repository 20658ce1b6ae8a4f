"""The Duck! Duck! Go! seat panels' own parts (a mixin of :class:`~.panels.Panels`):
the seat's duck portrait and subtitle, the buoy pips, hand and tokens under the name,
the hound's control marker and the cards on the table at the panel's right."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.duck.data import COLOURS
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.scenes.table.frame_plan import SeatLayout, seat_layout
from game.ui import fonts, smooth, sprites, theme
from game.ui.widgets import draw_icon, draw_text, draws_secrets

from . import art
from .art import BUOY_RGB
from .decisions import TOKEN_ORDER, Decisions
from .model import DuckModel
from .targets import Targets
from .texts import Texts

LEVELS = 5  # how far a seat's icons are squeezed before they clip (see seat_icons)


@dataclass
class SeatIcon:
    """One icon of a seat panel's row: what it is, where it goes, what it shows."""

    kind: str  # pip, duck, ghost, become, hand, count, blue, token, token_back
    rect: pygame.Rect
    value: Any = None


class SeatPanels:
    """What a seat panel shows of its player."""

    model: DuckModel
    host: TableHost[DuckState]
    decisions: Decisions
    texts: Texts
    targets: Targets

    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        """The seat's duck on its ring (two ducks, one behind the other, in the two-ducks
        game), with the seat's colour."""
        ducks = list(self.host.state.ducks_of(player))
        colour = self.host.seat_colour(player)
        # made at the portrait's size (the icon the frame records: as big as the SVG
        # comes out, which may be a pixel more), two ducks scaled down inside it
        names = [f"duck_{self.model.duck_chars[d]}.svg" for d in ducks]
        size = sprites.svg(names[0], size).get_width()
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        each = size if len(ducks) == 1 else round(size * 0.78)
        for i, name in enumerate(names):
            img = sprites.svg(name, size)
            if each != size:
                img = pygame.transform.smoothscale(img, (each, each))
            off = 0.0 if len(ducks) == 1 else (-size * 0.11 if i == 0 else size * 0.11)
            centre = (c + off, c + off)
            smooth.ring(image, colour, centre, img.get_width() * 0.44, max(2, size // 16))
            image.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))
        return image

    def icon_px(self) -> int:
        """The seat panels' icons (buoy pips, the hand's card, tokens): never under 16 px
        (issue #27)."""
        return max(16, self.host.px(18))

    def panel_row(self, player: int) -> pygame.Rect:
        """Where the seat's full panel is: beside the board, or in the seats' drawer
        (issue #38; the strip beside the board holds its tile)."""
        drawer = self.host.plan.drawer
        return self.host.plan.seats[player] if drawer is None else drawer.seats[player]

    def seat_layout(self, player: int, subtitle: bool = True) -> SeatLayout:
        return seat_layout(
            self.panel_row(player),
            self.host.px,
            self.host.text_px,
            self.seat_side_w(player),
            False,
            subtitle,
        )

    def subtitle_shown(self, player: int) -> bool:
        """The line under the name, unless the panel is too short for it and a row of
        icons under it (six players in a small window): the secondary line goes first
        (issue #27)."""
        extras = self.seat_layout(player).extras
        return extras.h >= self.icon_px() + 2 and self._icons_fit(player, extras)

    def _icons_fit(self, player: int, rect: pygame.Rect) -> bool:
        """Whether the seat's icons fit in ``rect`` at some squeeze without clipping."""
        size = self.icon_px()
        return any(
            self._flow(self._icon_groups(player, size, level), rect, size, level) is not None
            for level in range(LEVELS)
        )

    def seat_subtitle(self, player: int) -> str:
        if not self.subtitle_shown(player):
            return ""  # the frame lays the icons right under the name
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
        room = self.seat_layout(player).subtitle.w
        f = fonts.font(self.host.text_px(14))
        return next((o for o in options if f.size(o)[0] <= room), options[-1])

    def seat_highlight(self, player: int) -> str | None:
        sh, s = self.model.shown, self.host.state
        if sh.mover is not None and s.owner(sh.mover) == player:
            return "moving"
        return self.host.frame.state_seat_highlight(player)

    def seat_key(self, player: int) -> tuple:
        own = (
            tuple(sorted(self.model.shown.my_tokens)) if player == self.host.private_player else ()
        )
        return (self.model.ver, own)

    def _side_card(self) -> tuple[int, int]:
        # no taller than in a panel of one line of icons: a taller panel's room goes to
        # the icons' second line
        card_h = min(self.panel_row(0).h, self.host.px(86)) - self.host.px(16)
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
                draw_icon(surface, art.card_back(box.w, box.h), box, "card")
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

    def seat_icons(self, player: int, rect: pygame.Rect) -> list[SeatIcon]:
        """Where the seat's icons go in its row ``rect``: each duck's buoy pips (after the
        duck's picture in the two-ducks game) and ghost / hound badge, the hand, the blue
        and the action tokens; every icon ``icon_px`` (>= 16 px) big, on as many lines as
        the row holds. When they do not fit, the private player's token faces become
        one token and a count, the gaps narrow, the ducks' pictures go and the pips
        overlap, then more: nothing is clipped (issue #27)."""
        size = self.icon_px()
        placed: list[SeatIcon] | None = None
        for level in range(LEVELS):
            placed = self._flow(self._icon_groups(player, size, level), rect, size, level)
            if placed is not None:
                return placed
        last = LEVELS - 1
        return self._flow(self._icon_groups(player, size, last), rect, size, last, True) or []

    def _icon_groups(self, player: int, size: int, level: int) -> list[list[SeatIcon]]:
        """The seat's icons in groups that stay on one line (sized, not yet placed)."""
        s, sh = self.host.state, self.model.shown
        ducks = list(s.ducks_of(player))
        px = self.host.px
        count_w = fonts.font(self.host.text_px(14)).size
        groups: list[list[SeatIcon]] = []
        pip_step = (
            size + px(2),
            size + px(2),
            size + px(2),
            round(size * 0.72),
            round(size * 0.6),
        )[level]
        pad = px(2) if level < 4 else 0  # room after a badge or token
        for d in ducks:
            group: list[SeatIcon] = []
            if len(ducks) > 1 and level < 2:
                group.append(SeatIcon("duck", pygame.Rect(0, 0, size, size), d))
            for c in range(len(COLOURS)):
                w = size if c == len(COLOURS) - 1 else pip_step
                group.append(SeatIcon("pip", pygame.Rect(0, 0, w, size), (d, c)))
            if sh.ghost[d] or sh.become[d]:
                kind = "ghost" if sh.ghost[d] else "become"
                group.append(SeatIcon(kind, pygame.Rect(0, 0, size + pad, size), d))
            groups.append(group)
        hand = f"×{sh.hands[player]}"
        groups.append(
            [
                SeatIcon("hand", pygame.Rect(0, 0, size + pad, size)),
                SeatIcon("count", pygame.Rect(0, 0, count_w(hand)[0], size), hand),
            ]
        )
        if s.advanced:
            tokens: list[SeatIcon] = []
            if sh.blue[player]:
                tokens.append(SeatIcon("blue", pygame.Rect(0, 0, size + pad, size)))
            own = player == self.host.private_player
            if own and level == 0:
                for kind in sorted(sh.my_tokens, key=TOKEN_ORDER.index):
                    tokens.append(SeatIcon("token", pygame.Rect(0, 0, size + pad, size), kind))
            else:
                n = len(sh.my_tokens) if own else sh.tokens[player]
                if n:
                    text = f"×{n}"
                    tokens.append(SeatIcon("token_back", pygame.Rect(0, 0, size + pad, size)))
                    tokens.append(
                        SeatIcon("count", pygame.Rect(0, 0, count_w(text)[0], size), text)
                    )
            if tokens:
                groups.append(tokens)
        return groups

    def _flow(
        self,
        groups: list[list[SeatIcon]],
        rect: pygame.Rect,
        size: int,
        level: int,
        force: bool = False,
    ) -> list[SeatIcon] | None:
        """The groups laid out left to right on lines of ``rect`` (None: they do not fit)."""
        gap = self.host.px((8, 8, 4, 4, 2)[level])
        line_gap = self.host.px(3)
        most = max(1, (rect.h + line_gap) // (size + line_gap))
        lines: list[list[list[SeatIcon]]] = [[]]
        x = 0
        for group in groups:
            w = sum(icon.rect.w for icon in group)
            if lines[-1] and x + gap + w > rect.w:
                lines.append([])
                x = 0
            if not force and (w > rect.w or len(lines) > most):
                return None
            x += (gap if lines[-1] else 0) + w
            lines[-1].append(group)
        top = rect.centery - (len(lines) * (size + line_gap) - line_gap) // 2
        placed: list[SeatIcon] = []
        for i, line in enumerate(lines):
            x, y = rect.x, top + i * (size + line_gap)
            for group in line:
                for icon in group:
                    icon.rect.topleft = (x, y)
                    x += icon.rect.w
                    placed.append(icon)
                x += gap
        return placed

    def draw_seat_extras(self, surface, player: int, rect: pygame.Rect) -> None:
        """Buoy pips of each duck, the hand, the tokens (see :meth:`seat_icons`)."""
        sh = self.model.shown
        size = self.icon_px()
        text = self.host.text_px(14)
        icons = self.seat_icons(player, rect)
        faces = [icon for icon in icons if icon.kind == "token"]
        if faces:
            self._draw_own_tokens(surface, player, faces)
        for icon in icons:
            box = pygame.Rect(icon.rect.topleft, (size, size))
            if icon.kind == "token":
                continue
            if icon.kind == "pip":
                d, c = icon.value
                name = COLOURS[c]
                centre, r = box.center, size / 2 - 0.5
                if sh.buoys[d] & (1 << c):
                    smooth.disc(surface, BUOY_RGB[name], centre, r)
                    smooth.ring(surface, (60, 60, 60), centre, r, 1)
                else:
                    smooth.disc(surface, (236, 232, 222), centre, r)
                    smooth.ring(surface, BUOY_RGB[name], centre, r, max(2, size // 8))
            elif icon.kind == "duck":
                img = sprites.svg(self.model.duck_sprites[icon.value], size)
                draw_icon(surface, img, box.center, "duck", anchor="center")
            elif icon.kind == "hand":
                draw_icon(surface, art.hand_icon(size), box.midleft, "hand", anchor="midleft")
            elif icon.kind == "count":
                draw_text(
                    surface,
                    icon.value,
                    text,
                    icon.rect.midleft,
                    theme.INK,
                    anchor="midleft",
                    within=rect,
                )
            else:
                name = "duck_token_back" if icon.kind == "token_back" else f"duck_token_{icon.kind}"
                img = sprites.svg(f"{name}.svg", size)
                draw_icon(surface, img, box.center, "token", anchor="center")

    @draws_secrets
    def _draw_own_tokens(self, surface, viewer: int, faces: list[SeatIcon]) -> None:
        """The faces of the private player's action tokens (only ever for ``viewer ==
        private_player``)."""
        size = self.icon_px()
        for icon in faces:
            img = sprites.svg(f"duck_token_{icon.value}.svg", size)
            at = pygame.Rect(icon.rect.topleft, (size, size)).center
            draw_icon(surface, img, at, "token", anchor="center")
