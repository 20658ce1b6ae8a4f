"""``python -m game history`` (issue #28): the finished games of the history on the
terminal, newest first; and what ``stats`` and ``export`` share with it (the history
opened, its notes said, closed after: :func:`with_history`; a player's name).

Nothing of the history is imported until a command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from game.cli.common import Formatter, game_id, positive

LIST_DEFAULT = 20


def player_name(text: str) -> str:
    from game.settings import name_problem  # start-up: the history only when a command runs

    problem = name_problem(text)
    if problem is not None or not text:
        raise argparse.ArgumentTypeError(f"not a player's name: it {problem or 'is empty'}")
    return text


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    history = sub.add_parser(
        "history",
        help="list the finished games in the history, newest first",
        description="List the finished games kept in history.sqlite (the data folder), "
        "newest first, with their numbers (for export and replay).",
        formatter_class=Formatter,
    )
    history.add_argument("--game", type=game_id, help="only this game")
    history.add_argument("--player", type=player_name, help="only games this person played")
    history.add_argument(
        "--limit", type=positive, default=LIST_DEFAULT, help=f"at most N (default {LIST_DEFAULT})"
    )
    history.add_argument("--json", action="store_true", help="one JSON object a line")
    return history


def with_history(args: argparse.Namespace, action: Callable[[Any, argparse.Namespace], int]) -> int:
    """``action(history, args)`` on the open history (its notes said first, closed after),
    or a problem with the history as one line and exit 1."""
    from game.history import (
        History,
        HistoryProblem,
    )  # start-up: the history only when a command runs

    try:
        history = History.open()
    except HistoryProblem as exc:
        print(f"tabletop-derby: {exc}", file=sys.stderr)
        return 1
    try:
        for note in history.notes:
            print(f"tabletop-derby: {note}", file=sys.stderr)
        return action(history, args)
    except HistoryProblem as exc:
        print(f"tabletop-derby: {exc}", file=sys.stderr)
        return 1
    finally:
        history.close()


def check(args: argparse.Namespace) -> None:
    """Nothing to check beyond the parser: the history is read when the command runs."""


def run(args: argparse.Namespace) -> int:
    return with_history(args, _list)


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _list(history: Any, args: argparse.Namespace) -> int:
    from game import registry  # start-up: the history only when a command runs
    from game.history import RowProblem, counted_score  # start-up: the history when run

    entries = history.games(args.game, args.player, limit=args.limit)
    if not entries and not args.json:
        print("no finished games in the history yet")
    for entry in entries:
        if isinstance(entry, RowProblem):
            print(f"tabletop-derby: {entry}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps({
                "id": entry.id, "game": entry.game, "ended": entry.ended,
                "rounds": entry.rounds, "source": entry.source, "lesson": entry.lesson,
                "seats": [{"name": s.name, "kind": s.kind, "level": s.level,
                           "score": counted_score(entry.game, s.score), "place": s.place,
                           "coached": s.coached}
                          for s in entry.seats],
            }, ensure_ascii=False))  # fmt: skip
            continue
        name = registry.get(entry.game).name_en
        seats = ", ".join(
            f"{s.name}{' (' + s.level + ')' if s.level else ''} "
            f"{counted_score(entry.game, s.score):g}"  # a tie-break orders, never shown
            for s in entry.seats
        )
        winners = " & ".join(entry.seats[p].name for p in entry.winners) or "nobody"
        lesson = " [lesson]" if entry.lesson else ""
        coached = " [coach asked]" if entry.coached else ""  # issue #40: an honest record
        print(
            f"{entry.id:>6}  {_when(entry.ended)}  {name}{lesson}{coached}: {winners} won — {seats}"
        )
    return 0
