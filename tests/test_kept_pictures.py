"""Pictures painted from the sprites and kept on disk between runs (issue #37, start-up
to the first frame): the title menu's covers, band, wordmark and the window's icon are
read back instead of rasterised, byte for byte what painting them gives, and a change to
what they are painted from is never shown from an old copy."""

from __future__ import annotations

import json
import shutil
import zlib

import pygame
import pytest

from game.scenes.shell import covers, title_art
from game.scenes.shell.menu import MenuScene
from game.ui import fonts, kept, kept_text, widgets
from tests.scene_helpers import LANGS, make_app


@pytest.fixture(autouse=True)
def _fresh():
    """No picture from an earlier test's memory: each is kept or read here."""
    _forget()
    yield
    _forget()
    kept._art_checksum.cache_clear()
    kept._checksum_of.cache_clear()
    fonts.keep_texts(None)
    fonts.font.cache_clear()
    pygame.quit()


def _forget() -> None:
    covers._cover.cache_clear()
    title_art.band.cache_clear()
    title_art._wordmark.cache_clear()


def _bytes(surface: pygame.Surface) -> tuple:
    return (surface.get_size(), kept._surface_format(surface), surface.get_buffer().raw)


def _no_painting(*args, **kwargs):
    raise AssertionError("painted again: the kept copy was not read")


def _window(size=(1280, 720)) -> None:
    pygame.display.init()
    pygame.display.set_mode(size)


def test_a_kept_picture_reads_back_byte_for_byte_with_its_icons():
    """issue #37: the band (a picture with its racers written down as icons), a cover
    and the wordmark: read back, the same bytes in the same pixel format, the same icons."""
    _window()
    band = title_art.band(1280, 150, 26)
    cover = covers.cover("duck", 210, 126)
    mark = title_art.wordmark(560, 78)
    assert len(list(kept.folder().glob(f"*{kept.SUFFIX}"))) == 3
    _forget()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(title_art, "_paint_band", _no_painting)
        patch.setattr(covers, "_painted", _no_painting)
        patch.setattr(title_art.sprites, "svg", _no_painting)
        again = title_art.band(1280, 150, 26)
        assert _bytes(again.image) == _bytes(band.image)
        assert again.icons == band.icons and len(band.icons) > 6
        assert _bytes(covers.cover("duck", 210, 126)) == _bytes(cover)
        assert _bytes(title_art.wordmark(560, 78)) == _bytes(mark)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
def test_the_menu_read_back_is_the_menu_painted(size, lang, monkeypatch):
    """issue #37: the title menu drawn from kept pictures (no SVG rasterised at all) is
    the same picture as the menu painted from the sprites, at three sizes in both
    languages."""
    app = make_app(size, lang)
    app.push(MenuScene(app))
    app.draw()
    painted = pygame.image.tobytes(app.screen, "RGB")
    _forget()
    monkeypatch.setattr(pygame.image, "load_sized_svg", _no_painting)
    app.pop()
    app.push(MenuScene(app))
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == painted


def _cover_path() -> object:
    return kept._path("cover-duck-210x126", (covers.__file__,))


def test_a_change_to_a_sprite_or_the_painting_code_is_another_picture(tmp_path, monkeypatch):
    """issue #37: a picture is never shown from a copy painted from other art: the
    content of every sprite file and of the code that paints is part of its key."""
    _window()
    sprites = tmp_path / "sprites"
    shutil.copytree(kept.SPRITES_DIR, sprites)
    code = tmp_path / "covers.py"
    shutil.copy(covers.__file__, code)
    monkeypatch.setattr(kept, "SPRITES_DIR", sprites)

    def path():
        kept._art_checksum.cache_clear()
        kept._checksum_of.cache_clear()
        return kept._path("cover-duck-210x126", (str(code),))

    first = path()
    assert path() == first  # the same art: the same copy
    drain = sprites / "duck_drain.svg"
    drain.write_bytes(drain.read_bytes().replace(b"<svg", b"<svg data-x='1'", 1))
    second = path()
    assert second != first
    code.write_text(code.read_text() + "\n# a change to the painting\n")
    assert path() not in (first, second)
    # what it is painted from cannot be read: painted each time, never kept
    assert kept._path("cover-duck-210x126", (str(tmp_path / "gone.py"),)) is None


