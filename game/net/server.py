"""The host's side of the network (issue #18): websockets connections and the tables.

Two parts, so that a window can host as well as ``serve``:

- :class:`Tables` is synchronous and owned by one thread: it holds the tables by join
  code and turns each checked message into calls on a :class:`~game.net.table.Table`.
- :class:`Server` is the asyncio side (``websockets.asyncio.server``): per connection a
  :class:`Connection` with a bounded send queue drained by its own task (a client that
  stops reading fills only its own queue and is then closed, never stalling the
  others), a size limit on every inbound message (``max_size``), a rate limit, the
  schema check, and a time limit to join. In ``serve`` it hands each message straight
  to its Tables and plays the computer seats in an executor; in a window
  (:class:`game.net.host.HostThread`) it queues them for the window's thread.
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import json
import logging
import os
import queue
import socket
import ssl
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response

from game import registry, rules, saves
from game.boards import prepare_options
from game.net.computers import ComputerPool, ThreadRunner
from game.net.limits import (
    ABANDONED_EXPIRY_S,
    ACCEPT_BATCH,
    ACCEPT_IN_FLIGHT,
    BURST,
    BUSY_GRACE,
    COMPUTERS_PER_ADDRESS,
    GUESS_BURST,
    GUESS_RATE,
    HANDSHAKE_S,
    JOIN_TIMEOUT,
    LISTEN_QUEUE,
    MAX_CONNECTIONS,
    MAX_PER_ADDRESS,
    MAX_TABLES,
    MIN_CONNECTIONS,
    QUEUE_BYTES,
    QUEUE_MESSAGES,
    RATE,
    RESERVE_FILES,
    STALL_S,
    TABLES_PER_ADDRESS,
    UNJOINED_EXPIRY_S,
    GuessLimit,
    RateBucket,
    connection_room,
    open_files,
)
from game.net.phone import HTTP_LOG, MAX_PATH_CHARS, SOCKETS_LOG
from game.net.phone import answer as phone_answer
from game.net.phone import gone as phone_answer_gone
from game.net.phone import is_upgrade as phone_is_upgrade
from game.net.protocol import (
    MAX_INBOUND_BYTES,
    ProtocolError,
    check_client_message,
    decode,
    encode,
    normal_code,
)
from game.net.store import Saver, table_files
from game.net.table import CLOSE_ERROR, Fatal, Refused, Table
from game.rules.protocol import RulesDataError, resolve_options
from game.session import Seat, Session, new_seed
from game.storage import HeldElsewhere

log = logging.getLogger(__name__)

CLOSE_POLICY = 1008  # RFC 6455: a message that violates the policy (flood, too slow)
AUTOSAVE_S = 0.5  # the most of a game a host killed outright (kill -9, power) can lose
SWEEP_S = 1.0  # how often stalled sockets are looked for
ACCEPT_QUIET_S = 5.0  # refusals this far apart are one streak: its first and its count


class TooFewFiles(OSError):
    """The open-files limit leaves no room for the host's sockets (issue #36)."""


class Streak:
    """A streak of refusals in the log (issue #36): its first one line at once, then,
    once ``quiet`` seconds have passed without another, one line with how many there were
    and over how long (a streak's count was hidden until the next streak began)."""

    def __init__(self, what: str, quiet: float = ACCEPT_QUIET_S, level: int = logging.ERROR):
        self.what = what  # "%d ... in %.1f s" completes it
        self.quiet = quiet
        self.level = level
        self.count = 0
        self.first = self.last = 0.0
        self.sources: collections.Counter[str] = collections.Counter()
        self.lines: list[str] = []  # what it logged (for the tests)

    def note(self, loop: asyncio.AbstractEventLoop, line: str, source: str = "") -> None:
        now = time.monotonic()
        if source:
            self.sources[source] += 1
        self.count += 1
        self.last = now
        if self.count == 1:
            self.first = now
            self._log(f"{line} (counting until they stop)")
            loop.call_later(self.quiet, self._check, loop)

    def _check(self, loop: asyncio.AbstractEventLoop) -> None:
        wait = self.last + self.quiet - time.monotonic()
        if wait > 0:
            loop.call_later(wait, self._check, loop)
            return
        most = ""
        if self.sources:
            source, n = self.sources.most_common(1)[0]
            most = f", {n} from {source}" if len(self.sources) > 1 else f", all from {source}"
        self._log(f"{self.count} {self.what} in {self.last - self.first:.1f} s{most}")
        self.count = 0
        self.sources.clear()

    def _log(self, text: str) -> None:
        self.lines.append(text)
        log.log(self.level, "%s", text)


