"""The advanced game's events played on the table (a mixin of :class:`~.animate.Animator`):
the action tokens drawn and used, and the hound taken, placed, moved and knocked off."""

from __future__ import annotations

import math

from game.rules.duck import events as E
from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui import sprites
from game.ui.tween import ease_out_back, lerp, lerp_angle

from .geometry import heading_angle, unit
from .layout import Layout
from .model import HOUND, DuckModel, play_sound
from .motion import (
    T_HOUND_STEP,
    T_PLACE,
    Motion,
)
from .panels import Panels
from .texts import Texts


class AdvancedAnimations(Motion):
    """The handlers of the tokens' and the hound's events."""

    model: DuckModel
    host: TableHost[DuckState]
    layout: Layout
    texts: Texts
    panels: Panels

    def _card_image(self, card: int, width: int): ...

    def _play_token_draw(self, e: E.TokenDrawn) -> None:
        p = e.seat
        self.model.shown.pool = e.pool

        def arrive():
            self.model.shown.tokens[p] += 1

        self._fly(
            "token_back", self.layout.pool_anchor(), self.layout.row_anchor(p, "tokens"), arrive
        )
        self._then(0.15)

    def _play_token_drawn(self, e: E.TokenDrawnPrivate) -> None:
        if e.seat == self.host.private_player:
            self.model.shown.my_tokens = sorted(self.model.shown.my_tokens + [e.token])

    def _play_token(self, e: E.TokenUsed) -> None:
        p, kind = e.seat, e.token
        sh = self.model.shown
        if kind == "blue":
            sh.blue[p] = max(0, sh.blue[p] - 1)
        else:
            sh.tokens[p] = max(0, sh.tokens[p] - 1)
        if p == self.host.private_player and kind in sh.my_tokens:
            sh.my_tokens.remove(kind)
        text = self.host.t(f"duck.banner.token_{kind}", name=self.host.seat_name(p))
        self._show_banner(text, 2.0, sprites.svg(f"duck_token_{kind}.svg", self.host.px(40)))
        play_sound(self.host, "pop")
        d = e.duck
        if kind == "rotate":
            assert d is not None and e.heading is not None, e  # a rotate names both
            self._turn_to(d, e.heading, 0.4)
        elif kind == "swap":
            assert d is not None, e
            self._swap(d, e)
        elif kind in ("ghost", "become"):

            def start():
                getattr(sh, kind)[d] = True
                pos = self.model.duck_pos.get(d)
                if pos:
                    self._effect("sparkle", pos[0], pos[1], 0.9)

            self._then(0.5, start=start)
        else:
            self._then(0.4)

    def _swap(self, d: int, e) -> None:
        dx, dy = unit(*e.hex)
        hx, hy = unit(*e.hound_hex)
        da, ha = heading_angle(e.heading), heading_angle(e.hound_heading)
        held = {}

        def start():
            held["duck"] = self.model.duck_pos.get(d) or (hx, hy, ha)
            held["hound"] = self.model.hound_pos or (dx, dy, da)

        def update(t):
            x0, y0, a0 = held["duck"]
            x1, y1, a1 = held["hound"]
            self.model.duck_pos[d] = (lerp(x0, dx, t), lerp(y0, dy, t), lerp_angle(a0, da, t))
            self.model.duck_lift[d] = math.sin(t * math.pi) * 0.5
            self.model.hound_pos = (lerp(x1, hx, t), lerp(y1, hy, t), lerp_angle(a1, ha, t))

        self._then(0.7, update, start, lambda: self.model.duck_lift.pop(d, None))

    def _play_hound_control(self, e: E.HoundControlTaken) -> None:
        p = e.seat
        self.model.shown.hound_moving = True
        self.model.shown.mover = None
        self.model.trail = []

        def arrive():
            self.model.shown.controller = p

        self._fly(
            "control", self.model.geo.area.center, self.layout.row_anchor(p, "card"), arrive, 0.6
        )
        self._show_banner(
            self.host.t("duck.banner.hound_control", name=self.host.seat_name(p)),
            2.0,
            sprites.svg("duck_control.svg", self.host.px(40)),
        )
        play_sound(self.host, "bark")
        self._then(0.6)

    def _play_hound_place(self, e: E.HoundPlaced) -> None:
        x, y = unit(*e.hex)

        def start():
            self.model.hound_pos = (x, y, heading_angle(e.heading))
            self.model.hound_scale = 0.0
            self._effect("splash", x, y, 0.8)
            play_sound(self.host, "bark")

        def grow(t):
            self.model.hound_scale = t

        self._then(T_PLACE, grow, start, ease=ease_out_back)

    def _play_hound_card(self, e: E.HoundCardPlayed) -> None:
        p = e.seat
        self.model.shown.hands[p] -= 1
        if p == self.host.private_player and e.card in self.model.shown.hand:
            self.model.shown.hand.remove(e.card)
        self._show_banner(
            self.host.t("duck.banner.hound_card", name=self.host.seat_name(p), card=e.card),
            2.2,
            self._card_image(e.card, self.host.px(40)),
        )
        self._then(0.5)

    def _play_hound_patterns(self, e: E.HoundPatternsChosen) -> None:
        self.model.shown.patterns = e.patterns
        self._show_banner(
            self.host.t(
                "duck.banner.hound_patterns",
                name=self.host.seat_name(e.seat),
                patterns=" + ".join(e.patterns),
            ),
            2.0,
        )
        self._then(0.4)

    def _play_hound_move(self, e: E.HoundMoveBegan) -> None:
        x, y = unit(*e.hex)
        self.model.trail = [(x, y)]
        self.model.trail_hound = True
        play_sound(self.host, "bark")
        self._then(0.1)

    def _play_hound_step(self, e: E.HoundStepped) -> None:
        self._glide(HOUND, e.hex, e.heading, T_HOUND_STEP)

    def _play_hound_bonk(self, e: E.HoundBonk) -> None:
        self._bonk(HOUND, e.hex, e.blocked, e.heading)

    def _play_hound_warp(self, e: E.HoundWarped) -> None:
        self._splash_move(HOUND, e.hex, e.to, e.heading)

    def _play_hound_face(self, e: E.HoundFaced) -> None:
        self._turn_to(HOUND, e.heading)

    def _play_hound_drain(self, e: E.HoundDrained) -> None:
        x, y = unit(*e.hex)
        held = {}

        def start():
            held["a"] = (self.model.hound_pos or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.0)
            play_sound(self.host, "splash")

        def spin(t):
            self.model.hound_pos = (x, y, held["a"] + 540 * t)
            self.model.hound_scale = 1.0 - t

        def gone():
            self.model.hound_pos = None
            self.model.hound_scale = 1.0

        self._then(0.6, spin, start, gone)

    def _play_hound_knocked(self, e: E.HoundKnockedOff) -> None:
        held = {}

        def start():
            held["from"] = self.model.hound_pos
            if self.model.hound_pos:
                self._effect("star", self.model.hound_pos[0], self.model.hound_pos[1], 0.9)
            play_sound(self.host, "bark")

        def fly(t):
            if held["from"]:
                x, y, a = held["from"]
                self.model.hound_pos = (x, y - t * 2.0, a + 720 * t)
                self.model.hound_scale = 1.0 - t
                self.model.hound_lift = t

        def gone():
            self.model.hound_pos = None
            self.model.hound_scale, self.model.hound_lift = 1.0, 0.0

        self._then(0.6, fly, start, gone)

    def _play_hound_again(self, e: E.HoundMovesAgain) -> None:
        self._show_banner(self.host.t("duck.banner.hound_again"), 2.0)
        self._then(0.3)
