"""``python -m game play`` (the default): the game window, at the title menu unless
--new or --resume says otherwise; ``--until-end`` plays a computers' game without one."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

from game import registry, saves
from game.cli.usage import UsageError, display_problem
from game.storage import HeldElsewhere, clip, is_regular_file

if TYPE_CHECKING:
    import argparse

# What ``play`` alone means: its parser's defaults, each flag's dest (tests/test_cli.py
# holds them to the parser's). ``tabletop-derby`` with no arguments runs with these and
# no parser is built (start-up, issue #37).
PLAIN = {
    "frames": None,
    "size": None,
    "lang": None,
    "new": None,
    "resume": None,
    "players": None,
    "seed": None,
    "computers": False,
    "until_end": False,
}


def add_parser(sub, details: bool) -> argparse.ArgumentParser:
    from game.cli.common import (  # start-up: argparse only for a command line to parse
        Formatter,
        _add_players,
        _size,
        playable_game_id,
        positive,
        seed,
    )

    playable = "|".join(info.id for info in registry.installed_games()) if details else ""
    play = sub.add_parser(
        "play",
        help="start the game window (the default)",
        description="Start the game window, at the title menu unless --new "
        "or --resume says otherwise.",
        formatter_class=Formatter,
    )
    play.add_argument(
        "--frames", type=positive, default=None, help="run N frames and exit 0 (smoke tests)"
    )
    play.add_argument(
        "--size", type=_size, default=None, help="window size WxH, 320x240 .. 7680x4320"
    )
    play.add_argument(
        "--lang",
        choices=("en", "ja"),
        default=None,
        help="language: en|ja (default: the saved setting)",
    )
    start = play.add_mutually_exclusive_group()
    start.add_argument(
        "--new",
        metavar="GAME",
        type=playable_game_id,
        help=f"skip the menu: start a new game of GAME ({playable})",
    )
    start.add_argument(
        "--resume",
        metavar="SAVE",
        help="skip the menu: resume a saved game (a save file, or 'latest')",
    )
    _add_players(play, None, details, "with --new: ")
    play.add_argument(
        "--seed",
        type=seed,
        default=None,
        help="with --new: the game's seed, a whole number from -2**128 to 2**128-1 "
        "(default: 128 random bits)",
    )
    play.add_argument(
        "--computers",
        action="store_true",
        help="with --new: every seat is a computer player (a demo)",
    )
    play.add_argument(
        "--until-end",
        action="store_true",
        help="with --new and --computers: play the game to its end without a window "
        "(the dummy video driver, as fast as the computers decide), record it in the "
        "history and exit",
    )
    return play


def check(args) -> None:
    """The arguments first, then the display (issue #36: ``play --players 3`` without a
    display said "no display", and the bad argument only once one was found)."""
    _check_play(args)
    if not args.until_end:
        problem = display_problem()
        if problem is not None:
            raise UsageError(problem)


def _check_play(args) -> None:
    if args.new is None:
        # Decision (README "Command line"): seats and seed belong to a new game; without
        # --new the lobby asks for them, so silently ignoring them would mislead.
        for flag, given in (
            ("--players", args.players is not None),
            ("--seed", args.seed is not None),
            ("--computers", args.computers),
        ):
            if given:
                raise UsageError(f"argument {flag}: needs --new GAME (without it the lobby asks)")
    else:
        from game.cli.common import check_players  # start-up: as in add_parser

        info = registry.get(args.new)
        if args.players is None:  # 4 where the game allows it, else its nearest count
            args.players = min(max(4, info.min_players), info.max_players)
        check_players(args.new, args.players)
    if args.resume is not None:
        args.resumed = _check_resume(args.resume)
    if args.until_end and not (args.new and args.computers):
        raise UsageError("argument --until-end: needs --new GAME and --computers")


def _check_resume(which: str):
    """A save named on the command line must load: a person who typed it is at a
    terminal, so the problem is told there rather than in a dialog. The loaded game is
    returned for the app to open (the file is read and replayed once), this process its
    one writer (issue #36): a game another window or ``serve`` is playing is refused
    here, nothing written (the window's Resume offers to watch it or open a copy)."""
    if which == "latest":
        # Not a bad value: "go on where I left off" (a launcher can carry it). With no
        # unfinished game the app opens on the menu with the dialog the Resume screen
        # shows, as tests/test_kill.py relies on.
        return None
    path = Path(which)
    if not is_regular_file(path):
        problem = (
            "is a folder"
            if path.is_dir()
            else "is not a regular file"
            if path.exists()
            else "does not exist"
        )
        raise UsageError(f"argument --resume: {clip(which)} {problem}")
    try:
        return saves.open_for_writing(path)
    except saves.SaveError as exc:
        raise UsageError(f"argument --resume: {exc}") from None
    except HeldElsewhere:
        raise UsageError(
            f"argument --resume: {clip(which)} is open in another window or program "
            "(Resume in the window can watch it or open a copy)"
        ) from None
    except OSError as exc:  # the locks folder cannot be made
        raise UsageError(f"argument --resume: {clip(which)}: {exc}") from None


def run_plain() -> int:
    """The window at the title menu, every flag at its default: ``play`` with nothing
    else, checked and run as the parsed line would be, without the parser."""
    args = SimpleNamespace(command="play", **PLAIN)
    check(args)
    return run(args)


def run(args) -> int:
    if args.until_end:  # no window: before pygame is imported
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import run_app  # start-up: pygame only for the window

    return run_app(
        until_end=args.until_end,
        frames=args.frames,
        size=args.size,
        lang=args.lang,
        new=args.new,
        players=args.players or 4,
        seed=args.seed,
        computers=args.computers,
        resume=args.resume,
        resumed=getattr(args, "resumed", None),
    )
