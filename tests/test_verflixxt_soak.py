"""Verflixxt! conformance soak: seeded random games through game.rules.conformance with
the conservation invariants (tiles, pawns, guardians, cards, goal chips, hats) after
every action and the leak check on views. 2,000 base games and 2,000 expansion games
(800 of them with the attack variant); the expensive deep checks (views, determinize,
save/load, illegal actions) on a subset. Zero exceptions, every game finished."""

import pytest

import game.rules.verflixxt as vx
from game.rules.conformance import soak

# The whole file is a soak: seeded random playouts, long by design. CI runs it; the fast
# loop (-m "not soak") leaves it to the rules tests, which check each rule by name.
pytestmark = pytest.mark.soak

PLAYER_COUNTS = (2, 3, 4, 5, 6)


def _run(options, games, first_seed, deep_every=0, determinism_every=25):
    total = finished = 0
    per_count = games // len(PLAYER_COUNTS)
    for k, players in enumerate(PLAYER_COUNTS):
        start = first_seed + k * per_count
        report = soak(
            vx,
            players,
            range(start, start + per_count),
            options,
            invariants=vx.invariants,
            leak_check=vx.leak_check,
            deep_every=deep_every,
            determinism_every=determinism_every,
        )
        total += report.games
        finished += report.finished
    return total, finished


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "base"},
        {"variant": "base", "track": "random"},
        {"variant": "hats"},
        {"variant": "hats", "attack": True},
    ],
    ids=["base-standard", "base-random", "hats", "hats-attack"],
)
def test_verflixxt_deep_checks_on_a_subset(options):
    games, finished = _run(options, 30, 9_000, deep_every=3, determinism_every=5)
    assert games == finished == 30


@pytest.mark.soak
def test_verflixxt_soak_2000_base_and_2000_expansion_games():
    runs = [
        ({"variant": "base"}, 1000, 0),
        ({"variant": "base", "track": "random"}, 1000, 10_000),
        ({"variant": "hats"}, 1200, 20_000),
        ({"variant": "hats", "attack": True}, 800, 30_000),
    ]
    played = {}
    for options, games, seed in runs:
        total, finished = _run(options, games, seed)
        assert total == finished == games, (options, total, finished)
        played[options["variant"]] = played.get(options["variant"], 0) + total
    assert played == {"base": 2000, "hats": 2000}
