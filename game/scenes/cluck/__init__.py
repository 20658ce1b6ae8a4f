"""Cluck-peep! at the table (registered as game.scenes.cluck:CluckScene)."""

from .scene import CluckScene
from .table import CluckTable

__all__ = ["CluckScene", "CluckTable"]
