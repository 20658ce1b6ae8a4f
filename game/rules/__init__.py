"""Headless rules of every game (standard library only: no pygame, no pytmx, no yaml).

``load(game_id)`` returns the rules module of a game; the module offers ``new_game``,
``parse_action``, ``OPTIONS``, ``MIN_PLAYERS`` and ``MAX_PLAYERS`` (see protocol.py).
Which module holds a game's rules is the game registry's to say (``game.registry``, the
one registry the app and the headless side share); ``load`` and ``available`` are its.
"""

from __future__ import annotations

from game.registry import load_rules as load
from game.registry import rules_available as available

__all__ = ["available", "load"]
