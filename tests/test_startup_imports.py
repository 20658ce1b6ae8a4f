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
# (argv[1], comma-separated), for the command line argv[2:]; a window that would run on is
# closed after its first frame (a QUIT, as the window manager sends)
FIRST_FRAME = """
import sys
import pygame

flip = pygame.display.flip
LATER = tuple(sys.argv[1].split(","))


def first_flip(*args):
    later = sorted(m for m in sys.modules if m in LATER or m.startswith(LATER))
    print("first frame:", ",".join(later))
    sys.stdout.flush()
    pygame.display.flip = flip
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    return flip(*args)


pygame.display.flip = first_flip
from game.__main__ import main

sys.exit(main(sys.argv[2:]))
"""
LATER = ("logging", "platformdirs", "yaml", "game.rules.duck", "game.ai", "game.boards")
LATER += ("game.scenes.table",)


def first_frame_modules(home: Path, argv: list[str], later: tuple[str, ...] = LATER) -> str:
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT),
    }
    out = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME, ",".join(later), *argv],
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
    first_frame_modules(tmp_path, ["play", "--frames", "1"])  # writes the JSON caches
    assert first_frame_modules(tmp_path, ["play", "--frames", "1"]) == ""


def test_the_window_alone_builds_no_command_line_parser(tmp_path):
    """issue #37: ``tabletop-derby`` with no arguments (a double-click, main.py) shows its
    first frame without argparse or the commands' shared parts (game.cli.common: the
    parser, what each game offers): the command line is parsed only when there is one."""
    later = (*LATER, "argparse", "game.cli.common")
    first_frame_modules(tmp_path, [])  # the first run writes the JSON caches
    assert first_frame_modules(tmp_path, [], later) == ""
    assert first_frame_modules(tmp_path, ["play"], later) == ""
    # with a flag the parser is built (and argparse imported) as before
    assert first_frame_modules(tmp_path, ["--frames", "1"], later) == "argparse,game.cli.common"
