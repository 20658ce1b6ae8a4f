"""Loaders: YAML and Tiled TMX files -> plain rules data (pytmx and yaml live only here).

``prepare_options(game_id, options)`` turns what a person picks in the lobby or on the
command line (a board *name*) into what the headless rules take (the board *data*), by
calling ``game.boards.<game_id>.prepare_options`` when that game has data files.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Mapping

from game.paths import DATA_DIR


class DataFileError(ValueError):
    """A data file that cannot be used: names the file, the place in it and the problem."""

    def __init__(self, path, place: str, problem: str):
        self.path = str(path)
        self.place = place
        self.problem = problem
        super().__init__(f"{self.path}: {place}: {problem}" if place else f"{self.path}: {problem}")


def prepare_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    options = dict(options or {})
    name = f"game.boards.{game_id}"
    if importlib.util.find_spec(name) is None:
        return options
    module = importlib.import_module(name)
    prepare = getattr(module, "prepare_options", None)
    return prepare(options) if prepare else options


__all__ = ["DATA_DIR", "DataFileError", "prepare_options"]
