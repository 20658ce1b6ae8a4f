"""What the hard computers decide at a fixed set of positions (issue #40's hint speed):
the search made cheaper must decide exactly as before, so its strength is unchanged.

:func:`decisions` plays games of normal computers at each game's most seats, takes every
few decisions, and runs there (1) the coach's search (``game.ai.coach.advise``: the hard
computer's search, bound by work) and (2) at a few of them the hard computer as the
table makes it (``make_bot(game, "hard")``, 50 ms, at most 400 playouts), each with a
clock that never moves, so only the work bounds them and any machine does the same work.
It records the candidates, the chosen one and a digest of every sample and figure the
search measured (their exact floats): equal digests mean the same search, not merely the
same pick.

``tools/record_hard_picks.py`` wrote ``tests/corpus/search/hard_picks.json`` from the
commit before the speedups (5be4d3f); ``tests/test_search_speed.py`` compares.
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game import registry, rules
from game.ai import analyse_hard, make_bot, verflixxt_search
from game.ai import search as search_module
from game.ai.coach import coach_search, coach_seed
from game.boards import prepare_options

# (name, game, options, positions kept, every how many decisions)
CASES: list[tuple[str, str, dict[str, Any], int, int]] = [
    ("duck", "duck", {}, 12, 4),
    ("routes", "routes", {}, 12, 3),
    ("verflixxt-base", "verflixxt", {"variant": "base"}, 12, 5),
    ("verflixxt-hats", "verflixxt", {"variant": "hats"}, 12, 5),
    ("cluck", "cluck", {}, 12, 1),
]
TABLE_EVERY = 4  # of the kept positions, every fourth is also decided with the table's settings


class _FrozenClock:
    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter  # the hats search's clock (issue #40)


@contextmanager
def frozen_clock() -> Iterator[None]:
    """The searches' clock stands still: they stop on their work bound only."""
    saved = search_module.time, verflixxt_search.time
    search_module.time = verflixxt_search.time = _FrozenClock  # type: ignore[assignment]
    try:
        yield
    finally:
        search_module.time, verflixxt_search.time = saved


def _digest(weighed: Any) -> str:
    text = repr(
        [
            (str(c.action), c.samples, [sorted(m.items()) for m in c.measures])
            for c in weighed.candidates
        ]
    )
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def decisions(name: str) -> list[dict[str, Any]]:
    """The records of one case (see the module)."""
    _, game_id, options, most, every = next(c for c in CASES if c[0] == name)
    players = registry.get(game_id).max_players
    module = rules.load(game_id)
    prepared = prepare_options(game_id, options)
    bot = make_bot(game_id, "normal")
    out: list[dict[str, Any]] = []
    seed, seen = 1, 0
    with frozen_clock():
        while len(out) < most:
            state = module.new_game(players, seed, prepared)
            rng = random.Random(seed)
            step = 0
            while not state.is_over() and len(out) < most:
                seat = state.to_act()[0]
                if len(state.legal_actions(seat)) > 1:
                    if seen % every == 0:
                        out.append(_decide(game_id, copy.deepcopy(state), seat, step, len(out)))
                    seen += 1
                state.apply(seat, bot.choose(state.view(seat), seat, rng))
                step += 1
            seed += 1
    return out


def _decide(game_id: str, state: Any, seat: int, step: int, index: int) -> dict[str, Any]:
    view = state.view(seat)
    budget_ms, playouts = coach_search(game_id, view)
    seed = coach_seed(game_id, step, seat)
    weighed = analyse_hard(game_id, view, seat, random.Random(seed), budget_ms, playouts)
    record: dict[str, Any] = {
        "step": step,
        "seat": seat,
        "candidates": [str(c.action) for c in weighed.candidates],
        "chosen": weighed.chosen,
        "digest": _digest(weighed),
    }
    if index % TABLE_EVERY == 0:
        hard = make_bot(game_id, "hard", 50.0, 400)
        record["table_pick"] = str(hard.choose(state.view(seat), seat, random.Random(seed)))
    return record
