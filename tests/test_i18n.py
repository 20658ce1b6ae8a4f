"""Every visible string is in both catalogs and the bundled font draws every glyph."""
import pygame

from game.registry import GAMES
from game.ui import fonts
from game.ui.i18n import catalog


def test_catalogs_have_the_same_keys():
    en, ja = catalog("en"), catalog("ja")
    assert set(en) == set(ja), f"only EN: {sorted(set(en) - set(ja))}; only JA: {sorted(set(ja) - set(en))}"
    assert len(en) > 50


def _strings():
    for lang in ("en", "ja"):
        yield from catalog(lang).values()
    for info in GAMES.values():
        yield from (info.name_en, info.name_ja, info.blurb_en, info.blurb_ja)
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
        for ch in text:
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
    for text in ("ひとつのテーブルで遊ぶ4つのレースゲーム" * 3, "Four race games for one table " * 4):
        lines = fonts.wrap(text, 20, 200)
        assert len(lines) > 1
        assert all(fonts.font(20).size(line)[0] <= 200 for line in lines)


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
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value != fonts.NOT_A_CHARACTER:     # the tofu probe itself
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
                dark = sum(1 for x in range(image.get_width()) for y in range(image.get_height())
                           if image.get_at((x, y))[0] < 160)
                assert dark > 0, f"{ch!r} is invisible at {size} px (bold={bold})"


def test_japanese_lines_never_start_with_closing_punctuation():
    pygame.font.init()
    text = "アヒルは空いているスタートマスに置きます。見せたカードはその後捨てます。" * 4
    for width in range(120, 400, 7):
        for line in fonts.wrap(text, 18, width)[1:]:
            assert line[0] not in fonts.NO_LINE_START, (width, line)
