"""The Cluck-peep! lesson on the real table (issue #19, data/lessons/cluck-1.yaml), beyond
what every lesson is held to (tests/test_lesson_scene.py): the table's element names, a
tile laid the wrong way up refused with the step's hint (CP-2, CP-4), Enter as Next on a
step to read while a tile is being placed, the callout clear of the previewed way at the
smallest window, and the end screen after the lesson's steps about the end (CP-9, CP-10)."""

from __future__ import annotations

import pygame
import pytest

from game.lessons import element_known, lesson_path, load_lesson
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.lesson import LessonDoneScene
from game.ui import fonts, widgets
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.scene_helpers import click, key, step_until

LESSON = load_lesson(lesson_path("cluck-1"))
PLACE_14 = next(s.index for s in LESSON.steps if s.expect == "place 14 turned")


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _at_step(app, scene, index: int):
    while scene.guide.run.index < index:
        do_step(app, scene, wait_for_step(app, scene))
    return wait_for_step(app, scene)


def _drawn_text(app) -> str:
    with widgets.recording(app.screen) as sink:
        app.draw()
        return " ".join(entry.text for entry in sink.texts)


def test_the_tables_element_names_are_the_things_drawn_while_a_tile_is_placed():
    app = lesson_app()
    scene = open_lesson(app, "cluck")
    _at_step(app, scene, PLACE_14)
    screen = app.screen.get_rect()
    shown = [
        "hole:4",
        "tile:12",
        "tile:14",
        "turn",
        "place",
        "slot",
        "row:0",
        "hidden",
        "goal",
        "chicken:0",
        "chicken:1",
        "supply",
        "pile",
        "nests",
    ]
    for name in shown:
        assert element_known(name, "cluck", 2), name
        rect = scene.guide.place(name)
        assert rect is not None and rect.w > 0 and rect.h > 0, name
        assert screen.contains(rect), (name, rect)
    assert scene.guide.place("tile:14").colliderect(scene.plan.controls)  # in the bar
    assert scene.plan.board.contains(scene.guide.place("slot"))
    # what is not on the table now: a tile not in the hand, a row not laid
    assert scene.guide.place("tile:7") is None
    assert scene.guide.place("row:1") is None
    assert not element_known("chicken:4", "cluck", 2)
    assert not element_known("hole:5", "cluck", 2)


def test_a_tile_laid_the_wrong_way_up_is_refused_with_the_steps_hint():
    """CP-2, CP-4: the step asks for tile 14 upside down; placed upright it is refused."""
    app = lesson_app()
    scene = open_lesson(app, "cluck")
    step = _at_step(app, scene, PLACE_14)
    before = list(scene.session.actions)
    click(app, scene.probe()["tile:14"])  # picked, still upright
    click(app, scene.probe()["place"])
    assert scene.session.actions == before
    assert scene.guide.run.index == PLACE_14
    hint = step.hint_says("en")
    assert fonts.wrap(hint, 15, 10_000)[0].split()[0] in _drawn_text(app)
    assert scene.game.lesson_clicks(step.expect) == ["turn", "place"]  # tile 14 is picked
    do_step(app, scene, step)
    assert scene.session.actions[-1] == (0, "place 14 turned")
    assert scene.guide.run.index == PLACE_14 + 1


def test_enter_on_a_step_to_read_is_next_while_a_tile_is_being_placed():
    app = lesson_app()
    scene = open_lesson(app, "cluck")
    step = _at_step(app, scene, PLACE_14 - 1)
    assert step.expect is None and scene.game.controls.my_turn() == "place"
    before = list(scene.session.actions)
    key(app, pygame.K_RETURN)  # the table's "place" key, but the step is to be read
    assert scene.session.actions == before
    assert scene.guide.run.index == PLACE_14


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_callout_fits_at_the_smallest_window_and_leaves_the_way_in_sight(lang):
    app = lesson_app(lang, size=(1024, 600))
    scene = open_lesson(app, "cluck")
    for index in range(len(LESSON.steps)):
        step = wait_for_step(app, scene)
        assert step.index == index
        target = scene.guide.place(step.point)
        assert target is not None and app.screen.get_rect().contains(target), step.point
        box = scene.guide.callout
        assert box is not None and app.screen.get_rect().contains(box)
        # on the board, or beside it (issue #38: over the side column where every place
        # on the ladder hides a chick or a chicken), never over the header or the hand
        plan = scene.plan
        assert plan.board.contains(box) or not any(
            box.colliderect(r) for r in (plan.bar, plan.hint, plan.controls)
        )
        assert box.top >= plan.header.bottom
        if not target.contains(box):  # the board itself: the callout lies on it
            assert not box.colliderect(target), f"steps[{index}] hides {step.point}"
        if (step.expect or "").startswith("place"):  # the way the tile makes: in sight
            ways = scene.game.keep_clear()
            assert ways and not any(box.colliderect(w) for w in ways), f"steps[{index}]"
        do_step(app, scene, step)


def test_the_end_screen_comes_after_the_lessons_steps_about_the_end():
    """CP-9: someone has 5 chicks after round 3, the game ends; the steps about it are
    shown on the table, and the end screen (CP-10: the winner) when playing on."""
    app = lesson_app()
    scene = open_lesson(app, "cluck")
    last = len(LESSON.steps) - 1
    step = _at_step(app, scene, last)
    assert scene.state.is_over() and app.top is scene  # no end screen over the steps
    assert scene.state.stands == [5, 2] and scene.state.round == 3
    do_step(app, scene, step)
    assert step_until(app, lambda: isinstance(app.top, LessonDoneScene), 600, 1 / 30)
    click(app, app.top.probe()["play_on"])
    assert step_until(app, lambda: isinstance(app.top, GameOverScene), 600, 1 / 30)
    assert scene.guide.lesson is None
