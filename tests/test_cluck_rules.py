"""Cluck-peep! scenarios, one per clause (CP-1 .. CP-13), on rigged piles and hands."""

import json
import random

import pytest

from game.boards.cluck import prepare_options
from game.rules import cluck
from game.rules.cluck import ChooseHole, PlaceTile
from game.rules.cluck.checks import invariants
from game.rules.cluck.events import (
    ChickenMoved,
    ChickenPlaced,
    ChickPlaced,
    CleanedUp,
    HiddenTileRevealed,
    NestOutcome,
    NestTilePlaced,
    NoChick,
    RoundStarted,
    StartPlayerChosen,
    TileDrawn,
    TileDrawnPrivate,
    TilePlaced,
)
from game.rules.protocol import IllegalAction, NotationError, RulesDataError

TILES = prepare_options({})["tiles"]


def game(players=2, seed=1, **options):
    options.setdefault("start_player", 0)
    return cluck.new_game(players, seed, {"tiles": TILES, **options})


def rig(state, hands=None, pile=None, hidden=None, nest=None, stands=None):
    """Stack the deck of a fresh game (before any action): hands, pile top, hidden tile
    (tile, turned), the next nest tile, chicks already on stands (taken from the supply)."""
    if hands is not None:
        state.hands = [list(h) for h in hands]
    used = {t for h in state.hands for t in h}
    if hidden is not None:
        state.hidden = hidden
    used.add(state.hidden[0])
    top = [t for t in (pile or []) if t not in used]
    state.pile = top + [t for t in state.tiles.road_ids if t not in used and t not in top]
    if nest is not None:
        state.nest_stack.remove(nest)
        state.nest_stack.insert(0, nest)
    if stands is not None:
        state.supply -= sum(stands) - sum(state.stands)
        state.stands = list(stands)
    invariants(state)
    return state


def play(state, *moves):
    """Apply ``(player, text)`` moves, checking the invariants after each; all events."""
    events = []
    for player, text in moves:
        events += state.apply_text(player, text)
        invariants(state)
    return events


def kinds(events, event_class):
    """The events of that class, in order."""
    return [e for e in events if isinstance(e, event_class)]


def pink_round():
    """The sheet's photo example, told again: two chickens collect one chick each; the
    second (pink) ends where no nest is drawn and gives its chick back (CP-7)."""
    s = rig(game(), hands=[[1], [4]], pile=[2, 5, 9, 10], hidden=(6, False), nest="N5")
    events = play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    return s, events


# -- CP-1 components ----------------------------------------------------------------------
def test_cp_1_components_14_road_5_nest_start_20_chicks_a_chicken_each():
    for players in (2, 3, 4):
        s = game(players)
        assert len(s.tiles.road) == 14 and len(s.tiles.nest) == 5
        assert s.start_tile == "START" and len(s.nest_stack) == 5
        assert s.supply == cluck.CHICKS == 20 and s.stands == [0] * players
        assert len(s.chickens) == players
        assert s.legal_actions(0) == tuple(ChooseHole(c) for c in range(5))  # five holes
    with pytest.raises(RulesDataError):
        cluck.new_game(5, 1, {"tiles": TILES})
    with pytest.raises(RulesDataError):
        cluck.new_game(1, 1, {"tiles": TILES})


# -- CP-2 tiles and their two ways up ------------------------------------------------------
def test_cp_2_turning_a_tile_mirrors_it_and_the_ladder_gets_the_mirror():
    s = rig(game(), hands=[[6], [4]], pile=[9, 5])
    tile6 = s.tiles.road[6].up
    assert (tile6.rungs, tile6.hole_column, tile6.hole_above) == ((2,), 4, False)
    turned = s.tiles.band(6, True)
    assert (turned.rungs, turned.hole_column, turned.hole_above) == ((1,), 0, True)
    assert turned.turned() == tile6
    events = play(s, (0, "hole 0"), (1, "hole 1"), (0, "place 6 turned"))
    placed = kinds(events, TilePlaced)[0]
    assert placed.orientation == "turned" and placed.row == 1
    assert placed.rungs == (((1, 6), (2, 6)),)  # rung 2|3 became 1|2
    assert (placed.hole_column, placed.hole_side, placed.hole_point) == (0, "above", (0, 5))
    assert set(s.legal_actions(1)) == {
        PlaceTile(4, False),
        PlaceTile(4, True),
        PlaceTile(5, False),
        PlaceTile(5, True),
    }


