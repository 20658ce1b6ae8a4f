"""The fixed data of Verflixxt!: what is in the box (VX-1, VX-20, VX-23) and the checks
the rules make on it, the numbers of players, hands and hats, and the lobby's options.

The player-readable copy is ``data/boards/verflixxt/box.yaml``; ``game.boards.verflixxt``
loads it and hands it in as ``options["box"]``, so a save carries its own box.
``DEFAULT_BOX`` is the same data for callers that pass no box (a test keeps the two equal).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..protocol import OptionSpec, RulesDataError

GAME_ID = "verflixxt"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE = 2  # VX-21, VX-24
HATS = ("lucky", "unlucky")  # VX-22

START = "start"
FINISH = "finish"

PLUS, MINUS, LUCKY, RISK = "plus", "minus", "lucky", "risk"
CARD_VALUES = (-1, 0, 1, 2, 3, 4, 5, 6)
MAX_COPIES = 100  # cards of one value and colour: a bound against typing slips

DEFAULT_BOX: dict[str, Any] = {  # shaped like the YAML file
    "path_tiles": (
        [{"id": f"p{v}", "kind": PLUS, "value": v} for v in range(1, 9)]
        + [{"id": f"m{v}", "kind": MINUS, "value": -v} for v in range(1, 9)]
        + [{"id": f"n{v}", "kind": MINUS, "value": -v} for v in range(1, 11)]
        + [{"id": f"l{i}", "kind": LUCKY, "value": 0} for i in range(1, 7)]
    ),
    "standard_track": (
        [f"m{v}" for v in range(1, 9)]
        + [f"l{i}" for i in range(1, 7)]
        + [f"p{v}" for v in range(8, 0, -1)]
        + [f"n{v}" for v in range(1, 11)]
    ),
    "guardians_on": [f"l{i}" for i in range(1, 7)] + ["p8", "p7"],
    "expansion": {
        "removed_tiles": ["p1", "p2", "p3", "m4", "m5", "m6", "m7", "l6"],
        "removed_with_2_or_4_players": ["r3"],
        "risk_tiles": [
            {"id": "r3", "value": 3},
            {"id": "r4a", "value": 4},
            {"id": "r4b", "value": 4},
            {"id": "r5a", "value": 5},
            {"id": "r5b", "value": 5},
            {"id": "r6a", "value": 6},
            {"id": "r6b", "value": 6},
            {"id": "r7", "value": 7},
        ],
        "guardians": 8,
        "goal_chips": [2, 2, 3, 3, 4, 4, 5, 6],
        "movement_cards": [
            {"value": -1, "yellow": 2, "orange": 4},
            {"value": 0, "yellow": 2, "orange": 4},
        ]
        + [{"value": v, "yellow": 2, "orange": 6} for v in range(1, 7)],
    },
}


@dataclass(frozen=True)
class Box:
    """A checked box: tile kinds and values by id, layouts, chips and the card deck."""

    kinds: Mapping[str, str]
    values: Mapping[str, int]
    base_tiles: tuple[str, ...]
    standard_track: tuple[str, ...]
    guardians_on: tuple[str, ...]
    removed: tuple[str, ...]
    removed_2_or_4: tuple[str, ...]
    risk_tiles: tuple[str, ...]
    expansion_guardians: int
    goal_chips: tuple[int, ...]
    cards: tuple[str, ...]  # the whole deck, e.g. "y3", "o-1"


def card_value(card: str) -> int:
    return int(card[1:])


def _need(cond: object, place: str, problem: str) -> None:
    if not cond:
        raise RulesDataError(place, problem)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _id_list(data: Mapping[str, Any], key: str, place: str, known: set[str]) -> tuple[str, ...]:
    items: Any = data.get(key)  # untrusted: checked below
    _need(isinstance(items, (list, tuple)), f"{place}{key}", "must be a list of tile ids")
    for i, tile in enumerate(items):
        _need(
            isinstance(tile, str) and tile in known,
            f"{place}{key}[{i}]",
            f"unknown tile id {tile!r}",
        )
    _need(len(set(items)) == len(items), f"{place}{key}", "names a tile twice")
    return tuple(items)


def check_box(box: Any) -> Box:
    """The box as the rules use it; RulesDataError(place, problem) if it breaks the rules.
    ``box`` is untrusted data (YAML or a save), so every part is checked before use."""
    _need(isinstance(box, Mapping), "box", "must be a mapping")
    kinds: dict[str, str] = {}
    values: dict[str, int] = {}
    tiles = box.get("path_tiles")
    _need(isinstance(tiles, (list, tuple)) and tiles, "path_tiles", "must be a non-empty list")
    for i, tile in enumerate(tiles):
        place = f"path_tiles[{i}]"
        _need(isinstance(tile, Mapping), place, "must be a mapping")
        tid, kind, value = tile.get("id"), tile.get("kind"), tile.get("value")
        _need(
            isinstance(tid, str) and tid.isalnum() and tid not in (START, FINISH),
            f"{place}.id",
            "must be a letters-and-digits id other than start/finish",
        )
        _need(tid not in kinds, f"{place}.id", f"id {tid!r} is used twice")
        _need(kind in (PLUS, MINUS, LUCKY), f"{place}.kind", "must be plus, minus or lucky")
        _need(_int(value), f"{place}.value", "must be a whole number")
        _need(
            (kind == PLUS and value > 0)
            or (kind == MINUS and value < 0)
            or (kind == LUCKY and value == 0),
            f"{place}.value",
            "plus tiles are > 0, minus tiles < 0, lucky tiles 0",
        )
        kinds[tid], values[tid] = kind, value
    base_tiles = tuple(kinds)
    standard = _id_list(box, "standard_track", "", set(kinds))
    _need(len(standard) == len(base_tiles), "standard_track", "must lay out every path tile once")
    guardians_on = _id_list(box, "guardians_on", "", set(kinds))

    exp = box.get("expansion")
    _need(isinstance(exp, Mapping), "expansion", "must be a mapping")
    risk = exp.get("risk_tiles")
    _need(isinstance(risk, (list, tuple)), "expansion.risk_tiles", "must be a list")
    risk_ids = []
    for i, tile in enumerate(risk):
        place = f"expansion.risk_tiles[{i}]"
        _need(isinstance(tile, Mapping), place, "must be a mapping")
        tid, value = tile.get("id"), tile.get("value")
        _need(
            isinstance(tid, str) and tid.isalnum() and tid not in (START, FINISH),
            f"{place}.id",
            "must be a letters-and-digits id other than start/finish",
        )
        _need(tid not in kinds, f"{place}.id", f"id {tid!r} is used twice")
        _need(_int(value) and value > 0, f"{place}.value", "must be a whole number > 0")
        kinds[tid], values[tid] = RISK, value
        risk_ids.append(tid)
    removed = _id_list(exp, "removed_tiles", "expansion.", set(base_tiles))
    removed_2_4 = _id_list(exp, "removed_with_2_or_4_players", "expansion.", set(kinds))
    guardians = exp.get("guardians")
    _need(_int(guardians) and guardians >= 0, "expansion.guardians", "must be a whole number >= 0")
    chips = exp.get("goal_chips")
    _need(isinstance(chips, (list, tuple)), "expansion.goal_chips", "must be a list")
    for i, chip in enumerate(chips):
        _need(_int(chip) and chip > 0, f"expansion.goal_chips[{i}]", "must be a whole number > 0")
    cards: list[str] = []
    spec = exp.get("movement_cards")
    _need(isinstance(spec, (list, tuple)), "expansion.movement_cards", "must be a list")
    seen = set()
    for i, entry in enumerate(spec):
        place = f"expansion.movement_cards[{i}]"
        _need(isinstance(entry, Mapping), place, "must be a mapping")
        value = entry.get("value")
        _need(value in CARD_VALUES and _int(value), f"{place}.value", "must be one of -1, 0, 1..6")
        _need(value not in seen, f"{place}.value", "value listed twice")
        seen.add(value)
        for colour in ("yellow", "orange"):
            count = entry.get(colour)
            _need(
                _int(count) and 0 <= count <= MAX_COPIES,
                f"{place}.{colour}",
                f"must be a whole number from 0 to {MAX_COPIES}",
            )
            cards.extend([f"{colour[0]}{value}"] * count)
    # Hands of 2 for 6 players and the hat draw must always find cards (VX-21, VX-22).
    _need(len(cards) >= 20, "expansion.movement_cards", "needs at least 20 cards")
    _need(
        any(card_value(c) > 0 for c in cards),
        "expansion.movement_cards",
        "needs cards that move forward",
    )
    return Box(
        kinds,
        values,
        base_tiles,
        standard,
        guardians_on,
        removed,
        removed_2_4,
        tuple(risk_ids),
        guardians,
        tuple(chips),
        tuple(cards),
    )


# What the lobby may set: the rules (VX-20), the track (VX-2), the attack (VX-31).
OPTIONS = (
    OptionSpec(
        "variant",
        "Rules",
        "ルール",
        ("base", "hats"),
        "base",
        {
            "base": ("Base game", "基本ゲーム"),
            "hats": ("Expansion 2: hats and cards", "拡張セット2：帽子とカード"),
        },
    ),
    OptionSpec(
        "track",
        "Track",
        "コース",
        ("standard", "random"),
        "standard",
        {
            "standard": ("Standard order", "標準の並び"),
            "random": ("Random order", "ランダムな並び"),
        },
    ),
    OptionSpec(
        "attack",
        "Attack variant (expansion 2)",
        "攻撃ヴァリエーション（拡張セット2）",
        (False, True),
        False,
        {False: ("Off", "なし"), True: ("On", "あり")},
    ),
)
