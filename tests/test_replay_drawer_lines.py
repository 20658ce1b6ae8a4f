"""issue #38 (Watch again's drawer): cut above the replay's controls, the open drawer kept
its seat panels as tall as at the table and left the log the rest, about three lines at
1280x720 and one with Larger text. Where the room under the seat panels holds fewer than
the log's least lines (frame_plan.LOG_LINES), the log lies beside the seat panels, as
tall as the drawer: at least that many lines at every size, language and text size, clear
of the seat panels, the strip and the controls; the seat panels are as at the table."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.frame_plan import LOG_LINES
from tests.scene_helpers import make_app
from tests.test_replay_board_fill import _played

SIZES = [(1024, 600), (1280, 720), (2560, 1440)]


def _open_drawer(size, game: str, players: int, options: tuple, lang: str, text_size: float):
    """The replay of a played game at its middle, its drawer opened by its key."""
    replay = _played(game, players, options)
    app = make_app(size, lang)
    app.settings.text_size = text_size
    app.router.open("menu")
    app.router.screen("replay")(app, replay)
    table, controls = app.stack[-2], app.stack[-1]
    controls.jump(replay.length // 2)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
    assert table.frame.seat_drawer.open
    app.draw()
    return app, table, controls


@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_issue_38_the_replays_drawer_gives_its_log_its_lines(size, lang, text_size):
    """issue #38: Verflixxt! with six seats (the audit's replay): the open drawer's log
    shows at least LOG_LINES whole lines (it showed 1-3), lies in the drawer's panel,
    above the controls, clear of every seat panel and of the strip."""
    _app, table, controls = _open_drawer(
        size, "verflixxt", 6, (("variant", "hats"), ("attack", True)), lang, text_size
    )
    try:
        plan = table.frame.plan
        drawer = plan.drawer
        assert drawer is not None
        _size, _line_h, _width, fit = table.frame.log.geometry(plan.log)
        assert fit >= LOG_LINES, (fit, plan.log)
        assert drawer.side.contains(plan.log)
        assert pygame.Rect((0, 0), size).contains(drawer.side)
        assert not drawer.side.colliderect(controls.panel)
        assert plan.log.collidelist([*drawer.seats, drawer.strip, drawer.toggle]) < 0
        assert all(drawer.side.contains(row) for row in drawer.seats)
        shown = [row for row, _picture in table.frame.overlays()]
        assert plan.log in shown  # the log is drawn where it is planned
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    ("game", "players"), [("cluck", 4), ("routes", 5), ("verflixxt", 2)], ids=str
)
def test_issue_38_a_drawer_with_room_under_its_seats_keeps_its_log_there(game, players):
    """issue #38: where the seat panels leave the log its lines under them (fewer seats),
    it stays under them, the width of the drawer's column; wherever it lies it shows at
    least LOG_LINES lines at 1280x720."""
    _app, table, _controls = _open_drawer((1280, 720), game, players, (), "en", 1.0)
    try:
        plan = table.frame.plan
        drawer = plan.drawer
        assert drawer is not None
        _size, _line_h, _width, fit = table.frame.log.geometry(plan.log)
        assert fit >= LOG_LINES, (fit, plan.log)
        if plan.log.y > drawer.seats[-1].bottom:  # under the seats: the column's width
            assert (plan.log.x, plan.log.w) == (drawer.seats[0].x, drawer.seats[0].w)
        else:  # beside them: as tall as the drawer
            assert (plan.log.y, plan.log.bottom) == (drawer.side.y, drawer.side.bottom)
    finally:
        pygame.quit()
