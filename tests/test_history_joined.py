"""A joined game is remembered (issue #28): once a network game is over, and never
before, the host sends every member (players and spectators) the whole record in one
"record" message; the joiner replays it through the rules (refused at the first illegal
action, or when its end is not what the host showed), keeps it in its history as
"joined" with its own seat as the viewer, and can watch it again. Without a record (the
host went away) the entry is kept from the last view, without a replay and without a
Watch button. Network tests on 127.0.0.1 only, every wait bounded."""

from __future__ import annotations

import json
import random
import time

import pytest

from game.history import History
from game.net import joined
from game.net.protocol import ProtocolError, check_record, decode
from game.net.table import Table
from game.scenes.lobby.online import client_scene
from game.scenes.shell.history_screen import HistoryScene
from game.scenes.table.end_screen import GameOverScene
from game.session import Seat, Session
from game.table.replay import Replay
from tests.net_helpers import (
    Player,
    RecordingPeer,
    check_wire,
    hosting,
    run,
    start_host,
    wait_listening,
)
from tests.scene_helpers import BOT_SEED, make_app, seats
from tests.test_history import finished
from tests.test_online_scenes import join

LIMIT_S = 90.0  # a bound on a game, not a timing check

pytestmark = pytest.mark.usefixtures("history_answers_at_once")


def table_game(game: str, players: int, seed: int) -> tuple[Table, list[RecordingPeer], Session]:
    """A table with a peer at each seat and a spectator, and the finished game whose
    actions it is played through (the same seed and options)."""
    played = finished(game, players, seed)
    session = Session(game, [Seat(s.name, s.character) for s in played.seats], seed,
                      played.options, prepared=True)  # fmt: skip
    table, _owner = Table.new(session)
    peers = [RecordingPeer(f"seat{i}") for i in range(players)]
    for i, peer in enumerate(peers):
        table.join(peer, i, f"P{i}")
    watcher = RecordingPeer("watcher")
    table.join(watcher, None, "W")
    return table, [*peers, watcher], played


@pytest.mark.parametrize("game,players", [("routes", 3), ("cluck", 2)])
def test_the_record_is_sent_once_to_every_member_only_after_the_end(game, players):
    table, peers, played = table_game(game, players, seed=(1 << 100) + 21)  # unmistakable
    seed_text = str(played.seed)
    for n, (player, text) in enumerate(played.actions, 1):
        table.apply(player, table.session.module.parse_action(text))
        if n < len(played.actions):
            for peer in peers:  # nothing of the seed, nor any action text list, yet
                assert "record" not in peer.kinds()
                assert all(seed_text not in json.dumps(m) for m in peer.sent)
    assert table.session.state.is_over()
    expected = [[p, a] for p, a in played.actions]
    for peer in peers:
        assert peer.kinds().count("record") == 1 and peer.kinds()[-1] == "record"
        record = peer.sent[-1]
        assert peer.sent[-2]["type"] == "update" and peer.sent[-2]["n"] == len(expected)
        assert record["seed"] == seed_text and record["actions"] == expected
        assert record["options"] == played.options and record["game"] == game
    late = RecordingPeer("late")  # a spectator after the end: welcome, then the record
    table.join(late, None, "L")
    assert late.kinds() == ["welcome", "record"]


def test_a_record_past_the_bounds_is_not_sent(monkeypatch):
    from game.net import table as table_module

    monkeypatch.setattr(table_module, "RECORD_MAX_ACTIONS", 3)
    table, peers, played = table_game("routes", 3, seed=5)
    for player, text in played.actions:
        table.apply(player, table.session.module.parse_action(text))
    assert table.session.state.is_over()
    assert all("record" not in peer.kinds() for peer in peers)


@pytest.mark.parametrize(
    "change,problem",
    [
        (lambda m: m.update(seed="12x"), "seed"),
        (lambda m: m.update(seed="9" * 41), "seed"),
        (lambda m: m.update(options=[]), "options"),
        (lambda m: m.update(actions={}), "actions"),
        (lambda m: m["actions"].append([3, "roll"]), r"actions\[\d+\]"),
        (lambda m: m["actions"].append([0, "a\u2028b"]), r"actions\[\d+\]"),
        (lambda m: m["actions"].append([0, "x" * 201]), r"actions\[\d+\]"),
        (lambda m: m["actions"].append([True, "roll"]), r"actions\[\d+\]"),
    ],
)
def test_a_record_message_out_of_bounds_is_refused_by_its_check(change, problem):
    table, _peers, played = table_game("routes", 3, seed=5)
    for player, text in played.actions:
        table.apply(player, table.session.module.parse_action(text))
    text = table.record_text()
    assert text is not None
    message = decode(text, on_host=False)
    assert check_record(message, 3)["actions"] == list(played.actions)
    change(message)
    with pytest.raises(ProtocolError, match=problem):
        check_record(message, 3)


