"""A game's table by name (issue #37): what the router opens for ``table:<game>``.

Every game is shown by the one :class:`~game.scenes.table.scene.TableScene`, given the
game's table (its :class:`~game.scenes.table.contract.GameFactory`); no game subclasses
the scene. :class:`TableOf` is the router's entry for a game -- ``DuckScene =
TableOf(DuckTable)`` -- so that the router, the lobby, lessons, saves and the
screenshots open a game's table by name as before: ``DuckScene(app, session)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.scenes.table.contract import GameFactory
from game.scenes.table.scene import TableScene
from game.session import Session
from game.table.driver import TableDriver


@dataclass(frozen=True)
class TableOf:
    """Opens the table scene of one game (``table_of``: its table)."""

    table_of: GameFactory

    def __call__(self, app, table: TableDriver | Session) -> TableScene:
        """The game's table over ``table`` (a driver, or a Session: at this screen),
        with the Coach control (issue #40) for the people at this screen."""
        from game.scenes.table.coach import CoachPart  # the coach's part: pygame only

        return TableScene(app, table, self.table_of, CoachPart)
