"""``python -m game tournament GAME --bots hard,normal,normal,normal``: bot levels play
each other with the seats rotated every game (so no level keeps the first-player edge),
printing win rates with 95% Wilson intervals and decision-time median and p99 per level.
A shared win counts as 1/k of a win for each of the k winners."""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

from game.ai import make_bot
from game.simulate import bot_seed_or_new, canonical_levels, checked_setup
from game.table.bots import BotRunner

MAX_ROUNDS = 200


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_tournament(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    levels: list[str],
    options: Mapping[str, Any],
    budget_ms: float = 50.0,
    bot_seed: int | None = None,
) -> dict:
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} players")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    levels = canonical_levels(levels)
    bot_seed = bot_seed_or_new(bot_seed)  # the bots' chance, never the games' seeds
    module, prepared = checked_setup(game_id, players, seed, options)
    entrants = list(range(players))  # entrant i plays level levels[i]
    bots = [make_bot(game_id, level, budget_ms) for level in levels]
    runner = BotRunner()
    wins = [0.0] * players
    times: dict[str, list[float]] = {level: [] for level in levels}
    finished = 0
    started = time.perf_counter()
    for g in range(games):
        rng = random.Random(bot_seed + g)
        shift = g % players
        seat_of = {e: (e + shift) % players for e in entrants}  # rotate seats each game
        entrant_at = {s: e for e, s in seat_of.items()}
        state = module.new_game(players, seed + g, prepared)
        while not state.is_over() and state.round_number <= MAX_ROUNDS:
            seat = state.to_act()[0]
            entrant = entrant_at[seat]
            t0 = time.perf_counter()
            action = runner.decide(bots[entrant], state, seat, rng)
            times[levels[entrant]].append(time.perf_counter() - t0)
            state.apply(seat, action)
        if state.is_over():
            finished += 1
            winners = state.winners()
            for seat in winners:
                wins[entrant_at[seat]] += 1 / len(winners)
    per_level: dict[str, dict] = {}
    for entrant, level in enumerate(levels):
        entry = per_level.setdefault(level, {"seats": 0, "wins": 0.0})
        entry["seats"] += 1
        entry["wins"] += wins[entrant]
    for level, entry in per_level.items():
        n = games * entry["seats"]
        rate = entry["wins"] / n
        low, high = wilson(entry["wins"], n)
        samples = sorted(times[level])
        entry.update(
            {
                "win_rate_per_seat": round(rate, 4),
                "ci95": [round(low, 4), round(high, 4)],
                "even_share": round(1 / players, 4),
                "decision_ms_median": round(1000 * statistics.median(samples), 3)
                if samples
                else None,
                "decision_ms_p99": round(
                    1000 * samples[min(len(samples) - 1, int(0.99 * len(samples)))], 3
                )
                if samples
                else None,
                "decisions": len(samples),
            }
        )
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "finished": finished,
        "seed": seed,
        "bot_seed": bot_seed,
        "bots": levels,
        "seconds": round(time.perf_counter() - started, 2),
        "levels": per_level,
    }


def print_result(result: dict, as_json: bool) -> None:
    if not as_json:
        print(
            f"{result['game']}: {result['games']} games ({result['finished']} finished), "
            f"bots {','.join(result['bots'])}"
        )
        for level, entry in result["levels"].items():
            low, high = entry["ci95"]
            print(
                f"  {level:7s} wins {entry['win_rate_per_seat']:.1%} per seat "
                f"[{low:.1%}–{high:.1%}] (even {entry['even_share']:.0%}); decision "
                f"median {entry['decision_ms_median']} ms, p99 {entry['decision_ms_p99']} ms"
            )
    print(json.dumps(result, ensure_ascii=False))
