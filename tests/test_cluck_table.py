"""The Cluck-peep! table on the shared frame, as issue #17 asked for it: the ladder and
the hand use their room, the preview's lines read (side by side where two chickens
share a rung, never across the face-down tile), START and the nest tiles are named in
Japanese, and the pieces that fly to a seat land in its panel."""

import itertools
import re
from functools import partial

import pygame
import pytest

from game.scenes.cluck.preview import cut_band
from game.scenes.table import playing
from game.ui import fonts, sprites, widgets
from tests import scene_helpers
from tests.scene_helpers import make_app, push_game

step_until = partial(scene_helpers.step_until, frames=6000, dt=1 / 30)


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)
    yield
    fonts.reset()
    sprites.reset()


def _table(size, lang="en", players=4, variant="base", seed=3):
    app = make_app(size, lang)
    options = {"variant": variant}
    scene = push_game(app, "cluck", {0}, players, seed, options, level="normal")
    return app, scene


def _settled(app, scene):
    scene.player.skip()
    for _ in range(90):  # rows and zoom ease to where they belong
        app.step(1 / 30)
    app.draw()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
@pytest.mark.parametrize("players", [2, 4])
def test_the_ladder_and_the_hand_use_the_room(size, players):
    """Issue #17: ~40% of the board was empty at the start and most of "Your tiles"."""
    app, scene = _table(size, players=players)
    try:
        assert step_until(app, lambda: scene.game.controls.my_turn() == "hole")
        _settled(app, scene)
        area = scene.game.model.area
        top = scene.game.geometry.band_rect(scene.game.model.table.start.row).top
        bottom = scene.game.geometry.band_rect(scene.game.model.table.goal.row).bottom
        assert area.top <= top and bottom <= area.bottom
        covered = scene.game.model.band_w * (bottom - top) / (area.w * area.h)
        assert covered > 0.6, f"the ladder covers {covered:.0%} of its part of the board"
        assert scene.game.model.band_w > 0.75 * area.w
        # the hand: its tiles take most of the bar beside the title and the buttons
        controls = scene.plan.controls
        tiles = scene.game.model.hand_rects
        free = scene.game.model.play_buttons[0].rect.x - scene.game.model.hand_title.right
        assert sum(t.w for t in tiles) > 0.7 * free
        assert all(t.h > 0.45 * controls.h and t.w > 3 * t.h for t in tiles)
    finally:
        pygame.quit()


def test_cut_band_keeps_what_lies_above_and_below_a_band():
    path = [(10, 0), (10, 20), (30, 20), (30, 100)]
    assert cut_band(path, 40, 60) == [
        [(10, 0), (10, 20), (30, 20), (30, 40)],
        [(30, 60), (30, 100)],
    ]
    assert cut_band(path, 200, 300) == [path]
    assert cut_band([(5, 50), (5, 55)], 40, 60) == []


def _segments(piece):
    return list(itertools.pairwise(piece))


def _side_by_side(a, b, gap: float) -> bool:
    """Two axis-parallel segments overlap along their length closer than ``gap`` (one
    line would be drawn over the other)."""
    (a0, a1), (b0, b1) = a, b
    for along, across in ((0, 1), (1, 0)):  # horizontal, then vertical
        if a0[across] == a1[across] and b0[across] == b1[across]:
            lo, hi = sorted((a0[along], a1[along])), sorted((b0[along], b1[along]))
            if min(lo[1], hi[1]) - max(lo[0], hi[0]) > 0.5:
                return abs(a0[across] - b0[across]) < gap
    return False


def test_preview_lines_run_side_by_side_and_stop_at_the_hidden_tile():
    """CP-6: chickens at columns c and c+1 meeting the rung c|c+1 both walk it (in
    opposite directions). Their preview lines must not lie on one another there, and
    no line is drawn across the face-down tile (the preview passes it straight: its
    rungs are unknown)."""
    app, scene = _table((1280, 720), players=4, seed=5)
    shared = 0
    try:
        for _turn in range(3):  # the person's first three tiles
            assert step_until(
                app, lambda: scene.game.controls.my_turn() is not None or scene.state.is_over()
            )
            if scene.state.is_over():
                break
            while scene.game.controls.my_turn() == "hole":
                scene.game.controls.choose_hole(scene.game.controls.free_holes(0)[0])
                assert step_until(app, lambda: scene.game.controls.my_turn() is not None)
            _settled(app, scene)
            hidden = scene.game.geometry.band_rect(scene.game.model.table.hidden.row)
            for tile, turned in itertools.product(list(scene.game.model.table.hand), (False, True)):
                scene.game.model.sel_tile, scene.game.model.turned = tile, {tile: turned}
                result = scene.game.controls.current_preview(0)
                rungs = [
                    {(a, b) for a, b in itertools.pairwise(r.trace.points) if a[1] == b[1]}
                    for r in result.values()
                ]
                shared += sum(
                    bool({(b, a) for a, b in x} & y) for x, y in itertools.combinations(rungs, 2)
                )
                paths = scene.game.preview.paths(result)
                gap = scene.game.preview.width() + 4  # a line and its light outline
                for p, q in itertools.combinations(paths, 2):
                    for a in (s for piece in paths[p] for s in _segments(piece)):
                        for b in (s for piece in paths[q] for s in _segments(piece)):
                            assert not _side_by_side(a, b, gap), (p, q, a, b)
                for pieces in paths.values():
                    assert len(pieces) == 2  # above the "?" and below it
                    for x, y in (pt for piece in pieces for pt in piece):
                        assert not hidden.top < y < hidden.bottom
                app.draw()  # and it draws
            scene.game.controls.place_selected()
        assert shared, "no two chickens shared a rung: the test saw nothing"
    finally:
        pygame.quit()


def _texts(app, scene) -> list[str]:
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
        return [t.text for t in sink.texts]


def test_start_and_the_nest_tiles_are_named_in_japanese():
    """Issue #17: "START" and "N2/N4" were drawn untranslated on the Japanese table."""
    app, scene = _table((1280, 720), lang="ja", players=3)
    try:
        assert step_until(app, lambda: scene.game.controls.my_turn() == "hole")
        _settled(app, scene)
        texts = _texts(app, scene)
        assert "スタート" in texts and "巣" in "".join(texts)
        assert not [t for t in texts if "START" in t or re.search(r"\bN\d", t)], texts
        # K-3: the nest stack's whole order is shown, named the same way
        assert any(t.startswith("巣") and "→" in t for t in texts)
        lines = [scene.describe(e) for e in scene.state.opening_events]
        assert not [t for t in lines if t and ("START" in t or re.search(r"\bN\d", t))]
    finally:
        pygame.quit()


def test_what_flies_to_a_seat_lands_in_its_panel():
    """A drawn tile flies to the seat's hand, a chick to its stand: both inside the
    seat's panel on the frame's right side."""
    app, scene = _table((1024, 600), players=4)
    try:
        _settled(app, scene)
        for p in range(4):
            extras = scene.frame.seat_parts(p).extras.inflate(4, 4)
            for i in range(3):
                assert extras.collidepoint(scene.game.geometry.anchor(("hand", p, i)))
            for i in range(8):
                assert extras.collidepoint(scene.game.geometry.anchor(("stand", p, i)))
            assert scene.plan.seats[p].collidepoint(scene.game.geometry.anchor(("card", p)))
    finally:
        pygame.quit()
