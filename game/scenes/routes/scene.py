"""Eight Routes' scene: the shared table scene running :class:`~.table.RoutesTable`
(registered as game.scenes.routes:RoutesScene, so the router, the lobby, lessons, saves
and the screenshots open it by name)."""

from __future__ import annotations

from game.scenes.table.table_of import TableOf

from .table import RoutesTable

RoutesScene = TableOf(RoutesTable)