def test_cp_2_every_designed_tile_differs_has_1_or_2_rungs_apart_and_one_hole():
    tiles = cluck.tile_set_from_data(TILES)
    seen = []
    for tile in tiles.road.values():
        assert 1 <= len(tile.up.rungs) <= 2
        assert all(b - a >= 2 for a, b in zip(tile.up.rungs, tile.up.rungs[1:]))
        for other in seen:
            assert not tile.up.plays_like(other) and not tile.up.plays_like(other.turned())
        seen.append(tile.up)
    nest_sets = [n.nests for n in tiles.nest.values()]
    assert len(set(nest_sets)) == 5 and all(2 <= len(n) <= 4 for n in nest_sets)


# -- CP-3 setup -----------------------------------------------------------------------------
def test_cp_3_setup_hidden_tile_hands_then_chickens_in_turn_order_from_the_start_player():
    s = game(3, start_player=1)
    kinds_in_order = [e.kind for e in s.opening_events if e.visible_to is None]
    assert kinds_in_order == [
        "start_player",
        "tiles_shuffled",
        "hidden_tile_laid",
        "tile_drawn",
        "tile_drawn",
        "tile_drawn",
    ]
    assert [e.player for e in kinds(s.opening_events, TileDrawn)] == [1, 2, 0]
    assert s.hidden is not None and all(len(h) == 1 for h in s.hands)
    assert len(s.pile) == 14 - 1 - 3
    assert s.to_act() == (1,)
    play(s, (1, "hole 2"))
    assert s.to_act() == (2,)
    assert ChooseHole(2) not in s.legal_actions(2)  # only a free hole
    with pytest.raises(IllegalAction):
        s.apply(2, ChooseHole(2))
    with pytest.raises(IllegalAction):
        s.apply(0, ChooseHole(0))  # not its turn
    events = play(s, (2, "hole 4"), (0, "hole 0"))
    assert s.chickens == [0, 2, 4]
    assert kinds(events, ChickenPlaced)[-1] == ChickenPlaced(0, (0, 2), player=0)
    assert kinds(events, RoundStarted)[0] == RoundStarted(1, 1)


def test_cp_3_start_player_by_chance_or_by_option():
    chosen = {cluck.new_game(4, seed, {"tiles": TILES}).start_player for seed in range(40)}
    assert chosen == {0, 1, 2, 3}
    again = cluck.new_game(4, 7, {"tiles": TILES})
    assert again.start_player == cluck.new_game(4, 7, {"tiles": TILES}).start_player
    first = again.opening_events[0]
    assert isinstance(first, StartPlayerChosen) and first.chosen_by == "chance"
    assert game(4, start_player=2).to_act() == (2,)
    with pytest.raises(RulesDataError):
        game(2, start_player=3)
    with pytest.raises(RulesDataError):
        game(2, start_player=True)
    with pytest.raises(RulesDataError):
        game(2, long_road=1)
    with pytest.raises(RulesDataError):
        cluck.new_game(2, 1, {})  # no tile set


# -- CP-4 placing tiles ---------------------------------------------------------------------
def test_cp_4_draw_then_place_one_of_two_either_way_up_below_the_last_with_a_chick():
    s = rig(game(), hands=[[1], [4]], pile=[2, 5])
    events = play(s, (0, "hole 0"), (1, "hole 2"))
    assert [e.kind for e in events[-3:]] == ["round_started", "tile_drawn", "tile_drawn_private"]
    assert s.hands == [[1, 2], [4]]  # (1) the start player drew
    drawn = events[-1]
    assert drawn == TileDrawnPrivate(2, (1, 2), player=0, visible_to=(0,))
    assert events[-2] == TileDrawn(2, 10, player=0)  # the public twin hides the tile
    assert set(s.legal_actions(0)) == {PlaceTile(t, o) for t in (1, 2) for o in (False, True)}
    events = play(s, (0, "place 2 turned"))
    assert s.hands[0] == [1]  # the other one is kept
    assert s.ladder[0] == (2, True, 0, True)
    chick = kinds(events, ChickPlaced)[0]
    assert chick == ChickPlaced(1, (4, 5), 19)  # tile 2 turned: hole 4 above
    assert s.to_act() == (1,) and s.hands[1] == [4, 5]  # clockwise: the next draws
    events = play(s, (1, "place 4 up"))
    assert kinds(events, TilePlaced)[0].row == 2  # below the lowest tile


