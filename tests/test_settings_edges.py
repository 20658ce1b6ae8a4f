"""Edges of game.settings the other tests pass by (issue #30: one-line bugs a developer
could plant there): each setting's every choice and bound, the remembered seats' every
field, the notes a person reads, the damaged copy and the clean-up of killed writes.
Headless, in process."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import settings as settings_mod
from game import storage
from game.settings import (
    Settings,
    SettingsError,
    load_settings,
    name_problem,
    read_settings,
    save_settings,
)
from game.storage import BadNumber, FileProblem, read_json


def seat(**fields) -> dict:
    return {"name": "Aiko", "character": "sparky", "human": True, "level": "normal", **fields}


def settings_file(tmp_path: Path, data) -> Path:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# Every value a setting may hold at the edge of what it accepts ...
KEPT = [
    ("language", "en"),
    ("language", "ja"),
    ("fullscreen", True),
    ("fullscreen", False),
    ("volume", 0),
    ("volume", 0.0),
    ("volume", 1),
    ("volume", 1.0),
    *[("animation_speed", s) for s in (0.5, 1.0, 1.5, 2.0, 4.0)],  # the settings screen's
    ("animation_speed", 1),  # a whole number is the same speed
    *[("bot_budget_ms", b) for b in (50, 150, 400, 1000)],  # the settings screen's
    ("window_width", 320),
    ("window_width", 7680),
    ("window_height", 320),
    ("window_height", 7680),
    ("seats", []),
    ("seats", [seat()]),
    ("seats", [seat(name="n" * 16)]),
    ("seats", [seat(human=False, level=lv) for lv in ("easy", "normal", "hard")]),
    ("seats", [seat(character=c) for c in ("sparky", "cookie", "bill", "daisy", "doc", "nugget")]),
]

# ... and one past it, or of the wrong kind: the default is used and the note names it
REFUSED = [
    ("language", "de"),
    ("language", "EN"),
    ("fullscreen", 1),
    ("fullscreen", "true"),
    ("volume", -0.01),
    ("volume", 1.01),
    ("volume", True),
    ("volume", "0.5"),
    ("animation_speed", 3.0),
    ("animation_speed", True),
    ("animation_speed", "1.0"),
    ("bot_budget_ms", 100),
    ("bot_budget_ms", 50.0),
    ("bot_budget_ms", 51),
    ("window_width", 319),
    ("window_width", 7681),
    ("window_height", 319),
    ("window_height", 7681),
    ("window_width", 1280.0),
    ("window_height", True),
    ("seats", {}),
    ("seats", [seat()] * 7),
    ("seats", ["Aiko"]),
    ("seats", [{k: v for k, v in seat().items() if k != "level"}]),
    ("seats", [seat(extra=1)]),
    ("seats", [seat(name="")]),
    ("seats", [seat(name="   ")]),
    ("seats", [seat(name=7)]),
    ("seats", [seat(name="n" * 17)]),
    ("seats", [seat(name="A\tB")]),
    ("seats", [seat(character="wolf")]),
    ("seats", [seat(character=1)]),
    ("seats", [seat(human=1)]),
    ("seats", [seat(human="yes")]),
    ("seats", [seat(level="random")]),
    ("seats", [seat(level=None)]),
    ("seats", [seat(), seat(level="expert")]),
]


@pytest.mark.parametrize(("key", "value"), KEPT, ids=lambda v: repr(v)[:40])
def test_each_setting_keeps_every_value_it_accepts(key, value, tmp_path):
    """Rule: a value at a setting's edge (each choice, each bound) is read back as
    written, with no note."""
    path = settings_file(tmp_path, {key: value})
    loaded, notes = read_settings(path)
    assert notes == []
    assert getattr(loaded, key) == value


@pytest.mark.parametrize(("key", "value"), REFUSED, ids=lambda v: repr(v)[:40])
def test_each_setting_refuses_one_past_its_edge_and_keeps_the_others(key, value, tmp_path):
    """Rule: a bad value falls back to its default, alone: the other settings in the file
    are kept, and the one note names the setting and the default used."""
    path = settings_file(
        tmp_path,
        {"language": "ja", key: value} if key != "language" else {key: value, "volume": 0.25},
    )
    loaded, notes = read_settings(path)
    assert getattr(loaded, key) == getattr(Settings(), key)
    if key != "language":
        assert loaded.language == "ja"
    else:
        assert loaded.volume == 0.25
    assert len(notes) == 1 and notes[0].startswith(f"{key}: "), notes
    assert f"the default {getattr(Settings(), key)!r} is used" in notes[0]


@pytest.mark.parametrize(("key", "value"), REFUSED, ids=lambda v: repr(v)[:40])
def test_settings_with_a_bad_value_are_never_written(key, value, tmp_path):
    """Rule: the app never writes a value it would refuse to read."""
    path = tmp_path / "settings.json"
    with pytest.raises(SettingsError, match=f"^{key}: "):
        save_settings(Settings(**{key: value}), path)
    assert not path.exists()


def test_the_seat_a_note_names_is_counted_from_one():
    """Rule: the note says which remembered seat is wrong as a person counts them."""
    problem = settings_mod.CHECKS["seats"]([seat(), seat(), seat(level="expert")])
    assert problem is not None and problem.startswith("seat 3: level")


def test_an_unknown_setting_is_ignored_with_a_note_and_the_rest_kept(tmp_path):
    """Rule: an unknown key is ignored (the settings of a newer version still load)."""
    path = settings_file(tmp_path, {"colour": "red", "language": "ja"})
    loaded, notes = read_settings(path)
    assert loaded == Settings(language="ja")
    assert notes == ["colour: unknown setting, ignored"]


def test_every_note_is_in_the_one_line_a_person_reads(tmp_path):
    """Rule: load_settings says everything not used in one line starting with the file."""
    path = settings_file(tmp_path, {"volume": 2, "colour": 1, "window_width": 1})
    loaded, line = load_settings(path)
    assert loaded == Settings()
    assert line is not None and line.startswith(f"{path}: ")
    assert line.count("; ") == 2 and "volume: " in line and "colour: " in line
    assert "window_width: " in line


def test_a_missing_file_is_the_defaults_without_a_note(tmp_path):
    """Rule: no file yet (a first start) is not a problem to report."""
    assert read_settings(tmp_path / "settings.json") == (Settings(), [])
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)


def test_a_dangling_link_is_reported_not_taken_for_no_file(tmp_path):
    """Rule: a settings file that is a link to nothing is a problem with a note (it is
    kept when settings are written), not a first start."""
    path = tmp_path / "settings.json"
    path.symlink_to(tmp_path / "nowhere.json")
    loaded, notes = read_settings(path)
    assert loaded == Settings() and len(notes) == 1


def test_a_file_that_is_not_an_object_is_the_defaults_with_a_note(tmp_path):
    path = settings_file(tmp_path, ["language", "ja"])
    assert read_settings(path) == (Settings(), ["top level: must be an object"])


def test_settings_are_written_whole_and_read_back(tmp_path):
    """Rule: every setting is written (none skipped) and read back as it was."""
    chosen = Settings(
        language="ja",
        fullscreen=True,
        volume=0.25,
        animation_speed=4.0,
        bot_budget_ms=1000,
        window_width=320,
        window_height=7680,
        seats=[seat(name="あいこ"), seat(human=False, level="hard", character="cookie")],
    )
    path = tmp_path / "settings.json"
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)
    assert set(json.loads(path.read_text(encoding="utf-8"))) == set(Settings.__match_args__)


# -- reading JSON a person may have damaged ---------------------------------------------------
def test_a_file_of_only_whitespace_is_empty(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(" \n\t ")
    with pytest.raises(FileProblem) as info:
        read_json(path, 100)
    assert info.value.place == "" and info.value.problem == "the file is empty"


def test_bad_bytes_are_placed_at_their_offset(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(FileProblem) as info:
        read_json(path, 100)
    assert info.value.place == "byte 7" and "not UTF-8" in info.value.problem


def test_a_syntax_error_is_placed_at_its_line_and_column(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{\n  "a": 1,\n  "b" 2\n}')
    with pytest.raises(FileProblem) as info:
        read_json(path, 100)
    assert info.value.place == "line 3 column 7"
    assert str(info.value) == f"{path}: line 3 column 7: {info.value.problem}"


def test_a_file_at_its_limit_is_read_and_one_byte_more_is_not(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"a": 1}' + " " * 92)  # 100 bytes
    assert read_json(path, 100) == {"a": 1}
    path.write_text('{"a": 1}' + " " * 93)
    with pytest.raises(FileProblem, match="larger than 100 bytes"):
        read_json(path, 100)


def test_numbers_of_max_digits_are_read_and_longer_ones_are_bad_numbers(tmp_path):
    """Rule: a whole number of MAX_DIGITS digits (a sign not counted) is a number; one
    digit more is a BadNumber the caller refuses with its place."""
    digits = 40  # seeds are below 2**128: 39 digits
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"a": 10 ** (digits - 1), "b": -(10 ** (digits - 1))}))
    assert read_json(path, 1000) == {"a": 10 ** (digits - 1), "b": -(10 ** (digits - 1))}
    path.write_text(f'{{"a": {"9" * (digits + 1)}, "b": -{"9" * (digits + 1)}}}')
    data = read_json(path, 1000)
    assert data["a"] == BadNumber(f"a number {digits + 1} digits long")
    assert data["b"] == BadNumber(f"a number {digits + 1} digits long")
    assert data["a"].problem == f"a number {digits + 1} digits long is not a usable number"


def test_nan_and_infinities_are_bad_numbers_named_as_written(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(
        '{"a": NaN, "b": -Infinity, "c": 1e400, "d": 1.5, "e": 1.0000000000000000000000e999}'
    )
    data = read_json(path, 1000)
    assert data.pop("e") == BadNumber("1." + "0" * 17 + "…")  # cut at 20 characters
    assert data == {
        "a": BadNumber("NaN"),
        "b": BadNumber("-Infinity"),
        "c": BadNumber("1e400"),
        "d": 1.5,
    }


def test_a_file_problem_without_a_place_is_the_problem_alone():
    assert FileProblem("f.json", "", "the file is empty").reason == "the file is empty"
    assert FileProblem("f.json", "seed", "missing").reason == "seed: missing"
    assert str(FileProblem("f.json", "seed", "missing")) == "f.json: seed: missing"


# -- names ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "ch", ["\x00", "\x1f", "\x7f", "\x80", "\x9f", "\u2028", "\u2029", chr(0xD800), chr(0xDFFF)]
)
def test_a_name_never_holds_a_character_that_breaks_a_line_or_no_font_draws(ch):
    problem = name_problem(f"A{ch}B")
    assert problem is not None and "which a name cannot have" in problem


@pytest.mark.parametrize("ch", [" ", "~", "\xa0", "é", "鶏", "\u2027", "\u202a"])
def test_a_name_may_hold_any_other_character(ch):
    assert name_problem(f"A{ch}B") is None


def test_printable_cuts_at_its_limit_and_escapes_control_characters():
    assert storage.printable("abcdef", 6) == "abcdef"
    assert storage.printable("abcdefg", 6) == "abcde…"
    assert storage.printable("a\nb c") == "a\\nb c"
    assert storage.printable("C:\\x\n") == "C:\\x\\n"  # a backslash stays one
    assert storage.printable("x" * 200) == "x" * 200  # 200 by default
    assert storage.printable("x" * 201) == "x" * 199 + "…"


# -- the damaged copy ------------------------------------------------------------------------------
def test_the_damaged_copy_is_named_with_the_time_and_then_a_count(tmp_path, monkeypatch):
    """Rule: settings.json.damaged-<time>, then -2, -3 ...: an existing copy is never
    overwritten, and the damaged file itself stays until the new one replaces it."""
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20250101-120000")
    path = tmp_path / "settings.json"
    path.write_text("{ damaged")
    first = storage.keep_damaged_copy(path)
    assert first.name == "settings.json.damaged-20250101-120000"
    second = storage.keep_damaged_copy(path)
    third = storage.keep_damaged_copy(path)
    assert (second.name, third.name) == (f"{first.name}-2", f"{first.name}-3")
    assert all(p.read_text() == "{ damaged" for p in (path, first, second, third))


def test_without_hard_links_the_damaged_file_is_moved_aside(tmp_path, monkeypatch):
    """Rule: on a file system without hard links the damaged file is renamed to its copy's
    name (never over an existing copy)."""
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20250101-120000")

    def no_links(*args, **kwargs):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(storage.os, "link", no_links)
    path = tmp_path / "settings.json"
    earlier = tmp_path / "settings.json.damaged-20250101-120000"
    earlier.write_text("earlier")
    path.write_text("{ damaged")
    kept = storage.keep_damaged_copy(path)
    assert kept.name == "settings.json.damaged-20250101-120000-2"
    assert kept.read_text() == "{ damaged" and not path.exists()
    assert earlier.read_text() == "earlier"


# -- temporary files of killed writes ---------------------------------------------------------------
def test_a_temporary_file_is_stale_only_when_older_than_the_age(tmp_path):
    """Rule: a temporary file exactly STALE_TEMP_AGE_S old may still be another instance's
    write in flight and is kept; one older is removed."""
    now = 1_700_000_000.0
    age = 60.0  # a minute: a live write lasts milliseconds
    assert storage.STALE_TEMP_AGE_S == age
    at_age = tmp_path / ".settings.json.aaaa1111.tmp"
    older = tmp_path / ".settings.json.bbbb2222.tmp"
    for path, mtime in ((at_age, now - age), (older, now - age - 1)):
        path.write_text("{")
        os.utime(path, (mtime, mtime))
    removed = storage.remove_stale_temp_files(tmp_path, lambda t: t == "settings.json", now)
    assert removed == [older]
    assert at_age.exists() and not older.exists()


def test_only_temporary_files_of_the_named_targets_are_removed(tmp_path):
    now = 1_700_000_000.0
    ours = tmp_path / ".settings.json.aaaa1111.tmp"
    other = tmp_path / ".lessons.json.aaaa1111.tmp"
    folder = tmp_path / ".settings.json.cccc3333.tmp"
    folder.mkdir()
    ours.write_text("{")
    other.write_text("{")
    for path in (ours, other, folder):
        os.utime(path, (now - 1000, now - 1000))
    removed = storage.remove_stale_temp_files(tmp_path, lambda t: t == "settings.json", now)
    assert removed == [ours]
    assert other.exists() and folder.is_dir()


def test_a_missing_folder_has_nothing_to_remove(tmp_path):
    assert storage.remove_stale_temp_files(tmp_path / "none", lambda t: True) == []


# -- where files go ---------------------------------------------------------------------------------
def test_the_home_override_puts_every_folder_under_it(tmp_path, monkeypatch):
    """Rule: TABLETOP_DERBY_HOME (tests, portable installs) holds config, data and cache;
    without it the platform's folders for the app are used."""
    monkeypatch.setenv("TABLETOP_DERBY_HOME", str(tmp_path))
    assert storage.config_dir() == tmp_path / "config"
    assert storage.data_dir() == tmp_path / "data"
    assert storage.cache_dir() == tmp_path / "cache"
    assert settings_mod.settings_path() == tmp_path / "config" / "settings.json"
    monkeypatch.delenv("TABLETOP_DERBY_HOME")
    for folder in (storage.config_dir(), storage.data_dir(), storage.cache_dir()):
        assert "tabletop-derby" in str(folder) and not str(folder).startswith(str(tmp_path))
    monkeypatch.setenv("TABLETOP_DERBY_HOME", "")
    assert not str(storage.config_dir()).startswith("config")