def test_the_joiner_replays_the_record_and_refuses_a_bad_one():
    played = finished("verflixxt", 3, seed=9)
    view = played.state.view(1)
    record = {
        "game": "verflixxt",
        "options": played.options,
        "seed": played.seed,
        "actions": list(played.actions),
    }
    assert joined.check_record(record, "verflixxt", played.seats, view) is None
    bad = list(played.actions)
    bad[4] = (bad[4][0], "no such move")
    problem = joined.check_record({**record, "actions": bad}, "verflixxt", played.seats, view)
    assert problem is not None and problem.startswith("action 5 is refused")
    short = {**record, "actions": list(played.actions)[:-1]}
    assert "ends before" in str(joined.check_record(short, "verflixxt", played.seats, view))
    # a legal, finished game -- but not the one this window was shown
    other = finished("verflixxt", 3, seed=10)
    assert other.state.scores() != played.state.scores()
    elsewhere = {**record, "seed": other.seed, "actions": list(other.actions)}
    assert "not those the host showed" in str(
        joined.check_record(elsewhere, "verflixxt", played.seats, view)
    )
    assert "another game" in str(joined.check_record(record, "routes", played.seats, view))


def test_a_joined_game_is_kept_with_its_viewer_and_kinds_and_replays(tmp_path):
    played = finished("routes", 3, seed=14, names=["Ann", "Bo", "Cy"])
    played.seats[2].human = False
    record = {"game": "routes", "options": played.options, "seed": played.seed,
              "actions": list(played.actions)}  # fmt: skip
    view = played.state.view(1)
    fields = joined.entry_fields(code="ABCD-EFGH-JKLM", game_id="routes", options={},
                                 seats=played.seats, seat=1, view=view,
                                 view_data=view.to_dict(), breakdown=None,
                                 record=record)  # fmt: skip
    history = History.open(tmp_path / "h.sqlite")
    row = history.record_entry(**fields)
    assert history.record_entry(**fields) == row  # the same game once
    (entry,) = history.games()
    assert entry.source == "joined" and entry.replayable
    assert [s.kind for s in entry.seats] == ["online", "person", "computer"]
    assert [s.score for s in entry.seats] == [float(x) for x in played.state.scores()]
    loaded = history.load(row)
    assert loaded.viewer == 1 and loaded.seed == played.seed
    replay = Replay.of_history(loaded)
    replay.seek(replay.length)
    assert replay.state.scores() == played.state.scores()
    # and without the record: names, scores and places, no replay
    fields = joined.entry_fields(code="ZZZZ-EFGH-JKLM", game_id="routes", options={},
                                 seats=played.seats, seat=None, view=view,
                                 view_data=view.to_dict(), breakdown=None,
                                 record=None)  # fmt: skip
    lone = history.record_entry(**fields)
    newest = history.games()[0]
    assert newest.id == lone and not newest.replayable
    assert [s.kind for s in newest.seats] == ["online", "computer", "computer"]
    assert history.load(lone).seed is None
    history.close()


def test_the_history_screen_lists_a_game_without_its_record_without_watch(tmp_path):
    played = finished("routes", 3, seed=14)
    view = played.state.view(0)
    history = History.open(tmp_path / "h.sqlite")
    history.record(played)
    history.record_entry(**joined.entry_fields(
        code="ZZZZ-EFGH-JKLM", game_id="routes", options={}, seats=played.seats, seat=0,
        view=view, view_data=view.to_dict(), breakdown=None, record=None,
    ))  # fmt: skip
    app = make_app((1024, 600))
    app.router.open("menu")
    scene = HistoryScene(app, history)
    app.push(scene)
    app.step(0.0)
    keys = [b.key for b in scene.buttons.buttons]
    assert "watch:1" in keys and "watch:0" not in keys  # the newest: no record, no Watch
    assert "open_file" in keys
    history.close()


# -- over the network (127.0.0.1) ------------------------------------------------------------


@pytest.mark.parametrize("game,kinds", [("cluck", ["person", "person", "computer"]),
                                        ("duck", ["person", "computer", "person"])])  # fmt: skip
