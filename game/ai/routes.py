"""Eight Routes knowledge for the bots: an expected-score evaluation and the easy and
normal (greedy) levels. Everything on the table is public in this game; the only hidden
part is the future dice, which the bots never need: they look ahead only within their own
pick-up phase, on copies that stop at the phase end (no die is rolled).
"""

from __future__ import annotations

import random

from game.rules.protocol import Action, Event, GameState
from game.rules.routes import (
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    RoutesState,
    TakeAll,
    TakeOne,
    TurnChip,
)
from game.rules.routes.table import ROUTES

from . import state_of

DRIFT_PER_PHASE = 0.5  # spaces a marker is expected to gain per phase still to play
CHIP_VALUE = 1.0  # a face-up round chip still to be used (ER-13)
D6_VALUE = 1.5  # a future parent round with the route-4 marker on space 4+ (ER-10)
ACTION_MARKER_VALUE = 0.5  # a route-3/route-5 marker: a C/D action at hand (ER-12)
WIN_BONUS = 50.0
ROUTE_4, ROUTE_3, ROUTE_5, ROUTE_7 = 3, 2, 4, 6


def phases_left(state: RoutesState) -> list[int]:
    """Pick-up phases each player still has to play, the current one included."""
    players = state.players
    if state.over and not state.hold_phase_end:
        return [0] * players
    left = [state.total_rounds - state.round] * players
    # On a look-ahead copy stopped at its phase end, that phase is no longer to come.
    for step in range(state.phase_index + state.over, players):
        left[(state.parent + 1 + step) % players] += 1
    return left


def parent_rounds_left(state: RoutesState, player: int) -> int:
    """Future rounds (after this one) in which ``player`` will be the parent."""
    return sum(
        1
        for r in range(state.round + 1, state.total_rounds + 1)
        if (r - 1) % state.players == player
    )


def expected_scores(state: RoutesState) -> list[float]:
    """Per player, the score expected at the end: the route scores if the game ended now,
    with markers drifting forward for the phases still to play (which matters for the
    position routes and the space thresholds of routes 2 and 8), plus the worth of chips,
    the d6 and the action routes.

    The hard computer's playouts call this for every move weighed (issue #40: most of a
    hint's time), so it is written for speed, inline: a position route's value is
    interpolated between its two spaces around the drifted marker, a ranked route
    ranks as ``game.rules.routes.table.ranking`` does (tests/test_search_speed.py holds
    the searches to the floats of the plain reading)."""
    players = state.players
    scorer = state.scorer
    left = phases_left(state)
    drift = [DRIFT_PER_PHASE * n for n in left]
    totals = [0.0] * players
    seats = range(players)
    for r in range(ROUTES):
        row = state.pos[r]
        spaces = scorer.spaces[r]
        if spaces is not None:
            for p in seats:
                space = row[p]
                if space:
                    at = space + drift[p]
                    if at >= 20.0:
                        totals[p] += spaces[19]
                    else:  # between two spaces
                        low = int(at)
                        value = spaces[low - 1] if low >= 1 else 0.0
                        totals[p] += value + (at - low) * (spaces[low] - value)
            continue
        ranks = scorer.ranks[r]
        if ranks is None:  # the table scores a route by position or by rank
            continue
        threshold = scorer.min_space[r]
        counted = len(ranks)
        stamp = state.stamp[r]
        order = [p for p in seats if row[p]]  # ranking(row, stamp): farther, then upper
        if len(order) > 1:
            order.sort(key=lambda p: (row[p], stamp[p]), reverse=True)
        rank = 0
        for p in order:
            if rank >= counted:
                break
            if row[p] + drift[p] >= threshold:
                totals[p] += ranks[rank]
                rank += 1
    route_3, route_5, route_4 = state.pos[ROUTE_3], state.pos[ROUTE_5], state.pos[ROUTE_4]
    for p in seats:
        if left[p]:
            totals[p] += CHIP_VALUE * sum(up for _, up in state.chips[p])
            totals[p] += ACTION_MARKER_VALUE * ((route_3[p] > 0) + (route_5[p] > 0))
        if route_4[p] >= 4:
            totals[p] += D6_VALUE * parent_rounds_left(state, p)
    return totals


