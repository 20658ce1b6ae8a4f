"""The History and Statistics screens (issue #28): the finished games newest first,
filtered by game and by person, paged by key; a person's numbers and charts; every text
whole and readable at every size in both languages; ``play --until-end`` records a
game without a window."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace

import pygame
import pytest

from game.history import History, RowProblem
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.shell.stats_screen import StatsScene
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZES, make_app, text_problems
from tests.test_history import finished

LONG = "Wolfgang Amadeus"  # 16 characters, the longest name a seat may have
PEOPLE = [["Hana", LONG, "Ren"], ["はなこ", "Hana", "Mia"], ["Ren", "Mia", LONG]]

pytestmark = pytest.mark.usefixtures("history_answers_at_once")


@pytest.fixture(scope="module")
def history_file(tmp_path_factory):
    """Twelve finished games of the four games; people and computers; one lesson."""
    path = tmp_path_factory.mktemp("history") / "history.sqlite"
    history = History.open(path)
    when = 1_700_000_000.0
    plan = [("routes", 3), ("cluck", 3), ("verflixxt", 3), ("duck", 3)] * 3
    for i, (game, players) in enumerate(plan):
        session = finished(game, players, seed=40 + i, names=PEOPLE[i % 3])
        kinds = ["person", "person" if i % 2 else "computer", "computer"]
        history.record(session, kinds=kinds, ended=when + i * 600, lesson=i == 11)
    history.close()
    return path


@pytest.fixture
def history(history_file):
    opened = History.open(history_file)
    yield opened
    opened.close()


def listed(scene: HistoryScene) -> list[tuple[str, float]]:
    return [(row.game, row.ended) for row in scene.rows]


def test_the_games_are_listed_newest_first_a_page_at_a_time(history):
    app = make_app((1280, 720))
    scene = HistoryScene(app, history)
    app.push(scene)
    first = listed(scene)
    assert len(first) == scene.per_page < 12
    assert [when for _g, when in first] == sorted((w for _g, w in first), reverse=True)
    assert scene.buttons.by_key("newer").enabled is False
    scene.buttons.by_key("older").on_click()
    second = listed(scene)
    assert second and second[0][1] < first[-1][1]  # the next page starts where one ended
    assert scene.buttons.by_key("newer").enabled
    scene.buttons.by_key("newer").on_click()
    assert listed(scene) == first


def test_a_game_filter_and_a_person_filter_narrow_the_list(history):
    app = make_app((1280, 720))
    scene = HistoryScene(app, history)
    app.push(scene)
    scene.buttons.by_key("filter:cluck").on_click()
    assert {game for game, _ in listed(scene)} == {"cluck"}
    assert scene.buttons.by_key("filter:cluck").selected
    scene.buttons.by_key("filter:all").on_click()
    # the person filter steps through the people in the history (most games first)
    assert scene.players[0] in ("Hana", "Ren", "Mia")
    scene.buttons.by_key("player:next").on_click()
    person = scene.filters.player
    assert person == scene.players[0]
    assert all(any(s.name == person for s in row.seats) for row in scene.rows)
    scene.buttons.by_key("player:prev").on_click()
    assert scene.filters.player is None


def test_an_empty_history_says_so_instead_of_an_empty_page(tmp_path):
    app = make_app((1280, 720))
    history = History.open(tmp_path / "h.sqlite")
    try:
        scene = HistoryScene(app, history)
        app.push(scene)
        assert scene.rows == [] and scene._message() == app.t("app.history_empty")
        assert not scene.buttons.by_key("stats").enabled
    finally:
        history.close()


def test_statistics_show_a_persons_numbers_and_step_to_the_next_person(history):
    app = make_app((1280, 720))
    players = history.players()
    scene = StatsScene(app, history, "Hana", players)
    app.push(scene)
    stats = history.stats("Hana")
    assert scene.stats == stats and stats.played > 0
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    texts = {t.text for t in sink.texts}
    assert str(stats.played) in texts
    assert f"{stats.won} · {round(100 * stats.won / stats.played)}%" in texts
    scene.buttons.by_key("player:next").on_click()
    assert scene.player != "Hana" and scene.stats == history.stats(scene.player)


def _scenes(app, history):
    listing = HistoryScene(app, history)
    filtered = HistoryScene(app, history)
    filtered.filters.player = LONG
    # issue #36: games that could not be read, counted over the page line
    bad = HistoryScene(app, history)
    bad.unreadable = {n: RowProblem(n, "seats[0].name", "not UTF-8") for n in (7, 19, 1204)}
    # issue #36: the file in use by another program, the page not answered yet
    busy = HistoryScene(app, history)
    busy.filters.game = "duck"
    busy.job = SimpleNamespace(waiting=True, done=lambda: False)
    busy._fetch = lambda: None  # type: ignore[method-assign]  # it stays unanswered
    stats = [StatsScene(app, history, name, history.players()) for name in ("Hana", LONG)]
    return [listing, filtered, bad, busy, *stats]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_history_and_statistics_is_whole_and_readable(history, size, lang):
    from game.scenes.shell.menu import MenuScene

    app = make_app(size, lang)
    try:
        problems = []
        for scene in _scenes(app, history):
            app.stack.clear()
            app.push(MenuScene(app))
            app.push(scene)
            app.draw()
            with widgets.recording(app.screen) as sink:
                scene.draw(app.screen)
            assert sink.texts
            problems += [f"{type(scene).__name__}: {p}" for p in text_problems(sink.texts, size)]
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()


def test_play_until_end_records_a_computer_game_without_a_window(tmp_path):
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    command = [sys.executable, "-m", "game", "play", "--new", "routes", "--players", "3"]
    done = subprocess.run(
        [*command, "--computers", "--until-end", "--seed", "5"],
        env=env,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("game 1 recorded: Eight Routes")
    history = History.open(next(tmp_path.rglob("history.sqlite")))
    try:
        (entry,) = history.games()
        assert entry.game == "routes" and [s.kind for s in entry.seats] == ["computer"] * 3
        assert all(s.breakdown for s in entry.seats)  # the end screen's parts, as in play
    finally:
        history.close()
    refused = subprocess.run(
        [*command, "--until-end"], env=env, check=False, capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        "tabletop-derby: error: argument --until-end: needs --new GAME and --computers"
    ]
