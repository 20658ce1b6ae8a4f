"""``python -m game replay ID|latest|FILE`` (issue #28): a finished game watched again in
the window; and what ``replay`` and ``screenshot replay:…`` watch (:func:`load_replay`),
a game of the history or a ``.derby`` file."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from game.cli.common import Formatter, UsageError, _size, display_problem, positive
from game.storage import printable


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


def _replay(which: str, what: str):
    """The replay a command line names, or one line and exit 2."""
    try:
        return load_replay(which)
    except ReplayProblem as exc:
        raise UsageError(f"argument {what}: {printable(str(exc), 300)}") from None


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    replay = sub.add_parser(
        "replay",
        help="watch a finished game again (from the history or a .derby file)",
        description="Open the game window on a finished game, replayed with the table's "
        "animations: step, jump, play at three speeds, show every seat's hidden things.",
        formatter_class=Formatter,
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
    # a window: the window's own flags, as play's
    replay.add_argument(
        "--size", type=_size, default=None, help="window size WxH, 320x240 .. 7680x4320"
    )
    replay.add_argument("--lang", choices=("en", "ja"), default=None, help="language: en|ja")
    return replay


def check(args) -> None:
    """The game to watch first, then the display (a bad argument is told either way)."""
    args.replay = _replay(args.which, "ID|latest|FILE")
    problem = display_problem()
    if problem is not None:
        raise UsageError(problem)


def run(args) -> int:
    from game.app import run_app  # start-up: pygame only for the window

    return run_app(frames=args.frames, size=args.size, lang=args.lang, replay=args.replay)
