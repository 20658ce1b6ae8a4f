"""The seats this computer holds at network tables (game/net/remembered.py, issue #18):
kept in the data folder so a person rejoins after a crash or a closed window; a damaged
file is one line and is replaced on the next write; a seat whose rejoin is answered
``token``/``code``/``closed`` is forgotten."""

from __future__ import annotations

import os
import stat

import pytest

from game.net import remembered
from game.net.protocol import new_code, new_token


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    return tmp_path


def _remember(code=None, seat=1, address="192.168.1.20", game="duck", token=None):
    return remembered.remember(address, code or new_code(), seat, game, "Ann", token or new_token())


def test_a_seat_taken_is_remembered_in_the_data_folder_and_read_back(home):
    entry = _remember(seat=2)
    assert remembered.path() == home / "data" / "remembered-seats.json"
    seats, note = remembered.load()
    assert note is None and seats == [entry]
    # typed as a person types it: lower case, spaces, no dashes
    typed = entry.code.replace("-", " ").lower()
    assert remembered.for_code(typed) == entry
    assert remembered.for_code(new_code()) is None and remembered.for_code("nonsense") is None
    if os.name == "posix":  # the token is a password: the owner's eyes only
        mode = stat.S_IMODE(remembered.path().stat().st_mode)
        assert mode & 0o077 == 0, oct(mode)


def test_the_same_seat_again_replaces_its_entry_newest_first_and_the_list_is_bounded():
    code = new_code()
    first = _remember(code=code, seat=0)
    again = _remember(code=code, seat=0)
    other = _remember(code=code, seat=1)
    seats, _ = remembered.load()
    assert seats == [other, again] and first not in seats
    for _ in range(remembered.MAX_ENTRIES + 5):
        _remember()
    seats, _ = remembered.load()
    assert len(seats) == remembered.MAX_ENTRIES
    assert [s.when for s in seats] == sorted((s.when for s in seats), reverse=True)


@pytest.mark.parametrize(
    "damage",
    [
        b"\x00\xff\xfe garbage",
        b'{"format": 1, "seats": [',
        b"[1, 2, 3]",
        b"",
        b'{"seats": [' + b'{"a": 1},' * 10_000 + b"{}]}",  # past MAX_BYTES
    ],
    ids=["binary", "cut", "not_an_object", "empty", "too_big"],
)
def test_a_damaged_file_is_one_line_and_the_next_write_replaces_it(damage):
    where = remembered.path()
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_bytes(damage)
    seats, note = remembered.load()
    assert seats == [] and note and "\n" not in note and "Traceback" not in note
    assert "remembered-seats.json" in note
    entry = _remember()
    assert remembered.load() == ([entry], None)


def test_unreadable_entries_are_left_out_and_the_others_kept():
    good = _remember()
    text = remembered.path().read_text()
    broken = text.replace('"seats": [', '"seats": [{"seat": "x"}, 7, ', 1)
    remembered.path().write_text(broken)
    seats, note = remembered.load()
    assert seats == [good] and note and "2 entries" in note


def test_a_seat_is_forgotten_when_its_table_is_gone_and_kept_when_the_line_failed():
    kept, gone = _remember(), _remember()
    for code in ("connect", "version", "timeout", "rate"):
        assert not remembered.answered(kept, code)
    assert remembered.load()[0] == [gone, kept]
    for code, entry in (("token", gone), ("code", kept)):
        assert remembered.answered(entry, code)
    assert remembered.load() == ([], None)
    closed = _remember()
    assert remembered.answered(closed, "closed") and remembered.load()[0] == []
