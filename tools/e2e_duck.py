"""End-to-end Duck! Duck! Go! in a real X window (called by tools/e2e_xvfb.py).

From the title menu, by clicks only: open Duck! Duck! Go!, start with the lobby's
default seats (one person, three computers), then play as that person — click cards
(twice: pick, then play), routes, facings, start spaces — until two whole rounds are
done; screenshot and check the table is drawn; then quit through the pause menu.
Animations run at 4x, as a player may set in Settings.
Where things are comes from the app's opt-in probe file (TABLETOP_DERBY_PROBE).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tools.e2e_xvfb import read_probe, use_settings, wait_for

PREFERENCE = ("card:", "route:", "face:", "start:", "table:", "pattern:", "duck:")
BUTTONS = ("play", "stay", "done", "confirm")


def choose_target(targets: dict) -> str | None:
    for prefix in PREFERENCE:
        keys = sorted(k for k in targets if k.startswith(prefix))
        if keys:
            return keys[0]
    for key in BUTTONS:
        if key in targets:
            return key
    return None


def run(x, layout) -> None:
    from tools.e2e_xvfb import expect, fail

    use_settings(Path(x.env["TABLETOP_DERBY_HOME"]), animation_speed=4.0)
    probe_path = x.shots / "probe.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.env["TABLETOP_DERBY_SEED"] = "7"
    x.start("--size", "1280x720", "--lang", "en")
    probe = wait_for(
        probe_path, lambda p: p["scene"] == "MenuScene" and "game:duck" in p["targets"], "the menu"
    )
    x.click(probe["targets"]["game:duck"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "LobbyScene", "the lobby")
    x.click(probe["targets"]["start"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "TableScene", "the Duck! Duck! Go! table")
    expect(True, "clicked from the menu through the lobby into a Duck! Duck! Go! game")
    verbose = bool(os.environ.get("E2E_VERBOSE"))
    clicks = 0
    last_key, repeats = None, 0
    deadline = time.time() + 240
    while time.time() < deadline:
        probe = read_probe(probe_path)
        game = probe.get("game") or {}
        if game.get("over") or game.get("round", 0) >= 3:
            break
        if probe["scene"] == "HandoffScene":
            x.click(probe["targets"]["ready"])
            continue
        if probe["scene"] != "TableScene" or game.get("animating") or not game.get("humans_to_act"):
            time.sleep(0.25)
            continue
        key = choose_target(probe["targets"])
        if key is None:
            time.sleep(0.25)
            continue
        repeats = repeats + 1 if key == last_key else 0
        if repeats > 6:
            fail(f"clicking {key} changes nothing; probe {probe}")
        last_key = key
        x.click(probe["targets"][key], pause=0.35)
        clicks += 1
        if verbose:
            print(f"  round {game.get('round')}: clicked {key}")
    probe = read_probe(probe_path)
    game = probe.get("game") or {}
    expect(
        game.get("round", 0) >= 3 or game.get("over"),
        f"two whole rounds played by {clicks} clicks on cards, routes and facings "
        f"(now round {game.get('round')}, {game.get('actions')} actions)",
    )
    image, path = x.screenshot("duck-table")
    board = [x.pixel(image, (px, py)) for px in range(100, 900, 25) for py in range(80, 500, 25)]
    water = sum(1 for r, g, b in board if b > r + 40)
    expect(water > 20, f"the tub is drawn in the window ({water} water samples; {path})")
    x.key("Escape", pause=0.8)
    probe = wait_for(probe_path, lambda p: p["scene"] == "PauseScene", "the pause menu")
    x.click(probe["targets"]["menu"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "back at the menu")
    x.click(probe["targets"]["quit"], pause=0.2)
    code = x.wait_exit()
    expect(code == 0, f"quit from a game through the UI exits with 0 (got {code})")
    saves = list((Path(x.env["TABLETOP_DERBY_HOME"]) / "data" / "saves").glob("auto-*.json"))
    expect(bool(saves), "the game was autosaved")
