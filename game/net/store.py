"""Keeping tables across a host's restart (issue #18).

A table's game is an ordinary autosave (``saves/auto-<save_id>.json``, replayed through
the rules when loaded). Beside it, ``tables/<save_id>.json`` in the data folder keeps
what the network needs to open the table again: its join code, the SHA-256 digests of
the seat tokens and of the owner's token (never the tokens themselves), the seats' last
message ids and which seats are at the host's screen. Both are written off the table's
thread by one :class:`Saver` thread (atomic writes with fsync, so a slow disk never
holds up the game), the latest text of each file replacing one not yet written.

A table's game has one writer (issue #36): the host holds its lock (``saves.claim``)
from when the table is opened or made until it is forgotten, and lets it go only once
its last text is on disk (:meth:`Saver.let_go_after`). A table whose game another window
or ``serve`` holds is not opened again here (one line, the file left as it is).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import saves, storage
from game.net.protocol import normal_code
from game.net.table import LOG_EVENTS, META_FORMAT, Table, event_text, opening_events
from game.storage import (
    FileProblem,
    HeldElsewhere,
    atomic_write_text,
    data_dir,
    keep_damaged_copy,
    read_json,
)

log = logging.getLogger(__name__)

META_MAX_BYTES = 64_000
_SAVE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def tables_dir() -> Path:
    return data_dir() / "tables"


def meta_path(save_id: str) -> Path:
    return tables_dir() / f"{save_id}.json"


def table_files(table: Table, host: str) -> list[tuple[Path, str | None]]:
    """The texts to write for ``table`` now (built on the table's thread): its autosave
    and its table file; a finished game's table file is removed (None) instead."""
    session = table.session
    # one line, not indented like a window's saves: json's C encoder, ~20 times quicker
    # than the indenting one, on a host writing hundreds of tables (the same format).
    # The options (a board, a deck: most of a young game's save) never change: their
    # text is made once a table and set into each save's text.
    payload = saves.session_payload(session, "auto")
    options = table.options_json
    if options is None:
        options = table.options_json = json.dumps(payload["options"], ensure_ascii=False)
    payload["options"] = None
    # "options" comes before the seats and actions (session_payload's order), so its
    # key is the first '"options": null' in the text: no name or action text precedes it
    head = json.dumps(payload, ensure_ascii=False)
    save = head.replace('"options": null', f'"options": {options}', 1)
    over = session.state.is_over()
    meta = None
    if not over:
        fields = table.meta(host)
        if table.port is not None:
            fields["port"] = table.port
        if table.deal_digest is None:
            table.deal_digest = deal_digest(session.game_id, session.players, session.seed, options)
        fields["digest"] = table.deal_digest
        fields["actions"] = [len(session.actions), actions_digest(session.actions)]
        meta = json.dumps(fields)
    return [(saves.autosave_path(session), save), (meta_path(session.save_id), meta)]


def deal_digest(game: str, players: int, seed: int, options_json: str) -> str:
    """SHA-256 of what decides the deal (issue #36): the game, the seat count, the seed
    and the options (their JSON text, read back and written again with sorted keys, so
    the text of an autosave and of the session loaded from it give the same digest)."""
    options = json.loads(options_json)
    text = json.dumps(
        [game, players, str(seed), options], sort_keys=True, ensure_ascii=False, allow_nan=False
    )
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def actions_digest(actions: list[tuple[int, str]]) -> str:
    """SHA-256 of the actions played (issue #36), as [[seat, text], ...]."""
    text = json.dumps([[int(p), a] for p, a in actions], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def check_digests(meta: dict[str, Any], session: Any) -> None:
    """The table file's digests against the autosave's game (issue #36): a seed, an
    option, a seat count or an action changed in either file is a ValueError (the file
    is then kept aside and not opened: it would have opened silently with another deal
    whenever the recorded actions stayed legal). An autosave with fewer actions than the
    table file recorded (a crash between the two writes) is checked on its deal only."""
    options_json = json.dumps(saves.session_payload(session, "auto")["options"], ensure_ascii=False)
    digest = meta.get("digest")
    if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
        raise ValueError("digest: the table file has no digest of its game")
    if deal_digest(session.game_id, session.players, session.seed, options_json) != digest:
        raise ValueError(
            "digest: the autosave's game, seed or options are not those the table was "
            "played with (an edited file)"
        )
    played = meta.get("actions")
    if (
        not isinstance(played, list)
        or len(played) != 2
        or type(played[0]) is not int
        or not 0 <= played[0] < 2**31
        or not isinstance(played[1], str)
        or not _DIGEST.fullmatch(played[1])
    ):
        raise ValueError("actions: not a count and a digest of the actions")
    n, digest = played
    if len(session.actions) >= n and actions_digest(list(session.actions[:n])) != digest:
        raise ValueError("actions: the autosave's actions are not those the table played")


RETRY_FIRST_S = 0.1  # a failed write is tried again after this, doubling ...
RETRY_MAX_S = 2.0  # ... up to this (the disk may have room again any moment)
# Pruning reads every autosave in the folder (~65 ms for 200 tables' saves, all of it
# holding the interpreter lock against the network loop): at most this often, however
# many games end meanwhile (a busy host ends ten a second).
PRUNE_EVERY_S = 30.0


class Saver:
    """One thread writing files in the background: :meth:`submit` never waits for the
    disk; the newest text of a path replaces an older one still waiting. A write that
    fails (a full disk, a folder gone) stays pending and is tried again, waiting longer
    each time (RETRY_FIRST_S doubling up to RETRY_MAX_S), until it is written or a newer
    text replaces it: nothing a player was told is dropped while the disk is full."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._pending: dict[Path, str | None] = {}
        self._release: set[str] = set()  # save ids whose lock goes once nothing is pending
        self._prune = False
        self._lock = threading.Condition()
        self._busy = False
        self._stop = False
        self._clock = clock
        self._retry_at = 0.0  # no write before this (backing off after a failure)
        self._prune_at = 0.0  # no pruning before this (PRUNE_EVERY_S after the last)
        self._backoff = 0.0
        self.failures = 0
        self._thread = threading.Thread(target=self._run, name="table-saver", daemon=True)
        self._thread.start()

    def submit(self, files: list[tuple[Path, str | None]], *, prune: bool = False) -> None:
        """Write these files soon; ``prune``: a game ended, so the finished games'
        autosaves beyond the newest few go (saves.autosave) once nothing waits to be
        written, at most every PRUNE_EVERY_S."""
        with self._lock:
            for path, text in files:
                self._pending[path] = text
            self._prune = self._prune or prune
            self._lock.notify_all()

    def let_go_after(self, save_id: str) -> None:
        """The game ``save_id`` is no longer this host's (a table forgotten): its lock is
        let go once everything submitted so far is written, never before its last save."""
        with self._lock:
            self._release.add(save_id)
            self._lock.notify_all()
        self._let_go_if_idle()

    def _let_go_if_idle(self) -> None:
        with self._lock:
            if self._pending or self._busy or not self._release:
                return
            ids, self._release = self._release, set()
        for save_id in ids:
            saves.let_go(save_id)

    def pending(self) -> int:
        """Files waiting to be written (or removed), those that failed included."""
        with self._lock:
            return len(self._pending) + self._busy

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted so far is on disk (True) or ``timeout``; a
        write that fails meanwhile is tried again (the disk may get room) until then."""
        with self._lock:
            self._retry_at = 0.0  # somebody waits: try at once
            self._lock.notify_all()
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float = 10.0) -> bool:
        """Write what is pending (trying failed writes again until ``timeout``), then stop
        the thread. False: something could not be written (it has been logged)."""
        written = self.flush(timeout)
        with self._lock:
            self._stop = True
            self._lock.notify_all()
        self._thread.join(timeout)
        if written:
            self._let_go_if_idle()
        if not written:
            log.error("%d files could not be written before stopping", len(self._pending))
        return written

    def _next(self) -> tuple[Path | None, str | None, bool] | None:
        """The next write (under the lock), waiting out a backoff; or a prune (no path)
        once nothing waits to be written and PRUNE_EVERY_S has passed since the last;
        None: stop."""
        while True:
            now = self._clock()
            if self._stop and (not self._pending or self._retry_at > now):
                return None
            if not self._pending:
                if self._prune and now >= self._prune_at:
                    self._prune = False
                    self._prune_at = now + PRUNE_EVERY_S
                    self._busy = True
                    return None, None, True
                self._lock.wait(self._prune_at - now if self._prune else None)
                continue
            wait = self._retry_at - now
            if wait > 0:
                self._lock.wait(wait)
                continue
            path, text = next(iter(self._pending.items()))
            del self._pending[path]
            self._busy = True
            return path, text, False

    def _run(self) -> None:
        while True:
            with self._lock:
                found = self._next()
                if found is None:
                    return
            path, text, prune = found
            failed = False
            try:
                if prune:
                    saves.prune_finished()
                elif path is None:
                    pass
                elif text is None:
                    path.unlink(missing_ok=True)
                else:
                    atomic_write_text(path, text)
            except OSError as exc:
                failed = True
                self.failures += 1
                if self._backoff == 0.0:  # one line when a streak of failures begins
                    log.warning("could not write %s (trying again): %s", path, exc)
            finally:
                with self._lock:
                    self._busy = False
                    if failed and path is not None:
                        self._pending.setdefault(path, text)  # unless a newer text came
                        self._backoff = min(RETRY_MAX_S, self._backoff * 2 or RETRY_FIRST_S)
                        self._retry_at = self._clock() + self._backoff
                    elif self._backoff:
                        log.warning("writing again after %d failures", self.failures)
                        self._backoff = 0.0
                    self._lock.notify_all()
            self._let_go_if_idle()


# -- opening tables again ---------------------------------------------------------------------
def _check_meta(data: Any) -> dict[str, Any]:
    """The table file's values, each checked (it is read back from disk)."""
    if not isinstance(data, dict) or data.get("format") != META_FORMAT:
        raise ValueError(f"not a table file of format {META_FORMAT}")
    code = data.get("code")
    if not isinstance(code, str) or normal_code(code) != code:
        raise ValueError("code: not a join code")
    save_id = data.get("save_id")
    if not isinstance(save_id, str) or not _SAVE_ID.fullmatch(save_id):
        raise ValueError("save_id: not a save's id")
    owner = data.get("owner")
    if owner is not None and (not isinstance(owner, str) or not _DIGEST.fullmatch(owner)):
        raise ValueError("owner: not a token digest")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(
        d is None or (isinstance(d, str) and _DIGEST.fullmatch(d)) for d in seats
    ):
        raise ValueError("seats: not a list of token digests")
    for key in ("last_ids", "local"):
        values = data.get(key)
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63 for v in values
        ):
            raise ValueError(f"{key}: not a list of whole numbers")
    phones = data.get("phones", [])  # issue #29 (a table file before it has none)
    if not isinstance(phones, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 8 for v in phones
    ):
        raise ValueError("phones: not a list of seats")
    port = data.get("port")
    if port is not None and (
        not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536
    ):
        raise ValueError("port: not a port number")
    if data.get("host") not in ("serve", "app"):
        raise ValueError("host: neither serve nor app")
    # the fields of issue #25 (a table file written before them has none: defaults)
    creator = data.get("creator")
    if creator is not None and (not isinstance(creator, str) or not 0 < len(creator) <= 64):
        raise ValueError("creator: not an address")
    for key in ("created", "active"):
        when = data.get(key, 0.0)
        if isinstance(when, bool) or not isinstance(when, (int, float)) or not 0 <= when < 1e11:
            raise ValueError(f"{key}: not a time")
    if not isinstance(data.get("joined", True), bool):
        raise ValueError("joined: not true or false")  # noqa: TRY004 - read as a bad file
    return data


