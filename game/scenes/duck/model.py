"""The scene's display model: what the table *shows*, which runs behind the rules' state
while events are being animated and is rebuilt from the state when nothing is left to
play (so a skip can never leave it wrong)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

HOUND = -1  # the hound where a piece is a duck's index (a duck is 0 and up)


@dataclass
class Shown:
    """The counts and cards on the panels, as far as the animation has got."""

    round: int = 1
    buoys: list[int] = field(default_factory=list)  # per duck: buoy-token bit mask
    hands: list[int] = field(default_factory=list)  # per player: cards in hand
    tokens: list[int] = field(default_factory=list)  # per player: face-down tokens
    blue: list[int] = field(default_factory=list)  # per player: blue tokens
    cards: list[int | None] = field(default_factory=list)  # per duck: None, 0 face down, n
    done: list[bool] = field(default_factory=list)  # per duck: its move is over
    ghost: list[bool] = field(default_factory=list)
    become: list[bool] = field(default_factory=list)
    mover: int | None = None  # the duck whose turn it is
    hound_moving: bool = False
    controller: int = -1
    deck: int = 0
    pool: int = 0
    patterns: str = ""  # hound patterns being run
    hand: list[int] = field(default_factory=list)  # the private player's cards
    my_tokens: list[str] = field(default_factory=list)  # the private player's tokens
    winner: int | None = None


@dataclass
class Effect:
    """Something short-lived at a board point (board units): a splash, a bonk star, a
    ripple, a sparkle. ``age`` runs from 0 to ``life`` seconds; it never blocks input."""

    kind: str
    x: float
    y: float
    life: float
    age: float = 0.0


@dataclass
class Flyer:
    """A buoy token, card back or action token on its way between two screen points."""

    image: str
    src: tuple[float, float]
    dst: tuple[float, float]
    life: float
    age: float = 0.0
    arrive: Callable[[], None] | None = None  # called once on landing


@dataclass
class Banner:
    text: str
    life: float
    age: float = 0.0
    image: pygame.Surface | None = None
    surface: pygame.Surface | None = None  # drawn once, then blitted
    rect: pygame.Rect | None = None  # where: above or below the pieces


@dataclass
class Reveal:
    """Cards laid out over the board and turned face up together (the reveal, the
    order cards): ``cards`` are (card, player, label) in the order shown."""

    cards: list[tuple[int, int, str]]
    title: str
    flip: float = 0.0  # 0 backs .. 1 faces
    alpha: float = 255.0
    fading: bool = False
    base: pygame.Surface | None = None  # the panel without the cards
    final: pygame.Surface | None = None  # the panel with every card face up


@dataclass
class Target:
    """Something a person can click (or reach with the arrow keys) for the decision."""

    kind: str  # card, route, face, start, pattern, token, duck, table
    # card, table: the card; face: the facing; duck: the duck; pattern: the letter;
    # token: its kind; start: the hex (q, r); route: (card, route index)
    value: int | str | tuple[int, int]
    center: tuple[float, float]
    radius: float = 0.0
    rect: pygame.Rect | None = None

    def hit(self, pos) -> bool:
        if self.rect is not None:
            return self.rect.collidepoint(pos)
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= self.radius * self.radius


@dataclass
class Decision:
    """What the person on screen is asked now, read from the state."""

    player: int
    mode: str  # order choose discard place pre post extra warp face send
    #                    houndface houndmove houndpattern
    legal: tuple
    duck: int | None = None  # the duck concerned (HOUND = -1 for the hound)
    why: str | None = None  # face: end / knock / turn; extra: buoy / ghost
    card: int | None = None  # pre: the revealed card; extra: the deck's top card
