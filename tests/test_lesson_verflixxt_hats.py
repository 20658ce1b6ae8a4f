"""Verflixxt!'s second lesson, the hats game (data/lessons/verflixxt-2.yaml, issue #19): the
game it plays shows every rule it teaches (VX-22..VX-30), each step's ring is on the very
control that takes its action (a card play is one click away: the lesson picks the card),
another card is refused with the step's hint, the goal chips are found on the table, and
the menu's "Learn to play" offers both Verflixxt! lessons."""

from __future__ import annotations

import pygame
import pytest

from game import lessons, rules
from game.lessons import LessonRun, follow, lesson_ids, lesson_path, load_lesson
from game.scenes.shell.lesson_choice import LessonChoiceScene
from game.scenes.shell.menu import MenuScene
from game.ui import widgets
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step
from tests.scene_helpers import click, key

LESSON = "verflixxt-2"


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def _open(lang="en", size=(1280, 720)):
    """The lesson from the menu's "Learn to play" (through the chooser: two lessons)."""
    app = lesson_app(lang, size)
    return app, open_lesson(app, "verflixxt", LESSON)


def test_vx_22_to_30_the_hats_lesson_plays_every_rule_it_teaches():
    lesson = load_lesson(lesson_path(LESSON))
    assert lesson.options == {"variant": "hats"}
    run = LessonRun(lesson)
    assert follow(run) == []
    module = rules.load("verflixxt")
    state = module.new_game(lesson.players, lesson.seed, run.session.options)
    mine, cookies = [], []
    for player, text in run.session.actions:
        (mine if player == 0 else cookies).extend(state.apply(player, module.parse_action(text)))

    def has(events, what, **data):
        return any(
            e.kind == what and all(e.data.get(k) == v for k, v in data.items()) for e in events
        )

    everything = mine + cookies
    # VX-22: both turn up a card; the lower card (the person's) gets the unlucky hat
    assert has(mine, "hat_draw") and has(cookies, "hat_draw")
    assert has(everything, "hat_draw_end", lucky=1, unlucky=0)
    assert has(everything, "hat", hat="unlucky", how="deal", dest="0a")
    # VX-23: cards, no die; a -1 and a 0 are played
    assert not has(everything, "roll")
    assert has(mine, "play", value=-1) and has(cookies, "play", value=0)
    # VX-24: a yellow lead, then the second card (the person) or stop (Cookie)
    assert has(mine, "play", card="o4", second=True) and has(cookies, "stop")
    # VX-27: the unlucky pawn on the start goes forward with a -1, and back to the start
    # only with the exact count
    assert has(mine, "play", card="o-1", piece="0a", direction="fwd")
    assert has(mine, "move", piece="0a", dest="start", steps=-1)
    # VX-25: a risk tile taken: one of them counts minus
    assert has(mine, "take", tile_kind="risk", value=5)
    # VX-26: a hat given, a hat taken, and the lucky hat taken back by Cookie
    assert has(mine, "hat", how="give", hat="unlucky", dest="1b")
    assert has(mine, "hat", how="take", hat="lucky", dest="0a")
    assert has(cookies, "hat", how="take", hat="lucky", origin="0a")
    # VX-28: the exact count into the finish takes the top goal chip
    assert has(mine, "home", piece="0a", exact=True) and has(mine, "chip", value=2)
    scores = module.score_breakdown(state)[0]
    assert scores["risk"] == -5 and scores["chips"] == 2 and scores["hats"] == 0  # VX-30


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_step_rings_the_control_that_takes_its_action(lang):
    app, scene = _open(lang)
    for index in range(len(scene.guide.lesson.steps)):
        step = wait_for_step(app, scene)
        assert step.index == index
        pointed = scene.guide.place(step.point)
        assert pointed is not None, f"steps[{index}]: {step.point}"
        if step.expect is not None:
            takers = [c for c in scene.controls if str(c.action) == step.expect]
            # one click away, on the thing ringed: that button, or that pawn
            assert any(c.key == step.point or c.rect == pointed for c in takers), (
                f"steps[{index}]: {step.point} does not take {step.expect}"
            )
            if step.expect.startswith("play"):
                assert scene.game.model.sel_card == step.expect.split()[1]  # picked by the lesson
        do_step(app, scene, step)
    assert scene.guide.run.done


