"""The history survives another program and bad rows (issue #36, "One writer per game,
nothing lost" and "History writes turn an encoding error into a reported row problem"):
a history file another PROCESS holds locked never holds up the window (the game waits
in the data folder and is written when the file is free, also after quitting), the
History screen says it is busy instead of freezing; a text that is not UTF-8 makes one
bad row, reported by its id; a file a query finds malformed is kept aside and a new
history begun; a lone surrogate in a name is stored replaced and reported."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game import app as app_module
from game import history_writer
from game.app import App
from game.history import History, RowProblem, SeatResult, history_path
from game.history_writer import HistoryWriter, pending_dir
from game.scenes.shell.history_screen import HistoryScene
from game.settings import Settings
from game.ui import widgets
from tests.scene_helpers import make_app
from tests.test_history import finished
from tests.test_history_record import play_to_the_end

pytestmark = pytest.mark.usefixtures("quick_bots")

BOUND_S = 60.0  # a bound on waiting for a condition, never a timing check

# Another program: it opens the history and holds a write lock (EXCLUSIVE in WAL mode
# keeps out writers; with locking_mode EXCLUSIVE and a write, readers too) until killed.
HOLDER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "readers-too":
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
if sys.argv[2] == "readers-too":
    db.execute("INSERT INTO meta (key, value) VALUES ('held', 'by another program')")
print("locked", flush=True)
time.sleep(600)
"""


