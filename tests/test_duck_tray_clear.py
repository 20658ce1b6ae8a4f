"""issue #38: Duck! Duck! Go!'s open hand tray never lies over the board. On the Spa and
the Canal's advanced game (and the Grand Canal's with two ducks each at Larger text) no
bottom corner was clear of hexes at 70% of the window, so the open tray covered a few
edge hexes and whatever stood on them while the person decided. The tray now takes a
corner at the top too, and where none is clear at 70% the board gives way (tray.py's
Decision); the layout audit's ``tray_over_board`` finds an open tray over a hex."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.duck.tray import hex_boxes
from game.settings import TEXT_SIZES
from tests.scene_helpers import make_app, push_game
from tools.audit_layout import extent_fill, find_tray_over_board

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
# every seat count, with the advanced game's two ducks each (the widest tray) at 2
SETUPS = [
    (2, "advanced"),
    (3, "beginner"),
    (4, "advanced"),
    (5, "beginner"),
    (6, "advanced"),
]


def _opened(size, text: float, players: int, variant: str, board: str):
    """A new game's table with its tray opened, as the person sees it deciding."""
    app = make_app(size)
    app.settings.text_size = text
    scene = push_game(app, "duck", (0,), players, 1, {"variant": variant, "board": board}, "easy")
    if not scene.game.tray.is_open():
        scene.game.tray.toggle()
    return scene


@pytest.mark.parametrize("board", ["spa", "canal", "grand-canal"])
def test_issue_38_the_open_tray_covers_no_hex_at_any_size_seat_count_or_text_size(board):
    """At every size and text size, with 2 to 6 seats, the open tray's room holds no hex
    nor the reach of a duck or arrow standing on one, and the audit finds nothing."""
    cases = [(size, text, 2, "advanced") for size in SIZES for text in TEXT_SIZES]
    cases += [((1280, 720), 1.0, players, variant) for players, variant in SETUPS[1:]]
    cases += [((1024, 600), TEXT_SIZES[-1], players, variant) for players, variant in SETUPS]
    for size, text, players, variant in cases:
        try:
            scene = _opened(size, text, players, variant, board)
            model, where = scene.game.model, (size, text, players, variant)
            assert scene.game.tray.is_open(), where
            assert model.tray_place.room.collidelist(hex_boxes(model.geo)) < 0, where
            assert find_tray_over_board(scene) == [], where
            assert model.board_rect.contains(model.tray_place.room), where
        finally:
            pygame.quit()


def test_issue_38_the_canals_advanced_tray_lies_in_its_empty_top_corner_at_full_size():
    """The Canal runs from the top left to the bottom right: with the advanced game's
    wide tray no bottom corner is clear at 70%, the top right one is (the board pushed
    to the bottom left); the board keeps >= 70% of the window, the folded tray's tab in
    that corner too."""
    for size in SIZES:
        try:
            scene = _opened(size, 1.0, 4, "advanced", "canal")
            model = scene.game.model
            place = model.tray_place
            assert place.kind == "top-right" and place.at_top, size
            assert place.room.top <= model.board_rect.top + scene.px(10), size
            assert extent_fill(scene.game.drawn_extent(), size) >= 0.70, size
            assert place.room.contains(model.tab_rect), size
            assert not model.piles_shut.colliderect(model.tab_rect), size
        finally:
            pygame.quit()


def test_issue_38_the_audit_finds_an_open_tray_over_a_cell_and_not_a_folded_one():
    """The audit's ``tray_over_board``: an open tray over a board's cell is one finding
    (how many cells, the first); a folded tray, one beside the cells or a table without
    a tray on its board, none."""

    class Table:
        room: pygame.Rect | None = pygame.Rect(10, 400, 300, 150)

        def open_tray(self):
            return self.room

        def board_cells(self):
            return [pygame.Rect(280, 380, 60, 70), pygame.Rect(400, 380, 60, 70)]

    class Scene:
        game = Table()

    scene = Scene()
    (found,) = find_tray_over_board(scene)
    assert found.kind == "tray_over_board" and "1 of the board's cells" in found.detail
    scene.game.room = pygame.Rect(10, 460, 260, 90)  # beside the cells
    assert find_tray_over_board(scene) == []
    scene.game.room = None  # folded
    assert find_tray_over_board(scene) == []
    assert find_tray_over_board(object()) == []  # no table
