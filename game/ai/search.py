"""The 'hard' level for every game: determinized Monte Carlo search over the bot's view.

The game's own greedy choice (its 'normal' level) is the default move, or the game's
``own_policy`` when it gives one: then that also plays the searching seat's own moves in
the playouts, and ``ranking`` may pick the challengers (Verflixxt! with hats: the best of
the whole turn, a hat taken or given after the move included). A few challengers
— the actions the evaluation likes best one step ahead — are played out against it on the
same worlds: each batch samples the hidden parts once (``view.determinize``: others'
hands, the deck order, face-down tokens, future dice), and every candidate is tried in
that same world with the same dice and the same playout choices (common random numbers),
every seat continuing with the game's own policy to the end of the round, scored with the
game's evaluation (a finished game scores as a win or a loss). A challenger replaces the
greedy move only when its paired advantage is larger than ``confidence`` standard errors:
with few challengers and paired samples, noise rarely wins. It sees nothing but the view,
so it cannot cheat.

Bounded by playouts (for reproducible games) and by a time budget (so the screen never
waits long): whichever comes first. The budget is read on ``clock``, a clock of the
``time`` module by name (looked up at each decision): the wall clock (``perf_counter``)
by default; a game may bound it by the thinking thread's own CPU time instead
(``thread_time``), so its hard computer does the same work however busy the
machine is (Verflixxt! with hats, issue #40: on a loaded machine the wall clock left it
two playouts a candidate).

:meth:`SearchBot.analyse` is the whole decision as data (issue #40): every candidate with
its paired samples and, when a ``measure`` is given, what the game measured at the end
of each playout (buoys, points, a bonk...). ``choose`` is its choice, so the coach
(``game.ai.coach``) explains exactly the move the hard computer plays.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.rules.protocol import Action, Event, GameState

WIN = 1000.0

# What a game measures at the end of a playout, for the coach's words: the state the
# playout ended in, the seat, and every event from the candidate action on.
Measure = Callable[[GameState, int, list[Event]], dict[str, float]]


@dataclass
class Candidate:
    """One action the search weighed: its samples (the search's own score, one per
    world, paired across candidates) and the game's measures of the same playouts."""

    action: Action
    samples: list[float] = field(default_factory=list)
    measures: list[dict[str, float]] = field(default_factory=list)

    def mean(self) -> float:
        return sum(self.samples) / len(self.samples) if self.samples else 0.0

    def measured(self) -> dict[str, float]:
        """Each measured quantity averaged over the playouts."""
        if not self.measures:
            return {}
        keys = self.measures[0].keys()
        return {k: sum(m[k] for m in self.measures) / len(self.measures) for k in keys}


@dataclass
class Weighed:
    """A decision as the search saw it: the candidates (the default move first) and the
    index of the one it plays."""

    candidates: list[Candidate]
    chosen: int

    @property
    def choice(self) -> Action:
        return self.candidates[self.chosen].action


