"""The panels around the Cluck-peep! ladder: the round header, one card per player
(hand count, start badge, the chicks on their stand), the stock (supply, pile, nest
stack) and the hand panel with the prompt and the person's tiles (drawn only for
``private_player``)."""

from __future__ import annotations

import pygame

from game.rules.cluck import MAX_ROUNDS, OPTIONS
from game.ui import fonts, sprites, theme
from game.ui.tween import ease_in_out
from game.ui.widgets import draw_panel, draw_text

from .art import BACK_EDGE, STRAW_EDGE
from .host import CluckHost


class Panels(CluckHost):
    """The panels of :class:`~.scene.CluckScene`."""

    def _draw_header(self, surface) -> None:
        m = self.table
        cx = self.area.centerx
        text = self.t("cluck.round_of", n=m.round, total=MAX_ROUNDS)
        draw_text(
            surface, text, self.px(24), (cx, self.px(10)), theme.INK, bold=True, anchor="midtop"
        )
        variants = [
            self.t.pick(spec.name_en, spec.name_ja)
            for spec in OPTIONS
            if spec.key in ("long_road", "runaway") and self.state.options.get(spec.key)
        ]
        under = " · ".join(variants)
        if under:
            draw_text(
                surface, under, self.px(14), (cx, self.px(40)), theme.INK_SOFT, anchor="midtop"
            )

    def _draw_cards(self, surface) -> None:
        m = self.table
        over = self.state.is_over()
        winners = set(self.state.winners()) if over else set()
        for p, card in enumerate(self.cards):
            colour = self.seat_colour(p)
            active = (
                (m.turn == p and not over) if self.busy_animating() else (p in self.state.to_act())
            )
            draw_panel(surface, card, radius=12)
            stripe = pygame.Rect(card.x, card.y, self.px(8), card.height)
            pygame.draw.rect(
                surface, colour, stripe, border_top_left_radius=12, border_bottom_left_radius=12
            )
            if active:
                pygame.draw.rect(surface, colour, card, width=self.px(4), border_radius=12)
            icon = self._chicken_image(p, self.px(64))
            surface.blit(icon, icon.get_rect(center=self._anchor(("card", p))))
            seat = self.session.seats[p]
            name_x = card.x + self.px(84)
            draw_text(
                surface,
                seat.name,
                self.px(20),
                (name_x, card.y + self.px(12)),
                theme.INK,
                bold=True,
            )
            who = (
                self.t("app.human")
                if seat.human
                else (f"{self.t('app.computer')} · {self.t('app.level_' + seat.level)}")
            )
            draw_text(surface, who, self.px(13), (name_x, card.y + self.px(38)), theme.INK_SOFT)
            for i in range(m.hand_sizes[p]):
                x, y = self._anchor(("hand", p, i))
                back = pygame.Rect(0, 0, self.px(16), self.px(24))
                back.center = (int(x), int(y))
                pygame.draw.rect(surface, (185, 130, 74), back, border_radius=3)
                pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=3)
            hand_x = self._anchor(("hand", p, max(1, m.hand_sizes[p])))[0] - self.px(2)
            draw_text(
                surface,
                self.t("cluck.hand_count", n=m.hand_sizes[p]),
                self.px(13),
                (hand_x, card.y + self.px(76)),
                theme.INK_SOFT,
                anchor="midleft",
            )
            if m.start_player == p:
                badge = fonts.render(
                    self.t("cluck.start_badge"), self.px(12), theme.INK_LIGHT, bold=True
                )
                pill = badge.get_rect().inflate(self.px(12), self.px(6))
                pill.topleft = (name_x, card.y + self.px(96))
                pygame.draw.rect(surface, theme.ACCENT, pill, border_radius=pill.height // 2)
                surface.blit(badge, badge.get_rect(center=pill.center))
            self._draw_stand(surface, p, card, colour, p in winners)

    def _draw_stand(self, surface, p: int, card: pygame.Rect, colour, winner: bool) -> None:
        count = self.table.stands[p]
        base_x, base_y = self._stand_pos(p, 0)
        post = pygame.Rect(0, 0, self.px(26), self.px(6))
        post.midtop = (int(base_x), int(base_y + self.px(2)))
        pygame.draw.rect(surface, (170, 120, 64), post, border_radius=3)
        size = self.px(24)
        chick = sprites.svg("cluck_chick.svg", size)
        for i in range(count):
            x, y = self._stand_pos(p, i)
            surface.blit(chick, chick.get_rect(midbottom=(x, y + self.px(3))))
        label = self.t("cluck.stand", n=count)
        draw_text(
            surface,
            label,
            self.px(18) if winner else self.px(16),
            (card.x + self.px(16), card.bottom - self.px(10)),
            theme.ACCENT_DARK if winner else theme.INK,
            bold=True,
            anchor="bottomleft",
        )
        if winner:
            draw_text(
                surface,
                "★",
                self.px(22),
                (card.right - self.px(12), card.y + self.px(8)),
                theme.ACCENT,
                bold=True,
                anchor="topright",
            )

    def _draw_stock(self, surface) -> None:
        m = self.table
        p = self.stock_panel
        draw_panel(surface, p, radius=12)
        basket = sprites.svg("cluck_basket.svg", self.px(66), self.px(52))
        surface.blit(basket, basket.get_rect(center=self.supply_pos))
        draw_text(
            surface,
            str(m.supply),
            self.px(22),
            (self.supply_pos[0], self.supply_pos[1] + self.px(28)),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        draw_text(
            surface,
            self.t("cluck.supply"),
            self.px(13),
            (self.supply_pos[0], p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        px, py = self.pile_pos
        for i in range(min(3, m.pile)):
            back = pygame.Rect(0, 0, self.px(54), self.px(30))
            back.center = (int(px - i * 2), int(py - i * 3))
            pygame.draw.rect(surface, (185, 130, 74), back, border_radius=4)
            pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=4)
        draw_text(
            surface,
            str(m.pile),
            self.px(22),
            (px, py + self.px(28)),
            theme.INK,
            bold=True,
            anchor="midtop",
        )
        draw_text(
            surface,
            self.t("cluck.pile"),
            self.px(13),
            (px, p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        nest = self.nest_rect
        draw_text(
            surface,
            self.t("cluck.nest_stack"),
            self.px(13),
            (nest.centerx, p.y + self.px(6)),
            theme.INK_SOFT,
            anchor="midtop",
        )
        if m.nest_stack:
            for i in range(min(len(m.nest_stack) - 1, 3), 0, -1):
                under = nest.move(i * self.px(3), i * self.px(3))
                pygame.draw.rect(surface, STRAW_EDGE, under, border_radius=self.px(5))
            image = self._tile_surface("goal", m.nest_stack[0], False, nest.width, nest.height)
            surface.blit(image, nest)
            # K-3: the whole stack is public, top first.
            order = " → ".join(m.nest_stack)
            room = p.right - self.px(8) - (self.pile_pos[0] + self.px(36))
            size = self.px(13)
            while size > self.px(9) and fonts.font(size, True).size(order)[0] > room:
                size -= 1
            draw_text(
                surface,
                order,
                size,
                (p.right - self.px(8), nest.bottom + self.px(12)),
                theme.INK_SOFT,
                bold=True,
                anchor="topright",
            )

    def _draw_hand_panel(self, surface, mode) -> None:
        panel = self.hand_panel
        draw_panel(surface, panel, radius=12)
        x, y, width = panel.x + self.px(14), panel.y + self.px(10), panel.width - self.px(28)
        viewer = self.private_player
        prompt, hint = self._prompt(mode)
        for line in fonts.wrap(prompt, self.px(17), width, bold=True)[:2]:
            draw_text(surface, line, self.px(17), (x, y), theme.INK, bold=True)
            y += self.px(23)
        for line in fonts.wrap(hint, self.px(14), width)[:3]:
            draw_text(surface, line, self.px(14), (x, y), theme.INK_SOFT)
            y += self.px(19)
        if viewer is None:
            return
        title = self.t("cluck.your_tiles")
        if self.session.seats[viewer].human and len(self.session.humans()) > 1:
            title = self.t("cluck.tiles_of", name=self.seat_name(viewer))
        draw_text(
            surface,
            title,
            self.px(13),
            (panel.x + self.px(14), self.hand_rects[0].y - self.px(18)),
            theme.INK_SOFT,
            bold=True,
        )
        self._draw_hand(surface, viewer, mode)

    def _draw_hand(self, surface, viewer: int, mode) -> None:
        """The private part of the table: only ever drawn for ``self.private_player``."""
        hand = self.table.hand
        for i, tile in enumerate(hand[: len(self.hand_rects)]):
            rect = self.hand_rect(i)
            selected = mode == "place" and tile == self.sel_tile
            turned = self._is_turned(tile) if mode == "place" else False
            image = self._tile_surface("road", tile, turned, rect.width, rect.height)
            if selected and self.spin < 1.0:
                angle = 180 * (1 - ease_in_out(self.spin))
                image = pygame.transform.rotate(image, angle)
            if mode not in (None, "place"):
                image = image.copy()
                image.set_alpha(200)
            surface.blit(image, image.get_rect(center=rect.center))
            draw_text(
                surface,
                str(i + 1),
                self.px(15),
                (rect.x - self.px(18), rect.centery),
                theme.INK_SOFT,
                bold=True,
                anchor="center",
            )
            draw_text(
                surface,
                str(tile),
                self.px(11),
                (rect.right - self.px(4), rect.bottom - self.px(2)),
                theme.INK_LIGHT,
                bold=True,
                anchor="bottomright",
            )
            if selected:
                pygame.draw.rect(
                    surface,
                    self.seat_colour(viewer),
                    rect.inflate(8, 8),
                    width=self.px(3),
                    border_radius=self.px(8),
                )
            elif mode == "place" and self.hover == i:
                pygame.draw.rect(
                    surface, theme.INK_SOFT, rect.inflate(8, 8), width=2, border_radius=self.px(8)
                )
                way = self.t("cluck.turned" if turned else "cluck.upright")
                draw_text(
                    surface,
                    way,
                    self.px(12),
                    (rect.right, rect.y - self.px(2)),
                    theme.INK_SOFT,
                    anchor="bottomright",
                )
        if mode == "place":
            for button in self.play_buttons:
                button.draw(surface)

    def _prompt(self, mode) -> tuple[str, str]:
        if mode == "hole":
            return (
                self.t("cluck.your_hole", name=self.seat_name(self._me())),
                self.t("cluck.hint_hole"),
            )
        if mode == "place":
            return (
                self.t("cluck.your_place", name=self.seat_name(self._me())),
                self.t("cluck.hint_place"),
            )
        m = self.table
        watching = self.private_player is None and self.session.humans()
        hint = self.t("cluck.watching") if watching else ""
        if self.state.is_over():
            return self.t("cluck.log.game_over", n=self.state.round), hint
        if m.stage == "end":
            return self.t("cluck.turn_walk"), hint
        turn = (
            m.turn
            if self.busy_animating()
            else (self.state.to_act()[0] if self.state.to_act() else None)
        )
        if turn is None:
            return "", hint
        key = "cluck.turn_place" if m.stage == "place" else "cluck.turn_hole"
        return self.t(key, name=self.seat_name(turn)), hint
