"""Verflixxt! with hats, the hard computer (issue #40: a stronger hard computer for
Verflixxt! with hats): it weighs each move by the best rest of its own turn, so it sees
the hat a move lets it take or give (VX-26) and the second card a yellow lead still
plays (VX-24), which the one-step normal rule misses; and it still reads only its view."""

from __future__ import annotations

import random

import pytest

import game.rules.verflixxt as vx
from game.ai import search as search_module
from game.ai import verflixxt as ai
from game.ai import verflixxt_hats as hats


class FrozenClock:
    """A clock that never moves: the search stops on its bound on playouts only, so a
    test does the same work under any load."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0


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


def hard_choice(s, player, seed=1, playouts=0):
    """The hard computer's decision at the seat's view with the least work it ever does:
    two batches of playouts, what fits in its 50 ms on a loaded machine (the clock is
    frozen, so this holds under any load)."""
    return ai.hard(s.view(player), player, random.Random(seed), max_iterations=playouts)


def default_move(s, player, seed=1):
    """The move the search keeps unless a challenger is clearly better in the playouts."""
    weighed = ai.analyse_hard(s.view(player), player, random.Random(seed), max_iterations=0)
    return str(weighed.candidates[0].action)


def normal_choices(s, player):
    return {str(ai.normal(s.view(player), player, random.Random(k))) for k in range(12)}


def test_hard_steps_onto_the_lucky_hat_to_take_it(frozen):
    """issue #40, VX-26 take: a 3 brings pawn a onto the rival pawn wearing the lucky hat
    (+10 at the finish, VX-29); normal, one decision ahead, sees only the tile and plays
    the 4; hard sees the hat it can take after the move, and takes it."""
    s = hats_position({0: ["o3", "o4"]}, {"lucky": "1b", "unlucky": "1a"}, {1: [0, 3, 0]})
    assert "play o3 a" not in normal_choices(s, 0)
    assert default_move(s, 0) == "play o3 a"
    choice = hard_choice(s, 0)
    assert str(choice) == "play o3 a"
    s.apply(0, choice)
    assert s.phase == "hat"
    assert str(hard_choice(s, 0)) == "hat take 1b"


def test_hard_walks_the_unlucky_hat_onto_a_bare_rival_to_give_it_away(frozen):
    """issue #40, VX-26 give: pawn a wears the unlucky hat (-10 at the finish); a 2 brings
    it onto a bare rival pawn, where the hat can be given away. Normal does not see the
    gift one decision ahead; hard plays the 2 on pawn a and gives the hat."""
    s = hats_position(
        {0: ["o2", "o5"]}, {"lucky": "1c", "unlucky": "0a"}, {0: [1, 0, 0], 1: [3, 0, 0]}
    )
    assert not any(c.startswith("play o2 a") for c in normal_choices(s, 0))
    assert default_move(s, 0) == "play o2 a fwd"
    choice = hard_choice(s, 0)
    assert str(choice) == "play o2 a fwd"
    s.apply(0, choice)
    assert str(hard_choice(s, 0)) == "hat give 1a"


def test_turn_look_tries_the_second_card_only_after_a_yellow_lead():
    """issue #40, VX-24: the own turn goes on after a yellow lead (a second card or stop)
    and after a move onto others (a hat, VX-26); after an orange card without a hat it
    ends, and the look scores the position as it stands."""
    s = hats_position({0: ["o3", "y4"]}, {"lucky": "1b", "unlucky": "1a"}, {1: [0, 0, 0]})
    lead = s.clone()
    lead.apply(0, vx.parse_action("play y4 a"))
    assert hats.in_turn(lead, 0)
    second = {str(a) for a in lead.legal_actions(0)}
    assert "stop" in second and "play o3 b" in second
    look = hats.TurnLook(0)
    best = max(hats.win_chance(_after(lead, a), 0) for a in lead.legal_actions(0))
    assert look.best(lead) == pytest.approx(best)
    single = s.clone()
    single.apply(0, vx.parse_action("play o3 a"))
    assert not hats.in_turn(single, 0)
    assert hats.TurnLook(0).best(single) == hats.win_chance(single, 0)


def _after(state, action):
    after = state.clone()
    after.apply(after.current, action)
    return after


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
    """issue #40: the own-turn look follows every kind of decision to the end of a game
    (cards, hats, a yellow lead's second card or stop, the attack of VX-31), each choice
    legal and made from the seat's view; the game ends with a winner."""
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


def test_spare_lucky_tiles_count_as_in_the_base_game_search():
    """issue #40: the hats search's leaves count spare lucky tiles as the base game's
    search does (Tiles.spare_bonus), so leaving a lucky tile with no minus tile to turn
    no longer looks like a loss; a finished game is still only a win or a loss."""
    from game.ai import verflixxt_search as vs

    s = hats_position({0: ["o3", "o4"]}, {"lucky": "1b", "unlucky": "1a"}, {1: [0, 0, 0]})
    kinds = s.box.kinds
    lucky = [t for t in s.box.kinds if kinds[t] == "lucky"][:2]
    minus = sorted((t for t in kinds if kinds[t] == "minus"), key=lambda t: s.box.values[t])
    tiles = vs._tiles_for(s.box)
    for taken in ([], lucky[:1], lucky, lucky + [minus[-1]], lucky + [minus[0], minus[-1]]):
        s.taken[0] = list(taken)
        pile = tiles.empty
        for t in taken:
            pile = tiles.add(pile, tiles.code[t])
        assert hats.spare_bonus(s, 0) == tiles.spare_bonus(pile)
    s.taken[0] = lucky[:1]
    assert hats.spare_bonus(s, 0) == vs.SPARE_LUCKY
    plain = vs.chance_of_winning(ai.evaluate_all(s), 0, len(s.track) - 2)
    assert hats.win_chance(s, 0) > plain
