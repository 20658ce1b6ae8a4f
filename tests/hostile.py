"""Shared by the tests of hostile files (issue #15): where the committed corpus is, and a
guard that turns a read that blocks (a FIFO did, forever) into a failed test."""

from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path

CORPUS = Path(__file__).parent / "corpus"


@contextmanager
def no_longer_than(seconds: int):
    """Fails the test, instead of hanging the suite, if the block takes longer."""

    def hung(signum, frame):
        raise AssertionError(f"blocked for more than {seconds} s")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
