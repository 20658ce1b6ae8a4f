"""The fair record (issue #40): a game in which a person asked the coach is marked so in
its save, in the History (a migration to version 2) and in the Statistics (a count, and
a filter that leaves such games out)."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from game import history, saves
from game.ai import RandomBot
from game.history import History, PreparedGame, RowProblem
from game.session import Seat, Session
from tests.test_history import finished


def _person_asks_then_plays_on(seed: int) -> Session:
    """A Cluck-peep! game whose person (seat 0) asks the coach at their first decision."""
    from game import registry

    info = registry.get("cluck")
    seats = [Seat(f"P{i}", info.characters[i].key, human=i == 0, level="easy") for i in range(3)]
    session = Session("cluck", seats, seed, {})
    rng, bot = random.Random(seed), RandomBot()
    asked = False
    while not session.state.is_over():
        player = session.state.to_act()[0]
        if player == 0 and not asked and len(session.state.legal_actions(0)) > 1:
            advice = session.ask_coach(0)
            assert advice.pick.action in session.state.legal_actions(0)
            asked = True
        session.apply(player, bot.choose(session.state.view(player), player, rng))
    assert asked
    return session


def test_asking_the_coach_marks_the_seat_and_the_save_keeps_it(tmp_path):
    """issue #40: Session.ask_coach marks the seat; a save keeps the mark; a save made
    before the mark existed loads as nobody coached; a bad mark names its place."""
    session = _person_asks_then_plays_on(5)
    assert session.coached == {0}
    path = saves.write_save(session, tmp_path / "g.json", "manual")
    assert saves.load_session(path).coached == {0}
    data = json.loads(path.read_text())
    del data["coached"]
    path.write_text(json.dumps(data))
    assert saves.load_session(path).coached == set()
    data["coached"] = [7]
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match="coached"):
        saves.load_session(path)


def test_the_history_marks_a_coached_game_and_fair_statistics_leave_it_out(tmp_path):
    """issue #40: the coached seat is marked in the History; Statistics count it and
    the fair filter leaves the game out."""
    db = History.open(tmp_path / "h.sqlite")
    try:
        coached_id = db.record(_person_asks_then_plays_on(5))
        plain_id = db.record(finished("cluck", 3, seed=6))
        coached = db.load(coached_id)
        plain = db.load(plain_id)
        assert not isinstance(coached, RowProblem) and not isinstance(plain, RowProblem)
        assert coached.entry.coached and coached.entry.seats[0].coached
        assert not coached.entry.seats[1].coached
        assert not plain.entry.coached
        listed = {e.id: e for e in db.games() if not isinstance(e, RowProblem)}
        assert listed[coached_id].coached and not listed[plain_id].coached
        everything = db.stats("P0")
        fair = db.stats("P0", fair=True)
        assert everything.played == 2 and everything.coached == 1
        assert fair.played == 1 and fair.coached == 0
    finally:
        db.close()


def test_a_version_1_history_is_migrated_and_its_games_are_not_coached(tmp_path):
    """issue #40: a history written before the mark (version 1) is migrated in place;
    its games read back as nobody coached."""
    from game import registry

    keys = [c.key for c in registry.get("cluck").characters][:3]
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path, isolation_level=None)
    for statement in history.MIGRATIONS[1]:
        old.execute(statement)
    old.execute(f"PRAGMA application_id = {history.APPLICATION_ID}")
    old.execute("PRAGMA user_version = 1")
    old.execute("INSERT INTO options VALUES ('d', '{}')")
    old.execute(
        "INSERT INTO games (uid, game, variant, options, started, ended, rounds, source,"
        " lesson, seed, actions, viewer) VALUES"
        " ('u', 'cluck', NULL, 'd', 1.0, 2.0, 1, 'local', 0, NULL, '[]', NULL)"
    )
    for seat in range(3):
        old.execute(
            "INSERT INTO seats VALUES (1, ?, ?, 'person', NULL, ?, 1.0, 1, NULL)",
            (seat, f"P{seat}", keys[seat]),
        )
    old.close()
    db = History.open(path)
    try:
        assert db.db.execute("PRAGMA user_version").fetchone()[0] == history.SCHEMA_VERSION
        entries = db.games()
        assert len(entries) == 1 and not isinstance(entries[0], RowProblem)
        assert not entries[0].coached
    finally:
        db.close()


def test_a_pending_game_written_before_the_mark_still_reads():
    """issue #40: a pending record (history-pending/) with the old 8-value seat rows is
    read as nobody coached; 9 values carry the mark."""
    row = [0, "P0", "person", None, "ann", 1.0, 1, None]
    game = ["u", "cluck", None, "d", 1.0, 2.0, 1, "local", 0, "1", "[]", None]
    old = PreparedGame.from_json({"game": game, "options": "{}", "seats": [row]})
    assert old.seats[0][-1] == 0 and len(old.seats[0]) == 9
    new = PreparedGame.from_json({"game": game, "options": "{}", "seats": [[*row, 1]]})
    assert new.seats[0][-1] == 1
