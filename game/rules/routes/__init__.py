"""Eight Routes (working title): a d8 dice-drafting race on 8 routes of 20 spaces, for
3-5 players. Headless rules; clauses ER-n are in ``docs/rules/routes.md``.

The scoring tables and counts are data (``data/boards/routes/scoring.yaml``), read by
``game.boards.routes.prepare_options`` into ``options["scoring"]``; ``new_game`` raises
RulesDataError without it. Seats are numbered clockwise; seat 0 is the first parent (親).

Actions (notation): ``A 2`` take all 2s, ``B 2`` take one 2 (offered only when two or more
2s lie in the lid), ``C 1+`` / ``C 8-`` route-3 action, ``D 2`` route-5 action pushing
route 2, ``chip 4`` / ``chip pass`` the route-6 power, ``end`` end the phase early.

Events (kind, player, data keys). Routes and faces are 1-8, spaces 1-20; a marker's
``from``/``to`` 0 means off the route; ``stack`` counts from 0 at the bottom.

- ``round_start`` (parent) ``round``, ``parent``, ``rounds`` (how many in the game)
- ``chip_taken`` (parent) ``chip``: the round chip (numbered by its round), face up
- ``roll`` (parent) ``faces``: every d8 as rolled, in roll order
- ``dice_sorted`` (parent) ``lid``: dice per face 1-8 on the lid's sorting squares
- ``d6_roll`` (parent) ``face``, ``route`` (= face): the parent's personal d6, rolled
  when their route-4 marker is on space 4+; a ``marker_move``/``marker_blocked`` follows
- ``phase_start`` (player) ``round``, ``last`` (true for the parent's phase)
- ``mandatory_skipped`` (player): the lid was empty, there was nothing to take
- ``dice_taken`` (player) ``face``, ``count``, ``action`` ("A"/"B"), ``lid`` (after)
- ``marker_move`` (player) ``route``, ``from``, ``to``, ``stack`` (on ``to``; null when it
  left the route), ``from_stack`` (null when it was placed), ``cause``: "A", "B", "C",
  "D", "d6" or "chip". Markers above a leaving marker drop by one (not sent as events).
- ``marker_blocked`` (player) ``route``, ``space`` (20), ``cause``: the marker is on the
  goal and cannot advance (ER-20d)
- ``die_changed`` (player) ``from``, ``to`` (faces), ``lid`` (after): action C
- ``chip_offered`` (player): a 6 was picked up and a face-up chip is held; ``chip R`` or
  ``chip pass`` must follow
- ``chip_turned`` (player) ``chip``, ``route``: a chip turned face down (for good); the
  ``marker_move`` follows
- ``chip_declined`` (player)
- ``phase_end`` (player) ``round``
- ``round_end`` (parent) ``round``, ``left_in_lid``: all dice go back for the next roll
- ``route_scored`` (none) ``route``, ``points`` (per player), ``order`` (players with a
  marker, best first), ``spaces`` (their spaces, same order): at the end, routes 1-8
- ``game_over`` (none) ``totals`` (per player), ``winners``

The first round is rolled inside ``new_game`` (no action comes before it): its events
(``round_start`` ... ``phase_start``) are on the new state as ``state.opening_events``.

Queries beyond the protocol: ``state.route_scores()`` (per-route, per-player breakdown
"if the game ended now"), ``state.preview(player, actions)`` (pure what-if of a phase),
``state.markers()`` (stacks per route).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import (
    ALL_ACTIONS,
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    TakeAll,
    TakeOne,
    TurnChip,
    parse_action,
)
from .data import OPTIONS
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, RoutesState
from .table import Scorer, ranking, validate_table

# The events that show chance, and so end the app's undo (protocol.py): taking dice,
# changing one, pushing a marker, a chip can be taken back until the next roll.
REVEALING_EVENTS: Mapping[str, str] = {
    "roll": "roll",
    "dice_sorted": "roll",
    "d6_roll": "roll",
}


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> RoutesState:
    """A new game, its first round already rolled. ``options["scoring"]`` is the table
    from ``game.boards.routes`` (see the module docstring)."""
    return RoutesState.new(players, seed, options, OPTIONS)


__all__ = [
    "ALL_ACTIONS",
    "GAME_ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "REVEALING_EVENTS",
    "ChangeDie",
    "DeclineChip",
    "EndPhase",
    "PushMarker",
    "RoutesState",
    "Scorer",
    "TakeAll",
    "TakeOne",
    "TurnChip",
    "new_game",
    "parse_action",
    "ranking",
    "validate_table",
]
