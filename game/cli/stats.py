"""``python -m game stats`` (issue #28): a person's statistics (or every person's) from
the history, as text or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.cli.common import Formatter, game_id
from game.cli.history import player_name, with_history


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    stats = sub.add_parser(
        "stats",
        help="a person's statistics (or every person's) from the history",
        description="Games played and won per game, win share against each computer "
        "level, best and average score, the longest win streak and the favourite "
        "character; lessons are left out.",
        formatter_class=Formatter,
    )
    stats.add_argument("--player", type=player_name, help="this person (default: everybody)")
    stats.add_argument("--game", type=game_id, help="only this game")
    stats.add_argument(
        "--fair",
        action="store_true",
        help="only the games in which the person did not ask the coach",
    )
    stats.add_argument("--json", action="store_true", help="JSON instead of text")
    return stats


def check(args: argparse.Namespace) -> None:
    """Nothing to check beyond the parser: the history is read when the command runs."""


def run(args: argparse.Namespace) -> int:
    return with_history(args, _stats)


def _stats(history: Any, args: argparse.Namespace) -> int:
    from game import registry  # start-up: the history only when a command runs

    people = [args.player] if args.player else history.players()
    found = []
    for person in people:
        stats = history.stats(person, args.game, fair=args.fair)
        if stats.played:
            found.append(stats)
    if args.json:
        print(json.dumps([{
            "name": s.name, "played": s.played, "won": s.won,
            "games": {g.game: {"played": g.played, "won": g.won, "best": g.best,
                               "average": round(g.average, 2)} for g in s.games},
            "against": {level: {"played": n, "won": w} for level, (n, w) in s.against.items()},
            "longest_streak": s.longest_streak, "favourite": s.favourite,
            "coached": s.coached,
        } for s in found], ensure_ascii=False))  # fmt: skip
        return 0
    if not found:
        print("no finished games in the history" + (f" for {args.player}" if args.player else ""))
        return 0
    for stats in found:
        coached = f", the coach asked in {stats.coached}" if stats.coached else ""
        print(f"{stats.name}: {stats.won} won of {stats.played}{coached}, longest streak "
              f"{stats.longest_streak}, favourite character {stats.favourite}")  # fmt: skip
        for game in stats.games:
            print(f"  {registry.get(game.game).name_en}: {game.won}/{game.played} won, best "
                  f"{game.best:g}, average {game.average:.1f}")  # fmt: skip
        for level, (played, won) in sorted(stats.against.items()):
            print(f"  against {level} computers: {won}/{played} won ({100 * won // played}%)")
    return 0
