"""Eight Routes at the table (registered as game.scenes.routes:RoutesScene)."""

from .model import Choice
from .scene import RoutesScene

__all__ = ["Choice", "RoutesScene"]
