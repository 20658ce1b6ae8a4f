"""Player settings (language, window, volume, animation speed, bot time), kept as JSON in
the platform's config folder (platformdirs). A damaged file never stops the app, and
never loses what a person set: every valid value is kept, each bad or unknown one falls
back to its default with a note, and before the app writes the file again the damaged
original is kept beside it as ``settings.json.damaged-<time>``.

Settings only: the folders, the atomic writer and the reader of JSON a person may have
damaged, which the saves share, are ``game.storage``'s.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.frozen import fields_repr
from game.registry import CAST_BY_KEY, SEAT_LEVELS
from game.storage import (
    FileProblem,
    atomic_write_text,
    cache_dir,  # noqa: F401 - still offered here: tests/test_cli.py finds the error log by it
    compiled,
    config_dir,
    describe,
    keep_damaged_copy,
    printable,
    read_json,
    remove_stale_temp_files,
)

LANGUAGES = ("en", "ja")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_BUDGETS_MS = (50, 150, 400, 1000)
# the settings' words for them (issue #27: "Computer speed: Quick ... Thoughtful"): keys of
# app.speed_<word>, the same values underneath
BOT_BUDGET_WORDS = dict(zip(BOT_BUDGETS_MS, ("quick", "normal", "careful", "thoughtful")))
# text size (issue #27, for people who sit at a TV): one factor on every scene's text
# (Scene.text_px), Normal / Large / Larger
TEXT_SIZES = (1.0, 1.2, 1.4)
TEXT_SIZE_WORDS = dict(zip(TEXT_SIZES, ("normal", "large", "larger")))
SETTINGS_MAX_BYTES = 64_000


class SettingsError(ValueError):
    pass


# -- seat names (the settings remember the last table; saves hold the seats) ---------------------
NAME_MAX = 16  # the lobby's limit on a player's name
# Seat names never hold characters no font draws or that break a line of text: control
# characters, lone surrogates, line and paragraph separators.
_BAD_NAME_CHARS = r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]"  # compiled when used


def name_problem(name: str) -> str | None:
    """What is wrong with ``name`` as a seat's name, or None."""
    if len(name) > NAME_MAX:
        return f"{len(name):,} characters long; names have at most {NAME_MAX}"
    return char_problem(name, "a name")


def char_problem(text: str, what: str = "a text") -> str | None:
    """The character of ``text`` that no font draws or that breaks a line (a control
    character, a lone surrogate, a line or paragraph separator), said for ``what``, or
    None. Names are checked with it, and every text a host sends a joiner (issue #36:
    game.net.protocol): a lone surrogate cannot even be encoded to draw or to store."""
    bad = compiled(_BAD_NAME_CHARS).search(text)
    if bad:
        return f"holds the character {describe(bad.group())}, which {what} cannot have"
    return None


# -- the settings -------------------------------------------------------------------------------
def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _one_of(choices: tuple, kind: type) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if (
            isinstance(value, kind if kind is not float else (int, float))
            and not isinstance(value, bool)
            and value in choices
        ):
            return None
        return f"{describe(value)} is not one of {list(choices)}"

    return check