def _damaged_copies(good: bytes) -> dict[str, bytes]:
    magic = kept.MAGIC
    head, _, pixels = good[len(magic) :].partition(b"\n")
    raw = zlib.decompress(pixels, kept.RAW_DEFLATE)

    def deflated(data: bytes) -> bytes:  # with the header's crc made right for it
        deflate = zlib.compressobj(1, zlib.DEFLATED, kept.RAW_DEFLATE)
        body = deflate.compress(data) + deflate.flush()
        crc = json.loads(head)["crc"]
        return (
            head.replace(f'"crc": {crc}'.encode(), f'"crc": {zlib.crc32(body)}'.encode())
            + b"\n"
            + body
        )

    return {
        "empty": b"",
        "not ours": b"\x89PNG\r\n" + good[8:],
        "cut short": good[: len(good) // 2],
        "bad header": magic + b"{not json\n" + pixels,
        "other size": magic + head.replace(b"[210, 126]", b"[126, 210]") + b"\n" + pixels,
        "other format": magic + head.replace(b'"format": [32', b'"format": [24') + b"\n" + pixels,
        "short pixels": magic + deflated(raw[:-4]),
        "long pixels": magic + deflated(raw + b"1234"),
        "bad crc": magic + head.replace(b'"crc": ', b'"crc": 1') + b"\n" + pixels,
        "flipped bit": magic + head + b"\n" + pixels[:20] + bytes([pixels[20] ^ 1]) + pixels[21:],
        "bad icons": magic + head.replace(b'"icons": []', b'"icons": [[1]]') + b"\n" + pixels,
    }


def test_a_damaged_copy_is_painted_again_and_replaced():
    """issue #37: the cache only saves time: a copy that is empty, cut short, of another
    size or pixel format, with a flipped bit or a damaged header is never shown; the
    picture is painted again and its copy written anew."""
    _window()
    painted = _bytes(covers.cover("duck", 210, 126))
    path = _cover_path()
    good = path.read_bytes()
    damaged = _damaged_copies(good)
    assert good not in damaged.values()
    for problem, data in damaged.items():
        _forget()
        path.write_bytes(data)
        assert _bytes(covers.cover("duck", 210, 126)) == painted, problem
        assert path.read_bytes() == good, problem


def test_a_cache_folder_that_cannot_be_written_costs_only_speed():
    """issue #37: a cache folder that is a file (or read-only) still shows the picture."""
    _window()
    kept.folder().parent.mkdir(parents=True, exist_ok=True)
    kept.folder().write_text("not a folder")
    first = _bytes(covers.cover("cluck", 210, 126))
    _forget()
    assert _bytes(covers.cover("cluck", 210, 126)) == first
    assert kept.folder().read_text() == "not a folder"


def test_old_copies_go_and_the_folder_is_bounded(monkeypatch):
    """issue #37: a picture painted from new art replaces its old copy, and every window
    size a person tries keeps its own pictures up to MAX_FILES, the oldest going first."""
    _window()
    monkeypatch.setattr(kept, "MAX_FILES", 6)
    image = pygame.Surface((8, 8), pygame.SRCALPHA)
    for n in range(10):
        kept.kept(f"test-{n}-8x8", (8, 8), lambda: widgets.Picture(image, ()), ())
    left = sorted(p.name.split("-")[1] for p in kept.folder().glob(f"*{kept.SUFFIX}"))
    assert left == ["4", "5", "6", "7", "8", "9"]
    old = kept.folder() / "test-9-8x8-0000000000000000.pic"
    old.write_bytes(b"from older art")
    for current in kept.folder().glob("test-9-8x8-*"):
        if current != old:
            current.unlink()  # as if the art had changed since: painted and kept anew
    kept.kept("test-9-8x8", (8, 8), lambda: widgets.Picture(image, ()), ())
    assert not old.exists() and len(list(kept.folder().glob("test-9-8x8-*"))) == 1


def test_a_picture_with_text_is_never_kept():
    """issue #37: words depend on the language and the font: never kept."""
    _window()
    image = pygame.Surface((40, 20))
    text = widgets.TextDrawn("hi", pygame.Rect(0, 0, 10, 10), 14, None)
    picture = kept.kept("words-40x20", (40, 20), lambda: widgets.Picture(image, (text,)), ())
    assert picture.texts == (text,)
    assert not list(kept.folder().glob(f"*{kept.SUFFIX}"))


# -- the first frame's texts (game.ui.kept_text) -------------------------------------------
TEXTS = [
    ("Tabletop Derby", 22, (30, 30, 40), False),
    ("遊び方を学ぶ", 18, (100, 100, 116), True),
    ("a_b – 1–8 −3", 16, (250, 248, 242), False),  # ruled underscore, look-alike dashes
    ("", 14, (30, 30, 40), False),
]
FITS = [("History and statistics", 22, 120, 13, False), ("設定", 22, 200, 13, True)]


def _pixels(surface: pygame.Surface) -> tuple:
    return (surface.get_size(), pygame.image.tobytes(surface, "RGBA"))


def _kept_frame(name: str = "menu-en-1280x720") -> kept_text.KeptTexts:
    fonts.font.cache_clear()  # every font opened anew, as in a new run
    return kept_text.first_frame(name)


def _texts_used() -> tuple[list, list]:
    return (
        [_pixels(fonts.render(text, size, colour, bold)) for text, size, colour, bold in TEXTS],
        [fonts.fit(*args) for args in FITS],
    )


def _texts_copy() -> object:
    (path,) = kept_text.folder().glob(f"*{kept_text.SUFFIX}")
    return path


@pytest.fixture
def no_font(monkeypatch):
    """Opening a font fails the test: every text must come from the kept copy."""
    monkeypatch.setattr(pygame.font, "Font", _no_painting)


def test_kept_texts_read_back_byte_for_byte_and_open_no_font(monkeypatch):
    """issue #37: texts and fits kept by a frame are read back by the next run's frame
    exactly as rendering and measuring them gives (a ruled underscore, look-alike dashes,
    Japanese, an empty text), without opening any font."""
    _window()
    keeper = _kept_frame()
    rendered = _texts_used()
    assert keeper.painted == len(TEXTS) and keeper.missed
    keeper.close()
    assert fonts.kept_texts() is None
    path = _texts_copy()
    with monkeypatch.context() as patch:
        patch.setattr(pygame.font, "Font", _no_painting)
        keeper = _kept_frame()
        assert _texts_used() == rendered
        assert keeper.painted == 0 and not keeper.missed
        written = path.stat().st_mtime_ns
        keeper.close()
        # after the frame the texts read back stay in fonts' cache: still no font opened
        assert _texts_used() == rendered
    assert path.stat().st_mtime_ns == written  # nothing was missing: not written again
    fonts.reset()
    assert _texts_used() == rendered  # and what fonts renders by itself is the same


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
def test_the_menu_with_its_texts_kept_is_the_menu_rendered(size, lang, monkeypatch):
    """issue #37: the title menu's first frame drawn with the texts kept by the run before
    opens no font and is the same picture as the menu whose texts were rendered."""
    app = make_app(size, lang)
    fonts.font.cache_clear()
    app.keep_first_texts()
    app.push(MenuScene(app))
    app.draw()
    painted = pygame.image.tobytes(app.screen, "RGB")
    assert app.first_texts is not None and app.first_texts.painted > 10
    app._first_frame_shown()
    app.pop()
    fonts.font.cache_clear()
    monkeypatch.setattr(pygame.font, "Font", _no_painting)
    app.keep_first_texts()
    app.push(MenuScene(app))
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == painted
    assert app.first_texts is not None and app.first_texts.painted == 0


def test_a_change_to_the_font_or_the_text_code_is_another_texts_copy(tmp_path, monkeypatch):
    """issue #37: a text is never shown from a copy made with another font or other
    drawing code: each font file's table directory (every table's checksum) and size,
    and the code of fonts.py, are part of the copy's name."""
    regular = tmp_path / "regular.ttf"
    shutil.copy(fonts.REGULAR, regular)
    code = tmp_path / "fonts.py"
    shutil.copy(fonts.__file__, code)
    monkeypatch.setattr(fonts, "REGULAR", regular)
    monkeypatch.setattr(fonts, "__file__", str(code))

    def path():
        kept._checksum_of.cache_clear()
        return kept_text._path("menu-en-1280x720")

    first = path()
    assert first is not None and path() == first
    assert kept_text._path("menu-ja-1280x720") != first
    data = bytearray(regular.read_bytes())
    data[12 + 4] ^= 1  # the first table's checksum in the directory: another font
    regular.write_bytes(bytes(data))
    second = path()
    assert second not in (None, first)
    regular.write_bytes(bytes(data) + b"\0")  # the same directory, another size
    third = path()
    assert third not in (None, first, second)
    code.write_text(code.read_text() + "\n# a change to how text is drawn\n")
    assert path() not in (None, first, second, third)
    regular.write_bytes(b"not a font")  # nothing kept, texts rendered each time
    assert path() is None
    regular.unlink()
    assert path() is None


def _damaged_texts(good: bytes) -> dict[str, bytes]:
    magic = kept_text.MAGIC
    head, _, pixels = good[len(magic) :].partition(b"\n")
    header = json.loads(head)

    def with_crc(body: bytes, changed: dict | None = None, fixed: bool = True) -> bytes:
        """A copy with ``changed`` in its header, its crc made right for it (or not:
        a header damaged after it was written)."""
        edited = {**header, **(changed or {})}
        if fixed:
            edited["crc"] = kept_text._crc(edited, body)
        return magic + json.dumps(edited, ensure_ascii=False).encode() + b"\n" + body

    other_format = [[*entry[:4], [24, *entry[4][1:]]] for entry in header["texts"]]
    return {
        "empty": b"",
        "not ours": b"\x89PNG\r\n" + good[8:],
        "cut short": good[: len(good) // 2],
        "bad header": magic + b"{not json\n" + pixels,
        "bad crc": magic + head.replace(b'"crc": ', b'"crc": 1') + b"\n" + pixels,
        "flipped bit": magic + head + b"\n" + pixels[:40] + bytes([pixels[40] ^ 1]) + pixels[41:],
        "short pixels": with_crc(pixels[:-4]),
        "long pixels": with_crc(pixels + b"1234"),
        "other size": with_crc(pixels, {"sizes": [[h, w] for w, h in header["sizes"]]}, False),
        "other text": with_crc(pixels, {"texts": [["x", *e[1:]] for e in header["texts"]]}, False),
        "a size missing": with_crc(pixels, {"sizes": header["sizes"][1:]}),
        "other format": with_crc(pixels, {"texts": other_format}),
        "bad fit": with_crc(pixels, {"fits": [[1]]}),
    }


def test_a_damaged_texts_copy_is_rendered_again_and_replaced():
    """issue #37: a copy of the texts that is empty, cut short, of another size or pixel
    format, with a flipped bit or a damaged header is never shown: every text is rendered
    again, the same as ever, and the copy written anew once the frame is shown."""
    _window()
    keeper = _kept_frame()
    rendered = _texts_used()
    keeper.close()
    path = _texts_copy()
    good = path.read_bytes()
    damaged = _damaged_texts(good)
    assert good not in damaged.values()
    for problem, data in damaged.items():
        path.write_bytes(data)
        keeper = _kept_frame()
        assert _texts_used() == rendered, problem
        assert keeper.painted == len(TEXTS), problem
        keeper.close()
        assert path.read_bytes() == good, problem


def test_old_texts_copies_go_and_the_folder_is_bounded(monkeypatch):
    """issue #37: a copy made with another font replaces its frame's old one, and each
    language and window size keeps its own copy up to MAX_FILES, the oldest going first."""
    _window()
    monkeypatch.setattr(kept_text, "MAX_FILES", 3)
    for n in range(5):
        keeper = _kept_frame(f"menu-en-{n}x{n}")
        fonts.render("Play", 18)
        keeper.close()
    left = sorted(p.name.split("-")[2] for p in kept_text.folder().glob("*.txts"))
    assert left == ["2x2", "3x3", "4x4"]
    old = kept_text.folder() / "menu-en-4x4-0000000000000000.txts"
    old.write_bytes(b"made with an older font")
    for current in kept_text.folder().glob("menu-en-4x4-*"):
        if current != old:
            current.unlink()  # as if the font had changed since: rendered and kept anew
    keeper = _kept_frame("menu-en-4x4")
    fonts.render("Play", 18)
    keeper.close()
    assert not old.exists() and len(list(kept_text.folder().glob("menu-en-4x4-*"))) == 1
