"""Guided first games ("Learn to play", issue #19): the lessons as data, and the driver
that walks a real game through them. Headless: no pygame here (the table's side is
``game.scenes.table.lesson``).

A lesson is one YAML file under ``data/lessons/`` (``verflixxt-1.yaml``)::

    game: verflixxt
    title: {en: "...", ja: "..."}
    players: 2
    seed: 41                  # the game's seed: the situations the steps teach come up
    options: {}               # the game's lobby options
    seats: [human, easy]      # one person; the others computer levels
    steps:
      - text: {en: "...", ja: "..."}   # one or two sentences: what to do and why
        point: board                   # the element the step points at (element_known)
      - text: {...}
        point: roll
        expect: roll                   # only this action is allowed now
        hint: {en: "...", ja: "..."}   # optional: said when something else is tried
        events: [roll]                 # optional: event kinds this step must see happen

A step with ``expect: <action text>`` waits for the person to take that action (any
other is refused with the step's hint); ``expect: any`` waits for any action of theirs
(a free choice); a step without ``expect`` is read and closed with a Next button.
``events`` names kinds of events that must happen from the end of the step before to the
end of this one (the computers' moves in between, then the step's own action): the seed
is chosen so that they do, and the play-through test holds it to that.

A step is shown when the table is at rest and the person is to act (or the game is
over): between steps the computer seats play.

:func:`load_lesson` validates everything it reads and names the file and the step of any
problem: ``data/lessons/verflixxt-1.yaml: steps[3].text: no ja translation``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import registry, rules
from game.boards import DataFileError, prepare_options, read_yaml
from game.paths import (  # noqa: F401 - still offered here: the menu lists lessons from paths
    DATA_DIR,
    lesson_ids,
    lesson_path,
)
from game.registry import REPLAYABLE_LEVELS
from game.rules.protocol import Action, Event, IllegalAction, NotationError, RulesDataError
from game.session import Seat, Session
from game.storage import FileProblem, atomic_write_text, clip, data_dir, read_json
from game.table.bots import BotRunner

MAX_LESSON_BYTES = 64_000  # a lesson of 30 steps in two languages is ~10 KB
MAX_STEPS = 80
MAX_TEXT_CHARS = 400  # one or two sentences
LANGS = ("en", "ja")
HUMAN = "human"
LEVELS = REPLAYABLE_LEVELS  # 'hard' thinks against the clock: not replayable
SEED_LIMIT = 2**31

TOP_KEYS = ("game", "title", "players", "seed", "options", "seats", "steps")
STEP_KEYS = ("text", "point", "about", "expect", "hint", "events")

# What a step may point at: the frame's parts (every game), "seat:N", and each game's own
# things, named in its registry entry (GameInfo.lesson_elements) and located by its table
# (game.scenes.table.elements.lesson_element).
FRAME_ELEMENTS = ("header", "board", "bar", "hint", "controls", "log", "undo", "menu", "help")
_SEAT = re.compile(r"seat:([0-9])")
# an event a step must see: its kind, then what its data must say ("move piece=0a to=l2")
_EVENT = re.compile(r"[a-z][a-z0-9_]*(?: [a-z_]+=[^\s=]+)*")
# ASCII marks a Japanese text writes full width (、。！？：；（）)
_ASCII_MARKS = re.compile(r"[,.!?:;()]")


class LessonError(DataFileError):
    """A lesson file that cannot be used: ``file: place: problem``."""


@dataclass(frozen=True)
class Step:
    index: int
    text: Mapping[str, str]
    point: str
    expect: str | None = None  # an action's text, "any", or None (a Next button)
    hint: Mapping[str, str] | None = None
    events: tuple[str, ...] = ()
    # what else the step talks about (elements, like point): its callout covers none
    about: tuple[str, ...] = ()

    def says(self, lang: str) -> str:
        return self.text.get(lang) or self.text["en"]

    def hint_says(self, lang: str) -> str | None:
        return None if self.hint is None else (self.hint.get(lang) or self.hint["en"])


@dataclass(frozen=True)
class Lesson:
    id: str  # the file's name without .yaml
    path: Path
    game: str
    title: Mapping[str, str]
    players: int
    seed: int
    options: Mapping[str, Any]
    seats: tuple[str, ...]  # "human" or a computer level, per seat
    steps: tuple[Step, ...] = field(default=())

    @property
    def human(self) -> int:
        return self.seats.index(HUMAN)

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title["en"]

    def fingerprint(self) -> str:
        """What a saved place in the lesson depends on (the game set-up and every step's
        action): texts may be corrected without losing anybody's place."""
        basis = [
            self.game,
            self.players,
            self.seed,
            json.dumps(self.options, sort_keys=True, default=str),
            list(self.seats),
            [s.expect for s in self.steps],
        ]
        return hashlib.sha256(json.dumps(basis).encode()).hexdigest()[:16]


