"""issue #38's frame benchmark at 2560x1440 (tools/bench_frames.py): the slow frames were
the still picture painted again, and the last moves' marks cut into cells in one frame.
The compositor counts its repaints and names what of its key changed; the tables paint
the still picture again only when what it shows changed, and what a partial repaint
draws is pixel for pixel what a whole repaint draws. (Timings are the benchmark's
figures, never asserted here.)"""

from __future__ import annotations

import time

import pygame
import pytest

from game.scenes.table.compose import Compositor, changed_part
from game.ui import theme
from game.ui.widgets import TextSink, draw_text, paint_picture


class _Table:
    """A game whose still picture shows ``key``."""

    def __init__(self) -> None:
        self.key: tuple = ("board", (1, 2, 3))

    def static_key(self):
        return self.key

    def paint_static(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)

    def paint_moving(self, surface: pygame.Surface) -> None:
        pass


class _Frame:
    def panels(self):
        return []

    def hint_text(self) -> str:
        return "hint"

    def draw_thinking_cue(self, surface: pygame.Surface) -> None:
        pass


def test_issue_38_the_compositor_counts_its_repaints_and_names_what_changed():
    """issue #38 (frame benchmark): each repaint of the still picture is counted, with
    the part of its key that changed (the benchmark's reason for a slow frame)."""
    pygame.init()
    table = _Table()
    compositor = Compositor(table, _Frame())
    screen = pygame.Surface((64, 48))
    compositor.compose(screen, None)
    assert (compositor.repaints, compositor.why) == (1, "new")
    compositor.compose(screen, None)
    assert compositor.repaints == 1
    table.key = ("board", (1, 5, 3))
    compositor.compose(screen, None)
    assert (compositor.repaints, compositor.why) == (2, "game[1][1]")
    compositor.compose(pygame.Surface((32, 48)), None)
    assert (compositor.repaints, compositor.why) == (3, "size[0]")  # its width


def test_issue_38_changed_part_finds_the_first_difference_as_a_path():
    """issue #38 (frame benchmark): the path into the key down to the first item that
    differs; a key that changed its shape is named where the shapes part."""
    old = ((10, 10), ("a", (1, 2)), "hint", None)
    assert changed_part(old, ((10, 10), ("a", (1, 3)), "hint", None)) == "game[1][1]"
    assert changed_part(old, ((10, 10), ("a", (1, 2)), "hint", ("marks",))) == "marks"
    assert changed_part(old, ((10, 10), ("a", (1, 2, 3)), "hint", None)) == "game[1]"
    assert changed_part(old, ((10, 10), "other", "hint", None)) == "game"


def _backdrop(size: tuple[int, int]) -> pygame.Surface:
    """An opaque surface of many colours (a blend shows its rounding on each)."""
    surface = pygame.Surface(size)
    for x in range(0, size[0], 9):
        for y in range(0, size[1], 7):
            surface.fill(((x * 3) % 256, (y * 5) % 256, (x + y) % 256), (x, y, 9, 7))
    return surface


def test_issue_38_a_window_wide_trail_is_cut_over_several_frames_to_the_same_picture():
    """issue #38 (frame benchmark, 2560x1440): a trail across the window is ~1500 cells;
    cut in one frame it was every table's slowest frame. It is cut a few cells a frame
    (the whole layer blitted meanwhile), and every frame lays the same pixels."""
    from game.scenes.table.news_marks import CUT_CELLS, LastMoves, Mark

    pygame.init()
    size = (2560, 1440)
    px = lambda value: round(value * 2)  # the 2560x1440 scale
    trail = [(100.0, 100.0), (1200.0, 300.0), (2400.0, 1300.0), (300.0, 1200.0)]
    marks = LastMoves()
    marks.saw([Mark(0, "pawn:r1", [lambda p=p: p for p in trail])])
    colour = lambda seat: (200, 60, 60)
    first = marks.layer(colour, px, size)
    assert first is not None and len(first[1]) == 1  # painted: blitted whole
    expected = _backdrop(size)
    expected.blits(first[1], doreturn=False)
    frames = [marks.layer(colour, px, size) for _ in range(40)]
    assert all(kept is not None and kept[0] == first[0] for kept in frames)
    whole = [kept for kept in frames if kept is not None and len(kept[1]) == 1]
    assert len(whole) >= 2  # more cells than a frame cuts: still whole the next frames
    cut = frames[-1]
    assert cut is not None and len(cut[1]) > 1  # cut in the end
    w, h = first[1][0][0].get_size()
    assert len(range(0, w, 32)) * len(range(0, h, 32)) > 2 * CUT_CELLS
    got = _backdrop(size)
    got.blits(cut[1], doreturn=False)
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(expected, "RGB")


