"""The app shell under the dummy video driver: scenes, overlays, keyboard and mouse."""

import pygame
import pytest

from game.scenes.shell.menu import MenuScene
from game.scenes.shell.settings import SettingsScene
from game.scenes.table.handoff import HandoffScene
from game.ui.widgets import recording


def click(app, button):
    pos = button.rect.center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def key(app, k, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step(1 / 60)


def test_menu_to_settings_and_back_by_mouse(app):
    app.push(MenuScene(app))
    app.step(1 / 60)
    click(app, app.top.buttons.by_key("settings"))
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.buttons.by_key("language:ja"))
    assert app.settings.language == "ja" and app.t("app.back") == "戻る"
    click(app, app.top.buttons.by_key("back"))
    assert isinstance(app.top, MenuScene)


def test_menu_by_keyboard_only(app):
    app.push(MenuScene(app))
    keys = [b.key for b in app.top.buttons.buttons]
    key(app, pygame.K_TAB)
    while app.top.buttons.buttons[app.top.buttons.focus].key != "settings":
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene), keys
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


def test_handoff_curtain_hides_everything_and_closes_on_space(app):
    app.push(MenuScene(app))
    called = []
    app.push(HandoffScene(app, "Aiko", on_ready=lambda: called.append(1)))
    app.draw()
    # opaque: the menu's title bar colour must not show anywhere at the top
    top_row = {tuple(app.screen.get_at((x, 20)))[:3] for x in range(0, 1280, 7)}
    from game.ui import theme

    assert theme.BG_DARK not in top_row and theme.BG not in top_row
    key(app, pygame.K_SPACE)
    assert called == [1] and isinstance(app.top, MenuScene)


def test_resize_relayouts_every_scene(app):
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert app.size == (1920, 1080)
    assert all(scene.size == (1920, 1080) for scene in app.stack)
    back = app.top.buttons.by_key("back")
    assert back.rect.centerx == 960


def test_quit_from_menu_stops_the_loop(app):
    app.push(MenuScene(app))
    click(app, app.top.buttons.by_key("quit"))
    assert not app.running


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_esc_at_the_title_asks_before_quitting(app, lang):
    """issue #36: Esc on the title menu quit at once. It asks first: Esc (or Stay, where
    the focus starts, so Enter by habit changes nothing) keeps the box open; Quit in the
    question quits. The menu's own Quit button stays direct (the test above)."""
    from game.scenes.shell.dialog import ConfirmScene

    app.set_language(lang)
    app.push(MenuScene(app))
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.top, ConfirmScene)
    assert app.top.title == app.t("app.quit_confirm_title")
    key(app, pygame.K_ESCAPE)  # Esc again answers "stay"
    assert app.running and isinstance(app.top, MenuScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # the focus is on Stay
    assert app.running and isinstance(app.top, MenuScene)
    key(app, pygame.K_ESCAPE)
    click(app, app.top.buttons.by_key("yes"))
    assert not app.running


def test_the_close_button_at_the_title_asks_and_a_second_close_quits(app):
    """issue #36: the window's close button at the title asks first (SDL sends
    WINDOWCLOSE, then QUIT); pressed again over the question, it quits. A QUIT with no
    WINDOWCLOSE before it (SIGTERM, which SDL turns into QUIT) never asks."""
    from game.scenes.shell.dialog import ConfirmScene

    app.push(MenuScene(app))
    app.step(1 / 60)

    def close_button():
        app.handle(pygame.event.Event(pygame.WINDOWCLOSE, window=None))
        app.handle(pygame.event.Event(pygame.QUIT))
        app.step(1 / 60)

    close_button()
    assert app.running and isinstance(app.top, ConfirmScene)
    close_button()
    assert not app.running


def test_a_quit_without_the_close_button_quits_the_title_at_once(app):
    """issue #36: only a person's close asks; a SIGTERM (a QUIT alone) ends the app."""
    app.push(MenuScene(app))
    app.step(1 / 60)
    app.handle(pygame.event.Event(pygame.QUIT))
    assert not app.running


def test_the_title_buttons_stay_where_they_are_whether_or_not_a_game_can_be_resumed(app):
    """issue #36: Resume came and went, and every button after it moved (a click aimed at
    Settings landed elsewhere). Every button is in one place either way; without a game
    to resume, Resume is greyed and says why when pointed at."""
    from game import saves
    from game.session import Seat, Session

    app.push(MenuScene(app))
    app.step(1 / 60)
    before = {b.key: tuple(b.rect) for b in app.top.buttons.buttons}
    resume = app.top.buttons.by_key("resume")
    assert not resume.enabled and resume.why == app.t("app.no_saves")
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=resume.rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    with recording(app.screen) as sink:
        app.draw()
    assert app.t("app.no_saves") in [t.text for t in sink.texts]
    seats = [Seat("Ann", "doc", human=True), Seat("Bo", "cookie", human=False)]
    saves.autosave(Session("routes", [*seats, Seat("Cy", "pirate", human=False)], 3))
    app.pop()
    app.push(MenuScene(app))
    after = {b.key: tuple(b.rect) for b in app.top.buttons.buttons}
    assert app.top.buttons.by_key("resume").enabled
    assert after == before


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_game_card_says_play(app, lang):
    """issue #36: nothing said that a click on a game's card starts it: each card shows
    Play, inside the card, clear of the card's own texts."""
    from game import registry

    app.set_language(lang)
    app.push(MenuScene(app))
    with recording(app.screen) as sink:
        app.draw()
    plays = [t for t in sink.texts if t.text == app.t("app.play")]
    cards = [b for b in app.top.buttons.buttons if b.key.startswith("game:")]
    assert len(cards) == len(registry.installed_games()) == len(plays)
    for card in cards:
        (play,) = [t for t in plays if card.rect.contains(t.rect)]
        others = [t for t in sink.texts if t is not play and t.container == card.rect]
        assert others and not any(play.rect.colliderect(t.rect) for t in others)


def test_a_bad_file_message_is_a_dialog_and_the_app_keeps_running(app):
    app.push(MenuScene(app))
    app.show_error("boards/x.yaml: tiles[2]: unknown tile 'Q'")
    app.step(1 / 60)
    assert app.top.__class__.__name__ == "DialogScene" and app.running
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)


