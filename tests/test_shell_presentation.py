"""Issue #27 for the screens around the tables: the rules help is a list of sections with
pictures in the game's own art and a scrollbar, the lobby is seat cards with a preview of
the board and every option explained, headless.

- the help: its sections are the rules text's headings (nothing lost), the first one is
  not the screen's title again, each is reachable with the keyboard (Tab to its entry,
  Enter) and the page scrolls to its very end by keys, wheel and the scrollbar's thumb;
- the lobby: every option of every game has an explanation in English and Japanese, shown
  when the option has the keyboard focus or the pointer; clicking the name field selects
  the name, so typing replaces it;
- nothing is cut with "…", under 14 px, outside its box or over another text at 1024x600
  (and the other sizes) in either language, at the smallest and the largest table."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.scenes.lobby.lobby import LobbyScene, option_help_key
from game.scenes.shell import pictures
from game.scenes.shell.help import HelpScene, read_help
from game.ui import widgets
from game.ui.i18n import catalog
from tests.scene_helpers import LANGS, SIZES, click, key, make_app, motion, text_problems

GAMES = [info.id for info in registry.installed_games()]


def _drawn(app, scene):
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    return sink.texts


def _open_help(game_id, size=(1024, 600), lang="en"):
    app = make_app(size, lang)
    app.push(app.router.screen("menu")(app))
    scene = HelpScene(app, registry.get(game_id))
    app.push(scene)
    return app, scene


def _open_lobby(game_id, size=(1024, 600), lang="en"):
    app = make_app(size, lang)
    lobby = LobbyScene(app, registry.get(game_id))
    app.push(lobby)
    lobby.wait_for_scan()
    return app, lobby


# -- rules help ----------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_help_sections_keep_every_rule_and_do_not_repeat_the_title(game_id, lang):
    """Issue #27: the wall of bullets becomes sections; every line of the rules text is in
    one of them, and the first heading (the game's name) reads "Goal", not the title."""
    app, scene = _open_help(game_id, lang=lang)
    try:
        text = read_help(registry.get(game_id), lang)
        body = [line.strip() for line in text.splitlines() if line.strip()]
        kept = [line for s in scene.sections for line in s.lines]
        assert kept == [line for line in body if not line.startswith("#")]
        headings = [line.lstrip("#").strip() for line in body if line.startswith("#")]
        assert len(scene.sections) == len(headings) >= 5
        assert scene.sections[0].heading == app.t("app.help_goal")
        assert [s.heading for s in scene.sections[1:]] == headings[1:]
        name = registry.get(game_id).name(lang)
        assert all(name != s.heading for s in scene.sections)
        texts = [t.text for t in _drawn(app, scene)]
        assert texts.count(scene.title()) == 1
        assert sum(name in t for t in texts) == 1, "the game's name is said once"
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_help_section_has_its_place_in_the_pictures_table(game_id):
    """Each section of each game's help has an entry (a picture or None on purpose) in
    pictures.HELP_PICTURES, in the order of the rules text, and most have pictures at
    least 40 px tall at 1024x600."""
    _app, scene = _open_help(game_id)
    try:
        assert len(pictures.HELP_PICTURES[game_id]) == len(scene.sections)
        rows = [item for item in scene.items if item.pictures]
        assert len(rows) >= len(scene.sections) - 1
        for row in rows:
            assert all(p.image.get_height() >= 40 for p in row.pictures)
            assert sum(p.image.get_width() for p in row.pictures) <= scene.body.width
    finally:
        pygame.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_every_help_section_is_reached_by_keyboard(game_id, lang):
    """Tab to a section's entry in the contents, Enter: the page shows that section at its
    top (or the page's end for the last ones) and the entry is marked as the current one."""
    app, scene = _open_help(game_id, lang=lang)
    try:
        reached = set()
        for _ in range(len(scene.buttons.buttons) + 2):
            key(app, pygame.K_TAB)
            focused = scene.buttons.focused_key() or ""
            if not focused.startswith("section:"):
                continue
            index = int(focused.split(":")[1])
            key(app, pygame.K_RETURN)
            top = scene.section_tops[index]
            assert scene.scroll == min(top, scene.max_scroll)
            if top <= scene.max_scroll:
                assert scene.current_section() == index
            reached.add(index)
        assert reached == set(range(len(scene.sections)))
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_help_scrolls_to_its_end_by_keys_wheel_and_scrollbar(game_id):
    """End shows the page's last line whole; Home goes back; PgDn/PgUp and the arrows
    move; the wheel scrolls; dragging the thumb to the track's bottom reaches the end."""
    app, scene = _open_help(game_id)
    try:
        assert scene.max_scroll > 0, "at 1024x600 every game's rules are longer than a page"
        key(app, pygame.K_END)
        assert scene.scroll == scene.max_scroll
        last = scene.items[-1]
        assert scene.body.y + last.y + last.height - scene.scroll <= scene.body.bottom
        assert scene.current_section() == len(scene.sections) - 1
        key(app, pygame.K_HOME)
        assert scene.scroll == 0
        key(app, pygame.K_PAGEDOWN)
        assert scene.scroll == min(scene.body.height, scene.max_scroll)
        key(app, pygame.K_PAGEUP)
        key(app, pygame.K_DOWN)
        assert scene.scroll > 0
        key(app, pygame.K_UP)
        assert scene.scroll == 0
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        assert scene.scroll > 0
        key(app, pygame.K_HOME)
        thumb = scene.thumb()
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
        down = (thumb.centerx, scene.track.bottom + 50)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=down, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=down, button=1))
        assert scene.scroll == scene.max_scroll
        assert scene.thumb().bottom == scene.track.bottom
        assert app.top is scene, "letting go of the thumb is no click on a button"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_no_help_text_is_cut_small_or_overlapping_anywhere_on_the_page(lang, size):
    """Issue #27's floors on every section of every game's help: scrolled to each section
    in turn, no text under 14 px, cut with "…", out of its box or over another."""
    for game_id in GAMES:
        app, scene = _open_help(game_id, size, lang)
        try:
            for index in range(len(scene.sections)):
                scene.buttons.by_key(f"section:{index}").on_click()
                problems = text_problems(_drawn(app, scene), size)
                assert not problems, (game_id, index, problems[:3])
        finally:
            pygame.quit()


