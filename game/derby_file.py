"""A finished game as one small text file (issue #28): ``.derby``, read like PGN.

::

    [Game "routes"]
    [Date "2026-11-25 18:40"]
    [Seed "1234567890"]
    [Options "{...}"]
    [Seat0 "Ann|person||chr_a"]
    [Result "1-3-2"]

    0 roll
    1 take 3 5
    ...

A header of tags (``[Name "value"]``, the value JSON-quoted), a blank line, then one
action a line: the player's number and the action in the rules' notation. The seed is
in it: the game is over, its chance holds no secret any more. The options are the
rules' prepared options (a board, a deck) as JSON, so the game replays exactly on any
copy of the app whatever boards it ships.

Reading is defensive, as saves are: the file is size-bounded before it is read, every
tag checked, and the record replayed through the rules; the first illegal action is
refused with its line number. A damaged or hostile file is one :class:`DerbyFileError`
naming the file, the line and the problem.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import record as record_reader
from game import registry
from game.record import RecordProblem
from game.rules.protocol import IllegalAction, NotationError, RulesDataError
from game.settings import name_problem
from game.storage import FileProblem, atomic_write_text, data_dir, printable, read_bounded

SUFFIX = ".derby"
EXPORTS = "exports"  # the data folder's folder python -m game export writes to by default
MAX_LISTED = 200  # .derby files a folder lists (the newest)
MAX_BYTES = 2_000_000  # the longest game is ~700 actions and a board of ~6 KB
MAX_TAG = 200_000  # the options tag holds a board
_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9]{0,15}) (".*")\]')
_MOVE = re.compile(r"(\d) (\S.*)")  # the record reader checks the player and the text
KINDS = ("person", "computer", "online")


class DerbyFileError(FileProblem):
    """A .derby file that cannot be opened: the file, the line and the problem."""


@dataclass(frozen=True)
class DerbySeat:
    name: str
    kind: str
    level: str | None
    character: str


@dataclass(frozen=True)
class DerbyGame:
    game: str
    seed: int
    options: dict[str, Any]
    seats: tuple[DerbySeat, ...]
    actions: tuple[tuple[int, str], ...]
    date: str = ""
    places: tuple[int, ...] = ()


def exports_dir() -> Path:
    """Where ``python -m game export`` writes without ``--out``."""
    return data_dir() / EXPORTS


def listed(folders: list[Path] | None = None) -> list[Path]:
    """The ``.derby`` files in ``folders`` (the exports folder and the folder the app
    was started in: where a relative ``--out`` writes), newest first, at most
    :data:`MAX_LISTED`. A folder that is not there or cannot be read lists nothing."""
    folders = [exports_dir(), Path.cwd()] if folders is None else folders
    found: dict[Path, float] = {}
    for folder in folders:
        try:
            for path in folder.glob(f"*{SUFFIX}"):
                if path.is_file():
                    found[path.resolve()] = path.stat().st_mtime
        except OSError:
            continue
    return sorted(found, key=lambda p: (-found[p], p.name))[:MAX_LISTED]


def write(path: Path, game: DerbyGame) -> Path:
    """Write ``game`` to ``path`` (atomically; its folder made when missing)."""
    tags: list[tuple[str, str]] = [
        ("Game", game.game),
        ("Date", game.date or time.strftime("%Y-%m-%d %H:%M")),
        ("Seed", str(game.seed)),
        ("Options", json.dumps(game.options, sort_keys=True, ensure_ascii=False)),
    ]
    for i, seat in enumerate(game.seats):
        tags.append((f"Seat{i}", f"{seat.name}|{seat.kind}|{seat.level or ''}|{seat.character}"))
    if game.places:
        tags.append(("Result", "-".join(map(str, game.places))))
    lines = [f"[{name} {json.dumps(value, ensure_ascii=False)}]" for name, value in tags]
    lines.append("")
    lines += [f"{player} {text}" for player, text in game.actions]
    atomic_write_text(path, "\n".join(lines) + "\n")
    return path


def read(path: Path) -> DerbyGame:
    """The game in a .derby file, every value checked and the record replayed through
    the rules (so a file can never smuggle in an illegal game)."""
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_BYTES)
    except OSError as exc:
        raise DerbyFileError(path, "", exc.strerror or str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DerbyFileError(path, f"byte {exc.start}", "not UTF-8 text") from None
    lines = text.splitlines()
    tags: dict[str, str] = {}
    number = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            break
        found = _TAG.fullmatch(line) if len(line) <= MAX_TAG else None
        if found is None:
            raise DerbyFileError(path, f"line {number}", 'not a tag [Name "value"]')
        try:
            value = json.loads(found.group(2))
        except (ValueError, RecursionError):
            value = None
        if not isinstance(value, str):
            raise DerbyFileError(path, f"line {number}", "a tag's value is one quoted text")
        if found.group(1) in tags:
            raise DerbyFileError(path, f"line {number}", f"{found.group(1)} given twice")
        tags[found.group(1)] = value
    game_id = _tag(tags, "Game", path)
    info = registry.GAMES.get(game_id)  # its seats' characters are the game's
    if info is None:
        raise DerbyFileError(path, "Game", f"unknown game {printable(game_id, 40)!r}")
    try:
        seed = record_reader.seed_of_text(_tag(tags, "Seed", path))
    except RecordProblem:
        raise DerbyFileError(path, "Seed", "not a whole number a game's seed may be") from None
    try:
        options = json.loads(_tag(tags, "Options", path))
    except (ValueError, RecursionError):
        options = None
    if not isinstance(options, dict):
        raise DerbyFileError(path, "Options", "not a JSON object")
    seats: list[DerbySeat] = []
    characters = {c.key for c in info.characters}
    while f"Seat{len(seats)}" in tags:
        place = f"Seat{len(seats)}"
        parts = tags[place].split("|")
        if len(parts) != 4:
            raise DerbyFileError(path, place, "not name|kind|level|character")
        name, kind, level, character = parts
        problem = name_problem(name)
        if problem is not None or not name:
            raise DerbyFileError(path, place, f"the name {problem or 'is empty'}")
        if kind not in KINDS or (level and level not in registry.LEVELS):
            raise DerbyFileError(path, place, "unknown kind or level")
        if character not in characters:
            raise DerbyFileError(path, place, f"{printable(character, 20)!r} is no character")
        seats.append(DerbySeat(name, kind, level or None, character))
    unknown = sorted(set(tags) - {"Game", "Date", "Seed", "Options", "Result"} - {
        f"Seat{i}" for i in range(len(seats))})  # fmt: skip
    if unknown:
        raise DerbyFileError(path, unknown[0], "unknown tag")
    actions: list[list[Any]] = []
    lines_of: list[int] = []  # each action's line in the file
    for offset, line in enumerate(lines[number:], number + 1):
        if not line.strip():
            continue
        found = _MOVE.fullmatch(line)
        if found is None:
            raise DerbyFileError(path, f"line {offset}", "not 'player action'")
        actions.append([int(found.group(1)), found.group(2)])
        lines_of.append(offset)
        if len(actions) > record_reader.MAX_ACTIONS:
            break  # the record reader says so, at this line
    try:  # the one record reader (issue #37), as a save's, a history row's and a host's
        record = record_reader.from_dict(
            {
                "game": game_id,
                "players": len(seats),
                "seed": seed,
                "options": options,
                "actions": actions,
            }
        )
    except RecordProblem as exc:
        raise DerbyFileError(path, *_where(exc, lines_of)) from None
    game = DerbyGame(
        game_id,
        record.seed,
        options,
        tuple(seats),
        record.actions,
        tags.get("Date", "")[:40],
    )
    _replay(path, game, lines_of)
    return game


def _where(problem: RecordProblem, lines: list[int]) -> tuple[str, str]:
    """The file's place of a record's problem: an action by its line, the seats' count
    at the seats' tags, the options at their tag (with the place inside them)."""
    place = problem.place
    if place.startswith("actions["):
        return f"line {lines[int(place[8:].partition(']')[0])]}", problem.problem
    if place == "actions":  # past the most a game may have: said at the first too many
        return (f"line {lines[-1]}" if lines else ""), problem.problem
    if place.startswith("options"):
        return "Options", f"{place}: {problem.problem}"
    if place == "players":
        return "Seat0", f"the number of seats: {problem.problem}"
    return {"game": "Game", "seed": "Seed"}.get(place, place), problem.problem


