"""End-to-end board builder (issue #41) in a real X window (called by tools/e2e_xvfb.py).

From the title menu's Duck card, "Build a board…": the Bathtub's seven tiles laid from
the tray, four by mouse drags (tile 2 flipped with F) and three by the keys alone (Tab
to a tile, Enter, arrows, R, Enter), the check passing for 4 ducks, Save; then the Duck
lobby, where a hostile board file put in the boards folder is refused in one dialog
naming it; the saved board chosen, every seat a computer, Start, and the game played to
its end. Where things are comes from the app's probe file (TABLETOP_DERBY_PROBE): the
builder's probe names each table hex's centre (``hex:q,r``) and each tray tile."""

from __future__ import annotations

import time
from pathlib import Path

from tools.e2e_xvfb import ROOT, SIZE, expect, fail, read_probe, use_settings, wait_for

# The Bathtub (data/boards/duck/bathtub.yaml): tile, side, centre, rotation
BY_MOUSE = ((1, "A", (0, 0), 0), (2, "B", (2, 1), 0), (3, "A", (-3, 2), 0), (4, "A", (1, -3), 0))
BY_KEYS = ((5, "A", (-1, 3), 0), (6, "A", (-2, -1), 1), (7, "A", (3, -2), 0))
HOSTILE = '<?xml version="1.0"?><!DOCTYPE m [<!ENTITY e "x">]><map>&e;</map>\n'


def tile_state(probe: dict, number: int) -> dict:
    return probe["builder"]["tiles"][str(number)]


def lay_by_keys(x, probe_path: Path, number: int, side: str, at, rotation: int) -> dict:
    """Tab to the tray tile, Enter, F/R to its face and turn, arrows to its centre, Enter."""
    probe = read_probe(probe_path)
    for _ in range(60):  # Tab walks the focus over the buttons in order
        before = probe["builder"]["focus"]
        if before == f"tile:{number}":
            break
        x.type_key("Tab", pause=0.1)
        # one Tab, one step: the next look waits for the app to have taken it
        probe = wait_for(probe_path, lambda p, b=before: p["builder"]["focus"] != b, "a Tab")
    else:
        fail(f"Tab never reached tile {number}: {probe['builder']}")
    x.type_key("Return")
    probe = wait_for(probe_path, lambda p: p["builder"]["carry"] == number, f"tile {number} taken")
    if tile_state(probe, number)["side"] != side:
        x.type_key("f")
        probe = wait_for(probe_path, lambda p: tile_state(p, number)["side"] == side, "F")
    while tile_state(probe, number)["rotation"] != rotation:
        turned = tile_state(probe, number)["rotation"]
        x.type_key("r")
        probe = wait_for(
            probe_path, lambda p, t=turned: tile_state(p, number)["rotation"] != t, "R"
        )
    for _ in range(40):
        cq, cr = probe["builder"]["cursor"]
        if (cq, cr) == tuple(at):
            break
        if cr > at[1]:
            x.type_key("Up", pause=0.1)
        elif cr < at[1]:
            x.type_key("Down", pause=0.1)
        elif cq < at[0]:
            x.type_key("Right", pause=0.1)
        else:
            x.type_key("Left", pause=0.1)
        probe = wait_for(probe_path, lambda p, c=[cq, cr]: p["builder"]["cursor"] != c, "an arrow")
    x.type_key("Return")
    return wait_for(
        probe_path,
        lambda p: tile_state(p, number)["at"] == list(at),
        f"tile {number} dropped by Enter at {at}",
    )


