"""issue #38: the layout audit had no replay screens (the replay scene opened on a
recorded game). Each game's replay is audited at its middle and its end, at the audit's
sizes and languages, with the table's checks (board fill, piece sizes, text cut and
overlap, tofu) on the table under the controls, what the controls paint over hidden by
them as a lesson's bubble hides what lies under it."""

from __future__ import annotations

import pygame
import pytest

import tools.audit_layout as audit
from game.app import App
from game.settings import Settings
from game.ui.widgets import IconDrawn, TextDrawn, TextSink


def test_each_games_replay_is_in_the_audits_set_at_its_middle_and_end():
    """Every game's replay, mid-way and at its end, is among the screens audited with
    the tables (so at every size, language and text size the run takes); and mid-way
    with the seats' drawer open (issue #38: its log cut above the controls)."""
    names = [name for _group, name, _build in audit.replay_screens(list(audit.TABLES))]
    for game in audit.TABLES:
        setup = audit.setup_name(*audit.TABLES[game][0])
        assert f"replay/{game}/{setup}/mid" in names
        assert f"replay/{game}/{setup}/end" in names
        assert f"replay/{game}/{setup}/drawer" in names  # the seats' drawer open
    assert len(names) == 3 * len(audit.TABLES)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_replay_is_audited_with_its_tables_checks_and_finds_nothing(lang, monkeypatch, tmp_path):
    """A replay screen is measured as its table is (its board's share and drawn extent,
    its texts and pieces, the controls' texts among them) and none of the checks finds
    anything at 1024x600."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    app = App(size=(1024, 600), lang=lang, settings=Settings(), persist=False)
    try:
        for _group, name, build in audit.replay_screens(list(audit.TABLES)):
            found, figures = audit.audit_screen(app, name, build)
            audit._leave(app)
            assert found == [], [f.line() for f in found]
            assert figures.extent_fill is not None and figures.extent_fill >= 0.70, name
            assert figures.board_share is not None and figures.smallest_text is not None
    finally:
        pygame.quit()


def test_what_a_replays_controls_paint_over_is_hidden_and_their_own_texts_are_added():
    """The table's texts and icons under the controls' panel or the header's corner are
    hidden by them (not an overlap, not a sprite gone unrecorded); the controls' own are
    checked as drawn."""
    table, over = TextSink(), TextSink()
    hidden_text = TextDrawn("Undo", pygame.Rect(900, 10, 40, 14), 14, None)
    shown_text = TextDrawn("Round 2", pygame.Rect(10, 10, 80, 18), 18, None)
    table.texts += [hidden_text, shown_text]
    piece = IconDrawn("card", pygame.Rect(50, 500, 30, 40), "icon")
    pawn = IconDrawn("pawn", pygame.Rect(300, 200, 32, 32), "piece")
    table.icons += [piece, pawn]
    close = TextDrawn("Close", pygame.Rect(931, 14, 50, 16), 16, None)
    over.texts.append(close)
    covers = [pygame.Rect(0, 480, 800, 120), pygame.Rect(788, 0, 236, 54)]
    hidden = audit._laid_over(table, over, covers)
    assert table.texts == [shown_text, close]
    assert table.icons == [pawn]
    assert hidden == {(30, 40)}


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1024, 600), "ja")])
def test_a_duck_replay_on_a_long_board_draws_nothing_of_the_tray_under_its_controls(
    size, lang, monkeypatch, tmp_path
):
    """Found by the replay audit (issue #38): on the Canal a replay's controls lie in a
    band of their own size where the tray would; at Larger text the table's words for
    the tray ("Only computer players at this table…") ran out of that band, above the
    controls and past the window's foot. The table draws nothing of the tray there."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    monkeypatch.setitem(audit.TABLES, "duck", [(2, {"variant": "advanced", "board": "canal"})])
    settings = Settings()
    settings.text_size = 1.4
    app = App(size=size, lang=lang, settings=settings, persist=False)
    try:
        found, figures = audit.audit_screen(app, "replay", audit._replay("duck", "mid"))
        assert found == [], [f.line() for f in found]
        assert figures.extent_fill is not None and figures.extent_fill >= 0.70
    finally:
        audit._leave(app)
        pygame.quit()
