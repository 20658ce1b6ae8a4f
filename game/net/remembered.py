"""The seats this computer holds at network tables (issue #18), so a person can rejoin
after a crash or a closed window: ``remembered-seats.json`` in the data folder.

Each entry: ``address`` (as typed: ``host`` or ``host:port`` or a ``ws://`` URL),
``code``, ``seat``, ``game``, ``name``, ``token`` and ``when`` (seconds since the epoch).
The token is the seat's password (docs/network.md): the file is written like a save
(atomically, through a temporary file that mkstemp makes readable by its owner only).
The newest :data:`MAX_ENTRIES` are kept. A damaged file never stops the app: it reads as
no seats with one line saying why, and the next write replaces it. A seat whose rejoin
the host answers with ``token``, ``code`` or ``closed`` is forgotten (the table is gone,
finished, or no longer knows the seat).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.net.protocol import NAME_MAX, TOKEN_MAX_CHARS, normal_code
from game.storage import FileProblem, atomic_write_text, data_dir, printable, read_json

FILE_NAME = "remembered-seats.json"
FORMAT = 1
MAX_ENTRIES = 20
MAX_BYTES = 64_000  # 20 entries are ~5 KB
ADDRESS_MAX = 200
# Answers to a rejoin after which the seat is gone for good.
GONE_CODES = frozenset({"token", "code", "closed"})


@dataclass(frozen=True)
class RememberedSeat:
    address: str
    code: str
    seat: int
    game: str
    name: str
    token: str
    when: float


def path() -> Path:
    return data_dir() / FILE_NAME


def _entry(data: Any) -> RememberedSeat | None:
    """One entry as read, or None when it is not one (skipped, not fatal)."""
    if not isinstance(data, dict):
        return None
    texts = {
        "address": ADDRESS_MAX,
        "code": 40,
        "game": 20,
        "name": NAME_MAX,
        "token": TOKEN_MAX_CHARS,
    }
    for key, limit in texts.items():
        value = data.get(key)
        if not isinstance(value, str) or not 0 < len(value) <= limit or not value.isprintable():
            return None
    seat, when = data.get("seat"), data.get("when")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 8:
        return None
    if not isinstance(when, (int, float)) or isinstance(when, bool):
        return None
    code = normal_code(data["code"])
    if code is None:
        return None
    return RememberedSeat(
        data["address"], code, seat, data["game"], data["name"], data["token"], float(when)
    )


def load(where: Path | None = None) -> tuple[list[RememberedSeat], str | None]:
    """The remembered seats, newest first, and one line about a file that could not be
    used (then no seats: the next :func:`save` replaces it). A missing file is no seats
    and no line."""
    where = where or path()
    if not where.exists() and not where.is_symlink():
        return [], None
    try:
        data = read_json(where, MAX_BYTES)
    except FileProblem as exc:
        return [], str(exc)
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        return [], f"{printable(str(where))}: not a list of remembered seats"
    seats = [e for e in map(_entry, data["seats"]) if e is not None]
    skipped = len(data["seats"]) - len(seats)
    seats.sort(key=lambda e: e.when, reverse=True)
    note = None
    if skipped:
        note = f"{printable(str(where))}: {skipped} entries could not be read and were left out"
    return seats[:MAX_ENTRIES], note


def save(seats: list[RememberedSeat], where: Path | None = None) -> None:
    """Write ``seats`` (the newest MAX_ENTRIES) atomically, replacing whatever was there."""
    where = where or path()
    kept = sorted(seats, key=lambda e: e.when, reverse=True)[:MAX_ENTRIES]
    text = json.dumps({"format": FORMAT, "seats": [asdict(e) for e in kept]}, ensure_ascii=False)
    atomic_write_text(where, text)


def remember(
    address: str, code: str, seat: int, game: str, name: str, token: str, where: Path | None = None
) -> RememberedSeat:
    """Keep a seat just taken (or rejoined): it replaces an older entry of the same table
    and seat. Raises OSError when the data folder cannot be written."""
    entry = RememberedSeat(address, normal_code(code) or code, seat, game, name, token, time.time())
    seats, _ = load(where)
    others = [e for e in seats if (e.code, e.seat) != (entry.code, entry.seat)]
    save([entry, *others], where)
    return entry


def forget(token: str, where: Path | None = None) -> None:
    """Drop the seat with ``token`` (its table is gone or no longer knows it)."""
    seats, note = load(where)
    kept = [e for e in seats if e.token != token]
    if len(kept) != len(seats) or note is not None:
        save(kept, where)


def answered(entry: RememberedSeat, code: str, where: Path | None = None) -> bool:
    """A rejoin with ``entry``'s token was answered with the error ``code``: forget the
    seat when that means it is gone for good. Whether it was forgotten."""
    if code not in GONE_CODES:
        return False
    forget(entry.token, where)
    return True


def for_code(code: str, where: Path | None = None) -> RememberedSeat | None:
    """The newest remembered seat at the table with ``code`` (as typed), if any."""
    wanted = normal_code(code)
    if wanted is None:
        return None
    seats, _ = load(where)
    return next((e for e in seats if e.code == wanted), None)
