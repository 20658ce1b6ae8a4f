"""Playtest: the Resume screen wears the header band every other shell screen has (issue
#38's shell look): it alone kept a bare title in the old place, the band missing."""

from __future__ import annotations

import pytest

from game import registry, saves
from game.scenes.shell import chrome
from game.scenes.shell.resume import ResumeScene
from game.session import Seat, Session
from game.ui import widgets
from tests.scene_helpers import make_app, text_problems


def _a_saved_game() -> None:
    """An unfinished game's autosave, let go (as a window that left it)."""
    characters = registry.get("cluck").characters
    session = Session("cluck", [Seat(f"P{i}", characters[i].key) for i in range(2)], 5, {})
    saves.autosave(session)
    saves.let_go(session.save_id)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)], ids=str)
@pytest.mark.parametrize("saved", [False, True], ids=["none", "one"])
def test_playtest_resume_draws_the_header_band_and_its_rows_under_it(size, saved):
    """playtest (issue #38's shell): the title lies in the header band as on History and
    Settings, and every row (or the "no saved games" words) starts under the band."""
    if saved:
        _a_saved_game()
    app = make_app(size, "en")
    scene = ResumeScene(app)
    scene.layout(size)
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    band = app.screen.get_rect().copy()
    band.h = chrome.header_h(scene)
    titles = [t for t in sink.texts if t.text == app.t("app.resume")]
    assert titles and all(band.contains(t.rect) for t in titles), titles
    others = [t for t in sink.texts if t.text != app.t("app.resume")]
    assert others
    assert all(t.rect.top >= chrome.content_top(scene) for t in others), others
    assert not text_problems(sink.texts, size)
