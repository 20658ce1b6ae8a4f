"""The one BotRunner (issue #26): its policy for a computer's decision that comes back
stale or failed, its minimum visible delay, and that every caller that plays computer
seats goes through it. Headless; no wall-clock assertions (the clock is patched)."""

from __future__ import annotations

import logging
import pathlib
import random
import re
from dataclasses import dataclass

import pytest

from game import registry
from game.ai import RandomBot
from game.net.host import HostThread
from game.rules.protocol import Action, GameState
from game.session import Seat, Session
from game.table import bots
from game.table.bots import BotRunner
from game.table.driver import LocalDriver

ROOT = pathlib.Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Nowhere(Action):
    """An action no rules ever take."""

    def __str__(self) -> str:
        return "nowhere"


class Scripted:
    """A bot that answers from a script (an action, an exception, or None for its first
    legal action) and counts its calls."""

    level = "normal"

    def __init__(self, *answers):
        self.answers = list(answers)
        self.calls = 0

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        self.calls += 1
        answer = self.answers.pop(0) if self.answers else None
        if isinstance(answer, Exception):
            raise answer
        return view.legal_actions(player)[0] if answer is None else answer


def computers_only(game_id="verflixxt", players=3, seed=5) -> Session:
    characters = registry.get(game_id).characters
    seats = [Seat(f"P{i}", characters[i].key, human=False) for i in range(players)]
    return Session(game_id, seats, seed, {}, bot_seed=7)


@pytest.fixture
def scripted(monkeypatch):
    """Every job-made bot is this one scripted bot (set its answers in the test)."""
    bot = Scripted()
    monkeypatch.setattr(bots, "job_bot", lambda game_id, level, budget_ms: bot)
    return bot


def decided_on_thread(runner: BotRunner, session: Session, player: int) -> None:
    runner.start(player)
    thread = session.pending[player].thread
    assert thread is not None
    thread.join()


# -- the stale policy -------------------------------------------------------------------------
def test_a_decision_for_a_position_that_moved_on_is_not_played_and_is_decided_again(scripted):
    session = computers_only()
    runner = BotRunner(session)
    player = session.bots_to_act()[0]
    scripted.answers = [Nowhere()]  # legal nowhere: it stands for any decision gone stale
    decided_on_thread(runner, session, player)
    session.apply(player, session.state.legal_actions(player)[0])  # the position moves on
    assert player in session.bots_to_act()
    assert runner.finished(player) is None  # stale: not played...
    assert player not in session.pending and scripted.calls == 1
    played = None
    while played is None:  # ...and decided again on the position as it is now
        played = runner.step()
        thread = session.pending[player].thread if player in session.pending else None
        if thread is not None:
            thread.join()
    assert played[0] == player and scripted.calls == 2
    assert all(text != "nowhere" for _, text in session.actions)
    assert runner.failures == []  # stale is not a failure


def test_a_decision_still_legal_after_others_acted_is_played():
    """A simultaneous secret choice: others' choices show this seat nothing."""
    session = computers_only()
    runner = BotRunner(session)
    player = session.bots_to_act()[0]
    decided_on_thread(runner, session, player)
    decision = session.pending[player]
    decision.moves -= 1  # as if somebody had acted since it was asked for
    action = runner.finished(player)
    assert action is not None and session.state.is_legal(player, action)


# -- the failure policy -----------------------------------------------------------------------
def test_a_computer_that_raises_is_logged_and_plays_its_first_legal_action(scripted, caplog):
    session = computers_only()
    runner = BotRunner(session)
    player = session.bots_to_act()[0]
    first = session.state.legal_actions(player)[0]
    scripted.answers = [RuntimeError("the search blew up")]
    with caplog.at_level(logging.ERROR, logger="game.table.bots"):
        decided_on_thread(runner, session, player)
        assert runner.finished(player) == first
    assert "computer player" in caplog.text and "the search blew up" in caplog.text
    assert [(p, str(e)) for p, e in runner.failures] == [(player, "the search blew up")]


def test_an_illegal_answer_about_the_position_it_was_asked_is_a_failure_not_staleness(caplog):
    session = computers_only()
    player = session.state.to_act()[0]
    runner = BotRunner()
    with caplog.at_level(logging.ERROR, logger="game.table.bots"):
        action = runner.decide(Scripted(Nowhere()), session.state, player, random.Random(1))
    assert action == session.state.legal_actions(player)[0]
    assert len(runner.failures) == 1 and "illegal action" in caplog.text


