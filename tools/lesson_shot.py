"""Render one step of a lesson as the person sees it — a thin wrapper, kept for the
command lines already written down, over ``python -m game screenshot lesson:<id> --step N``
(game/screenshot.py, where the lesson is played by its own steps up to step N)::

    python -m tools.lesson_shot verflixxt-1 --step 7 --lang ja --out shot.png [--size 1280x720]
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lesson")
    parser.add_argument("--step", default="1", help="the step to show, from 1")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--refused", action="store_true", help="show the step's refusal hint")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    from game.__main__ import main as game_main

    command = ["screenshot", f"lesson:{args.lesson}", "--step", args.step, "--out", args.out]
    command += ["--lang", args.lang, "--size", args.size] + (["--refused"] if args.refused else [])
    return game_main(command)


if __name__ == "__main__":
    sys.exit(main())
