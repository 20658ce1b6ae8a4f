"""The Coach control at the table (issue #40): while a person at this screen decides, a
Coach button; pressed, the coach's screen says what the hard computer would play, why,
and the alternatives, in either language, every text whole; the seat is marked."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.coach import ASK_KEY, CoachScene
from game.ui import widgets
from tests.scene_helpers import (
    LANGS,
    click,
    deciding,
    make_app,
    push_game,
    run_until,
    text_problems,
)

GAMES = {"duck": 4, "verflixxt": 4, "cluck": 4, "routes": 4}
OPTIONS = {"verflixxt": {"variant": "hats"}}


def _ask(app, scene):
    """Wait for the person's decision, press Coach, wait for the coach's answer."""
    run_until(app, lambda: deciding(scene), 4000, 0.05)
    button = next(b for b in scene.buttons.buttons if b.key == ASK_KEY)
    click(app, button.rect.center)
    coach = app.top
    assert isinstance(coach, CoachScene)
    # the search runs on its own thread, in wall-clock time the app's steps do not
    # measure: wait for it to end (bounded) and the screen to take its answer
    coach.wait_for_answer()
    assert not coach.thinking()
    return coach


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_coach_button_opens_the_hard_computers_pick_and_marks_the_seat(game):
    """issue #40: at a person's decision the Coach button is offered; its screen names
    the hard computer's pick (a legal move), says why and lists alternatives; the
    seat is marked as coached; Close returns to the decision."""
    app = make_app((1280, 720), "en")
    try:
        scene = push_game(
            app, game, [0], GAMES[game], seed=3, options=OPTIONS.get(game, {}), level="easy"
        )
        coach = _ask(app, scene)
        assert coach.problem is None
        assert coach.advice.pick.action in scene.session.state.legal_actions(coach.seat)
        said = coach.lines()
        assert said[0].startswith("The hard computer would play")
        assert len(said) >= 2
        assert scene.session.coached == {coach.seat}
        click(app, coach.buttons.buttons[0].rect.center)
        assert app.top is scene and deciding(scene)
        assert any(b.key == ASK_KEY for b in scene.buttons.buttons)
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_coach_screen_and_button_are_whole_and_readable(size, lang):
    """issue #40: the Coach button and the coach's screen draw every text whole, inside
    its box and the window, nothing overlapping, in both languages."""
    app = make_app(size, lang)
    try:
        problems = []
        for game in ("duck", "cluck"):
            scene = push_game(app, game, [0], GAMES[game], seed=3, options={}, level="easy")
            run_until(app, lambda scene=scene: deciding(scene), 4000, 0.05)
            app.draw()
            button = next(b for b in scene.buttons.buttons if b.key == ASK_KEY)
            assert pygame.Rect((0, 0), size).contains(button.rect)
            coach = _ask(app, scene)
            with widgets.recording(app.screen) as sink:
                coach.draw(app.screen)
            problems += [f"{game}: {p}" for p in text_problems(sink.texts, size)]
            app.stack.clear()
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
