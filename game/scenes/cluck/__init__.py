"""Cluck-peep! at the table (registered as game.scenes.cluck:CluckScene)."""

from .scene import CluckScene

__all__ = ["CluckScene"]
