"""The fair record on the History and Statistics screens (issue #40): a game in which a
person asked the coach carries a small mark in its row, and both screens have a filter
(every game / fair games only) that leaves such games out."""

from __future__ import annotations

import pygame
import pytest

from game.history import History
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.shell.stats_screen import StatsScene
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZES, make_app, text_problems
from tests.test_history import finished

pytestmark = pytest.mark.usefixtures("history_answers_at_once")


@pytest.fixture
def history(tmp_path):
    """Four games of Hana's; she asked the coach in the second and the fourth."""
    opened = History.open(tmp_path / "history.sqlite")
    for i, game in enumerate(("cluck", "routes", "duck", "verflixxt")):
        session = finished(game, 3, seed=70 + i, names=["Hana", "Ren", "Mia"])
        if i % 2:
            session.coached.add(0)
        opened.record(session, kinds=["person", "computer", "computer"], ended=1e9 + i * 60)
    yield opened
    opened.close()


def test_history_marks_a_coached_game_and_its_filter_leaves_it_out(history):
    """issue #40: the History screen's row of a coached game says "coach asked"; the
    filter "fair games only" lists only the games nobody was coached in, and its count."""
    app = make_app((1280, 720))
    scene = HistoryScene(app, history)
    app.push(scene)
    assert [row.game for row in scene.rows] == ["verflixxt", "duck", "routes", "cluck"]
    assert scene.total == 4
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    marked = [t.text for t in sink.texts if scene.t("coach.asked") in t.text]
    assert len(marked) == 2  # the two coached rows, on their date line
    toggle = scene.buttons.by_key("fair")
    assert toggle.label == scene.t("coach.all_games") and not toggle.selected
    toggle.on_click()
    assert [row.game for row in scene.rows] == ["duck", "cluck"]
    assert scene.total == 2 and all(not row.coached for row in scene.rows)
    toggle = scene.buttons.by_key("fair")
    assert toggle.selected and toggle.label == scene.t("coach.fair_only")
    toggle.on_click()
    assert scene.total == 4


def test_statistics_count_the_coached_games_and_filter_them_out(history):
    """issue #40: Statistics say in how many games the person asked the coach; "fair
    games only" counts the rest and says how many it leaves out."""
    app = make_app((1280, 720))
    scene = StatsScene(app, history, "Hana", ["Hana"])
    app.push(scene)
    assert scene.stats is not None and scene.stats.played == 4
    assert scene.coach_words() == scene.t("coach.stats_asked", n=2)
    scene.buttons.by_key("fair").on_click()
    assert scene.stats is not None and scene.stats.played == 2
    assert scene.buttons.by_key("fair").selected
    assert scene.coach_words() == scene.t("coach.stats_fair", n=2)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_coachs_marks_and_filters_are_whole_and_readable(history, size, lang):
    """issue #40: the mark, the filters and the Statistics' line fit at every size in
    both languages, with the filter off and on."""
    from game.scenes.shell.menu import MenuScene

    app = make_app(size, lang)
    try:
        problems = []
        for fair in (False, True):
            for scene in (HistoryScene(app, history), StatsScene(app, history, "Hana", ["Hana"])):
                app.stack.clear()
                app.push(MenuScene(app))
                app.push(scene)
                if fair:
                    scene.buttons.by_key("fair").on_click()
                app.draw()
                with widgets.recording(app.screen) as sink:
                    scene.draw(app.screen)
                said = [t.text for t in sink.texts]
                if isinstance(scene, HistoryScene) and not fair:
                    assert any(scene.t("coach.asked") in s for s in said)
                if isinstance(scene, StatsScene):  # its line, wrapped, is drawn
                    words = scene.coach_words()
                    assert words and any(s and s in words for s in said)
                problems += [
                    f"{type(scene).__name__}: {p}" for p in text_problems(sink.texts, size)
                ]
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
