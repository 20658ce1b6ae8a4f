"""Verflixxt! 'hard' with hats (issue #40): the generic search, with its candidates
weighed by the whole of the bot's own turn.

A turn with hats is several decisions of one player: a card on a piece (VX-23), then,
when the pawn landed on others, a hat to take, give or swap (VX-26), then after a yellow
lead a second card and its hat (VX-24). The normal rule looks one decision ahead, so it
never sees what a move sets up for the rest of the turn: stepping onto the lucky hat's
wearer to take the hat, or onto a bare rival pawn to give the unlucky hat away, or
leading with the yellow card so the other one still plays. The generic search drew its
challengers by that same one-step view and, at the table's 50 ms, played out about two
worlds per candidate (median 14 playouts a decision over 5-7 candidates), so it kept
normal's move nearly always (hard vs three normal: 35-43%).

Here every legal action is first weighed by the best way to finish the turn after it
(``turn_value``: every own follow-up decision tried, each end of the turn scored as the
chance of winning), on one sampled world; the best becomes the default move and the next
ones its challengers. The playouts then judge them against the others' replies as
before (common random numbers, a challenger must be clearly better), only fewer of them
(``CHALLENGERS``), so each gets more of the same budget. Nothing but the view is read:
the world is ``view.determinize``'s, and the own turn reads no hidden card (the refill
after it is drawn from that world's pile and scored by nobody).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.rules.protocol import Action, GameState
from game.rules.verflixxt.data import LUCKY, MINUS
from game.rules.verflixxt.state import VerflixxtState

from . import state_of
from .search import SearchBot
from .verflixxt_eval import evaluate, evaluate_all
from .verflixxt_search import SPARE_LUCKY, chance_of_winning

CHALLENGERS = 3  # beside the default move: fewer candidates, more playouts each
TURN_NODES = 600  # most positions tried for one decision's own-turn look-ahead


def spare_bonus(state: VerflixxtState, player: int) -> float:
    """What the player's lucky tiles will probably still be worth beyond what they turn
    now, as the base game's search counts it (``Tiles.spare_bonus``): each at least
    SPARE_LUCKY, the big minus tiles mostly coming late. Without it, leaving a lucky tile
    with no minus tile to turn looked like a loss: the evaluation counts a lucky tile
    stood on at 3 and a spare one taken at 0."""
    kinds, values = state.box.kinds, state.box.values
    taken = state.taken[player]
    lucky = sum(1 for t in taken if kinds[t] == LUCKY)
    if not lucky:
        return 0.0
    minus = sorted(values[t] for t in taken if kinds[t] == MINUS)  # the worst first
    return sum(
        max(0.0, SPARE_LUCKY + 2 * minus[k]) if k < len(minus) else SPARE_LUCKY
        for k in range(lucky)
    )


def win_chance(state: VerflixxtState, player: int) -> float:
    """A finished game is a win (shared evenly) or a loss; otherwise the evaluation's
    chance of winning (``verflixxt_search.chance_of_winning``), each player's spare lucky
    tiles counted as the base game's search counts them."""
    if state.is_over():
        winners = state.winners()
        return 1.0 / len(winners) if player in winners else 0.0
    values = [v + spare_bonus(state, q) for q, v in enumerate(evaluate_all(state))]
    return chance_of_winning(values, player, len(state.track) - 2)


def in_turn(state: VerflixxtState, player: int) -> bool:
    """Whether ``player`` still has a decision in the turn under way: a hat after a move
    (VX-26) or the second card after a yellow lead (VX-24). A new turn starts with no
    card played."""
    return (
        not state.is_over()
        and state.current == player
        and (state.phase == "hat" or (state.phase == "play" and state.plays == 1))
    )


class TurnLook:
    """The best end of ``player``'s turn from a position, every own decision tried;
    at most ``TURN_NODES`` positions per decision (past that, a position is scored as it
    stands)."""

    def __init__(self, player: int, nodes: int = TURN_NODES):
        self.player, self.left = player, nodes

    def after(self, state: VerflixxtState, action: Action) -> VerflixxtState:
        nxt = state.clone()
        nxt.apply(self.player, action)
        self.left -= 1
        return nxt

    def best(self, state: VerflixxtState) -> float:
        if not in_turn(state, self.player) or self.left <= 0:
            return win_chance(state, self.player)
        return max(self.best(self.after(state, a)) for a in state.legal_actions(self.player))


def turn_value(world: VerflixxtState, player: int, action: Action, look: TurnLook) -> float:
    """The chance of winning after ``action`` and the best rest of the own turn."""
    return look.best(look.after(world, action))


class HatsSearch(SearchBot):
    """The generic search scored as the chance of winning, its candidates ranked by the
    own turn (see the module)."""

    def value(self, state: GameState, player: int) -> float:
        return win_chance(state_of(VerflixxtState, state), player)

    def _candidates(
        self,
        view: GameState,
        player: int,
        legal: Sequence[Action],
        prior: Action,
        rng: random.Random,
    ) -> list[Action]:
        """Every legal action by its own-turn value on one sampled world, best first (the
        default move), then the next ``CHALLENGERS``; ties keep the legal order."""
        world = state_of(VerflixxtState, view.determinize(random.Random(rng.random())))
        look = TurnLook(player)
        scored = sorted(
            ((turn_value(world, player, a, look), -i, a) for i, a in enumerate(legal)),
            reverse=True,
        )
        return [a for _, _, a in scored[: self.challengers + 1]]


def hats_search(
    policy: Callable[[GameState, int, random.Random], Action],
    budget_ms: float,
    max_iterations: int,
    horizon: str,
) -> HatsSearch:
    """The search for one thinking time and bound on playouts; ``policy`` plays every
    seat in the playouts (normal's rule)."""
    return HatsSearch(
        evaluate,
        policy,
        budget_ms=budget_ms,
        max_iterations=max_iterations,
        challengers=CHALLENGERS,
        evaluate_all=evaluate_all,
        horizon=horizon,
    )
