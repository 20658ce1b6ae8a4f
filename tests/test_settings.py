import json

from game.settings import Settings, atomic_write_text, load_settings, save_settings


def test_settings_round_trip(tmp_path):
    path = tmp_path / "s.json"
    save_settings(Settings(language="ja", volume=0.25, animation_speed=2.0), path)
    loaded, warning = load_settings(path)
    assert warning is None and loaded.language == "ja" and loaded.animation_speed == 2.0


def test_bad_settings_files_fall_back_to_defaults_with_a_clear_reason(tmp_path):
    cases = {
        "empty": b"", "binary": bytes(range(256)), "list": b"[1, 2]",
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
