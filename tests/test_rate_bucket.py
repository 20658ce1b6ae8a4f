"""The host's abuse limits in process (issue #30, rows "rate bucket not capped at its
burst", "over_limit never counted", "one connection may create any number of tables"):
the rate bucket on a patched clock, and ``Tables.create`` with a fake connection."""

from __future__ import annotations

from game.net.limits import FLOOD
from game.net.protocol import check_client_message
from game.net.server import RateBucket, Tables
from tests.net_helpers import RecordingPeer


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def allowed(bucket: RateBucket, tries: int) -> int:
    return sum(bucket.allow() for _ in range(tries))


def test_a_full_bucket_lets_its_burst_through_then_refuses():
    clock = Clock()
    bucket = RateBucket(10.0, 30, clock=clock)
    assert allowed(bucket, 30) == 30
    assert not bucket.allow()
    assert bucket.over_limit == 1


def test_after_idling_a_client_gets_its_burst_and_no_more():
    clock = Clock()
    bucket = RateBucket(10.0, 30, clock=clock)
    assert allowed(bucket, 30) == 30
    clock.now += 3600.0  # an hour of silence would be 36,000 messages if not capped
    assert allowed(bucket, 1000) == 30
    assert not bucket.allow()


def test_the_bucket_refills_at_its_rate():
    clock = Clock()
    bucket = RateBucket(10.0, 30, clock=clock)
    allowed(bucket, 30)
    clock.now += 0.1  # one message's worth at 10 a second
    assert bucket.allow()
    assert not bucket.allow()
    clock.now += 1.0
    assert allowed(bucket, 100) == 10


def test_every_refusal_is_counted_and_flooded_comes_past_flood():
    clock = Clock()
    bucket = RateBucket(10.0, 30, clock=clock)
    allowed(bucket, 30)
    assert bucket.over_limit == 0 and not bucket.flooded()
    for n in range(1, FLOOD + 1):
        assert not bucket.allow()
        assert bucket.over_limit == n
    assert not bucket.flooded()  # at FLOOD: not yet
    assert not bucket.allow()
    assert bucket.over_limit == FLOOD + 1 and bucket.flooded()


def test_a_client_that_keeps_to_the_rate_is_never_flooded():
    clock = Clock()
    bucket = RateBucket(10.0, 30, clock=clock)
    for _ in range(5000):
        clock.now += 0.1
        assert bucket.allow()
    assert bucket.over_limit == 0 and not bucket.flooded()


# -- creating tables ------------------------------------------------------------------------
def create_fields(game: str = "cluck", people: int = 2) -> dict:
    message = {"v": 2, "type": "create", "game": game, "seats": [{"kind": "person"}] * people}
    return check_client_message(message)


def test_one_connection_creates_one_table():
    tables = Tables("serve", allow_create=True)
    conn = RecordingPeer()
    tables.handle(conn, "create", create_fields())
    assert [m["type"] for m in conn.sent] == ["created"]
    assert conn.created and len(tables.by_code) == 1
    for _ in range(3):
        tables.handle(conn, "create", create_fields())
    assert [m["type"] for m in conn.sent] == ["created"] + ["refusal"] * 3
    assert all(m["code"] == "create" for m in conn.sent[1:])
    assert len(tables.by_code) == 1 and conn.closed == []
    # another connection may create its own
    other = RecordingPeer()
    tables.handle(other, "create", create_fields())
    assert other.sent[0]["type"] == "created" and len(tables.by_code) == 2


def test_a_connection_at_a_table_may_not_create_one():
    tables = Tables("serve", allow_create=True)
    owner = RecordingPeer()
    tables.handle(owner, "create", create_fields())
    code = owner.sent[0]["code"]
    guest = RecordingPeer()
    hello = {"v": 2, "type": "hello", "code": code, "seat": 1, "name": "Ben"}
    tables.handle(guest, "hello", check_client_message(hello))
    assert guest.sent[0]["type"] == "welcome" and guest.table is not None
    tables.handle(guest, "create", create_fields())
    assert guest.sent[-1]["type"] == "refusal" and guest.sent[-1]["code"] == "create"
    assert len(tables.by_code) == 1


def test_a_host_with_its_tables_refuses_another_and_one_without_create_refuses_all():
    tables = Tables("serve", allow_create=True, max_tables=2)
    for _ in range(2):
        conn = RecordingPeer()
        tables.handle(conn, "create", create_fields())
        assert conn.sent[-1]["type"] == "created"
    late = RecordingPeer()
    tables.handle(late, "create", create_fields())
    assert late.sent[-1]["type"] == "refusal" and late.sent[-1]["code"] == "full"
    assert len(tables.by_code) == 2 and not late.created
    closed = Tables("app")
    conn = RecordingPeer()
    closed.handle(conn, "create", create_fields())
    assert conn.sent[-1]["code"] == "create" and closed.by_code == {}


def test_a_closed_tables_code_finds_nothing():
    tables = Tables("serve", allow_create=True)
    owner = RecordingPeer()
    tables.handle(owner, "create", create_fields())
    code = owner.sent[0]["code"]
    tables.by_code[code].close("the host closed the table")
    late = RecordingPeer()
    hello = {"v": 2, "type": "hello", "code": code, "seat": 0, "name": "Ben"}
    tables.handle(late, "hello", check_client_message(hello))
    assert late.sent[-1]["type"] == "error" and late.sent[-1]["code"] == "code"
    assert late.closed and late.table is None


def test_a_reader_is_closed_one_message_past_its_queue_not_later():
    """What waits for a slow reader is bounded exactly (issue #25): a queue of 3 takes
    3 messages and the 4th closes the line; bytes count the socket's buffer too."""
    import asyncio

    from game.net.server import Connection

    class Transport:
        unsent = 0

        def get_write_buffer_size(self) -> int:
            return self.unsent

        def abort(self) -> None:
            pass

    class StuckSocket:  # a peer that never reads: nothing it is sent leaves the queue
        transport = Transport()
        remote_address = ("127.0.0.1", 1)

        async def send(self, text: str) -> None:
            await asyncio.Event().wait()

    async def scenario() -> tuple[bool, bool, bool, bool]:
        loop = asyncio.get_running_loop()
        by_count = Connection(StuckSocket(), loop, queue_messages=3, queue_bytes=10**6)
        for n in range(3):
            by_count.send(f"m{n}")
        kept = not by_count.closing
        by_count.send("m3")
        socket = StuckSocket()
        socket.transport.unsent = 90  # the socket's buffer holds 90 bytes already
        by_bytes = Connection(socket, loop, queue_messages=100, queue_bytes=100)
        by_bytes.send("x" * 10)  # 90 + 10: at the bound
        bytes_kept = not by_bytes.closing
        by_bytes.send("y")
        for conn in (by_count, by_bytes):
            conn.sender.cancel()
        return kept, by_count.closing, bytes_kept, by_bytes.closing

    assert asyncio.run(scenario()) == (True, True, True, True)