def test_the_policy_function_alone():
    state = computers_only().state
    player = state.to_act()[0]
    legal = state.legal_actions(player)
    assert bots.settle(state, player, legal[-1]) == legal[-1]
    assert bots.settle(state, player, Nowhere(), moved=True) is None
    assert bots.settle(state, player, Nowhere()) == legal[0]
    assert bots.settle(state, player, ValueError("x"), moved=True) == legal[0]


# -- the minimum delay --------------------------------------------------------------------------
def test_a_decision_is_shown_no_sooner_than_the_minimum_delay_after_it_was_asked_for():
    now = [100.0]
    session = computers_only()
    runner = BotRunner(session, clock=lambda: now[0])
    player = session.bots_to_act()[0]
    decided_on_thread(runner, session, player)
    now[0] = 100.5
    assert runner.step(min_delay=0.7) is None  # decided, but too soon to show
    assert player in session.pending
    now[0] = 100.7
    played = runner.step(min_delay=0.7)
    assert played is not None and played[0] == player
    assert session.actions[-1][0] == player


# -- decided on the caller's thread ------------------------------------------------------------
def test_an_inline_runner_plays_a_computer_in_the_call_that_starts_its_decision(monkeypatch):
    """The layout audit and the screenshots (issue #27): ``BotRunner.inline`` decides on
    the caller's thread, so a step never depends on how soon a worker thread ran."""
    monkeypatch.setattr(BotRunner, "inline", True)
    session = computers_only()
    runner = BotRunner(session)
    player = session.bots_to_act()[0]
    played = runner.step()
    assert played is not None and played[0] == player and session.pending == {}
    runner.start(session.bots_to_act()[0])
    assert all(d.thread is None and d.result for d in session.pending.values())


# -- every caller goes through the BotRunner ------------------------------------------------------
def test_no_module_but_the_bot_runner_asks_a_bot_to_choose():
    """``bot.choose`` / ``make_bot(...).choose`` only in game/table/bots.py (game/ai's
    bots may delegate to one another inside a decision)."""
    callers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "game/table/bots.py" or rel.startswith("game/ai/"):
            continue
        if re.search(r"\.choose\(", path.read_text(encoding="utf-8")):
            callers.append(rel)
    assert callers == []


@pytest.fixture
def counted(monkeypatch):
    """Every decision made through the runner's one call of a bot, counted."""
    calls = []
    think = bots.think

    def counting(bot, view, player, rng):
        calls.append(player)
        return think(bot, view, player, rng)

    monkeypatch.setattr(bots, "think", counting)
    return calls


def test_simulate_and_tournament_decide_through_the_runner(counted):
    from game import simulate, tournament

    result = simulate.run("routes", 3, 1, 3, {}, bot="random", bot_seed=1)
    assert result["errors"] == 0 and len(counted) > 0
    before = len(counted)
    tournament.run_tournament("routes", 3, 1, 3, ["random"] * 3, {}, bot_seed=1)
    assert len(counted) > before


def test_simulate_counts_a_failing_computer_as_an_error(monkeypatch):
    from game import simulate

    class Failing:
        level = "normal"

        def choose(self, view, player, rng):
            raise ValueError("x")

    monkeypatch.setattr(simulate, "make_bot", lambda game_id, level: Failing())
    result = simulate.run("routes", 3, 2, 3, {}, bot_seed=1)
    assert result["errors"] == 2 and "computer player" in result["first_error"]


def test_lessons_the_window_and_the_host_play_computers_through_the_runner(counted):
    from game.lessons import run_bot_turns

    session = computers_only()
    run_bot_turns(session)
    assert session.state.is_over() and len(counted) == len(session.actions)

    session = computers_only()
    driver = LocalDriver(session)
    while not session.actions:
        if not driver.poll(bot_delay=0.0) and session.pending:  # at rest: computers may act
            thread = next(iter(session.pending.values())).thread
            assert thread is not None
            thread.join()
    assert len(counted) > len(session.actions)  # (the first session's, then this one's)

    session = computers_only()
    host = HostThread(session, autosave=False)  # never started: pump alone, no network
    before = len(counted)
    while not session.actions:
        host.pump(drive_computers=True)
        for decision in list(session.pending.values()):
            if decision.thread is not None:
                decision.thread.join()
    assert len(counted) > before