def run(x, layout) -> None:
    home = Path(x.env["TABLETOP_DERBY_HOME"])
    use_settings(home, animation_speed=4.0)
    probe_path = x.shots / "probe-builder.json"
    x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
    x.env["TABLETOP_DERBY_SEED"] = "41"
    x.start("--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en")
    probe = wait_for(
        probe_path, lambda p: p["scene"] == "MenuScene" and "build:duck" in p["targets"], "the menu"
    )
    x.click(probe["targets"]["build:duck"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "BuilderScene", "the builder")
    for number, side, at, rotation in BY_MOUSE:
        x.drag(probe["targets"][f"tile:{number}"], probe["targets"][f"hex:{at[0]},{at[1]}"])
        probe = wait_for(
            probe_path,
            lambda p, n=number, a=at: tile_state(p, n)["at"] == list(a),
            f"tile {number} dragged to {at}",
        )
        if tile_state(probe, number)["side"] != side:
            x.type_key("f")
            probe = wait_for(
                probe_path, lambda p, n=number, s=side: tile_state(p, n)["side"] == s, "F"
            )
    expect(True, f"{len(BY_MOUSE)} tiles dragged from the tray onto the table, one flipped")
    for number, side, at, rotation in BY_KEYS:
        probe = lay_by_keys(x, probe_path, number, side, at, rotation)
    expect(True, f"{len(BY_KEYS)} tiles laid by the keys alone (Tab, Enter, F, R, arrows)")
    while probe["builder"]["ducks"] != 4:
        ducks = probe["builder"]["ducks"]
        x.click(probe["targets"]["ducks"])
        probe = wait_for(probe_path, lambda p, d=ducks: p["builder"]["ducks"] != d, "ducks")
    probe = wait_for(probe_path, lambda p: p["builder"]["ok"], "the check passing")
    expect(probe["builder"]["players"] == 6, "the built board passes DDG-42 and takes 2-6")
    x.screenshot("builder-built")
    x.click(probe["targets"]["save"])
    probe = wait_for(probe_path, lambda p: p["builder"]["saved"], "the board saved")
    saved = Path(probe["builder"]["saved"])
    expect(saved.parent == home / "data" / "boards", f"saved in the boards folder: {saved.name}")
    (home / "data" / "boards" / "hostile.tmx").write_text(HOSTILE, encoding="utf-8")
    x.click(probe["targets"]["back"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "the menu again")
    x.click(probe["targets"]["game:duck"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "DialogScene", "the broken-board dialog")
    text = probe.get("dialog", "")
    expect(
        "hostile.tmx" in text and text.count("hostile.tmx") == 1,
        f"the hostile board refused in one dialog naming it: {text[:120]!r}",
    )
    # gone before the lobby scans again: the later drivers' lobbies open without a dialog
    (home / "data" / "boards" / "hostile.tmx").unlink()
    x.click(probe["targets"]["ok"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "LobbyScene", "the lobby")
    shipped = layout.shipped_boards()
    for _ in range(shipped):  # the player's boards come after the shipped ones
        x.click(probe["targets"]["option:board"], pause=0.3)
    x.click(read_probe(probe_path)["targets"]["kind:0"], pause=0.3)  # the person's seat too
    probe = read_probe(probe_path)
    expect(probe["lobby"]["board"] == str(saved), f"the saved board chosen: {probe['lobby']}")
    expect(probe["lobby"]["humans"] == 0, "every seat a computer")
    x.click(probe["targets"]["start"])
    probe = wait_for(probe_path, lambda p: p["scene"] == "TableScene", "the table")
    deadline = time.time() + 600
    while time.time() < deadline:
        probe = read_probe(probe_path)
        if (probe.get("game") or {}).get("over"):
            break
        time.sleep(1.0)
    game = probe.get("game") or {}
    expect(bool(game.get("over")), f"the computers finished the game on the built board: {game}")
    x.screenshot("builder-game-over")
    x.proc.terminate()
    x.wait_exit()
    del x.env["TABLETOP_DERBY_PROBE"]


if __name__ == "__main__":  # alone: python tools/e2e_builder.py (Xvfb on E2E_DISPLAY)
    import os
    import shutil
    import sys
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tools.e2e_xvfb import Layout, XSession, start_xvfb

    display = os.environ.get("E2E_DISPLAY", ":97")
    xvfb = start_xvfb(display)
    folder = Path(tempfile.mkdtemp(prefix="derby-home-"))
    try:
        run(XSession(display, folder), Layout(folder))
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
        if os.environ.get("E2E_KEEP") != "1":
            shutil.rmtree(folder, ignore_errors=True)
