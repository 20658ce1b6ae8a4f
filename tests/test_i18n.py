"""Every visible string is in both catalogs and the bundled font draws every glyph."""

import re

import pygame

from game.registry import GAMES
from game.ui import fonts
from game.ui.i18n import catalog


def test_catalogs_have_the_same_keys():
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja), (
        f"only EN: {sorted(set(en) - set(ja))}; only JA: {sorted(set(ja) - set(en))}"
    )
    assert len(en) > 50


def _strings():
    for lang in ("en", "ja"):
        yield from catalog(lang).values()
    for info in GAMES.values():
        yield from (info.name_en, info.name_ja)
        for character in info.characters:
            yield from (character.name_en, character.name_ja)
    from game.paths import DATA_DIR

    for path in sorted((DATA_DIR / "help").glob("*.md")):
        yield from path.read_text(encoding="utf-8").splitlines()


def test_bundled_font_has_every_glyph_of_every_string():
    pygame.font.init()
    missing = {}
    characters = {}
    for text in _strings():
        # a {field}'s name is never drawn (its value is): since the glyph check finds a
        # character drawn as nothing (issue #38), "{seat_key}"'s "_" would count
        for ch in re.sub(r"\{[^{}]*\}", "", text):
            characters.setdefault(ch, text)
    for ch in fonts.missing_glyphs("".join(characters)):
        missing[ch] = characters[ch]
    assert not missing, f"tofu: {missing}"


def test_default_pygame_font_would_have_failed_japanese():
    """Guards the test above: it does detect a font without Japanese."""
    pygame.font.init()
    default = pygame.font.Font(None, 20)
    assert fonts.missing_glyphs("日本語 ok", face=default) == ["日", "本", "語"]
    assert fonts.missing_glyphs("日本語 ok") == []


def test_wrap_breaks_japanese_and_english_inside_the_width():
    pygame.font.init()
    for text in (
        "ひとつのテーブルで遊ぶ4つのレースゲーム" * 3,
        "Four race games for one table " * 4,
    ):
        lines = fonts.wrap(text, 20, 200)
        assert len(lines) > 1
        assert all(fonts.font(20).size(line)[0] <= 200 for line in lines)


def test_a_japanese_closing_mark_neither_starts_a_line_nor_hangs_past_the_width():
    """Kinsoku: "。" or "）" never begins a line; where one would, the character before it
    goes down with it, so every line stays inside its box (a log line once ran 11 px
    past the log's edge)."""
    pygame.font.init()
    text = "プレイヤー1はタイルを引きます（手札1枚）。次のラウンドが始まります。"
    face = fonts.font(15)
    for width in range(60, 320, 3):
        lines = fonts.wrap(text, 15, width)
        assert "".join(lines) == text
        assert all(face.size(line)[0] <= width for line in lines), (width, lines)
        assert not any(line[:1] in fonts.NO_LINE_START for line in lines[1:]), (width, lines)


def test_every_non_ascii_literal_in_the_ui_code_has_a_glyph():
    """Labels written straight in code (arrows, symbols) must be drawable too."""
    import ast

    from game.paths import ROOT

    pygame.font.init()
    found = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        if not ({"scenes", "ui"} & set(path.parts)):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value != fonts.NOT_A_CHARACTER
            ):  # the tofu probe itself
                for ch in node.value:
                    if ord(ch) > 127:
                        found.setdefault(ch, f"{path.name}: {node.value[:40]!r}")
    missing = {ch: found[ch] for ch in fonts.missing_glyphs("".join(found))}
    assert not missing, f"tofu in code literals: {missing}"


def test_minus_and_digits_are_visible_at_every_size():
    """FreeType can drop a thin glyph at some pixel sizes (the minus vanished at 13 px)."""
    pygame.font.init()
    for bold in (False, True):
        for size in range(8, 65):
            for ch in "−-+0123456789":
                image = fonts.font(size, bold).render(ch, True, (0, 0, 0), (255, 255, 255))
                dark = sum(
                    1
                    for x in range(image.get_width())
                    for y in range(image.get_height())
                    if image.get_at((x, y))[0] < 160
                )
                assert dark > 0, f"{ch!r} is invisible at {size} px (bold={bold})"


