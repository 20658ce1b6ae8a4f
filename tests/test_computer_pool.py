"""serve's computers (issue #25): decided in worker processes fed over pipes, a worker
that dies replaced, and tables served in turns by the address that made them, only while
somebody is at them."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal

import pytest

from game import registry
from game.net.computers import ComputerPool, ProcessRunner, WorkerGone
from game.net.table import Table
from game.session import Seat, Session
from game.table.bots import run_bot_job


def computers(game: str = "routes", players: int = 3, seed: int = 4) -> Session:
    info = registry.get(game)
    seats = [
        Seat(f"C{i}", info.characters[i].key, human=False, level="normal") for i in range(players)
    ]
    return Session(game, seats, seed, {}, bot_seed=seed)


def test_a_worker_process_decides_as_this_process_would_and_a_dead_one_is_replaced():
    async def scenario():
        runner = ProcessRunner(1)
        runner.start(asyncio.get_running_loop())
        try:
            session = computers()
            player = session.bots_to_act()[0]
            job = session.bot_job(player)
            assert await asyncio.wait_for(runner.run(job), 60) == run_bot_job(job)
            (worker,) = runner.every
            long = dataclasses.replace(job, level="hard", budget_ms=60_000)  # a long search
            answer = runner.run(long)
            os.kill(worker.process.pid, signal.SIGKILL)  # killed mid-decision
            with pytest.raises(WorkerGone):
                await asyncio.wait_for(answer, 30)
            (new,) = runner.every
            assert new is not worker and runner.idle == [new]
            assert await asyncio.wait_for(runner.run(job), 60) == run_bot_job(job)
        finally:
            runner.close()
        assert runner.every == []

    asyncio.run(scenario())


class ScriptedRunner:
    """Records the jobs it is given; the test answers them."""

    workers = 1

    def __init__(self) -> None:
        self.asked: list[tuple[str, asyncio.Future[str]]] = []

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def run(self, job) -> asyncio.Future[str]:
        answer = self.loop.create_future()
        self.asked.append((job, answer))
        return answer

    def close(self) -> None:
        pass


class Watcher:
    """A spectator's connection: takes what it is sent."""

    def send(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def table_of(creator: str | None, name: str, members: bool = True) -> Table:
    table = Table(computers(seed=len(name)))
    table.creator = creator
    table.code = name
    if members:
        table.members[Watcher()] = None  # a spectator is there
    return table


def test_tables_take_turns_by_address_and_an_empty_table_waits():
    """Stranger S made three tables, then a family F one; one worker. The decisions go
    s0, s1, f, s2, s0, f: each time F's table is ready it waits for the one decision of
    S under way and at most one more (S's turn came first), never for all of S's tables;
    while F's decision is being played (its next not yet ready) S's tables go on. A
    table nobody is at is never asked about until somebody joins it."""

    async def scenario():
        runner = ScriptedRunner()
        pool = ComputerPool(runner)  # type: ignore[arg-type]
        applied: list[str] = []

        def apply(table: Table, player: int, action) -> None:  # as serve's on_change does
            applied.append(table.code)
            table.apply(player, action)
            pool.want(table)

        pool.apply = apply
        pool.start(asyncio.get_running_loop())
        stranger = [table_of("S", f"s{i}") for i in range(3)]
        family = table_of("F", "f")
        empty = table_of("S", "empty", members=False)
        for table in [*stranger, empty, family]:
            pool.want(table)

        async def answer(count: int) -> None:
            for _ in range(count):
                job, pending = next((j, a) for j, a in runner.asked if not a.done())
                pending.set_result(run_bot_job(job))
                for _ in range(3):
                    await asyncio.sleep(0)

        await answer(6)
        before_join = list(applied)
        empty.members[Watcher()] = None  # somebody sits down: its computers start
        pool.want(empty)
        await answer(5)
        return before_join, applied

    before_join, applied = asyncio.run(scenario())
    assert before_join == ["s0", "s1", "f", "s2", "s0", "f"]
    assert "empty" in applied[6:]
