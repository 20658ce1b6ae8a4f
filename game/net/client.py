"""A client's side of a table (issue #18): websockets (asyncio) to the host, and what
the client knows of the game: its seat's view, rebuilt from the host's messages.

:class:`TableClient` is the asyncio connection (tests and tools/bench_serve.py use it
directly); :class:`ClientThread` runs one on its own thread for a window, which talks
to it through thread-safe queues and never waits: ``act`` queues an action, ``poll``
returns what arrived. A dropped line is tried again with the seat's token.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import queue
import ssl
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import rules
from game.net.protocol import (
    DROPPABLE,
    MAX_OUTBOUND_BYTES,
    ProtocolError,
    check_host_message,
    check_record,
    decode,
    drain,
    encode,
    refusal_id,
)
from game.rules.protocol import Event, EventDataError, GameState

log = logging.getLogger(__name__)
# What reading a host's data into the rules' classes may raise on data of the right
# types and bounds that is still nonsense (issue #36): each is a refused message.
DATA_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError)


class ClientError(Exception):
    """The host refused (``fatal`` False: the line is open) or ended the connection."""

    def __init__(self, code: str, reason: str, fatal: bool = True):
        super().__init__(reason)
        self.code, self.reason, self.fatal = code, reason, fatal


@functools.cache
def _state_class(game: str) -> type[GameState]:
    module = rules.load(game)
    players = getattr(module, "MIN_PLAYERS", 3)
    from game.boards import prepare_options  # start-up: the boards only for a test seat's options

    return type(module.new_game(max(players, 3), 0, prepare_options(game, {})))


def event_from(data: Any, game: str) -> Event:
    """The typed event of ``game`` a host sent, every field checked against its class."""
    try:
        return rules.load(game).EVENTS.from_dict(data)
    except (EventDataError, *DATA_ERRORS) as exc:
        raise ClientError("schema", f"an event from the host: {exc!r}"[:200]) from exc


def _checked(kind: str, message: dict[str, Any]) -> None:
    """``message`` as a host's ``kind`` message must be (protocol.check_host_message), or
    ClientError("schema"): the mirror believes nothing unchecked, whoever hands it over."""
    try:
        check_host_message({**message, "type": kind})
    except ProtocolError as exc:
        raise ClientError("schema", exc.reason) from None


@dataclass
class Mirror:
    """What one client knows: its seat (None: a spectator), the seats, the latest view
    of the game (a rules state that refuses to be played on) and the recent events."""

    game: str = ""
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    token: str | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    view_data: dict[str, Any] = field(default_factory=dict)
    to_act: tuple[int, ...] = ()  # who is to act now, as the host said
    n: int = 0
    last_id: int = 0
    events: deque[Event] = field(default_factory=lambda: deque(maxlen=200))
    # the finished game's record, once the host sent it (issue #28): checked fields, or
    # why it was refused (the rules replay it later: game.net.joined)
    record: dict[str, Any] | None = None
    record_problem: str | None = None
    _view: GameState | None = field(default=None, repr=False)

    @property
    def view(self) -> GameState:
        """The latest view as a rules state, rebuilt when first asked for after an
        update (a client that only waits for its turn reads ``to_act`` instead)."""
        if self._view is None:
            try:
                state = _state_class(self.game).from_dict(
                    {**self.view_data, "options": self.options}
                )
            except DATA_ERRORS as exc:
                reason = f"the host's view cannot be read: {exc!r}"[:200]
                raise ClientError("schema", reason) from exc
            self._view = state
        return self._view

    def _rebuild(self, message: dict[str, Any]) -> None:
        """The view and who is to act (types checked by protocol.check_host_message;
        the seats by this table's count here)."""
        data, to_act = message["view"], message["to_act"]
        if any(p >= self.players for p in to_act):
            raise ClientError("schema", "the host's to_act names a seat this table has not")
        self.view_data, self.to_act, self._view = data, tuple(to_act), None

    def checked_seats(self, seats: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
        """The host's seats (each checked by protocol.check_host_message), one a seat."""
        if len(seats) != players:
            raise ClientError(
                "schema", f"the host listed {len(seats)} seats at a table of {players}"
            )
        return list(seats)

    def welcome(self, message: dict[str, Any], *, checked: bool = False) -> None:
        """Taken in whole or not at all (issue #36): checked (protocol.check_host_message;
        ``checked``: by TableClient.receive already), then read into a new mirror first,
        so a refused welcome leaves this one as it was."""
        if not checked:
            _checked("welcome", message)
        game = message["game"]
        if game not in rules.available():
            raise ClientError("game", f"this app cannot play {str(game)[:20]!r}")
        players, seat = message["players"], message["seat"]
        if seat is not None and seat >= players:
            raise ClientError("schema", f"the host gave seat {seat} at a table of {players}")
        new = Mirror(game=game, players=players, options=dict(message["options"]), seat=seat)
        new.token = message.get("token") or self.token
        new.seats = self.checked_seats(message["seats"], players)
        new.n, new.last_id = message["n"], message["last_id"]
        new._rebuild(message)
        new.view  # noqa: B018 - read now: a welcome whose view cannot be read is refused
        events = [event_from(e, game) for e in message["events"]]
        for key in ("game", "players", "options", "seat", "token", "seats", "n", "last_id"):
            setattr(self, key, getattr(new, key))
        self.view_data, self.to_act, self._view = new.view_data, new.to_act, new._view
        self.events.extend(events)

    def update(self, message: dict[str, Any], *, checked: bool = False) -> list[Event]:
        if not checked:
            _checked("update", message)
        events = [event_from(e, self.game) for e in message["events"]]
        before = (self.view_data, self.to_act, self._view)
        self._rebuild(message)
        try:
            self.view  # noqa: B018 - read now: an update whose view cannot be read is refused
        except ClientError:
            self.view_data, self.to_act, self._view = before
            raise
        self.n = message["n"]
        self.events.extend(events)
        return events


class TableClient:
    """One connection to a host. ``record``: a list that gets every text message the
    host sends, as it arrives (the tests read what crossed the wire)."""

    def __init__(
        self,
        url: str,
        *,
        ssl_context: ssl.SSLContext | None = None,
        record: list[str] | None = None,
        max_queue: int | None = 16,
    ):
        self.url = url
        self.ssl = ssl_context
        self.record = record
        self.max_queue = max_queue
        self.ws: ClientConnection | None = None
        self.mirror = Mirror()
        self.next_id = 0

    async def connect(self, timeout: float = 10.0) -> None:
        self.ws = await connect(
            self.url,
            ssl=self.ssl,
            max_size=MAX_OUTBOUND_BYTES,
            max_queue=self.max_queue,
            open_timeout=timeout,
            close_timeout=2,
            compression=None,
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, kind: str, **fields: Any) -> None:
        assert self.ws is not None, "connect first"
        await self.ws.send(encode(kind, **fields))

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message from the host, checked and taken into the mirror. An
        "error" raises ClientError (the host closes the line after it).

        A host is a stranger too (issue #36): a message that fails its check (the checks
        the host gives what it receives: protocol.check_host_message) is refused with one
        line in the log. One the game can go on without (protocol.DROPPABLE) comes back as
        ``{"type": "dropped", "of": kind, "reason": ..., "id": ...}`` (``id``: a refusal's,
        when it can be read: it still answers); a refused record is the record's problem
        (kept without a replay); any other raises ClientError("schema"), which ends the
        connection cleanly."""
        assert self.ws is not None, "connect first"
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        if self.record is not None and isinstance(raw, str):
            self.record.append(raw)
        try:
            message = decode(raw, on_host=False)
        except ProtocolError as exc:
            log.warning("refused a message from the host: %s", exc.reason)
            raise ClientError(exc.code, exc.reason) from None
        kind = message["type"]
        try:
            message = check_host_message(message)
            if kind == "seats":
                self.mirror.checked_seats(message["seats"], self.mirror.players)
        except (ProtocolError, ClientError) as exc:
            log.warning("refused a message from the host: %s", exc.reason)
            if kind == "record":
                self.mirror.record, self.mirror.record_problem = None, exc.reason
                return {"type": "record"}
            if kind in DROPPABLE:
                answers = refusal_id(message) if kind == "refusal" else None
                return {"type": "dropped", "of": kind, "reason": exc.reason, "id": answers}
            raise ClientError("schema", exc.reason) from None
        if kind == "error":
            raise ClientError(str(message["code"]), str(message["reason"]))
        if kind == "welcome":
            self._refusing(functools.partial(self.mirror.welcome, checked=True), message)
            self.next_id = max(self.next_id, self.mirror.last_id)
        elif kind == "update":
            message["events"] = self._refusing(
                functools.partial(self.mirror.update, checked=True), message
            )
        elif kind == "seats":
            self.mirror.seats = list(message["seats"])
        elif kind == "record":
            # a bad record is refused, not fatal: the game is over and was played
            try:
                self.mirror.record = check_record(message, self.mirror.players)
                self.mirror.record_problem = None
            except ProtocolError as exc:
                log.warning("refused the host's record: %s", exc.reason)
                self.mirror.record, self.mirror.record_problem = None, exc.reason
        return message

    def _refusing(self, take: Any, message: dict[str, Any]) -> Any:
        """``take(message)`` into the mirror; a message whose data the rules cannot read
        is refused with one line in the log (and ends the connection: ClientError)."""
        try:
            return take(message)
        except ClientError as exc:
            log.warning("refused a message from the host: %s", exc.reason)
            raise

    async def expect(self, kind: str, timeout: float = 10.0) -> dict[str, Any]:
        """Messages until one of ``kind``; a refusal meanwhile raises ClientError."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind:
                return message
            if message["type"] == "refusal":
                raise ClientError(str(message["code"]), str(message["reason"]), fatal=False)
            if message["type"] == "dropped" and message["of"] == "refusal":
                raise ClientError("schema", str(message["reason"]), fatal=False)

    async def create(
        self, game: str, seats: list[dict[str, str]], options: dict[str, Any] | None = None
    ) -> tuple[str, str]:
        """A new table (on a ``serve`` host): its join code and the owner's token."""
        await self.send("create", game=game, seats=seats, options=options or {})
        message = await self.expect("created")
        return str(message["code"]), str(message["owner"])

    async def look(self, code: str) -> dict[str, Any]:
        """What the table with ``code`` is before joining it (the host's "table"
        message: game, players, seats, options, characters, taken, spectators). Joins
        nothing: a ``hello`` or ``rejoin`` may follow on the same connection."""
        await self.send("look", code=code)
        return await self.expect("table")

    async def hello(
        self, code: str, seat: int | None, name: str, character: str | None = None
    ) -> Mirror:
        fields: dict[str, Any] = {"code": code, "seat": seat, "name": name}
        if character is not None:
            fields["character"] = character
        await self.send("hello", **fields)
        await self.expect("welcome")
        return self.mirror

    async def rejoin(self, code: str, token: str) -> Mirror:
        self.mirror.token = token
        await self.send("rejoin", code=code, token=token)
        await self.expect("welcome")
        return self.mirror

    async def act(self, text: str) -> int:
        self.next_id += 1
        await self.send("action", id=self.next_id, action=text)
        return self.next_id

    async def hand_over(self, owner: str, seat: int, level: str = "normal") -> None:
        await self.send("hand_over", owner=owner, seat=seat, level=level)


# -- for a window: the client on its own thread -------------------------------------------------
Note = tuple[str, Any]


class ClientThread:
    """A :class:`TableClient` on a thread of its own. ``poll()`` returns the notes that
    arrived: ("welcome", Mirror), ("update", (events, view, n)), ("seats", list),
    ("refusal", (code, reason)), ("record", (fields | None, problem | None)) once the
    game is over (issue #28), ("dropped", reason) for a host's message refused while the
    game goes on (issue #36), ("answered", id) after the update or refusal that
    answers this client's action ``id``, ("connection", "lost" | "back"), ("error",
    (code, reason)) after which the client has stopped. A lost line is tried again with the
    seat's token (or, for a spectator, a new hello) until :meth:`stop`."""

    def __init__(
        self,
        url: str,
        code: str,
        *,
        seat: int | None = None,
        name: str = "",
        token: str | None = None,
        character: str | None = None,
        ssl_context: ssl.SSLContext | None = None,
        retry_max: float = 5.0,
    ):
        self.url, self.code = url, code
        self.join = (seat, name, character)
        self.token = token
        self.ssl = ssl_context
        self.retry_max = retry_max
        self.notes: queue.SimpleQueue[Note] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[tuple[str, dict[str, Any]]] | None = None
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._early: list[tuple[str, dict[str, Any]]] = []  # posted before the loop ran
        self._unread: list[Note] = []  # polled, handed back: the next poll's first
        self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)

    def start(self) -> ClientThread:
        self._thread.start()
        return self

    def poll(self) -> list[Note]:
        """The notes that arrived (call from one thread: the window's)."""
        held, self._unread = self._unread, []
        return held + drain(self.notes)

    def unread(self, notes: list[Note]) -> None:
        """Notes polled but left for whoever polls next (the game's scene after the
        join screen's welcome): returned first, in order, before any that arrive later."""
        self._unread = [*notes, *self._unread]

    def act(self, text: str) -> None:
        self._post("action", {"action": text})

    def hand_over(self, owner: str, seat: int, level: str = "normal") -> None:
        self._post("hand_over", {"owner": owner, "seat": seat, "level": level})

    def stop(self, timeout: float = 5.0) -> None:
        """Leave the table (the seat waits for its token) and end the thread."""
        self._stopped.set()
        self._post("stop", {})
        self._thread.join(timeout)

    def _post(self, kind: str, fields: dict[str, Any]) -> None:
        """Hand a message to the network thread; returns at once, whenever it is called."""
        with self._lock:
            if self._loop is None or self._outbox is None:
                self._early.append((kind, fields))
                return
            try:
                self._loop.call_soon_threadsafe(self._outbox.put_nowait, (kind, fields))
            except RuntimeError:  # the thread has ended (an error, or stopped): nobody reads
                pass

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        outbox: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        with self._lock:
            for item in self._early:
                outbox.put_nowait(item)
            self._early.clear()
            self._loop, self._outbox = asyncio.get_running_loop(), outbox
        client = TableClient(self.url, ssl_context=self.ssl)
        delay, first = 0.5, True
        while not self._stopped.is_set():
            try:
                await self._session(client, first)
                return
            except ClientError as exc:
                # a table closed by its host may open again (a window resuming its
                # autosave): the seat's holder keeps trying; anything else ends here
                comes_back = exc.code == "closed" and self.token is not None
                if not comes_back and (exc.fatal or (self.token is None and first)):
                    self.notes.put(("error", (exc.code, exc.reason)))
                    return
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as exc:
                if first and not isinstance(exc, ConnectionClosed):
                    self.notes.put(("error", ("connect", f"cannot reach {self.url}: {exc}")))
                    return
            except InvalidURI as exc:
                self.notes.put(("error", ("connect", str(exc))))
                return
            first = False
            self.notes.put(("connection", "lost"))
            await asyncio.sleep(delay)
            delay = min(self.retry_max, delay * 2)

    async def _session(self, client: TableClient, first: bool) -> None:
        await client.connect()
        try:
            if self.token is not None:
                mirror = await client.rejoin(self.code, self.token)
            else:
                seat, name, character = self.join
                mirror = await client.hello(self.code, seat, name, character)
                self.token = mirror.token
            self.notes.put(("welcome", mirror))
            if not first:
                self.notes.put(("connection", "back"))
            receiver = asyncio.ensure_future(self._receive(client))
            while True:
                getter = asyncio.ensure_future(self._next_out())
                done, _ = await asyncio.wait(
                    {receiver, getter}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    receiver.result()  # raises what ended it
                    return
                kind, fields = getter.result()
                if kind == "stop":
                    receiver.cancel()
                    return
                if kind == "action":
                    await client.act(fields["action"])
                else:
                    await client.send(kind, **fields)
        finally:
            await client.close()

    async def _next_out(self) -> tuple[str, dict[str, Any]]:
        assert self._outbox is not None
        return await self._outbox.get()

    async def _receive(self, client: TableClient) -> None:
        while True:
            message = await client.receive()
            kind = message["type"]
            if kind == "update":
                mirror = client.mirror
                self.notes.put(("update", (message["events"], mirror.view, mirror.n)))
                if message.get("ack") is not None:
                    self.notes.put(("answered", message["ack"]))
            elif kind == "seats":
                self.notes.put(("seats", message["seats"]))
            elif kind == "refusal":
                self.notes.put(("refusal", (message["code"], message["reason"])))
                if message.get("id") is not None:
                    self.notes.put(("answered", message["id"]))
            elif kind == "welcome":
                self.notes.put(("welcome", client.mirror))
            elif kind == "record":
                mirror = client.mirror
                self.notes.put(("record", (mirror.record, mirror.record_problem)))
            elif kind == "dropped":  # refused, and the game goes on (issue #36)
                self.notes.put(("dropped", message["reason"]))
                if message["id"] is not None:
                    self.notes.put(("answered", message["id"]))
