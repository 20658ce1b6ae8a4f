"""The history off the window thread (issue #36): one thread holds the history database
and does everything that touches it, so a file locked by another program never holds up
a frame.

- **Writing** a finished game: the window turns it into plain rows
  (:class:`game.history.PreparedGame`), keeps them in the data folder's
  ``history-pending/`` (one small file a game, written atomically) and hands them to the
  thread, which writes them when it can (a locked file is tried again, forever, a little
  less often each time) and then removes the game's pending file. A game is never
  dropped: one still pending when the app quits (or is killed) is written at the next
  start. Writing is idempotent by the game's uid, so a game written just before its
  pending file went is not written twice; two copies of the app picking up the same
  pending file is fine too.
- **Reading** (the History and Statistics screens): a question is a :class:`Job` the
  screen looks at each frame; while the file is locked the job is ``waiting`` (the
  screen says it will show the games when the file is free) and it is answered then.

The thread waits on the file with a short busy timeout and tries again, so quitting
never waits for another program: the pending files are already on disk.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.history import History, HistoryProblem, PreparedGame
from game.storage import (
    FileProblem,
    atomic_write_text,
    data_dir,
    keep_damaged_copy,
    printable,
    read_json,
    remove_stale_temp_files,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

PENDING_DIR = "history-pending"
PENDING_MAX_BYTES = 64 * 1024 * 1024  # a game of 100,000 actions is a few MB
THREAD_BUSY_TIMEOUT_S = 0.2  # the thread's own wait on a lock; then it tries again
RETRY_FIRST_S = 0.05
RETRY_MOST_S = 1.0  # a locked file is tried at least once a second


def pending_dir() -> Path:
    return data_dir() / PENDING_DIR


def is_locked(problem: HistoryProblem) -> bool:
    """Whether the history is only in use by another program now (worth waiting for)."""
    return "database is locked" in problem.problem or "busy" in problem.problem


class Job(Generic[T]):
    """A question for the history thread, answered later; the window looks at it each
    frame and never waits for it."""

    def __init__(self, ask: Callable[[History], T], *, kept: bool = False, writes: bool = False):
        self.ask = ask
        self.writes = writes or kept  # done in the order asked, after the writes before it
        # a game's writing: a failure is reported (nobody waits for this job), and the
        # game stays pending on disk for the next start
        self.kept = kept
        self.waiting = False  # the file is locked by another program: tried again soon
        self._done = threading.Event()
        self._result: T | None = None
        self._problem: HistoryProblem | None = None

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)

    def result(self) -> T:
        """The answer (only when :meth:`done`); the history's problem is raised."""
        if not self._done.is_set():
            raise RuntimeError("the history has not answered yet")
        if self._problem is not None:
            raise self._problem
        return self._result  # type: ignore[return-value]

    def _answer(self, result: T | None, problem: HistoryProblem | None) -> None:
        self._result, self._problem = result, problem
        self.waiting = False
        self._done.set()


_STOP: Job[Any] = Job(lambda history: None)  # put on the queue to end the thread


