"""Cluck-peep!'s part of the end screen: the chicks on each stand, all the rules count
(CP-10: most chicks wins, more than 5 count in full) — no parts, one column."""

from __future__ import annotations

from game.scenes.end_screen import Breakdown

from .host import CluckHost


class Final(CluckHost):
    def final_breakdown(self) -> Breakdown:
        players = self.session.players
        return Breakdown((), ((),) * players, self.t("cluck.col_chicks"), summed=False)
