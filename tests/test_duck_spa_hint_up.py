"""issue #38: the board takes the table on the Spa at Larger text too. Where no split tray
fits with the hint's lines over the cards (the advanced game at Larger text: the hand's
room was 19-21 px deeper than the corners a 70% board leaves), the hint leaves the tray
and is said in the table's header band, under whose turn it is (tray.py's Decision);
every other table keeps its hint in the tray and its header as it was."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.duck.tray import hex_boxes
from game.settings import TEXT_SIZES
from game.ui import theme
from tests.scene_helpers import click, make_app, push_game
from tests.test_duck_scene import step_until
from tests.test_duck_spa_split import _opened
from tests.test_duck_tray import _deciding, _texts, _waiting
from tools.audit_layout import MIN_EXTENT_FILL, extent_fill, find_tray_over_board

LARGER = TEXT_SIZES[-1]


def _opened_in(size, lang: str, text: float, players: int):
    """A new advanced game on the Spa in ``lang``, its tray opened (the person decides)."""
    app = make_app(size, lang)
    app.settings.text_size = text
    opts = {"variant": "advanced", "board": "spa"}
    scene = push_game(app, "duck", (0,), players, 1, opts, "easy")
    if not scene.game.tray.is_open():
        scene.game.tray.toggle()
    return scene


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_issue_38_the_board_takes_the_table_at_larger_text_the_hint_said_in_the_header(size, lang):
    """issue #38: the board takes the table. The Spa's advanced game at Larger text, 4
    seats: the board fills >= 70% of the window (it gave way to 48% before), the tray
    split in two clear rooms with no hint in them; the hint's instruction is said in the
    header band (wholly inside it, at least the text floor, under the status's line,
    whose size stays at least the label's), and its words are what the tray would say."""
    try:
        scene = _opened_in(size, lang, LARGER, 4)
        game, model, plan = scene.game, scene.game.model, scene.plan
        place = model.tray_place
        assert extent_fill(game.drawn_extent(), size) >= MIN_EXTENT_FILL, size
        assert place.aside is not None and place.hint_up and plan.hint_up, size
        assert plan.hint.w == 0 and plan.hint.h == 0, size
        boxes = hex_boxes(model.geo)
        assert all(room.collidelist(boxes) < 0 for room in place.rooms), size
        assert find_tray_over_board(scene) == [], size
        assert step_until(scene.app, lambda: _deciding(scene))
        texts = _texts(scene.app, scene)
        said, said_px = scene.frame.header.hint_said
        main, _secondary = game.panels.hint().parts()
        assert said and main.startswith(said.rstrip(" ;:,、。")), (said, main)
        assert said_px >= theme.MIN_TEXT_PX
        status, label = scene.frame.header.sizes
        assert status >= label > 0
        drawn = [t for t in texts if t.text == said]
        assert drawn and all(plan.header.contains(t.rect) for t in drawn), said
        assert not [t for t in texts if t.text == said and place.room.colliderect(t.rect)]
    finally:
        pygame.quit()


def test_issue_38_where_a_split_fits_with_its_hint_the_header_says_no_hint():
    """issue #38: only where no split fits with the hint is it said in the header: the
    Spa at Normal text, and the Grand Canal with two ducks each at Larger text, keep the
    hint in the tray's room and the header's one line."""
    for size, text, players, board in [
        ((1280, 720), 1.0, 4, "spa"),
        ((1280, 720), LARGER, 2, "grand-canal"),
    ]:
        try:
            scene = _opened(size, text, players, "advanced", board)
            place = scene.game.model.tray_place
            assert not place.hint_up and not scene.plan.hint_up, board
            assert place.room.contains(scene.plan.hint) and scene.plan.hint.h > 0, board
            _texts(scene.app, scene)
            assert scene.frame.header.hint_said == ("", 0), board
        finally:
            pygame.quit()


# the tables whose board gave way before (tools/duck_spa_room.py): two ducks each at
# Normal text in English (in Japanese the buttons are narrower: a split fitted), at Large
# and Larger text; the advanced game at Larger text
@pytest.mark.parametrize(
    "text, players, lang, wrap",
    [
        (1.0, 2, "en", True),
        (1.2, 2, "ja", False),  # the hint in the header suffices: the buttons in the aside
        (LARGER, 2, "en", True),
        (LARGER, 4, "en", True),
        (LARGER, 4, "ja", True),
    ],
)
def test_issue_38_the_board_takes_the_table_at_1024x600_the_buttons_on_two_rows(
    text, players, lang, wrap
):
    """issue #38: the board takes the table. With two ducks each at 1024x600 and at
    Larger text the aside with the buttons and the tokens was wider than any clear
    corner (396-406 px in 332-385): the buttons lie on two rows beside the cards (the
    hint said in the header band), the piles over the Coach with the tokens beside them
    in the other room; the board fills >= 70% (it gave way to 46-52%), nothing of the
    tray over a hex, the buttons inside the hand's room, apart from the cards."""
    size = (1024, 600)
    try:
        scene = _opened_in(size, lang, text, players)
        game, model = scene.game, scene.game.model
        place = model.tray_place
        assert extent_fill(game.drawn_extent(), size) >= MIN_EXTENT_FILL, (text, players)
        assert place.aside is not None and place.hint_up and place.wrap_buttons == wrap
        boxes = hex_boxes(model.geo)
        assert all(room.collidelist(boxes) < 0 for room in place.rooms)
        assert not place.room.colliderect(place.aside)
        assert find_tray_over_board(scene) == []
        holder = place.room if wrap else place.aside  # the buttons' room
        assert holder.contains(model.buttons_rect)
        assert not model.buttons_rect.colliderect(model.cards_rect)
        assert model.tray_rect is not None and place.aside.contains(model.tray_rect)
        assert place.aside.contains(model.info_rect) and place.aside.contains(model.coach_rect)
        assert not model.tray_rect.colliderect(model.coach_rect)
        assert step_until(scene.app, lambda: _deciding(scene))
        # the person picks a card in the hand's room and plays it with the button beside
        # the cards (two rows: a third button would lie under the first)
        choosing = game.choosing
        card, rect, _ = choosing.bar_cards(game.decisions.decision())[0]
        click(scene.app, rect.center)
        assert card in model.sel
        play = choosing.button("confirm")
        assert model.buttons_rect.contains(play.rect) and holder.contains(play.rect)
        if wrap:  # a cell of two rows of two
            assert play.rect.h * 2 <= model.buttons_rect.h + scene.px(6)
            assert play.rect.w * 2 <= model.buttons_rect.w + scene.px(6)
        click(scene.app, play.rect.center)
        assert step_until(scene.app, lambda: _waiting(scene))
    finally:
        pygame.quit()


def test_issue_38_the_header_says_the_hints_first_whole_sentences_not_a_cut_clause():
    """issue #38 (cut text is a bug): at 1024x600 in Japanese, Larger text, the header had
    room for the hint's first sentence and half the second, and said "…クリックで選び",
    a sentence stopped mid-way. It now says the first whole sentences that fit."""
    from game.scenes.table.frame_seats import Hint
    from game.ui import fonts

    first = "カードに合わせると進む道が光ります。"
    main = first + "クリックで選び、もう一度クリックで出します。"
    try:
        scene = _opened_in((1024, 600), "ja", LARGER, 4)
        header = scene.frame.header
        surface = pygame.Surface((1024, 600))
        width = fonts.font(theme.MIN_TEXT_PX).size(first)[0] + 8
        assert fonts.font(theme.MIN_TEXT_PX).size(main)[0] > width + 100
        header._paint_hint(surface, Hint(main), pygame.Rect(0, 0, width, 24))
        assert header.hint_said[0] == first
    finally:
        pygame.quit()
