"""``python -m game history | stats | export`` (issue #28): the history on the terminal;
and what ``replay`` and ``screenshot replay:…`` watch (:func:`load_replay`).

The parsers are built here from the command line's own helpers (passed in by
game/cli/__init__.py, so argument types and messages are those of every other command).
Nothing of the history is imported until a command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

LIST_DEFAULT = 20


def game_ref(text: str) -> str:
    """A game of the history: its number (``history`` lists them) or ``latest``."""
    if text == "latest" or (text.isdigit() and 0 < len(text) <= 12):
        return text
    raise argparse.ArgumentTypeError(f"wants a game's number or 'latest', not {text[:40]!r}")


def player_name(text: str) -> str:
    from game.settings import name_problem  # start-up: the history only when a command runs

    problem = name_problem(text)
    if problem is not None or not text:
        raise argparse.ArgumentTypeError(f"not a player's name: it {problem or 'is empty'}")
    return text


class ReplayProblem(Exception):
    """What to watch cannot be watched: one line for the terminal."""


def load_replay(which: str) -> Any:
    """The :class:`game.table.replay.Replay` of a game of the history (its number or
    ``latest``) or of a ``.derby`` file. Raises :class:`ReplayProblem`."""
    from game import derby_file  # start-up: the history only when a command runs
    from game.history import (
        History,
        HistoryProblem,
        RowProblem,
    )  # start-up: the history only when a command runs
    from game.table.replay import (
        Replay,
        ReplayError,
    )  # start-up: the history only when a command runs

    if which != "latest" and not which.isdigit():
        try:
            return Replay.of(derby_file.read(Path(which)))
        except (derby_file.DerbyFileError, ReplayError) as exc:
            raise ReplayProblem(str(exc)) from None
    if len(which) > 12:
        raise ReplayProblem(f"no game {which[:20]}… in the history")
    try:
        history = History.open()
    except HistoryProblem as exc:
        raise ReplayProblem(str(exc)) from None
    try:
        game_id = history.latest_id() if which == "latest" else int(which)
        if game_id is None:
            raise ReplayProblem("the history has no finished game yet")
        record = history.load(game_id)
        if isinstance(record, RowProblem):
            raise ReplayProblem(str(record))
        return Replay.of_history(record)
    except HistoryProblem as exc:
        raise ReplayProblem(str(exc)) from None
    except ReplayError as exc:
        raise ReplayProblem(f"game {which}: {exc}") from None
    finally:
        history.close()


def add_parsers(
    sub: Any, *, formatter: type[argparse.HelpFormatter], game_id: Callable[[str], str],
    positive: Callable[[str], int],
) -> None:  # fmt: skip
    history = sub.add_parser(
        "history",
        help="list the finished games in the history, newest first",
        description="List the finished games kept in history.sqlite (the data folder), "
        "newest first, with their numbers (for export and replay).",
        formatter_class=formatter,
    )
    history.add_argument("--game", type=game_id, help="only this game")
    history.add_argument("--player", type=player_name, help="only games this person played")
    history.add_argument(
        "--limit", type=positive, default=LIST_DEFAULT, help=f"at most N (default {LIST_DEFAULT})"
    )
    history.add_argument("--json", action="store_true", help="one JSON object a line")
    stats = sub.add_parser(
        "stats",
        help="a person's statistics (or every person's) from the history",
        description="Games played and won per game, win share against each computer "
        "level, best and average score, the longest win streak and the favourite "
        "character; lessons are left out.",
        formatter_class=formatter,
    )
    stats.add_argument("--player", type=player_name, help="this person (default: everybody)")
    stats.add_argument("--game", type=game_id, help="only this game")
    stats.add_argument("--json", action="store_true", help="JSON instead of text")
    export = sub.add_parser(
        "export",
        help="write a finished game as a .derby text file",
        description="Write a finished game of the history as a .derby file: tags like PGN "
        "(game, date, seed, options, seats, result) and then its actions.",
        formatter_class=formatter,
    )
    export.add_argument(
        "game_ref",
        metavar="ID|latest",
        type=game_ref,
        help="the game's number (python -m game history lists them) or the latest",
    )
    export.add_argument("--out", required=True, help="the file to write (.derby)")
    replay = sub.add_parser(
        "replay",
        help="watch a finished game again (from the history or a .derby file)",
        description="Open the game window on a finished game, replayed with the table's "
        "animations: step, jump, play at three speeds, show every seat's hidden things.",
        formatter_class=formatter,
    )
    replay.add_argument(
        "which",
        metavar="ID|latest|FILE",
        help="the game's number in the history (python -m game history lists them), the "
        "latest, or a .derby file",
    )
    replay.add_argument(
        "--frames", type=positive, default=None, help="run N frames and exit 0 (smoke tests)"
    )


def run(args: argparse.Namespace) -> int:
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
        if args.command == "history":
            return _list(history, args)
        if args.command == "stats":
            return _stats(history, args)
        return _export(history, args)
    except HistoryProblem as exc:
        print(f"tabletop-derby: {exc}", file=sys.stderr)
        return 1
    finally:
        history.close()


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _list(history: Any, args: argparse.Namespace) -> int:
    from game import registry  # start-up: the history only when a command runs
    from game.history import RowProblem  # start-up: the history only when a command runs

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
                           "score": s.score, "place": s.place} for s in entry.seats],
            }, ensure_ascii=False))  # fmt: skip
            continue
        name = registry.get(entry.game).name_en
        seats = ", ".join(
            f"{s.name}{' (' + s.level + ')' if s.level else ''} {s.score:g}" for s in entry.seats
        )
        winners = " & ".join(entry.seats[p].name for p in entry.winners) or "nobody"
        lesson = " [lesson]" if entry.lesson else ""
        print(f"{entry.id:>6}  {_when(entry.ended)}  {name}{lesson}: {winners} won — {seats}")
    return 0


def _stats(history: Any, args: argparse.Namespace) -> int:
    from game import registry  # start-up: the history only when a command runs

    people = [args.player] if args.player else history.players()
    found = []
    for person in people:
        stats = history.stats(person, args.game)
        if stats.played:
            found.append(stats)
    if args.json:
        print(json.dumps([{
            "name": s.name, "played": s.played, "won": s.won,
            "games": {g.game: {"played": g.played, "won": g.won, "best": g.best,
                               "average": round(g.average, 2)} for g in s.games},
            "against": {level: {"played": n, "won": w} for level, (n, w) in s.against.items()},
            "longest_streak": s.longest_streak, "favourite": s.favourite,
        } for s in found], ensure_ascii=False))  # fmt: skip
        return 0
    if not found:
        print("no finished games in the history" + (f" for {args.player}" if args.player else ""))
        return 0
    for stats in found:
        print(f"{stats.name}: {stats.won} won of {stats.played}, longest streak "
              f"{stats.longest_streak}, favourite character {stats.favourite}")  # fmt: skip
        for game in stats.games:
            print(f"  {registry.get(game.game).name_en}: {game.won}/{game.played} won, best "
                  f"{game.best:g}, average {game.average:.1f}")  # fmt: skip
        for level, (played, won) in sorted(stats.against.items()):
            print(f"  against {level} computers: {won}/{played} won ({100 * won // played}%)")
    return 0


def _export(history: Any, args: argparse.Namespace) -> int:
    from game import derby_file  # start-up: the history only when a command runs
    from game.history import RowProblem  # start-up: the history only when a command runs

    ref = args.game_ref
    game_id = history.latest_id() if ref == "latest" else int(ref)
    if game_id is None:
        print("tabletop-derby: error: the history has no finished game yet", file=sys.stderr)
        return 2
    record = history.load(game_id)
    if isinstance(record, RowProblem):
        print(f"tabletop-derby: error: {record}", file=sys.stderr)
        return 2
    try:
        game = derby_file.from_record(record)
    except ValueError as exc:
        print(f"tabletop-derby: error: game {game_id}: {exc}", file=sys.stderr)
        return 2
    out = derby_file.write(Path(args.out), game)
    print(f"game {game_id} written to {out}")
    return 0
