"""A game of Cluck-peep! in progress (CP-3 .. CP-13). Standard library only."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, TypedDict

from ..protocol import (
    Action,
    Event,
    GameState,
    JsonDict,
    Player,
    RulesDataError,
    resolve_options,
    rng_from_json,
    rng_state_to_json,
)
from .actions import TURNED, UP, ChooseHole, PlaceTile, parse_action
from .data import OPTIONS
from .events import (
    ChickenMoved,
    ChickenPlaced,
    ChickPlaced,
    CleanedUp,
    CluckEvent,
    GameOver,
    HiddenTileLaid,
    HiddenTileRevealed,
    NestOutcome,
    NestTilePlaced,
    NoChick,
    RoundStarted,
    Rung,
    StartPlayerChosen,
    TileDrawn,
    TileDrawnPrivate,
    TilePlaced,
    TilesShuffled,
)
from .ladder import (
    ChickenTrace,
    LadderRow,
    LaidRow,
    Point,
    hole_point,
    rung_y,
    seat_point,
    trace,
)
from .tiles import COLUMNS, Band, TileSet, tile_set_from_data

GAME_ID = "cluck"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
CHICKS = 20  # CP-1
MAX_ROUNDS = 4  # CP-9 Decision: the sheet's "(that is, after 4 rounds)"
WINNING_CHICKS = 5  # CP-9
HAND_BASIC, HAND_LONG = 2, 3  # CP-4, CP-12: hand size when placing starts
PLACED_BASIC, PLACED_LONG = 1, 2  # tiles each player places per round

CHICKENS, PLACE, OVER = "chickens", "place", "over"


class Row(NamedTuple):
    """A road tile lying in the ladder (row 1 is the first below the start tile)."""

    tile: int
    turned: bool
    player: Player | None  # who placed it; None for the hidden tile (CP-5)
    chick: bool  # a chick stands in its hole


class UnseenBatches(TypedDict):
    """A view's record of the batch (K-10) of each place it sees face down."""

    pile: list[int]  # per pile place, top first
    hands: list[list[int]]  # per player, sorted (empty for the viewer's own hand)
    hidden: int | None  # the hidden tile's, None when there is none


