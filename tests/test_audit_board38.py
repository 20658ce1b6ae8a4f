"""Issue #38's checks in tools/audit_layout.py, each shown to catch a planted defect and
to pass its clean twin: the board's drawn extent under 70% of the window (at its shape),
a piece under 32 px or its mark under 16 px (at 1280x720, scaled with the window, stacks
included), a piece clipped by its panel's edge, a text over a button; and on a real
table, a planted small piece and a planted clipped stack are found where they are drawn."""

from __future__ import annotations

import pygame
import pytest

from game.ui import widgets
from game.ui.widgets import IconDrawn, TextDrawn
from tools import audit_layout as audit

HD = (1280, 720)


def piece(name: str, x: int, y: int, w: int, h: int) -> IconDrawn:
    return IconDrawn(name, pygame.Rect(x, y, w, h), "piece")


def mark(seat: int, x: int, y: int, size: int) -> IconDrawn:
    return IconDrawn(f"mark:{seat}", pygame.Rect(x, y, size, size), "icon")


def test_issue_38_a_board_whose_drawn_extent_fills_under_70_percent_is_found():
    # Verflixxt!'s road before issue #38 at 1280x720: 947x531 (74% of the width)
    found = audit.find_extent(pygame.Rect(18, 71, 947, 531), HD)
    assert [f.kind for f in found] == ["board_extent"] and "55%" in found[0].detail
    # the same road across the board that took the side column: 1141 px wide
    assert audit.find_extent(pygame.Rect(18, 71, 1141, 531), HD) == []
    # a square board filling 88% of the height passes at its shape (43% by area)
    assert audit.find_extent(pygame.Rect(302, 66, 628, 635), HD) == []
    assert audit.extent_fill(pygame.Rect(0, 0, 0, 10), HD) == 0.0


def test_issue_38_a_piece_under_32_px_or_its_mark_under_16_px_is_found_scaled():
    pawn_22 = piece("pawn", 100, 100, 14, 22)  # Verflixxt!'s pawn before issue #38
    mark_15 = mark(0, 102, 110, 15)  # a stack of four's mark
    pawn_36 = piece("pawn", 200, 100, 24, 36)
    mark_18 = mark(1, 205, 118, 18)
    loose = mark(2, 600, 600, 10)  # a seat's mark in a panel, on no piece: not a piece's
    hat = IconDrawn("hat:red", pygame.Rect(300, 90, 12, 12), "piece")  # a pawn's hat
    icons = [pawn_22, mark_15, pawn_36, mark_18, loose, hat]
    found = audit.find_pieces(icons, HD)
    assert sorted((f.kind, f.size) for f in found) == [("small_mark", 15), ("small_piece", 22)]
    # at 1024x600 the floors scale to 27 and 13 px: a 28 px piece and a 14 px mark pass
    small = [piece("pawn", 0, 0, 18, 28), mark(0, 2, 10, 14)]
    assert audit.find_pieces(small, (1024, 600)) == []
    assert [f.kind for f in audit.find_pieces(small, HD)] == ["small_piece", "small_mark"]


def test_issue_38_a_piece_or_its_mark_crossing_its_panels_edge_is_found():
    board = pygame.Rect(10, 56, 800, 500)
    top_row = piece("pawn", 100, 40, 24, 36)  # a stack on the top row, over the edge
    its_mark = mark(0, 104, 44, 16)
    inside = piece("pawn", 300, 200, 24, 36)
    touching = piece("pawn", 400, 55, 24, 36)  # its outline's pixel on the edge
    found = audit.find_clipped([top_row, its_mark, inside, touching], board)
    assert sorted(f.text for f in found) == ["mark:0", "pawn"]
    assert all(f.kind == "clipped_piece" for f in found)


