"""The finish played on the board (issue #38), shared by the four games' end screen:
the winner's pieces ringed where they stand (the game's ``celebrate(player)``), hopping
while the confetti falls, and the seat panels' scores counting up from 0, each where the
frame writes it. The result panel beside the board is :mod:`.result_panel`'s; the end
screen (:mod:`.end_screen`) owns both and the buttons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.scenes.table.result_panel import EndedTable
from game.ui import fonts, smooth, theme
from game.ui.widgets import draw_text

CELEBRATION = 4.0  # seconds of confetti and of the winner's hops (issue #27)
CONFETTI = 90  # pieces
COUNT = 1.5  # seconds the seat panels' scores take to count up from 0 (issue #38)


@dataclass(frozen=True)
class Confetto:
    """One piece of confetti: where it starts (fractions of the window), how it falls."""

    x: float
    y: float
    drift: float  # across, in window widths a second
    fall: float  # down, in window heights a second
    sway: float  # phase of its side-to-side swing
    spin: float  # turns a second
    colour: tuple[int, int, int]
    shape: str = "ribbon"  # ribbon | star | disc (issue #38: not all flat rectangles)


SHAPES = ("ribbon", "ribbon", "star", "disc")


def shade(colour: tuple[int, int, int], turn: float) -> tuple[int, int, int]:
    """A piece's colour as it tumbles: its face lit when it turns towards the light,
    darker as it turns away, its back darker still (a flat colour reads as paper cut
    out, not as a piece turning in the air)."""
    light = math.cos(turn)
    if light >= 0:
        return theme.mix(colour, (255, 255, 255), 0.35 * light)
    return theme.mix(colour, (0, 0, 0), 0.35 * -light)


def confetti(count: int, colours: list[tuple[int, int, int]], seed: int = 27) -> list[Confetto]:
    """``count`` pieces in ``colours`` (the same every time: a screenshot shows the same)."""
    import random  # only the end screen throws confetti

    rng = random.Random(seed)
    return [
        Confetto(
            rng.random(),
            -0.05 - rng.random() * 0.6,
            rng.uniform(-0.05, 0.05),
            rng.uniform(0.3, 0.55),
            rng.uniform(0, 6.3),
            rng.uniform(0.5, 2.0),
            colours[i % len(colours)],
            SHAPES[i % len(SHAPES)],
        )
        for i in range(count)
    ]


def hop(age: float, period: float = 0.6) -> float:
    """How high a hopping piece is (0..1) ``age`` seconds into the celebration; still
    after it."""
    if age <= 0 or age >= CELEBRATION:
        return 0.0
    return abs(math.sin(math.pi * age / period))


class Celebration:
    """The finish on the board of ``table``'s ended game: its age (seconds since the end),
    the confetti in the winners' colours, the rings and the count. ``reduced`` (the
    reduced-motion setting): no confetti, no hops, the scores at once."""

    def __init__(
        self,
        table: EndedTable,
        px: Callable[[float], int],
        text_px: Callable[[float], int],
        reduced: bool,
    ) -> None:
        self.table = table
        self.px = px
        self.text_px = text_px
        self.reduced = reduced
        self.age = 0.0
        winners = list(table.state.winners()) or [0]
        colours = [theme.seat_colour(p) for p in winners] + [theme.ACCENT, (250, 210, 60)]
        self.pieces = [] if reduced else confetti(CONFETTI, colours)

    def celebrating(self) -> bool:
        return (bool(self.pieces) and self.age < CELEBRATION) or self.counting()

    def advance(self, dt: float) -> bool:
        """``dt`` seconds on while it celebrates; whether it still moves (drawn each
        frame)."""
        if not self.celebrating():
            return False
        self.age += dt
        return True

    def counted(self, player: int) -> Any:
        """Seat ``player``'s score as its panel shows it ``age`` seconds into the finish:
        counted up from 0 over :data:`COUNT` seconds, then the final score."""
        final = self.table.state.scores()[player]
        k = 1.0 if self.reduced else min(1.0, self.age / COUNT)
        if isinstance(final, (int, float)) and final == int(final):
            return round(int(final) * k)
        return final

    def counting(self) -> bool:
        return not self.reduced and self.age < COUNT

    def spots(self) -> list[tuple[int, pygame.Rect]]:
        """Where each winner is celebrated: its pieces where they stand on the board
        (the game's ``celebrate``), else its seat's panel."""
        out: list[tuple[int, pygame.Rect]] = []
        frame = self.table.frame
        for p in self.table.state.winners():
            rects = self.table.game.celebrate(p)
            if not rects and hasattr(frame, "seat_parts"):
                rects = [frame.seat_parts(p).portrait]
            out += [(p, r) for r in rects]
        return out

    def draw_celebration(self, surface: pygame.Surface) -> None:
        """A glowing ring in the winner's colour around each of its pieces on the board,
        bouncing while the confetti falls, then still: the finish is seen where it
        happened (issue #38)."""
        for i, (p, rect) in enumerate(self.spots()):
            bounce = hop(self.age - 0.1 * i) if self.pieces else 0.0
            r = max(rect.w, rect.h) * 0.62 + self.px(4) + bounce * self.px(6)
            centre = rect.center
            colour = theme.seat_colour(p)
            for k, alpha in ((3, 50), (2, 90)):  # the glow, soft outside the ring
                glow = pygame.Surface((int(2 * (r + k * self.px(4))) + 2,) * 2, pygame.SRCALPHA)
                c = glow.get_width() / 2
                smooth.ring(glow, (250, 210, 60, alpha), (c, c), r + k * self.px(3), self.px(5))
                surface.blit(glow, (centre[0] - c, centre[1] - c))
            smooth.ring(surface, (250, 210, 60), centre, r, max(2, self.px(4)))
            smooth.ring(surface, colour, centre, r - self.px(4), max(2, self.px(2)))

    def draw_count(self, surface: pygame.Surface) -> None:
        """The seat panels' scores counting up from 0 (each where the frame writes it)."""
        frame = self.table.frame
        if not self.counting() or not hasattr(frame, "seat_parts"):
            return
        scores = self.table.state.scores()
        for p in range(self.table.session.players):
            face = frame.seats.seat(p)
            final = scores[p]
            if face.score is None or not isinstance(final, (int, float)):
                continue
            shown = self._as_shown(face.score, int(final), self.counted(p))
            if shown is None:
                continue  # the panel shows something else than the score
            box = frame.seat_parts(p).score
            if box.w <= 0 or box.h <= 0:
                continue
            fill = (255, 246, 226) if face.highlight == "moving" else theme.PANEL
            pygame.draw.rect(surface, fill, box)
            text, size = fonts.fit(shown, self.text_px(22), box.w, theme.MIN_TEXT_PX, True)
            draw_text(surface, text, size, box.center, theme.ACCENT_DARK, True, "center", box)

    @staticmethod
    def _as_shown(face: str, final: int, value: int) -> str | None:
        """``value`` written as the seat panel writes ``final`` (``face``): "12", or
        signed "+9" / "−3"; None when the panel shows something else than the score."""
        for form in (lambda v: str(v), lambda v: f"{v:+d}"):
            for minus in ("-", "−"):
                if form(final).replace("-", minus) == face:
                    return form(value).replace("-", minus)
        return None

    def draw_confetti(self, surface: pygame.Surface) -> None:
        """The confetti falling over everything for the first seconds (anti-aliased)."""
        if not self.celebrating():
            return
        w, h = surface.get_size()
        t = self.age
        half = max(3, self.px(5))
        for c in self.pieces:
            y = (c.y + c.fall * t) * h
            if y < -half * 2 or y > h + half * 2:
                continue
            x = (c.x + c.drift * t) * w + math.sin(c.sway + t * 3) * self.px(18)
            turn = c.sway + c.spin * t * math.tau
            dx, dy = math.cos(turn), math.sin(turn)
            flip = turn * 1.7  # it tumbles: seen edge-on, then face-on
            squash = 0.3 + 0.7 * abs(math.sin(flip))
            colour = shade(c.colour, flip)
            if c.shape == "star":
                outer = half * 1.3
                points = []
                for k in range(10):
                    r = outer if k % 2 == 0 else outer * 0.45
                    a, b = math.cos(k * math.pi / 5) * r, math.sin(k * math.pi / 5) * r * squash
                    points.append((x + dx * a - dy * b, y + dy * a + dx * b))
                smooth.polygon(surface, colour, points)
            elif c.shape == "disc":
                steps = 12
                points = [
                    (
                        x
                        + dx * math.cos(k * math.tau / steps) * half * 0.8
                        - dy * math.sin(k * math.tau / steps) * half * 0.8 * squash,
                        y
                        + dy * math.cos(k * math.tau / steps) * half * 0.8
                        + dx * math.sin(k * math.tau / steps) * half * 0.8 * squash,
                    )
                    for k in range(steps)
                ]
                smooth.polygon(surface, colour, points)
            else:  # a ribbon, curled: two panels, the fold a shade darker
                wide, tall = half * 1.2, half * 0.45 * squash
                bend = math.sin(flip * 2) * half * 0.5
                for side, tint in ((-1, colour), (1, shade(c.colour, flip + 1.2))):
                    quad = (
                        (0, -tall),
                        (side * wide, -tall + bend),
                        (side * wide, tall + bend),
                        (0, tall),
                    )
                    points = [(x + dx * a - dy * b, y + dy * a + dx * b) for a, b in quad]
                    smooth.polygon(surface, tint, points)