# -- the state --------------------------------------------------------------------------------
class CluckState(GameState):
    game_id = GAME_ID

    players: int
    seed: int | None
    options: dict[str, Any]
    tiles: TileSet
    rng: random.Random | None
    viewer: Player | None  # whose view this is (only meaningful when is_view)
    is_view: bool
    round: int
    start_player: Player
    phase: str
    order: list[Player]  # who acts, in turn, in the current phase
    turn: int  # index into order
    chickens: list[int | None]  # each chicken's hole in the start tile
    start_tile: str
    nest_stack: list[str]  # top first; face up, so public (Decision)
    goal_tile: str | None  # the nest tile at the bottom of a completed ladder
    pile: list[int | None]  # road pile, top first; None where hidden
    batch: dict[int, int]  # road tile -> the pile batch it lies in (K-10); public
    unseen_batches: UnseenBatches | None  # a view's: the batch of each face-down place (K-10)
    hands: list[list[int | None]]
    hidden: tuple[int | None, bool | None] | None  # (tile, turned) lying face down
    ladder: list[Row]
    supply: int
    stands: list[int]
    result: tuple[Player, ...]
    opening_events: list[Event]  # what setup did before the first action, for the UI

    # -- who acts -----------------------------------------------------------------------------
    def to_act(self) -> tuple[Player, ...]:
        if self.phase == OVER:
            return ()
        return (self.order[self.turn],)

    def _legal(self, player: Player) -> Iterable[Action]:
        if self.phase == CHICKENS:
            taken = set(self.chickens)
            return [ChooseHole(c) for c in range(COLUMNS) if c not in taken]
        return [
            PlaceTile(t, turned)
            for t in self.hands[player]
            if t is not None
            for turned in (False, True)
        ]

    def _perform(self, player: Player, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, ChooseHole):
            self._place_chicken(player, action.column, events)
        else:
            assert isinstance(action, PlaceTile), action  # legal, so one of the two kinds
            self._place_tile(player, action, events)
        return events

    # -- setup (CP-3) -------------------------------------------------------------------------
    def _place_chicken(self, player: Player, column: int, events: list[Event]) -> None:
        self.chickens[player] = column
        events.append(ChickenPlaced(column, seat_point(0, column), player=player))
        self.turn += 1
        if self.turn == len(self.order):
            self._begin_round(events)

    # -- a round (CP-4, CP-5, CP-12) ------------------------------------------------------
    def _seats_from(self, first: Player) -> list[Player]:
        return [(first + i) % self.players for i in range(self.players)]

    def placements_per_round(self) -> int:
        """Tiles placed by the players in a round (CP-4; CP-12 long road: two each)."""
        return self.players * (PLACED_LONG if self.options["long_road"] else PLACED_BASIC)

    def _begin_round(self, events: list[Event]) -> None:
        self.phase = PLACE
        seats = self._seats_from(self.start_player)
        events.append(RoundStarted(self.round, self.start_player))
        if self.options["long_road"]:
            # CP-12: everybody draws up to 3 at once, then places one at a time, twice round.
            for p in seats:
                while len(self.hands[p]) < HAND_LONG:
                    self._draw(p, events)
        self.order = seats * (self.placements_per_round() // self.players)
        self.turn = 0
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        if not self.options["long_road"]:
            self._draw(self.order[self.turn], events)  # CP-4 (1): draw, then place

    def _draw(self, player: Player, events: list[Event]) -> None:
        tile = self.pile.pop(0)
        assert tile is not None, "a view's pile holds no tiles to draw"
        hand = self.hands[player]
        hand.append(tile)
        hand.sort()
        events.append(TileDrawn(len(hand), len(self.pile), player=player))
        events.append(
            TileDrawnPrivate(tile, tuple(known_tiles(hand)), player=player, visible_to=(player,))
        )

    def _place_tile(self, player: Player, action: PlaceTile, events: list[Event]) -> None:
        self.hands[player].remove(action.tile)
        band = self.tiles.band(action.tile, action.turned)
        row = len(self.ladder) + 1
        events.append(TilePlaced(*_band_data(action.tile, action.turned, band, row), player=player))
        self._lay(Row(action.tile, action.turned, player, False), band, events)
        self.turn += 1
        if self.turn == len(self.order):
            self._end_round(events)
        else:
            self._begin_turn(events)

    def _lay(self, row: Row, band: Band, events: list[Event]) -> None:
        """A tile joins the bottom of the ladder and a chick goes into its hole (CP-4);
        CP-11 Decision: none when the supply is empty."""
        index = len(self.ladder) + 1
        point = hole_point(index, band)
        if self.supply > 0:
            self.supply -= 1
            row = row._replace(chick=True)
            events.append(ChickPlaced(index, point, self.supply))
        else:
            events.append(NoChick(index, point, "supply_empty"))
        self.ladder.append(row)

    # -- the end of a round (CP-5 .. CP-9) ----------------------------------------------------
    def _end_round(self, events: list[Event]) -> None:
        tile, turned = self.hidden_tile()
        self.hidden = None
        band = self.tiles.band(tile, turned)
        events.append(HiddenTileRevealed(*_band_data(tile, turned, band, len(self.ladder) + 1)))
        self._lay(Row(tile, turned, None, False), band, events)

        self.goal_tile = self.nest_stack.pop(0)
        goal_row = len(self.ladder) + 1
        nests = self.tiles.goal(self.goal_tile).nests
        events.append(
            NestTilePlaced(
                self.goal_tile,
                goal_row,
                tuple(sorted(nests)),
                tuple(seat_point(goal_row, c) for c in range(COLUMNS)),
            )
        )

        seats = self._seats_from(self.start_player)
        rows = self.ladder_rows()
        traces = trace({p: self.chicken(p) for p in seats}, rows)
        held = {}
        for p in seats:  # CP-6 Decision: chickens go one after another from the start player
            t = traces[p]
            events.append(ChickenMoved(*_trace_data(t, self.ladder, rows), player=p))
            for row in t.collected:
                self.ladder[row - 1] = self.ladder[row - 1]._replace(chick=False)
            held[p] = len(t.collected)
        for p in seats:
            self._settle(p, traces[p].end, held[p], nests, events)
            self.chickens[p] = traces[p].end

        if max(self.stands) >= WINNING_CHICKS or self.round == MAX_ROUNDS:
            self._game_over(events)  # the last ladder stays on the table for the eye
            return
        self._clean_up(events)
        self._begin_round(events)

    def _settle(
        self, player: Player, column: int, held: int, nests: frozenset[int], events: list[Event]
    ) -> None:
        """CP-7 (and CP-13): stand the chicks on a nest, or give them back."""
        nest = column in nests
        before = self.stands[player]
        self.stands[player] = stand_after(before, held, nest, self.options["runaway"])
        lost = 0 if nest else before - self.stands[player]
        if not nest:
            self.supply += held + lost
        events.append(
            NestOutcome(
                column=column,
                nest=nest,
                collected=held,
                stood=held if nest else 0,
                returned=0 if nest else held,
                lost=lost,
                stand=self.stands[player],
                supply=self.supply,
                player=player,
            )
        )

    def _clean_up(self, events: list[Event]) -> None:
        """CP-8: road tiles under the pile, the start tile under the nest stack, the goal
        tile (chickens in their holes) to the top, a new hidden tile, the next start player."""
        returned = sum(row.chick for row in self.ladder)
        self.supply += returned
        road = [row.tile for row in self.ladder]
        self.chance().shuffle(road)
        self.pile.extend(road)
        for tile in road:  # K-10: everybody saw these go under, as a batch
            self.batch[tile] = self.round
        old_start = self.start_tile
        self.nest_stack.append(old_start)
        assert self.goal_tile is not None, "_end_round laid the goal tile"
        self.start_tile, self.goal_tile = self.goal_tile, None
        self.ladder = []
        events.append(
            CleanedUp(
                road_tiles=tuple(sorted(road)),
                pile_size=len(self.pile),
                chicks_returned=returned,
                supply=self.supply,
                old_start_tile=old_start,
                start_tile=self.start_tile,
                nest_stack=tuple(self.nest_stack),
                chickens=tuple(self.chickens),
            )
        )
        self._lay_hidden(events)
        self.round += 1
        self.start_player = (self.start_player + 1) % self.players  # the one to the left
        events.append(StartPlayerChosen(self.round, player=self.start_player))

    def _lay_hidden(self, events: list[Event]) -> None:
        """CP-3/CP-8: the top road tile, face down, above the nest stack. Which way up it
        lies is chance, and stays as it is when it is turned face up (CP-5)."""
        tile = self.pile.pop(0)
        self.hidden = (tile, self.chance().random() < 0.5)
        events.append(HiddenTileLaid(len(self.pile), self.nest_stack[0]))

    def _game_over(self, events: list[Event]) -> None:
        """CP-9, CP-10: most chicks wins; ties share; more than 5 count in full."""
        self.phase = OVER
        best = max(self.stands)
        self.result = tuple(p for p in range(self.players) if self.stands[p] == best)
        events.append(GameOver(self.result, tuple(self.stands), self.round))

    # -- what only a full state (not a view) has ----------------------------------------
    def chance(self) -> random.Random:
        """The random generator; a view has none and is not played on (see GameState)."""
        assert self.rng is not None, "a view is not played on: determinize it first"
        return self.rng

    def hidden_tile(self) -> tuple[int, bool]:
        """The face-down tile and its way up, as a full state knows them (CP-5)."""
        tile, turned = self.hidden or (None, None)
        assert tile is not None and turned is not None, "no hidden tile, or a view's"
        return tile, turned

    def chicken(self, player: Player) -> int:
        """The hole of ``player``'s chicken, placed in the setup (CP-3)."""
        column = self.chickens[player]
        assert column is not None, f"player {player}'s chicken is not placed yet"
        return column

    def places(self) -> UnseenBatches:
        """A view's batches of the places it sees face down (K-10)."""
        assert self.unseen_batches is not None, "only a view has unseen batches"
        return self.unseen_batches

    def ladder_rows(self) -> list[LaidRow]:
        """The road tiles laid so far, as the trace takes them (all face up, public)."""
        return [(self.tiles.band(r.tile, r.turned), r.chick) for r in self.ladder]

    # -- what a player may know -------------------------------------------------------------
    def unseen_tiles(self, player: Player | None) -> list[int]:
        """Road tiles ``player`` cannot see: the pile, the hidden tile, others' hands."""
        seen = {r.tile for r in self.ladder}
        if player is not None:
            seen.update(t for t in self.hands[player] if t is not None)
        return [t for t in self.tiles.road_ids if t not in seen]

    def hidden_pool(self, player: Player | None) -> list[int]:
        """The road tiles the hidden tile may be, as ``player`` knows (K-10): those it
        cannot see from the hidden tile's batch."""
        if self.hidden is None:
            return []
        batch = self.places()["hidden"] if self.is_view else self.batch[self.hidden_tile()[0]]
        return [t for t in self.unseen_tiles(player) if self.batch[t] == batch]

    def view(self, player: Player | None) -> CluckState:
        if self.is_view:
            # a client's window holds only its seat's view (issue #18), and its table
            # asks that view for its own seat's view: the same view. Another seat's would
            # need tiles this view does not hold.
            if player != self.viewer:
                raise ValueError(f"a view of {self.viewer} cannot be seen as {player}'s")
            return self.clone()
        v = self.clone()
        v.touch()  # another seat's legal actions depend on what the view hides
        v.rng = None
        v.seed = None  # it would rebuild everything hidden (new_game is seeded)
        v.is_view = True
        v.viewer = player
        batch = self.batch
        v.unseen_batches = {
            "pile": [batch[t] for t in known_tiles(self.pile)],
            "hands": [
                [] if q == player else sorted(batch[t] for t in known_tiles(h))
                for q, h in enumerate(self.hands)
            ],
            "hidden": None if self.hidden is None else batch[self.hidden_tile()[0]],
        }
        v.pile = [None] * len(self.pile)
        v.hands = [
            h.copy() if q == player else _face_down(len(h)) for q, h in enumerate(self.hands)
        ]
        if self.hidden is not None:
            v.hidden = (None, None)
        v.opening_events = [e for e in self.opening_events if e.seen_by(player)]
        return v

    def determinize(self, rng: random.Random) -> CluckState:
        """K-10: each face-down place gets a tile of its own batch that the viewer cannot
        see, the batches shuffled separately; the hidden tile lies either way up."""
        s = self.clone()
        s.touch()  # the sampled tiles may change what may be played
        if self.is_view:
            pools: dict[int, list[int]] = {}
            for t in self.unseen_tiles(self.viewer):
                pools.setdefault(self.batch[t], []).append(t)
            for pool in pools.values():
                rng.shuffle(pool)
            places = self.places()
            s.hands = [
                h.copy() if q == self.viewer else _hand(pools[b].pop() for b in places["hands"][q])
                for q, h in enumerate(self.hands)
            ]
            hidden_batch = places["hidden"]
            if s.hidden is not None:
                assert hidden_batch is not None, "a view records the hidden tile's batch"
                s.hidden = (pools[hidden_batch].pop(), rng.random() < 0.5)
            s.pile = [pools[b].pop() for b in places["pile"]]
            s.is_view = False
            s.viewer = None
            s.unseen_batches = None
        s.rng = random.Random(rng.getrandbits(64))
        return s

    # -- the end -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> tuple[Player, ...]:
        return self.result

    def scores(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.stands)

    @property
    def round_number(self) -> int:
        return self.round

    # -- copies and saves -------------------------------------------------------------------
    def clone(self) -> CluckState:
        c = object.__new__(CluckState)
        c.__dict__.update(self.__dict__)
        c.order = list(self.order)
        c.chickens = list(self.chickens)
        c.nest_stack = list(self.nest_stack)
        c.pile = list(self.pile)
        c.batch = dict(self.batch)
        c.hands = [list(h) for h in self.hands]
        c.ladder = list(self.ladder)
        c.stands = list(self.stands)
        c.opening_events = list(self.opening_events)
        if self.rng is not None:
            c.rng = random.Random()
            c.rng.setstate(self.rng.getstate())
        return c

    def to_dict(self) -> JsonDict:
        return {
            "game": GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "view": {"player": self.viewer} if self.is_view else None,
            "round": self.round,
            "start_player": self.start_player,
            "phase": self.phase,
            "order": list(self.order),
            "turn": self.turn,
            "chickens": list(self.chickens),
            "start_tile": self.start_tile,
            "nest_stack": list(self.nest_stack),
            "goal_tile": self.goal_tile,
            "pile": list(self.pile),
            "batch": [[t, b] for t, b in sorted(self.batch.items())],
            "unseen_batches": copy.deepcopy(self.unseen_batches),
            "hands": [list(h) for h in self.hands],
            "hidden": None
            if self.hidden is None
            else {"tile": self.hidden[0], "turned": self.hidden[1]},
            "ladder": [
                {
                    "tile": r.tile,
                    "orientation": TURNED if r.turned else UP,
                    "player": r.player,
                    "chick": r.chick,
                }
                for r in self.ladder
            ],
            "supply": self.supply,
            "stands": list(self.stands),
            "winners": list(self.result),
            "opening_events": [e.to_dict() for e in self.opening_events],
            "rng": None if self.rng is None else rng_state_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CluckState:
        options = dict(data["options"])
        seed = None if data["seed"] is None else int(data["seed"])
        s = cls._blank(int(data["players"]), seed, options, tile_set_from_data(options["tiles"]))
        view = data["view"]
        s.is_view = view is not None
        s.viewer = view["player"] if view is not None else None
        s.round = data["round"]
        s.start_player = data["start_player"]
        s.phase = data["phase"]
        s.order = list(data["order"])
        s.turn = data["turn"]
        s.chickens = list(data["chickens"])
        s.start_tile = data["start_tile"]
        s.nest_stack = list(data["nest_stack"])
        s.goal_tile = data["goal_tile"]
        s.pile = list(data["pile"])
        s.batch = {t: b for t, b in data.get("batch", [[t, 0] for t in s.tiles.road_ids])}
        s.unseen_batches = data.get("unseen_batches")
        s.hands = [list(h) for h in data["hands"]]
        hidden = data["hidden"]
        s.hidden = None if hidden is None else (hidden["tile"], hidden["turned"])
        s.ladder = [
            Row(r["tile"], r["orientation"] == TURNED, r["player"], r["chick"])
            for r in data["ladder"]
        ]
        s.supply = data["supply"]
        s.stands = list(data["stands"])
        s.result = tuple(data["winners"])
        s.opening_events = [CluckEvent.from_dict(e) for e in data["opening_events"]]
        s.rng = None if data["rng"] is None else rng_from_json(data["rng"])
        return s

    @staticmethod
    def parse_action(text: str) -> Action:
        return parse_action(text)

    @classmethod
    def _blank(
        cls, players: int, seed: int | None, options: dict[str, Any], tiles: TileSet
    ) -> CluckState:
        s = object.__new__(cls)
        s.players, s.seed, s.options, s.tiles = players, seed, options, tiles
        s.rng = None
        s.is_view, s.viewer = False, None
        s.round, s.start_player, s.phase, s.order, s.turn = 1, 0, CHICKENS, [], 0
        s.chickens = [None] * players
        s.start_tile, s.nest_stack, s.goal_tile = tiles.start.id, [], None
        s.pile, s.hands, s.hidden, s.ladder = [], [[] for _ in range(players)], None, []
        s.batch = {t: 0 for t in tiles.road_ids}
        s.unseen_batches = None
        s.supply, s.stands, s.result, s.opening_events = CHICKS, [0] * players, (), []
        return s


def stand_after(stand: int, held: int, nest: bool, runaway: bool) -> int:
    """A chick stand after its chicken ends the round holding ``held`` chicks: on a nest
    they stand (CP-7); elsewhere they go back, and with runaway chicks (CP-13) as many
    earlier ones go too, never below zero."""
    if nest:
        return stand + held
    if runaway:
        return stand - min(held, stand)
    return stand


def known_tiles(places: list[int | None]) -> list[int]:
    """The tiles in a full state's places (a view has None where it sees a back)."""
    tiles = [t for t in places if t is not None]
    assert len(tiles) == len(places), "a view's face-down places hold no tiles to read"
    return tiles


def _hand(tiles: Iterable[int]) -> list[int | None]:
    """Known tiles as a hand keeps them: sorted (typed as a hand, which views may hide)."""
    return list(sorted(tiles))  # noqa: C413 - list() takes the hand's type from the return


def _face_down(count: int) -> list[int | None]:
    """A hand as others see it: its size, no tiles."""
    return [None] * count


# -- event data -------------------------------------------------------------------------------
def _band_data(
    tile: int, turned: bool, band: Band, row: int
) -> tuple[int, str, int, tuple[Rung, ...], int, str, Point]:
    """The fields of ``tile_placed`` and ``hidden_tile_revealed``, in their order."""
    y = rung_y(row)
    return (
        tile,
        TURNED if turned else UP,
        row,
        tuple(((r, y), (r + 1, y)) for r in band.rungs),
        band.hole_column,
        band.hole_side,
        hole_point(row, band),
    )


def _trace_data(
    t: ChickenTrace, ladder: list[Row], rows: list[LaidRow]
) -> tuple[int, int, tuple[Point, ...], tuple[tuple[int, int, Point], ...]]:
    """The fields of ``chicken_moved``, in their order."""
    return (
        t.start,
        t.end,
        t.points,
        tuple(
            (row, ladder[row - 1].tile, hole_point(row, rows[row - 1][0])) for row in t.collected
        ),
    )


# -- starting a game (CP-3) -------------------------------------------------------------------
def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> CluckState:
    """A new game: tiles from ``options["tiles"]`` (game.boards.cluck loads them), the
    lobby's options (OPTIONS) checked, setup done up to the first chicken to place."""
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise RulesDataError(
            "players", f"Cluck-peep! is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}"
        )
    options = dict(options or {})
    if "tiles" not in options:
        raise RulesDataError(
            "options.tiles", "missing: game.boards.cluck.prepare_options loads the tile set"
        )
    tiles = tile_set_from_data(options.pop("tiles"))
    resolved = resolve_options(OPTIONS, options)
    for key in ("long_road", "runaway"):
        if not isinstance(resolved[key], bool):  # resolve_options lets 0/1 pass as False/True
            raise RulesDataError(f"options.{key}", f"must be true or false, not {resolved[key]!r}")
    first = resolved["start_player"]
    if first != "random" and (isinstance(first, bool) or first >= players):
        raise RulesDataError(
            "options.start_player", f"{first!r} is not a seat at a table of {players}"
        )
    resolved["tiles"] = tiles.to_data()
    state = CluckState._blank(players, seed, resolved, tiles)
    state.rng = random.Random(seed)
    _set_up(state)
    return state


def _set_up(s: CluckState) -> None:
    events: list[Event] = []
    first = s.options["start_player"]
    if first == "random":  # CP-3: whoever heard a chicken last; in the app, chance
        s.start_player = s.chance().randrange(s.players)
    else:
        s.start_player = first
    events.append(
        StartPlayerChosen(1, "chance" if first == "random" else "option", player=s.start_player)
    )
    s.nest_stack = list(s.tiles.nest)
    s.chance().shuffle(s.nest_stack)  # Decision: stacked in chance order, face up, public
    s.pile = list(s.tiles.road_ids)
    s.chance().shuffle(s.pile)
    events.append(TilesShuffled(tuple(s.nest_stack), len(s.pile), s.start_tile))
    s._lay_hidden(events)
    seats = s._seats_from(s.start_player)
    for p in seats:  # each takes one face-down road tile as a hand
        s._draw(p, events)
    s.phase, s.order, s.turn = CHICKENS, seats, 0
    s.opening_events = events


# -- the preview the table shows while a tile is held (pure) ----------------------------------
@dataclass(frozen=True)
class ChickenPreview:
    trace: ChickenTrace  # its way down to the goal row
    nest: bool  # whether that hole of the next nest tile has a nest


def preview(
    state: CluckState, player: Player, tile: int | None = None, turned: bool = False
) -> dict[Player, ChickenPreview]:
    """Where each placed chicken would end, and which chicks it would collect, if
    ``player`` placed ``tile`` (from their hand) ``turned`` or not below the ladder now;
    ``tile=None`` shows the ladder as it is. Uses only what ``player`` can see, so a view
    serves: the hidden tile is unknown and passed straight; the next nest tile lies face
    up (Decision), so its nests count. Later placements are not guessed. Pure."""
    if state.phase == OVER:
        raise ValueError("the game is over: nothing to preview")
    if tile is not None and tile not in state.hands[player]:
        raise ValueError(f"tile {tile} is not in player {player}'s hand")
    rows: list[LadderRow] = list(state.ladder_rows())
    if tile is not None:
        rows.append((state.tiles.band(tile, turned), state.supply > 0))
    rows.append(None)
    starts = {p: c for p, c in enumerate(state.chickens) if c is not None}
    nests = state.tiles.goal(state.nest_stack[0]).nests
    return {p: ChickenPreview(t, t.end in nests) for p, t in trace(starts, rows).items()}
