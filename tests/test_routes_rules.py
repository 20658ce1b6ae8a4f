"""Eight Routes: one scenario per clause (ER-n of docs/rules/routes.md) and the seed
sheet's worked examples, verbatim."""

import copy

import pytest

from game.boards import prepare_options
from game.rules import routes
from game.rules.protocol import IllegalAction, NotationError, RulesDataError
from game.rules.routes.checks import leak_check
from game.rules.routes.events import (
    ChipTaken,
    ChipTurned,
    D6Rolled,
    DiceSorted,
    DiceTaken,
    DieChanged,
    MarkerBlocked,
    MarkerMoved,
    Rolled,
    RouteScored,
)

OPTS = prepare_options("routes", {})


def arrange(
    players=4, round=1, current=None, lid=None, markers=(), chips=None, seed=7, options=None
):
    """A state in ``round`` at the start of ``current``'s pick-up phase.

    ``markers``: (route, player, space) placed in that order (later = on top);
    ``chips``: per player a list of face-up flags (default: one face-up chip per round
    parented so far). Dice not in ``lid`` are held by the player before ``current``."""
    state = routes.new_game(players, seed, options or OPTS)
    state.round = round
    state.parent = (round - 1) % players
    state.current = (state.parent + 1) % players if current is None else current
    state.phase_index = (state.current - state.parent - 1) % players
    state.chips = [[] for _ in range(players)]
    for r in range(1, round + 1):
        state.chips[(r - 1) % players].append([r, 1])
    if chips is not None:
        state.chips = [[[i + 1, int(up)] for i, up in enumerate(mine)] for mine in chips]
    if lid is not None:
        assert sum(lid) <= state.total_dice
        state.lid = list(lid)
    state.held = [0] * players
    state.held[(state.current - 1) % players] = state.total_dice - sum(state.lid)
    for route, player, space in markers:
        state.clock += 1
        state.pos[route - 1][player] = space
        state.stamp[route - 1][player] = state.clock
    return state


def lid_of(**faces):
    """lid_of(f2=4, f1=1) -> dice per face 1-8."""
    return [faces.get(f"f{face}", 0) for face in range(1, 9)]


def moves(events):
    return [(e.player, e.route, e.frm, e.to) for e in events if isinstance(e, MarkerMoved)]


def kinds(events):
    return [e.kind for e in events]


def legal(state, player=None):
    return [str(a) for a in state.legal_actions(state.current if player is None else player)]


def play(state, *texts):
    events = []
    for text in texts:
        events += state.apply_text(state.current, text)
    return events


def finish_round(state):
    """Play the rest of the round with the first legal action (no 6s in these lids)."""
    events = []
    start = state.round
    while state.round == start and not state.is_over():
        events += state.apply(state.current, state.legal_actions(state.current)[0])
    return events


# -- the sheet's worked examples, verbatim -----------------------------------------------------
OYOTTO = 1


def test_sheet_example_round_4_route_3_action_then_a():
    """例) 4ラウンド目。オヨットさんは必須アクションAの前にルート3のマーカーを⑤から④に戻します。
    そして仕分け用フタの出目1の d8 を出目2に変えて「2」の仕分けマスに移し、必須アクションとして
    出目2の d8 を5個ピックアップし、マーカーをルート2の⑤に置きます。"""
    state = arrange(
        round=4, current=OYOTTO, lid=lid_of(f1=2, f2=4, f4=3, f8=2), markers=[(3, OYOTTO, 5)]
    )
    assert "C 1+" in legal(state)
    events = state.apply_text(OYOTTO, "C 1+")
    assert moves(events) == [(OYOTTO, 3, 5, 4)]
    changed = [e for e in events if isinstance(e, DieChanged)]
    assert changed == [DieChanged(1, 2, tuple(lid_of(f1=1, f2=5, f4=3, f8=2)), player=OYOTTO)]
    assert state.current == OYOTTO and not state.mandatory_done
    events = state.apply_text(OYOTTO, "A 2")
    taken = [e for e in events if isinstance(e, DiceTaken)]
    assert taken[0].face == 2 and taken[0].count == 5
    assert moves(events)[0] == (OYOTTO, 2, 0, 5)
    assert state.pos[1][OYOTTO] == 5 and state.pos[2][OYOTTO] == 4
    assert state.held[OYOTTO] == 5


