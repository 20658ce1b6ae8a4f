"""Computer players (issue 5): every level finishes whole games of every game and mode,
a fixed seed gives the same game, and a bot decides from its view alone."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.ai import LEVELS, game_knowledge, make_bot
from game.boards import prepare_options

MODES = {
    "duck": [{}, {"variant": "advanced"}, {"variant": "twoducks"}, {"official": True}],
    "verflixxt": [{"variant": "base"}, {"variant": "hats", "attack": True}],
    "cluck": [{}, {"long_road": True, "runaway": True}],
    "routes": [{}],
}
PLAYERS = {"duck": 3, "verflixxt": 3, "cluck": 3, "routes": 3}


def _bot(game_id, level):
    if level == "hard" and getattr(game_knowledge(game_id), "hard", None) is None:
        # the generic search, small and reproducible: bounded by iterations, not the clock
        return make_bot(game_id, level, budget_ms=10_000, max_iterations=12)
    return make_bot(game_id, level)  # a game's own hard is bounded by work already


def _play(game_id, options, levels, seed, max_rounds=120):
    module = rules.load(game_id)
    state = module.new_game(len(levels), seed, prepare_options(game_id, options))
    bots = [_bot(game_id, level) for level in levels]
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and state.round_number <= max_rounds:
        p = state.to_act()[0]
        action = bots[p].choose(state.view(p), p, rng)
        assert action in state.legal_actions(p)
        state.apply(p, action)
        actions.append((p, str(action)))
    return state, actions


CASES = [(g, i) for g, modes in MODES.items() for i in range(len(modes))]


@pytest.mark.soak  # whole games at every level and player count: ~20 s, CI only
@pytest.mark.parametrize("game_id,mode", CASES, ids=[f"{g}-{i}" for g, i in CASES])
def test_every_level_finishes_whole_games(game_id, mode):
    options = MODES[game_id][mode]
    players = 2 if options.get("variant") == "twoducks" else PLAYERS[game_id]
    for level in ("easy", "normal"):
        state, _ = _play(game_id, options, [level] * players, seed=11)
        assert state.is_over(), f"{level} did not finish {game_id} {options}"
    levels = ["hard"] + ["easy"] * (players - 1)
    state, _ = _play(game_id, options, levels, seed=12)
    assert state.is_over(), f"hard did not finish {game_id} {options}"


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_fixed_seed_gives_the_same_game_at_every_level(game_id):
    players = PLAYERS[game_id]
    for level in LEVELS:
        levels = [level] + ["normal"] * (players - 1)
        first = _play(game_id, {}, levels, seed=5, max_rounds=3)[1]
        second = _play(game_id, {}, levels, seed=5, max_rounds=3)[1]
        assert first == second, f"{level} is not deterministic in {game_id}"


class _StoppedClock:
    """A clock that never moves, for the searches' time guards: a decision under test
    depends on the view alone, not on how loaded the machine is (under load a guard fired
    in one call and not the other, and the two decisions differed)."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter  # the hats search's clock (issue #40)


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_bot_decides_from_its_view_alone(game_id, monkeypatch):
    """Hidden parts shuffled differently, the same view: the same decision."""
    from game.ai import search, verflixxt_search

    for module in (search, verflixxt_search):  # bounded by their work, not the clock
        monkeypatch.setattr(module, "time", _StoppedClock)
    module = rules.load(game_id)
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        state = module.new_game(PLAYERS[game_id], seed, prepare_options(game_id, {}))
        for _ in range(rng.randrange(0, 40)):  # somewhere into the game
            if state.is_over():
                break
            p = state.to_act()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
        if state.is_over():
            continue
        player = state.to_act()[0]
        view = state.view(player)
        other = view.determinize(random.Random(seed + 1000))  # other hands, deck, dice
        assert other.view(player).to_dict() == view.to_dict()
        for level in ("easy", "normal", "hard"):
            bot = _bot(game_id, level)
            a = bot.choose(state.view(player), player, random.Random(99))
            b = bot.choose(other.view(player), player, random.Random(99))
            assert a == b, f"{level} in {game_id} decided differently on the same view"
        checked += 1
    assert checked >= 10


