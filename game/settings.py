"""Player settings (language, window, volume, animation speed, bot time), kept as JSON in
the platform's config folder (platformdirs). A damaged file never stops the app, and
never loses what a person set: every valid value is kept, each bad or unknown one falls
back to its default with a note, and before the app writes the file again the damaged
original is kept beside it as ``settings.json.damaged-<time>``.

This module also holds what the saves share with the settings: the folders, the atomic
writer (and the clean-up of its temporary files after a kill), and :func:`read_json`, the
one reader of JSON files a person may have damaged.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from game.registry import CAST_BY_KEY
from game.storage import PARSE_ERRORS, clip, read_bounded

APP_NAME = "tabletop-derby"
LANGUAGES = ("en", "ja")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_BUDGETS_MS = (50, 150, 400, 1000)
SETTINGS_MAX_BYTES = 64_000
# No number in a settings or save file needs more digits (seeds are below 2**128, 39
# digits); longer ones are refused before int() is asked (it raises past 4,300 digits).
MAX_DIGITS = 40
# A temporary file of an atomic write older than this was left by a killed run: a live
# write (even a crash test's slowed-down one) lasts milliseconds, so a second instance of
# the app starting meanwhile never removes a write still in flight.
STALE_TEMP_AGE_S = 60.0


def config_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# Crash tests set this to make every write linger between fsync and rename, so that a
# kill -9 lands mid-save often; players never set it.
_SLOW_WRITE = float(os.environ.get("TABLETOP_DERBY_SLOW_WRITE", "0") or 0)


def cache_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "cache"
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


class SettingsError(ValueError):
    pass


# -- reading JSON a person may have damaged ---------------------------------------------------
def printable(text: str, limit: int = 200) -> str:
    """``text`` safe to draw and to print: shortened, and with characters no font or
    terminal takes (control characters, lone surrogates from undecodable file names)
    escaped."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)


class FileProblem(ValueError):
    """A stored file that cannot be used, or a value in it: ``file: place: problem``."""

    def __init__(self, path: str | os.PathLike[str], place: str, problem: str):
        self.path, self.place, self.problem = str(path), place, problem
        super().__init__(f"{printable(self.path)}: {self.reason}")

    @property
    def reason(self) -> str:
        """``place: problem`` (or the problem alone), without the file."""
        return f"{self.place}: {self.problem}" if self.place else self.problem


@dataclass(frozen=True)
class BadNumber:
    """A number in JSON text that nothing in our files can hold (NaN, Infinity, 1e400, a
    5,000-digit integer). The reader gives this marker instead of failing, so the rest of
    the file still reads and the value is refused where it is checked, with its place."""

    what: str  # how a message names it: "NaN", "a number 5,000 digits long"

    @property
    def problem(self) -> str:
        return f"{self.what} is not a usable number"


def _parse_int(text: str) -> int | BadNumber:
    digits = len(text) - text.startswith("-")
    if digits > MAX_DIGITS:
        return BadNumber(f"a number {digits:,} digits long")
    return int(text)


def _parse_float(text: str) -> float | BadNumber:
    value = float(text)
    return value if math.isfinite(value) else BadNumber(printable(text, 20))


def _parse_constant(name: str) -> BadNumber:
    return BadNumber(name)  # NaN, Infinity, -Infinity: not JSON numbers


def describe(value: Any) -> str:
    """A short account of an untrusted value, for a message."""
    return value.what if isinstance(value, BadNumber) else clip(value)


def read_json(path: Path, limit: int) -> Any:
    """The parsed JSON of ``path`` (at most ``limit`` bytes, a regular file), or a
    :class:`FileProblem` saying where and what is wrong. Out-of-range numbers come back as
    :class:`BadNumber` markers for the caller's checks to refuse."""
    try:
        raw = read_bounded(path, limit)
    except OSError as exc:
        raise FileProblem(path, "", exc.strerror or str(exc)) from exc
    if not raw.strip():
        raise FileProblem(path, "", "the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem(path, f"byte {exc.start}", "not UTF-8 text (binary file?)") from exc
    try:
        return json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant
        )
    except json.JSONDecodeError as exc:
        raise FileProblem(path, f"line {exc.lineno} column {exc.colno}", exc.msg) from exc
    except RecursionError as exc:
        raise FileProblem(path, "", "nested too deeply") from exc
    except PARSE_ERRORS as exc:
        raise FileProblem(
            path, "", f"cannot be read ({type(exc).__name__}: {printable(str(exc), 80)})"
        ) from exc


