"""The look back (issue #40): each person's costliest decisions against the hard
computer's estimate, recomputed with the same seeds and search as a live hint."""

from __future__ import annotations

import random

import pytest

from game import rules
from game.ai import make_bot, verflixxt_search
from game.ai import review as review_module
from game.ai import search as search_module
from game.ai.coach import advise
from game.ai.coach_words import moment_text
from game.ai.review import MOMENTS, review, weigh
from game.boards import prepare_options
from game.ui.i18n import Translator


class FrozenClock:
    """A clock that never moves: the searches stop on their work bound only."""

    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter  # the hats search's clock (issue #40)


@pytest.fixture(autouse=True)
def frozen(monkeypatch):
    monkeypatch.setattr(search_module, "time", FrozenClock)
    monkeypatch.setattr(verflixxt_search, "time", FrozenClock)
    # in this process, where the clock is frozen (worker processes: their own test)
    monkeypatch.setattr(review_module, "WORKERS", 1)


def recorded(game_id, options, players=3, seed=4, most=None):
    """A game played by an easy seat 0 and normal others: its prepared options and
    actions (the first ``most`` of them, when given)."""
    module = rules.load(game_id)
    prepared = prepare_options(game_id, options)
    state = module.new_game(players, seed, prepared)
    bots = [make_bot(game_id, "easy")] + [make_bot(game_id, "normal")] * (players - 1)
    rng = random.Random(seed)
    actions = []
    while not state.is_over() and (most is None or len(actions) < most):
        seat = state.to_act()[0]
        action = bots[seat].choose(state.view(seat), seat, rng)
        state.apply(seat, action)
        actions.append((seat, str(action)))
    return prepared, actions


CASES = [
    ("cluck", {}, None),
    ("verflixxt", {"variant": "base"}, None),
    ("duck", {}, 40),
    ("routes", {}, 30),
    ("verflixxt", {"variant": "hats"}, 40),
]


@pytest.mark.parametrize(
    "game_id,options,most", CASES, ids=[f"{g}-{o.get('variant', '')}" for g, o, _ in CASES]
)
def test_costs_are_never_negative_and_the_top_moment_costs_most(game_id, options, most):
    """issue #40: the review's cost is never negative, and its top moment is the decision
    with the largest cost of all the seat's decisions."""
    prepared, actions = recorded(game_id, options, most=most)
    module = rules.load(game_id)
    state = module.new_game(3, 4, prepared)
    costs = []
    for step, (seat, text) in enumerate(actions):
        action = module.parse_action(text)
        if seat == 0:
            moment = weigh(game_id, state, seat, step, action)
            if moment is not None:
                assert moment.cost >= 0
                assert moment.played.action == action
                costs.append(moment.cost)
        state.apply(seat, action)
    looked = review(game_id, 3, 4, prepared, actions, [0])
    assert looked.decisions == len(costs)
    moments = looked.moments[0]
    assert len(moments) == min(MOMENTS, sum(1 for c in costs if c > 0))
    assert all(m.cost > 0 for m in moments)
    if moments:
        assert moments[0].cost == pytest.approx(max(costs))
        assert [m.cost for m in moments] == sorted((m.cost for m in moments), reverse=True)
        for lang in ("en", "ja"):
            text = moment_text(Translator(lang), game_id, moments[0])
            assert str(moments[0].step + 1) in text


def test_a_moment_is_what_the_live_hint_said():
    """issue #40: nothing is recomputed differently from the live game: where the move
    played was among the coach's own candidates, the look back's figures for the
    position are the live hint's (same seed, same search)."""
    prepared, actions = recorded("cluck", {})
    module = rules.load("cluck")
    state = module.new_game(3, 4, prepared)
    compared = 0
    for step, (seat, text) in enumerate(actions):
        action = module.parse_action(text)
        if seat == 0 and len(state.legal_actions(seat)) > 1:
            live = advise("cluck", state, seat, step)
            moment = weigh("cluck", state, seat, step, action)
            assert moment is not None
            assert moment.advice.to_dict() == live.to_dict()
            compared += 1
        state.apply(seat, action)
    assert compared >= 2


@pytest.mark.parametrize("game_id,most", [("routes", None), ("duck", None)])
def test_the_look_back_in_worker_processes_is_the_look_back_here(game_id, most):
    """issue #40 (a whole game's look back within 5 s): weighed in two worker processes,
    (a game with enough decisions for both),
    the moments, figures and costs are exactly those weighed in this process, and the
    progress still reaches the end of the record."""
    prepared, actions = recorded(game_id, {}, most=most)
    here = review(game_id, 3, 4, prepared, actions, [0], workers=1).to_dict()
    told = []
    there = review(
        game_id, 3, 4, prepared, actions, [0], workers=2, progress=lambda d, t: told.append((d, t))
    ).to_dict()
    here.pop("seconds"), there.pop("seconds")
    assert here["decisions"] >= 2 * review_module.PER_WORKER  # so both workers weighed
    assert there == here
    assert told[-1] == (len(actions), len(actions))
    assert [d for d, _ in told] == sorted(d for d, _ in told)


def _moment(best_figures, played_figures):
    """A Cluck-peep! moment whose best and played moves measured ``*_figures``."""
    from game.ai.coach import Advice, Option
    from game.ai.review import Moment

    module = rules.load("cluck")
    best = Option(module.parse_action("hole 4"), 0.41, 60, best_figures)
    played = Option(module.parse_action("hole 2"), 0.38, 60, played_figures)
    advice = Advice("cluck", 0, 6, [best, played])
    return Moment(6, 0, played, best, 0.03, advice)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_moment_whose_figures_are_alike_says_the_cost_is_the_whole_score(lang):
    """issue #40 (COACHSHOTS): where no figure tells the move played from the best apart,
    the moment says the search scored the whole position higher, not "2.0 chicks; hole 5
    would have given 2.0 chicks" as if nothing was lost; otherwise it compares figures."""
    from game.ai.coach_words import action_name

    t = Translator(lang)
    for best, key in ((2.02, "coach.review.moment_overall"), (2.6, "coach.review.moment")):
        moment = _moment({"chicks": best}, {"chicks": 2.0})
        names = {
            "played": action_name(t, "cluck", moment.played.action),
            "best": action_name(t, "cluck", moment.best.action),
        }
        mine, theirs = (t("coach.fact.chicks", v=f"{v:.1f}") for v in (2.0, best))
        expected = t(key, step=7, mine=mine, theirs=theirs, **names)
        assert moment_text(t, "cluck", moment) == expected
    assert "2.0" in expected and "2.6" in expected
