"""Hostile data files (issue 9): every shipped board, deck, tile set, score table and box,
mutated at random, and hand-made hostile files, must give a DataFileError naming the file
— never a traceback. TMX is parsed defensively (no DTD, no entity expansion)."""
from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.boards import DataFileError
from game.paths import BOARDS_DIR


def _loader(path: Path):
    """The loader function for a shipped data file."""
    game = path.parent.name
    module = importlib.import_module(f"game.boards.{game}")
    if game == "duck":
        if path.suffix == ".tmx":
            return module.load_board_tmx
        return {"tiles": module.load_tiles, "deck": module.load_deck,
                "hound": module.load_hound}.get(path.stem, module.load_board_yaml)
    return {"cluck": getattr(module, "load_tiles", None), "routes": getattr(module, "load_table", None),
            "verflixxt": getattr(module, "load_box", None)}[game]


SHIPPED = sorted(p for p in BOARDS_DIR.glob("*/*") if p.suffix in (".yaml", ".tmx"))


def test_every_shipped_data_file_loads():
    assert len(SHIPPED) >= 5
    for path in SHIPPED:
        _loader(path)(path)


HOSTILE = {
    "empty": b"",
    "binary": bytes(range(256)) * 8,
    "truncated": None,                       # the first half of the real file
    "deeply nested": b"a: " + b"[" * 50_000 + b"]" * 50_000,
    "wrong type": b"- 1\n- 2\n",
    "scalar": b"42\n",
    "huge": b"# " + b"x" * 5_000_000 + b"\n",
}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_versions_of_every_data_file(path, case, tmp_path):
    raw = HOSTILE[case]
    if raw is None:
        full = path.read_bytes()
        raw = full[: len(full) // 2]
    bad = tmp_path / path.name
    bad.write_bytes(raw)
    for sibling in path.parent.glob("*.tsx"):        # a TMX map needs its tileset beside it
        (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    with pytest.raises(DataFileError) as info:
        _loader(path)(bad)
    assert str(bad) in str(info.value)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<map version="1.10" orientation="hexagonal" width="2" height="2" tilewidth="32"
 tileheight="32" hexsidelength="16" staggeraxis="y" staggerindex="odd"><properties>
<property name="name" value="&lol3;"/></properties></map>
"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<map version="1.10" orientation="hexagonal" width="1" height="1" tilewidth="32"
 tileheight="32"><properties><property name="name" value="&x;"/></properties></map>
"""


@pytest.mark.parametrize("payload", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["bomb", "external"])
def test_tmx_entities_are_refused(payload, tmp_path):
    duck = importlib.import_module("game.boards.duck")
    bad = tmp_path / "evil.tmx"
    bad.write_bytes(payload)
    with pytest.raises(DataFileError):
        duck.load_board_tmx(bad)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_randomly_mutated_data_files_never_escape_as_a_traceback(data, tmp_path):
    path = data.draw(st.sampled_from(SHIPPED))
    raw = bytearray(path.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        op = data.draw(st.sampled_from(["flip", "cut", "insert", "swap-digit"]))
        i = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[i] = data.draw(st.integers(0, 255))
        elif op == "cut":
            del raw[i:i + data.draw(st.integers(1, 60))]
        elif op == "insert":
            raw[i:i] = data.draw(st.sampled_from([b"-", b":", b" ", b"\n", b"[", b"{", b"<",
                                                  b"99", b"-1", b"null", b"x"]))
        elif raw and chr(raw[i]).isdigit():
            raw[i] = ord(data.draw(st.sampled_from("0123456789")))
    bad = tmp_path / path.name
    bad.write_bytes(bytes(raw))
    for sibling in path.parent.glob("*.tsx"):
        (tmp_path / sibling.name).write_bytes(sibling.read_bytes())
    try:
        _loader(path)(bad)
    except DataFileError:
        pass
