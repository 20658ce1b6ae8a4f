"""The motions of the pieces on the board, the tweens every event animation is made of.

A piece is a duck (its index) or the hound (``HOUND``); its place is ``(x, y, angle)``
in board units (geometry.py). Each motion queues tweens on the scene's timeline: one hex
of swimming (``_glide``), a turn, a bonk, a warp's splash; and the short-lived extras
(effects, the banner, tokens flying between panels).
"""

from __future__ import annotations

import math

from game.rules.duck.state import DuckState
from game.scenes.table.contract import TableHost
from game.ui.tween import Tween, ease_in_out, ease_out_back, lerp, lerp_angle

from .geometry import heading_angle, unit
from .model import HOUND, Banner, DuckModel, Effect, Flyer, play_sound

# Seconds (at animation speed 1) of each kind of motion.
T_STEP, T_HOUND_STEP, T_TURN, T_BONK, T_WARP = 0.26, 0.2, 0.22, 0.42, 0.5
T_PLACE, T_KNOCK, T_FLY, T_BANNER, T_REVEAL, T_HOLD = 0.35, 0.45, 0.6, 0.45, 0.7, 0.7


def _paddle(t: float) -> float:
    """Position easing of one hex: mostly steady, a little bob at the ends."""
    return 0.55 * t + 0.45 * ease_in_out(t)


class Motion:
    """The motions the animations are made of: tweens on the host's timeline."""

    def __init__(self, model: DuckModel, host: TableHost[DuckState]) -> None:
        self.model = model
        self.host = host

    def _tween(
        self, duration: float, update=None, start=None, done=None, ease=ease_in_out
    ) -> Tween:
        """A tween whose ``start`` runs when its group begins (not when it is queued)."""
        return Tween(max(0.0, duration), update, done, ease, on_start=start)

    def _then(self, duration, update=None, start=None, done=None, ease=ease_in_out) -> None:
        self.host.player.timeline.then(self._tween(duration, update, start, done, ease))

    def _get(self, piece: int):
        return self.model.hound_pos if piece == HOUND else self.model.duck_pos.get(piece)

    def _set(self, piece: int, value) -> None:
        if piece == HOUND:
            self.model.hound_pos = value
        else:
            self.model.duck_pos[piece] = value

    def _effect(self, kind: str, x: float, y: float, life: float) -> None:
        self.model.effects.append(Effect(kind, x, y, life))

    def _show_banner(self, text: str, life: float = 2.2, image=None) -> None:
        self.model.banner = Banner(text, life, image=image)

    def _fly(self, image: str, src, dst, arrive=None, life: float = T_FLY) -> None:
        if self.host.player.skipping:
            if arrive:
                arrive()
            return
        self.model.flyers.append(Flyer(image, src, dst, life, arrive=arrive))

    def _board_px(self, hex_) -> tuple[float, float]:
        return self.model.geo.hex_px(*hex_)

    def _glide(self, piece: int, hex_, heading: int, duration: float) -> None:
        """One hex: turn toward the step (quickly) and swim there."""
        x1, y1 = unit(*hex_)
        a1 = heading_angle(heading)
        held = {}

        def start():
            held["from"] = self._get(piece) or (x1, y1, a1)
            self.model.trail.append((x1, y1))

        def update(t):
            x0, y0, a0 = held["from"]
            turn = min(1.0, t * 3.0)
            self._set(piece, (lerp(x0, x1, t), lerp(y0, y1, t), lerp_angle(a0, a1, turn)))

        self._then(duration, update, start, ease=_paddle)

    def _turn_to(
        self, piece: int, heading: int, duration: float = T_TURN, wobble: float = 0.0
    ) -> None:
        a1 = heading_angle(heading)
        held = {}

        def start():
            held["from"] = self._get(piece)

        def update(t):
            if held["from"] is None:
                return
            x, y, a0 = held["from"]
            shake = wobble * math.sin(t * math.pi * 5) * (1 - t)
            self._set(piece, (x, y, lerp_angle(a0, a1, t) + shake))

        self._then(duration, update, start)

    def _bonk(self, piece: int, hex_, blocked, heading: int) -> None:
        """DDG-13: a push toward what it hit, a star, back, and turned round."""
        x0, y0 = unit(*hex_)
        bx, by = unit(*blocked)
        held = {}

        def start():
            held["angle"] = (self._get(piece) or (x0, y0, 0.0))[2]
            self._effect("star", (x0 + bx) / 2, (y0 + by) / 2, 0.9)
            play_sound(self.host, "bonk")

        def update(t):
            k = math.sin(t * math.pi) * 0.3
            self._set(piece, (x0 + (bx - x0) * k, y0 + (by - y0) * k, held["angle"]))

        self._then(T_BONK * 0.6, update, start, ease=lambda t: t)
        self._turn_to(piece, heading, T_BONK, wobble=14.0)

    def _splash_move(self, piece: int, src, dst, heading: int) -> None:
        """A warp: down with a splash, up again on the other life ring."""
        sx, sy = unit(*src)
        dx, dy = unit(*dst)

        def start():
            self._effect("splash", sx, sy, 0.8)
            play_sound(self.host, "splash")

        def shrink(t):
            self._scale(piece, 1.0 - t)

        def moved():
            self._set(piece, (dx, dy, heading_angle(heading)))
            self._effect("splash", dx, dy, 0.8)

        def grow(t):
            self._scale(piece, t)

        self._then(T_WARP * 0.45, shrink, start, moved)
        self._then(T_WARP * 0.55, grow, ease=ease_out_back)

    def _scale(self, piece: int, value: float) -> None:
        if piece == HOUND:
            self.model.hound_scale = value
        else:
            self.model.duck_scale[piece] = value