def test_over_the_wire_no_byte_of_the_seed_or_the_record_comes_before_the_end(game, kinds):
    async def scenario():
        async with hosting(bot_delay=0.0) as (url, tables, _server):
            from game.net.client import TableClient

            owner = TableClient(url)
            await owner.connect()
            code, _ = await owner.create(game, [{"kind": k, "level": "random"} for k in kinds])
            await owner.close()
            session = tables.by_code[code].session
            people = [Player(url, i, seed=40 + i) for i, k in enumerate(kinds) if k == "person"]
            watcher = Player(url, None, seed=0, name="Watcher")
            for member in [*people, watcher]:
                await member.join(code)
            await __import__("asyncio").gather(*(p.play() for p in people))
            for member in [*people, watcher]:  # read on to the record (bounded)
                for _ in range(len(session.actions) + 50):
                    if member.client.mirror.record is not None:
                        break
                    await member.client.receive(10.0)
            return session, [*people, watcher]

    session, members = run(scenario(), timeout=120)
    assert session.state.is_over()
    secrets = [str(session.seed), json.dumps([[p, a] for p, a in session.actions])]
    for member in members:
        mirror = member.client.mirror
        assert mirror.record is not None and mirror.record_problem is None
        assert mirror.record["actions"] == list(session.actions)
        kinds_sent = [json.loads(text)["type"] for text in member.record]
        first = kinds_sent.index("record")
        before = member.record[:first]
        assert kinds_sent.count("record") == 1
        for text in before:
            for secret in secrets:
                assert secret not in text
        # everything before the record was exactly this seat's views: nothing hidden
        assert check_wire(session, member.seat, before) >= len(session.actions)
        # the last view the record is checked against came before it
        last_update = max(i for i, k in enumerate(kinds_sent[:first]) if k in ("update", "welcome"))
        assert json.loads(member.record[last_update])["n"] == len(session.actions)
        view = mirror.view
        seats_ = [Seat(s["name"], s["character"], s["human"]) for s in mirror.seats]
        assert joined.check_record(mirror.record, game, seats_, view) is None


def play_client_game(app, host, scene, session, limit=LIMIT_S):
    from game.ai import make_bot

    bot, rng = make_bot(session.game_id, "random"), random.Random(3)
    deadline = time.monotonic() + limit
    while not (isinstance(app.top, GameOverScene) and not app.top.again):
        assert time.monotonic() < deadline, "the game did not end"
        host.pump(drive_computers=True)
        app.step(0.05)
        if scene.player.busy():
            scene.player.skip()
        if scene.sharing.active_human() == 0 and scene.private_player == 0:
            assert scene.act(0, bot.choose(scene.state, 0, rng))
        time.sleep(0.002)


def step_until(app, host, done, limit: float = 20.0) -> None:
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline
        host.pump()
        app.step(0.05)
        time.sleep(0.005)


def test_a_client_window_keeps_the_joined_game_and_can_watch_it_again():
    from tests.net_helpers import lobby_options

    session = Session("routes", seats("routes", {0}, 3, "easy"), 7, lobby_options("routes"),
                      bot_seed=BOT_SEED)  # fmt: skip
    host = start_host(session)
    client = None
    try:
        wait_listening(host)
        client, mirror = join(host, 0, "Ann")
        app = make_app(size=(1024, 600))
        app.persist = True  # keeps a history (in the test's own home folder)
        app.router.open("menu")
        scene = client_scene(app, client, mirror)
        app.push(scene)
        play_client_game(app, host, scene, session)
        step_until(app, host, lambda: scene.part.remembered_game)
        assert scene.driver.record_problem is None
    finally:
        if client is not None:
            client.stop()
        host.stop()
    app.quit()
    history = History.open()
    (entry,) = history.games()
    assert entry.source == "joined" and entry.replayable
    assert entry.seats[0].kind == "person" and entry.seats[0].name == "Ann"
    assert [s.kind for s in entry.seats[1:]] == ["computer", "computer"]
    assert [s.score for s in entry.seats] == [float(x) for x in session.state.scores()]
    record = history.load(entry.id)
    assert record.viewer == 0 and record.actions == tuple(session.actions)
    replay = Replay.of_history(record)
    replay.seek(replay.length)
    assert replay.state.scores() == session.state.scores()
    history.close()


