"""Invariants and the leak check the conformance soak runs after every action. Stdlib only."""

from __future__ import annotations

from collections import Counter

from ..protocol import Player
from .state import CHICKENS, CHICKS, HAND_BASIC, HAND_LONG, OVER, CluckState, known_tiles


def invariants(state: CluckState) -> None:
    """Conservation of chicks (CP-1: 20) and tiles, and what the phase promises."""
    on_ladder = sum(row.chick for row in state.ladder)
    assert state.supply >= 0, f"supply {state.supply}"
    assert min(state.stands) >= 0, f"stands {state.stands}"
    total = state.supply + on_ladder + sum(state.stands)
    assert total == CHICKS, (
        f"{total} chicks (supply {state.supply}, ladder {on_ladder}, stands {state.stands})"
    )

    road = (
        list(state.pile) + [t for h in state.hands for t in h] + [row.tile for row in state.ladder]
    )
    if state.hidden is not None:
        road.append(state.hidden[0])
    if not state.is_view:
        known = known_tiles(road)  # a full state sees every tile
        assert Counter(known) == Counter(state.tiles.road_ids), f"road tiles {sorted(known)}"
        # K-10: batches go under the pile in the order of the rounds that laid them
        batches = [state.batch[t] for t in known_tiles(state.pile)]
        assert batches == sorted(batches), f"pile batches out of order: {batches}"
    assert sorted(state.batch) == sorted(state.tiles.road_ids), "a road tile without a batch"
    goal = [state.start_tile, *state.nest_stack] + (
        [state.goal_tile] if state.goal_tile is not None else []
    )
    assert sorted(goal) == sorted([state.tiles.start.id, *state.tiles.nest]), goal

    placed = [c for c in state.chickens if c is not None]
    assert len(set(placed)) == len(placed), f"two chickens share a hole: {state.chickens}"
    if state.phase == CHICKENS:
        assert state.hidden is not None and all(len(h) == 1 for h in state.hands)
        return
    assert len(placed) == state.players, "a chicken was never placed"
    if state.phase == OVER:
        assert state.winners(), "the game is over without a winner"
        return
    assert state.hidden is not None, "no hidden tile during a round"
    long_road = state.options["long_road"]
    done = Counter(state.order[: state.turn])
    actor = state.order[state.turn]
    for p, hand in enumerate(state.hands):
        expected = (
            (HAND_LONG - done[p]) if long_road else (HAND_BASIC if p == actor else HAND_BASIC - 1)
        )
        assert len(hand) == expected, f"player {p} holds {len(hand)}, expected {expected}"
    assert len(state.ladder) == state.turn, "one row per placement this round"


def leak_check(state: CluckState, view: CluckState, player: Player) -> None:
    """The view keeps the hidden tile, the pile order, others' hands and the random
    generator from ``player``."""
    assert view.rng is None, "the random generator"
    assert view.pile == [None] * len(state.pile), "the road pile"
    if state.hidden is not None:
        assert view.hidden == (None, None), "the hidden tile"
    for q, hand in enumerate(view.hands):
        if q == player:
            assert hand == state.hands[q], "the viewer's own hand differs"
        else:
            assert hand == [None] * len(state.hands[q]), f"player {q}'s hand"
    batch = state.batch
    assert view.batch == batch, "the batches are public (K-10)"
    places = view.places()
    assert places["pile"] == [batch[t] for t in known_tiles(state.pile)]
    for q, hand in enumerate(state.hands):  # sorted, so they tell nothing of tile order
        assert places["hands"][q] == (
            [] if q == player else sorted(batch[t] for t in known_tiles(hand))
        ), f"player {q}'s batches"
    for event in view.opening_events:
        assert event.seen_by(player), f"an opening event meant for others: {event.kind}"
    data = view.to_dict()
    assert data["rng"] is None and data["view"] == {"player": player}
