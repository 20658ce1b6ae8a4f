"""Benchmark (not a test) of the Verflixxt! hats hard computer's playouts (issue #40): the
CPU time one playout costs, and how many playouts its 50 ms of thinking buys.

    python tools/bench_hats_playout.py                 # 60 decisions, 60 playouts each
    python tools/bench_hats_playout.py --decisions 120 --playouts 120

Positions: every decision with a choice of a few 4-seat hat games played by normal
computers (seeds 1000 on), one in three kept, the first ``--decisions`` of them. At each
the hard computer's search (``game.ai.verflixxt.analyse_hard``) runs with a clock that
never stops it (bound by ``--playouts`` only), timed on the thread's CPU clock
(``time.thread_time``), so the load on a shared machine changes the figure little. Then,
as the table plays it (50 ms of the thread's CPU time, at most 400 playouts), the
playouts of each decision are counted. Run it ``nice``; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import game.rules.verflixxt as vx
from game.ai import search as search_module
from game.ai import verflixxt as ai
from game.rules.protocol import GameState


class _Stopped:
    """``time`` for the search with clocks that never move: only its playouts bound it."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter


def positions(count: int) -> list[tuple[GameState, int]]:
    """One in three decisions with a choice of normal computers' 4-seat hat games."""
    out: list[tuple[GameState, int]] = []
    seed = 1000
    while len(out) < count:
        state = vx.new_game(4, seed, {"variant": "hats"})
        rng = random.Random(seed)
        seen = 0
        while not state.is_over() and len(out) < count:
            seat = state.to_act()[0]
            view = state.view(seat)
            if len(view.legal_actions(seat)) > 1:
                if seen % 3 == 0:
                    out.append((view, seat))
                seen += 1
            state.apply(seat, ai.normal(view, seat, rng))
        seed += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--playouts", type=int, default=60)
    args = parser.parse_args(argv)
    found = positions(args.decisions)
    saved = search_module.time
    search_module.time = _Stopped  # type: ignore[assignment]
    try:
        per_playout = []
        for index, (view, seat) in enumerate(found):
            start = time.thread_time()
            weighed = ai.analyse_hard(
                view, seat, random.Random(index), max_iterations=args.playouts
            )
            spent = time.thread_time() - start
            played = sum(len(c.samples) for c in weighed.candidates)
            per_playout.append(1000.0 * spent / max(1, played))
    finally:
        search_module.time = saved
    counts = []
    for index, (view, seat) in enumerate(found):
        weighed = ai.analyse_hard(view, seat, random.Random(index))
        counts.append(sum(len(c.samples) for c in weighed.candidates))
    print(
        f"hats hard, {len(found)} decisions: CPU ms a playout median "
        f"{statistics.median(per_playout):.2f}, mean {statistics.fmean(per_playout):.2f}; "
        f"playouts a decision at the table (50 ms of CPU) median "
        f"{statistics.median(counts):.0f}, min {min(counts)}; load {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
