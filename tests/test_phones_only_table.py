"""Issue #39: with every person at the big screen playing from a phone, the big screen is
the board alone, large, with no hand panels -- the frame plans no hand/controls bar and
the board takes its room; when a phone drops (its person back at the screen), the bar
comes back. Headless, over 127.0.0.1 only, every wait bounded (not a timing check)."""

from __future__ import annotations

import contextlib
import json
import time

import pygame
import pytest
from websockets.sync.client import connect

from game.net.protocol import VERSION
from game.scenes.table.frame_plan import has_bar, plan_table
from tests.net_helpers import wait_listening
from tests.scene_helpers import make_app
from tests.test_phone_browser import phone_host

LIMIT_S = 30.0  # a bound on each wait


def _px(n: float) -> int:
    return round(n)


def test_issue_39_the_plan_without_a_hand_bar_gives_the_board_its_room():
    """issue #39: plan_table(hand_bar=False) has an empty bar, hint and controls at the
    window's foot; the board reaches down to the margin, the side column unchanged."""
    for drawer in (False, True):
        with_bar = plan_table((1280, 720), _px, 3, bar_h=150, hint_lines=2, drawer=drawer)
        alone = plan_table(
            (1280, 720), _px, 3, bar_h=150, hint_lines=2, drawer=drawer, hand_bar=False
        )
        assert has_bar(with_bar) and not has_bar(alone)
        assert alone.bar.h == alone.hint.h == alone.controls.h == 0
        assert alone.board.bottom == 720 - 10  # the margin
        assert alone.board.top == with_bar.board.top and alone.board.w == with_bar.board.w
        assert alone.board.h > with_bar.board.h + 150
        assert alone.side == with_bar.side and alone.seats == with_bar.seats


def _join(phones, port: int, code: str, token: str, app, host, seat: int):
    """A phone holding ``seat`` by its token (the page's rejoin, as a plain socket)."""
    ws = phones.enter_context(connect(f"ws://127.0.0.1:{port}/", open_timeout=5))
    ws.send(json.dumps({"v": VERSION, "type": "rejoin", "code": code, "token": token}))
    _step_until(app, lambda: host.table.on_phone(seat), f"seat {seat} on its phone")
    return ws


def _step_until(app, done, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        app.step(0.05)
        time.sleep(0.005)


GAMES = [("routes", {}), ("duck", {}), ("verflixxt", {"variant": "hats"}), ("cluck", {})]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_issue_39_every_person_on_a_phone_the_board_takes_the_bar(game, options):
    """issue #39: a hosted table whose two people (a computer sits too) both hold their
    seats on phones plans no bar and its board's drawn extent grows; the second phone
    dropping (its person back at the screen) brings the bar back."""
    from game.scenes.lobby.online import hosted_scene

    host = phone_host(local=(0, 1), game=game, **options)
    app = None
    try:
        port = wait_listening(host)
        app = make_app((1280, 720))
        scene = hosted_scene(app, host, (0, 1))
        app.push(scene)
        _step_until(app, lambda: scene.driver.address, "the table listens")
        assert has_bar(scene.plan)
        board_before = scene.plan.board.copy()
        under = scene.plan.bar.top >= board_before.bottom  # not Duck's column beside
        scene.draw(pygame.Surface((1280, 720)))
        extent_before = scene.game.drawn_extent()
        with contextlib.ExitStack() as phones:
            _join(phones, port, host.code, host.phone_tokens[0], app, host, 0)
            app.step(0.05)
            assert has_bar(scene.plan)  # seat 1's person still plays at this screen
            with contextlib.ExitStack() as second:
                _join(second, port, host.code, host.phone_tokens[1], app, host, 1)
                _step_until(app, lambda: not has_bar(scene.plan), "the bar gone")
                # Duck laid its tray beside a square tub on the felt: its board was tall
                assert scene.plan.board.h >= board_before.h
                assert scene.plan.board.w == board_before.w
                scene.draw(pygame.Surface((1280, 720)))
                extent = scene.game.drawn_extent()
                area, area_before = extent.w * extent.h, extent_before.w * extent_before.h
                if under:  # the bar's height given to the board
                    assert area > area_before, (extent, extent_before)
                else:  # a square tub had the tray beside it: as large, and alone on the felt
                    assert area >= area_before and not scene.game.model.tray_beside
                assert pygame.Rect(0, 0, 1280, 720).contains(extent)
            # seat 1's phone dropped: its person is back at the screen, so is the bar
            _step_until(app, lambda: has_bar(scene.plan), "the bar back")
            assert scene.plan.board == board_before
    finally:
        host.stop(timeout=5)
        if app is not None:
            app.stack.clear()


def test_issue_39_the_verflixxt_die_stays_in_sight_on_a_phones_table():
    """issue #39: Verflixxt!'s base game throws its die in the bar, which the whole table
    watches: with every person on a phone its bar stays (the hats game's goes)."""
    from game.scenes.lobby.online import hosted_scene

    host = phone_host(local=(0, 1), game="verflixxt")
    app = None
    try:
        port = wait_listening(host)
        app = make_app((1280, 720))
        scene = hosted_scene(app, host, (0, 1))
        app.push(scene)
        _step_until(app, lambda: scene.driver.address, "the table listens")
        assert not scene.state.hats_variant
        with contextlib.ExitStack() as phones:
            for p in (0, 1):
                _join(phones, port, host.code, host.phone_tokens[p], app, host, p)
            app.step(0.05)
            assert scene.part.phones_only() and has_bar(scene.plan)
            assert scene.plan.controls.contains(scene.game.model.die_rect)
    finally:
        host.stop(timeout=5)
        if app is not None:
            app.stack.clear()


def test_issue_39_the_audit_s_phones_table_is_clean_and_its_board_fills_it(monkeypatch, tmp_path):
    """issue #39: the layout audit's phones_table screen (a Duck table of six, its two
    people on phones) has no finding -- the "On a phone" status no longer lies over a
    short seat panel's icons (the game keeps no line under the name there, so neither
    does the status) -- and its board's drawn extent is 70% of the window or more."""
    from tools import audit_layout as audit

    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    report = audit.run(
        [(1280, 720)], ["en", "ja"], ["duck"], ["shell"], shell=("phones_table",), png_dir=None
    )
    assert report.screens and not report.skipped
    assert [f.line() for f in report.findings] == []
    for screen, figures in report.figures.items():
        assert figures.extent_fill is not None and figures.extent_fill >= 0.7, screen
