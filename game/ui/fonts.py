"""The bundled BIZ UDPGothic (SIL OFL 1.1, assets/fonts/OFL.txt): Latin and Japanese
glyphs in one face. pygame's default font has no Japanese, so it is never used."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.paths import FONTS_DIR

REGULAR = FONTS_DIR / "BIZUDPGothic-Regular.ttf"
BOLD = FONTS_DIR / "BIZUDPGothic-Bold.ttf"


# Sizes at which the face drops a glyph that matters: BIZ UDPGothic Regular draws no
# minus sign (U+2212) at 13 px, so "−3" read as "3". Such sizes are nudged up by one.
_AVOID_SIZES = {13}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(9, int(size))  # at 8 px the minus and the hyphen fade out entirely
    if size in _AVOID_SIZES:
        size += 1
    return pygame.font.Font(str(BOLD if bold else REGULAR), size)


NOT_A_CHARACTER = "\U0010fffd"  # private use: no font draws it, so it shows as tofu


def _bitmap(f: pygame.font.Font, ch: str) -> tuple:
    image = f.render(ch, True, (0, 0, 0), (255, 255, 255))
    return image.get_size(), pygame.image.tobytes(image, "RGB")


def missing_glyphs(text: str, size: int = 20, face: pygame.font.Font | None = None) -> list[str]:
    """Characters of ``text`` the font cannot draw: FreeType draws its tofu box for them
    (metrics alone do not tell), so each glyph is compared with the tofu itself."""
    f = face or font(size)
    tofu = _bitmap(f, NOT_A_CHARACTER)
    return sorted({ch for ch in text if not ch.isspace() and _bitmap(f, ch) == tofu})


@lru_cache(maxsize=512)
def _render(text: str, size: int, bold: bool, colour: tuple) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)


def render(text: str, size: int, colour=(30, 30, 40), bold: bool = False) -> pygame.Surface:
    """A cached text surface (drawing the same label every frame costs nothing)."""
    return _render(text, int(size), bold, tuple(colour))


def ellipsize(face: pygame.font.Font, text: str, width: int) -> str:
    """``text`` if it fits ``width`` pixels in ``face``; else its longest prefix (one
    character at least) that fits with "…" after it. The cut is found by binary search:
    ~log2(n) measurements of the text, not n (cutting a character at a time measured a
    50,000-character name 50,000 times, for minutes)."""
    if face.size(text)[0] <= width:
        return text
    lo, hi = 1, max(1, len(text) - 1)  # the whole text does not fit, with "…" neither
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if face.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


@lru_cache(maxsize=1024)
def fit(text: str, size: int, width: int, floor: int, bold: bool = False) -> tuple[str, int]:
    """``text`` at the largest size from ``size`` down to ``floor`` at which it fits
    ``width`` pixels, or cut with "…" at ``floor``: (the text to draw, its size)."""
    for s in range(int(size), int(floor) - 1, -1):
        if font(s, bold).size(text)[0] <= width:
            return text, s
    floor = min(int(size), int(floor))
    return ellipsize(font(floor, bold), text, width), floor


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break text into lines that fit ``width`` pixels; works for Japanese (no spaces)
    as well as English (breaks at spaces where it can). Cached: a log or a hint is
    wrapped once, not on every frame it is drawn (a copy, so callers may change it)."""
    return list(_wrap(text, int(size), int(width), bold))


@lru_cache(maxsize=2048)
def _wrap(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph:
            lines.append("")
            continue
        line = ""
        for token in _tokens(paragraph):
            candidate = line + token
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            elif token in NO_LINE_START:
                # Japanese line-breaking (kinsoku): a closing mark never starts a line, and
                # it does not hang past the width either: the character before it goes
                # down with it (with any closing marks before that one too)
                cut = len(line) - 1
                while cut > 1 and line[cut] in NO_LINE_START:
                    cut -= 1
                if cut < 1:  # nothing left to take down: the line keeps the mark
                    line = candidate
                    continue
                lines.append(line[:cut].rstrip())
                line = line[cut:] + token
            else:
                lines.append(line.rstrip())
                line = token.lstrip()
        lines.append(line.rstrip())
    return tuple(lines)


NO_LINE_START = set(
    "、。，．・：；？！ー）」』】〕〉》｝］ゝゞ々ぁぃぅぇぉっゃゅょァィゥェォッャュョ…"
)


def _tokens(paragraph: str) -> list[str]:
    """Words with their trailing space for Latin text, single characters for CJK."""
    tokens: list[str] = []
    word = ""
    for ch in paragraph:
        if ord(ch) > 0x2E80:
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        else:
            word += ch
            if ch == " ":
                tokens.append(word)
                word = ""
    if word:
        tokens.append(word)
    return tokens


def reset() -> None:
    """Forget cached fonts and text (they die with pygame.quit; a new App starts fresh)."""
    font.cache_clear()
    _render.cache_clear()
    fit.cache_clear()
    _wrap.cache_clear()
