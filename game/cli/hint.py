"""``python -m game hint FILE|replay:ID|replay:latest --step N [--json]`` (issue #40):
the coach's view of a recorded position — what the hard computer would play, why, and
the alternatives ranked — as the table's Coach control shows it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.cli.common import Formatter, UsageError, non_negative
from game.cli.replay import _replay


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    hint = sub.add_parser(
        "hint",
        help="the coach's view of a recorded position (what the hard computer would play)",
        description="The coach at one position of a finished game: what the hard computer "
        "would play there and why, from what its search measured, with the alternatives "
        "ranked. It sees only the deciding seat's view.",
        formatter_class=Formatter,
    )
    hint.add_argument(
        "which",
        metavar="FILE|replay:ID|replay:latest",
        help="a .derby file, or a game of the history by its number or the latest",
    )
    hint.add_argument(
        "--step",
        type=non_negative,
        required=True,
        help="the position: how many of the game's actions have been played (0: the opening)",
    )
    hint.add_argument(
        "--seat",
        type=non_negative,
        default=None,
        help="the deciding seat (from 0; default: the seat that acted next in the record)",
    )
    hint.add_argument("--lang", choices=("en", "ja"), default="en", help="language: en|ja")
    hint.add_argument("--json", action="store_true", help="JSON instead of text")
    return hint


def replay_of(which: str, what: str) -> Any:
    """The replay named by ``replay:ID``, ``replay:latest`` or a ``.derby`` file path."""
    if which.startswith("replay:"):
        name = which.removeprefix("replay:")
        if name != "latest" and not name.isdigit():
            raise UsageError(f"argument {what}: replay:{name[:20]} is neither a number nor latest")
        return _replay(name, what)
    if which == "latest" or which.isdigit():  # a file by that name: say so with ./
        which = f"./{which}"
    return _replay(which, what)


def check(args: argparse.Namespace) -> None:
    """The game, the position and the seat: a decision of that seat must be waiting."""
    replay = replay_of(args.which, "FILE|replay:ID|replay:latest")
    if args.step > replay.length:
        raise UsageError(f"argument --step: that game has {replay.length} actions, not {args.step}")
    replay.seek(args.step)
    state = replay.state
    if args.seat is None:
        if args.step == replay.length:
            raise UsageError(f"argument --step: the game is over after {args.step} actions")
        args.seat = replay.actions[args.step][0]
    if args.seat >= len(replay.session.seats):
        raise UsageError(f"argument --seat: that game has {len(replay.session.seats)} seats")
    if args.seat not in state.to_act():
        raise UsageError(f"argument --seat: seat {args.seat} has no decision at step {args.step}")
    args.replay = replay


def run(args: argparse.Namespace) -> int:
    from game.ai.coach import advise  # start-up: the search only when a command runs
    from game.ai.coach_words import lines  # start-up: as the line above
    from game.ui.i18n import Translator  # start-up: as the line above

    replay = args.replay
    advice = advise(replay.session.game_id, replay.state, args.seat, args.step)
    said = lines(Translator(args.lang), advice)
    if args.json:
        print(json.dumps({**advice.to_dict(), "lines": said}, ensure_ascii=False))
        return 0
    name = replay.session.seats[args.seat].name
    print(f"{name}, step {args.step}:")
    for line in said:
        print(f"  {line}")
    return 0
