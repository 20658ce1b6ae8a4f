"""Eight Routes' part of the end screen: each seat's points on routes 1 to 8 and their
total, as the rules score them (``route_scores``). This replaces the scene's own final
table, which showed the same numbers and lay under the end screen."""

from __future__ import annotations

from game.scenes.end_screen import Breakdown

from .host import RoutesHost
from .model import ROUTES


class Final(RoutesHost):
    def final_breakdown(self) -> Breakdown:
        routes = self.state.route_scores()["routes"]
        return Breakdown(
            tuple(self.t("routes.route_n", n=r + 1) for r in range(ROUTES)),
            tuple(
                tuple(int(routes[r][p]) for r in range(ROUTES)) for p in range(self.session.players)
            ),
            self.t("routes.total"),
        )
