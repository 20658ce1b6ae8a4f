"""The one protocol all four games speak.

Shape after OpenSpiel (who acts, legal actions, apply), values after python-chess
(tiny frozen action types with a text notation that round-trips). The UI, the bots,
saves, replays, the hand-off curtain and the soak tests are written once against it.

Headless: standard library only.

A game package offers::

    new_game(players: int, seed: int, options: Mapping | None = None) -> GameState
    parse_action(text: str) -> Action          # inverse of str(action)
    OPTIONS: tuple[OptionSpec, ...]            # what the lobby may set
    MIN_PLAYERS, MAX_PLAYERS
    REVEALING_EVENTS: Mapping[str, str]        # event kind -> "roll" | "draw" | "reveal"
    EVENTS: type[Event]                        # the family base of the game's typed events

and its state subclasses :class:`GameState`.

``REVEALING_EVENTS`` is what the app's undo needs (``game.session.Session.undo``): a
person may take back their last action while nobody else has acted since and nothing
hidden or left to chance has come out since. The game names the event kinds that show
the result of chance or something hidden, each with the reason the undo button gives:
``"roll"`` (a die was rolled), ``"draw"`` (a card, tile or token was drawn, a pile
shuffled) or ``"reveal"`` (hidden choices or tiles were turned face up). Any other event
is public and deterministic, so it can be taken back; besides, an event shown only to
players other than the actor (a private twin) always counts as a reveal. An action whose
events include none of these (a secret card chosen face down, a pawn moved after the
roll, a tile laid before the next draw) can be taken back until the next action.
"""

from __future__ import annotations

import collections.abc
import copy
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Protocol

Player = int
# A JSON-compatible object (a save, an event, a record). Its values are JSON data of
# whatever shape each game writes, so ``Any`` is the honest value type here.
JsonDict = dict[str, Any]


class IllegalAction(ValueError):
    """An action that is not legal for that player now. The state is left untouched."""


class NotationError(ValueError):
    """Text that is not the notation of any action of this game."""


class RulesDataError(ValueError):
    """Game data (a board, a deck, a table) that breaks the rules' own requirements.

    ``place`` names where in the data the problem is (``"tiles[3].rotation"``), so a
    loader can prefix the file name and print ``file: place: problem``.
    """

    def __init__(self, place: str, problem: str):
        super().__init__(f"{place}: {problem}" if place else problem)
        self.place = place
        self.problem = problem


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: frozen, hashable, ordered by notation.

    Subclasses define ``__str__`` (the notation); ``parse_action`` of the game
    turns that text back into an equal action.
    """

    def __lt__(self, other: Action) -> bool:
        return (type(self).__name__, str(self)) < (type(other).__name__, str(other))


class EventDataError(ValueError):
    """An event's JSON form that is not an event of this game (from a host, a file)."""


