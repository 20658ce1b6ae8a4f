"""serve's computers at their edges, in process with a scripted runner (issue #30): which
tables are asked about, how many decisions run at once, and what becomes of a decision
that comes back failed, stale, or after its person returned. Each test names the rule
it guards."""

from __future__ import annotations

import asyncio

from game import registry
from game.net.computers import ComputerPool, ThreadRunner
from game.net.table import Table
from game.session import Seat, Session
from game.table.bots import run_bot_job


class ScriptedRunner:
    """Records the jobs it is given; the test answers them."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.asked: list[tuple[object, asyncio.Future[str]]] = []
        self.closed = False

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def run(self, job) -> asyncio.Future[str]:
        answer = self.loop.create_future()
        self.asked.append((job, answer))
        return answer

    def close(self) -> None:
        self.closed = True

    def open(self) -> list[tuple[object, asyncio.Future[str]]]:
        return [(job, answer) for job, answer in self.asked if not answer.done()]


class Watcher:
    def send(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def computers_table(name: str = "t", creator: str | None = "10.0.0.1", members=True) -> Table:
    info = registry.get("routes")
    seats = [Seat(f"C{i}", info.characters[i].key, human=False) for i in range(3)]
    table = Table(Session("routes", seats, len(name), {}, bot_seed=1))
    table.code, table.creator = name, creator
    if members:
        table.members[Watcher()] = None
    return table


async def settle_loop() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def pool_with(runner: ScriptedRunner, **kwargs) -> tuple[ComputerPool, list[tuple[str, int]]]:
    pool = ComputerPool(runner, **kwargs)  # type: ignore[arg-type]
    applied: list[tuple[str, int]] = []

    def apply(table: Table, player: int, action) -> None:
        applied.append((table.code, player))
        table.apply(player, action)

    pool.apply = apply
    pool.start(asyncio.get_running_loop())
    return pool, applied


def test_a_pool_asks_for_as_many_decisions_at_once_as_it_has_workers():
    """Rule: at most ``workers`` decisions run at once; the next table waits for one to
    come back, then is asked about."""

    async def scenario():
        runner = ScriptedRunner(workers=2)
        pool, applied = pool_with(runner)
        tables = [computers_table(f"t{i}", f"10.0.0.{i}") for i in range(3)]
        for table in tables:
            pool.want(table)
        first = len(runner.open())
        busy = pool.busy
        job, answer = runner.open()[0]
        answer.set_result(run_bot_job(job))
        await settle_loop()
        return first, busy, len(runner.asked), applied, pool.busy

    first, busy, asked, applied, busy_after = asyncio.run(scenario())
    assert (first, busy) == (2, 2)
    assert asked == 3 and len(applied) == 1
    assert busy_after == 2


def test_no_decision_is_asked_for_a_closed_finished_or_empty_table_or_before_start():
    """Rule: the computers of a closed table, a finished game, or a table nobody is at
    do not play; nothing is asked before the pool has a loop. A pool that does not need
    members plays a table nobody is at."""

    async def scenario():
        runner = ScriptedRunner()
        idle = ComputerPool(runner)  # type: ignore[arg-type]
        idle.want(computers_table("early"))  # not started: nothing
        pool, _ = pool_with(runner)
        closed = computers_table("closed")
        closed.close("gone")
        closed.members[Watcher()] = None
        empty = computers_table("empty", members=False)
        over = computers_table("over")
        state = over.session.state
        while not state.is_over():
            player = state.to_act()[0]
            over.session.apply(player, state.legal_actions(player)[0])
        for table in (closed, empty, over):
            pool.want(table)
        none_asked = list(runner.asked)
        anyway, _ = pool_with(ScriptedRunner(), needs_member=False)
        anyway_runner = anyway.runner
        anyway.want(computers_table("nobody", members=False))
        return none_asked, len(anyway_runner.asked)

    none_asked, anyway = asyncio.run(scenario())
    assert none_asked == [] and anyway == 1


def test_a_table_is_queued_once_and_a_seat_being_decided_is_not_asked_again():
    """Rule: wanting a table again while it waits, or while its seat is being decided,
    asks nothing more: one decision per seat at a time."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner)
        busy = computers_table("busy", "10.0.0.1")
        waiting = computers_table("waiting", "10.0.0.2")
        pool.want(busy)
        pool.want(waiting)
        pool.want(waiting)  # already waiting: not queued twice
        pool.want(busy)  # its seat is being decided
        asked = len(runner.asked)
        job, answer = runner.open()[0]
        answer.set_result(run_bot_job(job))
        await settle_loop()
        job, answer = runner.open()[0]  # the waiting table's
        answer.set_result(run_bot_job(job))
        await settle_loop()
        return asked, applied, [code for code, _ in applied]

    asked, _applied, codes = asyncio.run(scenario())
    assert asked == 1
    assert codes[:2] == ["busy", "waiting"]


def test_a_decision_whose_person_came_back_is_not_played():
    """Rule: a seat whose person rejoined while its computer was deciding is theirs: the
    decision that comes back is dropped and nothing is played for them."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner)
        table = computers_table()
        pool.want(table)
        job, answer = runner.open()[0]
        player = table.session.bots_to_act()[0]
        table.thinking.discard(player)  # as Table.rejoin does
        table.session.hand_to_person(player)
        answer.set_result(run_bot_job(job))
        await settle_loop()
        return applied, table.session.actions, pool.busy, table.deciding

    applied, actions, busy, deciding = asyncio.run(scenario())
    assert applied == [] and actions == [] and busy == 0 and deciding == set()


def test_a_decision_for_a_table_closed_meanwhile_is_not_played():
    """Rule: a decision that comes back after its table closed plays nothing."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner)
        table = computers_table()
        pool.want(table)
        job, answer = runner.open()[0]
        table.close("gone")
        answer.set_result(run_bot_job(job))
        await settle_loop()
        return applied, table.thinking

    applied, thinking = asyncio.run(scenario())
    assert applied == [] and thinking == set()


