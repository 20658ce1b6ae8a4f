"""The Cluck-peep! log: one line of text per event (EN/JA through the host's ``t``), and
the names of the tiles as the table writes them."""

from __future__ import annotations

from game.rules.protocol import Event
from game.scenes.table.contract import TableHost


class Texts:
    """The event texts and the tiles' names."""

    def __init__(self, host: TableHost) -> None:
        self.host = host

    def tile_name(self, tile_id) -> str:
        """START or a nest tile as the table names it (translated: "スタート", "巣3")."""
        tiles = self.host.state.tiles
        if tile_id == tiles.start.id:
            return self.host.t("cluck.start_name")
        if tile_id in tiles.nest:
            return self.host.t("cluck.nest_name", n=list(tiles.nest).index(tile_id) + 1)
        return str(tile_id)

    def _way(self, orientation: str) -> str:
        return self.host.t("cluck.turned" if orientation == "turned" else "cluck.upright")

    @staticmethod
    def _counted(key: str, n: int) -> str:
        """English needs "1 chick" apart from "2 chicks" (and "no chick")."""
        return key + ("_none" if n == 0 else "_one" if n == 1 else "")

    def describe(self, event: Event) -> str | None:
        d, p, t = event.data, event.player, self.host.t
        name = self.host.seat_name(p) if p is not None else ""
        kind = event.kind
        if kind == "start_player":
            return t("cluck.log.start_player", name=name)
        if kind == "tiles_shuffled":
            return t(
                "cluck.log.shuffled",
                stack=t("app.frame_and").join(self.tile_name(n) for n in d["nest_stack"]),
                n=d["pile_size"],
            )
        if kind == "hidden_tile_laid":
            return t("cluck.log.hidden_laid", nest=self.tile_name(d["nest_tile"]))
        if kind == "tile_drawn":
            return t("cluck.log.drawn", name=name, n=d["hand_size"])
        if kind == "tile_drawn_private":
            # Never the tile itself: the log stays on screen for the next person too.
            return t("cluck.log.drawn_private", name=name)
        if kind == "chicken_placed":
            return t("cluck.log.chicken_placed", name=name, n=d["column"] + 1)
        if kind == "round_started":
            return t(
                "cluck.log.round_started", n=d["round"], name=self.host.seat_name(d["start_player"])
            )
        if kind == "tile_placed":
            return t(
                "cluck.log.tile_placed", name=name, tile=d["tile"], way=self._way(d["orientation"])
            )
        if kind == "chick_placed":
            return t("cluck.log.chick_placed", n=d["supply"])
        if kind == "no_chick":
            return t("cluck.log.no_chick")
        if kind == "hidden_tile_revealed":
            return t("cluck.log.hidden_revealed", tile=d["tile"], way=self._way(d["orientation"]))
        if kind == "nest_tile_placed":
            return t("cluck.log.nest_tile", tile=self.tile_name(d["tile"]))
        if kind == "chicken_moved":
            n = len(d["collected"])
            return t(
                self._counted("cluck.log.chicken_moved", n),
                name=name,
                a=d["from"] + 1,
                b=d["to"] + 1,
                n=n,
            )
        if kind == "nest_outcome":
            if d["nest"]:
                return t(
                    self._counted("cluck.log.nest_yes", d["stood"]),
                    name=name,
                    n=d["stood"],
                    stand=d["stand"],
                )
            if d["lost"]:
                return t("cluck.log.nest_lost", name=name, n=d["returned"], lost=d["lost"])
            return t(self._counted("cluck.log.nest_no", d["returned"]), name=name, n=d["returned"])
        if kind == "clean_up":
            return t(
                "cluck.log.clean_up", n=d["chicks_returned"], tile=self.tile_name(d["start_tile"])
            )
        if kind == "game_over":
            return t("cluck.log.game_over", n=d["round"])
        return None
