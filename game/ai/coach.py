"""The coach (issue #40): what the hard computer would play at a seat's decision, the
alternatives it weighed, ranked, and what its search measured for each.

Headless (no pygame): the table, the phone and the command line all ask it. It sees only
``state.view(seat)`` — the search it runs is the hard computer's (``game.ai.analyse_hard``)
on that view, so it knows no more than the seat does, and its pick is the hard
computer's pick for the same view and the same random numbers.

The random numbers come from :func:`coach_seed`: the game, the position's number in the
record and the seat — things every seat knows — never the game's seed (that would let
the search's sampled worlds follow the real hidden cards) nor the computers' own seed.
So asking twice at one position gives one answer, and the look back
(:mod:`game.ai.review`) recomputes exactly what a hint showed live.

The words are built from the figures by :mod:`game.ai.coach_words`.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from game.ai import analyse_hard, game_knowledge
from game.rules.protocol import Action, GameState

HARD_BUDGET_MS = 50.0  # the default thinking time (the setting): the searches bound by
# work (Cluck-peep!, Verflixxt!'s base game) scale their work by it
# The generic search (Duck!, Eight Routes, Verflixxt! with hats) is bound by the clock at
# the table; the coach bounds it by playouts instead, so a hint repeats itself and the
# look back finds what the hint said. Each is about twice what the hard computer plays
# out in its 50 ms on this machine under load (median ~35, ~15 and ~12 playouts, at
# least two per candidate), sized so a hint fits its 300 ms (tools/bench_coach.py). No
# clock stops it: a 280 ms guard once did, and on a loaded machine it cut hints to two
# playouts a candidate, so the same position gave another hint, and the look back
# another figure, than a quiet machine (issue #40's "a hint repeats itself"); the time
# is kept short by the search's speed and by searching ahead (``prefetch``) instead.
# Each game's own module says how many (``coach_playouts(view)`` in game/ai/<game>.py;
# None or no such function: bound by work, searched as at the table), so no game's id
# is compared here (tests/test_registry_owns.py).
COACH_CLOCK_MS = math.inf
ALTERNATIVES = 3  # alternatives shown beside the pick


@dataclass(frozen=True)
class Option:
    """One move the search weighed: its mean score in the search's own units (a chance
    of winning, or the evaluation's lead), over ``playouts`` sampled worlds, and the
    game's measured figures (``buoys``, ``points``, ``bonk``… see coach_words.QUANTITIES)
    averaged over the same playouts."""

    action: Action
    score: float
    playouts: int
    figures: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "score": round(self.score, 4),
            "playouts": self.playouts,
            "figures": {k: round(v, 4) for k, v in self.figures.items()},
        }


@dataclass(frozen=True)
class Advice:
    """The coach's view of one decision: ``options[0]`` is the hard computer's pick, the
    rest ranked by score, best first (all that were weighed); ``step`` is the position's
    number in the record (actions played before it)."""

    game_id: str
    seat: int
    step: int
    options: list[Option]
    # the game's options as the seat sees them: a move's place is named from them as the
    # big screen names it (Duck!'s "5A, north-east", never "-1,4": issue #39's rule)
    table: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @property
    def pick(self) -> Option:
        return self.options[0]

    def alternatives(self, count: int = ALTERNATIVES) -> list[Option]:
        return self.options[1 : 1 + count]

    def option_of(self, action: Action) -> Option | None:
        return next((o for o in self.options if o.action == action), None)

    def best(self) -> Option:
        """The option the search measured best (the pick, unless a challenger measured
        better without being clearly better: the hard computer keeps its first choice
        then, see game.ai.search.clear_winner)."""
        return max(self.options, key=lambda o: o.score)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seat": self.seat,
            "step": self.step,
            "pick": self.pick.to_dict(),
            "alternatives": [o.to_dict() for o in self.options[1:]],
        }


def coach_seed(game_id: str, step: int, seat: int) -> int:
    """The coach's random numbers at a position: from what every seat knows (see the
    module), 64 bits of a hash so nearby positions draw unrelated numbers."""
    digest = hashlib.sha256(f"coach|{game_id}|{step}|{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def coach_search(game_id: str, view: GameState) -> tuple[float, int]:
    """The hard computer's settings the coach searches with: (thinking time in ms, most
    playouts), as ``make_bot(game_id, "hard", *coach_search(...))`` takes them."""
    knowledge = game_knowledge(game_id)
    playouts = getattr(knowledge, "coach_playouts", None)
    most = playouts(view) if playouts is not None else None
    if most is None:
        return HARD_BUDGET_MS, 400  # bound by work already: as at the table
    return COACH_CLOCK_MS, most


def advise(
    game_id: str,
    state: GameState,
    seat: int,
    step: int,
    *,
    extra: Sequence[Action] = (),
) -> Advice:
    """The coach's view of ``seat``'s decision in ``state`` (a full state or the seat's
    view: only ``state.view(seat)`` is searched). ``extra``: moves to weigh besides the
    search's candidates (the review adds the one played)."""
    if seat not in state.to_act():
        raise ValueError(f"seat {seat} has no decision to make now")
    view = state.view(seat)
    if not extra and _PREFETCHED:
        early = _PREFETCHED.get(_position(game_id, view, seat, step))
        if early is not None:  # searched since the decision opened: its answer, or wait
            return early.result()
    return _search(game_id, view, seat, step, extra)


