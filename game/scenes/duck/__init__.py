"""Duck! Duck! Go! at the table (registered as game.scenes.duck:DuckScene)."""

from .scene import DuckScene
from .table import DuckTable

__all__ = ["DuckScene", "DuckTable"]
