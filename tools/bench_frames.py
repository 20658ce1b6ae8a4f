"""Frame-time benchmark of each game's table against a bare-blit floor, in one run.

    python tools/bench_frames.py [--game all|duck|verflixxt|cluck|routes] [--frames 600]
                                 [--size 1280x720]

Scene: each game at its fullest table (Duck! Duck! Go!: 6 players, advanced, the hound on
the board; Verflixxt!: 6 players with hats; Cluck-peep!: 4; Eight Routes: 5) played by
computer seats, measured only on frames where something is animating (update + draw +
flip). Floor: the same window, the table's own picture as a full-screen background and
that game's moving pieces (its sprites, rotated) blitted at moving positions each frame,
then flip — what drawing this picture costs with no game logic at all. Prints ms/frame
for both, their ratio, and whether 60 fps (16.7 ms) is held, per game. Runs under the
dummy video driver unless DISPLAY is set and --window is given. Exits 1 when a goal is
missed by any game.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
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


def scene_frames(app, game_id: str, frames: int) -> tuple[list[float], object]:
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
    times: list[float] = []
    guard = 0
    while len(times) < frames and guard < frames * 50 and not session.state.is_over():
        guard += 1
        animating = scene.player.busy()
        start = time.perf_counter()
        app.step(1 / 60)
        elapsed = time.perf_counter() - start
        if animating:
            times.append(elapsed)
        else:
            time.sleep(0.001)  # let a computer seat's worker thread decide
    return times, scene


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
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--window", action="store_true", help="use the real display")
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

    w, h = (int(v) for v in args.size.split("x"))
    games = list(TABLES) if args.game == "all" else [args.game]
    missed = []
    for game_id in games:
        app = App(size=(w, h), settings=Settings(animation_speed=1.0), persist=False)
        scene_times, _scene = scene_frames(app, game_id, args.frames)
        background = app.screen.copy()
        floor_times = floor_frames(app, game_id, max(len(scene_times), 120), background)
        pygame.quit()
        if not scene_times:
            raise SystemExit(f"{game_id}: no animated frame was measured")
        s_med, f_med = statistics.median(scene_times), statistics.median(floor_times)
        s_p99 = sorted(scene_times)[int(0.99 * (len(scene_times) - 1))]
        ratio = s_med / f_med
        held = s_p99 <= 1 / 60
        print(
            f"{game_id:9} {w}x{h}: scene median {s_med * 1000:.2f} ms/frame, p99 "
            f"{s_p99 * 1000:.2f} ms over {len(scene_times)} animated frames; bare-blit floor "
            f"{f_med * 1000:.2f} ms; ratio {ratio:.2f}x (goal <= 2x); 60 fps "
            f"{'held' if held else 'NOT held at p99'}"
        )
        if ratio > 2.0 or not held:
            missed.append(game_id)
    if missed:
        print(f"goal missed by: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
