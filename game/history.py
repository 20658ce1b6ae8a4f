"""Every finished game remembered (issue #28): ``history.sqlite`` in the data folder.

stdlib :mod:`sqlite3`, nothing to start. One row per finished game in ``games`` (the
game, its variant and options, when it began and ended, its rounds, where it was played,
the seed and the action record to watch it again) and one per seat in ``seats`` (name,
kind, level, character, score, place and the end screen's breakdown of the score). A
game's prepared options (a Duck board is ~6 KB of JSON) are kept once in ``options`` by
their digest, shared by every game played with them.

- **Schema version** in ``PRAGMA user_version``, our mark in ``PRAGMA application_id``;
  :data:`MIGRATIONS` take a file of any earlier version to this one, each step in one
  transaction. A file of a newer version is left alone (the app runs without a history
  and says so): a newer Tabletop Derby can still read it.
- **Two copies of the app** may write at once: WAL, a busy timeout, and every game is one
  ``BEGIN IMMEDIATE`` transaction. A game already recorded (the same ``uid``: the save's
  id) is not recorded twice, so writing it again, or importing an autosave, is idempotent.
- **Bad input loses nothing**: a file that is not SQLite, is damaged or is another
  program's database is kept aside (``history.sqlite.damaged-<time>``, as the settings
  are) and a new history begun; one that cannot be opened now (locked by another program
  for longer than the busy timeout, read-only, the disk full) is one :class:`HistoryProblem`
  for a dialog, and nothing is deleted or overwritten. The file is size-bounded before it
  is opened, the games counted (the oldest go past :data:`MAX_GAMES`), and every value
  read back is checked as saves are: a bad row is listed as a :class:`RowProblem`.
- Lessons are recorded with ``lesson = 1`` and left out of every statistic.
- A seat whose person asked the coach (issue #40) is marked ``coached = 1`` (version 2):
  the game's record stays honest, and statistics can leave such games out (``fair``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import record as record_reader
from game import registry
from game.registry import LEVELS
from game.settings import name_problem
from game.storage import data_dir, keep_damaged_copy, printable

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2
APPLICATION_ID = 0x44524259  # "DRBY": our databases, told from another program's
FILE_NAME = "history.sqlite"
MAX_BYTES = 512 * 1024 * 1024  # ~100,000 games of the longest kind, with room
MAX_GAMES = 100_000  # past this the oldest games are forgotten (a game a day: 270 years)
BUSY_TIMEOUT_S = 10.0  # another copy of the app writing: wait this long for it
MAX_ACTIONS = record_reader.MAX_ACTIONS  # the longest game: its rounds are fewer
MAX_TEXT = 200  # a uid, a character key, a variant
SOURCES = ("local", "hosted", "joined")
KINDS = ("person", "computer", "online")
_SQLITE_MAGIC = b"SQLite format 3\x00"

MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE options (
            digest TEXT PRIMARY KEY,
            json TEXT NOT NULL
        )""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            variant TEXT,
            options TEXT NOT NULL REFERENCES options(digest),
            started REAL NOT NULL,
            ended REAL NOT NULL,
            rounds INTEGER NOT NULL,
            source TEXT NOT NULL,
            lesson INTEGER NOT NULL DEFAULT 0,
            seed TEXT,
            actions TEXT NOT NULL,
            viewer INTEGER
        )""",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            character TEXT NOT NULL,
            score REAL NOT NULL,
            place INTEGER NOT NULL,
            breakdown TEXT,
            PRIMARY KEY (game_id, seat)
        )""",
        "CREATE INDEX games_by_end ON games (ended DESC, id DESC)",
        "CREATE INDEX games_by_game ON games (game, ended DESC, id DESC)",
        "CREATE INDEX seats_by_name ON seats (name COLLATE NOCASE, game_id)",
    ),
    # issue #40: the person at this seat asked the coach during the game
    2: ("ALTER TABLE seats ADD COLUMN coached INTEGER NOT NULL DEFAULT 0",),
}


class HistoryProblem(Exception):
    """The history cannot be used now: a sentence for a dialog, naming the file."""

    def __init__(self, path: Path, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{printable(str(path))}: {problem}")


@dataclass(frozen=True)
class RowProblem:
    """A game in the history whose stored values are not what this app writes."""

    game_id: int
    place: str
    problem: str
    # where the row stands in the newest-first order, (ended, id), when its end time
    # could be read: the next page of a list whose last row is bad starts after it
    key: tuple[float, int] | None = None

    def __str__(self) -> str:
        return f"game {self.game_id}: {self.place}: {self.problem}"


@dataclass(frozen=True)
class SeatResult:
    name: str
    kind: str  # "person" (at this screen), "computer", "online" (on another computer)
    level: str | None  # a computer's level
    character: str
    score: float
    place: int  # 1 for the winners, then by score
    breakdown: tuple[int | str, ...] | None = None  # the end screen's parts of the score
    coached: bool = False  # the person asked the coach during the game (issue #40)


@dataclass(frozen=True)
class GameEntry:
    id: int
    uid: str
    game: str
    variant: str | None
    started: float
    ended: float
    rounds: int
    source: str  # "local", "hosted" or "joined"
    lesson: bool
    seats: tuple[SeatResult, ...]
    # False: kept without its record (a game joined over the network whose host never
    # sent it, or sent one that was refused): listed, not watched again
    replayable: bool = True

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if s.place == 1)

    @property
    def coached(self) -> bool:
        """Somebody at this game asked the coach (the History's mark, issue #40)."""
        return any(s.coached for s in self.seats)


@dataclass(frozen=True)
class GameRecord:
    """A finished game with what replays it: its options, seed and actions (a game joined
    over the network whose host never sent its record has no seed and no actions: it is
    not replayable)."""

    entry: GameEntry
    options: dict[str, Any]
    seed: int | None
    actions: tuple[tuple[int, str], ...]
    viewer: int | None


def counted_score(game: str, score: float) -> float:
    """A recorded score as people count it (issue #36): the game's own way
    (:meth:`game.registry.GameInfo.counted_score`: Duck! Duck! Go!'s tie-break fraction
    orders the seats and is never shown nor averaged)."""
    info = registry.GAMES.get(game)
    return score if info is None else info.counted_score(score)


@dataclass
class GameStats:
    game: str
    played: int = 0
    won: int = 0
    best: float | None = None
    total: float = 0.0

    def add(self, won: bool, score: float) -> None:
        self.played += 1
        self.won += won
        self.best = score if self.best is None else max(self.best, score)
        self.total += score

    @property
    def average(self) -> float:
        return self.total / self.played if self.played else 0.0


@dataclass(frozen=True)
class PlayerStats:
    name: str
    games: tuple[GameStats, ...]  # in the box's order, only games played
    against: dict[str, tuple[int, int]]  # computer level -> (games with one, games won)
    longest_streak: int
    favourite: str | None  # the character played most
    recent: tuple[tuple[str, int], ...]  # the latest 20 (game, place), oldest first
    coached: int = 0  # games counted here in which the person asked the coach (issue #40)

    @property
    def played(self) -> int:
        return sum(g.played for g in self.games)

    @property
    def won(self) -> int:
        return sum(g.won for g in self.games)


@dataclass(frozen=True)
class GameRecords:
    game: str
    games: int
    highest: tuple[str, float, float] | None  # name, score, when
    fastest: tuple[str, int, float] | None  # name, rounds to the win, when


def history_path() -> Path:
    return data_dir() / FILE_NAME


def places(scores: Sequence[float], winners: Iterable[int]) -> list[int]:
    """1 for each winner (a game's own tie-break decides who that is), then the others
    by score: a seat's place is one more than the seats ahead of it."""
    won = set(winners)
    result = []
    for p, score in enumerate(scores):
        if p in won:
            result.append(1)
        else:
            ahead = sum(1 for q, other in enumerate(scores) if q not in won and other > score)
            result.append(1 + len(won) + ahead)
    return result


def _digest(options: dict[str, Any], problems: list[str]) -> tuple[str, str]:
    text = json.dumps(options, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    text = storable(text, "options", problems)
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), text


_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"  # what a lone surrogate is stored as: "�", drawn by every font


def storable(text: str, place: str, problems: list[str]) -> str:
    """``text`` as SQLite can store it (UTF-8): a lone surrogate (half of a UTF-16 pair,
    which a hostile host or an undecodable file name can hand us) cannot be encoded and
    made ``execute`` raise, losing the whole game; it is replaced by U+FFFD and the
    replacement is listed in ``problems`` (the row is kept, the problem reported)."""
    if not isinstance(text, str) or not _SURROGATE.search(text):
        return text
    problems.append(f"{place}: a lone surrogate, stored as U+FFFD")
    return _SURROGATE.sub(REPLACEMENT, text)


@dataclass(frozen=True)
class PreparedGame:
    """A finished game as the rows it becomes, made on the window thread and written
    later by whichever thread holds the history (game.history_writer): plain values
    only, so it can wait in the pending-records file across a restart. ``problems``:
    what had to be changed to store it (a lone surrogate replaced)."""

    game: tuple[Any, ...]  # the games row after its id (uid first)
    options_text: str
    seats: tuple[tuple[Any, ...], ...]  # the seats rows after their game id
    problems: tuple[str, ...] = ()

    @property
    def uid(self) -> str:
        return str(self.game[0])

    def to_json(self) -> dict[str, Any]:
        return {
            "game": list(self.game),
            "options": self.options_text,
            "seats": [list(seat) for seat in self.seats],
            "problems": list(self.problems),
        }

    @classmethod
    def from_json(cls, data: Any) -> PreparedGame:
        """A record read back from the pending file (ValueError: not one we wrote)."""
        if not isinstance(data, dict):
            raise ValueError("not an object")  # noqa: TRY004 - a bad file's value
        game, options, seats = data.get("game"), data.get("options"), data.get("seats")
        problems = data.get("problems", [])
        if not (isinstance(game, list) and len(game) == 12 and isinstance(game[0], str)):
            raise ValueError("game: not a games row")
        if not isinstance(options, str) or not isinstance(seats, list) or not seats:
            raise ValueError("options or seats missing")
        # 8 values: written before the coach's mark (issue #40), read as not coached
        if not all(isinstance(seat, list) and len(seat) in (8, 9) for seat in seats):
            raise ValueError("seats: not seats rows")
        seats = [seat if len(seat) == 9 else [*seat, 0] for seat in seats]
        if not (isinstance(problems, list) and all(isinstance(p, str) for p in problems)):
            raise ValueError("problems: not texts")
        return cls(tuple(game), options, tuple(tuple(seat) for seat in seats), tuple(problems))


def prepare_session(
    session: Any,
    *,
    source: str = "local",
    kinds: Sequence[str] | None = None,
    breakdown: Sequence[Sequence[int | str]] | None = None,
    variant: str | None = None,
    lesson: bool = False,
    started: float | None = None,
    ended: float | None = None,
) -> PreparedGame:
    """A finished game (a :class:`game.session.Session`) as its rows: see
    :meth:`History.record`."""
    state = session.state
    if not state.is_over():
        raise ValueError("only a finished game is recorded")
    if source not in SOURCES:
        raise ValueError(f"source {source!r} is not one of {SOURCES}")
    seats = session.seats
    kinds = list(kinds or ["person" if s.human else "computer" for s in seats])
    scores = [float(x) for x in state.scores()]
    placed = places(scores, state.winners())
    return _prepared(
        uid=session.save_id,
        game=session.game_id,
        variant=variant,
        options=session.options,
        started=started,
        ended=ended,
        rounds=state.round_number,
        source=source,
        lesson=lesson,
        seed=session.seed,
        actions=session.actions,
        viewer=None,
        seats=[
            SeatResult(
                seat.name,
                kinds[i],
                None if kinds[i] != "computer" else seat.level,
                seat.character,
                scores[i],
                placed[i],
                None if breakdown is None else tuple(breakdown[i]),
                i in getattr(session, "coached", ()),
            )
            for i, seat in enumerate(seats)
        ],
    )


def prepare_entry(
    *,
    uid: str,
    game: str,
    variant: str | None,
    options: dict[str, Any],
    seed: int | None,
    actions: Sequence[tuple[int, str]],
    rounds: int,
    source: str,
    viewer: int | None,
    seats: Sequence[SeatResult],
    started: float | None = None,
    ended: float | None = None,
) -> PreparedGame:
    """A finished game given by its values as its rows: see :meth:`History.record_entry`."""
    if source not in SOURCES or game not in registry.GAMES:
        raise ValueError(f"source {source!r} or game {game!r} is not one this app writes")
    return _prepared(
        uid=uid,
        game=game,
        variant=variant,
        options=options,
        started=started,
        ended=ended,
        rounds=rounds,
        source=source,
        lesson=False,
        seed=seed,
        actions=actions,
        viewer=viewer,
        seats=seats,
    )


def _prepared(
    *,
    uid: str,
    game: str,
    variant: str | None,
    options: dict[str, Any],
    started: float | None,
    ended: float | None,
    rounds: int,
    source: str,
    lesson: bool,
    seed: int | None,
    actions: Sequence[tuple[int, str]],
    viewer: int | None,
    seats: Sequence[SeatResult],
) -> PreparedGame:
    problems: list[str] = []
    digest, options_text = _digest(options, problems)
    ended = time.time() if ended is None else ended
    record = json.dumps([[p, a] for p, a in actions], ensure_ascii=False)
    return PreparedGame(
        (
            storable(uid, "uid", problems),
            game,
            None if variant is None else storable(variant, "variant", problems),
            digest,
            ended if started is None else started,
            ended,
            rounds,
            source,
            int(lesson),
            None if seed is None else str(seed),
            storable(record, "actions", problems),
            viewer,
        ),
        options_text,
        tuple(
            (
                i,
                storable(s.name, f"seats[{i}].name", problems),
                s.kind,
                s.level,
                storable(s.character, f"seats[{i}].character", problems),
                float(s.score),
                s.place,
                None
                if s.breakdown is None
                else storable(
                    json.dumps(list(s.breakdown), ensure_ascii=False),
                    f"seats[{i}].breakdown",
                    problems,
                ),
                int(s.coached),
            )
            for i, s in enumerate(seats)
        ),
        tuple(problems),
    )


class History:
    """One open history database. Every method may raise :class:`HistoryProblem` when
    the disk or another program stands in the way; nothing is lost then."""

    def __init__(
        self,
        path: Path,
        connection: sqlite3.Connection,
        notes: list[str],
        busy_timeout: float = BUSY_TIMEOUT_S,
    ):
        self.path = path
        self.db = connection
        self.notes = notes  # what happened while opening (a damaged file kept aside)
        self.busy_timeout = busy_timeout

    # -- opening ---------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None, *, busy_timeout: float = BUSY_TIMEOUT_S) -> History:
        """The history at ``path`` (the data folder's by default), made or migrated to
        this version. A damaged or foreign file is kept aside and a new one begun."""
        path = history_path() if path is None else path
        notes: list[str] = []
        for _attempt in range(2):  # the second only after the first file was kept aside
            problem = _unreadable(path)
            if problem is None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    # check_same_thread off: the window makes it, the history's writer
                    # thread (game.history_writer) alone uses it from then on
                    db = sqlite3.connect(
                        path, timeout=busy_timeout, isolation_level=None, check_same_thread=False
                    )
                    db.text_factory = _decode  # one undecodable text: one bad row
                except (OSError, sqlite3.Error) as exc:
                    raise HistoryProblem(path, f"cannot be opened ({exc})") from None
                try:
                    problem = cls._prepare(db)
                except sqlite3.DatabaseError as exc:
                    db.close()
                    if "file is not a database" in str(exc) or "malformed" in str(exc):
                        problem = "damaged (SQLite cannot read it)"
                    else:
                        raise HistoryProblem(path, _say(exc)) from None
                if problem is None:
                    return cls(path, db, notes, busy_timeout)
                db.close()
            kept = cls._keep_aside(path, problem)
            notes.append(f"{printable(str(path))}: {problem}; kept as {kept.name}")
        raise HistoryProblem(path, "could not begin a new history")

    @staticmethod
    def _keep_aside(path: Path, problem: str) -> Path:
        try:
            kept = keep_damaged_copy(path)
            path.unlink(missing_ok=True)
            for suffix in ("-wal", "-shm"):  # what SQLite had not yet moved into the file
                if Path(f"{path}{suffix}").exists():
                    Path(f"{path}{suffix}").replace(Path(f"{kept}{suffix}"))
        except OSError as exc:
            raise HistoryProblem(path, f"{problem}, and it cannot be kept aside ({exc})") from None
        return kept

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> str | None:
        """WAL, our mark and the migrations; a reason when the file is not ours or is
        damaged (then nothing has been changed in it)."""
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        if app_id not in (0, APPLICATION_ID) or (app_id == 0 and tables):
            return "not a Tabletop Derby history (another program's database)"
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"made by a newer Tabletop Derby (history version {version}; this one "
                f"reads up to {SCHEMA_VERSION}): left as it is, no games are recorded "
                "until you update"
            )
        if tables and db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            return "damaged (the database's own check failed)"
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("PRAGMA synchronous = NORMAL")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            db.execute("BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {step}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return None

    def close(self) -> None:
        self.db.close()

    # -- writing ---------------------------------------------------------------------------
    def record(
        self,
        session: Any,
        *,
        source: str = "local",
        kinds: Sequence[str] | None = None,
        breakdown: Sequence[Sequence[int | str]] | None = None,
        variant: str | None = None,
        lesson: bool = False,
        started: float | None = None,
        ended: float | None = None,
    ) -> int:
        """Record a finished game (a :class:`game.session.Session`), once: the id of its
        row (an existing one when the game was recorded before). ``kinds`` per seat
        (default: person or computer as the seats say); ``breakdown`` the end screen's
        parts per seat."""
        return self.write(
            prepare_session(
                session,
                source=source,
                kinds=kinds,
                breakdown=breakdown,
                variant=variant,
                lesson=lesson,
                started=started,
                ended=ended,
            )
        )

    def record_entry(self, **fields: Any) -> int:
        """Record a finished game given by its values (a game joined over the network,
        game.net.joined; the fields of :func:`prepare_entry`): without a seed it is kept
        without a replay (not replayable)."""
        return self.write(prepare_entry(**fields))

    def write(self, prepared: PreparedGame) -> int:
        """A prepared game into the file, once (by its uid); what had to be replaced to
        store it is logged by the game's id. A file that SQLite finds malformed now is
        kept aside and the game written into a new history."""
        try:
            game_id = self._write(prepared.game, prepared.options_text, list(prepared.seats))
        except _Malformed as exc:
            self._begin_again(exc)
            game_id = self._write(prepared.game, prepared.options_text, list(prepared.seats))
        for problem in prepared.problems:
            log.warning("history: game %d: %s", game_id, problem)
        return game_id

    def _write(self, game: tuple[Any, ...], options_text: str, seats: list[tuple[Any, ...]]) -> int:
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                found = db.execute("SELECT id FROM games WHERE uid = ?", (game[0],)).fetchone()
                if found is not None:
                    db.execute("ROLLBACK")
                    return int(found[0])
                db.execute(
                    "INSERT OR IGNORE INTO options (digest, json) VALUES (?, ?)",
                    (game[3], options_text),
                )
                cursor = db.execute(
                    "INSERT INTO games (uid, game, variant, options, started, ended, rounds,"
                    " source, lesson, seed, actions, viewer)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    game,
                )
                game_id = int(cursor.lastrowid or 0)
                db.executemany(
                    "INSERT INTO seats (game_id, seat, name, kind, level, character, score,"
                    " place, breakdown, coached) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(game_id, *seat) for seat in seats],
                )
                self._bound()
                db.execute("COMMIT")
                return game_id
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            if _is_malformed(exc):
                raise _Malformed(self.path, str(exc)) from None
            raise HistoryProblem(self.path, _say(exc)) from None

    def _bound(self) -> None:
        """The oldest games past MAX_GAMES go (in the same transaction), and the options
        no game uses any more."""
        count = self.db.execute("SELECT count(*) FROM games").fetchone()[0]
        if count <= MAX_GAMES:
            return
        self.db.execute(
            "DELETE FROM games WHERE id IN (SELECT id FROM games ORDER BY ended, id LIMIT ?)",
            (count - MAX_GAMES,),
        )
        self.db.execute(
            "DELETE FROM options WHERE digest NOT IN (SELECT DISTINCT options FROM games)"
        )

    # -- reading ---------------------------------------------------------------------------
    def count(
        self, game: str | None = None, player: str | None = None, *, fair: bool = False
    ) -> int:
        where, args = _filters(game, player, fair)
        return int(self._query(f"SELECT count(*) FROM games g {where}", args)[0][0])

    def games(
        self,
        game: str | None = None,
        player: str | None = None,
        *,
        before: tuple[float, int] | None = None,
        limit: int = 50,
        fair: bool = False,
    ) -> list[GameEntry | RowProblem]:
        """Finished games, newest first, ``limit`` at a time: the next page starts
        ``before`` the last one shown (its ``(ended, id)``), so paging through 10,000
        games costs the same on the last page as on the first; ``fair``: only the games
        in which nobody asked the coach (issue #40)."""
        where, args = _filters(game, player, fair)
        if before is not None:
            where += (" AND " if where else "WHERE ") + "(g.ended, g.id) < (?, ?)"
            args += [before[0], before[1]]
        rows = self._query(
            "SELECT g.id, g.uid, g.game, g.variant, g.started, g.ended, g.rounds, g.source,"
            f" g.lesson, g.seed IS NOT NULL FROM games g {where}"
            " ORDER BY g.ended DESC, g.id DESC LIMIT ?",
            [*args, max(1, min(limit, 500))],
        )
        seats = self._seats([row[0] for row in rows])
        found: list[GameEntry | RowProblem] = []
        for row in rows:
            entry = _entry(row[:9], seats.get(row[0], []), bool(row[9]))
            if isinstance(entry, RowProblem):
                log.warning("history: %s", entry)  # once a page it is on is read
                if isinstance(row[5], float):
                    entry = replace(entry, key=(row[5], int(row[0])))
            found.append(entry)
        return found

    def latest_id(self) -> int | None:
        rows = self._query("SELECT id FROM games ORDER BY ended DESC, id DESC LIMIT 1", [])
        return int(rows[0][0]) if rows else None

    def load(self, game_id: int) -> GameRecord | RowProblem:
        """A game with what replays it (every value checked)."""
        rows = self._query(
            "SELECT g.id, g.uid, g.game, g.variant, g.started, g.ended, g.rounds, g.source,"
            " g.lesson, o.json, g.seed, g.actions, g.viewer FROM games g"
            " JOIN options o ON o.digest = g.options WHERE g.id = ?",
            [game_id],
        )
        if not rows:
            return RowProblem(game_id, "id", "no such game in the history")
        row = rows[0]
        entry = _entry(row[:9], self._seats([game_id]).get(game_id, []), row[10] is not None)
        if isinstance(entry, RowProblem):
            return entry
        try:
            options = json.loads(row[9])
            seed = None if row[10] is None else record_reader.seed_of_text(row[10])
            actions = json.loads(row[11])
            # the one record reader (issue #37), as a save's, a host's and a .derby
            # file's: a game joined without its host's record has no seed, no replay
            record_reader.check(
                {
                    "game": entry.game,
                    "players": len(entry.seats),
                    "seed": seed,
                    "options": options,
                    "actions": actions,
                },
                seedless=seed is None,
            )
            viewer = row[12]
            if viewer is not None and not (type(viewer) is int and 0 <= viewer < len(entry.seats)):
                raise ValueError(f"viewer {printable(repr(viewer), 20)}")
        except record_reader.RecordProblem as exc:  # the place in the record, the reason
            return RowProblem(game_id, exc.place, printable(exc.problem, 200))
        except (ValueError, TypeError, RecursionError) as exc:
            return RowProblem(game_id, "record", printable(str(exc), 120))
        return GameRecord(entry, options, seed, tuple((p, a) for p, a in actions), viewer)

    # -- the autosaves of finished games, once ----------------------------------------------
    def import_autosaves(self, folder: Path | None = None) -> tuple[int, list[str]]:
        """Record the finished games whose autosaves are still on disk (the first start
        with a history; best effort: a save that cannot be read is a line, and each
        import is idempotent by the save's id). Done once: a mark in ``meta``."""
        from game import saves  # the saves replay games through the rules: only here

        if self._meta("imported") is not None:
            return 0, []
        folder = saves.saves_dir() if folder is None else folder
        imported, problems = 0, []
        try:
            paths = sorted(folder.glob("auto-*.json"))
        except OSError as exc:
            return 0, [f"{printable(str(folder))}: {exc}"]
        for path in paths:
            try:
                data = saves.read_payload(path)
                if not data.get("over"):
                    continue
                session = saves.load_session(path)
            except saves.SaveError as exc:
                problems.append(str(exc))
                continue
            when = float(data.get("saved_at", 0.0)) or None
            if not session.state.is_over():
                continue
            self.record(session, started=when, ended=when)
            imported += 1
        self._set_meta("imported", str(int(time.time())))
        return imported, problems

    def _meta(self, key: str) -> str | None:
        rows = self._query("SELECT value FROM meta WHERE key = ?", [key])
        return str(rows[0][0]) if rows else None

    def _set_meta(self, key: str, value: str) -> None:
        try:
            self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
        except sqlite3.Error as exc:
            raise HistoryProblem(self.path, _say(exc)) from None

    # -- statistics (lessons left out) -------------------------------------------------------
    def players(self, limit: int = 200) -> list[str]:
        """The names of the people in the history, the most games first."""
        rows = self._query(
            "SELECT s.name, count(*) AS n FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.lesson = 0 AND s.kind != 'computer' GROUP BY s.name COLLATE NOCASE"
            " ORDER BY n DESC, s.name LIMIT ?",
            [limit],
        )
        return [str(row[0]) for row in rows if isinstance(row[0], str) and not name_problem(row[0])]

    def stats(self, player: str, game: str | None = None, *, fair: bool = False) -> PlayerStats:
        """A person's numbers: per game, against each computer level, streak, character;
        ``fair``: only the games in which they did not ask the coach (issue #40)."""
        rows = self._query(
            "SELECT g.id, g.game, s.place, s.score, s.character, g.rounds,"
            " (SELECT group_concat(DISTINCT c.level) FROM seats c"
            "   WHERE c.game_id = g.id AND c.kind = 'computer') AS levels, s.coached"
            " FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.lesson = 0 AND s.kind != 'computer' AND s.name = ? COLLATE NOCASE"
            + (" AND g.game = ?" if game is not None else "")
            + (" AND s.coached = 0" if fair else "")
            + " ORDER BY g.ended, g.id",
            [player] if game is None else [player, game],
        )
        per_game: dict[str, GameStats] = {}
        levels: dict[str, list[int]] = {}
        characters: dict[str, int] = {}
        streak = best_streak = 0
        recent: list[tuple[str, int]] = []
        coached = 0
        for _id, game_id, place, score, character, _rounds, against, asked in rows:
            if game_id not in registry.GAMES or type(place) is not int:
                continue
            if not isinstance(score, float) or not math.isfinite(score):
                continue
            won = place == 1
            coached += asked == 1
            found = per_game.setdefault(game_id, GameStats(game_id))
            found.add(won, counted_score(game_id, score))
            for level in str(against or "").split(","):
                if level in LEVELS:
                    tally = levels.setdefault(level, [0, 0])
                    tally[0] += 1
                    tally[1] += won
            if isinstance(character, str):
                characters[character] = characters.get(character, 0) + 1
            streak = streak + 1 if won else 0
            best_streak = max(best_streak, streak)
            recent.append((game_id, place))
        favourite = max(characters, key=lambda k: characters[k]) if characters else None
        return PlayerStats(
            player,
            tuple(per_game[g] for g in registry.GAMES if g in per_game),
            {level: (n, w) for level, (n, w) in levels.items()},
            best_streak,
            favourite,
            tuple(recent[-20:]),
            coached,
        )

    def records(self, game: str) -> GameRecords:
        """A game's records: the highest score and the fewest rounds to a win."""
        best = self._query(
            "SELECT s.name, s.score, g.ended FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.lesson = 0 AND g.game = ? ORDER BY s.score DESC, g.ended LIMIT 1",
            [game],
        )
        fastest = self._query(
            "SELECT s.name, g.rounds, g.ended FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE g.lesson = 0 AND g.game = ? AND s.place = 1 ORDER BY g.rounds, g.ended"
            " LIMIT 1",
            [game],
        )
        games = self.count(game)
        high = best[0] if best and isinstance(best[0][1], float) else None
        quick = fastest[0] if fastest and type(fastest[0][1]) is int else None
        return GameRecords(
            game,
            games,
            # ordered by the whole score, tie-break included; shown as counted
            None
            if high is None
            else (str(high[0]), counted_score(game, float(high[1])), float(high[2])),
            None if quick is None else (str(quick[0]), int(quick[1]), float(quick[2])),
        )

    def _seats(self, ids: list[int]) -> dict[int, list[tuple[Any, ...]]]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        found: dict[int, list[tuple[Any, ...]]] = {}
        for row in self._query(
            "SELECT game_id, seat, name, kind, level, character, score, place, breakdown,"
            f" coached FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat",
            ids,
        ):
            found.setdefault(row[0], []).append(row[1:])
        return found

    def _query(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        """The rows of a query. A file that SQLite finds malformed only now (damage that
        ``PRAGMA quick_check`` at opening does not look for, such as an index entry
        pointing at no row) is kept aside and a new history begun, as a damaged file at
        opening is; the query then runs on the new one."""
        for attempt in range(2):
            try:
                return self.db.execute(sql, args).fetchall()
            except sqlite3.Error as exc:
                if attempt == 0 and _is_malformed(exc):
                    self._begin_again(_Malformed(self.path, str(exc)))
                    continue
                raise HistoryProblem(self.path, _say(exc)) from None
        raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises

    def _begin_again(self, found: _Malformed) -> None:
        """Keep the malformed file aside (nothing deleted) and go on in a new one."""
        self.db.close()
        problem = "damaged (a query found it malformed)"
        kept = self._keep_aside(self.path, problem)
        note = f"{printable(str(self.path))}: {problem}; kept as {kept.name}"
        log.warning("history: %s (%s)", note, printable(found.problem, 120))
        fresh = History.open(self.path, busy_timeout=self.busy_timeout)
        self.db = fresh.db
        self.notes += [*fresh.notes, note]


def _filters(game: str | None, player: str | None, fair: bool = False) -> tuple[str, list[Any]]:
    """The WHERE of a page of games; ``fair`` leaves out the games in which a person
    asked the coach (issue #40: the History screen's filter)."""
    clauses, args = [], []
    if game is not None:
        clauses.append("g.game = ?")
        args.append(game)
    if player is not None:
        clauses.append("g.id IN (SELECT game_id FROM seats WHERE name = ? COLLATE NOCASE)")
        args.append(player)
    if fair:
        clauses.append("g.id NOT IN (SELECT game_id FROM seats WHERE coached = 1)")
    return ("WHERE " + " AND ".join(clauses)) if clauses else "", args


def _entry(
    row: Sequence[Any], seat_rows: list[tuple[Any, ...]], replayable: bool = True
) -> GameEntry | RowProblem:
    """A games row and its seats, each value checked."""
    game_id = row[0]
    try:
        uid, game, variant, started, ended, rounds, source, lesson = row[1:9]
        _check(isinstance(uid, str) and 0 < len(uid) <= MAX_TEXT, "uid")
        _check(game in registry.GAMES, "game")
        info = registry.GAMES[game]
        _check(
            variant is None or (isinstance(variant, str) and len(variant) <= MAX_TEXT), "variant"
        )
        for place, when in (("started", started), ("ended", ended)):
            _check(isinstance(when, float) and 0 <= when < 32_503_680_000.0, place)
        _check(type(rounds) is int and 0 <= rounds <= MAX_ACTIONS, "rounds")
        _check(source in SOURCES, "source")
        _check(lesson in (0, 1), "lesson")
        _check(info.min_players <= len(seat_rows) <= info.max_players, "seats")
        characters = {c.key for c in info.characters}
        seats = []
        for i, (seat, name, kind, level, character, score, place_, parts, coached) in enumerate(
            seat_rows
        ):
            _check(seat == i, f"seats[{i}]")
            _check(isinstance(name, str) and name_problem(name) is None, f"seats[{i}].name")
            _check(kind in KINDS, f"seats[{i}].kind")
            _check(level is None or level in LEVELS, f"seats[{i}].level")
            _check(character in characters, f"seats[{i}].character")
            _check(isinstance(score, float) and math.isfinite(score), f"seats[{i}].score")
            _check(type(place_) is int and 1 <= place_ <= len(seat_rows), f"seats[{i}].place")
            shown = None
            if parts is not None:
                loaded = json.loads(parts) if isinstance(parts, str) else None
                if not isinstance(loaded, list):
                    raise _Bad(f"seats[{i}].breakdown")
                _check(
                    len(loaded) <= 16
                    and all(
                        (type(v) is int) or (isinstance(v, str) and len(v) <= 40) for v in loaded
                    ),
                    f"seats[{i}].breakdown",
                )
                shown = tuple(loaded)
            _check(coached in (0, 1), f"seats[{i}].coached")
            seats.append(
                SeatResult(name, kind, level, character, score, place_, shown, bool(coached))
            )
    except _Bad as bad:
        return RowProblem(game_id, str(bad), "not a value this app writes")
    except (ValueError, TypeError, RecursionError):
        return RowProblem(game_id, "seats", "not a value this app writes")
    return GameEntry(
        game_id,
        uid,
        game,
        variant,
        started,
        ended,
        rounds,
        source,
        bool(lesson),
        tuple(seats),
        replayable,
    )


class _Bad(Exception):
    pass


class _Malformed(HistoryProblem):
    """SQLite found the file malformed in a query (see :meth:`History._query`)."""


def _is_malformed(exc: sqlite3.Error) -> bool:
    text = str(exc)
    return isinstance(exc, sqlite3.DatabaseError) and (
        "malformed" in text or "file is not a database" in text
    )


class UndecodableText(bytes):
    """A stored text that is not UTF-8 (another program wrote it, or the file was
    damaged): what the connection's text factory gives instead of raising, so that one
    bad value makes one bad row (a :class:`RowProblem` by its id) and not an unreadable
    history. Not a ``str``: every check of a text refuses it."""

    def __str__(self) -> str:
        return self.decode("utf-8", "replace")


def _decode(raw: bytes) -> str | UndecodableText:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return UndecodableText(raw)


def _check(ok: bool, place: str) -> None:
    if not ok:
        raise _Bad(place)


def _unreadable(path: Path) -> str | None:
    """Why the file at ``path`` cannot be a history, looked at before SQLite opens it
    (its size, its first bytes); None when it may be one, or is not there."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise HistoryProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    if size == 0:
        return None  # a new, empty database (sqlite3 made it and was stopped)
    if size > MAX_BYTES:
        raise HistoryProblem(
            path, f"is {size / 2**20:,.0f} MB, more than a history may be ({MAX_BYTES // 2**20} MB)"
        )
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise HistoryProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    if head != _SQLITE_MAGIC:
        return "not an SQLite database"
    return None


def _say(exc: sqlite3.Error) -> str:
    """A sqlite3 error as a sentence for the dialog."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return "in use by another program for too long (database is locked); try again later"
    if "readonly" in text or "read-only" in text:
        return "cannot be written (read-only): games are not recorded until it can be"
    if "full" in text:
        return "the disk is full: this game is not recorded (its autosave is kept)"
    if "newer Tabletop Derby" in text:
        return text
    return f"cannot be used ({printable(text, 120)})"
