"""Driving a lesson on the real table under the dummy video driver, written once for the
lesson tests: the menu, "Learn to play" (through the chooser of a game with several
lessons), waiting for a step to show, taking it by the points an end-to-end driver is
given (tools/e2e_lessons.py), and the check that a step's element is on screen."""

from __future__ import annotations

from game.lessons import lesson_ids
from game.scenes.shell.lesson_choice import LessonChoiceScene
from game.scenes.shell.menu import MenuScene
from tests.scene_helpers import click, make_app, step_until


def lesson_app(lang="en", size=(1280, 720)):
    app = make_app(size=size, lang=lang)
    app.settings.animation_speed = 50.0
    app.push(MenuScene(app))
    app.step(1 / 60)
    return app


def open_lesson(app, game: str, lesson_id: str | None = None):
    """The menu's "Learn to play" of ``game``, then (when it has several lessons) the
    chooser's button of ``lesson_id`` (its first lesson unless named)."""
    click(app, app.top.probe()[f"learn:{game}"])
    # the chooser comes exactly when the game has more than one lesson
    assert isinstance(app.top, LessonChoiceScene) == (len(lesson_ids(game)) > 1)
    if isinstance(app.top, LessonChoiceScene):
        click(app, app.top.probe()[f"lesson:{lesson_id or lesson_ids(game)[0]}"])
    scene = app.top
    assert scene.guide.lesson is not None
    assert lesson_id is None or scene.guide.lesson.id == lesson_id
    return scene


def learn(app, key_: str, lesson_id: str):
    """A click on a "Learn to play" (``key_`` on the screen on top), then on the lesson's
    button in the chooser when its game has several; what is on top then."""
    click(app, app.top.probe()[key_])
    if isinstance(app.top, LessonChoiceScene):
        click(app, app.top.probe()[f"lesson:{lesson_id}"])
    return app.top


def wait_for_step(app, scene):
    assert step_until(
        app, lambda: app.top is scene and scene.guide.shown_step() is not None, 3000, 1 / 30
    ), f"step {scene.guide.run.index} never showed"
    app.draw()
    return scene.guide.shown_step()


def target_for(scene, expect: str) -> str:
    """The probe key of the control that takes the expected action."""
    for choice in scene.controls:
        if choice.action is not None and str(choice.action) == expect:
            return choice.key
    raise AssertionError(f"no control takes {expect!r}: {[c.key for c in scene.controls]}")


def clicks_for(scene, expect: str) -> list[str]:
    """The probe keys to click for the expected action: a scene whose action takes more
    than one click (Cluck-peep!: tile, Turn over, Place) says which (its game's
    ``lesson_clicks``)."""
    keys = scene.game.lesson_clicks(expect)
    return keys if keys is not None else [target_for(scene, expect)]


def do_step(app, scene, step) -> None:
    """Take the step by the point the probe file gives an end-to-end driver
    (tools/e2e_lessons.py): ``lesson:next`` or ``lesson:do``, the latter the point of
    the control that takes the step's action."""
    probe = scene.probe()
    probe.update(scene.guide.probe(probe))  # as App.write_probe adds them
    if step.expect is None:
        assert "lesson:do" not in probe
        click(app, probe["lesson:next"])
    else:
        assert "lesson:next" not in probe
        for target in clicks_for(scene, step.expect):
            probe = scene.probe()
            probe.update(scene.guide.probe(probe))
            assert probe["lesson:do"] == probe[target]  # the next of the action's clicks
            click(app, probe["lesson:do"])


def assert_pointed_on_screen(app, scene, step) -> None:
    rect = scene.guide.place(step.point)
    assert rect is not None, f"steps[{step.index}]: {step.point} is not on screen"
    screen = app.screen.get_rect()
    assert rect.w > 0 and rect.h > 0
    assert screen.contains(rect), f"steps[{step.index}]: {step.point} at {rect}"
    box = scene.guide.callout
    assert box is not None and screen.contains(box)
