"""The title menu's texts kept on disk between runs (issue #37: rendering and fitting the
first frame's 30-odd labels opened six sizes of the font and was ~27 million
instructions, a third of what the game adds to a bare window before its first frame).

The first frame of a plain start (the title menu) draws its texts through
``fonts.render`` and ``fonts.fit``; while a :class:`KeptTexts` is given to
``fonts.keep_texts``, each of those answers comes from the copy kept by the run before
when it has one (no font is opened at all when every answer is there), and every answer
the frame used is noted. Once the frame is shown, a frame that needed anything the copy
lacked writes the copy again: what the frame used, no more.

A copy is a file in the cache folder under ``texts/``, named by the window's language and
size and by a checksum of what the answers are made from: the font files (each file's
size and its table directory, where a TrueType font writes a checksum of every table of
it: a changed font is another file without reading its megabytes), the code that draws
text (``game/ui/fonts.py``, this module), and pygame's, SDL's and SDL_ttf's versions. So a
text is never shown from a stale copy: what is read back is byte for byte what rendering
it again would give (tests/test_kept_pictures.py). A copy that is missing, damaged or of
another pixel format is not used: its texts are rendered as before, and kept again.

The pixels are kept as they are, checked by a crc32 (with what the header says of them):
inflating a deflated copy cost more instructions than the crc over the raw bytes (a
menu's texts are ~0.25 MB at 1280x720)."""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable
from pathlib import Path

import pygame

from game.storage import atomic_write_cache, cache_dir, read_bounded
from game.ui import fonts
from game.ui.kept import _checksum, _checksum_of, _surface_format, tidy

FORMAT = 1  # of the files: a change to how they are written is another name
MAGIC = b"tabletop-derby kept texts\n"
SUFFIX = ".txts"
MAX_FILES = 16  # the oldest go first: each language and window size a person used has one
MAX_HEADER_BYTES = 1 << 20
MAX_FILE_BYTES = 32 << 20
MAX_PIXEL_BYTES = 256 << 20  # every text of a frame at 7680x4320 is far less
MAX_SIDE = 16384
MAX_TABLES = 256  # a font's table directory: BIZ UDPGothic has 19

TextKey = tuple[str, int, bool, tuple]  # fonts._render's: text, size, bold, colour
FitKey = tuple[str, int, int, int, bool]  # fonts.fit's: text, size, width, floor, bold


def folder() -> Path:
    return cache_dir() / "texts"


