"""Computer seats of a host's tables, decided off the network loop and served fairly
(issue #25).

A hard computer searches for tens of milliseconds; a hundred tables of them in the
network's own process held the GIL against the loop, and every other table's computer
waited its turn behind the whole queue. Here:

- each decision is a :class:`~game.table.bots.BotJob` (the seat's view, its level and
  a seed of the computers' own, all plain picklable values) run by
  :func:`~game.table.bots.run_bot_job` in a :class:`ProcessRunner` (worker processes
  for ``serve``, fed over pipes the loop reads: the loop never waits on a search) or a
  :class:`ThreadRunner` (in-process hosts and tests);
- a table has at most one decision in the pool at a time, and tables are taken in
  turns: round-robin over the addresses that created them, then over each address's
  tables. A stranger with many tables gets one turn per round like everybody else;
- a table nobody is connected to does not run its computers (they wait for a member).

A decision that comes back is settled by the one policy of every computer seat,
:func:`game.table.bots.settle`: for a position that has moved on it is thrown away and
made again; one that failed is logged and replaced by the first legal action.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

from game import rules
from game.rules.protocol import Action
from game.table.bots import BotJob, Decided, run_bot_job, settle

if TYPE_CHECKING:
    from game.net.table import Table

log = logging.getLogger(__name__)


PARENT_CHECK_S = 0.5  # how often a worker looks whether its host is still there


class WorkerGone(Exception):
    """A computer's worker died during a decision (killed, out of memory)."""


