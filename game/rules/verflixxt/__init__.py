"""Verflixxt! (That's Life!, Kramer & Kiesling) with expansion 2 "Verflixxt hoch 2".

Headless rules (standard library only). Clauses VX-1..VX-31: docs/rules/verflixxt.md.

Options: ``variant`` base | hats (expansion 2), ``track`` standard | random (base game;
the expansion always shuffles), ``attack`` False | True (expansion 2 only), and ``box``
(the components, loaded from data/boards/verflixxt/box.yaml by game.boards.verflixxt;
without it the same ``DEFAULT_BOX`` is used).

Actions (notation): ``roll``; ``move a`` / ``move g3`` (base, after the roll); ``draw``
(hat draw); ``play y3 a``, ``play o-1 g2``, ``play o4 b back`` (the unlucky-hat pawn says
fwd/back), ``play o0`` (a 0 moves nothing); ``stop`` (no second card after a yellow
lead); ``hat take 2b`` / ``hat give 1a`` / ``hat swap 0c`` / ``hat keep``; ``attack 4 m5``.
Pieces in events: pawns ``<seat><letter>`` (``2b``), guardians ``g1``..``g8``; tiles by
id (``start``, ``finish``, ``p8``, ``m3``, ``n10``, ``l2``, ``r5a``, see box.yaml).

For the UI: ``state.decision(player)`` (what is asked of a player, ``decisions.py``),
``score_breakdown(state)`` (per player track, lucky, turned, risk, chips,
hats, total), ``state.position(piece)``, ``state.pawns_on(tile)``, ``state.hat_of(pawn)``.
For tests: ``invariants(state)`` (conservation) and ``leak_check(state, view, p)``.

``new_game`` keeps its own events in ``state.opening_events``: in the expansion, the
``draw`` events of the opening deal (2 cards each, VX-21); empty in the base game.

Events: ``game.rules.verflixxt.events`` (one frozen class per kind, ``EVENTS`` is their
family: ``EVENTS.from_dict`` reads one back from JSON), in the order they happen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol import Action
from .actions import Attack, Draw, Hat, Move, Play, Roll, Stop, parse_action
from .checks import invariants, leak_check
from .data import (
    DEFAULT_BOX,
    FINISH,
    GAME_ID,
    HATS,
    LUCKY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PLUS,
    START,
    Box,
    check_box,
)
from .events import (
    CardDrawn,
    HatDrawCard,
    HatDrawEnded,
    HatDrawTied,
    Reshuffled,
    Rolled,
    VerflixxtEvent,
)
from .scoring import ScoreBreakdown
from .state import VerflixxtState, pawns_per_player

State = VerflixxtState

# The events that show chance or hidden things, and so end the app's undo (protocol.py):
# a pawn moved after the roll, a card played, a hat passed can be taken back until the
# next roll or draw; the roll itself never.
REVEALING_EVENTS: Mapping[str, str] = {
    Rolled.kind: "roll",
    CardDrawn.kind: "draw",
    Reshuffled.kind: "draw",
    HatDrawCard.kind: "draw",
    HatDrawTied.kind: "draw",
    HatDrawEnded.kind: "draw",
}

EVENTS = VerflixxtEvent


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> VerflixxtState:
    return VerflixxtState.new(players, seed, options)


def score_breakdown(state: VerflixxtState) -> list[ScoreBreakdown]:
    """For the UI: per player ``track`` (tile values), ``lucky`` (what lucky tiles added),
    ``turned`` (the minus tiles they turned), ``risk``, ``chips``, ``hats``, ``total``."""
    return state.breakdown()


__all__ = [
    "DEFAULT_BOX",
    "EVENTS",
    "FINISH",
    "GAME_ID",
    "HATS",
    "LUCKY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "PLUS",
    "REVEALING_EVENTS",
    "START",
    "Action",
    "Attack",
    "Box",
    "Draw",
    "Hat",
    "Move",
    "Play",
    "Roll",
    "State",
    "Stop",
    "VerflixxtState",
    "check_box",
    "invariants",
    "leak_check",
    "new_game",
    "parse_action",
    "pawns_per_player",
    "score_breakdown",
]