def test_search_plays_a_challenger_only_when_its_paired_advantage_is_clear():
    from game.ai.search import SearchBot

    bot = SearchBot(lambda state, player: 0.0, confidence=1.5)
    worlds = [random.Random(i).uniform(-50, 50) for i in range(30)]  # shared luck
    greedy = list(worlds)
    better = [w + 1.0 + random.Random(100 + i).uniform(-0.5, 0.5) for i, w in enumerate(worlds)]
    noisy = [w + random.Random(200 + i).uniform(-3, 3) for i, w in enumerate(worlds)]
    assert bot._pick([greedy, noisy, better]) == 2
    assert bot._pick([greedy, noisy]) == 0
    assert bot._pick([greedy[:1], better[:1]]) == 0  # one sample: no change


# -- a seat is measured against the others, never against itself (issue #36) --------------------
class _Standing:
    """A state that is not over, with three seats; the evaluation is given per seat."""

    players = 3

    def is_over(self) -> bool:
        return False


def test_the_searchs_value_is_its_lead_over_the_best_other_seat():
    """issue #36: the hard search compared its seat with every seat, itself too, so its
    value was never positive (a lead was worth nothing). The leader's value is its lead,
    the others' how far behind the leader they are, with one evaluation or with all."""
    from game.ai.search import SearchBot

    values = [7.0, 3.0, 5.0]
    one = SearchBot(lambda state, player: values[player])
    every = SearchBot(lambda state, player: 0.0, evaluate_all=lambda state: list(values))
    for bot in (one, every):
        assert [bot.value(_Standing(), p) for p in range(3)] == [2.0, -4.0, -2.0]


def test_verflixxts_standing_and_odds_compare_a_seat_with_the_others_only(monkeypatch):
    """issue #36: Verflixxt!'s own search weighs a seat against the others' average and
    its chance of beating each rival; itself left out of both."""
    from game.ai import verflixxt_eval, verflixxt_search

    assert verflixxt_search.standing([6.0, 2.0, 4.0], 0) == 3.0
    assert verflixxt_search.standing([6.0, 2.0, 4.0], 1) == -3.0
    wide = verflixxt_search.chance_of_winning([6.0, 6.0], 0, tiles_left=0)
    assert wide == pytest.approx(0.5)  # one rival level with it: an even chance, not 1/4
    alone_ahead = verflixxt_search.chance_of_winning([60.0, 0.0, 0.0], 0, tiles_left=0)
    assert alone_ahead > 0.99
    state = rules.load("verflixxt").new_game(3, 1, prepare_options("verflixxt", {}))
    fixed = [6.0, 2.0, 4.0]
    monkeypatch.setattr(verflixxt_eval, "evaluate_all", lambda state: list(fixed))
    assert [verflixxt_eval.standing(state, p) for p in range(3)] == [3.0, -3.0, 0.0]


def test_cluck_peeps_margin_is_the_lead_over_the_best_rival():
    """issue #36: Cluck-peep!'s margin (what its normal and hard bots maximise) is a seat's
    chicks ahead of the best rival: positive for the leader."""
    from game.ai import cluck

    assert cluck._margin([5.0, 2.0, 3.0], 0) == 2.0
    assert cluck._margin([5.0, 2.0, 3.0], 2) == -2.0


@pytest.mark.parametrize("game_id", ["routes", "cluck"])
def test_the_leader_of_a_game_in_progress_is_valued_above_zero(game_id):
    """issue #36: at the positions of random games some seat is ahead, and its evaluation
    says so (a seat compared with itself too is never above zero); Eight Routes' expected
    scores are the same for every seat, so at most one seat is ahead of all the others."""
    module = rules.load(game_id)
    knowledge = game_knowledge(game_id)
    rng = random.Random(5)
    ahead = seen = 0
    for seed in range(6):
        state = module.new_game(3, seed, prepare_options(game_id, {}))
        while not state.is_over():  # every position of a random game, before its end
            values = [knowledge.evaluate(state, p) for p in range(3)]
            seen += 1
            ahead += any(v > 1e-9 for v in values)
            if game_id == "routes":
                assert sum(v > 1e-9 for v in values) <= 1, values
            p = state.to_act()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert seen >= 40 and ahead >= seen // 4
