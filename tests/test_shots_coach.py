"""tools/shots_coach.py (issue #40's pictures of the coach): for one game it plays the
seeded table to a person's decision with real options, presses Coach, and saves the
window with the coach's measured words and its pick previewed on the board."""

from __future__ import annotations

import pygame

from tools import shots_coach


def test_the_tool_pictures_the_coach_at_a_decision_with_options(tmp_path, capsys):
    """issue #40 (COACHSHOTS): the Cluck-peep! picture is made at 1280x720: the coach
    weighs the pick and two alternatives or more, each in measured words (no "only
    move", no "alike"), the pick previewed on the board, and the PNG is the window."""
    shot = shots_coach.coach_shot("cluck", "ja", (1280, 720), tmp_path / "coach.png")
    assert shot.on_board
    assert len(shot.advice.alternatives()) >= 2 and shots_coach.says_measured(shot.advice)
    assert shot.said[0].startswith("強いコンピューターなら")
    picture = pygame.image.load(str(shot.out))
    assert picture.get_size() == (1280, 720)
    assert f"move {shot.move}" in capsys.readouterr().out


def test_an_answer_without_measured_words_is_passed_over():
    """issue #40 (COACHSHOTS): the only move, or options the coach finds alike, are no
    picture of the coach at work: the tool plays on past them."""
    from game.ai.coach import Advice, Option
    from game.rules import load

    module = load("cluck")
    hole = [module.parse_action(f"hole {n}") for n in (2, 3, 4)]
    one = Advice("cluck", 0, 3, [Option(hole[0], 0.4, 60, {"win": 0.4, "chicks": 2.0})])
    assert not shots_coach.says_measured(one)
    alike = Advice(
        "cluck",
        0,
        3,
        [Option(h, 0.4, 60, {"win": 0.4, "chicks": 2.0, "lead": 0.1}) for h in hole],
    )
    assert not shots_coach.says_measured(alike)
    apart = Advice(
        "cluck",
        0,
        3,
        [
            Option(h, 0.5 - 0.1 * i, 60, {"win": 0.5 - 0.1 * i, "chicks": 3.0 - i, "lead": 0.0})
            for i, h in enumerate(hole)
        ],
    )
    assert shots_coach.says_measured(apart)
