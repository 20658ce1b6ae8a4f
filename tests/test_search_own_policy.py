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


def _plays_after_others(horizon: str, monkeypatch) -> list[bool]:
    """For each playout of a search with ``horizon``: whether the bot played a card again
    after another seat had played (the events from its candidate action on)."""
    from game.rules.verflixxt.events import CardPlayed

    monkeypatch.setattr(search_module, "time", FrozenClock)
    state = vx.new_game(4, 11, {"variant": "hats"})
    while state.phase == "contest":
        state.apply(state.to_act()[0], vx.parse_action("draw"))
    me = state.to_act()[0]
    seen: list[bool] = []

    def measure(world, player, events):
        others = False
        again = False
        for e in events:
            if isinstance(e, CardPlayed):
                if e.player != player:
                    others = True
                elif others:
                    again = True
        seen.append(again)
        return {}

    bot = search_module.SearchBot(
        evaluate,
        ai.normal,
        evaluate_all=evaluate_all,
        horizon=horizon,
        challengers=1,
        max_iterations=8,
    )
    bot.analyse(state.view(me), me, random.Random(4), measure)
    return seen


def test_the_next_turn_horizon_plays_the_bots_own_next_turn_too(monkeypatch):
    """issue #40: with the horizon "turn" a playout stops when the bot is to act again
    after the others; with "next turn" (the hats search's) the bot plays that turn too,
    so a pawn set near a hat this turn is weighed with the hat taken the next."""
    assert not any(_plays_after_others("turn", monkeypatch))
    again = _plays_after_others("next turn", monkeypatch)
    assert again and all(again)
