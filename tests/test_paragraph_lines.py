"""POLISH3 item 5 (issue #38's look): the bundled font's line height equals its size, so
the lines of a wrapped paragraph drawn one line height apart almost touched (Look back,
the coach's panel, the Join screen's message, the waiting room). A paragraph's lines
step by fonts.line_step: a quarter of the size apart; single-line labels keep theirs."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.scenes.lobby.join import JoinScene
from game.ui import fonts, widgets
from tests.scene_helpers import ListedTables, make_app, push_game
from tests.test_coach_table import _ask

GAP = 1.2  # the least step between a paragraph's lines, times its size


def _steps(texts, size: int) -> list[int]:
    """The steps between texts of ``size`` drawn one under another at the same x."""
    rows = sorted((t.rect.x, t.rect.y) for t in texts if t.size == size)
    return [b[1] - a[1] for a, b in pairwise(rows) if a[0] == b[0] and b[1] > a[1]]


def test_a_paragraph_steps_a_quarter_of_its_size_apart():
    """issue #38: line_step is at least 1.2x the size, more than the font's own line."""
    pygame.init()
    for size in (14, 17, 18, 24, 34):
        assert fonts.line_step(size) >= GAP * size
        assert fonts.line_step(size) > fonts.font(size).get_linesize()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_coach_panels_lines_are_apart(lang):
    """issue #38: the coach's paragraph lines stand at least 1.2x their size apart."""
    app = make_app((1024, 600), lang)
    try:
        scene = push_game(app, "cluck", [0], 4, seed=3, options={}, level="easy")
        coach = _ask(app, scene)
        with widgets.recording(app.screen) as sink:
            coach.draw(app.screen)
        steps = _steps(sink.texts, coach.text_px(17))
        assert len(steps) >= 2 and min(steps) >= GAP * coach.text_px(17), steps
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_join_screens_two_line_message_is_apart(lang):
    """issue #38: the Join screen's message of two lines, its lines apart."""
    app = make_app((1024, 600), lang)
    try:
        scene = JoinScene(app, lambda: ListedTables([]))
        app.push(scene)
        scene._say(app.t("join.error_connect", address="192.168.100.200:47474") * 2)
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        size = scene.text_px(17)
        lines = [t for t in sink.texts if t.size == size and scene.message_box.contains(t.rect)]
        assert len(lines) == 2
        assert lines[1].rect.y - lines[0].rect.y >= GAP * size
        scene.exit()
    finally:
        pygame.quit()
