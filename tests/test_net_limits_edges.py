"""The host's limits at their exact defaults and bounds, in process (issue #30: the
suite's attack tests run a real ``serve`` and use values far past a limit, so a limit one
off, or a default changed, went unnoticed in the fast tests).

Each test names the rule it guards; docs/network.md's table of limits is the
specification of the default values."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.net import limits
from game.net.limits import (
    BURST,
    BUSY_GRACE,
    COMPUTERS_PER_ADDRESS,
    FLOOD,
    MAX_CONNECTIONS,
    MAX_PER_ADDRESS,
    QUEUE_BYTES,
    QUEUE_MESSAGES,
    RATE,
    RateBucket,
)
from game.net.protocol import check_client_message
from game.net.server import Admission, Connection, Tables

DOCS = Path(__file__).resolve().parent.parent / "docs" / "network.md"


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# -- the documented defaults ----------------------------------------------------------------------
DOCUMENTED = [
    # (constant, value, what docs/network.md's table of limits says)
    ("RATE", 10.0, "10 a second, 30 at once"),
    ("BURST", 30, "10 a second, 30 at once"),
    ("FLOOD", 200, "| refusals before the line is closed | 200 |"),
    ("QUEUE_MESSAGES", 256, "256 messages or 2 MiB"),
    ("QUEUE_BYTES", 2 * 1024 * 1024, "256 messages or 2 MiB"),
    ("STALL_S", 5.0, "cut after 5 s"),
    ("MAX_PER_ADDRESS", 16, "| 16, counted **from accept**"),
    ("BUSY_GRACE", 4, "4 more are let finish their handshake"),
    ("MAX_CONNECTIONS", 1000, "| sockets in all | 1000 |"),
    ("HANDSHAKE_S", 3.0, "| the websocket opening handshake | 3 s |"),
    ("JOIN_TIMEOUT", 15.0, "| time to join a table after the handshake | 15 s |"),
    ("MAX_TABLES", 500, "| tables on one host | 500 |"),
    ("TABLES_PER_ADDRESS", 8, "| live tables created from one address | 8 |"),
    ("COMPUTERS_PER_ADDRESS", 24, "| computer seats at the live tables of one address | 24 |"),
    ("UNJOINED_EXPIRY_S", 600.0, "closed and forgotten after 600 s"),
    ("ABANDONED_EXPIRY_S", 86_400.0, "closed after a day"),
    ("REJOIN_BURST", 6, "6 at once, then one every 2 s"),
    ("REJOIN_RATE", 0.5, "6 at once, then one every 2 s"),
    ("SEATS_EVERY_S", 0.25, "one `seats` message every 0.25 s"),
    ("GUESS_BURST", 10, "10 wrong keys at once, then one a second, per address"),
    ("GUESS_RATE", 1.0, "10 wrong keys at once, then one a second, per address"),
    ("ACCEPT_BATCH", 8, "8 at a time (asyncio's `backlog`), from a queue of 1024"),
    ("LISTEN_QUEUE", 1024, "8 at a time (asyncio's `backlog`), from a queue of 1024"),
    ("ACCEPT_IN_FLIGHT", 4, "the sockets being accepted (4 batches of 8: 32)"),
    ("RESERVE_FILES", 24, "+ 24 kept for the host's own files"),
]


@pytest.mark.parametrize(("name", "value", "documented"), DOCUMENTED)
def test_each_limit_is_the_default_docs_network_md_gives(name, value, documented):
    """Rule: limits.py, ``serve --help`` and docs/network.md read the same numbers; a
    default changed in one place only is a host that does not do what it says."""
    assert getattr(limits, name) == value
    assert documented in DOCS.read_text(encoding="utf-8")


# -- the rate bucket with its defaults ---------------------------------------------------------------
def test_a_default_bucket_takes_thirty_at_once_then_ten_a_second():
    """Rule: a connection may send BURST (30) messages at once, then RATE (10) a second."""
    clock = Clock()
    bucket = RateBucket(clock=clock)
    assert sum(bucket.allow() for _ in range(BURST)) == 30
    assert not bucket.allow()
    clock.now += 1.0
    assert sum(bucket.allow() for _ in range(100)) == 10
    clock.now += 0.0625  # 0.625 of a message: not yet
    assert not bucket.allow()
    clock.now += 0.0625  # 1.25
    assert bucket.allow()
    assert not bucket.allow()


def test_a_default_bucket_is_flooded_after_two_hundred_refusals_not_before():
    """Rule: the line is closed once more than FLOOD (200) messages were refused."""
    clock = Clock()
    bucket = RateBucket(clock=clock)
    for _ in range(BURST):
        bucket.allow()
    for _ in range(FLOOD):
        assert not bucket.allow()
    assert bucket.over_limit == 200 and not bucket.flooded()
    assert not bucket.allow()
    assert bucket.flooded()


def test_a_bucket_refilled_by_a_fraction_spends_only_whole_messages():
    """Rule: a message needs a whole token; a bucket never lets through more than it
    was refilled by (tokens are spent, and the refill counts from the last look)."""
    clock = Clock()
    bucket = RateBucket(4.0, 2, clock=clock)
    assert bucket.allow() and bucket.allow() and not bucket.allow()
    for _ in range(8):  # a quarter second each: exactly one message each time
        clock.now += 0.25
        assert bucket.allow()
        assert not bucket.allow()
    assert bucket.over_limit == 9


# -- sockets by address and in all ---------------------------------------------------------------------
def test_admission_lets_in_its_limit_tells_busy_to_the_grace_then_cuts():
    """Rule: MAX_PER_ADDRESS sockets from one address are let in; the next BUSY_GRACE are
    told why ('busy') and closed; past those they are cut unanswered. Another address is
    not affected, and a released socket makes room again."""
    gate = Admission(MAX_PER_ADDRESS, MAX_CONNECTIONS)
    assert [gate.admit("10.0.0.1") for _ in range(16)] == [None] * 16
    busy = [gate.admit("10.0.0.1") for _ in range(BUSY_GRACE)]
    assert all(isinstance(b, str) and "16 connections from your address" in b for b in busy)
    assert gate.admit("10.0.0.1") == Admission.CUT
    assert gate.admit("10.0.0.2") is None
    assert gate.per_address["10.0.0.1"] == 20 and gate.total == 21
    for _ in range(5):
        gate.release("10.0.0.1")
    assert gate.per_address["10.0.0.1"] == 15 and gate.total == 16
    assert gate.admit("10.0.0.1") is None
    assert gate.admit("10.0.0.1") not in (None, Admission.CUT)


def test_admission_counts_every_socket_in_all():
    """Rule: the host holds ``max_connections`` sockets in all; the next BUSY_GRACE are
    told 'busy' with the host's reason, then cut. Releasing every socket forgets the
    address (the counter does not keep empty addresses)."""
    gate = Admission(100, 3)
    assert [gate.admit(f"10.0.0.{i}") for i in range(3)] == [None, None, None]
    reasons = [gate.admit(f"10.0.1.{i}") for i in range(4)]
    assert all(r is not None and "its 3 connections already" in r for r in reasons)
    assert gate.admit("10.0.2.1") == Admission.CUT
    assert gate.total == 7
    for i in range(3):
        gate.release(f"10.0.0.{i}")
    for i in range(4):
        gate.release(f"10.0.1.{i}")
    assert gate.total == 0 and dict(gate.per_address) == {}
    assert gate.admit("10.0.0.9") is None


# -- a slow reader's queue at its defaults -----------------------------------------------------------
class _Transport:
    def __init__(self) -> None:
        self.unsent = 0
        self.aborted = False

    def get_write_buffer_size(self) -> int:
        return self.unsent

    def abort(self) -> None:
        self.aborted = True


class _StuckSocket:
    """A peer that never reads: nothing it is sent leaves the queue."""

    def __init__(self) -> None:
        self.transport = _Transport()
        self.remote_address = ("127.0.0.1", 1)

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_a_connection_queues_256_messages_and_2_mib_by_default():
    """Rule: QUEUE_MESSAGES messages wait for a slow reader, the next one closes its line
    (1008, not drained); QUEUE_BYTES bytes (queue and socket buffer) likewise."""

    async def scenario() -> tuple[bool, bool, bool, bool, bool]:
        loop = asyncio.get_running_loop()
        by_count = Connection(_StuckSocket(), loop)
        for n in range(QUEUE_MESSAGES):
            by_count.send(f"m{n}")
        kept = not by_count.closing and len(by_count.queue) == QUEUE_MESSAGES
        by_count.send("one more")
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        cut = by_count.closing and by_count.ws.transport.aborted
        sock = _StuckSocket()
        sock.transport.unsent = QUEUE_BYTES - 10
        by_bytes = Connection(sock, loop)
        by_bytes.send("x" * 10)
        bytes_kept = not by_bytes.closing and by_bytes.queued_bytes == 10
        by_bytes.send("y")
        for conn in (by_count, by_bytes):
            conn.sender.cancel()
        return kept, by_count.closing, cut, bytes_kept, by_bytes.closing

    assert asyncio.run(scenario()) == (True, True, True, True, True)


def test_a_connection_uses_the_rate_it_is_given_when_its_socket_has_no_bucket():
    """Rule: a connection's messages are limited by the host's rate (RATE, BURST)."""

    async def scenario() -> tuple[float, int]:
        conn = Connection(_StuckSocket(), asyncio.get_running_loop())
        conn.sender.cancel()
        return conn.bucket.rate, conn.bucket.burst

    assert asyncio.run(scenario()) == (RATE, BURST)


# -- tables per address, computers per address ------------------------------------------------------
class Conn:
    """A connection as Tables sees it, from one address."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.created = False
        self.table = None
        self.sent: list[dict] = []
        self.closed: list[tuple[int, str]] = []

    def send(self, text: str) -> None:
        import json

        self.sent.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))


