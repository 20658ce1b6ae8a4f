"""Eight Routes conformance soak: seeded random games through the shared harness, with
conservation of dice, markers and round chips checked after every action."""

import copy
import time

import pytest

from game.boards import prepare_options
from game.rules import routes
from game.rules.conformance import soak

# The whole file is a soak: seeded random playouts, long by design. CI runs it; the fast
# loop (-m "not soak") leaves it to the rules tests, which check each rule by name.
pytestmark = pytest.mark.soak

OPTS = prepare_options("routes", {})


def _table(**changes):
    table = copy.deepcopy(OPTS["scoring"])
    table.update(changes)
    return dict(OPTS, scoring=table)


# (players, options, games, deep_every): the shipped table at every player count, a short
# game, and tables with few dice (empty lids, skipped mandatory actions) and many dice
# (markers reaching space 20).
VARIANTS = [
    (3, OPTS, 520, 0),
    (4, OPTS, 520, 0),
    (5, OPTS, 520, 0),
    (4, dict(OPTS, rounds_per_player=1), 200, 0),
    (3, _table(dice_per_player=1), 200, 0),
    (5, _table(dice_per_player=10, rounds_per_player=3), 100, 0),
]
DEEP = [
    (3, OPTS, 30, 2),
    (4, OPTS, 30, 3),
    (5, OPTS, 20, 4),
    (3, _table(dice_per_player=1), 20, 2),
    (5, _table(dice_per_player=10), 10, 4),
]


def invariants(state):
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


def leak_check(state, view, player):
    state.leak_check(view, player)


def _run(variants):
    games = 0
    for index, (players, options, count, deep_every) in enumerate(variants):
        seeds = range(index * 100_000, index * 100_000 + count)
        report = soak(
            routes,
            players,
            seeds,
            options,
            invariants=invariants,
            leak_check=leak_check,
            deep_every=deep_every,
            determinism_every=10,
        )
        assert report.finished == report.games == count and report.capped == 0
        games += report.games
    return games


def test_soak_smoke():
    assert _run([(4, OPTS, 20, 1), (3, _table(dice_per_player=1), 10, 1)]) == 30


@pytest.mark.soak
def test_soak_2000_games_every_action_checked():
    started = time.perf_counter()
    games = _run(VARIANTS) + _run(DEEP)
    seconds = time.perf_counter() - started
    print(f"routes soak: {games} games in {seconds:.1f} s")
    assert games >= 2000
