"""Network tests' helpers (issue #18): a host on 127.0.0.1 in the test's own event loop,
scripted people who play random legal moves through a TableClient (recording every
message the host sends them), and the checks of what crossed the wire."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

from game.net.client import TableClient
from game.net.server import Server, Tables
from game.net.store import Saver

FAST = (10_000.0, 10_000)  # scripted people act at once: no rate limit in the way


class RecordingPeer:
    """A connection as a Table (a Peer) or Tables (with its ``created``, ``table`` and
    ``address``) sees it, in-process: it records what it is sent and how it is closed."""

    def __init__(self, name: str = "peer", address: str = "127.0.0.1"):
        self.name = name
        self.address = address
        self.created = False
        self.table = None
        self.sent: list[dict] = []
        self.closed: list[tuple[int, str]] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.sent]

    def __repr__(self) -> str:
        return f"RecordingPeer({self.name})"


def run(coro, timeout: float = 60.0):
    """Run a test's coroutine, never longer than ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def hosting(*, allow_create: bool = True, saver: bool = True, **server_kwargs: Any):
    """(url, tables, server) of a ``serve``-like host listening on 127.0.0.1."""
    keeper = Saver() if saver else None
    tables = Tables("serve", allow_create=allow_create, saver=keeper)
    server_kwargs.setdefault("rate", FAST)
    server = Server(tables, **server_kwargs)
    port = await server.start("127.0.0.1", 0)
    try:
        yield f"ws://127.0.0.1:{port}", tables, server
    finally:
        await server.stop()
        if keeper is not None:
            keeper.close()


class Player:
    """A scripted person at one seat: plays a random legal move whenever its view says
    it is to act and its last action has been answered."""

    def __init__(self, url: str, seat: int | None, seed: int, name: str = ""):
        self.record: list[str] = []
        self.client = TableClient(url, record=self.record)
        self.seat = seat
        self.name = name or f"P{seat}"
        self.rng = random.Random(seed)
        self.pending: int | None = None
        self.refusals: list[dict] = []

    async def join(self, code: str) -> None:
        await self.client.connect()
        await self.client.hello(code, self.seat, self.name)

    async def step(self, timeout: float = 20.0) -> dict:
        """Act if it is our turn and nothing is pending, then take one message."""
        view = self.client.mirror.view
        seat = self.seat
        to_act = seat is not None and not view.is_over() and seat in view.to_act()
        if to_act and self.pending is None:
            action = self.rng.choice(view.legal_actions(seat))
            self.pending = await self.client.act(str(action))
        message = await self.client.receive(timeout)
        if message["type"] == "refusal":
            self.refusals.append(message)
            if message["code"] == "rate":  # a real host's limit (10 a second): slow down
                self.pending = None
                await asyncio.sleep(0.2)
            if message.get("id") == self.pending:
                self.pending = None
        elif message.get("ack") is not None and message["ack"] == self.pending:
            self.pending = None
        return message

    async def play(self, until_n: int | None = None) -> None:
        """Until the game is over (or ``until_n`` actions have been played)."""
        mirror = self.client.mirror
        while not mirror.view.is_over() and (until_n is None or mirror.n < until_n):
            await self.step()


def frames(record: list[str]) -> list[dict]:
    return [json.loads(text) for text in record]


def diff_paths(a: Any, b: Any, path: tuple = ()) -> list[tuple]:
    """The places (key/index paths) where two JSON values differ."""
    if type(a) is not type(b) or (not isinstance(a, (dict, list)) and a != b):
        return [path]
    found: list[tuple] = []
    if isinstance(a, dict):
        for key in set(a) | set(b):
            if key not in a or key not in b:
                found.append((*path, key))
            else:
                found += diff_paths(a[key], b[key], (*path, key))
    elif isinstance(a, list):
        if len(a) != len(b):
            found.append(path)
        else:
            for i, (x, y) in enumerate(zip(a, b)):
                found += diff_paths(x, y, (*path, i))
    return found


