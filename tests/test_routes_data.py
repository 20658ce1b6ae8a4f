"""Eight Routes: the scoring table is data (data/boards/routes/scoring.yaml), loaded with
yaml.safe_load and checked; a bad table names the file, the place and the problem."""

import copy

import pytest
import yaml

from game.boards import DataFileError, prepare_options
from game.boards.routes import ROUTES_DIR, load_table
from game.boards.routes import prepare_options as routes_prepare
from game.rules import routes
from game.rules.protocol import RulesDataError

SHIPPED = ROUTES_DIR / "scoring.yaml"


def raw():
    return yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))


def test_the_shipped_table_loads_and_holds_the_spec_decisions():
    table = load_table(SHIPPED)
    assert table["dice_per_player"] == 4 and table["rounds_per_player"] == 2
    assert table["ranks_counted"] == {"3": 3, "4": 4, "5": 5}
    r = table["routes"]
    assert r["1"]["spaces"] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        12,
        14,
        16,
        18,
        20,
        23,
        26,
        29,
        32,
        36,
    ]
    assert r["2"] == {"ranks": [12, 9, 6, 3, 1], "min_space": 5}
    assert r["3"]["ranks"] == [10, 6, 3, 1] and r["4"]["ranks"] == [12, 6, 2]
    assert r["5"]["ranks"] == [12, 5] and r["6"]["ranks"] == [16]
    assert r["7"]["spaces"] == [
        -7,
        -6,
        -5,
        -4,
        -3,
        -2,
        -1,
        0,
        1,
        2,
        4,
        6,
        8,
        10,
        13,
        16,
        19,
        22,
        26,
        30,
    ]
    assert r["8"] == {"ranks": [18, 9, 3], "min_space": 10}


def test_prepare_options_passes_the_table_in_options_and_a_save_is_self_contained():
    options = prepare_options("routes", {})
    assert options["scoring"] == load_table(SHIPPED)
    state = routes.new_game(4, 5, options)
    again = prepare_options("routes", state.options)  # a saved game's options, checked again
    assert again["scoring"] == options["scoring"]
    assert routes.RoutesState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_an_edited_table_changes_the_game(tmp_path):
    data = raw()
    data["dice_per_player"] = 3
    data["routes"][6]["ranks"] = [20]
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    options = routes_prepare({"scoring": str(path)})
    state = routes.new_game(3, 1, options)
    assert state.total_dice == 9 and sum(state.lid) == 9
    assert state.scorer.ranks[5] == (20,)


def _bad(tmp_path, edit):
    data = raw()
    edit(data)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_table(path)
    assert info.value.path == str(path)
    return info.value


@pytest.mark.parametrize(
    "edit,place,problem",
    [
        (lambda d: d["routes"][2].update(ranks=[12, 9, 6, 3]), "routes.2.ranks", "5 ranks"),
        (lambda d: d["routes"][6].update(ranks=[16, 2]), "routes.6.ranks", "1 rank"),
        (
            lambda d: d["routes"][1].update(spaces=list(range(1, 20))),
            "routes.1.spaces",
            "20 values",
        ),
        (lambda d: d["routes"][3].update(ranks=[10, "six", 3, 1]), "routes.3.ranks[1]", "whole"),
        (lambda d: d["routes"][4].update(ranks=[12, 6.5, 2]), "routes.4.ranks[1]", "whole"),
        (lambda d: d["routes"][8].update(ranks=[18, 9, 3, 2, 1, 1]), "routes.8.ranks", "1 to 5"),
        (lambda d: d["routes"][5].update(ranks=[5, 12]), "routes.5.ranks[1]", "lower rank"),
        (lambda d: d["routes"].pop(7), "routes", "missing routes: 7"),
        (lambda d: d["routes"].update({9: {"ranks": [1]}}), "routes.9", "unknown route"),
        (lambda d: d["routes"][2].update(spaces=[1] * 20), "routes.2", "by rank"),
        (lambda d: d["routes"][7].update(ranks=[1]), "routes.7", "by position"),
        (lambda d: d["routes"][1].update(spaces=[1] * 20), "routes.1.spaces", "differ"),
        (lambda d: d["routes"][8].update(min_space=21), "routes.8.min_space", "at most 20"),
        (lambda d: d.update(dice_per_player=0), "dice_per_player", "at least 1"),
        (lambda d: d.update(rounds_per_player=True), "rounds_per_player", "whole"),
        (lambda d: d.pop("ranks_counted"), "ranks_counted", "missing"),
        (lambda d: d["ranks_counted"].pop(4), "ranks_counted", "missing player counts: 4"),
        (lambda d: d.update(extra=1), "extra", "unknown"),
    ],
)
def test_a_bad_table_is_a_data_file_error_naming_place_and_problem(tmp_path, edit, place, problem):
    error = _bad(tmp_path, edit)
    assert error.place == place and problem in error.problem


def test_not_yaml_or_missing_file(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("routes: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid YAML"):
        load_table(path)
    with pytest.raises(DataFileError, match="cannot be read"):
        load_table(tmp_path / "none.yaml")


def test_the_rules_check_a_table_handed_to_them_directly():
    table = copy.deepcopy(prepare_options("routes", {})["scoring"])
    table["routes"]["3"]["ranks"] = [1]
    with pytest.raises(RulesDataError) as info:
        routes.new_game(4, 1, {"scoring": table})
    assert info.value.place == "routes.3.ranks"
