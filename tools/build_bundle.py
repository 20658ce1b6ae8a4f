"""Build the desktop bundle: a PyInstaller one-folder app with every data file, sprite,
font and the icon inside, plus a freedesktop launcher pointing at it.

    python tools/build_bundle.py [--dist dist] [--install-launcher]

Output: dist/tabletop-derby/ (run dist/tabletop-derby/tabletop-derby) and
dist/tabletop-derby.desktop. On Windows and macOS the same command builds the native
bundle (the Windows build gets assets/icon.ico)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "tabletop-derby"


def render_icons(out: Path) -> tuple[Path, Path]:
    """assets/icon.svg -> PNG (Linux launcher) and ICO (Windows), via pygame itself."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    out.mkdir(parents=True, exist_ok=True)
    image = pygame.image.load_sized_svg(str(ROOT / "assets" / "icon.svg"), (256, 256))
    png = out / f"{NAME}.png"
    pygame.image.save(image, str(png))
    ico = out / f"{NAME}.ico"
    _write_ico(png, ico)
    return png, ico


def _write_ico(png: Path, ico: Path) -> None:
    """An ICO holding the 256px PNG as is (valid since Windows Vista)."""
    data = png.read_bytes()
    header = (0).to_bytes(2, "little") + (1).to_bytes(2, "little") + (1).to_bytes(2, "little")
    entry = (
        bytes([0, 0, 0, 0])
        + (1).to_bytes(2, "little")
        + (32).to_bytes(2, "little")
        + len(data).to_bytes(4, "little")
        + (6 + 16).to_bytes(4, "little")
    )
    ico.write_bytes(header + entry + data)


def game_modules() -> list[str]:
    """Every module of the game package, from its files: the scenes, rules and bots are
    loaded by name (registry "module:Class"), so no import reaches them for PyInstaller to
    follow, and --collect-submodules alone missed the scenes (it imports each package to
    walk it, and a package it cannot import there is skipped without a word)."""
    names = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def build(dist: Path) -> Path:
    work = ROOT / "build" / "pyinstaller"
    icons = render_icons(ROOT / "build" / "icons")
    sep = os.pathsep
    cmd = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--onedir",
        "--name",
        NAME,
        "--windowed",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--specpath",
        str(work),
        "--icon",
        str(icons[1]),
        "--collect-submodules",
        "game",  # rules, scenes and bots load by name
        *(arg for module in game_modules() for arg in ("--hidden-import", module)),
        "--collect-data",
        "budoux",  # its phrase model (models/ja.json), read when Japanese is first wrapped
        "--exclude-module",
        "numpy",  # pygame only uses it if present; we do not
        "--add-data",
        f"{ROOT / 'data'}{sep}data",
        "--add-data",
        f"{ROOT / 'assets'}{sep}assets",
        "--add-data",
        f"{ROOT / 'docs' / 'rules'}{sep}docs/rules",
        "--add-data",
        f"{ROOT / 'game' / 'web' / 'phone'}{sep}game/web/phone",  # the phone page (issue #29)
        str(ROOT / "main.py"),
    ]
    subprocess.run(cmd, check=True, cwd=ROOT)
    app_dir = dist / NAME
    shutil.copy(icons[0], app_dir / f"{NAME}.png")
    desktop = (ROOT / "packaging" / f"{NAME}.desktop").read_text(encoding="utf-8")
    desktop = desktop.replace("Exec=tabletop-derby", f"Exec={app_dir.resolve() / NAME}")
    desktop = desktop.replace("Icon=tabletop-derby", f"Icon={app_dir.resolve() / (NAME + '.png')}")
    (dist / f"{NAME}.desktop").write_text(desktop, encoding="utf-8")
    return app_dir


def install_launcher(dist: Path) -> Path:
    apps = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    target = apps / f"{NAME}.desktop"
    shutil.copy(dist / f"{NAME}.desktop", target)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument(
        "--install-launcher",
        action="store_true",
        help="also copy the launcher to ~/.local/share/applications",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    app_dir = build(Path(args.dist))
    size = sum(p.stat().st_size for p in app_dir.rglob("*") if p.is_file())
    print(f"built {app_dir} ({size / 1e6:.1f} MB) in {time.perf_counter() - started:.0f} s")
    if args.install_launcher:
        print(f"launcher installed: {install_launcher(Path(args.dist))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
