"""Eight Routes conformance soak: seeded random games through the shared harness, with
conservation of dice, markers and round chips checked after every action."""

import copy
import time

import pytest

from game.boards import prepare_options
from game.rules import routes
from game.rules.conformance import soak
from game.rules.routes.checks import invariants, leak_check

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