def test_sheet_example_round_5_a_then_route_5_action():
    """例) 5ラウンド目。オヨットさんは必須アクションAで出目5の d8 を5個ピックアップし、ルート5の⑤に
    マーカーを置きました。その後ルート5のマーカーを③まで戻してルート2のマーカーを⑥に進めます。"""
    state = arrange(
        round=5,
        current=OYOTTO,
        lid=lid_of(f3=2, f5=5, f7=4),
        markers=[(3, OYOTTO, 4), (2, OYOTTO, 5)],
    )
    events = state.apply_text(OYOTTO, "A 5")
    assert moves(events) == [(OYOTTO, 5, 0, 5)]
    assert "D 2" in legal(state)
    events = state.apply_text(OYOTTO, "D 2")
    assert moves(events)[:2] == [(OYOTTO, 5, 5, 3), (OYOTTO, 2, 5, 6)]
    assert state.pos[4][OYOTTO] == 3 and state.pos[1][OYOTTO] == 6


# -- ER-1 components and setup ------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_er_1_players_dice_rounds_and_chips(players):
    state = routes.new_game(players, 3, OPTS)
    assert state.total_dice == 4 * players and sum(state.lid) == 4 * players
    assert state.total_rounds == 2 * players
    while not state.is_over():
        state.apply(state.current, state.legal_actions(state.current)[-1])
    assert [len(c) for c in state.chips] == [2] * players  # everybody was parent twice
    assert state.round_number == 2 * players


@pytest.mark.parametrize("players", [2, 6])
def test_er_1_three_to_five_players_only(players):
    with pytest.raises(RulesDataError):
        routes.new_game(players, 1, OPTS)


def test_er_1_rounds_option_overrides_the_table():
    state = routes.new_game(3, 1, dict(OPTS, rounds_per_player=1))
    assert state.total_rounds == 3
    with pytest.raises(RulesDataError):
        routes.new_game(3, 1, dict(OPTS, rounds_per_player=7))


def test_er_1_the_table_must_be_given():
    with pytest.raises(RulesDataError, match="scoring"):
        routes.new_game(4, 1)


# -- ER-10 the parent's roll and d6 ---------------------------------------------------------------
def test_er_10_parent_takes_a_chip_rolls_all_dice_and_sorts_them():
    state = routes.new_game(4, 11, OPTS)
    events = state.opening_events
    assert kinds(events) == ["round_start", "chip_taken", "roll", "dice_sorted", "phase_start"]
    roll, sorted_, chip = events[2], events[3], events[1]
    assert isinstance(roll, Rolled) and isinstance(sorted_, DiceSorted)
    faces = roll.faces
    assert len(faces) == 16 and all(1 <= f <= 8 for f in faces)
    assert list(sorted_.lid) == [faces.count(f) for f in range(1, 9)] == state.lid
    assert state.chips[0] == [[1, 1]] and chip == ChipTaken(1, player=0)


def _end_of_round_with_parent_route_4(space, next_parent_markers=()):
    # 4 players, round 1 (parent 0) at its last phase; player 1 is the next parent.
    state = arrange(
        round=1, current=0, lid=lid_of(f8=1), markers=[(4, 1, space), *next_parent_markers]
    )
    return state


