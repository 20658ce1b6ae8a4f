"""Start-up to first menu frame (from launching the process to its first flip) against a
bare pygame window in the same run (median of N each), and the menu's idle CPU share
over 10 seconds. The game is started as a person starts it: main.py with no arguments
(a double-click; the same as ``tabletop-derby``), ended once its first frame is shown.

    python tools/bench_startup.py [--runs 5] [--idle 10] [--against OTHER_CHECKOUT]

Runs under the dummy video driver unless DISPLAY is set (then in the real window)."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAMP_WAIT_S = 60.0  # a bound: a program that shows no frame is a failure, not a wait
sys.path.insert(0, str(ROOT))

from tools.scratch import scratch_dir  # after ROOT is on the path

BARE = (
    "import os, time, pygame; pygame.init(); pygame.display.set_mode((1280, 720)); "
    "pygame.display.flip(); open(os.environ['TABLETOP_DERBY_FIRST_FRAME_FILE'], 'w')"
    ".write(repr(time.time()))"
)


def timed(cmd, env) -> float:
    """Seconds from launching the process to its first frame on screen (both programs
    write the wall-clock time of their first flip to a file; shutdown is not counted).
    A program still running once its first frame is shown (the game as a person starts
    it, with no arguments) is ended then: a SIGTERM, which it takes as a close."""
    stamp = scratch_dir("derby-startup-") / "first-frame"
    env = {**env, "TABLETOP_DERBY_FIRST_FRAME_FILE": str(stamp)}
    start = time.time()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + STAMP_WAIT_S
        while (shown := _stamp(stamp)) is None:
            if proc.poll() is not None and _stamp(stamp) is None:
                raise SystemExit(f"{cmd[-1]} ended without a frame: {proc.stderr.read()!r}")
            if time.monotonic() > deadline:
                raise SystemExit(f"no first frame within {STAMP_WAIT_S:g} s: {cmd}")
            time.sleep(0.005)
        time.sleep(0.005)  # read once more: the first read may have caught the write midway
        shown = _stamp(stamp) or shown
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.communicate(timeout=STAMP_WAIT_S)
    return shown - start


def _stamp(path: Path) -> float | None:
    """The time written to ``path``, or None while it is not (completely) there."""
    try:
        return float(path.read_text())
    except (OSError, ValueError):
        return None


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=10.0, help="0: no idle measure")
    parser.add_argument(
        "--against", type=Path, help="another checkout to time in the same run (before/after)"
    )
    args = parser.parse_args()
    env = {
        **os.environ,
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "TABLETOP_DERBY_HOME": str(scratch_dir("derby-startup-")),
    }
    if "DISPLAY" not in env:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    # another checkout (the commit before a change) timed in the same run, in its own
    # folders: caches made by one checkout are not the other's
    against = args.against.resolve() if args.against else None
    other = {**env, "TABLETOP_DERBY_HOME": str(scratch_dir("derby-startup-"))}
    bare: list[float] = []
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(args.runs):
        bare.append(timed([sys.executable, "-c", BARE], env))
        ours.append(timed([sys.executable, str(ROOT / "main.py")], env))
        if against is not None:
            theirs.append(timed([sys.executable, str(against / "main.py")], other))
    b, o = statistics.median(bare), statistics.median(ours)
    print(
        f"start-up to first frame: bare pygame {b * 1000:.0f} ms, Tabletop Derby "
        f"{o * 1000:.0f} ms, ratio {o / b:.2f} (median of {args.runs})"
    )
    if against is not None:
        t = statistics.median(theirs)
        print(f"  {against}: {t * 1000:.0f} ms, ratio {t / b:.2f}")
    if args.idle <= 0:
        return 0
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py")], env=env)
    time.sleep(5.0)  # past the one-off work after the first frame (sound synthesis)
    with open(f"/proc/{proc.pid}/stat") as f:
        fields = f.read().split()
    t0 = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    time.sleep(args.idle)
    with open(f"/proc/{proc.pid}/stat") as f:
        fields = f.read().split()
    t1 = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    proc.terminate()
    proc.wait(timeout=10)
    print(f"idle menu CPU: {100 * (t1 - t0) / args.idle:.2f}% of one core over {args.idle:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
