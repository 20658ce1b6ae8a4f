"""The scoring table and counts of Eight Routes, as plain data, and the scoring itself.

The numbers live in ``data/boards/routes/scoring.yaml`` (read by ``game.boards.routes``)
and reach the rules through ``options["scoring"]``. This module checks that data
against what the seed sheet fixes (ER-30..ER-38) and scores positions with it.
The places named in errors follow the YAML file (``routes.2.ranks[3]``).

A table, normalised (JSON-compatible, route keys are strings)::

    {"dice_per_player": 4, "rounds_per_player": 2,
     "ranks_counted": {"3": 3, "4": 4, "5": 5},
     "routes": {"1": {"spaces": [20 ints]},                  # position routes 1 and 7
                "2": {"ranks": [12, 9, 6, 3, 1], "min_space": 5}, ...}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict, TypeGuard, final

from ..protocol import RulesDataError

ROUTES = 8
SPACES = 20
PLAYER_COUNTS = (3, 4, 5)
POSITION_ROUTES = (1, 7)  # ER-30
# ER-32..ER-36: how many ranks score, fixed by the sheet; route 8 (ER-38) is ours.
SHEET_RANK_COUNTS = {2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
MAX_RANKS = 5


@final  # final, so ``"spaces" in entry`` tells the two kinds apart
class PositionRoute(TypedDict):
    """A route scored by the space each marker reached (ER-30)."""

    spaces: list[int]  # the value of spaces 1-20


@final
class RankRoute(TypedDict):
    """A route scored by the rank of the markers at ``min_space`` or beyond (ER-30)."""

    ranks: list[int]  # the points of 1st, 2nd, ...
    min_space: int


class ScoringTable(TypedDict):
    """A normalised table (see the module docstring)."""

    dice_per_player: int
    rounds_per_player: int
    ranks_counted: dict[str, int]
    routes: dict[str, PositionRoute | RankRoute]


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, place: str, low: int | None = None, high: int | None = None) -> int:
    if not _is_int(value):
        raise RulesDataError(place, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise RulesDataError(place, f"must be at least {low}, not {value}")
    if high is not None and value > high:
        raise RulesDataError(place, f"must be at most {high}, not {value}")
    return value


def _int_list(value: Any, place: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise RulesDataError(place, f"must be a list of whole numbers, not {value!r}")
    return [_int(v, f"{place}[{i}]") for i, v in enumerate(value)]


def _keyed(mapping: Any, place: str, wanted: Sequence[int], what: str) -> dict[int, Any]:
    """A mapping keyed by the numbers in ``wanted`` (YAML gives ints, JSON strings)."""
    if not isinstance(mapping, Mapping):
        raise RulesDataError(place, f"must be a mapping of {what}")
    out: dict[int, Any] = {}
    for key, value in mapping.items():
        number = key
        if isinstance(key, str) and key.strip().isdigit():
            number = int(key)
        if not _is_int(number) or number not in wanted:
            raise RulesDataError(
                f"{place}.{key}",
                f"unknown {what[:-1]} (expected one of {', '.join(map(str, wanted))})",
            )
        if number in out:
            raise RulesDataError(f"{place}.{key}", f"{what[:-1]} {number} is given twice")
        out[number] = value
    missing = [n for n in wanted if n not in out]
    if missing:
        raise RulesDataError(place, f"missing {what}: {', '.join(map(str, missing))}")
    return out


def _position_route(route: int, data: Mapping[str, Any], place: str) -> PositionRoute:
    if "ranks" in data or "min_space" in data:
        raise RulesDataError(place, f"route {route} scores by position (ER-30): give 'spaces' only")
    if "spaces" not in data:
        raise RulesDataError(place, "missing 'spaces' (the value of each of the 20 spaces)")
    spaces = _int_list(data["spaces"], f"{place}.spaces")
    if len(spaces) != SPACES:
        raise RulesDataError(
            f"{place}.spaces", f"needs {SPACES} values (spaces 1-20), not {len(spaces)}"
        )
    if route == 1:
        # ER-31 (sheet): every space differs, and 11-20 pay more per step than 1-10.
        if len(set(spaces)) != SPACES:
            raise RulesDataError(f"{place}.spaces", "route 1: all 20 values must differ (ER-31)")
        if spaces[19] - spaces[9] <= spaces[9]:
            raise RulesDataError(
                f"{place}.spaces",
                "route 1: spaces 11-20 must gain more per step than spaces 1-10 (ER-31)",
            )
    return {"spaces": spaces}


def _rank_route(route: int, data: Mapping[str, Any], place: str) -> RankRoute:
    if "spaces" in data:
        raise RulesDataError(
            place, f"route {route} scores by rank (ER-30): give 'ranks', not 'spaces'"
        )
    if "ranks" not in data:
        raise RulesDataError(place, "missing 'ranks' (the points of 1st, 2nd, ... place)")
    ranks = _int_list(data["ranks"], f"{place}.ranks")
    wanted = SHEET_RANK_COUNTS.get(route)
    if wanted is not None and len(ranks) != wanted:
        raise RulesDataError(
            f"{place}.ranks",
            f"route {route} scores {wanted} rank"
            f"{'s' if wanted > 1 else ''} (sheet), "
            f"not {len(ranks)}",
        )
    if not 1 <= len(ranks) <= MAX_RANKS:
        raise RulesDataError(f"{place}.ranks", f"needs 1 to {MAX_RANKS} ranks, not {len(ranks)}")
    for i in range(1, len(ranks)):
        if ranks[i] > ranks[i - 1]:
            raise RulesDataError(
                f"{place}.ranks[{i}]", "a lower rank may not score more than a higher one"
            )
    min_space = _int(data.get("min_space", 1), f"{place}.min_space", 1, SPACES)
    return {"ranks": ranks, "min_space": min_space}


def validate_table(data: Any) -> ScoringTable:
    """The normalised table, or RulesDataError(place, problem) naming what is wrong."""
    if not isinstance(data, Mapping):
        raise RulesDataError("", "the scoring table must be a mapping")
    known = {"dice_per_player", "rounds_per_player", "ranks_counted", "routes"}
    for key in data:
        if key not in known:
            raise RulesDataError(str(key), "unknown key")
    for key in ("dice_per_player", "rounds_per_player", "ranks_counted", "routes"):
        if key not in data:
            raise RulesDataError(key, "missing")
    dice = _int(data["dice_per_player"], "dice_per_player", 1, 20)
    rounds = _int(data["rounds_per_player"], "rounds_per_player", 1, 10)
    counted_raw = _keyed(data["ranks_counted"], "ranks_counted", PLAYER_COUNTS, "player counts")
    counted = {
        str(n): _int(v, f"ranks_counted.{n}", 1, MAX_RANKS) for n, v in sorted(counted_raw.items())
    }
    routes_raw = _keyed(data["routes"], "routes", range(1, ROUTES + 1), "routes")
    routes: dict[str, PositionRoute | RankRoute] = {}
    for route in range(1, ROUTES + 1):
        place = f"routes.{route}"
        entry = routes_raw[route]
        if not isinstance(entry, Mapping):
            raise RulesDataError(place, "must be a mapping")
        for key in entry:
            if key not in ("spaces", "ranks", "min_space"):
                raise RulesDataError(f"{place}.{key}", "unknown key")
        if route in POSITION_ROUTES:
            routes[str(route)] = _position_route(route, entry, place)
        else:
            routes[str(route)] = _rank_route(route, entry, place)
    return {
        "dice_per_player": dice,
        "rounds_per_player": rounds,
        "ranks_counted": counted,
        "routes": routes,
    }


class Scorer:
    """A validated table turned into tuples for fast scoring of a given player count."""

    __slots__ = ("min_space", "players", "ranks", "spaces")

    def __init__(self, table: ScoringTable, players: int):
        self.players = players
        counted = table["ranks_counted"][str(players)]
        self.spaces: list[tuple[int, ...] | None] = []
        self.ranks: list[tuple[int, ...] | None] = []
        self.min_space: list[int] = []
        for route in range(1, ROUTES + 1):
            entry = table["routes"][str(route)]
            if "spaces" in entry:
                self.spaces.append(tuple(entry["spaces"]))
                self.ranks.append(None)
                self.min_space.append(1)
            else:
                self.spaces.append(None)
                # ER-30: ranks beyond the number of players are ignored.
                self.ranks.append(tuple(entry["ranks"][: min(counted, players)]))
                self.min_space.append(entry["min_space"])

    def route_points(self, r: int, pos: Sequence[int], stamp: Sequence[int]) -> list[int]:
        """Points per player that route index ``r`` (0-7) gives for these markers."""
        points = [0] * self.players
        spaces = self.spaces[r]
        if spaces is not None:
            for p, space in enumerate(pos):
                if space:
                    points[p] = spaces[space - 1]
            return points
        ranks = self.ranks[r]
        assert ranks is not None, "a route scores by position or by rank"
        order = ranking(pos, stamp, self.min_space[r])
        for rank, p in enumerate(order[: len(ranks)]):
            points[p] = ranks[rank]
        return points

    def breakdown(
        self, pos: Sequence[Sequence[int]], stamp: Sequence[Sequence[int]]
    ) -> list[list[int]]:
        return [self.route_points(r, pos[r], stamp[r]) for r in range(ROUTES)]


def ranking(pos: Sequence[int], stamp: Sequence[int], min_space: int = 1) -> list[int]:
    """Players with a marker on the route at ``min_space`` or beyond, best first: the
    farther space first, on the same space the upper marker (later arrival, ER-20e)."""
    ranked = [p for p, space in enumerate(pos) if space >= min_space and space]
    ranked.sort(key=lambda p: (pos[p], stamp[p]), reverse=True)
    return ranked
