"""Hex geometry of the tub (DDG-1): axial coordinates (q, r) and the six sides.

Facings and step directions are side indices 0-5, never corners. Drawn pointy-top,
0 is east and the indices go counter-clockwise, so +1 is a 60° turn to the left::

        2   1
      3   *   0
        4   5

A tile face is a "flower": a centre hex and its six neighbours, listed in side order.
"""

from __future__ import annotations

from collections.abc import Iterable

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Turns and relative facings by name, in 60° steps (positive = to the left).
TURNS = {"F": 0, "L": 1, "LL": 2, "R": -1, "RR": -2, "B": 3}
TURN_NAMES = {value: name for name, value in TURNS.items()}


def neighbour(q: int, r: int, side: int) -> tuple[int, int]:
    dq, dr = DIRECTIONS[side % 6]
    return q + dq, r + dr


def back(heading: int) -> int:
    """The heading after a bonk: 180° from the blocked step's direction (DDG-13)."""
    return (heading + 3) % 6


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def flower(q: int, r: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """The 7 hexes of a tile face centred on (q, r), in face order (centre, sides 0-5)
    after turning the face ``rotation`` 60° steps counter-clockwise."""
    return ((q, r),) + tuple(neighbour(q, r, side + rotation) for side in range(6))


def normalise(hexes: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """The translation (dq, dr) that puts a hex set's top row at r = 0 and its leftmost
    column (in odd-r offset columns) at 0, so a board has one canonical position
    whichever file or tile placement it came from."""
    hexes = list(hexes)
    dr = -min(r for _, r in hexes)
    dq = -min(q + (r + dr - ((r + dr) & 1)) // 2 for q, r in hexes)
    return dq, dr
