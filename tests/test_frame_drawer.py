"""Issue #38, "the board takes the table": the side column of seat panels and the log is a
drawer on every table (Duck! Duck! Go!'s too, its hand a tray: test_duck_tray.py). Shut,
the board and the bar take the window's width but a strip of seat tiles (character,
mark, score) and the drawer's button; open (its key L, its button, a click on a tile),
the full seat panels and the log lie over the board's right part, and a click outside
shuts it."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.frame_plan import plan_table
from game.ui import widgets
from tests.scene_helpers import click, key, make_app, push_game

DRAWER_GAMES = {"verflixxt": 4, "routes": 5, "cluck": 4, "duck": 4}

pytestmark = pytest.mark.usefixtures("quick_bots")


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_issue_38_a_drawer_plan_gives_the_side_column_to_the_board(size, players):
    """issue #38: with a drawer, the board is as wide as the window but the strip; the
    strip's tiles and button do not overlap; the open drawer lies beside the strip, its
    seat panels and log as wide as the side column without a drawer."""
    scale = size[1] / 720

    def px(v):
        return round(v * scale)

    plain = plan_table(size, px, players, bar_h=120)
    plan = plan_table(size, px, players, bar_h=120, drawer=True)
    drawer = plan.drawer
    assert drawer is not None and plain.drawer is None
    window = pygame.Rect((0, 0), size)
    parts = [plan.header, plan.board, plan.bar, drawer.toggle, *plan.seats]
    for i, a in enumerate(parts):
        assert window.contains(a) and a.w > 0 and a.h > 0
        for b in parts[i + 1 :]:
            assert not a.colliderect(b), (a, b)
    assert plan.board.w > plain.board.w + plain.side.w // 2  # the column went to the board
    assert plan.board.right < drawer.strip.x and drawer.side.right < drawer.strip.x
    assert drawer.side.w == plain.side.w and plan.log.w == plain.log.w
    assert all(drawer.side.contains(row) for row in drawer.seats)
    assert drawer.side.contains(plan.log)


@pytest.mark.parametrize("game", sorted(DRAWER_GAMES))
def test_issue_38_the_drawer_opens_by_key_button_and_tile_and_shuts_by_a_click_outside(game):
    app = make_app((1280, 720))
    try:
        scene = push_game(app, game, (0,), DRAWER_GAMES[game], 3, {}, "easy")
        app.draw()
        drawer = scene.plan.drawer
        assert drawer is not None and not scene.frame.seat_drawer.open
        names = [scene.seat_name(p) for p in range(scene.session.players)]
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        shown = {t.text for t in sink.texts}
        assert not shown & set(names)  # shut: the tiles say no names
        assert any(drawer.toggle.contains(t.rect) for t in sink.texts)  # its button says
        key(app, pygame.K_l)
        assert scene.frame.seat_drawer.open
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        for p, name in enumerate(names):  # open: every seat's panel with its name
            drawn = [t for t in sink.texts if t.text == name]
            assert drawn and drawer.seats[p].contains(drawn[0].rect)
        click(app, drawer.side.center)  # inside: it stays open
        assert scene.frame.seat_drawer.open
        click(app, (scene.plan.board.x + 5, scene.plan.board.y + 5))  # outside: it shuts
        assert not scene.frame.seat_drawer.open
        click(app, drawer.toggle.center)
        assert scene.frame.seat_drawer.open
        click(app, drawer.toggle.center)
        assert not scene.frame.seat_drawer.open
        click(app, scene.plan.seats[1].center)  # a seat's tile opens it
        assert scene.frame.seat_drawer.open
        key(app, pygame.K_l)
        assert not scene.frame.seat_drawer.open
    finally:
        pygame.quit()


def test_issue_38_a_button_under_the_open_drawer_is_not_pressed_through_it():
    """Eight Routes' box lid has buttons at the board's right: under the open drawer, a
    click there shuts nothing and presses nothing (the drawer is over them); its texts
    are not on the screen either (the sink keeps only what shows)."""
    app = make_app((1024, 600))
    try:
        scene = push_game(app, "routes", (0,), 3, 3, {}, "easy")
        for _ in range(400):  # until the person is asked to pick up dice
            app.step(1 / 30)
            if scene.sharing.deciding() == 0 and not scene.busy():
                break
        app.draw()
        key(app, pygame.K_l)
        drawer = scene.plan.drawer
        under = [b for b in scene.buttons.buttons if drawer.side.colliderect(b.rect)]
        assert under, "a button lies under the drawer"
        before = len(scene.session.actions)
        click(app, under[0].rect.center)
        app.step(1 / 30)
        assert len(scene.session.actions) == before and scene.frame.seat_drawer.open
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        hidden = [t for t in sink.texts if t.rect.colliderect(drawer.side)]
        assert all(drawer.side.contains(t.rect) for t in hidden), [
            (t.text, t.rect) for t in hidden if not drawer.side.contains(t.rect)
        ]  # only the drawer's own
    finally:
        pygame.quit()


@pytest.mark.parametrize("lesson", ["verflixxt-1", "routes-1", "cluck-1", "duck-1"])
def test_issue_38_a_lesson_keeps_the_full_seat_column_its_steps_point_at(lesson):
    """A lesson's steps point at the seat panels and speak of what they show ("the tiles
    you pick up and your score show here"): a lesson's table keeps its side column."""
    from game.screenshot import show_lesson_step

    app = make_app((1280, 720))
    try:
        scene = show_lesson_step(app, lesson, 2)
        assert scene.guide.lesson is not None
        assert scene.plan.drawer is None and scene.plan.log.h > 0
        assert all(row.w == scene.plan.side.w for row in scene.plan.seats)
    finally:
        pygame.quit()


