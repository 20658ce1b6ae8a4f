"""The amidakuji (CP-6) as a pure function, and the ladder's coordinates.

The same :func:`trace` scores a round and gives the scene the points each chicken
follows, so the picture can never disagree with the rules. Standard library only.

Coordinates: a point is ``(column, y)``, column 0..4 left to right, ``y`` growing
downwards in whole units. Ladder row ``r`` (0 = the start tile at the top, then the road
tiles in the order they were laid, then the hidden tile, then the goal tile with the
nests) spans ``y`` from ``4 r`` to ``4 r + 4``:

- the five holes of a start/goal tile are at ``4 r + 2``;
- a road tile's hole is at ``4 r + 1`` (above its rungs) or ``4 r + 3`` (below them);
- its rungs are at ``4 r + 2``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from .tiles import Band

ROW_HEIGHT = 4
RUNG_Y = 2
SEAT_Y = 2  # the holes of START and of the nest tiles
HOLE_ABOVE_Y, HOLE_BELOW_Y = 1, 3

Key = TypeVar("Key", bound=Hashable)
Point = tuple[int, int]


def rung_y(row: int) -> int:
    return row * ROW_HEIGHT + RUNG_Y


def seat_point(row: int, column: int) -> Point:
    """A hole of a start/goal tile lying in ladder row ``row``."""
    return column, row * ROW_HEIGHT + SEAT_Y


def hole_point(row: int, band: Band) -> Point:
    """The hole of a road tile lying in ladder row ``row`` (CP-2)."""
    return band.hole_column, row * ROW_HEIGHT + (HOLE_ABOVE_Y if band.hole_above else HOLE_BELOW_Y)


@dataclass(frozen=True)
class ChickenTrace:
    """One chicken's way down: every corner of its path, top to bottom (``y`` never
    decreases), and the ladder rows whose chick it passes, in the order it passes them."""

    start: int
    end: int
    points: tuple[Point, ...]
    collected: tuple[int, ...]


# A ladder row below the start tile: a road tile one way up and whether a chick stands in
# its hole, or ``None`` for a face-down tile that nobody can see (it is passed straight).
LaidRow = tuple[Band, bool]
LadderRow = LaidRow | None


def trace(starts: Mapping[Key, int], rows: Sequence[LadderRow]) -> dict[Key, ChickenTrace]:
    """CP-6: every chicken goes down its line, always downwards and always across a rung it
    meets, collecting each chick whose hole it passes. ``starts`` maps a chicken (any key)
    to its column in the start tile (row 0); ``rows[i]`` lies in ladder row ``i + 1``, and
    the goal tile below them in row ``len(rows) + 1``. Pure: nothing is changed."""
    goal_row = len(rows) + 1
    out: dict[Key, ChickenTrace] = {}
    for key, column in starts.items():
        points: list[Point] = [seat_point(0, column)]
        collected: list[int] = []
        for index, entry in enumerate(rows):
            if entry is None:
                continue
            band, chick = entry
            row = index + 1
            if chick and band.hole_above and band.hole_column == column:
                collected.append(row)
            across = band.exits[column]
            if across != column:
                y = rung_y(row)
                points.append((column, y))
                points.append((across, y))
                column = across
            if chick and not band.hole_above and band.hole_column == column:
                collected.append(row)
        points.append(seat_point(goal_row, column))
        out[key] = ChickenTrace(points[0][0], column, tuple(points), tuple(collected))
    return out
