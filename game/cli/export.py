"""``python -m game export ID|latest --out FILE``: a finished game of the history as a
``.derby`` text file (issue #28)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from game.cli.common import Formatter
from game.cli.history import with_history
from game.storage import printable


def game_ref(text: str) -> str:
    """A game of the history: its number (``history`` lists them) or ``latest``."""
    if text == "latest" or (text.isdigit() and 0 < len(text) <= 12):
        return text
    raise argparse.ArgumentTypeError(f"wants a game's number or 'latest', not {text[:40]!r}")


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    export = sub.add_parser(
        "export",
        help="write a finished game as a .derby text file",
        description="Write a finished game of the history as a .derby file: tags like PGN "
        "(game, date, seed, options, seats, result) and then its actions.",
        formatter_class=Formatter,
    )
    export.add_argument(
        "game_ref",
        metavar="ID|latest",
        type=game_ref,
        help="the game's number (python -m game history lists them) or the latest",
    )
    export.add_argument(
        "--out",
        help="the file to write (.derby); by default <game>-<number>.derby in the data "
        "folder's exports/, where the History screen's Open a file looks",
    )
    return export


def check(args: argparse.Namespace) -> None:
    """Nothing to check beyond the parser: the history is read when the command runs."""


def run(args: argparse.Namespace) -> int:
    return with_history(args, _export)


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
    path = (
        Path(args.out)
        if args.out
        else derby_file.exports_dir() / f"{record.entry.game}-{game_id}{derby_file.SUFFIX}"
    )
    try:
        out = derby_file.write(path, game)
    except OSError as exc:
        print(f"tabletop-derby: error: {printable(str(path))}: {exc.strerror or exc}",
              file=sys.stderr)  # fmt: skip
        return 2
    print(f"game {game_id} written to {out}")
    return 0
