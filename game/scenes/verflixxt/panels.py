"""The Verflixxt! table's panels: the players (score, pile, hats, chips, hand) with
the legend, and the action panel (die or cards, hand, prompt)."""

from __future__ import annotations

import math

import pygame

from game.rules.verflixxt.box import RISK
from game.rules.verflixxt.scoring import ScoreBreakdown, breakdown
from game.ui import fonts, identity, sprites, theme
from game.ui.widgets import draw_panel, draw_text

from .host import VerflixxtHost
from .model import BAD, GOOD, _signed


class Panels(VerflixxtHost):
    """The players panel and the action panel."""

    # -- players ----------------------------------------------------------------------
    def _scores(self, player: int) -> ScoreBreakdown:
        t = self.table
        key = (
            player,
            tuple(t.taken[player]),
            tuple(t.chips_won[player]),
            tuple(t.hats_home[player]),
        )
        value = self._score_cache.get(key)
        if value is None:
            box = self.state.box
            value = breakdown(
                t.taken[player], box.kinds, box.values, t.chips_won[player], t.hats_home[player]
            )
            if len(self._score_cache) > 256:
                self._score_cache.clear()
            self._score_cache[key] = value
        return value

    def _draw_players(self, surface) -> None:
        t = self.table
        draw_panel(surface, self.players_rect, radius=self.px(12))
        winners = set(t.winners or ())
        for p, row in enumerate(self.rows):
            colour = self.seat_colour(p)
            current = p == t.current
            fill = (255, 244, 222) if current else (255, 252, 246)
            pygame.draw.rect(surface, fill, row, border_radius=self.px(10))
            pygame.draw.rect(
                surface,
                colour if current else theme.PANEL_EDGE,
                row,
                self.px(3) if current else max(1, self.px(1)),
                border_radius=self.px(10),
            )
            stripe = pygame.Rect(row.x, row.y, self.px(6), row.h)
            pygame.draw.rect(
                surface,
                colour,
                stripe,
                border_top_left_radius=self.px(10),
                border_bottom_left_radius=self.px(10),
            )
            y0 = row.y + self._line_y(0)
            icon = self._pawn_icon(p, self.px(24))
            surface.blit(icon, icon.get_rect(topleft=(row.x + self.px(12), y0 - self.px(1))))
            mark = identity.draw_seat_mark(
                surface,
                p,
                (row.x + self.px(14) + icon.get_width() + self.px(9), y0 + self.px(11)),
                self.px(18),
            )
            name_x = mark.right + self.px(6)
            seat = self.session.seats[p]
            name = self.seat_name(p)
            end = draw_text(surface, name, self.px(17), (name_x, y0), theme.INK, bold=True).right
            role = self.t("app.human") if seat.human else self.t(f"app.level_{seat.level}")
            if p in winners:
                role = self.t("verflixxt.winner_mark")
            draw_text(
                surface,
                role,
                self.px(12),
                (end + self.px(8), y0 + self.px(4)),
                theme.ACCENT_DARK if p in winners else theme.INK_SOFT,
            )
            parts = self._scores(p)
            draw_text(
                surface,
                _signed(parts["total"]),
                self.px(26),
                (row.right - self.px(10), y0 - self.px(4)),
                GOOD if parts["total"] > 0 else BAD if parts["total"] < 0 else theme.INK,
                bold=True,
                anchor="topright",
            )
            explain = self._explain(parts)
            size = self.fs(14)
            width = fonts.font(size).size(explain)[0]
            room = row.w - self.px(24)
            if width > room:
                size = self.fs(max(8, int(size * room / width)), scaled=False)
            draw_text(
                surface,
                explain,
                size,
                (row.x + self.px(14), row.y + self._line_y(1)),
                theme.INK_SOFT,
            )
            self._draw_pile(surface, p, parts)
            self._draw_row_icons(surface, p)
        if self.legend_rect is not None:
            self._draw_legend(surface, self.legend_rect)

    def _draw_pile(self, surface, player: int, parts: ScoreBreakdown) -> None:
        t = self.table
        pile = t.taken[player]
        if not pile:
            x, _, y, _ = self.pile_layout(player, 0)
            draw_text(
                surface,
                self.t("verflixxt.no_tiles"),
                self.px(12),
                (x - self.px(6), y),
                theme.INK_SOFT,
                anchor="midleft",
            )
            return
        turned = set(parts.get("turned", ()))
        risks = sum(1 for tile in pile if self.state.box.kinds[tile] == RISK)
        sign = 1 if risks % 2 == 0 else -1
        x, step, y, size = self.pile_layout(player, len(pile))
        for i, tile in enumerate(pile):
            image = self._mini_tile(tile, size, tile in turned, sign)
            surface.blit(image, image.get_rect(center=(int(x + i * step), int(y))))

    def _draw_row_icons(self, surface, player: int) -> None:
        t = self.table
        x, y = self.hats_anchor(player)
        for hat in t.hats_home[player]:
            image = self._hat_image(hat, self.px(24))
            surface.blit(image, image.get_rect(center=(int(x), int(y))))
            x += self.px(26)
        x, y = self.chips_anchor(player)
        for value in t.chips_won[player]:
            image = self._chip_image(value, self.px(19))
            surface.blit(image, image.get_rect(center=(int(x + self.px(10)), int(y))))
            x += self.px(20)
        if self.state.hats_variant:
            hx, hy = self.hand_anchor(player)
            count = t.hand_counts[player]
            for k in range(count):
                image = self._card_image(None, self.px(16), self.px(23))
                surface.blit(
                    image, image.get_rect(center=(int(hx - self.px(6) + k * self.px(11)), int(hy)))
                )
            if not count:
                draw_text(surface, "0", self.px(12), (hx, hy), theme.INK_SOFT, anchor="center")

    def _draw_legend(self, surface, rect: pygame.Rect) -> None:
        tr = self.t
        lines = [("verflixxt_clover.svg", tr("verflixxt.legend_lucky"))]
        if self.state.hats_variant:
            lines += [
                ("verflixxt_tile_risk.svg", tr("verflixxt.legend_risk")),
                ("verflixxt_hat_lucky.svg", tr("verflixxt.legend_hats")),
                ("verflixxt_chip.svg", tr("verflixxt.legend_chips")),
            ]
        else:
            lines.insert(0, ("verflixxt_tile_plus.svg", tr("verflixxt.legend_tiles")))
        draw_text(
            surface,
            tr("verflixxt.legend_title"),
            self.px(15),
            (rect.x + self.px(8), rect.y + self.px(4)),
            theme.INK,
            bold=True,
        )
        y = rect.y + self.px(28)
        size = self.fs(13)
        icon_w = self.px(20)
        for icon, text in lines:
            wrapped = fonts.wrap(text, size, rect.w - icon_w - self.px(24))
            needed = len(wrapped) * int(size * 1.35)
            if y + needed > rect.bottom:
                break
            image = sprites.svg(icon, icon_w, icon_w if "hat" not in icon else int(icon_w * 0.8))
            surface.blit(image, (rect.x + self.px(8), y))
            for k, line in enumerate(wrapped):
                draw_text(
                    surface,
                    line,
                    size,
                    (rect.x + self.px(14) + icon_w, y + k * int(size * 1.35)),
                    theme.INK_SOFT,
                )
            y += needed + self.px(6)

    # -- the action panel: die or cards, the prompt, the buttons ------------------------
    def _draw_action_panel(self, surface, focus, shown) -> None:
        a = self.action_rect
        draw_panel(surface, a, radius=self.px(12))
        if self.state.hats_variant:
            self._draw_piles(surface)
            self._draw_hand(surface, focus)
        else:
            self._draw_die(surface)
        self._draw_prompt(surface, focus, shown)

    def _draw_die(self, surface) -> None:
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
                hop = abs(math.sin(v * math.pi * 3)) * (1 - v) * self.px(26)
            else:
                face, angle, hop = t.die, 0, 0.0
            image = self._die_image(face, rect.w, angle)
            surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - hop)))
            return
        if t.die is not None:
            surface.blit(self._die_image(t.die, rect.w), rect)
        else:
            image = self._die_image(6, rect.w).copy()
            image.set_alpha(90)
            surface.blit(image, rect)

    def _draw_piles(self, surface) -> None:
        t = self.table
        deck, discard = self.deck_rect, self.discard_rect
        if t.deck:
            for k in range(min(3, t.deck)):
                image = self._card_image(None, deck.w, deck.h)
                surface.blit(image, deck.move(-k * self.px(1), -k * self.px(2)))
        else:
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, deck, max(1, self.px(2)), border_radius=self.px(6)
            )
        count = fonts.render(str(t.deck), self.px(14), theme.INK_LIGHT, True)
        badge = count.get_rect(center=(deck.centerx, deck.bottom)).inflate(self.px(10), self.px(2))
        pygame.draw.rect(surface, theme.BG_DARK, badge, border_radius=badge.h // 2)
        surface.blit(count, count.get_rect(center=badge.center))
        draw_text(
            surface,
            self.t("verflixxt.deck_label"),
            self.px(11),
            (deck.centerx, deck.bottom + self.px(12)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        if t.discard is not None:
            surface.blit(self._card_image(t.discard, discard.w, discard.h), discard)
        else:
            pygame.draw.rect(
                surface, theme.PANEL_EDGE, discard, max(1, self.px(2)), border_radius=self.px(6)
            )
        draw_text(
            surface,
            self.t("verflixxt.discard"),
            self.px(11),
            (discard.centerx, discard.bottom + self.px(12)),
            theme.INK_SOFT,
            anchor="midtop",
        )

    def _draw_hand(self, surface, focus) -> None:
        """The viewer's two cards: only ever drawn for ``self.private_player``."""
        t = self.table
        if self.private_player is None:
            for rect in self.hand_rects:
                pygame.draw.rect(
                    surface, theme.PANEL_EDGE, rect, max(1, self.px(2)), border_radius=self.px(8)
                )
            return
        playable = {c.card for c in self.controls if c.spot == "card"}
        deciding = self.deciding() is not None
        for i, rect in enumerate(self.hand_rects):
            if i >= len(t.hand):
                pygame.draw.rect(
                    surface, theme.PANEL_EDGE, rect, max(1, self.px(2)), border_radius=self.px(8)
                )
                continue
            card = t.hand[i]
            selected = (
                self.mode in ("card", "dir")
                and self.sel_card == card
                and (i == 0 or t.hand[0] != card)
            )
            control = self._control(f"card:{i + 1}")
            hovered = control is not None and control.hovered and not self.keyboard
            lift = self.px(12) if selected else self.px(5) if hovered else 0
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
            if control is not None:
                draw_text(
                    surface,
                    str(i + 1),
                    self.px(12),
                    (r.centerx, r.bottom + self.px(2)),
                    theme.INK_SOFT,
                    anchor="midtop",
                )
        draw_text(
            surface,
            self.t("verflixxt.your_hand", name=self.seat_name(self.private_player)),
            self.px(12),
            (self.hand_rects[0].x, self.action_rect.y + self.px(4)),
            theme.INK_SOFT,
        )

    def _draw_prompt(self, surface, focus, shown) -> None:
        p = self.prompt_rect
        player = self.deciding()
        tr = self.t
        if player is None:
            t = self.table
            if self.state.is_over():
                title = tr("verflixxt.prompt_over")
            elif t.current is not None:
                title = tr("verflixxt.prompt_watch", name=self.seat_name(t.current))
            else:
                title = ""
            draw_text(surface, title, self.px(17), p.topleft, theme.INK, bold=True)
            self.draw_thinking(surface, (p.x + p.w // 2, p.bottom - self.px(4)))
            return
        title, hint = self._prompt_texts(player)
        title = title[:1].upper() + title[1:]
        lines = fonts.wrap(title, self.px(16), p.w, bold=True)
        y = p.y
        for line in lines[:2]:
            draw_text(surface, line, self.px(16), (p.x, y), theme.INK, bold=True)
            y += self.px(21)
        caption = self._preview_caption(shown) if shown else hint
        colour = theme.ACCENT_DARK if shown else theme.INK_SOFT
        top_button = min((c.rect.y for c in self.controls if not c.spot), default=p.bottom)
        size = self.fs(13)
        for line in fonts.wrap(caption, size, p.w):
            if y + self.px(17) > top_button:
                break
            draw_text(surface, line, size, (p.x, y + self.px(2)), colour)
            y += self.px(17)
