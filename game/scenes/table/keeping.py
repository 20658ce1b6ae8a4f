"""What is kept of a table's game (issue #37: a part the table scene owns,
:class:`TableKeeping`): its autosave, its finished record in the history, the end
screen, and the game let go when the table is left."""

from __future__ import annotations

from game.scenes.table import record
from game.scenes.table.contract import TableOwner
from game.scenes.table.end_screen import GameOverScene


class TableKeeping:
    """Saves and records the game of the table owning it."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table

    def autosave(self) -> None:
        """The game saved as it is now; a failure in the log and a dialog (once per streak
        of failures). A lesson keeps its place, not a saved game."""
        table = self.table
        if table.guide.autosave():
            return
        try:
            table.driver.autosave()
        except OSError as exc:
            table.log_line(str(exc))
            table.app.report_autosave(exc)
        else:
            table.app.report_autosave(None)

    def record_history(self) -> None:
        """The finished game into the history (:func:`game.scenes.table.record.record_history`)."""
        table = self.table
        breakdown = table.final_breakdown()
        record.record_history(table.app, table.driver, table.session, breakdown, table.guide.lesson)

    def game_over(self) -> None:
        """The game has ended on the table: the part told, the fanfare (issue #27), saved,
        recorded, and the end screen over the table."""
        table = self.table
        table.part.game_over()
        table.app.sound.play("fanfare")
        self.autosave()
        self.record_history()
        table.app.push(GameOverScene(table.app, table, again=table.part.plays_again))

    def leave(self, quitting: bool) -> None:
        """The table is left (the program ends: saved first): another window may now play
        its game on (issue #36: its lock is let go; the process's end lets it go too)."""
        self.table.part.leaving()
        if quitting:
            self.autosave()
        self.table.driver.leave(quitting=quitting)
