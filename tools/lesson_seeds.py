"""Find seeds under which a lesson's own steps come true: ``python -m tools.lesson_seeds
verflixxt-1 [--from 0] [--count 2000] [--want 5]``. Each seed is tried by following the
lesson headlessly (game.lessons.play_through: every expected action legal when its step
comes, every named event happening); the seeds that pass are printed. Put one in the
lesson's ``seed:``."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from game.lessons import lesson_path, load_lesson, play_through


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lesson", help="a lesson id (data/lessons/<id>.yaml)")
    parser.add_argument("--from", dest="start", type=int, default=0)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--want", type=int, default=5, help="stop after this many seeds")
    args = parser.parse_args(argv)
    lesson = load_lesson(lesson_path(args.lesson))
    found = []
    furthest: dict[str, int] = {}
    for seed in range(args.start, args.start + args.count):
        problems = play_through(dataclasses.replace(lesson, seed=seed))
        if not problems:
            found.append(seed)
            print(seed, flush=True)
            if len(found) >= args.want:
                break
        else:
            reason = problems[0].split(": ", 1)[1]
            furthest[reason] = furthest.get(reason, 0) + 1
    if not found:
        print("no seed; the steps that failed most:", file=sys.stderr)
        for reason, n in sorted(furthest.items(), key=lambda kv: -kv[1])[:8]:
            print(f"  {n:5d}  {reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
