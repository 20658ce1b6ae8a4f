"""Duck! Duck! Go!'s part of the end screen: which buoy colours each player's best duck
touched (with two ducks each, DDG-26, the one with more buoys; the winner's duck is the one
that went down the drain), and the result: down the drain, or how many buoys."""

from __future__ import annotations

from game.rules.duck.data import ALL_BUOYS, COLOURS
from game.scenes.end_screen import Breakdown

from .host import DuckHost

TOUCHED, UNTOUCHED = "✓", "·"


class Final(DuckHost):
    def best_duck(self, player: int) -> int:
        """The duck that speaks for ``player``: the one in the drain, else the first of
        those with the most buoys."""
        s = self.state
        ducks = list(s.ducks_of(player))
        return max(ducks, key=lambda d: (s.buoys[d] == ALL_BUOYS, s.buoys[d].bit_count()))

    def final_breakdown(self) -> Breakdown:
        buoys = self.state.buoys
        rows = []
        for p in range(self.session.players):
            mask = buoys[self.best_duck(p)]
            rows.append(
                tuple(TOUCHED if mask & (1 << c) else UNTOUCHED for c in range(len(COLOURS)))
            )
        return Breakdown(
            tuple(self.t(f"duck.col_buoy_{c}") for c in COLOURS),
            tuple(rows),
            self.t("duck.col_result"),
            summed=False,
        )
