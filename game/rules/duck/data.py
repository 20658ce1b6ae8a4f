"""The rules' own view of the game data: the board (DDG-1, DDG-2, DDG-42), the deck
(DDG-5, DDG-41) and the hound board (DDG-43); and the game's fixed numbers (tokens,
DDG-4, DDG-6), variants and lobby options (``OPTIONS``).

The data arrives as plain dicts through ``options`` (game.boards.duck reads the files);
here it is checked against what the rules need (RulesDataError names the place) and
compiled into flat tuples: hexes are numbered 0..H-1 and ``nbr[h * 6 + side]`` is the
neighbour of hex h on that side, or -1 off the board.

Plain shapes::

    board = {"name": str, "name_ja": str, "level": "beginner" | "moderate" | "advanced",
             "hexes": [[q, r, "water"], [q, r, "start"], [q, r, "drain"],
                       [q, r, "buoy", "red" | "yellow" | "green"], ...]}
    deck  = {"cards": [{"number": 1..54,
                        "routes": [{"steps": [turn, ...], "facings": [rel, ...]}, ...]}]}
    hound = {"patterns": [{"name_en": str, "name_ja": str,
                           "steps": [turn, ...], "facings": [rel, ...]}] * 4}

A step is a turn (-2..2 sixths of a full turn, + is left) followed by one hex forward; a
facing is relative to the heading of the route's last step (-2..3).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any, TypeGuard

from ..protocol import OptionSpec, RulesDataError
from .hexes import DIRECTIONS

KINDS = ("water", "start", "buoy", "drain")
WATER, START, BUOY, DRAIN = range(4)
COLOURS = ("red", "yellow", "green")
ALL_BUOYS = (1 << len(COLOURS)) - 1
LEVELS = ("beginner", "moderate", "advanced")
DECK_SIZE = 54
MAX_DUCKS = 6
PATTERN_NAMES = "ABCD"
FAR = 999  # distance to a target that cannot be reached

# The variants the lobby offers. DDG-26: with 2-3 players the advanced game gives each
# player two ducks; ``ducks_per_player`` says so for the lobby and everybody else.
LOBBY_VARIANTS = ("beginner", "advanced")
# What ``options["variant"]`` may say: the lobby's, plus "twoducks", the name the advanced
# game for 2-3 players had before "advanced" followed DDG-26 by itself. Saves replay their
# actions through the rules, so it keeps meaning exactly that game (docs/rules/duck.md).
VARIANT_ALIASES = {"twoducks": "advanced"}
VARIANTS = LOBBY_VARIANTS + tuple(VARIANT_ALIASES)
TWO_DUCKS_PLAYERS = (2, 3)  # DDG-26: the advanced game with this many players
DEFAULT_BOARD = "bathtub"
TOKEN_KINDS = ("keep", "step", "rotate", "swap", "ghost", "become")  # 3 of each, DDG-6
BLUE_TOKENS = 6
TOKENS_PER_KIND = 3
BUOY_TOKENS_PER_COLOUR = 6  # DDG-4

OPTIONS = (
    OptionSpec(
        "variant",
        "Rules",
        "ルール",
        LOBBY_VARIANTS,
        "beginner",
        {
            "beginner": ("Beginner", "初級"),
            "advanced": (
                "Advanced (hound; 2–3 players: two ducks each)",
                "上級（猟犬・2～3人はアヒル2羽ずつ）",
            ),
        },
    ),
    OptionSpec(
        "official", "Turn instead of moving", "移動の代わりに向きを変える", (False, True), False
    ),
    OptionSpec(
        "board",
        "Board",
        "ボード",
        (DEFAULT_BOARD,),
        DEFAULT_BOARD,
        {DEFAULT_BOARD: ("Bathtub", "バスタブ")},
    ),
)
DATA_OPTIONS = ("board", "deck", "hound")


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number in data (YAML's true/false are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: Mapping[str, Any], key: str, place: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RulesDataError(f"{place}{key}", "must be a non-empty text")
    return value


def _known_keys(data: Mapping[str, Any], keys: tuple[str, ...], place: str) -> None:
    for key in data:
        if key not in keys:
            raise RulesDataError(f"{place}{key}", f"unknown key (known: {', '.join(keys)})")


class Board:
    """A compiled board: hex numbering, kinds, neighbour table, distance tables."""

    __slots__ = (
        "buoys",
        "colour",
        "coords",
        "dist",
        "drain",
        "index",
        "kind",
        "level",
        "name",
        "name_ja",
        "nbr",
        "size",
        "starts",
        "tiles",
    )

    def __init__(
        self,
        name: str,
        name_ja: str,
        level: str,
        hexes: list[tuple[int, int, int, int]],
        tiles: tuple[tuple[int, str, int, int], ...] = (),
    ):
        self.name, self.name_ja, self.level = name, name_ja, level
        # (tile number, side, q, r) of each of the box's tiles the board is built from
        # (DDG-2; a board drawn hex by hex in Tiled has none): for the table's picture
        # only, never for a rule
        self.tiles = tiles
        hexes = sorted(hexes, key=lambda h: (h[1], h[0]))
        self.size = len(hexes)
        self.coords = tuple((q, r) for q, r, _, _ in hexes)
        self.index = {c: i for i, c in enumerate(self.coords)}
        self.kind = tuple(k for _, _, k, _ in hexes)
        self.colour = tuple(c for _, _, _, c in hexes)
        nbr = []
        for q, r in self.coords:
            for dq, dr in DIRECTIONS:
                nbr.append(self.index.get((q + dq, r + dr), -1))
        self.nbr = tuple(nbr)
        self.starts = tuple(i for i, k in enumerate(self.kind) if k == START)
        drains = [i for i, k in enumerate(self.kind) if k == DRAIN]
        self.drain = drains[0] if len(drains) == 1 else -1
        self.buoys = tuple(
            tuple(i for i in range(self.size) if self.kind[i] == BUOY and self.colour[i] == c)
            for c in range(len(COLOURS))
        )
        # dist[target][hex]: hexes to walk to touch a buoy of colour `target` (0-2) or to
        # enter the drain (3), never walking through the drain (DDG-13, DDG-16).
        self.dist = tuple(self._distances(self.buoys[c]) for c in range(len(COLOURS))) + (
            self._distances((self.drain,) if self.drain >= 0 else ()),
        )

    def _distances(self, targets: Iterable[int]) -> tuple[int, ...]:
        dist = [FAR] * self.size
        queue: deque[int] = deque()
        for t in targets:
            dist[t] = 0
            queue.append(t)
        nbr, drain = self.nbr, self.drain
        while queue:
            h = queue.popleft()
            if h == drain and dist[h] > 0:
                continue
            base = h * 6
            for side in range(6):
                n = nbr[base + side]
                if n >= 0 and n != drain and dist[n] == FAR:
                    dist[n] = dist[h] + 1
                    queue.append(n)
        return tuple(dist)

    def to_data(self) -> dict[str, Any]:
        hexes = []
        for (q, r), kind, colour in zip(self.coords, self.kind, self.colour):
            entry: list[int | str] = [q, r, KINDS[kind]]
            if kind == BUOY:
                entry.append(COLOURS[colour])
            hexes.append(entry)
        data: dict[str, Any] = {
            "name": self.name,
            "name_ja": self.name_ja,
            "level": self.level,
            "hexes": hexes,
        }
        if self.tiles:
            data["tiles"] = [list(tile) for tile in self.tiles]
        return data


def board_from_data(data: Any) -> Board:
    """Check the shape of plain board data and compile it (RulesDataError if broken)."""
    if not isinstance(data, Mapping):
        raise RulesDataError("", "a board must be a mapping with name, name_ja, level, hexes")
    _known_keys(data, ("name", "name_ja", "level", "hexes", "tiles"), "")
    name = _text(data, "name", "")
    name_ja = _text(data, "name_ja", "")
    level = data.get("level")
    if level not in LEVELS:
        raise RulesDataError("level", f"must be one of {', '.join(LEVELS)}, not {level!r}")
    raw = data.get("hexes")
    if not isinstance(raw, (list, tuple)) or not raw:
        raise RulesDataError("hexes", "must be a non-empty list of [q, r, kind(, colour)]")
    hexes: list[tuple[int, int, int, int]] = []
    seen: dict[tuple[int, int], int] = {}
    for i, entry in enumerate(raw):
        place = f"hexes[{i}]"
        if not isinstance(entry, (list, tuple)) or len(entry) not in (3, 4):
            raise RulesDataError(place, "must be [q, r, kind] or [q, r, 'buoy', colour]")
        q, r, kind = entry[0], entry[1], entry[2]
        if not is_int(q) or not is_int(r) or abs(q) > 999 or abs(r) > 999:
            raise RulesDataError(place, "q and r must be whole numbers between -999 and 999")
        if kind not in KINDS:
            raise RulesDataError(place, f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        colour = -1
        if kind == "buoy":
            if len(entry) != 4 or entry[3] not in COLOURS:
                raise RulesDataError(place, f"a buoy needs a colour: {', '.join(COLOURS)}")
            colour = COLOURS.index(entry[3])
        elif len(entry) != 3:
            raise RulesDataError(place, f"only a buoy has a colour, not a {kind}")
        if (q, r) in seen:
            raise RulesDataError(
                place, f"hex {q},{r} is listed twice (first at hexes[{seen[(q, r)]}])"
            )
        seen[(q, r)] = i
        hexes.append((q, r, KINDS.index(kind), colour))
    return Board(name, name_ja, level, hexes, _tiles(data.get("tiles", []), seen))


def _tiles(raw: Any, hexes: Mapping[tuple[int, int], int]) -> tuple[tuple[int, str, int, int], ...]:
    """The optional ``tiles`` of board data: [[number, side, q, r], ...], each tile's
    number (1-16), face (A/B) and centre hex, which must be one of the board's hexes."""
    if not isinstance(raw, (list, tuple)) or len(raw) > 16:
        raise RulesDataError("tiles", "must be a list of at most 16 [number, side, q, r]")
    out: list[tuple[int, str, int, int]] = []
    for i, entry in enumerate(raw):
        place = f"tiles[{i}]"
        if (
            not isinstance(entry, (list, tuple))
            or len(entry) != 4
            or not is_int(entry[0])
            or not 1 <= entry[0] <= 16
            or entry[1] not in ("A", "B")
            or not is_int(entry[2])
            or not is_int(entry[3])
        ):
            raise RulesDataError(place, "must be [number 1-16, 'A' or 'B', q, r]")
        if (entry[2], entry[3]) not in hexes:
            raise RulesDataError(place, f"its centre {entry[2]},{entry[3]} is not on the board")
        out.append((entry[0], entry[1], entry[2], entry[3]))
    return tuple(out)


