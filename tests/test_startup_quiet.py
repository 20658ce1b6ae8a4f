"""The first command on a machine with no display, or no sound card (issue #27): one
line and exit 2 instead of a window nobody sees running for ever; silence from the
sound libraries instead of nine lines of ALSA, and one line saying there is no sound."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from game.__main__ import display_problem, main


def test_a_window_needs_a_display_on_linux_unless_a_video_driver_is_named():
    assert "no display" in display_problem({}, "linux")
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({}, "darwin") is None and display_problem({}, "win32") is None


def _run(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in (
        "DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"
    )}  # fmt: skip
    clean.update(TABLETOP_DERBY_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        env=clean,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_display_is_one_line_and_exit_2(tmp_path):
    if not sys.platform.startswith("linux"):
        return  # elsewhere a desktop always has its display
    done = _run(tmp_path, "--frames", "5")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "no display" in done.stderr


def test_no_sound_card_is_silence_and_at_most_one_line(tmp_path):
    """With the real audio drivers (none named): on a machine without a sound card the
    mixer fails quietly; with one it plays. Either way no library noise."""
    done = _run(tmp_path, "--frames", "20", SDL_VIDEODRIVER="dummy")
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert not [line for line in lines if "ALSA lib" in line or "XDG_RUNTIME_DIR" in line]
    assert len(lines) <= 1 and all(line.startswith("no sound: ") for line in lines)


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["play", "--players", "3"], "argument --players: needs --new GAME"),
        (["--players", "3"], "argument --players: needs --new GAME"),
        (["play", "--new", "cluck", "--players", "9"], "is for 2-4 players, not 9"),
        (["play", "--until-end"], "argument --until-end"),
        (["replay", "latest"], "the history has no finished game yet"),
    ],
)
def test_a_bad_argument_is_told_before_no_display(monkeypatch, capsys, argv, problem):
    """issue #36: ``play --players 3`` on a machine with no display said "no display",
    and the bad argument only once a display was found. The arguments are checked
    first: one line on stderr naming the bad one, exit 2."""
    if not sys.platform.startswith("linux"):
        return  # elsewhere a desktop always has its display
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "no display" not in err, err
    assert main(["play", "--frames", "5"]) == 2  # good arguments: then the display
    assert "no display" in capsys.readouterr().err
