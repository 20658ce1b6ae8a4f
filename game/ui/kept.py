"""Pictures painted from the sprites, kept on disk between runs (issue #37: the title
menu's covers, title band, wordmark and the window's icon were 16 ms of SVG rasterising
before the first frame; read back they are about 1 ms).

A kept picture is the painted surface's own pixels (its bytes, deflated) with its size,
pixel format and the icons written down on it, in the user cache folder under
``pictures/``. Its file name holds what it was painted from: the caller's name for it
(sizes included), a checksum of the content of every sprite file and of the code that
paints (``game/ui``'s modules and the caller's own), pygame's and SDL's versions and
whether a window was up. Any change to one of those is another file, so a picture is
never shown from a stale copy: what is read back is byte for byte what painting it
again would give (tests/test_kept_pictures.py), and the screenshots do not change.

The cache only saves time: a file that is missing, damaged, of another pixel format or
unwritable means the picture is painted as before. Pictures with text are never kept
(their look depends on the language and the font)."""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path

import pygame

from game.paths import SPRITES_DIR
from game.storage import atomic_write_cache, cache_dir, read_bounded, remove_stale_temp_files
from game.ui.widgets import IconDrawn, Picture

FORMAT = 2  # of the files: a change to how they are written is another name
MAGIC = b"tabletop-derby kept picture\n"
SUFFIX = ".pic"
UI_DIR = Path(__file__).resolve().parent
MAX_FILES = 64  # the oldest go first: every window size a person tried makes its own
MAX_HEADER_BYTES = 1 << 16
MAX_SIDE = 16384  # no picture of ours is larger
# the pixels as a raw deflate stream, the file's integrity a crc32 of the compressed bytes
# (zlib's own adler32 of the inflated pixels was ~5 million instructions a start)
RAW_DEFLATE = -15


def kept(
    name: str, size: tuple[int, int], paint: Callable[[], Picture], files: Iterable[str]
) -> Picture:
    """The picture ``paint()`` makes, read from its kept copy when there is one, else
    painted and kept. ``name``: what it is, its sizes included (``cover-duck-210x126``);
    ``size``: the picture's; ``files``: what it is painted from besides the sprites and
    ``game/ui`` (the painting module's own file, an SVG from elsewhere): their content
    is part of the picture's key."""
    path = _path(name, files)
    if path is not None:
        picture = _read(path, size)
        if picture is not None:
            return picture
    picture = paint()
    words = picture.texts or picture.secrets  # the language's and the font's: never kept
    if path is not None and picture.image.get_size() == size and not words:
        _write(path, picture)
    return picture


def folder() -> Path:
    return cache_dir() / "pictures"


def _path(name: str, files: Iterable[str]) -> Path | None:
    """The file of picture ``name`` painted from ``files`` as things are now (None: the
    painting code cannot be read, so nothing is kept)."""
    sums = [_art_checksum(), *(_checksum_of(f) for f in files)]
    if None in sums:
        return None
    window = pygame.display.get_init() and pygame.display.get_surface() is not None
    key = _checksum([f"{name}/{window}/{'/'.join(map(str, sums))}".encode()])
    return folder() / f"{name}-{key}{SUFFIX}"


def _checksum(chunks: Iterable[bytes]) -> str:
    """A checksum of ``chunks`` (crc32 and adler32: 64 bits against an accidental match;
    hashlib would cost ~3 ms of OpenSSL before the first frame)."""
    crc, adler = 0, 1
    for chunk in chunks:
        crc, adler = zlib.crc32(chunk, crc), zlib.adler32(chunk, adler)
    return f"{crc:08x}{adler:08x}"


@cache
def _art_checksum() -> str | None:
    """What every kept picture is painted with: the sprites (all of them: a cover's are
    known only once it is painted), the painting code of ``game/ui``, pygame and SDL.
    Once a run: none of it changes while the program runs. None when it cannot be read.
    (os rather than pathlib: globbing and sorting 80 paths was 1 ms of the first frame.)"""
    try:
        code = _code_checksum(_files(UI_DIR, ".py") if UI_DIR.is_dir() else [])
        sprites = _checksum(_contents(_files(SPRITES_DIR, ".svg")))
    except OSError:
        return None
    versions = f"{FORMAT}/{pygame.version.ver}/{pygame.get_sdl_version()}"
    return _checksum([f"{versions}/{code}/{sprites}".encode()])


def _files(folder: Path, suffix: str) -> list[str]:
    return [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(suffix)]


