"""Start-up to the first frame (issue #37): what the first frame does not need is loaded
after it is shown. The window's first flip happens before ``logging`` (only a warning
needs it), ``platformdirs`` (only without ``$TABLETOP_DERBY_HOME``), ``yaml`` (the
catalogs come from their JSON cache) or any game's rules or table are imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# at the first flip, the names of the modules loaded that the first frame should not need
FIRST_FRAME = """
import sys
import pygame

flip = pygame.display.flip
LATER = (
    "logging", "platformdirs", "yaml", "game.rules.duck", "game.ai", "game.boards", "game.scenes.table"
)


def first_flip(*args):
    later = sorted(m for m in sys.modules if m in LATER or m.startswith(LATER))
    print("first frame:", ",".join(later))
    sys.stdout.flush()
    pygame.display.flip = flip
    return flip(*args)


pygame.display.flip = first_flip
from game.__main__ import main

main(["play", "--frames", "1"])
"""


def first_frame_modules(home: Path) -> str:
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,  # a bound: a hang is killed, not a timing check
    )
    shown = [line for line in out.stdout.splitlines() if line.startswith("first frame:")]
    assert shown, f"no frame was shown: {out.stdout!r} {out.stderr!r}"
    return shown[0].removeprefix("first frame:").strip()


def test_the_first_frame_is_shown_before_what_it_does_not_need_is_imported(tmp_path):
    """issue #37: start-up to the first frame within 1.3x a bare window: logging and
    platformdirs (and yaml, and the games' rules, the bots, the boards and the tables) come after the
    first flip: the command line's checks import the bots and boards only when asked."""
    first_frame_modules(tmp_path)  # the first run writes the catalogs' JSON cache
    assert first_frame_modules(tmp_path) == ""
