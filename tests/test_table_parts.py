"""The table scene's parts (issue #37): the frame and the log are objects the scene owns,
not bases nor functions reaching into it, and the test and screenshot machinery lives
outside the production scene."""

from __future__ import annotations

import random

import pygame
import pytest

from game import registry
from game.scenes.table.frame import LogDivider, SeatsOver, TableFrame, TableLog
from game.scenes.table.frame_plan import LOG_LINES
from game.scenes.table.scene import TableScene
from game.screenshot import fast_forward
from game.session import Session, default_seats
from game.ui.i18n import Translator
from tests.scene_helpers import make_app, push_game

pytestmark = pytest.mark.usefixtures("quick_bots")  # computers act at once


class Sizes:
    """A window at scale 1 (the log's sizes without a scene)."""

    def px(self, value: float) -> int:
        return round(value)

    def text_px(self, value: float) -> int:
        return round(value)


def test_the_frame_is_a_part_not_a_base_and_the_forwarding_hooks_are_gone():
    """Issue #37: ``TableScene`` owns a frame (``scene.frame``) instead of inheriting
    it; the ~15 methods that only forwarded to ``game.seats`` are gone, and so are the
    test and screenshot machinery (``fast_forward``, ``probe_targets``,
    ``lesson_clicks``, ``lesson_element``) and the log's plumbing."""
    assert not issubclass(TableScene, TableFrame)
    gone = {
        "round_label",
        "turn_status",
        "variant_label",
        "seat_portrait",
        "seat_subtitle",
        "seat_score",
        "seat_highlight",
        "seat_key",
        "draw_seat_extras",
        "seat_side_w",
        "draw_seat_side",
        "hint_text",
        "log_empty_text",
        "lesson_clicks",
        "lesson_keep_clear",
        "lesson_element",
        "probe_targets",
        "fast_forward",
        "log_viewer",
        "log_divider",
        "scroll_log",
        "frame_reset",
        "human_event",
        "on_private_shown",
    }
    assert not gone & set(dir(TableScene)), sorted(gone & set(dir(TableScene)))


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_the_frame_says_what_the_games_seats_say(game):
    """Issue #37: the frame asks the game's seats directly (no hook on the scene in
    between): the header, each panel's face and subtitle are theirs, and a table that
    says more wraps them (a :class:`SeatsOver`) instead of overriding the scene."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, game, (0,), 3, 3, {}, "easy")
        seats = scene.game.seats
        assert scene.frame.seats is seats
        header = seats.header()
        assert scene.frame.round_label() == header.round
        assert scene.frame.variant_label() == header.variant
        assert scene.frame.turn_status() == (header.who, header.status)
        for p in range(3):
            own = seats.subtitle(p)
            assert own is None or scene.frame.seat_subtitle(p) == own

        class Loud(SeatsOver):
            def subtitle(self, player: int) -> str | None:
                return f"seat {player}"

        scene.frame.seats = Loud(seats)
        scene.frame.reset()
        assert [scene.frame.seat_subtitle(p) for p in range(3)] == ["seat 0", "seat 1", "seat 2"]
        assert scene.frame.variant_label() == header.variant  # the rest from the game's
    finally:
        pygame.quit()


def test_the_log_is_an_object_that_rebuilds_itself_from_the_record():
    """Issue #37: the log (``TableLog``) writes its lines and round dividers, scrolls,
    and rebuilds itself from a game's record with no scene at all: what
    ``record.rebuild_log`` and ``frame_log`` did to the scene before."""
    t = Translator("en")
    info = registry.get("routes")
    session = Session("routes", default_seats(info, 3, t), 7, {}, bot_seed=7)
    rng = random.Random(3)
    while session.state.round_number < 3 and not session.state.is_over():
        player = session.state.to_act()[0]
        session.apply(player, rng.choice(session.state.legal_actions(player)))
    names = tuple(seat.name for seat in session.seats)
    log = TableLog(Sizes(), lambda: names, t.round)
    seen: list[str] = []

    def describe(event) -> str:
        seen.append(type(event).__name__)
        return f"{names[0]} {type(event).__name__}"

    log.rebuild(session, None, describe, log.write)
    assert log[0] == LogDivider(t.round(1))
    dividers = [e for e in log if isinstance(e, LogDivider)]
    assert dividers == [LogDivider(t.round(n)) for n in range(1, len(dividers) + 1)]
    assert len(dividers) >= 3 and len(log) == len(seen) + len(dividers)
    log.divider(len(dividers))  # that round's divider is the latest already: not twice
    assert [e for e in log if isinstance(e, LogDivider)] == dividers
    rect = pygame.Rect(0, 0, 300, 200)
    rows = log.rows(rect)
    assert rows[1].seat == 0  # a line about seat 0 starts with its mark
    log.scroll_by(5, rect)
    assert log.scroll == 5 and len(log.shown_rows(rect)) == log.geometry(rect)[3]
    log.clear()
    assert not log and log.scroll == 0


def test_fast_forward_is_the_screenshots_not_the_scenes():
    """Issue #37: a game played forward without animation for screenshots and tests
    (``game.screenshot.fast_forward``, with its own bots) uses only the scene's public
    parts: its log gets the rounds' dividers and the table settles at rest."""
    app = make_app((1280, 720))
    try:
        scene = push_game(app, "verflixxt", (0,), 3, 3, {}, "easy")
        fast_forward(scene, 2)
        assert scene.state.round_number >= 3 or scene.state.is_over()
        assert not scene.player.busy() and scene.private_player == 0
        dividers = [e for e in scene.log if isinstance(e, LogDivider)]
        assert len(dividers) >= 3
        scene.layout(app.screen.get_size())
        assert len(scene.log.shown_rows(scene.plan.log)) >= min(LOG_LINES, len(scene.log))
    finally:
        pygame.quit()


def test_the_scene_is_small_and_its_jobs_are_parts_it_owns():
    """Issue #37: ``scene.py`` is at most 350 lines; playing events, whose screen it is,
    undo, what is kept of the game, the driver's news and the log's rewriting are parts
    the scene owns (no forwarding method left on the scene for any of them)."""
    from pathlib import Path

    from game.scenes.table import keeping, news_shown, playing, relog, scene, sharing, undo

    assert len(Path(scene.__file__).read_text(encoding="utf-8").splitlines()) <= 350
    gone = {
        "play_event",
        "queue_events",
        "queue_others",
        "skip_animation",
        "settle",
        "waiting",
        "busy_animating",
        "sync_from_state",
        "resync_when_idle",
        "undo_refusal",
        "undoer",
        "refresh_undo",
        "draw_undo_tip",
        "shares_screen",
        "give_up_screen",
        "show_private",
        "active_human",
        "deciding",
        "autosave",
        "record_history",
        "on_round_end",
        "on_game_over",
        "take_news",
        "language_changed",
        "rebuild_log",
        "write_event",
    }
    assert not gone & set(dir(TableScene)), sorted(gone & set(dir(TableScene)))
    app = make_app((1280, 720))
    try:
        table = push_game(app, "cluck", (0,), 3, 3, {}, "easy")
        owned = {
            "player": playing.EventPlayer,
            "sharing": sharing.ScreenSharing,
            "undo": undo.TableUndo,
            "keeping": keeping.TableKeeping,
            "news": news_shown.NewsShown,
            "relog": relog.Relog,
        }
        for name, kind in owned.items():
            part = getattr(table, name)
            assert type(part) is kind and part.table is table, name
        assert table.undo.button is table.buttons.by_key("undo")
    finally:
        pygame.quit()
