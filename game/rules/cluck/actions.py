"""The actions of Cluck-peep! and their notation: ``hole C`` (put your chicken into free
hole C of START, CP-3) and ``place T up`` / ``place T turned`` (lay road tile T from your
hand, upright or upside down, below the ladder, CP-4)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..protocol import Action, NotationError

UP, TURNED = "up", "turned"


@dataclass(frozen=True)
class ChooseHole(Action):
    """CP-3: put your chicken into a free hole of START."""

    column: int

    def __str__(self) -> str:
        return f"hole {self.column}"


@dataclass(frozen=True)
class PlaceTile(Action):
    """CP-4: place a tile from your hand below the ladder, upright or turned (CP-2)."""

    tile: int
    turned: bool

    def __str__(self) -> str:
        return f"place {self.tile} {TURNED if self.turned else UP}"


_HOLE = re.compile(r"hole ([0-4])")
_PLACE = re.compile(r"place ([1-9][0-9]*) (up|turned)")


def parse_action(text: str) -> Action:
    if isinstance(text, str):
        if m := _HOLE.fullmatch(text):
            return ChooseHole(int(m.group(1)))
        if m := _PLACE.fullmatch(text):
            return PlaceTile(int(m.group(1)), m.group(2) == TURNED)
    raise NotationError(
        f"not a Cluck-peep! action: {text!r} (expected 'hole C' or 'place T up|turned')"
    )
