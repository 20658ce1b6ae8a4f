"""``python -m game board random --ducks N --seed S [--size small|medium|large] --out FILE``
(issue #41): the builder's "Surprise me" on the command line: a Duck! Duck! Go! board of
the box's tiles that passes DDG-42 for N ducks, the same for the same seed, written as a
YAML board (or a Tiled map when FILE ends in .tmx) that ``check-board`` and the lobby
read. Prints the file, the seed and the tiles drawn."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli.common import Formatter, UsageError, seed

SIZES = ("small", "medium", "large")  # game.rules.duck.builder.SIZES (not imported: start-up)


def ducks(text: str) -> int:
    if text.isdigit() and len(text) == 1 and 2 <= int(text) <= 6:
        return int(text)
    raise argparse.ArgumentTypeError(f"wants 2-6 ducks, not {text[:40]!r}")


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    board = sub.add_parser(
        "board",
        help="make a Duck! Duck! Go! board (random: the builder's Surprise me)",
        description="Make a Duck! Duck! Go! board of the box's 16 tiles.",
        formatter_class=Formatter,
    )
    what = board.add_subparsers(
        dest="board_command", metavar="WHAT", required=True, help="what to make: random"
    )
    random = what.add_parser(
        "random",
        help="a random board passing DDG-42 for N ducks, from a seed",
        description="A random board of the box's tiles that passes DDG-42 (one drain, a "
        "buoy of each colour, start spaces for N ducks, all reachable), the same for "
        "the same seed, size and ducks.",
        formatter_class=Formatter,
    )
    random.add_argument("--ducks", type=ducks, required=True, help="ducks it must take, 2-6")
    random.add_argument("--seed", type=seed, required=True, help="the seed that builds it")
    random.add_argument(
        "--size",
        choices=SIZES,
        default="small",
        help="small (7 tiles, beginner), medium (10, moderate), large (14, advanced)",
    )
    random.add_argument(
        "--out", required=True, metavar="FILE", help="the board file to write (.yaml or .tmx)"
    )
    return board


def check(args) -> None:
    if Path(args.out).suffix.lower() not in (".yaml", ".yml", ".tmx"):
        raise UsageError(f"--out: a board file ends in .yaml or .tmx, not {args.out[-40:]!r}")


def run(args) -> int:
    from game.boards.duck import load_tiles  # start-up: board loaders (yaml)
    from game.boards.duck_files import BuiltBoard, save  # with the loaders above
    from game.rules.duck.builder import SIZES as LEVELS_OF  # with the loaders above
    from game.rules.duck.builder import surprise  # with the loaders above

    faces = load_tiles()
    board = surprise(faces, args.ducks, args.seed, args.size)
    out = Path(args.out)
    fmt = "tmx" if out.suffix.lower() == ".tmx" else "yaml"
    name = f"Surprise {args.seed}"
    built = BuiltBoard(name, f"おまかせ {args.seed}", LEVELS_OF[args.size][1], board.placed)
    save(built, faces, fmt, path=out)
    tiles = " ".join(f"{t.tile}{t.side}" for t in board.placed)
    print(f"{out}: seed {args.seed}, {args.size}, {args.ducks} ducks: tiles {tiles}")
    return 0
