"""A lesson on the real table (issue #19), driven by events under the dummy video driver:
from the menu's "Learn to play", every step points at something that is on screen when
the step shows, the whole lesson completes by clicks, something else than the step asks is
refused, a lesson left at the menu resumes at its step or starts again (the person
chooses), and "Learn to play" works from the lobby and the rules help too."""

from __future__ import annotations

import pygame
import pytest

from game import lessons
from game.lessons import lesson_ids, lesson_path, load_lesson
from game.scenes.shell.menu import MenuScene
from game.scenes.table.lesson import LessonDoneScene, LessonStartScene
from game.ui import fonts
from game.ui.widgets import recording
from tests.lesson_helpers import (
    assert_pointed_on_screen,
    clicks_for,
    do_step,
    learn,
    lesson_app,
    open_lesson,
    wait_for_step,
)
from tests.scene_helpers import click, key, step_until

LESSONS = lesson_ids()


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_a_lesson_completes_by_clicks_with_every_pointed_element_on_screen(lesson_id, lang):
    lesson = load_lesson(lesson_path(lesson_id))
    app = lesson_app(lang)
    scene = open_lesson(app, lesson.game, lesson_id)
    for index, planned in enumerate(lesson.steps):
        step = wait_for_step(app, scene)
        assert step.index == index
        assert_pointed_on_screen(app, scene, step)
        do_step(app, scene, step)
        assert scene.guide.run.index == index + 1, f"steps[{index}] was not taken"
        assert (
            planned.expect is None
            or scene.session.actions[-1] == (0, planned.expect)
            or (planned.expect == "any")
        )
    assert step_until(app, lambda: isinstance(app.top, LessonDoneScene), 600, 1 / 30)
    assert lesson.id not in lessons.read_progress()  # done: nothing left to resume
    click(app, app.top.probe()["new_game"])
    game = app.top
    assert game is not scene and game.guide.lesson is None
    assert game.session.game_id == lesson.game and game.session.players == lesson.players
    assert [s.human for s in game.session.seats] == [s == "human" for s in lesson.seats]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_bar_says_press_next_only_on_a_step_to_read(lesson_id):
    """issue #36: a step that waits for an action (roll the die) still said "Press Next
    (or Enter) when you have read it" under the board: the still picture that holds the
    bar was kept from the step to read before it. Every step of every lesson, as drawn:
    the bar's hint is the read hint exactly on the steps to read."""
    lesson = load_lesson(lesson_path(lesson_id))
    app = lesson_app("en")
    scene = open_lesson(app, lesson.game, lesson_id)
    read_hint = app.t("app.lesson_read_hint")
    for index in range(len(lesson.steps)):
        step = wait_for_step(app, scene)
        with recording(app.screen) as sink:
            app.draw()
        bar = " ".join(t.text for t in sink.texts if scene.plan.hint.colliderect(t.rect))
        if step.expect is None:
            assert bar == read_hint, f"steps[{index}] (to read): the bar says {bar!r}"
        else:
            assert "Press Next" not in bar, f"steps[{index}] ({step.expect}): {bar!r}"
        do_step(app, scene, step)


def test_an_action_the_step_does_not_ask_for_is_refused_with_its_hint():
    app = lesson_app()
    scene = open_lesson(app, "verflixxt")
    lesson = scene.guide.lesson
    while scene.guide.run.step.expect != "move a":
        do_step(app, scene, wait_for_step(app, scene))
    step = wait_for_step(app, scene)
    before = list(scene.session.actions)
    click(app, scene.probe()["piece:b"])
    assert scene.session.actions == before  # nothing happened
    assert scene.guide.run.index == step.index
    app.draw()
    from game.ui import widgets

    with widgets.recording(app.screen) as sink:
        app.draw()
        drawn = " ".join(entry.text for entry in sink.texts)
    assert fonts.wrap(step.hint_says("en"), 15, 10_000)[0].split()[0] in drawn
    assert lesson.steps[step.index].hint is not None
    do_step(app, scene, step)
    assert scene.guide.run.index == step.index + 1


def test_a_step_to_read_lets_no_action_through_and_undo_waits_for_the_end():
    app = lesson_app()
    scene = open_lesson(app, "verflixxt")
    step = wait_for_step(app, scene)
    assert step.expect is None
    key(app, pygame.K_r)  # the roll key, while the welcome is to be read
    assert scene.session.actions == []
    assert scene.undo.refusal() == "lesson"
    key(app, pygame.K_RETURN)  # Enter is Next
    assert scene.guide.run.index == 1


