"""Verflixxt! knowledge: the evaluation every level and the search share.

``evaluate`` reads only what every player sees (tiles, pieces, hats, chips), never hands,
so it works on views and determinized states alike. It sits below both the bots
(``game.ai.verflixxt``) and the base-game search (``game.ai.verflixxt_search``), which
both read it, so neither of those imports the other to get at it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.protocol import GameState
from game.rules.verflixxt.data import FINISH, LUCKY, MINUS, PLUS, START, Box
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


_POINTS: dict[tuple[int, tuple[str, ...]], tuple[Box, TilePoints]] = {}


def _tile_points(state: VerflixxtState, player: int) -> TilePoints:
    """``tile_points`` of the player's tiles, remembered: the search asks for the same
    piles again and again."""
    box = state.box
    key = (id(box), tuple(state.taken[player]))
    entry = _POINTS.get(key)
    if entry is None or entry[0] is not box:
        if len(_POINTS) > 20_000:
            _POINTS.clear()
        entry = _POINTS[key] = (box, tile_points(state.taken[player], box.kinds, box.values))
    return entry[1]


def evaluate_all(state: GameState) -> list[float]:
    """Every player's prospects (see ``evaluate``) in one pass, for the search. Each
    unguarded tile with pawns on it counts once: a tile one player holds alone is theirs
    at LONE_WEIGHT, less for each rival pawn that could still land on it (pieces only
    move forward, VX-4); a tile several players share is split between them (whoever
    leaves last takes it, VX-5)."""
    state = state_of(VerflixxtState, state)
    box = state.box
    kinds = box.kinds
    track = state.track
    index = {tile: i for i, tile in enumerate(track)}
    last = len(track) - 1
    guarded = set(state.guardians)
    owners: dict[str, set[int]] = {}
    spots: list[tuple[int, int]] = []  # (track index, player) of every pawn out
    values = [0.0] * state.players
    for q, row in enumerate(state.pawns):
        for pos in row:
            if pos == FINISH:
                values[q] += PROGRESS_WEIGHT
                continue
            at = index[pos]
            spots.append((at, q))
            values[q] += PROGRESS_WEIGHT * at / last
            if pos != START and pos not in guarded:
                owners.setdefault(pos, set()).add(q)
    for hat, pawn in state.hat_on.items():
        if pawn is not None:
            values[int(pawn[:-1])] += HAT_WEIGHT * HAT_POINTS[hat]
    nows = [_tile_points(state, q) for q in range(state.players)]
    lucky = [any(kinds[t] == LUCKY for t in taken) for taken in state.taken]
    for q, now in enumerate(nows):
        values[q] += (
            now["track"]
            + now["lucky"]
            + now["risk"]
            + sum(state.chips_won[q])
            + sum(HAT_POINTS[h] for h in state.hats_home[q])
        )
    for tile, holders in owners.items():
        if len(holders) == 1:
            q = next(iter(holders))
            at = index[tile]
            threats = sum(1 for i, r in spots if r != q and 1 <= at - i <= REACH)
            weight = max(LONE_FLOOR, LONE_WEIGHT - THREAT_WEIGHT * threats)
            values[q] += weight * take_value(state, q, tile, nows[q], lucky[q])
        else:
            for q in holders:
                values[q] += (
                    SHARED_WEIGHT / len(holders) * take_value(state, q, tile, nows[q], lucky[q])
                )
    return values


def standing(state: GameState, player: int) -> float:
    """Own evaluation minus the others' average (what greedy maximizes)."""
    values = evaluate_all(state)
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - sum(others) / len(others)