def _search(game_id: str, view: GameState, seat: int, step: int, extra: Sequence[Action]) -> Advice:
    """The search of :func:`advise` on the seat's view."""
    budget_ms, playouts = coach_search(game_id, view)
    weighed = analyse_hard(
        game_id,
        view,
        seat,
        random.Random(coach_seed(game_id, step, seat)),
        budget_ms,
        playouts,
        extra,
    )
    options = [Option(c.action, c.mean(), len(c.samples), c.measured()) for c in weighed.candidates]
    pick = options[weighed.chosen]
    rest = sorted((o for i, o in enumerate(options) if i != weighed.chosen), key=lambda o: -o.score)
    table = getattr(view, "options", None)
    return Advice(game_id, seat, step, [pick, *rest], table if isinstance(table, Mapping) else {})


# -- the answer searched ahead (issue #40: a hint within 300 ms) ---------------------------
#
# On a machine shared with other work a search of a hundred milliseconds of CPU can take
# several times that on the clock. So once a person has asked the coach in a game, the
# table has the coach search each of their later decisions as soon as it opens
# (:func:`prefetch`, on a thread of its own); pressing Coach then finds the answer ready,
# or waits only for the rest of that same search. It is the same search with the same
# seed on the same view, so the answer is the one ``advise`` would have found.

PREFETCH_KEEP = 4  # positions remembered (a person's decision, and a few before it)
_PREFETCHED: OrderedDict[tuple[str, int, int, str], Future[Advice]] = OrderedDict()
_PREFETCH_LOCK = threading.Lock()


def _position(game_id: str, view: GameState, seat: int, step: int) -> tuple[str, int, int, str]:
    """What makes two requests the same hint: the game, the seat, the position's number
    and everything the seat sees (a digest of its view), so another game's position with
    the same number is never answered from here."""
    seen = json.dumps(view.to_dict(), sort_keys=True, default=str)
    return game_id, seat, step, hashlib.sha256(seen.encode()).hexdigest()


def prefetch(game_id: str, state: GameState, seat: int, step: int) -> bool:
    """Start the coach's search of ``seat``'s decision in ``state`` on a thread, unless it
    was started already; :func:`advise` at that position then returns its answer. False
    when nothing was started (no choice for the seat to make, or searched already)."""
    if seat not in state.to_act() or len(state.legal_actions(seat)) < 2:
        return False
    view = state.view(seat)
    key = _position(game_id, view, seat, step)
    future: Future[Advice] = Future()
    with _PREFETCH_LOCK:
        if key in _PREFETCHED:
            return False
        _PREFETCHED[key] = future
        while len(_PREFETCHED) > PREFETCH_KEEP:
            _PREFETCHED.popitem(last=False)

    def work() -> None:
        try:
            future.set_result(_search(game_id, view, seat, step, ()))
        except Exception as exc:  # noqa: BLE001 - handed to whoever asks, as advise raises it
            future.set_exception(exc)

    threading.Thread(target=work, name="coach-ahead", daemon=True).start()
    return True


def forget_prefetched() -> None:
    """Drop the answers searched ahead (a test's, or a game left)."""
    with _PREFETCH_LOCK:
        _PREFETCHED.clear()
