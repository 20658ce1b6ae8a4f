"""Verflixxt!'s scene: the shared table scene running :class:`~.table.VerflixxtTable`
(registered as game.scenes.verflixxt:VerflixxtScene, so the router, the lobby, lessons,
saves and the screenshots open it by name)."""

from __future__ import annotations

from game.scenes.table.table_of import TableOf

from .table import VerflixxtTable

VerflixxtScene = TableOf(VerflixxtTable)
