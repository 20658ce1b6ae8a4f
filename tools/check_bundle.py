"""Smoke-test the built bundle (CI): headless frames, a real X window under Xvfb, and a
Japanese screenshot identical to the one the source tree renders (so the fonts, data and
sprites really are inside). Prints the figures: bundle size, start-up vs `python main.py`.

    python tools/check_bundle.py [--dist dist]"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    args = parser.parse_args()
    exe = Path(args.dist) / "tabletop-derby" / "tabletop-derby"
    if not exe.exists():
        raise SystemExit(f"no bundle at {exe}: run python tools/build_bundle.py first")
    home = tempfile.mkdtemp(prefix="derby-bundle-")
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "TABLETOP_DERBY_HOME": home,
    }
    out = subprocess.run([str(exe), "--frames", "120"], env=env, cwd="/", timeout=120, check=False)
    if out.returncode != 0:
        raise SystemExit(f"bundle --frames 120 exited {out.returncode}")
    print("bundle ok: 120 headless frames, exit 0")
    shots = Path(tempfile.mkdtemp(prefix="derby-shots-"))
    for who, cmd in (("bundle", [str(exe)]), ("source", [sys.executable, str(ROOT / "main.py")])):
        subprocess.run(
            cmd + ["screenshot", "settings", "--lang", "ja", "--out", str(shots / f"{who}.png")],
            env=env,
            cwd="/",
            check=True,
            timeout=120,
            capture_output=True,
        )
    if (shots / "bundle.png").read_bytes() != (shots / "source.png").read_bytes():
        raise SystemExit(
            "the bundle renders Japanese differently from the source tree "
            "(fonts or data missing from the bundle?)"
        )
    print("bundle ok: Japanese settings screen identical to the source tree's")
    # every game's table, as the source tree draws it: its scene, rules, bots and data are
    # inside (the scenes are loaded by name, which PyInstaller cannot follow by itself)
    from game import registry

    for info in registry.GAMES.values():
        for who, cmd in (
            ("bundle", [str(exe)]),
            ("source", [sys.executable, str(ROOT / "main.py")]),
        ):
            subprocess.run(
                cmd + ["screenshot", info.id, "--out", str(shots / f"{info.id}-{who}.png")],
                env=env,
                cwd="/",
                check=True,
                timeout=120,
                capture_output=True,
            )
        same = (shots / f"{info.id}-bundle.png").read_bytes() == (
            shots / f"{info.id}-source.png"
        ).read_bytes()
        if not same:
            raise SystemExit(f"the bundle draws {info.name_en}'s table differently from the source")
    print(f"bundle ok: the {len(registry.GAMES)} games' tables identical to the source tree's")
    # Japanese is broken into phrases by BudouX (issue #38), whose model is a data file a
    # bundle carries only when asked (--collect-data budoux): without it the first
    # Japanese text wrapped would fail
    models = list(exe.parent.rglob("budoux/models/ja.json"))
    if not models:
        raise SystemExit("the bundle lacks BudouX's Japanese model (budoux/models/ja.json)")
    print(f"bundle ok: BudouX's Japanese model is in the bundle ({models[0].stat().st_size} bytes)")
    timings = {"bundle": [], "source": []}
    for _ in range(3):
        for who, cmd in (
            ("bundle", [str(exe)]),
            ("source", [sys.executable, str(ROOT / "main.py")]),
        ):
            t0 = time.perf_counter()
            subprocess.run(cmd + ["--frames", "1"], env=env, cwd="/", check=True, timeout=120)
            timings[who].append(time.perf_counter() - t0)
    size = sum(p.stat().st_size for p in exe.parent.rglob("*") if p.is_file())
    print(
        f"bundle size {size / 1e6:.1f} MB; start-up to first frame (median of 3): bundle "
        f"{statistics.median(timings['bundle']) * 1000:.0f} ms, python main.py "
        f"{statistics.median(timings['source']) * 1000:.0f} ms"
    )
    # a real window under Xvfb: start, find it, check the menu is drawn, quit by the UI
    from game.ui import theme
    from tools.e2e_xvfb import XSession, expect, start_xvfb, wait_for

    xvfb = start_xvfb(":96")
    try:
        x = XSession(":96", Path(home))
        probe_path = x.shots / "probe-bundle.json"
        x.env["TABLETOP_DERBY_PROBE"] = str(probe_path)
        x.start("--size", "1280x720", "--lang", "en", command=[str(exe)])
        # the screen is known by the probe (issue #38 gave the menu a header band of sky,
        # so one pixel's colour no longer names it); the band drawn is checked too
        probe = wait_for(probe_path, lambda p: p["scene"] == "MenuScene", "the bundle's menu")
        image, path = x.screenshot("bundle-menu")
        band = x.pixel(image, (640, 20))
        expect(band != theme.BG, f"the bundle's window shows the menu (pixel {band}, {path})")
        x.click(probe["targets"]["quit"], pause=0.2)
        expect(x.wait_exit() == 0, "the bundle quits through the UI with exit 0")
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    return 0


def main_cleaning_up() -> int:
    """main(), then remove every temporary folder it made (issue #14: CI left them)."""
    before = set(Path(tempfile.gettempdir()).glob("derby-*"))
    try:
        return main()
    finally:
        for folder in set(Path(tempfile.gettempdir()).glob("derby-*")) - before:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main_cleaning_up())
