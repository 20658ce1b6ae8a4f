"""Verflixxt! at the table (registered as game.scenes.verflixxt:VerflixxtScene)."""

from .scene import VerflixxtScene

__all__ = ["VerflixxtScene"]
