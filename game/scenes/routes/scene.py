"""Eight Routes' scene: the shared table scene running :class:`~.table.RoutesTable`
(registered as game.scenes.routes:RoutesScene, so the router, the lobby, lessons, saves
and the screenshots open it by name)."""

from __future__ import annotations

from game.scenes.table.scene import TableScene

from .table import RoutesTable


class RoutesScene(TableScene):
    table_of = RoutesTable