class KeptTexts:
    """The answers of ``fonts.render`` and ``fonts.fit`` for one frame: those kept by the
    run before (``kept_texts``, ``kept_fits``), and those this frame used. ``path`` is the
    copy's file (None: nothing can be kept, as when the font files cannot be read)."""

    def __init__(
        self,
        path: Path | None,
        kept_texts: dict[TextKey, pygame.Surface],
        kept_fits: dict[FitKey, tuple[str, int]],
    ) -> None:
        self.path = path
        self._kept_texts = kept_texts
        self._kept_fits = kept_fits
        self.texts: dict[TextKey, pygame.Surface] = {}
        self.fits: dict[FitKey, tuple[str, int]] = {}
        self.missed = not kept_texts and not kept_fits  # no copy: keep one
        self.painted = 0  # texts rendered (not read back), for the tests

    def render(self, key: TextKey, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        image = self._kept_texts.get(key)
        if image is None:
            image, self.missed = paint(), True
            self.painted += 1
        self.texts[key] = image
        return image

    def fit(self, key: FitKey, measure: Callable[[], tuple[str, int]]) -> tuple[str, int]:
        fitted = self._kept_fits.get(key)
        if fitted is None:
            fitted, self.missed = measure(), True
        self.fits[key] = fitted
        return fitted

    def close(self) -> None:
        """The frame is shown: ``fonts`` answers by itself again, and a frame that needed
        what the copy lacked keeps what it used (a copy that cannot be written costs
        speed only)."""
        if fonts.kept_texts() is self:
            fonts.keep_texts(None)
        if self.missed and self.path is not None and self.texts:
            _write(self.path, self.texts, self.fits)


def first_frame(name: str) -> KeptTexts:
    """The kept texts of the frame called ``name`` (its language and window size in it),
    given to ``fonts`` until :meth:`KeptTexts.close`."""
    path = _path(name)
    texts: dict[TextKey, pygame.Surface] = {}
    fits: dict[FitKey, tuple[str, int]] = {}
    if path is not None:
        texts, fits = _read(path)
    keeper = KeptTexts(path, texts, fits)
    fonts.keep_texts(keeper)
    return keeper


def _font_digest(path: Path) -> bytes:
    """A font file's size and table directory (each table's tag, checksum, offset and
    length): what tells one font file from another without reading all of it."""
    with open(path, "rb") as handle:
        head = handle.read(12)
        tables = int.from_bytes(head[4:6], "big") if len(head) == 12 else 0
        if not 0 < tables <= MAX_TABLES:
            raise OSError(f"{path}: not a font's table directory")
        directory = handle.read(16 * tables)
        size = os.fstat(handle.fileno()).st_size
    if len(directory) != 16 * tables:
        raise OSError(f"{path}: a font's table directory cut short")
    return b"%d/" % size + head + directory


def _path(name: str) -> Path | None:
    """The copy of frame ``name`` as things are now (None: what the texts are made from
    cannot be read, so nothing is kept)."""
    code = [_checksum_of(fonts.__file__), _checksum_of(__file__)]
    try:
        faces = [_font_digest(fonts.REGULAR), _font_digest(fonts.BOLD)]
    except OSError:
        return None
    if None in code:
        return None
    versions = (
        f"{FORMAT}/{pygame.version.ver}/{pygame.get_sdl_version()}/"
        f"{pygame.font.get_sdl_ttf_version()}/{'/'.join(map(str, code))}"
    )
    key = _checksum([name.encode(), versions.encode(), *faces])
    return folder() / f"{name}-{key}{SUFFIX}"


def _write(
    path: Path, texts: dict[TextKey, pygame.Surface], fits: dict[FitKey, tuple[str, int]]
) -> None:
    entries = [
        [t, size, bold, list(colour), _format(im)] for (t, size, bold, colour), im in texts.items()
    ]
    pixels = b"".join(_rows(image) for image in texts.values())
    header: dict = {
        "texts": entries,
        "sizes": [list(image.get_size()) for image in texts.values()],
        "fits": [[*key, *fitted] for key, fitted in fits.items()],
    }
    header["crc"] = _crc(header, pixels)
    data = MAGIC + json.dumps(header, ensure_ascii=False).encode() + b"\n" + pixels
    try:
        atomic_write_cache(path, data)
        tidy(path, SUFFIX, MAX_FILES)
    except OSError:
        pass


def _crc(header: dict, pixels: bytes) -> int:
    """A crc32 of the texts' pixels and of what the header says of them (their keys,
    sizes and formats, the fits): a damaged header is found as damaged pixels are."""
    said = json.dumps([header["texts"], header["sizes"], header["fits"]], ensure_ascii=False)
    return zlib.crc32(pixels, zlib.crc32(said.encode()))


def _format(image: pygame.Surface) -> list[int]:
    """A text's pixel format, without its pitch: SDL_ttf pads a text's rows (to four
    pixels), a surface made to read it back into does not; the pixels are the same."""
    return _surface_format(image)[:-1]


def _rows(image: pygame.Surface) -> bytes:
    """A text's pixels, row after row, without the padding at the end of each."""
    raw = image.get_buffer().raw
    pitch, width = image.get_pitch(), image.get_width() * image.get_bytesize()
    if pitch == width:
        return raw
    return b"".join(raw[y * pitch : y * pitch + width] for y in range(image.get_height()))


def _read(path: Path) -> tuple[dict[TextKey, pygame.Surface], dict[FitKey, tuple[str, int]]]:
    """The texts and fits kept in ``path``; none at all when it is missing or anything
    in it is damaged or not of the pixel format a text rendered now would have."""
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except OSError:
        return {}, {}
    if not data.startswith(MAGIC):
        return {}, {}
    head, _, pixels = data[len(MAGIC) :].partition(b"\n")
    try:
        header = json.loads(head[:MAX_HEADER_BYTES])
        if _crc(header, pixels) != int(header["crc"]):
            return {}, {}
        return _texts(header, pixels), _fits(header)
    except (ValueError, TypeError, KeyError, IndexError, zlib.error, pygame.error):
        return {}, {}


def _texts(header: dict, pixels: bytes) -> dict[TextKey, pygame.Surface]:
    entries, sizes = header["texts"], header["sizes"]
    if len(entries) != len(sizes):
        raise ValueError("a text without its size")
    images: list[tuple[TextKey, pygame.Surface]] = []
    total = 0
    for (text, size, bold, colour, form), (w, h) in zip(entries, sizes):
        w, h, form = int(w), int(h), [int(v) for v in form]
        if not (0 <= w <= MAX_SIDE and 0 <= h <= MAX_SIDE):
            raise ValueError("a text of no possible size")
        image = pygame.Surface((w, h), form[6], form[0], form[2:6])
        if _format(image) != form or image.get_pitch() != w * image.get_bytesize():
            raise ValueError("another pixel format")
        key = (str(text), int(size), bool(bold), tuple(int(c) for c in colour))
        images.append((key, image))
        total += image.get_pitch() * h
        if total > MAX_PIXEL_BYTES:
            raise ValueError("more pixels than a frame has")
    if len(pixels) != total:
        raise ValueError("pixels cut short or too many")
    at = 0
    for _, image in images:
        length = image.get_pitch() * image.get_height()
        if length:
            image.get_buffer().write(pixels[at : at + length])
        at += length
    return dict(images)


def _fits(header: dict) -> dict[FitKey, tuple[str, int]]:
    fits: dict[FitKey, tuple[str, int]] = {}
    for text, size, width, floor, bold, fitted, fitted_size in header["fits"]:
        key = (str(text), int(size), int(width), int(floor), bool(bold))
        fits[key] = (str(fitted), int(fitted_size))
    return fits
