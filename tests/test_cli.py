import subprocess
import sys

import pytest

from game.__main__ import main


def test_help_for_every_command(capsys):
    for command in ([], ["play"], ["simulate"], ["screenshot"], ["check-board"], ["tournament"]):
        with pytest.raises(SystemExit) as exit_info:
            main(command + ["--help"])
        assert exit_info.value.code == 0
    assert "usage" in capsys.readouterr().out


def test_unknown_game_is_one_line_and_nonzero(capsys):
    assert main(["simulate", "chess", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "unknown game" in err[0]


def test_screenshot_menu_in_both_languages(tmp_path):
    import pygame
    for lang in ("en", "ja"):
        out = tmp_path / f"menu-{lang}.png"
        assert main(["screenshot", "menu", "--out", str(out), "--lang", lang,
                     "--size", "1024x600"]) == 0
        image = pygame.image.load(str(out))
        assert image.get_size() == (1024, 600)


def test_play_runs_n_frames_and_exits_zero(tmp_path):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "TABLETOP_DERBY_HOME": str(tmp_path),
           "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "main.py", "--frames", "30"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
