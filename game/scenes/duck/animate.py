"""The rules' events played on the table, one handler per event class (``_play_<kind>``,
listed in :attr:`Animator.animations`: event class -> handler, no lookup by name); each
handler reads the typed event's attributes (game/rules/duck/events.py).

Each handler updates the display model (:class:`~.model.Shown`) when its animation gets
there and queues the motions of :class:`~.motion.Motion`; after it the static layer is
marked for drawing again unless the event only moves pieces.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.rules.duck import events as E
from game.rules.duck.data import COLOURS
from game.rules.duck.state import DuckState
from game.rules.protocol import Event
from game.scenes.table.contract import TableHost
from game.ui.tween import ease_out_back, lerp

from . import art
from .animate_advanced import AdvancedAnimations
from .geometry import heading_angle, unit
from .layout import Layout
from .model import DuckModel, Flyer, Reveal, play_sound
from .motion import (
    T_BANNER,
    T_FLY,
    T_HOLD,
    T_KNOCK,
    T_PLACE,
    T_REVEAL,
    T_STEP,
)
from .panels import Panels
from .texts import Texts

# Events that only move pieces: the panels stay as they are (no need to draw them again).
MOTION_ONLY: frozenset[type[Event]] = frozenset(
    {
        E.Stepped,
        E.HoundStepped,
        E.Bonk,
        E.HoundBonk,
        E.Faced,
        E.HoundFaced,
        E.Warped,
        E.HoundWarped,
        E.Knocked,
        E.KnockedPlaced,
        E.DuckPlaced,
        E.HoundMoveBegan,
    }
)


class Animator(AdvancedAnimations):
    """The rules' events played on the table (``animations``: event class -> handler)."""

    def __init__(
        self,
        model: DuckModel,
        host: TableHost[DuckState],
        layout: Layout,
        texts: Texts,
        panels: Panels,
    ) -> None:
        super().__init__(model, host)
        self.layout = layout
        self.texts = texts
        self.panels = panels
        # event class -> what plays it (the typed event)
        plays: dict[type[E.DuckEvent], Callable[[Any], None]] = {
            E.SetUp: self._play_setup,
            E.CardsDrawn: self._play_draw,
            E.CardsDrawnPrivate: self._play_drawn,
            E.Reshuffled: self._play_reshuffle,
            E.OrderCardsShown: self._play_order_cards,
            E.DuckPlaced: self._play_place,
            E.CardsDiscarded: self._play_discard,
            E.RoundBegan: self._play_round,
            E.CardsChosen: self._play_choose,
            E.CardsChosenPrivate: self._play_chosen,
            E.CardsRevealed: self._play_reveal,
            E.TurnBegan: self._play_turn,
            E.TurnedInstead: self._play_turn_instead,
            E.MoveBegan: self._play_move,
            E.Stepped: self._play_step,
            E.Bonk: self._play_bonk,
            E.BuoyTouched: self._play_buoy,
            E.TokenDrawn: self._play_token_draw,
            E.TokenDrawnPrivate: self._play_token_drawn,
            E.Warped: self._play_warp,
            E.Faced: self._play_face,
            E.DeckTopTurned: self._play_deck_top,
            E.ExtraMove: self._play_extra_move,
            E.Knocked: self._play_knock,
            E.KnockedPlaced: self._play_knock_place,
            E.TokenUsed: self._play_token,
            E.HoundControlTaken: self._play_hound_control,
            E.HoundPlaced: self._play_hound_place,
            E.HoundCardPlayed: self._play_hound_card,
            E.HoundPatternsChosen: self._play_hound_patterns,
            E.HoundMoveBegan: self._play_hound_move,
            E.HoundStepped: self._play_hound_step,
            E.HoundBonk: self._play_hound_bonk,
            E.HoundWarped: self._play_hound_warp,
            E.HoundFaced: self._play_hound_face,
            E.HoundDrained: self._play_hound_drain,
            E.HoundKnockedOff: self._play_hound_knocked,
            E.HoundMovesAgain: self._play_hound_again,
            E.Won: self._play_win,
        }
        self.animations: dict[type[Event], Callable[[Any], None]] = {
            cls: self._played(cls, play) for cls, play in plays.items()
        }

    def _played(
        self, cls: type[E.DuckEvent], play: Callable[[Any], None]
    ) -> Callable[[Event], None]:
        """``play`` on the event; the static layer is drawn again after it unless the
        event only moves pieces."""

        def run(event: Event) -> None:
            play(event)
            if cls not in MOTION_ONLY:
                self.model.touch()

        return run

    def _play_setup(self, e: E.SetUp) -> None:
        self._show_banner(self.texts.setup_text(e), 2.6)
        self._then(0.5)

    def _play_draw(self, e: E.CardsDrawn) -> None:
        p = e.seat
        self.model.shown.deck = e.deck

        def arrive():
            self.model.shown.hands[p] += e.count

        self._fly(
            "card", self.layout.deck_anchor(), self.layout.row_anchor(p, "hand"), arrive, 0.45
        )
        self._then(0.12)

    def _play_drawn(self, e: E.CardsDrawnPrivate) -> None:
        if e.seat == self.host.private_player:
            self.model.shown.hand = sorted(self.model.shown.hand + list(e.cards))

    def _play_reshuffle(self, e: E.Reshuffled) -> None:
        self.model.shown.deck = e.cards
        self._show_banner(self.host.t("duck.banner.reshuffle"), 1.6)
        self._then(0.4)

    def _play_order_cards(self, e: E.OrderCardsShown) -> None:
        order = e.order
        for p, card in enumerate(e.cards):
            self.model.shown.cards[p * self.model.per_player] = card
        cards = [(e.cards[p], p, self.host.seat_name(p)) for p in order]
        self._start_reveal(
            cards, self.host.t("duck.banner.order", name=self.host.seat_name(order[0]))
        )

    def _start_reveal(self, cards, title: str) -> None:
        def start():
            self.model.reveal = Reveal(cards, title)
            play_sound(self.host, "slide")

        def flip(t):
            self.model.reveal.flip = t

        def away():
            if self.model.reveal is not None:
                self.model.reveal.fading = True

        self._then(T_REVEAL, flip, start, ease=lambda t: t)
        self._then(T_HOLD, done=away)

    def _play_place(self, e: E.DuckPlaced) -> None:
        d = e.duck
        x, y = unit(*e.hex)

        def start():
            self.model.duck_pos[d] = (x, y, heading_angle(e.heading))
            self.model.duck_scale[d] = 0.0
            self._effect("ripple", x, y, 0.7)
            play_sound(self.host, "quack")

        def grow(t):
            self.model.duck_scale[d] = t

        self._then(T_PLACE, grow, start, lambda: self.model.duck_scale.pop(d, None), ease_out_back)

    def _play_discard(self, e: E.CardsDiscarded) -> None:
        p = e.seat
        if e.reason == "blue":
            self.model.shown.hands[p] -= len(e.cards)
            if p == self.host.private_player:
                self.model.shown.hand = [c for c in self.model.shown.hand if c not in e.cards]
        elif e.reason == "order":
            self.model.shown.cards = [None] * self.host.state.ducks

    def _play_round(self, e: E.RoundBegan) -> None:
        sh = self.model.shown
        sh.round = e.round
        sh.cards = [None] * self.host.state.ducks
        sh.done = [False] * self.host.state.ducks
        sh.mover = None
        sh.hound_moving = False
        sh.patterns = ""
        sh.ghost = [False] * self.host.state.ducks
        sh.become = [False] * self.host.state.ducks
        self.model.trail = []
        self._show_banner(self.host.t("duck.banner.round", round=self.host.t.round(e.round)), 1.6)
        self._then(T_BANNER)

    def _play_choose(self, e: E.CardsChosen) -> None:
        p = e.seat
        count = e.count
        first = p * self.model.per_player
        for i in range(count if e.why == "move" else 1):
            self.model.shown.cards[first + i] = 0
        self.model.shown.hands[p] -= count
        play_sound(self.host, "pop")
        self._then(0.15)

    def _play_chosen(self, e: E.CardsChosenPrivate) -> None:
        if e.seat == self.host.private_player:
            self.model.shown.hand = [c for c in self.model.shown.hand if c not in e.cards]

    def _play_reveal(self, e: E.CardsRevealed) -> None:
        cards = {c["duck"]: c for c in e.cards}
        for d, c in cards.items():
            self.model.shown.cards[d] = c["card"]
        shown = [(cards[d]["card"], cards[d]["player"], self.texts.short_duck(d)) for d in e.order]
        self._start_reveal(shown, self.host.t("duck.banner.reveal"))

    def _play_turn(self, e: E.TurnBegan) -> None:
        d = e.duck
        sh = self.model.shown
        if sh.mover is not None:
            sh.done[sh.mover] = True
        sh.mover = d
        self.model.trail = []
        self._show_banner(
            self.host.t("duck.banner.turn", name=self.texts.duck_name(d), card=e.card),
            1.8,
            art.flat(art.card_mini(e.card, self.host.px(26), self.host.px(34))),
        )
        self._then(T_BANNER)

    def _play_turn_instead(self, e: E.TurnedInstead) -> None:
        self._show_banner(
            self.host.t("duck.banner.turn_instead", name=self.texts.duck_name(e.duck))
        )
        self._then(0.2)

    def _play_move(self, e: E.MoveBegan) -> None:
        d = e.duck
        p = self.host.state.owner(d)
        x, y = unit(*e.hex)
        self.model.trail = [(x, y)]
        self.model.trail_hound = False
        if e.source in ("extra", "keep"):
            self.model.shown.hands[p] -= 1
            if p == self.host.private_player and e.card in self.model.shown.hand:
                self.model.shown.hand.remove(e.card)
            self.model.touch()
        play_sound(self.host, "quack")
        self._then(0.08)

    def _play_step(self, e: E.Stepped) -> None:
        self._glide(e.duck, e.hex, e.heading, T_STEP)

    def _play_bonk(self, e: E.Bonk) -> None:
        self._bonk(e.duck, e.hex, e.blocked, e.heading)

    def _play_buoy(self, e: E.BuoyTouched) -> None:
        d, p = e.duck, e.seat
        x, y = unit(*e.hex)
        bit = 1 << COLOURS.index(e.colour)

        def start():
            self._effect("ripple", x, y, 0.8)
            if e.new:
                play_sound(self.host, "chirp")

                def arrive():
                    self.model.shown.buoys[d] |= bit

                self._fly(
                    "buoy_" + e.colour,
                    self._board_px(e.hex),
                    self.layout.row_anchor(p, "buoys"),
                    arrive,
                    0.8,
                )

        self._then(0.18 if e.new else 0.05, start=start)

    def _play_warp(self, e: E.Warped) -> None:
        self._splash_move(e.duck, e.hex, e.to, e.heading)

    def _play_face(self, e: E.Faced) -> None:
        self._turn_to(e.duck, e.heading)

    def _play_deck_top(self, e: E.DeckTopTurned) -> None:
        self.model.shown.deck = max(0, self.model.shown.deck - 1)
        self._show_banner(
            self.host.t("duck.banner.deck_top", card=e.card),
            2.4,
            self._card_image(e.card, self.host.px(40)),
        )
        self._then(0.7)

    def _play_extra_move(self, e: E.ExtraMove) -> None:
        key = "duck.banner.extra_buoy" if e.reason == "buoy" else "duck.banner.extra_ghost"
        self._show_banner(self.host.t(key, name=self.texts.duck_name(e.duck)), 2.0)
        self._then(0.35)

    def _play_knock(self, e: E.Knocked) -> None:
        d = e.duck
        x0, y0 = unit(*e.hex)
        if e.into:
            ix, iy = unit(*e.into)

            def push(t):
                k = math.sin(t * math.pi) * 0.35
                a = (self.model.duck_pos.get(d) or (x0, y0, 0.0))[2]
                self.model.duck_pos[d] = (x0 + (ix - x0) * k, y0 + (iy - y0) * k, a)

            self._then(0.25, push, ease=lambda t: t)
        held = {}

        def start():
            held["from"] = self.model.duck_pos.get(d) or (x0, y0, 0.0)
            self._effect("star", x0, y0, 0.8)
            play_sound(self.host, "bonk")

        def lift(t):
            x, y, a = held["from"]
            self.model.duck_pos[d] = (x, y, a + 360 * t)
            self.model.duck_lift[d] = t

        def floated():
            self.model.floating.add(d)

        self._then(T_KNOCK, lift, start, floated)

    def _play_knock_place(self, e: E.KnockedPlaced) -> None:
        d = e.duck
        x1, y1 = unit(*e.hex)
        held = {}

        def start():
            held["from"] = self.model.duck_pos.get(d) or (x1, y1, 0.0)
            self.model.floating.discard(d)

        def fly(t):
            x0, y0, a = held["from"]
            self.model.duck_pos[d] = (lerp(x0, x1, t), lerp(y0, y1, t), a)
            self.model.duck_lift[d] = 1.0 - t + math.sin(t * math.pi) * 0.6

        def landed():
            self.model.duck_lift.pop(d, None)
            self._effect("ripple", x1, y1, 0.7)

        self._then(T_FLY, fly, start, landed)

    def _play_win(self, e: E.Won) -> None:
        d = e.duck
        x, y = unit(*e.hex)
        self.model.shown.winner = e.seat
        held = {}

        def start():
            held["a"] = (self.model.duck_pos.get(d) or (x, y, 0.0))[2]
            self._effect("swirl", x, y, 1.6)
            self._effect("sparkle", x, y, 1.6)
            play_sound(self.host, "splash")

        def spin(t):
            self.model.duck_pos[d] = (x, y, held["a"] + 720 * t)

        self._show_banner(self.host.t("duck.banner.win", name=self.texts.duck_name(d)), 4.0)
        self._then(1.0, spin, start)

    def _card_image(self, card: int, width: int) -> pygame.Surface:
        return art.flat(self.panels.card_image(card, width, round(width / 0.72)))

    def update(self, dt: float) -> None:
        """Every frame: the effects, flyers, banner and reveal age."""
        step = dt * self.host.speed
        if self.model.effects:
            for e in self.model.effects:
                e.age += step
            self.model.effects = [e for e in self.model.effects if e.age < e.life]
        if self.model.flyers:
            for f in list(self.model.flyers):
                f.age += step
                if f.age >= f.life:
                    self._land(f)
        if self.model.banner is not None:
            self.model.banner.age += step
            if self.model.banner.age >= self.model.banner.life:
                self.model.banner = None
        if self.model.reveal is not None and self.model.reveal.fading:
            self.model.reveal.alpha -= step * 1500
            if self.model.reveal.alpha <= 0:
                self.model.reveal = None

    def busy(self) -> bool:
        """Something is still on the move (an effect, a flyer, the banner, the reveal)."""
        return bool(
            self.model.effects or self.model.flyers or self.model.banner or self.model.reveal
        )

    def _land(self, flyer: Flyer) -> None:
        if flyer in self.model.flyers:
            self.model.flyers.remove(flyer)
        if flyer.arrive:
            flyer.arrive()
            self.model.touch()

    def cut_short(self, land: bool) -> None:
        """The animations were cut short: after a skip (``land``) the flyers land and
        the effects and the reveal go; after a jump ahead everything in the air goes."""
        if land:
            for f in list(self.model.flyers):
                self._land(f)
            self.model.effects.clear()
            self.model.reveal = None
        else:
            self.model.banner = None
            self.model.reveal = None
            self.model.effects.clear()
            self.model.flyers.clear()
