"""The end screen of every game (issue #16): who won, each seat's score broken down the way
the game's rules compute it, a look at the final table without the panel, then Play again
or Menu — in both languages, readable on a small window."""

from __future__ import annotations

import re

import pygame
import pytest

from game.rules.duck.data import COLOURS
from game.rules.verflixxt import score_breakdown
from game.scenes.shell.menu import MenuScene
from game.scenes.table import celebration
from game.scenes.table.end_screen import MIN_TEXT, GameOverScene
from game.screenshot import fast_forward
from game.ui import fonts
from tests.scene_helpers import click, key, make_app, push_game, step_until

# (game, players, options): the expansion where a game has one, so every column shows
GAMES = [
    ("verflixxt", 4, {"variant": "hats"}),
    ("verflixxt", 3, {}),
    ("routes", 5, {}),
    ("cluck", 4, {}),
    ("duck", 3, {"variant": "advanced"}),  # two ducks each (DDG-26)
    ("duck", 6, {}),
]
IDS = [f"{g}-{n}-{'-'.join(o.values()) or 'base'}" for g, n, o in GAMES]
KEY_LIKE = re.compile(r"^[a-z_]+\.[a-z0-9_.]+$")  # "app.end_look": a key shown as text


pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


def finish(game_id, players, options, size=(1280, 720), lang="en"):
    """A menu, then a game of computer seats played to its end (without animation) and
    the end screen it opens on: (app, game scene, end screen)."""
    app = make_app(size, lang)
    app.push(MenuScene(app))
    scene = push_game(app, game_id, (), players, 5, options, "normal")
    fast_forward(scene, 10**6)
    assert scene.state.is_over()
    assert step_until(app, lambda: isinstance(app.top, GameOverScene), 2000, 1 / 20)
    return app, scene, app.top


