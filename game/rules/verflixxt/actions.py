"""The actions of Verflixxt! and their text notation (``str`` and ``parse_action`` invert).

Pieces: ``a``/``b``/``c`` are the acting player's own pawns, ``g1``..``g8`` the guardians.
A pawn of any player (hat transfers) is ``<seat><letter>``, e.g. ``2b``.
Cards: ``y`` yellow or ``o`` orange, then the value: ``y3``, ``o-1``, ``o0``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from ..protocol import Action, NotationError

_PIECE = re.compile(r"^(?:[a-c]|g[1-9][0-9]*)$")
_PAWN = re.compile(r"^[0-9][a-c]$")
_CARD = re.compile(r"^[yo](?:-1|[0-6])$")
_TILE = re.compile(r"^[A-Za-z0-9]+$")
DIRECTIONS = ("fwd", "back")
HAT_MOVES = ("take", "give", "swap")


@dataclass(frozen=True)
class VerflixxtAction(Action):
    """Orders by (class name, notation) like every Action, with the notation computed
    once per action: sorting legal actions is the hottest path of the soak tests."""

    @cached_property
    def _key(self) -> tuple[str, str]:
        return (type(self).__name__, self.notation())

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self._key[1]

    def __lt__(self, other: Action) -> bool:
        if isinstance(other, VerflixxtAction):
            return self._key < other._key
        return super().__lt__(other)


@dataclass(frozen=True)
class Roll(VerflixxtAction):
    """Base game: roll the die (the roll is chance inside apply)."""

    def notation(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Move(VerflixxtAction):
    """Base game: move one own pawn or a guardian by the die just rolled (VX-4)."""

    piece: str

    def notation(self) -> str:
        return f"move {self.piece}"


@dataclass(frozen=True)
class Draw(VerflixxtAction):
    """Expansion: turn up a card from the draw pile for the hat draw (VX-22)."""

    def notation(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Play(VerflixxtAction):
    """Expansion: play a card on a piece (VX-23). ``piece`` is None for a 0 card;
    ``direction`` (fwd/back) is given exactly when the piece wears the unlucky hat (VX-27)."""

    card: str
    piece: str | None = None
    direction: str | None = None

    def notation(self) -> str:
        parts = ["play", self.card]
        if self.piece is not None:
            parts.append(self.piece)
        if self.direction is not None:
            parts.append(self.direction)
        return " ".join(parts)


@dataclass(frozen=True)
class Stop(VerflixxtAction):
    """Expansion: end the turn after a yellow lead instead of a second move (VX-24)."""

    def notation(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Hat(VerflixxtAction):
    """Expansion: after a move, take / give / swap a hat with ``pawn``, or keep (VX-26)."""

    how: str
    pawn: str | None = None

    def notation(self) -> str:
        return "hat keep" if self.how == "keep" else f"hat {self.how} {self.pawn}"


@dataclass(frozen=True)
class Attack(VerflixxtAction):
    """Expansion, attack variant: play a pair of ``value`` from the tile ``tile`` (VX-31)."""

    value: int
    tile: str

    def notation(self) -> str:
        return f"attack {self.value} {self.tile}"


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError(f"not a text: {text!r}")
    return _parse(text)


@lru_cache(maxsize=4096)
def _parse(text: str) -> Action:
    parts = text.split()
    if not parts:
        raise NotationError("empty action")
    head, rest = parts[0], parts[1:]
    if head in ("roll", "draw", "stop") and not rest:
        return {"roll": Roll, "draw": Draw, "stop": Stop}[head]()
    if head == "move" and len(rest) == 1 and _PIECE.match(rest[0]):
        return Move(rest[0])
    if head == "play" and 1 <= len(rest) <= 3 and _CARD.match(rest[0]):
        piece = rest[1] if len(rest) > 1 else None
        direction = rest[2] if len(rest) > 2 else None
        if piece is not None and not _PIECE.match(piece):
            raise NotationError(f"{text!r}: {piece!r} is not a piece (a, b, c, g1..g8)")
        if direction is not None and direction not in DIRECTIONS:
            raise NotationError(f"{text!r}: direction must be fwd or back")
        return Play(rest[0], piece, direction)
    if head == "hat":
        if rest == ["keep"]:
            return Hat("keep")
        if len(rest) == 2 and rest[0] in HAT_MOVES and _PAWN.match(rest[1]):
            return Hat(rest[0], rest[1])
    if (
        head == "attack"
        and len(rest) == 2
        and rest[0] in ("-1", "1", "2", "3", "4", "5", "6")
        and _TILE.match(rest[1])
    ):
        return Attack(int(rest[0]), rest[1])
    raise NotationError(f"not a Verflixxt! action: {text!r}")


ActionT = TypeVar("ActionT", bound=VerflixxtAction)


# ``args`` are the fields of whichever action class ``cls`` is, so they are typed by it.
@lru_cache(maxsize=4096)
def make(cls: Callable[..., ActionT], *args: Any) -> ActionT:
    """The one shared instance of an action, so its notation is worked out only once."""
    return cls(*args)