@pytest.mark.parametrize("seed", range(12))
def test_er_10_d6_moves_the_marker_of_the_route_it_shows(seed):
    state = _end_of_round_with_parent_route_4(4)
    state.rng.seed(seed)
    before = [row[1] for row in state.pos]
    events = state.apply_text(0, "A 8")
    d6 = [e for e in events if isinstance(e, D6Rolled)]
    assert len(d6) == 1 and d6[0].player == 1
    face = d6[0].face
    assert 1 <= face <= 6 and d6[0].route == face
    after = [row[1] for row in state.pos]
    expected = list(before)
    expected[face - 1] += 1
    assert after == expected  # the route shown by the d6, not route 4 (unless it shows 4)
    move = [e for e in events if isinstance(e, MarkerMoved) and e.cause == "d6"]
    assert move and move[0].route == face
    # The d6 comes with the roll, before the first pick-up phase.
    assert kinds(events).index("d6_roll") < kinds(events).index("phase_start")


def test_er_10_d6_places_a_marker_on_space_1_where_there_is_none():
    for seed in range(40):
        state = _end_of_round_with_parent_route_4(4)
        state.rng.seed(seed)
        events = state.apply_text(0, "A 8")
        face = next(e.face for e in events if isinstance(e, D6Rolled))
        if face != 4:
            assert state.pos[face - 1][1] == 1
            assert (1, face, 0, 1) in moves(events)
            return
    pytest.fail("no seed gave a face other than 4")


def test_er_10_no_d6_below_space_4_or_for_other_players():
    state = _end_of_round_with_parent_route_4(3, next_parent_markers=[(4, 2, 9)])
    events = state.apply_text(0, "A 8")
    assert "d6_roll" not in kinds(events)


# -- ER-11 order of play ---------------------------------------------------------------------------
def test_er_11_phases_clockwise_from_left_of_parent_parent_last_then_parent_moves_left():
    state = routes.new_game(5, 4, OPTS)
    seen = []
    for _ in range(3):
        order = []
        parent = state.parent
        start = state.round
        while state.round == start:
            if not order or order[-1] != state.current:
                order.append(state.current)
            state.apply(state.current, state.legal_actions(state.current)[0])
        seen.append((parent, order))
    assert seen == [(0, [1, 2, 3, 4, 0]), (1, [2, 3, 4, 0, 1]), (2, [3, 4, 0, 1, 2])]


def test_er_11_after_the_set_rounds_the_game_is_scored():
    state = arrange(players=3, round=6, current=5 % 3, lid=lid_of(f1=1))
    assert state.current == state.parent == 2
    events = state.apply_text(2, "A 1")
    assert state.is_over() and kinds(events)[-9:] == ["route_scored"] * 8 + ["game_over"]
    assert [e.route for e in events if isinstance(e, RouteScored)] == list(range(1, 9))


# -- ER-12 the pick-up phase -------------------------------------------------------------------------
def test_er_12_a_takes_every_die_of_a_face_and_advances_by_their_number():
    state = arrange(lid=lid_of(f3=3, f7=2), markers=[(3, 1, 2)])
    events = state.apply_text(1, "A 3")
    assert state.lid == lid_of(f7=2) and state.held[1] == 3
    assert moves(events) == [(1, 3, 2, 5)]


def test_er_12_a_places_a_new_marker_on_the_space_of_the_count():
    state = arrange(lid=lid_of(f2=4, f7=2))
    assert moves(state.apply_text(1, "A 2")) == [(1, 2, 0, 4)]


def test_er_12_b_takes_one_die_and_advances_one():
    state = arrange(lid=lid_of(f2=4, f7=1))
    assert "B 2" in legal(state) and "B 7" not in legal(state)  # one 7: A is the same move
    events = state.apply_text(1, "B 2")
    assert state.lid == lid_of(f2=3, f7=1) and moves(events) == [(1, 2, 0, 1)]


