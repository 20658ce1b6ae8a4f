"""What every command of the command line shares (issue #26): the parser and help
formatter (a mistake is ``game.cli.usage``'s one-line UsageError), the values argparse
converts, what each game offers (read from the registry and its rules, never written out
here), the flags of a game's options and seats, and their checks against the chosen
game."""

from __future__ import annotations

import argparse
import functools
import importlib
import importlib.util
import re
import textwrap
from collections.abc import Mapping
from typing import Any, NoReturn

from game import registry
from game.cli.usage import UsageError, display_problem  # noqa: F401 - the commands' own
from game.registry import LEVELS
from game.saves import SEED_LIMIT
from game.storage import clip


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
    from game.ai import BOT_ALIASES  # start-up: the window's first frame needs no bots

    level = BOT_ALIASES.get(text, text)
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(f"unknown level {clip(text)}; known: {_levels_text()}")
    return level


def bot_levels(text: str) -> list[str]:
    """``hard,normal,normal``: one level per seat."""
    return [bot_level(part.strip()) for part in text.split(",")]


# -- what each game offers, read from the registry and its rules (never written out here) ----
@functools.cache
def option_specs(game: str) -> dict[str, Any]:
    """The lobby options (``OptionSpec``s) of a game's rules, by key."""
    from game import rules  # start-up: no game's rules before the first frame

    return {spec.key: spec for spec in rules.load(game).OPTIONS}


def _boards_module(game: str):
    name = f"game.boards.{game}"
    return importlib.import_module(name) if importlib.util.find_spec(name) else None


@functools.cache
def data_keys(game: str) -> tuple[str, ...]:
    """The options that name a data file (a board, a deck, a tile set, a scoring table):
    what the game's loader fills in when nothing is chosen. Their value is a name or a
    path, checked by the loader, not one of fixed choices."""
    from game.boards import prepare_options  # start-up: no board before the first frame

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
    from game.ai import BOT_ALIASES  # start-up: as in bot_level

    aliases = ", ".join(f"{alias} = {level}" for alias, level in BOT_ALIASES.items())
    return f"{'|'.join(LEVELS)} ({aliases})"


def _players_text() -> str:
    return ", ".join(
        f"{info.id} {info.min_players}-{info.max_players}" for info in registry.GAMES.values()
    )


def _games_epilog() -> str:
    lines = ["each game's options (--option KEY=VALUE; FILE is a path to a data file):"]
    lines += [
        f"  {info.id} ({info.name_en}, {info.min_players}-{info.max_players} players): "
        f"{options_text(info.id)}"
        for info in registry.GAMES.values()
    ]
    return "\n".join(lines)


# -- the flags every game command has --------------------------------------------------------
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
