"""Benchmark (not a test) of the window while another program holds the history locked
(issue #36): a child process opens ``history.sqlite`` and holds ``BEGIN EXCLUSIVE``; a
headless app (its own temporary data folder) plays an Eight Routes game with computers
to its end (the table records it), then opens History. Prints the longest frame at the
game's end and the frame History opens in, locked and (``--unlocked``) not, then lets go
and says whether the game is in the history.

    python tools/bench_history_lock.py             # locked
    python tools/bench_history_lock.py --unlocked  # the same frames without the lock
    python tools/bench_history_lock.py --readers   # readers kept out too (EXCLUSIVE mode)

Before issue #36 (the history written on the window's thread, 10 s busy timeout): the
game's last frame took ~20 s (the record, then the old autosaves' import, each waiting
10 s), History ~10 s and a dialog, and the game was not in the history after.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "readers":
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
if sys.argv[2] == "readers":
    db.execute("INSERT INTO meta (key, value) VALUES ('held', 'by another program')")
print("locked", flush=True)
time.sleep(600)
"""


def frame(app, dt: float) -> float:
    start = time.perf_counter()
    app.step(dt)
    app.draw()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unlocked", action="store_true")
    parser.add_argument("--readers", action="store_true", help="keep readers out too")
    args = parser.parse_args()
    os.environ["TABLETOP_DERBY_HOME"] = tempfile.mkdtemp(prefix="derby-lock-")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.app import App
    from game.history import History, history_path
    from game.scenes.table import playing
    from game.scenes.table.end_screen import GameOverScene
    from game.screenshot import fast_forward
    from game.session import Seat, Session
    from game.settings import Settings

    playing.BOT_DELAY = 0.0
    History.open().close()  # a history in WAL mode, as the app leaves it
    mode = "readers" if args.readers else "writers"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(history_path()), mode],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        if args.unlocked:
            holder.kill()
            holder.wait()
        app = App(size=(1280, 720), settings=Settings(), persist=True)
        app.settings.animation_speed = 4.0
        app.router.open("menu")
        seats = [Seat(f"P{i + 1}", f"c{i}", human=i == 0, level="easy") for i in range(3)]
        from game import registry

        characters = registry.get("routes").characters
        for i, seat in enumerate(seats):
            seat.character = characters[i].key
        scene = app.router.table("routes")(app, Session("routes", seats, 5, {}, bot_seed=5))
        app.push(scene)
        fast_forward(scene, 10**6)
        end = 0.0
        for _ in range(3000):
            end = max(end, frame(app, 1 / 20))
            if isinstance(app.top, GameOverScene):
                break
        for _ in range(10):
            end = max(end, frame(app, 1 / 60))
        start = time.perf_counter()
        app.router.open("history")
        app.step(1 / 60)
        app.draw()
        opened = time.perf_counter() - start
        after = max(frame(app, 1 / 60) for _ in range(30))
        state = "unlocked" if args.unlocked else f"locked ({mode})"
        print(f"{state}: longest frame at the game's end {end * 1000:.0f} ms")
        print(
            f"{state}: History opened in a frame of {opened * 1000:.0f} ms, then <= {after * 1000:.0f} ms"
        )
        print(f"shown: {type(app.top).__name__}: {getattr(app.top, '_message', lambda: None)()}")
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    writer = app._writer
    deadline = time.monotonic() + 30
    while writer is not None and writer.pending() and time.monotonic() < deadline:
        app.step(1 / 60)
        time.sleep(0.05)
    app.quit()
    history = History.open()
    print(f"after letting go: {history.count()} game(s) in the history")
    history.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
