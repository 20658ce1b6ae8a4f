"""issue #38: the end screen's result panel covered the board's foot at Larger text
(and the busiest tables at every text size). It lies beside the board's drawn pieces at
every text size, window size and language: its words shrink toward Normal first, then
the seats' chips go (each score is on its seat panel); the layout audit finds a panel
over the board (``result_over_board``)."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.settings import Settings
from tools import audit_layout as audit

# each game's busiest table (the most seats, the variant that draws the most)
GAMES = {game: setups[0] for game, setups in audit.TABLES.items()}


@pytest.mark.parametrize("game", list(GAMES))
def test_issue_38_the_result_panel_never_covers_the_board(game):
    """issue #38: at 1024x600 and 1280x720, in English and Japanese, at Normal and
    Larger text, the result panel and its buttons lie clear of the board's drawn
    extent, the whole result inside the window, and the audit finds nothing over it."""
    players, options = GAMES[game]
    for size in ((1024, 600), (1280, 720)):
        for lang in ("en", "ja"):
            for text in (1.0, 1.4):
                settings = Settings()
                settings.text_size = text
                app = App(size=size, lang=lang, settings=settings, persist=False)
                try:
                    over = audit._table(game, players, options, "end", True)(app)
                    board = over.game.game.drawn_extent()
                    where = f"{game} {size} {lang} text {text}"
                    assert not over.panel.colliderect(board), where
                    assert pygame.Rect((0, 0), size).contains(over.panel), where
                    assert all(over.panel.contains(b.rect) for b in over.buttons.buttons), where
                    assert audit.find_result_over_board(over) == [], where
                finally:
                    pygame.quit()


def test_issue_38_the_breakdown_asked_for_may_lie_over_the_board():
    """issue #38: the whole breakdown, opened with D, is over the board (dimmed) by the
    person's asking: not a finding; closed again, the result is beside the board."""
    app = App(size=(1280, 720), settings=Settings(), persist=False)
    try:
        players, options = GAMES["cluck"]
        over = audit._table("cluck", players, options, "end", True)(app)
        over.toggle_details()
        assert over.details and audit.find_result_over_board(over) == []
        over.toggle_details()
        assert not over.details and audit.find_result_over_board(over) == []
    finally:
        pygame.quit()


def test_issue_38_a_long_boards_result_lies_in_its_empty_corner_not_over_hexes():
    """issue #38: the Grand Canal's hexes run corner to corner, so no strip lies beside
    their box and the result lay along the window's foot over the hexes (8 audit
    findings); it now takes the corner the folded hand tray leaves free, where no hex
    is, at both sizes, in both languages."""
    for size in ((1024, 600), (1280, 720)):
        for lang in ("en", "ja"):
            app = App(size=size, lang=lang, settings=Settings(), persist=False)
            try:
                options = {"variant": "advanced", "board": "grand-canal"}
                over = audit._table("duck", 4, options, "end", True)(app)
                table = over.game.game
                rooms = table.clear_rooms()
                where = f"grand canal {size} {lang}"
                assert rooms, where
                assert any(room.contains(over.panel) for room in rooms), where
                geo = table.model.geo
                for q, r in geo.coords:  # no hex's corner inside the panel
                    inside = [over.panel.collidepoint(p) for p in geo.corners(q, r)]
                    assert not any(inside), f"{where}: hex {(q, r)}"
                assert audit.find_result_over_board(over) == [], where
            finally:
                pygame.quit()


def test_issue_38_the_board_takes_the_table_spa_two_ducks_each_result_in_a_clear_corner():
    """issue #38: the board takes the table. The Spa's advanced game with two ducks each
    ends at 1024x600 in English with no strip beside the board and only clear corners
    (691x82, 380x142) that its six buttons in a row at their usual padding overflowed: the
    result lay along the window's foot over the board. Its buttons padded less, it lies in
    a clear corner at Normal and Larger text, no hex's corner under it, and its buttons
    still click (Look at the table, Score details)."""
    from tests.scene_helpers import click

    for text in (1.0, 1.4):
        settings = Settings()
        settings.text_size = text
        app = App(size=(1024, 600), lang="en", settings=settings, persist=False)
        try:
            options = {"variant": "advanced", "board": "spa"}
            over = audit._table("duck", 2, options, "end", True)(app)
            table = over.game.game
            where = f"spa 2p text {text}"
            assert audit.find_result_over_board(over) == [], where
            assert any(room.contains(over.panel) for room in table.clear_rooms()), where
            geo = table.model.geo
            for q, r in geo.coords:
                assert not any(over.panel.collidepoint(p) for p in geo.corners(q, r)), where
            keys = {b.key: b for b in over.buttons.buttons}
            assert {"look", "details", "menu"} <= set(keys), where
            assert all(over.panel.contains(b.rect) for b in keys.values()), where
            click(app, keys["details"].rect.center)
            assert over.details, where
            over.toggle_details()
            click(app, keys["look"].rect.center)
            assert over.showing_table, where
        finally:
            pygame.quit()
