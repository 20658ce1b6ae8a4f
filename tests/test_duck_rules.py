"""Duck! Duck! Go!: one scenario per clause (DDG-n), named after it, and the worked
examples of the rule sheets. Boards are the open arena of tests/scenarios/duck/arena.py
unless a clause is about the shipped data."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import duck
from game.rules.duck import actions as A
from game.rules.duck import events as E
from game.rules.duck import pending as P
from game.rules.duck.checks import invariants
from game.rules.duck.hexes import DIRECTIONS, back, distance, flower, neighbour
from game.rules.protocol import IllegalAction, RulesDataError
from tests.scenarios.duck.arena import OPTIONS, act, arena, at, kinds, new, race, typed


def legal_text(state, player):
    return [str(a) for a in state.legal_actions(player)]


def choose(state, cards: dict):
    """Every player's secret card(s) for the round; returns the events of the last.
    The bystander of the four-seat advanced scenarios plays its highest card unless told."""
    if is_four_seat_advanced(state) and BYSTANDER not in cards:
        cards = {**cards, BYSTANDER: max(state.hands[BYSTANDER])}
    events = []
    for p, card in cards.items():
        text = f"cards {card[0]} {card[1]}" if isinstance(card, tuple) else f"card {card}"
        events = act(state, p, text)
    return events


# -- the worked examples of the rule sheets ------------------------------------------------------
def test_ddg_12_example_card_36_takes_sparky_around_cookie_facing_right():
    # Sparky (duck 0) faces east; Cookie (duck 1) sits two hexes ahead of him.
    s = race(new(), {0: ((0, 0), 0), 1: ((2, 0), 3)}, hands={0: [36, 40, 49], 1: [50, 1, 2]})
    events = choose(s, {0: 36, 1: 50})
    # forward, turn left and forward, turn right and forward: round Cookie
    assert [e["hex"] for e in kinds(events, "step")] == [[1, 0], [2, -1], [3, -1]]
    assert [e["heading"] for e in kinds(events, "step")] == [0, 1, 0]
    assert not kinds(events, "bonk")
    # the green arrows: left or right of the last step; he turns right
    assert legal_text(s, 0) == ["face 1", "face 5"]
    act(s, 0, "face 5")
    assert at(s, 0) == ((3, -1), 5) and at(s, 1) == ((2, 0), 3)


def test_ddg_12_example_card_42_right_route_then_only_a_left_facing():
    s = race(new(), {0: ((0, 0), 0), 1: ((2, 0), 3)}, hands={0: [42, 40, 49], 1: [50, 1, 2]})
    choose(s, {0: 42, 1: 50})
    assert legal_text(s, 0) == ["route 42/1", "route 42/2"]  # two routes: pick one
    events = act(s, 0, "route 42/2")
    assert [e["hex"] for e in kinds(events, "step")] == [[1, 0], [1, 1]]
    # after the right route the only green arrow turns left: no choice, the turn is over
    assert kinds(events, "face") == [{"duck": 0, "heading": 0, "why": "end"}]
    assert at(s, 0) == ((1, 1), 0)
    assert s.to_act() == (1,)


def test_ddg_12_example_card_42_left_route_mirrors_to_a_right_facing():
    s = race(new(), {0: ((0, 0), 0), 1: ((2, 3), 3)}, hands={0: [42, 40, 49], 1: [50, 1, 2]})
    choose(s, {0: 42, 1: 50})
    act(s, 0, "route 42/1")
    assert at(s, 0) == ((2, -1), 0)  # forward, left and forward, then turned right


def test_ddg_13_example_card_52_bonks_into_cookie_who_moved_first():
    # Cookie plays the lower card, moves first and ends right in Sparky's way.
    s = race(new(), {0: ((0, 0), 0), 1: ((3, 1), 2)}, hands={0: [52, 40, 49], 1: [5, 1, 2]})
    events = choose(s, {0: 52, 1: 5})
    assert at(s, 1) == ((3, 0), 2)
    sparky = [e["hex"] for e in kinds(events, "step") if e["duck"] == 0]
    assert sparky == [[1, 0], [2, 0]]
    assert kinds(events, "bonk") == [
        {"duck": 0, "hex": [2, 0], "blocked": [3, 0], "heading": 3, "reason": "duck"}
    ]
    # he stops one hex short, turned round, and gets no facing choice: the round is over
    assert at(s, 0) == ((2, 0), 3)
    assert s.phase == "choose" and not [e for e in kinds(events, "face") if e["duck"] == 0]


# -- components ----
def test_ddg_1_hex_sides_axial_and_flowers():
    assert len(DIRECTIONS) == 6 and len(set(DIRECTIONS)) == 6
    for side in range(6):
        q, r = neighbour(0, 0, side)
        assert distance((0, 0), (q, r)) == 1
        assert neighbour(q, r, back(side)) == (0, 0)  # 180° is the opposite side
    petals = flower(3, -1, 0)
    assert petals[0] == (3, -1) and all(distance(p, (3, -1)) == 1 for p in petals[1:])
    assert flower(0, 0, 2)[1] == neighbour(0, 0, 2)  # rotation turns the sides
    s = new()
    board = s.board
    h = board.index[(0, 0)]
    assert [board.coords[board.nbr[h * 6 + d]] for d in range(6)] == [
        neighbour(0, 0, d) for d in range(6)
    ]
    assert all(a.facing in range(6) for a in s.legal_actions(s.to_act()[0]))


def test_ddg_2_sixteen_double_sided_tiles_of_the_four_hex_kinds():
    from game.boards.duck import load_tiles

    tiles = load_tiles()
    assert sorted(tiles) == list(range(1, 17))
    faces = [face for t in tiles.values() for face in (t["A"], t["B"])]
    assert len(faces) == 32 and all(len(face) == 7 for face in faces)
    seen = {cell[0] for face in faces for cell in face}
    assert seen == {"water", "start", "buoy", "drain"}
    assert {cell[1] for face in faces for cell in face if cell[0] == "buoy"} == set(duck.COLOURS)


def test_ddg_3_six_ducks_one_hound_four_patterns():
    assert duck.MAX_PLAYERS == 6
    with pytest.raises(RulesDataError):
        new(players=7)
    with pytest.raises(RulesDataError, match="2-3"):
        new(players=4, variant="twoducks")
    assert new(players=3, variant="advanced").ducks == 6  # DDG-26
    assert new(players=6, variant="advanced").ducks == 6
    s = new(players=2, variant="advanced")
    assert len(s.patterns) == 4 and s.hound_pos == -1


def test_ddg_4_buoy_tokens_six_per_colour_once_per_duck():
    s = race(
        new(board=arena(red=[(2, 0), (4, 0)])),
        {0: ((0, 0), 0), 1: ((-3, -1), 0)},
        hands={0: [37, 1, 2], 1: [50, 3, 4]},
    )
    assert s.supply == [6, 6, 6]
    events = choose(s, {0: 37, 1: 50})  # passes two red buoys
    assert typed(events, E.BuoyTouched) == [
        E.BuoyTouched(0, "red", (2, 0), True, 1, player=0),
        E.BuoyTouched(0, "red", (4, 0), False, 1, player=0),
    ]
    assert s.supply == [5, 6, 6] and s.buoys[0] == 1


def test_ddg_5_fifty_four_numbered_cards_of_routes():
    s = new()
    assert len(s.cards) == 55 and all(s.cards[n] for n in range(1, 55))
    for n in range(1, 55):
        for steps, facings in s.cards[n]:
            assert all(t in (-2, -1, 0, 1, 2) for t in steps)  # 60° or 120° turns
            assert 1 <= len(facings) <= 3


def test_ddg_6_blue_token_each_and_eighteen_face_down():
    s = new(players=4, variant="advanced")
    assert s.blue == [1, 1, 1, 1] and s.boxed_blue == 2
    assert len(s.pool) == 18 and sorted(set(s.pool)) == sorted(
        ["keep", "step", "rotate", "swap", "ghost", "become"]
    )
    assert all(s.pool.count(k) == 3 for k in set(s.pool))


# -- the beginner game ----
def test_ddg_10_setup_order_by_the_fourth_card_then_clockwise():
    s = duck.new_game(4, 7, OPTIONS)
    shown = next(e.data for e in s.opening_events if e.kind == "order_cards")
    cards, order = shown["cards"], shown["order"]
    first = max(range(4), key=lambda p: cards[p])
    assert order == [(first + k) % 4 for k in range(4)]
    assert all(len(h) == 3 for h in s.hands)
    board = s.board
    for p in order:
        assert s.to_act() == (p,)
        for a in s.legal_actions(p):
            h = board.index[(a.q, a.r)]
            assert board.kind[h] == 1 and h not in s.pos  # empty start space
            assert board.nbr[h * 6 + a.facing] >= 0  # faces into the board
        act(s, p, str(s.legal_actions(p)[0]))
    assert s.phase == "choose" and sorted(s.discard) == sorted(cards)  # 4th cards discarded


def test_ddg_11_secret_choice_reveal_moves_in_card_order_and_refill():
    s = race(
        new(players=3),
        {0: ((0, 0), 0), 1: ((0, 2), 0), 2: ((0, -2), 0)},
        hands={0: [37, 1, 2], 1: [9, 3, 4], 2: [21, 6, 7]},
    )
    assert s.to_act() == (0, 1, 2)  # all choose at once
    events = act(s, 1, "card 9")
    assert s.to_act() == (0, 2) and s.legal_actions(1) == ()
    chosen = next(e for e in events if e.kind == "chosen")
    assert chosen.visible_to == (1,) and chosen.data["cards"] == [9]
    assert typed(events, E.CardsChosen) == [E.CardsChosen(1, "move", player=1)]
    assert s.view(0).secret[1] == (0,)  # face down to the others
    act(s, 0, "card 37")
    events = act(s, 2, "card 21")
    assert kinds(events, "reveal")[0]["order"] == [1, 2, 0]
    assert [e["duck"] for e in kinds(events, "turn")] == [1, 2, 0]  # increasing numbers
    assert s.phase == "choose" and all(len(h) == 3 for h in s.hands)  # drawn back up to 3
    assert kinds(events, "round")[-1] == {"round": 2}


def test_ddg_12_the_whole_route_then_a_facing_of_the_card():
    s = race(new(), {0: ((-2, 0), 0), 1: ((2, 3), 3)}, hands={0: [37, 1, 2], 1: [50, 3, 4]})
    events = choose(s, {0: 37, 1: 50})
    assert [e["hex"] for e in kinds(events, "step")] == [[-1, 0], [0, 0], [1, 0], [2, 0]]
    assert at(s, 0) == ((2, 0), 0)  # card 37 allows only straight on: no decision
    s = race(new(), {0: ((-2, 0), 0), 1: ((2, 3), 3)}, hands={0: [15, 1, 2], 1: [50, 3, 4]})
    choose(s, {0: 15, 1: 50})
    assert legal_text(s, 0) == ["face 0", "face 1", "face 5"]  # card 15: F, L or R


def test_ddg_13_bonk_on_edge_turns_180():
    s = race(new(), {0: ((5, -2), 0), 1: ((-3, 1), 0)}, hands={0: [9, 1, 2], 1: [50, 3, 4]})
    events = choose(s, {0: 9, 1: 50})
    assert kinds(events, "bonk")[0] == {
        "duck": 0,
        "hex": [5, -2],
        "blocked": [6, -2],
        "heading": 3,
        "reason": "edge",
    }
    assert at(s, 0) == ((5, -2), 3)
    assert not [e for e in kinds(events, "step") if e["duck"] == 0]
    assert not [e for e in kinds(events, "face") if e["duck"] == 0]  # no facing choice


def test_ddg_13_bonk_on_the_drain_without_three_buoys():
    s = race(new(), {0: ((0, -3), 2), 1: ((-3, 1), 0)}, hands={0: [21, 1, 2], 1: [50, 3, 4]})
    events = choose(s, {0: 21, 1: 50})
    bonk = kinds(events, "bonk")[0]
    assert bonk["reason"] == "drain" and bonk["hex"] == [0, -4] and bonk["heading"] == 5
    assert at(s, 0) == ((0, -4), 5) and not s.is_over()


def test_ddg_13_bonk_stops_at_once_with_no_facing_choice_mid_route():
    s = race(new(), {0: ((0, 0), 0), 1: ((2, -1), 0)}, hands={0: [26, 1, 2], 1: [50, 3, 4]})
    events = choose(s, {0: 26, 1: 50})  # F, L (into duck 1), F
    assert kinds(events, "bonk")[0]["blocked"] == [2, -1]
    assert at(s, 0) == ((1, 0), 4)  # 180° from the blocked step (heading 1)
    assert s.to_act() == (1,)


def test_ddg_14_buoy_passed_gives_token_but_no_extra_move():
    s = race(
        new(board=arena(red=[(2, 0)])),
        {0: ((0, 0), 0), 1: ((-3, -1), 0)},
        hands={0: [21, 1, 2], 1: [50, 3, 4]},
    )
    events = choose(s, {0: 21, 1: 50})
    assert kinds(events, "buoy")[0]["colour"] == "red"
    assert not kinds(events, "extra_move")
    assert at(s, 0) == ((3, 0), 0)


def test_ddg_14_ending_on_a_buoy_plays_another_card_and_repeats():
    board = arena(red=[(2, 0)], yellow=[(3, 0)])
    s = race(
        new(board=board), {0: ((0, 0), 0), 1: ((-3, -1), 0)}, hands={0: [9, 5, 44], 1: [50, 3, 4]}
    )
    events = choose(s, {0: 9, 1: 50})
    assert kinds(events, "extra_move") == [{"duck": 0, "reason": "buoy", "card": None}]
    assert legal_text(s, 0) == ["route 44/1", "route 5/1"]  # mandatory: no "done"
    events = act(s, 0, "route 5/1")  # onto the yellow buoy: again
    assert kinds(events, "buoy")[0]["colour"] == "yellow"
    assert kinds(events, "extra_move")[0]["reason"] == "buoy"
    # card 44 is the only card left: it is played without asking
    assert [e["card"] for e in kinds(events, "move")] == [5, 44]
    assert at(s, 0)[0] == (5, -1) and s.to_act() == (1,)


def test_ddg_14_empty_hand_turns_up_the_deck_top():
    s = race(
        new(board=arena(red=[(2, 0)])),
        {0: ((0, 0), 0), 1: ((-3, -1), 0)},
        hands={0: [9], 1: [50, 3, 4]},
        deck_top=[5],
        full_hands=False,
    )
    events = choose(s, {0: 9, 1: 50})
    assert kinds(events, "deck_top") == [{"duck": 0, "card": 5}]
    assert kinds(events, "extra_move")[0]["card"] == 5
    assert at(s, 0) == ((3, 0), 0)  # card 5 moved it on by itself


def test_ddg_14_a_bonk_that_ends_on_a_buoy_also_moves_again():
    s = race(new(), {0: ((5, -5), 0), 1: ((-3, -1), 0)}, hands={0: [5, 9, 21], 1: [50, 3, 4]})
    events = choose(s, {0: 5, 1: 50})
    assert kinds(events, "bonk") and kinds(events, "extra_move")[0]["reason"] == "buoy"
    assert isinstance(s.pending, P.Extra)


def test_ddg_15_warping_ends_the_move_on_any_empty_start():
    s = race(new(), {0: ((-3, 0), 3), 1: ((-5, 1), 0)}, hands={0: [37, 1, 2], 1: [50, 3, 4]})
    choose(s, {0: 37, 1: 50})
    assert at(s, 0)[0] == (-5, 0) and isinstance(s.pending, P.Warp)
    legal = legal_text(s, 0)
    assert "stay" in legal and "warp -5,0 face 2" in legal  # the same one is allowed
    assert not any(t.startswith("warp -5,1 ") for t in legal)  # duck 1 sits there
    events = act(s, 0, "warp -3,5 face 1")
    assert kinds(events, "warp") == [{"duck": 0, "hex": [-5, 0], "to": [-3, 5], "heading": 1}]
    assert at(s, 0) == ((-3, 5), 1) and not kinds(events, "step")  # the rest is not walked
    assert s.to_act() == (1,)


def test_ddg_15_not_warping_the_start_is_plain_water():
    board = arena(start=[(-1, 0), (1, 0), (-5, 0), (-5, 2)])
    s = race(
        new(board=board), {0: ((-2, 0), 0), 1: ((-5, 2), 0)}, hands={0: [37, 1, 2], 1: [50, 3, 4]}
    )
    choose(s, {0: 37, 1: 50})
    assert at(s, 0)[0] == (-1, 0) and isinstance(s.pending, P.Warp)
    events = act(s, 0, "stay")
    assert [e["hex"] for e in kinds(events, "step")] == [[0, 0], [1, 0]]
    assert isinstance(s.pending, P.Warp)  # the next start space: asked again
    events = act(s, 0, "stay")
    assert [e["hex"] for e in kinds(events, "step")] == [[2, 0]]
    assert at(s, 0) == ((2, 0), 0) and s.to_act() == (1,)


def test_ddg_16_drain_with_all_three_buoys_wins_at_once():
    s = race(
        new(),
        {0: ((0, -2), 2, ("red", "yellow", "green")), 1: ((3, -3), 2)},
        hands={0: [37, 1, 2], 1: [50, 3, 4]},
    )
    events = choose(s, {0: 37, 1: 50})
    assert [e["hex"] for e in kinds(events, "step")] == [[0, -3], [0, -4], [0, -5]]
    assert typed(events, E.Won) == [E.Won(0, (0, -5), player=0)]
    assert s.is_over() and s.winners() == (0,) and s.scores()[0] == 4.0
    assert not [e for e in events if e.kind == "turn" and e.data["duck"] == 1]
    with pytest.raises(IllegalAction):
        s.apply(1, A.DONE)


def test_ddg_17_empty_deck_reshuffles_the_discards():
    s = race(new(), {0: ((0, 0), 0), 1: ((0, 3), 0)}, hands={0: [21, 1, 2], 1: [47, 3, 4]})
    s.discard.extend(s.deck[:-1])
    del s.deck[:-1]  # one card left for two players to draw
    events = choose(s, {0: 21, 1: 47})
    reshuffle = kinds(events, "reshuffle")
    assert len(reshuffle) == 1 and reshuffle[0]["cards"] == len(s.deck) + 1
    assert all(len(h) == 3 for h in s.hands)
    invariants(s)  # still 54 cards


# -- the advanced game ----
def test_ddg_20_advanced_setup_secret_order_card_highest_places_first():
    s = duck.new_game(4, 5, {**OPTIONS, "variant": "advanced"})
    assert s.phase == "order" and s.to_act() == (0, 1, 2, 3)
    assert all(len(h) == 4 for h in s.hands) and s.blue == [1, 1, 1, 1]
    picks = {p: s.hands[p][0] for p in range(4)}
    for p, c in picks.items():
        events = act(s, p, f"order {c}")
    assert kinds(events, "order_cards")[0]["order"] == sorted(range(4), key=lambda p: -picks[p])
    for p in sorted(range(4), key=lambda p: -picks[p]):
        assert s.to_act() == (p,)
        act(s, p, str(s.legal_actions(p)[0]))
    assert s.phase == "choose" and all(len(h) == 3 for h in s.hands)


# The advanced scenarios below are about one duck each, which DDG-26 leaves to 4-6 players:
# they seat four. Players 0-2 are the actors; player 3 is a bystander whose duck sits in
# the far corner facing off the board (its card's first step is straight, so it bonks
# where it stands), holds two buoy tokens (so it never controls the hound, DDG-21) and
# plays card 52, higher than any card of the scenarios (so it moves last).
BYSTANDER = 3
BYSTANDER_DUCK = ((0, 5), 5, ("red", "yellow"))
BYSTANDER_HAND = [47, 48, 52]


def is_four_seat_advanced(state) -> bool:
    return state.advanced and state.players == 4


def advanced(players=4, official=False, ducks=None, hands=None, **kwargs):
    state = new(
        players=players, variant="advanced", official=official, board=kwargs.pop("board", None)
    )
    ducks = {BYSTANDER: BYSTANDER_DUCK, **(ducks or {})}
    hands = {BYSTANDER: BYSTANDER_HAND, **hands} if hands else hands
    return race(state, ducks, hands=hands, **kwargs)


def finish_ducks(s, cards):
    """Choose, then let every duck take its card's first route and end its turn; returns
    the events."""
    events = choose(s, cards)
    while s.phase == "move":
        p = s.to_act()[0]
        legal = s.legal_actions(p)
        pick = next(
            (a for a in legal if isinstance(a, (A.Route, A.Stay, A.Face, A.Send)) or a == A.DONE),
            legal[0],
        )
        events += act(s, p, str(pick))
    return events


def test_ddg_21_hound_control_fewest_buoys_then_highest_card():
    s = advanced(
        ducks={0: ((0, 0), 0, ("red",)), 1: ((0, 2), 0), 2: ((0, -2), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
    )
    events = finish_ducks(s, {0: 40, 1: 10, 2: 20})
    # players 1 and 2 have the fewest buoy tokens (0); 2 played the higher card
    assert typed(events, E.HoundControlTaken) == [E.HoundControlTaken(0, 20, (1, 2), player=2)]
    assert s.phase == "hound" and s.to_act() == (2,) and s.controller == 2
    s = advanced(
        ducks={0: ((0, 0), 0), 1: ((0, 2), 0, ("red",)), 2: ((0, -2), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    assert s.controller == 0 and s.to_act() == (0,)  # 0 and 2 tied: 0 played 40


def test_ddg_22_hound_comes_onto_the_drain_and_moves_by_card_or_two_patterns():
    s = advanced(
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    assert legal_text(s, 0) == [f"hound face {f}" for f in range(6)]
    events = act(s, 0, "hound face 5")
    assert kinds(events, "hound_place") == [{"hex": [0, -5], "heading": 5}]
    legal = legal_text(s, 0)
    assert "patterns A A" in legal and "patterns D B" in legal  # the same one twice too
    assert sum(t.startswith("patterns") for t in legal) == 16
    assert any(t.startswith("hound ") for t in legal)  # or a card from hand
    card = s.hands[0][0]
    events = act(s, 0, f"hound {card}/1")
    assert typed(events, E.HoundCardPlayed) == [E.HoundCardPlayed(card, player=0)]
    drew = typed(events, E.CardsDrawn)[0]
    assert drew == E.CardsDrawn(1, "hound", drew.deck, player=0)


def test_ddg_22_two_patterns_move_in_sequence():
    s = advanced(
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
        hound=((0, -1), 0),
        controller=0,
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    events = act(s, 0, "patterns A B")  # dash F F, then veer left L F
    assert [e["hex"] for e in kinds(events, "hound_step")] == [[1, -1], [2, -1], [3, -2], [4, -3]]
    assert s.hound_head == 1 and s.phase == "choose"


def test_ddg_23_the_drain_takes_the_hound_off_and_it_returns_next_round():
    s = advanced(
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
        hound=((0, -3), 2),
        controller=0,
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    events = act(s, 0, "patterns A A")
    assert kinds(events, "hound_drain") == [{"hex": [0, -5]}] and s.hound_pos == -1
    assert len(kinds(events, "hound_step")) == 2  # the second pattern never runs
    finish_ducks(s, {p: s.hands[p][0] for p in range(3)})
    assert isinstance(s.pending, P.HoundFace)  # back from the drain


def test_ddg_23_hound_bonks_on_the_edge_takes_no_buoy_and_may_warp():
    board = arena(red=[(1, 0)])
    s = advanced(
        board=board,
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
        hound=((0, 0), 0),
        controller=0,
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    events = act(s, 0, "patterns D D")  # one hex onto the buoy, then a facing
    assert [e["hex"] for e in kinds(events, "hound_step")] == [[1, 0]]
    assert not kinds(events, "buoy") and isinstance(s.pending, P.Face)  # stays on the buoy
    s = advanced(
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
        hound=((5, -2), 0),
        controller=0,
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    events = act(s, 0, "patterns A A")
    assert kinds(events, "hound_bonk")[0]["heading"] == 3 and s.phase == "choose"
    s = advanced(
        ducks={0: ((-2, 2), 0), 1: ((0, 3), 0), 2: ((-3, 4), 0)},
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
        hound=((-3, 0), 3),
        controller=0,
    )
    finish_ducks(s, {0: 40, 1: 10, 2: 20})
    act(s, 0, "patterns A A")
    assert isinstance(s.pending, P.Warp) and s.pending.piece == -1  # the controller decides
    act(s, 0, "warp -4,5 face 1")
    assert s.board.coords[s.hound_pos] == (-4, 5) and s.phase == "choose"


def standing_still(tokens=None, **positions):
    """An advanced race in the official variant, where every duck turns instead of
    moving (DDG-27), so the hound finds the ducks where the test put them. Player 0 plays
    the highest card and so controls the hound (DDG-21)."""
    return advanced(
        official=True,
        tokens=tokens,
        **positions,
        hands={0: [40, 1, 2], 1: [10, 3, 4], 2: [20, 6, 7]},
    )


def turn_everybody(s):
    for p, card in ((0, 40), (1, 10), (2, 20), (BYSTANDER, 52)):
        act(s, p, f"card {card}")
    while s.phase == "move":
        p = s.to_act()[0]
        heading = s.head[s.pending.piece]
        act(s, p, "turn")
        act(s, p, f"face {heading}")
    assert s.phase == "hound" and s.controller == 0


def test_ddg_24_the_hound_passes_through_ducks_and_knocks_them():
    s = standing_still(ducks={0: ((-2, 2), 0), 1: ((1, 0), 0), 2: ((2, 0), 1)}, hound=((-2, 0), 0))
    turn_everybody(s)
    events = act(s, 0, "patterns A A")  # (-1,0) (0,0) (1,0) (2,0)
    assert typed(events, E.Knocked) == [E.Knocked(1, "hound", (1, 0), player=0)]
    assert s.pending == P.Send(0, 1)  # the controller picks the start space
    act(s, 0, "send -5,0")
    assert s.to_act() == (1,) and isinstance(s.pending, P.Face)  # the owner picks the facing
    events = act(s, 1, "face 0")
    assert typed(events, E.Knocked) == [E.Knocked(2, "hound", (2, 0), player=0)]
    act(s, 0, "send -5,2")
    act(s, 2, "face 1")
    assert at(s, 1) == ((-5, 0), 0) and at(s, 2) == ((-5, 2), 1)
    assert s.board.coords[s.hound_pos] == (2, 0) and s.phase == "choose"


def test_ddg_24_a_duck_that_moves_into_the_hound_is_knocked():
    s = advanced(
        ducks={0: ((0, 0), 0), 1: ((0, 2), 0), 2: ((0, -2), 0)},
        hands={0: [21, 1, 2], 1: [30, 3, 4], 2: [40, 6, 7]},
        hound=((2, 0), 3),
        controller=2,
    )
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")
    assert typed(events, E.Knocked) == [E.Knocked(0, "hound", (1, 0), into=(2, 0), player=0)]
    assert s.pending == P.Send(2, 0)
    act(s, 2, "send -5,4")
    events = act(s, 0, "face 2")
    # its turn is over (sheet A): no after-move window, the next duck moves
    assert at(s, 0) == ((-5, 4), 2) and s.pending == P.Pre(1, 1)
    assert kinds(events, "turn")[0]["duck"] == 1 and 21 in s.discard


# -- action tokens ---------------------------------------------------------------------------------
def token_race(tokens, ducks=None, hound=None, board=None, hands=None):
    return advanced(
        board=board,
        ducks=ducks or {0: ((0, 0), 0), 1: ((0, 3), 0), 2: ((0, -3), 0)},
        hands=hands or {0: [21, 1, 2], 1: [30, 3, 4], 2: [40, 6, 7]},
        tokens=tokens,
        hound=hound,
        controller=2 if hound else None,
    )


def test_ddg_25_a_new_buoy_colour_draws_a_secret_action_token():
    s = token_race({}, board=arena(red=[(2, 0)]))
    events = choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")
    drawn = [e for e in events if e.kind == "token_drawn"]
    assert typed(events, E.TokenDrawn)[0].player == 0
    assert drawn[0].visible_to == (0,) and len(s.tokens[0]) == 1 and len(s.pool) == 17
    assert s.view(1).tokens[0] == ("?",)


def test_ddg_25_only_the_first_touch_of_a_colour_draws_an_action_token():
    """issue #36: an action token drawn at every buoy touch (not only the first of each
    colour, DDG-25) passed every test. A duck that has red already passes a red buoy and
    then a yellow one: one token, for the yellow."""
    s = token_race(
        {},
        ducks={0: ((0, 0), 0, ["red"]), 1: ((0, 3), 0), 2: ((0, -3), 0)},
        board=arena(red=[(2, 0)]),
    )
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")
    touched = typed(events, E.BuoyTouched)
    assert [(t.colour, t.new) for t in touched] == [("red", False)]
    assert typed(events, E.TokenDrawn) == [] and s.tokens[0] == () and len(s.pool) == 18
    s = token_race(
        {},
        ducks={0: ((0, 0), 0, ["red"]), 1: ((0, 3), 0), 2: ((0, -3), 0)},
        board=arena(red=[(1, 0)], yellow=[(2, 0)]),
    )
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")
    touched = typed(events, E.BuoyTouched)
    assert [(t.colour, t.new) for t in touched] == [("red", False), ("yellow", True)]
    assert len(typed(events, E.TokenDrawn)) == 1 and len(s.tokens[0]) == 1
    assert len(s.pool) == 17


def test_ddg_25_blue_draw_three_discard_three_any_time():
    s = token_race({})
    hand = s.hands[0]
    events = act(s, 0, "blue")
    assert kinds(events, "token")[0]["token"] == "blue" and len(s.hands[0]) == 6
    assert s.to_act() == (0, 1, 2, 3)
    assert all(isinstance(a, A.Discard) for a in s.legal_actions(0))
    act(s, 0, "discard " + " ".join(map(str, hand)))
    assert len(s.hands[0]) == 3 and not set(hand) & set(s.hands[0]) and s.blue[0] == 0
    invariants(s)


def test_ddg_25_keep_going_plays_one_more_card_after_the_move():
    s = token_race({0: ["keep"]})
    choose(s, {0: 21, 1: 30, 2: 40})
    act(s, 0, "route 21/1")
    assert "keep 1/1" in legal_text(s, 0) and "done" in legal_text(s, 0)
    events = act(s, 0, "keep 1/1")  # card 1: one more hex, then a facing
    assert typed(events, E.TokenUsed) == [E.TokenUsed("keep", duck=0, card=1, player=0)]
    assert isinstance(s.pending, P.Face) and at(s, 0)[0] == (4, 0)
    assert s.used == ["keep"] and 1 in s.table and 1 not in s.hands[0]


def test_ddg_25_plus_one_step_before_or_after_then_forward_or_60_degrees():
    s = token_race({0: ["step", "step"]})
    choose(s, {0: 21, 1: 30, 2: 40})
    act(s, 0, "step")
    assert at(s, 0)[0] == (1, 0) and legal_text(s, 0) == ["face 0", "face 1", "face 5"]
    act(s, 0, "face 1")
    assert isinstance(s.pending, P.Pre)  # still before the card's move
    act(s, 0, "route 21/1")  # F F F from (1,0) heading 1
    assert at(s, 0)[0] == (4, -3)
    act(s, 0, "step")  # after the move
    assert at(s, 0)[0] == (5, -4) and legal_text(s, 0) == ["face 0", "face 1", "face 2"]


def test_ddg_25_rotate_before_the_move():
    s = token_race({0: ["rotate"]})
    choose(s, {0: 21, 1: 30, 2: 40})
    assert "rotate 0" not in legal_text(s, 0) and "rotate 3" in legal_text(s, 0)
    act(s, 0, "rotate 3")
    act(s, 0, "route 21/1")
    assert at(s, 0)[0] == (-3, 0)


def test_ddg_25_swap_with_the_hound_before_the_move():
    s = token_race({0: ["swap"]}, hound=((3, -3), 4))
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "swap")
    assert kinds(events, "token")[0]["token"] == "swap"
    assert at(s, 0) == ((3, -3), 4) and s.board.coords[s.hound_pos] == (0, 0)
    assert s.hound_head == 0
    s = token_race({0: ["swap"]})  # no hound on the board: no swap
    choose(s, {0: 21, 1: 30, 2: 40})
    assert "swap" not in legal_text(s, 0)


def test_ddg_25_ghost_passes_through_ducks_and_hound_and_cannot_end_on_them():
    s = token_race(
        {0: ["ghost"]}, ducks={0: ((0, 0), 0), 1: ((1, 0), 0), 2: ((3, 0), 0)}, hound=((2, 0), 3)
    )
    act(s, 0, "ghost 0")  # while the cards are being chosen
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")  # (1,0) duck, (2,0) hound, (3,0) duck
    assert [e["hex"] for e in kinds(events, "step")] == [[1, 0], [2, 0], [3, 0]]
    assert not kinds(events, "bonk") and not kinds(events, "knock")
    assert kinds(events, "extra_move")[0]["reason"] == "ghost"  # may not stay on duck 2


def test_ddg_25_a_duck_that_would_end_on_the_ghost_moves_again():
    s = token_race(
        {1: ["ghost"]},
        ducks={0: ((0, 0), 0), 1: ((1, 0), 0), 2: ((0, -3), 0)},
        hands={0: [5, 1, 2], 1: [30, 3, 4], 2: [40, 6, 7]},
    )
    act(s, 1, "ghost 1")
    choose(s, {0: 5, 1: 30, 2: 40})
    events = act(s, 0, "route 5/1")  # into the ghost's hex: no bonk
    assert not kinds(events, "bonk")
    assert kinds(events, "extra_move")[0]["reason"] == "ghost"


def test_ddg_25_become_the_hound_knocks_ducks_and_the_real_hound():
    s = token_race(
        {0: ["become"]}, ducks={0: ((0, 0), 0), 1: ((1, 0), 0), 2: ((0, -3), 0)}, hound=((3, 0), 0)
    )
    act(s, 0, "become 0")
    choose(s, {0: 21, 1: 30, 2: 40})
    events = act(s, 0, "route 21/1")
    assert typed(events, E.Knocked) == [E.Knocked(1, "duck", (1, 0), knocker=0, player=0)]
    assert s.pending == P.Send(0, 1)  # you choose the space...
    act(s, 0, "send -5,0")
    events = act(s, 1, "face 0")  # ...the owner the facing
    assert typed(events, E.HoundKnockedOff) == [E.HoundKnockedOff(0, (3, 0), player=0)]
    assert s.hound_pos == -1 and at(s, 0)[0] == (3, 0)


def test_ddg_25_the_hound_meeting_a_duck_that_is_the_hound_is_knocked_off():
    s = standing_still(
        tokens={1: ["become"]},
        ducks={0: ((-2, 2), 0), 1: ((2, 0), 0), 2: ((0, -3), 0)},
        hound=((0, 0), 0),
    )
    act(s, 1, "become 1")
    turn_everybody(s)
    events = act(s, 0, "patterns A A")
    assert kinds(events, "hound_knocked") == [{"duck": 1, "hex": [2, 0]}]
    assert s.hound_pos == -1 and not kinds(events, "knock") and at(s, 1)[0] == (2, 0)


# -- two ducks (DDG-26) and the official variant ----
@pytest.mark.parametrize("players", [2, 3])
def test_ddg26_advanced_two_or_three_players_two_ducks_each(players):
    """DDG-26 (sheet A 上級ルール(2~3人用), sheet B 2人～3人で遊ぶ場合): the advanced game with
    2-3 players: two ducks each, deal 5, one order card, placing round twice from the
    highest, hand of 4, two cards a round, the hound and the tokens as ever."""
    s = duck.new_game(players, 3, {**OPTIONS, "variant": "advanced"})
    assert s.variant == "advanced" and s.per_player == 2 and s.ducks == 2 * players
    assert [s.owner(d) for d in range(s.ducks)] == [d // 2 for d in range(2 * players)]
    assert all(len(h) == 5 for h in s.hands) and s.phase == "order"
    setup = next(e.data for e in s.opening_events if e.kind == "setup")
    assert setup["ducks"] == 2 * players and setup["variant"] == "advanced"
    # the hound and the tokens (DDG-20): a blue token each, 18 face down, the hound board
    assert s.blue == [1] * players and s.boxed_blue == 6 - players and len(s.pool) == 18
    assert len(s.patterns) == 4 and s.hound_pos == -1
    picks = {p: s.hands[p][-1] for p in range(players)}
    for p, c in picks.items():
        act(s, p, f"order {c}")
    ranked = sorted(range(players), key=lambda p: -picks[p])
    placers = []
    while s.phase == "place":
        p = s.to_act()[0]
        placers.append((p, s.pending.piece))
        act(s, p, str(s.legal_actions(p)[0]))
    # round twice from the highest card: first ducks, then second ducks
    assert placers == [(p, 2 * p) for p in ranked] + [(p, 2 * p + 1) for p in ranked]
    assert s.phase == "choose" and all(len(h) == 4 for h in s.hands)
    choices = [a for a in s.legal_actions(0) if not isinstance(a, (A.Blue, A.Ghost, A.Become))]
    assert choices and all(isinstance(a, A.ChooseCards) for a in choices)  # two a round
    for p in range(players):
        hand = s.hands[p]
        act(s, p, f"cards {hand[0]} {hand[1]}")
    assert len(kinds(s._events, "reveal")[0]["cards"]) == 2 * players


@pytest.mark.parametrize("players", [4, 5, 6])
def test_ddg26_advanced_with_four_or_more_players_keeps_one_duck_each(players):
    s = duck.new_game(players, 3, {**OPTIONS, "variant": "advanced"})
    assert s.per_player == 1 and s.ducks == players and s.hand_size == 3
    assert all(len(h) == 4 for h in s.hands)  # DDG-20: deal 4
    assert duck.ducks_per_player("advanced", players) == 1
    assert [duck.ducks_per_player("advanced", n) for n in (2, 3)] == [2, 2]
    assert duck.ducks_per_player("beginner", 2) == 1  # DDG-10: one duck each
    assert duck.ducks_per_player("twoducks", 3) == 2


def test_ddg26_each_duck_moves_at_its_own_number_owner_of_first_wins():
    s = race(
        new(players=2, variant="advanced"),
        {
            0: ((0, -2), 2, ("red", "yellow", "green")),
            1: ((0, 3), 0),
            2: ((-3, 0), 0),
            3: ((3, 0), 3),
        },
        hands={0: [30, 10, 1, 2], 1: [20, 40, 3, 4]},
    )
    act(s, 0, "cards 30 10")
    events = act(s, 1, "cards 20 40")
    assert kinds(events, "reveal")[0]["order"] == [1, 2, 0, 3]
    while not s.is_over():
        p = s.to_act()[0]
        legal = s.legal_actions(p)
        act(
            s,
            p,
            str(
                next(
                    (a for a in legal if isinstance(a, A.Route)),
                    next((a for a in legal if a in (A.DONE, A.STAY)), legal[0]),
                )
            ),
        )
    assert s.winners() == (0,) and s.win_duck == 0


def test_ddg26_buoys_are_each_ducks_own_action_tokens_the_players():
    """DDG-26 with DDG-14/25 (D-16): each duck touches the buoys for itself (the sheets:
    the duck that touched all three wins), each first touch draws an action token, and
    the tokens are the player's, for either of its ducks."""
    s = race(
        new(players=2, variant="advanced", board=arena(red=[(2, 0), (2, 2)])),
        {0: ((0, 0), 0), 1: ((0, 2), 0), 2: ((-3, -1), 0), 3: ((-3, 3), 0)},
        hands={0: [21, 37, 11, 12], 1: [5, 10, 13, 14]},
    )
    events = finish_ducks(s, {0: (21, 37), 1: (5, 10)})
    assert [(e["duck"], e["new"]) for e in kinds(events, "buoy")] == [(0, True), (1, True)]
    assert s.buoys[0] == s.buoys[1] == 1 and s.supply[0] == 4  # a red token each
    assert [e.player for e in typed(events, E.TokenDrawn)] == [0, 0]
    assert len(s.tokens[0]) == 2 and len(s.pool) == 16 and s.tokens[1] == ()
    # DDG-21: player 0 holds 2 buoy tokens (both ducks), player 1 none: 1 has the hound
    assert typed(events, E.HoundControlTaken)[0].player == 1 and s.controller == 1
    s = race(
        new(players=2, variant="advanced"),
        {0: ((0, 0), 0), 1: ((0, 2), 0), 2: ((-3, -1), 0), 3: ((-3, 3), 0)},
        hands={0: [21, 37, 11, 12], 1: [40, 1, 13, 14]},
        tokens={0: ["ghost", "rotate"]},
    )
    ghosts = [t for t in legal_text(s, 0) if t.startswith("ghost")]
    assert ghosts == ["ghost 0", "ghost 1"]  # either duck of the player's own
    events = choose(s, {0: (21, 37), 1: (40, 1)})
    while s.pending != P.Pre(0, 1):  # to duck 1's turn (card 37)
        p = s.to_act()[0]
        legal = s.legal_actions(p)
        act(s, p, str(next((a for a in legal if isinstance(a, A.Route) or a == A.DONE), legal[0])))
    assert "rotate 3" in legal_text(s, 0)  # the token serves duck 1 too
    finish_ducks(s, {})
    # tied on buoy tokens (none): the highest card of either duck decides (40 beats 37)
    assert s.controller == 1


