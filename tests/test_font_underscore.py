"""issue #38: the bundled BIZ UDPGothic's underscore comes out as nothing at 16, 20 and
27 px (and 8-12, 17-19, 28, 29, 37 px): its stroke lies on the face's descent line and
the hinting gives it no height or drops it under the text's box, so a player named
"a_b" read "ab". The text is drawn with its underscores and a line ruled under each
one's advance; the glyph check (what the layout audit reports as missing_glyph) looks
at the text as drawn."""

from __future__ import annotations

import pygame
import pytest

from game.ui import fonts

SIZES = range(8, 65)


@pytest.fixture(autouse=True)
def _font():
    pygame.font.init()
    yield


def _face(size: int, bold: bool) -> pygame.font.Font:
    """The bundled face at exactly ``size`` (``fonts.font`` nudges 8 and 13 up)."""
    return pygame.font.Font(str(fonts.BOLD if bold else fonts.REGULAR), size)


def _ink_columns(image: pygame.Surface, left: int, right: int) -> set[int]:
    return {
        x
        for x in range(left, right)
        if any(image.get_at((x, y)).a > 60 for y in range(image.get_height()))
    }


@pytest.mark.parametrize("bold", [False, True])
def test_issue_38_the_glyph_check_finds_the_underscore_at_every_size(bold):
    """issue #38: at every size from 8 to 64 px, Regular and Bold, the underscore is
    drawn (the audit's glyph check finds nothing missing in "a_b")."""
    missing = {s: fonts.missing_glyphs("a_b", face=_face(s, bold)) for s in SIZES}
    assert {s: m for s, m in missing.items() if m} == {}


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [9, 16, 20, 27, 37, 40, 64])
def test_issue_38_a_name_with_an_underscore_shows_it_across_its_advance(size, bold):
    """issue #38: "a_b" read "ab" at 16, 20 and 27 px. As ``fonts.render`` draws it, the
    underscore's whole advance has ink, under the baseline (not on the letters' row),
    and the text keeps the size the layout measured."""
    image = fonts.render("a_b", size, (0, 0, 0), bold)
    face = fonts.font(size, bold)
    assert image.get_size() == face.size("a_b")
    left, right = face.size("a")[0], face.size("a_")[0]
    assert _ink_columns(image, left, right) == set(range(left, right))
    rows = {
        y
        for y in range(image.get_height())
        if any(image.get_at((x, y)).a > 60 for x in range(left, right))
    }
    assert min(rows) >= face.get_ascent()  # below the baseline, as an underscore lies


def test_issue_38_every_underscore_of_a_text_is_ruled_and_nothing_else():
    """issue #38: each underscore of "x_y__z" gets its line (a double one reads as one
    long line), the letters keep their look, and a text without one is drawn as the
    face draws it."""
    face = fonts.font(16)
    text = "x_y__z"
    image = fonts.render(text, 16, (0, 0, 0))
    for at in (1, 3, 4):
        left, right = face.size(text[:at])[0], face.size(text[: at + 1])[0]
        assert _ink_columns(image, left, right) == set(range(left, right))
    plain = fonts.render("xyz", 16, (0, 0, 0))
    assert pygame.image.tobytes(plain, "RGBA") == pygame.image.tobytes(
        face.render("xyz", True, (0, 0, 0)), "RGBA"
    )


def test_issue_38_without_the_ruled_line_the_glyph_check_finds_the_underscore(monkeypatch):
    """issue #38: the glyph check looks at the text as drawn: without the ruled line,
    the underscore at 16 px is reported missing, as the audit should have said."""
    assert fonts.missing_glyphs("a_b", 16) == []
    monkeypatch.setattr(fonts, "_rule_underscores", lambda *args: None)
    assert fonts.missing_glyphs("a_b", 16) == ["_"]
    assert fonts.missing_glyphs("a_b", 64) == []
