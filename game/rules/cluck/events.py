"""The events of Cluck-peep! (typed, issue #26): one frozen class per kind, under the
family base :class:`CluckEvent`. The kind string is the wire name and what lessons name;
``player`` is the actor (or whose chicken it is), ``None`` for what the table does.

Coordinates: a point is ``(column, y)`` (see :mod:`.ladder`); ladder row 0 is the start
tile, rows 1.. the road tiles as laid (the hidden tile last), then the nest tile. Road
tiles are numbered; START and the nest tiles are named by their ids.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Event
from .ladder import Point

Rung = tuple[Point, Point]  # a rung from ``(c, y)`` to ``(c + 1, y)``


class CluckEvent(Event, family=True):
    """The family of Cluck-peep!'s events (``EVENTS`` of the rules package)."""


@dataclass(frozen=True)
class StartPlayerChosen(CluckEvent, kind="start_player"):
    """``player`` starts ``round`` (CP-3 in the opening, CP-8 the next one to the left)."""

    round: int
    chosen_by: str | None = None  # only in the opening: "chance" or "option"


@dataclass(frozen=True)
class TilesShuffled(CluckEvent, kind="tiles_shuffled"):
    """The nest tiles were stacked face up and the road pile shuffled face down (CP-3)."""

    nest_stack: tuple[str, ...]  # top first; public
    pile_size: int
    start_tile: str


@dataclass(frozen=True)
class HiddenTileLaid(CluckEvent, kind="hidden_tile_laid"):
    """The top road tile was laid face down above the nest tile ``nest_tile`` (CP-3, CP-8)."""

    pile_size: int
    nest_tile: str


@dataclass(frozen=True)
class TileDrawn(CluckEvent, kind="tile_drawn"):
    """``player`` drew a road tile, face down for the others (CP-4); the public twin."""

    hand_size: int
    pile_size: int


@dataclass(frozen=True)
class TileDrawnPrivate(CluckEvent, kind="tile_drawn_private"):
    """``player`` drew ``tile`` and now holds ``hand`` (sorted); seen by the drawer only (CP-4)."""

    tile: int
    hand: tuple[int, ...]


@dataclass(frozen=True)
class ChickenPlaced(CluckEvent, kind="chicken_placed"):
    """``player`` put their chicken into hole ``column`` of START (CP-3)."""

    column: int
    point: Point


@dataclass(frozen=True)
class RoundStarted(CluckEvent, kind="round_started"):
    """A round of placing tiles began with ``start_player`` (CP-4)."""

    round: int

    def begins_round(self) -> int | None:
        return self.round

    start_player: int


@dataclass(frozen=True)
class TilePlaced(CluckEvent, kind="tile_placed"):
    """``player`` laid road ``tile`` below the ladder as ``row``, "up" or "turned" (CP-4, CP-2)."""

    tile: int
    orientation: str
    row: int
    rungs: tuple[Rung, ...]
    hole_column: int
    hole_side: str  # "above" | "below" its rungs
    hole_point: Point


@dataclass(frozen=True)
class ChickPlaced(CluckEvent, kind="chick_placed"):
    """A chick from the supply went into the hole of ladder ``row`` (CP-4)."""

    row: int
    point: Point
    supply: int  # left after it


@dataclass(frozen=True)
class NoChick(CluckEvent, kind="no_chick"):
    """The supply was empty: the hole of ladder ``row`` stays without a chick (CP-11)."""

    row: int
    point: Point
    reason: str


@dataclass(frozen=True)
class HiddenTileRevealed(CluckEvent, kind="hidden_tile_revealed"):
    """The hidden tile was turned face up as the last road row, as it lay (CP-5)."""

    tile: int
    orientation: str
    row: int
    rungs: tuple[Rung, ...]
    hole_column: int
    hole_side: str
    hole_point: Point


@dataclass(frozen=True)
class NestTilePlaced(CluckEvent, kind="nest_tile_placed"):
    """The top nest tile was laid below the ladder as ``row`` (CP-5)."""

    tile: str
    row: int
    nests: tuple[int, ...]  # the columns with a nest
    points: tuple[Point, ...]  # its five holes


@dataclass(frozen=True)
class ChickenMoved(CluckEvent, kind="chicken_moved"):
    """``player``'s chicken went down the ladder from column ``frm`` to ``to`` (CP-6)."""

    frm: int
    to: int
    path: tuple[Point, ...]  # every corner, top to bottom
    collected: tuple[tuple[int, int, Point], ...]  # (row, tile, point) in the order passed


@dataclass(frozen=True)
class NestOutcome(CluckEvent, kind="nest_outcome"):
    """``player``'s chicken ended in ``column``: its chicks stood or went back (CP-7, CP-13)."""

    column: int
    nest: bool
    collected: int
    stood: int  # onto the stand
    returned: int  # to the supply
    lost: int  # CP-13 runaway: earlier chicks given back
    stand: int  # chicks on the stand now
    supply: int


@dataclass(frozen=True)
class CleanedUp(CluckEvent, kind="clean_up"):
    """The round's road tiles went under the pile and the nest tile became START (CP-8)."""

    road_tiles: tuple[int, ...]  # sorted
    pile_size: int
    chicks_returned: int  # the uncollected ones
    supply: int
    old_start_tile: str  # under the nest stack
    start_tile: str  # the nest tile now on top, chickens keeping their holes
    nest_stack: tuple[str, ...]
    chickens: tuple[int | None, ...]  # each seat's column


@dataclass(frozen=True)
class GameOver(CluckEvent, kind="game_over"):
    """The game ended after ``round``: most chicks on a stand win, ties share (CP-9, CP-10)."""

    winners: tuple[int, ...]
    stands: tuple[int, ...]
    round: int
