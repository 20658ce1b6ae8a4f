"""The table frame every game shares (issue #16, game/scenes/table/frame.py): the header says
whose turn it is in that seat's colour, the seat panels stand on the right in seat order,
the log scrolls with the mouse wheel and says what it is for while empty, and the
"thinking" cue is in the panel of the seat that thinks."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table import playing
from game.scenes.table.frame import LogDivider, plan_table
from game.ui import widgets
from tests.scene_helpers import make_app, motion, open_drawer, push_game, step_until
from tests.test_tables_at_every_size import VARIANTS

GAMES = sorted(VARIANTS)


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_plan_cuts_the_window_without_overlaps(size, players):
    scale = size[1] / 720

    def px(v):
        return round(v * scale)

    plan = plan_table(size, px, players, bar_h=120, extra_h=100)
    window = pygame.Rect((0, 0), size)
    parts = [plan.header, plan.board, plan.bar, plan.log, plan.extra, *plan.seats]
    for part in parts:
        assert part is not None and window.contains(part) and part.w > 0 and part.h > 0
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    # seats in seat order down the right-hand column, the log under them
    assert [r.y for r in plan.seats] == sorted(r.y for r in plan.seats)
    assert all(r.x == plan.side.x for r in plan.seats) and plan.log.top > plan.seats[-1].bottom
    assert plan.board.right < plan.side.x and plan.bar.top > plan.board.bottom


@pytest.mark.parametrize("game", GAMES)
def test_the_log_scrolls_with_the_wheel_and_opens_on_its_first_round(game):
    """Issue #27: no placeholder sentence in an empty log; a new game's log opens with
    its first round's divider."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, game, (0,), 4 if game != "routes" else 3, 3, {}, "easy")
        assert isinstance(scene.log[0], LogDivider)
        assert scene.log[0] == scene.t("app.frame_round", n=scene.state.round_number)
        scene.log.clear()
        scene.layout(app.screen.get_size())
        open_drawer(app, scene)  # issue #38: a drawer's log shows once it is open
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        texts = [t.text for t in sink.texts if scene.plan.log.contains(t.rect)]
        assert not texts  # no placeholder
        for i in range(80):
            scene.log_line(f"line {i} of a long evening at the table")
        motion(app, scene.plan.log.center)
        pygame.mouse.set_pos(scene.plan.log.center)
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
        assert scene.log.scroll == 6  # three lines a notch, towards older entries
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False))
        assert scene.log.scroll == 0  # never past the newest
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=500, flipped=False))
        lines = scene.log.wrapped(scene.plan.log)
        fit = scene.log.geometry(scene.plan.log)[3]
        assert scene.log.scroll == len(lines) - fit  # the oldest line shows at the top
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", GAMES)
def test_the_thinking_cue_is_in_the_thinking_seats_panel(game, monkeypatch):
    monkeypatch.setattr(playing, "BOT_DELAY", 5.0)  # long enough to be seen thinking
    app = make_app((1280, 720))
    try:
        scene = push_game(app, game, (), 3, 3, {}, "easy")
        assert step_until(app, lambda: scene.frame.thinking_seat() is not None, 400, 1 / 30)
        seat = scene.frame.thinking_seat()
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        cue = [t for t in sink.texts if t.text.startswith(app.t("app.frame_thinking"))]
        if scene.plan.drawer is not None:
            # issue #38: a seat's tile says it with moving dots, no words; open, the
            # drawer's panel says it in words
            assert not cue
            open_drawer(app, scene)
            with widgets.recording(app.screen) as sink:
                scene.draw(app.screen)
            panel = scene.plan.drawer.seats[seat]
            said = [t for t in sink.texts if t.text.startswith(app.t("app.frame_thinking"))]
            assert not said or panel.contains(said[0].rect)
            return
        assert len(cue) == 1 and scene.plan.seats[seat].contains(cue[0].rect)
    finally:
        pygame.quit()


@pytest.mark.parametrize("game", GAMES)
def test_a_reader_scrolled_back_keeps_their_place_as_long_entries_arrive(game):
    app = make_app((1024, 600))
    try:
        scene = push_game(app, game, (0,), 4 if game != "routes" else 3, 3, {}, "easy")
        for i in range(60):
            scene.log_line(f"line {i} of a long evening at the table")
        scene.log.scroll_by(10, scene.plan.log)
        rect = scene.plan.log
        fit = scene.log.geometry(rect)[3]

        def shown() -> list[str]:
            lines = scene.log.wrapped(rect)
            end = len(lines) - scene.log.scroll
            return lines[max(0, end - fit) : end]

        before, count = shown(), len(scene.log.wrapped(rect))
        scene.log_line("a much longer entry that wraps onto more than one line of the log " * 3)
        assert len(scene.log.wrapped(rect)) >= count + 2  # it did wrap
        assert shown() == before
    finally:
        pygame.quit()
