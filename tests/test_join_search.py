"""issue #38 (POLISH3 item 1): "Join a table" said "Looking for tables…" for ever when no
table answered. After a bounded search (join_panels.SEARCH_S) it says plainly that none
was found and how to join by code, while the browser goes on looking: a table that
appears later is listed."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.lobby.join import JoinScene
from game.scenes.lobby.join_panels import SEARCH_S
from tests.scene_helpers import FOUND_TABLES, ListedTables, make_app


@pytest.fixture(params=["en", "ja"])
def app(request):
    application = make_app(size=(1024, 600), lang=request.param)
    yield application
    for scene in list(application.stack):
        scene.exit()
    pygame.quit()


def shown(scene: JoinScene) -> str:
    return " ".join(text for text, *_ in scene.texts)


def test_no_table_found_is_said_after_the_search_and_a_late_table_is_listed(app):
    """issue #38: the list's note turns from "Looking…" to "none found, join by code"
    once SEARCH_S of frames have passed with nothing found; a table found later fills
    the list as before."""
    browser = ListedTables([])
    scene = JoinScene(app, lambda: browser)
    app.push(scene)
    scene.update(0.0)
    assert app.t("join.searching") in shown(scene)
    steps = int(SEARCH_S / 0.1) - 2  # frames of 0.1 s, short of the search's end
    for _ in range(steps):
        scene.update(0.1)
    assert app.t("join.searching") in shown(scene)
    for _ in range(4):
        scene.update(0.1)
    words = shown(scene)
    assert app.t("join.searching") not in words
    assert app.t("join_search.none_found")[:10] in words
    browser.found = [FOUND_TABLES[0]]  # the browser kept looking: a table appears
    scene.update(0.1)
    assert scene.found == [FOUND_TABLES[0]]
    assert "join:found:0" in scene.probe()
    assert app.t("join_search.none_found")[:10] not in shown(scene)


def test_the_note_says_how_to_join_by_code_in_both_languages():
    """issue #38: the note names the join code and the Look button in each language."""
    from game.ui.i18n import Translator

    for lang in ("en", "ja"):
        t = Translator(lang)
        note = t("join_search.none_found")
        assert t("join.look") in note or "Look" in note, lang
        assert ("join code" in note) if lang == "en" else ("参加コード" in note)
