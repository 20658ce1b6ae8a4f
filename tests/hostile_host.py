"""A hostile host for the joiner's tests (issue #36: a host is a stranger too).

:func:`real_messages` plays a real game at a real :class:`~game.net.table.Table` (its
seat 0 a person, as a joiner would hold it; the others computers) and keeps every text
the host sent that seat, of every kind the real host sends: the ``table`` answer to a
look, the ``welcome`` (at the start and, for a game's end, after it), each ``update``, a
``seats``, the ``record``, a ``refusal`` and an ``error`` as the server writes them, and
a ``created``. :func:`mutate` makes a hostile version of one (a lone surrogate, a
control character or an overlong text in any text or key, a value of another type, a
field dropped, a huge text or list within the frame bound), seeded.
:class:`HostileHost` is a real websockets server on 127.0.0.1, on a thread of its own,
that answers a look and a hello or rejoin with the texts a test gives it.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import threading
import time
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from game import registry
from game.ai import make_bot
from game.net.protocol import MAX_OUTBOUND_BYTES, encode
from game.net.table import Refused, Table
from game.session import Seat, Session
from tests.net_helpers import lobby_options

CODE = "7KQ4-MX9P-2HRT"  # the code the hostile host answers (any code: it never checks)
LIMIT_S = 20.0  # a bound on each wait, not a timing check
# What a hostile host puts in a text: a lone surrogate (alone and inside a text), control
# characters, a line separator, an overlong text, nothing at all.
BAD_TEXTS = ("\ud800", "Ann\udfff", "\x00", "x\x1b[2J", "a\u2028b", "W" * 5000, "")
OTHER_VALUES: tuple[Any, ...] = (None, True, 1.5, -1, 2**62, [], {}, "text", [[[[[[1]]]]]])


class _TextPeer:
    """A member of a Table that keeps the texts it is sent, as they crossed the wire."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> None:
        self.texts.append(text)

    def close(self, code: int, reason: str) -> None:
        pass


def real_messages(game: str = "routes", players: int = 3, seed: int = 7) -> dict[str, Any]:
    """Every kind of text a real host sends a joiner at seat 0 of a whole ``game``:
    ``table``, ``welcome``, ``updates`` (a list), ``seats``, ``record``, ``welcome_end``
    (the welcome of a seat rejoining the finished game), ``refusal``, ``error``,
    ``created``; and the ``session`` played."""
    characters = registry.get(game).characters
    seats = [Seat(f"P{i + 1}", characters[i].key, human=i == 0) for i in range(players)]
    session = Session(game, seats, seed, lobby_options(game))
    table, owner = Table.new(session)
    look = table.look()
    peer = _TextPeer()
    table.join(peer, 0, "Ann")
    welcome = peer.texts[0]
    try:
        table.act(peer, 1, "not an action")
    except Refused as exc:  # as the server writes a refusal
        refusal = encode("refusal", code=exc.code, reason=exc.reason, id=1)
    bot, rng = make_bot(game, "easy"), random.Random(seed)
    start = len(peer.texts)
    while not session.state.is_over():
        player = session.state.to_act()[0]
        table.apply(player, bot.choose(session.state.view(player), player, rng))
    sent = [json.loads(t) for t in peer.texts]
    updates = [t for t, m in zip(peer.texts, sent) if m["type"] == "update"]
    record = next(t for t, m in zip(peer.texts[start:], sent[start:]) if m["type"] == "record")
    end_peer = _TextPeer()
    token = json.loads(welcome)["token"]
    table.members.clear()
    table.seat_peer.clear()
    table.rejoin(end_peer, token)
    return {
        "table": look,
        "welcome": welcome,
        "updates": updates,
        "seats": encode("seats", seats=table.seats_info()),
        "record": record,
        "welcome_end": end_peer.texts[0],
        "refusal": refusal,
        "error": encode("error", code="closed", reason="the host closed the table"),
        "created": encode("created", code=table.code, owner=owner),
        "session": session,
        "token": token,
    }


