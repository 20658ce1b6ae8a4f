"""Child processes of the tests (issue #36): every process a test starts is ended in a
``finally`` or a fixture, whether the test passes or fails (a failing test once left its
``serve`` running for hours), and CI checks that none outlives the suite (.ci/run)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager


def end(process: subprocess.Popen) -> None:
    """Kill ``process`` if it still runs and reap it; its pipes closed."""
    if process.poll() is None:
        process.kill()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:  # a process that does not die: nothing more to do
        pass
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None:
            try:
                pipe.close()
            except OSError:
                pass


@contextmanager
def ended(*processes: subprocess.Popen) -> Iterator[list[subprocess.Popen]]:
    """``with ended(p) as started:`` -- the processes given and any appended to
    ``started`` meanwhile are ended when the block is left, however it is left."""
    started = list(processes)
    try:
        yield started
    finally:
        for process in started:
            end(process)
