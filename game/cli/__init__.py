"""``python -m game`` / ``tabletop-derby``: play (the default), simulate, tournament,
screenshot, serve or check-board.

A command line that cannot be carried out is one line on stderr and exit code 2, found
before any window opens or any game runs. A fault in the program itself is one line that
names the log holding its traceback, and exit code 70."""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import os
import re
import sys
import textwrap
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from game import registry, rules, saves
from game.ai import BOT_ALIASES, LEVELS
from game.boards import prepare_options
from game.cli import history as history_cli
from game.cli import serve as net_cli  # argparse only: the network loads when it runs
from game.paths import lesson_ids
from game.saves import SEED_LIMIT
from game.storage import cache_dir, clip, is_regular_file, printable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PROG = "tabletop-derby"
EXIT_USAGE = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE of sysexits.h: the program's fault, not the user's
EXIT_INTERRUPTED = 130  # what a shell reports for Ctrl-C
PNG_SUFFIX = ".png"


class UsageError(Exception):
    """A command line that cannot be carried out; str() is the one line to print."""


class Parser(argparse.ArgumentParser):
    """argparse whose mistakes are raised as one-line :class:`UsageError`s (argparse's own
    ``error`` prints the usage block first and exits, which main() could not test)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Help as written: descriptions and the per-game epilog keep their lines, and a
    name like grand-canal is never broken at its hyphen."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def plain(text: str) -> str:
    """A docstring as a person reads it: reST ````literal```` marks removed (argparse
    prints descriptions raw)."""
    return re.sub(r"``(.+?)``", r"\1", text)


# -- values argparse converts ---------------------------------------------------------------
def _whole_number(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants a whole number, not {clip(text)}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
    return value


def positive(text: str) -> int:
    """A count that must be at least 1 (games, players, frames, rounds)."""
    return _whole_number(text, 1)


def non_negative(text: str) -> int:
    """A count that may be 0 (rounds or actions played before a screenshot)."""
    return _whole_number(text, 0)


def seed(text: str) -> int:
    """A game's seed: any whole number a save can hold (saves.SEED_LIMIT), so a game
    started from the command line can always be saved and resumed."""
    value = _whole_number(text, -SEED_LIMIT)
    if value >= SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"must be below 2**128, not {clip(value)}")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"size must look like 1280x720, not {clip(text)}"
        ) from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {text} is out of range (320x240 .. 7680x4320)")
    return w, h


def game_id(text: str) -> str:
    """A game of the registry (simulate and tournament need only its rules)."""
    if text not in registry.GAMES:
        raise argparse.ArgumentTypeError(
            f"unknown game {clip(text)}; known: {', '.join(registry.GAMES)}"
        )
    return text


def playable_game_id(text: str) -> str:
    """A game that can be shown in the window (its rules and its scene are installed)."""
    playable = [info.id for info in registry.installed_games()]
    if text not in playable:
        raise argparse.ArgumentTypeError(
            f"unknown game {clip(text)}; playable: {', '.join(playable)}"
        )
    return text


def bot_level(text: str) -> str:
    """A computer player's level, aliases turned into the level they name."""
    level = BOT_ALIASES.get(text, text)
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {clip(text)}; known: {_levels_text()}")
    return level


def bot_levels(text: str) -> list[str]:
    """``hard,normal,normal``: one level per seat."""
    return [bot_level(part.strip()) for part in text.split(",")]


def scene_name(text: str) -> str:
    from game.screenshot import SCENES, lesson_scene_id  # start-up: pygame, the rules

    if text in SCENES:
        return text
    if text.startswith("replay:"):  # checked once the command line is read (the history)
        return text
    lesson = lesson_scene_id(text)
    if lesson is not None:
        known = lesson_ids()
        if lesson not in known:
            raise argparse.ArgumentTypeError(
                f"unknown lesson {clip(lesson)}; known: " + ", ".join(f"lesson:{i}" for i in known)
            )
        return text
    try:
        return playable_game_id(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            f"unknown scene {clip(text)}; known: {', '.join(_scene_names())}"
        ) from None


