"""issue #38: the en dash of "1–8" (Eight Routes' keys, Duck's hints) vanished at 16 px:
BIZ UDPGothic Regular's dash is one pixel thin, and at that size the hinting gives it no
height. The text is drawn with a look-alike of the same width where the dash itself
vanishes, and the glyph check (what the layout audit reports as missing_glyph) finds a
character drawn as nothing, not only the font's tofu."""

from __future__ import annotations

import pygame
import pytest

from game.ui import fonts


@pytest.fixture(autouse=True)
def _font():
    pygame.font.init()
    yield


def _ink_between(text: str, size: int, bold: bool) -> int:
    """The columns with ink between the first and the last character of ``text`` (a
    one-character gap: the dash's), as :func:`fonts.render` draws it."""
    image = fonts.render(text, size, (0, 0, 0), bold)
    face = fonts.font(size, bold)
    left = face.size(text[0])[0]
    right = face.size(text[:-1])[0]
    return sum(
        1
        for x in range(left, right)
        if any(image.get_at((x, y)).a > 60 for y in range(image.get_height()))
    )


@pytest.mark.parametrize("dash", ["–", "—", "―"])
@pytest.mark.parametrize(("size", "bold"), [(16, False), (10, True), (15, False), (20, True)])
def test_issue_38_a_dash_is_drawn_at_every_size(dash, size, bold):
    """issue #38: "1–8" at 16 px showed "1 8": the dash is drawn, at least a few pixels
    wide, at the sizes where the face drops it and at those where it does not."""
    assert _ink_between(f"1{dash}8", size, bold) >= 3


def test_issue_38_the_look_alike_keeps_the_width_and_only_where_the_dash_vanishes():
    """issue #38: the look-alike is as wide as the dash at 16 px (the layout measured
    the text with the dash), and at 15 px, where the dash is drawn, the text is as
    written."""
    face = fonts.font(16)
    assert fonts.drawable(face, "1–8") != "1–8"
    assert face.size(fonts.drawable(face, "keys 1–8")) == face.size("keys 1–8")
    assert fonts.drawable(fonts.font(15), "1–8") == "1–8"
    assert fonts.drawable(face, "ルート1") == "ルート1"


def test_issue_38_the_glyph_check_finds_a_character_drawn_as_nothing(monkeypatch):
    """issue #38: the glyph check compared glyphs with the tofu only, so a dash drawn as
    nothing passed it. Without its look-alike, the en dash at 16 px is found; with it,
    not; a tofu character still is."""
    assert fonts.missing_glyphs("1–8", 16) == []
    monkeypatch.setattr(fonts, "drawable", lambda face, text: text)
    assert fonts.missing_glyphs("1–8", 16) == ["–"]
    assert fonts.missing_glyphs("1–8", 15) == []
    assert fonts.missing_glyphs("\U0010fffe", 16) == ["\U0010fffe"]