def drawn(monkeypatch, app, overlay) -> list[tuple[str, int]]:
    """Every text the end screen draws in one frame, with its size in pixels."""
    seen: list[tuple[str, int]] = []
    original = fonts.render

    def spy(text, size, *args, **kwargs):
        seen.append((text, size))
        return original(text, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    overlay.draw(app.screen)
    monkeypatch.setattr(fonts, "render", original)
    return seen


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id,players,options", GAMES, ids=IDS)
def test_the_end_screen_breaks_every_seats_score_down_as_the_rules_count_it(
    monkeypatch, game_id, players, options, lang
):
    app, scene, over = finish(game_id, players, options, (1024, 600), lang)
    try:
        key(app, pygame.K_d)  # the whole breakdown, one key away (issue #38)
        assert over.details and not over.result.compact
        state = scene.state
        scores = state.scores()
        bd = over.breakdown
        assert len(bd.parts) == players and all(len(r) == len(bd.columns) for r in bd.parts)
        if bd.summed:  # each part is a number and they add up to the seat's score
            for p, row in enumerate(bd.parts):
                assert all(isinstance(v, int) for v in row)
                assert sum(row) == scores[p]
        # what each game's rules say, part by part
        if game_id == "verflixxt":
            rows = score_breakdown(state)
            assert bd.summed and [r[0] for r in bd.parts] == [b["track"] for b in rows]
            assert [r[1] for r in bd.parts] == [b["lucky"] for b in rows]
            hats = options.get("variant") == "hats"
            assert len(bd.columns) == (5 if hats else 2)
            if hats:
                assert [r[2:] for r in bd.parts] == [
                    (b["risk"], b["chips"], b["hats"]) for b in rows
                ]
        elif game_id == "routes":
            routes = state.route_scores()["routes"]
            assert bd.summed and len(bd.columns) == 8
            assert [list(r) for r in bd.parts] == [list(c) for c in zip(*routes)]
        elif game_id == "cluck":
            assert bd.columns == () and list(scores) == [float(s) for s in state.stands]
        else:
            assert not bd.summed and len(bd.columns) == len(COLOURS)
            for p, row in enumerate(bd.parts):
                best = max(state.buoys[d].bit_count() for d in state.ducks_of(p))
                assert sum(v == "✓" for v in row) == (3 if p in state.winners() else best)
        texts = drawn(monkeypatch, app, over)
        shown = [t for t, _ in texts]
        for p in range(players):  # every seat, with its total as the game writes it
            assert scene.seat_name(p) in shown
            assert scene.score_text(p, scores[p]) in shown
        assert over.title() in shown
        # every part's heading: its words, or its badge's label (Eight Routes' route
        # numbers, issue #27), one badge per column
        if bd.badges:
            assert len(bd.badges) == len(bd.columns)
            assert all(label in shown for label, _colour in bd.badges)
        else:
            assert all(heading in " ".join(shown) for heading in bd.columns)
        # readable at 1024x600: nothing under 14 px, nothing cut, no key in place of words
        assert min(size for _, size in texts) >= MIN_TEXT
        assert not [t for t in shown if "…" in t]
        assert not [t for t in shown if KEY_LIKE.match(t)]
        screen = app.screen.get_rect()
        assert screen.contains(over.panel)
        assert all(over.panel.contains(b.rect) for b in over.buttons.buttons)
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id,players,options", GAMES[::2], ids=IDS[::2])
def test_look_at_the_table_lifts_the_result_and_brings_it_back(game_id, players, options):
    """The result beside the board lifts to the small bar of buttons (the whole board and
    the seat panels bare), and comes back by its button, the T key, or Esc."""
    app, _scene, over = finish(game_id, players, options)
    try:
        assert not over.showing_table and over.panel.w > 0
        assert {b.key for b in over.buttons.buttons} >= {"look", "watch", "again", "menu"}
        panel = over.panel.copy()
        click(app, over.buttons.by_key("look").rect.center)
        assert over.showing_table and over.panel.w == 0
        assert {b.key for b in over.buttons.buttons} == {"show", "watch", "again", "menu"}
        # where the result was, the table shows (no button there)
        spot = panel.center
        assert not any(b.rect.collidepoint(spot) for b in over.buttons.buttons)
        click(app, over.buttons.by_key("show").rect.center)
        assert not over.showing_table and over.panel == panel
        # the key does the same, both ways; Esc first brings the result back
        key(app, pygame.K_t)
        assert over.showing_table
        key(app, pygame.K_ESCAPE)
        assert not over.showing_table and app.top is over
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id,players,options", GAMES[:4:3], ids=IDS[:4:3])
def test_score_details_open_the_breakdown_over_the_board_and_close_back_issue_38(
    game_id, players, options
):
    """issue #38: the result beside the board has no room for every part of every score;
    Score details (or D) opens the whole breakdown over the dimmed board, its first
    button (or Esc, or D) goes back to the board."""
    app, scene, over = finish(game_id, players, options)
    try:
        beside = over.panel.copy()
        click(app, over.buttons.by_key("details").rect.center)
        assert over.details and over.panel != beside and not over.result.compact
        assert over.panel.colliderect(scene.game.drawn_extent())  # over the board, asked
        assert {b.key for b in over.buttons.buttons} == {
            "details",
            "watch",
            "lookback",
            "again",
            "menu",
        }
        click(app, over.buttons.by_key("details").rect.center)
        assert not over.details and over.panel == beside
        key(app, pygame.K_d)
        assert over.details
        key(app, pygame.K_ESCAPE)
        assert not over.details and app.top is over and over.panel == beside
    finally:
        pygame.quit()


SIZES = [((1024, 600), "en"), ((1280, 720), "ja"), ((1920, 1080), "en")]


@pytest.mark.parametrize("size,lang", SIZES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SIZES])
@pytest.mark.parametrize("game_id,players,options", GAMES, ids=IDS)
def test_the_result_stands_beside_the_board_not_over_it_issue_38(
    monkeypatch, game_id, players, options, size, lang
):
    """issue #38: the end dialog covered the board. The result panel lies in the window
    clear of the board's drawn pieces (its ``drawn_extent()``) and of the seat panels,
    with every seat's name and total, readable and whole, and its buttons inside it."""
    app, scene, over = finish(game_id, players, options, size, lang)
    try:
        board = scene.game.drawn_extent()
        assert over.panel.w > 0 and not over.panel.colliderect(board)
        assert app.screen.get_rect().contains(over.panel)
        assert not any(over.panel.colliderect(seat) for seat in scene.plan.seats)
        assert all(over.panel.contains(b.rect) for b in over.buttons.buttons)
        buttons = [b.rect for b in over.buttons.buttons]
        assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1 :])
        texts = drawn(monkeypatch, app, over)
        shown = [t for t, _ in texts]
        scores = scene.state.scores()
        for p in range(players):
            assert scene.seat_name(p) in shown
            assert scene.score_text(p, scores[p]) in shown
        assert min(px for _, px in texts) >= MIN_TEXT
        assert not [t for t in shown if "…" in t]
        assert not [t for t in shown if KEY_LIKE.match(t)]
    finally:
        pygame.quit()