def test_ddg26_twoducks_is_the_older_name_of_the_same_game():
    """Saves replay their actions: the variant 'twoducks' of older saves is the advanced
    game for 2-3 players, action for action (and still only for 2-3 players)."""
    rng = random.Random(5)
    old = duck.new_game(3, 9, {**OPTIONS, "variant": "twoducks"})
    now = duck.new_game(3, 9, {**OPTIONS, "variant": "advanced"})
    assert old.to_dict() == now.to_dict() and old.variant == "advanced"
    while not old.is_over() and old.round_number < 6:
        p = rng.choice(old.to_act())
        a = rng.choice(old.legal_actions(p))
        assert [e.to_dict() for e in old.apply(p, a)] == [e.to_dict() for e in now.apply(p, a)]
    assert old.to_dict() == now.to_dict()
    with pytest.raises(RulesDataError, match="2-3 players"):
        duck.new_game(4, 9, {**OPTIONS, "variant": "twoducks"})
    assert "twoducks" not in duck.OPTIONS[0].choices  # the lobby offers it once


# The first actions of an advanced game for two saved before DDG-26 (one duck each, hand
# 3), recorded with the rules of that time: seed 11, the Bathtub, two "normal" bots.
PRE_DDG26_ACTIONS = [
    [0, "order 50"],
    [1, "order 54"],
    [1, "place -1,4 face 5"],
    [0, "place 1,2 face 0"],
    [0, "card 36"],
    [1, "card 38"],
    [0, "route 36/1"],
    [0, "face 5"],
    [0, "done"],
    [1, "route 38/1"],
]


