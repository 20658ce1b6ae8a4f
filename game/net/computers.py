"""Computer seats of a host's tables, decided off the network loop and served fairly
(issue #25).

A hard computer searches for tens of milliseconds; a hundred tables of them in the
network's own process held the GIL against the loop, and every other table's computer
waited its turn behind the whole queue. Here:

- each decision is a :class:`~game.table.bots.BotJob` (the seat's view, its level and
  a seed of the computers' own, all plain picklable values) run by
  :func:`~game.table.bots.run_bot_job` in an executor: a pool of worker processes for
  ``serve`` (the loop never waits on a search), threads where a process pool is not
  wanted (in-process tests);
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
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from typing import TYPE_CHECKING

from game import rules
from game.rules.protocol import Action
from game.table.bots import Decided, run_bot_job, settle

if TYPE_CHECKING:
    from game.net.table import Table

log = logging.getLogger(__name__)


def _warm() -> int:
    """A worker's first job: importing the games and their computers happens here, at
    start, not in the first table's first decision."""
    for game_id in rules.available():
        rules.load(game_id)
    return os.getpid()


PARENT_CHECK_S = 0.5  # how often a worker looks whether its host is still there


def _follow_parent(parent: int) -> None:
    """A worker's start: it ends itself once its host is gone. A host killed outright
    (kill -9, out of memory) cannot stop its pool, and orphaned workers would hold its
    files and pipes (and their memory) for good."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="follow-host", daemon=True).start()


def process_pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes for the computers, each a child of the host (spawn: the host has
    threads, the saver and the loop, that a fork would copy in the middle of their work;
    and a forkserver's children would outlive a host killed outright)."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_follow_parent,
        initargs=(os.getpid(),),
    )


class ComputerPool:
    """Decides the computer seats of a host's tables: :meth:`want` a table after every
    change; the pool's ``apply(table, player, action)`` plays each decision once it
    has taken ``bot_delay`` seconds from the moment the table became ready (so people
    can follow), the wait spent on the loop, not in a worker."""

    def __init__(
        self,
        make_executor: Callable[[], Executor],
        workers: int,
        *,
        bot_delay: float = 0.0,
        needs_member: bool = True,
    ):
        self.make_executor = make_executor
        self.executor = make_executor()
        self.workers = max(1, workers)
        self.bot_delay = bot_delay
        self.needs_member = needs_member
        self.loop: asyncio.AbstractEventLoop | None = None
        self.apply: Callable[[Table, int, Action], object] = lambda table, p, a: None
        self.busy = 0  # decisions in the executor now
        self._turns: collections.deque[str] = collections.deque()  # addresses, in turn
        self._ready: dict[str, collections.deque[Table]] = {}
        self._since: dict[Table, float] = {}  # a ready table -> when it became ready
        self.decided = 0

    def start(self, loop: asyncio.AbstractEventLoop, warm: bool = False) -> None:
        self.loop = loop
        if warm:
            for _ in range(self.workers):
                self.executor.submit(_warm)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

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
            future = self.loop.run_in_executor(self.executor, run_bot_job, job)
            self.loop.create_task(self._decided(table, player, future, since, moves))

    async def _decided(
        self, table: Table, player: int, future: asyncio.Future[str], since: float, moves: int
    ) -> None:
        decided: Decided
        try:
            decided = table.session.module.parse_action(await future)
        except BrokenExecutor as exc:  # a worker died (killed, out of memory): a new pool
            log.error("the computers' worker pool broke; starting a new one")
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self.make_executor()
            decided = exc  # a failure: the policy below plays on (a search that kills
            # its worker would kill the next one too)
        except Exception as exc:  # noqa: BLE001 - a failure, settled below by the policy
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
