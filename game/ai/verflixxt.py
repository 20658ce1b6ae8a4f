"""Verflixxt! bots: the easy and normal (greedy) levels over the shared evaluation
(``game.ai.verflixxt_eval``), and the hard level through the searches.

Bots get a view and look one action ahead on a determinization of it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.protocol import Action, Event, GameState
from game.rules.verflixxt.actions import Hat, Move, Play
from game.rules.verflixxt.data import MINUS, START, card_value
from game.rules.verflixxt.events import TileTaken
from game.rules.verflixxt.scoring import HAT_POINTS, tile_points
from game.rules.verflixxt.state import VerflixxtState

from . import state_of
from .search import Candidate, SearchBot, Weighed
from .verflixxt_eval import (
    evaluate,
    evaluate_all,
    standing,
    take_value,
)
from .verflixxt_search import analyse_base, chance_of_winning

TURN_DEPTH = 4  # a turn is at most: a card, a hat, a second card, a hat (VX-24, VX-26)


def _greedy(view: GameState, player: int, rng: random.Random, depth: int) -> Action:
    """The legal action whose ``rest_of_turn`` over ``depth`` own decisions is best, on
    one determinization of a view, ties at random. A full state (the search's playouts
    call this for every seat's every move) has nothing to sample: it is tried on as it
    is, with the same draw from ``rng`` as determinizing it, so the choice is the same
    as on a determinized copy, at a fraction of the cost (issue #40)."""
    view = state_of(VerflixxtState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if view.is_view:
        full = view.determinize(rng)
    else:
        rng.getrandbits(64)  # what determinize draws for the copy's chance
        full = view
    scored = [(rest_of_turn(full, player, action, depth), action) for action in legal]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])


def normal(view: GameState, player: int, rng: random.Random) -> Action:
    """Greedy: the action with the best evaluation one step ahead (ties at random)."""
    return _greedy(view, player, rng, 1)


def rest_of_turn(
    state: VerflixxtState, player: int, action: Action, depth: int = TURN_DEPTH
) -> float:
    """``standing`` after ``action`` and the best rest of ``player``'s turn on this full
    state, over at most ``depth`` of its decisions (1: the action alone): the hat taken
    or given where the move ends (VX-26), the second card after a yellow lead (VX-24).
    One action ahead a move that steps onto the lucky hat's wearer looks like any other
    move; the hat comes with the next decision. Nothing in a turn is chance until its
    refill, which the evaluation does not read, so this is exact."""
    after = state.lookahead()
    after.apply(player, action)
    if depth <= 1 or after.is_over() or after.current != player:
        return standing(after, player)
    return max(rest_of_turn(after, player, a, depth - 1) for a in after.legal_actions(player))


def whole_turn(view: GameState, player: int, rng: random.Random) -> Action:
    """The action that begins the best whole turn (``rest_of_turn``), ties at random: the
    hats search's default move and its own moves in its playouts (issue #40). Draws from
    ``rng`` as ``normal`` does."""
    return _greedy(view, player, rng, TURN_DEPTH)


def _rank_by_turn(world: GameState, player: int, action: Action) -> float:
    """The hats search's challengers: the actions that begin the best whole turns."""
    return rest_of_turn(state_of(VerflixxtState, world), player, action)


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
    return take_value(state, player, pos, now)


HARD_BUDGET_MS = 50.0  # the default thinking time; the setting scales the work
HARD_EVALUATIONS = 4000  # at the default: ~4,000 evaluations with their moves take
# 10-40 ms when the tree is that big; most trees are smaller


_HATS_SEARCH: dict[tuple[float, int], SearchBot] = {}


def _hats_search(budget_ms: float, max_iterations: int = 400) -> SearchBot:
    """The expansion keeps the generic search (``game.ai.search``): cards are hidden, so
    its determinized playouts fit it; scored as the chance of winning, as the base-game
    search does. Its default move, its own moves in the playouts and its challengers
    look at the whole turn (``whole_turn``); the others play on as the normal computer
    does; a playout runs on through the bot's own next turn (``HATS_HORIZON``). Issue
    #40: against three normal computers the whole-turn look alone wins about a third of
    its games, and the search 56.0% of 400 (it was 38.6%; docs/coach.md).
    Made once per thinking time and bound on playouts. Its thinking time is
    the thread's CPU time (issue #40): on the wall clock a busy machine cut it to about
    two playouts a candidate, so it played as the normal computer does."""
    key = (budget_ms, max_iterations)
    if key not in _HATS_SEARCH:

        class HatsSearch(SearchBot):
            def value(self, state: GameState, player: int) -> float:
                state = state_of(VerflixxtState, state)
                if state.is_over():
                    winners = state.winners()
                    return 1.0 / len(winners) if player in winners else 0.0
                return chance_of_winning(evaluate_all(state), player, len(state.track) - 2)

        _HATS_SEARCH[key] = HatsSearch(
            evaluate,
            normal,
            own_policy=whole_turn,
            ranking=_rank_by_turn,
            budget_ms=budget_ms,
            max_iterations=max_iterations,
            evaluate_all=evaluate_all,
            horizon=HATS_HORIZON,
            clock="thread_time",
        )
    return _HATS_SEARCH[key]


HATS_HORIZON = "next turn"  # the others' turns and the bot's own next one (issue #40)


def hard(
    view: GameState,
    player: int,
    rng: random.Random,
    budget_ms: float = HARD_BUDGET_MS,
    max_iterations: int = 400,
) -> Action:
    """Base game: expectimax over the die for the chance of winning
    (``game.ai.verflixxt_search``); with hats, the generic search (``max_iterations``
    bounds its playouts, the base game's work is set by the budget)."""
    return analyse_hard(view, player, rng, budget_ms, max_iterations).choice


def analyse_hard(
    view: GameState,
    player: int,
    rng: random.Random,
    budget_ms: float = HARD_BUDGET_MS,
    max_iterations: int = 400,
    measure: bool = False,
    extra: Sequence[Action] = (),
) -> Weighed:
    """``hard``'s decision as data (issue #40), for the coach: the same work, the same
    draws from ``rng``; ``measure`` adds the game's figures to each candidate."""
    view = state_of(VerflixxtState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return Weighed([Candidate(legal[0])], 0)
    if view.hats_variant:
        return _hats_search(budget_ms, max_iterations).analyse(
            view, player, rng, hats_measure if measure else None, extra
        )
    return analyse_base(
        view,
        player,
        rng,
        round(HARD_EVALUATIONS * budget_ms / HARD_BUDGET_MS),
        2 * budget_ms / 1000.0,
        measure,
        extra,
    )


def points_of(state: VerflixxtState, player: int) -> float:
    """The points a player holds now: tiles (VX-7), chips won and hats brought home."""
    box = state.box
    tiles = tile_points(state.taken[player], box.kinds, box.values)
    return float(
        tiles["track"]
        + tiles["lucky"]
        + tiles["risk"]
        + sum(state.chips_won[player])
        + sum(HAT_POINTS[h] for h in state.hats_home[player])
    )


def hats_measure(state: GameState, player: int, events: list[Event]) -> dict[str, float]:
    """What a playout of the hats search did for ``player`` (the coach's words): the points
    held at its end, whether the player took a minus tile on the way, and the chance of
    winning the search scored it with."""
    state = state_of(VerflixxtState, state)
    minus = any(
        isinstance(e, TileTaken) and e.player == player and e.tile_kind == MINUS for e in events
    )
    if state.is_over():
        winners = state.winners()
        win = 1.0 / len(winners) if player in winners else 0.0
    else:
        win = chance_of_winning(evaluate_all(state), player, len(state.track) - 2)
    return {"points": points_of(state, player), "minus": float(minus), "win": win}


def coach_playouts(view: object) -> int | None:
    """The coach's playouts for a hint (game.ai.coach): with hats the generic search,
    bound by the clock at the table, is bound by work for the coach so a hint repeats
    itself; the base game's own search is bound by work already (None: as at the table)."""
    return 36 if getattr(view, "hats_variant", False) else None
