"""STYLE.md: game.rules and game.ai never import pygame, pytmx or yaml; game.net (network
play, issue #18, which ``serve`` runs without a window) and game.table (what runs a
table's game, issue #26) never import pygame."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _modules(package: str) -> list[str]:
    base = ROOT / package.replace(".", "/")
    names = []
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def test_rules_and_ai_import_no_pygame_pytmx_or_yaml():
    modules = _modules("game.rules") + _modules("game.ai")
    assert "game.rules.protocol" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in ('pygame', 'pytmx', 'yaml') if m in sys.modules)\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,  # a bound: a hang is killed (issue #36)
    )
    assert out.stdout.strip() == "", f"headless packages imported: {out.stdout.strip()}"


def test_network_play_and_the_table_drivers_import_no_pygame():
    modules = _modules("game.net") + _modules("game.table")
    assert "game.net.server" in modules and "game.table.bots" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print('pygame' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,  # a bound: a hang is killed (issue #36)
    )
    assert out.stdout.strip() == "False", "game.net or game.table imported pygame"
