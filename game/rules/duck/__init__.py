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

What is being decided (for the UI): ``state.decision(player)``, a typed decision of
decisions.py (choose cards in secret, discard, place a duck, a duck's turn, after its move,
an extra move, warp or stay, a facing, send a knocked duck, the hound's facing, move or
pattern), or None. Inside the rules: ``state.phase`` is order, place, choose (everybody in
``to_act()`` at once), move, hound or over; outside order/choose ``state.pending`` is
a typed decision of pending.py (its ``actor`` and fields): Place (piece), Pre / Post
(duck: before / after its move), Extra (duck, deck-top card or 0: a mandatory extra
move), Warp (piece, -1 the hound), Face (piece, allowed sides, why: end/knock/turn), Send
(knocked duck), Discard (the decision to go back to), HoundFace, HoundMove or
HoundPattern; a save keeps it as the list ``[kind, actor, ...]`` it always was. ``state.mv`` is the piece moving now (route, next
step). ``preview(state, player, card, route)`` says where a card would take a duck.

Events: the typed classes of events.py (``EVENTS``, the family ``DuckEvent``), one per
kind, in order; ``new_game`` keeps its own events in ``state.opening_events``. A private
twin (``drawn``, ``chosen``, ``token_drawn``) goes only to its player with the public one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import parse_action
from .data import (
    COLOURS,
    DEFAULT_BOARD,
    KINDS,
    LEVELS,
    LOBBY_VARIANTS,
    OPTIONS,
    VARIANTS,
    board_from_data,
    board_problems,
)
from .events import (
    EVENTS,
    CardsDrawn,
    CardsDrawnPrivate,
    CardsRevealed,
    DeckTopTurned,
    DuckEvent,
    OrderCardsShown,
    Reshuffled,
    TokenDrawn,
    TokenDrawnPrivate,
)
from .preview import Preview, preview
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, DuckState, ducks_per_player

State = DuckState

# The events that show chance or hidden things, and so end the app's undo (protocol.py).
# A secret card choice ("choose": the table sees that a card was chosen, not which), a
# placement, a route or a facing can be taken back until one of these comes out.
REVEALING_EVENTS: Mapping[str, str] = {
    CardsDrawn.kind: "draw",
    CardsDrawnPrivate.kind: "draw",
    Reshuffled.kind: "draw",
    DeckTopTurned.kind: "draw",
    TokenDrawn.kind: "draw",
    TokenDrawnPrivate.kind: "draw",
    OrderCardsShown.kind: "reveal",
    CardsRevealed.kind: "reveal",
}


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> DuckState:
    return DuckState.new(players, seed, options)


__all__ = [
    "COLOURS",
    "DEFAULT_BOARD",
    "EVENTS",
    "GAME_ID",
    "KINDS",
    "LEVELS",
    "LOBBY_VARIANTS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "REVEALING_EVENTS",
    "VARIANTS",
    "DuckEvent",
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
