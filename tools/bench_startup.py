"""Start-up to first menu frame (from launching the process to its first flip) against a
bare pygame window in the same run (median of N each), and the menu's idle CPU share
over 10 seconds.

    python tools/bench_startup.py [--runs 5] [--idle 10]

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
sys.path.insert(0, str(ROOT))

from tools.scratch import scratch_dir  # after ROOT is on the path

BARE = (
    "import os, time, pygame; pygame.init(); pygame.display.set_mode((1280, 720)); "
    "pygame.display.flip(); open(os.environ['TABLETOP_DERBY_FIRST_FRAME_FILE'], 'w')"
    ".write(repr(time.time()))"
)


def timed(cmd, env) -> float:
    """Seconds from launching the process to its first frame on screen (both programs
    write the wall-clock time of their first flip to a file; shutdown is not counted)."""
    stamp = scratch_dir("derby-startup-") / "first-frame"
    env = {**env, "TABLETOP_DERBY_FIRST_FRAME_FILE": str(stamp)}
    start = time.time()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    return float(stamp.read_text()) - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=10.0)
    args = parser.parse_args()
    env = {
        **os.environ,
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "TABLETOP_DERBY_HOME": str(scratch_dir("derby-startup-")),
    }
    if "DISPLAY" not in env:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    bare, ours = [], []
    for _ in range(args.runs):
        bare.append(timed([sys.executable, "-c", BARE], env))
        ours.append(timed([sys.executable, str(ROOT / "main.py"), "--frames", "1"], env))
    b, o = statistics.median(bare), statistics.median(ours)
    print(
        f"start-up to first frame: bare pygame {b * 1000:.0f} ms, Tabletop Derby "
        f"{o * 1000:.0f} ms, ratio {o / b:.2f} (median of {args.runs})"
    )
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
