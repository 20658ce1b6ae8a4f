import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import settings as settings_mod
from game import storage
from game.settings import Settings, load_settings, save_settings
from game.storage import atomic_write_text
from tests import hostile
from tests.hostile import no_longer_than


def test_settings_round_trip(tmp_path):
    path = tmp_path / "s.json"
    save_settings(Settings(language="ja", volume=0.25, animation_speed=2.0), path)
    loaded, warning = load_settings(path)
    assert warning is None and loaded.language == "ja" and loaded.animation_speed == 2.0


def test_bad_settings_files_fall_back_to_defaults_with_a_clear_reason(tmp_path):
    cases = {
        "empty": b"",
        "binary": bytes(range(256)),
        "list": b"[1, 2]",
        "wrong type": json.dumps({"volume": "loud"}).encode(),
        "unknown key": json.dumps({"colour": 1}).encode(),
        "out of range": json.dumps({"window_width": 10**9}).encode(),
        "huge": b" " * 100_000,
        "nested": b"[" * 5000 + b"]" * 5000,
    }
    for name, raw in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(raw)
        loaded, warning = load_settings(path)
        assert loaded == Settings(), name
        assert warning and str(path) in warning, name


def test_atomic_write_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "deep" / "x.json"
    atomic_write_text(path, "{}")
    atomic_write_text(path, '{"a": 1}')
    assert path.read_text() == '{"a": 1}'
    assert [p.name for p in path.parent.iterdir()] == ["x.json"]


def test_atomic_write_makes_its_temporary_file_beside_the_target_and_renames_it(monkeypatch):
    """Issue #30 (temp file not in the target's folder): a temporary file elsewhere
    (/tmp) is not atomic, fails with EXDEV where that is another file system, and its
    stray copies are never found by remove_stale_temp_files. Seen at the rename: the
    whole new text sits in ``.<name>.<8 characters>.tmp`` beside the target, and the old
    file is still whole."""
    target = Path(os.environ["TABLETOP_DERBY_HOME"]) / "deep" / "x.json"
    atomic_write_text(target, "old")
    renames = []
    real_replace = os.replace

    def spy(src, dst, *args, **kwargs):
        src, dst = Path(src), Path(dst)
        listing = sorted(p.name for p in target.parent.iterdir())
        renames.append((src, dst, listing, src.read_text(), dst.read_text()))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", spy)
    atomic_write_text(target, "new")
    [(src, dst, listing, new_text, old_text)] = renames
    assert dst == target and src.parent == target.parent
    assert src.name.startswith(".x.json.") and src.name.endswith(".tmp")
    assert storage.compiled(storage._TEMP_NAME).fullmatch(
        src.name
    )  # what the stale-file sweep finds
    assert listing == sorted([src.name, "x.json"])
    assert new_text == "new" and old_text == "old"
    assert not src.exists() and target.read_text() == "new"
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]


def test_a_failed_atomic_write_keeps_the_old_file_and_leaves_no_temporary_file(monkeypatch):
    target = Path(os.environ["TABLETOP_DERBY_HOME"]) / "x.json"
    atomic_write_text(target, "old")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in target.parent.iterdir()] == ["x.json"]


# == issue #15: a damaged settings file never stops the app and never loses a setting =========
CORPUS = hostile.CORPUS / "settings"
KEPT_JA = {"language": "ja"}
# Each committed hostile settings file: the settings that must come out of it (every
# valid value kept) and the key its note must name.
CORPUS_CASES = {
    "number_5000_digits.json": (KEPT_JA, "window_width"),  # was exit 2 at start-up
    "bad_volume.json": (
        {"language": "ja", "window_width": 1600, "window_height": 900, "animation_speed": 2.0},
        "volume",
    ),  # was: everything lost
    "volume_nan.json": (KEPT_JA, "volume"),
    "volume_infinity.json": (KEPT_JA, "volume"),
    "volume_50.json": (KEPT_JA, "volume"),  # issue #30: the upper bound, not only NaN
    "volume_just_over_1.json": (KEPT_JA, "volume"),
    "speed_true.json": (KEPT_JA, "animation_speed"),
    "unknown_key.json": (KEPT_JA, "colour"),  # was fatal to the file
}


def test_corpus_is_complete_and_its_valid_file_loads_without_a_note():
    loaded, warning = load_settings(CORPUS / "valid.json")
    assert warning is None and loaded.window_width == 1600 and loaded.language == "ja"
    assert set(CORPUS_CASES) | {"valid.json"} == {p.name for p in CORPUS.glob("*.json")}


