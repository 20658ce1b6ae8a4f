"""The generic search's own policy (issue #40): a game may give the search a policy for
the searching seat's own moves (its default move and its moves in the playouts) apart
from the policy the other seats play on with, and a ranking of its challengers."""

from __future__ import annotations

import random

import game.rules.verflixxt as vx
from game.ai import search as search_module
from game.ai import verflixxt as ai
from game.ai.verflixxt_eval import evaluate, evaluate_all


class FrozenClock:
    @staticmethod
    def perf_counter() -> float:
        return 0.0

    thread_time = perf_counter


def test_own_policy_plays_the_searching_seat_and_the_rollout_policy_the_others(monkeypatch):
    """issue #40: every own move in a playout (and the default move) comes from
    ``own_policy``, every other seat's from ``rollout_policy``; the challengers come in
    ``ranking``'s order."""
    monkeypatch.setattr(search_module, "time", FrozenClock)
    state = vx.new_game(3, 5, {"variant": "hats"})
    while state.phase == "contest":
        state.apply(state.to_act()[0], vx.parse_action("draw"))
    me = state.to_act()[0]
    seen: dict[str, set[int]] = {"own": set(), "others": set()}
    ranked: list[object] = []

    def own(view, p, rng):
        seen["own"].add(p)
        return ai.normal(view, p, rng)

    def others(view, p, rng):
        seen["others"].add(p)
        return ai.normal(view, p, rng)

    def ranking(world, p, action):
        assert p == me
        ranked.append(action)
        return -len(ranked)  # the first ranked scores best

    bot = search_module.SearchBot(
        evaluate,
        others,
        own_policy=own,
        ranking=ranking,
        evaluate_all=evaluate_all,
        horizon="turn",
        challengers=2,
        max_iterations=60,
    )
    weighed = bot.analyse(state.view(me), me, random.Random(2))
    assert seen["own"] == {me}
    assert seen["others"] == set(range(3)) - {me}
    legal = state.view(me).legal_actions(me)
    assert len(legal) > 3  # more actions than candidates: the ranking chose
    prior = weighed.candidates[0].action
    assert [c.action for c in weighed.candidates[1:]] == [a for a in ranked if a != prior][:2]
    assert all(len(c.samples) >= 2 for c in weighed.candidates)
