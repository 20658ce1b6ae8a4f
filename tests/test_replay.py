"""Watch again (issue #28): a finished game replayed, headless and on its table.

Headless: every position of a whole game of each game, reached by stepping and by
jumping (back and forth, through the snapshots), shows every seat exactly the view and
the scores the live game showed at that point; a record with an illegal action is
refused with its number; rounds are found. On the table: the controls over it play,
step, jump, show a seat's hidden things and close; the History's Watch button and the
end screen's Watch again open it; the command line's replay and screenshot replay:ID.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pygame
import pytest

from game.history import History
from game.session import Session
from game.table.replay import Replay, ReplayError
from game.ui import widgets
from tests.scene_helpers import LANGS, SIZES, make_app, text_problems
from tests.test_history import finished

GAMES = {"duck": 3, "verflixxt": 3, "cluck": 3, "routes": 3}


def whole_game(game: str, players: int, seed: int, names: list[str] | None = None) -> Session:
    """A whole game by "easy" computers (random ones end Cluck-peep! in a few moves)."""
    from game import registry
    from game.ai import make_bot
    from game.session import Seat

    info = registry.get(game)
    names = names or [f"P{i}" for i in range(players)]
    seats = [Seat(names[i], info.characters[i].key, human=i == 0) for i in range(players)]
    session = Session(game, seats, seed, {})
    rng = random.Random(seed)
    bots = [make_bot(game, "easy") for _ in range(players)]
    while not session.state.is_over():
        player = session.state.to_act()[0]
        view = session.state.view(player)
        session.apply(player, bots[player].choose(view, player, rng))
    return session


def replay_of(session: Session) -> Replay:
    return Replay(session.game_id, session.seats, session.seed, session.options, session.actions)


def seen(state, players: int) -> list:
    return [state.view(p).to_dict() for p in range(players)] + [list(state.scores())]


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_a_whole_game_shows_what_the_live_game_showed(game, monkeypatch):
    from game.table import replay as replay_module

    monkeypatch.setattr(replay_module, "SNAPSHOT_EVERY", 4)  # jumps through snapshots
    played = whole_game(game, GAMES[game], seed=11)
    live = Session(played.game_id, played.seats, played.seed, played.options, prepared=True)
    expected = [seen(live.state, live.players)]
    for player, text in played.actions:
        live.apply(player, live.module.parse_action(text))
        expected.append(seen(live.state, live.players))
    replay = replay_of(played)
    assert replay.length == len(played.actions) > 3 * replay_module.SNAPSHOT_EVERY
    for k in range(replay.length + 1):  # stepping forward
        assert replay.position == k
        assert seen(replay.state, live.players) == expected[k], f"step to {k}"
        replay.step()
    rng = random.Random(3)
    for k in [0, replay.length, *rng.choices(range(replay.length + 1), k=25)]:  # jumping
        replay.seek(k)
        assert replay.position == k and replay.session.actions == list(played.actions[:k])
        assert seen(replay.state, live.players) == expected[k], f"jump to {k}"


def test_rounds_are_found_back_and_forth():
    replay = replay_of(whole_game("verflixxt", 3, seed=2))
    replay.seek(0)
    starts = [0]
    while replay.position < replay.length:
        replay.seek(replay.next_round())
        starts.append(replay.position)
    assert starts == sorted(set(starts)) and len(starts) > 3
    assert all(replay.rounds[k] != replay.rounds[k - 1] for k in starts[1:-1])
    replay.seek(starts[2] + 1)  # inside a round: back to its start, then the one before
    replay.seek(replay.previous_round())
    assert replay.position == starts[2]
    replay.seek(replay.previous_round())
    assert replay.position == starts[1]


def test_a_record_with_an_illegal_action_is_refused_with_its_number():
    played = finished("routes", 3, seed=4)
    actions = list(played.actions)
    actions[5] = (actions[5][0], "no such move")
    with pytest.raises(ReplayError, match=r"^action 6 "):
        Replay(played.game_id, played.seats, played.seed, played.options, actions)
    with pytest.raises(ReplayError, match="ends before the game does"):
        Replay(played.game_id, played.seats, played.seed, played.options, actions[:5])


# -- on the table --------------------------------------------------------------------------


def open_watching(app, replay: Replay):
    app.router.open("menu")
    app.router.screen("replay")(app, replay)
    return app.stack[-2], app.stack[-1]


def test_the_controls_play_step_jump_show_and_close():
    app = make_app((1280, 720))
    replay = replay_of(finished("duck", 3, seed=5))
    table, controls = open_watching(app, replay)
    assert replay.position == 0
    controls.buttons.by_key("replay:forward").on_click()
    assert replay.position == 1 and (table.player.busy() or table.log)  # animated
    for _ in range(200):
        app.step(1 / 30)
    assert not table.player.busy()
    controls.buttons.by_key("replay:play").on_click()
    for _ in range(240):
        app.step(1 / 30)
    assert replay.position > 2  # playing on by itself
    controls.buttons.by_key("replay:play").on_click()
    here = replay.position
    controls.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert replay.position == here - 1 and not table.player.events  # back: at once
    controls.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert replay.position == replay.length and replay.state.is_over()
    assert table.log  # the log follows the position
    assert not controls.buttons.by_key("replay:forward").enabled
    controls.buttons.by_key("replay:show").on_click()
    assert table.private_player == 0 and controls.shown_seat == 0
    # the timeline: a click at its middle jumps there
    track = controls.track
    controls.handle_event(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(track.centerx, track.centery))
    )
    assert abs(replay.position - replay.length / 2) <= 1
    assert table.private_player == 0  # still showing that seat's things
    controls.buttons.by_key("replay:close").on_click()
    assert type(app.top).__name__ == "MenuScene"


def test_the_replay_command_closes_back_to_the_terminal(monkeypatch):
    """issue #36: ``python -m game replay ID`` closed into the title menu instead of back
    to the terminal. The command's window holds the replay alone: Close (or Esc) ends
    the app. (The history's Watch and the end screen's Watch again still return to the
    screen they were opened from: the test below.)"""
    from game import app as app_module

    started = []
    monkeypatch.setattr(app_module.App, "run", lambda self, frames=None: started.append(self) or 0)
    for close in ("button", "esc"):
        assert app_module.run_app(size=(1024, 600), replay=replay_of(finished("routes", 3, 6))) == 0
        app = started[-1]
        assert [type(s).__name__ for s in app.stack] == ["TableScene", "ReplayControls"]
        if close == "button":
            app.top.buttons.by_key("replay:close").on_click()
        else:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert not app.running and app.stack == []
    pygame.quit()


def test_the_end_screen_and_the_history_open_the_replay(tmp_path):
    app = make_app((1280, 720))
    played = finished("routes", 3, seed=6)
    app.router.open("menu")
    table = app.router.table("routes")(app, played)
    app.push(table)
    table.keeping.game_over()
    end = app.top
    end.buttons.by_key("watch").on_click()
    assert type(app.top).__name__ == "ReplayControls"
    assert app.top.replay.length == len(played.actions)
    app.top.close()
    assert app.top is end
    history = History.open(tmp_path / "h.sqlite")
    try:
        history.record(played)
        listing = app.router.screen("history")(app, history)
        app.push(listing)
        listing.buttons.by_key("watch:0").on_click()
        assert type(app.top).__name__ == "ReplayControls"
        assert app.top.replay.actions == list(played.actions)
    finally:
        history.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_text_of_the_replay_controls_is_whole_and_readable(size, lang):
    app = make_app(size, lang)
    try:
        problems = []
        for game, players in GAMES.items():
            played = finished(game, players, seed=8, names=["Wolfgang Amadeus", "B", "C"])
            _table, controls = open_watching(app, replay_of(played))
            controls.jump(controls.replay.length // 2)
            controls.next_seat()  # "showing Wolfgang Amadeus"
            app.draw()
            with widgets.recording(app.screen) as sink:
                controls.draw(app.screen)
            problems += [f"{game}: {p}" for p in text_problems(sink.texts, size)]
            app.stack.clear()
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()


def test_replay_and_screenshot_replay_from_the_command_line(tmp_path):
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "game", *args],
            env=env,
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )

    refused = run("replay", "latest", "--frames", "5")
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "tabletop-derby: error: argument ID|latest|FILE: the history has no finished game yet"
    )
    made = run("play", "--new", "cluck", "--players", "3", "--computers", "--until-end")
    assert made.returncode == 0, made.stderr
    shown = run("replay", "1", "--frames", "20")
    assert shown.returncode == 0, shown.stderr
    out = tmp_path / "r.png"
    drawn = run("screenshot", "replay:latest", "--step", "3", "--out", str(out))
    assert drawn.returncode == 0 and out.stat().st_size > 10_000, drawn.stderr
    too_far = run("screenshot", "replay:1", "--step", "100000", "--out", str(out))
    assert too_far.returncode == 2 and too_far.stderr.count("\n") == 1
    exported = tmp_path / "g.derby"
    assert run("export", "1", "--out", str(exported)).returncode == 0
    assert run("replay", str(exported), "--frames", "5").returncode == 0
    exported.write_text(exported.read_text().replace("\n0 ", "\n0 nonsense ", 1))
    damaged = run("replay", str(exported), "--frames", "5")
    assert damaged.returncode == 2 and damaged.stderr.count("\n") == 1
    assert "g.derby" in damaged.stderr


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_everyone_shows_every_seats_hidden_things_at_once(size, lang):
    """The reveal toggle's last choice, "everyone": each seat's hand in its panel and
    Cluck-peep!'s hidden tile in the header, drawn whole, nothing overlapping."""
    from game.scenes.table.replay import EVERYONE, hidden_things

    app = make_app(size, lang)
    try:
        problems = []
        for game, players in GAMES.items():
            played = finished(game, players, seed=8)
            table, controls = open_watching(app, replay_of(played))
            controls.jump(controls.replay.length // 2)
            for _ in range(players + 1):
                controls.next_seat()
            assert controls.shown_seat == EVERYONE and controls.reveal.reveal_all
            assert table.private_player is None  # the table itself draws nobody's
            assert controls.buttons.by_key("replay:show").label == app.t("app.replay_everyone")
            seats_, shared = hidden_things(table.state, app.t)
            if game in ("duck", "cluck"):  # Verflixxt! hides cards only with hats
                assert any(seats_), game
                assert all(table.frame.seat_subtitle(p) == s for p, s in enumerate(seats_) if s)
            if game == "cluck" and table.state.hidden is not None:
                assert shared and shared in table.frame.variant_label()
            # the table and the controls over it, each whole (the controls' corner paints
            # over the table's menu button: a replay has none)
            for scene in (table, controls):
                with widgets.recording(app.screen) as sink:
                    scene.draw(app.screen)
                problems += [f"{game}: {p}" for p in text_problems(sink.texts, size)]
            controls.next_seat()  # back to nobody's
            assert controls.shown_seat is None and not controls.reveal.reveal_all
            app.stack.clear()
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