def output_png(text: str) -> str:
    """A PNG file that can be written: checked before anything is rendered."""
    path = Path(text)
    if path.is_dir() or text.endswith(("/", os.sep)):
        raise argparse.ArgumentTypeError(f"{clip(text)} is a folder, not a file name")
    if path.suffix.lower() != PNG_SUFFIX:
        raise argparse.ArgumentTypeError(f"{clip(text)} does not end in {PNG_SUFFIX}")
    if path.exists() and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{clip(text)} cannot be overwritten (permission)")
    folder = path.absolute().parent
    existing = next(p for p in (folder, *folder.parents) if p.exists())  # "/" always exists
    if not existing.is_dir():
        raise argparse.ArgumentTypeError(f"{clip(str(existing))} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"cannot write in {clip(str(existing))} (permission)")
    return text


# -- what each game offers, read from the registry and its rules (never written out here) ----
@functools.cache
def option_specs(game: str) -> dict[str, Any]:
    """The lobby options (``OptionSpec``s) of a game's rules, by key."""
    return {spec.key: spec for spec in rules.load(game).OPTIONS}


def _boards_module(game: str):
    name = f"game.boards.{game}"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


@functools.cache
def data_keys(game: str) -> tuple[str, ...]:
    """The options that name a data file (a board, a deck, a tile set, a scoring table):
    what the game's loader fills in when nothing is chosen. Their value is a name or a
    path, checked by the loader, not one of fixed choices."""
    return tuple(prepare_options(game, {}))


@functools.cache
def variant_names(game: str) -> tuple[str, ...]:
    """What ``--variant`` takes for a game: the rules' ``variant`` choices, then the
    command-line shorthands its loader knows (a mapping of name -> options)."""
    names = (
        [str(c) for c in option_specs(game)["variant"].choices]
        if "variant" in option_specs(game)
        else []
    )
    module = _boards_module(game)
    for attr in ("VARIANTS", "VARIANT_SHORTHANDS"):  # cluck's and duck's shorthands
        table = getattr(module, attr, None)
        if isinstance(table, Mapping):
            names += [name for name in table if name not in names]
    return tuple(names)


def choice_text(value: Any) -> str:
    """An option value as it is typed: ``true``/``false`` for the booleans."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@functools.cache
def _data_names(game: str, key: str) -> tuple[str, ...]:
    """The shipped (and the player's own) files of a data option the lobby lists (each
    is loaded to be listed, so once per run)."""
    lobby_choices = getattr(_boards_module(game), "lobby_choices", None)
    return tuple(lobby_choices(key) or ()) if lobby_choices else ()


def _data_choices(game: str, key: str) -> str:
    return "|".join([*_data_names(game, key), "FILE"]) if _data_names(game, key) else "NAME|FILE"


def options_text(game: str) -> str:
    """``variant=beginner|advanced, official=false|true, board=bathtub|…|FILE``."""
    parts = []
    for key, spec in option_specs(game).items():
        if key not in data_keys(game):
            parts.append(f"{key}={'|'.join(choice_text(c) for c in spec.choices)}")
    parts += [f"{key}={_data_choices(game, key)}" for key in data_keys(game)]
    return ", ".join(parts)


def _games_with(key: str) -> list[str]:
    return [game for game in registry.GAMES if key in option_specs(game)]


def _levels_text() -> str:
    aliases = ", ".join(f"{alias} = {level}" for alias, level in BOT_ALIASES.items())
    return f"{'|'.join(LEVELS)} ({aliases})"


def _players_text() -> str:
    return ", ".join(
        f"{info.id} {info.min_players}-{info.max_players}" for info in registry.GAMES.values()
    )


def _scene_names() -> list[str]:
    from game.screenshot import SCENES  # start-up: screenshot brings pygame and the rules

    return [*SCENES, *(info.id for info in registry.installed_games())]


def _lesson_scene_names() -> list[str]:
    from game.screenshot import LESSON_PREFIX  # start-up: screenshot brings pygame and the rules

    return [f"{LESSON_PREFIX}{i}" for i in lesson_ids()]


def _games_epilog() -> str:
    lines = ["each game's options (--option KEY=VALUE; FILE is a path to a data file):"]
    lines += [
        f"  {info.id} ({info.name_en}, {info.min_players}-{info.max_players} players): "
        f"{options_text(info.id)}"
        for info in registry.GAMES.values()
    ]
    return "\n".join(lines)


# -- the parser ------------------------------------------------------------------------------
def _add_game_options(p: argparse.ArgumentParser, details: bool) -> None:
    variants = (
        "; ".join(
            f"{game}: {'|'.join(variant_names(game))}"
            for game in registry.GAMES
            if variant_names(game)
        )
        if details
        else ""
    )
    boards = (
        "; ".join(
            f"{game}: {', '.join(_data_names(game, 'board'))} or a FILE"
            for game in _games_with("board")
        )
        if details
        else ""
    )
    attack = ", ".join(_games_with("attack")) if details else ""
    p.add_argument("--variant", help=f"the game's variant ({variants})")
    p.add_argument("--board", help=f"the board, a shipped name or a file ({boards})")
    p.add_argument(
        "--attack",
        action="store_true",
        help=f"the attack variant, same as --option attack=true ({attack})",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="any option of the game, repeatable (each game's options are listed below)",
    )


def _add_players(
    p: argparse.ArgumentParser, default: int | None, details: bool, when: str = ""
) -> None:
    default_text = (
        f"; default {default}"
        if default is not None
        else "; default 4, or the game's nearest count"
    )
    allowed = _players_text() if details else ""
    p.add_argument(
        "--players",
        type=positive,
        default=default,
        help=f"{when}how many seats, within the game's range ({allowed}){default_text}",
    )


HISTORY_COMMANDS = ("history", "stats", "export", "replay")  # game.history_cli
COMMANDS = (
    "play",
    "screenshot",
    "simulate",
    "tournament",
    "serve",
    "check-board",
    *HISTORY_COMMANDS,
)


def build_parser(details: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The command line. ``details`` fills the help texts with what each game offers,
    which imports every game's rules (about 0.1 s); main() asks for them only with
    --help, so that starting the game window does not pay for them. ``only``: the one
    command (of COMMANDS) the line names, the others left out (start-up: building every
    command's arguments is a few ms before the window opens)."""

    def wanted(command: str) -> bool:
        return only is None or only == command

    # Without details, no help text is computed: none will be printed.
    games = "|".join(registry.GAMES) if details else ""
    playable = "|".join(info.id for info in registry.installed_games()) if details else ""
    scenes = ", ".join(_scene_names()) if details else ""
    lesson_scenes = ", ".join(_lesson_scene_names()) if details else ""
    levels = _levels_text() if details else ""
    epilog = _games_epilog() if details else None
    parser = Parser(prog=PROG, description=plain(__doc__), formatter_class=Formatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    if wanted("play"):
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

    if wanted("screenshot"):
        shot = sub.add_parser(
            "screenshot",
            help="render a scene headless to a PNG",
            description="Render a scene headless to a PNG file.",
            epilog=epilog,
            formatter_class=Formatter,
        )
        shot.add_argument(
            "scene",
            type=scene_name,
            metavar="SCENE",
            help=f"what to show: {scenes}; or a lesson at one of its steps (--step): {lesson_scenes}",
        )
        shot.add_argument(
            "--out",
            required=True,
            type=output_png,
            metavar="FILE.png",
            help="the PNG file to write (its folder is made if missing)",
        )
        shot.add_argument("--lang", choices=("en", "ja"), default="en", help="language: en|ja")
        shot.add_argument(
            "--size",
            type=_size,
            default=(1280, 720),
            help="image size WxH, 320x240 .. 7680x4320 (default 1280x720)",
        )
        _add_players(shot, 4, details, "a game scene: ")
        shot.add_argument("--seed", type=seed, default=1, help="a game scene's seed (default 1)")
        shot.add_argument(
            "--rounds",
            type=non_negative,
            default=0,
            help="a game scene: computer players play this many rounds first",
        )
        shot.add_argument(
            "--actions",
            type=non_negative,
            default=0,
            help="... and then this many more actions (a table mid-round)",
        )
        shot.add_argument(
            "--step",
            type=positive,
            default=None,
            help="a lesson scene: the step to show, from 1 (default 1); the lesson is played "
            "by its own steps up to it",
        )
        shot.add_argument(
            "--refused",
            action="store_true",
            help="a lesson scene: with the hint said when something else than the step asks was tried",
        )
        _add_game_options(shot, details)
        # None: not given (a lesson refuses them); a game scene's defaults are set in check_args
        shot.set_defaults(players=None, seed=None)

    if wanted("simulate"):
        sim = sub.add_parser(
            "simulate",
            help="play bot games headless and print games/second",
            description="Play computer games headless and print games/second "
            "and more as one JSON line.",
            epilog=epilog,
            formatter_class=Formatter,
        )
        sim.add_argument("game", type=game_id, metavar="GAME", help=f"the game: {games}")
        _add_players(sim, 4, details)
        sim.add_argument(
            "--games", type=positive, default=100, help="how many games, at least 1 (default 100)"
        )
        sim.add_argument(
            "--seed",
            type=seed,
            default=1,
            help="the first game's seed; game k uses seed+k (default 1)",
        )
        sim.add_argument(
            "--bot-seed",
            type=seed,
            default=None,
            help="the computer players' seed; game k's use bot-seed+k (default: random, "
            "printed in the result so a run can be repeated)",
        )
        sim.add_argument(
            "--bot",
            type=bot_level,
            default="random",
            help=f"every seat's level: {levels} (default random)",
        )
        sim.add_argument(
            "--max-rounds",
            type=positive,
            default=200,
            help="games still running after this round count as unfinished (default 200)",
        )
        sim.add_argument("--json", action="store_true", help="print only the JSON line")
        _add_game_options(sim, details)

    if wanted("tournament"):
        tour = sub.add_parser(
            "tournament",
            help="bot levels against each other, seats rotated",
            description="Computer levels against each other, seats rotated "
            "every game: win rates with 95%% intervals and "
            "decision times.",
            epilog=epilog,
            formatter_class=Formatter,
        )
        tour.add_argument("game", type=game_id, metavar="GAME", help=f"the game: {games}")
        _add_players(tour, 4, details)
        tour.add_argument(
            "--games", type=positive, default=100, help="how many games, at least 1 (default 100)"
        )
        tour.add_argument("--seed", type=seed, default=1, help="the first game's seed (default 1)")
        tour.add_argument(
            "--bot-seed",
            type=seed,
            default=None,
            help="the computer players' seed (default: random, printed in the result)",
        )
        tour.add_argument(
            "--bots",
            required=True,
            type=bot_levels,
            metavar="LEVEL,LEVEL,...",
            help=f"one level per seat, comma-separated: {levels}",
        )
        tour.add_argument("--json", action="store_true", help="print only the JSON line")
        _add_game_options(tour, details)

    if wanted("serve"):
        net_cli.add_parser(
            sub,
            formatter=Formatter,
            game_id=game_id,
            positive=positive,
            add_players=lambda p: _add_players(p, None, details, "with --new: "),
            add_game_options=lambda p: _add_game_options(p, details),
        )

    if wanted("check-board"):
        check = sub.add_parser(
            "check-board",
            help="validate a board file (YAML or Tiled TMX)",
            description="Validate a Duck! Duck! Go! board file.",
            formatter_class=Formatter,
        )
        check.add_argument("path", metavar="PATH", help="the board file (.yaml or .tmx)")

    if only is None or only in HISTORY_COMMANDS:
        history_cli.add_parsers(sub, formatter=Formatter, game_id=game_id, positive=positive)
        replay = sub.choices["replay"]  # a window: the window's own flags, as play's
        replay.add_argument(
            "--size", type=_size, default=None, help="window size WxH, 320x240 .. 7680x4320"
        )
        replay.add_argument("--lang", choices=("en", "ja"), default=None, help="language: en|ja")
    return parser


# -- checks that need the chosen game --------------------------------------------------------
def check_players(game: str, players: int) -> None:
    info = registry.get(game)
    if not info.min_players <= players <= info.max_players:
        raise UsageError(
            f"argument --players: {info.name_en} is for {info.min_players}-"
            f"{info.max_players} players, not {players}"
        )


def _no_such(game: str, what: str) -> UsageError:
    others = _games_with(what)
    return UsageError(
        f"argument --{what}: {game} has no {what} option "
        f"(only {', '.join(others) or 'no game'}); its options: "
        f"{options_text(game)}"
    )


def _option_value(game: str, key: str, text: str) -> Any:
    """``--option KEY=VALUE`` checked against the game's OptionSpec (or, for a data file,
    left to the loader), as the value the rules take."""
    specs = option_specs(game)
    if key in data_keys(game):
        return text
    if key not in specs:
        raise UsageError(
            f"argument --option: {game} has no option {clip(key)}; "
            f"its options: {options_text(game)}"
        )
    for choice in specs[key].choices:
        if choice_text(choice).lower() == text.lower():
            return choice
    allowed = "|".join(choice_text(c) for c in specs[key].choices)
    raise UsageError(f"argument --option: {game}'s {key} is one of {allowed}, not {clip(text)}")


def game_options(args, game: str | None = None) -> dict:
    """The game options a command line names (--variant, --board, --attack, --option),
    each checked against what ``game`` offers; UsageError names the first that is not."""
    game = game or args.game
    options: dict[str, Any] = {}
    if getattr(args, "variant", None) is not None:
        names = variant_names(game)
        if args.variant not in names:
            raise UsageError(
                f"argument --variant: {game} has no variants"
                if not names
                else f"argument --variant: {game}'s variants are {'|'.join(names)}, "
                f"not {clip(args.variant)}"
            )
        options["variant"] = args.variant
    if getattr(args, "board", None) is not None:
        if "board" not in option_specs(game):
            raise _no_such(game, "board")
        options["board"] = args.board  # a name or a file: the loader checks it
    if getattr(args, "attack", False):
        if "attack" not in option_specs(game):
            raise _no_such(game, "attack")
        options["attack"] = True
    for item in getattr(args, "option", None) or []:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise UsageError(f"argument --option: wants KEY=VALUE, not {clip(item)}")
        options[key] = _option_value(game, key, text)
    return options


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
    returned for the app to open (the file is read and replayed once)."""
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
        return saves.load_session(path)
    except saves.SaveError as exc:
        raise UsageError(f"argument --resume: {exc}") from None


def display_problem(environ=os.environ, platform: str = sys.platform) -> str | None:
    """Why a window cannot be shown here, or None. On Linux with neither an X nor a
    Wayland display, SDL opens an offscreen window nobody sees and the game runs for
    ever in the dark; say so instead (SDL_VIDEODRIVER set: the caller knows best)."""
    if not platform.startswith("linux") or environ.get("SDL_VIDEODRIVER"):
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
        "start it from a desktop session, or set SDL_VIDEODRIVER=dummy to run it unseen"
    )


def check_args(args) -> None:
    """Everything about the command line that depends on the game it names."""
    if args.command in ("play", "replay") and not getattr(args, "until_end", False):
        problem = display_problem()
        if problem is not None:
            raise UsageError(problem)
    if args.command == "play":
        _check_play(args)
    elif args.command in ("simulate", "tournament"):
        check_players(args.game, args.players)
        if args.command == "tournament" and len(args.bots) != args.players:
            raise UsageError(
                f"argument --bots: names {len(args.bots)} levels for "
                f"{args.players} players (one per seat)"
            )
        args.options = game_options(args)
    elif args.command == "serve":
        net_cli.check(
            args, error=UsageError, check_players=check_players, game_options=game_options
        )
    elif args.command == "replay":
        args.replay = _replay(args.which, "ID|latest|FILE")
    elif args.command == "screenshot":
        from game.screenshot import (  # start-up: screenshot brings pygame and the rules
            SCENES,
            lesson_scene_id,
            replay_scene_ref,
        )

        which = replay_scene_ref(args.scene)
        if which is not None:
            _check_replay_shot(args, which)
            return
        lesson = lesson_scene_id(args.scene)
        if lesson is not None:
            _check_lesson_shot(args, lesson)
            return
        if args.step is not None or args.refused:
            given = "--step" if args.step is not None else "--refused"
            raise UsageError(f"argument {given}: only a lesson scene has steps, not {args.scene}")
        args.players = 4 if args.players is None else args.players
        args.seed = 1 if args.seed is None else args.seed
        if args.scene in SCENES:
            flag = _first_game_flag(args)
            if flag:
                raise UsageError(
                    f"argument {flag}: only a game scene has game options, not {args.scene}"
                )
            args.options = {}
        else:
            check_players(args.scene, args.players)
            args.options = game_options(args, args.scene)


def _replay(which: str, what: str):
    """The replay a command line names, or one line and exit 2."""
    try:
        return history_cli.load_replay(which)
    except history_cli.ReplayProblem as exc:
        raise UsageError(f"argument {what}: {printable(str(exc), 300)}") from None


def _set_up_flag(args) -> str | None:
    """The first of a game scene's set-up flags given (seats, seed, rounds, actions, game
    options): a lesson or a replay brings its own table, so none of them may be."""
    for flag, given in (
        ("--players", args.players is not None),
        ("--seed", args.seed is not None),
        ("--rounds", args.rounds != 0),
        ("--actions", args.actions != 0),
    ):
        if given:
            return flag
    return _first_game_flag(args)


def _check_replay_shot(args, which: str) -> None:
    """``screenshot replay:ID --step N``: a finished game at a position (0 to its
    actions; default its end), none of a game scene's set-up (the record has its own)."""
    flag = "--refused" if args.refused else _set_up_flag(args)
    if flag:
        raise UsageError(f"argument {flag}: a replay shows its own game, not {args.scene}")
    args.replay = _replay(which, "SCENE")
    if args.step is not None and args.step > args.replay.length:
        raise UsageError(
            f"argument --step: that game has {args.replay.length} actions, not {args.step}"
        )


def _check_lesson_shot(args, lesson_id: str) -> None:
    """A lesson scene: a step the lesson has, and none of a game scene's set-up (the
    lesson sets its own table)."""
    from game.lessons import (  # start-up: lessons bring the session and yaml
        LessonError,
        lesson_path,
        load_lesson,
    )

    flag = _set_up_flag(args)
    if flag:
        raise UsageError(f"argument {flag}: a lesson sets its own table, not {args.scene}")
    try:
        lesson = load_lesson(lesson_path(lesson_id))
    except LessonError as exc:
        raise UsageError(f"{args.scene}: {exc}") from None
    if args.step is not None and args.step > len(lesson.steps):
        raise UsageError(
            f"argument --step: {lesson_id} has {len(lesson.steps)} steps, not {args.step}"
        )
    args.options = {}


def _first_game_flag(args) -> str | None:
    """The first game-option flag given (None if there is none)."""
    for flag, given in (
        ("--variant", args.variant is not None),
        ("--board", args.board is not None),
        ("--attack", args.attack),
        ("--option", bool(args.option)),
    ):
        if given:
            return flag
    return None


# -- running a command -----------------------------------------------------------------------
def run_command(args) -> int:
    """Carry out a checked command line; the exit code of the command."""
    if args.command == "play":
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
    if args.command == "screenshot":
        from game.screenshot import screenshot  # start-up: pygame and the rules

        return screenshot(args)
    if args.command == "simulate":
        from game.simulate import print_result, run  # start-up: the session and every bot

        result = run(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.options,
            bot=args.bot,
            max_rounds=args.max_rounds,
            bot_seed=args.bot_seed,
        )
        print_result(result, args.json)
        return 0 if result["errors"] == 0 else 1
    if args.command == "tournament":
        from game.tournament import (  # start-up: the session and every bot
            print_result,
            run_tournament,
        )

        result = run_tournament(
            args.game,
            args.players,
            args.games,
            args.seed,
            args.bots,
            args.options,
            bot_seed=args.bot_seed,
        )
        print_result(result, args.json)
        return 0
    if args.command == "serve":
        return net_cli.run(args)
    if args.command == "replay":
        from game.app import run_app  # start-up: pygame only for the window

        return run_app(frames=args.frames, size=args.size, lang=args.lang, replay=args.replay)
    if args.command in HISTORY_COMMANDS:
        return history_cli.run(args)
    if args.command == "check-board":
        from game.cli.check import check_board_cli  # start-up: board loaders (yaml, pytmx)

        return check_board_cli(args.path)
    raise AssertionError(f"command {args.command!r} is parsed but not run")


def _error(problem: str, code: int = EXIT_USAGE, label: str = "error") -> int:
    print(f"{PROG}: {label}: {' '.join(str(problem).split())}", file=sys.stderr)
    return code


def _internal_error(exc: BaseException) -> int:
    """A fault of the program: one line, and the traceback kept in a log to report."""
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
