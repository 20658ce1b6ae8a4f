"""Lessons at publisher grade (issue #27): a step's callout never covers what the step
points at or talks about (its ``point`` and ``about``), at the smallest window and a large
one; while a step waits for Next the table's header and hint say so instead of asking for
a move only Next can make; the lesson's last dialog offers what fits a game already won."""

from __future__ import annotations

import pytest

from game.lessons import lesson_ids, lesson_path, load_lesson
from game.scenes.table.lesson import LessonDoneScene
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.scene_helpers import step_until

pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _whole_board(scene, rect) -> bool:
    """A target as big as the board (a step about the whole board): no callout on the
    board can keep clear of it, so it goes to the board's top (issue #27)."""
    area = scene.plan.board
    return rect.contains(area.inflate(-scene.px(12), -scene.px(12))) or (
        rect.w * rect.h > area.w * area.h // 2
    )


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_a_callout_never_covers_what_its_step_points_at_or_talks_about(lesson_id, size):
    """Issue #27: for every step of every lesson, the callout's rect meets none of the
    step's targets (located by the table's ``lesson_element``); the hint and header of a
    step to read say to press Next, never to make a move."""
    lesson = load_lesson(lesson_path(lesson_id))
    app = lesson_app(size=size)
    scene = open_lesson(app, lesson.game, lesson_id)
    screen = app.screen.get_rect()
    for _ in lesson.steps:
        step = wait_for_step(app, scene)
        box = scene.guide.callout
        assert box is not None and screen.contains(box)
        for name in (step.point, *step.about):
            rect = scene.guide.place(name)
            if rect is None or _whole_board(scene, rect):
                continue
            assert not box.colliderect(rect), (
                f"{lesson_id} steps[{step.index}] at {size}: the callout {box} covers {name} {rect}"
            )
        if step.expect is None:
            assert scene.guide.reading()
            assert scene.frame.hint_text() == scene.t("app.lesson_read_hint")
            assert scene.frame.turn_status()[1] == scene.t("app.lesson_read_status")
            assert not scene.frame.turn_status()[1].endswith("…")
        do_step(app, scene, step)
    assert step_until(app, lambda: isinstance(app.top, LessonDoneScene), 600, 1 / 30)


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_the_end_of_a_won_lesson_offers_no_game_to_finish(lesson_id):
    """Issue #27: a lesson that ends with its game won offers its results, a normal game
    or the menu (and the game's other lessons when it has several), never "Finish this
    game"."""
    lesson = load_lesson(lesson_path(lesson_id))
    app = lesson_app()
    scene = open_lesson(app, lesson.game, lesson_id)
    for _ in lesson.steps:
        do_step(app, scene, wait_for_step(app, scene))
    assert step_until(app, lambda: isinstance(app.top, LessonDoneScene), 600, 1 / 30)
    keys = [b.key for b in app.top.buttons.buttons]
    if scene.state.is_over():
        assert keys[:2] == ["play_on", "new_game"] and keys[-1] == "menu"
        assert app.top.buttons.buttons[0].label == app.t("app.lesson_see_results")
        assert ("lessons" in keys) == (len(lesson_ids(lesson.game)) > 1)
        assert app.top.texts()[1] == app.t("app.lesson_done_won_text")
    else:
        assert keys == ["play_on", "new_game", "menu"]