def board_problems(board: Board, ducks: int = MAX_DUCKS) -> list[tuple[str, str]]:
    """DDG-42: what keeps this board from a race of ``ducks`` ducks, as (place, problem)."""
    problems: list[tuple[str, str]] = []
    drains = sum(1 for k in board.kind if k == DRAIN)
    if drains != 1:
        problems.append(("hexes", f"the board has {drains} drains; it needs exactly one"))
    for c, name in enumerate(COLOURS):
        if not board.buoys[c]:
            problems.append(("hexes", f"the board has no {name} buoy"))
    if len(board.starts) < ducks:
        problems.append(
            (
                "hexes",
                (
                    f"the board has {len(board.starts)} start spaces; "
                    f"{ducks} ducks need at least {ducks}"
                ),
            )
        )
    if drains == 1:
        for s in board.starts:
            q, r = board.coords[s]
            missing = [
                name for c, name in enumerate(COLOURS) if board.buoys[c] and board.dist[c][s] >= FAR
            ]
            if board.dist[3][s] >= FAR:
                missing.append("the drain")
            if missing:
                problems.append((f"start {q},{r}", "cannot reach " + ", ".join(missing)))
    return problems


def _route(data: Any, place: str, max_steps: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not isinstance(data, Mapping):
        raise RulesDataError(place, "a route must be a mapping with steps and facings")
    _known_keys(data, ("steps", "facings"), place + ".")
    steps, facings = data.get("steps"), data.get("facings")
    if (
        not isinstance(steps, (list, tuple))
        or not 1 <= len(steps) <= max_steps
        or not all(is_int(s) and -2 <= s <= 2 for s in steps)
    ):
        raise RulesDataError(
            place + ".steps", f"must be 1-{max_steps} turns, each -2..2 (60° steps, + to the left)"
        )
    if (
        not isinstance(facings, (list, tuple))
        or not 1 <= len(facings) <= 6
        or not all(is_int(f) and -2 <= f <= 3 for f in facings)
        or len(set(facings)) != len(facings)
    ):
        raise RulesDataError(place + ".facings", "must be 1-6 different facings, each -2..3")
    return tuple(steps), tuple(facings)


Route = tuple[tuple[int, ...], tuple[int, ...]]


def deck_from_data(data: Any) -> tuple[tuple[Route, ...], ...]:
    """DDG-5/DDG-41: the 54 cards; ``deck[n]`` is card n's routes (``deck[0]`` is empty)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), (list, tuple)):
        raise RulesDataError("cards", "the deck must be a mapping with a list of cards")
    _known_keys(data, ("cards",), "")
    cards: dict[int, tuple[Route, ...]] = {}
    for i, card in enumerate(data["cards"]):
        place = f"cards[{i}]"
        if not isinstance(card, Mapping):
            raise RulesDataError(place, "a card must be a mapping with number and routes")
        _known_keys(card, ("number", "routes"), place + ".")
        number = card.get("number")
        if not is_int(number) or not 1 <= number <= DECK_SIZE:
            raise RulesDataError(place + ".number", f"must be 1-{DECK_SIZE}")
        if number in cards:
            raise RulesDataError(place + ".number", f"card {number} is listed twice")
        routes = card.get("routes")
        if not isinstance(routes, (list, tuple)) or not 1 <= len(routes) <= 3:
            raise RulesDataError(place + ".routes", "a card has 1-3 routes")
        cards[number] = tuple(
            _route(route, f"{place}.routes[{j}]", 6) for j, route in enumerate(routes)
        )
    missing = [n for n in range(1, DECK_SIZE + 1) if n not in cards]
    if missing:
        raise RulesDataError("cards", f"cards missing: {', '.join(map(str, missing[:10]))}")
    return ((),) + tuple(cards[n] for n in range(1, DECK_SIZE + 1))


def patterns_from_data(data: Any) -> tuple[Route, ...]:
    """DDG-43: the hound board's 4 patterns, A-D."""
    if not isinstance(data, Mapping) or not isinstance(data.get("patterns"), (list, tuple)):
        raise RulesDataError("patterns", "the hound board must be a mapping with patterns")
    _known_keys(data, ("patterns",), "")
    raw = data["patterns"]
    if len(raw) != len(PATTERN_NAMES):
        raise RulesDataError(
            "patterns", f"the hound board has exactly {len(PATTERN_NAMES)} patterns"
        )
    out = []
    for i, pattern in enumerate(raw):
        place = f"patterns[{i}]"
        if not isinstance(pattern, Mapping):
            raise RulesDataError(place, "a pattern must be a mapping")
        _known_keys(pattern, ("name_en", "name_ja", "steps", "facings"), place + ".")
        _text(pattern, "name_en", place + ".")
        _text(pattern, "name_ja", place + ".")
        out.append(
            _route({"steps": pattern.get("steps"), "facings": pattern.get("facings")}, place, 3)
        )
    return tuple(out)