def test_a_lesson_left_at_the_menu_resumes_at_its_step(tmp_path):
    app = lesson_app()
    scene = open_lesson(app, "verflixxt")
    for _ in range(7):
        do_step(app, scene, wait_for_step(app, scene))
    index, actions = scene.guide.run.index, list(scene.session.actions)
    key(app, pygame.K_ESCAPE)  # the pause menu
    click(app, app.top.probe()["menu"])
    assert isinstance(app.top, MenuScene)
    saved = lessons.read_progress()["verflixxt-1"]
    assert saved["step"] == index
    from game import saves

    assert saves.list_saves() == []  # a lesson is not a saved game
    choice = learn(app, "learn:verflixxt", "verflixxt-1")
    assert isinstance(choice, LessonStartScene) and choice.place == index
    assert f"{index + 1}" in choice.texts()[1]  # "You stopped at step 8 of 17"
    click(app, choice.probe()["resume_lesson"])
    again = app.top
    assert again is not scene and again.guide.lesson is not None
    assert [type(s).__name__ for s in app.stack] == ["MenuScene", "TableScene"]
    assert again.guide.run.index == index
    assert again.session.actions[: len(actions)] == actions
    # ...and goes on to its end
    while not again.guide.run.done:
        do_step(app, again, wait_for_step(app, again))


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_lesson_text_has_its_glyphs_in_the_bundled_font(lesson_id):
    pygame.font.init()
    lesson = load_lesson(lesson_path(lesson_id))
    texts = [lesson.title_in("en"), lesson.title_in("ja")]
    for step in lesson.steps:
        for lang in ("en", "ja"):
            texts.append(step.says(lang))
            texts.append(step.hint_says(lang) or "")
    assert fonts.missing_glyphs("".join(texts)) == []


@pytest.mark.parametrize("lesson_id", lesson_ids("verflixxt"))
def test_the_callout_fits_at_the_smallest_window(lesson_id):
    app = lesson_app(size=(1024, 600), lang="ja")
    scene = open_lesson(app, "verflixxt", lesson_id)
    for _ in range(len(scene.guide.lesson.steps)):
        step = wait_for_step(app, scene)
        assert_pointed_on_screen(app, scene, step)
        assert scene.plan.board.contains(scene.guide.callout)
        do_step(app, scene, step)


def _leave_at_step(app, scene, steps: int) -> tuple[int, list]:
    """Take ``steps`` steps, then "Quit to menu" from the pause menu (the place is kept)."""
    for _ in range(steps):
        do_step(app, scene, wait_for_step(app, scene))
    index, actions = scene.guide.run.index, list(scene.session.actions)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.probe()["menu"])
    assert isinstance(app.top, MenuScene)
    return index, actions


def test_a_lesson_with_a_place_kept_can_be_started_again_instead():
    app = lesson_app()
    scene = open_lesson(app, "verflixxt")
    index, _ = _leave_at_step(app, scene, 5)
    assert lessons.read_progress()["verflixxt-1"]["step"] == index
    choice = learn(app, "learn:verflixxt", "verflixxt-1")
    assert isinstance(choice, LessonStartScene) and choice.place == index
    click(app, choice.probe()["restart_lesson"])
    again = app.top
    assert again.guide.lesson is not None and again.guide.run.index == 0
    assert again.session.actions == []
    assert "verflixxt-1" not in lessons.read_progress()  # the old place is forgotten
    step = wait_for_step(app, again)
    assert step.index == 0
    do_step(app, again, step)
    assert lessons.read_progress()["verflixxt-1"]["step"] == 1  # and the new one kept


def test_back_in_the_choice_leaves_the_place_and_the_screen_as_they_were():
    app = lesson_app()
    _leave_at_step(app, open_lesson(app, "verflixxt"), 4)
    saved = lessons.read_progress()["verflixxt-1"]
    assert isinstance(learn(app, "learn:verflixxt", "verflixxt-1"), LessonStartScene)
    key(app, pygame.K_ESCAPE)  # Esc is Back, as in every dialog
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    assert lessons.read_progress()["verflixxt-1"] == saved


