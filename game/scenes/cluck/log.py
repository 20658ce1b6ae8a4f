"""The Cluck-peep! log: one line of text per event (EN/JA through the host's ``t``), and
the names of the tiles as the table writes them."""

from __future__ import annotations

from game.rules.cluck import MAX_ROUNDS
from game.rules.cluck.events import (
    ChickenMoved,
    ChickenPlaced,
    ChickPlaced,
    CleanedUp,
    GameOver,
    HiddenTileLaid,
    HiddenTileRevealed,
    NestOutcome,
    NestTilePlaced,
    NoChick,
    RoundStarted,
    StartPlayerChosen,
    TileDrawn,
    TileDrawnPrivate,
    TilePlaced,
    TilesShuffled,
)
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
        p, t = event.player, self.host.t
        name = self.host.seat_name(p) if p is not None else ""
        match event:
            case StartPlayerChosen():
                return t("cluck.log.start_player", name=name)
            case TilesShuffled():
                return t(
                    "cluck.log.shuffled",
                    stack=t("app.frame_and").join(self.tile_name(n) for n in event.nest_stack),
                    n=event.pile_size,
                )
            case HiddenTileLaid():
                return t("cluck.log.hidden_laid", nest=self.tile_name(event.nest_tile))
            case TileDrawn():
                return t("cluck.log.drawn", name=name, n=event.hand_size)
            case TileDrawnPrivate():
                # Never the tile itself: the log stays on screen for the next person too.
                return t("cluck.log.drawn_private", name=name)
            case ChickenPlaced():
                return t("cluck.log.chicken_placed", name=name, n=event.column + 1)
            case RoundStarted():
                return t(
                    "cluck.log.round_started",
                    round=t.round(event.round, MAX_ROUNDS),
                    name=self.host.seat_name(event.start_player),
                )
            case TilePlaced():
                return t(
                    "cluck.log.tile_placed",
                    name=name,
                    tile=event.tile,
                    way=self._way(event.orientation),
                )
            case ChickPlaced():
                return t("cluck.log.chick_placed", n=event.supply)
            case NoChick():
                return t("cluck.log.no_chick")
            case HiddenTileRevealed():
                return t(
                    "cluck.log.hidden_revealed", tile=event.tile, way=self._way(event.orientation)
                )
            case NestTilePlaced():
                return t("cluck.log.nest_tile", tile=self.tile_name(event.tile))
            case ChickenMoved():
                n = len(event.collected)
                return t(
                    self._counted("cluck.log.chicken_moved", n),
                    name=name,
                    a=event.frm + 1,
                    b=event.to + 1,
                    n=n,
                )
            case NestOutcome():
                return self._nest_outcome(event, name)
            case CleanedUp():
                return t(
                    "cluck.log.clean_up",
                    n=event.chicks_returned,
                    tile=self.tile_name(event.start_tile),
                )
            case GameOver():
                return t("cluck.log.game_over", round=t.round(event.round))
        return None

    def _nest_outcome(self, event: NestOutcome, name: str) -> str:
        t = self.host.t
        if event.nest:
            return t(
                self._counted("cluck.log.nest_yes", event.stood),
                name=name,
                n=event.stood,
                stand=event.stand,
            )
        if event.lost:
            return t("cluck.log.nest_lost", name=name, n=event.returned, lost=event.lost)
        return t(self._counted("cluck.log.nest_no", event.returned), name=name, n=event.returned)
