"""Cluck-peep! tile data: data/boards/cluck/*.yaml -> the plain data the rules take.

The rules check the data against CP-1/CP-2 (``tile_set_from_data``); this loader reads
the file and names the file in every complaint.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.boards import DataFileError, read_yaml, rules_checked
from game.paths import BOARDS_DIR
from game.rules.cluck.tiles import tile_set_from_data

TILES_DIR = BOARDS_DIR / "cluck"
DEFAULT_TILES = "tiles"

# ``--variant`` of the command line and the lobby, as the rules' two booleans.
VARIANTS = {
    "base": {"long_road": False, "runaway": False},
    "long": {"long_road": True, "runaway": False},
    "runaway": {"long_road": False, "runaway": True},
    "both": {"long_road": True, "runaway": True},
}


def load_tiles(path: str | Path) -> dict:
    """The tile set in ``path`` as checked, canonical plain data; DataFileError if not."""
    path = Path(path)
    return rules_checked(path, lambda raw: tile_set_from_data(raw).to_data(), read_yaml(path))


def tiles_path(name: str) -> Path:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise DataFileError(TILES_DIR / str(name), "", "not a tile set name")
    return TILES_DIR / f"{name}.yaml"


def prepare_options(options: Mapping[str, Any]) -> dict:
    """Lobby/command-line options -> rules options: a tile set *name* (default "tiles")
    becomes its data; ``variant`` (base | long | runaway | both) becomes the two booleans."""
    out = dict(options)
    variant = out.pop("variant", None)
    if variant is not None:
        if variant not in VARIANTS:
            raise ValueError(
                f"Cluck-peep! variant must be one of {', '.join(VARIANTS)}, not {variant!r}"
            )
        for key, value in VARIANTS[variant].items():
            out.setdefault(key, value)
    tiles = out.get("tiles", DEFAULT_TILES)
    if isinstance(tiles, str):
        out["tiles"] = load_tiles(tiles_path(tiles))
    return out