def test_er_12_mandatory_action_is_skipped_when_the_lid_is_empty():
    state = arrange(lid=lid_of(f4=1), markers=[(5, 2, 6)])
    events = state.apply_text(1, "A 4")
    assert kinds(events)[-3:] == ["phase_end", "phase_start", "mandatory_skipped"]
    assert state.current == 2 and legal(state) == [
        "end",
        "D 1",
        "D 2",
        "D 3",
        "D 4",
        "D 6",
        "D 7",
        "D 8",
    ]
    events = state.apply_text(2, "end")  # players 3 and 0 have nothing to do at all
    assert [e.player for e in events if e.kind == "mandatory_skipped"] == [3, 0]
    assert state.round == 2


def test_er_12_c_steps_route_3_back_one_and_changes_a_die_without_wrapping():
    state = arrange(lid=lid_of(f1=1, f8=1, f5=2), markers=[(3, 1, 7)])
    options = [a for a in legal(state) if a.startswith("C")]
    assert options == ["C 1+", "C 5+", "C 5-", "C 8-"]
    assert "C 1-" not in options and "C 8+" not in options  # 1 never becomes 8, nor 8 1
    events = state.apply_text(1, "C 8-")
    assert moves(events) == [(1, 3, 7, 6)] and state.lid == lid_of(f1=1, f5=2, f7=1)
    assert not [a for a in legal(state) if a.startswith("C")]  # once a phase


def test_er_12_c_from_space_1_leaves_the_route():
    state = arrange(lid=lid_of(f2=2), markers=[(3, 1, 1)])
    events = state.apply_text(1, "C 2+")
    move = next(e for e in events if isinstance(e, MarkerMoved))
    assert move.to == 0 and move.stack is None and state.pos[2][1] == 0


def test_er_12_c_needs_a_route_3_marker():
    state = arrange(lid=lid_of(f2=2))
    assert not [a for a in legal(state) if a.startswith("C")]
    with pytest.raises(IllegalAction):
        state.apply_text(1, "C 2+")


def test_er_12_d_steps_route_5_back_two_and_pushes_another_marker():
    state = arrange(lid=lid_of(f2=2), markers=[(5, 1, 6), (7, 1, 3)])
    assert "D 5" not in legal(state)  # another route only
    events = state.apply_text(1, "D 7")
    assert moves(events) == [(1, 5, 6, 4), (1, 7, 3, 4)]


def test_er_12_d_places_a_new_marker_on_space_1_and_from_space_2_leaves_route_5():
    state = arrange(lid=lid_of(f2=2), markers=[(5, 1, 2)])
    events = state.apply_text(1, "D 8")
    assert moves(events) == [(1, 5, 2, 0), (1, 8, 0, 1)]
    assert not [a for a in legal(state) if a.startswith("D")]  # no route-5 marker left


def test_er_12_d_from_space_1_also_leaves_route_5():
    state = arrange(lid=lid_of(f2=2), markers=[(5, 1, 1)])
    assert moves(state.apply_text(1, "D 3")) == [(1, 5, 1, 0), (1, 3, 0, 1)]


def test_er_12_optional_actions_before_and_after_the_mandatory_one():
    markers = [(3, 1, 5), (5, 1, 8)]
    lid = lid_of(f2=3, f6=0, f4=2)
    # C before, D after
    state = arrange(lid=lid, markers=markers)
    play(state, "C 4-", "A 3")
    assert state.current == 1 and "end" in legal(state) and "D 2" in legal(state)
    play(state, "D 2")
    assert state.current == 2  # nothing optional left: the phase ends by itself
    # both after, in either order
    state = arrange(lid=lid, markers=markers)
    play(state, "A 2", "D 4", "C 4+")
    assert state.current == 2
    # both before
    state = arrange(lid=lid, markers=markers)
    play(state, "D 1", "C 2+")
    assert state.current == 1 and legal(state) == ["A 2", "A 3", "A 4", "B 2", "B 4"]
    play(state, "B 4")
    assert state.current == 2


