"""Saved games: ``(game id, options, seed, action texts, format version)`` plus the seats,
as human-readable JSON in the platform's data folder, restored by replaying every action
through the rules (so a save can never smuggle in an illegal position).

Written atomically (temporary file in the same folder, flush, fsync, ``os.replace``): a
save file is always the old one or the new one, never half of one.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.protocol import IllegalAction, NotationError, Record, RulesDataError
from game.settings import atomic_write_text, data_dir

FORMAT = 1
MAX_BYTES = 8_000_000
KEEP_AUTOSAVES = 12


class SaveError(ValueError):
    """A save that cannot be used: names the file, the place in it and the problem."""

    def __init__(self, path, place: str, problem: str):
        self.path, self.place, self.problem = str(path), place, problem
        super().__init__(f"{path}: {place}: {problem}" if place else f"{path}: {problem}")


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    game: str
    players: int
    names: tuple[str, ...]
    round: int
    saved_at: float
    kind: str            # "auto" or "manual"
    over: bool


def saves_dir() -> Path:
    return data_dir() / "saves"


def session_payload(session, kind: str) -> dict:
    record = session.record()
    return {
        "format": FORMAT, "app": "tabletop-derby", "kind": kind,
        "saved_at": time.time(), "round": session.state.round_number,
        "over": session.state.is_over(),
        "game": record.game, "players": record.players, "seed": record.seed,
        "options": record.options, "actions": [[p, a] for p, a in record.actions],
        "seats": [seat.to_dict() for seat in session.seats],
    }


def write_save(session, path: Path, kind: str) -> Path:
    atomic_write_text(path, json.dumps(session_payload(session, kind), ensure_ascii=False,
                                       indent=1))
    return path


def autosave(session) -> Path:
    """One autosave file per match, replaced each time; old ones are pruned."""
    path = saves_dir() / f"auto-{session.save_id}.json"
    write_save(session, path, "auto")
    _prune()
    return path


def manual_save(session, slot: int) -> Path:
    return write_save(session, saves_dir() / f"slot-{slot}.json", "manual")


def _prune() -> None:
    autos = sorted(saves_dir().glob("auto-*.json"), key=lambda p: p.stat().st_mtime)
    for old in autos[:-KEEP_AUTOSAVES]:
        try:
            old.unlink()
        except OSError:
            pass


# -- reading ---------------------------------------------------------------------------------
def _require(data: dict, key: str, kind, path, place: str | None = None):
    if key not in data:
        raise SaveError(path, place or key, "missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise SaveError(path, place or key, f"must be {name}, not {type(value).__name__}")
    return value


def read_payload(path: Path) -> dict:
    """The checked contents of a save file (structure only; the rules check the actions)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(path, "", f"{size} bytes is larger than any save could be")
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(path, "", exc.strerror or str(exc)) from exc
    if not raw.strip():
        raise SaveError(path, "", "the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"byte {exc.start}", "not UTF-8 text (binary file?)") from exc
    except json.JSONDecodeError as exc:
        raise SaveError(path, f"line {exc.lineno} column {exc.colno}", exc.msg) from exc
    except RecursionError as exc:
        raise SaveError(path, "", "nested too deeply") from exc
    if not isinstance(data, dict):
        raise SaveError(path, "top level", "must be an object")
    version = _require(data, "format", int, path)
    if version > FORMAT:
        raise SaveError(path, "format", f"version {version} is from a newer Tabletop Derby "
                                        f"(this one reads up to {FORMAT})")
    if version < 1:
        raise SaveError(path, "format", f"unknown version {version}")
    known = {"format", "app", "kind", "saved_at", "round", "over", "game", "players", "seed",
             "options", "actions", "seats"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise SaveError(path, unknown[0], "unknown key")
    from game import registry
    game = _require(data, "game", str, path)
    if game not in registry.GAMES:
        raise SaveError(path, "game", f"unknown game {game!r}")
    info = registry.GAMES[game]
    players = _require(data, "players", int, path)
    if not info.min_players <= players <= info.max_players:
        raise SaveError(path, "players", f"{players} is outside {info.min_players}–"
                                         f"{info.max_players}")
    _require(data, "seed", int, path)
    _require(data, "options", dict, path)
    actions = _require(data, "actions", list, path)
    for i, item in enumerate(actions):
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                or isinstance(item[0], bool) or not isinstance(item[1], str)
                or not 0 <= item[0] < players):
            raise SaveError(path, f"actions[{i}]", "must be [player, action text]")
    seats = _require(data, "seats", list, path)
    if len(seats) != players:
        raise SaveError(path, "seats", f"{len(seats)} seats for {players} players")
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SaveError(path, f"seats[{i}]", "must be an object")
        _require(seat, "name", str, path, f"seats[{i}].name")
        _require(seat, "character", str, path, f"seats[{i}].character")
        _require(seat, "human", bool, path, f"seats[{i}].human")
        level = seat.get("level", "normal")
        if level not in ("easy", "normal", "hard", "random"):
            raise SaveError(path, f"seats[{i}].level", f"unknown level {level!r}")
    for key, kind in (("round", int), ("saved_at", (int, float)), ("over", bool),
                      ("kind", str)):
        if key in data:
            _require(data, key, kind, path)
    return data


def load_session(path: Path, bot_budget_ms: int = 50):
    """Rebuild the match by replaying its actions through the rules."""
    from game.session import Seat, Session
    data = read_payload(path)
    record = Record(data["game"], data["players"], data["seed"], data["options"],
                    tuple((p, a) for p, a in data["actions"]))
    seats = [Seat.from_dict(s) for s in data["seats"]]
    try:
        session = Session.from_record(record, seats, bot_budget_ms=bot_budget_ms)
    except (IllegalAction, NotationError) as exc:
        raise SaveError(path, "actions", str(exc)) from exc
    except (RulesDataError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # options carry game data (a board, score tables) that the rules could not use
        raise SaveError(path, "options", f"{type(exc).__name__}: {exc}") from exc
    session.save_id = Path(path).stem.removeprefix("auto-")
    return session


def list_saves() -> list[SaveInfo | SaveError]:
    """Every save, newest first; a damaged one is listed as its SaveError."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found: list[tuple[float, Any]] = []
    for path in folder.glob("*.json"):
        try:
            data = read_payload(path)
            found.append((float(data.get("saved_at", 0)), SaveInfo(
                path, data["game"], data["players"],
                tuple(s["name"] for s in data["seats"]), int(data.get("round", 1)),
                float(data.get("saved_at", 0)), str(data.get("kind", "auto")),
                bool(data.get("over", False)))))
        except SaveError as exc:
            try:
                mtime = path.stat().st_mtime
            except OSError:
                mtime = 0.0
            found.append((mtime, exc))
    found.sort(key=lambda item: -item[0])
    return [item for _, item in found]
