"""Verflixxt!'s part of the end screen: each seat's score as the rules sum it (VX-30) —
track tiles, what the lucky tiles added, and with the hats variant the risk tiles, goal
chips and hats."""

from __future__ import annotations

from game.rules.verflixxt import score_breakdown
from game.scenes.end_screen import Breakdown

from .host import VerflixxtHost


class Final(VerflixxtHost):
    def final_breakdown(self) -> Breakdown:
        parts = ["track", "lucky"]
        if self.state.hats_variant:  # risk tiles, chips and hats exist only there
            parts += ["risk", "chips", "hats"]
        rows = score_breakdown(self.state)
        return Breakdown(
            tuple(self.t(f"verflixxt.col_{part}") for part in parts),
            tuple(tuple(int(row[part]) for part in parts) for row in rows),  # type: ignore[literal-required]
            self.t("verflixxt.col_total"),
        )
