"""Invariants and the leak check the conformance soak runs after every action
(``game.rules.conformance.soak``): conservation of dice, markers and round chips, and a
view that hides only the future dice. Stdlib only."""

from __future__ import annotations

from .state import RoutesState


def invariants(state: RoutesState) -> None:
    players = state.players
    # dice: every die is in the lid or in front of the player who took it this round
    assert all(n >= 0 for n in state.lid), f"negative dice in the lid {state.lid}"
    assert sum(state.lid) + sum(state.held) == state.total_dice, "dice not conserved"
    # markers: one per player per route (ER-20b), on space 0 (off) .. 20 (ER-20d)
    assert len(state.pos) == 8 and all(len(row) == players for row in state.pos)
    stamps_seen = set()
    for r in range(8):
        for p in range(players):
            space, stamp = state.pos[r][p], state.stamp[r][p]
            assert 0 <= space <= 20, f"route {r + 1} player {p} on space {space}"
            assert (space == 0) == (stamp == 0), "a stack stamp without a marker"
            assert stamp <= state.clock
            if stamp:
                assert stamp not in stamps_seen, "two markers arrived at the same moment"
                stamps_seen.add(stamp)
    on_routes = sum(1 for row in state.pos for space in row if space)
    assert on_routes <= 8 * players
    # round chips: one per round so far, held by that round's parent
    for p, mine in enumerate(state.chips):
        for number, up in mine:
            assert (number - 1) % players == p and up in (0, 1)
    assert sorted(c[0] for mine in state.chips for c in mine) == list(range(1, state.round + 1))
    for p in range(players):
        if state.chip_turned[p]:
            assert any(up == 0 for _, up in state.chips[p])
    # the phase: the player after the parent, clockwise, the parent last (ER-11)
    if not state.is_over():
        assert state.current == (state.parent + 1 + state.phase_index) % players
        assert state.parent == (state.round - 1) % players
        assert not (state.chip_pending and not state.mandatory_done)
    assert 1 <= state.round <= state.total_rounds


def leak_check(state: RoutesState, view: RoutesState, player: int) -> None:
    """The view differs from the state only in the future dice (the rng and the seed)."""
    shown = view.to_dict()
    assert shown["rng"] is None, "the view carries the random generator"
    assert shown["seed"] is None, "the view carries the seed"
    full = state.to_dict()
    full["rng"] = full["seed"] = None
    assert shown == full, "the view differs from the state in more than the future dice"