def test_another_card_is_refused_with_the_steps_hint():
    app, scene = _open()
    step = wait_for_step(app, scene)
    while step.expect != "play o-1 a fwd":
        do_step(app, scene, step)
        step = wait_for_step(app, scene)
    before = list(scene.session.actions)
    click(app, scene.probe()["card:2"])  # the yellow 1 instead of the -1...
    assert scene.game.model.sel_card == "y1"
    click(app, scene.probe()["piece:b"])  # ...on pawn b: refused
    assert scene.session.actions == before
    assert scene.guide.run.index == step.index
    with widgets.recording(app.screen) as sink:
        app.draw()
        drawn = " ".join(entry.text for entry in sink.texts)
    assert "Click your ringed" in drawn
    click(app, scene.probe()["card:1"])  # the -1 again
    click(app, scene.probe()["piece:a"])
    assert scene.session.actions[len(before)] == (0, "play o-1 a fwd")


def test_the_goal_chips_are_found_beside_the_finish_only_in_the_hats_game():
    app, scene = _open()
    wait_for_step(app, scene)
    rect = scene.guide.place("chips")
    x, y = scene.game.geometry.chip_stack_pos()
    assert rect is not None and rect.collidepoint(x, y)
    assert app.screen.get_rect().contains(rect)
    assert lessons.element_known("chips", "verflixxt", 2)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.probe()["menu"])
    click(app, app.top.probe()["learn:verflixxt"])
    click(app, app.top.probe()["lesson:verflixxt-1"])
    base = app.top
    wait_for_step(app, base)
    assert base.guide.lesson.id == "verflixxt-1"
    assert base.guide.place("chips") is None  # no chips in the base game


def test_learn_to_play_offers_both_lessons_and_says_where_one_was_left():
    app = lesson_app()
    assert lesson_ids("verflixxt") == ["verflixxt-1", "verflixxt-2"]
    click(app, app.top.probe()["learn:verflixxt"])
    chooser = app.top
    assert isinstance(chooser, LessonChoiceScene)
    keys = [k for k in chooser.probe() if k.startswith("lesson:")]
    assert keys == ["lesson:verflixxt-1", "lesson:verflixxt-2"]
    labels = [b.label for b in chooser.buttons.buttons if b.key in keys]
    assert labels == ["Verflixxt! — the base game", "Verflixxt! — hats and cards"]
    assert [line for line, _ in chooser.lines] == ["17 steps", "19 steps"]
    click(app, chooser.probe()["back"])
    assert isinstance(app.top, MenuScene)
    # a lesson left at its fourth step is offered to go on there
    click(app, app.top.probe()["learn:verflixxt"])
    click(app, app.top.probe()[f"lesson:{LESSON}"])
    scene = app.top
    for _ in range(3):
        do_step(app, scene, wait_for_step(app, scene))
    key(app, pygame.K_ESCAPE)
    click(app, app.top.probe()["menu"])
    click(app, app.top.probe()["learn:verflixxt"])
    assert app.top.lines[1][0] == "Go on at step 4 of 19"
    click(app, app.top.probe()[f"lesson:{LESSON}"])
    click(app, app.top.probe()["resume_lesson"])  # go on, rather than start it again
    assert app.top.guide.run.index == 3
    for other in ("duck", "routes"):  # a game with one lesson opens it at once
        if len(lesson_ids(other)) == 1:
            app = lesson_app()
            click(app, app.top.probe()[f"learn:{other}"])
            assert app.top.guide.lesson is not None and app.top.guide.lesson.id == f"{other}-1"