def test_ddg26_a_one_duck_advanced_save_from_before_is_refused_clearly(tmp_path):
    import json

    from game.saves import SaveError, load_session

    path = tmp_path / "old.json"
    seats = [
        {"name": n, "character": c, "human": True} for n, c in (("A", "sparky"), ("B", "cookie"))
    ]
    path.write_text(
        json.dumps(
            {
                "format": 1,
                "game": "duck",
                "players": 2,
                "seed": 11,
                "options": {**OPTIONS, "variant": "advanced"},
                "actions": PRE_DDG26_ACTIONS,
                "seats": seats,
            }
        )
    )
    with pytest.raises(SaveError) as caught:
        load_session(path)
    assert caught.value.place == "actions" and "before rule DDG-26" in caught.value.problem
    # the same note wherever such a record stops: here at its first one-card choice
    s = duck.new_game(2, 11, {**OPTIONS, "variant": "advanced"})
    act(s, 0, f"order {s.hands[0][0]}")
    act(s, 1, f"order {s.hands[1][0]}")
    while s.phase == "place":
        p = s.to_act()[0]
        act(s, p, str(s.legal_actions(p)[0]))
    with pytest.raises(IllegalAction, match="before rule DDG-26"):
        act(s, 0, f"card {s.hands[0][0]}")
    # ...and not in a one-duck game, nor once a two-duck race is past its first reveal
    ducks = {d: ((-5, d), 0) for d in range(4)}
    for state, text in (
        (race(new(players=4, variant="advanced"), ducks), "cards 1 2"),
        (race(new(players=2, variant="advanced"), ducks, round_=2), "card 1"),
    ):
        with pytest.raises(IllegalAction) as plain:
            act(state, 0, text)
        assert "DDG-26" not in str(plain.value)


