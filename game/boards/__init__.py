"""Loaders: YAML and Tiled TMX files -> plain rules data (pytmx and yaml live only here).

``prepare_options(game_id, options)`` turns what a person picks in the lobby or on the
command line (a board *name*) into what the headless rules take (the board *data*), by
calling ``game.boards.<game_id>.prepare_options`` when that game has data files.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from game.paths import DATA_DIR
from game.storage import PARSE_ERRORS, cut, read_bounded, yaml_loader

T = TypeVar("T")


class DataFileError(ValueError):
    """A data file that cannot be used: names the file, the place in it and the problem."""

    def __init__(self, path, place: str, problem: str):
        self.path = str(path)
        self.place = place
        self.problem = problem
        super().__init__(f"{self.path}: {place}: {problem}" if place else f"{self.path}: {problem}")


# The largest shipped data file is 4.6 KB (duck/deck.yaml, 578 values); a data file is
# refused past 64 KB (14 times that), which also keeps the pure-Python YAML parser under
# about half a second on anything that fits.
MAX_DATA_BYTES = 64_000


def read_data(path, limit: int = MAX_DATA_BYTES) -> bytes:
    """A data file's bytes through :func:`game.storage.read_bounded` (regular files only, at
    most ``limit`` bytes, never blocking), every failure a DataFileError. Under
    :func:`cached_load` the file is noted, with its signature taken before the read."""
    if _recording.files is not None:
        _recording.files.append((str(path), file_signature(path)))
    try:
        return read_bounded(path, limit)
    except OSError as exc:
        raise DataFileError(path, "", f"cannot be read ({exc.strerror or exc})") from None


# -- loaded once per version of a file ----------------------------------------------------------
Signature = tuple[int, int, int] | None


def file_signature(path) -> Signature:
    """(size, mtime_ns, inode) of a file, None if it cannot be looked at: what the cache
    compares to know a file has not changed, without opening it."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


class _Recording(threading.local):
    files: list[tuple[str, Signature]] | None = None


_recording = _Recording()
_CACHE_LOCK = threading.Lock()
_CACHE: dict[tuple[str, str], tuple[tuple[tuple[str, Signature], ...], Any]] = {}
MAX_CACHED = 512


def cached_load(kind: str, path, load: Callable[[Path], T]) -> T:
    """``load(path)``, or what it gave (data or a DataFileError) the last time, while
    ``path`` and every data file that load read (a board's tiles.yaml, a map's tileset)
    have the same :func:`file_signature`. Thread-safe; the load runs outside the lock
    (two threads may both load a changed file: the same result, once too often). The
    result is shared: callers must not change it."""
    path = Path(path)
    key = (kind, str(path.absolute()))
    with _CACHE_LOCK:
        entry = _CACHE.get(key)
    if entry is not None and all(file_signature(name) == signature for name, signature in entry[0]):
        files, result = entry
    else:
        outer = _recording.files
        _recording.files = []
        try:
            try:
                result = load(path)
            except DataFileError as exc:
                result = exc
            files = tuple(_recording.files)
        finally:
            _recording.files = outer
        with _CACHE_LOCK:
            _CACHE.pop(key, None)
            while len(_CACHE) >= MAX_CACHED:
                del _CACHE[next(iter(_CACHE))]  # the oldest entry
            _CACHE[key] = (files, result)
    if _recording.files is not None:  # a load inside a load
        _recording.files.extend(files)
    if isinstance(result, DataFileError):  # a fresh one: no traceback kept
        raise DataFileError(result.path, result.place, result.problem)
    return result


def read_yaml(path, limit: int = MAX_DATA_BYTES) -> Any:
    """A data file's YAML, as ``yaml.safe_load`` reads it but bounded (see
    :func:`game.storage.yaml_loader`), with every way it can be bad (unreadable, huge, binary, not
    YAML, nested past reason, an alias bomb, a value Python refuses) as one DataFileError
    that never prints the untrusted value whole."""
    import yaml  # start-up: yaml loads when a board file is read

    path = Path(path)
    raw = read_data(path, limit)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(path, f"byte {exc.start}", "not UTF-8 text (a binary file?)") from None
    try:
        return yaml.load(text, Loader=yaml_loader())  # a yaml.SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataFileError(path, where, f"not valid YAML ({cut(problem)})") from None
    except RecursionError:
        raise DataFileError(path, "", "nested too deeply to be a data file") from None
    except PARSE_ERRORS as exc:
        raise DataFileError(path, "", f"not valid YAML ({cut(str(exc))})") from None


def rules_checked(path, check, data):
    """``check(data)`` — the rules' own checks of some data — with a RulesDataError
    reported as a DataFileError against the file the data came from."""
    from game.rules.protocol import RulesDataError  # start-up: rules load with a board

    try:
        return check(data)
    except RulesDataError as exc:
        raise DataFileError(path, exc.place, exc.problem) from None


def yaml_file(directory: Path, name: str) -> Path:
    """A data file named by its stem in ``directory`` (``"scoring"``), or given as a
    path (anything with a folder separator or a .yaml/.yml suffix)."""
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        return Path(name)
    return directory / f"{name}.yaml"


def prepare_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    options = dict(options or {})
    name = f"game.boards.{game_id}"
    if importlib.util.find_spec(name) is None:
        return options
    module = importlib.import_module(name)
    prepare = getattr(module, "prepare_options", None)
    return prepare(options) if prepare else options


__all__ = [
    "DATA_DIR",
    "MAX_DATA_BYTES",
    "DataFileError",
    "cached_load",
    "cut",
    "file_signature",
    "prepare_options",
    "read_data",
    "read_yaml",
    "rules_checked",
    "yaml_file",
]
