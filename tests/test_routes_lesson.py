"""The Eight Routes lesson (data/lessons/routes-1.yaml, issue #19): what its texts say
about the game holds (spaces, points, who wins), a step that asks to change a die opens
that choice on the table, every step's callout fits the smallest window beside the thing
it points at, and the scored table stays in view until the lesson's last step.

The shared tests (tests/test_lessons.py, tests/test_lesson_scene.py) play it through
headlessly and by clicks in both languages; these are the game's own checks."""

from __future__ import annotations

import pytest

from game.lessons import LessonRun, follow, lesson_path, load_lesson
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.lesson import LessonDoneScene
from tests.lesson_helpers import (
    assert_pointed_on_screen,
    do_step,
    lesson_app,
    open_lesson,
    wait_for_step,
)
from tests.scene_helpers import click, step_until

LESSON = "routes-1"


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _index(lesson, point: str, expect: str | None = None) -> int:
    return next(
        s.index for s in lesson.steps if s.point == point and (expect is None or s.expect == expect)
    )


def test_the_lessons_texts_say_what_the_game_does():
    """ER-12 A/B/C, ER-13, ER-10 (red die), ER-20e, ER-30..ER-36, ER-39: the numbers the
    last steps name are the game's own scoring of the lesson's game."""
    lesson = load_lesson(lesson_path(LESSON))
    run = LessonRun(lesson)
    # "your marker entered route 3 on space 2" (step marker:3)
    assert follow(run, until=_index(lesson, "marker:3")) == []
    assert _space(run, 3, 0) == 2
    # "your marker landed on top of Captain Bill's on space 1" (ER-20c/e)
    assert follow(run, until=_index(lesson, "marker:5")) == []
    stack = run.session.state.markers()[4]
    assert [(m["player"], m["space"]) for m in stack] == [(2, 1), (0, 1)]  # bottom to top
    assert run.session.state.route_scores()["routes"][4] == [12, 0, 5]  # on top is ahead
    assert follow(run) == []
    state = run.session.state
    assert state.is_over()
    scores = state.route_scores()
    # nobody on routes 1 and 7; route 5: Bill 12, you 5; you: 10 + 5 + 16 = 31, the most
    assert scores["routes"][0] == scores["routes"][6] == [0, 0, 0]
    assert scores["routes"][4] == [5, 0, 12]
    assert [scores["routes"][r][0] for r in (2, 4, 5)] == [10, 5, 16]
    assert scores["totals"] == [31, 6, 24]
    assert list(state.winners()) == [0]


def _space(run: LessonRun, route: int, player: int) -> int:
    for marker in run.session.state.markers()[route - 1]:
        if marker["player"] == player:
            return marker["space"]
    raise AssertionError(f"no marker of {player} on route {route}")


def test_a_step_that_asks_to_change_a_die_opens_that_choice_without_a_way_back():
    app = lesson_app()
    scene = open_lesson(app, "routes")
    lesson = scene.guide.lesson
    target = _index(lesson, "change:5+", "C 5+")
    for _ in range(target):
        do_step(app, scene, wait_for_step(app, scene))
    step = wait_for_step(app, scene)
    assert step.index == target
    keys = [c.key for c in scene.controls]
    assert scene.game.model.mode == "C" and "change:C 5+" in keys and "back" not in keys
    # another die's change is refused; the step's own is taken
    before = list(scene.session.actions)
    click(app, scene.probe()["change:C 6-"])
    assert scene.session.actions == before and scene.guide.run.index == target
    click(app, scene.probe()["change:C 5+"])
    assert scene.session.actions[-1] == (0, "C 5+")
    assert scene.guide.run.index == target + 1


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_callout_fits_the_smallest_window_and_the_end_screen_waits(lang):
    app = lesson_app(size=(1024, 600), lang=lang)
    scene = open_lesson(app, "routes")
    steps = scene.guide.lesson.steps
    for _ in range(len(steps)):
        step = wait_for_step(app, scene)
        assert_pointed_on_screen(app, scene, step)
        assert scene.plan.board.contains(scene.guide.callout)
        if step.index >= len(steps) - 4:  # the scoring steps: the game is over...
            assert scene.state.is_over() and app.top is scene  # ...under no end screen
        do_step(app, scene, step)
    assert step_until(app, lambda: isinstance(app.top, LessonDoneScene), 600, 1 / 30)
    click(app, app.top.probe()["play_on"])  # play on: the game's end screen follows
    assert step_until(app, lambda: isinstance(app.top, GameOverScene), 600, 1 / 30)
