"""Japanese line breaking (kinsoku, issue #27) in ``fonts.wrap``: no line starts with a
closing mark, a small kana or a sentence mark, none ends with an opening bracket, the
last line of a Japanese paragraph is never one character alone; a line is never wider
than the width unless one token alone is; English wraps exactly as it did before."""

from __future__ import annotations

import pygame
import pytest

from game.ui import fonts
from game.ui.i18n import catalog

# The rules as issue #27 writes them
NEVER_AT_END = set("「『（【〈《［｛“‘([")
NEVER_AT_START = set("。、」』）】〉》］｝・ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ！？!?.,)]")
SIZES = (14, 16, 20)
WIDTHS = (90, 130, 170, 240, 330, 480)  # from about six Japanese characters a line


@pytest.fixture(autouse=True)
def _pygame_font():
    pygame.font.init()
    yield
    fonts.reset()


def _japanese_texts() -> list[str]:
    texts = {t for t in catalog("ja").values() if "{" not in t and len(t) > 3}
    texts |= {
        "「ちょっと待って」と言った。",
        "（注）カードを１枚選んでください！",
        "アヒルがバスタブに飛び込みました。ラウンド3",
        "『ダック！ダック！ゴー！』のルール：カードを出す。",
        "ハンドオフ：次の人に画面を渡してください。",
    }
    return sorted(texts)


def _old_wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``fonts.wrap`` as it was before kinsoku: the reference English must still match."""
    f = fonts.font(size, bold)
    old_no_start = set(
        "、。，．・：；？！ー）」』】〕〉》｝］ゝゞ々ぁぃぅぇぉっゃゅょァィゥェォッャュョ…"
    )
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph:
            lines.append("")
            continue
        line = ""
        for token in fonts._tokens(paragraph):
            candidate = line + token
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            elif token in old_no_start:
                cut = len(line) - 1
                while cut > 1 and line[cut] in old_no_start:
                    cut -= 1
                if cut < 1:
                    line = candidate
                    continue
                lines.append(line[:cut].rstrip())
                line = line[cut:] + token
            else:
                lines.append(line.rstrip())
                line = token.lstrip()
        lines.append(line.rstrip())
    return lines


def _kinsoku_possible(text: str, size: int, width: int) -> bool:
    """Every run of tokens that must stay together fits the width: else the width wins
    and a mark may be left at a line's edge."""
    f = fonts.font(size)
    return all(
        f.size("".join(cluster).rstrip())[0] <= width
        for cluster in fonts._clusters(fonts._tokens(text))
    )


def _widest_token(text: str, size: int, width: int) -> int:
    """The widest token of ``text``; a token wider than ``width`` with the marks that
    cling to it (its line is too wide anyway; its brackets stay with it)."""
    f = fonts.font(size)
    widest = 0
    for cluster in fonts._clusters(fonts._tokens(text)):
        sizes = [f.size(token.rstrip())[0] for token in cluster]
        whole = f.size("".join(cluster).rstrip())[0]
        widest = max(widest, whole if max(sizes) > width else max(sizes))
    return widest


@pytest.mark.parametrize("size", SIZES)
def test_japanese_lines_start_and_end_where_kinsoku_allows(size):
    bad = []
    for text in _japanese_texts():
        for width in WIDTHS:
            if not _kinsoku_possible(text, size, width):
                continue
            lines = fonts.wrap(text, size, width)
            for i, line in enumerate(lines):
                if i > 0 and line and line[0] in NEVER_AT_START:
                    bad.append(f"{width}px starts with {line[0]!r}: {lines}")
                if i < len(lines) - 1 and line and line[-1] in NEVER_AT_END:
                    bad.append(f"{width}px ends with {line[-1]!r}: {lines}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("size", SIZES)
def test_a_japanese_paragraph_never_ends_with_one_character_alone(size):
    bad = []
    for text in _japanese_texts():
        for width in WIDTHS:
            if not _kinsoku_possible(text, size, width):
                continue
            lines = fonts.wrap(text, size, width)
            # the punctuation after the last character ("す。") does not count
            last = "".join(ch for ch in lines[-1].strip() if ch not in fonts.PUNCTUATION)
            if len(lines) > 1 and len(last) == 1 and fonts._is_cjk(last):
                bad.append(f"{width}px: {lines}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("size", SIZES)
def test_no_line_is_wider_than_the_width_unless_one_token_is(size):
    f = fonts.font(size)
    texts = _japanese_texts() + sorted(catalog("en").values())
    for text in texts:
        for width in (40, *WIDTHS):  # 40: narrower than some clusters, which then split
            widest = _widest_token(text, size, width) if text.strip() else 0
            for line in fonts.wrap(text, size, width):
                assert f.size(line)[0] <= max(width, widest), (text, width, line)


@pytest.mark.parametrize("size", SIZES)
def test_english_wraps_as_before(size):
    texts = sorted(catalog("en").values()) + [
        "Wolfgang Amadeus chooses a card face down. (He may change it.)",
        "Round 3: everybody chooses a card in secret!",
        "a\n\nb c d e f g h i j k l m n o p q r s t u v w x y z",
    ]
    for text in texts:
        for width in (60, *WIDTHS):
            assert fonts.wrap(text, size, width) == _old_wrap(text, size, width), text


def test_a_closing_mark_takes_its_neighbour_down_and_a_bracket_goes_down_with_the_next():
    f = fonts.font(20)
    one = f.size("あ")[0]
    # room for five characters: 「 would be the fifth and 。 the sixth
    lines = fonts.wrap("あいうえ「おか」きくけこ。", 20, one * 5)
    assert all(not line.endswith("「") for line in lines[:-1]), lines
    assert all(not line.startswith(("」", "。")) for line in lines[1:]), lines
    assert "".join(lines) == "あいうえ「おか」きくけこ。"
    # the last character alone takes the one before it down
    lines = fonts.wrap("あいうえおか", 20, one * 5)
    assert lines == ["あいうえ", "おか"]
    # ... and so does one character with the sentence mark clinging to it ("す。")
    lines = fonts.wrap("あいうえおす。", 20, one * 5)
    assert lines == ["あいうえ", "おす。"], lines
    # ... but a digit after Japanese is a word of its own (a narrow column head)
    assert fonts.wrap("ルート1", 20, one * 3) == ["ルート", "1"]


def test_text_survives_wrapping_unchanged_but_for_spaces_at_the_breaks():
    """A space at a break may go, the ideographic one (U+3000) too: since issue #38's
    phrase breaks (BudouX) a line may end at the title's 「ダービー　ひとつの」 space."""

    def bare(text: str) -> str:
        return text.replace(" ", "").replace("\u3000", "").replace("\n", "")

    for text in _japanese_texts():
        for width in WIDTHS:
            assert bare("".join(fonts.wrap(text, 16, width))) == bare(text)
