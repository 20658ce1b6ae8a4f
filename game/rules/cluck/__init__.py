"""Cluck-peep! (クラックピープ!): chickens follow an amidakuji ladder that the players lay
tile by tile, collecting chicks on the way; a chicken that ends on a nest keeps them.

Rules: /work/shared/rules/cluck-peep.md (CP-1 .. CP-13) and docs/rules/cluck.md.

Options (``OPTIONS``): ``long_road`` (CP-12), ``runaway`` (CP-13), ``start_player``
("random" or a seat). The tile set arrives as plain data in ``options["tiles"]``
(``game.boards.cluck.prepare_options`` loads data/boards/cluck/tiles.yaml).

Actions: ``hole C`` (put your chicken into free hole C of START, CP-3) and
``place T up`` / ``place T turned`` (lay road tile T from your hand, upright or upside
down, below the ladder, CP-4).

Coordinates: points are ``[column, y]`` (see :mod:`.ladder`); ladder row 0 is the start
tile, rows 1.. the road tiles as laid (the hidden tile last), then the nest tile.

Events: one typed class per kind in :mod:`.events` (``EVENTS`` is their family, whose
``from_dict`` reads an event's JSON back); ``player`` is the actor or None. The opening's
``start_player``, ``tiles_shuffled``, ``hidden_tile_laid`` and each seat's ``tile_drawn``
with its private twin ``tile_drawn_private`` (visible to the drawer only); then
``chicken_placed``, ``round_started``, ``tile_placed`` with ``chick_placed``/``no_chick``;
at a round's end ``hidden_tile_revealed``, ``nest_tile_placed``, ``chicken_moved`` and
``nest_outcome`` (one per chicken, from the start player on), then ``clean_up``,
``hidden_tile_laid`` and ``start_player`` (CP-8), or ``game_over``.

Setup happens in ``new_game``; its events are kept in ``state.opening_events`` (as in every game) (filtered in
views) so the table can play them when the game opens.
"""

from collections.abc import Mapping

from .actions import ChooseHole, PlaceTile, parse_action
from .data import OPTIONS
from .events import (
    CluckEvent,
    HiddenTileLaid,
    HiddenTileRevealed,
    TileDrawn,
    TileDrawnPrivate,
    TilesShuffled,
)
from .ladder import ChickenTrace, trace
from .state import (
    CHICKS,
    GAME_ID,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    PLACE,
    ChickenPreview,
    CluckState,
    new_game,
    preview,
    stand_after,
)
from .tiles import Band, TileSet, tile_set_from_data

# The events that show chance or hidden things, and so end the app's undo (protocol.py):
# a chicken's hole can be taken back, and a road tile until a tile is drawn (at once in
# the ordinary game: the next player draws; in the long road only at the round's end)
# or the hidden tile is turned up.
REVEALING_EVENTS: Mapping[str, str] = {
    TilesShuffled.kind: "draw",
    TileDrawn.kind: "draw",
    TileDrawnPrivate.kind: "draw",
    HiddenTileLaid.kind: "draw",
    HiddenTileRevealed.kind: "reveal",
}
EVENTS = CluckEvent

__all__ = [
    "CHICKS",
    "EVENTS",
    "GAME_ID",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "OPTIONS",
    "PLACE",
    "REVEALING_EVENTS",
    "Band",
    "ChickenPreview",
    "ChickenTrace",
    "ChooseHole",
    "CluckState",
    "PlaceTile",
    "TileSet",
    "new_game",
    "parse_action",
    "preview",
    "stand_after",
    "tile_set_from_data",
    "trace",
]