def address_key(remote: Any) -> str:
    """Whom a connection's limit counts it against: its IP address; an IPv6 address by
    its /64 (one home or host is given a whole /64 and can pick any address in it); an
    IPv4 address mapped into IPv6 as the IPv4 address."""
    host = remote[0] if isinstance(remote, (tuple, list)) and remote else remote
    try:
        ip = ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return str(host)[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def action_id(raw: str | bytes) -> int | None:
    """The ``id`` of a message if it is an ``action`` (read without the schema check:
    for a refusal that names the action it drops), else None."""
    try:
        message = decode(raw)
    except ProtocolError:
        return None
    found = message.get("id")
    if message["type"] != "action" or type(found) is not int:
        return None
    return found


class Admission:
    """The sockets a host holds, counted from accept (before any websocket handshake: a
    slowloris socket that never finishes its request counts too), by address and in all.

    :meth:`admit` says what becomes of a new socket: None, it is let in; a reason, it is
    let finish its handshake only to be told "busy" with that reason and closed (a person
    opening one tab too many learns why); ``CUT``, it is closed at once, unanswered (past
    the limit by more than BUSY_GRACE: a flood of sockets costs the host nothing more)."""

    CUT = "cut"

    def __init__(self, max_per_address: int, max_connections: int):
        self.max_per_address = max_per_address
        self.max_connections = max_connections
        self.per_address: collections.Counter[str] = collections.Counter()
        self.total = 0

    def admit(self, address: str) -> str | None:
        held, total = self.per_address[address], self.total
        if held >= self.max_per_address + BUSY_GRACE or total >= self.max_connections + BUSY_GRACE:
            return self.CUT
        self.per_address[address] += 1
        self.total += 1
        if total >= self.max_connections:
            return f"this host has its {self.max_connections} connections already: try again later"
        if held >= self.max_per_address:
            return (
                f"{self.max_per_address} connections from your address are open already: "
                "close one (another window or tab) and try again"
            )
        return None

    def release(self, address: str) -> None:
        self.total -= 1
        self.per_address[address] -= 1
        if self.per_address[address] <= 0:
            del self.per_address[address]


class GuardedSocket(ServerConnection):
    """websockets' connection with the host's guards below the messages:

    - counted by :class:`Admission` from the moment it is accepted;
    - control frames (ping, pong) spend the same :class:`RateBucket` as messages (a ping
      is answered with a pong the host must send: a ping flood from a client that never
      reads grew the host without limit) and a flood of them closes the socket;
    - the bytes waiting in its buffer are bounded (``max_unsent``); a socket past that,
      or whose buffer has not emptied for STALL_S, is cut off by the server's sweep."""

    def __init__(self, protocol: Any, server: Any, *, guard: Server, **kwargs: Any) -> None:
        super().__init__(protocol, server, **kwargs)
        self.guard = guard
        self.bucket = RateBucket(*guard.rate)
        self.address = ""
        self.busy: str | None = None  # why it is turned away after its handshake
        self.counted = False
        self.stalled_since: float | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.address = address_key(transport.get_extra_info("peername"))
        verdict = self.guard.admission.admit(self.address)
        super().connection_made(transport)
        if verdict == Admission.CUT:
            self.transport.abort()
            if self.guard.loop is not None:
                self.guard.cut.note(
                    self.guard.loop,
                    "closing sockets past the connection limits unanswered",
                    self.address,
                )
            return
        self.counted = True
        self.busy = verdict
        self.guard.sockets.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.counted:
            self.counted = False
            self.guard.admission.release(self.address)
            self.guard.sockets.discard(self)

    def process_event(self, event: Any) -> None:
        control = isinstance(event, Frame) and event.opcode in (Opcode.PING, Opcode.PONG)
        if control and not self.bucket.allow() and self.bucket.flooded():
            log.info("closing a socket of %s: a flood of control frames", self.address)
            self.transport.abort()
            return
        super().process_event(event)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # a ping's pong is written here
        if self.unsent() > self.guard.queue_limits[1]:
            log.info("closing a socket of %s: not reading (its buffer is full)", self.address)
            self.transport.abort()

    def unsent(self) -> int:
        """Bytes written to the socket that the peer has not taken yet."""
        transport = getattr(self, "transport", None)
        return 0 if transport is None else transport.get_write_buffer_size()


class Connection:
    """One client's websocket as the tables see it (a :class:`~game.net.table.Peer`):
    ``send`` queues and returns at once, from any thread; what waits for it (the queue
    and the socket's buffer together) is bounded."""

    def __init__(
        self,
        ws: ServerConnection,
        loop: asyncio.AbstractEventLoop,
        *,
        queue_messages: int = QUEUE_MESSAGES,
        queue_bytes: int = QUEUE_BYTES,
        rate: tuple[float, int] = (RATE, BURST),
    ):
        self.ws = ws
        self.loop = loop
        self.thread = threading.get_ident()
        self.queue: collections.deque[str] = collections.deque()
        self.queued_bytes = 0
        self.limits = (queue_messages, queue_bytes)
        self.wake = asyncio.Event()
        self.closing = False
        # set at once by close() on whatever thread decided it (issue #36): a window's
        # thread handles messages queued before its close reached the loop, and nothing
        # a connection sent after the message that ended it may be carried out
        self.ended = False
        self.shutdown: asyncio.Task[None] | None = None
        self.table: Table | None = None
        self.created = False
        # the socket's own bucket when it has one: its pings and its messages share it
        self.bucket: RateBucket = getattr(ws, "bucket", None) or RateBucket(*rate)
        self.address: str = getattr(ws, "address", "") or address_key(ws.remote_address)
        self.sender = loop.create_task(self._send_loop())

    # -- Peer --------------------------------------------------------------------------
    def send(self, text: str) -> None:
        if threading.get_ident() == self.thread:
            self._enqueue(text)
        else:
            self.loop.call_soon_threadsafe(self._enqueue, text)

    def close(self, code: int, reason: str) -> None:
        self.ended = True
        if threading.get_ident() == self.thread:
            self._close(code, reason)
        else:
            self.loop.call_soon_threadsafe(self._close, code, reason)

    # -- the loop's side ---------------------------------------------------------------------
    def _unsent(self) -> int:
        transport = self.ws.transport
        return 0 if transport is None else transport.get_write_buffer_size()

    def _enqueue(self, text: str) -> None:
        if self.closing:
            return
        messages, size = self.limits
        if len(self.queue) >= messages or self.queued_bytes + self._unsent() + len(text) > size:
            log.info("closing a connection that is not reading (%d queued)", len(self.queue))
            self._close(CLOSE_POLICY, "too far behind: not reading", drain=False)
            return
        self.queue.append(text)
        self.queued_bytes += len(text)
        self.wake.set()

    async def _send_loop(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.queue:
                    text = self.queue.popleft()
                    self.queued_bytes -= len(text)
                    await self.ws.send(text)
        except ConnectionClosed:
            pass

    def _close(self, code: int, reason: str, drain: bool = True) -> None:
        if self.closing:
            return
        self.closing = True
        self.shutdown = self.loop.create_task(self._shutdown(code, reason, drain))

    async def _shutdown(self, code: int, reason: str, drain: bool) -> None:
        """What is queued goes first (an error message says why), then the closing
        handshake; a peer that does not take part in time is cut off."""
        if not drain:  # hopeless (not reading): nothing more can reach it, cut it off
            self.sender.cancel()
            self.ws.transport.abort()
            return
        try:
            await asyncio.wait_for(self._drained(), 2.0)
        except asyncio.TimeoutError:
            pass
        self.sender.cancel()
        try:
            await asyncio.wait_for(self.ws.close(code, reason), 2.0)
        except asyncio.TimeoutError:
            self.ws.transport.abort()

    async def _drained(self) -> None:
        while self.queue and not self.sender.done():
            await asyncio.sleep(0.01)


class Tables:
    """The tables of one host, by join code, and what each message does to them.
    Synchronous: every call is made on the thread that owns the tables."""

    def __init__(
        self,
        host_kind: str,
        *,
        allow_create: bool = False,
        max_tables: int = MAX_TABLES,
        tables_per_address: int = TABLES_PER_ADDRESS,
        computers_per_address: int = COMPUTERS_PER_ADDRESS,
        unjoined_expiry: float = UNJOINED_EXPIRY_S,
        abandoned_expiry: float = ABANDONED_EXPIRY_S,
        saver: Saver | None = None,
    ):
        self.host_kind = host_kind
        self.allow_create = allow_create
        self.max_tables = max_tables
        self.tables_per_address = tables_per_address
        self.computers_per_address = computers_per_address
        self.unjoined_expiry = unjoined_expiry
        self.abandoned_expiry = abandoned_expiry
        self.saver = saver
        self.by_code: dict[str, Table] = {}
        self.dirty: set[Table] = set()
        # loop.call_later on a host whose loop owns the tables; else flush() is called
        self.later: Callable[[float, Callable[[], None]], Any] | None = None
        self.on_change: Callable[[Table, str], None] | None = None
        self._prepared: dict[str, dict[str, Any]] = {}
        # the wrong seat keys each address may send (issue #36), over all its connections
        self.guesses = GuessLimit(GUESS_RATE, GUESS_BURST)

    def add(self, table: Table) -> Table:
        """Hold ``table`` (and, when it is saved here, its game's lock: this host is its
        one writer, issue #36; ``HeldElsewhere`` if another process is)."""
        if self.saver is not None:
            try:
                saves.claim(table.session.save_id)
            except HeldElsewhere:
                raise
            except OSError as exc:  # no locks folder (a read-only data folder): the
                # saves fail too, and are tried again by the saver, which logs them
                log.warning("table %s: its game cannot be locked: %s", table.code, exc)
        self.by_code[table.code] = table
        table.on_change = lambda what: self._changed(table, what)
        self._save(table)
        return table

    def _save(self, table: Table) -> None:
        self.dirty.discard(table)
        if self.saver is not None:
            over = table.session.state.is_over()
            self.saver.submit(table_files(table, self.host_kind), prune=over)

    def _changed(self, table: Table, what: str) -> None:
        """Autosave: a new token (a seat taken) and a game's end at once; actions are
        gathered for AUTOSAVE_S, then written (building a save's text on every action
        was most of a busy host's work)."""
        if what == "tokens" or table.session.state.is_over():
            self._save(table)
        elif table not in self.dirty:
            self.dirty.add(table)
            if self.later is not None:  # each table on its own timer: no burst of saves
                self.later(AUTOSAVE_S, lambda: self._save(table) if table in self.dirty else None)
        if self.on_change is not None:
            self.on_change(table, what)

    def flush(self) -> None:
        """Write the tables changed since the last flush (called every AUTOSAVE_S)."""
        for table in list(self.dirty):
            self._save(table)

    def handle(self, conn: Connection, kind: str, fields: dict[str, Any]) -> None:
        """One checked message: a refusal or an error (then the line is closed) goes
        back when it cannot be carried out, and then nothing has changed. Nothing is
        carried out for a connection once it has been told to close (issue #36: a
        window's thread may still hold messages it sent after a wrong key)."""
        if getattr(conn, "ended", False):
            return
        try:
            self._handle(conn, kind, fields)
        except Fatal as exc:
            conn.send(encode("error", code=exc.code, reason=exc.reason))
            conn.close(CLOSE_ERROR, exc.code)
        except Refused as exc:
            conn.send(encode("refusal", code=exc.code, reason=exc.reason, id=fields.get("id")))

    def _handle(self, conn: Connection, kind: str, fields: dict[str, Any]) -> None:
        if kind in ("hello", "rejoin"):
            if conn.table is not None:
                raise Refused("joined", "this connection is already at a table")
            table = self.find(fields["code"])
            if kind == "hello":
                table.join(conn, fields["seat"], fields["name"], fields.get("character"))
            else:
                self._rejoin(conn, table, fields["token"])
            conn.table = table
        elif kind == "look":  # what a table is before joining it; joins nothing
            conn.send(self.find(fields["code"]).look())
        elif kind == "create":
            self.create(conn, fields)
        elif conn.table is None:
            raise Refused("not_joined", "join a table first (hello or rejoin)")
        elif kind == "action":
            conn.table.act(conn, fields["id"], fields["action"])
        elif kind == "coach":  # a phone seat asks the coach (issue #40)
            conn.table.ask_coach(conn, fields["n"], fields.get("lang", "en"))
        elif kind == "hand_over":
            if not conn.table.owner_may(fields["owner"]):
                raise Refused("owner", "only the table's owner may hand a seat over")
            self._check_hand_over(conn.table)
            conn.table.hand_to_computer(fields["seat"], fields.get("level", "normal"))

    def computers_of(self, address: str) -> int:
        """The computer seats at the live tables created from ``address`` (a seat handed
        to a computer too: issue #36), what ``computers_per_address`` bounds."""
        return sum(
            1
            for t in self.by_code.values()
            if t.creator == address and not t.closed
            for seat in t.session.seats
            if not seat.human
        )

    def _check_hand_over(self, table: Table) -> None:
        """A seat handed to a computer counts against the cap of the address that created
        the table, as one asked for in its ``create`` (issue #36: 8 tables of 6 people,
        each joined only by a spectator and every seat handed over, were 48 hard
        computers from one address). The host's own tables (no creator) are not capped."""
        if table.creator is None:
            return
        held = self.computers_of(table.creator)
        if held + 1 > self.computers_per_address:
            raise Refused(
                "quota",
                f"the tables made from your address may have {self.computers_per_address} "
                f"computer players in all ({held} now)",
            )

    def _rejoin(self, conn: Connection, table: Table, token: str) -> None:
        """A guess at a seat's key (issue #36): checked only while the address has
        guesses left (limits.GuessLimit); a wrong one spends one and ends the line."""
        address = getattr(conn, "address", "") or "?"
        if not self.guesses.allow(address):
            if self.guesses.refused == 1 or self.guesses.refused % 1000 == 0:
                log.info("%d rejoins refused unchecked: too many wrong keys", self.guesses.refused)
            raise Fatal(
                "guesses",
                "too many wrong keys from your address just now: wait a minute and try again",
            )
        try:
            table.rejoin(conn, token)
        except Fatal as exc:
            if exc.code == "token":
                self.guesses.wrong(address)
            raise

    def find(self, code: str) -> Table:
        table = self.by_code.get(normal_code(code) or "")
        if table is None or table.closed:
            raise Fatal("code", "no table here has that join code")
        return table

    def create(self, conn: Connection, fields: dict[str, Any]) -> None:
        """A new table from a client (``serve`` only): the game, one seat spec per
        player and the game's lobby options (only the choices its rules offer)."""
        if not self.allow_create:
            raise Refused("create", "this host does not create tables for clients")
        if conn.created or conn.table is not None:
            raise Refused("create", "one table per connection")
        if len(self.by_code) >= self.max_tables:
            raise Refused("full", f"this host has its {self.max_tables} tables already")
        mine = [t for t in self.by_code.values() if t.creator == conn.address and not t.closed]
        if len(mine) >= self.tables_per_address:
            raise Refused(
                "quota",
                f"{self.tables_per_address} tables made from your address are open already: "
                "finish or leave one first",
            )
        computers = sum(1 for spec in fields["seats"] if spec["kind"] == "computer")
        held = self.computers_of(conn.address)
        if held + computers > self.computers_per_address:
            raise Refused(
                "quota",
                f"the tables made from your address may have {self.computers_per_address} "
                f"computer players in all ({held} now)",
            )
        game = fields["game"]
        if game not in registry.GAMES or game not in rules.available():
            raise Refused("game", f"no game {game[:20]!r} here; known: {', '.join(registry.GAMES)}")
        info = registry.get(game)
        specs = fields["seats"]
        if not info.min_players <= len(specs) <= info.max_players:
            raise Refused(
                "players", f"{info.name_en} is for {info.min_players}-{info.max_players} players"
            )
        try:
            chosen = resolve_options(rules.load(game).OPTIONS, fields.get("options"))
            options = self._prepare(game, chosen)
        except (RulesDataError, ValueError) as exc:
            raise Refused("options", str(exc)[:200]) from None
        seats = [
            Seat(
                registry.CAST[i].name_en,
                info.characters[i].key,
                human=spec["kind"] == "person",
                level=spec.get("level", "normal"),
            )
            for i, spec in enumerate(specs)
        ]
        session = Session(game, seats, new_seed(), options, prepared=True)
        table, owner = Table.new(session)
        table.creator = conn.address
        self.add(table)
        conn.created = True
        conn.send(encode("created", code=table.code, owner=owner))
        if self.on_change is not None:
            self.on_change(table, "created")

    def _prepare(self, game: str, chosen: dict[str, Any]) -> dict[str, Any]:
        """The rules' options for the lobby's choices (a board read from its file, the
        deck, the tiles): read once per game and choices, then shared by the tables
        (the rules never change their options)."""
        key = json.dumps([game, chosen], sort_keys=True)
        if key not in self._prepared:
            if len(self._prepared) > 64:
                self._prepared.clear()
            self._prepared[key] = prepare_options(game, chosen)
        return self._prepared[key]

    def leave(self, conn: Connection) -> None:
        table = conn.table
        if table is None:
            return
        table.leave(conn)
        if table.session.state.is_over() and not table.members:
            self.by_code.pop(table.code, None)  # finished and empty: its autosave stays
            if self.saver is not None:
                self.saver.let_go_after(table.session.save_id)

    def sweep(self, now: float | None = None) -> list[Table]:
        """Close the tables past their time (``now``: wall-clock seconds), and return them:

        - a table a client created that nobody ever joined, after ``unjoined_expiry``:
          forgotten, its files removed (nothing was played: computers wait for a member);
        - a table that has had no member for ``abandoned_expiry``: closed, its table file
          removed so that it is not opened again; its autosave is kept (the game so far).
        """
        now = time.time() if now is None else now
        gone = []
        for table in list(self.by_code.values()):
            if table.members:
                table.active = now
                continue
            never = not table.joined and table.creator is not None
            if never and now - table.created >= self.unjoined_expiry:
                self._forget(table, keep_autosave=False)
            elif not table.session.state.is_over() and now - table.active >= self.abandoned_expiry:
                self._forget(table, keep_autosave=True)
            else:
                continue
            gone.append(table)
        return gone

    def _forget(self, table: Table, keep_autosave: bool) -> None:
        table.close("the table was closed: nobody was at it")
        self.by_code.pop(table.code, None)
        self.dirty.discard(table)
        if self.saver is not None:
            files = table_files(table, self.host_kind)
            self.saver.submit([(path, None) for path, _ in files[1 if keep_autosave else 0 :]])
            self.saver.let_go_after(table.session.save_id)


Inbox = queue.SimpleQueue[tuple[Connection, str, dict[str, Any]]]


def _listen_longer(sock: Any) -> None:
    """The kernel's queue of connections waiting to be accepted made LISTEN_QUEUE long
    (asyncio sets it to its accept batch, ACCEPT_BATCH): a waiting connection costs the
    host no file, and a person's connection finds room behind a flood (issue #36)."""
    try:
        listener = socket.socket(sock.family, sock.type, fileno=os.dup(sock.fileno()))
    except OSError:
        return
    try:
        listener.listen(LISTEN_QUEUE)
    except OSError:
        pass
    finally:
        listener.close()


class Server:
    """websockets on the asyncio side. ``inbox`` None: messages go straight to
    ``tables`` on the loop (``serve``), whose computer seats ``computers`` decides; else
    they are queued for the thread that owns the tables (a window), which also gets
    ("leave", ...) when a connection ends and plays its computers itself."""

    def __init__(
        self,
        tables: Tables,
        *,
        inbox: Inbox | None = None,
        bot_delay: float = 0.0,
        computers: ComputerPool | None = None,
        queue_messages: int = QUEUE_MESSAGES,
        queue_bytes: int = QUEUE_BYTES,
        rate: tuple[float, int] = (RATE, BURST),
        max_per_address: int = MAX_PER_ADDRESS,
        max_connections: int = MAX_CONNECTIONS,
        handshake_timeout: float = HANDSHAKE_S,
        stall_s: float = STALL_S,
        phone_pages: bool = False,
    ):
        self.tables = tables
        # Phones as hands (issue #29): the phone page answered on this port while open
        self.phone_pages = phone_pages
        self.http_paths: collections.deque[str] = collections.deque(maxlen=HTTP_LOG)
        self.admission = Admission(max_per_address, max_connections)
        self.rate = rate
        self.inbox = inbox
        self.handshake_timeout = handshake_timeout
        self.stall_s = stall_s
        self.computers = computers
        if inbox is None and computers is None:  # in-process hosts (tests): threads
            self.computers = ComputerPool(ThreadRunner(2), bot_delay=bot_delay)
        if self.computers is not None:
            self.computers.apply = lambda table, player, action: table.apply(player, action)
        self.queue_limits = (queue_messages, queue_bytes)
        self.ws_server: WsServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.connections: set[Connection] = set()  # joined the websocket: the tables' peers
        self.sockets: set[GuardedSocket] = set()  # every socket held, from accept
        self.advert: Any = None  # a discovery.Advert announcing new tables (serve)
        self._sweeper: asyncio.Task[None] | None = None
        # each streak of refused sockets is logged with its count (issue #36)
        self.accept_failures = Streak("connections could not be accepted (out of open files)")
        self.cut = Streak(
            "sockets closed unanswered (past the limits of an address or in all)",
            level=logging.WARNING,  # the limits doing their work: not an error of the host
        )
        self.fitted: str | None = None  # the line said when the limits were fitted to the files
        if inbox is None:
            tables.on_change = self._table_changed

    @property
    def per_address(self) -> collections.Counter[str]:
        """Sockets held per address (counted from accept)."""
        return self.admission.per_address

    async def start(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> int:
        """Listen; the port bound (``port`` 0 picks a free one). The connections held
        are fitted under the open-files limit first (:meth:`fit_files`)."""
        self.loop = asyncio.get_running_loop()
        self.loop.set_exception_handler(self._loop_exception)
        self.fit_files()

        def guarded(protocol: Any, server: Any, **kwargs: Any) -> GuardedSocket:
            return GuardedSocket(protocol, server, guard=self, **kwargs)

        self.ws_server = await serve(
            self._handler,
            host,
            port,
            ssl=ssl_context,
            max_size=MAX_INBOUND_BYTES,
            max_queue=4,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            compression=None,
            open_timeout=self.handshake_timeout,
            create_connection=guarded,  # type: ignore[arg-type]  # a factory, as its docs allow
            process_request=self._http if self.phone_pages else None,
            logger=SOCKETS_LOG,  # INFO and up: its DEBUG lines carry frames (tokens)
            backlog=ACCEPT_BATCH,  # asyncio accepts this many at a time (issue #36) ...
        )
        for sock in self.ws_server.sockets:  # ... from a longer queue (no file each)
            _listen_longer(sock)
        self._sweeper = self.loop.create_task(self._sweep())
        if self.inbox is None:
            if self.computers is not None:
                self.computers.start(self.loop)
            for table in list(self.tables.by_code.values()):
                self._adopt(table)
            self.tables.later = self.loop.call_later
        return int(self.ws_server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.ws_server is not None:
            self.ws_server.close()
            await self.ws_server.wait_closed()
        if self.inbox is None:
            self.tables.flush()
            if self.computers is not None:
                self.computers.close()

    def fit_files(self) -> None:
        """The sockets held, those being accepted, the tables still to be made (each holds
        its game's lock: an open file) and the host's own files under the open-files
        limit (issue #36: at the limit an accept fails and asyncio stops accepting for a
        second, keeping everybody out). What does not fit is lowered, said in one line:
        the tables to a third of the room at most, the connections to the rest;
        :class:`TooFewFiles` if not even MIN_CONNECTIONS fit."""
        limit, open_now = open_files()
        if limit is None:
            return
        room = connection_room(limit, open_now)
        wanted = self.admission.max_connections
        tables = self.tables
        held = len(tables.by_code)  # their locks are open already (in ``open_now``)
        locking = tables.allow_create and tables.saver is not None
        new_tables = max(0, tables.max_tables - held) if locking else 0
        if room >= wanted + new_tables:
            return
        tables_fit = min(new_tables, max(0, room // 3))
        connections = min(wanted, room - tables_fit)
        kept = (
            f"{open_now} files open, {ACCEPT_IN_FLIGHT * ACCEPT_BATCH} kept for sockets "
            f"being accepted, {RESERVE_FILES} for the host's own files"
        )
        if connections < MIN_CONNECTIONS:
            raise TooFewFiles(
                f"the open-files limit {limit} leaves room for {max(connections, 0)} "
                f"connections (fewer than {MIN_CONNECTIONS}; {kept}): raise it (ulimit -n)"
            )
        asked = f"--max-connections {wanted}"
        fitted = f"{connections} connections"
        if tables_fit < new_tables:
            asked += f" and --max-tables {tables.max_tables}"
            fitted += f" and {held + tables_fit} tables (each holds its game's lock, a file)"
            tables.max_tables = held + tables_fit
        self.fitted = f"{asked} do not fit the open-files limit {limit} ({kept}): {fitted}"
        # serve says it (its operator chose the numbers); a window, whose player chose
        # nothing, keeps it in its log only
        log.log(logging.WARNING if self.inbox is None else logging.INFO, "%s", self.fitted)
        self.admission.max_connections = connections

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """A refused accept (out of open files) is counted in a streak, not a traceback
        each: a flood of sockets must not become a flood of the host's log too."""
        if "accept" not in str(context.get("message", "")):
            loop.default_exception_handler(context)
            return
        self.accept_failures.note(loop, f"cannot accept connections: {context.get('exception')}")

    async def _sweep(self) -> None:
        """Every SWEEP_S: cut off a socket whose buffer has not emptied for ``stall_s``
        (its reader is gone); on ``serve``, close the tables past their time."""
        while True:
            await asyncio.sleep(SWEEP_S)
            now = time.monotonic()
            for sock in list(self.sockets):
                if sock.unsent() == 0:
                    sock.stalled_since = None
                elif sock.stalled_since is None:
                    sock.stalled_since = now
                elif now - sock.stalled_since >= self.stall_s:
                    log.info("closing a socket of %s: it stopped reading", sock.address)
                    sock.transport.abort()
            if self.inbox is None:
                self.tables.sweep()

    # -- connections --------------------------------------------------------------------------
    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """A plain HTTP request (the phone page, issue #29) or a websocket upgrade (None:
        the handshake goes on). Only while a table is open; its path is kept for tests
        (a browser never sends the fragment, where a phone's token is)."""
        self.http_paths.append(request.path[:MAX_PATH_CHARS])
        if not any(not table.closed for table in self.tables.by_code.values()):
            return None if phone_is_upgrade(request) else phone_answer_gone()
        return phone_answer(request)

    async def _handler(self, ws: ServerConnection) -> None:
        assert self.loop is not None
        messages, size = self.queue_limits
        conn = Connection(ws, self.loop, queue_messages=messages, queue_bytes=size, rate=self.rate)
        busy = getattr(ws, "busy", None)
        if busy is not None:  # told why, then closed
            conn.send(encode("error", code="busy", reason=busy))
            conn.close(CLOSE_ERROR, "busy")
            if conn.shutdown is not None:
                await asyncio.shield(conn.shutdown)
            return
        self.connections.add(conn)
        timer = self.loop.call_later(JOIN_TIMEOUT, self._join_timeout, conn)
        try:
            async for raw in ws:
                if conn.closing or conn.ended:
                    break
                if not self._receive(conn, raw):
                    break
                if conn.table is not None:
                    timer.cancel()
            if conn.shutdown is not None:  # what it was told goes out before it closes
                await asyncio.shield(conn.shutdown)
        except ConnectionClosed:
            pass
        finally:
            timer.cancel()
            self.connections.discard(conn)
            if self.inbox is not None:
                self.inbox.put((conn, "leave", {}))
            else:
                self.tables.leave(conn)
            if not conn.closing:
                conn.closing = True
                conn.sender.cancel()

    def _join_timeout(self, conn: Connection) -> None:
        if conn.table is None and not conn.closing:
            conn.send(encode("error", code="timeout", reason="no table joined in time"))
            conn.close(CLOSE_ERROR, "timeout")

    def _receive(self, conn: Connection, raw: str | bytes) -> bool:
        """One inbound message; False once the connection is to be closed."""
        if not conn.bucket.allow():
            if conn.bucket.flooded():
                conn.send(encode("error", code="rate", reason="far too many messages"))
                conn.close(CLOSE_POLICY, "flood")
                return False
            # each dropped message is said to be dropped, with the id of an action (its
            # client knows which one to send again, later): a client waiting for an
            # answer is never left waiting; a flood is closed above
            conn.send(
                encode(
                    "refusal",
                    code="rate",
                    reason=f"more than {conn.bucket.rate:g} messages a second: dropped, nothing changed",
                    id=action_id(raw),
                )
            )
            return True
        try:
            message = decode(raw)
            fields = check_client_message(message)
        except ProtocolError as exc:
            if exc.code == "version":
                conn.send(encode("error", code="version", reason=exc.reason))
                conn.close(CLOSE_ERROR, "protocol version")
                return False
            conn.send(encode("refusal", code=exc.code, reason=exc.reason, id=None))
            return True
        kind = message["type"]
        if self.inbox is None:
            self.tables.handle(conn, kind, fields)
        else:
            if kind in ("hello", "rejoin") and conn.table is None:
                # the code is checked here (a window's table and its code are set before
                # the server starts), so a wrong one costs the window's thread nothing
                try:
                    self.tables.find(fields["code"])
                except Fatal as exc:
                    conn.send(encode("error", code=exc.code, reason=exc.reason))
                    conn.close(CLOSE_ERROR, exc.code)
                    return False
            self.inbox.put((conn, kind, fields))
        return True

    # -- computer seats (serve) ------------------------------------------------------------
    def _adopt(self, table: Table) -> None:
        """A table on this loop: its seat statuses batched by the loop, its computers
        decided by the pool."""
        assert self.loop is not None
        table.later = self.loop.call_later
        if self.computers is not None:
            self.computers.want(table)

    def _table_changed(self, table: Table, what: str) -> None:
        if what == "created":
            if self.advert is not None and self.loop is not None:
                self.loop.create_task(self.advert.register(table))
            if self.loop is not None:
                table.later = self.loop.call_later
        if self.computers is not None:
            self.computers.want(table)