def create(tables: Tables, address: str, kinds: list[str]) -> dict:
    conn = Conn(address)
    fields = check_client_message(
        {"v": 2, "type": "create", "game": "cluck", "seats": [{"kind": k} for k in kinds]}
    )
    tables.handle(conn, "create", fields)
    return conn.sent[-1]


def test_one_address_creates_exactly_its_quota_of_tables_and_a_closed_one_frees_a_slot():
    """Rule: TABLES_PER_ADDRESS live tables from one address; the next is refused
    'quota' (the line stays open); another address is not affected; a closed table does
    not count."""
    tables = Tables("serve", allow_create=True)
    made = [create(tables, "10.0.0.1", ["person", "person"]) for _ in range(8)]
    assert [m["type"] for m in made] == ["created"] * 8
    refused = create(tables, "10.0.0.1", ["person", "person"])
    assert refused["type"] == "refusal" and refused["code"] == "quota"
    assert "8 tables" in refused["reason"]
    assert create(tables, "10.0.0.2", ["person", "person"])["type"] == "created"
    tables.by_code[made[0]["code"]].close("gone")
    assert create(tables, "10.0.0.1", ["person", "person"])["type"] == "created"


def test_one_address_has_exactly_its_computer_seats():
    """Rule: the computer seats at one address's live tables are at most
    COMPUTERS_PER_ADDRESS (24): a table bringing them to 24 is made, one past is refused
    'quota' and says how many it holds; people do not count."""
    tables = Tables("serve", allow_create=True)
    for _ in range(5):
        made = create(tables, "10.0.0.1", ["person", "computer", "computer", "computer"])
        assert made["type"] == "created"
    held = 15
    made = create(tables, "10.0.0.1", ["person", "computer", "computer", "computer"])
    assert made["type"] == "created"
    held += 3  # 18
    made = create(tables, "10.0.0.1", ["person", "computer", "computer", "computer"])
    assert made["type"] == "created"
    held += 3  # 21
    too_many = create(tables, "10.0.0.1", ["computer"] * 4)  # 25
    assert too_many["type"] == "refusal" and too_many["code"] == "quota"
    assert f"({held} now)" in too_many["reason"] and "24 computer players" in too_many["reason"]
    exactly = create(tables, "10.0.0.1", ["person", "computer", "computer", "computer"])  # 24
    assert exactly["type"] == "created"


