"""Issue #39, "one look with the box": the phone page's font is the box's own (BIZ
UDPGothic, OFL), cut by tools/phone_font.py to the characters the page can show; the
cut covers every one of them in both languages and weights, the box's font can draw
every one (no emoji or sign it lacks is written in the page: never a box for a glyph),
and the page is served with it inside the weight budget."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from game.net import phone
from game.paths import FONTS_DIR
from tools import phone_font


def test_the_cut_font_covers_every_character_the_page_can_show():
    """issue #39: the subset covers every character of the page in both languages (run
    tools/phone_font.py after changing the page's texts)."""
    chars = phone_font.page_characters()
    assert {"あ", "手", "札", "5", "A", "→"} <= chars  # both languages are read
    assert phone_font.missing() == {}, "run: python tools/phone_font.py"


def test_the_box_font_draws_every_character_the_page_writes():
    """issue #39: never tofu -- a character the box's font lacks is never written in the
    page (its emoji were replaced by words and the font's own arrows)."""
    chars = phone_font.page_characters()
    for name in phone_font.WEIGHTS.values():
        with TTFont(str(FONTS_DIR / name)) as font:
            lacking = sorted(c for c in chars if ord(c) not in font.getBestCmap())
        assert not lacking, (name, lacking)


def test_the_font_and_its_licence_are_served_within_the_budget():
    """issue #39: the fonts and the OFL are page files; all of it <= 250 KB."""
    for weight in phone_font.WEIGHTS:
        name = phone_font.output(weight).name
        assert phone.FILES[f"/phone/{name}"] == (name, "font/woff")
        assert phone.page_file(name, "font/woff") is not None
    licence = phone.page_file("OFL.txt", "text/plain; charset=utf-8")
    assert licence is not None and b"SIL OPEN FONT LICENSE" in licence.body
    assert phone.page_weight() <= phone.PAGE_BUDGET
