"""Where the box's files are: next to the package in a checkout or an editable install,
or inside a PyInstaller bundle (sys._MEIPASS). Never the current directory."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def _root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


ROOT = _root()
DATA_DIR = ROOT / "data"
BOARDS_DIR = DATA_DIR / "boards"
ASSETS_DIR = ROOT / "assets"
SPRITES_DIR = ASSETS_DIR / "sprites"
FONTS_DIR = ASSETS_DIR / "fonts"
RULES_DOCS_DIR = ROOT / "docs" / "rules"
LESSONS_DIR = DATA_DIR / "lessons"


def lesson_path(lesson_id: str) -> Path:
    return LESSONS_DIR / f"{lesson_id}.yaml"


def lesson_ids(game: str | None = None) -> list[str]:
    """The shipped lessons (of ``game``), in order: ``verflixxt-1`` before ``verflixxt-2``."""
    if not LESSONS_DIR.is_dir():
        return []
    # os rather than glob: its pattern was a regular expression compiled before the first
    # frame (the title menu asks for each game's lessons)
    try:
        names = os.listdir(LESSONS_DIR)
    except OSError:  # as glob: a folder that cannot be read holds none
        return []
    ids = sorted(os.path.splitext(n)[0] for n in names if n.endswith(".yaml"))
    return [i for i in ids if game is None or i.rsplit("-", 1)[0] == game]
