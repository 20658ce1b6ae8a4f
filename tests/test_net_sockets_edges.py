"""The host's guards below the messages, in process without a socket (issue #30): a
connection's send queue and its closing, the socket guard's counting and cut-offs, the
sweep of stalled sockets and the accept-failure log. websockets' own methods are
stubbed where the guard hands over to them. Each test names the rule it guards."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest
from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from game.net import server as server_module
from game.net.limits import FLOOD, RateBucket
from game.net.server import (
    Connection,
    GuardedSocket,
    Server,
    Tables,
)


class Transport:
    def __init__(self, peer=("10.0.0.1", 5000)) -> None:
        self.unsent = 0
        self.aborted = False
        self.peer = peer

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def get_extra_info(self, name: str):
        return self.peer if name == "peername" else None

    def abort(self) -> None:
        self.aborted = True


class ReadingSocket:
    """A websocket whose peer reads: it records what is sent and how it is closed."""

    def __init__(self) -> None:
        self.transport = Transport()
        self.remote_address = ("10.0.0.1", 5000)
        self.sent: list[str] = []
        self.closed_with: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        await asyncio.sleep(0)
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = (code, reason)


# -- a connection's queue and its closing ---------------------------------------------------------
def test_a_connection_sends_in_order_and_frees_what_it_queued():
    """Rule: what a connection is sent goes out in order, and once sent no longer counts
    toward its queue's bytes (a reader that keeps up is never closed)."""

    async def scenario():
        conn = Connection(ReadingSocket(), asyncio.get_running_loop(), queue_bytes=100)
        for round_ in range(5):
            for n in range(3):
                conn.send(f"{round_}-{n}-" + "x" * 20)
            for _ in range(20):
                await asyncio.sleep(0)
        conn.sender.cancel()
        return conn

    conn = asyncio.run(scenario())
    assert [t[:3] for t in conn.ws.sent] == [f"{r}-{n}" for r in range(5) for n in range(3)]
    assert conn.queued_bytes == 0 and not conn.closing


def test_a_closed_connection_first_sends_what_it_was_told_then_closes_with_its_code():
    """Rule: closing a connection sends what is queued first (an error saying why), then
    the closing handshake with the code and reason; a second close changes nothing and
    nothing more is queued once closing."""

    async def scenario():
        ws = ReadingSocket()
        conn = Connection(ws, asyncio.get_running_loop())
        conn.send("why")
        conn.close(4000, "code")
        conn.close(1008, "again")
        conn.send("after")
        await asyncio.wait_for(conn.shutdown, 5)
        return ws

    ws = asyncio.run(scenario())
    assert ws.sent == ["why"] and ws.closed_with == (4000, "code")
    assert not ws.transport.aborted


def test_a_connection_too_far_behind_is_cut_off_without_a_handshake():
    """Rule: a reader that fell too far behind is closed (1008) at once: its socket is
    aborted, nothing more is sent to it."""

    async def scenario():
        ws = ReadingSocket()
        conn = Connection(ws, asyncio.get_running_loop(), queue_messages=1)
        conn.send("one")
        conn.send("two")  # past its queue
        await asyncio.wait_for(conn.shutdown, 5)
        return ws, conn

    ws, conn = asyncio.run(scenario())
    assert conn.closing and ws.transport.aborted and ws.closed_with is None
    assert ws.sent == []


def test_a_peer_that_does_not_close_in_time_is_cut_off(monkeypatch):
    """Rule: a peer that does not take part in the closing handshake is aborted."""

    class Deaf(ReadingSocket):
        async def close(self, code: int = 1000, reason: str = "") -> None:
            await asyncio.Event().wait()

    real_wait_for = asyncio.wait_for

    async def quick(awaitable, timeout):
        return await real_wait_for(awaitable, min(timeout, 0.05))

    monkeypatch.setattr(server_module.asyncio, "wait_for", quick)

    async def scenario():
        ws = Deaf()
        conn = Connection(ws, asyncio.get_running_loop())
        conn.close(4000, "x")
        await real_wait_for(conn.shutdown, 5)
        return ws

    assert asyncio.run(scenario()).transport.aborted


# -- the socket guard ---------------------------------------------------------------------------------
def guarded(server: Server) -> GuardedSocket:
    sock = object.__new__(GuardedSocket)  # websockets' own state is not needed here
    sock.guard = server
    sock.bucket = RateBucket(*server.rate)
    sock.address = ""
    sock.busy = None
    sock.counted = False
    sock.stalled_since = None
    return sock