def test_er_12_end_only_after_the_mandatory_action_and_while_an_option_remains():
    state = arrange(lid=lid_of(f2=3, f4=2), markers=[(3, 1, 5)])
    assert "end" not in legal(state)
    play(state, "A 2")
    assert "end" in legal(state)
    events = play(state, "end")
    assert kinds(events)[0] == "phase_end" and state.current == 2
    state = arrange(lid=lid_of(f2=3, f4=2))
    events = play(state, "A 2")
    assert "phase_end" in kinds(events) and state.current == 2


# -- ER-13 the route-6 round-chip power --------------------------------------------------------------
def test_er_13_a_six_lets_a_face_up_chip_holder_turn_it_and_advance_any_route():
    # round 5 of 4 players: player 0 was parent in round 1 and holds chip 1 (and 5)
    state = arrange(
        round=5, current=1, lid=lid_of(f6=2, f1=3), chips=[[1], [1], [], []], markers=[(7, 1, 8)]
    )
    events = play(state, "A 6")
    assert kinds(events)[-1] == "chip_offered" and state.current == 1
    assert legal(state) == ["chip pass"] + [f"chip {r}" for r in range(1, 9)]
    events = play(state, "chip 7")
    assert [e for e in events if isinstance(e, ChipTurned)] == [ChipTurned(1, 7, player=1)]
    assert moves(events) == [(1, 7, 8, 9)] and state.chips[1] == [[1, 0]]


def test_er_13_no_power_without_a_face_up_chip_and_turned_chips_stay_down():
    state = arrange(round=5, current=1, lid=lid_of(f6=2, f1=3), chips=[[1], [0], [], []])
    events = play(state, "B 6")
    assert "chip_offered" not in kinds(events)


def test_er_13_one_chip_per_round_even_with_two_face_up():
    state = arrange(round=5, current=1, lid=lid_of(f6=2, f1=3), chips=[[1], [1, 1], [], []])
    play(state, "B 6", "chip 6")
    state.current, state.mandatory_done = 1, False  # same round, a second pick-up of a 6
    events = play(state, "A 6")
    assert "chip_offered" not in kinds(events) and state.chips[1] == [[1, 0], [2, 1]]


def test_er_13_the_power_may_be_declined():
    state = arrange(round=5, current=1, lid=lid_of(f6=1, f1=3), chips=[[1], [1], [], []])
    events = play(state, "A 6", "chip pass")
    assert "chip_declined" in kinds(events) and state.chips[1] == [[1, 1]]
    assert state.current == 2


def test_er_13_the_parent_may_use_the_chip_taken_this_round():
    state = arrange(round=1, current=0, lid=lid_of(f6=1))
    assert state.chips[0] == [[1, 1]]
    assert "chip_offered" in kinds(play(state, "A 6"))


# -- ER-20 markers ---------------------------------------------------------------------------------------
def test_er_20a_no_marker_is_on_a_route_at_the_start():
    state = routes.new_game(5, 9, OPTS)
    assert all(space == 0 for row in state.pos for space in row)


def test_er_20b_one_marker_per_player_per_route():
    state = arrange(lid=lid_of(f2=2, f3=1), markers=[(2, 1, 3)])
    play(state, "B 2")
    assert state.pos[1][1] == 4  # the marker on route 2 moved; no second one was placed


def test_er_20c_a_marker_arriving_on_an_occupied_space_goes_on_top():
    state = arrange(lid=lid_of(f4=2), markers=[(4, 0, 5), (4, 2, 5), (4, 1, 3)])
    events = play(state, "A 4")
    move = next(e for e in events if isinstance(e, MarkerMoved))
    assert move.to == 5 and move.stack == 2 and move.from_stack == 0
    assert [m["player"] for m in state.markers()[3]] == [0, 2, 1]


def test_er_20c_stepping_back_onto_a_stack_also_goes_on_top():
    state = arrange(lid=lid_of(f4=2), markers=[(3, 0, 4), (3, 1, 5)])
    events = play(state, "C 4+")
    assert next(e for e in events if isinstance(e, MarkerMoved)).stack == 1


