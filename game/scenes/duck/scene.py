"""Duck! Duck! Go!'s scene: the shared table scene running :class:`~.table.DuckTable`
(registered as game.scenes.duck:DuckScene, so the router, the lobby, lessons, saves and
the screenshots open it by name)."""

from __future__ import annotations

from game.scenes.table.table_of import TableOf

from .table import DuckTable

DuckScene = TableOf(DuckTable)
