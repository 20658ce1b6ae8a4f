"""Verflixxt! with hats, the hard computer (issue #40): it plays whole games of every
kind with hats legally and reads only its view (the others' cards and the state's own
generator never change its choice)."""

from __future__ import annotations

import random

import pytest

import game.rules.verflixxt as vx
from game.ai import search as search_module
from game.ai import verflixxt as ai


class FrozenClock:
    """A clock that never moves: the search stops on its bound on playouts only, so a
    test does the same work under any load."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter  # the hats search's clock (issue #40)


@pytest.fixture
def frozen(monkeypatch):
    monkeypatch.setattr(search_module, "time", FrozenClock)


def hats_position(hands, hat_on, pawns, players=2, seed=1):
    """A game with hats after the hat draw, seat 0 to play: the given hands (the cards
    come out of the pile), hats and pawns (tiles by index on the track)."""
    s = vx.new_game(players, seed, {"variant": "hats"})
    while s.phase == "contest":
        s.apply(s.to_act()[0], vx.parse_action("draw"))
    s.current = 0
    s.hat_on = dict(hat_on)
    for q, row in pawns.items():
        s.pawns[q] = [s.track[i] for i in row]
    for q, hand in hands.items():
        s.deck.extend(s.hands[q])
        s.hands[q] = []
        for card in hand:
            s.deck.remove(card)
            s.hands[q].append(card)
        s.hands[q].sort()
    s.touch()
    return s


def turn_of(s, bot):
    """A copy of ``s`` after ``bot`` has played seat 0's whole turn from its views."""
    state, rng = s.clone(), random.Random(1)
    while state.current == 0 and not state.is_over():
        state.apply(0, bot(state.view(0), 0, rng))
    return state


def test_hard_with_hats_reads_only_the_view(frozen):
    """issue #40, never a peek: the others' hidden cards and the state's own generator
    differ, the view is the same: so is the hard computer's choice, and its candidates'
    samples."""
    s = hats_position({0: ["o3", "y5"]}, {"lucky": "1b", "unlucky": "0b"}, {1: [2, 4, 6]})
    other = s.clone()
    other.deck.extend(other.hands[1])
    other.hands[1] = sorted(other.deck.pop(0) for _ in range(2))
    other.rng = random.Random(987)
    other.touch()
    assert other.hands[1] != s.hands[1]
    assert other.view(0).to_dict() == s.view(0).to_dict()
    first = ai.analyse_hard(s.view(0), 0, random.Random(4), max_iterations=40)
    again = ai.analyse_hard(other.view(0), 0, random.Random(4), max_iterations=40)
    assert first.choice == again.choice
    assert [c.samples for c in first.candidates] == [c.samples for c in again.candidates]


@pytest.mark.parametrize(("players", "attack"), [(3, True), (6, False)])
def test_hard_plays_whole_hat_games_legally_from_its_view(frozen, players, attack):
    """issue #40: the hard computer with hats decides every kind of decision to the end
    of a game (cards, hats, a yellow lead's second card or stop, the attack of VX-31) with
    the least work it ever does, each choice legal and made from the seat's view; the
    game ends with a winner."""
    s = vx.new_game(players, 21, {"variant": "hats", "attack": attack})
    rng = random.Random(21)
    kinds = set()
    while not s.is_over():
        p = s.to_act()[0]
        action = ai.hard(s.view(p), p, rng, max_iterations=0)
        assert action in s.legal_actions(p)
        kinds.add(type(action).__name__)
        s.apply(p, action)
    assert s.winners()
    assert {"Play", "Hat"} <= kinds


def test_the_whole_turn_look_takes_the_lucky_hat_a_second_card_away():
    """issue #40, VX-24, VX-26: a yellow lead gives a second card, and a pawn that ends
    on the lucky hat's wearer may take the hat. Seat 0 holds a yellow 5 and an orange 3:
    its pawn on the -1 tile can go 5 onto a +5, and then a pawn from the start 3 onto the
    wearer (the -1 tile taken, the track closed up). One action ahead (``normal``) sees
    neither the second card nor the hat: its turn ends with the hat where it was. The
    whole-turn look (``whole_turn``, the hats search's default move and its own moves in
    the playouts) ends its turn wearing the lucky hat."""
    s = hats_position(
        {0: ["o3", "y5"]}, {"lucky": "1a", "unlucky": None}, {0: [1, 0, 0], 1: [4, 9, 12]}, seed=3
    )

    assert turn_of(s, ai.normal).hat_on["lucky"] == "1a"
    assert turn_of(s, ai.whole_turn).hat_on["lucky"][0] == "0"
    # the best whole turn is worth more than the best one action ahead, by about the hat
    full = s.view(0).determinize(random.Random(1))
    best_turn = max(ai.rest_of_turn(full, 0, a) for a in full.legal_actions(0))
    best_step = max(ai.rest_of_turn(full, 0, a, depth=1) for a in full.legal_actions(0))
    assert best_turn - best_step > 0.8 * 10


def test_whole_turn_reads_only_the_view():
    """issue #40, never a peek: ``whole_turn`` decides on one determinization of the
    view; the others' hidden cards differ, its choice does not."""
    s = hats_position({0: ["o3", "y5"]}, {"lucky": "1b", "unlucky": "0b"}, {1: [2, 4, 6]})
    other = s.clone()
    other.deck.extend(other.hands[1])
    other.hands[1] = sorted(other.deck.pop(0) for _ in range(2))
    assert other.hands[1] != s.hands[1]
    for seed in range(5):
        mine = ai.whole_turn(s.view(0), 0, random.Random(seed))
        theirs = ai.whole_turn(other.view(0), 0, random.Random(seed))
        assert mine == theirs
