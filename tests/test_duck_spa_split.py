"""issue #38: the board takes the table, on the Spa too. The Spa's hexes reach every edge
of the felt and no corner holds the whole tray at its usual card size while the board
fills 70% of the window; the tray splits (tray.py's Decision): the hint, the cards and
the tokens in one clear corner, the piles, the Coach and the buttons in another, the
cards drawn smaller, only as far as the board needs, never under the floor where a card
still reads (split_tray.py's ``CARD_FLOOR``). Where even the floor leaves no room (two
ducks each, Larger text) the board gives way as before."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.duck import split_tray
from game.scenes.duck.split_tray import PATTERN_ART
from game.scenes.duck.tray import SplitSearch, hex_boxes
from game.settings import TEXT_SIZES
from game.ui import fonts, widgets
from tests.scene_helpers import click, make_app, push_game
from tests.test_duck_scene import Person, step_until
from tests.test_duck_tray import _deciding, _game, _waiting
from tools.audit_layout import MIN_EXTENT_FILL, extent_fill, find_tray_over_board

SIZES = [(1024, 600), (1280, 720), (1920, 1080), (2560, 1440)]


def _opened(size, text: float, players: int, variant: str, board: str = "spa"):
    """A new game's table with its tray opened, as the person sees it deciding."""
    app = make_app(size)
    app.settings.text_size = text
    scene = push_game(app, "duck", (0,), players, 1, {"variant": variant, "board": board}, "easy")
    if not scene.game.tray.is_open():
        scene.game.tray.toggle()
    return scene


@pytest.mark.parametrize("size", SIZES)
def test_issue_38_the_board_takes_the_table_on_the_spa_with_its_cards_drawn_smaller(size):
    """issue #38: the board takes the table. On the Spa at every size, Normal text, 3 to
    6 seats (beginner and advanced), the board's drawn extent fills >= 70% of the
    window; the open tray is split in two rooms on the felt, each clear of every hex
    and what stands on it, apart; the hint, the hand's cards and the token tray lie in
    the first, the piles, the Coach and the buttons in the second; the cards are
    smaller than a band's, never under the floor; the hound's patterns keep room for
    their routes; the audit finds no tray over a hex."""
    for players, variant in [(3, "beginner"), (4, "advanced"), (5, "beginner"), (6, "advanced")]:
        try:
            scene = _opened(size, 1.0, players, variant)
            game, where = scene.game, (size, players, variant)
            model, layout = game.model, game.geometry
            place = model.tray_place
            assert extent_fill(game.drawn_extent(), size) >= MIN_EXTENT_FILL, where
            assert place.aside is not None, where
            boxes = hex_boxes(model.geo)
            for room in place.rooms:
                assert model.board_rect.contains(room), where
                assert room.collidelist(boxes) < 0, where
            assert not place.room.colliderect(place.aside), where
            assert find_tray_over_board(scene) == [], where
            assert place.room.contains(scene.plan.hint) and place.room.contains(model.cards_rect)
            if model.tray_rect is not None:
                assert place.room.contains(model.tray_rect), where
                assert not model.tray_rect.colliderect(model.cards_rect), where
                # the hound's patterns lie there while it moves: each route drawn over
                # its name's two lines (14 px text), not squeezed out of its tile
                for tile in layout.pattern_tiles(model.tray_rect):
                    assert tile.h >= tile.w * PATTERN_ART + 2 * 16, where
            for rect in (model.buttons_rect, model.info_rect, layout.coach_place(10, 10)):
                assert place.aside.contains(rect), where
            assert not model.info_rect.colliderect(model.buttons_rect), where
            count = scene.state.hand_size + 1  # a full hand and a card on the table
            cards = layout.card_rects(count, first_gap=True)
            assert all(model.cards_rect.contains(r) for r in cards), where
            floor, band = layout.split.card_floor(), layout.split.band_card_w()
            assert floor <= place.card_w < band, where
            assert all(r.w >= floor for r in cards), where
        finally:
            pygame.quit()


def test_issue_38_the_spas_cards_are_made_only_as_small_as_the_board_needs():
    """The split tray's cards are the largest of the widths tried (a band's, 5% of it
    smaller each time, the floor last) for which both rooms find clear corners beside a
    board at 70%: one step larger, none does."""
    for size, players, variant in [((1280, 720), 4, "advanced"), ((1024, 600), 3, "beginner")]:
        try:
            scene = _opened(size, 1.0, players, variant)
            layout, model = scene.game.geometry, scene.game.model
            widths = layout.split.card_widths()
            assert (
                widths[0] == layout.split.band_card_w() and widths[-1] == layout.split.card_floor()
            )
            assert widths == sorted(widths, reverse=True)
            chosen = widths.index(model.tray_place.card_w)
            assert chosen > 0  # a band's own cards leave no room at 70%
            search = SplitSearch(model.geo.coords, model.board_rect, scene.px, size)
            aside = layout.split.aside_size()
            larger = layout.split.hand_size(widths[chosen - 1])
            assert search.place(larger, aside) is None, size
            assert search.place(layout.split.hand_size(widths[chosen]), aside) is not None
        finally:
            pygame.quit()