@pytest.fixture
def stubbed(monkeypatch):
    """websockets' ServerConnection methods the guard calls, recorded."""
    calls: list[str] = []

    def made(self, transport):
        self.transport = transport
        calls.append("made")

    monkeypatch.setattr(ServerConnection, "connection_made", made)
    monkeypatch.setattr(ServerConnection, "connection_lost", lambda self, exc: calls.append("lost"))
    monkeypatch.setattr(ServerConnection, "process_event", lambda self, e: calls.append("event"))
    monkeypatch.setattr(ServerConnection, "data_received", lambda self, d: calls.append("data"))
    return calls


def window_server(**kwargs) -> Server:
    """A window's server (messages queued for its thread) with one cluck table."""
    import queue

    from game.net.table import Table
    from game.session import Seat, Session

    tables = Tables("app")
    tables.add(Table(Session("cluck", [Seat("A", "henrietta"), Seat("B", "clucky")], 1)))
    return Server(tables, inbox=queue.SimpleQueue(), **kwargs)


def test_a_socket_is_counted_from_accept_told_busy_past_the_limit_and_cut_past_the_grace(
    stubbed,
):
    """Rule: every accepted socket counts against its address (an IPv6 /64); one past
    the limit is let in to be told why ('busy'); past the grace it is aborted at once and
    not counted; a socket that ends is no longer counted."""
    server = window_server(max_per_address=1)
    socks = []
    for n in range(1 + server_module.BUSY_GRACE + 1):
        sock = guarded(server)
        sock.connection_made(Transport((f"2001:db8:0:1::{n + 1}", 1, 0, 0)))
        socks.append(sock)
    first, busy, cut = socks[0], socks[1:-1], socks[-1]
    assert first.counted and first.busy is None and first.address == "2001:db8:0:1::/64"
    assert all(s.counted and s.busy and "1 connections" in s.busy for s in busy)
    assert cut.transport.aborted and not cut.counted and cut not in server.sockets
    assert server.per_address["2001:db8:0:1::/64"] == 1 + server_module.BUSY_GRACE
    assert server.sockets == set(socks[:-1])
    for sock in socks:
        sock.connection_lost(None)
        sock.connection_lost(None)  # told twice: released once
    assert server.per_address == {} and server.admission.total == 0 and server.sockets == set()


def test_a_flood_of_pings_closes_the_socket_and_a_ping_within_the_rate_is_answered(stubbed):
    """Rule: control frames spend the same bucket as messages; past the flood the socket
    is aborted; within the rate, or a data frame, goes to websockets as usual."""
    server = window_server(rate=(1.0, 1))
    sock = guarded(server)
    sock.connection_made(Transport())
    ping = Frame(Opcode.PING, b"")
    sock.process_event(ping)  # within the burst
    assert stubbed[-1] == "event" and not sock.transport.aborted
    for _ in range(FLOOD):
        sock.process_event(ping)  # refused, not yet a flood: still handled
    assert not sock.transport.aborted
    sock.process_event(Frame(Opcode.TEXT, b"{}"))  # a message is not a control frame here
    handled = stubbed.count("event")
    sock.process_event(ping)  # the refusal past FLOOD
    assert sock.transport.aborted and stubbed.count("event") == handled


def test_a_socket_whose_buffer_is_past_its_bytes_is_cut_when_data_arrives(stubbed):
    """Rule: a socket whose unsent bytes (a pong it never reads, say) pass the queue's
    bytes is aborted; at the bound it is kept."""
    server = window_server(queue_bytes=100)
    sock = guarded(server)
    sock.connection_made(Transport())
    sock.transport.unsent = 100
    sock.data_received(b"x")
    assert not sock.transport.aborted and sock.unsent() == 100
    sock.transport.unsent = 101
    sock.data_received(b"x")
    assert sock.transport.aborted


# -- the sweep of stalled sockets ------------------------------------------------------------------------
class FakeSock:
    def __init__(self, unsent: int) -> None:
        self.transport = Transport()
        self.transport.unsent = unsent
        self.stalled_since = None
        self.address = "10.0.0.1"

    def unsent(self) -> int:
        return self.transport.unsent


