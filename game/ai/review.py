"""The look back (issue #40): for a recorded game, each person's decisions where their
choice cost the most against the hard computer's estimate.

Every decision a person made with more than one move to choose from is asked of the
coach (:func:`game.ai.coach.advise`) exactly as a hint at that position would be — the
same seat's view, the same seed (:func:`game.ai.coach.coach_seed`: the game, the
position's number, the seat), the same search — with the move the person played weighed
beside the search's own candidates (on the same sampled worlds: common random numbers).
Its *cost* is how far the best measured option scored above the played one, in the
search's own units (a chance of winning, or the evaluation's lead): never negative, 0
when the person played the best the search found. Each person's costliest
:data:`MOMENTS` decisions with a cost above 0 are kept, largest first.

Headless (no pygame); it replays the record through the game's rules only.

The positions are weighed in worker processes (:data:`WORKERS`, one per core, at most
two; issue #40's 5 s for a whole game): each weighing is a pure function of its position
(the coach's seed, the search's own work bound), so the moments are the same in one
process or several; only the clock differs.
"""

from __future__ import annotations

import copy
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from game import rules
from game.ai.coach import Advice, Option, advise
from game.rules.protocol import Action, GameState

MOMENTS = 3  # per person
# Worker processes for the weighing: one per core, at most two (this machine's kind has
# two), and none in a frozen bundle (a spawned worker would start the bundle's program,
# not a worker) or for a single decision (spawning costs more than it saves).
WORKERS = 1 if getattr(sys, "frozen", False) else max(1, min(2, os.cpu_count() or 1))
PER_WORKER = 6  # decisions a worker must have at least: starting one (a fresh Python
# importing the rules and the search) took 0.3-1 s here, what weighing 5-15 decisions of
# the cheaper games costs; the window's loop keeps its interpreter to itself meanwhile


@dataclass(frozen=True)
class Moment:
    """One decision looked back on: the position's number (``step``: actions before it),
    the seat, what was played, the best the search measured there and the cost."""

    step: int
    seat: int
    played: Option
    best: Option
    cost: float
    advice: Advice

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played.to_dict(),
            "best": self.best.to_dict(),
            "cost": round(self.cost, 4),
        }


@dataclass(frozen=True)
class Review:
    """A game looked back on: per reviewed seat, its costliest moments (largest first),
    and how many decisions were weighed in all."""

    game_id: str
    seats: list[int]
    moments: dict[int, list[Moment]]
    decisions: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 2),
            "seats": {str(s): [m.to_dict() for m in self.moments[s]] for s in self.seats},
        }


def weigh(game_id: str, state: GameState, seat: int, step: int, played: Any) -> Moment | None:
    """The coach's estimate of one decision and the cost of the move played; None when
    there was nothing to choose (one legal move)."""
    if len(state.legal_actions(seat)) < 2:
        return None
    advice = advise(game_id, state, seat, step, extra=[played])
    mine = advice.option_of(played)
    if mine is None:  # every game's search weighs the extra move (or its twin)
        raise ValueError(f"the search did not weigh the move played at step {step}: {played}")
    best = advice.best()
    return Moment(step, seat, mine, best, best.score - mine.score, advice)


def review(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any],
    actions: Sequence[tuple[int, str]],
    seats: Sequence[int],
    progress: Callable[[int, int], None] | None = None,
    workers: int | None = None,
) -> Review:
    """The look back of a recorded game (its prepared ``options``, as a record holds
    them) for the ``seats`` given (the people). ``progress(done, total)`` is told, in
    actions of the record, as the weighing gets past each decision. ``workers``:
    processes to weigh in (default :data:`WORKERS`; 1: in this process)."""
    started = time.perf_counter()
    module = rules.load(game_id)
    state = module.new_game(players, seed, options)
    asked: list[tuple[GameState, int, int, Action]] = []
    for step, (seat, text) in enumerate(actions):
        action = module.parse_action(text)
        if seat in seats and len(state.legal_actions(seat)) > 1:
            # a copy of its own: a clone may share the game's generator (game.table.replay)
            asked.append((copy.deepcopy(state), seat, step, action))
        state.apply(seat, action)
    found: dict[int, list[Moment]] = {s: [] for s in seats}
    decisions = 0
    for (_, seat, step, _), moment in zip(asked, _weighed(game_id, asked, workers)):
        if moment is not None:
            decisions += 1
            if round(moment.cost, 4) > 0:  # as its record says it: 0.0 is no cost
                found[seat].append(moment)
        if progress is not None:
            progress(step + 1, len(actions))
    if progress is not None:
        progress(len(actions), len(actions))
    moments = {s: sorted(found[s], key=lambda m: (-m.cost, m.step))[:MOMENTS] for s in seats}
    return Review(game_id, list(seats), moments, decisions, time.perf_counter() - started)


def _weighed(
    game_id: str, asked: list[tuple[GameState, int, int, Action]], workers: int | None
) -> Iterator[Moment | None]:
    """Each position weighed, in order: here, or in worker processes (spawned: the
    window has threads a fork would copy mid-work) when each has PER_WORKER or more."""
    count = min(WORKERS if workers is None else max(1, workers), len(asked) // PER_WORKER)
    if count <= 1:
        for state, seat, step, action in asked:
            yield weigh(game_id, state, seat, step, action)
        return
    jobs = [(game_id, *position) for position in asked]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=count, mp_context=context) as pool:
        yield from pool.map(_weigh_job, jobs)


def _weigh_job(job: tuple[str, GameState, int, int, Action]) -> Moment | None:
    """:func:`weigh` in a worker process (its arguments in one picklable tuple)."""
    return weigh(*job)