@pytest.mark.parametrize(
    "game_id,players,options", [GAMES[0], GAMES[2], GAMES[3]], ids=[IDS[0], IDS[2], IDS[3]]
)
def test_the_seat_panels_scores_count_up_from_zero_to_the_final_score_issue_38(
    monkeypatch, game_id, players, options
):
    """issue #38: no tally. The frame's seat panels' scores count up from 0 to each
    seat's final score over the first seconds of the finish, written where the panel
    writes its score and the way it writes it (Verflixxt!'s "+9"), then the panel's own."""
    app, scene, over = finish(game_id, players, options)
    try:
        scores = scene.state.scores()
        assert over.celebration.age == 0.0 and over.celebration.counting()
        assert [over.celebration.counted(p) for p in range(players)] == [0] * players
        counted_at: list[list[int]] = []
        seen: list[tuple[str, tuple[int, int]]] = []
        original = celebration.draw_text

        def spy(surface, text, size, pos, *args, **kwargs):
            seen.append((text, pos))
            return original(surface, text, size, pos, *args, **kwargs)

        for _ in range(40):  # through the count, a frame at a time
            counted_at.append([over.celebration.counted(p) for p in range(players)])
            seen.clear()
            monkeypatch.setattr(celebration, "draw_text", spy)
            over.celebration.draw_count(app.screen)
            monkeypatch.setattr(celebration, "draw_text", original)
            if over.celebration.counting():
                for p in range(players):  # each seat's count, in its panel's score box
                    box = scene.frame.seat_parts(p).score
                    face = scene.frame.seats.seat(p).score
                    text = over.celebration._as_shown(
                        face, int(scores[p]), over.celebration.counted(p)
                    )
                    assert (text, box.center) in seen
            app.step(1 / 20)
        # up, never down, from all zeros to every final score
        for p in range(players):
            column = [row[p] for row in counted_at]
            assert column == sorted(column, key=lambda v: v * (1 if scores[p] >= 0 else -1))
        assert not over.celebration.counting()
        assert [over.celebration.counted(p) for p in range(players)] == [int(s) for s in scores]
        assert any(0 != c != int(s) for row in counted_at for c, s in zip(row, scores))
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id,players,options", GAMES[::2], ids=IDS[::2])
def test_the_winner_is_celebrated_where_its_pieces_stand_on_the_board_issue_38(
    monkeypatch, game_id, players, options
):
    """issue #38: the winner hopped in the dialog. Its pieces are ringed where they
    stand on the board (the game's ``celebrate``): each ring centred on a piece inside
    the board's drawn extent, as many as the winner has pieces there."""
    app, scene, over = finish(game_id, players, options)
    try:
        board = scene.game.drawn_extent()
        state = scene.state
        winners = list(state.winners())
        rects = [r for w in winners for r in scene.game.celebrate(w)]
        if game_id == "verflixxt":
            pawns = [pc for pc in scene.game.model.table.pieces if pc[0] == str(winners[0])]
            assert len(rects) == len(pawns) > 0
        elif game_id == "routes":
            spots = [k for k in scene.game.model.table.spots if k[1] in winners]
            assert len(rects) == len(spots) > 0
        else:
            assert len(rects) >= 1
        assert all(board.contains(r) for r in rects)
        centres: list[tuple[int, int]] = []
        original = celebration.smooth.ring

        def spy(surface, colour, centre, radius, width):
            centres.append((round(centre[0]), round(centre[1])))
            return original(surface, colour, centre, radius, width)

        monkeypatch.setattr(celebration.smooth, "ring", spy)
        over.draw(app.screen)
        assert all(r.center in centres for r in rects)
    finally:
        pygame.quit()


