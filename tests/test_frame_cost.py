"""issue #38's frame benchmark (tools/bench_frames.py): Cluck-peep! drew at 3.8-4x its
bare-blit floor, half of it blending the last moves' see-through marks over every frame.
The marks are blitted only where they are painted, and lie in the still picture while
only pieces move over a ladder at rest; the picture a person sees at rest is the same
pixel for pixel. (Timings are the benchmark's figures, never asserted here.)"""

from __future__ import annotations

import pygame

from game.scenes.table.news_marks import LastMoves, Mark
from tests.scene_helpers import click, make_app, push_game, step_until


def _px(value: float) -> int:
    return round(value * 1.5)


SHAPES = [
    ((200, 60, 60), ((100.0, 40.0), (100.0, 160.0), (190.0, 160.0), (190.0, 300.0)), 22.0, None),
    ((40, 90, 200), (), None, (320, 200, 60, 40)),
]


def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface of many colours (a blend shows its rounding on each)."""
    surface = pygame.Surface(size)
    for x in range(0, size[0], 7):
        for y in range(0, size[1], 5):
            surface.fill(((x * 3) % 256, (y * 5) % 256, (x + y) % 256), (x, y, 7, 5))
    return surface


def test_issue_38_marks_blitted_in_their_painted_cells_give_the_same_picture():
    """issue #38 (frame cost): the marks' layer blitted as its painted cells, each at
    alpha 210, lays the same pixels as the whole layer at alpha 210, with far fewer
    pixels blended (a trail is thin; its box mostly empty)."""
    pygame.init()
    box = LastMoves._bounds(SHAPES, _px)
    layer = LastMoves._paint(box, SHAPES, _px)
    whole = layer.copy()
    whole.set_alpha(210)
    size = (box.right + 20, box.bottom + 20)
    expected, got = _backdrop(size), _backdrop(size)
    expected.blit(whole, box.topleft)
    pieces = LastMoves._pieces(layer, box.topleft)
    got.blits(pieces, doreturn=False)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB")
    blended = sum(piece.get_width() * piece.get_height() for piece, _at in pieces)
    assert blended < 0.5 * box.w * box.h
    assert all(piece.get_alpha() == 210 for piece, _at in pieces)


def _cluck_with_marks(app):
    """A Cluck-peep! table of computers, played until its chickens have walked (their
    trails marked) and nothing moves."""
    scene = push_game(app, "cluck", [], 3, 2, {}, "easy")
    walked = lambda: bool(scene.last_moves.marks) and not scene.player.busy()
    assert step_until(app, walked, 4000, 1 / 30)
    return scene


def test_issue_38_cluck_lays_the_marks_in_the_still_picture_and_the_picture_is_the_same():
    """issue #38 (frame cost): on a ladder at rest the marks lie in the still picture
    (blended once, not over every frame: the scene does not draw them again), and what
    the screen shows is pixel for pixel what drawing them over everything showed."""
    app = make_app((1280, 720))
    try:
        scene = _cluck_with_marks(app)
        scene.last_moves.saw(
            [Mark(1, "test", [lambda: scene.plan.board.center, lambda: (200.0, 300.0)])]
        )
        drawn: list[int] = []
        own = scene.last_moves.draw

        def spy(*args, **kwargs):
            drawn.append(1)
            own(*args, **kwargs)

        scene.last_moves.draw = spy
        app.draw()
        app.draw()  # the ladder stood still for a frame: it is in the still picture
        assert scene.game.marks_in_still() and scene.compositor.folded
        assert drawn == [] or len(drawn) == 1  # the first frame drew them over, then not
        drawn.clear()
        app.draw()
        assert drawn == []
        folded = app.screen.copy()
        scene.game.marks_in_still = lambda: False  # as before: over everything that moves
        app.draw()
        assert not scene.compositor.folded and drawn == [1]
        over = app.screen.copy()
        assert pygame.image.tobytes(folded, "RGB") == pygame.image.tobytes(over, "RGB")
    finally:
        pygame.quit()


def test_issue_38_cluck_draws_the_marks_over_a_person_placing_a_tile():
    """issue #38 (frame cost): while the person places a tile the preview's lines move
    over the ladder every frame: the marks stay over them, not in the still picture."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "cluck", [0], 3, 2, {}, "easy")
        mine = lambda: scene.game.controls.my_turn() is not None and not scene.player.busy()
        assert step_until(app, mine, 4000, 1 / 30)
        while scene.game.controls.my_turn() == "hole":  # the chicken set on its hole first
            column = scene.state.legal_actions(0)[0].column
            click(app, scene.game.geometry.hole_rect(column).center)
            assert step_until(app, mine, 4000, 1 / 30)
        assert scene.game.controls.my_turn() == "place"
        scene.last_moves.saw([Mark(1, "test", [lambda: (300.0, 200.0), lambda: (300.0, 400.0)])])
        app.draw()
        app.draw()
        assert not scene.game.marks_in_still() and not scene.compositor.folded
    finally:
        pygame.quit()


def test_issue_38_marks_that_change_every_frame_are_not_cut_every_frame():
    """issue #38 (frame cost): while the board moves under the marks (a ladder easing
    to its new rows) they change every frame, and cutting them into cells costs more
    than one blit: the first frame blits the whole layer, the next unchanged frame its
    cells; the picture is the same either way."""
    pygame.init()
    marks = LastMoves()
    marks.saw([Mark(0, "chicken:0", [lambda: (60.0, 40.0), lambda: (60.0, 300.0)])])
    size = (400, 400)
    first = marks.layer(lambda seat: (200, 60, 60), _px, size)
    assert first is not None and len(first[1]) == 1  # the whole layer
    second = marks.layer(lambda seat: (200, 60, 60), _px, size)
    assert second is not None and second[0] == first[0] and len(second[1]) > 1  # cut
    a, b = _backdrop(size), _backdrop(size)
    a.blits(first[1], doreturn=False)
    b.blits(second[1], doreturn=False)
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    assert marks.layer(lambda seat: (200, 60, 60), _px, size)[1] is second[1]  # kept
