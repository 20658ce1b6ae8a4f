"""``python -m game hint`` and ``python -m game review`` (issue #40): the coach's view of
a recorded position and the look back of a finished game, as text and JSON; a bad value
is one line on stderr and exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game import rules


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """A command line against a history of its own holding one finished game of
    computers (Cluck-peep!, three seats: a few seconds)."""
    home = tmp_path_factory.mktemp("home")
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }

    def call(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "game", *args],
            env=env,
            cwd=home,
            check=False,
            capture_output=True,
            text=True,
            timeout=180,
        )

    made = call("play", "--new", "cluck", "--players", "3", "--computers", "--until-end")
    assert made.returncode == 0, made.stderr
    call.home = home  # type: ignore[attr-defined]
    return call


def test_hint_prints_the_hard_computers_pick_and_why(run):
    """issue #40: hint at a recorded position: the pick is a legal move there, the
    alternatives follow, the words are said in either language."""
    shown = run("hint", "replay:latest", "--step", "1", "--json")
    assert shown.returncode == 0, shown.stderr
    advice = json.loads(shown.stdout)
    assert advice["game"] == "cluck" and advice["step"] == 1
    module = rules.load("cluck")
    module.parse_action(advice["pick"]["action"])  # a move of the game, in its notation
    assert advice["alternatives"] and advice["lines"][0].startswith("The hard computer")
    assert "win" in advice["pick"]["figures"]
    text = run("hint", "replay:1", "--step", "1", "--lang", "ja")
    assert text.returncode == 0 and "強いコンピューター" in text.stdout


def test_hint_and_review_of_a_derby_file(run):
    """issue #40: FILE is a .derby file (as exported); review looks back on it."""
    exported = run.home / "g.derby"
    assert run("export", "1", "--out", str(exported)).returncode == 0
    shown = run("hint", str(exported), "--step", "0", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["step"] == 0
    looked = run("review", str(exported), "--json")
    assert looked.returncode == 0, looked.stderr
    assert json.loads(looked.stdout)["decisions"] > 0


def test_review_lists_each_persons_costliest_moments(run):
    """issue #40: review latest: per seat (a game of computers looks back on every
    seat), at most three moments, costs above 0 and largest first, each said in words."""
    looked = run("review", "latest", "--json")
    assert looked.returncode == 0, looked.stderr
    data = json.loads(looked.stdout)
    assert set(data["seats"]) == {"0", "1", "2"}
    for seat, moments in data["seats"].items():
        costs = [m["cost"] for m in moments]
        assert len(costs) <= 3 and all(c > 0 for c in costs)
        assert costs == sorted(costs, reverse=True)
        assert len(data["lines"][seat]) == len(moments)
    text = run("review", "1")
    assert text.returncode == 0 and "decisions weighed" in text.stdout


@pytest.mark.parametrize(
    "args,problem",
    [
        (("hint", "replay:latest", "--step", "100000"), "argument --step: that game has"),
        (("hint", "replay:nope", "--step", "1"), "is neither a number nor latest"),
        (("hint", "replay:latest", "--step", "1", "--seat", "9"), "argument --seat"),
        (("hint", "replay:latest", "--step", "-1"), "--step"),
        (("hint", "replay:latest"), "--step"),
        (("hint", "no-such.derby", "--step", "1"), "no-such.derby"),
        (("review", "77"), "77"),
        (("review", "no-such.derby"), "no-such.derby"),
    ],
)
def test_bad_values_are_one_line_and_exit_2(run, args, problem):
    """issue #40: a bad value is one line on stderr, exit code 2."""
    done = run(*args)
    assert done.returncode == 2, done.stdout
    assert done.stderr.count("\n") == 1 and problem in done.stderr