def test_serve_settles_its_workers_decisions_by_the_same_policy():
    from game.net import computers

    assert computers.settle is bots.settle
    assert computers.run_bot_job is bots.run_bot_job


def test_a_random_bot_job_in_the_notation():
    session = computers_only("routes", 3)
    player = session.bots_to_act()[0]
    text = bots.run_bot_job(session.bot_job(player))
    assert session.state.is_legal(player, session.module.parse_action(text))
    assert isinstance(bots.job_bot("routes", "random", 50), RandomBot)


# -- a computer sees its seat's view, never the whole state (issue #36) ---------------------------
class Peeking:
    """A bot that writes down what it was handed: a view for its own seat (no seed and no
    generator, which would rebuild everything hidden; its own seat as ``viewer`` where the
    game names one), or the whole state (every hand, the deck, the seed). It plays a
    random legal action of what it was handed."""

    level = "normal"

    def __init__(self, seen: list[tuple[int, bool, object]]):
        self.seen = seen

    def choose(self, view: GameState, player: int, rng: random.Random) -> Action:
        hidden = getattr(view, "seed", None) is None and getattr(view, "rng", None) is None
        self.seen.append((player, hidden, getattr(view, "viewer", player)))
        return rng.choice(view.legal_actions(player))


def whole_states(seen: list[tuple[int, bool, object]]) -> list[tuple[int, bool, object]]:
    """The decisions made on something other than the deciding seat's view."""
    return [(p, hidden, viewer) for p, hidden, viewer in seen if not hidden or viewer != p]


@pytest.mark.parametrize("game_id", ["cluck", "verflixxt", "duck", "routes"])
def test_simulate_and_tournament_hand_each_computer_its_seats_view(monkeypatch, game_id):
    """issue #36: a computer of ``simulate`` or ``tournament`` handed the whole state (it
    would see every hand and the seed) passed every test; here each bot writes down what
    it was handed, and every decision was about a view for the seat deciding."""
    from game import simulate, tournament

    seen: list[tuple[int, bool, object]] = []
    monkeypatch.setattr(simulate, "make_bot", lambda game_id, level: Peeking(seen))
    monkeypatch.setattr(tournament, "make_bot", lambda game_id, level, budget: Peeking(seen))
    result = simulate.run(game_id, 3, 1, 3, {}, bot_seed=1, max_rounds=3)
    assert result["errors"] == 0 and seen
    tournament.run_tournament(game_id, 3, 1, 4, ["normal"] * 3, {}, bot_seed=1)
    assert len({p for p, _, _ in seen}) == 3
    assert whole_states(seen) == []


def test_the_windows_computers_decide_on_their_seats_view(monkeypatch):
    """issue #36: the window's and the host's computers (``Session.bot_job``, on a worker
    thread or inline) are handed their seat's view, never the session's state."""
    seen: list[tuple[int, bool, object]] = []
    monkeypatch.setattr(bots, "job_bot", lambda game_id, level, budget_ms: Peeking(seen))
    session = computers_only("cluck", 3)
    runner = BotRunner(session)
    for _ in range(12):
        runner.play_now(session.bots_to_act()[0])
    player = session.bots_to_act()[0]
    runner.start(player)
    decided_on_thread(runner, session, player)
    assert len(seen) == 13 and whole_states(seen) == []


def test_the_tables_fast_forward_hands_each_seat_its_view(app, monkeypatch):
    """issue #36: ``fast_forward`` (screenshots, tests) plays every seat as a computer; each
    is handed its own seat's view, not the table's whole state."""
    from game import screenshot
    from tests.scene_helpers import push_game

    seen: list[tuple[int, bool, object]] = []
    monkeypatch.setattr(screenshot, "make_bot", lambda game_id, level: Peeking(seen))
    scene = push_game(app, "cluck", (0,), 3, 3, {}, level="normal")
    screenshot.fast_forward(scene, 1)
    assert len({p for p, _, _ in seen}) == 3
    assert whole_states(seen) == []
