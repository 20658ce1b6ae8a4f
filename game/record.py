"""The one reader of a game's record (issue #37): ``{game, players, seed, options,
actions}``, what rebuilds a game exactly through its rules (:class:`game.rules.protocol.Record`).

A record comes from four places, each a stranger's: a save file (:mod:`game.saves`), a
row of the history (:mod:`game.history`), a host's "record" message (:mod:`game.net.protocol`)
and a ``.derby`` file (:mod:`game.derby_file`). Each used to check it by hand, with limits
of its own (an action of 199 or 200 characters, 20,000 or 100,000 actions, options with or
without a bound on their texts). Here is the one set of limits and the one walk; each
caller keeps only its own way of saying where (a save names its file and place, the
network refuses with one line, the history reports the row by its id, a ``.derby`` file
its line) by wrapping :class:`RecordProblem`.

Seeds travel as text where a number could lose digits (a JavaScript client, a SQLite
text column, a ``.derby`` tag): :func:`seed_of_text` reads them, with the same bounds.

Headless and light (no rules, no pygame): the menu lists saves through it before any
game's rules are loaded; :func:`from_dict` loads the protocol's ``Record`` only when it
builds one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game import registry
from game.settings import char_problem
from game.storage import BadNumber, describe, printable

if TYPE_CHECKING:  # annotations only: the rules' protocol loads when a record is built
    from game.rules.protocol import Record

# Seeds are from -2**128 to 2**128 - 1: new games draw 128 bits (session.new_seed, issue
# #18), older saves hold seeds below 2**31 or 2**63. 2**128 has 39 digits.
SEED_LIMIT = 2**128
SEED_MAX_DIGITS = 40  # a seed written as text: 39 digits, and one to spare
MAX_ACTIONS = 100_000  # the longest game measured takes ~700 (Duck!, six players)
ACTION_MAX_CHARS = 200  # action texts are short notation ("move 3 a"), ~20 at most
# Options are the rules' prepared options (a board, a deck): ~5,000 values, nested 6
# deep (a Duck board's hexes), texts of at most 32 characters (a board's name).
OPTIONS_MAX_DEPTH = 16
OPTIONS_MAX_ITEMS = 200_000
OPTIONS_TEXT_MAX = ACTION_MAX_CHARS
KEYS = ("game", "players", "seed", "options", "actions")


class RecordProblem(ValueError):
    """What is wrong with a record: its ``place`` ("seed", "actions[3]", "options.board")
    and the ``problem``, a sentence that never holds the bad text but clipped."""

    def __init__(self, place: str, problem: str):
        self.place, self.problem = place, problem
        super().__init__(f"{place}: {problem}")


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)


def require(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], place: str) -> Any:
    """``data[key]`` when it is there and of ``kind`` (a bool is no int), else the
    problem at ``place``: "missing", "must be int, not str", or a number nothing holds."""
    if key not in data:
        raise RecordProblem(place, "missing")
    value = data[key]
    if isinstance(value, BadNumber):
        raise RecordProblem(place, value.problem)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordProblem(place, f"must be {_kind_name(kind)}, not {type(value).__name__}")
    return value


def require_int(data: Mapping[str, Any], key: str, low: int, high: int, place: str) -> int:
    value = require(data, key, int, place)
    if not low <= value <= high:
        raise RecordProblem(place, f"{describe(value)} is outside {low}–{high}")
    return value


def seed_of_text(text: Any) -> int:
    """A seed written as decimal text (an optional minus and at most
    :data:`SEED_MAX_DIGITS` digits), as the network, the history and ``.derby`` files
    write it; its range is checked with the record (:func:`check`)."""
    digits = text[1:] if isinstance(text, str) and text.startswith("-") else text
    if (
        not isinstance(digits, str)
        or not 1 <= len(digits) <= SEED_MAX_DIGITS
        or not (digits.isascii() and digits.isdigit())
    ):
        raise RecordProblem("seed", "must be a whole number as text")
    return int(text)


def check_options(options: Any) -> None:
    """Options are plain JSON data (game data such as a board): an object of texts (keys
    too: at most OPTIONS_TEXT_MAX characters, none that no font draws or that breaks a
    line), finite numbers, true/false/null, lists and objects, nested at most
    OPTIONS_MAX_DEPTH deep and at most OPTIONS_MAX_ITEMS values in all. Walked without
    recursion: a parser allows far deeper nesting than a walk's stack."""
    if not isinstance(options, dict):
        raise RecordProblem("options", f"must be dict, not {type(options).__name__}")
    stack: list[tuple[Any, str, int]] = [(options, "options", 0)]
    items = 0
    while stack:
        value, place, depth = stack.pop()
        items += 1
        if items > OPTIONS_MAX_ITEMS:
            raise RecordProblem("options", f"more than {OPTIONS_MAX_ITEMS:,} values")
        if depth > OPTIONS_MAX_DEPTH:
            raise RecordProblem(place, f"nested more than {OPTIONS_MAX_DEPTH} deep")
        if isinstance(value, BadNumber):
            raise RecordProblem(place, value.problem)
        if isinstance(value, dict):
            for key, inner in value.items():
                inside = f"{place}.{printable(str(key), 40)}"
                _check_text(key, inside, "a key")
                stack.append((inner, inside, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, f"{place}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, place, "a text")
        elif isinstance(value, float) and not math.isfinite(value):
            raise RecordProblem(place, f"{value} is not a number a record may hold")
        elif value is not None and not isinstance(value, (int, float, bool)):
            raise RecordProblem(place, f"{type(value).__name__} is not plain data")


def _check_text(text: Any, place: str, what: str) -> None:
    if not isinstance(text, str):
        raise RecordProblem(place, f"{what} must be text")
    if len(text) > OPTIONS_TEXT_MAX:
        raise RecordProblem(
            place, f"{what} of {len(text):,} characters; at most {OPTIONS_TEXT_MAX}"
        )
    problem = char_problem(text, what)
    if problem is not None:
        raise RecordProblem(place, problem)


def check_actions(actions: Any, players: int) -> None:
    """``[[player, action text], ...]``: at most MAX_ACTIONS, each player a seat of the
    ``players``, each text 1 to ACTION_MAX_CHARS printable characters (the rules check
    the notation when the game is replayed)."""
    if not isinstance(actions, list):
        raise RecordProblem("actions", f"must be list, not {type(actions).__name__}")
    if len(actions) > MAX_ACTIONS:
        raise RecordProblem(
            "actions", f"{len(actions):,} actions; a game has at most {MAX_ACTIONS:,}"
        )
    for i, item in enumerate(actions):
        if (
            not isinstance(item, list)
            or len(item) != 2
            or type(item[0]) is not int
            or not isinstance(item[1], str)
            or not 0 <= item[0] < players
        ):
            raise RecordProblem(f"actions[{i}]", "must be [player, action text]")
        if not 0 < len(item[1]) <= ACTION_MAX_CHARS or not item[1].isprintable():
            raise RecordProblem(f"actions[{i}]", f"{describe(item[1])} is not an action")


def check(data: Mapping[str, Any], *, seedless: bool = False) -> None:
    """Every value of the record in ``data`` (its :data:`KEYS`; other keys are the
    caller's), in this order: the game (a registered one), the players (within the
    game's), the seed (a whole number within ±:data:`SEED_LIMIT`), the options, the
    actions. ``seedless``: a game joined over the network whose host sent no record (the
    history keeps what its window saw, without a replay): its seed is not asked for.
    Raises :class:`RecordProblem` naming the first problem."""
    game = require(data, "game", str, "game")
    info = registry.GAMES.get(game)
    if info is None:
        raise RecordProblem("game", f"unknown game {describe(game)}")
    players = require_int(data, "players", info.min_players, info.max_players, "players")
    if not seedless:
        require_int(data, "seed", -SEED_LIMIT, SEED_LIMIT - 1, "seed")
    check_options(require(data, "options", dict, "options"))
    check_actions(require(data, "actions", list, "actions"), players)


def from_dict(data: Mapping[str, Any]) -> Record:
    """The record in ``data`` after :func:`check`, ready to replay."""
    from game.rules.protocol import Record  # start-up: only when a record is built

    check(data)
    return Record(
        data["game"],
        data["players"],
        data["seed"],
        dict(data["options"]),
        tuple((int(p), str(a)) for p, a in data["actions"]),
    )
