"""Render the evidence screenshots of the four tables: each game at the start, in the middle
of a round and at the end (with the end screen), at 1024x600, 1280x720 and 1920x1080, in
English and Japanese, into one folder (default build/screenshots/tables/).

    python tools/shots.py [--out DIR] [--games duck,cluck] [--sizes 1024x600,...]

Each picture is made by ``python -m game screenshot`` in its own process, as a person
would make it; the script prints where each one went and exits 1 if any failed."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = {
    # game: (players, extra arguments) — the busiest table of each
    "duck": (4, ["--variant", "advanced"]),
    "verflixxt": (4, ["--variant", "hats"]),
    "cluck": (4, []),
    "routes": (5, []),
}
MOMENTS = {"start": ("0", "0"), "mid": ("2", "1"), "end": ("10000", "0")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "screenshots" / "tables"))
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--sizes", default="1024x600,1280x720,1920x1080")
    parser.add_argument("--langs", default="en,ja")
    args = parser.parse_args(argv)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    failed = 0
    for game in args.games.split(","):
        if game not in GAMES:
            print(f"shots: unknown game {game!r}", file=sys.stderr)
            return 2
        players, extra = GAMES[game]
        for moment, (rounds, actions) in MOMENTS.items():
            for size in args.sizes.split(","):
                for lang in args.langs.split(","):
                    out = Path(args.out) / f"{game}-{moment}-{size}-{lang}.png"
                    command = [
                        sys.executable, "-m", "game", "screenshot", game, "--out", str(out),
                        "--size", size, "--lang", lang, "--players", str(players),
                        "--rounds", rounds, "--actions", actions, *extra,
                    ]  # fmt: skip
                    done = subprocess.run(
                        command, cwd=ROOT, env=env, capture_output=True, text=True, check=False
                    )
                    if done.returncode:
                        failed += 1
                        print(f"FAILED {out}: {done.stderr.strip()}", file=sys.stderr)
                    else:
                        print(out)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
