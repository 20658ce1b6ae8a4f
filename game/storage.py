"""The one file layer (issue #26): where the app keeps what it writes, how it writes
(atomically) and how it reads what a person (or anything else) may have put on disk.

- the folders: :func:`config_dir`, :func:`data_dir`, :func:`cache_dir` (platformdirs, or
  ``$TABLETOP_DERBY_HOME`` for tests and portable installs);
- writing: :func:`atomic_write_text` (a temporary file in the same folder, fsync, then
  ``os.replace``), the clean-up of the temporary files a killed write left
  (:func:`remove_stale_temp_files`), and :func:`keep_damaged_copy` before a damaged file
  is overwritten;
- one writer per file (issue #36): :func:`hold_writer_lock` takes an operating-system
  lock (``filelock``: ``flock`` on Unix, ``LockFileEx`` on Windows) on a lock file of its
  own beside what it guards (``os.replace`` swaps a save's inode at every write, so a
  lock on the save itself would not survive its first write); the system drops it when
  the process ends however it ends, so a crashed window's lock is never in the way, and
  a lock file left behind blocks nothing. :func:`writer_lock_held_elsewhere` asks
  without taking it, :func:`drop_writer_lock` lets it go;
- reading: :func:`read_bounded` for every file the app reads — settings, saves, boards,
  decks, catalogs — which opens only regular files (a FIFO would block a plain ``open``
  forever, ``/dev/zero`` never ends), never blocks on open, and reads at most
  ``limit + 1`` bytes, so a file's size is known to be too large without ever holding
  more than that; :func:`read_json`, the one reader of JSON a person may have damaged;
  :func:`yaml_loader`, ``yaml.safe_load``'s loader with limits (size, values, depth) for
  the data files (``game.boards.read_yaml``, the lessons).

Errors are :class:`OSError` subclasses with a ``strerror`` a person can read, so the
callers' existing ``except OSError`` paths report them in their ``file: place: problem``
form (:class:`FileProblem` for a JSON file). :func:`clip` shortens an untrusted value
before it goes into such a message, :func:`printable` makes text safe to print.

Where the box's own shipped files are (boards, fonts, lessons) is ``game.paths``.
"""

from __future__ import annotations

import _thread
import errno
import functools
import json
import math
import os
import re
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.frozen import FrozenValue, set_fields

APP_NAME = "tabletop-derby"
# No number in a settings or save file needs more digits (seeds are below 2**128, 39
# digits); longer ones are refused before int() is asked (it raises past 4,300 digits).
MAX_DIGITS = 40
# A temporary file of an atomic write older than this was left by a killed run: a live
# write (even a crash test's slowed-down one) lasts milliseconds, so a second instance of
# the app starting meanwhile never removes a write still in flight.
STALE_TEMP_AGE_S = 60.0

# Errors a parser may raise on hostile or damaged text besides its own error class:
# a number too long for int() (ValueError), a float past 1e308 cast to int (OverflowError),
# nesting past the interpreter's stack (RecursionError), bad encodings (UnicodeError, a
# ValueError), an out-of-range date (ValueError), memory it cannot get (MemoryError).
PARSE_ERRORS: tuple[type[BaseException], ...] = (
    ValueError,
    OverflowError,
    RecursionError,
    MemoryError,
    TypeError,
)


class UnreadableFile(OSError):
    """A file that will not be read: not a regular file, or larger than its limit."""

    def __init__(
        self, path: str | os.PathLike[str], problem: str, code: int = errno.EINVAL
    ) -> None:
        super().__init__(code, problem, str(path))


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, if it holds at most ``limit`` of them.

    Raises :class:`UnreadableFile` (an ``OSError``) for a FIFO, device, socket or folder,
    or a file over ``limit`` bytes (found by reading ``limit + 1``, never by trusting the
    size the file system reports), and ``OSError`` for everything else that can go wrong.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise UnreadableFile(path, kind)
        chunks: list[bytes] = []
        remaining = limit + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise UnreadableFile(
            path, f"larger than {limit:,} bytes, more than this kind of file can be", errno.EFBIG
        )
    return data