@contextlib.contextmanager
def locked_by_another_process(path: Path, mode: str = "writers") -> Iterator[Callable[[], None]]:
    """``path`` locked by a child process until the yielded ``let_go()`` (or the end)."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), mode], stdout=subprocess.PIPE, text=True
    )

    def let_go() -> None:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=BOUND_S)

    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "locked"
        yield let_go
    finally:
        let_go()
        if child.stdout is not None:
            child.stdout.close()


def wait_for(done: Callable[[], bool], step: Callable[[], None] | None = None) -> bool:
    deadline = time.monotonic() + BOUND_S
    while not done():
        if time.monotonic() > deadline:
            return False
        if step is not None:
            step()
        time.sleep(0.01)
    return True


def a_history_exists() -> None:
    History.open().close()  # WAL, the schema: what another program then holds


def test_a_game_ending_while_another_process_locks_the_history_is_written_when_it_lets_go():
    """issue #36: the game's record is handed to the history's thread and the window goes
    on (the game still pending while the file is locked); unlocked, the game is there,
    with its end-screen breakdown."""
    a_history_exists()
    with locked_by_another_process(history_path()) as let_go:
        app, scene = play_to_the_end("routes", 3, {})  # the table records it at its end
        writer = app._writer
        assert writer is not None and writer._thread is not threading.current_thread()
        uid = scene.session.save_id
        assert [p.uid for p in writer.pending()] == [uid]  # returned before it was written
        assert wait_for(writer.locked)  # the thread waits on the other program, not us
        assert len(list(pending_dir().glob("*.json"))) == 1  # and it is on disk meanwhile
        app.step(1 / 60)  # a frame while locked: the window goes on
        let_go()
        assert wait_for(lambda: not writer.pending())
    app.quit()
    history = History.open()
    (entry,) = history.games()
    assert entry.uid == uid
    assert [s.breakdown for s in entry.seats] == [
        tuple(row) for row in scene.final_breakdown().parts
    ]
    history.close()
    assert not list(pending_dir().glob("*.json"))


def test_a_game_still_waiting_when_the_app_quits_is_written_at_the_next_start():
    """issue #36: never dropped, also across quitting while the file is locked: the game
    waits in the data folder and the next start writes it."""
    a_history_exists()
    with locked_by_another_process(history_path()):
        app, scene = play_to_the_end("cluck", 2, {})
        app.quit()  # does not wait for the other program
        assert len(list(pending_dir().glob("*.json"))) == 1
    history = History.open()
    assert history.count() == 0
    history.close()
    again = App(size=(1280, 720), settings=Settings(), persist=True)
    writer = again._writer
    assert writer is not None  # started at once: a run before left a game to write
    assert wait_for(lambda: not writer.pending())
    again.quit()
    history = History.open()
    assert [g.uid for g in history.games()] == [scene.session.save_id]
    history.close()
    assert not list(pending_dir().glob("*.json"))


def test_the_history_screen_says_it_is_busy_while_locked_and_lists_when_free():
    """issue #36: History opened while another process holds the file (readers kept
    out too) shows "in use by another program" instead of freezing, and lists the games
    once the file is free."""
    history = History.open()
    history.record(finished("routes", 3, seed=3))
    history.close()
    app = make_app((1280, 720))
    app.persist = True
    app.router.open("menu")
    with locked_by_another_process(history_path(), "readers-too") as let_go:
        app.router.open("history")
        scene = app.top
        assert isinstance(scene, HistoryScene)
        assert scene.job is not None  # open, its question not answered: not waited for
        assert wait_for(lambda: scene.job is not None and scene.job.waiting, lambda: app.step(0))
        assert scene.rows == [] and scene._message() == app.t("app.history_busy")
        let_go()
        assert wait_for(lambda: scene.job is None, lambda: app.step(0))
    assert [row.game for row in scene.rows] == ["routes"]
    app.quit()


def _three_games(path: Path) -> History:
    history = History.open(path)
    for i in range(3):
        history.record(finished("routes", 3, seed=20 + i), ended=1_700_000_000.0 + i)
    return history


def test_a_seat_name_that_is_not_utf8_is_one_bad_row_reported_by_id(tmp_path, caplog):
    """issue #36: one bad row is one bad row: the others list, the bad one is logged by
    its id and counted on the History screen; the statistics still read."""
    path = tmp_path / "h.sqlite"
    _three_games(path).close()
    raw = sqlite3.connect(path)
    raw.execute("UPDATE seats SET name = CAST(X'4c65ff6f' AS TEXT) WHERE game_id = 2 AND seat = 0")
    raw.commit()
    raw.close()
    history = History.open(path)
    caplog.set_level(logging.WARNING, logger="game.history")
    found = history.games()
    assert [row.id for row in found if not isinstance(row, RowProblem)] == [3, 1]
    (bad,) = [row for row in found if isinstance(row, RowProblem)]
    assert bad.game_id == 2 and bad.place == "seats[0].name"
    assert any("game 2: seats[0].name" in r.getMessage() for r in caplog.records)
    assert isinstance(history.load(2), RowProblem)
    assert history.players() == ["P0"] and history.stats("P0").played == 2  # game 2: bad
    history.record(finished("cluck", 2, seed=5))  # a new game lists too
    assert history.count() == 4 and len(history.games()) == 4
    app = make_app((1280, 720))
    scene = HistoryScene(app, history)
    app.push(scene)
    assert wait_for(lambda: scene.job is None, lambda: app.step(0))
    assert [row.id for row in scene.rows] == [4, 3, 1]
    words = app.t("app.history_unreadable_one", n=1, ids="2")
    assert scene.unreadable_words() == words
    with widgets.recording(app.screen) as sink:
        scene.draw(app.screen)
    assert words in {t.text for t in sink.texts}
    app.pop()
    history.close()


def point_an_index_entry_at_no_row(path: Path, index: str, rowid: int) -> None:
    """Damage that ``PRAGMA quick_check`` does not look for: the entry of ``rowid`` in
    ``index`` (one leaf page) points at a row that does not exist. A query through the
    index then fails with "database disk image is malformed"."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()[0]
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    page = (root - 1) * size
    assert data[page] == 0x0A  # a leaf index page
    changed = 0
    for k in range(int.from_bytes(data[page + 3 : page + 5], "big")):
        cell = page + int.from_bytes(data[page + 8 + 2 * k : page + 10 + 2 * k], "big")
        payload, header = data[cell], data[cell + 1]
        # the record ends with the row's id; serial type 1: one byte
        if data[cell + header] == 1 and data[cell + payload] == rowid:
            data[cell + payload] = 99
            changed += 1
    assert changed == 1
    path.write_bytes(data)


def test_a_file_a_query_finds_malformed_is_kept_aside_and_a_new_history_begun(tmp_path):
    """issue #36: damage that quick_check passes but a query finds "malformed" is kept
    aside as damaged (byte for byte, nothing deleted) and a new history begun."""
    path = tmp_path / "h.sqlite"
    _three_games(path).close()
    point_an_index_entry_at_no_row(path, "games_by_end", 3)
    damaged = hashlib.sha256(path.read_bytes()).hexdigest()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    with pytest.raises(sqlite3.DatabaseError, match="malformed"):
        raw.execute("SELECT uid FROM games ORDER BY ended DESC, id DESC").fetchall()
    raw.close()
    history = History.open(path)  # quick_check passes: it opens
    assert history.games() == []  # the query found it malformed: a new history
    (kept,) = tmp_path.glob("h.sqlite.damaged-*")
    assert hashlib.sha256(kept.read_bytes()).hexdigest() == damaged
    assert any("malformed" in note and kept.name in note for note in history.notes)
    history.record(finished("routes", 3, seed=1))
    assert history.count() == 1
    history.close()