def test_no_choice_when_the_place_kept_is_the_start_or_of_another_version_of_the_lesson():
    from game.lessons import save_progress

    app = lesson_app()
    lesson = load_lesson(lesson_path("verflixxt-1"))
    # left on its first step without acting (the window closed at once): nothing to resume
    save_progress("verflixxt-1", {"fingerprint": lesson.fingerprint(), "step": 0, "actions": []})
    scene = open_lesson(app, "verflixxt")
    assert scene.guide.run.index == 0
    app.pop_to_root()
    # a place in a lesson whose actions have changed since cannot be replayed
    save_progress("verflixxt-1", {"fingerprint": "0" * 16, "step": 5, "actions": []})
    scene = open_lesson(app, "verflixxt")
    assert scene.guide.run.index == 0 and scene.session.actions == []


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_learn_to_play_from_the_lobby_leaves_the_lobby_for_the_lesson(lesson_id):
    from game import registry
    from game.scenes.lobby.lobby import LobbyScene

    game = load_lesson(lesson_path(lesson_id)).game
    app = lesson_app()
    lobby = LobbyScene(app, registry.get(game))
    app.push(lobby)
    lobby.wait_for_scan()
    scene = learn(app, "learn", lesson_id)
    assert scene.guide.lesson is not None and scene.guide.lesson.id == lesson_id
    assert app.stack == [app.stack[0], scene] and isinstance(app.stack[0], MenuScene)
    step = wait_for_step(app, scene)
    assert step.index == 0


def test_learn_to_play_from_the_rules_help_saves_the_game_under_it_first():
    from game import registry, saves
    from game.scenes.lobby.lobby import LobbyScene

    app = lesson_app()
    lobby = LobbyScene(app, registry.get("verflixxt"))
    app.push(lobby)
    lobby.wait_for_scan()
    click(app, lobby.probe()["start"])
    game = app.top
    assert game.guide.lesson is None
    assert step_until(app, lambda: any(c.action is not None for c in game.controls), 3000, 1 / 30)
    app.draw()
    control = next(c for c in game.controls if c.action is not None)
    click(app, game.probe()[control.key])  # the person acts: a game under way
    assert game.session.actions
    key(app, pygame.K_F1)  # the rules help over the table
    scene = learn(app, "learn", "verflixxt-1")
    assert scene is not game and scene.guide.lesson is not None
    assert scene.guide.lesson.id == "verflixxt-1"
    assert [type(s).__name__ for s in app.stack] == ["MenuScene", "TableScene"]
    saved = [e for e in saves.list_saves() if not isinstance(e, saves.SaveError)]
    assert [(e.game, e.over) for e in saved] == [("verflixxt", False)]  # resumable


def test_learn_to_play_in_the_help_over_a_lesson_offers_to_go_on_or_start_again():
    app = lesson_app()
    scene = open_lesson(app, "verflixxt")
    for _ in range(3):
        do_step(app, scene, wait_for_step(app, scene))
    index = scene.guide.run.index
    key(app, pygame.K_F1)
    choice = learn(app, "learn", "verflixxt-1")
    assert isinstance(choice, LessonStartScene) and choice.place == index
    key(app, pygame.K_ESCAPE)  # Back: the help over the lesson, as it was
    assert app.top.__class__.__name__ == "HelpScene" and app.stack[1] is scene
    learn(app, "learn", "verflixxt-1")
    click(app, app.top.probe()["resume_lesson"])
    again = app.top
    assert again is not scene and again.guide.run.index == index
    assert len(app.stack) == 2


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_probe_file_says_the_lessons_place_and_where_to_click(lesson_id, tmp_path):
    """What tools/e2e_lessons.py reads (TABLETOP_DERBY_PROBE): the step reached and the
    step shown, and the point of Next or of the control that takes the step's action,
    for every table (Duck! Duck! Go!'s own probe adds its targets after the frame's)."""
    import json

    game = load_lesson(lesson_path(lesson_id)).game
    app = lesson_app()
    app.probe_path = str(tmp_path / "probe.json")
    scene = open_lesson(app, game, lesson_id)
    seen = set()
    for _ in range(len(scene.guide.lesson.steps)):
        step = wait_for_step(app, scene)
        app.step(1 / 30)
        probe = json.loads((tmp_path / "probe.json").read_text())
        place = probe["game"]["lesson"]
        assert place == {
            "id": lesson_id,
            "step": step.index,
            "steps": len(scene.guide.lesson.steps),
            "shown": step.index,
        }
        key_ = "lesson:next" if step.expect is None else "lesson:do"
        seen.add(key_)
        # an action of several clicks (Cluck-peep!) gives its clicks one after the other
        clicks = 1 if step.expect is None else len(clicks_for(scene, step.expect))
        for _ in range(clicks):
            click(app, probe["targets"][key_])
            app.step(1 / 30)
            probe = json.loads((tmp_path / "probe.json").read_text())
        assert scene.guide.run.index == step.index + 1, f"steps[{step.index}]: {key_}"
    assert seen == {"lesson:next", "lesson:do"}
