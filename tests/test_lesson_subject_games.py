"""issue #38: "a step's subject includes the pieces it talks about, not only the element it
points at" — for Verflixxt!, Eight Routes and Cluck-peep! as for Duck! Duck! Go!
(tests/test_lesson_subject.py). Each test plays a lesson by its own steps, and at the steps
named finds the pieces they talk about from the table's own parts and the rules (not from
the ``subject`` hook that tells the callout), and checks the callout covers none of them.
Each step below is one where the callout used to cover what the step talks about."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.rules.cluck import PlaceTile, parse_action, preview
from game.rules.verflixxt.events import PieceMoved
from game.scenes.shell.menu import MenuScene
from tests.lesson_helpers import do_step, lesson_app, open_lesson, wait_for_step

SIZES = [(1280, 720), (1024, 600)]


def _walk(app, scene, lesson_id: str, check: dict[int, object]) -> list[int]:
    """Play the lesson up to its last step in ``check`` (numbered from 1); at each, the
    names of the pieces ``check[n](scene, step)`` finds under the callout must be none.
    The steps checked, in order."""
    seen = []
    while True:
        step = wait_for_step(app, scene)
        n = step.index + 1
        if n in check:
            box = scene.guide.callout
            assert box is not None
            pieces = check[n](scene, step)
            assert pieces, f"{lesson_id} step {n}: nothing found to check"
            over = [name for name, rect in pieces if box.colliderect(rect)]
            assert over == [], f"{lesson_id} step {n}: the callout {box} covers {over}"
            seen.append(n)
        if n >= max(check):
            return seen
        do_step(app, scene, step)


# -- Verflixxt! ----------------------------------------------------------------------------
def _pawn_and_tiles(scene, step) -> list[tuple[str, pygame.Rect]]:
    """Pawn a of the learner, the tile it stands on and every piece there, and (a step
    asking for its move) the tile the rules say it lands on."""
    table = scene.game
    layout, pieces = table.geometry, table.model.table.pieces
    groups = layout.groups()
    tile = pieces["0a"]
    out = [(f"tile {tile}", layout.tile_rect(tile))]
    for piece in groups[tile]:
        feet = layout.piece_spot(piece, groups)
        out.append((f"piece {piece}", layout.piece_rect(piece, feet, layout.scale_of(piece))))
    if step.expect is not None:
        action = next(c.action for c in table.choices.controls if str(c.action) == step.expect)
        for event in table.controls.preview_of(0, action):
            if isinstance(event, PieceMoved) and event.dest in table.model.table.u:
                out.append((f"landing {event.dest}", layout.tile_rect(event.dest)))
    return out


@pytest.mark.parametrize("size", SIZES)
def test_verflixxt_callouts_leave_the_pawn_its_tile_and_landing_clear_issue_38(size):
    """issue #38: verflixxt-1's step 7 ("Nobody else stands on the tile it leaves") hid
    the tile pawn a leaves and the clover it lands on; step 9 ("shares a clover tile with
    a guardian") the tile the pawn and the guardian share."""
    app = lesson_app(size=size)
    try:
        scene = open_lesson(app, "verflixxt", "verflixxt-1")
        checks = {7: _pawn_and_tiles, 9: _pawn_and_tiles}
        assert _walk(app, scene, "verflixxt-1", checks) == [7, 9]
    finally:
        pygame.quit()


def test_verflixxt_hats_callout_leaves_the_lucky_hat_pawn_clear_issue_38():
    """issue #38: verflixxt-2's step 12 ("Move your lucky-hat pawn 6 tiles") hid the
    risk tile pawn a stands on with Cookie's pawn beside it."""
    app = lesson_app()
    try:
        scene = open_lesson(app, "verflixxt", "verflixxt-2")
        assert _walk(app, scene, "verflixxt-2", {12: _pawn_and_tiles}) == [12]
    finally:
        pygame.quit()


# -- Eight Routes ---------------------------------------------------------------------------
def _square(face: int):
    def found(scene, step) -> list[tuple[str, pygame.Rect]]:
        return [(f"square {face}", scene.game.model.squares[face - 1])]

    return found


def _markers_on(route: int):
    def found(scene, step) -> list[tuple[str, pygame.Rect]]:
        table = scene.game
        seats = range(scene.state.players)
        rects = [(f"marker {route}/{s}", table.marker_rect(route, s)) for s in seats]
        return [(name, rect) for name, rect in rects if rect is not None]

    return found


def _both(*finders):
    def found(scene, step):
        return [piece for finder in finders for piece in finder(scene, step)]

    return found


@pytest.mark.parametrize("size", SIZES)
def test_routes_callouts_leave_the_dice_and_markers_clear_issue_38(size):
    """issue #38: routes-1's step 4 ("press All on the 3s") hid the 3s in the lid; step 9
    ("a 5 turns into a 6") the 5s and the 6s; step 13 ("he started a marker on route 5")
    Captain Bill's marker on route 5."""
    app = lesson_app(size=size)
    try:
        scene = open_lesson(app, "routes", "routes-1")
        checks = {
            4: _square(3),
            9: _both(_square(5), _square(6)),
            13: _both(_markers_on(4), _markers_on(5)),
        }
        assert _walk(app, scene, "routes-1", checks) == [4, 9, 13]
    finally:
        pygame.quit()


# -- Cluck-peep! ----------------------------------------------------------------------------
def _laid_way(scene, step) -> list[tuple[str, pygame.Rect]]:
    """Points along the way the learner's chicken would walk with the step's tile laid
    as it asks (the rules' preview, on screen as the table maps the ladder), and the
    chicken."""
    table = scene.game
    action = parse_action(step.expect)
    assert isinstance(action, PlaceTile)
    me = scene.guide.learner
    shown = preview(scene.state.view(me), me, action.tile, action.turned)[me]
    points = [table.geometry.to_screen(c, y) for c, y in shown.trace.points]
    area = table.model.area
    out = []
    for i, ((ax, ay), (bx, by)) in enumerate(itertools.pairwise(points)):
        for k in range(9):  # along each segment of the line
            x, y = ax + (bx - ax) * k / 8, ay + (by - ay) * k / 8
            dot = pygame.Rect(round(x) - 2, round(y) - 2, 4, 4)
            if area.contains(dot):
                out.append((f"way {i}.{k}", dot))
    chicken = table.guide.chicken_rect(me)
    return out + ([("chicken", chicken)] if chicken is not None else [])


@pytest.mark.parametrize("size", SIZES)
def test_cluck_callout_leaves_the_laid_tiles_way_clear_issue_38(size):
    """issue #38: cluck-1's step 14 ("place tile 7 as it is: the dotted line passes a
    chick and ends on a nest") hid that line where tile 7 would lead it."""
    app = lesson_app(size=size)
    try:
        scene = open_lesson(app, "cluck")
        assert _walk(app, scene, "cluck-1", {14: _laid_way}) == [14]
    finally:
        pygame.quit()


# -- the layout audit sees it too ----------------------------------------------------------
@pytest.mark.parametrize(
    "lesson_id, n", [("verflixxt-1", 7), ("routes-1", 4), ("cluck-1", 14)], ids=str
)
def test_the_audit_finds_a_callout_over_a_piece_its_step_names_issue_38(monkeypatch, lesson_id, n):
    """issue #38 (Measured): tools/audit_layout.py finds "a callout over any piece the
    step names" in every game's lessons: clean where the callout is placed as now, a
    bubble_over naming the piece when the callout is put over it (away from the element
    the step points at, which the audit checked before)."""
    from game.app import App
    from game.scenes.table import lesson_callout
    from tools import audit_layout as audit

    app = App(size=(1280, 720), lang="en", persist=False)
    walk = audit._lesson_steps(app, lesson_id)
    try:
        for index, scene, rendered, made in walk:
            if index + 1 == n:
                break
        guide = scene.guide
        step = guide.shown_step()
        assert step is not None and step.index + 1 == n
        found, _ = audit._audit_top(app, lesson_id, scene, rendered, made, None)
        assert [f for f in found if f.kind == "bubble_over"] == []
        element = guide.element(step)
        piece = next(r for r in guide.targets(step) if not r.colliderect(element))

        def over_the_piece(_scene, box, _targets, _board):
            box = pygame.Rect(0, 0, piece.w, piece.h)  # the piece and nothing beside it
            box.center = piece.center
            return box

        monkeypatch.setattr(lesson_callout, "place_callout", over_the_piece)
        found, _ = audit._audit_top(app, lesson_id, scene, rendered, made, None)
        over = [f.detail for f in found if f.kind == "bubble_over"]
        assert any(str(audit._box(piece)) in detail for detail in over), over
    finally:
        walk.close()
        app.stack.clear()
        pygame.quit()


# -- of the places clear of the subject, the one hiding least of the other pieces ----------
def _every_pawn(scene, step) -> list[tuple[str, pygame.Rect]]:
    table = scene.game
    layout = table.geometry
    groups = layout.groups()
    out = []
    for piece in sorted(table.model.table.pieces):
        feet = layout.piece_spot(piece, groups)
        out.append((f"piece {piece}", layout.piece_rect(piece, feet, layout.scale_of(piece))))
    return out


def _every_marker(scene, step) -> list[tuple[str, pygame.Rect]]:
    return [piece for route in range(1, 9) for piece in _markers_on(route)(scene, step)]


def test_callouts_hide_no_other_pawn_or_marker_where_a_place_is_free_issue_38():
    """issue #38: a pawn or a marker the step does not name is still someone's: of the
    places clear of what the step talks about, the callout takes one hiding none of the
    others where there is one (verflixxt-1's step 14 hid Cookie's pawn b on the top row;
    routes-1's step 13 Captain Bill's marker on route 8)."""
    app = lesson_app()
    try:
        scene = open_lesson(app, "verflixxt", "verflixxt-1")
        assert _walk(app, scene, "verflixxt-1", {14: _every_pawn}) == [14]
        app.stack.clear()
        app.push(MenuScene(app))
        scene = open_lesson(app, "routes", "routes-1")
        assert _walk(app, scene, "routes-1", {13: _every_marker}) == [13]
    finally:
        pygame.quit()


def _focus(scene) -> str | None:
    button = scene.game.controls.choices.focused_button()
    return None if button is None else str(button.action)


@pytest.mark.parametrize(
    "game, lesson_id, n", [("verflixxt", "verflixxt-1", 7), ("routes", "routes-1", 4)], ids=str
)
def test_a_steps_action_is_the_focus_so_the_table_previews_it_issue_38(game, lesson_id, n):
    """issue #38: the bar's hint and the board's preview show what the step talks about:
    the control in focus is the one taking the step's action (verflixxt-1's step 7 asked
    to move pawn a while the bar said "pawn c: Start → −5"), and the preview shows it."""
    app = lesson_app()
    try:
        scene = open_lesson(app, game, lesson_id)
        while True:
            step = wait_for_step(app, scene)
            if step.index + 1 == n:
                break
            do_step(app, scene, step)
        assert _focus(scene) == step.expect
        attention = scene.game.controls.choices.attention()
        assert attention is not None and str(attention.action) == step.expect
    finally:
        pygame.quit()


def test_a_steps_first_frame_already_previews_its_action_issue_38():
    """issue #38: a step's first frame shows its action previewed (Eight Routes' step 4:
    "Take all 2 dice showing 3: route 3 +2", the ghost marker on route 3), not the frame
    before the guide put the focus on its control (and the audit found the hint of that
    stale frame drawn but not shown): the guide puts the focus on its control before the
    table is composed. The frame drawn once is the frame drawn twice."""
    from game.app import App
    from game.screenshot import show_lesson_step

    app = App(size=(1280, 720), lang="en", persist=False)
    try:
        app.push(MenuScene(app))
        scene = show_lesson_step(app, "routes-1", 4)
        assert scene.guide.shown_step().index == 3
        app.draw()
        first = pygame.image.tobytes(app.screen, "RGB")
        assert _focus(scene) == "A 3"
        app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == first
    finally:
        app.stack.clear()
        pygame.quit()
