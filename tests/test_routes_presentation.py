"""Eight Routes at publisher grade (issue #27), headless: the board first (the routes
sheet and the lid take at least 55% of the window at every size and player count), big
saturated dice painted once per size, stacks of markers that stay in their own lane,
lid squares far enough apart to aim at, the results headed by the route badges, and no
text cut with "…"."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.scenes.routes import art as routes_art
from game.scenes.routes.model import ROUTE_COLOURS, ROUTES
from game.scenes.routes.table import RoutesTable
from game.ui import fonts, widgets
from tests.scene_helpers import make_app, push_game, text_problems

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]


def _scene(size, players, lang="en"):
    app = make_app(size=size, lang=lang)
    scene = push_game(app, "routes", (0,), players, 3, {}, level="normal")
    scene.player.skip()
    return app, scene


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_board_takes_at_least_55_percent_of_the_window(size, players):
    """Issue #27, the board first: the board panel (the routes over the lid) is at least
    55% of the window, and the routes and the lid fill it."""
    _app, scene = _scene(size, players)
    try:
        model = scene.game.model
        board = scene.plan.board
        assert board.w * board.h >= 0.55 * size[0] * size[1]
        assert board.contains(model.routes_rect) and board.contains(model.lid_rect)
        used = model.routes_rect.union(model.lid_rect)
        assert used.w * used.h >= 0.9 * board.w * board.h
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_die_on_its_square_is_big_and_crowded_dice_shrink_in_their_square(size):
    """Issue #27: the dice are the core object; one or two on a square are at least
    44 px at 1280x720, scaling with the window; more lie in a honeycomb that shrinks
    with their count and stays inside the square's dice area."""
    _app, scene = _scene(size, 4)
    try:
        model, s = scene.game.model, scene.s
        for count in (1, 2):
            assert model.slot(1, 0, count)[1] >= 44 * s
        for face in range(1, 9):
            area = model.dice_areas[face - 1]
            last = None
            for count in range(1, 9):
                spots = [model.slot(face, i, count) for i in range(count)]
                die = spots[0][1]
                assert last is None or die <= last + 0.01
                last = die
                for (x, y), size_ in spots:
                    box = pygame.Rect(0, 0, 0, 0).inflate(round(size_), round(size_))
                    box.center = (round(x), round(y))
                    assert area.inflate(2, 2).contains(box), (face, count, box, area)
    finally:
        pygame.quit()


def test_a_die_is_saturated_outlined_smooth_cached_and_its_number_at_least_14_px(monkeypatch):
    """Issue #27: a d8 in its route's full colour, with a dark outline, soft shadow and
    smooth (supersampled) edges, its number bold and never under 14 px; each size is
    painted once and kept; a turned die is turned smoothly (rotozoom)."""
    sizes: list[int] = []
    real = routes_art.draw_text

    def spy(surface, text, size, *args, **kwargs):
        sizes.append(size)
        return real(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(routes_art, "draw_text", spy)
    _app, scene = _scene((1280, 720), 3)
    try:
        art = scene.game.art
        art.forget()
        for face in range(1, 9):
            for size in (20, 28, 48, 96):
                sizes.clear()
                image = art.die_image(face, size)
                assert image is art.die_image(face, size)  # painted once per size
                assert sizes and min(sizes) >= 14 and max(sizes) >= size * 0.4
            image = art.die_image(face, 48)
            body = image.get_at((11, 30))  # the top face, beside its number
            colour = ROUTE_COLOURS[face - 1]
            hue = pygame.Color(*colour).hsva
            got = pygame.Color(body.r, body.g, body.b).hsva
            assert got[1] >= hue[1] * 0.75  # saturated: the route's own colour
            alphas = {image.get_at((x, y)).a for x in range(48) for y in range(48)}
            assert len(alphas) > 20  # smooth edges and a soft shadow, not on/off
            turned = art.die_image(face, 48, 20)
            assert turned.get_size() != (48, 48)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_stack_of_five_markers_stays_in_its_own_lane(size):
    """Issue #27: five markers on one space shrink to stand inside their lane (they
    used to climb into the route above); each still rises and leans."""
    _app, scene = _scene(size, 5)
    try:
        model = scene.game.model
        for route in range(1, ROUTES + 1):
            lane = model.lanes[route - 1]
            w = model.marker_width(route, 4, 0, 5)
            top = model.marker_pos(route, 4, 4, 5)[1] - w * 0.75
            assert top >= lane.y
            assert w >= scene.px(12)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_lid_squares_are_targets_far_apart(size):
    """Issue #27: every square one picks dice from is a target at least 24 px across,
    and no two overlap."""
    _app, scene = _scene(size, 3)
    try:
        squares = scene.game.model.squares
        assert all(sq.w >= 24 and sq.h >= 24 for sq in squares)
        for a, b in itertools.pairwise(squares):
            assert b.x - a.x >= 24 and not a.colliderect(b)
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [3, 5])
def test_the_results_are_headed_by_the_route_badges(players, lang):
    """Issue #27: the breakdown's eight columns are headed by the route badges, as the
    board numbers them, never by words cut to "Ro…"."""
    _app, scene = _scene((1024, 600), players, lang)
    try:
        bd = RoutesTable.breakdown(scene.game)
        assert bd.badges == tuple((str(r + 1), ROUTE_COLOURS[r]) for r in range(ROUTES))
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)], ids=["small", "large"])
def test_no_text_is_cut_or_small_on_the_table(size, lang):
    """Issue #27's floors on a table mid-game: every text at least 14 px, inside its
    box, none ending in "…"."""
    app = _scene(size, 5, lang)[0]
    try:
        with widgets.recording(app.screen) as sink:
            app.draw()
        assert sink.texts
        assert text_problems(sink.texts, size) == []
    finally:
        pygame.quit()


