"""``python -m game simulate GAME``: computer games headless, games/second and more as
one JSON line; the games run in ``game.simulate``, loaded only when the command runs."""

from __future__ import annotations

import argparse

from game import registry
from game.cli.common import (
    Formatter,
    _add_game_options,
    _add_players,
    _games_epilog,
    _levels_text,
    bot_level,
    check_players,
    game_id,
    game_options,
    positive,
    seed,
)


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    games = "|".join(registry.GAMES) if details else ""
    levels = _levels_text() if details else ""
    epilog = _games_epilog() if details else None
    sim = sub.add_parser(
        "simulate",
        help="play bot games headless and print games/second",
        description="Play computer games headless and print games/second "
        "and more as one JSON line.",
        epilog=epilog,
        formatter_class=Formatter,
    )
    sim.add_argument("game", type=game_id, metavar="GAME", help=f"the game: {games}")
    _add_players(sim, 4, details)
    sim.add_argument(
        "--games", type=positive, default=100, help="how many games, at least 1 (default 100)"
    )
    sim.add_argument(
        "--seed",
        type=seed,
        default=1,
        help="the first game's seed; game k uses seed+k (default 1)",
    )
    sim.add_argument(
        "--bot-seed",
        type=seed,
        default=None,
        help="the computer players' seed; game k's use bot-seed+k (default: random, "
        "printed in the result so a run can be repeated)",
    )
    sim.add_argument(
        "--bot",
        type=bot_level,
        default="random",
        help=f"every seat's level: {levels} (default random)",
    )
    sim.add_argument(
        "--max-rounds",
        type=positive,
        default=200,
        help="games still running after this round count as unfinished (default 200)",
    )
    sim.add_argument("--json", action="store_true", help="print only the JSON line")
    _add_game_options(sim, details)
    return sim


def check(args) -> None:
    check_players(args.game, args.players)
    args.options = game_options(args)


def run(args) -> int:
    from game.simulate import print_result, run  # start-up: the session and every bot

    result = run(
        args.game,
        args.players,
        args.games,
        args.seed,
        args.options,
        bot=args.bot,
        max_rounds=args.max_rounds,
        bot_seed=args.bot_seed,
    )
    print_result(result, args.json)
    return 0 if result["errors"] == 0 else 1
