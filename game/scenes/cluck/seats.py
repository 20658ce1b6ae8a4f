"""What the shared table frame says about Cluck-peep! (issue #16): the round in the
header, whose turn it is as the animation shows it (not ahead of it), the variants, each
seat's chicken, its chicks on the stand as the score and, under its name, its face-down
road tiles, the chicks on its stand and the start player's badge; the bar's prompt."""

from __future__ import annotations

import pygame

from game.rules.cluck import MAX_ROUNDS, OPTIONS
from game.scenes.table.contract import SeatDefaults, TableHost
from game.scenes.table.frame import Header, Hint, SeatFace
from game.ui import fonts, smooth, sprites, theme
from game.ui.widgets import draw_icon, draw_pill, draw_text

from .art import BACK_EDGE, BACK_FILL, Art
from .controls import Controls
from .layout import Layout
from .model import CluckModel


class Seats(SeatDefaults):
    """The frame's hooks, from the display model (``model.table``), which runs behind the
    state while events play."""

    def __init__(
        self,
        model: CluckModel,
        host: TableHost,
        parts: tuple[Layout, Art, Controls],
    ) -> None:
        self.model = model
        self.host = host
        self.layout, self.art, self.controls = parts
        self._labels: dict[tuple, str] = {}  # the header's round and variant, per language

    # -- the header -------------------------------------------------------------------------
    def header(self) -> Header:
        who, status = self._turn_status()
        return Header(self._round_label(), who, status, self._variant_label())

    def _round_label(self) -> str:
        key = ("round", self.host.t.lang, self.model.table.round)
        label = self._labels.get(key)
        if label is None:  # the frame asks for the header three times a frame: words kept
            label = self._labels[key] = self.host.t.round(self.model.table.round, MAX_ROUNDS)
        return label

    def _variant_label(self) -> str:
        key = ("variant", self.host.t.lang)
        label = self._labels.get(key)
        if label is None:  # the options never change during a game
            label = self._labels[key] = self._variant_words()
        return label

    def _variant_words(self) -> str:
        t = self.host.t
        names = [
            t.pick(spec.name_en, spec.name_ja)
            for spec in OPTIONS
            if spec.key in ("long_road", "runaway") and self.host.state.options.get(spec.key)
        ]
        # the base game is named too (issue #27: the header always says the rules)
        return t("cluck.variant_sep").join(names) or t("cluck.variant_base")

    def _turn_status(self) -> tuple[int | None, str]:
        """While the table still plays what happened, the seat it shows acting."""
        host, m = self.host, self.model.table
        if not host.player.busy():
            return host.frame.state_turn_status()
        if m.walker is not None:
            return m.walker, host.t("cluck.walks", name=host.seat_name(m.walker))
        if m.stage == "end":
            return None, host.t("cluck.turn_walk")
        if m.turn is None:
            return host.frame.state_turn_status()
        key = "app.frame_your_turn" if m.turn == host.private_player else "app.frame_turn"
        return m.turn, host.t(key, name=host.seat_name(m.turn))

    # -- the seat panels ----------------------------------------------------------------------
    def seat(self, player: int) -> SeatFace:
        m = self.model.table
        key = (m.hand_sizes[player], m.stands[player], m.start_player == player)
        return SeatFace(str(m.stands[player]), self._highlight(player), key)

    def portrait(self, player: int, size: int) -> pygame.Surface | None:
        return sprites.svg(self.art.chicken_name(player), size)

    def _highlight(self, player: int) -> str | None:
        m = self.model.table
        if not self.host.player.busy():
            return self.host.frame.state_seat_highlight(player)
        if m.walker == player:
            return "moving"
        return "to_act" if m.turn == player and m.walker is None else None

    def paint_extras(self, surface: pygame.Surface, player: int, rect: pygame.Rect) -> None:
        """First line: the face-down road tiles in hand and how many, the start player's
        badge at the right; second line: the chicks on the seat's stand (CP-10)."""
        host, layout = self.host, self.layout
        m = self.model.table
        line, second = layout.extras_lines(rect)
        size = host.text_px(14)
        back_w, back_h = layout.back_size(line)
        count = m.hand_sizes[player]
        for i in range(count):
            x, y = layout.hand_back_at(rect, i)
            back = pygame.Rect(0, 0, back_w, back_h)
            back.center = (round(x), round(y))
            smooth.panel(surface, BACK_FILL, back, 3, BACK_EDGE, 2)
        x = rect.x + max(1, count) * (back_w + host.px(3)) + host.px(4)
        text = host.t("cluck.hand_count", n=count)
        first = pygame.Rect(rect.x, rect.y, rect.w, line)
        used = draw_text(
            surface, text, size, (x, first.centery), theme.INK_SOFT, anchor="midleft", within=first
        )
        if m.start_player == player:
            self._start_badge(surface, first, used.right + host.px(8), second, rect)
        if second + line <= rect.bottom + host.px(2):
            self._draw_stand(surface, player, rect)

    def _start_badge(self, surface, first: pygame.Rect, left: int, second: int, rect) -> None:
        """ "Start player" at the right of the first line, shorter when that is full."""
        size = self.host.text_px(14)
        face = fonts.font(size, True)
        pad = self.host.px(8)
        for key in ("cluck.start_badge", "cluck.start_badge_short"):
            text = self.host.t(key)
            w = face.size(text)[0] + 2 * pad
            if first.right - left >= w:
                pill = pygame.Rect(first.right - w, first.y, w, first.h)
                break
        else:
            return
        draw_pill(surface, pill, text, size, theme.ACCENT)

    def _draw_stand(self, surface, player: int, rect: pygame.Rect) -> None:
        layout, px = self.layout, self.host.px
        count = self.model.table.stands[player]
        line, _second = layout.extras_lines(rect)
        size = layout.chick_px(line)
        x0, base = layout.stand_at(rect, player, 0)
        x1, _ = layout.stand_at(rect, player, max(4, count - 1))
        post = pygame.Rect(0, 0, round(x1 - x0 + size), max(3, px(5)))
        post.midtop = (round((x0 + x1) / 2), round(base - px(2)))
        post.clamp_ip(rect)
        smooth.rounded_rect(surface, (170, 120, 64), post, 3)
        if not count:
            return
        chick = sprites.svg("cluck_chick.svg", size)  # made only to be drawn
        for i in range(count):
            x, y = layout.stand_at(rect, player, i)
            draw_icon(surface, chick, (x, y), "cluck_chick.svg", anchor="midbottom")

    # -- the bar ---------------------------------------------------------------------------
    def hint(self) -> Hint:
        """The bar's prompt (issue #27): the instruction, and the keys or the note about
        hidden tiles as its secondary clause, which the frame leaves out before it makes
        the instruction smaller."""
        host, controls = self.host, self.controls
        t, state = host.t, host.state
        mode = controls.my_turn()
        if mode == "hole":
            name = host.seat_name(controls.me())
            return Hint(t("cluck.your_hole", name=name), t("cluck.hint_hole"))
        if mode == "place":
            name = host.seat_name(controls.me())
            return Hint(t("cluck.your_place", name=name), t("cluck.hint_place"))
        m = self.model.table
        watching = host.private_player is None and host.driver.local_seats()
        after = t("cluck.watching") if watching else ""
        if state.is_over() and not host.player.busy():
            return Hint(t("cluck.log.game_over", round=t.round(state.round)))
        if m.stage == "end":
            return Hint(t("cluck.turn_walk"), after)
        turn = m.turn if host.player.busy() else (state.to_act()[0] if state.to_act() else None)
        if turn is None:
            return Hint(after)
        key = "cluck.turn_place" if m.stage == "place" else "cluck.turn_hole"
        return Hint(t(key, name=host.seat_name(turn)), after)
