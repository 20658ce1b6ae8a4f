"""The lobby at every size from 1024x600 to 2560x1440 (issue #14): every table from
the game's minimum to its maximum can be set up with the lobby's own controls, by mouse
and by keyboard, and started; every option value reads as words, never a catalog key."""

from __future__ import annotations

import re

import pygame
import pytest

from game import registry
from game.scenes.lobby.lobby import LobbyScene
from game.ui.i18n import catalog
from tests.scene_helpers import click, key, make_app

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]
GAMES = [info.id for info in registry.installed_games()]


def open_lobby(game_id, size, lang="en"):
    app = make_app(size, lang)
    lobby = LobbyScene(app, registry.get(game_id))
    app.push(lobby)
    lobby.wait_for_scan()
    return app, lobby


def press(app, lobby, name):
    click(app, lobby.buttons.by_key(name).rect.center)


def keys(lobby):
    return {b.key for b in lobby.buttons.buttons}


def assert_laid_out_inside(lobby, size):
    """Every control is whole inside the window, seat controls inside the seat panel,
    and no two controls overlap."""
    window = pygame.Rect((0, 0), size)
    rects = [(b.key, b.rect) for b in lobby.buttons.buttons]
    for name, rect in rects:
        assert window.contains(rect), (name, rect, size)
        if name.split(":")[0] in ("name", "char", "kind", "level", "remove", "add"):
            assert lobby.seat_panel.contains(rect), (name, rect, lobby.seat_panel)
    for i, (a, ra) in enumerate(rects):
        for b, rb in rects[i + 1 :]:
            assert not ra.colliderect(rb), (a, b, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_goes_down_to_its_minimum_and_up_to_its_maximum_by_mouse(game_id, size):
    info = registry.get(game_id)
    app, lobby = open_lobby(game_id, size)
    try:
        while len(lobby.seats) > info.min_players:
            assert f"remove:{len(lobby.seats) - 1}" in keys(lobby), size
            before = len(lobby.seats)
            press(app, lobby, f"remove:{len(lobby.seats) - 1}")
            assert len(lobby.seats) == before - 1
            assert_laid_out_inside(lobby, size)
        assert not any(k.startswith("remove:") for k in keys(lobby)), "below the minimum"
        press(app, lobby, "start")
        assert app.top is not lobby and len(app.top.session.seats) == info.min_players

        app.pop()
        lobby = LobbyScene(app, info)
        app.push(lobby)
        lobby.wait_for_scan()
        while len(lobby.seats) < info.max_players:
            before = len(lobby.seats)
            press(app, lobby, "add")
            assert len(lobby.seats) == before + 1
            assert_laid_out_inside(lobby, size)
        assert "add" not in keys(lobby), "above the maximum"
        press(app, lobby, "start")
        assert app.top is not lobby and len(app.top.session.seats) == info.max_players
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [SIZES[0], SIZES[-1]], ids=lambda s: f"{s[0]}x{s[1]}")
def test_delete_removes_the_focused_row_and_the_hint_says_so(size):
    app, lobby = open_lobby("duck", size)
    try:
        assert "Delete" in lobby.hint()
        key(app, pygame.K_TAB)  # the focus lands on the first control
        for _ in range(6):  # move it onto the third seat's row
            if lobby.focused_row() == 2:
                break
            key(app, pygame.K_DOWN)
        assert lobby.focused_row() == 2
        names = [s.name for s in lobby.seats]
        key(app, pygame.K_DELETE)
        assert [s.name for s in lobby.seats] == names[:2] + names[3:]
        assert lobby.focused_row() == 2  # the focus stays in the table
        key(app, pygame.K_DELETE)
        assert len(lobby.seats) == 2 and "Delete" not in lobby.hint()
        key(app, pygame.K_DELETE)  # at the minimum Delete does nothing
        assert len(lobby.seats) == 2
    finally:
        pygame.quit()


def test_enter_on_a_seat_control_keeps_the_keyboard_focus_there():
    app, lobby = open_lobby("duck", (1280, 720))
    try:
        lobby.buttons.focus_key("kind:1")
        # a computer, then someone online (issue #18), a person here, a computer again
        key(app, pygame.K_RETURN)
        assert lobby.seats[1].human and lobby.online[1]
        assert lobby.buttons.focused_key() == "kind:1"
        key(app, pygame.K_RETURN)
        assert lobby.seats[1].human and not lobby.online[1]
        assert lobby.buttons.focused_key() == "kind:1"
        key(app, pygame.K_RETURN)
        assert not lobby.seats[1].human and lobby.buttons.focused_key() == "kind:1"
    finally:
        pygame.quit()


def test_a_person_has_no_level_control_and_a_computer_has_one():
    app, lobby = open_lobby("verflixxt", (1280, 720))
    try:
        assert lobby.seats[0].human and "level:0" not in keys(lobby)
        assert "level:1" in keys(lobby)
        press(app, lobby, "kind:1")
        assert "level:1" not in keys(lobby)
        press(app, lobby, "kind:0")
        assert "level:0" in keys(lobby)
    finally:
        pygame.quit()