def test_issue_38_two_ducks_each_lay_their_tokens_with_the_buttons_on_the_spa():
    """With two ducks each (five cards) the cards and the token tray are wider than the
    Spa's corners even at the floor; the hand's room holds the hint and the cards, the
    other room the piles and the Coach on a line over the token tray, the buttons
    beside them; the board fills 70%, the hound's patterns keep room in the tray."""
    for size in [(1280, 720), (2560, 1440)]:
        try:
            scene = _opened(size, 1.0, 2, "advanced")
            game, model, layout = scene.game, scene.game.model, scene.game.geometry
            place = model.tray_place
            assert extent_fill(game.drawn_extent(), size) >= MIN_EXTENT_FILL, size
            assert place.aside is not None and place.tokens_aside, size
            for rect in (model.tray_rect, model.buttons_rect, model.info_rect):
                assert place.aside.contains(rect), size
            assert place.aside.contains(layout.coach_place(10, 10)), size
            coach = layout.coach_place(*layout.coach_size())
            assert not coach.colliderect(model.info_rect), size
            assert not model.tray_rect.colliderect(model.buttons_rect), size
            assert not model.tray_rect.colliderect(coach.union(model.info_rect)), size
            assert place.room.contains(model.cards_rect), size
            cards = layout.card_rects(scene.state.hand_size + 1, first_gap=True)
            assert len(cards) == 5 and all(model.cards_rect.contains(r) for r in cards)
            assert all(r.w >= layout.split.card_floor() for r in cards), size
            for tile in layout.pattern_tiles(model.tray_rect):
                assert tile.h >= tile.w * PATTERN_ART + 2 * 16, size
            assert find_tray_over_board(scene) == [], size
        finally:
            pygame.quit()


def test_issue_38_where_even_the_floor_leaves_no_room_the_spas_board_gives_way(monkeypatch):
    """Where no way of the split tray fits (here: with its last way, the buttons on two
    rows beside the cards, left out, which two ducks each at 1024x600 in English and the
    advanced game at Larger text need), the tray is one band at its usual card size,
    clear of the hexes, and the board gives way (tray.py's Decision)."""
    monkeypatch.setattr(split_tray, "TRIES", split_tray.TRIES[:-1])
    cases = [((1024, 600), 1.0, 2, "advanced"), ((1024, 600), TEXT_SIZES[-1], 4, "advanced")]
    for size, text, players, variant in cases:
        try:
            scene = _opened(size, text, players, variant)
            model = scene.game.model
            assert model.tray_place.aside is None, size
            assert extent_fill(scene.game.drawn_extent(), size) < MIN_EXTENT_FILL, size
            assert model.tray_place.room.collidelist(hex_boxes(model.geo)) < 0, size
        finally:
            pygame.quit()


def test_issue_38_a_board_whose_band_leaves_70_keeps_its_tray_whole():
    """The Grand Canal's band leaves its board 70%: its tray is not split."""
    try:
        scene = _opened((1280, 720), 1.0, 4, "advanced", "grand-canal")
        assert scene.game.model.tray_place.aside is None
        assert extent_fill(scene.game.drawn_extent(), (1280, 720)) >= MIN_EXTENT_FILL
    finally:
        pygame.quit()


