"""What the "Join a table" screen (game/scenes/lobby/join.py) needs of the network, kept apart
from its drawing: an address as typed turned into a table's URL, one ``look`` at a table
on a thread of its own (the pygame loop polls it and never waits), the host's ``table``
answer read defensively (a host may send anything), and a host's refusal or error as the
one line the screen shows."""

from __future__ import annotations

import asyncio
import ipaddress
import queue
import re
import threading
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game import registry, rules
from game.net.client import ClientError, TableClient
from game.net.protocol import DEFAULT_PORT, normal_code

LOOK_TIMEOUT_S = 8.0  # connecting and the answer, each
_HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")

# A host's error or refusal code -> the screen's line for it (docs/network.md lists them)
ERROR_KEYS = {
    "connect": "join.error_connect",
    "code": "join.error_code",
    "version": "join.error_version",
    "seat_taken": "join.error_seat_taken",
    "seat": "join.error_seat_taken",
    "character": "join.error_character",
    "timeout": "join.error_timeout",
    "token": "join.error_token",
    "guesses": "join.error_guesses",
    "closed": "join.error_closed",
    "full": "join.error_full",
    "name": "join.bad_name",
    "schema": "join.error_schema",  # the host sent what this app refuses (issue #36)
}


def table_url(typed: str) -> str | None:
    """``ws://HOST:PORT/`` for an address as a person types it: a name or an IPv4 or
    IPv6 address, with ``:port`` or without (then :data:`DEFAULT_PORT`, where a window
    hosts), or a whole ``ws://``/``wss://`` URL. None when it cannot be an address."""
    text = typed.strip()
    if text.lower().startswith(("ws://", "wss://")):
        return text if " " not in text else None
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [IPv6] or [IPv6]:port
        inside, close, rest = text[1:].partition("]")
        if not close or (rest and not rest.startswith(":")):
            return None
        host, port_text = inside, rest[1:]
        if rest:
            if not port_text.isdigit():
                return None
            port = int(port_text)
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        if not port_text.isdigit():
            return None
        port = int(port_text)
    if not 0 < port < 65536 or not host:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if not _HOST_NAME.fullmatch(host):
            return None
        return f"ws://{host}:{port}/"
    shown = f"[{address}]" if address.version == 6 else str(address)
    return f"ws://{shown}:{port}/"


# A table's join link (issue #38): what the hosting window's QR code says, so a person on
# the same network can carry the address and the code from a phone's camera to the Join
# screen (pasted into its address field, it fills both)
LINK_SCHEME = "tabletop-derby://"


def join_link(address: str, code: str) -> str:
    """The join link of the table at ``address`` (``host:port``) with ``code``."""
    return f"{LINK_SCHEME}{address}/{code}"


def read_join_link(text: str) -> tuple[str, str] | None:
    """(address, code) of a join link, or None when ``text`` is not one (a typed
    address, a link whose address or code cannot be)."""
    link = text.strip()
    if not link.lower().startswith(LINK_SCHEME) or len(link) > 300:
        return None
    address, slash, code = link[len(LINK_SCHEME) :].rstrip("/").rpartition("/")
    normal = normal_code(code)
    if not slash or table_url(address) is None or normal is None:
        return None
    return address, normal


@dataclass
class LookedTable:
    """A host's ``table`` answer, each part checked."""

    game: str
    players: int
    seats: list[dict[str, Any]]  # name, character, human, status: all checked
    characters: list[str]
    taken: list[str]
    spectators: int

    def free_characters(self, seat: int) -> list[str]:
        """The characters ``seat`` may take: the game's, but none another seat holds
        (what the host's hello accepts); the seat's own first."""
        others = {c for i, c in enumerate(self.taken) if i != seat}
        own = self.seats[seat]["character"]
        free = [c for c in self.characters if c not in others]
        return sorted(free, key=lambda c: c != own)


def read_table(message: dict[str, Any]) -> LookedTable:
    """The ``table`` message as the screen shows it; ClientError("schema"/"game") when a
    part of it is not what the protocol says."""
    game = message.get("game")
    if not isinstance(game, str) or game not in registry.GAMES or game not in rules.available():
        raise ClientError("game", f"this app cannot play {str(game)[:20]!r}")
    known = [c.key for c in registry.get(game).characters]
    seats_in, players = message.get("seats"), message.get("players")
    if not isinstance(seats_in, list) or not isinstance(players, int) or len(seats_in) != players:
        raise ClientError("schema", "the host's seats cannot be read")
    if not 1 <= players <= len(known):
        raise ClientError("schema", "the host's seats cannot be read")
    seats = []
    for seat in seats_in:
        if not isinstance(seat, dict):
            raise ClientError("schema", "the host's seats cannot be read")
        name, character, status = seat.get("name"), seat.get("character"), seat.get("status")
        if not all(isinstance(v, str) for v in (name, character, status)):
            raise ClientError("schema", "the host's seats cannot be read")
        seats.append(
            {
                "name": str(name)[:40],
                "character": character,
                "human": bool(seat.get("human")),
                "status": status,
            }
        )
    listed = message.get("characters")
    characters = [c for c in known if isinstance(listed, list) and c in listed] or known
    taken_in = message.get("taken")
    taken = [str(c) for c in taken_in] if isinstance(taken_in, list) else []
    if len(taken) != players:
        taken = [str(s["character"]) for s in seats]
    spectators = message.get("spectators")
    count = spectators if isinstance(spectators, int) and 0 <= spectators < 1000 else 0
    return LookedTable(game, players, seats, characters, taken, count)


class Looker:
    """One ``look`` at a table, on a thread of its own. :meth:`poll` returns None until
    the answer is in: ("table", LookedTable) or ("error", (code, reason))."""

    def __init__(self, url: str, code: str, timeout: float = LOOK_TIMEOUT_S):
        self.url, self.code, self.timeout = url, code, timeout
        self.answers: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="table-look", daemon=True)
        self.thread.start()

    def poll(self) -> tuple[str, Any] | None:
        try:
            return self.answers.get_nowait()
        except queue.Empty:
            return None

    def _run(self) -> None:
        try:
            answer: tuple[str, Any] = ("table", asyncio.run(self._look()))
        except ClientError as exc:
            answer = ("error", (exc.code, exc.reason))
        except InvalidURI as exc:
            answer = ("error", ("connect", str(exc)))
        except (OSError, InvalidHandshake, ConnectionClosed, asyncio.TimeoutError) as exc:
            answer = ("error", ("connect", f"cannot reach {self.url}: {exc}"[:200]))
        self.answers.put(answer)

    async def _look(self) -> LookedTable:
        client = TableClient(self.url, max_queue=4)
        await client.connect(timeout=self.timeout)  # a timeout here: nobody answers
        try:
            try:
                message = await asyncio.wait_for(client.look(self.code), self.timeout)
            except asyncio.TimeoutError:
                raise ClientError("timeout", "no answer in time") from None
            return read_table(message)
        finally:
            await client.close()


def error_key(code: str) -> str:
    return ERROR_KEYS.get(code, "join.error_other")
