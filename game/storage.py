"""Reading files a person (or anything else) may have put on disk, safely.

Every file the app reads — settings, saves, boards, decks, catalogs — goes through
:func:`read_bounded`: it opens only regular files (a FIFO would block a plain ``open``
forever, ``/dev/zero`` never ends), never blocks on open, and reads at most ``limit + 1``
bytes, so a file's size is known to be too large without ever holding more than that.

Errors are :class:`OSError` subclasses with a ``strerror`` a person can read, so the
callers' existing ``except OSError`` paths report them in their ``file: place: problem``
form. :func:`clip` shortens an untrusted value before it goes into such a message.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

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
