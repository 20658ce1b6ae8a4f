"""Verflixxt! with hats, the hard computer's playouts (issue #40, a stronger hard computer):
a playout costs about half the CPU it did (the normal policy tries its moves on light
lookahead copies of a full state, the evaluation remembers piles and tracks), with the
same choices and the same values; and the search's thinking time is the thread's CPU
time, so a busy machine no longer cuts it to two worlds a candidate."""

from __future__ import annotations

import random

import pytest

import game.rules.verflixxt as vx
from game.ai import search as search_module
from game.ai import verflixxt as ai
from game.ai import verflixxt_eval as knowledge
from game.rules.verflixxt.data import FINISH, LUCKY, START
from game.rules.verflixxt.scoring import HAT_POINTS, tile_points


def plain_evaluate_all(state):
    """The evaluation written plainly, as it was before it remembered anything: the
    reference the remembering one must equal, float for float."""
    box = state.box
    index = {tile: i for i, tile in enumerate(state.track)}
    last = len(state.track) - 1
    guarded = set(state.guardians)
    owners: dict[str, set[int]] = {}
    spots = []
    values = [0.0] * state.players
    for q, row in enumerate(state.pawns):
        for pos in row:
            if pos == FINISH:
                values[q] += knowledge.PROGRESS_WEIGHT
                continue
            at = index[pos]
            spots.append((at, q))
            values[q] += knowledge.PROGRESS_WEIGHT * at / last
            if pos != START and pos not in guarded:
                owners.setdefault(pos, set()).add(q)
    for hat, pawn in state.hat_on.items():
        if pawn is not None:
            values[int(pawn[:-1])] += knowledge.HAT_WEIGHT * HAT_POINTS[hat]
    nows = [tile_points(t, box.kinds, box.values) for t in state.taken]
    lucky = [any(box.kinds[t] == LUCKY for t in taken) for taken in state.taken]
    for q, now in enumerate(nows):
        values[q] += (
            now["track"]
            + now["lucky"]
            + now["risk"]
            + sum(state.chips_won[q])
            + sum(HAT_POINTS[h] for h in state.hats_home[q])
        )
    for tile, holders in owners.items():
        if len(holders) == 1:
            q = next(iter(holders))
            at = index[tile]
            threats = sum(1 for i, r in spots if r != q and 1 <= at - i <= knowledge.REACH)
            weight = max(
                knowledge.LONE_FLOOR, knowledge.LONE_WEIGHT - knowledge.THREAT_WEIGHT * threats
            )
            values[q] += weight * knowledge.take_value(state, q, tile, nows[q], lucky[q])
        else:
            for q in holders:
                gain = knowledge.take_value(state, q, tile, nows[q], lucky[q])
                values[q] += knowledge.SHARED_WEIGHT / len(holders) * gain
    return values


def old_normal(view, player, rng):
    """The normal computer as it was: determinize, clone for every legal move."""
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    full = view.determinize(rng)
    scored = []
    for action in legal:
        after = full.clone()
        after.apply(player, action)
        scored.append((plain_evaluate_standing(after, player), action))
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])


def plain_evaluate_standing(state, player):
    values = plain_evaluate_all(state)
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - sum(others) / len(others)


def played_states(games, variant):
    """Every state of a few normal games, with hats or without, 2 to 6 seats."""
    for g in range(games):
        s = vx.new_game(2 + g % 5, 300 + g, {"variant": variant, "attack": g % 3 == 0})
        rng = random.Random(g)
        while not s.is_over():
            yield s
            p = s.to_act()[0]
            s.apply(p, ai.normal(s.view(p), p, rng))


@pytest.mark.parametrize("variant", ["hats", "base"])
def test_the_remembering_evaluation_equals_the_plain_one(variant):
    """issue #40, cheaper playouts, same values: at every state of ten games the
    evaluation (piles' points and gains and the track's numbering remembered, threats
    counted per track index) gives exactly the plain evaluation's floats."""
    checked = 0
    for state in played_states(10, variant):
        assert knowledge.evaluate_all(state) == plain_evaluate_all(state)
        checked += 1
    assert checked > 200


def test_normal_on_a_full_state_chooses_as_on_a_determinized_copy():
    """issue #40, cheaper playouts, same choices: the search's playouts call the normal
    policy on full states; it now tries its moves on lookahead copies of the state itself
    instead of a determinized clone, and chooses the same move with the same draws from
    its generator as the old way did, on views and full states alike."""
    checked = 0
    for state in played_states(6, "hats"):
        p = state.to_act()[0]
        for seen in (state, state.view(p)):
            old_rng, new_rng = random.Random(checked), random.Random(checked)
            assert ai.normal(seen, p, new_rng) == old_normal(seen, p, old_rng)
            assert new_rng.random() == old_rng.random()
            checked += 1
    assert checked > 200


