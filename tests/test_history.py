"""The history database (issue #28, headless): every finished game in history.sqlite,
read back exactly, paged, filtered; statistics without lessons; a damaged, foreign,
newer or locked file is one problem and loses nothing; two writers both succeed."""

from __future__ import annotations

import random
import sqlite3
import threading

import pytest

from game import history, saves
from game.ai import RandomBot
from game.history import History, HistoryProblem, RowProblem
from game.session import Seat, Session

GAMES = {"duck": 3, "verflixxt": 3, "cluck": 2, "routes": 3}


def finished(game: str, players: int, seed: int, names: list[str] | None = None) -> Session:
    """A whole game played by random computers (seat 0 a person's name)."""
    from game import registry

    info = registry.get(game)
    names = names or [f"P{i}" for i in range(players)]
    seats = [
        Seat(names[i], info.characters[i].key, human=i == 0, level="easy") for i in range(players)
    ]
    session = Session(game, seats, seed, {})
    rng, bot = random.Random(seed), RandomBot()
    while not session.state.is_over():
        player = session.state.to_act()[0]
        session.apply(player, bot.choose(session.state.view(player), player, rng))
    return session


@pytest.fixture
def db(tmp_path):
    opened = History.open(tmp_path / "history.sqlite")
    yield opened
    opened.close()


