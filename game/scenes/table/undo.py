"""Undo at the table (issue #37: a part the table scene owns, :class:`TableUndo`): whose
action the button takes back, why it is greyed, taking it back, and the greyed button's
reason under the pointer."""

from __future__ import annotations

import pygame

from game.scenes.table.contract import TableOwner
from game.ui.widgets import Button, draw_tip


class TableUndo:
    """The table's undo button (laid out by the table: ``button``) and what it does."""

    def __init__(self, table: TableOwner) -> None:
        self.table = table
        self.button: Button | None = None  # the header's, once the table is laid out

    def refusal(self) -> str | None:
        """Why the person at the screen cannot take back their last action now (a key of
        ``Session.undo_refusal``, "busy" while pieces move, or the guide's), None when
        they can."""
        table = self.table
        if table.driver.no_undo is not None:
            return table.driver.no_undo
        if table.player.busy():
            return "busy"
        return table.guide.undo_refusal() or table.driver.undo_refusal(self.undoer())

    def undoer(self) -> int | None:
        """Whose last action Undo takes back: the person whose screen it is, or the one
        who gave it up when their turn ended (they take it back behind their curtain)."""
        table = self.table
        return table.private_player if table.private_player is not None else table.sharing.gave_up

    def refresh(self) -> None:
        """Grey the undo button, with its reason for hover and focus, or enable it."""
        if self.button is None:
            return
        refusal = self.refusal()
        self.button.enabled = refusal is None
        self.button.why = "" if refusal is None else self.table.t(f"app.undo_why_{refusal}")

    def take_back(self) -> None:
        """Take back the person's last action while nothing hidden or left to chance has
        come out since and nobody else has acted (the button, Ctrl+Z)."""
        table = self.table
        player = self.undoer()
        if player is None or self.refusal() is not None:
            return
        table.driver.undo(player)
        table.last_moves.clear()
        table.player.last_round = table.state.round_number  # not a round end: the old round
        table.log_line(table.t("app.undone"))
        table.player.sync()
        if table.private_player == player:
            table.game.controls.shown(player)  # the person's hand and choices as they were
        # else the screen is nobody's: the person decides again behind their curtain
        self.refresh()

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The reason of a greyed button under the pointer or the keyboard focus. Under a
        header button over the seats' column it lies left of the column, on the board's
        corner (issue #36: it covered the first seat's name)."""
        table = self.table
        button = table.buttons.tip()
        if button is not None and not table.frame.seat_drawer.hides(button.rect):
            # at most to the seats' column, whether the button is over it or left of it
            # (issue #38: the shut drawer's strip lies right of the undo button)
            beside = table.plan.side.left - table.px(6)
            draw_tip(surface, button.why, button.rect, table.text_px(15), right=beside)
