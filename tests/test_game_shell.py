"""What every game scene shares, on a real game (Eight Routes): closing the window or
Ctrl+C autosaves, manual save slots, resize and minimize keep the game, undo button."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import saves
from game.scenes.lobby.lobby import default_seats
from game.session import Session
from tests.children import end, ended


def _scene(app, humans=1):
    from game.registry import get

    info = get("routes")
    seats = default_seats(info, 3, app.t)
    for i, seat in enumerate(seats):
        seat.human = i < humans
    scene = app.router.table(info.id)(app, Session("routes", seats, 9))
    from game.scenes.shell.menu import MenuScene

    app.push(MenuScene(app))
    app.push(scene)
    return scene


def test_closing_the_window_mid_game_autosaves_and_stops(app):
    scene = _scene(app, humans=0)
    for _ in range(120):
        app.step(1 / 30)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running
    entries = [e for e in saves.list_saves() if isinstance(e, saves.SaveInfo)]
    assert entries and entries[0].game == "routes"
    restored = saves.load_session(entries[0].path)
    assert restored.state.to_dict() == scene.session.state.to_dict()


def test_manual_save_slot_from_the_pause_menu(app):
    _scene(app)
    app.step(1 / 60)
    app.top.open_pause()
    pause = app.top
    pause.buttons.by_key("save").on_click()
    app.top.buttons.by_key("slot:2").on_click()
    path = saves.saves_dir() / "slot-2.json"
    assert path.exists() and saves.read_payload(path)["kind"] == "manual"
    assert app.top.buttons.by_key("slot:2").label != app.t("app.slot_empty", n=2)


def test_resize_and_minimize_keep_the_game(app):
    scene = _scene(app)
    before = scene.session.state.to_dict()
    for size in ((1920, 1080), (800, 600), (1280, 720)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.handle(pygame.event.Event(pygame.WINDOWMINIMIZED))
        app.handle(pygame.event.Event(pygame.WINDOWRESTORED))
        app.step(1 / 60)
        assert scene.size == size
    assert scene.session.state.to_dict() == before


# The app starts as from a terminal, where Ctrl+C is neither ignored nor blocked: this
# resets both, then runs the app in its place (exec keeps a default disposition and the
# mask). A process inherits an ignored SIGINT and its signal mask, and then neither Python
# nor SDL takes SIGINT: in CI's loaded full-suite runs the app kept running for a minute
# after Ctrl+C with only its main loop alive (faulthandler's stacks), which is what an
# inherited ignored or blocked SIGINT looks like.
AT_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def _signal_masks(pid: int) -> str:
    """The process's blocked, ignored and caught signal masks (Linux), for a message."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "no /proc"
    return ", ".join(line for line in lines if line.startswith(("SigBlk", "SigIgn", "SigCgt")))


def test_ctrl_c_mid_game_autosaves_and_exits_cleanly(tmp_path):
    root = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TABLETOP_DERBY_HOME": str(tmp_path / "h"),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "TABLETOP_DERBY_PROBE": str(tmp_path / "probe.json"),
        "PYTHONFAULTHANDLER": "1",  # a hang is killed with SIGABRT below: its stacks show
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            AT_A_TERMINAL,
            str(root / "main.py"),
            "--new",
            "routes",
            "--players",
            "3",
            "--computers",
            "--seed",
            "3",
        ],
        env=env,
        stderr=subprocess.PIPE,
    )
    try:
        # Ctrl+C once the computers have played an action (the probe says so), not
        # after a fixed sleep: as soon as there is a game to lose.
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                probe = json.loads((tmp_path / "probe.json").read_text())
            except (OSError, ValueError):
                probe = {}
            if probe.get("game", {}).get("actions", 0) >= 1:
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"the game did not get going: {probe}")
        proc.send_signal(signal.SIGINT)
        # a bound, not a timing check: in loaded full-suite runs the exit took over 20 s (not
        # reproduced alone, nor in 8 runs beside two CPU hogs; the cause is not known yet), so
        # a hang is aborted and every thread's stack is in the failure's message
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            masks = _signal_masks(proc.pid)
            proc.send_signal(signal.SIGABRT)
            _out, err = proc.communicate(timeout=20)
            raise AssertionError(
                f"no exit 60 s after Ctrl+C ({masks}):\n{err.decode()[-6000:]}"
            ) from None
        assert code == 0, proc.stderr.read().decode()[-2000:]
    finally:
        end(proc)  # ended whatever fails (issue #36)
    autosaves = list((tmp_path / "h" / "data" / "saves").glob("auto-*.json"))
    assert autosaves


@pytest.mark.soak  # 50 processes, ~10 s: CI runs it, the fast loop skips it
def test_fifty_quick_starts_and_quits_print_nothing_on_stderr(tmp_path):
    """Issue #14: once in a batch of short runs, 'Exception in thread sound-synth'
    appeared: the synthesis thread raced pygame.quit(). The app now stops and joins it
    before quitting. Four runs at a time, so the 50 take a few seconds."""
    root = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "TABLETOP_DERBY_HOME": str(tmp_path / "h"),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    command = [sys.executable, "-m", "game", "play", "--frames", "3"]
    failures, pending = [], []
    with ended() as started:  # ended whatever fails (issue #36)
        for run in range(50):
            pending.append(
                subprocess.Popen(
                    command, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
                )
            )
            started.append(pending[-1])
            if len(pending) == 4 or run == 49:
                for proc in pending:
                    _, err = proc.communicate(timeout=60)
                    if proc.returncode != 0 or err:
                        failures.append((proc.returncode, err.decode(errors="replace")[-500:]))
                pending = []
    assert not failures, failures


def test_the_sound_thread_stops_when_asked_mid_synthesis():
    from game.ui import sound

    sounds = sound.Sounds()
    sounds.start(background=True)
    sounds.stop()
    assert sounds._thread is None
    assert not any(t.name == "sound-synth" for t in __import__("threading").enumerate())
