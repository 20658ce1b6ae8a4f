"""Playtest: History's pills said a seat and its score with a space between, and the
default names end in a digit: "Player 1 1", "Player 2 12" read as one name. The score
now stands after a colon in English and a full-width one in Japanese."""

from __future__ import annotations

import pytest

from game.history import SeatResult
from game.scenes.shell.history_rows import seat_words
from tests.scene_helpers import make_app


def _seat(name: str, kind: str, score: float, place: int) -> SeatResult:
    return SeatResult(name, kind, "normal" if kind == "computer" else None, "hen", score, place)


@pytest.mark.parametrize(
    ("lang", "person", "computer"),
    [
        ("en", "Player 1: 1", "★ Captain Bill (Normal): 4"),
        ("ja", "Player 1：1", "★ Captain Bill (ふつう)：4"),
    ],
)
def test_playtest_a_pill_sets_the_score_apart_from_a_name_ending_in_a_digit(lang, person, computer):
    """playtest (issue #28's History rows): "Player 1" with 1 chick is "Player 1: 1",
    not "Player 1 1"; the winner's pill keeps its star before the name."""
    t = make_app(lang=lang).t
    assert seat_words(t, "cluck", _seat("Player 1", "person", 1, 4)) == person
    assert seat_words(t, "cluck", _seat("Captain Bill", "computer", 4, 1)) == computer
