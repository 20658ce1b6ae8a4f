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
