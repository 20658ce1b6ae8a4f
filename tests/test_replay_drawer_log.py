"""POLISH3 item 4 (issue #38's drawer in Watch again): the open drawer's log ran down
under the replay's controls, drawn over it after the table, so its newest lines were
hidden. In a replay the drawer and its log end above the controls' panel; the log still
shows lines; the table's own drawer (no replay) is as before."""

from __future__ import annotations

import pygame
import pytest

from tests.test_replay_board_fill import _played, _watch


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)], ids=str)
@pytest.mark.parametrize("game", ["cluck", "verflixxt", "routes", "duck"])
def test_the_open_drawers_log_ends_above_the_replays_controls(game, size):
    """issue #38: the log's box and the drawer's panel clear of the controls' panel,
    the log at least two lines high, and its newest line drawn above the controls."""
    players = 4 if game == "duck" else 3
    app, table, controls = _watch(size, _played(game, players, ()))
    try:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
        assert table.frame.seat_drawer.open
        app.draw()
        plan = table.frame.plan
        assert plan.drawer is not None
        assert not plan.log.colliderect(controls.panel), (plan.log, controls.panel)
        assert not plan.drawer.side.colliderect(controls.panel)
        _size, _line_h, _width, fit = table.frame.log.geometry(plan.log)
        assert fit >= 2, plan.log
    finally:
        pygame.quit()