# -- the atomic write ---------------------------------------------------------------------------------
def test_the_whole_text_is_on_disk_before_it_is_synced(tmp_path, monkeypatch):
    """Rule: the text is flushed to the temporary file before fsync, and fsync comes
    before the rename: a crash after the rename never finds a short file."""
    real_fsync, real_replace = os.fsync, os.replace
    seen: list[tuple[str, int]] = []

    def fsync(fd):
        seen.append(("fsync", os.fstat(fd).st_size))
        return real_fsync(fd)

    def replace(src, dst):
        seen.append(("replace", Path(src).stat().st_size))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    text = "設定 " * 50
    target = tmp_path / "new" / "deeper" / "x.json"
    storage.atomic_write_text(target, text)
    size = len(text.encode("utf-8"))
    assert seen == [("fsync", size), ("replace", size)]
    assert target.read_text(encoding="utf-8") == text
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]


def test_a_write_that_fails_at_the_rename_leaves_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    target.write_text("old")

    def fail(src, dst):
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        storage.atomic_write_text(target, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert target.read_text() == "old"


def test_saving_over_a_good_file_keeps_no_copy_and_over_a_damaged_one_keeps_it(tmp_path):
    path = tmp_path / "settings.json"
    assert save_settings(Settings(), path) is None  # no file before: nothing to keep
    path.write_text('{"volume": 7}')
    kept = save_settings(Settings(volume=0.5), path)
    assert kept is not None and kept.read_text() == '{"volume": 7}'
    assert load_settings(path) == (Settings(volume=0.5), None)


def test_a_settings_file_of_64000_bytes_is_read_and_one_byte_more_is_not(tmp_path):
    """Rule: a settings file holds at most 64,000 bytes (a full one is a few hundred)."""
    path = tmp_path / "settings.json"
    head = '{"language": "ja"}'
    path.write_text(head + " " * (64_000 - len(head)))
    assert read_settings(path) == (Settings(language="ja"), [])
    path.write_text(head + " " * (64_001 - len(head)))
    loaded, notes = read_settings(path)
    assert loaded == Settings() and notes == [
        "larger than 64,000 bytes, more than this kind of file can be"
    ]


def test_a_file_nested_too_deeply_says_so(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("[" * 30_000 + "]" * 30_000)  # 60,000 bytes: within a settings file
    with pytest.raises(FileProblem) as info:
        read_json(path, 1_000_000)
    assert (info.value.place, info.value.problem) == ("", "nested too deeply")
    loaded, notes = read_settings(path)
    assert loaded == Settings() and notes == ["nested too deeply"]


def test_a_damaged_link_is_kept_as_the_link_itself(tmp_path):
    """Rule: the damaged copy is the file at the settings' path byte for byte: a link is
    kept as a link (to what it pointed at), never as a second name of its target."""
    target = tmp_path / "mine.json"
    target.write_text("{ damaged")
    path = tmp_path / "settings.json"
    path.symlink_to(target)
    kept = storage.keep_damaged_copy(path)
    assert kept.is_symlink() and os.readlink(kept) == str(target)


def test_too_many_damaged_copies_is_an_error_not_a_silent_loss(tmp_path, monkeypatch):
    """Rule: when no copy name is free, keeping the damaged file fails loudly (the
    settings are then not written over it)."""
    path = tmp_path / "settings.json"
    path.write_text("{ damaged")

    def taken(*args, **kwargs):
        raise FileExistsError(17, "File exists")

    monkeypatch.setattr(storage.os, "link", taken)
    with pytest.raises(OSError, match="too many damaged copies already"):
        storage.keep_damaged_copy(path)
    with pytest.raises(OSError):
        save_settings(Settings(language="ja"), path)
    assert path.read_text() == "{ damaged"


def test_a_first_start_opens_a_1280_by_720_window(tmp_path):
    """Rule: with no settings file the window is 1280×720 (the size screenshots default
    to, and one every check accepts), at the default volume and language."""
    loaded, note = load_settings(tmp_path / "settings.json")
    assert note is None
    assert (loaded.window_width, loaded.window_height) == (1280, 720)
    assert (loaded.language, loaded.volume, loaded.fullscreen) == ("en", 0.7, False)
    assert loaded.validated() is loaded


def test_a_window_resized_past_the_saved_sizes_is_remembered_at_the_nearest_one(tmp_path):
    """A window 300 pixels high (or wider than 7680) was kept as it was, and saving the
    settings then failed the file's own check: the language chosen was lost."""
    from game import settings as settings_mod
    from tests.scene_helpers import make_app

    app = make_app((1024, 600))
    app.settings.language = "ja"
    app._resized((800, 300))
    assert (app.settings.window_width, app.settings.window_height) == (800, 320)
    app._resized((9000, 5000))
    assert (app.settings.window_width, app.settings.window_height) == (7680, 5000)
    target = tmp_path / "settings.json"
    settings_mod.save_settings(app.settings, target)
    loaded, warning = settings_mod.load_settings(target)
    assert warning is None and loaded.language == "ja" and loaded.window_width == 7680