def test_ddg_27_official_variant_turn_instead_of_moving():
    s = race(
        new(official=True), {0: ((0, 0), 0), 1: ((0, 3), 0)}, hands={0: [21, 1, 2], 1: [50, 3, 4]}
    )
    choose(s, {0: 21, 1: 50})
    assert legal_text(s, 0) == ["route 21/1", "turn"]
    act(s, 0, "turn")
    assert legal_text(s, 0) == [f"face {f}" for f in range(6)]  # any side
    events = act(s, 0, "face 3")
    assert kinds(events, "turn_instead") == [{"duck": 0, "card": 21, "heading": 3}]
    assert at(s, 0) == ((0, 0), 3) and 21 in s.discard and not kinds(events, "step")
    assert s.to_act() == (1,)


# -- the project's decisions ----
def test_ddg_42_board_validation_names_every_problem():
    good = duck.board_from_data(arena())
    assert duck.board_problems(good, 6) == []
    assert duck.board_problems(good, 8) == [
        ("hexes", ("the board has 7 start spaces; 8 ducks need at least 8"))
    ]
    bad = duck.board_from_data(arena(drain=[], red=[], start=[(-5, 0)]))
    problems = [p for _, p in duck.board_problems(bad, 6)]
    assert any("0 drains" in p for p in problems) and any("no red" in p for p in problems)
    assert any("1 start spaces" in p for p in problems)
    cut = arena(holes=[(q, -1) for q in range(-5, 6)] + [(q, -2) for q in range(-5, 6)])
    problems = duck.board_problems(duck.board_from_data(cut), 6)
    assert any("cannot reach" in p and "the drain" in p for _, p in problems)
    with pytest.raises(RulesDataError, match="options.board"):
        new(board=arena(drain=[(0, -5), (0, 5)]))


