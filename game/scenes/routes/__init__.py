"""Eight Routes at the table (registered as game.scenes.routes:RoutesScene)."""

from .model import Choice
from .scene import RoutesScene
from .table import RoutesTable

__all__ = ["Choice", "RoutesScene", "RoutesTable"]
