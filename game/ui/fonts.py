"""The bundled BIZ UDPGothic (SIL OFL 1.1, assets/fonts/OFL.txt): Latin and Japanese
glyphs in one face. pygame's default font has no Japanese, so it is never used."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.paths import FONTS_DIR

if TYPE_CHECKING:
    import budoux

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
    (metrics alone do not tell), so each glyph is compared with the tofu itself; and
    characters with an outline that come out as nothing as :func:`render` draws them
    (after their look-alike, with the underscore's own line): the en dash at 16 px and
    the underscore at 16, 20 and 27 px were dropped so (issue #38)."""
    f = face or font(size)
    tofu = _bitmap(f, NOT_A_CHARACTER)
    return sorted(
        {
            ch
            for ch in text
            if not ch.isspace()
            and (_bitmap(f, ch) == tofu or (_has_outline(f, ch) and _drawn_blank(f, ch)))
        }
    )


def _has_outline(face: pygame.font.Font, ch: str) -> bool:
    """``ch`` has a glyph with an extent in ``face`` (a space or a joiner has none)."""
    metrics = face.metrics(ch)
    box = metrics[0] if metrics else None
    return box is not None and box[1] > box[0]


def _drawn_blank(face: pygame.font.Font, ch: str) -> bool:
    """``ch`` comes out of :func:`_draw` as no pixel at all."""
    return _draw(face, ch, (0, 0, 0)).get_bounding_rect().w == 0


# Look-alikes, each as wide, of the dashes BIZ UDPGothic draws as nothing at some sizes
# (issue #38: the en dash of "1–8" vanished at 16 px): their stroke is one pixel thin,
# and at those sizes the hinting gives it no height (Regular at 10, 11 and 16 px, Bold
# at 10). A look-alike is drawn in their place only where the dash itself vanishes.
LOOK_ALIKES = {"–": ("-", "‐"), "—": ("--",), "―": ("--",), "−": ("-",)}


@lru_cache(maxsize=1024)
def _vanishes(face: pygame.font.Font, ch: str) -> bool:
    """``ch`` has an outline in ``face`` (it is no space) but is drawn as no pixel."""
    if not _has_outline(face, ch):
        return False
    return face.render(ch, True, (0, 0, 0)).get_bounding_rect().w == 0


def drawable(face: pygame.font.Font, text: str) -> str:
    """``text`` as ``face`` draws it: each dash that would vanish at this size in its
    look-alike (:data:`LOOK_ALIKES`), the first that is drawn; the text itself when
    none vanishes (the common case: one scan of the text)."""
    if not any(ch in LOOK_ALIKES for ch in text):
        return text
    out = []
    for ch in text:
        if ch in LOOK_ALIKES and _vanishes(face, ch):
            seen = (alt for alt in LOOK_ALIKES[ch] if not any(_vanishes(face, c) for c in alt))
            ch = next(seen, ch)
        out.append(ch)
    return "".join(out)


class TextKeeper(Protocol):
    """Where :func:`render` and :func:`fit` take their answers while one is given
    (game.ui.kept_text: the first frame's texts kept from the run before, issue #37):
    it answers from its copy, or asks ``paint``/``measure`` for the answer."""

    def render(
        self, key: tuple[str, int, bool, tuple], paint: Callable[[], pygame.Surface]
    ) -> pygame.Surface: ...

    def fit(
        self, key: tuple[str, int, int, int, bool], measure: Callable[[], tuple[str, int]]
    ) -> tuple[str, int]: ...


_keeper: list[TextKeeper] = []  # the one given, if any


def keep_texts(keeper: TextKeeper | None) -> None:
    """Take texts and fits from ``keeper`` (None: render and measure what is not cached
    by themselves again; what the keeper answered stays cached, the same pixels)."""
    _keeper.clear()
    if keeper is not None:
        _keeper.append(keeper)
        _render.cache_clear()  # every answer asked of the keeper: it notes what was used
        fit.cache_clear()


def kept_texts() -> TextKeeper | None:
    return _keeper[0] if _keeper else None


@lru_cache(maxsize=512)
def _render(text: str, size: int, bold: bool, colour: tuple) -> pygame.Surface:
    if _keeper:
        return _keeper[0].render(
            (text, size, bold, colour), lambda: _draw(font(size, bold), text, colour)
        )
    return _draw(font(size, bold), text, colour)


def _draw(face: pygame.font.Font, text: str, colour: tuple) -> pygame.Surface:
    """``text`` as a person sees it: dashes that would vanish in their look-alike
    (:func:`drawable`), and each underscore ruled by hand (:func:`_rule_underscores`)."""
    image = face.render(drawable(face, text), True, colour)
    if "_" in text:
        _rule_underscores(image, face, text, colour)
    return image