def test_ddg_43_hound_board_has_four_short_patterns():
    s = new(variant="advanced")
    assert len(s.patterns) == 4
    assert all(1 <= len(steps) <= 2 for steps, _ in s.patterns)


# -- protocol details ----
def test_notation_round_trips_for_every_action_kind():
    samples = [
        "order 12",
        "place -3,5 face 2",
        "card 7",
        "cards 12 40",
        "route 42/2",
        "face 5",
        "warp -5,0 face 0",
        "stay",
        "turn",
        "done",
        "blue",
        "discard 3 17 40",
        "keep 23/1",
        "step",
        "rotate 4",
        "swap",
        "ghost 3",
        "become 1",
        "hound face 2",
        "hound 23/1",
        "patterns A C",
        "pattern B",
        "send 0,-4",
    ]
    for text in samples:
        assert str(duck.parse_action(text)) == text
    for bad in ["card", "route 42/0", "face 6", "card 007", "patterns A E", "turn 3", "jump"]:
        with pytest.raises(ValueError):
            duck.parse_action(bad)


def test_illegal_actions_leave_the_state_untouched():
    s = race(new(), {0: ((0, 0), 0), 1: ((0, 3), 0)}, hands={0: [21, 1, 2], 1: [50, 3, 4]})
    before = s.to_dict()
    for player, text in [(0, "card 50"), (1, "card 21"), (0, "face 1"), (3, "card 1")]:
        with pytest.raises(IllegalAction):
            act(s, player, text)
    assert s.to_dict() == before
    with pytest.raises(IllegalAction):
        s.view(0).apply(0, A.card_action(21))