def test_a_failed_decision_plays_the_first_legal_action():
    """Rule: a decision that failed (a bot's bug, a worker gone) is logged and replaced
    by the seat's first legal action: the table never waits for ever."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner)
        table = computers_table()
        player = table.session.bots_to_act()[0]
        first = str(table.session.state.legal_actions(player)[0])
        pool.want(table)
        _job, answer = runner.open()[0]
        answer.set_exception(RuntimeError("the bot fell over"))
        await settle_loop()
        return applied, table.session.actions, player, first, pool.decided

    applied, actions, player, first, decided = asyncio.run(scenario())
    assert applied == [("t", player)] and actions == [(player, first)] and decided == 1


def test_a_stale_decision_is_made_again_on_the_new_position():
    """Rule: a decision about a position that has moved on, no longer legal, is thrown
    away and the seat is asked about the position now."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner)
        table = computers_table()
        state = table.session.state
        pool.want(table)
        job, answer = runner.open()[0]
        player = table.session.bots_to_act()[0]
        decided = run_bot_job(job)
        table.session.apply(player, state.legal_actions(player)[-1])  # moved on meanwhile
        answer.set_result(decided)
        await settle_loop()
        return (
            applied,
            len(runner.asked),
            state.is_legal(player, table.session.module.parse_action(decided)),
        )

    applied, asked, still_legal = asyncio.run(scenario())
    if not still_legal:
        assert applied == [] and asked == 2
    else:  # the same action is legal in the new position: played
        assert len(applied) == 1


def test_a_decision_is_played_no_sooner_than_bot_delay_after_the_table_was_ready():
    """Rule: a computer's move is shown no sooner than ``bot_delay`` after its table was
    ready (people follow the game), however fast the worker answered."""

    async def scenario():
        runner = ScriptedRunner()
        pool, applied = pool_with(runner, bot_delay=30.0)
        table = computers_table()
        pool.want(table)
        job, answer = runner.open()[0]
        answer.set_result(run_bot_job(job))
        await settle_loop()
        waited = list(applied)
        for task in asyncio.all_tasks():
            if task is not asyncio.current_task():
                task.cancel()
        return waited, pool.busy

    waited, busy = asyncio.run(scenario())
    assert waited == [] and busy == 0


def test_a_thread_runner_decides_as_run_bot_job_does():
    """Rule: in-process hosts decide on threads, the same decision as a worker's."""

    async def scenario():
        runner = ThreadRunner(1)
        runner.start(asyncio.get_running_loop())
        table = computers_table()
        job = table.session.bot_job(table.session.bots_to_act()[0])
        try:
            return await asyncio.wait_for(runner.run(job), 30), run_bot_job(job)
        finally:
            runner.close()

    got, expected = asyncio.run(scenario())
    assert got == expected


def test_closing_the_pool_closes_its_runner():
    runner = ScriptedRunner()
    ComputerPool(runner).close()  # type: ignore[arg-type]
    assert runner.closed


def test_a_table_has_one_decision_in_the_pool_at_a_time(monkeypatch):
    """Rule: a table whose computers choose at once (a simultaneous choice) has one of
    them decided at a time: the others wait for it, even with a worker free; the next is
    asked once the first comes back."""

    async def scenario():
        runner = ScriptedRunner(workers=3)
        pool, _applied = pool_with(runner)
        table = computers_table()
        session = table.session
        monkeypatch.setattr(session, "bots_to_act", lambda: [0, 1])
        monkeypatch.setattr(session, "bot_job", lambda player: ("job", player))
        pool.want(table)
        pool.want(table)
        first = [job for job, _ in runner.asked]
        _job, answer = runner.asked[0]
        answer.set_exception(RuntimeError("answered"))
        await settle_loop()
        return first, [job for job, _ in runner.asked], table.thinking

    first, asked, _thinking = asyncio.run(scenario())
    assert first == [("job", 0)]
    assert asked[:2] == [("job", 0), ("job", 1)]


def test_an_idle_worker_that_dies_is_replaced_and_the_next_decision_is_made():
    """Rule: a computers' worker process that ends while idle (killed, out of memory)
    is replaced; the pool keeps its workers and the next decision is made."""
    import os
    import signal

    from game.net.computers import ProcessRunner

    async def scenario():
        runner = ProcessRunner(1)
        runner.start(asyncio.get_running_loop())
        try:
            (worker,) = runner.every
            os.kill(worker.process.pid, signal.SIGKILL)
            for _ in range(1000):
                if runner.every and runner.every[0] is not worker:
                    break
                await asyncio.sleep(0.01)
            table = computers_table()
            job = table.session.bot_job(table.session.bots_to_act()[0])
            answer = await asyncio.wait_for(runner.run(job), 60)
            return worker, list(runner.every), answer, run_bot_job(job)
        finally:
            runner.close()

    dead, every, answer, expected = asyncio.run(scenario())
    assert len(every) == 1 and every[0] is not dead and answer == expected
