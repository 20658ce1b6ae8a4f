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

For the UI: ``score_breakdown(state)`` (per player track, lucky, turned, risk, chips,
hats, total), ``state.position(piece)``, ``state.pawns_on(tile)``, ``state.hat_of(pawn)``.
For tests: ``check_invariants(state)`` (conservation) and ``leak_check(state, view, p)``.

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
from .box import DEFAULT_BOX, FINISH, LUCKY, PLUS, START, Box, check_box
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
from .state import (
    GAME_ID,
    HATS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    VerflixxtState,
    pawns_per_player,
)

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


# (box id, hats, 2 or 4 players) -> (box, tiles in play, sorted deck, guardians)
_EXPECTED: dict[tuple[int, bool, bool], tuple[Box, frozenset[str], list[str], int]] = {}


def _expected(box: Box, hats: bool, players: int) -> tuple[frozenset[str], list[str], int]:
    """The tiles in play, the sorted deck and the number of guardians (cached: the
    invariants are checked after every action of the soak tests)."""
    key = (id(box), hats, players in (2, 4))
    entry = _EXPECTED.get(key)
    if entry is None or entry[0] is not box:
        tiles = frozenset(box.base_tiles + (box.risk_tiles if hats else ()))
        if hats:
            out = set(box.removed) | (set(box.removed_2_or_4) if players in (2, 4) else set())
            eligible = [t for t in box.base_tiles if box.kinds[t] in (PLUS, LUCKY) and t not in out]
            guardians = min(box.expansion_guardians, len(eligible))
        else:
            guardians = len(box.guardians_on)
        entry = _EXPECTED[key] = (box, tiles, sorted(box.cards), guardians)
    return entry[1], entry[2], entry[3]


def check_invariants(state: VerflixxtState) -> None:
    """Conservation after every action: tiles, pawns, guardians, cards, chips, hats."""
    box = state.box
    tiles, deck, guardians = _expected(box, state.hats_variant, state.players)
    track = state.track
    assert track[0] == START and track[-1] == FINISH, "the track runs start..finish"
    every = track[1:-1] + state.removed
    for pile in state.taken:
        every += pile
    assert len(every) == len(tiles) == len(set(every)) and tiles.issuperset(every), (
        "tiles are not conserved"
    )
    on_track = set(track)
    k = pawns_per_player(state.players)
    for row in state.pawns:
        assert len(row) == k and on_track.issuperset(row), "a pawn is lost or off the track"
    assert on_track.issuperset(state.guardians), "a guardian is off the track"
    assert len(state.guardians) == guardians, "guardian count changed"
    if not state.hats_variant:
        assert not state.hands[0] and not state.deck and not state.chips
        return
    cards = state.deck + state.discard + [c for h in state.hands for c in h]
    cards += [c for _, c in state.contest_cards]
    if not state.is_view:
        cards.sort()
        assert cards == deck, "movement cards are not conserved"
    else:
        assert len(cards) == len(box.cards), "movement cards are not conserved"
    assert all(len(h) <= 2 for h in state.hands), "a hand holds more than 2 cards"
    won = [c for pile in state.chips_won for c in pile]
    assert sorted(state.chips + won) == sorted(box.goal_chips), "goal chips not conserved"
    assert list(box.goal_chips[len(box.goal_chips) - len(state.chips) :]) == state.chips, (
        "the chip stack is out of order"
    )
    for hat in HATS:
        worn = state.hat_on[hat]
        home = sum(pile.count(hat) for pile in state.hats_home)
        if worn is None:
            assert home == 1 or (home == 0 and state.phase == "contest"), f"{hat} hat lost"
        else:
            assert home == 0, f"{hat} hat in two places"
            assert state.position(worn) != FINISH, f"{hat} hat on a pawn at home"
    wearers = [p for p in state.hat_on.values() if p is not None]
    assert len(wearers) == len(set(wearers)), "a pawn wears two hats"
    if not state.is_over():
        assert not state.all_home(state.current) or state.phase == "contest", (
            "a player with every pawn home is to act"
        )


def leak_check(state: VerflixxtState, view: VerflixxtState, player: int) -> None:
    """A view hides the others' hands, the deck order and the random generator."""
    assert view.rng is None, "the view carries the random generator"
    for q in range(state.players):
        if q == player:
            assert view.hands[q] == state.hands[q], "the viewer's own hand differs"
        else:
            assert view.hands[q] == ["?"] * len(state.hands[q]), f"hand of {q} is visible"
    assert view.deck == ["?"] * len(state.deck), "the deck order is visible"
    public = (
        "track",
        "pawns",
        "guardians",
        "taken",
        "discard",
        "chips",
        "chips_won",
        "hat_on",
        "hats_home",
        "contest_cards",
        "phase",
        "current",
    )
    full, seen = state.to_dict(), view.to_dict()
    for key in public:
        assert full[key] == seen[key], f"the view changed the public {key}"


__all__ = [
    "DEFAULT_BOX",
    "EVENTS",
    "GAME_ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "REVEALING_EVENTS",
    "Action",
    "Attack",
    "Draw",
    "Hat",
    "Move",
    "Play",
    "Roll",
    "State",
    "Stop",
    "VerflixxtState",
    "check_box",
    "check_invariants",
    "leak_check",
    "new_game",
    "parse_action",
    "score_breakdown",
]