@pytest.mark.parametrize("name", sorted(CORPUS_CASES))
def test_each_bad_value_falls_back_alone_and_every_other_setting_is_kept(name):
    kept, key = CORPUS_CASES[name]
    loaded, warning = load_settings(CORPUS / name)
    assert loaded == Settings(**kept), name
    assert warning and warning.startswith(f"{CORPUS / name}: {key}: "), warning
    assert len(warning) < 300 + len(str(CORPUS))  # never the value whole


def test_a_huge_value_is_not_printed_whole():
    path = Path(os.environ["TABLETOP_DERBY_HOME"]) / "s.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"language": "x" * 60_000}))
    loaded, warning = load_settings(path)
    assert loaded == Settings() and "language" in warning and len(warning) < 400


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "dev_urandom", "folder", "huge"])
def test_special_settings_files_never_hang_and_are_kept_when_settings_are_written(kind):
    """Was: a FIFO hung start-up forever, /dev/zero or /dev/urandom read until
    MemoryError. The defaults are used with a note, and saving keeps the special file
    (the link itself, not /dev/zero's contents) beside the new settings."""
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind.startswith("dev_"):
        path.symlink_to(f"/dev/{kind[4:]}")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b" " * (settings_mod.SETTINGS_MAX_BYTES + 1))
    with no_longer_than(10):
        loaded, warning = load_settings()
        assert loaded == Settings() and warning and str(path) in warning
        if kind == "folder":
            return  # os.replace cannot put a file over a folder
        kept = save_settings(Settings(language="ja"))
    assert kept is not None and kept.name.startswith("settings.json.damaged-")
    if kind.startswith("dev_"):
        assert os.readlink(kept) == f"/dev/{kind[4:]}"
    assert load_settings() == (Settings(language="ja"), None)


def test_a_damaged_file_is_kept_once_and_an_existing_copy_is_never_overwritten(monkeypatch):
    """Was: on quit a damaged file was overwritten with defaults, and lost."""
    path = settings_mod.settings_path()
    path.parent.mkdir(parents=True)
    original = (CORPUS / "bad_volume.json").read_bytes()
    path.write_bytes(original)
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20250101-120000")
    earlier = path.with_name("settings.json.damaged-20250101-120000")
    earlier.write_text("an earlier damaged copy")
    loaded, warning = load_settings()
    assert warning and loaded.window_width == 1600
    kept = save_settings(loaded)
    assert kept == path.with_name("settings.json.damaged-20250101-120000-2")
    assert kept.read_bytes() == original
    assert earlier.read_text() == "an earlier damaged copy"
    assert save_settings(loaded) is None  # the new file is whole: no copy
    assert sorted(p.name for p in path.parent.iterdir()) == [
        "settings.json",
        earlier.name,
        kept.name,
    ]
    assert load_settings() == (loaded, None)


def test_a_good_file_is_written_over_without_a_copy():
    path = settings_mod.settings_path()
    save_settings(Settings(language="ja"))
    assert save_settings(Settings(language="en")) is None
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]


def test_start_up_over_a_damaged_settings_file_keeps_its_good_values_and_the_file(tmp_path):
    """Was: a 5,000-digit number made the app exit 2 before its first frame. The real app
    starts, runs, quits, and keeps the damaged file as settings.json.damaged-<time>."""
    home = tmp_path / "derby"
    (home / "config").mkdir(parents=True)
    original = (CORPUS / "number_5000_digits.json").read_bytes()
    (home / "config" / "settings.json").write_bytes(original)
    env = {
        **os.environ,
        "TABLETOP_DERBY_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    root = Path(__file__).resolve().parents[1]
    script = (
        "import sys; from game.app import App; from game.scenes.shell.menu import MenuScene;"
        "app = App(); app.push(MenuScene(app)); app.run(5);"
        "print(type(app.top).__name__, app.settings.language); app.quit()"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=str(root),
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    assert out.stdout.split() == [b"DialogScene", b"ja"]  # told, and Japanese kept
    files = sorted(p.name for p in (home / "config").iterdir())
    assert files[0] == "settings.json" and files[1].startswith("settings.json.damaged-")
    assert (home / "config" / files[1]).read_bytes() == original
    assert json.loads((home / "config" / "settings.json").read_text())["language"] == "ja"


def test_stale_settings_temp_files_are_removed_and_fresh_ones_kept():
    folder = storage.config_dir()
    folder.mkdir(parents=True)
    stale, fresh = folder / ".settings.json.abcd1234.tmp", folder / ".settings.json.wxyz5678.tmp"
    for path in (stale, fresh):
        path.write_text("{")
    now = time.time()
    os.utime(stale, (now - 120, now - 120))
    assert settings_mod.remove_stale_settings_temp_files(now) == [stale]
    assert fresh.exists() and not stale.exists()
