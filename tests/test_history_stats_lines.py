"""issue #38 (the look: a paragraph's lines, POLISH3's fonts.line_step): the History and
Statistics screens stacked their rows' lines one line height apart, and the bundled
font's line height is its size, so at Larger text a row's two lines touched: a game's
name over its date, its rounds over "coach asked", the coach's words under the title, a
tile's value over its label, the wins per game one under another. They stand a
paragraph's step apart (about 1.25x the size, at least 1.2x) at every size, language and
text size; a row grows, or its words shrink to the floor, to keep it."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.history import History
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.shell.stats_screen import StatsScene
from game.ui import widgets
from tests.scene_helpers import make_app, text_problems
from tests.test_history import finished

pytestmark = pytest.mark.usefixtures("history_answers_at_once")

GAP = 1.2  # the least step between two lines of a row, times the upper line's size
CASES = [
    pytest.param(size, lang, text, id=f"{size[0]}x{size[1]}-{lang}-{text}")
    for size in [(1024, 600), (1280, 720), (2560, 1440)]
    for lang in ("en", "ja")
    for text in (1.0, 1.4)
]


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


def _drawn(scene, size, lang: str, text_size: float):
    app = scene.app
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    assert text_problems(sink.texts, size) == []
    return sink.texts


def _apart(upper, lower) -> bool:
    """``lower`` stands at least a paragraph's step under ``upper`` (top to top)."""
    return lower.rect.y - upper.rect.y >= GAP * upper.size


@pytest.mark.parametrize(("size", "lang", "text_size"), CASES)
def test_issue_38_historys_row_lines_stand_a_paragraph_step_apart(history, size, lang, text_size):
    """issue #38: in each row the game's name over its date, and its rounds over the
    coach's mark, a paragraph's step apart (before: at Larger text one size apart)."""
    app = make_app(size, lang)
    try:
        app.settings.text_size = text_size
        scene = HistoryScene(app, history)
        app.push(scene)
        texts = _drawn(scene, size, lang, text_size)
        asked = scene.t("coach.asked")
        checked = marks = 0
        for rect in scene.row_rects:
            inside = [t for t in texts if rect.contains(t.rect)]
            left = min(t.rect.x for t in inside)
            column = sorted((t for t in inside if t.rect.x == left), key=lambda t: t.rect.y)
            assert len(column) == 2, [t.text for t in column]  # the name, the date
            assert _apart(*column), [(t.text, t.rect, t.size) for t in column]
            checked += 1
            mark = [t for t in inside if t.text == asked]
            if mark:
                rounds = next(
                    t for t in inside if t.rect.right == mark[0].rect.right and t is not mark[0]
                )
                assert _apart(rounds, mark[0]), (rounds.rect, mark[0].rect, rounds.size)
                marks += 1
        assert checked == 4 and marks == 2
    finally:
        pygame.quit()


@pytest.mark.parametrize(("size", "lang", "text_size"), CASES)
def test_issue_38_statistics_lines_stand_a_paragraph_step_apart(history, size, lang, text_size):
    """issue #38: the coach's words under the title, each tile's value over its label and
    the wins per game one under another, a paragraph's step apart (before: at Larger
    text about one size apart)."""
    app = make_app(size, lang)
    try:
        app.settings.text_size = text_size
        scene = StatsScene(app, history, "Hana", ["Hana"])
        app.push(scene)
        texts = _drawn(scene, size, lang, text_size)
        coach = sorted(
            (t for t in texts if scene.coach_box.contains(t.rect)), key=lambda t: t.rect.y
        )
        assert coach
        assert all(_apart(a, b) for a, b in pairwise(coach))
        for tile in scene.tiles:
            value, label = sorted(
                (t for t in texts if tile.contains(t.rect)), key=lambda t: t.rect.y
            )
            # the label's top a paragraph's gap (a quarter of its size, at least 0.2x)
            # under the value's line
            assert label.rect.y - (value.rect.y + value.size) >= 0.2 * label.size, tile
        box = scene.bars_box
        heading = min(t.rect.y for t in texts if box.contains(t.rect))
        left = box.x + scene.px(12)
        rows = sorted(
            (t for t in texts if box.contains(t.rect) and t.rect.x == left and t.rect.y > heading),
            key=lambda t: t.rect.y,
        )
        assert len(rows) == 4
        assert all(_apart(a, b) for a, b in pairwise(rows)), [(t.rect.y, t.size) for t in rows]
    finally:
        pygame.quit()


def test_issue_38_screenshot_draws_the_statistics_screen(tmp_path):
    """issue #38 (the pictures of these screens): ``screenshot stats`` opened Statistics
    through History's opener, which moved to its filter bar (issue #40), and ended in an
    internal error; it draws the data folder's Statistics."""
    from game.cli import main
    from game.history import history_path

    opened = History.open(history_path())
    session = finished("cluck", 3, seed=70, names=["Hana", "Ren", "Mia"])
    opened.record(session, kinds=["person", "computer", "computer"], ended=1e9)
    opened.close()
    out = tmp_path / "stats.png"
    assert main(["screenshot", "stats", "--out", str(out), "--size", "1024x600"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 600)
