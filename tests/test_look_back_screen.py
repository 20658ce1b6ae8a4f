"""The look back in the window (issue #40): from a History row, each person's costliest
decisions in the coach's words, the same as the command line's review; each moment's
Show opens the replay at that position with the deciding seat's hand shown and the
coach's say as the review computed it."""

from __future__ import annotations

import pygame
import pytest

from game.ai.coach_words import moment_text
from game.ai.review import review
from game.history import History
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.shell.look_back import LookBackScene
from game.scenes.table.coach import CoachScene
from game.scenes.table.replay import ReplayControls
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZES, make_app, text_problems
from tests.test_history import finished

pytestmark = pytest.mark.usefixtures("history_answers_at_once")


@pytest.fixture(scope="module")
def history_file(tmp_path_factory):
    """One Cluck-peep! game, Hana (a person) against two computers playing at random."""
    path = tmp_path_factory.mktemp("look") / "history.sqlite"
    opened = History.open(path)
    session = finished("cluck", 3, seed=41, names=["Hana", "Ren", "Mia"])
    opened.record(session, kinds=["person", "computer", "computer"], ended=1e9)
    opened.close()
    return path


@pytest.fixture
def history(history_file):
    opened = History.open(history_file)
    yield opened
    opened.close()


def _looked_back(app, history) -> LookBackScene:
    scene = HistoryScene(app, history)
    app.push(scene)
    scene.buttons.by_key("look:0").on_click()
    look = app.stack[-1]
    assert isinstance(look, LookBackScene)
    look.wait_for_answer()
    assert not look.working() and look.problem is None
    return look


def test_a_history_rows_look_back_lists_what_the_review_found(history):
    """issue #40: the History row's Look back lists the person's three costliest
    decisions, the same moments and words as the review of the record."""
    app = make_app((1280, 720))
    look = _looked_back(app, history)
    session = look.replay.session
    assert look.people == [0]  # the person only
    expected = review(
        session.game_id, session.players, session.seed, session.options, look.replay.actions, [0]
    )
    moments = look.moments()
    assert moments, "a random player's game has decisions that cost something"
    assert [(m.step, m.cost) for m in moments] == [(m.step, m.cost) for m in expected.moments[0]]
    assert look.said() == [moment_text(look.t, "cluck", m) for m in expected.moments[0]]
    assert all(look.buttons.by_key(f"show:{i}") for i in range(len(moments)))


def test_show_opens_the_replay_at_the_moment_with_the_coachs_view(history):
    """issue #40: a moment's Show opens the replay at that position (the actions before
    it played), the deciding seat's hidden things shown, and the coach's say computed
    there, led by the moment's own words."""
    app = make_app((1280, 720))
    look = _looked_back(app, history)
    moment = look.moments()[0]
    look.buttons.by_key("show:0").on_click()
    coach = app.stack[-1]
    assert isinstance(coach, CoachScene)
    controls = app.stack[-2]
    assert isinstance(controls, ReplayControls)
    assert controls.replay.position == moment.step
    assert controls.shown_seat == moment.seat
    assert coach.advice is moment.advice and not coach.thinking()
    said = coach.lines()
    assert said[0] == look.said()[0]
    assert moment.advice.pick.action in controls.replay.state.legal_actions(moment.seat)
    coach.close()
    assert app.stack[-1] is controls


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_look_back_is_whole_and_readable(history, size, lang):
    """issue #40: the look back's moments, their Show buttons and the History row's Look
    back fit at every size in both languages."""
    app = make_app(size, lang)
    try:
        look = _looked_back(app, history)
        problems = []
        for scene in (app.stack[-2], look):
            app.draw()
            with widgets.recording(app.screen) as sink:
                scene.draw(app.screen)
            assert sink.texts
            problems += [f"{type(scene).__name__}: {p}" for p in text_problems(sink.texts, size)]
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
