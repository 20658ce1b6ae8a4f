"""Issue #41: how long the builder's live DDG-42 check takes, the check the builder runs
after every drop, turn or flip of a tile. Boards are laid as a person lays them (each
tile snapped beside the others, random faces and turns, 1-16 tiles), then each is checked
``--repeat`` times; the figure is the p50/p99/max of one check, in milliseconds.

    python tools/bench_builder.py [--boards 500] [--repeat 5] [--seed 41]

Also how many boards "Surprise me" drew before one passed (its worst case), per size."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.boards.duck import load_tiles  # after ROOT is on the path
from game.rules.duck.builder import SIZES, Placed, live_check, surprise, touching


def laid_board(rng: random.Random, faces) -> list[Placed]:
    placed: list[Placed] = []
    for tile in rng.sample(sorted(faces), rng.randint(1, len(faces))):
        q, r = rng.choice(sorted(touching(placed)))
        placed.append(Placed(tile, rng.choice("AB"), q, r, rng.randrange(6)))
    return placed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--surprises", type=int, default=50, help="seeds per size and ducks")
    args = parser.parse_args(argv)
    faces = load_tiles()
    rng = random.Random(args.seed)
    times: list[float] = []
    for _ in range(args.boards):
        board = laid_board(rng, faces)
        ducks = rng.randint(2, 6)
        for _ in range(args.repeat):
            start = time.perf_counter()
            live_check(board, faces, ducks)
            times.append((time.perf_counter() - start) * 1000)
    print(
        f"live check, {args.boards} boards x {args.repeat}: p50 {percentile(times, 0.5):.2f} ms, "
        f"p99 {percentile(times, 0.99):.2f} ms, max {max(times):.2f} ms"
    )
    for size in SIZES:
        attempts, seconds = [], []
        for ducks in range(2, 7):
            for seed in range(args.surprises):
                start = time.perf_counter()
                attempts.append(surprise(faces, ducks, seed, size).attempts)
                seconds.append((time.perf_counter() - start) * 1000)
        print(
            f"surprise {size}: {len(attempts)} boards, attempts max {max(attempts)}, "
            f"p99 {percentile(seconds, 0.99):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
