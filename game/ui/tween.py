"""Tweens owned by a scene and advanced with dt: values, and positions along paths that
the rules computed (a duck's hexes, a chicken's ladder points)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]


def ease_in_out(t: float) -> float:
    return t * t * (3 - 2 * t)


def ease_out_back(t: float) -> float:
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    """Turn the short way round (degrees)."""
    diff = (b - a + 180) % 360 - 180
    return a + diff * t


def along(points: Sequence[Point], t: float) -> Point:
    """The point a fraction ``t`` of the way along a polyline (by length)."""
    if not points:
        raise ValueError("empty path")
    if len(points) == 1 or t <= 0:
        return points[0]
    if t >= 1:
        return points[-1]
    lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
    total = sum(lengths) or 1.0
    goal = t * total
    for i, seg in enumerate(lengths):
        if goal <= seg or i == len(lengths) - 1:
            f = goal / seg if seg else 1.0
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
        goal -= seg
    return points[-1]


@dataclass
class Tween:
    """``on_start`` runs when the tween first advances, i.e. when its group of the
    timeline begins — not when it is queued (a duck's step starts from where the
    previous step left it). ``on_update`` may be None for a pure pause or a cue."""

    duration: float
    on_update: Callable[[float], None] | None = None
    on_done: Callable[[], None] | None = None
    ease: Callable[[float], float] = ease_in_out
    on_start: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = field(default=False)
    started: bool = field(default=False)

    def advance(self, dt: float) -> None:
        if self.done:
            return
        if not self.started:
            self.started = True
            if self.on_start:
                self.on_start()
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        if self.on_update:
            self.on_update(self.ease(t))
        if t >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()

    def finish(self) -> None:
        self.advance(max(0.0, self.duration - self.elapsed) + 1e-9)


class Timeline:
    """Tweens run one after another (``then``) or together (``also``)."""

    def __init__(self) -> None:
        self.queue: list[list[Tween]] = []

    def then(self, *tweens: Tween) -> None:
        self.queue.append(list(tweens))

    def also(self, *tweens: Tween) -> None:
        if not self.queue:
            self.queue.append([])
        self.queue[-1].extend(tweens)

    def busy(self) -> bool:
        return bool(self.queue)

    def update(self, dt: float) -> None:
        while self.queue:
            group = self.queue[0]
            for tween in group:
                tween.advance(dt)
            if not all(t.done for t in group):
                return
            self.queue.pop(0)
            dt = 0.0  # the next group starts from its beginning (instant ones finish now)

    def finish_all(self) -> None:
        while self.queue:
            for tween in self.queue.pop(0):
                tween.finish()
