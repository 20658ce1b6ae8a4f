"""Issue #40, "one background-answer part": the coach's screen, the look back and the
host's coach for phones each ask a search that takes longer than a frame; one small
part (game.background.BackgroundAnswer) runs it on a thread of its own and hands the
answer to the owner's poll once, and a failing search is reported, never raised into
the loop that polls."""

from __future__ import annotations

import logging
import threading

import pytest

from game.background import BackgroundAnswer


def test_the_answer_is_polled_once_and_only_after_the_work_ended():
    """issue #40 background answer: poll() is None while the work runs, the answer on
    the first poll after it ended, None again after that."""
    release = threading.Event()
    answer: BackgroundAnswer[int] = BackgroundAnswer("test")
    answer.start(lambda: 41 + int(release.wait(30)))
    assert answer.running()
    assert answer.poll() is None and not answer.taken()
    release.set()
    assert answer.wait(30)
    assert not answer.running()
    assert answer.poll() == 42
    assert answer.taken() and answer.problem is None
    assert answer.poll() is None  # handed on once


def test_an_expected_failure_is_the_problem_without_a_traceback(caplog):
    """issue #40 background answer: a search that ends in an expected exception (no
    decision after all) gives no answer and a problem; nothing is raised or logged."""

    def work() -> int:
        raise ValueError("seat 2 has no decision to make now")

    answer: BackgroundAnswer[int] = BackgroundAnswer("test").start(work)
    with caplog.at_level(logging.ERROR, logger="game.background"):
        assert answer.wait(30)
        assert answer.poll() is None
    assert answer.problem == "seat 2 has no decision to make now"
    assert answer.taken()
    assert not caplog.records


def test_a_bug_in_the_work_is_logged_whole_and_reported_not_raised(caplog):
    """issue #40 background answer: any other exception is written to the log with its
    traceback (for a report) and is the problem in one line: the poller never sees it."""

    def work() -> int:
        raise KeyError("figures")

    with caplog.at_level(logging.ERROR, logger="game.background"):
        answer: BackgroundAnswer[int] = BackgroundAnswer("test").start(work)
        assert answer.wait(30)
        assert answer.poll() is None
    assert answer.problem is not None and answer.problem.startswith("KeyError")
    assert any(r.exc_info is not None for r in caplog.records)


def test_a_part_runs_one_work():
    """issue #40 background answer: one part, one work (a second start is a bug)."""
    answer: BackgroundAnswer[int] = BackgroundAnswer("test").start(lambda: 1)
    with pytest.raises(RuntimeError):
        answer.start(lambda: 2)
    assert answer.wait(30) and answer.poll() == 1


def test_a_part_never_started_has_nothing_and_waits_for_nothing():
    """issue #40 background answer: a screen given its answer up front (the look back's
    moment) starts no work; polling and waiting are harmless."""
    answer: BackgroundAnswer[int] = BackgroundAnswer("test")
    assert not answer.running()
    assert answer.poll() is None and answer.problem is None
    assert answer.wait(0.0) is False


def test_the_coach_screen_says_a_failed_search_and_keeps_drawing(monkeypatch, caplog):
    """issue #40 background answer: the coach's screen takes its search from the part;
    a search that breaks is said ("nothing to say now"), never raised into the loop."""
    from game.ai import coach
    from game.scenes.table.coach import CoachScene
    from tests.scene_helpers import make_app

    def broken(*args, **kwargs):
        raise RuntimeError("the search broke")

    monkeypatch.setattr(coach, "advise", broken)
    app = make_app((1280, 720))
    with caplog.at_level(logging.ERROR, logger="game.background"):
        scene = CoachScene(app, "cluck", None, 0, 3)
        app.push(scene)
        scene.wait_for_answer(30)
    assert isinstance(scene.answer, BackgroundAnswer)
    assert not scene.thinking() and scene.advice is None
    assert scene.problem is not None and "the search broke" in scene.problem
    assert scene.lines() == [scene.t("coach.none")]
    app.step(0.016)  # the loop goes on drawing


def test_the_look_back_says_a_failed_review(monkeypatch):
    """issue #40 background answer: the look back takes its review from the part; a
    record the search cannot weigh is said on the screen, in one line."""
    from game.ai import review
    from game.scenes.shell.look_back import LookBackScene
    from game.table.replay import Replay
    from tests.scene_helpers import make_app
    from tests.test_history import finished

    def cannot(*args, **kwargs):
        raise ValueError("this record cannot be weighed")

    monkeypatch.setattr(review, "review", cannot)
    app = make_app((1280, 720))
    session = finished("cluck", 3, seed=41, names=["Hana", "Ren", "Mia"])
    replay = Replay(session.game_id, session.seats, session.seed, session.options, session.actions)
    look = LookBackScene(app, replay)
    app.push(look)
    look.wait_for_answer(30)
    assert isinstance(look.answer, BackgroundAnswer)
    assert not look.working() and look.looked is None
    assert look.said() == [look.t("coach.look.failed", error="this record cannot be weighed")]
    app.step(0.016)
