"""``python -m game check-board PATH``: is this Duck! Duck! Go! board (YAML or Tiled TMX)
fit for a race (DDG-42)? A one-line summary and exit 0, or ``file: place: problem`` lines
on stderr and exit 1."""

from __future__ import annotations

import sys
from pathlib import Path

from game.boards import DataFileError
from game.boards.duck import load_board
from game.rules.duck.data import BUOY, COLOURS, MAX_DUCKS, START, board_from_data, board_problems


def check_board_cli(path: str) -> int:
    try:
        data = load_board(Path(path))
    except DataFileError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    board = board_from_data(data)
    problems = board_problems(board, MAX_DUCKS)
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
