"""Verflixxt! at the table (registered as game.scenes.verflixxt:VerflixxtScene)."""

from .scene import VerflixxtScene
from .table import VerflixxtTable

__all__ = ["VerflixxtScene", "VerflixxtTable"]
