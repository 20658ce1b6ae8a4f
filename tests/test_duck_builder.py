"""Issue #41: a Duck! Duck! Go! board built from the box's 16 tiles, headless: placed
tiles -> the rules' board data, the live DDG-42 check with its places and the players a
board takes, and "Surprise me" boards that the rules' own validator passes."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.boards import duck as loader
from game.rules.duck.builder import (
    SIZES,
    Placed,
    assemble,
    check_data,
    live_check,
    surprise,
    touching,
)
from game.rules.duck.data import MAX_DUCKS, board_from_data, board_problems

FACES = loader.load_tiles()


def bathtub() -> list[Placed]:
    """The shipped Bathtub as placed tiles (data/boards/duck/bathtub.yaml)."""
    return [
        Placed(1, "A", 0, 0, 0),
        Placed(2, "B", 2, 1, 0),
        Placed(3, "A", -3, 2, 0),
        Placed(4, "A", 1, -3, 0),
        Placed(5, "A", -1, 3, 0),
        Placed(6, "A", -2, -1, 1),
        Placed(7, "A", 3, -2, 0),
    ]


def test_issue_41_placed_tiles_give_the_shipped_boards_rules_data():
    """issue #41: the Bathtub laid tile by tile is the board its YAML file loads."""
    shipped = loader.load_board(loader.DUCK_DIR / "bathtub.yaml")
    built = assemble(bathtub(), FACES, "Bathtub", "バスタブ", "beginner")
    assert built["hexes"] == shipped["hexes"]
    assert built["tiles"] == shipped["tiles"]
    check = live_check(bathtub(), FACES, 6)
    assert check.ok and check.players == MAX_DUCKS


def test_issue_41_a_flipped_or_rotated_tile_is_judged_by_the_rules_own_validator():
    """issue #41: flipping the drain tile (1A -> 1B) leaves no drain; the live check and
    board_problems agree, and turning a tile moves its hexes."""
    tiles = bathtub()
    tiles[0] = tiles[0].flipped()
    check = live_check(tiles, FACES, 4)
    assert [p.code for p in check.problems] == ["drains"]
    assert check.problems[0].count == 0 and check.players == 0
    rules = board_problems(board_from_data(assemble(tiles, FACES)), 4)
    assert rules and "drains" in rules[0][1]
    turned = tiles[1].turned(1)
    assert turned.rotation == 1 and turned.hexes()[1] != tiles[1].hexes()[1]
    assert turned.hexes()[0] == tiles[1].hexes()[0]  # the centre stays
    assert tiles[1].turned(-1).rotation == 5


def test_issue_41_too_few_start_spaces_says_how_many_more_for_how_many_ducks():
    """issue #41: "needs 2 more start spaces for 6 ducks"; the players it takes."""
    tiles = [Placed(1, "A", 0, 0), Placed(14, "B", 2, 1), Placed(3, "B", -3, 2)]
    check = live_check(tiles, FACES, 6)
    assert [(p.code, p.count, p.ducks) for p in check.problems] == [("starts", 3, 6)]
    assert check.players == 3
    assert live_check(tiles, FACES, 3).ok


def test_issue_41_an_unreachable_buoy_is_named_with_its_hexes_and_the_starts():
    """issue #41: a buoy cut off behind the drain is outlined with the start spaces it
    cannot be reached from (the rules never walk through the drain, DDG-13)."""
    hexes = [
        [0, 0, "start"],
        [1, 0, "start"],
        [2, 0, "buoy", "red"],
        [3, 0, "buoy", "yellow"],
        [4, 0, "drain"],
        [5, 0, "buoy", "green"],
    ]
    check = check_data({"name": "x", "name_ja": "x", "level": "beginner", "hexes": hexes}, 2)
    (problem,) = check.problems
    assert problem.code == "unreachable" and problem.colour == "green"
    assert problem.hexes == ((5, 0), (0, 0), (1, 0)) and problem.count == 2
    assert check.players == 0
    rules = board_problems(
        board_from_data({"name": "x", "name_ja": "x", "level": "beginner", "hexes": hexes}), 2
    )
    assert [problem for _, problem in rules] == ["cannot reach green"] * 2


def test_issue_41_overlapping_tiles_are_a_problem_at_their_hexes():
    """issue #41: a tile dropped onto another is refused where they overlap."""
    check = live_check([Placed(1, "A", 0, 0), Placed(2, "A", 1, 0)], FACES, 2)
    assert check.problems[0].code == "overlap" and (1, 0) in check.problems[0].hexes
    with pytest.raises(ValueError, match="overlap"):
        assemble([Placed(1, "A", 0, 0), Placed(2, "A", 1, 0)], FACES)


def test_issue_41_tiles_snap_beside_the_others_never_onto_them():
    """issue #41: every snap spot lies beside the board without overlapping it."""
    tiles = bathtub()
    taken = {h for t in tiles for h in t.hexes()}
    spots = touching(tiles)
    assert spots
    for q, r in spots:
        flower = set(Placed(8, "A", q, r).hexes())
        assert not flower & taken
        assert any(
            (a + dq, b + dr) in taken
            for a, b in flower
            for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        )
    assert touching([]) == {(0, 0)}


def test_issue_41_surprise_is_the_same_board_for_the_same_seed():
    """issue #41: "Surprise me" is reproducible from its seed, size and ducks."""
    a, b = surprise(FACES, 4, 1234, "medium"), surprise(FACES, 4, 1234, "medium")
    assert a == b and len(a.placed) == SIZES["medium"][0]
    assert surprise(FACES, 4, 1235, "medium").placed != a.placed
    with pytest.raises(ValueError, match="size"):
        surprise(FACES, 4, 1, "huge")
    with pytest.raises(ValueError, match="ducks"):
        surprise(FACES, 7, 1, "small")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    ducks=st.integers(min_value=2, max_value=MAX_DUCKS),
    size=st.sampled_from(sorted(SIZES)),
)
def test_issue_41_surprise_over_many_seeds_passes_the_rules_validator(seed, ducks, size):
    """issue #41: every "Surprise me" board passes DDG-42 as the rules judge it for its
    ducks, and as check-board's loader does once written as a YAML board."""
    board = surprise(FACES, ducks, seed, size)
    data = assemble(board.placed, FACES, level=SIZES[size][1])
    assert board_problems(board_from_data(data), ducks) == []
    assert len({t.tile for t in board.placed}) == len(board.placed)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 16),
            st.sampled_from("AB"),
            st.integers(0, 5),
            st.integers(0, 10_000),
        ),
        min_size=1,
        max_size=16,
        unique_by=lambda t: t[0],
    ),
    st.integers(2, MAX_DUCKS),
)
def test_issue_41_the_live_check_passes_exactly_the_boards_the_rules_pass(tiles, ducks):
    """issue #41: on any board laid by snapping tiles, the live check passes a board if
    and only if the rules' board_problems does."""
    placed: list[Placed] = []
    for tile, side, rotation, pick in tiles:
        spots = sorted(touching(placed))
        q, r = spots[pick % len(spots)]
        placed.append(Placed(tile, side, q, r, rotation))
    check = live_check(placed, FACES, ducks)
    rules = board_problems(board_from_data(assemble(placed, FACES)), ducks)
    assert check.ok == (rules == [])