def test_a_lone_surrogate_in_a_name_is_stored_replaced_and_reported(tmp_path, caplog):
    """issue #36: history writes turn an encoding error into a reported row problem,
    never an exception: a lone surrogate (from a hostile host) is stored as U+FFFD and
    the replacement logged by the game's id and reported by the history's thread."""
    played = finished("routes", 3, seed=4)
    seats = tuple(
        SeatResult("Le\ud800o" if i == 1 else s.name, "online", None, s.character, 1.0, 1 + i)
        for i, s in enumerate(played.seats)
    )
    fields = {
        "uid": "joined-\udcff",
        "game": "routes",
        "variant": None,
        "options": {"board": "\ud800"},
        "seed": None,
        "actions": (),
        "rounds": 3,
        "source": "joined",
        "viewer": 0,
        "seats": seats,
    }
    caplog.set_level(logging.WARNING, logger="game.history")
    history = History.open(tmp_path / "h.sqlite")
    game_id = history.record_entry(**fields)
    (entry,) = history.games()
    assert entry.seats[1].name == "Le\ufffdo" and entry.uid == "joined-\ufffd"
    assert any(f"game {game_id}: seats[1].name" in r.getMessage() for r in caplog.records)
    history.close()
    # through the app's path (game.scenes.lobby.online: write_history), reported
    from game.history import prepare_entry

    writer = HistoryWriter(lambda: History.open(tmp_path / "h2.sqlite"), tmp_path / "pending")
    try:
        writer.record(prepare_entry(**fields))
        assert writer.wait_idle(BOUND_S) and not writer.pending()
        reports = writer.take_reports()
        assert any("seats[1].name: a lone surrogate" in r for r in reports)
    finally:
        writer.stop()


def test_a_damaged_pending_file_is_kept_aside_and_the_others_written(tmp_path):
    """issue #36: a pending game's file that cannot be read is kept as damaged (never
    deleted) and reported; the other pending games are written; a temporary file a
    killed write left is removed."""
    folder = tmp_path / "pending"
    writer = HistoryWriter(lambda: History.open(tmp_path / "h.sqlite"), folder)
    try:
        writer._keep(history_prepared(finished("routes", 3, seed=8)))  # as if quit then
    finally:
        writer.stop()
    (folder / ("0" * 32 + ".json")).write_text("{not json")
    stale = folder / ".1234.json.abcd1234.tmp"  # a write a kill interrupted, an hour ago
    stale.write_text("{")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    again = HistoryWriter(lambda: History.open(tmp_path / "h.sqlite"), folder)
    try:
        assert again.resume_pending() == 1
        assert again.wait_idle(BOUND_S) and not again.pending()
        assert any("kept as" in r for r in again.take_reports())
    finally:
        again.stop()
    assert [p.name[:46] for p in folder.iterdir()] == ["0" * 32 + ".json.damaged-"]  # no .tmp
    history = History.open(tmp_path / "h.sqlite")
    assert history.count() == 1
    history.close()


def history_prepared(session):
    from game.history import prepare_session

    return prepare_session(session)


def test_the_app_looks_for_pending_games_where_the_writer_keeps_them():
    """The app's start-up check names the folder itself (game.history_writer imports
    sqlite3, which start-up leaves out): the two must agree."""
    assert pending_dir().name == history_writer.PENDING_DIR == "history-pending"
    assert not app_module._games_pending()
    (pending_dir()).mkdir(parents=True)
    (pending_dir() / "x.json").write_text("{}")
    assert app_module._games_pending()


def test_games_ended_just_before_quitting_are_written_before_the_thread_ends(tmp_path):
    """issue #36: quitting lets the history's thread try every job asked before it (a
    game ending as the window closes is written now, not only at the next start)."""
    writer = HistoryWriter(lambda: History.open(tmp_path / "h.sqlite"), tmp_path / "pending")
    # the thread is busy until the three games and the stop are queued behind it
    writer.ask(lambda history: wait_for(lambda: writer._jobs.qsize() == 4))
    for seed in (1, 2, 3):
        writer.record(history_prepared(finished("routes", 3, seed=seed)))
    writer.stop()
    assert not writer._thread.is_alive() and not writer.pending()
    assert not list((tmp_path / "pending").glob("*.json"))
    history = History.open(tmp_path / "h.sqlite")
    assert history.count() == 3
    history.close()
