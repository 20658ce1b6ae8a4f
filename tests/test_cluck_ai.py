"""Cluck-peep! bots: legal, view-only, quick, and the greedy one plays better than chance."""
import random
import time

from game.ai import make_bot
from game.ai import cluck as knowledge
from game.boards.cluck import prepare_options
from game.rules import cluck

OPTIONS = prepare_options({})


def _play(levels, seed, options=OPTIONS, timings=None):
    state = cluck.new_game(len(levels), seed, options)
    bots = [make_bot("cluck", level) for level in levels]
    rng = random.Random(seed)
    while not state.is_over():
        p = state.to_act()[0]
        view = state.view(p)
        started = time.perf_counter()
        action = bots[p].choose(view, p, rng)
        if timings is not None and levels[p] == "normal":
            timings.append(time.perf_counter() - started)
        assert action in state.legal_actions(p)
        state.apply(p, action)
    return state


def test_levels_are_the_games_own():
    assert make_bot("cluck", "easy").level == "easy"
    assert make_bot("cluck", "normal").level == "normal"
    hard = make_bot("cluck", "hard", budget_ms=30, max_iterations=40)
    state = cluck.new_game(3, 2, OPTIONS)
    while not state.is_over():                                # the search runs on our views
        p = state.to_act()[0]
        state.apply(p, hard.choose(state.view(p), p, random.Random(p)))


def test_bots_choose_legal_moves_from_views_in_every_variant_quickly():
    timings = []
    for seed, variant in enumerate(["base", "long", "runaway", "both"] * 5):
        _play(["normal", "easy", "random", "normal"][:2 + seed % 3], seed,
              prepare_options({"variant": variant}), timings)
    assert sum(timings) / len(timings) < 0.005


def test_the_view_is_all_a_bot_needs():
    state = cluck.new_game(3, 9, OPTIONS)
    rng = random.Random(1)
    while not state.is_over():
        p = state.to_act()[0]
        view = state.view(p)
        assert view.hidden == (None, None) and set(view.pile) == {None}
        assert knowledge.normal(view, p, random.Random(2)) == \
            knowledge.normal(view, p, random.Random(2))
        state.apply(p, knowledge.easy(view, p, rng))


def test_evaluate_counts_chicks_and_the_winner():
    state = _play(["random"] * 3, 11)
    best = max(state.stands)
    for p in range(3):
        value = knowledge.evaluate(state, p)
        assert (value > 0) == (state.winners() == (p,))
        assert value >= state.stands[p] - best
    fresh = cluck.new_game(2, 1, OPTIONS)
    assert knowledge.evaluate(fresh, 0) == 0.0


def test_greedy_wins_more_than_its_share_against_random():
    wins = 0.0
    games = 120
    for seed in range(games):
        seat = seed % 4
        levels = ["random"] * 4
        levels[seat] = "normal"
        state = _play(levels, seed)
        if seat in state.winners():
            wins += 1 / len(state.winners())
    assert wins / games > 0.38                              # measured ~0.5; chance is 0.25