def test_issue_38_the_split_trays_buttons_play_and_a_click_in_either_room_keeps_it_open():
    """On the Spa the person picks a card in the hand's room and plays it with the
    button in the other room; later, the tray opened to look at the hand stays open on a
    click in either room and folds on a click on the board outside them."""
    app, scene = _game("spa")
    try:
        model, tray = scene.game.model, scene.game.tray
        place = model.tray_place
        assert place.aside is not None and tray.is_open()
        card, rect, _ = scene.game.choosing.bar_cards(scene.game.decisions.decision())[0]
        click(app, rect.center)
        assert card in model.sel
        play = scene.game.choosing.button("confirm")
        assert place.aside.contains(play.rect)
        click(app, play.rect.center)
        assert step_until(app, lambda: _waiting(scene))
        assert not tray.is_open()
        tray.toggle()
        for room in place.rooms:
            click(app, (room.centerx, room.bottom - 4))
            assert tray.is_open()
        boxes = hex_boxes(model.geo, 0.0)
        cell = boxes[len(boxes) // 2]
        click(app, cell.center)
        assert not tray.is_open()
    finally:
        pygame.quit()


def test_issue_38_the_audit_finds_either_room_of_a_split_tray_over_a_cell():
    """The audit's ``tray_over_board`` takes a table's open tray as a list of rooms (a
    split tray): one finding per room over a cell, none when both are clear."""

    class Table:
        def __init__(self) -> None:
            self.rooms = [pygame.Rect(10, 400, 200, 150), pygame.Rect(500, 10, 200, 100)]

        def open_tray(self):
            return self.rooms

        def board_cells(self):
            return [pygame.Rect(300, 300, 60, 70), pygame.Rect(650, 60, 60, 70)]

    class Scene:
        game = Table()

    scene = Scene()
    (found,) = find_tray_over_board(scene)
    assert found.rect == (500, 10, 200, 100) and "1 of the board's cells" in found.detail
    scene.game.rooms = [pygame.Rect(10, 400, 200, 150), pygame.Rect(500, 200, 100, 50)]
    assert find_tray_over_board(scene) == []


def test_issue_38_a_hand_card_shown_large_never_covers_the_split_trays_other_room():
    """A hand card under the pointer is shown large over the tub where it hides the
    fewest pieces; with the tray split, never over its other room (the buttons), even
    where that room is the one place with no piece near it."""
    try:
        scene = _opened((1280, 720), 1.0, 2, "advanced")
        model, panels = scene.game.model, scene.game.panels
        aside = model.tray_place.aside
        assert aside is not None
        felt = model.board_rect
        pieces = [
            (x, y)
            for x in range(felt.x, felt.right, 20)
            for y in range(felt.y, felt.bottom, 20)
            if not aside.inflate(80, 80).collidepoint(x, y)
        ]
        cards = scene.game.geometry.card_rects(scene.state.hand_size + 1, first_gap=True)
        for rect in cards:
            box = panels.magnifier_box(rect, pieces)
            assert box is not None and not box.colliderect(aside), rect
    finally:
        pygame.quit()


def test_issue_38_a_tokens_tip_stays_by_its_token_in_the_split_trays_other_room():
    """With two ducks each the Spa's tokens lie in the split tray's other room: the
    tip of the token under the pointer is drawn over it, kept within that room's right
    edge, not pushed to the hand's room across the board."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "duck", (0,), 2, 3, {"variant": "advanced", "board": "spa"}, "easy")
        person = Person(app, scene, 1)
        for _ in range(20):  # the person's first choice of cards, with their tokens
            assert step_until(app, lambda: _deciding(scene))
            if scene.game.choosing.tray_tokens():
                break
            person.play()
        model, panels = scene.game.model, scene.game.panels
        place = model.tray_place
        assert place.tokens_aside
        kind, token = scene.game.choosing.tray_tokens()[0]
        model.mouse = token.center
        with widgets.recording(app.screen) as sink:
            panels.draw_tooltip(app.screen)
        title = scene.t(f"duck.token.{kind}")
        tips = [t for t in sink.texts if t.text.startswith(title)]
        assert tips, kind
        for tip in tips:  # its box over the token, within the room's right edge
            box = tip.container
            assert box.left <= token.centerx <= box.right <= place.aside.right, box
    finally:
        pygame.quit()


def test_issue_38_at_larger_text_the_spas_beginner_tray_lowers_its_buttons_not_the_board():
    """At Larger text three buttons stacked as tall as a band's are deeper than the
    Spa's shallower corner: where no card size fits with them, the split tray's
    buttons are made as low as their label's line allows (never under a band's least),
    and the beginner game's board fills 70% (the advanced game's token tray with the
    hound's patterns still leaves it no room: the board gives way there)."""
    for size in [(1024, 600), (1280, 720)]:
        try:
            scene = _opened(size, TEXT_SIZES[-1], 3, "beginner")
            game, model, layout = scene.game, scene.game.model, scene.game.geometry
            place = model.tray_place
            assert extent_fill(game.drawn_extent(), size) >= MIN_EXTENT_FILL, size
            assert place.aside is not None and place.low_buttons, size
            line = fonts.font(scene.text_px(16)).get_linesize()
            bh = (model.buttons_rect.h - 2 * scene.px(6)) // 3
            assert line <= bh < round(scene.text_px(16) * 1.9), size
            assert bh >= scene.px(36), size
            assert layout.split.card_floor() <= place.card_w, size
            assert find_tray_over_board(scene) == [], size
        finally:
            pygame.quit()
