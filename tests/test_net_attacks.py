"""Attacks on a real ``python -m game serve`` process (issue #25), on loopback only: the
legitimate player comes from 127.0.0.1, attackers from 127.0.0.2, 127.0.0.3, ... Each
test starts its own serve with its own data folder, is bounded in count and time (every
loop has a deadline) and stops serve in a ``finally``.

1. a ping flood from clients that never read: serve's memory stays near its resting
   size, the flooders are closed, another table's updates stay quick;
2. slowloris: half-sent handshakes from one address are limited from accept and closed
   after a short handshake timeout; serve raises its open-files limit; running out of
   open files is a line, not a traceback per socket; a legitimate player still joins;
3. table slots: a quota of live tables per address; a table nobody joined expires, an
   abandoned one is closed (its autosave kept), neither is opened again at a restart;
4. hard computers: a legitimate table's computers keep their pace while a stranger's
   all-computer tables run; a table nobody is connected to does not play; a quota of
   computer seats per address;
5. a full disk: nothing acknowledged is lost once there is room again (kill -9 later,
   or SIGTERM at once);
6. rejoin amplification: rejoins per seat are rate-limited, seat changes coalesced.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import statistics
import threading
import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed

from game.net.client import ClientError, TableClient
from tests.attack_tools import (
    RawWebSocket,
    Serve,
    closed_by_peer,
    eof_within,
    loopback,
    message,
    ping_burst,
    raw_connect,
    table_client,
)
from tests.net_helpers import run

LEGIT = loopback(1)
TWO_PEOPLE = [{"kind": "person", "level": "normal"}] * 2
SIX_PEOPLE = [{"kind": "person", "level": "normal"}] * 6
SIX_HARD = [{"kind": "computer", "level": "hard"}] * 6


async def quietly_close(client: TableClient) -> None:
    try:
        await asyncio.wait_for(client.close(), 3)
    except (TimeoutError, OSError):
        pass


async def two_players(url: str, game: str = "verflixxt") -> tuple[str, TableClient, TableClient]:
    """A table of two people from 127.0.0.1, both seated: (code, seat 0, seat 1)."""
    a = await table_client(url, LEGIT)
    code, _ = await a.create(game, TWO_PEOPLE)
    await a.hello(code, 0, "Ann")
    b = await table_client(url, LEGIT)
    await b.hello(code, 1, "Bob")
    return code, a, b


async def play_one(
    players: list[TableClient], rng: random.Random, limit: float
) -> tuple[float, int] | None:
    """The player to act plays a random legal action; the time until every player has
    its update (``limit``: the most waited), and the number of actions after it.
    None when the game is over."""
    view = players[0].mirror.view
    if view.is_over():
        return None
    seat = view.to_act()[0]
    actor = players[seat]
    action = rng.choice(actor.mirror.view.legal_actions(seat))
    goal = actor.mirror.n + 1
    started = time.monotonic()
    await actor.act(str(action))
    for client in players:
        while client.mirror.n < goal:
            left = limit - (time.monotonic() - started)
            if left <= 0:
                return limit, goal
            try:
                got = await client.receive(left)
            except TimeoutError:
                return limit, goal
            if got["type"] == "refusal":
                raise AssertionError(f"an honest action was refused: {got}")
    return time.monotonic() - started, goal


# -- 1. ping flood ---------------------------------------------------------------------------
FLOODERS = 4
FLOOD_S = 6.0


class Flooder(threading.Thread):
    """A raw client from its own address: handshake, ``create``, ``hello`` as a spectator,
    then masked pings in a tight loop, never reading, until ``stop_at`` or until its
    sends fail (serve closed it)."""

    def __init__(self, port: int, source: str):
        super().__init__(daemon=True)
        self.ws = RawWebSocket(port, source)
        self.ws.handshake()
        self.ws.send_json(message("create", game="cluck", seats=TWO_PEOPLE, options={}))
        created = self.ws.receive_json()
        assert created["type"] == "created", created
        self.ws.send_json(message("hello", code=created["code"], seat=None, name="x"))
        self.ws.receive_json()  # the welcome (the last thing it ever reads)
        self.burst = ping_burst()
        self.stop_at = 0.0
        self.started = 0.0
        self.sent = 0
        self.stalls = 0  # sends that waited a whole second (serve not reading)
        self.failed_after: float | None = None  # seconds into the flood its send failed
        self.failure = ""

    def run(self) -> None:
        self.started = time.monotonic()
        self.ws.sock.settimeout(1.0)
        while time.monotonic() < self.stop_at:
            try:
                self.ws.sock.sendall(self.burst)
                self.sent += len(self.burst)
            except TimeoutError:
                self.stalls += 1
            except OSError as exc:  # BrokenPipe, ConnectionReset: serve closed it
                self.failed_after = time.monotonic() - self.started
                self.failure = type(exc).__name__
                return


def test_a_ping_flood_from_clients_that_never_read_is_cut_off_and_spares_the_others(tmp_path):
    """Four raw clients (127.0.0.2-5) join as spectators and send masked pings without
    ever reading, for 6 s. serve's RSS stays within 20 MB of its size before the flood;
    each flooder is closed by serve (its sends fail, or it reads EOF when it finally
    reads); an honest table of two on 127.0.0.1 plays on, every update within 1 s."""
    with Serve(tmp_path / "home", "--bot-delay", "0") as serve:

        async def scenario() -> dict:
            _code, a, b = await two_players(serve.url)
            flooders = [Flooder(serve.port, loopback(2 + i)) for i in range(FLOODERS)]
            await asyncio.sleep(0.5)
            rest = serve.rss_kb()
            peak = rest
            stop_at = time.monotonic() + FLOOD_S
            for flooder in flooders:
                flooder.stop_at = stop_at
                flooder.start()
            rng = random.Random(25)
            latencies: list[float] = []
            while time.monotonic() < stop_at:
                peak = max(peak, serve.rss_kb())
                played = await play_one([a, b], rng, limit=1.5)
                if played is None:
                    break
                latencies.append(played[0])
                await asyncio.sleep(0.15)  # each client well under its 10 messages a second
            for flooder in flooders:
                await asyncio.to_thread(flooder.join, 3.0)
                peak = max(peak, serve.rss_kb())

            async def how_closed(flooder: Flooder) -> str:
                if flooder.failed_after is not None:
                    return f"{flooder.failure} after {flooder.failed_after:.1f}s"
                if await asyncio.to_thread(eof_within, flooder.ws.sock, 2.0):
                    return "EOF when read"
                return "still open"

            closed = await asyncio.gather(*map(how_closed, flooders))
            for flooder in flooders:
                flooder.ws.close()
            await quietly_close(a)
            await quietly_close(b)
            return {
                "rest_mb": rest / 1024,
                "peak_mb": peak / 1024,
                "closed": closed,
                "sent_mb": [round(f.sent / 2**20, 1) for f in flooders],
                "stalls": [f.stalls for f in flooders],
                "latencies": latencies,
            }

        figures = run(scenario(), timeout=40)
        alive = serve.alive()
    latencies = figures["latencies"]
    summary = (
        f"RSS before {figures['rest_mb']:.1f} MB, peak {figures['peak_mb']:.1f} MB; "
        f"flooders: {figures['closed']}, sent MB {figures['sent_mb']}, stalled sends "
        f"{figures['stalls']}; honest updates: {len(latencies)}, max "
        f"{max(latencies, default=0):.3f}s, median {statistics.median(latencies or [0]):.3f}s"
    )
    print(summary)
    assert alive, f"serve died during the flood: {summary}"
    assert figures["peak_mb"] - figures["rest_mb"] <= 20, f"serve's memory grew: {summary}"
    assert all(c != "still open" for c in figures["closed"]), f"a flooder was kept: {summary}"
    assert len(latencies) >= 10, f"the honest table hardly played: {summary}"
    assert max(latencies) <= 1.0, f"an honest update took over 1 s: {summary}"


# -- 2. slowloris ----------------------------------------------------------------------------
HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\n"  # and never the blank line that ends it
HANDSHAKE_S = 3.0  # serve's --handshake-timeout by default


def half_requests(port: int, source: str, count: int, timeout: float = 1.0) -> list:
    """``count`` sockets from ``source`` that each start a request and stop; a socket
    serve would not take (refused, not accepted in ``timeout``) is counted as None."""
    held = []
    for _ in range(count):
        try:
            sock = raw_connect(port, source, timeout)
        except OSError:
            held.append(None)
            continue
        try:
            sock.sendall(HALF_REQUEST)
        except OSError:
            pass  # closed already: closed_by_peer says so
        held.append(sock)
    return held


async def join_a_table(url: str) -> float:
    """Seconds for a legitimate player on 127.0.0.1 to connect, create and take a seat."""
    started = time.monotonic()
    client = await table_client(url, LEGIT)
    code, _ = await client.create("verflixxt", TWO_PEOPLE)
    mirror = await client.hello(code, 0, "Ann")
    assert mirror.seat == 0
    took = time.monotonic() - started
    await quietly_close(client)
    return took


def test_slowloris_from_one_address_is_limited_from_accept_and_timed_out(tmp_path):
    """200 sockets from 127.0.0.2 each send half a request line and nothing more. serve
    holds at most ~20 of them (the per-address limit counts sockets from accept; the rest
    are closed at once), closes the held ones after the handshake timeout (3 s), logs
    no more than a few KB meanwhile, and a legitimate player on 127.0.0.1 connects,
    creates and takes a seat during the attack (how long it took is a figure printed, not
    checked: issue #37, on a loaded machine it takes longer than a quiet one's 2 s)."""
    with Serve(tmp_path / "home", "--bot-delay", "0") as serve:
        logged = serve.stderr_bytes()
        started = time.monotonic()
        sockets = half_requests(serve.port, loopback(2), 200)
        opened = sum(s is not None for s in sockets)
        try:
            # joined, or the test fails here (10 s: a bound, not a timing check)
            legit_s = run(join_a_table(serve.url), timeout=10)
            time.sleep(max(0.0, started + 1.5 - time.monotonic()))
            held_soon = sum(1 for s in sockets if s is not None and not closed_by_peer(s))
            deadline = started + HANDSHAKE_S + 3.0
            held_late = held_soon
            while time.monotonic() < deadline and held_late:
                time.sleep(0.2)
                held_late = sum(1 for s in sockets if s is not None and not closed_by_peer(s))
            log = serve.stderr_text(logged)
        finally:
            for sock in sockets:
                if sock is not None:
                    sock.close()
    summary = (
        f"{opened} of 200 sockets connected; held after 1.5 s: {held_soon}, after "
        f"{HANDSHAKE_S + 3:g} s: {held_late}; legitimate join {legit_s:.2f}s; stderr grew "
        f"{len(log)} bytes: {log[-300:]!r}"
    )
    print(summary)
    assert held_soon <= 20, f"serve held the half-open sockets of one address: {summary}"
    assert held_late == 0, f"serve kept half-open sockets past the handshake timeout: {summary}"
    assert len(log) <= 4096, f"serve's stderr grew: {summary}"


def test_serve_raises_its_soft_open_files_limit_to_the_hard_one(tmp_path):
    hard = 4096  # under any CI's hard limit (a process may lower its own hard limit)
    with Serve(tmp_path / "home", nofile=(256, hard)) as serve:
        limits = serve.open_files_limit()
    assert limits == (hard, hard), f"serve's open-files limit (soft, hard) is {limits}"


def test_running_out_of_open_files_is_a_line_not_a_traceback_and_serve_recovers(tmp_path):
    """serve at an open-files limit of 128 (soft and hard): 19 addresses
    (127.0.0.2-20) each open up to 16 half-request sockets and keep them open for 4 s,
    so accept runs out of files. stderr gets at most a few lines about it (one per
    streak, not a traceback per socket) and, once the attack stops, a legitimate player
    on 127.0.0.1 joins."""
    with Serve(tmp_path / "home", "--bot-delay", "0", nofile=(128, 128)) as serve:
        logged = serve.stderr_bytes()
        stop_at = time.monotonic() + 4.0
        held: dict[int, list] = {n: [] for n in range(2, 21)}
        attempts = 0
        try:
            while time.monotonic() < stop_at:
                for n, sockets in held.items():
                    for sock in [s for s in sockets if closed_by_peer(s)]:
                        sock.close()
                        sockets.remove(sock)
                    want = 16 - len(sockets)
                    if want > 0 and time.monotonic() < stop_at:
                        attempts += want
                        sockets.extend(
                            s for s in half_requests(serve.port, loopback(n), want, 0.2) if s
                        )
                time.sleep(0.1)
        finally:
            at_end = sum(map(len, held.values()))
            for sockets in held.values():
                for sock in sockets:
                    sock.close()
        log = serve.stderr_text(logged)

        async def join_after() -> float:
            deadline = time.monotonic() + 8.0
            while True:
                try:
                    return await join_a_table(serve.url)
                except (OSError, ClientError, TimeoutError):
                    if time.monotonic() > deadline:
                        raise
                    await asyncio.sleep(0.5)

        legit_s = run(join_after(), timeout=20)
        alive = serve.alive()
    lines = log.splitlines()
    about = [x for x in lines if "open files" in x.lower() or "emfile" in x.lower()]
    summary = (
        f"{attempts} sockets tried, {at_end} held at the end; stderr grew {len(log)} bytes, "
        f"{len(lines)} lines, {len(about)} about open files; join after: {legit_s:.2f}s; "
        f"stderr starts {log[:400]!r}"
    )
    print(summary)
    assert alive, f"serve died: {summary}"
    # one line per streak of failed accepts (a streak a second at most, over 4 s)
    assert len(about) <= 8, f"a log line per refused socket: {summary}"
    assert len(log) <= 8192, f"serve's stderr grew: {summary}"


def test_under_a_tight_open_files_limit_a_person_joins_during_a_socket_flood(tmp_path):
    """issue #36: serve at an open-files limit of 128 with ``--max-connections 100``
    while 127.0.0.2 keeps up to 280 half-open sockets opening (those serve closes are
    opened again). serve fits its limits to the file limit at start (one line on stderr)
    and never runs out of files, so it keeps accepting: a person on 127.0.0.1 connects,
    creates a table and takes a seat, three times during the attack (how long each took
    is a figure printed, not checked: issue #37), and stderr says nothing about failed
    accepts."""
    with Serve(
        tmp_path / "home", "--bot-delay", "0", "--max-connections", "100", nofile=(128, 128)
    ) as serve:
        run(join_a_table(serve.url), timeout=15)  # the game's rules loaded, before the flood
        logged = serve.stderr_bytes()
        stop = threading.Event()
        opened = [0]

        def flood() -> None:
            held: list = []
            try:
                while not stop.is_set():
                    for sock in [s for s in held if closed_by_peer(s)]:
                        sock.close()
                        held.remove(sock)
                    want = 280 - len(held)
                    if want > 0:
                        fresh = [s for s in half_requests(serve.port, loopback(2), want, 0.2) if s]
                        opened[0] += len(fresh)
                        held.extend(fresh)
                    else:
                        time.sleep(0.01)
            finally:
                for sock in held:
                    sock.close()

        attacker = threading.Thread(target=flood, daemon=True)
        attacker.start()
        joins: list[float] = []
        try:
            while opened[0] < 280 and attacker.is_alive():  # the flood under way first
                time.sleep(0.05)
            for _ in range(3):
                joins.append(run(asyncio.wait_for(join_a_table(serve.url), 10), timeout=15))
                time.sleep(0.3)  # the flood goes on between the joins
        finally:
            stop.set()
            attacker.join(10)
        log = serve.stderr_text(logged)
        alive = serve.alive()
        start_log = serve.stderr_text(0)
    summary = (
        f"{opened[0]} attacking sockets opened; joins took {[round(j, 2) for j in joins]} s; "
        f"stderr: {start_log[-600:]!r}"
    )
    print(summary)
    assert alive, summary
    assert "open-files limit 128" in start_log and "--max-connections" in start_log, summary
    # each join is waited for (10 s: a bound, not a timing check; issue #37): a person
    # kept out never gets the seat, a slow machine's person gets it later
    assert len(joins) == 3, f"a person was kept out: {summary}"
    assert "could not be accepted" not in log and "cannot accept" not in log, summary


# -- 3. table slots --------------------------------------------------------------------------
async def create_from(
    url: str, source: str, game: str, seats: list, *, stay: bool = False
) -> tuple[str, str, TableClient | None]:
    """Connect from ``source`` and create a table: ("created", its code, the connection
    if ``stay``, else closed), ("refusal", its code, None) or ("error", its code, None)."""
    client = await table_client(url, source)
    try:
        code, _ = await client.create(game, seats)
    except ClientError as exc:
        await quietly_close(client)
        return ("refusal" if not exc.fatal else "error"), exc.code, None
    except ConnectionClosed as exc:  # closed before its answer could be read (busy)
        return "error", f"closed {exc.rcvd.reason if exc.rcvd else ''}".strip(), None
    if stay:
        return "created", code, client
    await quietly_close(client)
    return "created", code, None


async def look_from(url: str, code: str, source: str = LEGIT) -> str:
    """ "table" if a look finds the table, else the error's (or refusal's) code."""
    client = await table_client(url, source)
    try:
        await client.look(code)
        return "table"
    except ClientError as exc:
        return exc.code
    finally:
        await quietly_close(client)


def table_file_of(home: Path, code: str) -> Path | None:
    """The table file (data/tables/<save_id>.json) of the table with ``code``."""
    for path in (home / "data" / "tables").glob("*.json"):
        try:
            if json.loads(path.read_text()).get("code") == code:
                return path
        except (OSError, ValueError):
            continue
    return None


def test_one_address_has_a_quota_of_tables(tmp_path):
    """From 127.0.0.2, twelve times (connect, create a 6-seat table, disconnect) with
    --max-tables-per-address 8: creates 9-12 are refused ``quota``; 127.0.0.1 still
    creates. (issue #37: apart from the expiry below, whose 1.5 s freed the first slots
    before the ninth create when the twelve took longer on a loaded machine.)"""
    flags = ("--bot-delay", "0", "--max-tables-per-address", "8")
    attacker = loopback(2)

    async def attack(url: str) -> dict:
        answers = [await create_from(url, attacker, "duck", SIX_PEOPLE) for _ in range(12)]
        legit = await create_from(url, LEGIT, "duck", SIX_PEOPLE)
        return {"answers": [(kind, c) for kind, c, _ in answers], "legit": legit[:2]}

    with Serve(tmp_path / "home", *flags) as serve:
        got = run(attack(serve.url), timeout=60)
    print(got)
    kinds = [kind for kind, _ in got["answers"]]
    assert kinds[:8] == ["created"] * 8, f"the first 8 creates: {got['answers']}"
    assert got["answers"][8:] == [("refusal", "quota")] * 4, f"creates 9-12: {got['answers']}"
    assert got["legit"][0] == "created", f"127.0.0.1 could not create: {got['legit']}"


def test_unjoined_tables_expire_for_good_and_free_their_slots(tmp_path):
    """From 127.0.0.2, eight times (connect, create a 6-seat table, disconnect) with
    --max-tables-per-address 8 and --unjoined-expiry 1.5: the attacker's tables go (a look
    gets ``error`` ``code``) while a table with a person at a seat stays; the attacker may
    create again (its slots are free: without the expiry an eight-table quota refuses the
    ninth); after a restart the expired tables are not reopened. Each wait is for what it
    needs (the tables gone), bounded, never a time the machine must keep (issue #37)."""
    home = tmp_path / "home"
    flags = ("--bot-delay", "0", "--max-tables-per-address", "8", "--unjoined-expiry", "1.5")
    attacker = loopback(2)

    async def attack(url: str) -> dict:
        answers = [await create_from(url, attacker, "duck", SIX_PEOPLE) for _ in range(8)]
        code, a, b = await two_players(url)  # joined: must not expire
        codes = [c for kind, c, _ in answers if kind == "created"]
        looks = {}
        deadline = time.monotonic() + 30.0  # a bound on the wait, not a timing check
        for c in codes:
            looks[c] = await look_from(url, c)
            while looks[c] == "table" and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
                looks[c] = await look_from(url, c)
        kept = await look_from(url, code)
        again = await create_from(url, attacker, "duck", SIX_PEOPLE)
        await quietly_close(a)
        await quietly_close(b)
        return {
            "answers": [(kind, c) for kind, c, _ in answers],
            "codes": codes,
            "looks": looks,
            "kept": kept,
            "again": again[:2],
            "joined": code,
        }

    with Serve(home, *flags) as serve:
        got = run(attack(serve.url), timeout=60)
    with Serve(home, "--bot-delay", "0") as serve:  # default expiry: nothing expires now
        reopened = serve.reopened()
    print(got, "reopened:", reopened)
    assert [kind for kind, _ in got["answers"]] == ["created"] * 8, got["answers"]
    assert got["kept"] == "table", f"a joined table was closed: {got['kept']}"
    assert all(v == "code" for v in got["looks"].values()), f"unjoined tables: {got['looks']}"
    assert got["again"][0] == "created", f"the attacker could not create again: {got['again']}"
    back = set(got["codes"]) & set(reopened)
    assert not back, f"expired tables opened again after a restart: {sorted(back)}"
    assert got["joined"] in reopened, f"the joined table was not reopened: {reopened}"


def test_an_abandoned_table_is_closed_its_autosave_kept_and_it_is_not_reopened(tmp_path):
    """With --abandoned-expiry 1.5, a table that had a person at a seat and then nobody
    is closed ~3 s later (a look gets ``error`` ``code``): its autosave
    (data/saves/auto-<save_id>.json) is kept, its table file (data/tables/<save_id>.json)
    removed, and a restart does not open it again. A table whose member stays is kept."""
    home = tmp_path / "home"
    flags = ("--bot-delay", "0", "--abandoned-expiry", "1.5")

    async def abandon(url: str) -> dict:
        code, a, b = await two_players(url)
        kept_code, c, d = await two_players(url)
        await quietly_close(d)  # one of the two stays
        table_file = table_file_of(home, code)
        # the saver thread writes it just after; waited for, not for a time (issue #37:
        # 20 s is a bound against a hang, a loaded machine's saver takes what it takes)
        written_by = time.monotonic() + 20.0
        while table_file is None and time.monotonic() < written_by:
            await asyncio.sleep(0.05)
            table_file = table_file_of(home, code)
        await quietly_close(a)
        await quietly_close(b)
        look = await look_from(url, code)
        closed_by = time.monotonic() + 20.0  # 1.5 s + a sweep; a bound, not a timing check
        while look == "table" and time.monotonic() < closed_by:
            await asyncio.sleep(0.2)
            look = await look_from(url, code)
        kept = await look_from(url, kept_code)
        await quietly_close(c)
        return {"code": code, "kept_code": kept_code, "table_file": table_file, "look": look,
                "kept": kept}  # fmt: skip

    with Serve(home, *flags) as serve:
        got = run(abandon(serve.url), timeout=60)
    table_file = got["table_file"]
    assert table_file is not None, "the joined table had no table file while it was played"
    autosave = home / "data" / "saves" / f"auto-{table_file.stem}.json"
    table_file_after = table_file.exists()
    with Serve(home, "--bot-delay", "0") as serve:  # default expiry: nothing expires now
        reopened = serve.reopened()
    print(got, "autosave kept:", autosave.exists(), "reopened:", reopened)
    assert got["look"] == "code", f"the abandoned table is still open: {got}"
    assert got["kept"] == "table", f"a table with a member was closed: {got}"
    assert autosave.exists(), f"the abandoned table's autosave is gone: {autosave}"
    assert not table_file_after, f"the abandoned table's file is still there: {table_file}"
    assert got["code"] not in reopened, f"the abandoned table was opened again: {reopened}"
    assert got["kept_code"] in reopened, f"the table with a member was not reopened: {reopened}"


# -- 4. hard computers -----------------------------------------------------------------------
BOT_DELAY = 0.7
ATTACK_TABLES = 60  # the most the attacker tries to create (the quotas allow 4)
WATCHED = 12  # of them watched by a spectator (a table nobody watches should not play)
ROUTES_VS_3_HARD = [{"kind": "person", "level": "normal"}] + [
    {"kind": "computer", "level": "hard"}
] * 3


async def computer_pace(client: TableClient, want: int, seconds: float, rng: random.Random):
    """Plays seat 0 (a random legal action whenever it is to act) and measures the
    computers' pace: the time from an update after which only computers were to act to
    the next update that is not an answer to this client (a computer's action). Stops
    after ``want`` such intervals, ``seconds`` or the game's end."""
    deadline = time.monotonic() + seconds
    while True:  # what came while nobody read is no measure of the pace: dropped
        try:
            await client.receive(0.05)
        except TimeoutError:
            break
    intervals: list[float] = []
    previous, computers_to_act = time.monotonic(), False
    pending = None
    while len(intervals) < want and time.monotonic() < deadline:
        mirror = client.mirror
        if mirror.view.is_over():
            break
        if 0 in mirror.to_act and pending is None:
            pending = await client.act(str(rng.choice(mirror.view.legal_actions(0))))
        try:
            got = await client.receive(max(0.01, min(5.0, deadline - time.monotonic())))
        except TimeoutError:
            break
        now = time.monotonic()
        if got["type"] == "update":
            if got.get("ack") is None and computers_to_act:
                intervals.append(now - previous)
            if got.get("ack") is not None and got["ack"] == pending:
                pending = None
            previous, computers_to_act = now, bool(got["to_act"]) and 0 not in got["to_act"]
        elif got["type"] == "refusal":
            pending = None
    return intervals


async def keep_reading(client: TableClient) -> None:
    """A spectator that reads (and drops) what it is sent, so it stays a member."""
    try:
        while True:
            await client.ws.recv()
    except (ConnectionClosed, OSError):  # closed: the attack ends
        return


def test_a_strangers_hard_computers_do_not_slow_a_legitimate_tables_computers(tmp_path):
    """--bot-delay 0.7. A legitimate Eight Routes table on 127.0.0.1 (a person and three
    hard computers) measures its computers' pace alone, then while 127.0.0.2 runs as many
    six-hard-computer Duck! Duck! Go! tables as its quotas allow (refused ``quota`` past
    them), each watched by a reading spectator so that it plays. Under attack the
    legitimate computers' median pace is within +-50% of their pace alone (0.7 s on a quiet
    machine). (Past 12 tables the
    attacker creates and leaves: one address may hold only 16 connections.)"""
    with Serve(tmp_path / "home", "--bot-delay", str(BOT_DELAY)) as serve:

        async def scenario() -> dict:
            rng = random.Random(4)
            me = await table_client(serve.url, LEGIT)
            code, _ = await me.create("routes", ROUTES_VS_3_HARD)
            await me.hello(code, 0, "Ann")
            alone = await computer_pace(me, 5, 6.0, rng)
            spectators, readers, answers = [], [], []
            for _ in range(ATTACK_TABLES):  # bounded: the quotas should stop it sooner
                watch = len(spectators) < WATCHED  # under the 16 connections of an address
                try:
                    kind, got, client = await create_from(
                        serve.url, loopback(2), "duck", SIX_HARD, stay=watch
                    )
                except (OSError, TimeoutError) as exc:
                    answers.append(("connect", type(exc).__name__))
                    break
                answers.append((kind, got if kind != "created" else ""))
                if kind != "created":
                    break
                if client is not None:
                    await client.hello(got, None, "x")
                    spectators.append(client)
                    readers.append(asyncio.ensure_future(keep_reading(client)))
            attacked = await computer_pace(me, 10, 10.0, rng)
            for reader in readers:
                reader.cancel()
            for client in spectators:
                client.ws.transport.abort()
            await quietly_close(me)
            tables = sum(kind == "created" for kind, _ in answers)
            return {"alone": alone, "attacked": attacked, "tables": tables,
                    "watched": len(spectators), "answers": answers}  # fmt: skip

        got = run(scenario(), timeout=40)
    alone, attacked = got["alone"], got["attacked"]
    summary = (
        f"alone: median {statistics.median(alone or [0]):.2f}s of {len(alone)} "
        f"{[round(x, 2) for x in alone]}; under attack by {got['tables']} tables ({got['watched']} watched): median "
        f"{statistics.median(attacked or [0]):.2f}s of {len(attacked)} "
        f"{[round(x, 2) for x in attacked]}; last answers to the attacker {got['answers'][-2:]}"
    )
    print(summary)
    assert attacked, f"the legitimate computers did not play: {summary}"
    median = statistics.median(attacked)
    # within +-50% of the pace the same table kept alone on this machine a moment before
    # (issue #37: of 0.7 s on a quiet machine; a loaded one is slower under attack or not)
    pace = max(BOT_DELAY, statistics.median(alone)) if alone else BOT_DELAY
    assert 0.5 * BOT_DELAY <= median <= 1.5 * pace, f"computers slowed: {summary}"
    assert len(attacked) >= 5, f"the legitimate computers hardly played: {summary}"
    assert got["answers"][-1] == ("refusal", "quota"), f"no quota stopped it: {summary}"


def test_an_all_computer_table_with_nobody_connected_does_not_play(tmp_path):
    """Six hard computers at a table created and left at once: 2 s later a spectator's
    welcome says no action was played (``n`` 0)."""
    with Serve(tmp_path / "home", "--bot-delay", str(BOT_DELAY)) as serve:

        async def scenario() -> int:
            kind, code, _ = await create_from(serve.url, LEGIT, "duck", SIX_HARD)
            assert kind == "created", code
            await asyncio.sleep(2.0)
            watcher = await table_client(serve.url, LEGIT)
            mirror = await watcher.hello(code, None, "x")
            await quietly_close(watcher)
            return mirror.n

        played = run(scenario(), timeout=20)
    assert played == 0, f"{played} actions were played at a table nobody was connected to"


def test_one_address_has_a_quota_of_computer_seats(tmp_path):
    """--max-computers-per-address 12: a third table of six computers from 127.0.0.2 is
    refused ``quota`` (the table quota, 8, is not reached)."""
    flags = ("--bot-delay", str(BOT_DELAY), "--max-computers-per-address", "12")
    with Serve(tmp_path / "home", *flags) as serve:

        async def scenario() -> list:
            return [
                (await create_from(serve.url, loopback(2), "duck", SIX_HARD))[:2] for _ in range(3)
            ]

        answers = run(scenario(), timeout=20)
    assert [kind for kind, _ in answers[:2]] == ["created"] * 2, answers
    assert answers[2] == ("refusal", "quota"), f"the third table of computers: {answers}"


# -- 5. a full disk --------------------------------------------------------------------------
FULL_ACTIONS = 10


def fill_the_disk(home: Path):
    """Writes to data/saves and data/tables fail (each folder moved away, a plain file
    in its place: an OSError on every write, as on a full disk, without root); the
    function returned puts the folders back."""
    data = home / "data"
    for name in ("saves", "tables"):
        (data / name).rename(data / f"{name}.away")
        (data / name).write_text("not a folder: the disk is full\n")

    def restore() -> None:
        for name in ("saves", "tables"):
            (data / name).unlink()
            (data / f"{name}.away").rename(data / name)

    return restore


async def play_while_full(url: str, home: Path) -> tuple[str, str, int, list[TableClient]]:
    """A table of two: Ann sits before the disk is full; Bob takes his seat while it is
    full and they play FULL_ACTIONS acknowledged actions; 1.5 s later (every autosave
    of them tried while the disk is full) the folders come back.
    (code, Bob's token, actions acknowledged, the clients)."""
    a = await table_client(url, LEGIT)
    code, _ = await a.create("verflixxt", TWO_PEOPLE)
    await a.hello(code, 0, "Ann")
    await asyncio.sleep(1.0)  # written: the disk fills at a quiet moment
    restore = fill_the_disk(home)
    try:
        b = await table_client(url, LEGIT)
        await b.hello(code, 1, "Bob")
        rng = random.Random(5)
        acknowledged = 0
        for _ in range(FULL_ACTIONS):
            played = await play_one([a, b], rng, limit=3.0)
            assert played is not None and played[0] < 3.0, "an action was not answered"
            acknowledged = played[1]
        await asyncio.sleep(1.5)  # every autosave of them tried (and failed) while full
    finally:
        restore()
    assert b.mirror.token is not None
    return code, b.mirror.token, acknowledged, [a, b]


async def what_came_back(url: str, code: str, token: str) -> tuple[int | str, int | str]:
    """(actions a spectator's welcome shows, the seat Bob's token rejoins), or the code
    of the error that answered instead."""
    watcher = await table_client(url, LEGIT)
    try:
        n: int | str = (await watcher.hello(code, None, "x")).n
    except ClientError as exc:
        n = exc.code
    await quietly_close(watcher)
    bob = await table_client(url, LEGIT)
    try:
        seat: int | str = (await bob.rejoin(code, token)).seat
    except ClientError as exc:
        seat = exc.code
    await quietly_close(bob)
    return n, seat


def test_nothing_acknowledged_on_a_full_disk_is_lost_once_it_has_room_and_serve_is_killed(
    tmp_path,
):
    """While data/saves and data/tables cannot be written, Bob takes a seat and 10
    actions are acknowledged; the folders come back, 3 s later serve is killed (-9) and
    started again: the reopened table has all 10 actions and Bob's token rejoins."""
    home = tmp_path / "home"
    with Serve(home, "--bot-delay", "0") as serve:

        async def scenario():
            code, token, acknowledged, clients = await play_while_full(serve.url, home)
            await asyncio.sleep(3.0)  # room again: the failed writes are retried
            await asyncio.to_thread(serve.kill)
            for client in clients:
                client.ws.transport.abort()
            return code, token, acknowledged

        code, token, acknowledged = run(scenario(), timeout=30)
        logged = serve.stderr_text()
    with Serve(home, "--bot-delay", "0") as serve:
        n, seat = run(what_came_back(serve.url, code, token), timeout=20)
    summary = (
        f"acknowledged {acknowledged}; after kill -9 and restart: {n} actions, Bob's token "
        f"-> {seat}; serve's stderr: {logged[-300:]!r}"
    )
    print(summary)
    assert n == acknowledged, f"acknowledged actions were lost: {summary}"
    assert seat == 1, f"the seat taken on a full disk was lost: {summary}"


def test_serve_stopped_right_after_the_disk_has_room_again_writes_everything(tmp_path):
    """As above, but serve gets SIGTERM the moment the folders are back: it writes every
    table before it exits, and nothing acknowledged is lost after a restart."""
    home = tmp_path / "home"
    with Serve(home, "--bot-delay", "0") as serve:

        async def scenario():
            code, token, acknowledged, clients = await play_while_full(serve.url, home)
            code_rc = await asyncio.to_thread(serve.stop, signal.SIGTERM)
            for client in clients:
                client.ws.transport.abort()
            return code, token, acknowledged, code_rc

        code, token, acknowledged, exit_code = run(scenario(), timeout=30)
    with Serve(home, "--bot-delay", "0") as serve:
        n, seat = run(what_came_back(serve.url, code, token), timeout=20)
    summary = f"acknowledged {acknowledged}; serve exited {exit_code}; after restart: {n} actions, Bob's token -> {seat}"
    print(summary)
    assert n == acknowledged, f"acknowledged actions were lost: {summary}"
    assert seat == 1, f"the seat taken on a full disk was lost: {summary}"


# -- 6. rejoin amplification -----------------------------------------------------------------
REJOIN_S = 3.0
SEATS_A_SECOND = 5  # the most seat-status messages a member may get a second, on average


def test_rejoins_in_a_loop_are_rate_limited_and_do_not_flood_the_other_members(tmp_path):
    """A table of two: Ann (127.0.0.1) sits at seat 0 and counts the ``seats`` messages
    she gets; the attacker takes seat 1 from 127.0.0.2 and then rejoins it with its token
    in a tight loop, a new connection each time, for 3 s. Ann gets at most ~5 ``seats``
    a second on average (changes coalesced); rejoins past the seat's rate are answered
    ``error`` ``rate``."""
    with Serve(tmp_path / "home", "--bot-delay", "0") as serve:

        async def scenario() -> dict:
            ann = await table_client(serve.url, LEGIT)
            code, _ = await ann.create("verflixxt", TWO_PEOPLE)
            await ann.hello(code, 0, "Ann")
            first = await table_client(serve.url, loopback(2))
            token = (await first.hello(code, 1, "Eve")).token
            await quietly_close(first)
            seats_at: list[float] = []

            async def count() -> None:
                while True:
                    got = await ann.receive()
                    if got["type"] == "seats":
                        seats_at.append(time.monotonic())

            counter = asyncio.ensure_future(count())
            await asyncio.sleep(0.5)  # Eve's sitting down and leaving are counted out
            started = time.monotonic()
            answers: dict[str, int] = {}
            while time.monotonic() < started + REJOIN_S:
                try:
                    eve = await table_client(serve.url, loopback(2), timeout=2.0)
                except (OSError, TimeoutError) as exc:
                    key = f"connect {type(exc).__name__}"
                    answers[key] = answers.get(key, 0) + 1
                    continue
                try:
                    await eve.rejoin(code, token)
                    answer = "welcome"
                except ClientError as exc:
                    answer = exc.code
                except ConnectionClosed:
                    answer = "closed"
                answers[answer] = answers.get(answer, 0) + 1
                eve.ws.transport.abort()  # gone at once, as a looping attacker's would be
            ended = time.monotonic()
            await asyncio.sleep(1.0)  # the last coalesced change arrives
            counter.cancel()
            await quietly_close(ann)
            during = [t for t in seats_at if started <= t]
            return {"answers": answers, "seats": len(during), "seconds": ended + 1.0 - started}

        got = run(scenario(), timeout=30)
    rate = got["seats"] / got["seconds"]
    summary = (
        f"rejoins answered {got['answers']}; Ann got {got['seats']} seats messages in "
        f"{got['seconds']:.1f} s ({rate:.1f} a second)"
    )
    print(summary)
    assert rate <= SEATS_A_SECOND, f"seat changes were not coalesced: {summary}"
    assert got["answers"].get("rate", 0) > 0, f"no rejoin was refused 'rate': {summary}"
