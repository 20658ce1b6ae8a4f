"""issue #38, "what just happened": the marks on the board of what changed since the
person's last look, derived from the rules' typed events the table plays (the moved
piece's trail, the tile just taken, the route just written), kept by seat until that
seat moves again or the person acts."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.table.news_marks import LastMoves, Mark
from tests.scene_helpers import make_app, push_game, step_until


def _at(point):
    return lambda: point


def test_a_seats_next_move_replaces_its_marks_and_a_piece_going_on_extends_its_trail():
    """issue #38: marks are cleared on the next move of that seat; the steps of one
    move make one trail; the person acting clears them all."""
    marks = LastMoves()
    marks.saw([Mark(0, "duck:0", [_at((0, 0))])])
    marks.saw([Mark(0, "duck:0", [_at((10, 0))])])  # the same move, one step on
    marks.saw([Mark(1, "duck:2", [_at((5, 5))])])
    assert [(m.seat, len(m.trail)) for m in marks.marks] == [(0, 2), (1, 1)]
    marks.saw([Mark(0, "duck:1", [_at((7, 7))])])  # seat 0's next move
    assert [(m.seat, m.key) for m in marks.marks] == [(1, "duck:2"), (0, "duck:1")]
    spot = Mark(1, "marker:3", spot=lambda: pygame.Rect(0, 0, 10, 10))
    marks.saw([spot, Mark(1, "marker:3", spot=lambda: pygame.Rect(5, 5, 10, 10))])
    assert [m.key for m in marks.of(1)] == ["marker:3"]  # one route, written twice
    assert tuple(marks.of(1)[0].spot()) == (5, 5, 10, 10)
    marks.looked()
    assert marks.marks == []
    marks.saw([Mark(2, "chicken:2", [_at((1, 1)), _at((1, 9))])])
    marks.saw(None)  # a round's clean-up laid the road anew
    assert marks.marks == []


GAMES = [("duck", {"variant": "advanced"}), ("verflixxt", {}), ("cluck", {}), ("routes", {})]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_the_table_marks_what_the_events_changed_on_the_board(game, options):
    """issue #38: in each of the four games, computers play a few moves: the marks come
    from the events played (each a seat's, the seat the event names), lie on the board
    and are drawn over it; a jump to the state (settle) drops them."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, game, [], 3, 2, options, "easy")
        made: list[tuple[int | None, list[Mark]]] = []
        own = scene.game.news_marks

        def spy(event):
            marks = own(event)
            made.append((event.player, marks))
            return marks

        scene.game.news_marks = spy
        assert step_until(app, lambda: len(scene.last_moves.marks) >= 2, 3000, 1 / 30)
        assert all(m.seat == player for player, marks in made for m in marks)
        kept = scene.last_moves.marks
        assert all(any(m is k for _p, ms in made for m in ms) for k in kept)
        board = scene.plan.board.inflate(8, 8)
        for mark in kept:
            places = [where() for where in mark.trail]
            spot = mark.spot() if mark.spot is not None else None
            assert any(p is not None for p in places) or spot is not None
            assert all(board.collidepoint(p) for p in places if p is not None)
            assert spot is None or board.colliderect(spot)
        app.draw()
        marked = app.screen.copy()
        shown = list(scene.last_moves.marks)
        scene.last_moves.marks = []
        app.draw()
        plain = app.screen.copy()
        scene.last_moves.marks = shown
        diff = [
            (x, y)
            for x in range(0, 1280, 4)
            for y in range(0, 720, 4)
            if marked.get_at((x, y)) != plain.get_at((x, y))
        ]
        assert diff and all(board.collidepoint(p) for p in diff)
        scene.player.settle(None)
        assert scene.last_moves.marks == []
    finally:
        pygame.quit()


def test_the_persons_action_clears_what_they_have_seen():
    """issue #38: the marks fade once the viewer acts (they have seen the table)."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "verflixxt", [0], 3, 2, {}, "easy")
        ready = lambda: scene.sharing.deciding() == 0 and not scene.player.busy()
        others: set[int | None] = set()
        for _turn in range(6):  # the person plays until the others have moved
            assert step_until(app, ready, 3000, 1 / 30)
            others = {m.seat for m in scene.last_moves.marks} - {0}
            if others:
                break
            choice = next(c for c in scene.controls if c.action is not None)
            assert scene.act(0, choice.action)
        assert others
        choice = next(c for c in scene.controls if c.action is not None)
        assert scene.act(0, choice.action)
        assert all(m.seat == 0 for m in scene.last_moves.marks)  # only what it does now
    finally:
        pygame.quit()


def _drawn_marks(app, scene, marks: list[Mark]) -> list[tuple[int, int]]:
    """The screen points (every 4th pixel) the marks change when drawn over the table."""
    app.draw()
    plain = app.screen.copy()
    kept = LastMoves()
    kept.saw(marks)
    kept.draw(app.screen, scene.seat_colour, scene.px, scene.plan.board)
    w, h = app.screen.get_size()
    return [
        (x, y)
        for x in range(0, w, 4)
        for y in range(0, h, 4)
        if app.screen.get_at((x, y)) != plain.get_at((x, y))
    ]


def test_eight_routes_marks_the_dice_just_drafted_and_where_they_went():
    """issue #38 (marks left): Eight Routes marked the route written but not the dice
    just drafted. A draft rings its square of the lid (emptied) and the number badge of
    the route of their face, in the drafter's colour; computers' real drafts make such
    marks as the table plays them. POLISH3 item 2: no line runs from the lid to the
    head, and no mark covers a head's words ("Push a marker", "Red die bonus")."""
    from game.rules.routes.events import DiceTaken

    app = make_app((1280, 720))
    try:
        scene = push_game(app, "routes", [], 3, 2, {}, "easy")
        model = scene.game.model
        board = scene.game.board
        for face in (1, 4, 5, 8):
            event = DiceTaken(face=face, count=2, action="A", lid=(), player=1)
            square, route = scene.game.news_marks(event)
            assert square.seat == route.seat == 1 and square.key == f"dice:{face}"
            assert square.spot() == model.squares[face - 1]
            assert square.trail == [] and route.trail == []
            assert model.heads[face - 1].contains(route.spot())
            changed = _drawn_marks(app, scene, [square, route])
            assert any(model.squares[face - 1].collidepoint(p) for p in changed)
            assert any(model.heads[face - 1].collidepoint(p) for p in changed)
            assert all(scene.plan.board.collidepoint(p) for p in changed)
            words = [box for r in range(1, 9) for box in board.head_text(r) if box.h]
            covered = [p for p in changed if any(box.collidepoint(p) for box in words)]
            assert covered == [], (face, covered[:5])
        # played: the computers' drafts are marked as they happen
        drafts: list[Mark] = []
        own = scene.game.news_marks

        def spy(played):
            marks = own(played)
            if isinstance(played, DiceTaken):
                assert [m.key for m in marks] == [
                    f"dice:{played.face}",
                    f"dice:{played.face}:route",
                ]
                assert marks[0].seat == played.player
                drafts.extend(marks)
            return marks

        scene.game.news_marks = spy
        assert step_until(app, lambda: len(drafts) >= 2, 3000, 1 / 30)
    finally:
        pygame.quit()


def test_duck_marks_the_hounds_path_in_the_advanced_game():
    """issue #38 (marks left): Duck marked each duck's way but not the hound's. The
    hound's placing, its steps and a warp's far hex make one trail of its controller's,
    hex by hex, ringed where it stopped; the next move of that seat replaces it."""
    from game.rules.duck.events import HoundMoveBegan, HoundPlaced, HoundStepped, HoundWarped

    app = make_app((1280, 720))
    try:
        scene = push_game(app, "duck", [], 3, 2, {"variant": "advanced"}, "easy")
        geo = scene.game.model.geo
        a, b, c, d = sorted(geo.coords)[:4]  # four of the board's hexes
        events = [
            HoundPlaced(hex=a, heading=0, player=2),
            HoundMoveBegan(card=None, route=0, source="pattern", hex=a, heading=0, player=2),
            HoundStepped(hex=b, heading=0, player=2),
            HoundWarped(hex=c, to=d, heading=0, player=2),
        ]
        kept = LastMoves()
        for event in events:
            kept.saw(scene.game.news_marks(event))
        (mark,) = kept.marks
        assert mark.seat == 2 and mark.key == "hound"
        assert [where() for where in mark.trail] == [geo.hex_px(*h) for h in (a, a, b, d)]
        assert mark.reach is not None and mark.reach() > 0
        changed = _drawn_marks(app, scene, kept.marks)

        def near(point, hex_) -> bool:
            x, y = geo.hex_px(*hex_)
            return abs(point[0] - x) + abs(point[1] - y) < geo.size * 1.2

        assert any(near(p, d) for p in changed) and any(near(p, b) for p in changed)
        kept.saw([Mark(0, "duck:0", [lambda: geo.hex_px(*a)])])  # another seat moves
        kept.saw([Mark(2, "duck:4", [lambda: geo.hex_px(*a)])])  # then its seat again
        assert [m.key for m in kept.marks] == ["duck:0", "duck:4"]
    finally:
        pygame.quit()
