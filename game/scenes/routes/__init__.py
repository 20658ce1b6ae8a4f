"""Eight Routes at the table (registered as game.scenes.routes:RoutesScene)."""

from .scene import Choice, RoutesScene

__all__ = ["Choice", "RoutesScene"]
