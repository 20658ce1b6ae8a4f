"""Duck! Duck! Go! data: tiles, boards (YAML and Tiled TMX), the deck and the hound board
as the loader reads them (DDG-2, DDG-40..43), and every way a file can be wrong."""
from __future__ import annotations

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
        assert len(board.starts) >= 7          # 6 ducks and a free space for a knocked one
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
            return {(col - 1, row), (col + 1, row), (col + dx[0], row - 1),
                    (col + dx[1], row - 1), (col + dx[0], row + 1), (col + dx[1], row + 1)}
        shifted = (col % 2 == 1) == (index == "odd")
        dy = (0, 1) if shifted else (-1, 0)
        return {(col, row - 1), (col, row + 1), (col - 1, row + dy[0]),
                (col - 1, row + dy[1]), (col + 1, row + dy[0]), (col + 1, row + dy[1])}

    for col in range(4):
        for row in range(4):
            q, r = loader.offset_to_axial(col, row, axis, index)
            axial = {(q + dq, r + dr) for dq, dr in DIRECTIONS}
            tiled = {loader.offset_to_axial(c, rr, axis, index)
                     for c, rr in tiled_neighbours(col, row)}
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
    assert len(shifted["hexes"]) == len(data["hexes"])     # loads; a different shape


def test_tmx_problems_are_data_file_errors(tmp_path):
    (tmp_path / loader.TILESET_FILE).write_bytes((DUCK_DIR / loader.TILESET_FILE).read_bytes())
    good = (DUCK_DIR / "bathtub.tmx").read_text(encoding="utf-8")
    cases = {
        "orthogonal": (good.replace('orientation="hexagonal"', 'orientation="orthogonal"'),
                       "map.orientation"),
        "no level": (good.replace('name="level" value="beginner"', 'name="lvl" value="x"'),
                     "map.properties.level"),
        "bad gid": (good.replace("0,0,0,1,1,0,0,0", "0,0,0,9,1,0,0,0"), "kind"),
        "dtd": (good.replace("<map ", '<!DOCTYPE map [<!ENTITY a "b">]>\n<map ', 1), "unsafe"),
        "no tileset": (good.replace('source="duck.tsx"', 'source="missing.tsx"'), "tileset"),
        "two layers": (good.replace("</map>", '<layer id="2" name="x" width="1" height="1">'
                                    '<data encoding="csv">0</data></layer></map>'), "layers"),
        "stagger": (good.replace('staggeraxis="y"', 'staggeraxis="z"'), "staggeraxis"),
    }
    for name, (text, where) in cases.items():
        path = write(tmp_path, f"{name.replace(' ', '_')}.tmx", text)
        with pytest.raises(DataFileError, match=where) as info:
            loader.load_board_tmx(path)
        assert str(path) in str(info.value), name


# -- YAML problems --------------------------------------------------------------------------------
@pytest.mark.parametrize("text, place", [
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [\n", "line"),
    ("- 1\n- 2\n", "must be a mapping"),
    ("name: X\nname_ja: Y\nlevel: expert\ntiles: []\n", "level"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: []\n", "tiles"),
    ("name: X\nname_ja: Y\nlevel: beginner\ncolour: 1\ntiles: []\n", "colour"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 17, side: A, rotation: 0, "
     "position: [0, 0]}]\n", r"tiles\[0\]\.tile"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: C, rotation: 0, "
     "position: [0, 0]}]\n", r"tiles\[0\]\.side"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 6, "
     "position: [0, 0]}]\n", r"tiles\[0\]\.rotation"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: true, "
     "position: [0, 0]}]\n", r"tiles\[0\]\.rotation"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 0, "
     "position: [0, x]}]\n", r"tiles\[0\]\.position"),
    ("name: X\nname_ja: Y\nlevel: beginner\ntiles: [{tile: 1, side: A, rotation: 0}]\n",
     r"tiles\[0\]\.position: missing"),
    ("name: 3\nname_ja: Y\nlevel: beginner\ntiles: []\n", "name"),
])
def test_yaml_board_problems_name_file_and_place(tmp_path, text, place):
    path = write(tmp_path, "bad.yaml", text)
    with pytest.raises(DataFileError, match=place) as info:
        loader.load_board_yaml(path)
    assert info.value.path == str(path)


def test_tiles_problems_name_file_and_place(tmp_path):
    good = (DUCK_DIR / "tiles.yaml").read_text(encoding="utf-8")
    cases = [
        (good.replace("  16:\n", "  17:\n"), "tiles.17"),
        (good.replace("{centre: drain, sides: [water", "{centre: lava, sides: [water", 1),
         "tiles.1.A.centre"),
        (good.replace("B: {centre: buoy red", "B: {centre: buoy blue", 1), "tiles.2.B.centre"),
        (good.replace("sides: [water, water, water, water, water, water]}",
                      "sides: [water, water]}", 1), "tiles.1.A.sides"),
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
    bands = {1: range(1, 9), 2: range(9, 21), 3: range(21, 37), 4: range(37, 47),
             5: range(47, 55)}
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
    assert cards[36] == (((0, 1, -1), (1, -1)),)       # F, L, R; face left or right
    assert cards[42] == (((0, 1), (-1,)), ((0, -1), (1,)))   # mirror routes, one facing each
    (steps, _), = cards[52]
    assert len(steps) == 5 and steps.count(0) >= 4      # long and straight-ish


def test_ddg_41_deck_problems(tmp_path):
    good = (DUCK_DIR / "deck.yaml").read_text(encoding="utf-8")
    cases = [
        (good.replace("{number: 54,", "{number: 53,"), "listed twice"),
        (good.replace("steps: F, facings: F L R}", "steps: F X, facings: F L R}", 1),
         r"cards\[0\]\.routes\[0\]\.steps"),
        (good.replace("steps: F, facings: F L R}", "steps: B, facings: F L R}", 1),
         r"cards\[0\]\.routes\[0\]\.steps"),
        (good.replace("{number: 1, routes: [{steps: F, facings: F L R}]}",
                      "{number: 1, routes: []}"), r"cards\[0\]\.routes"),
    ]
    for text, place in cases:
        path = write(tmp_path, "deck.yaml", text)
        with pytest.raises(DataFileError, match=place):
            loader.load_deck(path)


def test_ddg_43_hound_board_patterns_as_data(tmp_path):
    hound = loader.load_hound()
    assert [p["name_en"] for p in hound["patterns"]] == ["Dash", "Veer left", "Veer right",
                                                        "Sniff about"]
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
    text = text.replace("{tile: 14, side: B", "{tile: 14, side: A")   # no buoys at all
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
    assert loader.prepare_options({"board": "harbour.tmx"})["board"] == \
        loader.prepare_options({"board": "harbour"})["board"]
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
        duck.new_game(2, 1, {**options, "board": {**options["board"],
                                                  "hexes": [[0, 0, "lava"]]}})
    with pytest.raises(RulesDataError, match="unknown option"):
        duck.new_game(2, 1, {**options, "turbo": True})