def read_bounded_text(path: str | os.PathLike[str], limit: int) -> str:
    """:func:`read_bounded`, decoded as UTF-8 (``UnicodeDecodeError`` on bad bytes)."""
    return read_bounded(path, limit).decode("utf-8")


def is_regular_file(path: Path) -> bool:
    """True for a regular file (following links); never opens it, never raises."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def clip(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages about untrusted
    data: a 5 MB name or an expanded YAML alias must not be printed whole."""
    if isinstance(value, str) and len(value) > limit * 4:
        value = value[: limit * 4]  # repr() of a huge string is itself huge work
    text = (
        repr(value) if not isinstance(value, int) or isinstance(value, bool) else _int_text(value)
    )
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _int_text(value: int) -> str:
    try:
        return str(value)
    except ValueError:  # past Python's int-to-string digit limit
        return f"a {value.bit_length()}-bit number"


# -- the folders ------------------------------------------------------------------------------
def config_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "config"
    import platformdirs  # start-up: only without $TABLETOP_DERBY_HOME (it costs ms, and tempfile)

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "data"
    import platformdirs  # start-up: only without $TABLETOP_DERBY_HOME (it costs ms, and tempfile)

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


# Crash tests set this to make every write linger between fsync and rename, so that a
# kill -9 lands mid-save often; players never set it.
_SLOW_WRITE = float(os.environ.get("TABLETOP_DERBY_SLOW_WRITE", "0") or 0)


def cache_dir() -> Path:
    override = os.environ.get("TABLETOP_DERBY_HOME")
    if override:
        return Path(override) / "cache"
    import platformdirs  # start-up: only without $TABLETOP_DERBY_HOME (it costs ms, and tempfile)

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


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


class BadNumber(FrozenValue):
    """A number in JSON text that nothing in our files can hold (NaN, Infinity, 1e400, a
    5,000-digit integer). The reader gives this marker instead of failing, so the rest of
    the file still reads and the value is refused where it is checked, with its place.
    Frozen, compared and hashed by ``what`` (written out rather than a dataclass:
    game.frozen, issue #37)."""

    __match_args__ = ("what",)
    what: str  # how a message names it: "NaN", "a number 5,000 digits long"

    def __init__(self, what: str) -> None:
        set_fields(self, what=what)

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


# -- writing -----------------------------------------------------------------------------------
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
    _atomic_write(path, text, "w", "utf-8")


def atomic_write_cache(path: Path, data: bytes) -> None:
    """:func:`atomic_write_text` for the bytes of a cache (a kept picture,
    game.ui.kept), without the fsync: a copy a power cut damaged is found when it is
    read and made again, and a window being resized writes a few each frame."""
    _atomic_write(path, data, "wb", None, durable=False)


def _atomic_write(
    path: Path, data: str | bytes, mode: str, encoding: str | None, durable: bool = True
) -> None:
    import tempfile  # start-up: the first frame writes nothing (tempfile brings shutil, bz2, lzma)

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            handle.write(data)
            handle.flush()
            if durable:
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


@functools.cache
def compiled(source: str) -> re.Pattern[str]:
    """``re.compile(source)``, when it is first used and once a run (start-up, issue #37:
    the expressions of storage, saves and settings compiled when imported were ~0.5
    million instructions each before the first frame, and most starts use none)."""
    return re.compile(source)


# The temporary files atomic_write_text makes: "." + target name + "." + mkstemp's 8
# random characters + ".tmp".
_TEMP_NAME = r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp"


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
        if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue  # not one (the expression is compiled only when one may be)
        match = compiled(_TEMP_NAME).fullmatch(entry.name)
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


# -- one writer per file (issue #36) ---------------------------------------------------------
# A claim waits this long for a lock another process holds only for a moment (a window
# listing its saves tests each one's lock: it takes it and lets it go at once).
WRITER_LOCK_WAIT_S = 0.3