def test_view_and_save_round_trip_mid_move():
    s = race(new(), {0: ((-3, 0), 3), 1: ((-5, 1), 0)}, hands={0: [37, 1, 2], 1: [50, 3, 4]})
    choose(s, {0: 37, 1: 50})
    assert isinstance(s.pending, P.Warp)
    again = duck.State.from_dict(s.to_dict())
    assert again.to_dict() == s.to_dict() and again.legal_actions(0) == s.legal_actions(0)
    view = s.view(1)
    assert view.hands[0] == (0, 0) and view.deck.count(0) == len(view.deck)
    full = view.determinize(random.Random(3))
    assert full.view(1).to_dict() == view.to_dict()
    invariants(full)
    act(full, 0, "stay")


# -- the preview the UI and the bots ask ----
def test_preview_shows_path_bonk_buoys_warps_and_drain_without_moving():
    board = arena(red=[(2, 0)], start=[(3, -1), (-5, 0), (-5, 1)])
    s = race(
        new(board=board), {0: ((0, 0), 0), 1: ((4, 0), 3)}, hands={0: [36, 21, 9], 1: [37, 3, 4]}
    )
    before = s.to_dict()
    p = duck.preview(s, 0, 36, 0)
    assert p.path == ((1, 0, 0), (2, -1, 1), (3, -1, 0)) and p.end == (3, -1)
    assert p.warps == ((3, -1),) and p.facings == (1, 5) and p.bonk is None
    p = duck.preview(s, 0, 21, 0)
    assert p.buoys == ("red",) and p.new_buoys == ("red",) and not p.ends_on_buoy
    p = duck.preview(s, 0, 9, 0)
    assert p.end == (2, 0) and p.ends_on_buoy and p.must_move_again
    p = duck.preview(s, 0, 37, 0)  # any card may be asked about
    assert p.bonk == (3, 0, 4, 0, 3, "duck") and p.end == (3, 0) and p.facings == ()
    assert p.heading == 3
    assert duck.preview(s.view(1), 0, 36, 0) == duck.preview(s, 0, 36, 0)
    assert s.to_dict() == before
    s = race(new(), {0: ((0, -3), 2, ("red", "yellow", "green")), 1: ((4, 0), 3)})
    p = duck.preview(s, 0, 9, 0)
    assert p.drain and p.path[-1][:2] == (0, -5) and p.facings == ()
    s = race(new(), {0: ((0, -3), 2), 1: ((4, 0), 3)})
    assert duck.preview(s, 0, 9, 0).bonk[-1] == "drain"


