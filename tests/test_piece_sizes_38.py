"""Issue #38, "pieces that read from the sofa": every piece on a board is >= 32 px and its
seat's mark >= 16 px at 1280x720, both scaled with the window, stacks and crowds included,
and none crosses its board's edge. Each case is a table where the audit found one before
(tools/audit_layout.py's ``find_pieces``/``find_clipped``): Verflixxt!'s crowd at the
finish (pawns 42 px, marks 16-23 px at 1920x1080), Eight Routes' markers' marks (20 px at
1920x1080) and a lid square of five dice (24 px at 1024x600), Cluck-peep!'s chicks on a
long ladder's short rows (16 px at 1024x600, 28 px at 1920x1080) and its hens' marks
(17 px at 1920x1080)."""

from __future__ import annotations

import pygame
import pytest

from tools import audit_layout as audit

CASES = [
    ("verflixxt", 6, {"variant": "hats", "attack": True}, "end", (1920, 1080)),
    ("routes", 5, {}, "end", (1920, 1080)),
    ("routes", 5, {}, "start", (1024, 600)),
    ("cluck", 4, {"long_road": True, "runaway": True}, "end", (1024, 600)),
    ("cluck", 4, {"long_road": True, "runaway": True}, "end", (1920, 1080)),
]


@pytest.mark.parametrize(("game", "players", "options", "moment", "size"), CASES)
def test_issue_38_pieces_and_their_marks_are_big_enough_and_inside_the_board(
    game, players, options, moment, size
):
    from game.app import App

    app = App(size=size, lang="en", persist=False)
    try:
        scene = audit._table(game, players, options, moment, end=False)(app)
        found, _figures = audit._audit_top(app, "case", scene, [], [], None)
        kinds = {"small_piece", "small_mark", "clipped_piece"}
        assert [f.line() for f in found if f.kind in kinds] == []
        pieces, marks = audit._pieces_and_marks(_icons(app, scene))
        assert pieces and (marks or game == "routes" and moment == "start")
    finally:
        app.stack.clear()
        pygame.quit()


def _icons(app, scene) -> list:
    from game.ui import widgets

    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    return sink.icons
