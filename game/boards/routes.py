"""Eight Routes data: ``data/boards/routes/*.yaml`` (scoring tables and counts) -> the
plain dict the headless rules take in ``options["scoring"]``.

``prepare_options`` accepts ``options["scoring"]`` as a table name (``"scoring"``, the
default: ``data/boards/routes/scoring.yaml``), a path to a YAML file, or an already
loaded table (a saved game's options), which is checked again.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.boards import read_yaml, rules_checked, yaml_file
from game.paths import BOARDS_DIR
from game.rules.routes.table import validate_table

ROUTES_DIR = BOARDS_DIR / "routes"
DEFAULT_TABLE = "scoring"


def table_path(name: str) -> Path:
    """A table name (a file in data/boards/routes without .yaml) or a path to a file."""
    return yaml_file(ROUTES_DIR, name)


def load_table(path: str | Path) -> dict:
    """Read and check a scoring table; DataFileError(path, place, problem) if it is bad."""
    path = Path(path)
    data = read_yaml(path)
    return check_table(data, path)


def check_table(data: Any, path: str | Path = "<options>") -> dict:
    """The rules' own checks, reported as a data-file error."""
    return rules_checked(path, validate_table, data)


def prepare_options(options: Mapping[str, Any]) -> dict:
    options = dict(options)
    table = options.get("scoring", DEFAULT_TABLE)
    if isinstance(table, (str, Path)):
        options["scoring"] = load_table(table_path(str(table)))
    else:
        options["scoring"] = check_table(table)
    return options