class HeldElsewhere(OSError):
    """The file's writer lock is held by another process (another window, ``serve``)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EBUSY, "open in another window or program", str(path))


_writer_locks: dict[str, Any] = {}  # lock file -> the filelock lock this process holds
# _thread's lock is threading.Lock itself; threading is imported after the first frame
# (start-up, issue #37: ~2 million instructions)
_writer_locks_guard = _thread.allocate_lock()


_unlockable_told = False  # the log has said once that a folder cannot be locked


@functools.cache
def _lock_options() -> dict[str, Any]:
    """filelock's options for a writer lock: waits :data:`WRITER_LOCK_WAIT_S`, usable
    from any thread (a host's saver thread lets go of what its network thread took), and
    never the "soft" lock filelock 4 falls back to on a file system without ``flock``: a
    soft lock is a marker file a crash leaves behind, the very thing this lock must not
    be (filelock 3 has no such fallback, nor the option)."""
    import inspect  # start-up: only when a game is opened for writing

    import filelock  # start-up: as the line above

    options: dict[str, Any] = {"timeout": WRITER_LOCK_WAIT_S, "thread_local": False}
    if "fallback_to_soft" in inspect.signature(filelock.FileLock.__init__).parameters:
        options["fallback_to_soft"] = False
    return options


def _new_lock(lock_path: Path) -> Any:
    """An OS lock object for ``lock_path`` (not yet taken)."""
    import filelock  # start-up: only when a game is opened for writing

    return filelock.FileLock(str(lock_path), **_lock_options())


def hold_writer_lock(lock_path: Path) -> bool:
    """Make this process the one writer of what ``lock_path`` guards, until
    :func:`drop_writer_lock` or the process's end. True when it was taken now, False when
    this process already held it; :class:`HeldElsewhere` when another process holds it.
    A file system that cannot lock at all (some network drives) is told once in the log
    and not guarded: refusing every save there would lose more than it protects."""
    import filelock  # start-up: only when a game is opened for writing

    key = str(lock_path)
    with _writer_locks_guard:
        if key in _writer_locks:
            return False
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        lock = _new_lock(lock_path)
        try:
            lock.acquire()
        except filelock.Timeout:
            raise HeldElsewhere(lock_path) from None
        except (OSError, NotImplementedError) as exc:
            if isinstance(exc, OSError) and exc.errno not in (errno.ENOSYS, errno.ENOTSUP):
                raise
            global _unlockable_told
            if not _unlockable_told:
                _unlockable_told = True
                import logging  # start-up: only on a folder that cannot be locked

                logging.getLogger(__name__).warning(
                    "%s: this folder cannot be locked (%s); a second window could write "
                    "the same game",
                    printable(key),
                    exc,
                )
            return False
        _writer_locks[key] = lock
        return True


def holds_writer_lock(lock_path: Path) -> bool:
    with _writer_locks_guard:
        return str(lock_path) in _writer_locks


def drop_writer_lock(lock_path: Path, *, remove: bool = False) -> None:
    """Let another process write what ``lock_path`` guards. ``remove``: the guarded file
    is gone for good (a pruned save), so the lock file goes too, while still held."""
    with _writer_locks_guard:
        lock = _writer_locks.pop(str(lock_path), None)
    if lock is None:
        return
    if remove:
        try:
            lock_path.unlink()
        except OSError:
            pass
    lock.release()


def drop_all_writer_locks() -> None:
    """Let every writer lock of this process go (the tests: each test has a home of its
    own, and a worker running thousands of them must not keep a descriptor for each)."""
    with _writer_locks_guard:
        locks = list(_writer_locks.values())
        _writer_locks.clear()
    for lock in locks:
        lock.release()


def writer_lock_held_elsewhere(lock_path: Path) -> bool:
    """Whether another process holds ``lock_path`` now (what a list shows: "open in
    another window"). No lock file: nobody has ever held it. The test takes the lock and
    lets it go at once; a claim meanwhile waits :data:`WRITER_LOCK_WAIT_S` for that."""
    if holds_writer_lock(lock_path) or not lock_path.exists():
        return False
    import filelock  # start-up: only when saves are listed

    lock = _new_lock(lock_path)
    try:
        lock.acquire(timeout=0)
    except filelock.Timeout:
        return True
    except (OSError, NotImplementedError):
        return False  # cannot be locked here: nobody can hold it either
    lock.release()
    return False


# -- reading YAML a person may have damaged -----------------------------------------------------
# Values in one YAML file, each alias counted as everything it stands for (578 in the
# largest shipped file), and how deeply they may nest (6 in the shipped files): a
# 379-byte "billion laughs" of anchors and aliases is refused before it is expanded.
MAX_YAML_VALUES = 10_000
MAX_YAML_DEPTH = 50


@functools.cache
def yaml_loader():
    """``yaml.SafeLoader`` with the limits above: the same tags, types and results as
    ``yaml.safe_load`` (it is the same loader, subclassed), plus a count of the values
    composed in which an alias weighs what it stands for, a nesting limit, no alias
    inside its own anchor (a loop), and value errors (a date like 2024-02-30, a
    5000-digit number) reported as YAML errors at the value's line. The pure-Python
    loader, not libyaml's CSafeLoader: the counting hooks the Python composer."""
    import yaml  # start-up: yaml loads when a board file is read
    from yaml.composer import ComposerError  # with yaml above
    from yaml.constructor import ConstructorError  # with yaml above
    from yaml.scanner import ScannerError  # with yaml above

    class BoundedSafeLoader(yaml.SafeLoader):
        def __init__(self, stream) -> None:
            super().__init__(stream)
            self._values = 0
            self._depth = 0
            self._open: set[str] = set()  # anchors whose node is being composed
            self._weights: dict[str, int] = {}  # anchor -> values its node stands for

        def _count(self, values: int, mark) -> None:
            self._values += values
            if self._values > MAX_YAML_VALUES:
                raise ComposerError(
                    None,
                    None,
                    f"more than {MAX_YAML_VALUES:,} values (an "
                    "alias counts as all it stands for): too "
                    "large for a data file",
                    mark,
                )

        def compose_node(self, parent, index):
            event = self.peek_event()
            anchor, mark = event.anchor, event.start_mark
            if self.check_event(yaml.AliasEvent):
                if anchor in self._open:  # the composer would hand back a loop
                    raise ComposerError(
                        None,
                        None,
                        f"the alias *{cut(anchor, 20)} is inside its own anchor (a loop)",
                        mark,
                    )
                node = super().compose_node(parent, index)  # (undefined: its own error)
                self._count(self._weights.get(anchor, 1), mark)
                return node
            self._depth += 1
            if self._depth > MAX_YAML_DEPTH:
                raise ComposerError(
                    None,
                    None,
                    f"nested more than {MAX_YAML_DEPTH} deep: too deep for a data file",
                    mark,
                )
            before = self._values
            self._count(1, mark)
            if anchor is not None:
                self._open.add(anchor)
            node = super().compose_node(parent, index)
            if anchor is not None:
                self._open.discard(anchor)
                self._weights[anchor] = self._values - before
            self._depth -= 1
            return node

        def fetch_flow_collection_start(self, TokenClass) -> None:
            # The scanner keeps a possible key per open '[' or '{' and rechecks them all
            # at every token: 2000 open brackets take half a second (quadratic), so the
            # nesting limit is applied here, before the composer would see them.
            if self.flow_level >= MAX_YAML_DEPTH:
                raise ScannerError(
                    None,
                    None,
                    f"nested more than {MAX_YAML_DEPTH} deep: too deep for a data file",
                    self.get_mark(),
                )
            super().fetch_flow_collection_start(TokenClass)

        def construct_object(self, node, deep=False):
            try:
                return super().construct_object(node, deep)
            except PARSE_ERRORS as exc:
                raise ConstructorError(
                    None, None, f"unusable value: {cut(str(exc), 80)}", node.start_mark
                ) from None

    return BoundedSafeLoader


def cut(text: str, limit: int = 160) -> str:
    """A parser's own message, which may quote the file, cut to a line's length."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
