"""Playtest of Watch again (issue #38's drawer, issue #40's look back).

The seats' drawer answers as the table's does. "Show: <seat>" puts that seat's hidden things in its panel, which lies in
the drawer; the replay's controls sat on top of the table and took every click and key,
so "Details (L)" was drawn but neither its click nor L opened it, and a person who chose
"Show: Cookie" saw nothing change."""

from __future__ import annotations

import pygame
import pytest

from tests.test_replay_board_fill import _played, _watch


def _click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=1, pos=pos))


def _key(app, key) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("game", ["cluck", "verflixxt", "routes", "duck"])
def test_playtest_the_drawer_opens_and_shuts_in_watch_again(game):
    """issue #38 (playtest): in Watch again, a click on "Details (L)" opens the seats'
    drawer and another shuts it; L does the same; the replay's controls still answer."""
    players = 4 if game == "duck" else 3
    app, table, controls = _watch((1280, 720), _played(game, players, ()))
    drawer = table.frame.plan.drawer
    assert drawer is not None, "the replay's table has the drawer"
    seat_drawer = table.frame.seat_drawer
    assert not seat_drawer.open
    _click(app, drawer.toggle.center)
    assert seat_drawer.open, "a click on Details (L) opens the drawer"
    app.draw()
    _click(app, drawer.toggle.center)
    assert not seat_drawer.open, "a second click shuts it"
    _key(app, pygame.K_l)
    assert seat_drawer.open, "L opens it"
    _key(app, pygame.K_l)
    assert not seat_drawer.open, "L shuts it"
    # the controls answer as before (the drawer shut): Play, then Space
    _click(app, controls.buttons.by_key("replay:play").rect.center)
    assert controls.playing
    _key(app, pygame.K_SPACE)
    assert not controls.playing


def test_playtest_a_click_outside_the_open_drawer_shuts_it_before_it_reaches_a_control():
    """issue #38 (playtest): as at the table, a click outside the open drawer shuts it
    and does nothing else (the person looked, then clicks away)."""
    app, table, controls = _watch((1280, 720), _played("cluck", 3, ()))
    _key(app, pygame.K_l)
    assert table.frame.seat_drawer.open
    position = controls.replay.position
    _click(app, controls.buttons.by_key("replay:forward").rect.center)
    assert not table.frame.seat_drawer.open
    assert controls.replay.position == position
    _click(app, controls.buttons.by_key("replay:forward").rect.center)
    assert controls.replay.position == position + 1


def test_playtest_show_a_seat_puts_that_seats_hand_in_duck_tray_at_once():
    """issue #40 (playtest): "Show: P1" in Watch again (and the look back's Show, which
    opens a moment with the deciding seat's hand) shows that seat's cards in Duck's
    tray at once; the tray said "No cards in hand." until the next action was played,
    since the table had been put in line with the state for the viewer before."""
    app, table, controls = _watch((1280, 720), _played("duck", 4, ()))
    hands = table.state.to_dict()["hands"]
    seat = next(p for p in range(1, 4) if hands[p])
    while controls.shown_seat != seat:
        controls.next_seat()
    app.draw()
    assert table.private_player == seat
    assert sorted(table.game.model.shown.hand) == sorted(hands[seat])
    controls.show(None)
    assert table.game.model.shown.hand == []
    controls.show(seat)
    assert sorted(table.game.model.shown.hand) == sorted(hands[seat])
