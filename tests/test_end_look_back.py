"""issue #40 (the look back "at a game's end and from History"): the end screen's result
panel has a Look back button that opens the look back of the game just ended, from its
own record (the one History keeps, whether or not the History has written it yet), over
the end screen; keyboard reachable (Tab to it, Enter; or B); both languages. A game
joined over the network has only this seat's view: the button is greyed with its reason."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.shell.look_back import LookBackScene
from game.scenes.shell.menu import MenuScene
from game.scenes.table.end_screen import GameOverScene
from game.screenshot import fast_forward
from tests.scene_helpers import key, make_app, push_game, step_until


def _finish(lang: str = "en", size=(1280, 720)):
    """A two-seat Cluck-peep! of computers played to its end: (app, table, end screen)."""
    app = make_app(size, lang)
    app.push(MenuScene(app))
    scene = push_game(app, "cluck", (), 2, 5, {}, "easy")
    fast_forward(scene, 10**6)
    assert step_until(app, lambda: isinstance(app.top, GameOverScene), 2000, 1 / 20)
    return app, scene, app.top


@pytest.mark.parametrize(("lang", "label"), [("en", "Look back"), ("ja", "ふりかえり")])
def test_issue_40_the_end_panel_opens_the_look_back_of_the_game_just_ended(lang, label):
    """issue #40: the button says Look back in the person's language, lies in the
    result panel, and opens the look back of this game (its seed and every action),
    which weighs it; Esc comes back to the end screen."""
    app, scene, over = _finish(lang)
    try:
        button = over.buttons.by_key("lookback")
        assert button.label == label and button.enabled
        assert over.panel.contains(button.rect)
        button.on_click()
        look = app.top
        assert isinstance(look, LookBackScene)
        session = look.replay.session
        assert (session.game_id, session.seed) == ("cluck", scene.session.seed)
        assert look.replay.actions == list(scene.session.actions)  # the whole record
        look.wait_for_answer()
        assert look.looked is not None and look.problem is None
        key(app, pygame.K_ESCAPE)
        assert app.top is over
    finally:
        pygame.quit()


def test_issue_40_the_look_back_is_reached_with_the_keyboard():
    """issue #40: Tab moves the focus to Look back and Enter opens it; B opens it too;
    beside the whole breakdown (D) it is there as well."""
    app, _scene, over = _finish()
    try:
        for _ in range(len(over.buttons.buttons)):
            if over.buttons.focused_key() == "lookback":
                break
            key(app, pygame.K_TAB)
        assert over.buttons.focused_key() == "lookback"
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, LookBackScene)
        app.pop()
        key(app, pygame.K_b)
        assert isinstance(app.top, LookBackScene)
        app.pop()
        key(app, pygame.K_d)
        assert over.details and over.buttons.by_key("lookback").enabled
    finally:
        pygame.quit()


class _Joined:
    """A joined game's session as the end screen sees it: no whole record here."""

    def __init__(self, real) -> None:
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)


class _JoinedTable:
    """The table of a game joined over the network (its session is no Session)."""

    def __init__(self, scene) -> None:
        self._scene = scene
        self.session = _Joined(scene.session)

    def __getattr__(self, name):
        return getattr(self._scene, name)


def test_issue_40_a_joined_game_is_looked_back_at_from_the_history():
    """issue #40: a game joined over the network has only this seat's view: the button
    is greyed and says why (in both catalogs), and B opens nothing."""
    app, scene, _over = _finish()
    try:
        app.pop()
        joined = GameOverScene(app, _JoinedTable(scene), again=False)
        app.push(joined)
        button = joined.buttons.by_key("lookback")
        assert not button.enabled and "History" in button.why
        key(app, pygame.K_b)
        assert app.top is joined
        from game.ui.i18n import Translator

        assert "履歴" in Translator("ja")("end_finish.look_back_joined")
    finally:
        pygame.quit()
