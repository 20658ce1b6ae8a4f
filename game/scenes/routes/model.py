"""What the Eight Routes scene is made of: the board's size, the routes' colours, the
display model the events change (:class:`Table`), a die in flight (:class:`LooseDie`) and
the scene's kind of control (:class:`Choice`: a button, or a route on the board)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import choices, theme

ROUTES = 8
SPACES = 20
Point = tuple[float, float]

# One colour per route (and per die face: a face N die belongs to route N).
ROUTE_COLOURS = (
    (226, 176, 52),
    (231, 111, 81),
    (42, 157, 143),
    (69, 123, 200),
    (140, 98, 196),
    (214, 96, 150),
    (96, 160, 72),
    (96, 108, 128),
)


@dataclass(eq=False)
class Choice(choices.Choice):
    """A button (or an area of the table: a route) standing for one legal action,
    or for a step towards one (``mode``). The preview follows it on hover or focus."""

    spot: bool = False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.spot:
            super().draw(surface, focused)
            return
        r = self.rect
        radius = max(4, r.height // 6)
        if focused or self.hovered:
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((255, 214, 120, 70))
            surface.blit(glow, r.topleft)
        colour = (
            theme.BUTTON_FOCUS if focused else (theme.ACCENT_DARK if self.hovered else theme.ACCENT)
        )
        pygame.draw.rect(
            surface, colour, r, width=4 if focused or self.hovered else 2, border_radius=radius
        )


@dataclass(eq=False)
class LooseDie:
    """A die on its way somewhere (tumbling into the lid, sliding to its square, into a
    player's hand): drawn between two anchors that follow the layout."""

    face: int
    src: Callable[[], Point]
    dst: Callable[[], Point]
    size0: float
    size1: float
    t: float = 0.0
    hop: float = 0.0  # arc height, design pixels
    spin: float = 0.0  # degrees turned over the flight
    angle: float = 0.0  # resting angle
    bounces: int = 0  # a tumbling roll bounces on the felt
    tumble_from: int = 0  # shows changing faces while tumbling (its seed), 0 = never
    fade: bool = False
    switch_to: int = 0  # a die changed by C shows its new face from halfway

    def shown_face(self) -> int:
        if self.switch_to and self.t >= 0.5:
            return self.switch_to
        if self.tumble_from and self.t < 0.85:
            return (self.tumble_from + int(self.t * 14)) % 8 + 1
        return self.face


@dataclass(eq=False)
class Walk:
    """A marker on its way along its route, space by space (``a`` to ``b``; 0 is off
    the route: a marker placed comes from its owner's panel, one leaving goes back)."""

    a: int
    a_stack: int
    b: int
    b_stack: int
    t: float = 0.0


@dataclass
class Table:
    """What is drawn: the display model, changed by events (and by sync_from_state)."""

    round: int = 0
    rounds: int = 0
    parent: int | None = None
    current: int | None = None
    lid: list[int] = field(default_factory=lambda: [0] * 8)
    held: list[int] = field(default_factory=list)
    # the face of the dice each player took this round (one pick-up a round: one face);
    # None when not known (a game resumed mid-round)
    held_face: list[int | None] = field(default_factory=list)
    chips: list[list[list[int]]] = field(default_factory=list)  # per player [round, up]
    # (route, player) -> [space, stack, lift]: a marker at rest (lift: stack levels it
    # still has to drop after a marker below it left)
    spots: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    walks: dict[tuple[int, int], Walk] = field(default_factory=dict)  # markers on the move
    loose: list[LooseDie] = field(default_factory=list)
    d6: list | None = None  # [face, t (tumble 0..1), alpha 0..1]
    banner: list | None = None  # [title, subtitle, alpha]
    flip: tuple | None = None  # (player, chip round, t): a chip turning face down
    shake: tuple | None = None  # (route, player, t): a marker on the goal that stays
    flying_chip: tuple | None = None  # (player, chip round, t): a new round chip
    pops: list = field(default_factory=list)  # [(route, player, text, t)]
    scoring_route: int | None = None
    final: dict[int, list[int]] = field(default_factory=dict)  # route -> points
    totals: list[int] | None = None
    winners: list[int] | None = None
