"""Make the phone page's font (issue #39): the box's own BIZ UDPGothic (assets/fonts, SIL
OFL 1.1, no reserved font name), cut with fontTools down to the characters the phone page
can show in both languages, as WOFF files served beside the page.

    python tools/phone_font.py          # writes game/web/phone/derby-{regular,bold}.woff
    python tools/phone_font.py --check  # exit 1 if a character the page shows is missing

The characters are every printable ASCII character (numbers, seat keys, tile labels
such as 5A), every other character written in the page's files (its texts in English
and Japanese live in phone.js), and those of the coach's words the host sends a phone
(issue #40: data/i18n/*/coach.yaml, the keys ``game.net.phone_coach.SAID_KEYS`` names). A person's own name may hold others: the page's CSS
falls back to the phone's fonts for them, so nothing is ever drawn as a box. Run it
after changing the page's texts; ``tests/test_phone_font.py`` fails until it is run.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.paths import FONTS_DIR

PAGE_DIR = ROOT / "game" / "web" / "phone"
PAGE_FILES = ("index.html", "phone.js", "phone.css", "manifest.webmanifest")
WEIGHTS = {"regular": "BIZUDPGothic-Regular.ttf", "bold": "BIZUDPGothic-Bold.ttf"}
# tables a browser never reads for horizontal text on a page
DROPPED = ["vhea", "vmtx", "VORG", "meta", "DSIG"]


def output(weight: str) -> Path:
    return PAGE_DIR / f"derby-{weight}.woff"


def page_characters() -> set[str]:
    """Every character the phone page can show of its own: printable ASCII and every
    other character written in its files (whitespace and control characters aside), and
    those of the coach's words the host may send it in either language (issue #40:
    game.net.phone_coach.SAID_KEYS; the numbers and moves in them are ASCII)."""
    from game.net.phone_coach import said_texts  # the catalogs the coach speaks from

    chars = {chr(code) for code in range(0x20, 0x7F)}
    texts = [(PAGE_DIR / name).read_text(encoding="utf-8") for name in PAGE_FILES]
    texts += said_texts("en") + said_texts("ja")
    for text in texts:
        chars |= {c for c in text if ord(c) > 0x7E and c.isprintable()}
    return chars


def subset(weight: str, chars: set[str]) -> bytes:
    """The bundled font of ``weight`` cut to ``chars``, as WOFF (zlib: every browser reads
    it, and no compressor beyond the standard library is needed)."""
    from fontTools import subset as ft

    options = ft.Options()
    options.flavor = "woff"
    options.hinting = False  # a phone's screen is dense: hints only weigh
    options.desubroutinize = True  # compresses better
    options.drop_tables += DROPPED
    options.notdef_outline = True
    font = ft.load_font(str(FONTS_DIR / WEIGHTS[weight]), options)
    cutter = ft.Subsetter(options)
    cutter.populate(unicodes=sorted(ord(c) for c in chars))
    cutter.subset(font)
    out = io.BytesIO()
    ft.save_font(font, out, options)
    return out.getvalue()


def covered(path: Path) -> set[str]:
    """The characters a made font file has a glyph for."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path)) as font:
        return {chr(code) for code in font.getBestCmap()}


def missing() -> dict[str, list[str]]:
    """Characters the page may show that a made font lacks, by weight (a file not made
    yet lacks them all)."""
    chars = page_characters()
    out = {}
    for weight in WEIGHTS:
        path = output(weight)
        have = covered(path) if path.exists() else set()
        if lacking := sorted(chars - have):
            out[weight] = lacking
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        lacking = missing()
        for weight, chars in lacking.items():
            print(f"{output(weight).name}: lacks {''.join(chars[:40])!r} ({len(chars)})")
        return 1 if lacking else 0
    chars = page_characters()
    for weight in WEIGHTS:
        body = subset(weight, chars)
        output(weight).write_bytes(body)
        print(f"{output(weight).relative_to(ROOT)}: {len(chars)} characters, {len(body)} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
