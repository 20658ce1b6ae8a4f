"""Building a Duck! Duck! Go! board from the box's 16 double-sided tiles (issue #41).

Headless, standard library only, like the rest of the rules. A board being built is a
tuple of :class:`Placed` tiles (tile number, face, centre hex, rotation in 60° steps);
:func:`assemble` lays their faces on the hex grid (DDG-1, DDG-2) and gives the rules'
plain board data, :func:`live_check` says what keeps it from a race (DDG-42) and *where*
(the hexes to outline) and how many ducks it can take, and :func:`surprise` draws a
random board that passes DDG-42 for a number of ducks, reproducibly from a seed.

The faces come in as plain data (``{tile: {"A": [7 cells], "B": [7 cells]}}``, cells
``[kind]`` or ``["buoy", colour]``, in face order: centre, sides 0-5), as
game.boards.duck.load_tiles reads them from tiles.yaml: the rules read no file.

The live check is the rules' own: the board is compiled by :func:`board_from_data` and
judged from the same distance tables :func:`board_problems` uses, so a board the builder
passes is one ``check-board`` passes (tests/test_duck_builder.py holds them together).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .data import (
    COLOURS,
    DRAIN,
    FAR,
    LEVELS,
    MAX_DUCKS,
    Board,
    board_from_data,
)
from .hexes import DIRECTIONS, flower, normalise

Hex = tuple[int, int]
Faces = Mapping[int, Mapping[str, Sequence[Sequence[str]]]]
TILE_COUNT = 16
SIDES = ("A", "B")
MIN_DUCKS = 2  # the fewest players of a race (the registry's seats for the game)
# "Surprise me" sizes: how many of the 16 tiles, and the level the board is saved as (a
# bigger tub is a longer, harder race: the shipped beginner boards use 7 tiles).
SIZES: dict[str, tuple[int, str]] = {
    "small": (7, "beginner"),
    "medium": (10, "moderate"),
    "large": (14, "advanced"),
}
# Boards tried per "Surprise me" before giving up: over 100 seeds for every size and 2-6
# ducks the most drawn was 17 (small, 6 ducks; tools/bench_builder.py prints it).
MAX_ATTEMPTS = 400


@dataclass(frozen=True)
class Placed:
    """One of the box's tiles on the table: ``tile`` 1-16, ``side`` A or B (the face
    up), its centre hex ``q, r`` and ``rotation`` 0-5 (60° steps counter-clockwise)."""

    tile: int
    side: str
    q: int
    r: int
    rotation: int = 0

    def hexes(self) -> tuple[Hex, ...]:
        """The 7 hexes it covers, in face order (centre, then sides 0-5 turned)."""
        return flower(self.q, self.r, self.rotation)

    def moved(self, q: int, r: int) -> Placed:
        return Placed(self.tile, self.side, q, r, self.rotation)

    def turned(self, steps: int) -> Placed:
        return Placed(self.tile, self.side, self.q, self.r, (self.rotation + steps) % 6)

    def flipped(self) -> Placed:
        return Placed(self.tile, "B" if self.side == "A" else "A", self.q, self.r, self.rotation)


@dataclass(frozen=True)
class Problem:
    """One reason a board cannot be raced (DDG-42), in words the table translates:
    ``code`` drains | no_buoy | starts | unreachable | overlap, with ``count`` (drains
    found, start spaces missing), ``colour`` (the buoy's colour, "drain" for the drain)
    and ``hexes`` to outline on the board (the unreachable buoys or drain and the start
    spaces they cannot be reached from; the overlapping hexes)."""

    code: str
    hexes: tuple[Hex, ...] = ()
    count: int = 0
    colour: str = ""
    ducks: int = 0


@dataclass(frozen=True)
class Check:
    """The live check of a board being built for ``ducks`` ducks. ``players``: the most
    ducks it can take (0: none, whatever the count), so the lobby and the builder can
    say "takes 2-5 players"; ``problems`` empty means it can be raced at once."""

    ducks: int
    players: int
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return not self.problems


def cells(placed: Iterable[Placed], faces: Faces) -> tuple[dict[Hex, list[str]], list[Hex]]:
    """The board's hexes ``{hex: cell}`` and the hexes covered twice (where tiles overlap;
    the later tile's cell is dropped there)."""
    out: dict[Hex, list[str]] = {}
    overlaps: list[Hex] = []
    for tile in placed:
        for hex_, cell in zip(tile.hexes(), faces[tile.tile][tile.side]):
            if hex_ in out:
                overlaps.append(hex_)
            else:
                out[hex_] = list(cell)
    return out, overlaps


def assemble(
    placed: Sequence[Placed],
    faces: Faces,
    name: str = "My board",
    name_ja: str = "マイボード",
    level: str = "beginner",
) -> dict[str, Any]:
    """The rules' plain board data of the placed tiles (normalised as every loaded board
    is: top row r = 0, leftmost column 0), with ``tiles`` for the table's picture.
    ValueError for overlapping tiles or no tile at all."""
    if not placed:
        raise ValueError("no tile is placed")
    board_cells, overlaps = cells(placed, faces)
    if overlaps:
        raise ValueError(f"tiles overlap at hex {overlaps[0][0]},{overlaps[0][1]}")
    dq, dr = normalise(board_cells)
    hexes = sorted(
        ([q + dq, r + dr, *cell] for (q, r), cell in board_cells.items()),
        key=lambda h: (h[1], h[0]),
    )
    return {
        "name": name,
        "name_ja": name_ja,
        "level": level if level in LEVELS else LEVELS[0],
        "hexes": hexes,
        "tiles": [[t.tile, t.side, t.q + dq, t.r + dr] for t in placed],
    }


def _unreachable(board: Board) -> dict[int, set[int]]:
    """``{target: starts}``: the starts from which a target (a buoy colour 0-2, 3 the
    drain) cannot be reached, by the rules' own distance tables."""
    out: dict[int, set[int]] = {}
    targets = [c for c in range(len(COLOURS)) if board.buoys[c]]
    if board.drain >= 0:
        targets.append(3)
    for target in targets:
        cut_off = {s for s in board.starts if board.dist[target][s] >= FAR}
        if cut_off:
            out[target] = cut_off
    return out


def check_data(data: Mapping[str, Any], ducks: int) -> Check:
    """DDG-42 for plain board data and ``ducks`` ducks, with places (see :class:`Check`)."""
    board = board_from_data(data)
    problems: list[Problem] = []
    drains = [board.coords[i] for i, k in enumerate(board.kind) if k == DRAIN]
    if len(drains) != 1:
        problems.append(Problem("drains", tuple(drains), count=len(drains)))
    for c, name in enumerate(COLOURS):
        if not board.buoys[c]:
            problems.append(Problem("no_buoy", colour=name))
    starts = len(board.starts)
    if starts < ducks:
        problems.append(Problem("starts", count=ducks - starts, ducks=ducks))
    if len(drains) == 1:
        for target, cut_off in sorted(_unreachable(board).items()):
            goals = (board.drain,) if target == 3 else board.buoys[target]
            problems.append(
                Problem(
                    "unreachable",
                    tuple(board.coords[i] for i in (*goals, *sorted(cut_off))),
                    count=len(cut_off),
                    colour="drain" if target == 3 else COLOURS[target],
                )
            )
    # The players it takes: every problem but too few starts rules out any race.
    blocking = [p for p in problems if p.code != "starts"]
    players = 0 if blocking or starts < MIN_DUCKS else min(starts, MAX_DUCKS)
    return Check(ducks, players, tuple(problems))


def live_check(placed: Sequence[Placed], faces: Faces, ducks: int) -> Check:
    """DDG-42 for the tiles as they lie now, ``ducks`` ducks. Hexes are where the tiles
    lie (not normalised), so the table outlines them where it draws them."""
    if not placed:
        return Check(ducks, 0, (Problem("drains"),))
    board_cells, overlaps = cells(placed, faces)
    hexes = [[q, r, *cell] for (q, r), cell in board_cells.items()]
    check = check_data({"name": "-", "name_ja": "-", "level": LEVELS[0], "hexes": hexes}, ducks)
    if overlaps:
        overlap = Problem("overlap", tuple(dict.fromkeys(overlaps)))
        return Check(ducks, 0, (overlap, *check.problems))
    return check


def touching(placed: Sequence[Placed]) -> set[Hex]:
    """Centres where a tile would lie beside the others without overlapping them: its
    flower shares no hex with the board and touches at least one of its hexes."""
    taken = {h for tile in placed for h in tile.hexes()}
    if not taken:
        return {(0, 0)}
    rim = {(q + dq, r + dr) for q, r in taken for dq, dr in DIRECTIONS} - taken
    out = set()
    for q, r in {(q + dq, r + dr) for q, r in rim for dq, dr in ((0, 0), *DIRECTIONS)}:
        hexes = flower(q, r, 0)
        if not taken.intersection(hexes) and rim.intersection(hexes):
            out.add((q, r))
    return out


def _contact(centre: Hex, taken: set[Hex]) -> int:
    """How many of the board's hexes a flower at ``centre`` would touch."""
    q, r = centre
    hexes = set(flower(q, r, 0))
    rim = {(a + dq, b + dr) for a, b in hexes for dq, dr in DIRECTIONS} - hexes
    return len(rim & taken)


def _drain_faces(faces: Faces) -> set[tuple[int, str]]:
    return {
        (tile, side)
        for tile, both in faces.items()
        for side in SIDES
        if any(cell[0] == "drain" for cell in both[side])
    }


def _draw(rng: random.Random, faces: Faces, count: int) -> list[Placed]:
    """One random board of ``count`` tiles: one drain face, the rest without a drain,
    each laid touching the board at a spot weighted by how snugly it fits."""
    drain_faces = sorted(_drain_faces(faces))
    first = rng.choice(drain_faces) if drain_faces else None
    others = [t for t in sorted(faces) if first is None or t != first[0]]
    rng.shuffle(others)
    chosen: list[tuple[int, str]] = [first] if first else []
    for tile in others[: count - len(chosen)]:
        sides = [s for s in SIDES if (tile, s) not in drain_faces] or list(SIDES)
        chosen.append((tile, rng.choice(sides)))
    rng.shuffle(chosen)
    placed: list[Placed] = []
    taken: set[Hex] = set()
    for tile, side in chosen:
        spots = sorted(touching(placed))
        weights = [_contact(s, taken) ** 2 + 1 for s in spots]
        q, r = rng.choices(spots, weights)[0]
        tile_ = Placed(tile, side, q, r, rng.randrange(6))
        placed.append(tile_)
        taken.update(tile_.hexes())
    return placed


@dataclass(frozen=True)
class Surprise:
    """A "Surprise me" board: its tiles, the seed and size that build it again, and how
    many boards were drawn before one passed."""

    placed: tuple[Placed, ...]
    seed: int
    size: str
    ducks: int
    attempts: int


def surprise(faces: Faces, ducks: int, seed: int, size: str = "small") -> Surprise:
    """A random board of the box's tiles that passes DDG-42 for ``ducks`` ducks, the same
    for the same (faces, ducks, seed, size). ValueError for an unknown size, a duck count
    outside 2-6, or (never seen with the shipped tiles) no passing board in MAX_ATTEMPTS."""
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    if not MIN_DUCKS <= ducks <= MAX_DUCKS:
        raise ValueError(f"ducks must be {MIN_DUCKS}-{MAX_DUCKS}, not {ducks!r}")
    count = min(SIZES[size][0], len(faces))
    rng = random.Random(f"duck-surprise:{seed}:{size}:{ducks}")
    for attempt in range(1, MAX_ATTEMPTS + 1):
        placed = _draw(rng, faces, count)
        if live_check(placed, faces, ducks).ok:
            return Surprise(tuple(placed), seed, size, ducks, attempt)
    raise ValueError(f"no board of {count} tiles passes for {ducks} ducks (seed {seed})")
