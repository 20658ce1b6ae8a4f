"""Eight Routes (working title): a d8 dice-drafting race on 8 routes of 20 spaces, for
3-5 players. Headless rules; clauses ER-n are in ``docs/rules/routes.md``.

The scoring tables and counts are data (``data/boards/routes/scoring.yaml``), read by
``game.boards.routes.prepare_options`` into ``options["scoring"]``; ``new_game`` raises
RulesDataError without it. Seats are numbered clockwise; seat 0 is the first parent (親).

Actions (notation): ``A 2`` take all 2s, ``B 2`` take one 2 (offered only when two or more
2s lie in the lid), ``C 1+`` / ``C 8-`` route-3 action, ``D 2`` route-5 action pushing
route 2, ``chip 4`` / ``chip pass`` the route-6 power, ``end`` end the phase early.

Events: one typed class per kind in :mod:`.events` (``EVENTS`` is their family, whose
``from_dict`` reads an event's JSON back): the round's ``round_start``, ``chip_taken``,
``roll``, ``dice_sorted``, ``d6_roll``; a phase's ``phase_start``, ``mandatory_skipped``,
``dice_taken``, ``marker_move``, ``marker_blocked``, ``die_changed``, ``chip_offered``,
``chip_turned``, ``chip_declined``, ``phase_end``; then ``round_end``, and at the end
``route_scored`` (routes 1-8) and ``game_over``. Markers above a leaving marker drop by
one (not sent as events).

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
from .events import D6Rolled, DiceSorted, Rolled, RoutesEvent
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, RoutesState
from .table import Scorer, ranking, validate_table

# The events that show chance, and so end the app's undo (protocol.py): taking dice,
# changing one, pushing a marker, a chip can be taken back until the next roll.
REVEALING_EVENTS: Mapping[str, str] = {
    Rolled.kind: "roll",
    DiceSorted.kind: "roll",
    D6Rolled.kind: "roll",
}
EVENTS = RoutesEvent


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> RoutesState:
    """A new game, its first round already rolled. ``options["scoring"]`` is the table
    from ``game.boards.routes`` (see the module docstring)."""
    return RoutesState.new(players, seed, options, OPTIONS)


__all__ = [
    "ALL_ACTIONS",
    "EVENTS",
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
