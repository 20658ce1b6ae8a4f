"""The state of a game of Eight Routes and its rules (clauses ER-n of
``docs/rules/routes.md`` / ``/work/shared/rules/eight-routes.md``).

Seats are numbered clockwise, so "the player to the left" is the next seat. Markers are
kept as ``pos[route][player]`` (0 = not on the route, else the space 1-20) and an arrival
stamp ``stamp[route][player]``: on one space the marker with the larger stamp lies on top
(ER-20c/e), so the stack order never has to be stored twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypedDict

from ..protocol import (
    Action,
    Event,
    GameState,
    IllegalAction,
    JsonDict,
    OptionSpec,
    RulesDataError,
    resolve_options,
    rng_from_json,
    rng_state_to_json,
)
from .actions import (
    ALL_ACTIONS,
    ORDER,
    ChangeDie,
    DeclineChip,
    EndPhase,
    PushMarker,
    TakeAll,
    TakeOne,
    TurnChip,
    parse_action,
)
from .data import OPTIONS
from .events import (
    ChipDeclined,
    ChipOffered,
    ChipTaken,
    ChipTurned,
    D6Rolled,
    DiceSorted,
    DiceTaken,
    DieChanged,
    GameOver,
    MandatorySkipped,
    MarkerBlocked,
    MarkerMoved,
    PhaseEnded,
    PhaseStarted,
    Rolled,
    RoundEnded,
    RoundStarted,
    RouteScored,
)
from .table import ROUTES, SPACES, Scorer, ranking, validate_table

GAME_ID = "routes"
MIN_PLAYERS = 3  # ER-1
MAX_PLAYERS = 5
GOAL = SPACES  # ER-20d
ROUTE_3, ROUTE_4, ROUTE_5, ROUTE_6, ROUTE_8 = 2, 3, 4, 5, 7  # route indices (route n -> n-1)
D6_FROM_SPACE = 4  # ER-10 / ER-34: the parent's route-4 marker on space 4 or beyond

_TAKE_ALL = {a.face: a for a in ALL_ACTIONS if isinstance(a, TakeAll)}
_TAKE_ONE = {a.face: a for a in ALL_ACTIONS if isinstance(a, TakeOne)}
_CHANGE = {(a.face, a.delta): a for a in ALL_ACTIONS if isinstance(a, ChangeDie)}
_PUSH = {a.route: a for a in ALL_ACTIONS if isinstance(a, PushMarker)}
_TURN = {a.route: a for a in ALL_ACTIONS if isinstance(a, TurnChip)}
_DECLINE = DeclineChip()
_END = EndPhase()


def _build_options(
    players: int, options: Mapping[str, Any] | None, specs: Sequence[OptionSpec]
) -> dict[str, Any]:
    """Lobby options resolved; the scoring table (data, not a choice) validated here."""
    options = dict(options or {})
    if "scoring" not in options:
        raise RulesDataError(
            "options.scoring",
            "no scoring table: pass the options through game.boards.prepare_options('routes', ...)",
        )
    table = validate_table(options.pop("scoring"))
    if str(players) not in table["ranks_counted"]:
        raise RulesDataError("ranks_counted", f"no entry for {players} players")
    resolved = resolve_options(specs, options)
    resolved["scoring"] = table
    return resolved


class RouteScores(TypedDict):
    routes: list[list[int]]  # per route 1-8, the points per player
    totals: list[int]  # per player


class Marker(TypedDict):
    player: int
    space: int
    stack: int  # 0 at the bottom of the stack on that space


class RoutesPreview(TypedDict):
    """What :meth:`RoutesState.preview` answers (see there)."""

    markers: list[list[Marker]]
    lid: list[int]
    routes: list[list[int]]
    totals: list[int]
    phase_over: bool
    legal: list[str]


class RoutesState(GameState):
    game_id = GAME_ID

    # -- setting up ----------------------------------------------------------------------
    def __init__(
        self, players: int, seed: int | None, options: dict[str, Any], rng: random.Random | None
    ):
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = rng
        # A state without its dice is a view (or a view loaded from its to_dict): the
        # next phase end would roll, so it is never played on until determinized, and
        # apply refuses it before anything changes (issue #18). Look-ahead and preview
        # copies step with _perform and stop at the phase end (hold_phase_end).
        self.is_view = rng is None
        table = options["scoring"]
        self.scorer = Scorer(table, players)
        chosen = options.get("rounds_per_player", "table")
        per_player = table["rounds_per_player"] if chosen == "table" else chosen
        self.total_rounds = per_player * players  # ER-1: everybody is parent equally often
        self.total_dice = table["dice_per_player"] * players
        self.round = 0
        self.parent = 0
        self.phase_index = 0
        self.current = 0
        self.mandatory_done = False
        self.c_done = False
        self.d_done = False
        self.chip_pending = False
        self.lid = [0] * 8  # dice per face 1-8 on the sorting squares
        self.held = [0] * players  # dice each player picked up this round
        self.pos = [[0] * players for _ in range(ROUTES)]
        self.stamp = [[0] * players for _ in range(ROUTES)]
        self.clock = 0
        self.chips: list[list[list[int]]] = [[] for _ in range(players)]  # [round, face_up]
        self.chip_turned = [False] * players  # ER-13: one chip per round per player
        self.over = False
        # Set on preview and look-ahead copies: the phase end stops there (``over`` then
        # means "this phase is over"), so no die is rolled and no round begins.
        self.hold_phase_end = False
        self.opening_events: tuple[Event, ...] = ()  # the first round's roll, from new()

    @classmethod
    def new(
        cls, players: int, seed: int, options: Mapping[str, Any] | None, specs: Sequence[OptionSpec]
    ) -> RoutesState:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesDataError(
                "players",
                f"Eight Routes is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}",
            )
        state = cls(players, seed, _build_options(players, options, specs), random.Random(seed))
        events: list[Event] = []
        state._start_round(events)
        state.opening_events = tuple(events)
        return state

    # -- the protocol: who acts and what they may do --------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def _ordered(self, actions: Iterable[Action]) -> tuple[Action, ...]:
        # Same order as the base class (sorted, no repeats), without sorting by text.
        return tuple(sorted(set(actions), key=ORDER.__getitem__))

    def _legal(self, player: int) -> list[Action]:
        if self.over or player != self.current:
            return []
        if self.chip_pending:  # ER-13: decide on the route-6 power first
            return [_TURN[r + 1] for r in range(ROUTES) if self.pos[r][player] < GOAL] + [_DECLINE]
        found: list[Action] = []
        lid = self.lid
        if not self.mandatory_done:
            for face in range(1, 9):
                count = lid[face - 1]
                if count:
                    found.append(_TAKE_ALL[face])
                    if count > 1:  # with one die, B is the same move as A: offered once
                        found.append(_TAKE_ONE[face])
        if self._can_change(player):
            for face in range(1, 9):
                if lid[face - 1]:
                    if face < 8:
                        found.append(_CHANGE[face, +1])
                    if face > 1:
                        found.append(_CHANGE[face, -1])
        if self._can_push(player):
            for r in range(ROUTES):
                if r != ROUTE_5 and self.pos[r][player] < GOAL:
                    found.append(_PUSH[r + 1])
        if self.mandatory_done and found:
            found.append(_END)
        return found

    def _can_change(self, player: int) -> bool:
        """ER-12 C: once a phase, a route-3 marker to step back and a die in the lid."""
        return not self.c_done and self.pos[ROUTE_3][player] > 0 and any(self.lid)

    def _can_push(self, player: int) -> bool:
        """ER-12 D: once a phase, a route-5 marker and another marker that can move."""
        if self.d_done or not self.pos[ROUTE_5][player]:
            return False
        return any(self.pos[r][player] < GOAL for r in range(ROUTES) if r != ROUTE_5)

    # -- carrying out ------------------------------------------------------------------------
    def _perform(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, (TakeAll, TakeOne)):
            self._take(player, action, events)
        elif isinstance(action, ChangeDie):
            self._change(player, action, events)
        elif isinstance(action, PushMarker):
            self.d_done = True
            self._move(player, ROUTE_5, -2, "D", events)
            self._move(player, action.route - 1, +1, "D", events)
        elif isinstance(action, TurnChip):
            self._turn_chip(player, action.route - 1, events)
        elif isinstance(action, DeclineChip):
            self.chip_pending = False
            events.append(ChipDeclined(player=player))
        elif isinstance(action, EndPhase):
            self._end_phase(events)
            return events
        self._maybe_end_phase(events)
        return events

    def _take(self, player: int, action: TakeAll | TakeOne, events: list[Event]) -> None:
        face = action.face
        count = self.lid[face - 1] if isinstance(action, TakeAll) else 1
        self.lid[face - 1] -= count
        self.held[player] += count
        self.mandatory_done = True
        events.append(
            DiceTaken(
                face,
                count,
                "A" if isinstance(action, TakeAll) else "B",
                tuple(self.lid),
                player=player,
            )
        )
        # ER-12 A/B: the marker of the route of that face advances by the dice taken.
        self._move(player, face - 1, count, "A" if isinstance(action, TakeAll) else "B", events)
        # ER-13: picking up a 6 offers the round-chip power to a holder of a face-up chip.
        if face == 6 and not self.chip_turned[player] and any(up for _, up in self.chips[player]):
            self.chip_pending = True
            events.append(ChipOffered(player=player))

    def _change(self, player: int, action: ChangeDie, events: list[Event]) -> None:
        self.c_done = True
        self._move(player, ROUTE_3, -1, "C", events)
        new_face = action.face + action.delta
        self.lid[action.face - 1] -= 1
        self.lid[new_face - 1] += 1
        events.append(DieChanged(action.face, new_face, tuple(self.lid), player=player))

    def _turn_chip(self, player: int, r: int, events: list[Event]) -> None:
        self.chip_pending = False
        self.chip_turned[player] = True
        chip = next(c for c in self.chips[player] if c[1])  # the oldest face-up chip
        chip[1] = 0
        events.append(ChipTurned(chip[0], r + 1, player=player))
        self._move(player, r, +1, "chip", events)

    def _move(self, player: int, r: int, delta: int, cause: str, events: list[Event]) -> None:
        """Move ``player``'s marker on route index ``r`` by ``delta`` spaces: from off the
        route it is placed on space ``delta``; it stops on space 20 (ER-20d); stepping back
        past space 1 takes it off the route; arriving, it goes on top (ER-20c)."""
        start = self.pos[r][player]
        end = min(GOAL, start + delta) if delta > 0 else max(0, start + delta)
        if end == start:
            events.append(MarkerBlocked(r + 1, start, cause, player=player))
            return
        from_stack = self._stack_index(r, player) if start else None
        row = self.pos[r]
        row[player] = end
        if end:
            self.clock += 1
            self.stamp[r][player] = self.clock
            stack = sum(1 for q in range(self.players) if q != player and row[q] == end)
        else:
            self.stamp[r][player] = 0
            stack = None
        events.append(MarkerMoved(r + 1, start, end, stack, from_stack, cause, player=player))

    def _stack_index(self, r: int, player: int) -> int:
        """0 = bottom of the stack on that space."""
        row, stamps = self.pos[r], self.stamp[r]
        mine = stamps[player]
        return sum(
            1
            for q in range(self.players)
            if q != player and row[q] == row[player] and stamps[q] < mine
        )

    # -- the flow of a round (ER-10, ER-11) ---------------------------------------------------
    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        self.parent = (self.round - 1) % self.players
        parent = self.parent
        self.held = [0] * self.players
        self.chip_turned = [False] * self.players
        events.append(RoundStarted(self.round, self.total_rounds, player=parent))
        # ER-10: the new parent takes a round chip, face up.
        self.chips[parent].append([self.round, 1])
        events.append(ChipTaken(self.round, player=parent))
        faces = [self._chance().randint(1, 8) for _ in range(self.total_dice)]
        events.append(Rolled(tuple(faces), player=parent))
        self.lid = [faces.count(face) for face in range(1, 9)]
        events.append(DiceSorted(tuple(self.lid), player=parent))
        # ER-10 / ER-34: the parent's personal d6 moves the marker of the route it shows.
        if self.pos[ROUTE_4][parent] >= D6_FROM_SPACE:
            face = self._chance().randint(1, 6)
            events.append(D6Rolled(face, face, player=parent))
            self._move(parent, face - 1, +1, "d6", events)
        self.phase_index = 0
        self._start_phase(events)

    def _start_phase(self, events: list[Event]) -> None:
        # ER-11: clockwise from the player left of the parent; the parent is last.
        self.current = (self.parent + 1 + self.phase_index) % self.players
        self.mandatory_done = self.c_done = self.d_done = self.chip_pending = False
        events.append(PhaseStarted(self.round, self.current == self.parent, player=self.current))
        if not any(self.lid):
            self.mandatory_done = True  # ER-12 B: nothing left to take
            events.append(MandatorySkipped(player=self.current))
        self._maybe_end_phase(events)

    def _maybe_end_phase(self, events: list[Event]) -> None:
        player = self.current
        if (
            self.mandatory_done
            and not self.chip_pending
            and not self._can_change(player)
            and not self._can_push(player)
        ):
            self._end_phase(events)

    def _end_phase(self, events: list[Event]) -> None:
        events.append(PhaseEnded(self.round, player=self.current))
        if self.hold_phase_end:
            self.over = True  # a preview copy stops here; it is never played on
            return
        if self.current != self.parent:
            self.phase_index += 1
            self._start_phase(events)
            return
        events.append(RoundEnded(self.round, sum(self.lid), player=self.parent))
        if self.round >= self.total_rounds:
            self._finish(events)
        else:
            self._start_round(events)

    def _finish(self, events: list[Event]) -> None:
        self.over = True
        breakdown = self.scorer.breakdown(self.pos, self.stamp)
        for r in range(ROUTES):
            order = ranking(self.pos[r], self.stamp[r])
            events.append(
                RouteScored(
                    r + 1,
                    tuple(breakdown[r]),
                    tuple(order),
                    tuple(self.pos[r][p] for p in order),
                )
            )
        totals = [sum(col) for col in zip(*breakdown)]
        events.append(GameOver(tuple(totals), self.winners()))

    # -- scoring (ER-30..ER-39) ------------------------------------------------------------
    def route_scores(self) -> RouteScores:
        """What each route would give each player if the game ended now:
        ``{"routes": [[points per player] for routes 1-8], "totals": [...]}``."""
        breakdown = self.scorer.breakdown(self.pos, self.stamp)
        return {"routes": breakdown, "totals": [sum(col) for col in zip(*breakdown)]}

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.route_scores()["totals"])

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> tuple[int, ...]:
        if not self.is_over():
            return ()
        totals = self.route_scores()["totals"]
        best = max(totals)
        tied = [p for p in range(self.players) if totals[p] == best]
        if len(tied) == 1:
            return tuple(tied)
        # ER-39: the tie goes to the higher marker on route 8 (any space), else shared.
        for p in ranking(self.pos[ROUTE_8], self.stamp[ROUTE_8]):
            if p in tied:
                return (p,)
        return tuple(tied)

    @property
    def round_number(self) -> int:
        return self.round

    def _chance(self) -> random.Random:
        """The dice; a view or preview copy has none and never rolls (see hold_phase_end)."""
        assert self.rng is not None, "a view is not played on: determinize it first"
        return self.rng

    # -- hidden information: only the future dice (the rng and the seed) -------------------
    def view(self, player: int | None) -> RoutesState:
        seen = self.clone()
        seen.rng = None
        seen.seed = None
        seen.is_view = True
        return seen

    def determinize(self, rng: random.Random) -> RoutesState:
        sample = self.clone()
        sample.rng = random.Random(rng.getrandbits(64))
        sample.is_view = False
        return sample

    # -- copies and saves ------------------------------------------------------------------
    def clone(self) -> RoutesState:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        if self.rng is not None:
            copy.rng = random.Random()
            copy.rng.setstate(self.rng.getstate())
        copy.lid = list(self.lid)
        copy.held = list(self.held)
        copy.pos = [list(row) for row in self.pos]
        copy.stamp = [list(row) for row in self.stamp]
        copy.chips = [[list(c) for c in mine] for mine in self.chips]
        copy.chip_turned = list(self.chip_turned)
        return copy

    def to_dict(self) -> JsonDict:
        return {
            "game": GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": {k: v for k, v in self.options.items()},
            "rng": None if self.rng is None else rng_state_to_json(self.rng),
            "round": self.round,
            "parent": self.parent,
            "phase_index": self.phase_index,
            "current": self.current,
            "mandatory_done": self.mandatory_done,
            "c_done": self.c_done,
            "d_done": self.d_done,
            "chip_pending": self.chip_pending,
            "lid": list(self.lid),
            "held": list(self.held),
            "pos": [list(row) for row in self.pos],
            "stamp": [list(row) for row in self.stamp],
            "clock": self.clock,
            "chips": [[list(c) for c in mine] for mine in self.chips],
            "chip_turned": list(self.chip_turned),
            "over": self.over,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoutesState:
        players = data["players"]
        options = _build_options(players, data["options"], OPTIONS)
        rng = None if data.get("rng") is None else rng_from_json(data["rng"])
        state = cls(players, data.get("seed"), options, rng)
        for key in (
            "round",
            "parent",
            "phase_index",
            "current",
            "mandatory_done",
            "c_done",
            "d_done",
            "chip_pending",
            "clock",
            "over",
        ):
            setattr(state, key, data[key])
        state.lid = list(data["lid"])
        state.held = list(data["held"])
        state.pos = [list(row) for row in data["pos"]]
        state.stamp = [list(row) for row in data["stamp"]]
        state.chips = [[list(c) for c in mine] for mine in data["chips"]]
        state.chip_turned = list(data["chip_turned"])
        return state

    @staticmethod
    def parse_action(text: str) -> Action:
        return parse_action(text)

    # -- the UI's preview (pure) -------------------------------------------------------------
    def preview(self, player: int, actions: Sequence[Action | str]) -> RoutesPreview:
        """Where ``player``'s markers (and everybody's) would stand after ``actions`` of
        the phase now being played, and what each route would score then. Pure: this
        state is not touched, no die is rolled. Raises IllegalAction on an illegal step.

        Returns ``{"markers": [[{"player", "space", "stack"}...] for routes 1-8]
        (bottom to top per space), "lid": [...], "routes": [[points per player]...],
        "totals": [...], "phase_over": bool, "legal": [notation of the next actions]}``.
        """
        trial = self.clone()
        trial.touch()  # its moves skip apply, which would forget the legal actions
        trial.rng = None
        trial.hold_phase_end = True
        for step in actions:
            action = parse_action(step) if isinstance(step, str) else step
            if trial.over or player != trial.current or action not in trial._legal(player):
                raise IllegalAction(f"{action} is not legal for player {player} here")
            trial._perform(player, action)
        scored = trial.route_scores()
        return {
            "markers": trial.markers(),
            "lid": list(trial.lid),
            "routes": scored["routes"],
            "totals": scored["totals"],
            "phase_over": trial.over,
            "legal": [] if trial.over else [str(a) for a in trial.legal_actions(player)],
        }

    def markers(self) -> list[list[Marker]]:
        """Per route 1-8, the markers on it ordered by space, bottom to top in a stack."""
        out: list[list[Marker]] = []
        for r in range(ROUTES):
            row, stamps = self.pos[r], self.stamp[r]
            on = sorted(
                (p for p in range(self.players) if row[p]), key=lambda p: (row[p], stamps[p])
            )
            out.append(
                [{"player": p, "space": row[p], "stack": self._stack_index(r, p)} for p in on]
            )
        return out