def _follow_parent(parent: int) -> None:
    """In a worker: end it once its host is gone. A host killed outright (kill -9, out
    of memory) cannot stop its workers, and orphans would hold its files and pipes (and
    their memory) for good."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="follow-host", daemon=True).start()


def _serve_jobs(conn: Connection, parent: int) -> None:
    """A worker process: the games loaded once, then one job at a time from its pipe,
    each answered with ("ok", action text) or ("error", what went wrong)."""
    _follow_parent(parent)
    for game_id in rules.available():
        rules.load(game_id)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return  # the host closed the pipe: it stops
        try:
            answer = ("ok", run_bot_job(job))
        except Exception as exc:  # noqa: BLE001 - a bot's bug goes back as a failure
            answer = ("error", f"{type(exc).__name__}: {exc}"[:500])
        conn.send(answer)


class ThreadRunner:
    """Decisions on threads of this process (in-process hosts and tests)."""

    def __init__(self, workers: int = 2):
        self.workers = workers
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="bots")
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def run(self, job: BotJob) -> asyncio.Future[str]:
        assert self.loop is not None
        return self.loop.run_in_executor(self.executor, run_bot_job, job)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


@dataclass
class _Worker:
    process: multiprocessing.process.BaseProcess
    conn: Connection
    answer: asyncio.Future[str] | None = None


class ProcessRunner:
    """Decisions in worker processes, each fed one job at a time over a pipe of its own
    that the loop reads (``add_reader``): no thread in the host between the loop and
    the workers (concurrent.futures' process pool adds two, whose hand-offs of the
    interpreter lock cost the loop ~0.6 ms a decision). Spawned, not forked: the host has
    threads (the saver) that a fork would copy in the middle of their work."""

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.context = multiprocessing.get_context("spawn")
        self.loop: asyncio.AbstractEventLoop | None = None
        self.idle: list[_Worker] = []
        self.every: list[_Worker] = []

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        while len(self.every) < self.workers:
            self._spawn()

    def _spawn(self) -> None:
        assert self.loop is not None
        ours, theirs = self.context.Pipe()
        process = self.context.Process(
            target=_serve_jobs, args=(theirs, os.getpid()), name="computer", daemon=True
        )
        process.start()
        theirs.close()
        worker = _Worker(process, ours)
        self.every.append(worker)
        self.idle.append(worker)
        self.loop.add_reader(ours.fileno(), self._answered, worker)

    def run(self, job: BotJob) -> asyncio.Future[str]:
        """The scheduler asks for at most ``workers`` decisions at once: one is idle."""
        assert self.loop is not None
        worker = self.idle.pop()
        worker.answer = answer = self.loop.create_future()
        try:
            worker.conn.send(job)
        except OSError:
            self._replace(worker)
        return answer

    def _answered(self, worker: _Worker) -> None:
        try:
            kind, value = worker.conn.recv()
        except (EOFError, OSError):
            self._replace(worker)
            return
        answer, worker.answer = worker.answer, None
        self.idle.append(worker)
        if answer is not None and not answer.done():
            if kind == "ok":
                answer.set_result(value)
            else:
                answer.set_exception(RuntimeError(value))

    def _replace(self, worker: _Worker) -> None:
        """A worker gone: its decision fails, a new worker takes its place."""
        assert self.loop is not None
        log.error("a computers' worker process ended; starting a new one")
        self.loop.remove_reader(worker.conn.fileno())
        worker.conn.close()
        worker.process.join(0)
        self.every.remove(worker)
        if worker in self.idle:
            self.idle.remove(worker)
        if worker.answer is not None and not worker.answer.done():
            worker.answer.set_exception(WorkerGone("the worker process ended"))
        self._spawn()

    def close(self) -> None:
        for worker in self.every:
            if self.loop is not None and not self.loop.is_closed():
                self.loop.remove_reader(worker.conn.fileno())
            worker.conn.close()  # the worker reads EOF and ends
        for worker in self.every:
            worker.process.join(1.0)
            if worker.process.is_alive():
                worker.process.terminate()
        self.every.clear()
        self.idle.clear()


Runner = ThreadRunner | ProcessRunner


class ComputerPool:
    """Decides the computer seats of a host's tables: :meth:`want` a table after every
    change; the pool's ``apply(table, player, action)`` plays each decision once it
    has taken ``bot_delay`` seconds from the moment the table became ready (so people
    can follow), the wait spent on the loop, not in a worker."""

    def __init__(self, runner: Runner, *, bot_delay: float = 0.0, needs_member: bool = True):
        self.runner = runner
        self.workers = runner.workers
        self.bot_delay = bot_delay
        self.needs_member = needs_member
        self.loop: asyncio.AbstractEventLoop | None = None
        self.apply: Callable[[Table, int, Action], object] = lambda table, p, a: None
        self.busy = 0  # decisions in the executor now
        self._turns: collections.deque[str] = collections.deque()  # addresses, in turn
        self._ready: dict[str, collections.deque[Table]] = {}
        self._since: dict[Table, float] = {}  # a ready table -> when it became ready
        self.decided = 0

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.loop is None:
            self.loop = loop
            self.runner.start(loop)

    def close(self) -> None:
        self.runner.close()

    # -- which table is next ---------------------------------------------------------------
    def _waiting(self, table: Table) -> list[int]:
        """The table's computer seats to act that nobody decides for yet."""
        session = table.session
        if table.closed or session.state.is_over():
            return []
        if self.needs_member and not table.members:
            return []
        return [p for p in session.bots_to_act() if p not in table.thinking]

    def want(self, table: Table) -> None:
        """The table may have computers to act: in the queue of its address, at the back."""
        if self.loop is None or table in self._since or not self._waiting(table):
            return
        key = table.creator or ""
        queue = self._ready.get(key)
        if queue is None:
            queue = self._ready[key] = collections.deque()
            self._turns.append(key)
        queue.append(table)
        self._since[table] = time.monotonic()
        self._dispatch()

    def _next(self) -> tuple[Table, float] | None:
        while self._turns:
            key = self._turns.popleft()
            queue = self._ready[key]
            table = queue.popleft()
            if queue:
                self._turns.append(key)  # its next table waits for the others' turn
            else:
                del self._ready[key]
            return table, self._since.pop(table)
        return None

    def _dispatch(self) -> None:
        assert self.loop is not None
        while self.busy < self.workers:
            found = self._next()
            if found is None:
                return
            table, since = found
            waiting = self._waiting(table)
            if not waiting or table.deciding:
                continue  # moved on meanwhile, or one of its decisions is in the pool
            player = waiting[0]
            job = table.session.bot_job(player)
            moves = len(table.session.actions)  # the position it is asked about
            table.thinking.add(player)
            table.deciding.add(player)
            self.busy += 1
            future = self.runner.run(job)
            self.loop.create_task(self._decided(table, player, future, since, moves))

    async def _decided(
        self, table: Table, player: int, future: asyncio.Future[str], since: float, moves: int
    ) -> None:
        decided: Decided
        try:
            decided = table.session.module.parse_action(await future)
        except Exception as exc:  # noqa: BLE001 - a failure (a worker gone too: a search
            # that kills its worker would kill the next one as well): settled below
            decided = exc
        finally:
            self.busy -= 1
            table.deciding.discard(player)
        self.decided += 1
        self.want(table)  # its other computers (a simultaneous choice) queue again
        self._dispatch()
        wait = since + self.bot_delay - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        if player not in table.thinking:
            return  # its person came back meanwhile
        table.thinking.discard(player)
        session = table.session
        if table.closed or session.state.is_over() or session.seats[player].human:
            return
        action = settle(session.state, player, decided, moved=len(session.actions) != moves)
        if action is None:
            self.want(table)  # stale: decided on a position that has moved on
            return
        self.apply(table, player, action)