def _rule_underscores(
    image: pygame.Surface, face: pygame.font.Font, text: str, colour: tuple
) -> None:
    """Draw each "_" of ``text`` on ``image`` as a line (issue #38: "a_b" read "ab").

    BIZ UDPGothic's underscore lies on the face's descent line, one twentieth of an em
    thin: hinted, it has no height at most sizes (8-12, 16-20, 27-29, 37 px) or falls
    under the text's box, and there is no look-alike of its width to draw instead. So
    the text keeps its underscores (its width and height are what the layout measured)
    and a line is ruled under each one's advance: as thick as the hinted glyph (one
    pixel at least), at its place below the baseline, lifted into the box where the
    glyph would fall out of it. The glyph's own pixels, where it has any, are covered
    by the same colour, so every size looks the same."""
    metrics = face.metrics("_")
    box = metrics[0] if metrics else None
    if box is None:
        return
    _minx, _maxx, low, high, _advance = box
    thickness = max(1, high - low)
    top = max(0, min(face.get_ascent() - high, image.get_height() - thickness))
    ink = tuple(colour[:3])
    start = 0
    while (at := text.find("_", start)) >= 0:
        left = face.size(text[:at])[0]
        right = face.size(text[: at + 1])[0]
        image.fill(ink, pygame.Rect(left, top, max(1, right - left), thickness))
        start = at + 1


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
    if _keeper:
        key = (text, int(size), int(width), int(floor), bold)
        return _keeper[0].fit(key, lambda: _fit(text, size, width, floor, bold))
    return _fit(text, size, width, floor, bold)


def _fit(text: str, size: int, width: int, floor: int, bold: bool) -> tuple[str, int]:
    for s in range(int(size), int(floor) - 1, -1):
        if font(s, bold).size(text)[0] <= width:
            return text, s
    floor = min(int(size), int(floor))
    return ellipsize(font(floor, bold), text, width), floor


# a wrapped paragraph's line step, times its text size: the bundled font's own line
# height equals its size, and lines drawn at it almost touch (POLISH3, issue #38)
PARAGRAPH_LINE = 1.25


def line_step(size: int, bold: bool = False) -> int:
    """The step from one line of a wrapped paragraph (:func:`wrap`) to the next at
    ``size``: a gap of a quarter of the size between lines. A single line's own height
    (``font(size).get_linesize()``) is unchanged."""
    return max(font(size, bold).get_linesize() + 1, round(size * PARAGRAPH_LINE))


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
        lines += _wrap_paragraph(paragraph, f, width)
    return tuple(lines)


def _wrap_paragraph(paragraph: str, f: pygame.font.Font, width: int) -> list[str]:
    """One paragraph's lines: its clusters (:func:`_clusters`) laid greedily, a cluster
    wider than the whole width laid a token at a time (the width wins over kinsoku); a
    token wider than the width alone gets a line of its own, as it always did, with the
    marks that cling to it."""
    rows: list[list[str]] = [[]]  # each line as the clusters on it (as they came)

    def fits(row: list[str], piece: str) -> bool:
        return not row or f.size(_line(rows, row) + piece)[0] <= width

    for cluster in _phrases(_clusters(_tokens(paragraph)), paragraph, f, width):
        whole = "".join(cluster)
        pieces = [whole]
        # too wide alone: cut into as few pieces as fit, unless one of its tokens is
        # wider than a line itself (that line is too wide anyway: its marks stay)
        if (
            len(cluster) > 1
            and f.size(whole)[0] > width
            and all(f.size(token.rstrip())[0] <= width for token in cluster)
        ):
            pieces = _pack(cluster, f, width)
        for piece in pieces:
            if fits(rows[-1], piece):
                rows[-1].append(piece)
            else:
                rows.append([piece])
    _no_lone_last_character(rows, f, width, paragraph)
    return [_line(rows, row).rstrip() for row in rows]


def _phrases(
    clusters: list[list[str]], paragraph: str, f: pygame.font.Font, width: int
) -> list[list[str]]:
    """Japanese breaks by phrase (issue #38: "ダッ/シュ", "くん/くん", "プレイ/ヤー" broke
    mid-word): the clusters of one BudouX phrase laid as one cluster, so a line breaks
    only between phrases; a phrase wider than the whole line falls back to its
    clusters (character breaks, kinsoku kept). A break after a space stays a break
    (Latin words inside Japanese). English paragraphs are left as they are."""
    if len(clusters) < 2 or not any(_is_cjk(ch) for ch in paragraph):
        return clusters
    starts = _phrase_starts(paragraph)
    groups: list[list[list[str]]] = [[clusters[0]]]
    offset = len("".join(clusters[0]))
    for cluster in clusters[1:]:
        if offset in starts or groups[-1][-1][-1].endswith(" "):
            groups.append([cluster])
        else:
            groups[-1].append(cluster)
        offset += len("".join(cluster))
    laid: list[list[str]] = []
    for group in groups:
        tokens = [token for cluster in group for token in cluster]
        if len(group) == 1 or f.size("".join(tokens).rstrip())[0] <= width:
            laid.append(tokens)
        else:
            laid += group
    return laid