def test_the_rules_help_reads_its_file_bounded_and_says_why_it_cannot(tmp_path):
    """Issue #15: every file the app reads is bounded; a help file replaced by a FIFO,
    a huge file or bytes that are not text is one line in the help panel, never a hang."""
    import os
    from types import SimpleNamespace

    from game.scenes.shell.help import MAX_HELP_BYTES, read_help

    fifo, huge, binary = tmp_path / "fifo.md", tmp_path / "huge.md", tmp_path / "bin.md"
    os.mkfifo(fifo)
    huge.write_text("x" * (MAX_HELP_BYTES + 1))
    binary.write_bytes(b"\xff\xfe rules")
    for path, problem in (
        (fifo, "not a regular file"),
        (huge, "larger than"),
        (binary, "not UTF-8"),
    ):
        text = read_help(SimpleNamespace(help_path=lambda lang, p=path: p), "en")
        assert text.startswith(str(path)) and problem in text and "\n" not in text


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)])
def test_a_dialog_grows_with_its_message_and_never_runs_under_its_button(size):
    """Three broken boards' problems overlapped the OK button at 1024x600."""
    from game.scenes.shell.dialog import DialogScene
    from tests.scene_helpers import make_app

    app = make_app(size)
    try:
        for count in (1, 3, 40):
            message = "\n".join(
                f"/home/someone/boards/board-{i}.yaml: line {i}: "
                "a problem described in enough words to wrap"
                for i in range(count)
            )
            dialog = DialogScene(app, "Title", message)
            app.push(dialog)
            ok = dialog.buttons.by_key("ok").rect
            top = dialog.panel.y + dialog.px(72)
            last = max(at for _, at in dialog.rows) + dialog.line_h
            assert dialog.panel.contains(ok) and top + last <= ok.top, (count, size)
            assert pygame.Rect((0, 0), size).contains(dialog.panel)
            if count == 40:
                assert dialog.lines[-1].endswith("…")
            else:
                assert "".join(dialog.lines).replace(" ", "") == message.replace("\n", "").replace(
                    " ", ""
                )
            app.pop()
    finally:
        pygame.quit()
