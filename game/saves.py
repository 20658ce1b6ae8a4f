"""Saved games: ``(game id, options, seed, action texts, format version)`` plus the seats,
as human-readable JSON in the platform's data folder, restored by replaying every action
through the rules (so a save can never smuggle in an illegal position).

Written atomically (temporary file in the same folder, flush, fsync, ``os.replace``): a
save file is always the old one or the new one, never half of one. A killed write leaves
only its temporary file, removed at the next start (:func:`remove_stale_temp_files`).

One writer per game (issue #36): the process that plays a game holds an OS lock on
``locks/<save id>.lock`` in the data folder (:func:`claim`, through :mod:`game.storage`)
from when it opens or first saves the game until it leaves it (:func:`let_go`) or ends -- a crash
ends it too, so a crashed window's game is free again at once. A save is written only
by the lock's holder (:func:`write_save` claims it, and refuses with
:class:`~game.storage.HeldElsewhere` when another window or ``serve`` has it), so two
windows can never overwrite each other's moves; the second one may watch the game or
play a copy (:func:`copy_session`).

Read defensively: every value is checked (types, ranges, lengths) before anything shows
it, so a damaged or hostile file is listed as damaged with its reason, and left on disk.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from game import record as record_reader
from game import registry, storage
from game.frozen import FrozenValue, set_fields
from game.record import RecordProblem
from game.registry import LEVELS as BOT_LEVELS
from game.settings import SEAT_KEYS, name_problem
from game.storage import (
    FileProblem,
    HeldElsewhere,
    atomic_write_text,
    data_dir,
    describe,
    printable,
    read_json,
)

FORMAT = 1
MAX_BYTES = 8_000_000
KEEP_AUTOSAVES = 12  # finished games' autosaves kept; unfinished ones are never pruned
# A save's record is read by the one record reader (issue #37: game.record), whose limits
# these are; named here too, as the saves' documented bounds (README, Saves)
SEED_LIMIT = record_reader.SEED_LIMIT
MAX_ACTIONS = record_reader.MAX_ACTIONS
ACTION_MAX_CHARS = record_reader.ACTION_MAX_CHARS
OPTIONS_MAX_DEPTH = record_reader.OPTIONS_MAX_DEPTH
OPTIONS_MAX_ITEMS = record_reader.OPTIONS_MAX_ITEMS
# The newest time a save may carry: 3000-01-01 UTC. Every platform's localtime() reads
# times up to there (Windows stops in 3001); a later one is a damaged file.
SAVED_AT_MAX = 32_503_680_000.0
KINDS = ("auto", "manual")
_AUTO_NAME = r"auto-.+\.json"  # compiled when used (storage.compiled)
_OURS = r"(auto-.+|slot-\d+)\.json"


class SaveError(FileProblem):
    """A save that cannot be used: names the file, the place in it and the problem."""


class SavesFolderError(SaveError):
    """The saves folder itself cannot be listed (permissions, not a folder): no save can
    be shown, which is not the same as there being none."""


class SaveInfo(FrozenValue):
    """A save as the saves list shows it. Frozen, compared and hashed by its fields
    (written out rather than a dataclass: game.frozen, issue #37)."""

    __match_args__ = ("path", "game", "players", "names", "round", "saved_at", "kind", "over")
    path: Path
    game: str
    players: int
    names: tuple[str, ...]
    round: int
    saved_at: float
    kind: str  # "auto" or "manual"
    over: bool

    def __init__(
        self,
        path: Path,
        game: str,
        players: int,
        names: tuple[str, ...],
        round: int,
        saved_at: float,
        kind: str,
        over: bool,
    ) -> None:
        set_fields(
            self,
            path=path,
            game=game,
            players=players,
            names=names,
            round=round,
            saved_at=saved_at,
            kind=kind,
            over=over,
        )


def saves_dir() -> Path:
    return data_dir() / "saves"


def locks_dir() -> Path:
    """Beside the saves folder, not in it: what a person sees there stays their saves."""
    return data_dir() / "locks"


def lock_path(save_id: str) -> Path:
    """The lock file of the game ``save_id`` (the lock is on it, never on the save:
    every write replaces the save's file)."""
    return locks_dir() / f"{save_id}.lock"


def save_id_of(path: Path) -> str:
    """The id of the game a save file holds: ``auto-<id>.json`` -> ``<id>``; a manual
    slot's game is ``slot-<n>`` (what :func:`load_session` gives it)."""
    return Path(path).stem.removeprefix("auto-")


def claim(save_id: str) -> None:
    """Make this process the one writer of the game ``save_id`` (idempotent); raises
    :class:`~game.storage.HeldElsewhere` when another process writes it."""
    storage.hold_writer_lock(lock_path(save_id))


def let_go(save_id: str) -> None:
    """This process no longer writes the game ``save_id`` (its table was left)."""
    storage.drop_writer_lock(lock_path(save_id))


def open_elsewhere(save_id: str) -> bool:
    """Whether another process (a window, ``serve``) is writing the game ``save_id``."""
    return storage.writer_lock_held_elsewhere(lock_path(save_id))


def session_payload(session, kind: str) -> dict:
    record = session.record()
    return {
        "format": FORMAT,
        "app": "tabletop-derby",
        "kind": kind,
        "saved_at": time.time(),
        "round": session.state.round_number,
        "over": session.state.is_over(),
        "game": record.game,
        "players": record.players,
        "seed": record.seed,
        "options": record.options,
        "actions": [[p, a] for p, a in record.actions],
        "seats": [seat.to_dict() for seat in session.seats],
        # issue #40: the seats whose person asked the coach (the record stays honest)
        "coached": sorted(getattr(session, "coached", ())),
    }


def write_save(session, path: Path, kind: str) -> Path:
    """Write the game into ``path``; only as its one writer (the lock is claimed first:
    :class:`~game.storage.HeldElsewhere`, an OSError, when another process has it)."""
    claim(session.save_id)
    atomic_write_text(
        path, json.dumps(session_payload(session, kind), ensure_ascii=False, indent=1)
    )
    return path


def autosave_path(session) -> Path:
    return saves_dir() / f"auto-{session.save_id}.json"


def autosave(session) -> Path:
    """One autosave file per match, replaced each time. When a game ends, the oldest
    finished games' autosaves beyond :data:`KEEP_AUTOSAVES` are pruned (only then can
    their number grow)."""
    path = autosave_path(session)
    write_save(session, path, "auto")
    if session.state.is_over():
        _prune()
    return path


def prune_finished() -> list[Path]:
    """:func:`autosave`'s pruning, for a writer that writes the payload itself (a network
    table builds it on its own thread and writes it on a saver thread)."""
    return _prune()


def manual_save(session, slot: int) -> Path:
    """Save into slot ``slot``; refused (:class:`~game.storage.HeldElsewhere`) while the
    game resumed from that slot is open in another window, whose game it would replace."""
    path = saves_dir() / f"slot-{slot}.json"
    if open_elsewhere(save_id_of(path)):
        raise HeldElsewhere(path)
    return write_save(session, path, "manual")


def _prune() -> list[Path]:
    """Delete the autosaves of finished games of this format beyond the newest
    :data:`KEEP_AUTOSAVES`. Never an unfinished game, a manual save, a save from a newer
    version, or a file that cannot be read: those are a person's to keep or delete."""
    try:
        names = [entry.name for entry in os.scandir(saves_dir())]
    except OSError:
        return []
    finished: list[tuple[float, str]] = []
    for name in names:
        if not storage.compiled(_AUTO_NAME).fullmatch(name):
            continue
        try:
            data = read_payload(saves_dir() / name)
        except SaveError:
            continue
        if data["format"] == FORMAT and data.get("kind") == "auto" and data.get("over"):
            finished.append((float(data.get("saved_at", 0)), name))
    finished.sort(reverse=True)
    removed = []
    for _, name in finished[KEEP_AUTOSAVES:]:
        save_id = save_id_of(Path(name))
        try:
            fresh = storage.hold_writer_lock(lock_path(save_id))
        except OSError:
            continue  # still another window's (its end screen is open there): kept
        try:
            (saves_dir() / name).unlink()
            removed.append(saves_dir() / name)
        except OSError:
            pass
        if fresh:  # its lock file goes with it (taken here: nobody else holds it)
            storage.drop_writer_lock(lock_path(save_id), remove=True)
    return removed


def remove_stale_temp_files(now: float | None = None) -> list[Path]:
    """At start-up: the temporary files of save writes a kill interrupted (see
    :func:`game.settings.remove_stale_temp_files` for why only old ones go)."""
    return storage.remove_stale_temp_files(
        saves_dir(), lambda t: bool(storage.compiled(_OURS).fullmatch(t)), now
    )


# -- reading ---------------------------------------------------------------------------------
def _require(data: dict, key: str, kind, path, place: str | None = None) -> Any:
    try:
        return record_reader.require(data, key, kind, place or key)
    except RecordProblem as exc:
        raise SaveError(path, exc.place, exc.problem) from None


def _require_int(data: dict, key: str, low: int, high: int, path, place: str | None = None) -> int:
    try:
        return record_reader.require_int(data, key, low, high, place or key)
    except RecordProblem as exc:
        raise SaveError(path, exc.place, exc.problem) from None


def _check_name(name: str, path, place: str) -> None:
    problem = name_problem(name)
    if problem is not None:
        raise SaveError(path, place, problem)


def read_payload(path: Path) -> dict:
    """The checked contents of a save file (every value; the rules check the actions
    when the game is replayed). Raises :class:`SaveError` naming the first problem."""
    path = Path(path)
    try:
        data = read_json(path, MAX_BYTES)
    except FileProblem as exc:
        raise SaveError(path, exc.place, exc.problem) from exc
    if not isinstance(data, dict):
        raise SaveError(path, "top level", "must be an object")
    version = _require(data, "format", int, path)
    if version > FORMAT:
        raise SaveError(
            path,
            "format",
            f"version {describe(version)} is from a newer "
            f"Tabletop Derby (this one reads up to {FORMAT})",
        )
    if version < 1:
        raise SaveError(path, "format", f"unknown version {describe(version)}")
    known = {
        "format",
        "app",
        "kind",
        "saved_at",
        "round",
        "over",
        "game",
        "players",
        "seed",
        "options",
        "actions",
        "seats",
        "coached",
    }
    unknown = sorted(set(data) - known)
    if unknown:
        raise SaveError(path, printable(unknown[0], 40), "unknown key")
    if "app" in data and data["app"] != "tabletop-derby":
        raise SaveError(path, "app", f"{describe(data['app'])} is not Tabletop Derby")

    try:  # the game, its players, seed, options and actions: the one record reader's
        record_reader.check(data)
    except RecordProblem as exc:
        raise SaveError(path, exc.place, exc.problem) from None
    game, players = data["game"], data["players"]
    info = registry.GAMES[game]
    seats = _require(data, "seats", list, path)
    if len(seats) != players:
        raise SaveError(path, "seats", f"{len(seats)} seats for {players} players")
    characters = {c.key for c in info.characters}
    for i, seat in enumerate(seats):
        place = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise SaveError(path, place, "must be an object")
        extra = sorted(set(seat) - set(SEAT_KEYS))
        if extra:
            raise SaveError(path, f"{place}.{printable(extra[0], 40)}", "unknown key")
        _check_name(_require(seat, "name", str, path, f"{place}.name"), path, f"{place}.name")
        character = _require(seat, "character", str, path, f"{place}.character")
        if characters and character not in characters:
            raise SaveError(
                path,
                f"{place}.character",
                f"{describe(character)} is not one of {game}'s characters",
            )
        _require(seat, "human", bool, path, f"{place}.human")
        level = seat.get("level", "normal")
        if level not in BOT_LEVELS:
            raise SaveError(path, f"{place}.level", f"unknown level {describe(level)}")
    if "coached" in data:  # issue #40; saves made before it have none
        coached = _require(data, "coached", list, path)
        if len(coached) > players or not all(
            type(seat) is int and 0 <= seat < players for seat in coached
        ):
            raise SaveError(path, "coached", f"{describe(coached)} is not a list of seats")
    if "round" in data:
        _require_int(data, "round", 1, MAX_ACTIONS + 1, path)
    if "saved_at" in data:
        saved_at = _require(data, "saved_at", (int, float), path)
        if not 0 <= saved_at <= SAVED_AT_MAX:  # NaN fails this too
            raise SaveError(
                path, "saved_at", f"{describe(saved_at)} is not a time between 1970 and 3000"
            )
    if "over" in data:
        _require(data, "over", bool, path)
    if "kind" in data and data["kind"] not in KINDS:
        raise SaveError(path, "kind", f"{describe(data['kind'])} is not one of {list(KINDS)}")
    return data


def load_session(path: Path, bot_budget_ms: int = 50):
    """Rebuild the match by replaying its actions through the rules."""
    # start-up: the menu lists saves; the rules load only when one is opened
    from game.rules.protocol import (
        IllegalAction,
        NotationError,
        RulesDataError,
    )  # start-up: as the line above
    from game.session import Seat, Session  # start-up: as the line above

    data = read_payload(path)
    record = record_reader.from_dict(data)
    seats = [Seat.from_dict(s) for s in data["seats"]]
    try:
        session = Session.from_record(record, seats, bot_budget_ms=bot_budget_ms)
    except (IllegalAction, NotationError) as exc:
        raise SaveError(path, "actions", printable(str(exc))) from exc
    except (
        RulesDataError,
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        IndexError,
        OverflowError,
        RecursionError,
    ) as exc:
        # options carry game data (a board, score tables) that the rules could not use
        raise SaveError(path, "options", f"{type(exc).__name__}: {printable(str(exc))}") from exc
    session.save_id = Path(path).stem.removeprefix("auto-")
    session.coached = set(data.get("coached", []))
    return session


def open_for_writing(path: Path, bot_budget_ms: int = 50):
    """:func:`load_session` for a window or command that will play the game on: its
    lock is claimed first (:class:`~game.storage.HeldElsewhere` when another process
    writes it), and let go again when the save does not load."""
    save_id = save_id_of(path)
    fresh = storage.hold_writer_lock(lock_path(save_id))
    try:
        return load_session(path, bot_budget_ms)
    except BaseException:
        if fresh:
            let_go(save_id)
        raise


def copy_session(session):
    """The same game under a new save id (issue #36: "open a copy"), for a window whose
    game another window is writing: it plays on from the same position, saved to a file
    of its own; the other window's file is never touched."""
    from game.session import new_save_id  # start-up: as in load_session

    session.save_id = new_save_id(session.game_id)
    return session


def _info(path: Path, data: dict) -> SaveInfo:
    return SaveInfo(
        path,
        data["game"],
        data["players"],
        tuple(s["name"] for s in data["seats"]),
        data.get("round", 1),
        float(data.get("saved_at", 0)),
        data.get("kind", "auto"),
        data.get("over", False),
    )


def list_saves() -> list[SaveInfo | SaveError]:
    """Every save, newest first; a damaged one is listed as its SaveError (and left on
    disk). A saves folder that cannot be listed is one :class:`SavesFolderError`; a
    missing folder is no saves."""
    folder = saves_dir()
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except FileNotFoundError:
        return []
    except OSError as exc:
        return [
            SavesFolderError(folder, "", f"the saves folder cannot be read ({exc.strerror or exc})")
        ]
    found: list[tuple[float, SaveInfo | SaveError]] = []
    for name in names:
        if name.startswith(".") or not name.endswith(".json"):
            continue  # temporary files, a person's own notes
        path = folder / name
        try:
            info = _info(path, read_payload(path))
            found.append((info.saved_at, info))
        except SaveError as exc:
            try:
                mtime = path.lstat().st_mtime
            except OSError:
                mtime = 0.0
            found.append((mtime, exc))
    found.sort(key=lambda item: -item[0])
    return [item for _, item in found]
