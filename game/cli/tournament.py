"""``python -m game tournament GAME --bots LEVEL,...``: computer levels against each
other, seats rotated every game; the games run in ``game.tournament``, loaded only when
the command runs."""

from __future__ import annotations

import argparse

from game import registry
from game.cli.common import (
    Formatter,
    UsageError,
    _add_game_options,
    _add_players,
    _games_epilog,
    _levels_text,
    bot_levels,
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
    tour = sub.add_parser(
        "tournament",
        help="bot levels against each other, seats rotated",
        description="Computer levels against each other, seats rotated "
        "every game: win rates with 95%% intervals and "
        "decision times.",
        epilog=epilog,
        formatter_class=Formatter,
    )
    tour.add_argument("game", type=game_id, metavar="GAME", help=f"the game: {games}")
    _add_players(tour, 4, details)
    tour.add_argument(
        "--games", type=positive, default=100, help="how many games, at least 1 (default 100)"
    )
    tour.add_argument("--seed", type=seed, default=1, help="the first game's seed (default 1)")
    tour.add_argument(
        "--bot-seed",
        type=seed,
        default=None,
        help="the computer players' seed (default: random, printed in the result)",
    )
    tour.add_argument(
        "--bots",
        required=True,
        type=bot_levels,
        metavar="LEVEL,LEVEL,...",
        help=f"one level per seat, comma-separated: {levels}",
    )
    tour.add_argument("--json", action="store_true", help="print only the JSON line")
    _add_game_options(tour, details)
    return tour


def check(args) -> None:
    check_players(args.game, args.players)
    if len(args.bots) != args.players:
        raise UsageError(
            f"argument --bots: names {len(args.bots)} levels for "
            f"{args.players} players (one per seat)"
        )
    args.options = game_options(args)


def run(args) -> int:
    from game.tournament import (  # start-up: the session and every bot
        print_result,
        run_tournament,
    )

    result = run_tournament(
        args.game,
        args.players,
        args.games,
        args.seed,
        args.bots,
        args.options,
        bot_seed=args.bot_seed,
    )
    print_result(result, args.json)
    return 0