@pytest.mark.parametrize("looking", [False, True])
@pytest.mark.parametrize("game_id,players,options", GAMES[1::2], ids=IDS[1::2])
def test_play_again_and_menu_still_work(game_id, players, options, looking):
    app, scene, over = finish(game_id, players, options)
    try:
        if looking:
            key(app, pygame.K_t)
        click(app, over.buttons.by_key("again").rect.center)
        again = app.top
        assert type(again) is type(scene) and again is not scene
        # a new secret seed of 128 bits, not one derived from the last game's (issue #18)
        assert again.session.seed != scene.session.seed and again.session.seed >= 2**64
        assert not again.state.is_over() and len(app.stack) == 2
        fast_forward(again, 10**6)
        assert step_until(app, lambda: isinstance(app.top, GameOverScene), 2000, 1 / 20)
        if looking:
            key(app, pygame.K_t)
        click(app, app.top.buttons.by_key("menu").rect.center)
        assert len(app.stack) == 1 and isinstance(app.top, MenuScene)
    finally:
        pygame.quit()


def test_eight_routes_no_longer_draws_its_own_final_table_under_the_end_screen():
    """The shared end screen shows the points per route; the table keeps its lid and
    the frame's seat panels (the final position) instead of a second, covered score
    table."""
    app, scene, _over = finish("routes", 4, {})
    try:
        drawing = scene.game.drawing
        for part in (scene, scene.game, drawing, scene.game.model):
            assert not hasattr(part, "_draw_final") and not hasattr(part, "final_rect")
        calls: list[str] = []
        drawing._paint_lid = lambda surface: calls.append("lid")
        seat_picture = scene.frame.seat_picture

        def counted(player, row):
            calls.append("seat")
            return seat_picture(player, row)

        scene.frame.seat_picture = counted
        scene.frame.seat_drawer.tile_picture = counted  # (a seat's tile in the drawer's strip)
        drawing.forget()  # (the lid is in the table's kept pictures)
        scene.compositor.forget()
        scene.draw_table(app.screen)
        assert "lid" in calls and calls.count("seat") >= 4  # (every seat, at least once)
    finally:
        pygame.quit()


def test_confetti_are_ribbons_stars_and_discs_that_turn_in_the_light_issue_38():
    """issue #38: the confetti were flat rectangles of one colour each. They are
    ribbons, stars and discs, and a piece's colour changes as it tumbles (lit face on,
    darker turned away), so the same piece shows more than one shade as it falls."""
    from game.scenes.table.celebration import confetti, shade

    pieces = confetti(40, [(200, 60, 60), (60, 120, 200)])
    assert {p.shape for p in pieces} == {"ribbon", "star", "disc"}
    base = (200, 60, 60)
    shades = {shade(base, turn / 10) for turn in range(63)}
    assert len(shades) > 10
    assert max(sum(c) for c in shades) > sum(base) > min(sum(c) for c in shades)