def test_preview_knows_the_hound_and_the_tokens():
    s = advanced(ducks={0: ((0, 0), 0), 1: ((2, 0), 0), 2: ((0, 3), 0)}, hound=((1, 0), 3))
    assert duck.preview(s, 0, 21, 0).hits_hound and duck.preview(s, 0, 21, 0).end is None
    s.ghost[0] = True
    p = duck.preview(s, 0, 21, 0)
    assert not p.hits_hound and p.bonk is None and p.end == (3, 0)
    s.ghost[0], s.become[0] = False, True
    p = duck.preview(s, 0, 21, 0)
    assert p.knocks == (1,) and p.end == (3, 0)


@pytest.mark.parametrize(
    "variant, board, players",
    [("beginner", "bathtub", 4), ("advanced", "harbour", 5), ("advanced", "whirlpool", 3)],
)
def test_preview_agrees_with_the_moves_of_random_games(variant, board, players):
    from game.boards.duck import prepare_options

    opts = prepare_options({"variant": variant, "board": board})
    checked = 0
    for seed in range(8):
        s = duck.new_game(players, seed, opts)
        rng = random.Random(seed)
        while not s.is_over() and s.round_number < 60:
            p = rng.choice(s.to_act())
            a = rng.choice(s.legal_actions(p))
            expected = None
            if isinstance(a, A.Route) and isinstance(s.pending, (P.Pre, P.Extra)):
                expected = duck.preview(s, p, a.card, a.index, s.pending.piece)
            events = s.apply(p, a)
            if expected is None:
                continue
            steps, bonks = [], []
            for e in events[1:]:  # after this move's own "move" event
                if e.kind in ("move", "turn", "hound_move", "extra_move", "warp", "knock_place"):
                    break
                if e.kind == "step" and e.data["duck"] == expected.duck:
                    steps.append((*e.data["hex"], e.data["heading"]))
                if e.kind == "bonk" and e.data["duck"] == expected.duck:
                    bonks.append(
                        (*e.data["hex"], *e.data["blocked"], e.data["heading"], e.data["reason"])
                    )
            if isinstance(s.pending, (P.Warp, P.Send)) and s.mv is not None:
                assert list(expected.path[: len(steps)]) == steps  # paused mid-route
            else:
                assert list(expected.path) == steps
                assert bonks == ([expected.bonk] if expected.bonk else [])
            checked += 1
    assert checked > 100


