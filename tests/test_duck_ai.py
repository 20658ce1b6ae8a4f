"""Duck! Duck! Go! bots: legal, hidden-information-safe, fast, and better than chance."""

from __future__ import annotations

import random

import pytest

from game.ai import duck as bots
from game.ai import make_bot
from game.boards.duck import prepare_options
from game.rules import conformance, duck
from game.rules.duck import pending as P
from game.rules.duck.checks import invariants
from tests.scenarios.duck.arena import act, arena, new, race


@pytest.mark.parametrize(
    "variant, official, board, players",
    [
        ("beginner", False, "bathtub", 4),
        ("advanced", True, "harbour", 5),
        ("advanced", False, "whirlpool", 3),
        ("advanced", True, "canal", 2),
        ("advanced", False, "spa", 6),
    ],
)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_choose_legal_actions_from_views_in_every_mode(
    variant, official, board, players, level
):
    opts = prepare_options({"variant": variant, "official": official, "board": board})
    func = getattr(bots, level)

    def chooser(state, player, legal, rng):
        action = func(state.view(player), player, rng)
        assert action in legal
        return action

    for seed in range(3):
        state, _ = conformance.play_random(
            duck.new_game,
            players,
            seed,
            opts,
            invariants=invariants,
            deep_every=0,
            chooser=chooser,
            max_actions=4_000,
        )
        assert state.is_over()


def test_normal_plays_a_whole_six_duck_advanced_game_on_the_grand_canal_legally():
    """The normal computer finishes the biggest game there is, every decision legal and
    made from its seat's view. How long it thinks is a benchmark figure
    (tools/bench_decisions.py), never a test's assertion (issue #37: it failed on a loaded
    machine)."""
    opts = prepare_options({"variant": "advanced", "board": "grand-canal"})
    state = duck.new_game(6, 3, opts)
    rng = random.Random(1)
    while not state.is_over() and state.round_number < 100:
        p = state.to_act()[0]
        action = bots.normal(state.view(p), p, rng)
        assert action in state.legal_actions(p)
        state.apply(p, action)
    assert state.is_over()


def test_greedy_beats_random_players():
    opts = prepare_options({})
    greedy, random_bot = make_bot("duck", "normal"), make_bot("duck", "random")
    wins = 0
    for seed in range(40):
        seat = seed % 4
        state = duck.new_game(4, seed, opts)
        rng = random.Random(seed)
        while not state.is_over():
            p = state.to_act()[0]
            bot = greedy if p == seat else random_bot
            state.apply(p, bot.choose(state.view(p), p, rng))
        wins += state.winners() == (seat,)
    assert wins >= 30


def test_ddg26_greedy_discards_for_both_of_its_ducks():
    """DDG-26: after a blue token a player with two ducks keeps the card that takes its
    second duck to a buoy, though it is no use to the first (which faces the rim)."""
    s = race(
        new(players=2, variant="advanced", board=arena(red=[(3, 0)])),
        {0: ((5, -2), 0), 1: ((0, 0), 0), 2: ((-3, -1), 0), 3: ((-3, 3), 0)},
        hands={0: [9, 11, 21, 47], 1: [5, 10, 13, 14]},
        deck_top=[7, 25, 42],
    )
    act(s, 0, "blue")
    assert s.hands[0] == (7, 9, 11, 21, 25, 42, 47)
    view = s.view(0)
    assert bots._card_value(view, 1, 21) > 90 > bots._card_value(view, 0, 21)  # red, duck 1
    assert bots._card_value(view, 0, 25) > 90  # red, duck 0
    discard = bots.normal(view, 0, random.Random(1))
    assert not {21, 25, 47} & set(discard.cards)


def test_greedy_takes_the_card_that_reaches_the_drain():
    s = race(
        new(),
        {0: ((0, -2), 2, ("red", "yellow", "green")), 1: ((3, -3), 2)},
        hands={0: [5, 9, 21], 1: [50, 3, 4]},
    )
    assert bots.normal(s.view(0), 0, random.Random(1)) == duck.parse_action("card 21")


def test_greedy_avoids_a_bonk_and_faces_its_next_buoy():
    # facing the east rim: 9 and 11 bonk at once; 32's second route turns back inland
    s = race(new(), {0: ((5, -2), 0), 1: ((-3, 1), 0)}, hands={0: [9, 11, 32], 1: [50, 3, 4]})
    assert bots.normal(s.view(0), 0, random.Random(1)) == duck.parse_action("card 32")
    act(s, 0, "card 32")
    act(s, 1, "card 50")
    assert bots.normal(s.view(0), 0, random.Random(1)) == duck.parse_action("route 32/2")
    s = race(new(), {0: ((0, 0), 0), 1: ((-3, 1), 0)}, hands={0: [2, 9, 11], 1: [50, 3, 4]})
    act(s, 0, "card 2")
    act(s, 1, "card 50")
    assert isinstance(s.pending, P.Face)  # card 2: left or right
    face = bots.normal(s.view(0), 0, random.Random(1))
    assert face == duck.parse_action("face 1")  # the red buoy is up to the right


def test_evaluate_prefers_tokens_and_wins():
    s = race(new(), {0: ((0, 0), 0, ("red",)), 1: ((1, 1), 0)})
    assert bots.evaluate(s, 0) > bots.evaluate(s, 1)
    s.winner = 1
    assert bots.evaluate(s, 1) == bots.WIN and bots.evaluate(s, 0) == -bots.WIN


def test_easy_never_picks_a_bonking_route_when_another_exists():
    # on the east rim facing out: card 31's left route bonks, its right one does not
    s = race(new(), {0: ((5, -2), 0), 1: ((-3, 1), 0)}, hands={0: [31, 11, 13], 1: [50, 3, 4]})
    act(s, 0, "card 31")
    act(s, 1, "card 50")
    for seed in range(20):
        assert bots.easy(s.view(0), 0, random.Random(seed)) == duck.parse_action("route 31/2")


def test_the_search_counts_the_cards_a_duck_holds_not_only_where_it_stands():
    """Hard's leaf evaluation (evaluate_all): the same duck on the same hex is worth more
    with a hand that reaches the drain (card 21, as above) than with cards that bonk on
    the rim; a win is worth WIN to the winner only."""
    place = {0: ((0, -2), 2, ("red", "yellow", "green")), 1: ((3, -3), 2)}
    reaching = race(new(), place, hands={0: [5, 9, 21], 1: [50, 3, 4]})
    stuck = race(new(), place, hands={0: [5, 9, 11], 1: [50, 3, 4]})
    assert bots.evaluate(reaching, 0) == bots.evaluate(stuck, 0)  # it only sees the hex
    assert bots.evaluate_all(reaching)[0] == bots.WIN
    assert bots.evaluate_all(stuck)[0] < bots.WIN
    assert bots.evaluate_all(reaching)[1] == bots.evaluate_all(stuck)[1]
    stuck.winner = 1
    assert bots.evaluate_all(stuck) == [-bots.WIN, bots.WIN]
