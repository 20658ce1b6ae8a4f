"""What must hold after every action, for the conformance soak (and anyone debugging):
tiles, pawns, guardians, cards, goal chips and hats conserved (VX-1, VX-20..VX-29), and
views that hide the others' hands, the deck order and the random generator (VX-21)."""

from __future__ import annotations

from .data import FINISH, HATS, LUCKY, PLUS, START, Box
from .state import VerflixxtState, pawns_per_player

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


def invariants(state: VerflixxtState) -> None:
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