@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_issue_38_verflixxt_seat_words_do_not_lie_over_the_subtitle(size, text_size):
    """issue #38: with six seats and Larger text, the open drawer's Verflixxt! seat
    panels drew "no tiles yet" over "Normal" (the extras row under the subtitle was 6 px
    high); now the name and subtitle lines shrink to their text, then the subtitle goes,
    so the game's words have a line of their own inside the panel."""
    from tools import audit_layout as audit

    app = make_app(size)
    app.settings.text_size = text_size
    try:
        scene = audit._table("verflixxt", 6, {"variant": "hats"}, "mid", end=False)(app)
        app.draw()
        scene.frame.seat_drawer.open = True
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        rows = scene.plan.drawer.seats
        need = round(scene.text_px(14) * 1.3)
        for player, row in enumerate(rows):
            parts = scene.frame.panel_parts(player)
            assert parts.extras.h >= min(need, 16) and row.contains(parts.extras)
            inside = [t for t in sink.texts if row.contains(t.rect)]
            assert len(inside) >= 2
            for i, a in enumerate(inside):
                for b in inside[i + 1 :]:
                    ra = a.rect.inflate(-2, -max(2, int(a.rect.h * 0.3)))
                    rb = b.rect.inflate(-2, -max(2, int(b.rect.h * 0.3)))
                    assert not ra.colliderect(rb), (a, b)
    finally:
        pygame.quit()


def test_issue_38_verflixxts_legend_is_in_the_open_drawer():
    """issue #38: Verflixxt!'s "How it scores" legend no longer showed once the side
    column became a drawer; it lies under the seat panels in the open drawer (when the
    seats keep their room beside it) and not over the board when the drawer is shut."""
    from tools import audit_layout as audit

    app = make_app((1280, 720))
    try:
        scene = audit._table("verflixxt", 4, {}, "mid", end=False)(app)
        app.draw()
        title = scene.t("verflixxt.legend_title")
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        assert title not in {t.text for t in sink.texts}
        scene.frame.seat_drawer.open = True
        with widgets.recording(app.screen) as sink:
            scene.draw(app.screen)
        drawer = scene.plan.drawer
        assert drawer.extra is not None and drawer.side.contains(drawer.extra)
        shown = [t for t in sink.texts if t.text == title]
        assert shown and drawer.extra.contains(shown[0].rect)
        assert all(not drawer.extra.colliderect(row) for row in drawer.seats)
        assert not drawer.extra.colliderect(scene.plan.log)
    finally:
        pygame.quit()