# -- lobby ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_an_explanation_in_both_languages(game_id):
    """Issue #27: "Long road", "Runaway chicks", "Turn instead of moving" were never
    explained: each option has a text in both catalogs, and a different one per option."""
    en, ja = catalog("en"), catalog("ja")
    texts = set()
    for spec in registry.get(game_id).rules().OPTIONS:
        key_ = option_help_key(game_id, spec.key)
        assert en.get(key_, "").strip() and ja.get(key_, "").strip(), key_
        assert en[key_] != ja[key_]
        texts.add(en[key_])
    assert len(texts) == len(registry.get(game_id).rules().OPTIONS)
    assert catalog("en")["lobby.online.advertise"] and catalog("ja")["lobby.online.advertise"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_focused_or_pointed_option_is_explained_whole(game_id, lang):
    """Focus (Tab onto it) or point at an option: its whole explanation is drawn under
    the options, wrapped, never cut, inside its box, at 1024x600."""
    app, lobby = _open_lobby(game_id, lang=lang)
    try:
        for spec in lobby.module.OPTIONS:
            expected = app.t(option_help_key(game_id, spec.key))
            lobby.buttons.focus_key(f"option:{spec.key}")
            drawn = _drawn(app, lobby)
            lines = [t.text for t in drawn if lobby.explain_box.contains(t.rect)]
            assert "".join(lines).replace(" ", "") == expected.replace(" ", "")
            assert not text_problems(drawn, lobby.size)
        lobby.buttons.focus = None
        first = lobby.module.OPTIONS[0].key
        motion(app, lobby.buttons.by_key(f"option:{first}").rect.center)
        lines = [t.text for t in _drawn(app, lobby) if lobby.explain_box.contains(t.rect)]
        assert "".join(lines).replace(" ", "") == app.t(option_help_key(game_id, first)).replace(
            " ", ""
        )
    finally:
        pygame.quit()


def test_clicking_the_name_selects_it_so_typing_replaces_it():
    """Issue #27: typing after a click appended ("Player 1Mia"); now the name is selected
    whole by the click: the first letters typed replace it, the next ones are added, and
    Backspace right after the click empties it."""
    app, lobby = _open_lobby("duck", (1280, 720))
    try:
        click(app, lobby.buttons.by_key("name:0").rect.center)
        assert lobby.editing == 0 and lobby.select_all
        lobby.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Mi"))
        lobby.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="a"))
        assert lobby.seats[0].name == "Mia"
        key(app, pygame.K_RETURN)
        assert lobby.editing is None and lobby.seats[0].name == "Mia"
        click(app, lobby.buttons.by_key("name:1").rect.center)
        key(app, pygame.K_BACKSPACE)
        assert lobby.seats[1].name == "" and not lobby.select_all
        lobby.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Jo"))
        key(app, pygame.K_RETURN)
        assert lobby.seats[1].name == "Jo"
        click(app, lobby.buttons.by_key("name:2").rect.center)
        key(app, pygame.K_END)  # the cursor to the end: typing adds again
        before = lobby.seats[2].name
        lobby.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="!"))
        assert lobby.seats[2].name == before + "!"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_seat_cards_and_board_preview_fit_at_the_smallest_and_largest_table(lang, size):
    """Every seat is a card with its portrait (at least 48 px at 1024x600), name, person
    or computer and level inside it; the board's preview is shown; no text is cut, small
    or overlapping, with the fewest and the most seats, the portrait's tooltip shown."""
    for game_id in GAMES:
        info = registry.get(game_id)
        app, lobby = _open_lobby(game_id, size, lang)
        try:
            for count in (info.min_players, info.max_players):
                while len(lobby.seats) < count:
                    lobby._add_seat()
                while len(lobby.seats) > count:
                    lobby._remove(len(lobby.seats) - 1)()
                assert len(lobby.cards) == count
                for i, card in enumerate(lobby.cards):
                    assert lobby.seat_panel.contains(card)
                    portrait = lobby.buttons.by_key(f"char:{i}").rect
                    assert portrait.w >= 48 and card.contains(portrait)
                    for name in ("name", "kind", "level", "remove"):
                        if any(b.key == f"{name}:{i}" for b in lobby.buttons.buttons):
                            assert card.contains(lobby.buttons.by_key(f"{name}:{i}").rect)
                assert lobby.preview is not None, game_id
                assert lobby.preview_rect.contains(
                    lobby.preview.image.get_rect(center=lobby.preview_rect.center)
                )
                lobby.buttons.focus_key(f"char:{count - 1}")
                drawn = _drawn(app, lobby)
                assert any(t.text == lobby.tip_text() for t in drawn)
                problems = text_problems(drawn, size)
                assert not problems, (game_id, count, problems[:3])
        finally:
            pygame.quit()


