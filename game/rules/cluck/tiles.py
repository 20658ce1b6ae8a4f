"""The tiles of Cluck-peep! (CP-1, CP-2): road tiles, their two ways up, and the five-hole
start/goal tiles (START and the nest tiles).

The tile *data* (which rungs, where the hole, where the nests) is designed in
``data/boards/cluck/tiles.yaml`` and reaches the rules as plain data through the game's
options; :func:`tile_set_from_data` checks it against the rules and builds the value types.
Standard library only.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..protocol import RulesDataError

COLUMNS = 5  # CP-1: every tile is as wide as START: vertical lines 0..4
ROAD_TILE_COUNT = 14  # CP-1
NEST_TILE_COUNT = 5  # CP-1
MIN_NESTS, MAX_NESTS = 2, 4  # CP-2
ABOVE, BELOW = "above", "below"


@dataclass(frozen=True)
class Band:
    """A road tile as it lies in the ladder, one way up (CP-2).

    ``rungs`` holds the left column of each rung (rung ``r`` joins columns ``r`` and
    ``r + 1``); the hole is on the vertical line ``hole_column``, above or below the rungs.
    All rungs of a tile lie at one height: they never touch, so their order would not matter.
    """

    rungs: tuple[int, ...]
    hole_column: int
    hole_above: bool
    # Derived once, for the trace and the bots: where a chicken entering column c leaves
    # the band, and which entering column's chicken passes the hole.
    exits: tuple[int, ...] = field(init=False, compare=False, repr=False)
    collector: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        exits = list(range(COLUMNS))
        for r in self.rungs:
            exits[r], exits[r + 1] = r + 1, r
        object.__setattr__(self, "exits", tuple(exits))
        if self.hole_above:
            collector = self.hole_column
        else:
            collector = exits.index(self.hole_column)
        object.__setattr__(self, "collector", collector)

    def turned(self) -> Band:
        """Upside down (180°): column c -> 4 - c, rung r|r+1 -> 3-r|4-r, above <-> below."""
        last = COLUMNS - 1
        return Band(
            tuple(sorted(last - 1 - r for r in self.rungs)),
            last - self.hole_column,
            not self.hole_above,
        )

    @property
    def hole_side(self) -> str:
        return ABOVE if self.hole_above else BELOW

    def plays_like(self, other: Band) -> bool:
        """Same moves and the same chicken passes the hole: no difference in play."""
        return self.exits == other.exits and self.collector == other.collector


@dataclass(frozen=True)
class RoadTile:
    id: int
    up: Band

    def band(self, turned: bool) -> Band:
        return self.up.turned() if turned else self.up


@dataclass(frozen=True)
class GoalTile:
    """START or a nest tile: five holes, nests drawn at some of them."""

    id: str
    nests: frozenset[int]


@dataclass(frozen=True)
class TileSet:
    start: GoalTile
    road: Mapping[int, RoadTile]
    nest: Mapping[str, GoalTile]
    _bands: Mapping[tuple[int, bool], Band] = field(compare=False, repr=False)

    @property
    def road_ids(self) -> tuple[int, ...]:
        return tuple(self.road)

    def band(self, tile: int, turned: bool) -> Band:
        return self._bands[tile, turned]

    def goal(self, tile_id: str) -> GoalTile:
        return self.start if tile_id == self.start.id else self.nest[tile_id]

    def to_data(self) -> dict[str, Any]:
        """The canonical JSON form (what the loader gives and saves keep)."""
        return {
            "start": {"id": self.start.id},
            "road": [
                {
                    "id": t.id,
                    "rungs": list(t.up.rungs),
                    "hole": {"column": t.up.hole_column, "side": t.up.hole_side},
                }
                for t in self.road.values()
            ],
            "nest": [{"id": n.id, "nests": sorted(n.nests)} for n in self.nest.values()],
        }


# -- checking the data against the rules ---------------------------------------------------
def _mapping(value: Any, place: str, keys: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RulesDataError(place, f"must be a mapping with {', '.join(sorted(keys))}")
    for key in value:
        if key not in keys:
            raise RulesDataError(f"{place}.{key}" if place else str(key), "unknown key")
    for key in sorted(keys):
        if key not in value:
            raise RulesDataError(f"{place}.{key}" if place else key, "missing")
    return value


def _int(value: Any, place: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesDataError(place, f"must be a whole number, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise RulesDataError(place, f"must be {bound}, not {value}")
    return value


def _list(value: Any, place: str, count: int | tuple[int, int]) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise RulesDataError(place, "must be a list")
    low, high = (count, count) if isinstance(count, int) else count
    if not low <= len(value) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise RulesDataError(place, f"must hold {wanted} entries, not {len(value)}")
    return list(value)


def _name(value: Any, place: str) -> str:
    if not isinstance(value, str) or not value.strip() or value != value.strip():
        raise RulesDataError(place, f"must be a non-empty name, not {value!r}")
    return value


def _road_tile(raw: Any, place: str) -> RoadTile:
    raw = _mapping(raw, place, {"id", "rungs", "hole"})
    tile_id = _int(raw["id"], f"{place}.id", 1)
    rungs = _list(raw["rungs"], f"{place}.rungs", (1, 2))
    rungs = sorted(_int(r, f"{place}.rungs[{i}]", 0, COLUMNS - 2) for i, r in enumerate(rungs))
    for a, b in itertools.pairwise(rungs):
        if b - a < 2:
            raise RulesDataError(
                f"{place}.rungs", f"rungs {a}|{a + 1} and {b}|{b + 1} touch (CP-2: never)"
            )
    hole = _mapping(raw["hole"], f"{place}.hole", {"column", "side"})
    column = _int(hole["column"], f"{place}.hole.column", 0, COLUMNS - 1)
    side = hole["side"]
    if side not in (ABOVE, BELOW):
        raise RulesDataError(f"{place}.hole.side", f"must be {ABOVE} or {BELOW}, not {side!r}")
    return RoadTile(tile_id, Band(tuple(rungs), column, side == ABOVE))


def _goal_tile(raw: Any, place: str) -> GoalTile:
    raw = _mapping(raw, place, {"id", "nests"})
    tile_id = _name(raw["id"], f"{place}.id")
    nests = _list(raw["nests"], f"{place}.nests", (MIN_NESTS, MAX_NESTS))
    columns = [_int(c, f"{place}.nests[{i}]", 0, COLUMNS - 1) for i, c in enumerate(nests)]
    if len(set(columns)) != len(columns):
        raise RulesDataError(f"{place}.nests", "a position is named twice")
    return GoalTile(tile_id, frozenset(columns))


def tile_set_from_data(data: Any) -> TileSet:
    """Check tile data against CP-1/CP-2 and build the tile set; RulesDataError names the
    place (``road[3].rungs``) and the problem."""
    data = _mapping(data, "", {"start", "road", "nest"})
    start_raw = _mapping(data["start"], "start", {"id"})
    start = GoalTile(_name(start_raw["id"], "start.id"), frozenset())

    road: dict[int, RoadTile] = {}
    for index, raw in enumerate(_list(data["road"], "road", ROAD_TILE_COUNT)):
        place = f"road[{index}]"
        tile = _road_tile(raw, place)
        if tile.id in road:
            raise RulesDataError(f"{place}.id", f"tile id {tile.id} is used twice")
        for other in road.values():
            if tile.up.plays_like(other.up) or tile.up.plays_like(other.up.turned()):
                raise RulesDataError(
                    place, f"plays the same as tile {other.id} (CP-2: all road tiles are different)"
                )
        road[tile.id] = tile

    nest: dict[str, GoalTile] = {}
    for index, raw in enumerate(_list(data["nest"], "nest", NEST_TILE_COUNT)):
        place = f"nest[{index}]"
        goal = _goal_tile(raw, place)
        if goal.id in nest or goal.id == start.id:
            raise RulesDataError(f"{place}.id", f"tile id {goal.id!r} is used twice")
        for earlier in nest.values():
            if goal.nests == earlier.nests:
                raise RulesDataError(
                    f"{place}.nests",
                    f"the same nests as {earlier.id} (CP-2: all nest tiles are different)",
                )
        nest[goal.id] = goal

    bands = {(t.id, turned): t.band(turned) for t in road.values() for turned in (False, True)}
    return TileSet(start, road, nest, bands)