@lru_cache(maxsize=4096)
def _phrase_starts(paragraph: str) -> frozenset[int]:
    """Where BudouX starts a phrase in ``paragraph`` (character offsets, 0 excluded).
    Cached: the same texts are wrapped at many widths and sizes."""
    starts: set[int] = set()
    offset = 0
    for phrase in _budoux().parse(paragraph):
        offset += len(phrase)
        starts.add(offset)
    starts.discard(len(paragraph))
    return frozenset(starts)


@lru_cache(maxsize=1)
def _budoux() -> budoux.Parser:
    """The Japanese phrase parser, loaded once, when Japanese is first wrapped."""
    import budoux  # start-up: its model is read only when Japanese is first wrapped

    return budoux.load_default_japanese_parser()


def _line(rows: list[list[str]], row: list[str]) -> str:
    """A row's text: a line after the first starts without the space it broke at."""
    text = "".join(row)
    return text if row is rows[0] else text.lstrip()


def _pack(tokens: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """``tokens`` joined greedily into pieces no wider than ``width`` each."""
    pieces = [tokens[0]]
    for token in tokens[1:]:
        if f.size(pieces[-1] + token)[0] <= width:
            pieces[-1] += token
        else:
            pieces.append(token)
    return pieces


def _no_lone_last_character(rows: list[list[str]], f, width: int, paragraph: str) -> None:
    """Japanese: a last line of one character (with the marks that follow it, "す。")
    takes the last cluster of the line before
    down with it (if that line keeps a cluster and the two fit). A lone letter or digit
    is a word of its own ("ルート" over "1" in a narrow column head, not "ルー" over
    "ト1"), and English is left as it is."""
    if len(rows) < 2 or not any(_is_cjk(ch) for ch in paragraph):
        return
    last, before = rows[-1], rows[-2]
    # the punctuation after a character ("す。") does not make it more than one
    core = "".join(ch for ch in _line(rows, last).strip() if ch not in PUNCTUATION)
    if len(core) != 1 or before[-1].endswith(" ") or not _is_cjk(core):
        return
    moved = before[-1]
    if len(before) < 2:
        # the line is one phrase (issue #38): its last cluster goes down ("あなた" over
        # "の席", not "あなたの" over "席"), a widow being worse than a phrase cut
        inside = _clusters(_tokens(moved))
        if len(inside) < 2:
            return
        moved = "".join(inside[-1])
    if f.size(moved + _line(rows, last))[0] <= width:
        before[-1] = before[-1][: len(before[-1]) - len(moved)]
        if not before[-1]:
            before.pop()
        last.insert(0, moved)


# Japanese line breaking (kinsoku): what never ends a line (an opening bracket), and what
# never starts one (closing marks, small kana, the long-vowel mark, sentence marks)
NO_LINE_END = set("「『（【〈《［｛〔“‘([")
NO_LINE_START = set(
    "、。，．・：；？！ー）」』】〕〉》｝］ゝゞ々…”’ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ!?.,)]"
)

# the marks of NO_LINE_START that are punctuation, not part of a word (ー, small kana)
PUNCTUATION = set("、。，．・：；？！）」』】〕〉》｝］…”’!?.,)]")


def _is_cjk(ch: str) -> bool:
    return ord(ch) > 0x2E80


def _clusters(tokens: list[str]) -> list[list[str]]:
    """Tokens that must stay on one line together: a token that starts with a closing
    mark joins the one before it, a token that ends with an opening bracket the one
    after it (a mark and its neighbour are broken apart only when they are wider than a
    whole line)."""
    clusters: list[list[str]] = []
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        if before and (
            _glued(before[-1], token[0], NO_LINE_END, before, token)
            or _glued(token[0], before[-1], NO_LINE_START, token, before)
        ):
            clusters[-1].append(token)
        else:
            clusters.append([token])
    return clusters


def _glued(mark: str, neighbour: str, marks: set[str], token: str, other: str) -> bool:
    """``mark`` (an edge of ``token``) holds on to ``neighbour`` (the facing edge of
    ``other``): a Japanese mark always, an ASCII one only next to Japanese (English
    text wraps as it always has: "(1st, 2nd, …)" may break before "…)")."""
    if mark not in marks or neighbour.isspace():
        return False
    return _is_cjk(mark) or _is_cjk(neighbour) or mark in "“‘"


def _tokens(paragraph: str) -> list[str]:
    """Words with their trailing space for Latin text, single characters for CJK."""
    tokens: list[str] = []
    word = ""
    for ch in paragraph:
        if _is_cjk(ch):
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
    _phrase_starts.cache_clear()