def _check_fullscreen(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"{describe(value)} is not true or false"


def _check_volume(value: Any) -> str | None:
    if _is_number(value) and 0.0 <= value <= 1.0:
        return None
    return f"{describe(value)} is not a number from 0 to 1"


WINDOW_SIDE = (320, 7680)  # a saved window's width and height, each within these


def window_side(pixels: int) -> int:
    """A window's side as settings keep it (a window made smaller or larger than any
    saved one is remembered at the nearest size that is)."""
    return min(WINDOW_SIDE[1], max(WINDOW_SIDE[0], int(pixels)))


def _check_window(value: Any) -> str | None:
    low, high = WINDOW_SIDE
    if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
        return None
    return f"{describe(value)} is not a whole number from {low} to {high}"


MAX_SEATS = 6  # the most seats any game of the box has
SEAT_KEYS = ("name", "character", "human", "level")
# whether the name was typed by a person (else the box's, given again in each language);
# optional: settings written before it (issue #36) lack it
SEAT_OPTIONAL_KEYS = ("typed",)


def _check_seats(value: Any) -> str | None:
    """The last table the lobby showed: at most six seats, each ``{"name": <a seat name>,
    "character": <a key of the shared cast>, "human": <bool>, "level": <a level>}`` and
    optionally ``"typed": <bool>``."""
    if not isinstance(value, list):
        return f"{describe(value)} is not a list of seats"
    if len(value) > MAX_SEATS:
        return f"{len(value)} seats; a table has at most {MAX_SEATS}"
    for i, seat in enumerate(value):
        place = f"seat {i + 1}"
        if not isinstance(seat, dict) or not (
            set(SEAT_KEYS) <= set(seat) <= {*SEAT_KEYS, *SEAT_OPTIONAL_KEYS}
        ):
            return f"{place}: {describe(seat)} is not an object with {', '.join(SEAT_KEYS)}"
        name = seat["name"]
        if not isinstance(name, str) or not name.strip():
            return f"{place}: name {describe(name)} is not a name"
        if (problem := name_problem(name)) is not None:
            return f"{place}: name {problem}"
        if not isinstance(seat["character"], str) or seat["character"] not in CAST_BY_KEY:
            return f"{place}: character {describe(seat['character'])} is not one of {list(CAST_BY_KEY)}"
        if not isinstance(seat["human"], bool):
            return f"{place}: human {describe(seat['human'])} is not true or false"
        if not isinstance(seat["level"], str) or seat["level"] not in SEAT_LEVELS:
            return f"{place}: level {describe(seat['level'])} is not one of {list(SEAT_LEVELS)}"
        if not isinstance(seat.get("typed", False), bool):
            return f"{place}: typed {describe(seat['typed'])} is not true or false"
    return None


# What each setting accepts: the problem with a value, or None when it is fine.
CHECKS: dict[str, Callable[[Any], str | None]] = {
    "language": _one_of(LANGUAGES, str),
    "fullscreen": _check_fullscreen,
    "volume": _check_volume,
    "animation_speed": _one_of(ANIMATION_SPEEDS, float),
    "bot_budget_ms": _one_of(BOT_BUDGETS_MS, int),
    "text_size": _one_of(TEXT_SIZES, float),
    "window_width": _check_window,
    "window_height": _check_window,
    "seats": _check_seats,
}


class Settings:
    """A person's settings. Compared by its fields as the dataclass it was (so, like it,
    unhashable); written out because ``dataclass()`` compiles its methods from source
    when this module is imported, before the first frame (issue #37)."""

    language: str
    fullscreen: bool
    volume: float
    animation_speed: float
    bot_budget_ms: int
    text_size: float
    window_width: int
    window_height: int
    # the lobby's last table (empty: the game's defaults); see _check_seats
    seats: list[dict[str, Any]]

    __match_args__ = (
        "language",
        "fullscreen",
        "volume",
        "animation_speed",
        "bot_budget_ms",
        "text_size",
        "window_width",
        "window_height",
        "seats",
    )

    def __init__(
        self,
        language: str = "en",
        fullscreen: bool = False,
        volume: float = 0.7,
        animation_speed: float = 1.0,
        bot_budget_ms: int = 50,
        text_size: float = 1.0,
        window_width: int = 1280,
        window_height: int = 720,
        seats: list[dict[str, Any]] | None = None,
    ) -> None:
        self.language = language
        self.fullscreen = fullscreen
        self.volume = volume
        self.animation_speed = animation_speed
        self.bot_budget_ms = bot_budget_ms
        self.text_size = text_size
        self.window_width = window_width
        self.window_height = window_height
        self.seats = [] if seats is None else seats

    def as_dict(self) -> dict[str, Any]:
        """Every setting by name, a deep copy (what ``dataclasses.asdict`` gave)."""
        return {name: copy.deepcopy(getattr(self, name)) for name in self.__match_args__}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings) or other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__match_args__)

    def __hash__(self) -> int:
        raise TypeError(f"unhashable type: {type(self).__name__!r}")  # mutable, as before

    def __repr__(self) -> str:
        return fields_repr(self, self.__match_args__)

    def validated(self) -> Settings:
        problems = [
            f"{name}: {problem}"
            for name, check in CHECKS.items()
            if (problem := check(getattr(self, name))) is not None
        ]
        if problems:
            raise SettingsError("; ".join(problems))
        return self


assert set(CHECKS) == set(Settings.__match_args__), "a setting without its check"


def settings_path() -> Path:
    return config_dir() / "settings.json"


def read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path`` and a note for everything in it that was not used.

    Each setting is checked on its own: a bad value falls back to its default and the
    others are kept; an unknown key is ignored. A file that cannot be read or parsed at all
    gives the defaults. A missing file gives the defaults and no note.
    """
    defaults = Settings()
    if not os.path.lexists(path):
        return defaults, []
    try:
        data = read_json(path, SETTINGS_MAX_BYTES)
    except FileProblem as exc:
        return defaults, [exc.reason]
    if not isinstance(data, dict):
        return defaults, ["top level: must be an object"]
    values: dict[str, Any] = {}
    notes: list[str] = []
    for key, value in data.items():
        check = CHECKS.get(key)
        if check is None:
            notes.append(f"{printable(key, 40)}: unknown setting, ignored")
        elif (problem := check(value)) is not None:
            notes.append(f"{key}: {problem}, the default {getattr(defaults, key)!r} is used")
        else:
            values[key] = value
    return Settings(**values), notes


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings, and one line about whatever in the file was not used."""
    path = path or settings_path()
    settings, notes = read_settings(path)
    if not notes:
        return settings, None
    return settings, f"{printable(str(path))}: {'; '.join(notes)}"


def remove_stale_settings_temp_files(now: float | None = None) -> list[Path]:
    return remove_stale_temp_files(config_dir(), lambda target: target == "settings.json", now)


def save_settings(settings: Settings, path: Path | None = None) -> Path | None:
    """Write the settings. A damaged file there (anything :func:`read_settings` had a note
    about) is kept first as ``settings.json.damaged-<time>``; returns that copy's path.
    Once written the file is whole, so each damaged file is kept once."""
    path = path or settings_path()
    text = json.dumps(settings.validated().as_dict(), indent=2)
    _, notes = read_settings(path)
    kept = keep_damaged_copy(path) if notes else None
    atomic_write_text(path, text)
    return kept