# -- icons (issue #27: icons at least 16 px, each one recorded) ---------------------------
def _icons(app, scene):
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    return sink.icons


@pytest.mark.parametrize("game_id", GAMES)
def test_lobby_seat_pieces_and_board_preview_are_recorded_icons_of_16_px(game_id):
    """Issue #27: the seat cards' portraits and pieces and the board preview's pieces
    (buoys, the hen and nest, tiles, round chips) are drawn as recorded icons, none under
    16 px (seat marks too), at 1024x600 with the most seats."""
    info = registry.get(game_id)
    app, lobby = _open_lobby(game_id)
    try:
        while len(lobby.seats) < info.max_players:
            lobby._add_seat()
        icons = _icons(app, lobby)
        assert icons and min(min(i.rect.size) for i in icons) >= 16, game_id
        inside = [i for i in icons if lobby.preview_rect.colliderect(i.rect)]
        assert inside, "the board preview's pieces are recorded"
        for i, _ in enumerate(lobby.seats):
            portrait = lobby.buttons.by_key(f"char:{i}").rect
            assert any(portrait.contains(icon.rect) for icon in icons), i
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_help_pictures_are_made_where_shown_and_recorded(game_id, monkeypatch):
    """Issue #27: the help lays its page out from its pictures' boxes and makes a
    section's pictures only when the section is on the page; each drawn is a recorded
    icon of at least 16 px."""
    made: list[int] = []
    original = pictures.help_pictures

    def spy(game, section, height):
        made.append(section)
        return original(game, section, height)

    monkeypatch.setattr(pictures, "help_pictures", spy)
    app, scene = _open_help(game_id)
    try:
        assert made == [], "laying the page out makes no picture"
        icons = _icons(app, scene)
        shown = {
            item.row[1]
            for item in scene.items
            if item.row is not None and item.y < scene.body.height
        }
        assert set(made) == shown
        assert len(icons) >= len(shown) and min(min(i.rect.size) for i in icons) >= 16
    finally:
        pygame.quit()
