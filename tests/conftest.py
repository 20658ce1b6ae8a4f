import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Settings and saves of a test go to a temporary folder, never the user's; cached
    fonts and images from an earlier test's (quit) pygame are forgotten."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path / "home"))
    from game.ui import fonts, i18n, sprites

    fonts.reset()
    sprites.reset()
    i18n.MISSING.clear()
    yield
    from game import storage

    storage.drop_all_writer_locks()  # the games' locks (issue #36) of this test's home
    assert not i18n.MISSING, f"asked for translation keys no catalog has: {sorted(i18n.MISSING)}"


@pytest.fixture
def quick_bots(monkeypatch):
    """Computer seats answer at once (the table's pause for people to follow them is
    for play); a test module asks for it with ``pytestmark``."""
    from game.scenes.table import playing

    monkeypatch.setattr(playing, "BOT_DELAY", 0.0)


@pytest.fixture
def history_answers_at_once(monkeypatch):
    """The History and Statistics screens wait for the history's thread as long as it
    takes (a screen waits a frame's worth, then draws "reading" and shows the page when
    it comes: issue #36); a test module that reads a screen's rows asks for it."""
    from game.scenes.shell import history_screen

    monkeypatch.setattr(history_screen, "ANSWER_WAIT_S", 60.0)


@pytest.fixture
def app():
    from game.app import App
    from game.settings import Settings

    application = App(size=(1280, 720), settings=Settings(), persist=False)
    yield application
    import pygame

    pygame.quit()


def long_first(items: list) -> list:
    """The items with the long ones (marked ``soak``: whole-game soaks of one to two
    minutes each, the kill -9 and fifty start-ups tests) first, the rest after them in
    their order (a stable sort)."""
    return sorted(items, key=lambda item: item.get_closest_marker("soak") is None)


def pytest_collection_modifyitems(config, items):
    """pytest-xdist hands the tests to its workers in this order: the long ones go out at
    the start, and the thousands of short ones fill in around them, so no worker is left
    at the end with a two-minute soak while the other has nothing to do (collected in
    file order, test_verflixxt_soak came near the end; CISPEED). Every test still runs,
    each on its own."""
    items[:] = long_first(items)
