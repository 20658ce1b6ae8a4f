"""Loaders: YAML and Tiled TMX files -> plain rules data (pytmx and yaml live only here).

``prepare_options(game_id, options)`` turns what a person picks in the lobby or on the
command line (a board *name*) into what the headless rules take (the board *data*), by
calling ``game.boards.<game_id>.prepare_options`` when that game has data files.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any, Mapping

from game.paths import DATA_DIR


class DataFileError(ValueError):
    """A data file that cannot be used: names the file, the place in it and the problem."""

    def __init__(self, path, place: str, problem: str):
        self.path = str(path)
        self.place = place
        self.problem = problem
        super().__init__(f"{self.path}: {place}: {problem}" if place else f"{self.path}: {problem}")


MAX_DATA_BYTES = 4_000_000     # larger than any board, deck or table could honestly be


def read_yaml(path) -> Any:
    """A data file's YAML, through ``yaml.safe_load`` only, with every way it can be bad
    (unreadable, huge, binary, not YAML, nested past reason) as one DataFileError."""
    import yaml
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_DATA_BYTES:
            raise DataFileError(path, "", f"{size} bytes is too large for a data file")
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise DataFileError(path, "", f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise DataFileError(path, f"byte {exc.start}", "not UTF-8 text (a binary file?)") from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        raise DataFileError(path, where, f"not valid YAML ({getattr(exc, 'problem', None) or exc})") \
            from None
    except RecursionError:
        raise DataFileError(path, "", "nested too deeply to be a data file") from None


def rules_checked(path, check, data):
    """``check(data)`` — the rules' own checks of some data — with a RulesDataError
    reported as a DataFileError against the file the data came from."""
    from game.rules.protocol import RulesDataError
    try:
        return check(data)
    except RulesDataError as exc:
        raise DataFileError(path, exc.place, exc.problem) from None


def yaml_file(directory: Path, name: str) -> Path:
    """A data file named by its stem in ``directory`` (``"scoring"``), or given as a
    path (anything with a folder separator or a .yaml/.yml suffix)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        return Path(name)
    return directory / f"{name}.yaml"


def prepare_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    options = dict(options or {})
    name = f"game.boards.{game_id}"
    if importlib.util.find_spec(name) is None:
        return options
    module = importlib.import_module(name)
    prepare = getattr(module, "prepare_options", None)
    return prepare(options) if prepare else options


__all__ = ["DATA_DIR", "DataFileError", "prepare_options", "read_yaml", "rules_checked",
           "yaml_file"]