def test_the_lid_is_painted_with_smooth_corners_issue_27():
    """Issue #27, smooth: the lid's rounded corner blends into the felt around it (some
    pixels between the cardboard and the ground), not a stair of two colours."""
    _app, scene = _scene((1280, 720), 4)
    try:
        still = scene.compositor.still((1280, 720))
        lid = scene.game.model.lid_rect
        r = max(4, lid.h // 20)
        colours = {still.get_at((lid.x + x, lid.y + y))[:3] for x in range(r) for y in range(r)}
        assert len(colours) >= 3
    finally:
        pygame.quit()


def _larger(size, players, lang="en", text_size=1.4):
    app = make_app(size=size, lang=lang)
    app.settings.text_size = text_size
    scene = push_game(app, "routes", (0,), players, 3, {}, level="normal")
    scene.player.skip()
    return app, scene


@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["small", "large"])
def test_the_route_heads_hold_their_numbers_at_every_text_size(size, text_size):
    """Issue #27: the medals' numbers ("12", "6", "3") keep at least 14 px and stay
    inside their medals at the Larger text size too (the medals grow from their numbers;
    the action's second line goes when the lane cannot hold both), each medal keeps room
    for its holder's mark (>= 16 px) beside its number, and the spaces still hold their
    printed values."""
    app, scene = _larger(size, 5, text_size=text_size)
    try:
        model, board = scene.game.model, scene.game.board
        ranks = scene.session.state.scorer.ranks
        for route in range(1, ROUTES + 1):
            rects = board.medal_rects(route)
            assert len(rects) == len(ranks[route - 1] or ())
            head = model.heads[route - 1]
            for a, b in itertools.pairwise(rects):  # the holder's mark fits between
                assert b.x - a.right >= model.holder - board._medal_pad()
            for rect in rects:
                assert head.contains(rect.inflate(model.holder, 0).clip(head.inflate(9999, 0)))
        assert model.holder >= 16 and model.medal_px >= 14
        with widgets.recording(app.screen) as sink:
            app.draw()
        board_rect = model.routes_rect
        on_board = [t for t in sink.texts if board_rect.contains(t.rect)]
        assert on_board
        assert text_problems(on_board, size) == []
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)], ids=["small", "large"])
def test_markers_and_marks_are_recorded_pieces_of_16_px_or_more(size):
    """Issue #27: every marker is drawn as a recorded piece at least 16 px on its short
    side, with its seat's mark (>= 16 px) laid over it; every seat mark the table draws
    (medal holders, the panels, the log) is 16 px or more."""
    app, scene = _scene(size, 5)
    try:
        spots = scene.game.model.table.spots
        spots.update({(route, route % 5): [float(route), 0.0, 0.0] for route in range(1, 9)})
        spots.update({(2, p): [7.0, float(p), 0.0] for p in range(5)})  # and a stack
        with widgets.recording(app.screen) as sink:
            app.draw()
        markers = [i for i in sink.icons if i.name == "marker"]
        assert markers and all(i.kind == "piece" for i in markers)
        assert all(min(i.rect.size) >= 16 for i in markers)
        marks = [i for i in sink.icons if i.name.startswith("mark:")]
        assert len(marks) >= len(markers)
        assert all(min(i.rect.size) >= 16 for i in marks), [i for i in marks if i.rect.w < 16]
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_drawn_stack_of_five_never_climbs_into_the_row_above(size):
    """Issue #27: five markers on one space of each route, drawn: every one of them (and
    its mark) stays inside its own lane, under the route above, each over 16 px."""
    app, scene = _scene(size, 5)
    try:
        model = scene.game.model
        model.table.spots = {
            (route, p): [4.0, float(p), 0.0] for route in range(1, ROUTES + 1) for p in range(5)
        }
        still = pygame.Surface(app.screen.get_size())
        with widgets.recording(still) as sink:
            scene.game.board.paint_markers(still, scene.game.board.resting())
        markers = [i for i in sink.icons if i.name == "marker"]
        assert len(markers) == 5 * ROUTES
        for route in range(1, ROUTES + 1):
            lane = model.lanes[route - 1]
            drawn = [i.rect for i in markers if lane.colliderect(i.rect)]
            assert len(drawn) == 5
            assert all(lane.contains(r) for r in drawn), (route, drawn, lane)
            assert all(min(r.size) >= 16 for r in drawn)
            tops = [r.y for r in drawn]
            assert tops == sorted(tops, reverse=True)  # each one above the one before
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hints_are_a_main_line_and_a_secondary_line(lang, monkeypatch):
    """Issue #27: Eight Routes' prompts have the shared Hint shape (an instruction and a
    secondary clause), and the hint strip drops the secondary clause before it shrinks
    or cuts the instruction."""
    from game.scenes.table.frame import Hint

    _app, scene = _scene((1024, 600), 3, lang)
    try:
        table = scene.game.model.table
        table.parent, table.current = 1, 0
        monkeypatch.setattr(scene.sharing, "deciding", lambda: 0)  # the person decides
        for mode in ("main", "C", "D", "chip"):
            scene.game.model.mode = mode
            hint = scene.game.seats.hint()
            assert isinstance(hint, Hint) and hint.main and hint.secondary, (mode, hint)
            # one line, as wide as the instruction at the floor
            width = fonts.font(14).size(hint.main)[0] + 2
            box = pygame.Rect(0, 0, width, round(14 * 1.3))
            lines, _size, _h = scene.frame.hint_layout(hint, box)
            assert lines == [hint.main]  # the secondary part left out, the main whole
        scene.game.model.mode = "main"
        monkeypatch.setattr(scene.sharing, "deciding", lambda: None)
        table.current = 2  # someone else's turn: an instruction alone
        assert isinstance(scene.game.seats.hint(), Hint) and scene.game.seats.hint().main
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
def test_all_and_one_keep_14_px_side_by_side_in_their_strip(text_size, lang):
    """Issue #27: a square's All and One buttons share its strip with both words at
    14 px or more (the buttons used to shrink "One" to 12 px at 1024x600)."""
    _app, scene = _larger((1024, 600), 5, lang, text_size)
    try:
        controls, model = scene.game.controls, scene.game.model
        size = controls.strip_size()
        assert size >= 14
        for face in range(1, 9):
            all_rect, one_rect = controls._strip_parts(face, True)
            label = controls.LABEL_AIR
            assert all_rect.w - label >= fonts.font(size, True).size(scene.t("routes.btn_all"))[0]
            assert one_rect.w - label >= fonts.font(size).size(scene.t("routes.btn_one"))[0]
            assert model.strips[face - 1].contains(all_rect.union(one_rect))
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(
    "size", [(1024, 600), (1280, 720), (1920, 1080)], ids=["small", "mid", "large"]
)
def test_larger_text_keeps_every_routes_rule_text(size, lang):
    """Issue #38: with Larger text every route's head keeps its second line (its rule
    text: "from space 5", "Change a die", "1-7 lose points"...), drawn whole inside its
    head; the head's words shrink toward Normal rather than drop (they were dropped at
    Larger text at 1280x720 and 1920x1080)."""
    app, scene = _larger(size, 5, lang)
    try:
        model, board = scene.game.model, scene.game.board
        assert model.head_rows == 2
        with widgets.recording(app.screen) as sink:
            app.draw()
        scorer = scene.session.state.scorer
        for route in range(1, ROUTES + 1):
            second = board.head_lines(route, scorer)[1]
            if not second:
                continue
            head = model.heads[route - 1]
            drawn = [t for t in sink.texts if t.text == second and head.contains(t.rect)]
            assert drawn, f"route {route}: its rule text {second!r} is not drawn in its head"
            assert all(t.size >= 14 and head.contains(t.rect) for t in drawn)
    finally:
        pygame.quit()