def test_a_client_window_whose_host_never_sends_the_record_keeps_the_game_unwatchable(
    monkeypatch,
):
    from tests.net_helpers import lobby_options

    monkeypatch.setattr(Table, "record_text", lambda self: None)  # a host that never sends it
    session = Session("routes", seats("routes", {0}, 3, "easy"), 8, lobby_options("routes"),
                      bot_seed=BOT_SEED)  # fmt: skip
    host = start_host(session)
    client = None
    try:
        wait_listening(host)
        client, mirror = join(host, 0, "Ann")
        app = make_app(size=(1024, 600))
        app.persist = True
        app.router.open("menu")
        scene = client_scene(app, client, mirror)
        app.push(scene)
        play_client_game(app, host, scene, session)
        for _ in range(5):
            app.step(0.05)
        assert not scene.part.remembered_game  # it waits for the record a while
        host.stop()  # the host is gone: kept without a replay
        deadline = time.monotonic() + 20
        while not scene.part.remembered_game:
            assert time.monotonic() < deadline
            app.step(0.05)
            time.sleep(0.01)
    finally:
        if client is not None:
            client.stop()
        host.stop()
    app.quit()
    history = History.open()
    (entry,) = history.games()
    assert entry.source == "joined" and not entry.replayable
    assert [s.score for s in entry.seats] == [float(x) for x in session.state.scores()]
    assert {s.place for s in entry.seats} >= {1}
    history.close()


# -- opening a .derby file from the window ----------------------------------------------------


def exported(tmp_path, name: str = "game.derby"):
    from game import derby_file

    played = finished("routes", 3, seed=12)
    history = History.open(tmp_path / "h.sqlite")
    game = derby_file.from_record(history.load(history.record(played)))
    history.close()
    return played, derby_file.write(tmp_path / name, game)


def test_a_derby_file_dropped_on_the_window_opens_its_replay(tmp_path):
    import pygame

    played, path = exported(tmp_path)
    app = make_app((1024, 600))
    app.router.open("menu")
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    assert type(app.top).__name__ == "ReplayControls"
    assert app.top.replay.actions == list(played.actions)
    app.top.close()
    bad = tmp_path / "bad.derby"
    bad.write_text('[Game "chess"]\n', encoding="utf-8")
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    dialog = app.top
    assert type(dialog).__name__ == "DialogScene" and app.running
    assert "bad.derby" in dialog.message and "unknown game" in dialog.message
    dialog.close()
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "gone.derby")))
    assert type(app.top).__name__ == "DialogScene" and "gone.derby" in app.top.message


def test_open_a_file_lists_the_exports_newest_first_and_opens_one(tmp_path):
    import os

    from game import derby_file
    from game.scenes.shell.open_file import OpenFileScene

    folder = derby_file.exports_dir()
    folder.mkdir(parents=True)
    played, older = exported(folder, "older.derby")
    exported(folder, "newer.derby")
    os.utime(older, (1_000_000_000, 1_000_000_000))
    (folder / "notes.txt").write_text("not a game", encoding="utf-8")
    app = make_app((1024, 600))
    app.router.open("menu")
    picker = OpenFileScene(app, [folder])
    app.push(picker)
    app.step(0.0)
    assert [p.name for p in picker.files] == ["newer.derby", "older.derby"]
    picker.buttons.by_key("file:1").on_click()
    assert type(app.top).__name__ == "ReplayControls"
    assert app.top.replay.actions == list(played.actions)
    empty = OpenFileScene(app, [tmp_path / "nothing-here"])
    app.push(empty)
    app.step(0.0)
    assert empty.files == [] and empty.buttons.by_key("cancel") is not None


def test_export_without_out_writes_to_the_exports_folder(capsys):
    from game import derby_file
    from game.__main__ import main

    played = finished("routes", 3, seed=12)
    history = History.open()
    row = history.record(played)
    history.close()
    assert main(["export", "latest"]) == 0
    path = derby_file.exports_dir() / f"routes-{row}.derby"
    assert derby_file.read(path).actions == tuple(played.actions)
    assert derby_file.listed([derby_file.exports_dir()]) == [path.resolve()]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (2560, 1440)], ids=str)
def test_the_open_a_file_list_is_whole_and_readable_at_every_size(tmp_path, size, lang):
    """Issue #28/#27: the picker's texts (long file names too) are never cut, too small or
    overlapping, in either language."""
    import pygame

    from game import derby_file
    from game.scenes.shell.open_file import OpenFileScene
    from game.ui import widgets
    from tests.scene_helpers import text_problems

    folder = derby_file.exports_dir()
    folder.mkdir(parents=True)
    for name in ("a.derby", "a-very-long-name-of-the-game-we-played-on-sunday-evening.derby"):
        exported(folder, name)
    app = make_app(size, lang)
    try:
        app.router.open("menu")
        picker = OpenFileScene(app, [folder])
        app.push(picker)
        app.step(0.0)
        with widgets.recording(app.screen) as sink:
            picker.draw(app.screen)
        assert sink.texts
        problems = text_problems(sink.texts, size)
        assert not problems, "\n".join(problems)
    finally:
        pygame.quit()
