"""issue #38: could a split hand tray give the Spa's board its 70% back? The Spa's hexes
reach every edge of the felt. tools/duck_spa_room.py measures how large the board can
be with the tray's parts clear of it; these tests hold its search to the game's own
layout and keep the findings the Decision (tray.py) rests on: with the cards at a band's
size the split suggested in issue #38 (the cards, the buttons with the tokens, the hint
with the Coach and the piles, each in a corner) leaves it under 70%, and with two ducks
each at Larger text not even the hand's cards alone leave the board 70%; so the game's
split tray draws its cards smaller, which the tool measures too (``--now-only``)."""

from __future__ import annotations

import pygame

from game.scenes.duck.geometry import BoardGeometry
from game.scenes.duck.tray import hex_boxes
from game.settings import TEXT_SIZES
from tools.duck_spa_room import (
    MIN_FILL,
    cards_clear_somewhere,
    cards_only,
    laid_out,
    measure,
    split,
    summary,
)


def test_issue_38_the_search_finds_todays_tray_clear_and_no_room_as_large_as_the_felt():
    """The grid search agrees with the game: the room the game's tray takes today on the
    Spa is clear of its hexes there, so the search finds a place for a row of its size
    (it errs towards yes, never towards no) and finds none for a row as large as the felt
    over the board at its largest. (That its bound is never under the fill the game
    reaches today is the next test's second assertion: searched for today's whole room
    it took minutes.)"""
    table = laid_out((1280, 720), 1.0, 4, "advanced", "spa")
    felt = table.felt
    geo = BoardGeometry(felt.coords, felt.area, felt.pad)  # the board with no tray
    assert felt.fill(geo.size) >= MIN_FILL  # the Spa alone fills 70%
    whole = (felt.inner.w, felt.inner.h)
    assert not cards_clear_somewhere(felt, geo, whole)
    corner = (60, 60)  # a card's size fits in the Spa's empty top right corner
    assert cards_clear_somewhere(felt, geo, corner)
    assert table.room.collidelist(hex_boxes(geo)) >= 0  # today's room is not clear at full
    pygame.quit()


def test_issue_38_with_two_ducks_each_at_larger_text_no_tray_showing_the_hand_leaves_70():
    """With two ducks each (five cards: a hand of four and one on the table) at Larger
    text, no place on the felt holds the hand's cards in a row at a band's card size
    (the Canals') while the Spa's board fills 70% of the window: a split tray, which
    needs that row and more, cannot give it 70% either. The game's split tray does, by
    drawing the cards smaller than a band's (SPA4: its hint said in the header band, its
    buttons on two rows beside them)."""
    for size in [(1024, 600), (1280, 720)]:
        table = laid_out(size, TEXT_SIZES[-1], 2, "advanced", "spa")
        bound = cards_only(table.felt, table.cards)
        assert 0 < bound < MIN_FILL, (size, bound)
        assert table.tray == "split" and table.card_w < table.band_card_w, size
        assert table.now >= MIN_FILL > bound, size  # smaller cards leave it its 70%


def test_issue_38_the_suggested_split_tray_leaves_the_spa_under_70_at_normal_text():
    """The split tray issue #38 suggested, the cards, the buttons with the token tray and
    the hint's line with the Coach and the piles each in a corner of their own, leaves
    the Spa's board under 70% at normal text with four seats (the hint's line, about
    as wide as the Spa's empty corners, finds no corner left)."""
    table = laid_out((1280, 720), 1.0, 4, "advanced", "spa")
    best = split(table.felt, [table.cards, table.buttons, table.line])
    assert 0 < best < MIN_FILL, best


def test_issue_38_the_board_takes_the_table_the_tool_measures_the_split_trays_fill():
    """issue #38: the board takes the table. The tool measures the game's own layout on
    the Spa: with 4 seats at 1280x720 the tray is split, its cards between the floor and
    a band's, the board at >= 70%; with two ducks each (five cards) at 1024x600 in
    English too (SPA4: the hint said in the header band, the buttons on two rows beside
    the cards; it gave way to 52% before); the summary gives the least and the median
    fill per group and names the tables under 70% (none)."""
    split_room = measure((1280, 720), 1.0, 4, "advanced", "spa", search=False)
    assert split_room.tray == "split" and split_room.now >= MIN_FILL
    assert split_room.floor <= split_room.card_w < split_room.band_card_w
    two_ducks = measure((1024, 600), 1.0, 2, "advanced", "spa", search=False)
    assert two_ducks.tray == "split" and two_ducks.now >= MIN_FILL
    assert two_ducks.floor <= two_ducks.card_w < two_ducks.band_card_w
    lines = summary([split_room, two_ducks])
    assert any(line.startswith("text 1.0") and "split 2 of 2" in line for line in lines)
    assert lines[-1] == "under 70%: 0 of 2 tables"