def test_a_socket_whose_buffer_never_empties_for_stall_s_is_cut(monkeypatch):
    """Rule: every sweep, a socket whose buffer has not emptied for ``stall_s`` is
    aborted (at stall_s, not a moment before); one that emptied meanwhile starts counting
    again; one that reads is never touched."""
    clock = SimpleNamespace(now=1000.0)
    monkeypatch.setattr(server_module, "time", SimpleNamespace(monotonic=lambda: clock.now))
    monkeypatch.setattr(server_module, "SWEEP_S", 0)
    server = window_server(stall_s=3.0)
    stuck, emptied, reading = FakeSock(10), FakeSock(10), FakeSock(0)
    server.sockets = {stuck, emptied, reading}

    async def scenario():
        task = asyncio.get_running_loop().create_task(server._sweep())

        async def at(now: float) -> tuple[bool, bool]:
            clock.now = now
            for _ in range(3):
                await asyncio.sleep(0)
            return stuck.transport.aborted, emptied.transport.aborted

        seen = [await at(1000.0)]
        emptied.transport.unsent = 0
        seen.append(await at(1001.0))
        emptied.transport.unsent = 5
        seen.append(await at(1002.0))
        seen.append(await at(1002.875))
        seen.append(await at(1003.0))
        seen.append(await at(1004.875))
        seen.append(await at(1005.0))
        task.cancel()
        return seen

    seen = asyncio.run(scenario())
    assert seen == [
        (False, False),
        (False, False),
        (False, False),
        (False, False),
        (True, False),  # 3 s after it was first seen stalled
        (True, False),
        (True, True),  # 3 s after it filled up again
    ]
    assert not reading.transport.aborted and reading.stalled_since is None


# -- a refused accept ------------------------------------------------------------------------------------
def test_accept_failures_are_one_line_a_streak_and_its_count_when_it_ends(monkeypatch, caplog):
    """Rule: a refused accept (out of open files) is logged once when a streak begins;
    the streak ends after ACCEPT_QUIET_S without one, and then (issue #36: not only when
    the next streak begins, which may never come) one line says how many there were and
    over how long. Anything else goes to the loop's usual handler."""
    clock = SimpleNamespace(now=1000.0)
    monkeypatch.setattr(server_module, "time", SimpleNamespace(monotonic=lambda: clock.now))
    server = window_server()
    other: list[dict] = []
    later: list[tuple[float, object, tuple]] = []

    def call_later(delay, call, *args):
        later.append((clock.now + delay, call, args))

    def run_due() -> None:
        while due := [item for item in later if item[0] <= clock.now]:
            for item in due:
                later.remove(item)
                item[1](*item[2])

    loop = SimpleNamespace(default_exception_handler=other.append, call_later=call_later)
    failure = {"message": "socket.accept() out of system resource", "exception": OSError(24)}
    with caplog.at_level(logging.ERROR, logger="game.net.server"):
        for _ in range(5):
            server._loop_exception(loop, failure)
            clock.now += 1.0
            run_due()
        assert len(caplog.records) == 1 and "cannot accept" in caplog.records[0].getMessage()
        clock.now += server_module.ACCEPT_QUIET_S  # quiet since the fifth: the streak ends
        run_due()
        messages = [r.getMessage() for r in caplog.records]
        assert len(messages) == 2, messages
        assert messages[1] == (
            "5 connections could not be accepted (out of open files) in 4.0 s"
        ), messages
        server._loop_exception(loop, failure)  # a new streak: its own first line
        clock.now += server_module.ACCEPT_QUIET_S + 0.5
        run_due()
        messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 4 and "cannot accept" in messages[2], messages
    assert messages[3].startswith("1 connections could not be accepted"), messages
    server._loop_exception(loop, {"message": "Task exception was never retrieved"})
    assert other == [{"message": "Task exception was never retrieved"}]


def test_sockets_cut_past_the_limits_are_a_streak_with_a_count_and_its_address(monkeypatch, caplog):
    """issue #36: sockets closed unanswered past the limits were not logged at all; now
    a streak of them is one line when it begins and one with its count and the address
    most of them came from when it ends."""
    clock = SimpleNamespace(now=1000.0)
    monkeypatch.setattr(server_module, "time", SimpleNamespace(monotonic=lambda: clock.now))
    later: list = []
    loop = SimpleNamespace(call_later=lambda delay, call, *args: later.append((call, args)))
    streak = server_module.Streak("sockets closed unanswered", level=logging.WARNING)
    with caplog.at_level(logging.WARNING, logger="game.net.server"):
        for n in range(30):
            streak.note(loop, "closing sockets", "127.0.0.2" if n < 28 else "127.0.0.3")
        clock.now += server_module.ACCEPT_QUIET_S
        call, args = later.pop()
        call(*args)
    messages = [r.getMessage() for r in caplog.records]
    assert messages == [
        "closing sockets (counting until they stop)",
        "30 sockets closed unanswered in 0.0 s, 28 from 127.0.0.2",
    ]