def evaluate(state: GameState, player: int) -> float:
    """Heuristic worth of ``state`` for ``player``: their expected final score minus the
    best expected score among the others (the game is won by the highest total)."""
    state = state_of(RoutesState, state)
    if state.is_over() and not state.hold_phase_end:
        totals = state.scores()
        best_other = max(t for p, t in enumerate(totals) if p != player)
        won = state.winners()
        bonus = WIN_BONUS / len(won) if player in won else -WIN_BONUS
        return totals[player] - best_other + bonus
    expected = expected_scores(state)
    return expected[player] - max(e for p, e in enumerate(expected) if p != player)


def _after(base: RoutesState, player: int, action: Action) -> RoutesState:
    child = base.clone()
    child.touch()  # the clone shares the parent's legal actions until it moves
    child._perform(player, action)  # legal by construction: it came from legal_actions
    return child


def normal(view: GameState, player: int, rng: random.Random) -> Action:
    """Greedy: the action whose result evaluates best, looking through the rest of the own
    phase where it matters (a die changed by C is worth the pick-up it enables)."""
    view = state_of(RoutesState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    base = view.clone()
    base.hold_phase_end = True  # never roll: the look-ahead ends with the own phase
    base.rng = None  # so its copies need no dice (and copy faster)
    best_value = None
    best: list[Action] = []
    for action in legal:
        if isinstance(action, PushMarker) and not base.mandatory_done:
            continue  # D before or after the pick-up ends the same: weigh it after
        child = _after(base, player, action)
        if isinstance(action, ChangeDie) and not child.mandatory_done:
            value = _best_pick_up(child, player, action)
        else:
            value = evaluate(child, player)
        if best_value is None or value > best_value + 1e-9:
            best_value, best = value, [action]
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best) if best else rng.choice(legal)


def _best_pick_up(state: RoutesState, player: int, change: ChangeDie) -> float:
    """Worth of a C before the pick-up: taking all dice of the die's new face, which is
    what a C before the pick-up is for (one more die in that group)."""
    return evaluate(_after(state, player, TakeAll(change.face + change.delta)), player)


def easy(view: GameState, player: int, rng: random.Random) -> Action:
    """Random with light sense: uses the chip power when offered, mostly picks up the
    bigger groups of dice, and never opens route 7 on its costly first spaces."""
    view = state_of(RoutesState, view)
    legal = view.legal_actions(player)
    turns = [
        a
        for a in legal
        if isinstance(a, TurnChip)
        and not (a.route == ROUTE_7 + 1 and view.pos[ROUTE_7][player] == 0)
    ]
    if any(isinstance(a, DeclineChip) for a in legal):
        return rng.choice(turns) if turns else legal[0]
    takes = [
        a
        for a in legal
        if isinstance(a, (TakeAll, TakeOne))
        and not (
            a.face == ROUTE_7 + 1
            and view.pos[ROUTE_7][player] == 0
            and (isinstance(a, TakeOne) or view.lid[ROUTE_7] < 4)
        )
    ]
    extras = [
        a
        for a in legal
        if isinstance(a, ChangeDie)
        or (
            isinstance(a, PushMarker)
            and not (a.route == ROUTE_7 + 1 and view.pos[ROUTE_7][player] == 0)
        )
    ]
    if takes and (not extras or rng.random() < 0.8):
        weights = [view.lid[a.face - 1] if isinstance(a, TakeAll) else 1 for a in takes]
        return rng.choices(takes, weights)[0]
    if extras and (rng.random() < 0.4 or not any(isinstance(a, EndPhase) for a in legal)):
        return rng.choice(extras)
    ends = [a for a in legal if isinstance(a, EndPhase)]
    return ends[0] if ends else rng.choice(legal)


def measure(state: GameState, player: int, events: list[Event]) -> dict[str, float]:
    """What a playout of the search did for ``player`` (issue #40, the coach's words):
    the final score expected from where it ended (``expected_scores``, or the score of a
    finished game) and the lead over the best rival by the evaluation."""
    state = state_of(RoutesState, state)
    if state.is_over() and not state.hold_phase_end:
        points = float(state.scores()[player])
    else:
        points = expected_scores(state)[player]
    return {"points": points, "lead": evaluate(state, player)}


def coach_playouts(view: object) -> int | None:
    """The coach's playouts for a hint (game.ai.coach): the generic search is bound by
    the clock at the table; the coach bounds it by work so a hint repeats itself."""
    return 24
