"""Finished games reach the history (issue #28): a game played at the table is recorded
at its end with the end screen's breakdown (a lesson marked as one), the finished
autosaves already on disk are imported once; a game exported as a .derby file opens
again move for move, and a damaged or hostile one is refused at its line; the
history/stats/export commands."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game import derby_file, saves
from game.__main__ import main
from game.derby_file import DerbyFileError
from game.history import History
from game.scenes.shell.menu import MenuScene
from game.scenes.table.end_screen import GameOverScene
from game.scenes.table.guide import NoGuide
from game.screenshot import fast_forward
from tests.scene_helpers import make_app, push_game, step_until
from tests.test_history import finished

pytestmark = pytest.mark.usefixtures("quick_bots")


def play_to_the_end(game_id: str, players: int, options: dict):
    app = make_app()
    app.persist = True  # this app keeps a history (in the test's own home folder)
    app.push(MenuScene(app))
    scene = push_game(app, game_id, (0,), players, 5, options, "normal")
    fast_forward(scene, 10**6)
    assert step_until(app, lambda: isinstance(app.top, GameOverScene), 2000, 1 / 20)
    return app, scene


@pytest.mark.parametrize("game_id,players,options", [("routes", 3, {}), ("cluck", 2, {})])
def test_a_game_played_to_its_end_is_in_the_history_with_its_breakdown(game_id, players, options):
    app, scene = play_to_the_end(game_id, players, options)
    app.quit()
    history = History.open()
    (entry,) = history.games()
    assert entry.game == game_id and entry.source == "local" and not entry.lesson
    assert entry.uid == scene.session.save_id
    assert [s.kind for s in entry.seats] == ["person"] + ["computer"] * (players - 1)
    rows = scene.final_breakdown().parts
    assert [s.breakdown for s in entry.seats] == [tuple(row) for row in rows]
    assert set(entry.winners) == set(scene.state.winners())
    record = history.load(entry.id)
    assert record.actions == tuple(scene.session.actions)
    history.close()


def test_a_lesson_is_recorded_as_one_and_left_out_of_the_statistics():
    app = make_app()
    app.persist = True
    app.push(MenuScene(app))
    scene = push_game(app, "routes", (0,), 3, 5, {}, "normal")
    fast_forward(scene, 10**6)
    # what the table asks of a lesson's guide here: that there is a lesson
    scene.guide = SimpleNamespace(lesson=object())
    scene.keeping.record_history()
    scene.guide = NoGuide()
    app.quit()
    history = History.open()
    (entry,) = history.games()
    assert entry.lesson
    assert history.stats("P1").played == 0
    history.close()


def test_finished_autosaves_on_disk_are_imported_at_the_first_game_end():
    earlier = finished("verflixxt", 3, seed=2)
    saves.autosave(earlier)
    app, scene = play_to_the_end("routes", 3, {})
    app.quit()
    history = History.open()
    assert {g.uid for g in history.games()} == {earlier.save_id, scene.session.save_id}
    history.close()


@pytest.mark.parametrize(
    "game_id,players", [("duck", 3), ("verflixxt", 3), ("cluck", 2), ("routes", 4)]
)
def test_an_exported_game_opens_again_move_for_move(tmp_path, game_id, players):
    session = finished(game_id, players, seed=31)
    history = History.open()
    game_id_row = history.record(session)
    game = derby_file.from_record(history.load(game_id_row))
    history.close()
    path = derby_file.write(tmp_path / "game.derby", game)
    opened = derby_file.read(path)
    assert opened.actions == tuple(session.actions) and opened.seed == session.seed
    assert opened.options == session.options
    assert [s.name for s in opened.seats] == [s.name for s in session.seats]


def test_a_derby_file_with_an_illegal_action_is_refused_at_its_line(tmp_path):
    session = finished("routes", 3, seed=8)
    history = History.open()
    game = derby_file.from_record(history.load(history.record(session)))
    history.close()
    path = derby_file.write(tmp_path / "g.derby", game)
    lines = path.read_text(encoding="utf-8").splitlines()
    first_move = next(i for i, line in enumerate(lines) if not line.startswith("[") and line)
    lines[first_move + 2] = "0 take 9 9"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DerbyFileError, match=f"line {first_move + 3}: action 3 is refused"):
        derby_file.read(path)


def unfinished_derby(tmp_path, name: str = "stops.derby"):
    """A finished game's .derby file with its last three actions cut off: every action
    still legal, the game not over."""
    session = finished("routes", 3, seed=8)
    history = History.open()
    game = derby_file.from_record(history.load(history.record(session)))
    history.close()
    path = derby_file.write(tmp_path / name, game)
    lines = path.read_text(encoding="utf-8").rstrip("\n").splitlines()
    path.write_text("\n".join(lines[:-3]) + "\n", encoding="utf-8")
    return session, path


def test_a_derby_file_whose_record_stops_before_the_end_is_refused(tmp_path, capsys):
    """issue #36: a .derby file whose record stops before the game is over was accepted
    (a replay of a game that never ends). It is a DerbyFileError naming the file; the
    replay of such a record is refused too; on the command line it is one line, exit 2."""
    from game.table.replay import Replay, ReplayError

    session, path = unfinished_derby(tmp_path)
    with pytest.raises(DerbyFileError, match="the record ends before the game does") as caught:
        derby_file.read(path)
    assert "stops.derby" in str(caught.value)
    with pytest.raises(ReplayError, match="ends before the game does"):
        Replay("routes", session.seats, session.seed, session.options, session.actions[:-3])
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert out == "" and len(lines) == 1, err
    assert lines[0].startswith("tabletop-derby: error: ") and "ends before the game" in lines[0]
    assert "stops.derby" in lines[0]


def test_a_derby_file_that_stops_early_is_one_dialog_in_the_window(tmp_path):
    """issue #36: opened in the window (dropped on it), such a file is one dialog that
    names it and why, over the menu it was dropped on; the app runs on."""
    import pygame

    _session, path = unfinished_derby(tmp_path)
    app = make_app((1024, 600))
    app.router.open("menu")
    depth = len(app.stack)
    app.handle(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    dialog = app.top
    assert type(dialog).__name__ == "DialogScene" and app.running
    assert len(app.stack) == depth + 1
    assert "stops.derby" in dialog.message and "ends before the game" in dialog.message


@pytest.mark.parametrize(
    "text,problem",
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"[Game routes]\n", "not a tag"),
        (b'[Game "chess"]\n', "unknown game"),
        (b'[Game "routes"]\n[Seed "1e5"]\n', "Seed"),
        (b'[Game "routes"]\n[Game "routes"]\n', "given twice"),
        (b'[Game "routes"]\n[Seed "1"]\n[Options "[]"]\n', "not a JSON object"),
        (b'[Game "routes"]\n[Seed "1"]\n[Options "{}"]\n[Seat0 "a\\u2028b|person||x"]\n', "name"),
    ],
)
def test_a_damaged_derby_file_is_one_problem_naming_its_place(tmp_path, text, problem):
    path = tmp_path / "bad.derby"
    path.write_bytes(text)
    with pytest.raises(DerbyFileError, match=problem):
        derby_file.read(path)


def test_a_derby_file_past_its_size_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(derby_file, "MAX_BYTES", 100)
    path = tmp_path / "big.derby"
    path.write_text('[Game "routes"]\n' * 20, encoding="utf-8")
    with pytest.raises(DerbyFileError):
        derby_file.read(path)


def test_the_history_stats_and_export_commands(tmp_path, capsys):
    session = finished("routes", 3, seed=12, names=["Ann", "Bo", "Cy"])
    history = History.open()
    row = history.record(session)
    history.close()
    assert main(["history"]) == 0
    listed = capsys.readouterr().out
    assert f"{row:>6}" in listed and "Eight Routes" in listed and "Ann" in listed
    assert main(["stats", "--player", "ann", "--json"]) == 0
    assert '"played": 1' in capsys.readouterr().out
    out = tmp_path / "x.derby"
    assert main(["export", "latest", "--out", str(out)]) == 0
    assert derby_file.read(out).actions == tuple(session.actions)
    assert main(["export", "999", "--out", str(out)]) == 2
    assert "no such game" in capsys.readouterr().err
    assert main(["export", "nope", "--out", str(out)]) == 2
    assert main(["stats", "--player", "x" * 17]) == 2
