"""Start-up to first menu frame (from launching the process to its first flip) against a
bare pygame window in the same run (median of N each), and the menu's idle CPU share
over 10 seconds. The game is started as a person starts it: main.py with no arguments
(a double-click; the same as ``tabletop-derby``), ended once its first frame is shown.

    python tools/bench_startup.py [--runs 15] [--idle 10] [--against OTHER_CHECKOUT]

Runs under the dummy video driver unless DISPLAY is set (then in the real window).

On a shared machine one slow launch moves a median of few runs, and the bare window's
own figure swings as much as the game's (issue #37: 71-90 ms within minutes): each
round times the bare window and the game one right after the other, in a turning order,
and the figures reported with the ratio of the medians are the median of each round's
own ratio (a round's two launches share the machine's load), with the middle half of
those ratios, and the ratio of each program's fastest launch. Each program is started
once before the timed rounds, untimed: the first start of a new cache folder keeps the
menu's pictures and texts, which every later start reads."""

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


def paired(bare: list[float], timed_: list[float]) -> tuple[float, float, float]:
    """The median of the rounds' own ratios (``timed_[i] / bare[i]``) and their lower and
    upper quartiles."""
    ratios = sorted(t / b for b, t in zip(bare, timed_, strict=True))
    if len(ratios) < 2:
        return ratios[0], ratios[0], ratios[0]
    low, _, high = statistics.quantiles(ratios, n=4, method="inclusive")
    return statistics.median(ratios), low, high


def summary(name: str, bare: list[float], timed_: list[float]) -> str:
    """One program's line: its median, the ratio of the medians, the median of the
    paired ratios with their middle half, and the ratio of the fastest launches (the
    ones the load disturbed least: on a loaded machine, the nearest to a quiet one's)."""
    b, t = statistics.median(bare), statistics.median(timed_)
    mid, low, high = paired(bare, timed_)
    return (
        f"{name} {t * 1000:.0f} ms, ratio of medians {t / b:.2f}, "
        f"median of paired ratios {mid:.2f} (middle half {low:.2f}-{high:.2f}), "
        f"ratio of the fastest {min(timed_) / min(bare):.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
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
    programs = {
        "bare": ([sys.executable, "-c", BARE], env),
        "ours": ([sys.executable, str(ROOT / "main.py")], env),
    }
    if against is not None:
        programs["theirs"] = ([sys.executable, str(against / "main.py")], other)
    for cmd, its_env in programs.values():
        timed(cmd, its_env)  # untimed: the first start keeps the menu's pictures and texts
    times: dict[str, list[float]] = {name: [] for name in programs}
    names = list(programs)
    for round_ in range(args.runs):
        turn = round_ % len(names)  # no program always right after another
        for name in names[turn:] + names[:turn]:
            times[name].append(timed(*programs[name]))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"start-up to first frame ({args.runs} rounds, load {load:.1f}): bare pygame "
        f"{statistics.median(times['bare']) * 1000:.0f} ms"
    )
    print("  " + summary("Tabletop Derby", times["bare"], times["ours"]))
    if against is not None:
        print("  " + summary(str(against), times["bare"], times["theirs"]))
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
