"""What must hold after every action, for the conformance soak (and anyone debugging):
the 54 cards accounted for (DDG-17), buoy and action tokens conserved (DDG-4, DDG-6),
pieces where pieces may be, and views that hide what they must."""

from __future__ import annotations

from .data import (
    BLUE_TOKENS,
    BUOY_TOKENS_PER_COLOUR,
    COLOURS,
    DECK_SIZE,
    DRAIN,
    TOKEN_KINDS,
    TOKENS_PER_KIND,
)
from .state import UNKNOWN_CARD, UNKNOWN_TOKEN, DuckState

ALL_TOKENS = sorted(k for k in TOKEN_KINDS for _ in range(TOKENS_PER_KIND))
ALL_CARDS = list(range(1, DECK_SIZE + 1))


def cards_in_play(state: DuckState) -> list[int]:
    cards = list(state.deck) + list(state.discard) + list(state.table)
    for p in range(state.players):
        cards.extend(state.hands[p])
        cards.extend(state.secret[p])
    return cards


def invariants(state: DuckState) -> None:
    cards = cards_in_play(state)
    assert len(cards) == DECK_SIZE, f"{len(cards)} cards, not {DECK_SIZE}"
    known = [c for c in cards if c != UNKNOWN_CARD]
    assert len(set(known)) == len(known), "a card is in two places"
    if state.viewer is None:
        assert sorted(cards) == ALL_CARDS, "the cards are not 1-54"
    for c in range(len(COLOURS)):
        taken = sum(1 for mask in state.buoys if mask & (1 << c))
        assert state.supply[c] + taken == BUOY_TOKENS_PER_COLOUR, f"{COLOURS[c]} buoy tokens"
    if state.advanced:
        blues = sum(state.blue) + state.used.count("blue") + state.boxed_blue
        assert blues == BLUE_TOKENS, f"{blues} blue tokens"
        tokens = state.pool + [k for k in state.used if k != "blue"]
        for p in range(state.players):
            tokens.extend(state.tokens[p])
        if state.viewer is None:
            assert sorted(tokens) == ALL_TOKENS, f"action tokens {sorted(tokens)}"
        else:
            assert len(tokens) == len(ALL_TOKENS)
    else:
        assert not state.pool and not any(state.tokens) and not any(state.blue)
    if state.phase == "over":
        assert state.win_duck is not None, "the game is over without a winning duck"
        assert state.pos[state.win_duck] == state.board.drain, "the winner is not in the drain"
        return
    assert state.to_act(), "nobody is to act"
    for d, h in enumerate(state.pos):
        assert h < 0 or state.board.kind[h] != DRAIN, f"duck {d} sits in the drain"
    if state.phase == "choose":
        places = [h for h in state.pos]
        assert min(places) >= 0, "a duck is off the board between rounds"
        assert len(set(places)) == len(places), "two ducks share a hex between rounds"
        assert state.hound_pos not in places, "the hound shares a duck's hex between rounds"
        for p in range(state.players):
            extra = 3 if p in state.discarding else 0
            assert len(state.hands[p]) + len(state.secret[p]) == state.hand_size + extra, (
                f"player {p} holds {len(state.hands[p])} cards"
            )


def leak_check(state: DuckState, view: DuckState, player: int) -> None:
    assert view.rng is None, "the random generator is visible"
    assert all(c == UNKNOWN_CARD for c in view.deck), "the deck order is visible"
    assert all(t == UNKNOWN_TOKEN for t in view.pool), "the face-down tokens are visible"
    assert len(view.deck) == len(state.deck) and len(view.pool) == len(state.pool)
    for p in range(state.players):
        if p == player:
            assert view.hands[p] == state.hands[p] and view.tokens[p] == state.tokens[p]
            continue
        assert all(c == UNKNOWN_CARD for c in view.hands[p]), f"player {p}'s hand is visible"
        assert all(c == UNKNOWN_CARD for c in view.secret[p]), f"player {p}'s card is visible"
        assert all(t == UNKNOWN_TOKEN for t in view.tokens[p]), f"player {p}'s tokens"
        assert len(view.hands[p]) == len(state.hands[p])
    assert all(e.seen_by(player) for e in view.opening_events), "a private deal event"
    data = view.to_dict()
    assert data["rng"] is None and data["viewer"] == player
