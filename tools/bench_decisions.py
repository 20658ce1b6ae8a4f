"""Benchmark (not a test) of how long the computer players think (issue #37: a timing
assertion in a unit test fails on a loaded machine, so the figure lives here).

    python tools/bench_decisions.py                      # every game, easy/normal/hard
    python tools/bench_decisions.py --games 3 --level normal --game duck

Each game is played to its end by computers of one level at the game's most players and
its richest variant (Duck: the advanced game on the Grand Canal); every decision is
timed on the caller's thread, from the seat's view (what the table hands a computer).
Prints, per game and level: decisions, median, p99 and longest milliseconds a decision,
and the figure a person feels most: the longest wait for one decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game import registry, rules
from game.ai import make_bot
from game.boards import prepare_options

RICHEST = {
    "duck": {"variant": "advanced", "board": "grand-canal"},
    "verflixxt": {"variant": "hats", "attack": True},
    "cluck": {},
    "routes": {},
}


def timed_game(game_id: str, level: str, seed: int) -> list[float]:
    """The milliseconds of every decision of one whole game of ``level`` computers."""
    info = registry.get(game_id)
    module = rules.load(game_id)
    options = prepare_options(game_id, RICHEST.get(game_id, {}))
    state = module.new_game(info.max_players, seed, options)
    bot = make_bot(game_id, level)
    rng = random.Random(seed)
    times: list[float] = []
    while not state.is_over() and state.round_number <= 200:
        player = state.to_act()[0]
        view = state.view(player)
        started = time.perf_counter()
        action = bot.choose(view, player, rng)
        times.append((time.perf_counter() - started) * 1000.0)
        state.apply(player, action)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(registry.GAMES), action="append")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), action="append")
    parser.add_argument("--games", type=int, default=2, help="whole games per row (2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"{'game':10} {'level':7} {'decisions':>9} {'median':>8} {'p99':>8} {'longest':>8}")
    for game_id in args.game or sorted(registry.GAMES):
        for level in args.level or ("easy", "normal", "hard"):
            times: list[float] = []
            for k in range(args.games):
                times += timed_game(game_id, level, args.seed + k)
            ordered = sorted(times)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            print(
                f"{game_id:10} {level:7} {len(times):9d} {statistics.median(times):7.2f}ms"
                f" {p99:7.2f}ms {ordered[-1]:7.2f}ms"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