def _rounded_the_whole_way(surface: pygame.Surface, radius: int) -> None:
    """The tile's round corners as they were cut before issue #38's frame work: the whole
    mask supersampled, smooth-scaled and blended."""
    from game.ui import smooth

    def mask(big: pygame.Surface, k: int) -> None:
        big.fill((255, 255, 255, 0))
        pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=radius * k)

    corners = smooth.supersampled(surface.get_size(), mask, 2)
    surface.blit(corners, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def test_issue_38_a_tiles_round_corners_cut_by_their_corners_alone_are_the_same_pixels():
    """issue #38 (frame benchmark, Cluck-peep! at 2560x1440): the round corners' mask is
    smooth-scaled and blended at the four corners only (the rest of it is opaque white),
    and cuts every pixel as the whole mask did: wide tiles, small ones, odd sizes."""
    from game.ui import smooth

    pygame.init()
    for w, h in ((1750, 216), (1750, 172), (437, 108), (90, 40), (33, 17), (12, 9), (8, 8)):
        radius = max(4, h // 6)
        painted = pygame.Surface((w, h), pygame.SRCALPHA)
        for x in range(0, w, 3):
            painted.fill(((x * 7) % 256, (x * 3) % 200, 90, 150 + x % 100), (x, 0, 3, h))
        expected, got = painted.copy(), painted.copy()
        _rounded_the_whole_way(expected, radius)
        for corner, at in smooth.corner_mask((w, h), radius, 2):
            got.blit(corner, at, special_flags=pygame.BLEND_RGBA_MIN)
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(expected, "RGBA"), (w, h)


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (6, 9)])
def test_issue_38_verflixxt_paints_its_board_again_only_where_pieces_moved(players, seed):
    """issue #38 (frame benchmark: a pawn landing painted the whole board again, the
    slowest Verflixxt! frame at 2560x1440): when only where pieces stand changed, the
    kept board is painted again only where they stood and stand now -- never whole --
    and so is the compositor's still picture around it; each is pixel for pixel, text
    for text, the picture painted whole."""
    from tests.scene_helpers import make_app, push_game

    app = make_app((1280, 720))
    try:
        scene = push_game(app, "verflixxt", [], players, seed, {"variant": "hats"}, "easy")
        drawing = scene.game.drawing
        whole: list[int] = []
        own = drawing._paint_board

        def counted(layer, movable, attack, looked):
            if layer.get_clip() == layer.get_rect():
                whole.append(1)
            own(layer, movable, attack, looked)

        drawing._paint_board = counted
        partial = compared = in_places = 0
        key = None
        deadline = time.monotonic() + 60  # computers decide on their threads
        while not scene.session.state.is_over() and time.monotonic() < deadline:
            drawing.board_picture.repainted_places = []
            app.step(1 / 30)
            if not app.busy():
                time.sleep(0.002)
            kept = drawing.board_picture.layer
            if kept is None or kept[0] == key:
                continue
            painted_whole = bool(whole)
            whole.clear()
            if drawing.board_picture.repainted_places:
                assert not painted_whole  # pieces moved: painted where they did only
                partial += 1
                layer = pygame.Surface(kept[1].image.get_size())
                looks = drawing._board_looks()
                fresh = paint_picture(layer, lambda s, _r, looks=looks: own(s, *looks))
                assert pygame.image.tobytes(fresh.image, "RGB") == pygame.image.tobytes(
                    kept[1].image, "RGB"
                )
                assert fresh.texts == kept[1].texts and fresh.icons == kept[1].icons
                compared += 1
            compositor = scene.compositor
            if compositor.places:  # the still picture too, where the pieces moved only
                size = app.screen.get_size()
                kept_still = compositor.still(size).copy()
                texts, icons = compositor._texts, compositor._icons
                compositor.forget()
                whole_still = compositor.still(size)  # painted whole
                assert pygame.image.tobytes(whole_still, "RGB") == pygame.image.tobytes(
                    kept_still, "RGB"
                )
                assert compositor._texts == texts and compositor._icons == icons
                in_places += 1
            key = kept[0]
            if compared >= 12 and in_places >= 3:
                break
        assert partial >= 6 and compared >= 6 and in_places >= 3
    finally:
        pygame.quit()


