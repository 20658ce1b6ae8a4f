"""The box's own look on the title menu (issue #38, "a brand of its own"): the wordmark
(a hand-set SVG, crisp at every size) and key art of the games' own pieces instead of
plain text on a slate band; covers drawn from each game's own sprites."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.paths import SPRITES_DIR
from game.scenes.shell import covers, title_art
from game.scenes.shell.menu import MenuScene
from game.ui import theme, widgets
from tests.scene_helpers import LANGS, SIZES, make_app, resize

BAND_SIZES = (*SIZES, (1024, 600), (2560, 1440))


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_title_is_the_wordmark_over_the_pieces_with_no_word_on_a_piece(lang):
    """issue #38: the title band shows the wordmark (drawn at the size asked, never a
    scaled bitmap) and the racing pieces; the tagline (the name in Japanese, the
    promise) is whole, inside the window, and neither it nor the wordmark covers a
    piece, at every size."""
    app = make_app(SIZES[0], lang)
    app.push(MenuScene(app))
    for size in BAND_SIZES:
        app.screen = pygame.display.set_mode(size)
        resize(app, size)
        menu = app.top
        with widgets.recording(app.screen) as sink:
            app.draw()
        band_h, track_h = menu.px(150), menu.px(26)
        marks = [i for i in sink.icons if i.name == "wordmark"]
        assert len(marks) == 1, size
        mark = marks[0].rect
        assert mark.w <= size[0] and mark.bottom <= band_h, (size, mark)
        aspect = mark.w / mark.h
        assert abs(aspect - title_art.WORDMARK_ASPECT) < 0.05, (size, aspect)
        tagline = [t for t in sink.texts if t.text == app.t("brand.tagline")]
        assert len(tagline) == 1, (size, [t.text for t in sink.texts][:5])
        words = tagline[0].rect
        assert app.screen.get_rect().contains(words) and words.bottom <= band_h, size
        assert not words.colliderect(mark), size
        racers = title_art.racer_rects(size[0], band_h, track_h)
        assert len(racers) == len(title_art.RACERS)
        for rect in racers:
            assert max(rect.size) >= 2 * theme.MIN_ICON_PX, (size, rect)
            assert not rect.colliderect(words), (size, lang, rect, words)
            assert not rect.colliderect(mark), (size, lang, rect, mark)


def test_the_band_is_no_longer_one_slate_colour():
    """issue #38: the old band was one slate fill; the new one is the sky, the track's
    tiles and the pieces: many colours, the pieces' own among them."""
    pygame.display.init()
    surf = title_art.band(1280, 150, 26).image
    colours = {surf.get_at((x, y))[:3] for x in range(0, 1280, 4) for y in range(0, 150, 3)}
    assert len(colours) > 200
    assert theme.BG_DARK not in colours or len(colours) > 200
    # the orange pawn seat colour of seat 0 is not there, but seat 1's blue pawn is
    near_blue = [c for c in colours if sum(abs(a - b) for a, b in zip(c, (0, 114, 178))) < 30]
    assert near_blue


def test_every_cover_is_drawn_from_its_games_own_sprites():
    """issue #38: a realistic duck on Duck's cover while play has cartoon ducks, a
    pentagon and bars for Eight Routes. Each installed game's cover now paints at least
    four of the game's own table sprites and nothing else, and the menu's cards show
    them."""
    pygame.display.init()
    for info in registry.installed_games():
        used = covers.cover_sprites(info.id)
        assert len(set(used)) >= 4, (info.id, used)
        for name in used:
            assert name.startswith(f"{info.id}_") and (SPRITES_DIR / name).exists(), name
        assert info.picture not in used


def test_the_menu_cards_show_the_drawn_covers():
    app = make_app(SIZES[0], "en")
    app.push(MenuScene(app))
    cards = {b.key: b for b in app.top.buttons.buttons if b.key.startswith("game:")}
    for info in registry.installed_games():
        picture = cards[f"game:{info.id}"].picture
        w, h = picture.get_size()
        assert picture is covers.cover(info.id, w, h), info.id


def test_the_window_icon_is_the_wordmarks_buoy_and_hat():
    """issue #38 ("the window icon too"): the icon is the wordmark's red and white buoy
    with Verflixxt!'s lucky hat, readable at the 64 px the window asks for."""
    from game.paths import ASSETS_DIR

    pygame.display.init()
    icon = pygame.image.load_sized_svg(str(ASSETS_DIR / "icon.svg"), (64, 64))
    colours = [icon.get_at((x, y))[:3] for x in range(64) for y in range(64)]

    def near(colour, within=40):
        return sum(1 for c in colours if sum(abs(a - b) for a, b in zip(c, colour)) < within)

    assert near((224, 70, 60)) > 60  # the buoy's red
    assert near((255, 255, 255), 30) > 60  # and its white
    assert near((47, 158, 74)) > 30  # the lucky hat's green
