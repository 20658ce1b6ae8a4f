"""HostThread.stop is idempotent (issue #30, "tests that hide failures"): a test's
``finally: host.stop()`` after the window had already stopped its host raised "Event
loop is closed", and that error replaced the assertion that had really failed."""

from __future__ import annotations

import socket
import time

from game.net.host import HostThread
from game.session import Seat, Session
from tests.net_helpers import start_host, wait_listening

BOUND_S = 20.0  # guards against a hang only; never a timing check


def cluck() -> Session:
    return Session("cluck", [Seat("Aiko", "henrietta"), Seat("Ben", "clucky")], 3)


def test_a_stopped_host_may_be_stopped_again():
    host = start_host(cluck(), (0,))
    wait_listening(host)
    host.stop()
    assert host.table.closed and not host._thread.is_alive()
    host.stop()  # was RuntimeError: Event loop is closed
    host.stop()


def test_a_host_that_could_not_listen_stops_without_raising():
    blocker = socket.socket()
    try:
        blocker.bind(("127.0.0.1", 0))
        blocker.listen()
        taken = blocker.getsockname()[1]
        host = HostThread(cluck(), host="127.0.0.1", port=taken, autosave=False).start()
        notes: list = []
        deadline = time.monotonic() + BOUND_S
        while not any(kind == "error" for kind, _ in notes):
            assert time.monotonic() < deadline, "no error note"
            notes += host.pump()
            time.sleep(0.01)
        host._thread.join(BOUND_S)
        host.stop()  # its loop ended with the error: nothing to stop, nothing raised
        assert host.table.closed
    finally:
        blocker.close()


def test_a_host_never_started_stops_without_raising():
    host = HostThread(cluck(), host="127.0.0.1", autosave=False)
    host.stop()
    assert host.table.closed
