"""Frame-time benchmark of each game's table against a bare-blit floor, in one run.

    python tools/bench_frames.py [--game all|duck|verflixxt|cluck|routes] [--frames 600]
                                 [--size 1280x720[,2560x1440,...]] [--profile MS]

The goal holds at every window size a person may use: run it at 1024x600, 1280x720,
1920x1080 and 2560x1440 (``--size 1024x600,1280x720,1920x1080,2560x1440``; the largest
costs the most: each frame blits a window-sized still picture).

Scene: each game at its fullest table (Duck! Duck! Go!: 6 players, advanced, the hound on
the board; Verflixxt!: 6 players with hats; Cluck-peep!: 4; Eight Routes: 5) played by
computer seats, measured only on frames where something is animating (update + draw +
flip). Floor: the same window, the table's own picture as a full-screen background and
that game's moving pieces (its sprites, rotated) blitted at moving positions each frame,
then flip — what drawing this picture costs with no game logic at all. Prints ms/frame
for both, their ratio, and whether 60 fps (16.7 ms) is held, per game. Runs under the
dummy video driver unless DISPLAY is set and --window is given. Exits 1 when a goal is
missed by any game.

Beside the wall-clock figures (the goal), the frames' p99 in the main thread's CPU time
(what a frame costs, whatever else the machine runs: a loaded machine stretches the wall
clock, not this); how many frames painted the table's still picture again and what of
its key changed (issue #38: a still picture painted again is a whole-window repaint,
the usual slow frame); and the slowest 1% of frames (by CPU time) by cause: the phase that took most
of each (update, still picture, moving layer, last moves' marks, the rest) and, when the
still picture was painted, why. ``--profile MS`` adds a cProfile of the frames that took
over MS ms of CPU time (as profiled: the profiler slows every frame), its top functions.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import math
import os
import pstats
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# game: (players, options, rounds to play first, the sprites that move on its table)
TABLES = {
    "duck": (
        6,
        {"variant": "advanced"},
        2,
        [
            f"duck_{n}.svg"
            for n in ("sparky", "cookie", "pirate", "daisy", "doc", "goldie", "hound")
        ],
    ),
    "verflixxt": (6, {"variant": "hats"}, 2, ["verflixxt_pawn.svg"] * 12),
    "cluck": (
        4,
        {},
        1,
        [f"cluck_{n}.svg" for n in ("clucky", "henrietta", "nugget", "pepper", "chick", "chick")],
    ),
    "routes": (5, {}, 1, ["routes_d8.svg"] * 8 + ["routes_marker.svg"] * 5),
}


PHASES = ("update", "still picture", "moving layer", "marks", "rest")


@dataclass
class Frame:
    """One measured frame: its wall and CPU time, the CPU time of each phase, and why
    the still picture was painted again in it ("" when it was not)."""

    wall: float
    cpu: float
    phases: dict[str, float]
    repainted: str

    def cause(self) -> str:
        """The phase that took most of the frame, with the still picture's reason."""
        phase = max(self.phases, key=lambda name: self.phases[name])
        if phase == "still picture" and self.repainted:
            return f"still picture ({self.repainted})"
        return phase


@dataclass
class Phases:
    """Times the phases of the frames of one table, by wrapping the methods each phase
    is (the tool's own instruments: the game's code is measured as it is). A phase
    inside another (the marks painted into the still picture) counts in its own only."""

    spent: dict[str, float] = field(default_factory=dict)
    _inner: list[float] = field(default_factory=list)  # time of inner phases, per depth

    def wrap(self, owner: object, name: str, phase: str) -> None:
        inner: Callable = getattr(owner, name)

        def timed(*args, **kwargs):
            start = time.thread_time()
            self._inner.append(0.0)
            try:
                return inner(*args, **kwargs)
            finally:
                took = time.thread_time() - start
                own = took - self._inner.pop()
                self.spent[phase] = self.spent.get(phase, 0.0) + own
                if self._inner:
                    self._inner[-1] += took

        setattr(owner, name, timed)

    def take(self, total: float) -> dict[str, float]:
        """This frame's phases (the rest: what none of them took), and start the next."""
        phases = {name: self.spent.get(name, 0.0) for name in PHASES[:-1]}
        phases["rest"] = max(0.0, total - sum(phases.values()))
        self.spent = {}
        return phases


