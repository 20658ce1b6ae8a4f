"""Designed screens (issue #38: Settings, Join, History and Statistics were bare forms):
one visual language with the title and the tables. Each opens under the same header
band (the title menu's sky, the wordmark where it fits, the title in white, the accent
stripe), with its panels as cards; at every size from 1024x600, in both languages and
at every text size, the title is whole in the band, nothing else is drawn in the band,
and no text is cut, overlapped or outside its box."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.lobby.join import JoinScene
from game.scenes.shell import chrome, title_art
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.shell.settings import SettingsScene
from game.scenes.shell.stats_screen import StatsScene
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZES, ListedTables, make_app, resize, text_problems
from tests.test_history_screens import LONG, history, history_file  # noqa: F401 (fixtures)

pytestmark = pytest.mark.usefixtures("history_answers_at_once")

TEXT_SIZES = (1.0, 1.2, 1.4)  # the settings' Normal, Large and Larger


def _screens(app, history):  # noqa: F811 (the fixture's value)
    return {
        "settings": (SettingsScene(app), "app.settings_title"),
        "join": (JoinScene(app, browser_factory=lambda: ListedTables([])), "join.title"),
        "history": (HistoryScene(app, history), "app.history"),
        "stats": (StatsScene(app, history, LONG, history.players()), "app.stats"),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_shell_screens_share_the_header_band_and_stay_whole(history, lang):  # noqa: F811
    app = make_app(SIZES[0], lang)
    problems = []
    try:
        for name, (scene, key) in _screens(app, history).items():
            app.stack.clear()
            app.push(scene)
            for text_size in TEXT_SIZES:
                app.settings.text_size = text_size
                for size in SIZES:
                    app.screen = pygame.display.set_mode(size)
                    resize(app, size)
                    with widgets.recording(app.screen) as sink:
                        scene.draw(app.screen)
                    where = f"{name} {text_size} {size}"
                    band = pygame.Rect(0, 0, size[0], chrome.header_h(scene))
                    titles = [t for t in sink.texts if t.text == app.t(key)]
                    assert len(titles) == 1, (where, [t.text for t in sink.texts][:6])
                    assert band.contains(titles[0].rect), where
                    # the band's sky is drawn (its top and foot colours)
                    top = app.screen.get_at((size[0] // 2, 1))[:3]
                    assert sum(abs(a - b) for a, b in zip(top, title_art.SKY_TOP)) < 12, where
                    others = [t for t in sink.texts if t is not titles[0]]
                    for t in others:
                        assert t.rect.top >= band.bottom, (where, t.text, t.rect)
                    for button in scene.buttons.buttons:
                        assert button.rect.top >= band.bottom, (where, button.key)
                    marks = [i for i in sink.icons if i.name == "wordmark"]
                    for mark in marks:
                        assert band.contains(mark.rect), where
                        assert not mark.rect.colliderect(titles[0].rect), where
                    if size[0] >= 1280 and text_size == 1.0:
                        assert marks, where  # room for the wordmark beside the title
                    problems += [f"{where}: {p}" for p in text_problems(sink.texts, size)]
            scene.exit()
    finally:
        pygame.quit()
    assert not problems, "\n".join(problems[:20])
