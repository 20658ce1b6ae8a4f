"""Cluck-peep!'s scene: the shared table scene running :class:`~.table.CluckTable`
(registered as game.scenes.cluck:CluckScene, so the router, the lobby, lessons, saves
and the screenshots open it by name)."""

from __future__ import annotations

from game.scenes.table.table_of import TableOf

from .table import CluckTable

CluckScene = TableOf(CluckTable)