def test_the_host_makes_exactly_max_tables():
    """Rule: a host holds ``max_tables``: the last one is made, the next refused 'full'."""
    tables = Tables("serve", allow_create=True, max_tables=3)
    assert [create(tables, f"10.0.0.{i}", ["person"] * 2)["type"] for i in range(3)] == [
        "created"
    ] * 3
    full = create(tables, "10.0.0.9", ["person"] * 2)
    assert full["type"] == "refusal" and full["code"] == "full" and "3 tables" in full["reason"]


def test_seats_handed_to_computers_count_against_the_address_cap():
    """issue #36: the cap of COMPUTERS_PER_ADDRESS computer seats counts seats handed over
    too: one address makes 8 tables of 6 people, joins each only as a spectator and hands
    every seat to a hard computer: the 25th hand-over is refused 'quota' (24 computers,
    not 48), nothing changes at that table, another address's tables are not held up,
    and a create that would pass the cap with the handed seats is refused too."""
    tables = Tables("serve", allow_create=True)
    handed = 0
    refused: list[dict] = []
    made: list[dict] = []
    for _ in range(8):  # the tables first (no computer asked for: each is made) ...
        owner = Conn("10.0.0.1")
        fields = check_client_message(
            {"v": 2, "type": "create", "game": "duck", "seats": [{"kind": "person"}] * 6}
        )
        tables.handle(owner, "create", fields)
        made.append(owner.sent[-1])
        assert made[-1]["type"] == "created"
    for table in made:  # ... then a spectator at each hands every seat over
        watcher = Conn("10.0.0.1")
        hello = {"v": 2, "type": "hello", "code": table["code"], "seat": None, "name": "W"}
        tables.handle(watcher, "hello", check_client_message(hello))
        assert watcher.table is not None
        for seat in range(6):
            over = {"v": 2, "type": "hand_over", "owner": table["owner"], "seat": seat}
            tables.handle(watcher, "hand_over", check_client_message({**over, "level": "hard"}))
            if watcher.sent[-1]["type"] == "refusal":
                refused.append(watcher.sent[-1])
                assert watcher.table.session.seats[seat].human  # nothing changed
            else:
                handed += 1
    assert handed == COMPUTERS_PER_ADDRESS, f"{handed} computers from one address"
    assert tables.computers_of("10.0.0.1") == COMPUTERS_PER_ADDRESS
    assert len(refused) == 48 - COMPUTERS_PER_ADDRESS
    assert all(r["code"] == "quota" and "(24 now)" in r["reason"] for r in refused)
    assert create(tables, "10.0.0.1", ["person", "computer"])["code"] == "quota"
    assert create(tables, "10.0.0.2", ["person", "computer"])["type"] == "created"


