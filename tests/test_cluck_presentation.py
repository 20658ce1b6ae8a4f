"""Cluck-peep! at publisher grade (issue #27), headless: the board (the ladder and its
supply block) takes at least 55% of the window at every size, player count and option;
the hand tray under it keeps its tiles and buttons clickable and apart; the tiles are
painted smooth (supersampled) and kept per size; no text cut with "…"."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import widgets
from tests.scene_helpers import make_app, push_game, text_problems

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]
OPTIONS = [{}, {"long_road": True}, {"runaway": True}, {"long_road": True, "runaway": True}]


def _scene(size, players, options=None, lang="en"):
    app = make_app(size=size, lang=lang)
    scene = push_game(app, "cluck", (0,), players, 3, options or {}, level="normal")
    scene.player.skip()
    return app, scene


@pytest.mark.parametrize("options", OPTIONS, ids=["base", "long", "runaway", "both"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_board_takes_at_least_55_percent_of_the_window(size, players, options):
    """Issue #27, the board first: the board panel (the ladder beside its supply block)
    is at least 55% of the window; the hand tray is the bar under it."""
    _app, scene = _scene(size, players, options)
    try:
        board = scene.plan.board
        assert board.w * board.h >= 0.55 * size[0] * size[1]
        model = scene.game.model
        assert board.contains(model.area) and board.contains(model.stock_rect)
        assert scene.plan.bar.y > board.bottom
    finally:
        pygame.quit()


@pytest.mark.parametrize("options", [{}, {"long_road": True}], ids=["base", "long"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hand_tray_keeps_its_tiles_and_buttons_apart_and_in_the_bar(size, options):
    """Issue #27: every tile and button one picks is a target at least 24 px high, none
    overlapping another, all inside the bar."""
    _app, scene = _scene(size, 2, options)
    try:
        model, bar = scene.game.model, scene.plan.bar
        targets = [*model.hand_rects, *model.play_rects]
        for rect in targets:
            assert rect.h >= 24 * min(1.0, scene.s) - 1 and bar.contains(rect)
        for a, b in itertools.combinations(targets, 2):
            assert not a.colliderect(b)
    finally:
        pygame.quit()


def test_a_tile_is_painted_smooth_once_per_size():
    """Issue #27: a tile's picture is supersampled (its round corners blend into the
    felt in many shades, not a step) and kept: asked again, the same picture."""
    _app, scene = _scene((1280, 720), 2)
    try:
        art = scene.game.art
        image = art.tile_surface("road", 1, False, 400, 80)
        assert image is art.tile_surface("road", 1, False, 400, 80)
        corner = {image.get_at((x, y)).a for x in range(12) for y in range(12)}
        assert len(corner) > 4  # partly covered pixels along the round corner
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)], ids=["small", "large"])
def test_no_text_is_cut_or_small_on_the_table(size, lang):
    """Issue #27's floors: every text at least 14 px, inside its box, none ending in
    "…", with four seats and the long road."""
    app = _scene(size, 4, {"long_road": True}, lang)[0]
    try:
        with widgets.recording(app.screen) as sink:
            app.draw()
        assert sink.texts
        assert text_problems(sink.texts, size) == []
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    ("size", "least"), [((1024, 600), 44), ((1280, 720), 56)], ids=["1024x600", "1280x720"]
)
def test_the_hand_tiles_are_big_in_the_tray_issue_27(size, least):
    """Issue #27: the hint takes one line (its keys go first) and the hand tiles the rest
    of the bar: at least 44 px high at 1024x600 and 56 at 1280x720 (30 and 44 before),
    inside the bar, apart from each other and from the buttons, the board still >= 55%."""
    _app, scene = _scene(size, 4)
    try:
        model = scene.game.model
        bar = scene.plan.bar
        assert scene.plan.board.w * scene.plan.board.h >= 0.55 * size[0] * size[1]
        for rect in model.hand_rects:
            assert rect.h >= least and bar.contains(rect)
            assert not rect.colliderect(model.play_rects[0])
        for a, b in itertools.pairwise(model.hand_rects):
            assert b.x - a.right >= 8
    finally:
        pygame.quit()


def test_the_hint_keeps_its_keys_as_the_clause_that_goes_first_issue_27():
    """Issue #27: the bar's prompt is a Hint whose instruction is never cut; the keys
    are its secondary clause."""
    from game.scenes.table.frame import Hint

    _app, scene = _scene((1024, 600), 4)
    try:
        hint = scene.game.seats.hint()
        assert isinstance(hint, Hint)
        assert "…" not in hint.main
    finally:
        pygame.quit()


def _drawn_icons(app) -> list[widgets.IconDrawn]:
    with widgets.recording(app.screen) as sink:
        app.draw()
    return list(sink.icons)


def _chickens_side_by_side(scene, carried: int) -> None:
    """Every chicken on the START row, in neighbouring columns, each carrying chicks."""
    from game.scenes.cluck.model import ChickenSprite

    table = scene.game.model.table
    players = len(table.chickens)
    table.chickens = [ChickenSprite(column, 2) for column in range(players)]
    table.carried = [carried] * players
    table.stands = [3] * players


@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)], ids=["small", "large"])
def test_every_piece_icon_and_seat_mark_is_recorded_and_16_px_or_more(size):
    """Issue #27, icons >= 16 px: the chickens (pieces, each with its seat's mark), the
    chicks they carry and on the stands, the basket, the tiles' meadow and nests are all
    written down as they are drawn, none under 16 px on its short side; every chicken's
    mark is recorded too, at least 16 px, where the chicken wears it."""
    app, scene = _scene(size, 4)
    try:
        _chickens_side_by_side(scene, 3)
        icons = _drawn_icons(app)
        names = {icon.name for icon in icons}
        assert {"cluck_basket.svg", "cluck_chick.svg", "cluck_nest.svg"} <= names
        assert names & {"cluck_meadow.svg", "cluck_back.svg"}  # the tiles' grounds
        small = [i for i in icons if i.kind != "value" and min(i.rect.size) < 16]
        assert small == []
        art = scene.game.art
        for seat in range(4):
            chicken = [i for i in icons if i.kind == "piece" and i.name == art.chicken_name(seat)]
            marks = [i for i in icons if i.name == f"mark:{seat}"]
            assert chicken and marks
            assert any(chicken[0].rect.contains(m.rect) for m in marks)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["small", "medium"])
def test_no_chicken_covers_a_value_issue_27(size):
    """Issue #27, pieces never hide information: the tiles' names and numbers at the
    ladder's left and the count of chicks a chicken carries (values) are drawn where no
    chicken (a piece) drawn after them lies over them, with four chickens side by side."""
    app, scene = _scene(size, 4)
    try:
        _chickens_side_by_side(scene, 3)
        icons = _drawn_icons(app)
        values = [(i, icon) for i, icon in enumerate(icons) if icon.kind == "value"]
        assert {icon.name for _i, icon in values} >= {"count 3", "tile START"}
        covered = [
            (value.name, piece.name)
            for i, value in values
            for piece in icons[i + 1 :]
            if piece.kind == "piece" and piece.rect.inflate(-4, -4).colliderect(value.rect)
        ]
        assert covered == []
    finally:
        pygame.quit()


def test_rows_easing_to_a_new_height_paint_no_tile_at_a_height_between_issue_27(monkeypatch):
    """Issue #27 (frame cost): while the rows ease to a new height, a tile is drawn as
    its picture at rest height, scaled (painting every tile anew at each 4 px step of the
    way cost a whole frame at 2560x1440, p99 over 16.7 ms): no tile picture is painted at
    a height between, and once the rows are at rest every tile is its own picture at that
    height."""
    app, scene = _scene((2560, 1440), 4)
    try:
        game = scene.game
        model, art, layout = game.model, game.art, game.geometry
        target = layout.target_row_h()
        model.row_h = target * 1.25  # as if a row had just come: the rows shrink
        painted: list[tuple[int, int]] = []
        paint = art._paint_tile
        monkeypatch.setattr(
            art, "_paint_tile", lambda s, *a: (painted.append(s.get_size()), paint(s, *a))
        )
        art.forget()  # nothing kept: every tile is new to the ladder
        frames = 0
        while model.row_h != target and frames < 120:
            app.step(1 / 60)
            frames += 1
        assert model.row_h == target
        app.step(1 / 60)
        band = layout.band_rect(0)
        rest_h = art._stepped(band.height)
        on_ladder = [h for w, h in painted if w == band.width]
        assert on_ladder and set(on_ladder) == {rest_h}
        assert len(on_ladder) <= 8  # each tile once
    finally:
        pygame.quit()