def test_a_lookahead_copy_leaves_the_game_and_its_chance_alone():
    """issue #40: a lookahead copy is played on and thrown away; the state it came from
    keeps its pieces, its legal actions and its own generator's state, and the copy's
    chance is not the game's (its later dice and shuffles are not the game's to use)."""
    state = vx.new_game(4, 5, {"variant": "hats"})
    while state.phase == "contest":
        state.apply(state.to_act()[0], vx.parse_action("draw"))
    p = state.to_act()[0]
    before = state.to_dict()
    legal = state.legal_actions(p)
    chance = state.rng.getstate()
    for action in legal:
        copy = state.lookahead()
        assert copy.rng is not state.rng
        copy.apply(p, action)
    assert state.to_dict() == before
    assert state.legal_actions(p) == legal
    assert state.rng.getstate() == chance


class CpuStoodStill:
    """A machine so busy that every look at the wall clock finds another second gone,
    while the thinking thread's CPU clock has not moved."""

    def __init__(self) -> None:
        self.wall = 0.0

    def perf_counter(self) -> float:
        self.wall += 1.0
        return self.wall

    @staticmethod
    def thread_time() -> float:
        return 0.0


def test_the_hats_search_thinks_for_its_cpu_time_not_the_wall_clock(monkeypatch):
    """issue #40: the hats search's budget is the thinking thread's CPU time. On a machine
    where the wall clock races (others' work) and the thread's CPU time does not, it
    still plays out every world its bound allows; on the wall clock it stopped after the
    least two batches, about two worlds a candidate, and kept the normal move."""
    monkeypatch.setattr(search_module, "time", CpuStoodStill())
    state = vx.new_game(4, 8, {"variant": "hats"})
    while state.phase == "contest":
        state.apply(state.to_act()[0], vx.parse_action("draw"))
    p = state.to_act()[0]
    weighed = ai.analyse_hard(state.view(p), p, random.Random(3), max_iterations=120)
    candidates = len(weighed.candidates)
    assert candidates > 2
    assert all(len(c.samples) == 120 // candidates for c in weighed.candidates)


def test_other_games_searches_keep_the_wall_clock(monkeypatch):
    """issue #40: only the hats search reads the CPU clock (the other games' hard levels
    were not re-measured with it): a generic search made without a clock stops on the
    racing wall clock after its least two batches."""
    monkeypatch.setattr(search_module, "time", CpuStoodStill())
    state = vx.new_game(4, 8, {"variant": "hats"})
    while state.phase == "contest":
        state.apply(state.to_act()[0], vx.parse_action("draw"))
    p = state.to_act()[0]
    bot = search_module.SearchBot(
        knowledge.evaluate, ai.normal, budget_ms=50.0, max_iterations=120, horizon="turn"
    )
    weighed = bot.analyse(state.view(p), p, random.Random(3))
    assert all(len(c.samples) == 2 for c in weighed.candidates)


def test_on_a_busy_machine_hard_steps_onto_the_lucky_hat_to_take_it(monkeypatch):
    """issue #40, VX-26, VX-24: a pawn that moves onto a pawn wearing the lucky hat may take
    it (+10 at home, VX-29). Seat 0 holds an orange 3 and a yellow 5; its pawn on the -1
    tile can go 3 onto the rival's lucky-hat wearer, or 5 onto a +5 and then (the yellow
    lead gives a second card) a pawn from the start 3 onto the wearer, the -1 tile taken
    and the track closed up. The normal computer sees one action ahead: it leads the 5
    and never takes the hat. The hard computer plays its whole turn (the hat taken, on a
    busy machine too: the wall clock racing, the thread's CPU time not, the search does
    its whole work) and ends its turn with the lucky hat on its own pawn."""
    from tests.test_verflixxt_hats_hard import hats_position, turn_of

    s = hats_position(
        {0: ["o3", "y5"]}, {"lucky": "1a", "unlucky": None}, {0: [1, 0, 0], 1: [4, 9, 12]}, seed=3
    )
    box = s.box
    assert box.values[s.track[1]] == -1 and box.values[s.track[6]] == 5

    assert turn_of(s, ai.normal).hat_on["lucky"] == "1a"
    monkeypatch.setattr(search_module, "time", CpuStoodStill())
    assert turn_of(s, ai.hard).hat_on["lucky"][0] == "0"