def _contents(paths: list[str]) -> Iterator[bytes]:
    """Each file's name and content, in order."""
    for path in paths:
        yield os.path.basename(path).encode()
        with open(path, "rb") as handle:
            yield handle.read()


def _code_checksum(files: list[str]) -> str:
    if not files and getattr(sys, "frozen", False):
        # a bundle (PyInstaller) has no sources: its code changes only with its program
        info = os.stat(sys.executable)
        return f"{info.st_size}-{info.st_mtime_ns}"
    return _checksum(_contents(files))


@cache
def _checksum_of(path: str) -> str | None:
    """A file's checksum (once a run); None when it cannot be read."""
    try:
        return _checksum(_contents([path]))
    except OSError:
        if path.endswith(".py") and getattr(sys, "frozen", False):
            return _code_checksum([])  # a bundle's code is inside its program
        return None


def _surface_format(surface: pygame.Surface) -> list[int]:
    return [
        surface.get_bitsize(),
        surface.get_bytesize(),
        *surface.get_masks(),
        surface.get_flags() & pygame.SRCALPHA,
        surface.get_pitch(),
    ]


def _write(path: Path, picture: Picture) -> None:
    """Keep ``picture`` in ``path`` (and forget its copies painted from other art, and
    the oldest pictures past MAX_FILES). A cache that cannot be written costs speed only."""
    image = picture.image
    header = {
        "size": list(image.get_size()),
        "format": _surface_format(image),
        "icons": [[i.name, *i.rect, i.kind] for i in picture.icons],
    }
    deflate = zlib.compressobj(1, zlib.DEFLATED, RAW_DEFLATE)
    pixels = deflate.compress(image.get_buffer().raw) + deflate.flush()
    header["crc"] = zlib.crc32(pixels)
    data = MAGIC + json.dumps(header).encode() + b"\n" + pixels
    try:
        atomic_write_cache(path, data)
        tidy(path)
    except OSError:
        pass


def tidy(path: Path, suffix: str = SUFFIX, most: int | None = None) -> None:
    """Forget the copies of ``path``'s thing made from other code or another key, and
    the oldest ``suffix`` copies past ``most`` (this module's MAX_FILES when None, read
    at the call). The kept pictures and the kept texts (``kept_text``) both tidy so."""
    prefix = path.name.rsplit("-", 1)[0]  # the thing's name, without its key
    entries = sorted(
        (p for p in path.parent.glob(f"*{suffix}") if p != path),
        key=lambda p: (p.stat().st_mtime_ns, p.name),
    )
    for old in entries:
        if old.name.rsplit("-", 1)[0] == prefix:
            old.unlink(missing_ok=True)
    entries = [p for p in entries if p.exists()]
    most = MAX_FILES if most is None else most
    for old in entries[: max(0, len(entries) + 1 - most)]:
        old.unlink(missing_ok=True)
    remove_stale_temp_files(path.parent, lambda target: target.endswith(suffix))


def _read(path: Path, size: tuple[int, int]) -> Picture | None:
    """The picture kept in ``path``, or None (none yet, or one that is damaged, of another
    size or not of the pixel format a surface painted now would have)."""
    w, h = size
    if not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        return None
    try:  # zlib's worst case is a few bytes over its input
        data = read_bounded(path, len(MAGIC) + MAX_HEADER_BYTES + (4 * w + 64) * h * 2)
    except OSError:
        return None
    if not data.startswith(MAGIC):
        return None
    head, _, pixels = data[len(MAGIC) :].partition(b"\n")
    try:
        header = json.loads(head[:MAX_HEADER_BYTES])
        if [int(v) for v in header["size"]] != [w, h]:
            return None
        form = [int(v) for v in header["format"]]
        image = pygame.Surface((w, h), form[6], form[0], form[2:6])
        if _surface_format(image) != form:
            return None
        if zlib.crc32(pixels) != int(header["crc"]):
            return None
        length = image.get_pitch() * h
        inflate = zlib.decompressobj(RAW_DEFLATE)
        raw = inflate.decompress(pixels, length + 1)
        if len(raw) != length or not inflate.eof:
            return None
        image.get_buffer().write(raw)
        icons = tuple(
            IconDrawn(str(n), pygame.Rect(int(x), int(y), int(iw), int(ih)), str(kind))
            for n, x, y, iw, ih, kind in header["icons"]
        )
    except (ValueError, TypeError, KeyError, IndexError, zlib.error, pygame.error):
        return None
    return Picture(image, (), icons)
