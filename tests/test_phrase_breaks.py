"""Japanese line breaks by phrase (issue #38, "Words"): ``fonts.wrap`` breaks Japanese
between BudouX phrases, so ダッシュ, くんくん and プレイヤー no longer break mid-word; kinsoku
still holds, and a phrase wider than a whole line falls back to character breaks, so a
line still never overflows."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import fonts
from game.ui.i18n import catalog

WORDS = ("ダッシュ", "くんくん", "プレイヤー")
SENTENCES = (
    "アヒルがダッシュカードでダッシュします。",
    "くんくんがにおいをかいで、くんくんと鳴きました。",
    "次のプレイヤーはカードを選んでください。",
    "スタートプレイヤーがダッシュして、くんくんを追い越します。",
)


@pytest.fixture(autouse=True)
def _pygame_font():
    pygame.font.init()
    yield
    fonts.reset()


def _breaks_inside(lines: list[str], word: str) -> bool:
    """A line ends with the start of ``word`` and the next begins with its rest."""
    for before, after in itertools.pairwise(lines):
        for cut in range(1, len(word)):
            if before.endswith(word[:cut]) and after.startswith(word[cut:]):
                return True
    return False


def _widest_phrase(text: str, size: int) -> int:
    """The widest phrase of ``text`` as the wrapper sees them (BudouX's phrases joined
    where they cut a Latin word; no line is narrow enough to split one)."""
    f = fonts.font(size)
    groups = fonts._phrases(fonts._clusters(fonts._tokens(text)), text, f, 10**6)
    return max(f.size("".join(group).rstrip())[0] for group in groups)


def test_the_words_the_reviewer_saw_broken_stay_whole_at_every_width():
    """issue #38: ダッ/シュ, くん/くん, プレイ/ヤー broke mid-word; now no width from the
    widest phrase up cuts them."""
    bad = []
    for text in SENTENCES:
        for width in range(_widest_phrase(text, 16), 420, 3):
            lines = fonts.wrap(text, 16, width)
            assert "".join(lines) == text
            bad += [f"{width}px {lines}" for word in WORDS if _breaks_inside(lines, word)]
    assert not bad, "\n".join(bad[:10])


def test_the_old_wrap_did_break_these_words():
    """The test above is not empty: laid a character at a time (the old way), some
    width cuts each of the three words."""
    f = fonts.font(16)
    broken = set()
    for text in SENTENCES:
        for width in range(f.size("プレイヤーは")[0] + 1, 420, 3):
            rows = [""]
            for cluster in fonts._clusters(fonts._tokens(text)):
                piece = "".join(cluster)
                if rows[-1] and f.size(rows[-1] + piece)[0] > width:
                    rows.append("")
                rows[-1] += piece
            broken |= {word for word in WORDS if _breaks_inside(rows, word)}
    assert broken == set(WORDS)


def test_a_phrase_wider_than_the_line_falls_back_to_characters_with_kinsoku():
    """issue #38: a phrase wider than a line is cut by characters: no line overflows,
    and no line starts with a small kana or the long-vowel mark."""
    f = fonts.font(16)
    text = "スタートプレイヤーがダッシュして、くんくんを追い越します。"
    for width in range(f.size("スター")[0], f.size("スタートプレイヤーが")[0], 2):
        lines = fonts.wrap(text, 16, width)
        assert "".join(lines) == text
        assert all(f.size(line)[0] <= width for line in lines), (width, lines)
        assert not any(line[0] in fonts.NO_LINE_START for line in lines[1:]), (width, lines)


def test_catalog_lines_break_only_between_phrases_where_the_phrase_fits():
    """Every break in the Japanese catalogs falls between two phrases (BudouX's, joined
    where they cut a Latin word) unless the phrase it cuts is wider than the line, or
    the break keeps one character from ending the paragraph alone (issue #38)."""
    texts = sorted({t for t in catalog("ja").values() if "{" not in t and "\n" not in t})
    f = fonts.font(16)
    bad = []
    for text in texts:
        if not any(fonts._is_cjk(c) for c in text):
            continue
        phrases = [
            "".join(g) for g in fonts._phrases(fonts._clusters(fonts._tokens(text)), text, f, 10**6)
        ]
        edges = [0]
        for phrase in phrases:
            edges.append(edges[-1] + len(phrase))
        for width in (130, 240, 330):
            lines = fonts.wrap(text, 16, width)
            if "".join(lines) != text:  # a break at a space drops the space
                continue
            offset = 0
            for i, line in enumerate(lines[:-1]):
                offset += len(line)
                if offset in edges:
                    continue
                k = next(k for k, a in enumerate(edges) if a > offset) - 1
                widow = i == len(lines) - 2 and len(lines[-1].rstrip("。、！？")) == 2
                if f.size(phrases[k].rstrip())[0] <= width and not widow:
                    bad.append(f"{width}px {lines}")
    assert not bad, "\n".join(bad[:10])


def test_english_is_not_given_to_the_phrase_parser():
    """English paragraphs keep their word breaks (test_kinsoku compares them with the
    old wrap); the parser is never asked about them."""
    fonts._phrase_starts.cache_clear()
    fonts.wrap("Wolfgang Amadeus chooses a card face down. (He may change it.)", 16, 120)
    assert fonts._phrase_starts.cache_info().currsize == 0
