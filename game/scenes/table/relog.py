"""The table's log written again (issue #37: a part the table scene owns,
:class:`Relog`): a game opened part-way gets its log from its record, and a language
changed mid-game (issue #27) renames the seats still under their default names and
writes the log again in the new language."""

from __future__ import annotations

from game.registry import CAST_BY_KEY
from game.scenes.table import record
from game.scenes.table.contract import TableOwner
from game.ui.i18n import Translator


class Relog:
    """Writes the log of the table owning it again, once at rest."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table
        self.lang = table.t.lang  # the language the names and the log are in
        self.due = False  # the log is rebuilt in a new language once at rest

    def rebuild(self) -> None:
        """The log of a game opened part-way, from its record (:meth:`TableLog.rebuild`),
        from the point of view of :func:`~game.scenes.table.record.log_viewer`."""
        table = self.table
        viewer = record.log_viewer(table.driver, table.session)
        table.log.rebuild(table.session, viewer, table.describe, table.log_line)
        table.player.sync()

    def follow_language(self) -> None:
        """The language was changed mid-game (issue #27, the settings): a seat still under
        its default name (a computer's character's name, "Player N") takes it in the new
        language, and the log is written again in it from the game's events (once at
        rest, so that no event waiting to be played is written twice)."""
        table, t = self.table, self.table.t
        if t.lang == self.lang:
            return
        old, self.lang = Translator(self.lang), t.lang
        for i, seat in enumerate(table.session.seats):
            character = CAST_BY_KEY.get(seat.character)
            if seat.name == old("app.default_name", n=i + 1):
                seat.name = t("app.default_name", n=i + 1)
            elif character is not None and seat.name == old.pick(
                character.name_en, character.name_ja
            ):
                seat.name = t.pick(character.name_en, character.name_ja)
        table.frame.reset()
        if table.driver.whole_record:
            if table.player.busy():
                self.due = True
            else:
                self.rebuild()

    def at_rest(self) -> None:
        """The log written again now if a language change waited for the table's rest."""
        if self.due and not self.table.player.busy():
            self.due = False
            self.rebuild()
