"""Duck! Duck! Go! (Kevin G. Nunn, APE Games): rubber ducks race on a board of hex tiles.

Headless rules (standard library only). Clauses DDG-1..DDG-43: docs/rules/duck.md and
/shared/rules/duck-duck-go.md.

Options: ``variant`` beginner | advanced (the hound and action tokens; with 2-3 players
each player races two ducks, DDG-26: ``ducks_per_player``) | twoducks (the older name of
that 2-3 player game, still read); ``official`` False | True (DDG-27: turn instead of
moving, with any variant); and three data options that game.boards.duck.prepare_options
fills from data/boards/duck: ``board`` (a board name or path becomes the board data),
``deck`` (the 54 cards) and ``hound`` (the hound board's 4 patterns). Shapes: data.py.

Hexes are axial (q, r); facings and headings are sides 0-5, 0 east, counter-clockwise
(hexes.py). Ducks are numbered 0..N-1; duck d belongs to player d // ducks-per-player.

Actions (notation): ``order 12`` (advanced setup card), ``place q,r face f``,
``card 12`` / ``cards 12 40`` (two ducks: first duck, second duck), ``route 42/2`` (card
42's second route; also the card of a buoy extra move), ``face f``, ``warp q,r face f`` /
``stay``, ``turn`` (official variant; then ``face f``), ``done``, tokens ``blue`` then
``discard a b c``, ``keep 23/1``, ``step``, ``rotate f``, ``swap``, ``ghost d``,
``become d``; the hound: ``hound face f``, ``hound 23/1``, ``patterns A C``,
``pattern B``; a knocked duck: ``send q,r`` (then its owner ``face f``).
A decision with a single legal action is taken by the rules at once.

What is being decided (for the UI): ``state.phase`` is order, place, choose (everybody in
``to_act()`` at once), move, hound or over; outside order/choose ``state.pending`` is
``(kind, actor, ...)`` with kind place (duck), pre / post (duck: before / after its move),
extra (duck, deck-top card or 0: a mandatory extra move), warp (piece, -1 the hound),
face (piece, allowed sides, why: end/knock/turn), send (knocked duck), discard,
houndface, houndmove or houndpattern. ``state.mv`` is the piece moving now (route, next
step). ``preview(state, player, card, route)`` says where a card would take a duck.

Events (kind: data keys), in order. ``hex``/``to``/``blocked`` are [q, r]; ``duck`` a duck
number; ``heading`` a side 0-5. ``new_game`` keeps its own events in ``state.opening_events``.
- ``setup``: variant, official, board (name), players, ducks, owners (player of each duck).
- ``draw``: player, count, reason (deal/refill/hound/blue), deck (cards left).  Public.
- ``drawn``: player, cards.  Private twin of ``draw`` (visible_to the drawer only).
- ``reshuffle``: cards (size of the new deck; DDG-17).
- ``order_cards``: cards (one per player), order (players, first placer first).
- ``place``: duck, player, hex, heading.
- ``discard``: player, cards, reason (order/move/turn/hound/blue).
- ``round``: round.  Card choosing begins.
- ``choose``: player, count, why (order/move).  Public: a card is chosen face down.
- ``chosen``: player, cards, why.  Private twin of ``choose``.
- ``reveal``: cards ([{duck, player, card}]), order (ducks in moving order).
- ``turn``: duck, player, card.  That duck's turn begins.
- ``turn_instead``: duck, card, heading.  DDG-27: the card is discarded, the duck turned.
- ``move``: duck, card (None for a +1 step), route (index from 0), source
  (card/extra/deck/keep/step-pre/step-post), hex, heading (where the move starts).
- ``step``: duck, hex, heading.  One hex entered (heading = direction of the step).
- ``bonk``: duck, hex (where it stays), blocked (the hex it hit, maybe off the board),
  heading (the new one, 180° from the step), reason (edge/duck/drain).  The move ends.
- ``buoy``: duck, player, colour, hex, new (True: its token is taken now), tokens (the
  duck's buoy tokens after).  A duck touched a buoy (passing or stopping).
- ``token_draw``: player, duck, pool (face-down tokens left).  Public.
- ``token_drawn``: player, token.  Private twin of ``token_draw``.
- ``warp``: duck, hex (the start space entered), to, heading.  The move ends there.
- ``face``: duck, heading, why (end/knock/turn).  The facing chosen (or the only one).
- ``deck_top``: duck, card.  With an empty hand the deck's top card is turned up (DDG-14).
- ``extra_move``: duck, reason (buoy/ghost), card (the deck-top card or None).
- ``knock``: duck, by (hound/duck), hex, and into (the hound's hex, when the duck ran into
  it) or knocker (the duck that is the hound).  The duck is off the board until placed.
- ``knock_place``: duck, hex.  The controller's start space for a knocked duck.
- ``token``: player, token (blue/keep/step/rotate/swap/ghost/become), and duck, card,
  heading as the token needs; swap adds hex, hound_hex, hound_heading.  A token is used.
- ``hound_control``: player, tokens, card, tied.  DDG-21.
- ``hound_place``: hex, heading.  The hound comes onto the drain.
- ``hound_card``: player, card.  ``hound_patterns``: player, patterns (e.g. "AC").
- ``hound_move``: player, card, route, source (card/pattern), hex, heading.
- ``hound_step``: hex, heading.  ``hound_bonk``: hex, blocked, heading, reason.
- ``hound_warp``: hex, to, heading.  ``hound_face``: heading.
- ``hound_drain``: hex.  The hound went down the drain (off the board).
- ``hound_knocked``: duck (the duck that is the hound, or -1), hex.  The hound is off.
- ``hound_again``: hex.  The hound ended on a ghost's hex and moves one more pattern.
- ``win``: duck, player, hex.  The game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import parse_action
from .data import COLOURS, KINDS, LEVELS, board_from_data, board_problems
from .preview import Preview, preview
from .state import (
    DEFAULT_BOARD,
    GAME_ID,
    LOBBY_VARIANTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    VARIANTS,
    DuckState,
    ducks_per_player,
)

State = DuckState

# The events that show chance or hidden things, and so end the app's undo (protocol.py).
# A secret card choice ("choose": the table sees that a card was chosen, not which), a
# placement, a route or a facing can be taken back until one of these comes out.
REVEALING_EVENTS: Mapping[str, str] = {
    "draw": "draw",
    "drawn": "draw",
    "reshuffle": "draw",
    "deck_top": "draw",
    "token_draw": "draw",
    "token_drawn": "draw",
    "order_cards": "reveal",
    "reveal": "reveal",
}


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> DuckState:
    return DuckState.new(players, seed, options)


__all__ = [
    "COLOURS",
    "DEFAULT_BOARD",
    "GAME_ID",
    "KINDS",
    "LEVELS",
    "LOBBY_VARIANTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "REVEALING_EVENTS",
    "VARIANTS",
    "DuckState",
    "Preview",
    "State",
    "board_from_data",
    "board_problems",
    "ducks_per_player",
    "new_game",
    "parse_action",
    "preview",
]
