"""Issue #37: a finished game's record is read by one reader (game.record), with one set
of limits, wherever it comes from: a save file, a history row, a host's "record"
message, a ``.derby`` file. Each caller keeps only its own way of saying where (a save
names its file and place, the network refuses with one line, the history names the row
by its id, a ``.derby`` file names the line).

Before, each of the four checked by hand: an action "a\\x7fb" was "not an action" in a
save, "not [player, action text]" in the history, "not [seat, action text]" on the
network; a lone surrogate in the options was refused by the network only; the network
took 20,000 actions where the others took 100,000.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import derby_file, saves
from game.history import History, RowProblem
from game.net.protocol import ProtocolError, check_record
from game.session import Session
from tests.test_history import finished

PLAYERS = 3


def _derby_text(session: Session, data: dict[str, Any]) -> str:
    """A .derby file of ``data``'s record, written by hand (``derby_file.write`` would
    refuse a lone surrogate: the file must hold what a hostile writer could put in it)."""
    tags = [
        ("Game", data["game"]),
        ("Date", "2026-11-29 05:30"),
        ("Seed", str(data["seed"])),
        ("Options", json.dumps(data["options"], sort_keys=True)),
    ]
    for i, seat in enumerate(session.seats):
        kind = "person" if seat.human else "computer"
        level = "" if seat.human else seat.level
        tags.append((f"Seat{i}", f"{seat.name}|{kind}|{level}|{seat.character}"))
    lines = [f"[{name} {json.dumps(value)}]" for name, value in tags]
    lines.append("")
    lines += [f"{player} {text}" for player, text in data["actions"]]
    return "\n".join(lines) + "\n"


def _refusals(session: Session, data: dict[str, Any], tmp_path: Path) -> dict[str, str]:
    """What each of the four readers says of the record ``data`` (every one must refuse
    it): a save's, a history row's, the network's and a .derby file's message."""
    said: dict[str, str] = {}

    payload = saves.session_payload(session, "manual")
    payload.update(seed=data["seed"], options=data["options"], actions=data["actions"])
    save = tmp_path / "slot-1.json"
    save.write_text(json.dumps(payload), encoding="utf-8")
    with pytest.raises(saves.SaveError) as refused_save:
        saves.read_payload(save)
    assert str(refused_save.value.path) == str(save)  # a save names its file ...
    said["save"] = str(refused_save.value)

    history = History.open(tmp_path / "history.sqlite")
    try:
        row = history.record(session)
        history.close()
        raw = sqlite3.connect(tmp_path / "history.sqlite")
        raw.execute(
            "UPDATE games SET seed = ?, actions = ? WHERE id = ?",
            (str(data["seed"]), json.dumps(data["actions"]), row),
        )
        raw.execute(
            "UPDATE options SET json = ? WHERE digest = (SELECT options FROM games WHERE id = ?)",
            (json.dumps(data["options"]), row),
        )
        raw.commit()
        raw.close()
        history = History.open(tmp_path / "history.sqlite")
        loaded = history.load(row)
    finally:
        history.close()
    assert isinstance(loaded, RowProblem) and loaded.game_id == row  # ... the row its id
    said["history"] = str(loaded)

    message = {
        "game": data["game"],
        "options": data["options"],
        "seed": str(data["seed"]),
        "actions": data["actions"],
    }
    with pytest.raises(ProtocolError) as refused_message:
        check_record(message, PLAYERS)
    said["network"] = str(refused_message.value)
    assert "\n" not in said["network"]  # ... the network one line

    derby = tmp_path / "game.derby"
    derby.write_text(_derby_text(session, data), encoding="utf-8")
    with pytest.raises(derby_file.DerbyFileError) as refused_file:
        derby_file.read(derby)
    assert str(refused_file.value.path) == str(derby)  # ... and a .derby file its file, line
    said["derby"] = str(refused_file.value)
    return said


def _record(session: Session) -> dict[str, Any]:
    return {
        "game": session.game_id,
        "players": PLAYERS,
        "seed": session.seed,
        "options": json.loads(json.dumps(session.options)),
        "actions": [[p, a] for p, a in session.actions],
    }


def _bad_action(index: int, action: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["actions"][index] = action

    return change


FAULTS: dict[str, Callable[[dict[str, Any]], None]] = {
    "an action text with a control character": _bad_action(2, [0, "take\x7f 1"]),
    "an action of a seat past the last": _bad_action(1, [PLAYERS, "roll"]),
    "an action text one past the longest": _bad_action(3, [1, "x" * 201]),
    "a seed one past the highest": lambda data: data.update(seed=2**128),
    "a lone surrogate in the options": lambda data: data["options"].update(board="Pond\ud800"),
    "options nested 17 deep": lambda data: data["options"].update(
        deep=json.loads("[" * 17 + "]" * 17)
    ),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_the_same_bad_record_is_refused_by_all_four_for_the_same_reason(fault, tmp_path):
    """issue #37: one record reader. The same damage in a save, a history row, a host's
    record message and a .derby file is refused by each with the same reason, the one
    reader's (each wrapped in its caller's own way of naming the place)."""
    session = finished("routes", PLAYERS, seed=5)
    data = _record(session)
    FAULTS[fault](data)
    said = _refusals(session, data, tmp_path)
    from game import record

    with pytest.raises(record.RecordProblem) as reason:
        record.check(data)
    for reader, text in said.items():
        assert reason.value.problem in text, (reader, text, reason.value.problem)


def test_one_limit_bounds_all_four(tmp_path, monkeypatch):
    """issue #37: one set of limits. Lowering the reader's MAX_ACTIONS below a finished
    game's length makes all four refuse it (the network had its own 20,000, the
    others their own 100,000); a .derby file names the first line past the limit."""
    from game import record

    session = finished("routes", PLAYERS, seed=5)
    monkeypatch.setattr(record, "MAX_ACTIONS", 4)
    said = _refusals(session, _record(session), tmp_path)
    for reader, text in said.items():
        assert "a game has at most 4" in text, (reader, text)
    first_move = 1 + 4 + PLAYERS + 1  # the tags, the blank line: then one action a line
    assert f"line {first_move + 4}" in said["derby"]


def test_a_good_record_reads_the_same_from_all_four(tmp_path):
    """issue #37: what the reader accepts, all four accept, and they read the same record."""
    from game import record

    session = finished("routes", PLAYERS, seed=5)
    data = _record(session)
    expected = record.from_dict(data)
    assert expected.actions == tuple(session.actions) and expected.seed == session.seed
    save = saves.write_save(session, tmp_path / "slot-1.json", "manual")
    assert saves.load_session(save).record() == expected
    history = History.open(tmp_path / "history.sqlite")
    loaded = history.load(history.record(session))
    history.close()
    assert not isinstance(loaded, RowProblem)
    assert (loaded.seed, loaded.options, loaded.actions) == (
        expected.seed,
        expected.options,
        expected.actions,
    )
    message = {**data, "seed": str(data["seed"])}
    got = check_record(message, PLAYERS)
    assert (got["seed"], got["actions"]) == (expected.seed, list(expected.actions))
    derby = tmp_path / "game.derby"
    derby.write_text(_derby_text(session, data), encoding="utf-8")
    opened = derby_file.read(derby)
    assert (opened.seed, opened.options, opened.actions) == (
        expected.seed,
        expected.options,
        expected.actions,
    )
