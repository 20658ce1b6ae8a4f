"""Cluck-peep! conformance soak: seeded random games in every variant and table size, with
20 chicks and 14 road tiles conserved and the views checked for leaks after every action."""

import json
import subprocess
import sys

import pytest

from game.boards.cluck import VARIANTS, prepare_options
from game.rules import cluck
from game.rules.cluck.checks import invariants, leak_check
from game.rules.conformance import soak

# The whole file is a soak: seeded random playouts, long by design. CI runs it; the fast
# loop (-m "not soak") leaves it to the rules tests, which check each rule by name.
pytestmark = pytest.mark.soak

SHALLOW, DEEP = 170, 30  # per variant and table size: 12 x 200 = 2,400 games


def _soak(variant, players, seeds, deep_every):
    report = soak(
        cluck,
        players,
        seeds,
        prepare_options({"variant": variant}),
        invariants=invariants,
        leak_check=leak_check,
        deep_every=deep_every,
    )
    assert report.finished == report.games and report.capped == 0
    return report


def test_small_soak_every_variant():
    for variant in VARIANTS:
        for players in (2, 3, 4):
            _soak(variant, players, range(3), deep_every=1)


@pytest.mark.soak
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_conformance_soak(variant):
    games = 0
    for players in (2, 3, 4):
        base = 1000 * players
        games += _soak(variant, players, range(base, base + SHALLOW), deep_every=0).games
        games += _soak(
            variant, players, range(base + SHALLOW, base + SHALLOW + DEEP), deep_every=1
        ).games
    assert games == 600


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_simulate_command_line(bot):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "simulate",
            "cluck",
            "--players",
            "4",
            "--games",
            "40",
            "--seed",
            "3",
            "--bot",
            bot,
            "--variant",
            "both",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,  # a bound, not a timing check: a hang is killed (issue #36)
    )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["errors"] == 0 and result["finished"] == 40
    assert result["mean_rounds"] <= cluck.MAX_ROUNDS