@dataclass(frozen=True)
class Event:
    """Something that happened, in order, with what the UI needs to animate it.

    Each game declares its events as frozen dataclasses under one family base::

        class DuckEvent(Event, family=True): ...

        @dataclass(frozen=True)
        class Bonk(DuckEvent, kind="bonk"):
            duck: int
            hex: tuple[int, int]

    ``kind`` is the class's name on the wire (and in ``REVEALING_EVENTS``); the family
    keeps a registry of its kinds, so :meth:`from_dict` turns JSON back into the typed
    event, checking every field against its annotation. A table dispatches on the class
    (``{Bonk: self._bonk}``), so mypy sees every field and a handler for a class that no
    longer exists is an error, not a silent miss.

    ``player`` is who the event is about or who caused it; ``visible_to`` is ``None``
    when everybody may see it, else the players who may (a secret card choice is shown
    only to its chooser; the others see a public twin). Both are keyword-only, so a
    subclass's own fields come first and may have no default.
    """

    kind: ClassVar[str] = ""
    kinds: ClassVar[dict[str, type[Event]]] = {}
    player: Player | None = field(default=None, kw_only=True)
    visible_to: tuple[Player, ...] | None = field(default=None, kw_only=True)

    def __init_subclass__(cls, /, kind: str = "", family: bool = False, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if family:
            cls.kinds = {}
        if kind:
            if kind in cls.kinds and cls.kinds[kind].__qualname__ != cls.__qualname__:
                raise TypeError(f"two events of one game are called {kind!r}")
            cls.kind = kind
            cls.kinds[kind] = cls

    def seen_by(self, player: Player | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def begins_round(self) -> int | None:
        """The round this event opens, if it opens one: a table's log puts that round's
        divider before the event's own line."""
        return None

    @property
    def data(self) -> dict[str, Any]:
        """The event's own fields (not ``player``/``visible_to``) as JSON data."""
        return {
            f.name: _jsonable(getattr(self, f.name))
            for f in fields(self)
            if f.name not in _BASE_FIELDS
        }

    def to_dict(self) -> JsonDict:
        return {
            "kind": self.kind,
            "player": self.player,
            "data": self.data,
            "visible_to": None if self.visible_to is None else list(self.visible_to),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Event:
        """The event of this family ``data`` is the JSON form of; every field checked
        against its annotation (a list read back as the tuple it was). Raises
        :class:`EventDataError` naming the kind and field."""
        if not isinstance(data, Mapping):
            raise EventDataError("an event is not an object")
        kind = data.get("kind")
        event_class = cls.kinds.get(kind) if isinstance(kind, str) else None
        if event_class is None or not issubclass(event_class, cls):
            raise EventDataError(f"unknown event kind {str(kind)[:40]!r}")
        values = data.get("data")
        values = {} if values is None else values
        if not isinstance(values, Mapping):
            raise EventDataError(f"{kind}: data is not an object")
        hints = _field_hints(event_class)
        unknown = set(values) - set(hints)
        if unknown:
            raise EventDataError(f"{kind}: unknown field {min(map(str, unknown))[:40]!r}")
        kwargs: dict[str, Any] = {}
        for name, hint in hints.items():
            if name in values:
                kwargs[name] = _coerce(values[name], hint, f"{kind}.{name}")
            elif name not in _with_default(event_class):
                raise EventDataError(f"{kind}: {name} is missing")
        kwargs["player"] = _coerce(data.get("player"), Player | None, f"{kind}.player")
        seen = data.get("visible_to")
        kwargs["visible_to"] = _coerce(seen, tuple[Player, ...] | None, f"{kind}.visible_to")
        return event_class(**kwargs)


_BASE_FIELDS = frozenset({"player", "visible_to"})


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


_HINTS: dict[type[Event], dict[str, Any]] = {}


def _field_hints(event_class: type[Event]) -> dict[str, Any]:
    """An event class's own fields and their annotations, evaluated once."""
    if event_class not in _HINTS:
        hints = typing.get_type_hints(event_class)
        _HINTS[event_class] = {
            f.name: hints[f.name] for f in fields(event_class) if f.name not in _BASE_FIELDS
        }
    return _HINTS[event_class]


_DEFAULTED: dict[type[Event], frozenset[str]] = {}


def _with_default(event_class: type[Event]) -> frozenset[str]:
    """The names of an event class's fields that have a default, found once per class."""
    if event_class not in _DEFAULTED:
        _DEFAULTED[event_class] = frozenset(
            f.name
            for f in fields(event_class)
            if f.default is not MISSING or f.default_factory is not MISSING
        )
    return _DEFAULTED[event_class]


def _coerce(value: Any, hint: Any, place: str) -> Any:
    """``value`` (parsed JSON) as the annotation ``hint`` describes, or EventDataError."""
    if hint is Any:
        return value
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _coerce(value, option, place)
            except EventDataError:
                continue
        raise EventDataError(f"{place}: {_shown(value)} is not {_hint_name(hint)}")
    if hint is type(None):
        if value is None:
            return None
    elif hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif hint is str:
        if isinstance(value, str):
            return value
    elif origin in (tuple, list) and isinstance(value, (list, tuple)):
        if origin is list or (len(args) == 2 and args[1] is Ellipsis):
            item = args[0] if args else Any
            items = [_coerce(v, item, f"{place}[{i}]") for i, v in enumerate(value)]
        elif len(args) == len(value):
            items = [_coerce(v, a, f"{place}[{i}]") for i, (v, a) in enumerate(zip(value, args))]
        else:
            raise EventDataError(f"{place}: {len(value)} items, not {len(args)}")
        return tuple(items) if origin is tuple else items
    elif origin in (dict, Mapping, collections.abc.Mapping) and isinstance(value, Mapping):
        key_hint, value_hint = args or (Any, Any)
        return {
            _coerce(k, key_hint, place): _coerce(v, value_hint, f"{place}.{str(k)[:20]}")
            for k, v in value.items()
        }
    raise EventDataError(f"{place}: {_shown(value)} is not {_hint_name(hint)}")


def _shown(value: Any) -> str:
    return repr(value)[:40]


def _hint_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


@dataclass(frozen=True)
class OptionSpec:
    """One lobby option of a game: a key, names in EN/JA, allowed values, default.
    ``seat_choice``: its whole-number choices name a seat (a start player), so only those
    below the number of players apply and a lobby shows them by the seat's name."""

    key: str
    name_en: str
    name_ja: str
    choices: tuple[Any, ...]
    default: Any
    choice_names: Mapping[Any, tuple[str, str]] = field(default_factory=dict)
    seat_choice: bool = False

    def label(self, value: Any, lang: str) -> str:
        names = self.choice_names.get(value)
        if names is None:
            return str(value)
        return names[1] if lang == "ja" else names[0]


def resolve_options(
    specs: Sequence[OptionSpec], options: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Defaults filled in; unknown keys and values outside the choices rejected."""
    options = dict(options or {})
    known = {s.key: s for s in specs}
    for key in options:
        if key not in known:
            raise RulesDataError(f"options.{key}", "unknown option")
    out: dict[str, Any] = {}
    for spec in specs:
        value = options.get(spec.key, spec.default)
        if value not in spec.choices:
            raise RulesDataError(
                f"options.{spec.key}", f"{value!r} is not one of {list(spec.choices)!r}"
            )
        out[spec.key] = value
    return out


class GameState(ABC):
    """A game in progress. Subclasses implement the underscored hooks; the public
    methods add the checks every game needs, so they are written once.
    """

    game_id: ClassVar[str] = ""

    players: int
    seed: int | None  # None on a view: the seed would rebuild the hidden
    options: dict[str, Any]
    # True on a view whose hidden parts a move may need (see view()): it cannot be played
    # on until determinized, so apply refuses it. (Eight Routes hides only future dice: its
    # views stay playable within a phase.)
    is_view: bool = False
    # What new_game did before any action (a deal, the first roll), the events a table
    # plays when a game begins (on a view: those the viewer may see). One name in every
    # game (Cluck-peep! called it ``opening``).
    opening_events: Sequence[Event]

    # -- who acts and what they may do -------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[Player, ...]:
        """The players who must decide now, sorted (several during a secret choice)."""

    @abstractmethod
    def _legal(self, player: Player) -> Iterable[Action]:
        """The legal actions of ``player`` (only called for players in ``to_act``)."""

    @abstractmethod
    def _perform(self, player: Player, action: Action) -> list[Event]:
        """Carry out a legal action. Must not raise: legality was checked before."""

    # The legal actions worked out since the last action, per player: they are asked for
    # several times between two actions (a bot, the soak harness, then apply's own check),
    # so they are worked out once. apply forgets them by rebinding, never by editing, so
    # a copy may share them until either side acts; a copy that sees less (a view)
    # forgets them or keeps only its viewer's. A test that edits a state by hand calls
    # touch().
    _legal_memo: dict[Player, tuple[Action, ...]] | None = None

    def legal_actions(self, player: Player) -> tuple[Action, ...]:
        if self.is_over() or player not in self.to_act():
            return ()
        memo = self._legal_memo
        if memo is None:
            memo = self._legal_memo = {}
        legal = memo.get(player)
        if legal is None:
            legal = memo[player] = self._ordered(self._legal(player))
        return legal

    def _ordered(self, actions: Iterable[Action]) -> tuple[Action, ...]:
        """The legal actions as ``legal_actions`` lists them, without repeats: by default
        sorted by kind and notation; a game with an order of its own overrides this."""
        return tuple(sorted(set(actions)))

    def touch(self) -> None:
        """Forget the remembered legal actions (after editing the state by hand)."""
        self._legal_memo = None

    def is_legal(self, player: Player, action: Action) -> bool:
        return action in self.legal_actions(player)

    def apply(self, player: Player, action: Action) -> list[Event]:
        if self.is_view:
            raise IllegalAction("a view cannot be played on; determinize it first")
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        if self.is_over():
            raise IllegalAction("the game is over")
        if player not in self.to_act():
            raise IllegalAction(f"player {player} is not to act now{self._refusal_note()}")
        if action not in self.legal_actions(player):
            raise IllegalAction(
                f"{action} is not legal for player {player} now{self._refusal_note()}"
            )
        self._legal_memo = None
        return self._perform(player, action)

    def _refusal_note(self) -> str:
        """What a game adds to a refusal's message (its own hint why, say why an old
        record stops replaying there); nothing by default."""
        return ""

    def apply_text(self, player: Player, text: str) -> list[Event]:
        return self.apply(player, self.parse_action(text))

    # -- hidden information ------------------------------------------------------------
    @abstractmethod
    def view(self, player: Player | None) -> GameState:
        """A copy with everything ``player`` may not see hidden (``None``: a spectator).

        A view answers ``to_act``, ``legal_actions(player)``, ``scores`` and ``to_dict``
        like the real state, but cannot be played on until determinized.
        """

    @abstractmethod
    def determinize(self, rng: random.Random) -> GameState:
        """A full state consistent with this view, its hidden parts (others' hands, deck
        order, face-down tokens, future chance) sampled from ``rng``. On a full state it
        returns a copy whose future chance is re-seeded from ``rng``."""

    # -- the end -------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def winners(self) -> tuple[Player, ...]:
        """Who won (several on a shared win); empty while the game goes on."""

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """A number per player, higher is better (the game's own score, or progress)."""

    @property
    @abstractmethod
    def round_number(self) -> int:
        """The round being played, from 1."""

    # -- saving ----------------------------------------------------------------------------
    @abstractmethod
    def to_dict(self) -> JsonDict:
        """A complete, JSON-compatible snapshot (random generator state included)."""

    @classmethod
    @abstractmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState: ...

    @staticmethod
    @abstractmethod
    def parse_action(text: str) -> Action:
        """Inverse of ``str(action)``; raises :class:`NotationError`."""

    def clone(self) -> GameState:
        return copy.deepcopy(self)


# -- helpers games share ---------------------------------------------------------------------
def rng_state_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Sequence[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


class RulesModule(Protocol):
    """What :func:`replay` and the conformance harness need of a game's rules module
    (a module object satisfies it structurally)."""

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> GameState: ...

    def parse_action(self, text: str) -> Action: ...


@dataclass(frozen=True)
class Record:
    """A game as saves and replays keep it: enough to rebuild it exactly."""

    game: str
    players: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[tuple[Player, str], ...] = ()

    def to_dict(self) -> JsonDict:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[p, a] for p, a in self.actions],
        }


def replay(module: RulesModule, record: Record) -> tuple[GameState, list[Event]]:
    """Rebuild a game from its record through the rules (every action re-checked)."""
    state = module.new_game(record.players, record.seed, dict(record.options))
    events: list[Event] = []
    for index, (player, text) in enumerate(record.actions):
        try:
            action = module.parse_action(text)
            events.extend(state.apply(player, action))
        except (IllegalAction, NotationError) as exc:
            raise IllegalAction(f"action {index + 1} ({player}: {text!r}): {exc}") from exc
    return state, events