class SearchBot:
    level = "hard"

    def __init__(
        self,
        evaluate: Callable[[GameState, int], float],
        rollout_policy: Callable[[GameState, int, random.Random], Action] | None = None,
        *,
        budget_ms: float = 150.0,
        max_iterations: int = 400,
        depth: int | None = None,
        challengers: int = 6,
        confidence: float = 1.0,
        evaluate_all: Callable[[GameState], list[float]] | None = None,
        horizon: str = "round",
        clock: str = "perf_counter",
        own_policy: Callable[[GameState, int, random.Random], Action] | None = None,
        ranking: Callable[[GameState, int, Action], float] | None = None,
    ):
        self.evaluate = evaluate
        self.own_policy = own_policy
        self.ranking = ranking
        self.clock = clock
        self.horizon = horizon
        self.evaluate_all = evaluate_all
        self.rollout_policy = rollout_policy
        self.budget = budget_ms / 1000.0
        self.max_iterations = max_iterations
        self.depth = depth
        self.challengers = challengers
        self.confidence = confidence

    def value(self, state: GameState, player: int) -> float:
        """The player's standing: its evaluation against the best of the others."""
        if state.is_over():
            winners = state.winners()
            if player in winners:
                return WIN / len(winners)
            return -WIN
        if self.evaluate_all is not None:
            values = self.evaluate_all(state)
            mine = values[player]
            others = [v for p, v in enumerate(values) if p != player]
        else:
            mine = self.evaluate(state, player)
            others = [self.evaluate(state, p) for p in range(state.players) if p != player]
        return mine - (max(others) if others else 0.0)

    def _rollout(
        self,
        state: GameState,
        player: int,
        rng: random.Random,
        events: list[Event] | None = None,
    ) -> float:
        """Every seat (the bot too) plays on with the game's own policy to the end of
        the round — when a round's moves are resolved and scored — or, with the horizon
        "turn", until the bot is to act again after the others have; with "next turn",
        until the bot has played that next turn of its own too (a plan over two of its
        turns: Verflixxt!'s hats are taken and given a turn after a pawn is set near
        them); or ``depth`` actions; then evaluate. ``events`` (when measuring)
        collects what happened."""
        depth = self.depth if self.depth is not None else 40 * state.players
        start_round = state.round_number
        by_turn = self.horizon in ("turn", "next turn")
        others_acted = came_back = False
        for _ in range(depth):
            if state.is_over() or (not by_turn and state.round_number != start_round):
                break
            acting = state.to_act()
            if not acting:
                break
            p = acting[0]
            if by_turn:
                if p != player:
                    if came_back:
                        break
                    others_acted = True
                elif others_acted:
                    if self.horizon == "turn":
                        break
                    came_back = True
            policy = self.own_policy if p == player and self.own_policy else self.rollout_policy
            if policy is not None:
                action = policy(state, p, rng)
            else:
                action = rng.choice(state.legal_actions(p))
            happened = state.apply(p, action)
            if events is not None:
                events.extend(happened)
        return self.value(state, player)

    def _candidates(
        self,
        view: GameState,
        player: int,
        legal: Sequence[Action],
        prior: Action,
        rng: random.Random,
    ) -> list[Action]:
        """The greedy move first, then the challengers: the other actions whose result
        evaluates best on one sampled world (``ranking``'s score when the game gives one,
        else ``value`` one action ahead)."""
        if len(legal) <= self.challengers + 1:
            return [prior] + [a for a in legal if a != prior]
        world = view.determinize(random.Random(rng.random()))
        scored = []
        for index, action in enumerate(legal):
            if action == prior:
                continue
            if self.ranking is not None:
                score = self.ranking(world, player, action)
            else:
                after = world.clone()
                after.apply(player, action)
                score = self.value(after, player)
            scored.append((score, -index, action))
        scored.sort(reverse=True)
        return [prior] + [a for _, _, a in scored[: self.challengers]]

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        return self.analyse(view, player, rng).choice

    def analyse(
        self,
        view: GameState,
        player: int,
        rng: random.Random,
        measure: Measure | None = None,
        extra: Sequence[Action] = (),
    ) -> Weighed:
        """The decision with every candidate's samples. ``measure`` (the coach's) reads
        the end of each playout; it draws nothing from ``rng``, so the choice is the
        same with or without it. ``extra``: actions weighed besides the candidates (the
        review adds the move a person played); with none, this is exactly ``choose``."""
        legal = view.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        if len(legal) == 1:
            return Weighed([Candidate(legal[0])], 0)
        clock: Callable[[], float] = getattr(time, self.clock)
        deadline = clock() + self.budget
        first_policy = self.own_policy or self.rollout_policy
        if first_policy is not None:
            prior = first_policy(view, player, random.Random(rng.random()))
        else:
            prior = legal[0]
        candidates = self._candidates(view, player, legal, prior, rng)
        candidates += [a for a in extra if a not in candidates]
        weighed = [Candidate(a) for a in candidates]
        playouts = batches = 0
        first = clock()
        while playouts + len(candidates) <= max(self.max_iterations, 2 * len(candidates)):
            now = clock()
            # stop before a batch that would end past the deadline (two are the least)
            if batches >= 2 and now + (now - first) / batches > deadline:
                break
            world_seed, playout_seed = rng.random(), rng.random()
            for index, action in enumerate(candidates):
                world = view.determinize(random.Random(world_seed))
                events: list[Event] | None = None if measure is None else []
                happened = world.apply(player, action)
                if events is not None:
                    events.extend(happened)
                weighed[index].samples.append(
                    self._rollout(world, player, random.Random(playout_seed), events)
                )
                if measure is not None and events is not None:
                    weighed[index].measures.append(measure(world, player, events))
            playouts += len(candidates)
            batches += 1
        return Weighed(weighed, self._pick([c.samples for c in weighed]))

    def _pick(self, samples: list[list[float]]) -> int:
        return clear_winner(samples, 0, self.confidence)


def clear_winner(samples: list[list[float]], prior: int, confidence: float) -> int:
    """The candidate with the largest paired advantage over ``prior`` (the greedy move),
    if that advantage is beyond ``confidence`` standard errors; else ``prior``. Sample
    ``i`` of every candidate was played on the same world (common random numbers)."""
    n = len(samples[prior])
    if n < 2:
        return prior
    best, best_mean = prior, 0.0
    for index, outcome in enumerate(samples):
        if index == prior:
            continue
        diffs = [a - b for a, b in zip(outcome, samples[prior])]
        mean = sum(diffs) / n
        variance = max(0.0, sum((d - mean) ** 2 for d in diffs) / (n - 1))
        if mean > best_mean and mean > confidence * math.sqrt(variance / n):
            best, best_mean = index, mean
    return best