class HistoryWriter:
    """The one thread that uses the history. ``open_history`` is called on the thread
    the first time the history is needed (again after it failed); ``pending`` is the
    folder of games waiting to be written (None: this window keeps nothing on disk, the
    games wait in memory only). ``owns``: close the history when stopped."""

    def __init__(
        self,
        open_history: Callable[[], History],
        pending: Path | None,
        *,
        owns: bool = True,
    ):
        self._open = open_history
        self._history: History | None = None
        self._pending_dir = pending
        self._owns = owns
        self._lock = threading.Lock()
        self._waiting: dict[str, PreparedGame] = {}  # uid -> not written yet
        self._reports: list[str] = []  # for the window to show (problems, notes)
        self._jobs: queue.SimpleQueue[Job[Any]] = queue.SimpleQueue()
        self._idle = threading.Event()
        self._idle.set()
        self._locked = False
        self._thread = threading.Thread(target=self._run, name="history", daemon=True)
        self._thread.start()

    @classmethod
    def over(cls, history: History) -> HistoryWriter:
        """A thread for an already open history (a screen handed one: tests, tools)."""
        return cls(lambda: history, None, owns=False)

    # -- the window's side -----------------------------------------------------------------------
    def record(self, prepared: PreparedGame) -> None:
        """Keep ``prepared`` on disk, then have it written when the file is free. Returns
        at once: only the small pending file is written here."""
        self._keep(prepared)
        self._queue(self._writing(prepared))

    def ask(self, question: Callable[[History], T], *, writes: bool = False) -> Job[T]:
        """``question`` asked of the history on its thread: look at the job each frame.
        ``writes``: it changes the file, so it waits behind the games still to write."""
        job: Job[T] = Job(question, writes=writes)
        self._queue(job)
        return job

    def pending(self) -> list[PreparedGame]:
        """The games not written yet."""
        with self._lock:
            return list(self._waiting.values())

    def locked(self) -> bool:
        """Whether the thread is waiting for another program to let go of the file."""
        return self._locked

    def take_reports(self) -> list[str]:
        """What the window should say (once each), the oldest first."""
        with self._lock:
            reports, self._reports = self._reports, []
        return reports

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every job so far is done (command-line use, never the window)."""
        return self._idle.wait(timeout)

    def resume_pending(self) -> int:
        """Queue the games a run before left pending on disk (the app's start): how many.
        A pending file that cannot be read is kept aside as damaged, never deleted."""
        folder = self._pending_dir
        if folder is None:
            return 0
        # a write a kill interrupted (older than a minute: not another copy's, mid-write)
        remove_stale_temp_files(folder, lambda target: target.endswith(".json"))
        try:
            paths = sorted(folder.glob("*.json"))
        except OSError as exc:
            self.report(f"{printable(str(folder))}: {exc}")
            return 0
        found = 0
        for path in paths:
            try:
                prepared = PreparedGame.from_json(read_json(path, PENDING_MAX_BYTES))
            except (FileProblem, ValueError) as exc:
                try:
                    kept = keep_damaged_copy(path)
                    path.unlink(missing_ok=True)
                except OSError:
                    kept = path
                self.report(
                    f"{printable(str(path))}: {printable(str(exc), 120)}; kept as {kept.name}"
                )
                continue
            with self._lock:
                self._waiting[prepared.uid] = prepared
            self._queue(self._writing(prepared))
            found += 1
        return found

    def stop(self, timeout: float = 5.0) -> None:
        """End the thread once the jobs asked so far have been tried (a game ended just
        before quitting is written then; one the lock stops is tried once more and stays
        pending on disk: at most the thread's busy timeout a job, never the other
        program's time), then close the history if it is ours."""
        self._jobs.put(_STOP)
        self._thread.join(timeout)
        if self._owns and self._history is not None and not self._thread.is_alive():
            self._history.close()
            self._history = None

    # -- pending files ---------------------------------------------------------------------------
    def _pending_path(self, uid: str) -> Path | None:
        if self._pending_dir is None:
            return None
        return self._pending_dir / (hashlib.sha256(uid.encode("utf-8")).hexdigest()[:32] + ".json")

    def _keep(self, prepared: PreparedGame) -> None:
        with self._lock:
            self._waiting[prepared.uid] = prepared
        path = self._pending_path(prepared.uid)
        if path is None:
            return
        try:
            atomic_write_text(path, json.dumps(prepared.to_json(), ensure_ascii=False))
        except OSError as exc:  # a full disk: the game still waits in memory this run
            self.report(f"{printable(str(path))}: cannot keep the game to write ({exc})")

    def _written(self, prepared: PreparedGame) -> None:
        with self._lock:
            self._waiting.pop(prepared.uid, None)
        path = self._pending_path(prepared.uid)
        if path is not None:
            try:
                path.unlink(missing_ok=True)
            except OSError as exc:  # written again at the next start: idempotent
                log.warning("history: %s stays pending: %s", printable(str(path)), exc)

    def _writing(self, prepared: PreparedGame) -> Job[int]:
        def write(history: History) -> int:
            game_id = history.write(prepared)
            self._written(prepared)
            for problem in prepared.problems:
                self.report(f"game {game_id}: {problem}")
            return game_id

        return Job(write, kept=True)

    def report(self, text: str) -> None:
        log.warning("history: %s", text)
        with self._lock:
            self._reports.append(text)

    def _queue(self, job: Job[Any]) -> None:
        self._idle.clear()
        self._jobs.put(job)

    # -- the thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        """Jobs in turn. One the lock stops waits (with the writes after it, in their
        order: the old autosaves' import must not take a game's place before the game's
        own record) and is tried again, a little less often each time; a question
        meanwhile is still answered (in WAL mode another program's write lets reads
        through), so the History screen lists while a game waits to be written."""
        deferred: deque[Job[Any]] = deque()
        delay, retry_at = RETRY_FIRST_S, 0.0
        while True:
            wait = max(0.0, retry_at - time.monotonic()) if deferred else 0.5
            try:
                job = self._jobs.get(timeout=wait)
            except queue.Empty:
                job = None
            if job is _STOP:
                # quitting: every job asked before it has been tried; what still waits
                # on the lock is tried once more, then stays pending on disk
                while deferred and self._try(deferred[0]):
                    deferred.popleft()
                break
            behind = job is not None and job.writes and any(d.writes for d in deferred)
            if job is not None and (behind or not self._try(job)):
                deferred.append(job)
                if len(deferred) == 1:
                    delay, retry_at = RETRY_FIRST_S, time.monotonic() + RETRY_FIRST_S
            if deferred and time.monotonic() >= retry_at:
                while deferred and self._try(deferred[0]):
                    deferred.popleft()
                    delay = RETRY_FIRST_S
                if deferred:
                    delay = min(RETRY_MOST_S, delay * 2)
                    retry_at = time.monotonic() + delay
            self._locked = bool(deferred)
            if not deferred and self._jobs.empty():
                self._idle.set()

    def _try(self, job: Job[Any]) -> bool:
        """Do ``job``: False when the file is locked by another program (tried again)."""
        try:
            if self._history is None:
                self._history = self._open()
                self._notes()
            result = job.ask(self._history)
        except HistoryProblem as problem:
            if is_locked(problem):
                self._locked = job.waiting = True
                return False
            if job.kept:
                self.report(f"{problem}; the game is kept to write at the next start")
            job._answer(None, problem)
            return True
        except Exception as exc:  # a bug must not end the thread every game needs
            log.exception("history: a job failed")
            job._answer(None, HistoryProblem(self._path(), f"failed ({printable(repr(exc), 120)})"))
            return True
        self._notes()
        job._answer(result, None)
        return True

    def _path(self) -> Path:
        return self._history.path if self._history is not None else Path("history.sqlite")

    def _notes(self) -> None:
        """What the history noted (a damaged file kept aside), reported once."""
        history = self._history
        if history is not None and history.notes:
            notes, history.notes = history.notes, []
            for note in notes:
                self.report(note)
