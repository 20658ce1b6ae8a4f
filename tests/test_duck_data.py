"""Duck! Duck! Go! data: tiles, boards (YAML and Tiled TMX), the deck and the hound board
as the loader reads them (DDG-2, DDG-40..43), and every way a file can be wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main
from game.boards import DataFileError
from game.boards import duck as loader
from game.rules import duck
from game.rules.duck.data import LEVELS, board_from_data, board_problems, deck_from_data
from game.rules.duck.hexes import DIRECTIONS
from game.rules.protocol import RulesDataError

DUCK_DIR = loader.DUCK_DIR
BOARDS = loader.list_boards()


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- DDG-40: the shipped boards -----------------------------------------------------------------
def test_ddg_40_three_boards_or_more_per_level_all_valid():
    for level in LEVELS:
        assert sum(b["level"] == level for b in BOARDS) >= 3, level
    for entry in BOARDS:
        data = loader.load_board(entry["path"])
        board = board_from_data(data)
        assert board_problems(board, 6) == [], entry["stem"]
        assert len(board.starts) >= 7  # 6 ducks and a free space for a knocked one
        assert data["name"] and data["name_ja"] != data["name"]
    assert BOARDS[0]["level"] == "beginner" and BOARDS[0]["stem"] == duck.DEFAULT_BOARD


def test_ddg_40_boards_use_each_tile_once_without_overlap(tmp_path):
    text = (DUCK_DIR / "bathtub.yaml").read_text(encoding="utf-8")
    twice = text.replace("{tile: 2, side: B", "{tile: 1, side: B")
    with pytest.raises(DataFileError, match=r"tiles\[1\]\.tile: tile 1 is already placed"):
        loader.load_board_yaml(write(tmp_path, "twice.yaml", twice))
    overlap = text.replace("position: [2, 1]", "position: [1, 0]")
    with pytest.raises(DataFileError, match=r"tiles\[1\]\.position: tile 2 overlaps"):
        loader.load_board_yaml(write(tmp_path, "overlap.yaml", overlap))


def test_ddg_40_a_yaml_board_is_its_tiles_turned_and_placed():
    data = loader.load_board_yaml(DUCK_DIR / "bathtub.yaml")
    tiles = loader.load_tiles()
    kinds = {(h[0], h[1]): h[2:] for h in data["hexes"]}
    assert len(kinds) == 7 * 7
    # tile 1 face A (drain in the middle) sits at [0, 0] before normalising
    drain = [xy for xy, cell in kinds.items() if cell == ["drain"]]
    assert len(drain) == 1 and tiles[1]["A"][0] == ["drain"]
    assert min(r for _, r in kinds) == 0


# -- Tiled TMX ------------------------------------------------------------------------------------
TWINS = [b for b in BOARDS if b["tmx"] is not None]


def test_at_least_three_boards_are_also_tiled_maps():
    assert len(TWINS) >= 3
    assert {b["level"] for b in TWINS} == set(LEVELS)


@pytest.mark.parametrize("entry", TWINS, ids=lambda b: b["stem"])
def test_the_same_board_from_yaml_and_from_tmx_gives_the_same_rules_data(entry):
    from_yaml = loader.load_board_yaml(entry["path"])
    from_tmx = loader.load_board_tmx(entry["tmx"])
    assert from_yaml == from_tmx
    a = duck.new_game(4, 3, {**loader.prepare_options({}), "board": from_yaml})
    b = duck.new_game(4, 3, loader.prepare_options({"board": str(entry["tmx"])}))
    assert a.to_dict() == b.to_dict()


def test_shipped_tmx_is_what_board_to_tmx_writes():
    for entry in TWINS:
        data = loader.load_board_yaml(entry["path"])
        assert entry["tmx"].read_text(encoding="utf-8") == loader.board_to_tmx(data)


def test_tmx_maps_are_real_hexagonal_tiled_maps_with_kind_properties():
    import defusedxml.ElementTree as ET

    root = ET.parse(str(TWINS[0]["tmx"])).getroot()
    assert root.get("orientation") == "hexagonal" and root.get("hexsidelength")
    assert root.get("staggeraxis") == "y" and root.get("staggerindex") in ("odd", "even")
    props = {p.get("name") for p in root.iter("property")}
    assert {"name", "name_ja", "level"} <= props
    tileset = ET.parse(str(DUCK_DIR / loader.TILESET_FILE)).getroot()
    kinds = {p.get("value") for p in tileset.iter("property") if p.get("name") == "kind"}
    assert kinds == {"water", "start", "buoy", "drain"}
    assert (DUCK_DIR / tileset.find("image").get("source")).exists()


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_tiled_offsets_become_axial_with_true_neighbours(axis, index):
    """Tiled shifts odd (or even) rows (axis y) or columns (axis x); every offset cell's
    six Tiled neighbours must be exactly the six axial neighbours."""

    def tiled_neighbours(col, row):
        if axis == "y":
            shifted = (row % 2 == 1) == (index == "odd")
            dx = (0, 1) if shifted else (-1, 0)
            return {
                (col - 1, row),
                (col + 1, row),
                (col + dx[0], row - 1),
                (col + dx[1], row - 1),
                (col + dx[0], row + 1),
                (col + dx[1], row + 1),
            }
        shifted = (col % 2 == 1) == (index == "odd")
        dy = (0, 1) if shifted else (-1, 0)
        return {
            (col, row - 1),
            (col, row + 1),
            (col - 1, row + dy[0]),
            (col - 1, row + dy[1]),
            (col + 1, row + dy[0]),
            (col + 1, row + dy[1]),
        }

    for col in range(4):
        for row in range(4):
            q, r = loader.offset_to_axial(col, row, axis, index)
            axial = {(q + dq, r + dr) for dq, dr in DIRECTIONS}
            tiled = {
                loader.offset_to_axial(c, rr, axis, index) for c, rr in tiled_neighbours(col, row)
            }
            assert axial == tiled, (col, row)


def test_a_flat_topped_tmx_loads_to_the_same_board(tmp_path):
    """The same hexes written with stagger axis x must give the same rules data after
    normalising: axial conversion, not rendering, decides the neighbours."""
    data = loader.load_board_yaml(DUCK_DIR / "sink.yaml")
    text = loader.board_to_tmx(data)
    (tmp_path / loader.TILESET_FILE).write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    path = write(tmp_path, "sink.tmx", text)
    assert loader.load_board_tmx(path) == data
    even = write(tmp_path, "even.tmx", text.replace('staggerindex="odd"', 'staggerindex="even"'))
    shifted = loader.load_board_tmx(even)
    assert len(shifted["hexes"]) == len(data["hexes"])  # loads; a different shape


def test_tmx_problems_are_data_file_errors(tmp_path):
    (tmp_path / loader.TILESET_FILE).write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    good = (DUCK_DIR / "bathtub.tmx").read_text(encoding="utf-8")
    cases = {
        "orthogonal": (
            good.replace('orientation="hexagonal"', 'orientation="orthogonal"'),
            "map.orientation",
        ),
        "no level": (
            good.replace('name="level" value="beginner"', 'name="lvl" value="x"'),
            "map.properties.level",
        ),
        "bad gid": (good.replace("0,0,0,1,1,0,0,0", "0,0,0,9,1,0,0,0"), "kind"),
        "dtd": (good.replace("<map ", '<!DOCTYPE map [<!ENTITY a "b">]>\n<map ', 1), "unsafe"),
        "no tileset": (good.replace('source="duck.tsx"', 'source="missing.tsx"'), "tileset"),
        "two layers": (
            good.replace(
                "</map>",
                '<layer id="2" name="x" width="1" height="1">'
                '<data encoding="csv">0</data></layer></map>',
            ),
            "layers",
        ),
        "stagger": (good.replace('staggeraxis="y"', 'staggeraxis="z"'), "staggeraxis"),
    }
    for name, (text, where) in cases.items():
        path = write(tmp_path, f"{name.replace(' ', '_')}.tmx", text)
        with pytest.raises(DataFileError, match=where) as info:
            loader.load_board_tmx(path)
        assert str(path) in str(info.value), name


# -- YAML problems --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, place",
    [
        ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [\n", "line"),
        ("- 1\n- 2\n", "must be a mapping"),
        ("name: X\nname_ja: Y\nlevel: expert\ntiles: []\n", "level"),
        ("name: X\nname_ja: Y\nlevel: beginner\ntiles: []\n", "tiles"),
        ("name: X\nname_ja: Y\nlevel: beginner\ncolour: 1\ntiles: []\n", "colour"),
        (
            (
                "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 17, side: A, rotation: 0, "
                "position: [0, 0]}]\n"
            ),
            r"tiles\[0\]\.tile",
        ),
        (
            (
                "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: C, rotation: 0, "
                "position: [0, 0]}]\n"
            ),
            r"tiles\[0\]\.side",
        ),
        (
            (
                "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 6, "
                "position: [0, 0]}]\n"
            ),
            r"tiles\[0\]\.rotation",
        ),
        (
            (
                "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: true, "
                "position: [0, 0]}]\n"
            ),
            r"tiles\[0\]\.rotation",
        ),
        (
            (
                "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 0, "
                "position: [0, x]}]\n"
            ),
            r"tiles\[0\]\.position",
        ),
        (
            "name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 0}]\n",
            r"tiles\[0\]\.position: missing",
        ),
        ("name: 3\nname_ja: Y\nlevel: beginner\ntiles: []\n", "name"),
    ],
)
def test_yaml_board_problems_name_file_and_place(tmp_path, text, place):
    path = write(tmp_path, "bad.yaml", text)
    with pytest.raises(DataFileError, match=place) as info:
        loader.load_board_yaml(path)
    assert info.value.path == str(path)


def test_tiles_problems_name_file_and_place(tmp_path):
    good = (DUCK_DIR / "tiles.yaml").read_text(encoding="utf-8")
    cases = [
        (good.replace("  16:\n", "  17:\n"), "tiles.17"),
        (
            good.replace("{centre: drain, sides: [water", "{centre: lava, sides: [water", 1),
            "tiles.1.A.centre",
        ),
        (good.replace("B: {centre: buoy red", "B: {centre: buoy blue", 1), "tiles.2.B.centre"),
        (
            good.replace(
                "sides: [water, water, water, water, water, water]}", "sides: [water, water]}", 1
            ),
            "tiles.1.A.sides",
        ),
    ]
    for text, place in cases:
        path = write(tmp_path, "tiles.yaml", text)
        with pytest.raises(DataFileError, match=place.replace(".", r"\.")):
            loader.load_tiles(path)


def test_missing_or_unreadable_files_are_data_file_errors(tmp_path):
    with pytest.raises(DataFileError, match="cannot be read"):
        loader.load_board(tmp_path / "nope.yaml")
    with pytest.raises(DataFileError, match=".yaml or a Tiled .tmx"):
        loader.load_board(tmp_path / "board.txt")
    with pytest.raises(DataFileError, match="no such board"):
        loader.prepare_options({"board": "atlantis"})


# -- DDG-41 the deck, DDG-43 the hound board ------------------------------------------------------
def test_ddg_41_deck_number_bands_follow_reach():
    deck = loader.load_deck()
    bands = {1: range(1, 9), 2: range(9, 21), 3: range(21, 37), 4: range(37, 47), 5: range(47, 55)}
    numbers = sorted(c["number"] for c in deck["cards"])
    assert numbers == list(range(1, 55))
    for card in deck["cards"]:
        routes = card["routes"]
        reach = max(len(r["steps"]) for r in routes) + 2 * (len(routes) - 1)
        assert card["number"] in bands[reach], card
    lengths = {len(r["steps"]) for c in deck["cards"] for r in c["routes"]}
    turns = {t for c in deck["cards"] for r in c["routes"] for t in r["steps"]}
    facings = {len(r["facings"]) for c in deck["cards"] for r in c["routes"]}
    assert lengths == {1, 2, 3, 4, 5} and turns == {-2, -1, 0, 1, 2} and facings == {1, 2, 3}
    assert sum(len(c["routes"]) > 1 for c in deck["cards"]) >= 5


def test_ddg_41_cards_36_42_52_as_the_sheets_show_them():
    cards = deck_from_data(loader.load_deck())
    assert cards[36] == (((0, 1, -1), (1, -1)),)  # F, L, R; face left or right
    assert cards[42] == (((0, 1), (-1,)), ((0, -1), (1,)))  # mirror routes, one facing each
    ((steps, _),) = cards[52]
    assert len(steps) == 5 and steps.count(0) >= 4  # long and straight-ish


def test_ddg_41_deck_problems(tmp_path):
    good = (DUCK_DIR / "deck.yaml").read_text(encoding="utf-8")
    cases = [
        (good.replace("{number: 54,", "{number: 53,"), "listed twice"),
        (
            good.replace("steps: F, facings: F L R}", "steps: F X, facings: F L R}", 1),
            r"cards\[0\]\.routes\[0\]\.steps",
        ),
        (
            good.replace("steps: F, facings: F L R}", "steps: B, facings: F L R}", 1),
            r"cards\[0\]\.routes\[0\]\.steps",
        ),
        (
            good.replace(
                "{number: 1, routes: [{steps: F, facings: F L R}]}", "{number: 1, routes: []}"
            ),
            r"cards\[0\]\.routes",
        ),
    ]
    for text, place in cases:
        path = write(tmp_path, "deck.yaml", text)
        with pytest.raises(DataFileError, match=place):
            loader.load_deck(path)


def test_ddg_43_hound_board_patterns_as_data(tmp_path):
    hound = loader.load_hound()
    assert [p["name_en"] for p in hound["patterns"]] == [
        "Dash",
        "Veer left",
        "Veer right",
        "Sniff about",
    ]
    good = (DUCK_DIR / "hound.yaml").read_text(encoding="utf-8")
    path = write(tmp_path, "hound.yaml", good.replace("steps: F F,", "steps: F F F F,"))
    with pytest.raises(DataFileError, match=r"patterns\[0\]\.steps"):
        loader.load_hound(path)


# -- DDG-42 check-board and the options ----
def test_ddg_42_check_board_summarises_a_good_board(capsys):
    assert main(["check-board", str(DUCK_DIR / "harbour.tmx")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    assert "Harbour" in out[0] and "advanced" in out[0] and "84 hexes" in out[0]
    assert "11 start spaces" in out[0] and "red" in out[0]


def test_ddg_42_check_board_lists_every_problem(tmp_path, capsys):
    text = (DUCK_DIR / "sink.yaml").read_text(encoding="utf-8")
    text = text.replace("{tile: 14, side: B", "{tile: 14, side: A")  # no buoys at all
    path = write(tmp_path, "dry.yaml", text)
    assert main(["check-board", str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith(f"{path}: hexes: the board has no red buoy")
    assert any("no green buoy" in line for line in err)
    bad = write(tmp_path, "broken.yaml", "name: [\n")
    assert main(["check-board", str(bad)]) == 1
    assert capsys.readouterr().err.startswith(f"{bad}: line")


def test_prepare_options_names_paths_defaults_and_the_official_shorthand():
    default = loader.prepare_options({})
    assert default["board"]["name"] == "Bathtub" and default["board"]["level"] == "beginner"
    assert len(default["deck"]["cards"]) == 54 and len(default["hound"]["patterns"]) == 4
    by_path = loader.prepare_options({"board": str(DUCK_DIR / "canal.yaml")})
    assert by_path["board"]["name"] == "Canal"
    assert (
        loader.prepare_options({"board": "harbour.tmx"})["board"]
        == loader.prepare_options({"board": "harbour"})["board"]
    )
    official = loader.prepare_options({"variant": "official"})
    assert official["variant"] == "beginner" and official["official"] is True
    with pytest.raises(ValueError, match="variant"):
        loader.prepare_options({"variant": "turbo"})
    assert loader.lobby_choices("board")[0] == "bathtub" and loader.lobby_choices("variant") is None


def test_the_rules_check_data_shapes_themselves():
    options = loader.prepare_options({})
    with pytest.raises(RulesDataError, match="options.board"):
        duck.new_game(2, 1, {**options, "board": "bathtub"})
    with pytest.raises(RulesDataError, match=r"options\.deck\.cards"):
        duck.new_game(2, 1, {**options, "deck": {"cards": []}})
    with pytest.raises(RulesDataError, match=r"options\.board\.hexes\[0\]"):
        duck.new_game(2, 1, {**options, "board": {**options["board"], "hexes": [[0, 0, "lava"]]}})
    with pytest.raises(RulesDataError, match="unknown option"):
        duck.new_game(2, 1, {**options, "turbo": True})


# -- issue #15: boards people make, and the boards folders --
CORPUS = Path(__file__).resolve().parent / "corpus" / "boards"


def _count_reads(monkeypatch) -> list[str]:
    """Every file the loaders read from now on (game.boards.read_data's reader)."""
    import game.boards

    reads: list[str] = []
    real = game.boards.read_bounded

    def counting(path, limit):
        reads.append(str(path))
        return real(path, limit)

    monkeypatch.setattr(game.boards, "read_bounded", counting)
    return reads


@pytest.mark.parametrize("name", ["tmx-hex-120-flags.tmx", "tmx-hex-120-flags-zlib.tmx"])
def test_tiled_flag_bits_are_cleared_hex_120_included(name):
    """Tiled's four gid flags (flips and the hexagonal 120° turn, 0x10000000, which pytmx
    does not know) leave a tile its kind: the flagged Bathtub is the Bathtub."""
    assert loader.TILED_FLAG_BITS == 0xF0000000
    flagged = loader.load_board_tmx(CORPUS / name)
    assert flagged["hexes"] == loader.load_board_tmx(DUCK_DIR / "bathtub.tmx")["hexes"]


def test_a_tmx_board_is_read_once_bounded_and_pytmx_opens_no_file(monkeypatch):
    from xml.etree import ElementTree

    def no_parse(*args, **kwargs):
        raise AssertionError("pytmx read a file itself")

    monkeypatch.setattr(ElementTree, "parse", no_parse)
    reads = _count_reads(monkeypatch)
    loader.load_board_tmx(DUCK_DIR / "harbour.tmx")
    assert reads == [str(DUCK_DIR / "harbour.tmx"), str(DUCK_DIR / loader.TILESET_FILE)]


def test_the_limits_leave_the_shipped_boards_a_wide_margin():
    """MAX_BOARD_SIDE (64) is about five times the largest shipped map (13 x 12), and the
    byte limits over fifty times the largest shipped file: honest boards fit, a 999 x 999
    map or a zlib bomb does not."""
    from game.boards import MAX_DATA_BYTES

    for path in DUCK_DIR.glob("*.tmx"):
        root = loader._board_xml(path)
        assert int(root.get("width")) * 4 <= loader.MAX_BOARD_SIDE
        assert int(root.get("height")) * 4 <= loader.MAX_BOARD_SIDE
        assert path.stat().st_size * 50 <= loader.MAX_TMX_BYTES
    for path in DUCK_DIR.parent.glob("*/*.yaml"):
        assert path.stat().st_size * 10 <= MAX_DATA_BYTES


def test_yml_and_upper_case_endings_are_boards_in_the_lobby():
    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    (folder / "Pond.TMX").write_bytes((DUCK_DIR / "duck-pond.tmx").read_bytes())
    (folder / "duck.tsx").write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    (folder / "sink.yml").write_bytes((DUCK_DIR / "sink.yaml").read_bytes())
    (folder / "SPA.YAML").write_bytes((DUCK_DIR / "spa.yaml").read_bytes())
    (folder / "notes.txt").write_text("not a board", encoding="utf-8")
    scan = loader.scan_boards()
    mine = [Path(b["stem"]).name for b in scan.boards if not b["shipped"]]
    assert mine == ["Pond.TMX", "SPA.YAML", "sink.yml"] and scan.problems == ()
    assert loader.lobby_choices("board")[-3:] == [str(folder / name) for name in mine]
    assert loader.lobby_label("board", str(folder / "sink.yml"), "en") == "Kitchen Sink (beginner)"


def test_an_unreadable_boards_folder_is_one_problem_line(monkeypatch):
    """Guards: a boards folder that cannot be listed (chmod 000) quit the app."""
    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    (folder / "sink.yaml").write_bytes((DUCK_DIR / "sink.yaml").read_bytes())
    real = Path.iterdir

    def refused(self):
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    with monkeypatch.context() as patch:
        patch.setattr(Path, "iterdir", refused)
        scan = loader.scan_boards()
    assert scan.problems == (f"{folder}: the folder cannot be read (Permission denied)",)
    assert all(b["shipped"] for b in scan.boards) and len(scan.boards) >= 9
    folder.rename(folder.with_name("elsewhere"))
    folder.write_text("a file where the folder should be", encoding="utf-8")
    assert loader.scan_boards().problems == (f"{folder}: not a folder",)


def test_a_folder_without_permission_is_one_problem_line():
    import os

    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("needs a POSIX user that permissions apply to (not root)")
    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    folder.chmod(0)
    try:
        assert loader.scan_boards().problems == (
            f"{folder}: the folder cannot be read (Permission denied)",
        )
    finally:
        folder.chmod(0o755)


def test_boards_failing_ddg_42_are_listed_as_broken_with_their_file_name():
    """Guards: a board without a drain or with too few starts was offered, and Start
    failed with ``options.board.hexes`` and no file name. Since issue #41 (DDG-42: "start
    spaces for the number of ducks the board is for") a board with 2 start spaces is a
    board for 2 players, listed with how many it takes; one with a single start can take
    no race and stays broken."""
    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    for name in ("board-no-drain.yaml", "tmx-two-starts.tmx", "duck.tsx"):
        (folder / name).write_bytes((CORPUS / name).read_bytes())
    two = (CORPUS / "tmx-two-starts.tmx").read_text(encoding="utf-8")
    assert two.count("1,1,2,0") == 1  # the second start of the two, made water
    write(folder, "tmx-one-start.tmx", two.replace("1,1,2,0", "1,1,1,0"))
    sink = (DUCK_DIR / "sink.yaml").read_text(encoding="utf-8")
    write(folder, "sink.yaml", sink)
    write(folder, "dry.yaml", sink.replace("{tile: 14, side: B", "{tile: 14, side: A"))
    scan = loader.scan_boards()
    mine = [(Path(b["stem"]).name, b["players"]) for b in scan.boards if not b["shipped"]]
    assert mine == [("sink.yaml", 6), ("tmx-two-starts.tmx", 2)]
    assert scan.problems == (
        (f"{folder / 'board-no-drain.yaml'}: hexes: the board has 0 drains; it needs exactly one"),
        (
            f"{folder / 'dry.yaml'}: hexes: the board has no red buoy (and 2 more: python -m "
            "game check-board lists them)"
        ),
        (
            f"{folder / 'tmx-one-start.tmx'}: hexes: the board has 1 start spaces; 2 ducks need "
            "at least 2"
        ),
    )
    with pytest.raises(DataFileError, match="board-no-drain.yaml: hexes: the board has 0"):
        loader.prepare_options({"board": str(folder / "board-no-drain.yaml")})


def test_a_scan_reads_a_board_once_and_again_only_when_it_or_its_tileset_changes(monkeypatch):
    import os

    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    (folder / "pond.tmx").write_bytes((DUCK_DIR / "duck-pond.tmx").read_bytes())
    (folder / "duck.tsx").write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    (folder / "sink.yaml").write_bytes((DUCK_DIR / "sink.yaml").read_bytes())
    first = loader.scan_boards()
    reads = _count_reads(monkeypatch)
    assert loader.scan_boards() == first and reads == []
    text = (folder / "sink.yaml").read_text(encoding="utf-8")
    (folder / "sink.yaml").write_text(text.replace("Kitchen Sink", "Scullery"), encoding="utf-8")
    assert "Scullery" in [b["name"] for b in loader.scan_boards().boards]
    assert reads == [str(folder / "sink.yaml"), str(loader.TILES_FILE)]
    reads.clear()
    tileset = folder / "duck.tsx"
    stamp = tileset.stat().st_mtime_ns + 10**9
    os.utime(tileset, ns=(stamp, stamp))  # the map's tileset changed: map read again
    loader.scan_boards()
    assert reads == [str(folder / "pond.tmx"), str(tileset)]


def test_lobby_choices_and_labels_touch_no_file_after_a_scan(monkeypatch):
    loader.scan_boards()
    reads = _count_reads(monkeypatch)

    def no_listing(self):
        raise AssertionError("a folder was listed")

    monkeypatch.setattr(Path, "iterdir", no_listing)
    for _ in range(50):  # the lobby's redraws and option clicks
        choices = loader.lobby_choices("board")
        labels = [loader.lobby_label("board", stem, "ja") for stem in choices]
    assert reads == [] and choices[0] == "bathtub" and all(labels)
    assert loader.latest_scan().boards[0]["stem"] == "bathtub"


def test_scans_from_several_threads_agree():
    import threading

    folder = loader.user_boards_dir()
    folder.mkdir(parents=True)
    for name in ("sink.yaml", "spa.yaml"):
        (folder / name).write_bytes((DUCK_DIR / name).read_bytes())
    (folder / "bomb.yaml").write_bytes((CORPUS / "yaml-alias-bomb.yaml").read_bytes())
    results, errors = [], []

    def scan():
        try:
            results.append(loader.scan_boards())
        except Exception as exc:  # noqa: BLE001 - the test reports any escape
            errors.append(exc)

    threads = [threading.Thread(target=scan) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors and len(results) == 6 and all(r == results[0] for r in results)
    assert len(results[0].problems) == 1 and "bomb.yaml" in results[0].problems[0]


def test_check_board_refuses_hostile_files_in_one_line_and_takes_the_largest(tmp_path, capsys):
    from tests.corpus.boards.corpus import largest_board

    for name in ("tmx-999x999-header.tmx", "tmx-zlib-bomb.tmx", "yaml-alias-bomb.yaml"):
        assert main(["check-board", str(CORPUS / name)]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith(f"{CORPUS / name}: ")
    (tmp_path / loader.TILESET_FILE).write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    big = write(tmp_path, "largest.tmx", largest_board(loader.MAX_BOARD_SIDE))
    assert main(["check-board", str(big)]) == 0
    assert "4096 hexes" in capsys.readouterr().out


def test_ddg2_a_board_of_box_tiles_keeps_which_tile_and_face_lies_where_for_its_picture():
    """DDG-2: a board is built from the box's 16 double-sided tiles of 7 hexes. The YAML
    board and its Tiled twin both say which tile and face lies where (for the table's
    seams and labels, never for a rule), and the compiled board keeps them."""
    data = loader.load_board_yaml(DUCK_DIR / "bathtub.yaml")
    assert [t[:2] for t in data["tiles"]] == [[n, "B" if n == 2 else "A"] for n in range(1, 8)]
    board = board_from_data(data)
    assert len(board.tiles) == 7 and board.to_data() == data
    for _number, _side, q, r in board.tiles:  # a centre and its six neighbours on the board
        assert (q, r) in board.index
        assert sum((q + dq, r + dr) in board.index for dq, dr in DIRECTIONS) == 6
    assert loader.load_board_tmx(DUCK_DIR / "bathtub.tmx")["tiles"] == data["tiles"]


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("17A 3,3", r"'17A 3,3' is not a tile"),
        ("1C 3,3", r"'1C 3,3' is not a tile"),
        ("1A 3;3", r"'1A 3' is not a tile"),
        ("1A 3,3; " * 60, r"must be a short text"),
        ("1A 30,30", r"tiles\[0\]: its centre .* is not on the board"),
    ],
)
def test_a_broken_tiles_property_of_a_tiled_board_names_the_file_and_the_place(
    tmp_path, value, problem
):
    text = loader.board_to_tmx(loader.load_board_yaml(DUCK_DIR / "bathtub.yaml"))
    start = text.index('<property name="tiles" value="') + len('<property name="tiles" value="')
    end = text.index('"', start)
    (tmp_path / loader.TILESET_FILE).write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    path = write(tmp_path, "broken.tmx", text[:start] + value + text[end:])
    with pytest.raises(DataFileError, match=problem) as caught:
        loader.load_board_tmx(path)
    assert "broken.tmx" in str(caught.value)


def test_board_data_without_tiles_still_compiles_and_a_bad_tile_entry_is_refused():
    data = loader.load_board_yaml(DUCK_DIR / "bathtub.yaml")
    plain = {k: v for k, v in data.items() if k != "tiles"}
    assert board_from_data(plain).tiles == ()
    with pytest.raises(RulesDataError, match=r"tiles\[0\]: must be \[number 1-16"):
        board_from_data({**plain, "tiles": [[0, "A", 0, 0]]})
