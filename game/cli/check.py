"""``python -m game check-board PATH``: is this Duck! Duck! Go! board (YAML or Tiled TMX)
fit for a race of 6 ducks, or ``--ducks N`` (DDG-42)? A one-line summary and exit 0, or ``file: place: problem`` lines
on stderr and exit 1."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.boards import DataFileError
from game.cli.board import ducks
from game.cli.common import Formatter


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    check = sub.add_parser(
        "check-board",
        help="validate a board file (YAML or Tiled TMX)",
        description="Validate a Duck! Duck! Go! board file.",
        formatter_class=Formatter,
    )
    check.add_argument("path", metavar="PATH", help="the board file (.yaml or .tmx)")
    check.add_argument(
        "--ducks",
        type=ducks,
        default=6,
        help="the ducks it must take (2-6; the lobby offers boards that take 6)",
    )
    return check


def check(args) -> None:
    """Nothing to check before the board is loaded."""


def run(args) -> int:
    return check_board_cli(args.path, args.ducks)


def check_board_cli(path: str, ducks: int = 6) -> int:
    from game.boards.duck import load_board  # start-up: board loaders (yaml, pytmx)
    from game.rules.duck.data import (  # start-up: with the board loaders above
        BUOY,
        COLOURS,
        MAX_DUCKS,
        START,
        board_from_data,
        board_problems,
    )

    try:
        data = load_board(Path(path))
    except DataFileError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    board = board_from_data(data)
    problems = board_problems(board, min(ducks, MAX_DUCKS))
    if problems:
        for place, problem in problems:
            print(f"{path}: {place}: {problem}", file=sys.stderr)
        return 1
    buoys = ", ".join(
        f"{sum(1 for k, c in zip(board.kind, board.colour) if k == BUOY and c == i)} {name}"
        for i, name in enumerate(COLOURS)
    )
    starts = sum(1 for k in board.kind if k == START)
    print(
        f"{path}: {data['name']} ({data['name_ja']}), {data['level']}: {board.size} hexes, "
        f"{starts} start spaces, buoys {buoys}, 1 drain"
    )
    return 0
