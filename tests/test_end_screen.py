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
from game.scenes.table import end_screen
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
def test_look_at_the_table_lifts_the_panel_and_the_dim_and_brings_them_back(
    monkeypatch, game_id, players, options
):
    app, scene, over = finish(game_id, players, options)
    try:
        backdrops: list[int] = []
        monkeypatch.setattr(
            end_screen.GameOverScene,
            "draw_backdrop",
            lambda self, surface: backdrops.append(1),
        )
        app.draw()
        assert backdrops and not over.showing_table
        # a point of the table under the middle of the panel, clear of the small buttons
        spot = over.table_rect.center
        click(app, over.buttons.by_key("look").rect.center)
        assert over.showing_table and over.panel.w == 0
        backdrops.clear()
        app.draw()
        assert not backdrops  # neither the dim nor the panel
        assert not any(b.rect.collidepoint(spot) for b in over.buttons.buttons)
        bare = pygame.Surface(app.size)
        scene.draw(bare)  # the table alone, as it is drawn under the end screen
        assert app.screen.get_at(spot) == bare.get_at(spot)
        assert {b.key for b in over.buttons.buttons} == {"show", "watch", "again", "menu"}
        click(app, over.buttons.by_key("show").rect.center)
        assert not over.showing_table and over.panel.collidepoint(spot)
        app.draw()
        assert backdrops
        # the key does the same, both ways; Esc first brings the scores back
        key(app, pygame.K_t)
        assert over.showing_table
        key(app, pygame.K_ESCAPE)
        assert not over.showing_table and app.top is over
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
    from game.scenes.table.end_screen import confetti, shade

    pieces = confetti(40, [(200, 60, 60), (60, 120, 200)])
    assert {p.shape for p in pieces} == {"ribbon", "star", "disc"}
    base = (200, 60, 60)
    shades = {shade(base, turn / 10) for turn in range(63)}
    assert len(shades) > 10
    assert max(sum(c) for c in shades) > sum(base) > min(sum(c) for c in shades)
