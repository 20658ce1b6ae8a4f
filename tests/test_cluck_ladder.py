"""The amidakuji trace (CP-6) as a pure function, and the table's preview built on it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.boards.cluck import prepare_options
from game.rules import cluck
from game.rules.cluck import Band, preview, trace

TILES = prepare_options({})["tiles"]
RUNG_SETS = [(0,), (1,), (2,), (3,), (0, 2), (0, 3), (1, 3)]


def test_cp_6_hand_built_ladder_traced_point_by_point():
    rows = [
        (Band((0, 2), 1, False), True),  # row 1: rungs 0|1 and 2|3, hole below on 1
        (Band((1,), 3, True), True),  # row 2: rung 1|2, hole above on 3
        None,  # row 3: face down, passed straight
        (Band((0, 3), 4, False), False),  # row 4: rungs 0|1 and 3|4, an empty hole
        (Band((3,), 2, True), True),  # row 5: rung 3|4, hole above on 2
    ]
    before = list(rows)
    got = trace({"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}, rows)
    assert rows == before
    assert got["A"].points == ((0, 2), (0, 6), (1, 6), (1, 10), (2, 10), (2, 26))
    assert got["A"].collected == (1, 5) and got["A"].end == 2
    assert got["B"].points == ((1, 2), (1, 6), (0, 6), (0, 18), (1, 18), (1, 26))
    assert got["B"].collected == () and got["B"].end == 1
    assert got["C"].points == ((2, 2), (2, 6), (3, 6), (3, 18), (4, 18), (4, 22), (3, 22), (3, 26))
    assert got["C"].collected == (2,) and got["C"].end == 3
    assert got["D"].points == ((3, 2), (3, 6), (2, 6), (2, 10), (1, 10), (1, 18), (0, 18), (0, 26))
    assert got["D"].collected == () and got["D"].end == 0
    assert got["E"].points == ((4, 2), (4, 18), (3, 18), (3, 22), (4, 22), (4, 26))
    assert got["E"].collected == () and got["E"].end == 4
    assert got["E"].start == 4


def test_a_chicken_on_a_ladder_without_rungs_goes_straight_down():
    got = trace({0: 2}, [None, None])
    assert got[0].points == ((2, 2), (2, 14)) and got[0].end == 2


bands = st.builds(Band, st.sampled_from(RUNG_SETS), st.integers(0, 4), st.booleans())
ladder_rows = st.lists(st.one_of(st.none(), st.tuples(bands, st.booleans())), max_size=12)


@settings(max_examples=300, deadline=None)
@given(rows=ladder_rows, columns=st.sets(st.integers(0, 4), min_size=1, max_size=5))
def test_cp_6_the_trace_is_always_a_permutation_of_the_chickens_columns(rows, columns):
    everyone = trace({c: c for c in range(5)}, rows)
    assert sorted(t.end for t in everyone.values()) == [0, 1, 2, 3, 4]
    starts = {f"c{c}": c for c in columns}
    got = trace(starts, rows)
    assert len({t.end for t in got.values()}) == len(columns)  # no two share a hole
    for key, t in got.items():
        assert t == everyone[starts[key]]  # chickens never meet
        column = t.start
        for entry in rows:
            if entry is not None:
                column = entry[0].exits[column]
        assert t.end == column
        goal_y = 4 * (len(rows) + 1) + 2
        assert t.points[0] == (t.start, 2) and t.points[-1] == (t.end, goal_y)
        for (c1, y1), (c2, y2) in zip(t.points, t.points[1:]):
            assert (c1 == c2 and y2 > y1) or (y1 == y2 and abs(c1 - c2) == 1)
    # With all five lines in use, every chick is collected by exactly one chicken.
    collected = [r for t in everyone.values() for r in t.collected]
    assert sorted(collected) == [i + 1 for i, e in enumerate(rows) if e and e[1]]


@settings(max_examples=200, deadline=None)
@given(band=bands)
def test_cp_2_turning_twice_gives_the_tile_back_and_mirrors_its_moves(band):
    turned = band.turned()
    assert turned.turned() == band
    assert all(turned.exits[4 - c] == 4 - band.exits[c] for c in range(5))


def _round_in_progress():
    s = cluck.new_game(3, 5, {"tiles": TILES, "start_player": 0})
    for p, text in ((0, "hole 0"), (1, "hole 2"), (2, "hole 4")):
        s.apply_text(p, text)
    s.apply(0, s.legal_actions(0)[0])
    return s


def test_preview_shows_where_each_chicken_would_end_and_is_pure():
    s = _round_in_progress()
    tile = s.hands[1][0]
    before = s.to_dict()
    shown = preview(s, 1, tile, True)
    assert s.to_dict() == before
    rows = s.ladder_rows() + [(s.tiles.band(tile, True), s.supply > 0), None]
    expected = trace({0: 0, 1: 2, 2: 4}, rows)
    nests = s.tiles.nest[s.nest_stack[0]].nests
    assert {p: v.trace for p, v in shown.items()} == expected
    assert {p: v.nest for p, v in shown.items()} == {p: t.end in nests for p, t in expected.items()}
    assert shown[0].trace.points[-1][1] == 4 * (len(s.ladder) + 3) + 2  # the nest row


def test_preview_uses_only_what_the_player_may_see():
    s = _round_in_progress()
    tile = s.hands[1][0]
    full = preview(s, 1, tile, False)
    assert preview(s.view(1), 1, tile, False) == full
    for hidden in s.tiles.road_ids:  # whatever lies face down
        s.hidden = (hidden, True)
        assert preview(s, 1, tile, False) == full
    assert preview(s, 1)[0].trace == preview(s.view(2), 2)[0].trace
    with pytest.raises(ValueError):
        preview(s, 1, s.hands[2][0], False)  # not its tile