def scene_frames(app, game_id: str, frames: int, profile_ms: float | None = None):
    """The table's animated frames (:class:`Frame`), and the profile of the slow ones."""
    from game import registry
    from game.scenes.table import playing
    from game.screenshot import fast_forward
    from game.session import Session, default_seats

    playing.BOT_DELAY = 0.0  # computer seats act at once: as much motion as possible
    players, options, rounds, _ = TABLES[game_id]
    info = registry.get(game_id)
    seats = default_seats(info, players, app.t)
    for seat in seats:
        seat.human = False
    session = Session(game_id, seats, 21, options)
    scene = app.router.table(info.id)(app, session)
    from game.scenes.shell.menu import MenuScene

    app.push(MenuScene(app))
    app.push(scene)
    fast_forward(scene, rounds)  # a table in play (Duck: the hound is on the board)
    phases = Phases()
    phases.wrap(scene, "update", "update")
    phases.wrap(scene.compositor, "still", "still picture")
    phases.wrap(scene.game.drawing, "paint_moving", "moving layer")
    phases.wrap(scene.last_moves, "layer", "marks")
    phases.wrap(scene.last_moves, "draw", "marks")
    compositor = scene.compositor
    measured: list[Frame] = []
    slow: pstats.Stats | None = None
    guard = 0
    while len(measured) < frames and guard < frames * 50 and not session.state.is_over():
        guard += 1
        animating = scene.player.busy()
        repaints = compositor.repaints
        profiler = cProfile.Profile() if profile_ms is not None and animating else None
        start, cpu = time.perf_counter(), time.thread_time()
        if profiler is not None:
            profiler.enable()
        app.step(1 / 60)
        if profiler is not None:
            profiler.disable()
        elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu
        spent = phases.take(cpu)
        if animating:
            why = compositor.why if compositor.repaints != repaints else ""
            measured.append(Frame(elapsed, cpu, spent, why))
            if profiler is not None and profile_ms is not None and cpu * 1000 > profile_ms:
                slow = pstats.Stats(profiler) if slow is None else slow.add(profiler)
        else:
            time.sleep(0.001)  # let a computer seat's worker thread decide
    return measured, slow


def p99(values: list[float]) -> float:
    return sorted(values)[int(0.99 * (len(values) - 1))]


def causes(measured: list[Frame]) -> str:
    """What the still picture was painted again for, and the slowest 1%'s causes."""
    repainted = Counter(f.repainted for f in measured if f.repainted)
    reasons = ", ".join(f"{why} {n}" for why, n in repainted.most_common(6))
    worst = sorted(measured, key=lambda f: f.cpu, reverse=True)[: max(1, len(measured) // 100)]
    slowest = Counter(f.cause() for f in worst)
    return (
        f"  still picture painted on {sum(repainted.values())} of {len(measured)} frames"
        f"{f' ({reasons})' if reasons else ''}\n"
        f"  slowest 1% by CPU time ({len(worst)} frames, from {worst[-1].cpu * 1000:.1f} ms): "
        + ", ".join(f"{cause} {n}" for cause, n in slowest.most_common())
    )


def profile_lines(stats: pstats.Stats, top: int = 14) -> str:
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    stats.sort_stats("tottime").print_stats(top)
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    return "\n".join("  " + line for line in lines[-top - 1 :])


def floor_frames(app, game_id: str, frames: int, background) -> list[float]:
    import pygame

    from game.ui import sprites

    size = max(24, int(56 * app.size[1] / 720))
    images = [sprites.svg(name, size) for name in TABLES[game_id][3]]
    w, h = app.size
    times = []
    for frame in range(frames):
        start = time.perf_counter()
        app.screen.blit(background, (0, 0))
        for i, image in enumerate(images):
            angle = (frame * 3 + i * 51) % 360
            turned = pygame.transform.rotate(image, angle)
            x = w * 0.5 + math.cos(frame / 40 + i) * w * 0.3
            y = h * 0.5 + math.sin(frame / 30 + i) * h * 0.3
            app.screen.blit(turned, turned.get_rect(center=(x, y)))
        pygame.display.flip()
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="all", choices=["all", *TABLES])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1280x720", help="WxH, or several: a,b,...")
    parser.add_argument("--window", action="store_true", help="use the real display")
    parser.add_argument(
        "--profile", type=float, metavar="MS", help="profile the frames slower than MS ms"
    )
    args = parser.parse_args()
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    from tools.scratch import scratch_dir

    os.environ["TABLETOP_DERBY_HOME"] = str(scratch_dir("derby-bench-"))
    import pygame

    from game.app import App
    from game.settings import Settings

    sizes = [tuple(int(v) for v in size.split("x")) for size in args.size.split(",")]
    games = list(TABLES) if args.game == "all" else [args.game]
    if os.name == "posix":
        print(f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    missed = []
    for w, h in sizes:
        for game_id in games:
            app = App(size=(w, h), settings=Settings(animation_speed=1.0), persist=False)
            measured, slow = scene_frames(app, game_id, args.frames, args.profile)
            background = app.screen.copy()
            floor_times = floor_frames(app, game_id, max(len(measured), 120), background)
            pygame.quit()
            if not measured:
                raise SystemExit(f"{game_id}: no animated frame was measured")
            scene_times = [f.wall for f in measured]
            s_med, f_med = statistics.median(scene_times), statistics.median(floor_times)
            s_p99 = p99(scene_times)
            ratio = s_med / f_med
            held = s_p99 <= 1 / 60
            print(
                f"{game_id:9} {w}x{h}: scene median {s_med * 1000:.2f} ms/frame, p99 "
                f"{s_p99 * 1000:.2f} ms (CPU p99 {p99([f.cpu for f in measured]) * 1000:.2f})"
                f" over {len(scene_times)} animated frames; bare-blit floor "
                f"{f_med * 1000:.2f} ms; ratio {ratio:.2f}x (goal <= 2x); 60 fps "
                f"{'held' if held else 'NOT held at p99'}"
            )
            print(causes(measured))
            if slow is not None:
                print(profile_lines(slow))
            if ratio > 2.0 or not held:
                missed.append(f"{game_id} {w}x{h}")
    if missed:
        print(f"goal missed by: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
