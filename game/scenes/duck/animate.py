"""The rules' events played on the table, one handler per event kind (``_play_<kind>``).

Each handler updates the display model (:class:`~.model.Shown`) when its animation gets
there and queues the motions of :class:`~.motion.Motion`; ``play_event`` picks the
handler and marks the static layer for drawing again unless the event only moves pieces.
"""

from __future__ import annotations

import math

import pygame

from game.rules.duck.data import COLOURS
from game.ui import sprites
from game.ui.tween import ease_out_back, lerp, lerp_angle

from . import art
from .geometry import heading_angle, unit
from .model import HOUND, Reveal
from .motion import (
    T_BANNER,
    T_FLY,
    T_HOLD,
    T_HOUND_STEP,
    T_KNOCK,
    T_PLACE,
    T_REVEAL,
    T_STEP,
    Motion,
)

# Events that only move pieces: the panels stay as they are (no need to draw them again).
MOTION_ONLY = frozenset(
    {
        "step",
        "hound_step",
        "bonk",
        "hound_bonk",
        "face",
        "hound_face",
        "warp",
        "hound_warp",
        "knock",
        "knock_place",
        "place",
        "hound_move",
    }
)


class Animation(Motion):
    """The event animations (mixed into DuckScene)."""

    # == playing events ==========================================================================
    def play_event(self, event) -> None:
        handler = getattr(self, f"_play_{event.kind}", None)
        if handler is not None:
            handler(event.data)
        self._needs_sync = True
        if event.kind not in MOTION_ONLY:
            self._touch()

    def _play_setup(self, e) -> None:
        self._show_banner(self._setup_text(e), 2.6)
        self._then(0.5)

    def _play_draw(self, e) -> None:
        p = e["player"]
        self.shown.deck = e["deck"]

        def arrive():
            self.shown.hands[p] += e["count"]

        self._fly("card", self._deck_anchor(), self._row_anchor(p, "hand"), arrive, 0.45)
        self._then(0.12)

    def _play_drawn(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.hand = sorted(self.shown.hand + list(e["cards"]))

    def _play_reshuffle(self, e) -> None:
        self.shown.deck = e["cards"]
        self._show_banner(self.t("duck.banner.reshuffle"), 1.6)
        self._then(0.4)

    def _play_order_cards(self, e) -> None:
        order = e["order"]
        for p, card in enumerate(e["cards"]):
            self.shown.cards[p * self.per_player] = card
        cards = [(e["cards"][p], p, self.seat_name(p)) for p in order]
        self._start_reveal(cards, self.t("duck.banner.order", name=self.seat_name(order[0])))

    def _start_reveal(self, cards, title: str) -> None:
        def start():
            self.reveal = Reveal(cards, title)
            self._sound("slide")

        def flip(t):
            self.reveal.flip = t

        def away():
            if self.reveal is not None:
                self.reveal.fading = True

        self._then(T_REVEAL, flip, start, ease=lambda t: t)
        self._then(T_HOLD, done=away)

    def _play_place(self, e) -> None:
        d = e["duck"]
        x, y = unit(*e["hex"])

        def start():
            self.duck_pos[d] = (x, y, heading_angle(e["heading"]))
            self.duck_scale[d] = 0.0
            self._effect("ripple", x, y, 0.7)
            self._sound("quack")

        def grow(t):
            self.duck_scale[d] = t

        self._then(T_PLACE, grow, start, lambda: self.duck_scale.pop(d, None), ease_out_back)

    def _play_discard(self, e) -> None:
        p = e["player"]
        if e["reason"] == "blue":
            self.shown.hands[p] -= len(e["cards"])
            if p == self.private_player:
                self.shown.hand = [c for c in self.shown.hand if c not in e["cards"]]
        elif e["reason"] == "order":
            self.shown.cards = [None] * self.state.ducks

    def _play_round(self, e) -> None:
        sh = self.shown
        sh.round = e["round"]
        sh.cards = [None] * self.state.ducks
        sh.done = [False] * self.state.ducks
        sh.mover = None
        sh.hound_moving = False
        sh.patterns = ""
        sh.ghost = [False] * self.state.ducks
        sh.become = [False] * self.state.ducks
        self.trail = []
        self._show_banner(self.t("duck.banner.round", n=e["round"]), 1.6)
        self._then(T_BANNER)

    def _play_choose(self, e) -> None:
        p = e["player"]
        count = e["count"]
        first = p * self.per_player
        for i in range(count if e["why"] == "move" else 1):
            self.shown.cards[first + i] = 0
        self.shown.hands[p] -= count
        self._sound("pop")
        self._then(0.15)

    def _play_chosen(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.hand = [c for c in self.shown.hand if c not in e["cards"]]

    def _play_reveal(self, e) -> None:
        cards = {c["duck"]: c for c in e["cards"]}
        for d, c in cards.items():
            self.shown.cards[d] = c["card"]
        shown = [(cards[d]["card"], cards[d]["player"], self._short_duck(d)) for d in e["order"]]
        self._start_reveal(shown, self.t("duck.banner.reveal"))

    def _play_turn(self, e) -> None:
        d = e["duck"]
        sh = self.shown
        if sh.mover is not None:
            sh.done[sh.mover] = True
        sh.mover = d
        self.trail = []
        self._show_banner(
            self.t("duck.banner.turn", name=self.duck_name(d), card=e["card"]),
            1.8,
            art.card_mini(e["card"], self.px(26), self.px(34)),
        )
        self._then(T_BANNER)

    def _play_turn_instead(self, e) -> None:
        self._show_banner(self.t("duck.banner.turn_instead", name=self.duck_name(e["duck"])))
        self._then(0.2)

    def _play_move(self, e) -> None:
        d = e["duck"]
        p = self.state.owner(d)
        x, y = unit(*e["hex"])
        self.trail = [(x, y)]
        self.trail_hound = False
        if e["source"] in ("extra", "keep"):
            self.shown.hands[p] -= 1
            if p == self.private_player and e["card"] in self.shown.hand:
                self.shown.hand.remove(e["card"])
            self._touch()
        self._sound("quack")
        self._then(0.08)

    def _play_step(self, e) -> None:
        self._glide(e["duck"], e["hex"], e["heading"], T_STEP)

    def _play_bonk(self, e) -> None:
        self._bonk(e["duck"], e["hex"], e["blocked"], e["heading"])

    def _play_buoy(self, e) -> None:
        d, p = e["duck"], e["player"]
        x, y = unit(*e["hex"])
        bit = 1 << COLOURS.index(e["colour"])

        def start():
            self._effect("ripple", x, y, 0.8)
            if e["new"]:
                self._sound("chirp")

                def arrive():
                    self.shown.buoys[d] |= bit

                self._fly(
                    "buoy_" + e["colour"],
                    self._board_px(e["hex"]),
                    self._row_anchor(p, "buoys"),
                    arrive,
                    0.8,
                )

        self._then(0.18 if e["new"] else 0.05, start=start)

    def _play_token_draw(self, e) -> None:
        p = e["player"]
        self.shown.pool = e["pool"]

        def arrive():
            self.shown.tokens[p] += 1

        self._fly("token_back", self._pool_anchor(), self._row_anchor(p, "tokens"), arrive)
        self._then(0.15)

    def _play_token_drawn(self, e) -> None:
        if e["player"] == self.private_player:
            self.shown.my_tokens = sorted(self.shown.my_tokens + [e["token"]])

    def _play_warp(self, e) -> None:
        self._splash_move(e["duck"], e["hex"], e["to"], e["heading"])

    def _play_face(self, e) -> None:
        self._turn_to(e["duck"], e["heading"])

    def _play_deck_top(self, e) -> None:
        self.shown.deck = max(0, self.shown.deck - 1)
        self._show_banner(
            self.t("duck.banner.deck_top", card=e["card"]),
            2.4,
            self._card_image(e["card"], self.px(40)),
        )
        self._then(0.7)

    def _play_extra_move(self, e) -> None:
        key = "duck.banner.extra_buoy" if e["reason"] == "buoy" else "duck.banner.extra_ghost"
        self._show_banner(self.t(key, name=self.duck_name(e["duck"])), 2.0)
        self._then(0.35)

    def _play_knock(self, e) -> None:
        d = e["duck"]
        x0, y0 = unit(*e["hex"])
        if e.get("into"):
            ix, iy = unit(*e["into"])

            def push(t):
                k = math.sin(t * math.pi) * 0.35
                a = (self.duck_pos.get(d) or (x0, y0, 0.0))[2]
                self.duck_pos[d] = (x0 + (ix - x0) * k, y0 + (iy - y0) * k, a)

            self._then(0.25, push, ease=lambda t: t)
        held = {}

        def start():
            held["from"] = self.duck_pos.get(d) or (x0, y0, 0.0)
            self._effect("star", x0, y0, 0.8)
            self._sound("bonk")

        def lift(t):
            x, y, a = held["from"]
            self.duck_pos[d] = (x, y, a + 360 * t)
            self.duck_lift[d] = t

        def floated():
            self.floating.add(d)

        self._then(T_KNOCK, lift, start, floated)

    def _play_knock_place(self, e) -> None:
        d = e["duck"]
        x1, y1 = unit(*e["hex"])
        held = {}

        def start():
            held["from"] = self.duck_pos.get(d) or (x1, y1, 0.0)
            self.floating.discard(d)

        def fly(t):
            x0, y0, a = held["from"]
            self.duck_pos[d] = (lerp(x0, x1, t), lerp(y0, y1, t), a)
            self.duck_lift[d] = 1.0 - t + math.sin(t * math.pi) * 0.6

        def landed():
            self.duck_lift.pop(d, None)
            self._effect("ripple", x1, y1, 0.7)

        self._then(T_FLY, fly, start, landed)

    def _play_token(self, e) -> None:
        p, kind = e["player"], e["token"]
        sh = self.shown
        if kind == "blue":
            sh.blue[p] = max(0, sh.blue[p] - 1)
        else:
            sh.tokens[p] = max(0, sh.tokens[p] - 1)
        if p == self.private_player and kind in sh.my_tokens:
            sh.my_tokens.remove(kind)
        text = self.t(f"duck.banner.token_{kind}", name=self.seat_name(p))
        self._show_banner(text, 2.0, sprites.svg(f"duck_token_{kind}.svg", self.px(40)))
        self._sound("pop")
        d = e.get("duck")
        if kind == "rotate":
            self._turn_to(d, e["heading"], 0.4)
        elif kind == "swap":
            self._swap(d, e)
        elif kind in ("ghost", "become"):

            def start():
                getattr(sh, kind)[d] = True
                pos = self.duck_pos.get(d)
                if pos:
                    self._effect("sparkle", pos[0], pos[1], 0.9)

            self._then(0.5, start=start)
        else:
            self._then(0.4)

    def _swap(self, d: int, e) -> None:
        dx, dy = unit(*e["hex"])
        hx, hy = unit(*e["hound_hex"])
        da, ha = heading_angle(e["heading"]), heading_angle(e["hound_heading"])
        held = {}

        def start():
            held["duck"] = self.duck_pos.get(d) or (hx, hy, ha)
            held["hound"] = self.hound_pos or (dx, dy, da)

        def update(t):
            x0, y0, a0 = held["duck"]
            x1, y1, a1 = held["hound"]
            self.duck_pos[d] = (lerp(x0, dx, t), lerp(y0, dy, t), lerp_angle(a0, da, t))
            self.duck_lift[d] = math.sin(t * math.pi) * 0.5
            self.hound_pos = (lerp(x1, hx, t), lerp(y1, hy, t), lerp_angle(a1, ha, t))

        self._then(0.7, update, start, lambda: self.duck_lift.pop(d, None))

    def _play_hound_control(self, e) -> None:
        p = e["player"]
        self.shown.hound_moving = True
        self.shown.mover = None
        self.trail = []

        def arrive():
            self.shown.controller = p

        self._fly("control", self.geo.area.center, self._row_anchor(p, "card"), arrive, 0.6)
        self._show_banner(
            self.t("duck.banner.hound_control", name=self.seat_name(p)),
            2.0,
            sprites.svg("duck_control.svg", self.px(40)),
        )
        self._sound("bark")
        self._then(0.6)

    def _play_hound_place(self, e) -> None:
        x, y = unit(*e["hex"])

        def start():
            self.hound_pos = (x, y, heading_angle(e["heading"]))
            self.hound_scale = 0.0
            self._effect("splash", x, y, 0.8)
            self._sound("bark")

        def grow(t):
            self.hound_scale = t

        self._then(T_PLACE, grow, start, ease=ease_out_back)

    def _play_hound_card(self, e) -> None:
        p = e["player"]
        self.shown.hands[p] -= 1
        if p == self.private_player and e["card"] in self.shown.hand:
            self.shown.hand.remove(e["card"])
        self._show_banner(
            self.t("duck.banner.hound_card", name=self.seat_name(p), card=e["card"]),
            2.2,
            self._card_image(e["card"], self.px(40)),
        )
        self._then(0.5)

    def _play_hound_patterns(self, e) -> None:
        self.shown.patterns = e["patterns"]
        self._show_banner(
            self.t(
                "duck.banner.hound_patterns",
                name=self.seat_name(e["player"]),
                patterns=" + ".join(e["patterns"]),
            ),
            2.0,
        )
        self._then(0.4)

    def _play_hound_move(self, e) -> None:
        x, y = unit(*e["hex"])
        self.trail = [(x, y)]
        self.trail_hound = True
        self._sound("bark")
        self._then(0.1)

    def _play_hound_step(self, e) -> None:
        self._glide(HOUND, e["hex"], e["heading"], T_HOUND_STEP)

    def _play_hound_bonk(self, e) -> None:
        self._bonk(HOUND, e["hex"], e["blocked"], e["heading"])

    def _play_hound_warp(self, e) -> None:
        self._splash_move(HOUND, e["hex"], e["to"], e["heading"])

    def _play_hound_face(self, e) -> None:
        self._turn_to(HOUND, e["heading"])

    def _play_hound_drain(self, e) -> None:
        x, y = unit(*e["hex"])
        held = {}

        def start():
            held["a"] = (self.hound_pos or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.0)
            self._sound("splash")

        def spin(t):
            self.hound_pos = (x, y, held["a"] + 540 * t)
            self.hound_scale = 1.0 - t

        def gone():
            self.hound_pos = None
            self.hound_scale = 1.0

        self._then(0.6, spin, start, gone)

    def _play_hound_knocked(self, e) -> None:
        held = {}

        def start():
            held["from"] = self.hound_pos
            if self.hound_pos:
                self._effect("star", self.hound_pos[0], self.hound_pos[1], 0.9)
            self._sound("bark")

        def fly(t):
            if held["from"]:
                x, y, a = held["from"]
                self.hound_pos = (x, y - t * 2.0, a + 720 * t)
                self.hound_scale = 1.0 - t
                self.hound_lift = t

        def gone():
            self.hound_pos = None
            self.hound_scale, self.hound_lift = 1.0, 0.0

        self._then(0.6, fly, start, gone)

    def _play_hound_again(self, e) -> None:
        self._show_banner(self.t("duck.banner.hound_again"), 2.0)
        self._then(0.3)

    def _play_win(self, e) -> None:
        d = e["duck"]
        x, y = unit(*e["hex"])
        self.shown.winner = e["player"]
        held = {}

        def start():
            held["a"] = (self.duck_pos.get(d) or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.6)
            self._effect("sparkle", x, y, 1.6)
            self._sound("splash")

        def spin(t):
            self.duck_pos[d] = (x, y, held["a"] + 720 * t)

        self._show_banner(self.t("duck.banner.win", name=self.duck_name(d)), 4.0)
        self._then(1.0, spin, start)

    def _card_image(self, card: int, width: int) -> pygame.Surface:
        return self.card_image(card, width, round(width / 0.72))