def test_a_new_history_is_wal_with_our_mark_and_version(tmp_path):
    opened = History.open(tmp_path / "h.sqlite")
    pragma = opened.db.execute
    assert pragma("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert pragma("PRAGMA application_id").fetchone()[0] == history.APPLICATION_ID
    assert pragma("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION
    assert opened.notes == []
    opened.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_reads_back_exactly_and_replays_to_its_scores(db, game):
    session = finished(game, GAMES[game], seed=7)
    game_id = db.record(session, breakdown=[[1, "x"]] * session.players, variant="v")
    loaded = db.load(game_id)
    assert not isinstance(loaded, RowProblem)
    assert loaded.actions == tuple(session.actions)
    assert loaded.seed == session.seed and loaded.options == session.options
    assert [s.name for s in loaded.entry.seats] == [s.name for s in session.seats]
    assert loaded.entry.seats[0].kind == "person" and loaded.entry.seats[1].kind == "computer"
    assert loaded.entry.seats[1].level == "easy" and loaded.entry.seats[0].level is None
    assert loaded.entry.seats[0].breakdown == (1, "x") and loaded.entry.variant == "v"
    assert set(loaded.entry.winners) == set(session.state.winners())
    replayed = Session(game, session.seats, loaded.seed, loaded.options, prepared=True)
    for player, text in loaded.actions:
        replayed.apply(player, replayed.module.parse_action(text))
    assert replayed.state.scores() == session.state.scores()
    assert tuple(s.score for s in loaded.entry.seats) == session.state.scores()


def test_an_unfinished_game_is_not_recorded(db):
    from game import registry

    info = registry.get("routes")
    seats = [Seat(f"P{i}", info.characters[i].key) for i in range(3)]
    with pytest.raises(ValueError, match="finished"):
        db.record(Session("routes", seats, 1, {}))


def test_recording_a_game_twice_keeps_one_row(db):
    session = finished("routes", 3, seed=3)
    first = db.record(session)
    assert db.record(session) == first
    assert db.count() == 1


def test_places_go_to_the_winners_then_by_score():
    assert history.places([3.0, 5.0, 5.0, 1.0], winners=[2]) == [3, 2, 1, 4]
    assert history.places([2.0, 2.0, 1.0], winners=[0, 1]) == [1, 1, 3]
    assert history.places([1.0, 1.0], winners=[]) == [1, 1]


def test_pages_of_games_newest_first_filtered_by_game_and_player(db):
    for i in range(12):
        game = "routes" if i % 2 else "cluck"
        session = finished(game, GAMES[game], seed=i, names=["Ann" if i % 3 else "Bo", "X", "Y"])
        session.save_id = f"g{i}"
        db.record(session, ended=1000.0 + i)
    seen, before = [], None
    while True:
        page = db.games(limit=5, before=before)
        if not page:
            break
        seen += [g.uid for g in page]
        before = (page[-1].ended, page[-1].id)
    assert seen == [f"g{i}" for i in reversed(range(12))]
    assert [g.uid for g in db.games(game="routes")] == [f"g{i}" for i in (11, 9, 7, 5, 3, 1)]
    assert db.count(player="bo") == 4  # names match without regard to case
    assert {g.uid for g in db.games(player="BO", game="cluck")} == {"g0", "g6"}


def test_statistics_of_a_person_leave_lessons_out(db):
    wins = 0
    for i in range(8):
        session = finished("routes", 3, seed=100 + i, names=["Ann", "Cy", "Di"])
        session.save_id = f"s{i}"
        db.record(session, ended=2000.0 + i, lesson=i == 7)
        if i < 7 and 0 in session.state.winners():
            wins += 1
    stats = db.stats("ann")
    assert stats.played == 7 and stats.won == wins
    (routes,) = stats.games
    assert routes.game == "routes" and routes.best is not None
    assert stats.against == {"easy": (7, wins)}
    assert stats.favourite is not None and len(stats.recent) == 7
    assert 0 <= stats.longest_streak <= wins
    assert db.players() == ["Ann"]  # computers (Cy, Di) are not people
    records = db.records("routes")
    assert records.games == 8 and records.highest is not None


def test_the_oldest_games_go_past_the_bound(db, monkeypatch):
    monkeypatch.setattr(history, "MAX_GAMES", 3)
    for i in range(5):
        session = finished("routes", 3, seed=i)
        session.save_id = f"b{i}"
        db.record(session, ended=10.0 + i)
    assert [g.uid for g in db.games()] == ["b4", "b3", "b2"]
    used = db.db.execute("SELECT count(*) FROM options").fetchone()[0]
    assert used == 1  # every game had the same options: one row, still used


def test_a_value_no_app_writes_is_a_row_problem_not_a_crash(db):
    session = finished("routes", 3, seed=5)
    game_id = db.record(session)
    db.db.execute("UPDATE seats SET name = 'a\u2028b' WHERE game_id = ? AND seat = 1", (game_id,))
    (found,) = db.games()
    assert isinstance(found, RowProblem) and "seats[1].name" in str(found)
    db.db.execute("UPDATE seats SET name = 'ok' WHERE game_id = ?", (game_id,))
    db.db.execute("UPDATE games SET actions = '[[9, \"x\"]]' WHERE id = ?", (game_id,))
    assert isinstance(db.load(game_id), RowProblem)


def test_a_file_that_is_not_sqlite_is_kept_aside_and_a_new_history_begun(tmp_path):
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"this is not a database\n" * 10)
    opened = History.open(path)
    assert len(opened.notes) == 1 and "not an SQLite database" in opened.notes[0]
    kept = list(tmp_path.glob("history.sqlite.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"this is not a database\n" * 10
    assert opened.count() == 0
    opened.close()


def test_another_programs_database_is_kept_aside_untouched(tmp_path):
    path = tmp_path / "history.sqlite"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.commit()
    other.close()
    before = path.read_bytes()
    opened = History.open(path)
    assert "another program" in opened.notes[0]
    (kept,) = tmp_path.glob("history.sqlite.damaged-*")
    assert kept.read_bytes() == before
    opened.close()


def test_a_newer_history_is_left_alone(tmp_path):
    path = tmp_path / "history.sqlite"
    newer = sqlite3.connect(path)
    newer.execute(f"PRAGMA application_id = {history.APPLICATION_ID}")
    newer.execute("PRAGMA user_version = 99")
    newer.execute("CREATE TABLE games (id INTEGER)")
    newer.commit()
    newer.close()
    before = path.read_bytes()
    with pytest.raises(HistoryProblem, match="newer Tabletop Derby"):
        History.open(path)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_a_history_locked_by_another_program_is_a_problem_then_works(tmp_path):
    path = tmp_path / "history.sqlite"
    History.open(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    opened = History.open(path, busy_timeout=0.2)
    session = finished("routes", 3, seed=9)
    with pytest.raises(HistoryProblem, match="locked"):
        opened.record(session)
    holder.execute("ROLLBACK")
    holder.close()
    assert opened.record(session) > 0
    opened.close()


def test_two_writers_at_once_both_succeed(tmp_path):
    path = tmp_path / "history.sqlite"
    History.open(path).close()
    own = {tag: finished("routes", 3, seed=n) for n, tag in enumerate("ab")}
    errors: list[BaseException] = []

    def write(tag: str) -> None:
        mine, session = History.open(path), own[tag]
        try:
            for i in range(30):
                session.save_id = f"{tag}-{i}"
                mine.record(session)
        except BaseException as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            mine.close()

    threads = [threading.Thread(target=write, args=(t,)) for t in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    reader = History.open(path)
    assert reader.count() == 60
    reader.close()


def test_finished_autosaves_are_imported_once(tmp_path, db):
    done = finished("cluck", 2, seed=4)
    saves.autosave(done)
    from game import registry

    info = registry.get("routes")
    going = Session("routes", [Seat(f"P{i}", info.characters[i].key) for i in range(3)], 2, {})
    saves.autosave(going)
    (saves.saves_dir() / "auto-broken.json").write_text("{", encoding="utf-8")
    count, problems = db.import_autosaves()
    assert count == 1 and len(problems) == 1 and "auto-broken.json" in problems[0]
    (entry,) = db.games()
    assert entry.uid == done.save_id and entry.game == "cluck"
    assert db.import_autosaves() == (0, [])  # once
    assert db.record(done) == entry.id  # and the game itself is not recorded twice
