"""Verflixxt! knowledge: the evaluation every level and the search share.

``evaluate`` reads only what every player sees (tiles, pieces, hats, chips), never hands,
so it works on views and determinized states alike. It sits below both the bots
(``game.ai.verflixxt``) and the base-game search (``game.ai.verflixxt_search``), which
both read it, so neither of those imports the other to get at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.protocol import GameState
from game.rules.verflixxt.data import FINISH, LUCKY, MINUS, PLUS, START
from game.rules.verflixxt.scoring import HAT_POINTS, tile_points
from game.rules.verflixxt.state import VerflixxtState

from . import state_of

if TYPE_CHECKING:
    from game.rules.verflixxt.scoring import TilePoints

HAT_WEIGHT = 0.9  # a worn hat almost surely scores for its wearer's owner (VX-29)
LONE_WEIGHT = 0.8  # a tile only one player's pawns stand on: probably theirs (VX-5)
THREAT_WEIGHT = 0.1  # ... less so per rival pawn within a die's reach behind it
LONE_FLOOR = 0.2
SHARED_WEIGHT = 0.8  # a tile several players stand on: split between them
PROGRESS_WEIGHT = 1.0  # per pawn, from start (0) to finish (1): keeps games moving
LUCKY_FLOOR = 3.0  # a lucky tile is worth something even with no minus tile yet
REACH = 6  # the die's largest count (VX-4); cards reach no further (VX-23)


def take_value(
    state: VerflixxtState, player: int, tile: str, now: TilePoints, lucky_held: bool = True
) -> float:
    """What taking ``tile`` would add to ``player``'s tiles (VX-7 and VX-25 included).
    A plus tile, or a minus tile for a player without lucky tiles, is just its value."""
    box = state.box
    kind = box.kinds[tile]
    if kind == PLUS or (kind == MINUS and not lucky_held):
        return float(box.values[tile])
    after = tile_points(state.taken[player] + [tile], box.kinds, box.values)
    gain: float = (
        after["track"] + after["lucky"] + after["risk"] - now["track"] - now["lucky"] - now["risk"]
    )
    if kind == LUCKY:
        gain = max(gain, LUCKY_FLOOR)
    return gain


def evaluate(state: GameState, player: int) -> float:
    """The player's prospects: points held, hats worn, the tiles their pawns stand on
    (counted at the odds of being the last to leave them) and progress towards the finish.
    Absolute, not relative: greedy and the search compare it with the other players'
    themselves."""
    return evaluate_all(state)[player]


def evaluate_all(state: GameState) -> list[float]:
    """Every player's prospects (see ``evaluate``) in one pass, for the search. Each
    unguarded tile with pawns on it counts once: a tile one player holds alone is theirs
    at LONE_WEIGHT, less for each rival pawn that could still land on it (pieces only
    move forward, VX-4); a tile several players share is split between them (whoever
    leaves last takes it, VX-5). The search's playouts call it for every move they
    weigh, so the track's numbering and what a tile would add are remembered (the same
    piles and tracks come back again and again); the sums are the same, in the same
    order."""
    state = state_of(VerflixxtState, state)
    index = _index_of(state.track)
    last = len(index) - 1
    guarded = state.guardians
    owners: dict[str, set[int]] = {}
    line = [0] * len(index)  # pawns out on each track index
    mine: list[list[int]] = [[] for _ in state.pawns]  # each player's pawns out
    values = [0.0] * state.players
    for q, row in enumerate(state.pawns):
        for pos in row:
            if pos == FINISH:
                values[q] += PROGRESS_WEIGHT
                continue
            at = index[pos]
            line[at] += 1
            mine[q].append(at)
            values[q] += PROGRESS_WEIGHT * at / last
            if pos != START and pos not in guarded:
                holders = owners.get(pos)
                if holders is None:
                    owners[pos] = {q}
                else:
                    holders.add(q)
    for hat, pawn in state.hat_on.items():
        if pawn is not None:
            values[int(pawn[:-1])] += HAT_WEIGHT * HAT_POINTS[hat]
    piles = [_pile_of(state, q) for q in range(state.players)]
    for q, pile in enumerate(piles):
        values[q] += (
            pile.points + sum(state.chips_won[q]) + sum(HAT_POINTS[h] for h in state.hats_home[q])
        )
    for tile, holders in owners.items():
        if len(holders) == 1:
            q = next(iter(holders))
            at = index[tile]
            lo = at - REACH if at > REACH else 0
            threats = sum(line[lo:at]) - sum(1 for i in mine[q] if lo <= i < at)
            weight = max(LONE_FLOOR, LONE_WEIGHT - THREAT_WEIGHT * threats)
            values[q] += weight * piles[q].gain(state, q, tile)
        else:
            for q in holders:
                values[q] += SHARED_WEIGHT / len(holders) * piles[q].gain(state, q, tile)
    return values


class _Pile:
    """One pile of taken tiles as the evaluation reads it: its points (VX-7, VX-25),
    whether it holds a lucky tile, and what each tile would add to it (``take_value``),
    worked out once per pile and tile."""

    __slots__ = ("box", "gains", "lucky", "points")

    def __init__(self, state: VerflixxtState, player: int) -> None:
        box = self.box = state.box
        now = tile_points(state.taken[player], box.kinds, box.values)
        self.points = now["track"] + now["lucky"] + now["risk"]
        self.lucky = any(box.kinds[t] == LUCKY for t in state.taken[player])
        self.gains: dict[str, float] = {}

    def gain(self, state: VerflixxtState, player: int, tile: str) -> float:
        got = self.gains.get(tile)
        if got is None:
            now = tile_points(state.taken[player], self.box.kinds, self.box.values)
            got = self.gains[tile] = take_value(state, player, tile, now, self.lucky)
        return got


_PILES: dict[tuple[int, tuple[str, ...]], _Pile] = {}
_INDEXES: dict[tuple[str, ...], dict[str, int]] = {}
_MEMO_LIMIT = 20_000  # piles or tracks remembered before starting afresh


def _pile_of(state: VerflixxtState, player: int) -> _Pile:
    key = (id(state.box), tuple(state.taken[player]))
    pile = _PILES.get(key)
    if pile is None or pile.box is not state.box:  # an id may be reused by a later box
        if len(_PILES) > _MEMO_LIMIT:
            _PILES.clear()
        pile = _PILES[key] = _Pile(state, player)
    return pile


def _index_of(track: list[str]) -> dict[str, int]:
    """Each tile's place on the track as it lies now (it closes up, VX-5)."""
    key = tuple(track)
    got = _INDEXES.get(key)
    if got is None:
        if len(_INDEXES) > _MEMO_LIMIT:
            _INDEXES.clear()
        got = _INDEXES[key] = {tile: i for i, tile in enumerate(track)}
    return got


def standing(state: GameState, player: int) -> float:
    """Own evaluation minus the others' average (what greedy maximizes)."""
    values = evaluate_all(state)
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - sum(others) / len(others)
