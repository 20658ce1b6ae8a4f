"""Verflixxt! data: ``data/boards/verflixxt/box.yaml`` (the tiles, the standard layout,
the guardians, and the expansion's risk tiles, goal chips and movement cards) -> the plain
dict the headless rules take in ``options["box"]``.

``prepare_options`` accepts ``options["box"]`` as a box name (``"box"``, the default:
``data/boards/verflixxt/box.yaml``), a path to a YAML file, or an already loaded box (a
saved game's options), which is checked again.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.boards import read_yaml, rules_checked, yaml_file
from game.paths import BOARDS_DIR
from game.rules.verflixxt.data import check_box

VERFLIXXT_DIR = BOARDS_DIR / "verflixxt"
DEFAULT_BOX_NAME = "box"


def box_path(name: str) -> Path:
    """A box name (a file in data/boards/verflixxt without .yaml) or a path to a file."""
    return yaml_file(VERFLIXXT_DIR, name)


def load_box(path: str | Path) -> dict:
    """Read and check a box file; DataFileError(path, place, problem) if it is bad."""
    path = Path(path)
    return checked_box(read_yaml(path), path)


def checked_box(data: Any, path: str | Path = "<options>") -> dict:
    """The rules' own checks (game.rules.verflixxt.data.check_box), reported against the file."""
    rules_checked(path, check_box, data)
    return data


def prepare_options(options: Mapping[str, Any]) -> dict:
    options = dict(options)
    box = options.get("box", DEFAULT_BOX_NAME)
    if isinstance(box, (str, Path)):
        options["box"] = load_box(box_path(str(box)))
    else:
        options["box"] = checked_box(box)
    return options
