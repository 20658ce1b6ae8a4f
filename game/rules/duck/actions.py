"""Every decision of a Duck! Duck! Go! player as a tiny frozen action with a notation.

Hexes are written ``q,r`` (axial, may be negative), facings 0-5 (hexes.py), route
numbers from 1 (``route 42/2`` is card 42's second route), hound patterns A-D.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..protocol import Action, NotationError


@dataclass(frozen=True)
class DuckAction(Action):
    """Orders like :class:`Action` (class name, then notation), with the key kept once."""

    def __post_init__(self):
        object.__setattr__(self, "_key", (type(self).__name__, str(self)))

    def __lt__(self, other: Action) -> bool:
        if isinstance(other, DuckAction):
            return self._key < other._key
        return super().__lt__(other)


@dataclass(frozen=True)
class OrderCard(DuckAction):
    """Advanced setup (DDG-20/26): the card shown, in secret, to order the placing."""
    card: int

    def __str__(self):
        return f"order {self.card}"


@dataclass(frozen=True)
class Place(DuckAction):
    """Setup (DDG-10): put your duck on an empty start space, facing into the board."""
    q: int
    r: int
    facing: int

    def __str__(self):
        return f"place {self.q},{self.r} face {self.facing}"


@dataclass(frozen=True)
class ChooseCard(DuckAction):
    """DDG-11: the secret card of the round."""
    card: int

    def __str__(self):
        return f"card {self.card}"


@dataclass(frozen=True)
class ChooseCards(DuckAction):
    """DDG-26: two secret cards, the first for your first duck, the second for the other."""
    first: int
    second: int

    def __str__(self):
        return f"cards {self.first} {self.second}"


@dataclass(frozen=True)
class Route(DuckAction):
    """DDG-12/14: move along route ``index`` (0-based; written from 1) of ``card``."""
    card: int
    index: int

    def __str__(self):
        return f"route {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class Face(DuckAction):
    """Turn the piece you are deciding for to face side 0-5 (end of a route, after a
    +1 step, a knocked duck's new facing, the hound after its route)."""
    facing: int

    def __str__(self):
        return f"face {self.facing}"


@dataclass(frozen=True)
class Warp(DuckAction):
    """DDG-15: leave the start space just entered for an empty one, facing any side."""
    q: int
    r: int
    facing: int

    def __str__(self):
        return f"warp {self.q},{self.r} face {self.facing}"


@dataclass(frozen=True)
class Stay(DuckAction):
    """DDG-15: do not warp; the start space is plain water and the move goes on."""

    def __str__(self):
        return "stay"


@dataclass(frozen=True)
class Turn(DuckAction):
    """DDG-27 (official variant): discard the revealed card and face a side instead."""
    facing: int

    def __str__(self):
        return f"turn {self.facing}"


@dataclass(frozen=True)
class Done(DuckAction):
    """End your duck's turn without using (more) action tokens."""

    def __str__(self):
        return "done"


@dataclass(frozen=True)
class Blue(DuckAction):
    """DDG-25 blue token: draw 3 cards, then discard 3."""

    def __str__(self):
        return "blue"


@dataclass(frozen=True)
class Discard(DuckAction):
    """The 3 cards discarded after a blue token (ascending)."""
    cards: tuple[int, ...]

    def __str__(self):
        return "discard " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Keep(DuckAction):
    """DDG-25 keep going: play a card from hand and move again along its route."""
    card: int
    index: int

    def __str__(self):
        return f"keep {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class Step(DuckAction):
    """DDG-25 +1 step: one hex forward, then face forward or 60° left or right."""

    def __str__(self):
        return "step"


@dataclass(frozen=True)
class Rotate(DuckAction):
    """DDG-25 rotate: before your move, face any side."""
    facing: int

    def __str__(self):
        return f"rotate {self.facing}"


@dataclass(frozen=True)
class Swap(DuckAction):
    """DDG-25 swap: before your move, your duck and the hound swap hexes and facings."""

    def __str__(self):
        return "swap"


@dataclass(frozen=True)
class Ghost(DuckAction):
    """DDG-25 ghost: duck ``duck`` passes through ducks and the hound this round."""
    duck: int

    def __str__(self):
        return f"ghost {self.duck}"


@dataclass(frozen=True)
class Become(DuckAction):
    """DDG-25 become the hound: duck ``duck`` acts as the hound this round."""
    duck: int

    def __str__(self):
        return f"become {self.duck}"


@dataclass(frozen=True)
class HoundFace(DuckAction):
    """DDG-22: the hound comes onto the drain facing this side."""
    facing: int

    def __str__(self):
        return f"hound face {self.facing}"


@dataclass(frozen=True)
class HoundCard(DuckAction):
    """DDG-22 (a): move the hound with a card from hand (then draw 1)."""
    card: int
    index: int

    def __str__(self):
        return f"hound {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class HoundPatterns(DuckAction):
    """DDG-22 (b): two hound-board patterns in sequence (the same one twice allowed);
    a single pattern when the hound must leave a ghost's hex."""
    patterns: str

    def __str__(self):
        return ("patterns " if len(self.patterns) > 1 else "pattern ") + " ".join(self.patterns)


@dataclass(frozen=True)
class Send(DuckAction):
    """DDG-24: put the knocked duck on this empty start space (its owner then faces it)."""
    q: int
    r: int

    def __str__(self):
        return f"send {self.q},{self.r}"


# Interned constructors: the rules build the same few actions over and over.
card_action = lru_cache(maxsize=None)(ChooseCard)
route_action = lru_cache(maxsize=None)(Route)
face_action = lru_cache(maxsize=None)(Face)
place_action = lru_cache(maxsize=None)(Place)
warp_action = lru_cache(maxsize=None)(Warp)
send_action = lru_cache(maxsize=None)(Send)
STAY, DONE, BLUE, STEP, SWAP = Stay(), Done(), Blue(), Step(), Swap()

_INT = r"(-?\d+)"
_HEX = rf"{_INT},{_INT}"
_PATTERNS = [
    (re.compile(r"order (\d+)"), lambda m: OrderCard(int(m[1]))),
    (re.compile(rf"place {_HEX} face ([0-5])"), lambda m: Place(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"card (\d+)"), lambda m: ChooseCard(int(m[1]))),
    (re.compile(r"cards (\d+) (\d+)"), lambda m: ChooseCards(int(m[1]), int(m[2]))),
    (re.compile(r"route (\d+)/([1-9])"), lambda m: Route(int(m[1]), int(m[2]) - 1)),
    (re.compile(r"face ([0-5])"), lambda m: Face(int(m[1]))),
    (re.compile(rf"warp {_HEX} face ([0-5])"), lambda m: Warp(int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(r"stay"), lambda m: STAY),
    (re.compile(r"turn ([0-5])"), lambda m: Turn(int(m[1]))),
    (re.compile(r"done"), lambda m: DONE),
    (re.compile(r"blue"), lambda m: BLUE),
    (re.compile(r"discard (\d+) (\d+) (\d+)"),
     lambda m: Discard(tuple(int(m[i]) for i in (1, 2, 3)))),
    (re.compile(r"keep (\d+)/([1-9])"), lambda m: Keep(int(m[1]), int(m[2]) - 1)),
    (re.compile(r"step"), lambda m: STEP),
    (re.compile(r"rotate ([0-5])"), lambda m: Rotate(int(m[1]))),
    (re.compile(r"swap"), lambda m: SWAP),
    (re.compile(r"ghost (\d+)"), lambda m: Ghost(int(m[1]))),
    (re.compile(r"become (\d+)"), lambda m: Become(int(m[1]))),
    (re.compile(r"hound face ([0-5])"), lambda m: HoundFace(int(m[1]))),
    (re.compile(r"hound (\d+)/([1-9])"), lambda m: HoundCard(int(m[1]), int(m[2]) - 1)),
    (re.compile(r"patterns ([A-D]) ([A-D])"), lambda m: HoundPatterns(m[1] + m[2])),
    (re.compile(r"pattern ([A-D])"), lambda m: HoundPatterns(m[1])),
    (re.compile(rf"send {_HEX}"), lambda m: Send(int(m[1]), int(m[2]))),
]


def parse_action(text: str) -> DuckAction:
    """Inverse of ``str(action)``; NotationError for anything else."""
    if not isinstance(text, str):
        raise NotationError(f"not a Duck! Duck! Go! action: {text!r}")
    cleaned = " ".join(text.split())
    for pattern, build in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match:
            action = build(match)
            if str(action) == cleaned:     # "card 007" is not the notation of card 7
                return action
            break
    raise NotationError(f"not a Duck! Duck! Go! action: {text!r}")