# -- the open-files limit (issue #36) ------------------------------------------------------------------
class FakeSaver:
    """A Tables' saver that writes nothing (only whether there is one matters here)."""

    def submit(self, files: list, *, prune: bool = False) -> None:
        pass


def test_the_connections_are_fitted_under_the_open_files_limit(monkeypatch):
    """issue #36: max connections + the sockets being accepted + the host's own files fit
    under the open-files limit: at 128 files (14 open) --max-connections 100 is lowered
    to what fits, with one line saying why; a limit with room for fewer than
    MIN_CONNECTIONS is refused (TooFewFiles); a limit with room changes nothing."""
    from game.net import server as server_module

    room = limits.connection_room(128, 14)
    assert (
        room
        == 128
        - 14
        - limits.RESERVE_FILES
        - limits.ACCEPT_IN_FLIGHT * limits.ACCEPT_BATCH
        - BUSY_GRACE
    )
    monkeypatch.setattr(server_module, "open_files", lambda: (128, 14))
    server = server_module.Server(Tables("serve"), max_connections=100)
    server.fit_files()
    assert server.admission.max_connections == room < 100
    assert server.fitted is not None and "open-files limit 128" in server.fitted
    assert "--max-tables" not in server.fitted  # a host that makes no tables: no lock files
    assert f"{room} connections" in server.fitted
    # a serve that creates tables: each holds its game's lock (an open file) -- the tables
    # to be made get a third of the room at most, the connections the rest
    creating = Tables("serve", allow_create=True, saver=FakeSaver())  # type: ignore[arg-type]
    fitted = server_module.Server(creating, max_connections=100)
    fitted.fit_files()
    assert creating.max_tables == room // 3
    assert fitted.admission.max_connections == room - room // 3
    assert fitted.fitted is not None and "--max-tables 500" in fitted.fitted
    monkeypatch.setattr(server_module, "open_files", lambda: (64, 14))
    with pytest.raises(server_module.TooFewFiles, match="raise it"):
        server_module.Server(Tables("serve"), max_connections=100).fit_files()
    monkeypatch.setattr(server_module, "open_files", lambda: (1_048_576, 14))
    roomy = server_module.Server(Tables("serve"))
    roomy.fit_files()
    assert roomy.admission.max_connections == MAX_CONNECTIONS and roomy.fitted is None


def test_serve_refuses_an_open_files_limit_with_no_room_in_one_line(tmp_path):
    """issue #36: serve at an open-files limit of 64 (soft and hard) says so in one line
    on stderr and exits 2, before it listens."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    setup = (
        "import os, resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64)); "
        "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
    )
    env = {**os.environ, "TABLETOP_DERBY_HOME": str(tmp_path), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run(
        [sys.executable, "-c", setup, "-m", "game", "serve", "--port", "0", "--bot-workers", "1"],
        check=False,
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("serve: the open-files limit 64"), lines
    assert "serving on" not in done.stdout
