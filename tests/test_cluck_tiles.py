"""Cluck-peep! tile data (CP-1, CP-2): the YAML loader and the rules' checks of the data."""

import copy

import pytest
import yaml

from game.boards import DataFileError
from game.boards.cluck import TILES_DIR, load_tiles, prepare_options
from game.rules import cluck
from game.rules.cluck import tile_set_from_data
from game.rules.protocol import RulesDataError

SHIPPED = TILES_DIR / "tiles.yaml"


def test_shipped_tiles_load_as_plain_data_and_are_what_the_rules_keep():
    data = load_tiles(SHIPPED)
    assert len(data["road"]) == 14 and len(data["nest"]) == 5 and data["start"] == {"id": "START"}
    assert data == tile_set_from_data(data).to_data()
    state = cluck.new_game(2, 1, prepare_options({}))
    assert state.options["tiles"] == data  # a save carries its tiles


def test_prepare_options_turns_a_variant_into_the_two_booleans():
    assert {k: v for k, v in prepare_options({"variant": "both"}).items() if k != "tiles"} == {
        "long_road": True,
        "runaway": True,
    }
    assert prepare_options({"variant": "long", "runaway": True})["runaway"] is True
    with pytest.raises(ValueError):
        prepare_options({"variant": "short"})
    with pytest.raises(DataFileError):
        prepare_options({"tiles": "../secrets"})
    with pytest.raises(DataFileError):
        prepare_options({"tiles": "no_such_set"})


def _broken(tmp_path, change):
    data = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "tiles.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_tiles(path)
    assert str(path) in str(info.value)
    return info.value.place, info.value.problem


def test_cp_2_bad_tile_data_names_the_file_the_place_and_the_problem(tmp_path):
    def touching(d):
        d["road"][2]["rungs"] = [1, 2]

    assert _broken(tmp_path, touching)[0] == "road[2].rungs"

    def three_rungs(d):
        d["road"][0]["rungs"] = [0, 2, 3]

    assert _broken(tmp_path, three_rungs)[0] == "road[0].rungs"

    def off_the_edge(d):
        d["road"][4]["rungs"] = [4]

    assert _broken(tmp_path, off_the_edge)[0] == "road[4].rungs[0]"

    def bad_hole(d):
        d["road"][1]["hole"]["column"] = 5

    assert _broken(tmp_path, bad_hole)[0] == "road[1].hole.column"

    def bad_side(d):
        d["road"][1]["hole"]["side"] = "left"

    assert _broken(tmp_path, bad_side)[0] == "road[1].hole.side"

    def twin(d):  # tile 1 turned upside down plays exactly like tile 1
        d["road"][5] = {"id": 6, "rungs": [3], "hole": {"column": 4, "side": "below"}}

    place, problem = _broken(tmp_path, twin)
    assert place == "road[5]" and "tile 1" in problem

    def same_id(d):
        d["road"][3]["id"] = 1

    assert _broken(tmp_path, same_id)[0] == "road[3].id"

    def thirteen(d):
        d["road"].pop()

    assert _broken(tmp_path, thirteen)[0] == "road"

    def one_nest(d):
        d["nest"][0]["nests"] = [2]

    assert _broken(tmp_path, one_nest)[0] == "nest[0].nests"

    def same_nests(d):
        d["nest"][1]["nests"] = list(d["nest"][0]["nests"])

    assert _broken(tmp_path, same_nests)[0] == "nest[1].nests"

    def extra_key(d):
        d["road"][0]["colour"] = "red"

    assert _broken(tmp_path, extra_key)[0] == "road[0].colour"

    def no_start(d):
        del d["start"]

    assert _broken(tmp_path, no_start)[0] == "start"


def test_unreadable_or_invalid_yaml_is_a_data_file_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("road: [\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid YAML"):
        load_tiles(bad)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_tiles(tmp_path / "missing.yaml")
    bad.write_text("- just a list\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="must be a mapping"):
        load_tiles(bad)


def test_the_rules_check_tiles_passed_in_options_themselves():
    data = copy.deepcopy(load_tiles(SHIPPED))
    data["road"][0]["rungs"] = [True]
    with pytest.raises(RulesDataError) as info:
        cluck.new_game(2, 1, {"tiles": data})
    assert info.value.place == "road[0].rungs[0]"
