"""The cost of line breaking (issue #38: Japanese broken by phrase with BudouX): every
paragraph of the shipped rules summaries (data/help/*.md) wrapped at several widths and
sizes with the caches emptied first (the first time a screen shows them), then again
with the caches warm (every later frame). Median of N rounds each.

    python tools/bench_wrap.py [--rounds 5] [--lang ja]

Run it against another checkout (``PYTHONPATH=/other/checkout``) to compare before and
after: it only calls ``fonts.wrap`` and ``fonts.reset``."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = (15, 18, 22)
WIDTHS = (240, 420, 720)


def paragraphs(lang: str) -> list[str]:
    """The rules summaries' lines in ``lang``: the texts the help screen wraps."""
    texts: list[str] = []
    for path in sorted((ROOT / "data" / "help").glob(f"*.{lang}.md")):
        texts += [line for line in path.read_text(encoding="utf-8").splitlines() if line]
    return texts


def one_round(texts: list[str]) -> tuple[float, float]:
    """Seconds to wrap every text at every size and width: cold caches, then warm."""
    from game.ui import fonts  # after SDL's environment is set

    fonts.reset()
    for size in SIZES:  # the faces are not what is measured
        fonts.font(size)
    start = time.perf_counter()
    for size in SIZES:
        for width in WIDTHS:
            for text in texts:
                fonts.wrap(text, size, width)
    cold = time.perf_counter() - start
    start = time.perf_counter()
    for size in SIZES:
        for width in WIDTHS:
            for text in texts:
                fonts.wrap(text, size, width)
    return cold, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--lang", choices=("en", "ja"), default="ja")
    args = parser.parse_args(argv)
    import pygame  # after SDL's environment is set

    pygame.font.init()
    texts = paragraphs(args.lang)
    rounds = [one_round(texts) for _ in range(max(1, args.rounds))]
    calls = len(texts) * len(SIZES) * len(WIDTHS)
    cold = statistics.median(r[0] for r in rounds) * 1000
    warm = statistics.median(r[1] for r in rounds) * 1000
    print(f"{args.lang}: {len(texts)} paragraphs x {len(SIZES)} sizes x {len(WIDTHS)} widths")
    print(f"cold caches: {cold:.1f} ms ({cold * 1000 / calls:.0f} us a call)")
    print(f"warm caches: {warm:.2f} ms ({warm * 1000 / calls:.2f} us a call)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