def _tag(tags: dict[str, str], name: str, path: Path) -> str:
    if name not in tags:
        raise DerbyFileError(path, name, "missing")
    return tags[name]


def _replay(path: Path, game: DerbyGame, lines: list[int]) -> None:
    """The record through the rules: the first action they refuse is named by its line;
    a record that does not reach the game's end is no finished game."""
    from game import rules  # start-up: the rules only when a file is read

    module = rules.load(game.game)
    try:
        state = module.new_game(len(game.seats), game.seed, game.options)
    except (RulesDataError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise DerbyFileError(path, "Options", f"the rules cannot use them ({exc})") from None
    for n, ((player, text), line) in enumerate(zip(game.actions, lines), 1):
        try:
            state.apply(player, module.parse_action(text))
        except (IllegalAction, NotationError) as exc:
            raise DerbyFileError(
                path, f"line {line}", f"action {n} is refused: {printable(str(exc), 120)}"
            ) from None
    if not state.is_over():
        raise DerbyFileError(path, "", "the record ends before the game does")


def from_record(record: Any) -> DerbyGame:
    """A finished game of the history (:class:`game.history.GameRecord`) as a file's."""
    entry = record.entry
    if record.seed is None:
        raise ValueError("a game joined over the network has no record to export")
    return DerbyGame(
        entry.game,
        record.seed,
        record.options,
        tuple(DerbySeat(s.name, s.kind, s.level, s.character) for s in entry.seats),
        record.actions,
        time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.ended)),
        tuple(s.place for s in entry.seats),
    )
