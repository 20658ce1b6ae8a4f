"""Time and peak memory to load (or refuse) each hostile board of the corpus
(tests/corpus/boards, committed and generated), one fresh process per file, through
``game.boards.duck.checked_board`` — the loader of the lobby, the Start button and the
folder scan. Issue #15's goal: every file refused or loaded in under 1 s and 200 MB.

    python tools/bench_hostile_files.py [--timeout 60] [--check-board]

Per file: the outcome, the seconds of the load alone (imports excluded), the process's
peak resident memory (ru_maxrss), how much of it the load added over the imports, and
the peak of Python's allocations during the load (tracemalloc, a second uncached load).
``--check-board`` also times ``python -m game check-board FILE`` end to end. A load past
``--timeout`` is killed and shown as such. Exit 1 if any file misses the goal."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.scratch import scratch_dir  # after ROOT is on the path

GOAL_SECONDS = 1.0
GOAL_MB = 200.0

# Run in the child: the imports first (their memory is the baseline), then the load alone.
CHILD = r"""
import json, resource, sys, time
from game.boards import DataFileError
from game.boards.duck import checked_board
import game.boards.duck as duck
import yaml, defusedxml.ElementTree          # imported before timing, like pytmx and pygame:
duck._board_map_class()
def rss_mb():
    # ru_maxrss: kilobytes on Linux, bytes on macOS
    scale = 1 / 1024 if sys.platform != "darwin" else 1 / 2**20
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
base = rss_mb()
start = time.perf_counter()
try:
    outcome = "loads: " + checked_board(sys.argv[1])["name"]
except DataFileError as exc:
    outcome = "refused: " + str(exc).split(": ", 1)[1]
seconds = time.perf_counter() - start
peak = rss_mb()
# Python's own allocations during a second, uncached load (tracemalloc slows it down, so
# it is not the timed one).
import tracemalloc
tracemalloc.start()
try:
    duck._load_and_check(duck.Path(sys.argv[1]))
except DataFileError:
    pass
traced = tracemalloc.get_traced_memory()[1] / 2**20
tracemalloc.stop()
print(json.dumps({"outcome": outcome, "seconds": seconds, "peak_mb": peak,
                  "added_mb": peak - base, "traced_mb": traced}))
"""


def run(path: Path, timeout: float) -> dict:
    env = {
        **os.environ,
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "SDL_VIDEODRIVER": "dummy",
        "TABLETOP_DERBY_HOME": str(scratch_dir("derby-hostile-")),
    }
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(path)],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return {
            "outcome": f"KILLED after {timeout:.0f} s",
            "seconds": timeout,
            "peak_mb": float("nan"),
            "added_mb": float("nan"),
            "traced_mb": float("nan"),
        }
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {
            "outcome": f"CRASHED: {last}",
            "seconds": float("nan"),
            "peak_mb": float("nan"),
            "added_mb": float("nan"),
            "traced_mb": float("nan"),
        }
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_board_seconds(path: Path, timeout: float) -> str:
    start = time.perf_counter()
    try:
        subprocess.run(
            [sys.executable, "-m", "game", "check-board", str(path)],
            cwd=ROOT,
            capture_output=True,
            timeout=timeout,
            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "killed"
    return f"{time.perf_counter() - start:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--check-board", action="store_true")
    args = parser.parse_args()
    from tests.corpus.boards.corpus import all_cases

    cases = all_cases(scratch_dir("derby-hostile-") / "corpus")
    header = f"{'file':32} {'load s':>7} {'peak MB':>8} {'+MB':>6} {'alloc MB':>8}"
    print(header + ("  check-board s" if args.check_board else "") + "  outcome")
    worst_s, worst_mb, worst_alloc, missed = 0.0, 0.0, 0.0, []
    for name, (path, case) in cases.items():
        result = run(path, args.timeout)
        extra = f"  {check_board_seconds(path, args.timeout):>13}" if args.check_board else ""
        print(
            f"{name[:32]:32} {result['seconds']:7.3f} {result['peak_mb']:8.1f} "
            f"{result['added_mb']:6.1f} {result['traced_mb']:8.2f}{extra}  "
            f"{result['outcome'][:70]}"
        )
        worst_s = max(worst_s, result["seconds"])
        worst_mb = max(worst_mb, result["peak_mb"])
        worst_alloc = max(worst_alloc, result["traced_mb"])
        if not (result["seconds"] < GOAL_SECONDS and result["peak_mb"] < GOAL_MB):
            missed.append(name)
    print(
        f"worst: {worst_s:.3f} s, {worst_mb:.1f} MB peak, {worst_alloc:.2f} MB allocated by "
        f"a load (goal: under {GOAL_SECONDS:.0f} s "
        f"and {GOAL_MB:.0f} MB)" + (f"; missed: {', '.join(missed)}" if missed else "")
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