# -- mutations -------------------------------------------------------------------------------------
def _nodes(value: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    """Every (path, value) inside ``value``, itself first."""
    out = [(path, value)]
    if isinstance(value, dict):
        for key, inner in value.items():
            out.extend(_nodes(inner, (*path, key)))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            out.extend(_nodes(inner, (*path, index)))
    return out


def _set(root: Any, path: tuple, value: Any) -> None:
    for step in path[:-1]:
        root = root[step]
    root[path[-1]] = value


def mutate(text: str, rng: random.Random) -> tuple[str, str]:
    """A hostile version of the host's ``text`` and what was done to it. ``v`` and
    ``type`` are kept (a message of another version or type is refused before its
    fields are read: test_protocol covers that), everything else may change."""
    message = json.loads(text)
    nodes = [(p, v) for p, v in _nodes(message) if p and p[0] not in ("v", "type")]
    how = rng.choice(("text", "text", "key", "type", "drop", "huge"))
    texts = [(p, v) for p, v in nodes if isinstance(v, str)]
    dicts = [(p, v) for p, v in _nodes(message) if isinstance(v, dict) and v]
    if how == "text" and texts:
        path, _ = rng.choice(texts)
        bad = rng.choice(BAD_TEXTS)
        _set(message, path, bad)
        what = f"text at {path} -> {bad[:12]!r}"
    elif how == "key" and dicts:
        path, inner = rng.choice(dicts)
        keys = [k for k in inner if path or k not in ("v", "type")]
        if not keys:
            return mutate(text, rng)
        key = rng.choice(keys)
        bad = rng.choice(BAD_TEXTS[:5])
        inner[bad] = inner.pop(key)
        what = f"key {key!r} at {path} -> {bad!r}"
    elif how == "drop" and dicts:
        path, inner = rng.choice(dicts)
        keys = [k for k in inner if path or k not in ("v", "type")]
        if not keys:
            return mutate(text, rng)
        key = rng.choice(keys)
        del inner[key]
        what = f"dropped {key!r} at {path}"
    elif how == "huge":
        lists = [(p, v) for p, v in nodes if isinstance(v, list)]
        if lists and rng.random() < 0.5:
            path, _ = rng.choice(lists)
            _set(message, path, [0] * 200_000)
            what = f"a list of 200,000 at {path}"
        else:
            path, _ = rng.choice(texts or nodes)
            _set(message, path, "H" * 500_000)
            what = f"a text of 500,000 at {path}"
    else:
        path, _ = rng.choice(nodes)
        other = copy.deepcopy(rng.choice(OTHER_VALUES))
        _set(message, path, other)
        what = f"{path} -> {other!r}"
    out = json.dumps(message, ensure_ascii=True)  # a lone surrogate crosses as an escape
    assert len(out.encode()) <= MAX_OUTBOUND_BYTES, what
    return out, what


# -- the host ---------------------------------------------------------------------------------------
class HostileHost:
    """A websockets server on 127.0.0.1 (a free port) on a thread of its own: a ``look``
    is answered with :attr:`look_answer`, a ``hello`` or ``rejoin`` with
    :attr:`join_answer` (texts, in order; set them before the client connects). It never
    checks a code or a token and never closes a line first."""

    code = CODE

    def __init__(self) -> None:
        self.look_answer: list[str] = []
        self.join_answer: list[str] = []
        self.other_answer: list[str] = []  # to any other message ("create", "action")
        self.received: list[dict[str, Any]] = []
        self.port: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="hostile-host", daemon=True)

    def pump(self) -> list:
        """Nothing to pump (a window's HostThread is pumped: the join tests' helpers)."""
        return []

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def start(self) -> HostileHost:
        self._thread.start()
        deadline = time.monotonic() + LIMIT_S
        while self.port is None:
            assert self._thread.is_alive() and time.monotonic() < deadline, "never listened"
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(LIMIT_S)
        assert not self._thread.is_alive(), "the hostile host did not stop"

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        async with serve(self._handle, "127.0.0.1", 0, max_size=64 * 1024) as server:
            self.port = server.sockets[0].getsockname()[1]
            await self._stop.wait()

    async def _handle(self, ws: ServerConnection) -> None:
        async for raw in ws:
            message = json.loads(raw)
            self.received.append(message)
            kind = message.get("type")
            answer = (
                self.look_answer
                if kind == "look"
                else self.join_answer
                if kind in ("hello", "rejoin")
                else self.other_answer
            )
            for text in list(answer):
                await ws.send(text)
