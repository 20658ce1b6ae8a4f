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

Events (``kind``: ``data`` keys; ``player`` is the actor or None):
- ``start_player`` (player = the start player): ``round``, ``chosen_by`` (only in the
  opening: "chance" or "option"). Also at the end of each round (CP-8: the next player).
- ``tiles_shuffled`` (opening): ``nest_stack`` (nest tile ids, top first; public),
  ``pile_size``, ``start_tile``.
- ``hidden_tile_laid``: ``pile_size``, ``nest_tile`` (the nest tile it lies above). The
  tile itself stays secret.
- ``tile_drawn`` (public twin): ``hand_size``, ``pile_size``;
  ``tile_drawn_private`` (visible_to the drawer only, right after its twin): ``tile``,
  ``hand`` (the whole hand, sorted).
- ``chicken_placed``: ``column``, ``point``.
- ``round_started``: ``round``, ``start_player``.
- ``tile_placed``: ``tile``, ``orientation`` ("up" | "turned"), ``row``, ``rungs`` (each
  ``[[c, y], [c + 1, y]]``), ``hole`` (``column``, ``side`` "above" | "below", ``point``).
- ``chick_placed``: ``row``, ``point``, ``supply`` (left after it);
  ``no_chick`` (CP-11, the supply is empty): ``row``, ``point``, ``reason``.
- ``hidden_tile_revealed``: the same keys as ``tile_placed`` (it lies in its own
  orientation, CP-5); a ``chick_placed``/``no_chick`` follows.
- ``nest_tile_placed``: ``tile``, ``row``, ``nests`` (columns), ``points`` (the 5 holes).
- ``chicken_moved`` (one per chicken, from the start player on): ``from``, ``to`` (columns),
  ``path`` (every corner ``[c, y]``, top to bottom), ``collected`` (in the order passed:
  ``row``, ``tile``, ``point``).
- ``nest_outcome`` (one per chicken, same order): ``column``, ``nest`` (bool),
  ``collected``, ``stood`` (onto the stand), ``returned`` (to the supply), ``lost``
  (CP-13 runaway: earlier chicks given back), ``stand`` (chicks now), ``supply``.
- ``clean_up`` (CP-8): ``road_tiles`` (under the pile), ``pile_size``,
  ``chicks_returned`` (uncollected), ``supply``, ``old_start_tile`` (under the nest stack),
  ``start_tile`` (the nest tile now on top, chickens keeping their holes), ``nest_stack``,
  ``chickens`` (each seat's column). Then ``hidden_tile_laid`` and ``start_player``.
- ``game_over``: ``winners``, ``stands``, ``round``.

Setup happens in ``new_game``; its events are kept in ``state.opening_events`` (as in every game) (filtered in
views) so the table can play them when the game opens.
"""

from collections.abc import Mapping

from .ladder import ChickenTrace, trace
from .state import (
    CHICKS,
    GAME_ID,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    OPTIONS,
    PLACE,
    ChickenPreview,
    ChooseHole,
    CluckState,
    PlaceTile,
    new_game,
    parse_action,
    preview,
    stand_after,
)
from .tiles import Band, TileSet, tile_set_from_data

# The events that show chance or hidden things, and so end the app's undo (protocol.py):
# a chicken's hole can be taken back, and a road tile until a tile is drawn (at once in
# the ordinary game: the next player draws; in the long road only at the round's end)
# or the hidden tile is turned up.
REVEALING_EVENTS: Mapping[str, str] = {
    "tiles_shuffled": "draw",
    "tile_drawn": "draw",
    "tile_drawn_private": "draw",
    "hidden_tile_laid": "draw",
    "hidden_tile_revealed": "reveal",
}

__all__ = [
    "CHICKS",
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