def at(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


def check_wire(session, seat: int | None, record: list[str]) -> int:
    """Everything the host sent one member over a whole game, against the game replayed
    independently through the rules: each view is exactly ``view(seat)`` after that many
    actions (so at every place where the full state and the view differ -- another seat's
    hand, the deck, the hidden tile -- the member got the view's value, never the real
    one), each update's events are exactly those of its action the seat may see (none
    meant for others), and the seed and the save's id appear nowhere in the bytes -- but
    in the finished game's ``record`` (issue #28), which may come only after the update
    that ended the game. Returns how many views were checked."""
    secrets_in_bytes = [str(session.seed), session.save_id]
    over = False  # the update that ended the game has been sent
    for text in record:
        message = json.loads(text)
        if message["type"] == "record":
            assert over, f"the record reached seat {seat} before the game was over"
            assert session.save_id not in text
            continue
        for secret in secrets_in_bytes:
            assert secret not in text, f"{secret!r} was sent to seat {seat}"
        over = over or (message["type"] == "update" and message["n"] == len(session.actions))
    module = session.module
    state = module.new_game(session.players, session.seed, session.options)
    opening = list(state.opening_events)
    events_of = [_frozen(opening)]
    states = [state.to_dict()]
    views = [state.view(seat).to_dict()]
    for player, text in session.actions:
        # as the host does, the events are read as soon as they happen: a game may keep
        # a list of its own in an event's data and change it later (Verflixxt!'s
        # hat_tie "players" is emptied once the tie is settled)
        events_of.append(_frozen(state.apply(player, module.parse_action(text))))
        states.append(state.to_dict())
        views.append(state.view(seat).to_dict())
    checked = 0
    for message in frames(record):
        kind = message["type"]
        if kind not in ("welcome", "update"):
            continue
        n = message["n"]
        expected = dict(views[n])
        expected.pop("options")
        assert message["view"] == expected, f"seat {seat}: the view after {n} actions differs"
        full = states[n]
        for path in diff_paths(full, views[n]):
            if path and path[0] in ("seed", "rng"):
                assert at(message["view"], path) is None
                continue
            try:
                sent = at(message["view"], path)
            except (KeyError, IndexError, TypeError):
                continue  # a place the view does not have at all
            assert sent != at(full, path), f"seat {seat} got the hidden {path} after {n}"
        if kind == "update":
            mine = [e for e in events_of[n] if _seen(e, seat)]
            assert message["events"] == mine, f"seat {seat}: events of action {n} differ"
        else:
            visible = [e for evs in events_of[: n + 1] for e in evs if _seen(e, seat)]
            got = message["events"]
            assert got == visible[len(visible) - len(got) :], (
                f"seat {seat}: the welcome events after {n}"
            )
        checked += 1
    return checked


def _json(value: Any) -> Any:
    """As it reads after a trip through JSON (tuples are lists)."""
    return json.loads(json.dumps(value))


def _frozen(events: list) -> list[dict]:
    return _json([e.to_dict() for e in events])


def _seen(event: dict, seat: int | None) -> bool:
    return event["visible_to"] is None or (seat is not None and seat in event["visible_to"])


# -- a window's host (HostThread) on 127.0.0.1 ---------------------------------------------
def start_host(session, local=(), autosave=False):
    """A HostThread for ``session`` on 127.0.0.1 (a free port), started; ``local``: the
    seats of people at the hosting window."""
    from game.net.host import HostThread

    host = HostThread(session, host="127.0.0.1", port=0, autosave=autosave, local_seats=local)
    host.server.rate = FAST  # the scripted people act at once
    return host.start()


def lobby_options(game: str) -> dict:
    """Every option at its default, as the lobby starts a game."""
    from game import rules

    return {spec.key: spec.default for spec in rules.load(game).OPTIONS}


def wait_listening(host) -> int:
    """The port ``host`` listens on, once it does (pumped meanwhile, as a window would)."""
    import time

    deadline = time.monotonic() + 10
    while host.port is None:
        assert time.monotonic() < deadline, "the host never listened"
        host.pump()
        time.sleep(0.01)
    return host.port
