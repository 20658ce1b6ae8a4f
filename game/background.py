"""An answer worked out in the background (issue #40): a search that takes longer than a
frame (the coach's hint, the look back of a whole game) runs on a thread of its own while
the window keeps drawing, or while a host keeps serving its table; the owner polls for
the answer once a frame and never waits.

One small part for every such asker (``CoachScene``, ``LookBackScene`` and the host's
coach for phones, :mod:`game.net.phone_coach`), so each is not a thread, a list shared
with it and its own idea of what a failed search does. A work that raises never
raises into the loop that polls: its exception is written to the log with its
traceback, and what a person may read of it is :attr:`BackgroundAnswer.problem`.

Headless and standard library only: the network (which never imports pygame) uses it too.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)


class BackgroundAnswer(Generic[T]):
    """One work on its own (daemon) thread and its answer, taken by :meth:`poll` on the
    owner's thread. ``expected``: the exceptions a work may end in as a matter of course
    (a position with no decision after all); they are the problem without a traceback
    in the log. Any other exception is logged with its traceback (a bug, kept for its
    report) and is the problem too: either way nothing is raised into the poller."""

    def __init__(self, name: str, expected: tuple[type[Exception], ...] = (ValueError,)):
        self.name = name
        self.expected = expected
        self.problem: str | None = None  # what the work ended in, once polled
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._ended = False
        self._answer: T | None = None
        self._failed: str | None = None
        self._taken = False

    def start(self, work: Callable[[], T]) -> BackgroundAnswer[T]:
        """Run ``work`` on a thread of its own (once per part: a second start is a bug)."""
        if self._thread is not None:
            raise RuntimeError(f"{self.name}: started twice")

        def run() -> None:
            answer: T | None = None
            failed: str | None = None
            try:
                answer = work()
            except self.expected as exc:
                failed = str(exc) or type(exc).__name__
            except Exception as exc:  # a bug: logged whole, said in one line, never raised
                log.exception("%s failed", self.name)
                failed = f"{type(exc).__name__}: {exc}"
            with self._lock:
                self._answer, self._failed, self._ended = answer, failed, True

        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        return self

    def running(self) -> bool:
        """Started and not ended yet (an ended work's answer may still wait to be polled)."""
        with self._lock:
            return self._thread is not None and not self._ended

    def poll(self) -> T | None:
        """The answer, once: the first call after the work ended returns it, every other
        call None. A work that failed returns None and sets :attr:`problem`."""
        with self._lock:
            if not self._ended or self._taken:
                return None
            self._taken = True
            self.problem = self._failed
            return self._answer

    def taken(self) -> bool:
        """The work ended and :meth:`poll` has handed its answer (or its problem) on."""
        with self._lock:
            return self._taken

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the work to end (tests, screenshots and the
        command line; a window never waits); True once it has ended."""
        if self._thread is not None:
            self._thread.join(timeout)
        with self._lock:
            return self._ended