def test_japanese_lines_never_start_with_closing_punctuation():
    pygame.font.init()
    text = "アヒルは空いているスタートマスに置きます。見せたカードはその後捨てます。" * 4
    for width in range(120, 400, 7):
        for line in fonts.wrap(text, 18, width)[1:]:
            assert line[0] not in fonts.NO_LINE_START, (width, line)


# -- catalogs are read with every key as text (issue #14: "app.off" in the lobby) ------------
def _parse_text(tmp_path, text: str):
    from game.ui.i18n import _parse

    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    return _parse(path, "x")


def test_yaml_1_1_booleans_stay_text_as_keys_and_values(tmp_path):
    """PyYAML reads a plain on/off/yes/no as a boolean: the lobby showed 'app.off'."""
    parsed = _parse_text(tmp_path, "on: 'On'\noff: Off\nyes: yes\nno: 'no'\nn:\n  y: why\n")
    assert parsed == {"x.on": "On", "x.off": "Off", "x.yes": "yes", "x.no": "no", "x.n.y": "why"}


def test_the_shipped_on_and_off_are_keys_in_both_languages():
    from game.ui.i18n import Translator

    assert Translator("en")("app.off") == "Off" and Translator("en")("app.on") == "On"
    assert Translator("ja")("app.off") == "オフ" and Translator("ja")("app.on") == "オン"


def test_a_key_that_is_not_text_is_refused_with_the_file_and_line(tmp_path):
    import pytest

    from game.ui.i18n import CatalogError

    for text, line in (
        ("a: b\n1: one\n", 2),
        ("a:\n  true: yes\n", 2),
        ("null: x\n", 1),
        ("a: b\n? [x, y]\n: z\n", 2),
        ("a: b\nb: [1, 2]\n", 2),
        ("a: b\na: c\n", 2),
    ):
        with pytest.raises(CatalogError) as caught:
            _parse_text(tmp_path, text)
        assert f"x.yaml: line {line}:" in str(caught.value), (text, str(caught.value))


def test_a_catalog_that_is_not_yaml_or_too_large_is_one_clear_error(tmp_path):
    import pytest

    from game.ui.i18n import MAX_CATALOG_BYTES, CatalogError

    with pytest.raises(CatalogError, match=r"x.yaml: line 2: not valid YAML"):
        _parse_text(tmp_path, "a: [b\n")
    with pytest.raises(CatalogError, match="cannot be read"):
        _parse_text(tmp_path, "a: " + "b" * MAX_CATALOG_BYTES)


def _keys_asked_for_in_code():
    """(file:line, key or regex) of every t("...") / t(f"...") call in game/."""
    import ast
    import re

    from game.paths import ROOT

    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name != "t":
                continue
            arg, where = node.args[0], f"{path.name}:{node.lineno}"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield where, re.escape(arg.value)
            elif isinstance(arg, ast.JoinedStr):
                yield (
                    where,
                    "".join(
                        re.escape(part.value) if isinstance(part, ast.Constant) else r"[^.]+"
                        for part in arg.values
                    ),
                )
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
                yield where, re.escape(arg.left.value) + r"[^.]+"  # "app.level_" + x


def test_every_key_the_code_asks_for_exists_in_both_languages():
    """Literal keys must exist in both catalogs; a key built with an f-string must match
    at least one key in each (the rest is caught at run time: conftest fails any test in
    which a scene asked for a key no catalog has)."""
    import re

    en, ja = set(catalog("en")), set(catalog("ja"))
    asked = list(_keys_asked_for_in_code())
    assert len(asked) > 200
    missing = [
        (where, pattern)
        for where, pattern in asked
        if not any(re.fullmatch(pattern, k) for k in en)
        or not any(re.fullmatch(pattern, k) for k in ja)
    ]
    assert not missing, missing