def test_every_action_class_and_decision_kind_has_its_handler():
    """Issue #26: the rules' handlers are written out in maps, not found by name: every
    action class of the game has what it does, every kind of decision its legal
    actions (a handler left out of a map is a KeyError the first time it is needed)."""
    import inspect

    from game.rules.duck import actions as A
    from game.rules.duck import state as S

    classes = {
        c for _, c in inspect.getmembers(A, inspect.isclass)
        if issubclass(c, A.DuckAction) and c is not A.DuckAction
    }  # fmt: skip
    assert classes == set(S._DO)
    kinds = {name[len("_legal_") :] for name in vars(S.DuckState) if name.startswith("_legal_")}
    assert kinds == {cls.kind for cls in S._LEGAL} and "face" in kinds
    typed = {c for c in vars(P).values() if isinstance(c, type) and issubclass(c, P.Pending)}
    assert set(S._LEGAL) == {c for c in typed if c.kind}  # every pending kind (issue #37)


# -- the events on the wire (issue #26) ----------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "players", "official"),
    [("beginner", 2, False), ("beginner", 4, True), ("advanced", 2, False), ("advanced", 5, True)],
)
def test_every_event_of_whole_games_round_trips_through_its_json(variant, players, official):
    """Every event random whole games make (the opening's too) is read back from its JSON
    as the same typed event (``EVENTS.from_dict``), hexes and card lists as tuples."""
    from game.ai import duck as bots
    from game.boards.duck import prepare_options

    options = {**prepare_options({}), "variant": variant, "official": official}
    seen: set[str] = set()
    for seed in range(3):
        s = duck.new_game(players, seed, options)
        rng = random.Random(seed)
        events = list(s.opening_events)
        for _ in range(3000):
            if s.is_over():
                break
            player = s.to_act()[0]
            legal = s.legal_actions(player)
            action = rng.choice(legal) if rng.random() < 0.2 else bots.normal(s, player, rng)
            events.extend(s.apply(player, action))
        for event in events:
            assert isinstance(event, duck.EVENTS)
            back = duck.EVENTS.from_dict(json.loads(json.dumps(event.to_dict())))
            assert back == event and type(back) is type(event), event
            seen.add(event.kind)
    assert {"setup", "draw", "drawn", "reveal", "move", "step", "face"} <= seen
    assert all(kind in duck.EVENTS.kinds for kind in duck.REVEALING_EVENTS)


def test_a_typed_decision_says_what_each_player_decides_now():
    """``decision(player)``: the typed decision of each player in ``to_act`` (everybody's
    secret choice at once, DDG-11), of nobody else; it follows the rules' pending one."""
    from game.ai import duck as bots
    from game.boards.duck import prepare_options
    from game.rules.duck import decisions as D

    options = {**prepare_options({}), "variant": "advanced"}
    kinds = set()
    for players, seed in ((2, 1), (4, 2)):
        s = duck.new_game(players, seed, options)
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_over():
                break
            acting = s.to_act()
            for p in range(players):
                d = s.decision(p)
                assert (d is None) == (p not in acting)
                if d is not None:
                    assert d.player == p
                    kinds.add(type(d))
                    if isinstance(s.pending, P.OfPiece):
                        piece = getattr(d, "duck", getattr(d, "piece", None))
                        assert piece is None or piece == s.pending.piece
            p = acting[0]
            legal = s.legal_actions(p)
            s.apply(p, rng.choice(legal) if rng.random() < 0.3 else bots.normal(s, p, rng))
    assert {D.ChooseCards, D.PlaceDuck, D.PlayTurn, D.MoveHound} <= kinds


def test_the_pending_decision_is_typed_and_saves_as_the_list_it_always_was():
    """issue #37: ``pending`` is a frozen class per kind (pending.py), not a string-tagged
    tuple; a save keeps it as the same list as before, so old saves read back."""
    from game.ai import duck as bots
    from game.boards.duck import prepare_options
    from game.rules.duck.state import DuckState

    old = ["discard", 1, ["face", 1, 2, [0, 3], "knock"]]  # as a save before the change
    typed = P.Pending.from_list(old)
    assert typed == P.Discard(1, P.Face(1, 2, (0, 3), "knock"))
    assert typed.to_list() == old
    with pytest.raises(ValueError, match="unknown pending"):
        P.Pending.from_list(["fly", 0])
    with pytest.raises(ValueError, match="fields"):
        P.Pending.from_list(["pre", 0])
    seen = set()
    options = {**prepare_options({}), "variant": "advanced"}
    s = duck.new_game(3, 4, options)
    rng = random.Random(4)
    for _ in range(300):
        if s.is_over():
            break
        saved = json.loads(json.dumps(s.to_dict()))
        if s.pending is not None:
            seen.add(type(s.pending))
            assert isinstance(s.pending, P.Pending) and saved["pending"][0] == s.pending.kind
        again = DuckState.from_dict(saved)
        assert again.pending == s.pending and again.to_dict() == saved
        p = s.to_act()[0]
        s.apply(p, bots.normal(s, p, rng) if rng.random() < 0.7 else rng.choice(s.legal_actions(p)))
    assert {P.Place, P.Pre, P.Face} <= seen