def shown_path(path: Path) -> str:
    """``data/lessons/x.yaml`` for the shipped lessons, else the path as given."""
    try:
        return str(path.resolve().relative_to(DATA_DIR.resolve().parent))
    except ValueError:
        return str(path)


def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file; LessonError naming the file and the place."""
    path = Path(path)
    shown = shown_path(path)
    try:
        data = read_yaml(path, MAX_LESSON_BYTES)
    except DataFileError as exc:
        raise LessonError(shown, exc.place, exc.problem) from None
    return _Checker(shown).lesson(data, path)


class _Checker:
    def __init__(self, shown: str):
        self.shown = shown

    def fail(self, place: str, problem: str) -> LessonError:
        return LessonError(self.shown, place, problem)

    def lesson(self, data: Any, path: Path) -> Lesson:
        if not isinstance(data, dict):
            raise self.fail("", "a lesson is a mapping of game, title, players, seed, ... ")
        self.keys(data, TOP_KEYS, "")
        for key in TOP_KEYS:
            if key not in data and key != "options":
                raise self.fail(key, "missing")
        game = data["game"]
        if not isinstance(game, str) or game not in registry.GAMES:
            raise self.fail("game", f"not a game of this box (one of {', '.join(registry.GAMES)})")
        info = registry.GAMES[game]
        title = self.texts(data["title"], "title")
        players = data["players"]
        if not _is_int(players) or not info.min_players <= players <= info.max_players:
            raise self.fail(
                "players", f"{info.name_en} is for {info.min_players} to {info.max_players}"
            )
        seed = data["seed"]
        if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
            raise self.fail("seed", f"a whole number from 0 to {SEED_LIMIT - 1}")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise self.fail("options", "a mapping of the game's options")
        seats = data["seats"]
        if not isinstance(seats, list) or len(seats) != players:
            raise self.fail("seats", f"one entry per player ({players})")
        for i, seat in enumerate(seats):
            if seat != HUMAN and seat not in LEVELS:
                raise self.fail(f"seats[{i}]", f"'{HUMAN}' or a level: {', '.join(LEVELS)}")
        if seats.count(HUMAN) != 1:
            raise self.fail("seats", "exactly one seat is the person learning")
        module = self.game_module(game, players, seed, options)
        steps = data["steps"]
        if not isinstance(steps, list) or not steps:
            raise self.fail("steps", "a list of steps")
        if len(steps) > MAX_STEPS:
            raise self.fail("steps", f"more than {MAX_STEPS} steps")
        checked = tuple(self.step(i, s, game, players, module) for i, s in enumerate(steps))
        return Lesson(path.stem, path, game, title, players, seed, options, tuple(seats), checked)

    def game_module(self, game: str, players: int, seed: int, options: dict) -> Any:
        module = rules.load(game)
        try:
            module.new_game(players, seed, prepare_options(game, options))
        except RulesDataError as exc:
            raise self.fail(exc.place or "options", exc.problem) from None
        except DataFileError as exc:
            raise self.fail("options", str(exc)) from None
        return module

    def step(self, i: int, data: Any, game: str, players: int, module: Any) -> Step:
        place = f"steps[{i}]"
        if not isinstance(data, dict):
            raise self.fail(place, "a step is a mapping of text, point and expect")
        self.keys(data, STEP_KEYS, place)
        if "text" not in data:
            raise self.fail(f"{place}.text", "missing")
        text = self.texts(data["text"], f"{place}.text")
        point = data.get("point")
        if not isinstance(point, str) or not element_known(point, game, players):
            raise self.fail(f"{place}.point", f"unknown element {_clip(point)}")
        about = data.get("about") or []
        if not isinstance(about, list):
            raise self.fail(f"{place}.about", "a list of elements the step talks about")
        for j, name in enumerate(about):
            if not isinstance(name, str) or not element_known(name, game, players):
                raise self.fail(f"{place}.about[{j}]", f"unknown element {_clip(name)}")
        expect = data.get("expect")
        if expect is not None:
            if not isinstance(expect, str):
                raise self.fail(f"{place}.expect", "an action's text, or 'any'")
            if expect != "any":
                try:
                    expect = str(module.parse_action(expect))
                except NotationError as exc:
                    raise self.fail(f"{place}.expect", f"not an action: {exc}") from None
        hint = None
        if data.get("hint") is not None:
            if expect is None:
                raise self.fail(f"{place}.hint", "a step without expect refuses nothing")
            hint = self.texts(data["hint"], f"{place}.hint")
        events = data.get("events") or []
        if not isinstance(events, list):
            raise self.fail(f"{place}.events", "a list of events: 'take' or 'take kind=lucky'")
        for j, entry in enumerate(events):
            if not isinstance(entry, str) or not _EVENT.fullmatch(entry):
                raise self.fail(
                    f"{place}.events[{j}]", f"not an event: {_clip(entry)} ('move to=l2')"
                )
        return Step(i, text, point, expect, hint, tuple(events), tuple(about))

    def keys(self, data: dict, known: tuple[str, ...], place: str) -> None:
        for key in data:
            if key not in known:
                where = f"{place}.{key}" if place else str(key)
                raise self.fail(where, f"unknown key (known: {', '.join(known)})")

    def texts(self, data: Any, place: str) -> dict[str, str]:
        if not isinstance(data, dict):
            raise self.fail(place, "a mapping of en and ja texts")
        self.keys(data, LANGS, place)
        out = {}
        for lang in LANGS:
            value = data.get(lang)
            if value is None:
                raise self.fail(place, f"no {lang} translation")
            if not isinstance(value, str) or not value.strip():
                raise self.fail(f"{place}.{lang}", "not a text")
            if len(value) > MAX_TEXT_CHARS:
                raise self.fail(f"{place}.{lang}", f"longer than {MAX_TEXT_CHARS} characters")
            mark = _ASCII_MARKS.search(value) if lang == "ja" else None
            if mark is not None:
                raise self.fail(
                    f"{place}.{lang}",
                    f"ASCII {mark.group()!r}: Japanese text uses full-width punctuation",
                )
            out[lang] = value.strip()
        return out


def element_known(name: str, game: str, players: int) -> bool:
    """Whether ``name`` is an element a step of a ``game`` lesson may point at."""
    if name in FRAME_ELEMENTS:
        return True
    seat = _SEAT.fullmatch(name)
    if seat is not None:
        return int(seat.group(1)) < players
    info = registry.GAMES.get(game)
    pattern = info.lesson_elements if info is not None else ""
    return bool(pattern) and re.fullmatch(pattern, name) is not None


def event_is(event: Event, want: str) -> bool:
    """Whether ``event`` is the one ``want`` describes: ``take`` or ``take kind=lucky``
    (``player=1`` is the event's player: a typed event keeps it out of its data)."""
    kind, *fields = want.split()
    if event.kind != kind:
        return False
    data = event.data
    for item in fields:
        key, _, value = item.partition("=")
        actual = event.player if key == "player" and key not in data else data.get(key)
        if str(actual) != value:
            return False
    return True


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _clip(value: Any) -> str:
    return clip(value)


# == the driver ===========================================================================
def lesson_seats(lesson: Lesson, names: list[str] | None = None) -> list[Seat]:
    """The lesson's seats: the cast's characters, a person at ``lesson.human``."""
    info = registry.get(lesson.game)
    seats = []
    for i, kind in enumerate(lesson.seats):
        character = info.characters[i % len(info.characters)]
        name = names[i] if names is not None else character.name_en
        human = kind == HUMAN
        seats.append(Seat(name, character.key, human=human, level="normal" if human else kind))
    return seats


def lesson_bot_seed(lesson: Lesson) -> int:
    """The computers' seed in a lesson: fixed, so that they play the game the lesson's
    steps were written for (a normal game's computers get a secret one of their own)."""
    return lesson.seed * 31 + 7


def lesson_session(lesson: Lesson, seats: list[Seat] | None = None) -> Session:
    return Session(
        lesson.game,
        seats or lesson_seats(lesson),
        lesson.seed,
        dict(lesson.options),
        bot_seed=lesson_bot_seed(lesson),
    )


class LessonRun:
    """A lesson being played: its session, the step reached and what that step allows.

    The computer seats play as in any game (``game.table.bots.BotRunner``): their decisions are
    drawn in order from the session's seeded generator, so the same person's actions
    give the same game every time, which is what lets a lesson's steps name actions."""

    def __init__(self, lesson: Lesson, session: Session | None = None, index: int = 0):
        self.lesson = lesson
        self.session = session if session is not None else lesson_session(lesson)
        self.index = index
        self.seen: list[Event] = []  # events since the step before was done

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def ready(self) -> bool:
        """The person is to act (or the game is over): the table waits for the step."""
        state = self.session.state
        return state.is_over() or self.lesson.human in state.to_act()

    def allows(self, player: int, action: Action) -> bool:
        """Whether the step shown lets ``player`` take ``action`` (after the lesson:
        everything; a step to read: nothing until Next)."""
        step = self.step
        if step is None or player != self.lesson.human:
            return True
        if step.expect is None:
            return False
        return step.expect == "any" or step.expect == str(action)

    def saw(self, events: list[Event]) -> None:
        self.seen.extend(events)

    def acted(self, player: int, action: Action) -> bool:
        """The person took ``action`` (allowed): the step is done when it waited for it."""
        step = self.step
        if step is None or step.expect is None or player != self.lesson.human:
            return False
        self.finish_step()
        return True

    def next(self) -> bool:
        """Next pressed on a step to read."""
        step = self.step
        if step is None or step.expect is not None:
            return False
        self.finish_step()
        return True

    def finish_step(self) -> None:
        self.index += 1
        self.seen = []

    def missing_events(self, step: Step) -> list[str]:
        """The step's ``events`` that have not happened since the step before was done."""
        return [want for want in step.events if not any(event_is(e, want) for e in self.seen)]

    # -- saving one's place ----------------------------------------------------------------
    def progress(self) -> dict[str, Any]:
        return {
            "fingerprint": self.lesson.fingerprint(),
            "step": self.index,
            "actions": [[p, a] for p, a in self.session.actions],
        }

    @classmethod
    def resumed(
        cls, lesson: Lesson, saved: Any, seats: list[Seat] | None = None
    ) -> LessonRun | None:
        """The lesson at the place ``saved`` (from :meth:`progress`), or None when it is not
        a place in this lesson (another version of it, a damaged file)."""
        if not isinstance(saved, dict) or saved.get("fingerprint") != lesson.fingerprint():
            return None
        index, actions = saved.get("step"), saved.get("actions")
        if not isinstance(index, int) or isinstance(index, bool):
            return None
        if not 0 <= index <= len(lesson.steps):
            return None
        if not isinstance(actions, list) or len(actions) > 10_000:
            return None
        session = lesson_session(lesson, seats)
        try:
            for entry in actions:
                if not (
                    isinstance(entry, list)
                    and len(entry) == 2
                    and _is_int(entry[0])
                    and isinstance(entry[1], str)
                    and len(entry[1]) <= 200
                ):
                    return None
                session.apply(entry[0], session.module.parse_action(entry[1]))
        except (IllegalAction, NotationError, ValueError):
            return None
        # The computers' next decisions as if the game had never stopped: each one drew
        # one number from the session's generator (Session.bot_job).
        bots = sum(1 for p, _ in session.actions if not session.seats[p].human)
        for _ in range(bots):
            session._bot_rng.random()
        return cls(lesson, session, index)


def run_bot_turns(session: Session) -> list[Event]:
    """Let the computer seats play until a person is to act or the game is over, as the
    table does (same generator, same order, the one BotRunner); the events they caused."""
    return BotRunner(session).play_until_person()


def play_through(lesson: Lesson, free_choice: random.Random | None = None) -> list[str]:
    """Follow the lesson's own steps headlessly, as a person would; the problems found
    (empty: it reaches its end). See :func:`follow`."""
    return follow(LessonRun(lesson), free_choice)


def follow(
    run: LessonRun, free_choice: random.Random | None = None, until: int | None = None
) -> list[str]:
    """Play ``run`` on by its own steps (up to step ``until``, or to its end): computer
    seats play, each step's expected action must be legal when its step comes and the
    events it names must have happened; ``expect: any`` takes the first legal action (or
    one from ``free_choice``). The problems found, each naming the file and the step."""
    lesson, session = run.lesson, run.session
    problems: list[str] = []
    where = shown_path(lesson.path)
    while not run.done and (until is None or run.index < until):
        step = run.step
        assert step is not None
        run.saw(run_bot_turns(session))
        if not run.ready():
            problems.append(f"{where}: steps[{step.index}]: the person is never to act")
            break
        if step.expect is None:
            missing = run.missing_events(step)
            run.next()
        else:
            legal = session.state.legal_actions(lesson.human)
            if step.expect == "any":
                if not legal:
                    problems.append(f"{where}: steps[{step.index}]: nothing to choose")
                    break
                action = free_choice.choice(legal) if free_choice else legal[0]
            else:
                action = session.module.parse_action(step.expect)
                if action not in legal:
                    shown = ", ".join(str(a) for a in legal) or "nothing"
                    problems.append(
                        f"{where}: steps[{step.index}].expect: {step.expect!r} is not legal "
                        f"then (legal: {shown})"
                    )
                    break
            run.saw(session.apply(lesson.human, action))
            missing = run.missing_events(step)
            run.acted(lesson.human, action)
        if missing:
            problems.append(
                f"{where}: steps[{step.index}].events: {', '.join(missing)} did not happen"
            )
            break
    return problems


# == where one's place in each lesson is kept ================================================
PROGRESS_FILE = "lessons.json"
MAX_PROGRESS_BYTES = 2_000_000


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


def read_progress() -> dict[str, Any]:
    """Every lesson's saved place ({lesson id: progress}); {} when there is none or the
    file cannot be used (a place in a lesson is not worth an error dialog)."""
    path = progress_path()
    if not path.exists():
        return {}
    try:
        data = read_json(path, MAX_PROGRESS_BYTES)
    except FileProblem:
        return {}
    return data if isinstance(data, dict) else {}


def save_progress(lesson_id: str, progress: dict[str, Any] | None) -> None:
    """Keep (or with None forget) one lesson's place, atomically; OSError if it fails."""
    data = read_progress()
    if progress is None:
        if lesson_id not in data:
            return
        data.pop(lesson_id, None)
    else:
        data[lesson_id] = progress
    atomic_write_text(progress_path(), json.dumps(data, ensure_ascii=False))


def saved_place(lesson: Lesson) -> int | None:
    """The step (from 0) of the place kept in ``lesson``, when there is one worth going
    on from: it replays in this version of the lesson and is past its first step (or has
    actions). None otherwise."""
    saved = read_progress().get(lesson.id)
    if saved is None:
        return None
    run = LessonRun.resumed(lesson, saved)
    if run is None or run.done or (run.index == 0 and not run.session.actions):
        return None
    return run.index
