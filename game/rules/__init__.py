"""Headless rules of every game (standard library only: no pygame, no pytmx, no yaml).

``load(game_id)`` returns the rules module of a game; the module offers ``new_game``,
``parse_action``, ``OPTIONS``, ``MIN_PLAYERS`` and ``MAX_PLAYERS`` (see protocol.py).
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

RULES_MODULES = {
    "duck": "game.rules.duck",
    "verflixxt": "game.rules.verflixxt",
    "cluck": "game.rules.cluck",
    "routes": "game.rules.routes",
}


def available() -> list[str]:
    """Ids of the games whose rules package is present."""
    found = []
    for game_id, name in RULES_MODULES.items():
        if importlib.util.find_spec(name) is not None:
            found.append(game_id)
    return found


def load(game_id: str) -> ModuleType:
    try:
        name = RULES_MODULES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(RULES_MODULES)}") from None
    return importlib.import_module(name)
