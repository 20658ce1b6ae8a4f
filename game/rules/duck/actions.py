"""Every decision of a Duck! Duck! Go! player as a tiny frozen action with a notation.

Hexes are written ``q,r`` (axial, may be negative), facings 0-5 (hexes.py), route
numbers from 1 (``route 42/2`` is card 42's second route), hound patterns A-D.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ..protocol import Action, NotationError


@dataclass(frozen=True)
class DuckAction(Action):
    """Orders like :class:`Action` (class name, then notation), with the key kept once."""

    _key: tuple[str, str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_key", (type(self).__name__, str(self)))

    def __lt__(self, other: Action) -> bool:
        if isinstance(other, DuckAction):
            return self._key < other._key
        return super().__lt__(other)


@dataclass(frozen=True)
class OrderCard(DuckAction):
    """Advanced setup (DDG-20/26): the card shown, in secret, to order the placing."""

    card: int

    def __str__(self) -> str:
        return f"order {self.card}"


@dataclass(frozen=True)
class Place(DuckAction):
    """Setup (DDG-10): put your duck on an empty start space, facing into the board."""

    q: int
    r: int
    facing: int

    def __str__(self) -> str:
        return f"place {self.q},{self.r} face {self.facing}"


@dataclass(frozen=True)
class ChooseCard(DuckAction):
    """DDG-11: the secret card of the round."""

    card: int

    def __str__(self) -> str:
        return f"card {self.card}"


@dataclass(frozen=True)
class ChooseCards(DuckAction):
    """DDG-26: two secret cards, the first for your first duck, the second for the other."""

    first: int
    second: int

    def __str__(self) -> str:
        return f"cards {self.first} {self.second}"


@dataclass(frozen=True)
class Route(DuckAction):
    """DDG-12/14: move along route ``index`` (0-based; written from 1) of ``card``."""

    card: int
    index: int

    def __str__(self) -> str:
        return f"route {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class Face(DuckAction):
    """Turn the piece you are deciding for to face side 0-5 (end of a route, after a
    +1 step, a knocked duck's new facing, the hound after its route)."""

    facing: int

    def __str__(self) -> str:
        return f"face {self.facing}"


@dataclass(frozen=True)
class Warp(DuckAction):
    """DDG-15: leave the start space just entered for an empty one, facing any side."""

    q: int
    r: int
    facing: int

    def __str__(self) -> str:
        return f"warp {self.q},{self.r} face {self.facing}"


@dataclass(frozen=True)
class Stay(DuckAction):
    """DDG-15: do not warp; the start space is plain water and the move goes on."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True)
class Turn(DuckAction):
    """DDG-27 (official variant): discard the revealed card and turn instead of moving
    (the side to face is then a ``face`` decision)."""

    def __str__(self) -> str:
        return "turn"


@dataclass(frozen=True)
class Done(DuckAction):
    """End your duck's turn without using (more) action tokens."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Blue(DuckAction):
    """DDG-25 blue token: draw 3 cards, then discard 3."""

    def __str__(self) -> str:
        return "blue"


@dataclass(frozen=True)
class Discard(DuckAction):
    """The 3 cards discarded after a blue token (ascending)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Keep(DuckAction):
    """DDG-25 keep going: play a card from hand and move again along its route."""

    card: int
    index: int

    def __str__(self) -> str:
        return f"keep {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class Step(DuckAction):
    """DDG-25 +1 step: one hex forward, then face forward or 60° left or right."""

    def __str__(self) -> str:
        return "step"


@dataclass(frozen=True)
class Rotate(DuckAction):
    """DDG-25 rotate: before your move, face any side."""

    facing: int

    def __str__(self) -> str:
        return f"rotate {self.facing}"


@dataclass(frozen=True)
class Swap(DuckAction):
    """DDG-25 swap: before your move, your duck and the hound swap hexes and facings."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class Ghost(DuckAction):
    """DDG-25 ghost: duck ``duck`` passes through ducks and the hound this round."""

    duck: int

    def __str__(self) -> str:
        return f"ghost {self.duck}"


@dataclass(frozen=True)
class Become(DuckAction):
    """DDG-25 become the hound: duck ``duck`` acts as the hound this round."""

    duck: int

    def __str__(self) -> str:
        return f"become {self.duck}"


@dataclass(frozen=True)
class HoundFace(DuckAction):
    """DDG-22: the hound comes onto the drain facing this side."""

    facing: int

    def __str__(self) -> str:
        return f"hound face {self.facing}"


@dataclass(frozen=True)
class HoundCard(DuckAction):
    """DDG-22 (a): move the hound with a card from hand (then draw 1)."""

    card: int
    index: int

    def __str__(self) -> str:
        return f"hound {self.card}/{self.index + 1}"


@dataclass(frozen=True)
class HoundPatterns(DuckAction):
    """DDG-22 (b): two hound-board patterns in sequence (the same one twice allowed);
    a single pattern when the hound must leave a ghost's hex."""

    patterns: str

    def __str__(self) -> str:
        return ("patterns " if len(self.patterns) > 1 else "pattern ") + " ".join(self.patterns)


@dataclass(frozen=True)
class Send(DuckAction):
    """DDG-24: put the knocked duck on this empty start space (its owner then faces it)."""

    q: int
    r: int

    def __str__(self) -> str:
        return f"send {self.q},{self.r}"


# Interned constructors: the rules build the same few actions over and over.
card_action = lru_cache(maxsize=None)(ChooseCard)
cards_action = lru_cache(maxsize=None)(ChooseCards)
order_action = lru_cache(maxsize=None)(OrderCard)
route_action = lru_cache(maxsize=None)(Route)
keep_action = lru_cache(maxsize=None)(Keep)
face_action = lru_cache(maxsize=None)(Face)
rotate_action = lru_cache(maxsize=None)(Rotate)
place_action = lru_cache(maxsize=None)(Place)
warp_action = lru_cache(maxsize=None)(Warp)
send_action = lru_cache(maxsize=None)(Send)
ghost_action = lru_cache(maxsize=None)(Ghost)
become_action = lru_cache(maxsize=None)(Become)
discard_action = lru_cache(maxsize=4096)(Discard)
hound_face_action = lru_cache(maxsize=None)(HoundFace)
hound_card_action = lru_cache(maxsize=None)(HoundCard)
patterns_action = lru_cache(maxsize=None)(HoundPatterns)
STAY, DONE, BLUE, STEP, SWAP, TURN = Stay(), Done(), Blue(), Step(), Swap(), Turn()


def sort_key(action: DuckAction) -> tuple[str, str]:
    """The order of :meth:`Action.__lt__`, as a key (one call per action when sorting)."""
    return action._key


_INT = r"(-?\d+)"
_HEX = rf"{_INT},{_INT}"
# The notations by first word; each is tried in turn and must give back the same text.
_PATTERNS: dict[str, list[tuple[re.Pattern[str], Callable[[re.Match[str]], DuckAction]]]] = {
    "order": [(re.compile(r"order (\d+)"), lambda m: order_action(int(m[1])))],
    "place": [
        (
            re.compile(rf"place {_HEX} face ([0-5])"),
            lambda m: place_action(int(m[1]), int(m[2]), int(m[3])),
        )
    ],
    "card": [(re.compile(r"card (\d+)"), lambda m: card_action(int(m[1])))],
    "cards": [(re.compile(r"cards (\d+) (\d+)"), lambda m: cards_action(int(m[1]), int(m[2])))],
    "route": [
        (re.compile(r"route (\d+)/([1-9])"), lambda m: route_action(int(m[1]), int(m[2]) - 1))
    ],
    "face": [(re.compile(r"face ([0-5])"), lambda m: face_action(int(m[1])))],
    "warp": [
        (
            re.compile(rf"warp {_HEX} face ([0-5])"),
            lambda m: warp_action(int(m[1]), int(m[2]), int(m[3])),
        )
    ],
    "stay": [(re.compile(r"stay"), lambda m: STAY)],
    "turn": [(re.compile(r"turn"), lambda m: TURN)],
    "done": [(re.compile(r"done"), lambda m: DONE)],
    "blue": [(re.compile(r"blue"), lambda m: BLUE)],
    "discard": [
        (
            re.compile(r"discard (\d+) (\d+) (\d+)"),
            lambda m: discard_action(tuple(int(m[i]) for i in (1, 2, 3))),
        )
    ],
    "keep": [(re.compile(r"keep (\d+)/([1-9])"), lambda m: keep_action(int(m[1]), int(m[2]) - 1))],
    "step": [(re.compile(r"step"), lambda m: STEP)],
    "rotate": [(re.compile(r"rotate ([0-5])"), lambda m: rotate_action(int(m[1])))],
    "swap": [(re.compile(r"swap"), lambda m: SWAP)],
    "ghost": [(re.compile(r"ghost (\d+)"), lambda m: ghost_action(int(m[1])))],
    "become": [(re.compile(r"become (\d+)"), lambda m: become_action(int(m[1])))],
    "hound": [
        (re.compile(r"hound face ([0-5])"), lambda m: hound_face_action(int(m[1]))),
        (re.compile(r"hound (\d+)/([1-9])"), lambda m: hound_card_action(int(m[1]), int(m[2]) - 1)),
    ],
    "patterns": [(re.compile(r"patterns ([A-D]) ([A-D])"), lambda m: patterns_action(m[1] + m[2]))],
    "pattern": [(re.compile(r"pattern ([A-D])"), lambda m: patterns_action(m[1]))],
    "send": [(re.compile(rf"send {_HEX}"), lambda m: send_action(int(m[1]), int(m[2])))],
}


def parse_action(text: str) -> DuckAction:
    """Inverse of ``str(action)``; NotationError for anything else."""
    if not isinstance(text, str):
        raise NotationError(f"not a Duck! Duck! Go! action: {text!r}")
    return _parse(" ".join(text.split()))


@lru_cache(maxsize=8192)
def _parse(cleaned: str) -> DuckAction:
    for pattern, build in _PATTERNS.get(cleaned.partition(" ")[0], ()):
        match = pattern.fullmatch(cleaned)
        if match:
            action = build(match)
            if str(action) == cleaned:  # "card 007" is not the notation of card 7
                return action
            break
    raise NotationError(f"not a Duck! Duck! Go! action: {cleaned!r}")
