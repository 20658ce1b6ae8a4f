"""``python -m game simulate GAME``: headless bot games, games/second as one JSON line.

A game that reaches the round cap is counted as unfinished, never hidden; the exit
code is 0 only when no game raised. Arguments a game does not take are refused before
the first game (``checked_setup``), so ``first_error`` only ever reports a real crash.
"""

from __future__ import annotations

import json
import random
import statistics
import time
import traceback
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from game import rules
from game.ai import BOT_ALIASES, make_bot
from game.boards import prepare_options
from game.rules.protocol import RulesDataError
from game.session import new_seed
from game.table.bots import BotRunner


def checked_setup(
    game_id: str, players: int, seed: int, options: Mapping[str, Any]
) -> tuple[ModuleType, dict]:
    """The rules module and the prepared options of a run, after setting up one game.

    A player count, option or data file the game does not take is a ValueError here
    (the loader's DataFileError, the rules' RulesDataError naming the game), before any
    game runs, rather than the same error reported as a crash of every game."""
    module = rules.load(game_id)
    prepared = prepare_options(game_id, options)
    try:
        module.new_game(players, seed, prepared)
    except RulesDataError as exc:
        raise ValueError(f"{game_id}: {exc}") from None
    return module, prepared


def canonical_levels(levels: list[str]) -> list[str]:
    return [BOT_ALIASES.get(level, level) for level in levels]


def bot_seed_or_new(bot_seed: int | None) -> int:
    """The seed of a run's computer players: the one given (to play a run again), else 128
    fresh random bits. Never derived from the games' seeds (issue #18): game ``k`` uses
    ``seed + k`` and its bots ``bot_seed + k``, two numbers that tell nothing of each
    other; the result names both, so any run can be repeated exactly."""
    if bot_seed is not None:
        return bot_seed

    return new_seed()


def run(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    options: Mapping[str, Any],
    bot: str = "random",
    max_rounds: int = 200,
    bots: list[str] | None = None,
    bot_seed: int | None = None,
) -> dict:
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    module, prepared = checked_setup(game_id, players, seed, options)
    levels = canonical_levels(bots or [bot] * players)
    seat_bots = [make_bot(game_id, level) for level in levels]
    runner = BotRunner()  # a failing computer plays on (its policy); counted here as an error
    bot_seed = bot_seed_or_new(bot_seed)
    finished = errors = 0
    rounds: list[int] = []
    first_error = None
    started = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        rng = random.Random(bot_seed + index)
        runner.failures.clear()
        try:
            state = module.new_game(players, game_seed, prepared)
            while not state.is_over() and state.round_number <= max_rounds:
                player = state.to_act()[0]
                state.apply(player, runner.decide(seat_bots[player], state, player, rng))
            if runner.failures:
                player, failure = runner.failures[0]
                raise RuntimeError(f"computer player {player} failed: {failure!r}") from failure
            if state.is_over():
                finished += 1
                rounds.append(state.round_number)
        except Exception:  # noqa: BLE001 - a simulation reports every crash, not the first only
            errors += 1
            if first_error is None:
                first_error = (
                    f"seed {game_seed}, bot seed {bot_seed + index}: "
                    f"{traceback.format_exc(limit=8)}"
                )
    seconds = time.perf_counter() - started
    result = {
        "game": game_id,
        "players": players,
        "games": games,
        "finished": finished,
        "unfinished": games - finished - errors,
        "errors": errors,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        "mean_rounds": round(statistics.fmean(rounds), 2) if rounds else None,
        "bots": levels,
        "seed": seed,
        "bot_seed": bot_seed,
        "options": {k: v for k, v in options.items()},
    }
    if first_error:
        result["first_error"] = first_error
    return result


def print_result(result: dict, as_json: bool) -> None:
    if not as_json:
        print(
            f"{result['game']}: {result['games']} games, {result['finished']} finished, "
            f"{result['errors']} errors, {result['games_per_second']} games/s, "
            f"mean {result['mean_rounds']} rounds"
        )
        if result.get("first_error"):
            print(result["first_error"])
    print(json.dumps(result, ensure_ascii=False))