def test_er_20d_space_20_is_the_end_whatever_the_dice():
    state = arrange(lid=lid_of(f1=5, f2=1), markers=[(1, 1, 18), (5, 1, 3), (2, 1, 20)])
    assert moves(play(state, "A 1")) == [(1, 1, 18, 20)]
    assert "D 1" not in legal(state) and "D 2" not in legal(state)  # cannot go past 20
    state = arrange(lid=lid_of(f2=2), markers=[(2, 1, 20)])
    events = play(state, "B 2")
    assert [e for e in events if isinstance(e, MarkerBlocked)] == [
        MarkerBlocked(2, 20, "B", player=1)
    ]


def test_er_20e_on_one_space_the_upper_marker_ranks_higher():
    state = arrange(markers=[(4, 0, 9), (4, 2, 9), (4, 1, 9)])
    assert state.route_scores()["routes"][3] == [2, 12, 6, 0]


# -- ER-30..ER-39 scoring --------------------------------------------------------------------------------
def test_er_30_position_and_rank_routes_and_no_marker_no_points():
    state = arrange(markers=[(1, 0, 20), (1, 1, 1), (3, 0, 2), (3, 1, 9)])
    scored = state.route_scores()["routes"]
    assert scored[0] == [36, 1, 0, 0]  # position: the value of the space
    assert scored[2] == [6, 10, 0, 0]  # rank: 1st and 2nd
    assert all(points == [0, 0, 0, 0] for points in scored[3:])


def test_er_30_ranks_beyond_the_number_of_players_are_ignored():
    table = copy.deepcopy(OPTS["scoring"])
    table["ranks_counted"]["3"] = 2
    state = arrange(
        players=3, options=dict(OPTS, scoring=table), markers=[(2, 0, 9), (2, 1, 8), (2, 2, 7)]
    )
    assert state.route_scores()["routes"][1] == [12, 9, 0]
    state = arrange(players=3, markers=[(2, 0, 9), (2, 1, 8), (2, 2, 7)])
    assert state.route_scores()["routes"][1] == [12, 9, 6]


def test_er_31_route_1_values_per_space():
    values = OPTS["scoring"]["routes"]["1"]["spaces"]
    assert len(set(values)) == 20 and values[19] - values[9] > values[9]
    for space in (1, 10, 11, 20):
        state = arrange(markers=[(1, 2, space)])
        assert state.route_scores()["routes"][0][2] == values[space - 1]


def test_er_32_route_2_five_ranks_and_space_5_or_beyond():
    markers = [(2, p, 5 + p) for p in range(5)]
    assert arrange(players=5, markers=markers).route_scores()["routes"][1] == [1, 3, 6, 9, 12]
    markers[0] = (2, 0, 4)
    assert arrange(players=5, markers=markers).route_scores()["routes"][1] == [0, 3, 6, 9, 12]


def _five_in_a_row(route):
    """Players 0..4 on spaces 10..6 of ``route``: player 0 first."""
    state = arrange(players=5, markers=[(route, p, 10 - p) for p in range(5)])
    return state.route_scores()["routes"][route - 1]


def test_er_33_route_3_scores_four_ranks():
    assert _five_in_a_row(3) == [10, 6, 3, 1, 0]


def test_er_34_route_4_scores_three_ranks():
    assert _five_in_a_row(4) == [12, 6, 2, 0, 0]


def test_er_35_route_5_scores_two_ranks():
    assert _five_in_a_row(5) == [12, 5, 0, 0, 0]


def test_er_36_route_6_scores_the_first_alone():
    assert _five_in_a_row(6) == [16, 0, 0, 0, 0]


