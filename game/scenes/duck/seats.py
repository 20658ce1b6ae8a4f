"""The Duck! Duck! Go! seat panels' own parts (a mixin of :class:`~.panels.Panels`):
the seat's duck portrait and subtitle, the buoy pips, hand and tokens under the name,
the hound's control marker and the cards on the table at the panel's right."""

from __future__ import annotations

import pygame

from game.rules.duck.data import COLOURS
from game.scenes.table.contract import TableHost
from game.ui import fonts, sprites, theme
from game.ui.widgets import draw_text

from . import art
from .art import BUOY_RGB
from .decisions import TOKEN_ORDER, Decisions
from .model import DuckModel
from .targets import Targets
from .texts import Texts


class SeatPanels:
    """What a seat panel shows of its player."""

    model: DuckModel
    host: TableHost
    decisions: Decisions
    texts: Texts
    targets: Targets

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
                surface.blit(icon, icon.get_rect(midleft=(x - pip, y)))
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
            surface.blit(badge, badge.get_rect(midright=(right, y)))
            right -= badge.get_width() + self.host.px(4)
        if s.advanced:
            if sh.blue[player]:
                icon = sprites.svg("duck_token_blue.svg", self.host.px(17))
                surface.blit(icon, icon.get_rect(midleft=(x, y)))
                x += icon.get_width() + self.host.px(3)
            if player == self.host.private_player:
                self._draw_own_tokens(surface, player, x, y, right)
            elif sh.tokens[player]:
                icon = sprites.svg("duck_token_back.svg", self.host.px(17))
                surface.blit(icon, icon.get_rect(midleft=(x, y)))
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
            surface.blit(icon, icon.get_rect(center=(x + self.host.px(2), y)))
            x += self.host.px(16)
        return x

    def _draw_own_tokens(self, surface, viewer: int, x: int, y: int, right: int) -> None:
        """The faces of the private player's action tokens in their own row."""
        for kind in sorted(self.model.shown.my_tokens, key=TOKEN_ORDER.index):
            if x > right - self.host.px(16):
                break
            icon = sprites.svg(f"duck_token_{kind}.svg", self.host.px(17))
            surface.blit(icon, icon.get_rect(midleft=(x, y)))
            x += icon.get_width() + self.host.px(2)