def restore_tables(host: str) -> tuple[list[Table], list[str]]:
    """The unfinished tables a host of kind ``host`` ("serve", "app") left, opened again
    from their autosaves with the same code and seat tokens; and one line per table file
    that could not be used (it is left on disk)."""
    tables: list[Table] = []
    problems: list[str] = []
    try:
        paths = sorted(tables_dir().glob("*.json"))
    except OSError as exc:
        return [], [f"{tables_dir()}: {exc}"]
    for path in paths:
        try:
            meta = _check_meta(read_json(path, META_MAX_BYTES))
            if meta["host"] != host:
                continue
            table = open_table(meta)
        except DigestMismatch as exc:  # kept aside: never opened again by mistake
            problems.append(f"{path}: {exc}; {_keep_aside(path)}")
            continue
        except HeldElsewhere:
            problems.append(f"{path}: its game is open in another window or program")
            continue
        except (FileProblem, ValueError, KeyError, OSError) as exc:
            problems.append(f"{path}: {exc}")
            continue
        if table is not None:
            tables.append(table)
    return tables, problems


def reopen(save_id: str) -> Table | None:
    """The table of one save, when the window that hosted it resumes it (None: that game
    was never a network table, or is over). Raises ValueError for a damaged table file."""
    path = meta_path(save_id)
    if not _SAVE_ID.fullmatch(save_id) or not path.exists():
        return None
    try:
        return open_table(_check_meta(read_json(path, META_MAX_BYTES)))
    except FileProblem as exc:
        raise ValueError(str(exc)) from exc
    except DigestMismatch as exc:
        raise DigestMismatch(f"{exc}; {_keep_aside(path)}") from exc