def test_er_37_route_7_costs_points_below_space_8():
    spaces = {1: -7, 7: -1, 8: 0, 9: 1, 20: 30}
    for space, value in spaces.items():
        assert arrange(markers=[(7, 0, space)]).route_scores()["routes"][6][0] == value


def test_er_38_route_8_three_ranks_from_space_10():
    state = arrange(markers=[(8, 0, 9), (8, 1, 10), (8, 2, 15), (8, 3, 12)])
    assert state.route_scores()["routes"][7] == [0, 3, 18, 9]


def _final_round(markers, players=3):
    state = arrange(
        players=players,
        round=2 * players,
        current=(2 * players - 1) % players,
        lid=lid_of(f1=1),
        markers=markers,
    )
    play(state, "A 1")
    assert state.is_over()
    return state


def test_er_39_highest_total_wins():
    state = _final_round([(1, 0, 10), (1, 1, 12), (1, 2, 9)])
    assert state.winners() == (1,)


def test_er_39_a_tie_goes_to_the_higher_route_8_marker_else_it_is_shared():
    # player 2 takes the 1 (route 1, space 1): put everybody on equal totals first.
    tie = [(1, 0, 5), (1, 1, 5)]
    state = _final_round(tie + [(8, 0, 3), (8, 1, 3)])
    totals = state.scores()
    assert totals[0] == totals[1] > totals[2]
    assert state.winners() == (1,)  # route 8: same space, player 1 on top
    state = _final_round(tie)
    assert state.scores()[0] == state.scores()[1] and state.winners() == (0, 1)


# -- notation, views, saves, preview ------------------------------------------------------------------
def test_notation_round_trips_and_rejects_nonsense():
    for action in routes.ALL_ACTIONS:
        assert routes.parse_action(str(action)) == action
    assert routes.parse_action("  C   1+ ") == routes.ChangeDie(1, 1)
    for bad in ("", "A 9", "C 1", "C 8+", "D", "chip", "A2", 5):
        with pytest.raises(NotationError):
            routes.parse_action(bad)


def test_view_hides_only_the_future_dice_and_saves_round_trip():
    state = routes.new_game(4, 21, OPTS)
    play(state, *[str(state.legal_actions(state.current)[0])])
    view = state.view(2)
    assert view.to_dict()["rng"] is None and view.to_dict()["seed"] is None
    leak_check(state, view, 2)
    assert view.legal_actions(state.current) == state.legal_actions(state.current)
    loaded = routes.RoutesState.from_dict(state.to_dict())
    assert loaded.to_dict() == state.to_dict()
    action = state.legal_actions(state.current)[0]
    assert [e.to_dict() for e in loaded.apply(loaded.current, action)] == [
        e.to_dict() for e in state.apply(state.current, action)
    ]


def test_preview_gives_positions_and_route_scores_without_touching_the_state():
    state = arrange(
        round=4,
        current=OYOTTO,
        lid=lid_of(f1=2, f2=4, f4=3, f8=2),
        markers=[(3, OYOTTO, 5), (3, 0, 4)],
    )
    before = state.to_dict()
    result = state.view(OYOTTO).preview(OYOTTO, ["C 1+", "A 2"])
    assert state.to_dict() == before
    assert result["markers"][1] == [{"player": OYOTTO, "space": 5, "stack": 0}]
    assert result["markers"][2] == [
        {"player": 0, "space": 4, "stack": 0},
        {"player": OYOTTO, "space": 4, "stack": 1},
    ]
    assert result["routes"][1][OYOTTO] == 12 and result["routes"][2] == [6, 10, 0, 0]
    assert result["totals"][OYOTTO] == 22 and result["lid"] == lid_of(f1=1, f4=3, f8=2)
    assert result["phase_over"] is True and result["legal"] == []  # no D: the phase is over
    assert state.preview(OYOTTO, ["A 4"])["phase_over"] is False  # C still possible
    with pytest.raises(IllegalAction):
        state.preview(OYOTTO, ["A 3"])