def test_a_busy_socket_is_told_why_and_closed_before_it_joins():
    """Rule: a socket let in past a limit gets error 'busy' with the reason, then its
    line is closed (4000); it never reaches the tables."""

    class BusySocket(ReadingSocket):
        busy = "16 connections from your address are open already"

        def __aiter__(self):
            return self

        async def __anext__(self):
            raise StopAsyncIteration

    async def scenario():
        server = window_server()
        server.loop = asyncio.get_running_loop()
        ws = BusySocket()
        await server._handler(ws)
        return ws, server

    ws, server = asyncio.run(scenario())
    import json

    assert [json.loads(t)["code"] for t in ws.sent] == ["busy"]
    assert json.loads(ws.sent[0])["reason"] == BusySocket.busy
    assert ws.closed_with == (4000, "busy") and server.connections == set()
    assert server.inbox.empty()


def test_a_connection_that_ends_is_left_at_its_table():
    """Rule: when a connection ends, a window's table is told ("leave" queued for its
    thread) and the connection's sender stops."""

    class OneMessage(ReadingSocket):
        def __init__(self, texts):
            super().__init__()
            self.texts = list(texts)

        def __aiter__(self):
            return self

        async def __anext__(self):
            if not self.texts:
                raise StopAsyncIteration
            return self.texts.pop(0)

    async def scenario():
        server = window_server()
        server.loop = asyncio.get_running_loop()
        code = next(iter(server.tables.by_code))
        from game.net.protocol import encode

        ws = OneMessage([encode("look", code=code)])
        await server._handler(ws)
        return server

    server = asyncio.run(scenario())
    items = []
    while not server.inbox.empty():
        items.append(server.inbox.get_nowait())
    assert [kind for _, kind, _ in items] == ["look", "leave"]
    conn = items[-1][0]
    assert conn.closing and server.connections == set()


def test_a_closing_connection_whose_sender_ended_does_not_wait_for_its_queue():
    """Rule: what is queued is sent before closing while the sender runs; once the
    sender has ended (its peer gone) the closing does not wait for a queue that will
    never drain."""

    async def scenario():
        conn = Connection(ReadingSocket(), asyncio.get_running_loop())
        conn.sender.cancel()
        await asyncio.sleep(0)
        conn.queue.append("never sent")
        await asyncio.wait_for(conn._drained(), 1.0)
        return conn.sender.done()

    assert asyncio.run(scenario())


def test_a_socket_cut_at_accept_is_never_counted_nor_released(stubbed):
    """Rule: a socket cut at accept (past the grace) is not counted, so its end releases
    nothing: the counts of the sockets held stay right."""
    from websockets.server import ServerProtocol

    async def scenario():
        server = window_server(max_per_address=1)
        held = GuardedSocket(ServerProtocol(), None, guard=server)
        assert not held.counted and held.busy is None
        held.connection_made(Transport())
        socks = []
        for _ in range(server_module.BUSY_GRACE + 1):
            sock = GuardedSocket(ServerProtocol(), None, guard=server)
            sock.connection_made(Transport())
            socks.append(sock)
        cut = socks[-1]
        assert cut.transport.aborted and not cut.counted
        cut.connection_lost(None)
        counts = (server.per_address["10.0.0.1"], server.admission.total)
        for sock in (held, *socks[:-1]):
            sock.connection_lost(None)
        return counts, dict(server.per_address), server.admission.total

    counts, left, total = asyncio.run(scenario())
    assert counts == (1 + server_module.BUSY_GRACE, 1 + server_module.BUSY_GRACE)
    assert left == {} and total == 0


def test_a_server_that_never_started_stops_quietly():
    """Rule: stopping a server that never listened (its window could not start) does
    nothing and raises nothing."""
    server = window_server()
    asyncio.run(server.stop())
    assert server.ws_server is None