class DigestMismatch(ValueError):
    """A table file whose digests do not match its autosave's game (issue #36)."""


def _keep_aside(path: Path) -> str:
    """The table file kept as ``<name>.damaged-<time>`` (never read as a table file
    again, nothing deleted); what became of it, for the problem's line."""
    try:
        kept = keep_damaged_copy(path)
        path.unlink(missing_ok=True)
    except OSError as exc:
        return f"it could not be kept aside ({exc})"
    return f"kept as {kept.name}"


def open_table(meta: dict[str, Any]) -> Table | None:
    """The table of a checked table file, or None when its game is over. Opened as the
    game's one writer: :class:`~game.storage.HeldElsewhere` when another process plays
    it (the lock is kept for the table; one taken here is let go again when no table
    opens, one the caller held -- a window's Resume -- stays with the caller's game)."""
    save_id = meta["save_id"]
    held = storage.holds_writer_lock(saves.lock_path(save_id))
    session = saves.open_for_writing(saves.saves_dir() / f"auto-{save_id}.json")
    try:
        table = _table_of(meta, session)
    except BaseException:
        if not held:
            saves.let_go(save_id)
        raise
    if table is None and not held:
        saves.let_go(save_id)
    return table


def _table_of(meta: dict[str, Any], session: Any) -> Table | None:
    if session.state.is_over():
        return None
    try:
        check_digests(meta, session)
    except ValueError as exc:
        raise DigestMismatch(str(exc)) from None
    players = session.players
    if len(meta["seats"]) != players or len(meta["last_ids"]) != players:
        raise ValueError(f"seats: {len(meta['seats'])} for a game of {players}")
    # the events of the game so far, each read as it happened (as a live table keeps
    # them), from what the game began with (the start player, a deal): a seat rejoining
    # after a restart is sent the same log as before it
    state = session.module.new_game(players, session.seed, session.options)
    events = [event_text(e) for e in opening_events(state)]
    for player, text in session.actions:
        happened = state.apply(player, session.module.parse_action(text))
        events.extend(event_text(e) for e in happened)
        del events[:-LOG_EVENTS]
    table = Table(
        session,
        code=meta["code"],
        owner_digest=meta["owner"],
        seat_digests=meta["seats"],
        last_ids=meta["last_ids"],
        local_seats=[s for s in meta["local"] if s < players],
        events=events[-LOG_EVENTS:],
        created=float(meta.get("created", 0.0)) or None,
        joined=meta.get("joined", True),
        active=float(meta.get("active", 0.0)) or None,
    )
    table.port = meta.get("port")
    table.creator = meta.get("creator")
    # the seats whose hands were on phones (issue #29): the host that opens the table
    # again gives them new keys (a key itself is never kept, only its digest)
    table.phones_before = tuple(
        s for s in sorted(set(meta.get("phones", []))) if s in table.local_seats and s < players
    )
    return table
