"""issue #40, a hint within 300 ms: once a person has asked the coach in a game, each of
their later decisions is searched as it opens (``game.ai.coach.prefetch``), so Coach
finds the answer ready. The answer searched ahead is the hint itself (same search, same
seed, same view), never another position's."""

from __future__ import annotations

import pygame
import pytest

from game.ai import coach
from game.ai.coach import advise, forget_prefetched, prefetch
from game.scenes.table.coach import ASK_KEY, CoachScene
from tests.scene_helpers import click, deciding, make_app, motion, push_game, run_until
from tests.test_coach import CASES, IDS, frozen, positions  # noqa: F401 (fixture)

pytestmark = pytest.mark.usefixtures("quick_bots", "frozen")


@pytest.fixture(autouse=True)
def _nothing_ahead():
    forget_prefetched()
    yield
    for future in list(coach._PREFETCHED.values()):
        future.result(timeout=120)  # no search left running into the next test
    forget_prefetched()


def _searched_again(*args, **kwargs):
    raise AssertionError("the coach searched a position it had searched ahead")


@pytest.mark.parametrize("game_id,options", CASES, ids=IDS)
def test_a_hint_searched_ahead_is_the_hint(game_id, options, monkeypatch):
    """issue #40: the answer searched as the decision opened is exactly what asking then
    gives (its figures and words), and asking does not search again; asking with the
    seat's view (as the table's coach screen does) finds it too."""
    state, seat, step = positions(game_id, options, most=1)[0]
    cold = advise(game_id, state, seat, step)
    assert prefetch(game_id, state, seat, step)
    assert not prefetch(game_id, state, seat, step)  # started once
    for future in list(coach._PREFETCHED.values()):
        future.result(timeout=120)
    monkeypatch.setattr(coach, "_search", _searched_again)
    assert advise(game_id, state, seat, step).to_dict() == cold.to_dict()
    assert advise(game_id, state.view(seat), seat, step).to_dict() == cold.to_dict()


def test_another_position_is_never_answered_from_the_search_ahead(monkeypatch):
    """issue #40: a search ahead answers its own position only: the same seat and move
    number in another game (another deal), or the next position, are searched afresh."""
    (first, seat, step), (later, later_seat, later_step) = positions("cluck", {}, most=2)
    assert prefetch("cluck", first, seat, step)
    for future in list(coach._PREFETCHED.values()):
        future.result(timeout=120)
    searched = []
    real = coach._search

    def counting(*args, **kwargs):
        searched.append(args[1:])
        return real(*args, **kwargs)

    monkeypatch.setattr(coach, "_search", counting)
    other_deal = positions("cluck", {}, seed=8, most=1)[0][0]
    if seat in other_deal.to_act():
        advise("cluck", other_deal, seat, step)
        assert len(searched) == 1
    advise("cluck", later, later_seat, later_step)
    assert searched and searched[-1][1:3] == (later_seat, later_step)
    advise("cluck", first, seat, step)
    assert len(searched) == (2 if seat in other_deal.to_act() else 1)


def test_no_search_ahead_without_a_choice():
    """A seat that is not to act, or has one move only, has nothing searched."""
    state, _, step = positions("cluck", {}, most=1)[0]
    idle = next(s for s in range(state.players) if s not in state.to_act())
    assert not prefetch("cluck", state, idle, step)
    assert not coach._PREFETCHED


def test_the_table_searches_ahead_only_once_the_person_has_asked(monkeypatch):
    """issue #40 (docs/coach.md, "Searched ahead"): before a person asks the coach (or
    points at it) nothing is searched for them; once they have, their next decision is
    searched as it opens, and Coach then shows that answer."""
    app = make_app((1280, 720), "en")
    try:
        scene = push_game(app, "cluck", [0], 4, seed=3, options={}, level="easy")
        run_until(app, lambda: deciding(scene), 4000, 0.05)
        app.step(0.05)
        assert not coach._PREFETCHED  # not asked yet: nothing searched
        button = next(b for b in scene.buttons.buttons if b.key == ASK_KEY)
        click(app, button.rect.center)
        shown = app.top
        assert isinstance(shown, CoachScene)
        shown.wait_for_answer()
        first = len(scene.session.actions)
        click(app, shown.buttons.buttons[0].rect.center)  # Close
        app.step(0.05)
        assert not coach._PREFETCHED  # the decision asked about is not searched twice
        seat = scene.sharing.deciding()
        state = scene.session.state
        scene.act(seat, shown.advice.pick.action)
        run_until(app, lambda: deciding(scene) and len(scene.session.actions) > first, 4000, 0.05)
        app.step(0.05)
        seat = scene.sharing.deciding()
        state = scene.session.state
        step = len(scene.session.actions)
        if len(state.legal_actions(seat)) < 2:
            pytest.skip("the next decision has one move only")
        key = coach._position("cluck", state.view(seat), seat, step)
        assert key in coach._PREFETCHED
        ahead = coach._PREFETCHED[key].result(timeout=120)
        monkeypatch.setattr(coach, "_search", _searched_again)  # Coach finds it ready
        button = next(b for b in scene.buttons.buttons if b.key == ASK_KEY)
        click(app, button.rect.center)
        shown = app.top
        assert isinstance(shown, CoachScene)
        shown.wait_for_answer()
        assert shown.advice.to_dict() == ahead.to_dict()
    finally:
        pygame.quit()


def test_the_pointer_on_the_coach_button_starts_the_search(monkeypatch):
    """issue #40 (docs/coach.md, "Searched ahead"): a person's first hint gets a head
    start: with the pointer on the Coach button the search of their decision begins, and
    the press shows that answer without searching again."""
    app = make_app((1280, 720), "en")
    try:
        scene = push_game(app, "cluck", [0], 4, seed=3, options={}, level="easy")
        run_until(app, lambda: deciding(scene), 4000, 0.05)
        app.step(0.05)
        assert not coach._PREFETCHED
        button = next(b for b in scene.buttons.buttons if b.key == ASK_KEY)
        motion(app, button.rect.center)
        app.step(0.05)
        seat = scene.sharing.deciding()
        state = scene.session.state
        key = coach._position("cluck", state.view(seat), seat, len(scene.session.actions))
        assert list(coach._PREFETCHED) == [key]
        ahead = coach._PREFETCHED[key].result(timeout=120)
        monkeypatch.setattr(coach, "_search", _searched_again)
        click(app, button.rect.center)
        shown = app.top
        assert isinstance(shown, CoachScene)
        shown.wait_for_answer()
        assert shown.advice.to_dict() == ahead.to_dict()
    finally:
        pygame.quit()