def test_issue_38_a_text_over_a_button_is_found_but_not_the_buttons_own_label():
    button = pygame.Rect(100, 100, 120, 40)
    own = TextDrawn("Roll", pygame.Rect(130, 110, 40, 20), 16, button)
    face = pygame.Rect(104, 104, 112, 30)  # a box inside the button: its own subtitle
    subtitle = TextDrawn("(R)", pygame.Rect(140, 112, 20, 18), 14, face)
    over = TextDrawn("+5", pygame.Rect(150, 108, 24, 20), 16, pygame.Rect(0, 0, 400, 400))
    beside = TextDrawn("-3", pygame.Rect(240, 108, 24, 20), 16, None)
    drawn_by_a_callout = TextDrawn("Roll", pygame.Rect(130, 110, 40, 20), 16, None)
    texts = [own, subtitle, over, beside, drawn_by_a_callout]
    found = audit.find_text_over_buttons(texts, [(button, "Roll")])
    assert [(f.kind, f.text) for f in found] == [("text_over_button", "+5")]


@pytest.fixture
def table():
    """A Verflixxt! table at 1280x720 in the middle of a game, as the audit draws it."""
    from game.app import App

    app = App(size=HD, lang="en", persist=False)
    try:
        build = audit._table("verflixxt", 4, {}, "mid", end=False)
        yield app, build(app)
    finally:
        app.stack.clear()
        pygame.quit()


def test_issue_38_the_audit_finds_a_planted_small_piece_and_clipped_stack_on_a_table(table):
    app, scene = table
    found, figures = audit._audit_top(app, "clean", scene, [], [], None)
    kinds = {"board_extent", "small_piece", "small_mark", "clipped_piece", "text_over_button"}
    assert not [f for f in found if f.kind in kinds]
    assert figures.extent_fill is not None and figures.extent_fill >= audit.MIN_EXTENT_FILL
    paint = scene.game.drawing.paint_moving
    board = scene.plan.board

    def planted(surface: pygame.Surface) -> None:
        paint(surface)
        image = pygame.Surface((12, 20))
        widgets.draw_icon(surface, image, (board.centerx, board.centery), "pawn", "piece")
        high = pygame.Surface((30, 44))  # a stack's pawn over the board's top edge
        widgets.draw_icon(surface, high, (board.x + 200, board.y - 20), "pawn", "piece")

    scene.game.drawing.paint_moving = planted
    found, _figures = audit._audit_top(app, "planted", scene, [], [], None)
    assert sorted(f.kind for f in found if f.kind in kinds) == ["clipped_piece", "small_piece"]


@pytest.fixture
def routes_larger():
    """Eight Routes mid-game at 1280x720 with Larger text (issue #38's broken case)."""
    from tests.scene_helpers import make_app

    app = make_app(HD)
    app.settings.text_size = 1.4
    try:
        build = audit._table("routes", 5, {}, "mid", end=False)
        yield app, build(app)
    finally:
        app.stack.clear()
        pygame.quit()


def test_issue_38_a_dropped_rule_text_and_a_header_smaller_than_its_label_are_found(
    routes_larger,
):
    """issue #38: the audit finds a route's rule text the board left out (at Larger text
    Eight Routes dropped them all) and a header whose main line is smaller than the label
    beside it (Duck's 15 px against 21 px); the fixed table passes both."""
    app, scene = routes_larger
    found, _figures = audit._audit_top(app, "clean", scene, [], [], None)
    assert not [f for f in found if f.kind in {"dropped_text", "header_order"}]
    main, label = scene.frame.header.sizes
    assert main >= label > 0
    scene.game.model.head_rows = 1  # the heads as they were: one row, no rule text
    scene.frame.header.sizes = (15, 21)
    found = audit.find_dropped(scene) + audit.find_header_order(scene)
    kinds = [f.kind for f in found]
    assert kinds.count("dropped_text") == len(scene.game.dropped_texts()) >= 6
    assert kinds.count("header_order") == 1
    assert any(f.text == scene.t("routes.head_from", n=5) for f in found)
