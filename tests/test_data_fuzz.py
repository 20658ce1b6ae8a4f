"""Hostile data files (issue 9): every shipped board, deck, tile set, score table and box,
mutated at random, and hand-made hostile files, must give a DataFileError naming the file
— never a traceback. TMX is parsed defensively (no DTD, no entity expansion)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.boards import DataFileError
from game.paths import BOARDS_DIR


def _loader(path: Path):
    """The loader function for a shipped data file."""
    game = path.parent.name
    module = importlib.import_module(f"game.boards.{game}")
    if game == "duck":
        if path.suffix == ".tmx":
            return module.load_board_tmx
        return {
            "tiles": module.load_tiles,
            "deck": module.load_deck,
            "hound": module.load_hound,
        }.get(path.stem, module.load_board_yaml)
    return {
        "cluck": getattr(module, "load_tiles", None),
        "routes": getattr(module, "load_table", None),
        "verflixxt": getattr(module, "load_box", None),
    }[game]


SHIPPED = sorted(p for p in BOARDS_DIR.glob("*/*") if p.suffix in (".yaml", ".tmx"))


def test_every_shipped_data_file_loads():
    assert len(SHIPPED) >= 5
    for path in SHIPPED:
        _loader(path)(path)


HOSTILE = {
    "empty": b"",
    "binary": bytes(range(256)) * 8,
    "truncated": None,  # the first half of the real file
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
    for sibling in path.parent.glob("*.tsx"):  # a TMX map needs its tileset beside it
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


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
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
            del raw[i : i + data.draw(st.integers(1, 60))]
        elif op == "insert":
            raw[i:i] = data.draw(
                st.sampled_from(
                    [b"-", b":", b" ", b"\n", b"[", b"{", b"<", b"99", b"-1", b"null", b"x"]
                )
            )
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


# -- issue #15: the hostile corpus (tests/corpus/boards) --
from tests.corpus.boards.corpus import COMMITTED, CORPUS_DIR, all_cases, generate

BOARD_ENDINGS = (".yaml", ".yml", ".tmx")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    return all_cases(tmp_path_factory.mktemp("corpus"))


def _outcome(path: Path) -> tuple[str, str]:
    duck = importlib.import_module("game.boards.duck")
    try:
        return "loads", duck.checked_board(path)["name"]
    except DataFileError as exc:
        assert str(exc).startswith(f"{path}: "), exc  # names the file first
        assert "\n" not in str(exc) and len(str(exc)) < 400, exc  # one short line
        return "refused", str(exc)


def test_every_committed_corpus_file_is_listed_with_what_it_guards():
    on_disk = {p.name for p in CORPUS_DIR.iterdir() if p.suffix.lower() in BOARD_ENDINGS}
    assert on_disk == set(COMMITTED)


def test_every_corpus_file_is_refused_in_one_line_or_loads(corpus):
    """Each hostile board (YAML date/number/alias bomb/loop/nesting, zlib and gzip bombs,
    999 x 999 maps, FIFOs, /dev/zero, tileset tricks, Tiled's flag bits) gives what its
    Case says through the loader the lobby and the Start button use."""
    wrong = []
    for name, (path, case) in corpus.items():
        expect, text = _outcome(path)
        if expect != case.expect or case.words not in text:
            wrong.append(f"{name} ({case.guards}): {expect}: {text}")
    assert not wrong, "\n".join(wrong)


def test_the_boards_folder_scan_turns_every_corpus_file_into_a_board_or_one_problem(tmp_path):
    duck = importlib.import_module("game.boards.duck")
    folder = duck.user_boards_dir()
    cases = generate(folder)  # FIFOs, /dev/zero links, huge maps, in place
    for name in COMMITTED:
        (folder / name).write_bytes((CORPUS_DIR / name).read_bytes())
    (folder / "tileset-in-tileset.tsx").write_bytes(
        (CORPUS_DIR / "tileset-in-tileset.tsx").read_bytes()
    )
    cases.update(COMMITTED)
    scan = duck.scan_boards()
    listed = {Path(board["stem"]).name for board in scan.boards if not board["shipped"]}
    assert listed == {name for name, case in cases.items() if case.expect == "loads"}
    refused = {name for name, case in cases.items() if case.expect == "refused"}
    assert len(scan.problems) == len(refused)
    for name in refused:
        assert sum(line.startswith(f"{folder / name}: ") for line in scan.problems) == 1, name
    assert duck.lobby_problems() == list(scan.problems)
    assert [b["stem"] for b in scan.boards if b["shipped"]] == [
        b["stem"] for b in duck.list_boards()
    ]


# -- YAML anywhere: every shipped data file's loader --
YAML_HOSTILE = {
    name: (CORPUS_DIR / name).read_bytes()
    for name in (
        "yaml-impossible-date.yaml",
        "yaml-5000-digits.yaml",
        "yaml-alias-bomb.yaml",
        "yaml-alias-loop.yaml",
        "yaml-deep.yaml",
    )
}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("case", sorted(YAML_HOSTILE))
def test_yaml_bombs_and_bad_values_in_every_data_file_are_one_line(path, case, tmp_path):
    """Guards: the date, long number and alias bomb quit the app from any data file."""
    bad = tmp_path / path.name
    bad.write_bytes(YAML_HOSTILE[case])
    with pytest.raises(DataFileError) as info:
        _loader(path)(bad)
    assert str(info.value).startswith(f"{bad}: ") and len(str(info.value)) < 300


def test_yaml_anchors_and_aliases_within_reason_still_load(tmp_path):
    from game.boards import read_yaml

    path = tmp_path / "anchors.yaml"
    path.write_text(
        "base: &b {kind: water, n: [1, 2]}\none: {<<: *b, n: [3]}\ntwo: *b\n", encoding="utf-8"
    )
    assert read_yaml(path) == {
        "base": {"kind": "water", "n": [1, 2]},
        "one": {"kind": "water", "n": [3]},
        "two": {"kind": "water", "n": [1, 2]},
    }


def test_the_yaml_value_limit_counts_an_alias_as_all_it_stands_for(tmp_path):
    from game.boards import read_yaml
    from game.storage import MAX_YAML_VALUES

    path = tmp_path / "wide.yaml"
    block = "[" + ",".join(["0"] * 99) + "]"  # 100 values with the list
    count = MAX_YAML_VALUES // 100
    path.write_text(
        f"a: &a {block}\nb: [" + ", ".join(["*a"] * (count - 2)) + "]\n", encoding="utf-8"
    )
    assert len(read_yaml(path)["b"]) == count - 2  # just under the limit: loads
    path.write_text(f"a: &a {block}\nb: [" + ", ".join(["*a"] * count) + "]\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="more than"):
        read_yaml(path)


# -- the translation catalogs read bounded (game/ui/i18n.py) --
def test_a_catalog_is_read_bounded(tmp_path):
    """Guards: a catalog replaced by a FIFO hung the start, by /dev/zero ate memory;
    a huge one was parsed whole."""
    import threading

    from game.ui.i18n import CatalogError, _parse

    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"# " + b"x" * 2_000_000 + b"\n")
    with pytest.raises(CatalogError, match="cannot be read .larger than"):
        _parse(huge, "huge")
    if not hasattr(__import__("os"), "mkfifo"):
        return
    fifo = tmp_path / "fifo.yaml"
    __import__("os").mkfifo(fifo)
    outcome = []

    def parse():
        try:
            _parse(fifo, "fifo")
        except CatalogError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=parse, daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive() and outcome, "reading a FIFO catalog blocked"
