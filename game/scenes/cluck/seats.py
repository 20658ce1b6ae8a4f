"""What the shared table frame says about Cluck-peep! (issue #16): the round in the
header, whose turn it is as the animation shows it (not ahead of it), the variants, each
seat's chicken, its chicks on the stand as the score and, under its name, its face-down
road tiles, the chicks on its stand and the start player's badge; the bar's prompt."""

from __future__ import annotations

import pygame

from game.rules.cluck import MAX_ROUNDS, OPTIONS
from game.ui import fonts, sprites, theme
from game.ui.widgets import draw_pill, draw_text

from .art import BACK_EDGE, BACK_FILL
from .host import CluckHost


class Seats(CluckHost):
    """The frame's hooks of :class:`~.scene.CluckScene`."""

    # -- the header -------------------------------------------------------------------------
    def round_label(self) -> str:
        return self.t("app.frame_round_of", n=self.table.round, total=MAX_ROUNDS)

    def variant_label(self) -> str:
        names = [
            self.t.pick(spec.name_en, spec.name_ja)
            for spec in OPTIONS
            if spec.key in ("long_road", "runaway") and self.state.options.get(spec.key)
        ]
        return self.t("cluck.variant_sep").join(names)

    def turn_status(self) -> tuple[int | None, str]:
        """While the table still plays what happened, the seat it shows acting."""
        m = self.table
        if not self.busy_animating():
            return super().turn_status()
        if m.walker is not None:
            return m.walker, self.t("cluck.walks", name=self.seat_name(m.walker))
        if m.stage == "end":
            return None, self.t("cluck.turn_walk")
        if m.turn is None:
            return super().turn_status()
        key = "app.frame_your_turn" if m.turn == self.private_player else "app.frame_turn"
        return m.turn, self.t(key, name=self.seat_name(m.turn))

    # -- the seat panels ----------------------------------------------------------------------
    def seat_portrait(self, player: int, size: int) -> pygame.Surface | None:
        return sprites.svg(self._chicken_name(player), size)

    def seat_score(self, player: int) -> str | None:
        return str(self.table.stands[player])

    def seat_highlight(self, player: int) -> str | None:
        m = self.table
        if not self.busy_animating():
            return super().seat_highlight(player)
        if m.walker == player:
            return "moving"
        return "to_act" if m.turn == player and m.walker is None else None

    def seat_key(self, player: int) -> tuple:
        m = self.table
        return (m.hand_sizes[player], m.stands[player], m.start_player == player)

    def draw_seat_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """First line: the face-down road tiles in hand and how many, the start player's
        badge at the right; second line: the chicks on the seat's stand (CP-10)."""
        m = self.table
        line, second = self._extras_lines(rect)
        size = self.text_px(14)
        back_w, back_h = self._back_size(line)
        count = m.hand_sizes[player]
        for i in range(count):
            x, y = self._hand_back_at(rect, i)
            back = pygame.Rect(0, 0, back_w, back_h)
            back.center = (round(x), round(y))
            pygame.draw.rect(surface, BACK_FILL, back, border_radius=3)
            pygame.draw.rect(surface, BACK_EDGE, back, width=2, border_radius=3)
        x = rect.x + max(1, count) * (back_w + self.px(3)) + self.px(4)
        text = self.t("cluck.hand_count", n=count)
        first = pygame.Rect(rect.x, rect.y, rect.w, line)
        used = draw_text(
            surface, text, size, (x, first.centery), theme.INK_SOFT, anchor="midleft", within=first
        )
        if m.start_player == player:
            self._start_badge(surface, first, used.right + self.px(8), second, rect)
        if second + line <= rect.bottom + self.px(2):
            self._draw_stand(surface, player, rect)

    def _start_badge(self, surface, first: pygame.Rect, left: int, second: int, rect) -> None:
        """ "Start player" at the right of the first line, shorter when that is full."""
        size = self.text_px(14)
        face = fonts.font(size, True)
        pad = self.px(8)
        for key in ("cluck.start_badge", "cluck.start_badge_short"):
            text = self.t(key)
            w = face.size(text)[0] + 2 * pad
            if first.right - left >= w:
                pill = pygame.Rect(first.right - w, first.y, w, first.h)
                break
        else:
            return
        draw_pill(surface, pill, text, size, theme.ACCENT)

    def _draw_stand(self, surface, player: int, rect: pygame.Rect) -> None:
        count = self.table.stands[player]
        line, _second = self._extras_lines(rect)
        size = self._chick_px(line)
        x0, base = self._stand_at(rect, player, 0)
        x1, _ = self._stand_at(rect, player, max(4, count - 1))
        post = pygame.Rect(0, 0, round(x1 - x0 + size), max(3, self.px(5)))
        post.midtop = (round((x0 + x1) / 2), round(base - self.px(2)))
        post.clamp_ip(rect)
        pygame.draw.rect(surface, (170, 120, 64), post, border_radius=3)
        chick = sprites.svg("cluck_chick.svg", size)
        for i in range(count):
            x, y = self._stand_at(rect, player, i)
            surface.blit(chick, chick.get_rect(midbottom=(round(x), round(y))))

    # -- the bar ---------------------------------------------------------------------------
    def hint_text(self) -> str:
        """The bar's prompt, broken into lines that stay inside the bar."""
        text = self._hint()
        key = (text, self.plan.hint.w, self.text_px(15))
        cached = getattr(self, "_hint_lines", None)
        if cached is None or cached[0] != key:
            lines = fonts.wrap(text, key[2], key[1]) if text else []
            cached = self._hint_lines = (key, "\n".join(lines))
        return cached[1]

    def _hint(self) -> str:
        mode = self._my_turn()
        if mode == "hole":
            name = self.seat_name(self._me())
            return self._sentences("cluck.your_hole", "cluck.hint_hole", name=name)
        if mode == "place":
            name = self.seat_name(self._me())
            return self._sentences("cluck.your_place", "cluck.hint_place", name=name)
        m = self.table
        watching = self.private_player is None and self.driver.local_seats()
        after = self.t("cluck.sentence_sep") + self.t("cluck.watching") if watching else ""
        if self.state.is_over() and not self.busy_animating():
            return self.t("cluck.log.game_over", n=self.state.round)
        if m.stage == "end":
            return self.t("cluck.turn_walk") + after
        turn = (
            m.turn
            if self.busy_animating()
            else (self.state.to_act()[0] if self.state.to_act() else None)
        )
        if turn is None:
            return self.t("cluck.watching") if watching else ""
        key = "cluck.turn_place" if m.stage == "place" else "cluck.turn_hole"
        return self.t(key, name=self.seat_name(turn)) + after

    def _sentences(self, *keys: str, **values) -> str:
        return self.t("cluck.sentence_sep").join(self.t(k, **values) for k in keys)

    def log_empty_text(self) -> str:
        return self.t("cluck.log_empty")
