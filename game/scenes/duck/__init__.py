"""Duck! Duck! Go! at the table (registered as game.scenes.duck:DuckScene)."""

from .scene import DuckScene

__all__ = ["DuckScene"]