# -- seat names (the settings remember the last table; saves hold the seats) ---------------------
NAME_MAX = 16  # the lobby's limit on a player's name
# Seat names never hold characters no font draws or that break a line of text: control
# characters, lone surrogates, line and paragraph separators.
_BAD_NAME_CHARS = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a seat's name, or None."""
    if len(name) > NAME_MAX:
        return f"{len(name):,} characters long; names have at most {NAME_MAX}"
    bad = _BAD_NAME_CHARS.search(name)
    if bad:
        return f"holds the character {describe(bad.group())}, which a name cannot have"
    return None


# -- the settings -------------------------------------------------------------------------------
def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _one_of(choices: tuple, kind: type) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if (
            isinstance(value, kind if kind is not float else (int, float))
            and not isinstance(value, bool)
            and value in choices
        ):
            return None
        return f"{describe(value)} is not one of {list(choices)}"

    return check


def _check_fullscreen(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"{describe(value)} is not true or false"


def _check_volume(value: Any) -> str | None:
    if _is_number(value) and 0.0 <= value <= 1.0:
        return None
    return f"{describe(value)} is not a number from 0 to 1"


WINDOW_SIDE = (320, 7680)  # a saved window's width and height, each within these


def window_side(pixels: int) -> int:
    """A window's side as settings keep it (a window made smaller or larger than any
    saved one is remembered at the nearest size that is)."""
    return min(WINDOW_SIDE[1], max(WINDOW_SIDE[0], int(pixels)))


def _check_window(value: Any) -> str | None:
    low, high = WINDOW_SIDE
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return None
    return f"{describe(value)} is not a whole number from {low} to {high}"


SEAT_LEVELS = ("easy", "normal", "hard")
MAX_SEATS = 6  # the most seats any game of the box has
SEAT_KEYS = ("name", "character", "human", "level")


def _check_seats(value: Any) -> str | None:
    """The last table the lobby showed: at most six seats, each ``{"name": <a seat name>,
    "character": <a key of the shared cast>, "human": <bool>, "level": <a level>}``."""
    if not isinstance(value, list):
        return f"{describe(value)} is not a list of seats"
    if len(value) > MAX_SEATS:
        return f"{len(value)} seats; a table has at most {MAX_SEATS}"
    for i, seat in enumerate(value):
        place = f"seat {i + 1}"
        if not isinstance(seat, dict) or set(seat) != set(SEAT_KEYS):
            return f"{place}: {describe(seat)} is not an object with {', '.join(SEAT_KEYS)}"
        name = seat["name"]
        if not isinstance(name, str) or not name.strip():
            return f"{place}: name {describe(name)} is not a name"
        if (problem := name_problem(name)) is not None:
            return f"{place}: name {problem}"
        if not isinstance(seat["character"], str) or seat["character"] not in CAST_BY_KEY:
            return f"{place}: character {describe(seat['character'])} is not one of {list(CAST_BY_KEY)}"
        if not isinstance(seat["human"], bool):
            return f"{place}: human {describe(seat['human'])} is not true or false"
        if not isinstance(seat["level"], str) or seat["level"] not in SEAT_LEVELS:
            return f"{place}: level {describe(seat['level'])} is not one of {list(SEAT_LEVELS)}"
    return None


# What each setting accepts: the problem with a value, or None when it is fine.
CHECKS: dict[str, Callable[[Any], str | None]] = {
    "language": _one_of(LANGUAGES, str),
    "fullscreen": _check_fullscreen,
    "volume": _check_volume,
    "animation_speed": _one_of(ANIMATION_SPEEDS, float),
    "bot_budget_ms": _one_of(BOT_BUDGETS_MS, int),
    "window_width": _check_window,
    "window_height": _check_window,
    "seats": _check_seats,
}


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    volume: float = 0.7
    animation_speed: float = 1.0
    bot_budget_ms: int = 50
    window_width: int = 1280
    window_height: int = 720
    # the lobby's last table (empty: the game's defaults); see _check_seats
    seats: list[dict[str, Any]] = field(default_factory=list)

    def validated(self) -> Settings:
        problems = [
            f"{name}: {problem}"
            for name, check in CHECKS.items()
            if (problem := check(getattr(self, name))) is not None
        ]
        if problems:
            raise SettingsError("; ".join(problems))
        return self


assert set(CHECKS) == {f.name for f in fields(Settings)}, "a setting without its check"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` and a note for everything in it that was not used.

    Each setting is checked on its own: a bad value falls back to its default and the
    others are kept; an unknown key is ignored. A file that cannot be read or parsed at all
    gives the defaults. A missing file gives the defaults and no note.
    """
    defaults = Settings()
    if not os.path.lexists(path):
        return defaults, []
    try:
        data = read_json(path, SETTINGS_MAX_BYTES)
    except FileProblem as exc:
        return defaults, [exc.reason]
    if not isinstance(data, dict):
        return defaults, ["top level: must be an object"]
    values: dict[str, Any] = {}
    notes: list[str] = []
    for key, value in data.items():
        check = CHECKS.get(key)
        if check is None:
            notes.append(f"{printable(key, 40)}: unknown setting, ignored")
        elif (problem := check(value)) is not None:
            notes.append(f"{key}: {problem}, the default {getattr(defaults, key)!r} is used")
        else:
            values[key] = value
    return Settings(**values), notes


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and one line about whatever in the file was not used."""
    path = path or settings_path()
    settings, notes = read_settings(path)
    if not notes:
        return settings, None
    return settings, f"{printable(str(path))}: {'; '.join(notes)}"


def keep_damaged_copy(path: Path) -> Path:
    """Keep the file at ``path`` as ``<name>.damaged-<time>`` (a hard link, so the original
    is kept byte for byte whatever it is, and a copy that exists is never overwritten)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{n}" if n > 1 else ""))
        try:
            os.link(path, target, follow_symlinks=False)
            return target
        except FileExistsError:
            continue
        except (OSError, NotImplementedError):
            # No hard links on this file system (FAT, some network drives): move it.
            if os.path.lexists(target):
                continue
            os.rename(path, target)
            return target
    raise OSError(f"{printable(str(path))}: too many damaged copies already")


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, fsync, then os.replace: a reader
    sees the old file or the new one, never half of one. The temporary file is
    ``.<name>.<8 random characters>.tmp`` (see :func:`remove_stale_temp_files`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if _SLOW_WRITE:
            time.sleep(_SLOW_WRITE)  # crash tests widen the window a kill can land in
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# The temporary files atomic_write_text makes: "." + target name + "." + mkstemp's 8
# random characters + ".tmp".
_TEMP_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")


def remove_stale_temp_files(
    folder: Path, ours: Callable[[str], bool], now: float | None = None
) -> list[Path]:
    """Remove the temporary files a killed write left in ``folder``: only regular files
    named like :func:`atomic_write_text`'s for a target ``ours`` accepts, and only those
    older than :data:`STALE_TEMP_AGE_S` (another running instance may be mid-write).
    Returns what was removed; a folder that cannot be read is left alone."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.fullmatch(entry.name)
        if not match or not ours(match["target"]):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_AGE_S:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def remove_stale_settings_temp_files(now: float | None = None) -> list[Path]:
    return remove_stale_temp_files(config_dir(), lambda target: target == "settings.json", now)


def save_settings(settings: Settings, path: Path | None = None) -> Path | None:
    """Write the settings. A damaged file there (anything :func:`read_settings` had a note
    about) is kept first as ``settings.json.damaged-<time>``; returns that copy's path.
    Once written the file is whole, so each damaged file is kept once."""
    path = path or settings_path()
    text = json.dumps(asdict(settings.validated()), indent=2)
    _, notes = read_settings(path)
    kept = keep_damaged_copy(path) if notes else None
    atomic_write_text(path, text)
    return kept
