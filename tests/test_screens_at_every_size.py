"""Issue #16, for the screens around the tables: every text of the menu, lobby, settings,
rules help, pause menu, hand-off curtain, Resume screen, a dialog (and the one of a game
open in another window, issue #36) and the choice to go on
with a lesson or start it again (issue #19) is inside the window and inside the box it
belongs in, overlaps no other text, is at least 14 px and is not cut, at every size from 1024x600 to 2560x1440, in English and Japanese. Every draw of
text goes through game.ui.widgets (draw_text, Button, draw_tip), which records it."""

from __future__ import annotations

import pygame
import pytest

from game import registry
from game.ui import widgets
from tests.scene_helpers import (
    FOUND_TABLES,
    LANGS,
    SIZED,
    ListedTables,
    make_app,
    sized_id,
    text_problems,
)


def _menu(app):
    from game.scenes.shell.menu import MenuScene

    return [MenuScene(app)]


def _settings(app):
    from game.scenes.shell.settings import SettingsScene

    return [SettingsScene(app)]


def _lobbies(app):
    from game.scenes.lobby.lobby import LobbyScene

    return [LobbyScene(app, info) for info in registry.installed_games()]


def _online_lobbies(app):
    """Every seat but the first one "online" (the host waits for them): the longest
    labels of the seat rows and "Host online" on the start button."""
    from game.scenes.lobby.lobby import LobbyScene

    out = []
    for info in registry.installed_games():
        lobby = LobbyScene(app, info)
        lobby.online = [i > 0 for i in range(len(lobby.seats))]
        for seat in lobby.seats[1:]:
            seat.human = True
        out.append(lobby)
    return out


def _helps(app):
    from game.scenes.shell.help import HelpScene

    return [HelpScene(app, info) for info in registry.installed_games()]


def _pause(app):
    from game.scenes.table.pause import PauseScene

    return [PauseScene(app, registry.installed_games()[0])]


def _handoff(app):
    from game.scenes.table.handoff import HandoffScene

    return [HandoffScene(app, "Wolfgang Amadeus")]


def _resume(app):
    from game.scenes.shell.resume import ResumeScene

    return [ResumeScene(app)]


def _dialog(app):
    from game.scenes.shell.dialog import DialogScene

    message = "\n".join(
        f"/home/someone/boards/board-{i}.yaml: line {i}: a problem in enough words to wrap"
        for i in range(3)
    )
    return [DialogScene(app, app.t("app.boards_broken_title"), message)]


def _open_elsewhere(app):
    """issue #36: the one dialog for a game another window is playing."""
    from pathlib import Path

    from game.scenes.shell.open_elsewhere import OpenElsewhereScene

    return [OpenElsewhereScene(app, Path("auto-duck-20260101-120000-0a1b2c3d.json"))]


def _lesson_start(app):
    from game.lessons import lesson_ids, lesson_path, load_lesson
    from game.scenes.table.lesson import LessonStartScene

    lessons = [load_lesson(lesson_path(i)) for i in lesson_ids()]
    return [LessonStartScene(app, lesson, place=len(lesson.steps) - 1) for lesson in lessons]


def _join(app):
    """The Join screen as it opens: nothing found yet, no seat held."""
    from game.scenes.lobby.join import JoinScene

    return [JoinScene(app, lambda: ListedTables([]))]


def _join_found(app):
    """Tables found on this network (one of another version), two seats held, a typed
    address that did not answer (the longest line of the message)."""
    from game.net import remembered
    from game.scenes.lobby.join import JoinScene

    remembered.remember("192.168.1.20", "7KQ4-MX9P-2HRT", 1, "duck", "Mia", "t" * 32)
    remembered.remember("host.example.org:8765", "ABCD-EFGH-JKLM", 5, "verflixxt", "Mia", "u" * 32)
    scene = JoinScene(app, lambda: ListedTables(FOUND_TABLES))
    scene.found = list(FOUND_TABLES)
    scene.fields["address"].text = "192.168.100.200:47474"
    scene._say(app.t("join.error_connect", address="192.168.100.200:47474"))
    return [scene]


def _join_table(app):
    """A six-seat table looked at: free seats, people, a dropped line, a computer."""
    from game.net.join import LookedTable
    from game.scenes.lobby.join import JoinScene

    scene = JoinScene(app, lambda: ListedTables([]))
    statuses = ["local", "connected", "open", "reconnecting", "computer", "open"]
    names = ["Hana", "Wolfgang Amadeus", "Guest", "Ren", "Cookie", "Guest"]
    characters = ["sparky", "cookie", "pirate", "daisy", "doc", "goldie"]
    seats = [
        {"name": n, "character": c, "human": s != "computer", "status": s}
        for n, c, s in zip(names, characters, statuses)
    ]
    scene.looked = LookedTable("duck", 6, seats, characters, characters, 2)
    scene.looked_at = ("192.168.1.20", "ws://192.168.1.20:47474/", "7KQ4-MX9P-2HRT")
    return [scene]


SCREENS = {
    "menu": _menu,
    "settings": _settings,
    "lobby": _lobbies,
    "lobby_online": _online_lobbies,
    "help": _helps,
    "pause": _pause,
    "handoff": _handoff,
    "resume": _resume,
    "dialog": _dialog,
    "open_elsewhere": _open_elsewhere,
    "lesson_start": _lesson_start,
    "join": _join,
    "join_found": _join_found,
    "join_table": _join_table,
}


def _drawn(app, scene) -> list[widgets.TextDrawn]:
    """The texts ``scene`` draws, over the menu (overlays are drawn over a scene)."""
    from game.scenes.shell.menu import MenuScene

    app.stack.clear()
    app.push(MenuScene(app))
    app.push(scene)
    if hasattr(scene, "wait_for_scan"):
        scene.wait_for_scan()
    while app.top is not scene:  # a dialog the scene opened on entering
        app.pop()
    app.draw()  # the scenes below, as a person sees them
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)  # and the scene's own texts, recorded
        return list(sink.texts)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sized", SIZED, ids=sized_id)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_text_of_the_screens_around_the_tables_is_whole_and_readable(screen, sized, lang):
    """At each size, in each language, and at the text sizes (issue #27: Normal
    everywhere, Large and Larger at some sizes)."""
    size, text_size = sized
    app = make_app(size, lang)
    app.settings.text_size = text_size
    try:
        problems = []
        for scene in SCREENS[screen](app):
            drawn = _drawn(app, scene)
            assert drawn, f"{screen} drew no text"
            problems += [f"{type(scene).__name__}: {p}" for p in text_problems(drawn, size)]
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