# -- CP-5 the hidden tile and the nest tile -------------------------------------------------
def test_cp_5_hidden_tile_revealed_as_it_lay_then_the_nest_tile_at_the_bottom():
    _s, events = pink_round()
    order = [e.kind for e in events]
    i = order.index("hidden_tile_revealed")
    assert order[i : i + 3] == ["hidden_tile_revealed", "chick_placed", "nest_tile_placed"]
    revealed = events[i]
    assert isinstance(revealed, HiddenTileRevealed)
    assert revealed.tile == 6 and revealed.orientation == "up" and revealed.row == 3
    assert revealed.hole_point == (4, 15)
    nest = events[i + 2]
    assert isinstance(nest, NestTilePlaced)
    assert nest.tile == "N5" and nest.row == 4 and nest.nests == (0, 2, 3)
    assert len(kinds(events, ChickPlaced)) == 2 + 1  # players + 1 chicks
    s2 = rig(game(), hands=[[1], [4]], pile=[2, 5], hidden=(6, True))
    events = play(s2, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    assert kinds(events, HiddenTileRevealed)[0].orientation == "turned"


# -- CP-6 the amidakuji -----------------------------------------------------------------
def test_cp_6_chickens_go_down_across_every_rung_and_collect_chicks_they_pass():
    _s, events = pink_round()
    moved = kinds(events, ChickenMoved)
    assert [m.player for m in moved] == [0, 1]  # from the start player
    assert moved[0] == ChickenMoved(
        frm=0,
        to=3,
        path=((0, 2), (0, 6), (1, 6), (1, 10), (2, 10), (2, 14), (3, 14), (3, 18)),
        collected=((1, 1, (0, 5)),),  # (row, tile, point)
        player=0,
    )
    assert moved[1] == ChickenMoved(
        frm=2,
        to=1,
        path=((2, 2), (2, 10), (1, 10), (1, 18)),
        collected=((2, 5, (1, 11)),),
        player=1,
    )


# -- CP-7 nest or no nest -------------------------------------------------------------------
def test_cp_7_a_nest_keeps_the_chicks_no_nest_gives_them_back():
    s, events = pink_round()
    outcome = {e.player: e for e in kinds(events, NestOutcome)}
    assert outcome[0] == NestOutcome(
        column=3,
        nest=True,
        collected=1,
        stood=1,
        returned=0,
        lost=0,
        stand=1,
        supply=17,
        player=0,
    )
    assert outcome[1] == NestOutcome(
        column=1,
        nest=False,
        collected=1,
        stood=0,
        returned=1,
        lost=0,
        stand=0,
        supply=18,
        player=1,
    )
    assert s.stands == [1, 0]


# -- CP-8 clean-up ----------------------------------------------------------------------
def test_cp_8_clean_up_rotates_tiles_and_the_nest_tile_becomes_the_start_tile():
    s, events = pink_round()
    stack_before = [n for n in s.tiles.nest if n != "N5"]
    clean = kinds(events, CleanedUp)[0]
    assert clean.road_tiles == (1, 5, 6) and clean.chicks_returned == 1
    assert clean.old_start_tile == "START" and clean.start_tile == "N5"
    assert clean.chickens == (3, 1)
    assert sorted(s.pile[-3:]) == [1, 5, 6]  # shuffled under the pile
    assert s.start_tile == "N5" and s.nest_stack[-1] == "START"
    assert sorted(s.nest_stack[:-1]) == sorted(stack_before)
    assert s.chickens == [3, 1]  # each keeps its hole
    assert s.supply == 19 and s.ladder == [] and s.hidden is not None
    assert s.round == 2 and s.start_player == 1  # the one to the left
    tail = [e.kind for e in events][[e.kind for e in events].index("clean_up") :]
    assert tail[:4] == ["clean_up", "hidden_tile_laid", "start_player", "round_started"]
    assert s.to_act() == (1,) and len(s.hands[1]) == 2
    assert kinds(events, StartPlayerChosen)[-1].player == 1


# -- CP-9 the end ---------------------------------------------------------------------------
def test_cp_9_five_chicks_end_the_game_at_the_end_of_that_round():
    s = rig(
        game(), hands=[[1], [4]], pile=[2, 5, 9, 10], hidden=(6, False), nest="N5", stands=[4, 0]
    )
    events = play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    assert s.is_over() and s.round == 1 and s.stands == [5, 0]
    assert events[-1].kind == "game_over" and "clean_up" not in [e.kind for e in events]
    assert s.to_act() == () and s.legal_actions(0) == ()
    with pytest.raises(IllegalAction):
        s.apply(1, PlaceTile(4, False))


def test_cp_9_the_game_lasts_at_most_four_rounds():
    ended_early = ended_at_four = 0
    for seed in range(60):
        s = cluck.new_game(2 + seed % 3, seed, {"tiles": TILES, "long_road": seed % 2 == 0})
        rng = random.Random(seed)
        while not s.is_over():
            p = s.to_act()[0]
            before = s.round
            events = s.apply(p, rng.choice(s.legal_actions(p)))
            if kinds(events, CleanedUp):
                assert max(s.stands) < 5 and before < cluck.MAX_ROUNDS
        assert s.round <= cluck.MAX_ROUNDS == 4
        if s.round < 4:
            assert max(s.stands) >= 5
            ended_early += 1
        else:
            ended_at_four += 1
    assert ended_early and ended_at_four


# -- CP-10 winning --------------------------------------------------------------------------
def test_cp_10_most_chicks_win_ties_share_and_more_than_five_count_in_full():
    s = rig(game(), hands=[[1], [4]], pile=[2, 5], hidden=(6, False), nest="N5", stands=[3, 3])
    s.round = cluck.MAX_ROUNDS
    play(s, (0, "hole 3"), (1, "hole 4"), (0, "place 2 up"), (1, "place 4 up"))
    assert s.stands == [3, 3] and s.winners() == (0, 1)  # no chick reached a nest
    s = rig(
        game(), hands=[[1], [4]], pile=[2, 5, 9, 10], hidden=(6, False), nest="N5", stands=[5, 1]
    )
    play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    assert s.stands == [6, 1] and s.scores() == (6.0, 1.0) and s.winners() == (0,)


# -- CP-11 an empty supply ----------------------------------------------------------------
def test_cp_11_no_chick_for_a_tile_once_the_supply_is_empty():
    s = rig(game(), hands=[[1], [4]], pile=[2, 5], hidden=(6, False), nest="N5", stands=[10, 9])
    events = play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    assert len(kinds(events, ChickPlaced)) == 1
    missing = kinds(events, NoChick)
    assert [m.row for m in missing] == [2, 3]
    assert missing[0].reason == "supply_empty"


# -- CP-12 long road ---------------------------------------------------------------------
def test_cp_12_long_road_everyone_draws_to_three_and_places_two_one_at_a_time():
    s = rig(game(long_road=True), hands=[[1], [4]], pile=[2, 3, 5, 7])
    events = play(s, (0, "hole 0"), (1, "hole 4"))
    assert [(e.player, e.tile) for e in kinds(events, TileDrawnPrivate)] == [
        (0, 2),
        (0, 3),
        (1, 5),
        (1, 7),
    ]
    assert s.hands == [[1, 2, 3], [4, 5, 7]]
    assert s.order == [0, 1, 0, 1]
    events = play(s, (0, "place 1 up"), (1, "place 4 up"))
    assert not kinds(events, TileDrawn)  # no draw between turns
    assert s.to_act() == (0,)
    events = play(s, (0, "place 2 up"), (1, "place 5 up"))
    assert [e.row for e in kinds(events, TilePlaced)] == [3, 4]
    assert kinds(events, HiddenTileRevealed)[0].row == 5
    assert kinds(events, NestTilePlaced)[0].row == 6
    assert s.round == 2
    assert all(len(h) == 3 for h in s.hands)  # round 2 drew up to 3 again


# -- CP-13 runaway chicks -----------------------------------------------------------------
def test_cp_13_runaway_loses_as_many_earlier_chicks_never_below_zero():
    s = rig(
        game(runaway=True),
        hands=[[1], [4]],
        pile=[2, 5, 9, 10],
        hidden=(6, False),
        nest="N5",
        stands=[0, 2],
    )
    events = play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    outcome = kinds(events, NestOutcome)[1]
    assert outcome.nest is False and outcome.collected == 1 and outcome.lost == 1
    assert s.stands == [1, 1]
    s = rig(
        game(runaway=True),
        hands=[[1], [4]],
        pile=[2, 5, 9, 10],
        hidden=(6, False),
        nest="N5",
        stands=[0, 0],
    )
    events = play(s, (0, "hole 0"), (1, "hole 2"), (0, "place 1 up"), (1, "place 5 up"))
    assert kinds(events, NestOutcome)[1].lost == 0 and s.stands == [1, 0]


# -- notation, views, saves -----------------------------------------------------------------
def test_notation_round_trips_and_rejects_other_text():
    for action in (ChooseHole(0), ChooseHole(4), PlaceTile(1, False), PlaceTile(14, True)):
        assert cluck.parse_action(str(action)) == action
    assert str(PlaceTile(7, True)) == "place 7 turned" and str(ChooseHole(3)) == "hole 3"
    for bad in ("hole 5", "hole", "place 07 up", "place 7 down", "place 7", " hole 1", None):
        with pytest.raises(NotationError):
            cluck.parse_action(bad)


def test_view_hides_hidden_tile_pile_and_other_hands_and_determinize_fills_them():
    s, _ = pink_round()
    v = s.view(0)
    assert v.hidden == (None, None) and set(v.pile) == {None}
    assert v.hands[0] == s.hands[0] and v.hands[1] == [None] * len(s.hands[1])
    assert v.rng is None and v.to_dict()["rng"] is None
    assert v.legal_actions(1) == ()  # a hand it cannot see
    assert all(e.seen_by(0) for e in v.opening_events)
    text = json.dumps(v.to_dict())
    assert '"tile_drawn_private", "player": 1' not in text
    sample = v.determinize(random.Random(3))
    invariants(sample)
    assert sample.view(0).to_dict() == v.to_dict()
    spectator = s.view(None)
    assert all(set(h) == {None} for h in spectator.hands)


def test_save_and_load_round_trip_through_json():
    s, _ = pink_round()
    data = json.loads(json.dumps(s.to_dict()))
    loaded = cluck.CluckState.from_dict(data)
    assert loaded.to_dict() == s.to_dict()
    for state in (s, loaded):
        state.apply(1, state.legal_actions(1)[0])
    assert loaded.to_dict() == s.to_dict()


def test_k_10_a_view_remembers_which_batch_of_the_pile_each_face_down_tile_comes_from():
    """Everybody saw round 1's five tiles go under the pile (CP-8). With four players the
    first shuffle lasts two rounds (1 hidden + 4 hands + 4 draws, then 4 draws + 1 hidden),
    so round 3's hidden tile is one of round 1's tiles that the player cannot see — and a
    determinization deals it from there, never from tiles still unseen since the start."""
    s = game(players=4, seed=5)
    rng = random.Random(5)
    laid: dict[int, list[int]] = {}
    while s.round < 3:
        p = s.to_act()[0]
        for event in s.apply(p, rng.choice(s.legal_actions(p))):
            if isinstance(event, CleanedUp):
                laid[s.round - 1] = list(event.road_tiles)
    assert s.batch[s.hidden[0]] == 1 and s.hidden[0] in laid[1]
    for p in range(4):
        view = s.view(p)
        pool = view.hidden_pool(p)
        assert s.hidden[0] in pool or s.hidden[0] in s.hands[p]
        assert set(pool) <= set(laid[1]) - set(s.hands[p])
        assert len(pool) < len(view.unseen_tiles(p))
        for seed in range(20):
            world = view.determinize(random.Random(seed))
            invariants(world)
            assert world.hidden[0] in pool
            assert [world.batch[t] for t in world.pile] == view.unseen_batches["pile"]
            assert world.view(p).to_dict() == view.to_dict()
