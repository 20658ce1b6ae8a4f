"""Benchmark (not a test) of the coach (issue #40): how long a hint takes, per game at
its most players, and how long the look back of a whole game takes.

    python tools/bench_coach.py                        # every game, 40 hints each
    python tools/bench_coach.py --game duck --hints 80 --no-review

Each game is played by normal computers at the game's most players (Verflixxt! both
without and with hats: their hard computers search differently); at every decision with
a choice, in turn, until ``--hints`` are timed, the coach is asked for the deciding
seat (``game.ai.coach.advise``, words included: what the Coach control waits for).
Prints per game: hints, median, p99 and longest milliseconds, and the median CPU
milliseconds of a hint (what a search ahead costs per decision). With ``--ahead MS``,
also the click-to-words time when the search started as the decision opened
(``game.ai.coach.prefetch``, as the table does once a person has asked) and Coach is
pressed MS later. Then, unless ``--no-review``, one whole game per game (seat 0 an easy
computer, looked back on as a person) and the seconds its look back took. Run it ``nice`` on a shared machine: the
figures are the machine's, under whatever else it runs (the load average is printed).
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

from game import registry, rules
from game.ai import make_bot
from game.ai.coach import advise, forget_prefetched, prefetch
from game.ai.coach_words import lines
from game.ai.review import review
from game.boards import prepare_options
from game.ui.i18n import Translator

CASES = {
    "duck": {},
    "routes": {},
    "verflixxt": {"variant": "base"},
    "verflixxt-hats": {"variant": "hats"},
    "cluck": {},
}


def hint_times(
    game_id: str, options: dict, hints: int, seed: int, ahead_ms: float | None = None
) -> tuple[list[float], list[float]]:
    """Milliseconds of ``hints`` hints over games of normal computers at the most seats,
    and the CPU milliseconds of each. With ``ahead_ms`` the search starts as the decision
    opens and the hint is asked that long after (the time is from the ask)."""
    players = registry.get(game_id).max_players
    module = rules.load(game_id)
    prepared = prepare_options(game_id, options)
    bot = make_bot(game_id, "normal")
    say = Translator("en")
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < hints:
        state = module.new_game(players, seed, prepared)
        rng = random.Random(seed)
        step = 0
        while not state.is_over() and len(times) < hints:
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                if ahead_ms is not None:
                    prefetch(game_id, state, seat, step)
                    time.sleep(ahead_ms / 1000)
                started, used = time.perf_counter(), time.process_time()
                lines(say, advise(game_id, state, seat, step))
                times.append(1000 * (time.perf_counter() - started))
                cpu.append(1000 * (time.process_time() - used))
            state.apply(seat, bot.choose(state.view(seat), seat, rng))
            step += 1
        seed += 1
    forget_prefetched()
    return times, cpu


def review_seconds(game_id: str, options: dict, seed: int) -> tuple[float, int, int]:
    """One whole game (seat 0 easy, the others normal) looked back on for seat 0: the
    seconds, the actions and the decisions weighed."""
    players = registry.get(game_id).max_players
    module = rules.load(game_id)
    prepared = prepare_options(game_id, options)
    state = module.new_game(players, seed, prepared)
    bots = [make_bot(game_id, "easy")] + [make_bot(game_id, "normal")] * (players - 1)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), seat, rng)
        state.apply(seat, action)
        actions.append((seat, str(action)))
    started = time.perf_counter()
    looked = review(game_id, players, seed, prepared, actions, [0])
    return time.perf_counter() - started, len(actions), looked.decisions


def _spread(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (
        f"median {statistics.median(ordered):6.0f} ms  p99 {p99:6.0f} ms  "
        f"longest {ordered[-1]:6.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(CASES), default=None, help="only this one")
    parser.add_argument("--hints", type=int, default=40, help="hints timed per game")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--no-review", action="store_true", help="skip the look backs")
    parser.add_argument(
        "--ahead",
        type=float,
        default=None,
        metavar="MS",
        help="also time hints searched ahead, Coach pressed MS after the decision opened",
    )
    args = parser.parse_args()
    cases = {args.game: CASES[args.game]} if args.game else CASES
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    for name, options in cases.items():
        game_id = name.split("-")[0]
        times, cpu = hint_times(game_id, options, args.hints, args.seed)
        print(
            f"{name:15} players {registry.get(game_id).max_players}  hints {len(times)}  "
            f"{_spread(times)}  cpu median {statistics.median(cpu):4.0f} ms",
            flush=True,
        )
        if args.ahead is not None:
            times, _ = hint_times(game_id, options, args.hints, args.seed, args.ahead)
            print(f"{'':15} searched ahead, asked {args.ahead:.0f} ms later: {_spread(times)}")
    if not args.no_review:
        for name, options in cases.items():
            game_id = name.split("-")[0]
            seconds, actions, decisions = review_seconds(game_id, options, args.seed)
            print(
                f"{name:15} look back of a whole game: {actions} actions, {decisions} "
                f"decisions weighed, {seconds:.1f} s",
                flush=True,
            )
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