@pytest.mark.parametrize("text_size", [1.0, 1.4], ids=["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["small", "large"])
def test_the_dice_rollers_pill_holds_its_word(size, text_size):
    """Issue #38: the "Dice roller" pill in its seat's extras row holds its word whole at
    every text size (at Larger text the word was taller than the pill and spilled over
    it); on a row too short for it at the floor size it is left out (the roller's die says it)."""
    _app, scene = _larger(size, 5, text_size=text_size)
    try:
        seats, table = scene.game.seats, scene.game.model.table
        roller = table.parent
        assert roller is not None
        px = scene.px
        word = scene.t("routes.roller_badge")
        shown = 0
        for high in range(px(16), px(44), max(1, px(3))):
            rect = pygame.Rect(0, 0, px(400), high)
            parts = seats.extras_layout(roller, rect)
            if "badge" not in parts:
                continue
            _word, box, word_px = parts["badge"]
            assert word_px >= 14 and rect.contains(box)
            surface = pygame.Surface(rect.size)
            with widgets.recording(surface) as sink:
                seats.paint_extras(surface, roller, rect)
            drawn = [t for t in sink.texts if t.text == word]
            assert drawn and all(box.contains(t.rect) for t in drawn), (high, box, drawn)
            shown += 1
        assert shown
    finally:
        pygame.quit()
