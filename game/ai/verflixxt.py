"""Verflixxt! knowledge for the bots: an evaluation and the easy and normal (greedy) levels.

``evaluate`` reads only what every player sees (tiles, pieces, hats, chips), never hands,
so it works on views and determinized states alike. Bots get a view and look one action
ahead on a determinization of it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.rules.protocol import Action, GameState
from game.rules.verflixxt.actions import Hat, Move, Play
from game.rules.verflixxt.box import FINISH, LUCKY, MINUS, PLUS, START, Box, card_value
from game.rules.verflixxt.scoring import HAT_POINTS, tile_points
from game.rules.verflixxt.state import VerflixxtState

from . import state_of

if TYPE_CHECKING:
    from game.rules.verflixxt.scoring import TilePoints

    from .search import SearchBot

HAT_WEIGHT = 0.9  # a worn hat almost surely scores for its wearer's owner (VX-29)
LONE_WEIGHT = 0.8  # a tile only one player's pawns stand on: probably theirs (VX-5)
THREAT_WEIGHT = 0.1  # ... less so per rival pawn within a die's reach behind it
LONE_FLOOR = 0.2
SHARED_WEIGHT = 0.8  # a tile several players stand on: split between them
PROGRESS_WEIGHT = 1.0  # per pawn, from start (0) to finish (1): keeps games moving
LUCKY_FLOOR = 3.0  # a lucky tile is worth something even with no minus tile yet
REACH = 6  # the die's largest count (VX-4); cards reach no further (VX-23)


def _take_value(
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
            values[q] += weight * _take_value(state, q, tile, nows[q], lucky[q])
        else:
            for q in holders:
                values[q] += (
                    SHARED_WEIGHT / len(holders) * _take_value(state, q, tile, nows[q], lucky[q])
                )
    return values


def standing(state: GameState, player: int) -> float:
    """Own evaluation minus the others' average (what greedy maximizes)."""
    values = evaluate_all(state)
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - sum(others) / len(others)


def _outcomes(view: GameState, player: int, rng: random.Random) -> list[tuple[float, Action]]:
    """Each legal action with the evaluation after it, on one determinization."""
    full = view.determinize(rng)
    out = []
    for action in view.legal_actions(player):
        after = full.clone()
        after.apply(player, action)
        out.append((standing(after, player), action))
    return out


def normal(view: GameState, player: int, rng: random.Random) -> Action:
    """Greedy: the action with the best evaluation one step ahead (ties at random)."""
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    scored = _outcomes(view, player, rng)
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])


def easy(view: GameState, player: int, rng: random.Random) -> Action:
    """Random, but never an obviously poor move when another will do: nothing that loses
    points on the spot (leaving a minus tile to take, handing over the lucky hat, taking
    the unlucky one); half the time the move that gains most on the spot. Cheap (no look
    ahead), so the search can use it for its playouts."""
    view = state_of(VerflixxtState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    scored = [(_gain_on_the_spot(view, player, action), action) for action in legal]
    if rng.random() < 0.5:
        best = max(gain for gain, _ in scored)
        return rng.choice([a for gain, a in scored if gain == best])
    return rng.choice([a for gain, a in scored if gain >= 0] or list(legal))


def _gain_on_the_spot(state: VerflixxtState, player: int, action: Action) -> float:
    """Points an action wins or loses at once: the tile its pawn leaves behind, or a hat."""
    if isinstance(action, Hat):
        if action.how == "keep":
            return 0.0
        mover, other = state.hat_pawn, action.pawn
        if mover is None or other is None:
            raise ValueError(f"{action}: a hat passes after a move, between two pawns")
        mine, theirs = state.hat_of(mover), state.hat_of(other)
        own_other = int(other[:-1]) == player
        moved_in = HAT_POINTS[theirs] if theirs else 0
        moved_out = HAT_POINTS[mine] if mine else 0
        return 0.0 if own_other else float(moved_in - moved_out)
    piece = action.piece if isinstance(action, (Move, Play)) else None
    if piece is None or piece[0] == "g":
        return 0.0
    if (
        isinstance(action, Play)
        and card_value(action.card) == -1
        and action.direction is None
        and state.pawns[player][ord(piece) - 97] == START
    ):
        return 0.0
    pos = state.pawns[player][ord(piece) - 97]
    if pos == START or pos in state.guardians or len(state.pawns_on(pos)) > 1:
        return 0.0
    box = state.box
    now = tile_points(state.taken[player], box.kinds, box.values)
    return _take_value(state, player, pos, now)


def _worn(state: VerflixxtState, player: int) -> float:
    return sum(
        HAT_POINTS[hat]
        for hat, pawn in state.hat_on.items()
        if pawn is not None and int(pawn[:-1]) == player
    )


HARD_BUDGET_MS = 50.0  # the default thinking time; the setting scales the work
HARD_EVALUATIONS = 4000  # at the default: ~4,000 evaluations with their moves take
# 10-40 ms when the tree is that big; most trees are smaller


_HATS_SEARCH: dict[float, SearchBot] = {}


def _hats_search(budget_ms: float) -> SearchBot:
    """The expansion keeps the generic search (``game.ai.search``): cards are hidden, so
    its determinized playouts fit it; scored as the chance of winning, as the base-game
    search does. Made once per thinking time."""
    if budget_ms not in _HATS_SEARCH:
        from .search import SearchBot
        from .verflixxt_search import chance_of_winning

        class HatsSearch(SearchBot):
            def value(self, state: GameState, player: int) -> float:
                state = state_of(VerflixxtState, state)
                if state.is_over():
                    winners = state.winners()
                    return 1.0 / len(winners) if player in winners else 0.0
                return chance_of_winning(evaluate_all(state), player, len(state.track) - 2)

        _HATS_SEARCH[budget_ms] = HatsSearch(
            evaluate, normal, budget_ms=budget_ms, evaluate_all=evaluate_all, horizon=HATS_HORIZON
        )
    return _HATS_SEARCH[budget_ms]


HATS_HORIZON = "turn"


def hard(
    view: GameState, player: int, rng: random.Random, budget_ms: float = HARD_BUDGET_MS
) -> Action:
    """Base game: expectimax over the die for the chance of winning
    (``game.ai.verflixxt_search``)."""
    from .verflixxt_search import choose_base

    view = state_of(VerflixxtState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if view.hats_variant:
        return _hats_search(budget_ms).choose(view, player, rng)
    return choose_base(
        view,
        player,
        rng,
        round(HARD_EVALUATIONS * budget_ms / HARD_BUDGET_MS),
        2 * budget_ms / 1000.0,
    )
