"""Edges of game.saves the other tests pass by (issue #30: one-line bugs a developer could
plant there): every bound a save is checked against, at the bound (read) and one past it
(refused, the message naming the place). Headless, in process."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game import record, saves
from tests import hostile

VALID = hostile.CORPUS / "saves" / "valid.json"  # routes, 3 players, 12 actions


def base() -> dict:
    return json.loads(VALID.read_text(encoding="utf-8"))


def seat(name: str, character: str, human: bool = True, level: str = "normal") -> dict:
    return {"name": name, "character": character, "human": human, "level": level}


def with_players(n: int) -> dict:
    data = base()
    keys = ["orange", "sky", "green", "pink", "red", "violet"]
    data["players"] = n
    data["seats"] = [seat(f"P{i}", keys[i]) for i in range(n)]
    data["actions"] = []
    return data


def nested(depth: int) -> dict:
    """Options whose deepest value is ``depth`` levels below ``options``."""
    value: object = 1
    for _ in range(depth - 1):
        value = [value]
    return {"deep": value}


def changed(**fields) -> dict:
    data = base()
    data.update(fields)
    return data


def seat_changed(**fields) -> dict:
    data = base()
    data["seats"][0] = {**data["seats"][0], **fields}
    return data


def seat_without(key: str) -> dict:
    data = base()
    del data["seats"][0][key]
    return data


def without(key: str) -> dict:
    data = base()
    del data[key]
    return data


def write(tmp_path: Path, data: dict, name: str = "slot-1.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# What each save holds at the edge of what may be read: read as it is ...
READ = {
    "format 1": changed(format=1),
    "fewest players of the game": with_players(3),
    "most players of the game": with_players(5),
    "lowest seed": changed(seed=-saves.SEED_LIMIT),
    "highest seed": changed(seed=saves.SEED_LIMIT - 1),
    "no actions": changed(actions=[]),
    "an action of the last seat": changed(actions=[[2, "A 4"]]),
    "an action of the first seat": changed(actions=[[0, "A 4"]]),
    "a one-character action": changed(actions=[[0, "x"]]),
    "an action of ACTION_MAX_CHARS": changed(actions=[[0, "x" * saves.ACTION_MAX_CHARS]]),
    "round 1": changed(round=1),
    "the highest round": changed(round=saves.MAX_ACTIONS + 1),
    "saved at 1970": changed(saved_at=0),
    "saved at the newest time": changed(saved_at=saves.SAVED_AT_MAX),
    "saved_at as a whole number": changed(saved_at=1_700_000_000),
    "kind auto": changed(kind="auto"),
    "kind manual": changed(kind="manual"),
    "over true": changed(over=True),
    "no app": without("app"),
    "no kind": without("kind"),
    "no round": without("round"),
    "no saved_at": without("saved_at"),
    "no over": without("over"),
    "a computer seat at each level": changed(
        seats=[
            seat("A", "orange"),
            seat("B", "sky", False, "random"),
            seat("C", "green", False, "hard"),
        ]
    ),
    "a seat without a level": seat_without("level"),
    "a name of NAME_MAX characters": seat_changed(name="n" * 16),
    "an empty options": changed(options={}),
    "options nested OPTIONS_MAX_DEPTH deep": changed(options=nested(saves.OPTIONS_MAX_DEPTH)),
    "options of plain values": changed(
        options={"t": "x", "i": 1, "f": 0.5, "b": True, "n": None, "l": [1, {"k": "v"}]}
    ),
}

# ... or refused, the message naming this place
REFUSED = {
    "a newer format": (changed(format=saves.FORMAT + 1), "format", "newer"),
    "format 0": (changed(format=0), "format", "unknown version"),
    "format as text": (changed(format="1"), "format", "must be int"),
    "format true": (changed(format=True), "format", "must be int"),
    "no format": (without("format"), "format", "missing"),
    "too few players for the game": (with_players(2), "players", "outside 3–5"),
    "too many players for the game": (with_players(6), "players", "outside 3–5"),
    "seed one below the lowest": (changed(seed=-saves.SEED_LIMIT - 1), "seed", "outside"),
    "seed one past the highest": (changed(seed=saves.SEED_LIMIT), "seed", "outside"),
    "no seed": (without("seed"), "seed", "missing"),
    "a seed as text": (changed(seed="3"), "seed", "must be int"),
    "no options": (without("options"), "options", "missing"),
    "options a list": (changed(options=[]), "options", "must be dict"),
    "options nested one past OPTIONS_MAX_DEPTH": (
        changed(options=nested(saves.OPTIONS_MAX_DEPTH + 1)),
        "options.deep" + "[0]" * saves.OPTIONS_MAX_DEPTH,
        f"nested more than {saves.OPTIONS_MAX_DEPTH} deep",
    ),
    "no actions": (without("actions"), "actions", "missing"),
    "an action of a seat past the last": (changed(actions=[[3, "A 4"]]), "actions[0]", "[player"),
    "an action of seat -1": (changed(actions=[[-1, "A 4"]]), "actions[0]", "[player"),
    "an action of seat true": (changed(actions=[[True, "A 4"]]), "actions[0]", "[player"),
    "an action without its player": (changed(actions=[["A 4"]]), "actions[0]", "[player"),
    "an action with a third item": (changed(actions=[[0, "A 4", 1]]), "actions[0]", "[player"),
    "an action text a number": (changed(actions=[[0, 4]]), "actions[0]", "[player"),
    "an action not a list": (changed(actions=[{"0": "A 4"}]), "actions[0]", "[player"),
    "an action an object of two": (
        changed(actions=[{"0": 0, "1": "A 4"}]),
        "actions[0]",
        "[player",
    ),
    "an action of seat '0'": (changed(actions=[["0", "A 4"]]), "actions[0]", "[player"),
    "an action of seat 0.0": (changed(actions=[[0.0, "A 4"]]), "actions[0]", "[player"),
    "an empty action": (changed(actions=[[0, ""]]), "actions[0]", "is not an action"),
    "an action one past ACTION_MAX_CHARS": (
        changed(actions=[[0, "x" * (saves.ACTION_MAX_CHARS + 1)]]),
        "actions[0]",
        "is not an action",
    ),
    "a later bad action": (
        changed(actions=[[0, "A 4"], [1, "A 4\n"]]),
        "actions[1]",
        "is not an action",
    ),
    "no seats": (without("seats"), "seats", "missing"),
    "a seat missing its name": (seat_without("name"), "seats[0].name", "missing"),
    "a seat missing its character": (seat_without("character"), "seats[0].character", "missing"),
    "a seat missing human": (seat_without("human"), "seats[0].human", "missing"),
    "human as a number": (seat_changed(human=1), "seats[0].human", "must be bool"),
    "a name as a number": (seat_changed(name=7), "seats[0].name", "must be str"),
    "a name one past NAME_MAX": (seat_changed(name="n" * 17), "seats[0].name", "17 characters"),
    "an unknown level": (seat_changed(level="expert"), "seats[0].level", "unknown level"),
    "another game's character": (seat_changed(character="sparky"), "seats[0].character", "routes"),
    "round 0": (changed(round=0), "round", "outside"),
    "round one past the highest": (changed(round=saves.MAX_ACTIONS + 2), "round", "outside"),
    "round as text": (changed(round="4"), "round", "must be int"),
    "saved one second past the newest time": (
        changed(saved_at=saves.SAVED_AT_MAX + 1),
        "saved_at",
        "between 1970 and 3000",
    ),
    "saved before 1970": (changed(saved_at=-1), "saved_at", "between 1970 and 3000"),
    "saved_at as text": (changed(saved_at="now"), "saved_at", "must be int/float"),
    "over as text": (changed(over="yes"), "over", "must be bool"),
    "over as a number": (changed(over=1), "over", "must be bool"),
    "an unknown kind": (changed(kind="cloud"), "kind", "is not one of"),
    "another app": (changed(app="other"), "app", "is not Tabletop Derby"),
    "an unknown key": (changed(cheat=1), "cheat", "unknown key"),
    "two unknown keys, the first named": (changed(zz=1, cheat=1), "cheat", "unknown key"),
    "a NaN in the options": (
        changed(options={"a": [float("nan")]}),
        "options.a[0]",
        "NaN is not a usable number",
    ),
    "an unknown game": (changed(game="chess"), "game", "unknown game"),
    "no game": (without("game"), "game", "missing"),
    "seats not a list": (changed(seats={"0": 1}), "seats", "must be list"),
    "a seat not an object": (changed(seats=[1, 2, 3]), "seats[0]", "must be an object"),
}


@pytest.mark.parametrize("case", sorted(READ))
def test_a_save_at_the_edge_of_each_rule_is_read(case, tmp_path):
    """Rule: every value at its bound (the first and last seat, the lowest and highest
    seed, round and time, the deepest options) is a save the menu can list."""
    path = write(tmp_path, READ[case])
    data = saves.read_payload(path)
    assert data == READ[case]
    info = saves._info(path, data)
    assert info.game == "routes" and info.players == len(READ[case]["seats"])


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_save_one_past_each_rule_is_refused_naming_the_place(case, tmp_path):
    """Rule: one past a bound, or a value of the wrong kind, is a damaged save whose
    message names the file, the place in it and the problem."""
    data, place, words = REFUSED[case]
    path = write(tmp_path, data)
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(path)
    assert info.value.place == place, str(info.value)
    assert words in info.value.problem, str(info.value)
    assert str(path) in str(info.value)


def test_a_save_that_is_not_an_object_is_refused_at_its_top_level(tmp_path):
    """Rule: a JSON list (or any non-object) is refused before any key is looked up."""
    path = tmp_path / "slot-1.json"
    path.write_text("[1, 2]")
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(path)
    assert info.value.place == "top level"


def test_options_of_exactly_max_items_are_read_and_one_more_is_refused(tmp_path, monkeypatch):
    """Rule: options hold at most OPTIONS_MAX_ITEMS values, counting the options object
    itself; the limit is lowered here so the file stays small (it is the one record
    reader's, issue #37: game.record)."""
    monkeypatch.setattr(record, "OPTIONS_MAX_ITEMS", 50)
    ok = changed(options={"l": [0] * 48})  # the object, the list and 48 numbers
    assert saves.read_payload(write(tmp_path, ok))["options"] == ok["options"]
    too_many = changed(options={"l": [0] * 49})
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(write(tmp_path, too_many, "slot-2.json"))
    assert info.value.place == "options" and "more than 50 values" in info.value.problem


def test_the_real_max_items_bound_holds(tmp_path):
    """Rule: OPTIONS_MAX_ITEMS is the real bound (a board of game data fits well under)."""
    count = saves.OPTIONS_MAX_ITEMS - 2
    ok = changed(options={"l": [0] * count})
    assert len(saves.read_payload(write(tmp_path, ok))["options"]["l"]) == count
    too_many = changed(options={"l": [0] * (count + 1)})
    with pytest.raises(saves.SaveError, match="more than 200,000 values"):
        saves.read_payload(write(tmp_path, too_many, "slot-2.json"))


def test_max_actions_is_a_bound_not_off_by_one(tmp_path, monkeypatch):
    """Rule: a save with exactly MAX_ACTIONS actions is read, one more is refused (the
    limit is the one record reader's, issue #37: game.record)."""
    monkeypatch.setattr(record, "MAX_ACTIONS", 4)
    ok = changed(actions=[[0, "A 4"]] * 4)
    assert len(saves.read_payload(write(tmp_path, ok))["actions"]) == 4
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(write(tmp_path, changed(actions=[[0, "A 4"]] * 5), "slot-2.json"))
    assert info.value.place == "actions" and "at most 4" in info.value.problem


def test_the_edge_cases_leave_the_valid_file_alone():
    """The tables above copy the committed valid save; it is still read unchanged."""
    data = base()
    assert saves.read_payload(VALID) == data
    assert copy.deepcopy(data) == base()


# -- writing ------------------------------------------------------------------------------------------
def played(actions: int = 6, seed: int = 3, names=("あいこ", "Ben", "Chie")):
    from game.session import Seat, Session

    seats = [
        Seat(names[0], "orange"),
        Seat(names[1], "sky", human=False, level="easy"),
        Seat(names[2], "green", human=False, level="hard"),
    ]
    session = Session("routes", seats, seed, bot_seed=1)
    for _ in range(actions):
        player = session.state.to_act()[0]
        session.apply(player, session.state.legal_actions(player)[0])
    return session


def test_a_save_is_written_whole_as_readable_text():
    """Rule: a save is human-readable JSON holding every field (a name as written, not
    escaped), and it is read back with each of them."""
    import time

    session = played()
    before = time.time()
    path = saves.manual_save(session, 3)
    assert path == saves.saves_dir() / "slot-3.json"
    text = path.read_text(encoding="utf-8")
    assert "あいこ" in text and "\n" in text
    data = json.loads(text)
    assert set(data) == {
        "format", "app", "kind", "saved_at", "round", "over", "game", "players", "seed",
        "options", "actions", "seats", "coached",
    }  # fmt: skip
    assert data["format"] == saves.FORMAT and data["app"] == "tabletop-derby"
    assert data["kind"] == "manual" and data["over"] is False
    assert data["round"] == session.state.round_number
    assert before <= data["saved_at"] <= time.time()
    assert data["actions"] == [[p, a] for p, a in session.actions]
    assert data["seats"][1] == {"name": "Ben", "character": "sky", "human": False, "level": "easy"}
    assert saves.read_payload(path) == data


def test_an_autosave_is_one_file_per_match_replaced_each_time():
    session = played(actions=2)
    first = saves.autosave(session)
    assert first.name == f"auto-{session.save_id}.json"
    assert json.loads(first.read_text(encoding="utf-8"))["kind"] == "auto"
    player = session.state.to_act()[0]
    session.apply(player, session.state.legal_actions(player)[0])
    assert saves.autosave(session) == first
    assert [p.name for p in saves.saves_dir().iterdir()] == [first.name]
    assert len(json.loads(first.read_text(encoding="utf-8"))["actions"]) == 3


# -- loading --------------------------------------------------------------------------------------------
def test_a_loaded_save_is_the_same_match_with_the_same_seats():
    session = played()
    path = saves.autosave(session)
    loaded = saves.load_session(path, bot_budget_ms=400)
    assert loaded.state.to_dict() == session.state.to_dict()
    assert [s.to_dict() for s in loaded.seats] == [s.to_dict() for s in session.seats]
    assert loaded.save_id == session.save_id and loaded.bot_budget_ms == 400
    manual = saves.load_session(saves.manual_save(session, 1))
    assert manual.save_id == "slot-1"


def test_a_save_whose_actions_the_rules_refuse_names_the_actions(tmp_path):
    data = base()
    data["actions"] = data["actions"][:2] + [[0, "Z 9"]]
    with pytest.raises(saves.SaveError) as info:
        saves.load_session(write(tmp_path, data))
    assert info.value.place == "actions"


def test_a_save_whose_options_the_rules_cannot_use_names_the_options(tmp_path):
    data = base()
    data["options"] = {"scoring": {"nonsense": 1}}
    with pytest.raises(saves.SaveError) as info:
        saves.load_session(write(tmp_path, data))
    assert info.value.place == "options", str(info.value)


# -- listing -------------------------------------------------------------------------------------------
def test_the_list_shows_each_save_newest_first_with_what_it_holds():
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    old = write(folder, changed(saved_at=1_600_000_000.0, kind="manual"), "slot-1.json")
    new = write(folder, changed(saved_at=1_700_000_000.0, kind="auto", over=True), "auto-x.json")
    data = base()
    for key in ("saved_at", "round", "kind", "over"):
        del data[key]
    bare = write(folder, data, "slot-2.json")
    entries = saves.list_saves()
    assert [e.path for e in entries] == [new, old, bare]
    assert entries[0] == saves.SaveInfo(
        new, "routes", 3, ("Aiko", "Ben", "Chie"), 4, 1_700_000_000.0, "auto", True
    )
    assert entries[1].kind == "manual" and entries[1].over is False
    # a save without the optional fields: round 1, time 0 (listed last), auto, not over
    assert (entries[2].round, entries[2].saved_at, entries[2].kind, entries[2].over) == (
        1,
        0.0,
        "auto",
        False,
    )


def test_the_list_skips_hidden_files_and_other_files_and_dates_a_damaged_save_by_its_file(
    tmp_path,
):
    import os

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    (folder / ".slot-1.json.abcd1234.tmp").write_text("{")
    (folder / "notes.txt").write_text("mine")
    (folder / ".hidden.json").write_text("{")
    good = write(folder, changed(saved_at=1_600_000_000.0), "slot-1.json")
    damaged = folder / "slot-2.json"
    damaged.write_text("{ damaged")
    os.utime(damaged, (1_650_000_000.0, 1_650_000_000.0))
    entries = saves.list_saves()
    assert len(entries) == 2
    assert isinstance(entries[0], saves.SaveError) and entries[0].path == str(damaged)
    assert isinstance(entries[1], saves.SaveInfo) and entries[1].path == good


def test_no_saves_folder_is_no_saves():
    assert saves.list_saves() == []


# -- pruning --------------------------------------------------------------------------------------------
def finished_autosave(folder: Path, i: int, **fields) -> Path:
    data = changed(**{"kind": "auto", "over": True, "saved_at": 1_700_000_000.0 + i, **fields})
    return write(folder, data, f"auto-{i:02d}.json")


def test_exactly_keep_autosaves_finished_games_are_kept():
    """Rule (README, Autosaves): the newest 12 finished games' autosaves stay; one more
    and the oldest goes."""
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    kept = [finished_autosave(folder, i) for i in range(12)]
    assert saves.prune_finished() == []
    assert all(p.exists() for p in kept)
    newest = finished_autosave(folder, 99)
    assert saves.prune_finished() == [kept[0]]
    assert not kept[0].exists() and newest.exists() and all(p.exists() for p in kept[1:])


def test_pruning_keeps_manual_unfinished_and_other_named_saves():
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    newer = [finished_autosave(folder, 50 + i) for i in range(saves.KEEP_AUTOSAVES)]
    keep = [
        finished_autosave(folder, 1, kind="manual"),
        finished_autosave(folder, 2, over=False),
        write(folder, changed(kind="auto", over=True, saved_at=1.0), "slot-4.json"),
        write(folder, changed(kind="auto", over=True, saved_at=1.0), "mine.json"),
    ]
    gone = finished_autosave(folder, 3)
    no_kind = finished_autosave(folder, 4)
    data = json.loads(no_kind.read_text())
    del data["kind"]
    no_kind.write_text(json.dumps(data))
    removed = saves.prune_finished()
    assert removed == [gone]
    assert all(p.exists() for p in keep + newer + [no_kind])


def test_a_finished_autosave_without_a_time_is_the_oldest():
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    for i in range(saves.KEEP_AUTOSAVES):
        finished_autosave(folder, 10 + i)
    timeless = finished_autosave(folder, 0)
    data = json.loads(timeless.read_text())
    del data["saved_at"]
    timeless.write_text(json.dumps(data))
    assert saves.prune_finished() == [timeless]


def test_stale_temp_files_of_our_saves_only_are_removed(monkeypatch):
    import os

    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    now = 1_700_000_000.0
    ours = [folder / ".auto-x.json.abcd1234.tmp", folder / ".slot-12.json.abcd1234.tmp"]
    others = [folder / ".slot-a.json.abcd1234.tmp", folder / ".auto-.json.abcd1234.tmp"]
    for path in ours + others:
        path.write_text("{")
        os.utime(path, (now - 3600, now - 3600))
    assert sorted(saves.remove_stale_temp_files(now)) == sorted(ours)
    assert all(p.exists() for p in others)


def test_a_seat_saved_without_a_level_plays_at_normal(tmp_path):
    """Rule: the level is optional in a save (older saves have none): such a seat loads at
    the normal level, and a saved level is kept."""
    data = base()
    del data["seats"][1]["level"]
    data["seats"][2]["level"] = "easy"
    loaded = saves.load_session(write(tmp_path, data))
    assert [s.level for s in loaded.seats] == ["normal", "normal", "easy"]
    assert [s.human for s in loaded.seats] == [True, False, False]


@pytest.mark.parametrize(
    ("field", "raw", "words"),
    [
        ("seed", "9" * 41, "a number 41 digits long is not a usable number"),
        ("round", "-" + "1" * 45, "a number 45 digits long is not a usable number"),
        ("saved_at", "1e400", "1e400 is not a usable number"),
        ("players", "NaN", "NaN is not a usable number"),
        ("format", "Infinity", "Infinity is not a usable number"),
    ],
)
def test_a_number_no_save_can_hold_is_named_as_written(field, raw, words, tmp_path):
    """Rule: a number too long, too large or not a number is refused at its place and
    described as it is written in the file (not as a type a person never wrote)."""
    text = json.dumps({**base(), field: "@@"}).replace('"@@"', raw)
    path = tmp_path / "slot-1.json"
    path.write_text(text)
    with pytest.raises(saves.SaveError) as info:
        saves.read_payload(path)
    assert (info.value.place, info.value.problem) == (field, words)


def test_the_documented_bounds_of_a_save(tmp_path):
    """Rule (README, Saves): seeds within ±2**128, times up to the year 3000, names of at
    most 16 characters, a game of at most 100,000 actions, options nested at most 16
    deep; the numbers are the documented ones, not whatever the constants say."""
    assert saves.read_payload(write(tmp_path, changed(seed=2**128 - 1)))
    assert saves.read_payload(write(tmp_path, changed(seed=-(2**128))))
    for bad in (2**128, -(2**128) - 1):
        with pytest.raises(saves.SaveError, match="seed"):
            saves.read_payload(write(tmp_path, changed(seed=bad)))
    year_3000 = 32_503_680_000.0  # 3000-01-01T00:00:00Z
    assert saves.read_payload(write(tmp_path, changed(saved_at=year_3000)))
    with pytest.raises(saves.SaveError, match="between 1970 and 3000"):
        saves.read_payload(write(tmp_path, changed(saved_at=year_3000 + 1)))
    assert saves.read_payload(write(tmp_path, seat_changed(name="n" * 16)))
    with pytest.raises(saves.SaveError, match="at most 16"):
        saves.read_payload(write(tmp_path, seat_changed(name="n" * 17)))
    assert saves.read_payload(write(tmp_path, changed(options=nested(16))))
    with pytest.raises(saves.SaveError, match="nested more than 16 deep"):
        saves.read_payload(write(tmp_path, changed(options=nested(17))))
    most = changed(actions=[[0, "A 4"]] * 100_000, round=100_001)
    assert len(saves.read_payload(write(tmp_path, most))["actions"]) == 100_000
    with pytest.raises(saves.SaveError, match="a game has at most 100,000"):
        saves.read_payload(write(tmp_path, changed(actions=[[0, "A 4"]] * 100_001)))
    with pytest.raises(saves.SaveError, match="round"):
        saves.read_payload(write(tmp_path, changed(round=100_002)))


def test_a_save_loaded_without_a_budget_thinks_with_the_settings_default(tmp_path):
    from game.settings import Settings

    loaded = saves.load_session(write(tmp_path, base()))
    assert loaded.bot_budget_ms == Settings().bot_budget_ms


def test_pruning_without_a_saves_folder_removes_nothing():
    assert saves.prune_finished() == []


def test_an_unreadable_saves_folder_says_why_in_words(monkeypatch):
    """Rule: the Resume screen says the folder cannot be read and why, in the system's
    words ("Permission denied"), not an error's code and repr."""
    import os

    saves.saves_dir().mkdir(parents=True)

    def denied(path):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(os, "scandir", denied)
    [entry] = saves.list_saves()
    assert isinstance(entry, saves.SavesFolderError)
    assert entry.problem == "the saves folder cannot be read (Permission denied)"
