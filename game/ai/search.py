"""The 'hard' level for every game: determinized Monte Carlo search over the bot's view.

The game's own greedy choice (its 'normal' level) is the default move; the search
replaces it only when another action's mean is better by more than ``confidence``
standard errors. Each iteration samples the hidden parts (``view.determinize``: others' hands, the deck
order, face-down tokens, future dice), tries one root action chosen by UCB1, lets every
seat continue with the game's own light policy for a few actions, and scores the result
with the game's evaluation (a finished game scores as a win or a loss). The action with
the best mean wins. It sees nothing but the view, so it cannot cheat.

Bounded by iterations (for reproducible games) and by a time budget (so the screen never
waits long): whichever comes first.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable

from game.rules.protocol import Action, GameState

WIN = 1000.0


class SearchBot:
    level = "hard"

    def __init__(self, evaluate: Callable[[GameState, int], float],
                 rollout_policy: Callable | None = None, *, budget_ms: float = 150.0,
                 max_iterations: int = 400, depth: int | None = None,
                 exploration: float = 1.2, confidence: float = 1.0):
        self.evaluate = evaluate
        self.rollout_policy = rollout_policy
        self.budget = budget_ms / 1000.0
        self.max_iterations = max_iterations
        self.depth = depth
        self.exploration = exploration
        self.confidence = confidence

    def value(self, state: GameState, player: int) -> float:
        """The player's standing: its evaluation against the best of the others."""
        if state.is_over():
            winners = state.winners()
            if player in winners:
                return WIN / len(winners)
            return -WIN
        mine = self.evaluate(state, player)
        others = [self.evaluate(state, p) for p in range(state.players) if p != player]
        return mine - (max(others) if others else 0.0)

    def _rollout(self, state: GameState, player: int, rng: random.Random) -> float:
        """Every seat (the bot too) plays on with the game's own policy to the end of
        the round — when a round's moves are resolved and scored — or ``depth``
        actions; then evaluate."""
        depth = self.depth if self.depth is not None else 40 * state.players
        start_round = state.round_number
        for _ in range(depth):
            if state.is_over() or state.round_number != start_round:
                break
            acting = state.to_act()
            if not acting:
                break
            p = acting[0]
            if self.rollout_policy is not None:
                action = self.rollout_policy(state, p, rng)
            else:
                action = rng.choice(state.legal_actions(p))
            state.apply(p, action)
        return self.value(state, player)

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        legal = view.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.budget
        # The game's own greedy choice is the default; search must show, with confidence,
        # that another action is better before it is played instead.
        prior = None
        if self.rollout_policy is not None:
            prior = self.rollout_policy(view, player, random.Random(rng.random()))
        visits = [0] * len(legal)
        totals = [0.0] * len(legal)
        squares = [0.0] * len(legal)
        iterations = 0
        while iterations < self.max_iterations:
            if iterations >= len(legal) and time.perf_counter() >= deadline:
                break
            if iterations < len(legal):
                index = iterations
            else:
                log_n = math.log(iterations)
                scale = max(1.0, max(abs(t / v) for t, v in zip(totals, visits) if v))
                index = max(range(len(legal)), key=lambda i: totals[i] / visits[i] / scale
                            + self.exploration * math.sqrt(log_n / visits[i]))
            world = view.determinize(random.Random(rng.random()))
            world.apply(player, legal[index])
            value = self._rollout(world, player, rng)
            totals[index] += value
            squares[index] += value * value
            visits[index] += 1
            iterations += 1
        means = [totals[i] / visits[i] if visits[i] else -math.inf for i in range(len(legal))]
        best = max(range(len(legal)), key=lambda i: means[i])
        if prior is None or prior not in legal or legal[best] == prior:
            return legal[best]
        p = legal.index(prior)
        if visits[p] < 2 or visits[best] < 2:
            return prior
        spread = math.sqrt(self._variance(totals[best], squares[best], visits[best]) / visits[best]
                           + self._variance(totals[p], squares[p], visits[p]) / visits[p])
        return legal[best] if means[best] - means[p] > self.confidence * spread else prior

    @staticmethod
    def _variance(total: float, square: float, n: int) -> float:
        return max(0.0, (square - total * total / n) / (n - 1))