class _Places(_Table):
    """A game that paints a square where its key says and knows where it changed."""

    def __init__(self) -> None:
        super().__init__()
        self.key = ("square", 10)
        self.told: list[pygame.Rect] | None = None

    def paint_static(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        surface.fill((200, 40, 40), (self.key[1], 10, 12, 12))
        draw_text(surface, "still", 14, (2, 30))

    def still_places(self, before, now):
        self.told = [pygame.Rect(before[1], 10, 12, 12), pygame.Rect(now[1], 10, 12, 12)]
        return self.told


def test_issue_38_the_compositor_paints_a_still_picture_again_only_where_it_changed():
    """issue #38 (dirty rectangles): a game that says where its still picture changed
    has it painted again there only (what lies elsewhere is kept: a mark drawn there
    stays), the same pixels where it changed, and its texts all written down."""
    pygame.init()
    table = _Places()
    compositor = Compositor(table, _Frame())
    screen = pygame.Surface((80, 48))
    compositor.compose(screen, None)
    still = compositor.still((80, 48))
    still.fill((1, 2, 3), (60, 40, 4, 4))  # outside any place: a partial repaint keeps it
    table.key = ("square", 30)
    sink = TextSink()
    compositor.compose(screen, sink)
    assert compositor.places == table.told and compositor.repaints == 2
    assert still.get_at((61, 41))[:3] == (1, 2, 3)  # not painted again there
    assert still.get_at((15, 15))[:3] == theme.BG[:3]  # where the square was
    assert still.get_at((35, 15))[:3] == (200, 40, 40)  # where it is
    assert [t.text for t in sink.texts] == ["still"]
    table.key = ("other", 30)  # the game does not know where: painted whole
    table.still_places = lambda before, now: None
    compositor.compose(screen, None)
    assert compositor.places == [] and still.get_at((61, 41))[:3] == theme.BG[:3]


def test_issue_38_cluck_never_paints_the_same_tile_picture_twice_while_its_rows_ease():
    """issue #38 (frame benchmark, Cluck-peep! at 2560x1440: the slowest frames painted
    tile pictures): the dashed frames and faded copies made while the rows ease, one per
    frame, filled the tiles' cache, emptied every few frames, and the same tile
    pictures were painted again and again. A tile picture is painted once per look and
    size (until a new layout)."""
    from tests.scene_helpers import make_app, push_game

    app = make_app((1280, 720))
    try:
        scene = push_game(app, "cluck", [], 4, 3, {}, "easy")
        art = scene.game.drawing.art
        painted: list[tuple] = []
        own = art._paint_tile

        def counted(surface, kind, tile, turned):
            painted.append((kind, tile, turned, surface.get_size()))
            own(surface, kind, tile, turned)

        art._paint_tile = counted
        placed = lambda: len(scene.session.state.ladder) >= 4
        deadline = time.monotonic() + 60  # computers decide on their threads
        eased = 0
        while not placed() and time.monotonic() < deadline:
            app.step(1 / 60)
            eased += art._rest_h is not None
            if not app.busy():
                time.sleep(0.002)
        assert placed() and eased > 20  # the rows eased, frame after frame
        assert painted and len(painted) == len(set(painted))
    finally:
        pygame.quit()


def test_issue_38_bench_frames_names_the_repaints_and_the_slowest_frames_cause():
    """issue #38 (tools/bench_frames.py): the benchmark says how many frames painted the
    still picture again and why, and what the slowest 1% of frames spent most on."""
    from tools.bench_frames import Frame, Phases, causes

    still = {"update": 0.0, "still picture": 0.015, "moving layer": 0.002, "marks": 0.001}
    calm = {"update": 0.0005, "still picture": 0.0, "moving layer": 0.001, "marks": 0.0}
    frames = [Frame(0.002, 0.002, {**calm, "rest": 0.0005}, "") for _ in range(99)]
    frames.append(Frame(0.02, 0.019, {**still, "rest": 0.001}, "game[0][8]"))
    text = causes(frames)
    assert "still picture painted on 1 of 100 frames (game[0][8] 1)" in text
    assert "slowest 1% by CPU time (1 frames, from 19.0 ms): still picture (game[0][8]) 1" in text
    phases = Phases()
    phases.spent = {"update": 0.001, "moving layer": 0.004}
    taken = phases.take(0.008)
    assert taken == {
        "update": 0.001,
        "still picture": 0.0,
        "moving layer": 0.004,
        "marks": 0.0,
        "rest": taken["rest"],
    }
    assert abs(taken["rest"] - 0.003) < 1e-9 and phases.spent == {}


def test_issue_38_cluck_paints_the_ladders_tiles_ahead_not_while_its_rows_ease():
    """issue #38 (frame benchmark, Cluck-peep! at 2560x1440: the slowest frames painted
    a ladder tile at its new height, 2-9 ms each, while the rows eased): the tiles on the
    ladder, the person's tiles and the chickens are painted at the height the rows take
    once one more row is laid in frames where the ladder rests, so an ease that follows
    a rest long enough to paint them all paints no picture of a tile that was on the
    ladder before it (only a tile new to the ladder, laid from a computer's hand)."""
    from tests.scene_helpers import make_app, push_game

    app = make_app((1280, 720))
    try:
        scene = push_game(app, "cluck", [], 4, 3, {}, "easy")
        art = scene.game.drawing.art
        table = scene.game.model.table
        painted: list[tuple] = []
        own = art._paint_tile

        def counted(surface, kind, tile, turned):
            painted.append((kind, tile))
            own(surface, kind, tile, turned)

        art._paint_tile = counted
        ready = [False]  # this frame's look ahead found every picture painted already
        own_ahead = art.paint_ahead

        def ahead(*args):
            painted_one = own_ahead(*args)
            ready[0] = not painted_one
            return painted_one

        art.paint_ahead = ahead
        placed = lambda: len(scene.session.state.ladder) >= 5
        deadline = time.monotonic() + 60  # computers decide on their threads
        easing, rested, counted_ease, eases = False, False, False, 0
        before: set[tuple] = set()  # the ladder's tiles when the ease began
        during: list[tuple] = []  # painted during eases that followed a rest
        while not placed() and time.monotonic() < deadline:
            on_ladder = {
                (s.kind, s.tile) for s in [table.start, *table.roads, table.hidden, table.goal] if s
            }
            painted.clear()
            ready[0] = False
            app.step(1 / 60)
            table = scene.game.model.table
            now = art._rest_h is not None
            if now and not easing:  # an ease begins: all painted ahead before it?
                counted_ease = rested
                eases += rested
                before = on_ladder
            if now and counted_ease:
                during += [look for look in painted if look in before]
            rested = not now and ready[0]
            easing = now
            if not app.busy():
                time.sleep(0.002)
        assert placed() and eases >= 2  # the rows eased after resting, twice or more
        assert art.painted_ahead > 0
        assert during == []
    finally:
        pygame.quit()


def _whole_dashed_frame(rect: pygame.Rect, colour, width: int, dash: int) -> pygame.Surface:
    """The dashed frame as Cluck-peep! drew it before its sides were kept apart: every
    dash onto one see-through picture with a margin, laid at ``rect`` less the margin."""
    margin = width + 1
    picture = pygame.Surface((rect.w + 2 * margin, rect.h + 2 * margin), pygame.SRCALPHA)
    r = pygame.Rect(margin, margin, rect.w, rect.h)
    for x in range(r.left, r.right, dash * 2):
        end = min(x + dash, r.right)
        pygame.draw.line(picture, colour, (x, r.top), (end, r.top), width)
        pygame.draw.line(picture, colour, (x, r.bottom - 1), (end, r.bottom - 1), width)
    for y in range(r.top, r.bottom, dash * 2):
        end = min(y + dash, r.bottom)
        pygame.draw.line(picture, colour, (r.left, y), (r.left, end), width)
        pygame.draw.line(picture, colour, (r.right - 1, y), (r.right - 1, end), width)
    return picture


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_issue_38_cluck_dashed_frames_by_their_sides_are_the_same_pixels(size):
    """issue #38 (frame benchmark, Cluck-peep! at 2560x1440: a dashed frame for the gap
    and the next nest tile was painted whole at each height while the rows eased): its
    top and bottom dashes are kept per width, its sides per height; laid down they are
    pixel for pixel the frame drawn whole, over a patterned ground, at many sizes."""
    from game.scenes.cluck.art import MEADOW_EDGE, STRAW_EDGE
    from tests.scene_helpers import make_app, push_game

    app = make_app(size)
    try:
        scene = push_game(app, "cluck", [], 4, 3, {}, "easy")
        art = scene.game.drawing.art
        dash = scene.px(10)
        ground = pygame.Surface((1900, 400))
        for i in range(0, 1900, 7):
            ground.fill(((i * 37) % 256, (i * 11) % 256, (i * 5) % 256), (i, 0, 7, 400))
        checked = 0
        for w in (50, 233, 874, 1750):
            for h in range(8, 260, 13):
                for colour, width in ((STRAW_EDGE, 2), (MEADOW_EDGE, 2), (MEADOW_EDGE, 3)):
                    rect = pygame.Rect(40, 30, w, h)
                    ours, whole = ground.copy(), ground.copy()
                    art.dashed_rect(ours, rect, colour, width)
                    margin = width + 1
                    whole.blit(
                        _whole_dashed_frame(rect, colour, width, dash), rect.move(-margin, -margin)
                    )
                    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(
                        whole, "RGB"
                    ), (
                        w,
                        h,
                        width,
                    )
                    checked += 1
        assert checked == 4 * 20 * 3
        # while the rows ease (one width, a height a frame) the top and bottom dashes
        # are drawn once, only the sides at each height
        art.forget()
        drawn: list[str] = []
        across, down = art._across, art._down
        art._across = lambda *a: (drawn.append("across"), across(*a))
        art._down = lambda *a: (drawn.append("down"), down(*a))
        for h in range(100, 180, 4):
            art.dashed_rect(ground, pygame.Rect(40, 30, 1750, h), STRAW_EDGE)
        assert drawn.count("across") == 1 and drawn.count("down") == 20
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_issue_38_cluck_gap_veil_laid_in_pieces_is_the_veil_painted_whole(size):
    """issue #38 (frame benchmark, Cluck-peep! at 2560x1440: the gap's veil was painted
    whole at each height while the rows eased): laid from its kept top, middle and bottom
    rows it is pixel for pixel the veil painted whole, over a patterned ground, at heights
    from 4 px up; the rows of one width are painted once per corner radius."""
    from game.scenes.cluck import draw
    from tests.scene_helpers import make_app, push_game

    app = make_app(size)
    try:
        scene = push_game(app, "cluck", [], 4, 3, {}, "easy")
        drawing = scene.game.drawing
        ground = pygame.Surface((1900, 400))
        for i in range(0, 1900, 5):
            ground.fill(((i * 37) % 256, (i * 11) % 256, (i * 5) % 256), (i, 0, 5, 400))
        made = []
        own = draw._shade_pieces
        draw._shade_pieces = lambda *a: (made.append(a), own(*a))[1]
        try:
            for w in (60, 874, 1750):
                for h in [*range(4, 40), *range(40, 300, 7)]:
                    rect = pygame.Rect(30, 20, w, h)
                    ours, whole = ground.copy(), ground.copy()
                    drawing._lay_shade(ours, rect)
                    whole.blit(draw.slot_shade(rect.size), rect)
                    same = pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(whole, "RGB")
                    assert same, (w, h)
        finally:
            draw._shade_pieces = own
        radii = {
            (w, min(max(4, h // 6), w // 2, h // 2)) for w in (60, 874, 1750) for h in range(4, 300)
        }
        assert len(made) <= len(radii) + 3 * 4  # a taller middle now and then
    finally:
        pygame.quit()
