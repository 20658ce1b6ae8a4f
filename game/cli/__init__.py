"""``python -m game`` / ``tabletop-derby``: play (the default), screenshot, simulate,
tournament, serve, check-board, board, history, stats, export, replay, hint or review.

A command line that cannot be carried out is one line on stderr and exit code 2, found
before any window opens or any game runs. A fault in the program itself is one line that
names the log holding its traceback, and exit code 70."""

# One module per command (its sub-parser, its checks, its run function), in the order
# --help lists them; what they share is game.cli.common.

from __future__ import annotations

import gc
import os
import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

from game.cli.usage import UsageError, display_problem  # noqa: F401 - still offered here
from game.storage import cache_dir, clip

if TYPE_CHECKING:
    import argparse

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PROG = "tabletop-derby"
EXIT_USAGE = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE of sysexits.h: the program's fault, not the user's
EXIT_INTERRUPTED = 130  # what a shell reports for Ctrl-C

# each command's module, imported when its command is named (start-up: the window's
# `play` does not pay for the others' imports)
COMMAND_MODULES = {
    "play": "game.cli.play",
    "screenshot": "game.cli.screenshot",
    "simulate": "game.cli.simulate",
    "tournament": "game.cli.tournament",
    "serve": "game.cli.serve",
    "check-board": "game.cli.check",
    "board": "game.cli.board",
    "history": "game.cli.history",
    "stats": "game.cli.stats",
    "export": "game.cli.export",
    "replay": "game.cli.replay",
    "hint": "game.cli.hint",
    "review": "game.cli.review",
}
COMMANDS = tuple(COMMAND_MODULES)


def command(name: str) -> ModuleType:
    """The module of the command ``name`` (of COMMANDS)."""
    return import_module(COMMAND_MODULES[name])


def build_parser(details: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The command line. ``details`` fills the help texts with what each game offers,
    which imports every game's rules (about 0.1 s); main() asks for them only with
    --help, so that starting the game window does not pay for them. ``only``: the one
    command (of COMMANDS) the line names, the others left out (start-up: building every
    command's arguments is a few ms before the window opens)."""

    from game.cli.common import Formatter, Parser, plain  # start-up: argparse when parsing

    def wanted(command: str) -> bool:
        return only is None or only == command

    parser = Parser(prog=PROG, description=plain(__doc__), formatter_class=Formatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if wanted(name):
            command(name).add_parser(sub, details)
    return parser


def check_args(args) -> None:
    """Everything about the command line that depends on the game it names."""
    command(args.command).check(args)


def run_command(args) -> int:
    """Carry out a checked command line; the exit code of the command."""
    return command(args.command).run(args)


def _error(problem: str, code: int = EXIT_USAGE, label: str = "error") -> int:
    print(f"{PROG}: {label}: {' '.join(str(problem).split())}", file=sys.stderr)
    return code


def _internal_error(exc: BaseException) -> int:
    """A fault of the program: one line, and the traceback kept in a log to report."""
    import traceback  # start-up: only for a fault of the program

    log = cache_dir() / "last-error.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text("".join(traceback.format_exception(exc)), encoding="utf-8")
        where = f"traceback in {log}"
    except OSError as write_exc:
        where = f"and its traceback could not be written to {log}: {write_exc.strerror}"
    return _error(
        f"{type(exc).__name__}: {clip(str(exc))} ({where}; please report it)",
        EXIT_INTERNAL,
        "internal error",
    )


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv.insert(0, "play")  # `tabletop-derby --frames 60` means play
    try:
        if argv == ["play"]:
            # `tabletop-derby` alone (a double-click, main.py): the window with every
            # default, no parser built (start-up, issue #37: argparse and the command's
            # arguments were ~5 ms before the first frame). Nor is garbage collected
            # before the first frame (its imports make few cycles; the collector's
            # passes over them were ~3 ms): App.run collects again once it is shown.
            gc.disable()
            try:
                return command("play").run_plain()
            finally:
                gc.enable()  # a window that never showed a frame (an error) included
        details = "-h" in argv or "--help" in argv
        only = argv[0] if argv[0] in COMMANDS and not details else None
        parser = build_parser(details=details, only=only)
        args = parser.parse_args(argv)
        check_args(args)
        return run_command(args)
    except UsageError as exc:
        return _error(str(exc))
    except BrokenPipeError:
        # The reader stopped reading (`simulate … | head -1`): nothing to report. Point
        # stdout at /dev/null so the interpreter's last flush does not complain either
        # (the recipe of Python's signal docs).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (ValueError, OSError) as exc:
        # A bad data file, save, board or output path that only shows once it is used: the
        # loaders' and the rules' errors (DataFileError, SaveError, RulesDataError) and the
        # operating system's already name the file and the problem in one line.
        return _error(str(exc) or type(exc).__name__)
    except KeyboardInterrupt:
        return _error("interrupted", EXIT_INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - a bug of ours: no traceback on the terminal, but kept
        return _internal_error(exc)