def _looks_like_a_key(text: str, keys_: set[str]) -> bool:
    return text in keys_ or re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)+", text) is not None


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_value_of_every_game_reads_as_words(game_id, lang):
    """'app.off' was shown for Turn instead of moving, Long road, Runaway chicks."""
    keys_ = set(catalog("en"))
    app, lobby = open_lobby(game_id, (1280, 720), lang)
    try:
        for spec in lobby.module.OPTIONS:
            seen = set()
            for _ in range(12):  # cycle through every value and back
                text = lobby.buttons.by_key(f"option:{spec.key}").label
                seen.add(text)
                press(app, lobby, f"option:{spec.key}")
            assert len(seen) >= 2 or len(spec.choices) == 1, (spec.key, seen)
            for text in lobby.visible_texts():
                assert not _looks_like_a_key(text, keys_), (spec.key, text)
        assert all(text.strip() for text in lobby.visible_texts())
    finally:
        pygame.quit()


def test_the_japanese_title_has_no_half_width_colon():
    _app, lobby = open_lobby("duck", (1280, 720), "ja")
    try:
        assert ":" not in lobby.title() and "：" not in lobby.title()
    finally:
        pygame.quit()


def test_start_player_is_offered_only_for_seats_at_the_table_and_named_by_them():
    app, lobby = open_lobby("cluck", (1280, 720))
    try:
        while len(lobby.seats) > 2:
            press(app, lobby, "remove:2")
        labels = set()
        for _ in range(6):
            press(app, lobby, "option:start_player")
            labels.add(lobby.buttons.by_key("option:start_player").label)
        assert labels == {"Random", lobby.seats[0].name, lobby.seats[1].name}
        lobby.options["start_player"] = 1
        press(app, lobby, "add")
        press(app, lobby, "remove:1")  # the start player left: back to random
        assert lobby.options["start_player"] == "random"
        press(app, lobby, "start")
        assert app.top is not lobby
    finally:
        pygame.quit()


def test_the_boards_folder_is_read_on_a_worker_and_a_broken_board_is_one_dialog(monkeypatch):
    """Issue #15: the lobby froze ~22 s on entry (and on every option click) reading a
    999x999 board on each redraw. It now lays out at once, says it is reading, and shows
    the broken boards it found in one dialog naming each file."""
    import threading

    from game.boards import duck
    from game.storage import data_dir

    folder = data_dir() / "boards"
    folder.mkdir(parents=True)
    (folder / "no-drain.yaml").write_text("name: X\nname_ja: X\nlevel: beginner\ntiles: []\n")
    release = threading.Event()
    real = duck.lobby_problems
    monkeypatch.setattr(duck, "lobby_problems", lambda: (release.wait(10), real())[1])
    app = make_app((1280, 720))
    try:
        lobby = LobbyScene(app, registry.get("duck"))
        app.push(lobby)
        assert lobby.busy() and lobby.buttons.by_key("option:board").label == "Reading boards…"
        for _ in range(3):
            app.step(1 / 60)  # frames go on while the folder is read
        assert app.top is lobby
        release.set()
        lobby.wait_for_scan()
        assert not lobby.busy() and lobby.buttons.by_key("option:board").label != "Reading boards…"
        assert type(app.top).__name__ == "DialogScene"
        assert "no-drain.yaml" in app.top.message
    finally:
        release.set()
        pygame.quit()


def test_opening_the_lobby_scans_the_boards_on_the_worker_only(monkeypatch):
    """The first layout used to ask for the board's label before the worker started, so
    a first visit read the whole boards folder on the main thread, then again on the
    worker (issue #15: the lobby must never freeze on a big folder)."""
    import threading

    from game.boards import duck

    scans = []
    real = duck.scan_boards
    monkeypatch.setattr(
        duck, "scan_boards", lambda: (scans.append(threading.current_thread().name), real())[1]
    )
    app = make_app((1280, 720))
    try:
        lobby = LobbyScene(app, registry.get("duck"))
        app.push(lobby)
        lobby.wait_for_scan()
        assert scans == ["lobby-scan"]
    finally:
        pygame.quit()


def test_someone_online_makes_start_host_the_table(monkeypatch):
    """Issue #18: a seat "Someone online" turns Start into "Host online", which opens
    the table to the network (HostThread) at the hosting window's game scene, the
    online seat waiting for its player and the person here playing at this screen."""
    from game.net import host as host_module
    from game.scenes.table.online_parts import HostedPart

    started = []

    class Recorded(host_module.HostThread):
        def __init__(self, session, **kwargs):
            kwargs.update(host="127.0.0.1", advertise=False, autosave=False)
            super().__init__(session, **kwargs)
            started.append(self)

    monkeypatch.setattr(host_module, "HostThread", Recorded)
    app, lobby = open_lobby("cluck", (1024, 600))
    try:
        start = next(b for b in lobby.buttons.buttons if b.key == "start")
        assert start.label == app.t("app.start")
        press(app, lobby, "kind:1")  # a computer becomes someone online
        start = next(b for b in lobby.buttons.buttons if b.key == "start")
        assert start.label == app.t("app.host_online")
        assert app.t("app.online") in lobby.visible_texts()
        press(app, lobby, "start")
        # issue #38: the waiting room over the table while seat 1 waits for its person
        assert type(app.top).__name__ == "WaitingRoom" and app.top.waiting() == [1]
        scene = app.stack[-2]
        assert isinstance(getattr(scene, "part", None), HostedPart) and started
        assert started[0].table.local_seats == {0}
        assert scene.driver.local_seats() == [0]
        assert scene.frame.seat_subtitle(1) == app.t("online.seat_open")
    finally:
        for host in started:
            host.stop()
        pygame.quit()
