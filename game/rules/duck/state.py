"""The state of a Duck! Duck! Go! race and everything that changes it.

A state machine: ``phase`` (order, place, choose, move, hound, over) and, outside the
simultaneous phases, one ``pending`` decision (pending.py: typed, one class per kind). A decision with a
single legal action is taken at once by the rules (its events still say what happened),
so every action a player sends is a real choice.

The moving piece (a duck or the hound) is ``mv``: its route, the next step, and the
facings allowed at the end. ``_run`` walks it step by step and stops for the decisions
that come up on the way (warp, knocked ducks), then goes on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any, TypeVar, cast

from ..protocol import (
    Action,
    Event,
    GameState,
    JsonDict,
    RulesDataError,
    resolve_options,
    rng_from_json,
    rng_state_to_json,
)
from . import actions as A
from . import decisions as D
from . import events as E
from . import pending as P
from .data import (
    ALL_BUOYS,
    BLUE_TOKENS,
    BUOY,
    BUOY_TOKENS_PER_COLOUR,
    COLOURS,
    DATA_OPTIONS,
    DECK_SIZE,
    OPTIONS,
    PATTERN_NAMES,
    START,
    TOKEN_KINDS,
    TOKENS_PER_KIND,
    TWO_DUCKS_PLAYERS,
    VARIANT_ALIASES,
    Board,
    board_from_data,
    board_problems,
    deck_from_data,
    patterns_from_data,
)
from .data import Route as RouteData
from .hexes import DIRECTIONS
from .hexes import back as turned_back

GAME_ID = "duck"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HOUND = -1  # the real hound as a moving piece
UNKNOWN_CARD = 0  # a card a view may not see
UNKNOWN_TOKEN = "?"  # an action token a view may not see
ALL_SIDES = (0, 1, 2, 3, 4, 5)
STEP_ROUTE = ((0,), (0, 1, -1))  # +1 step: one hex forward, then forward or 60° either way

# An illegal action in the first round's set-up or card choice of a two-duck game is where
# the record of an advanced game for 2-3 players saved before DDG-26 (one duck each, hand 3,
# "card N") stops replaying: the message says so.
PRE_DDG26 = (
    " (an advanced game for 2-3 players saved before rule DDG-26 gave each player "
    "two ducks cannot be replayed: start a new game)"
)


def ducks_per_player(variant: str, players: int) -> int:
    """How many ducks each player races: two in the advanced game with 2-3 players
    (DDG-26), else one. ``variant`` may be an alias ("twoducks")."""
    variant = VARIANT_ALIASES.get(variant, variant)
    return 2 if variant == "advanced" and players in TWO_DUCKS_PLAYERS else 1


class Move:
    """The piece moving now: its route, the next step, and how the move stands."""

    __slots__ = (
        "card",
        "done",
        "facings",
        "hit",
        "idx",
        "piece",
        "source",
        "steps",
        "warp_check",
    )

    def __init__(
        self,
        piece: int,
        steps: tuple[int, ...],
        facings: tuple[int, ...],
        card: int | None,
        source: str,
        idx: int = 0,
        warp_check: bool = False,
        done: bool = False,
        hit: bool = False,
    ):
        self.piece, self.steps, self.facings = piece, steps, facings
        self.card, self.source = card, source
        self.idx, self.warp_check, self.done = idx, warp_check, done
        self.hit = hit  # the duck ran into the hound: its turn is over

    def copy(self) -> Move:
        return Move(
            self.piece,
            self.steps,
            self.facings,
            self.card,
            self.source,
            self.idx,
            self.warp_check,
            self.done,
            self.hit,
        )

    def to_list(self) -> list[Any]:  # JSON: mixed ints, lists, text and flags
        return [
            self.piece,
            list(self.steps),
            list(self.facings),
            self.card,
            self.source,
            self.idx,
            self.warp_check,
            self.done,
            self.hit,
        ]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> Move:
        piece, steps, facings, card, source, idx, warp_check, done, hit = data
        return cls(piece, tuple(steps), tuple(facings), card, source, idx, warp_check, done, hit)


def _pop_count(mask: int) -> int:
    return (mask).bit_count()


class DuckState(GameState):
    game_id = GAME_ID

    players: int
    seed: int | None
    options: dict[str, Any]
    variant: str  # "beginner" or "advanced" (aliases resolved)
    official: bool  # DDG-27: turn instead of moving
    per_player: int  # ducks each player races (DDG-26)
    ducks: int
    advanced: bool
    board: Board
    cards: tuple[tuple[RouteData, ...], ...]  # cards[n]: card n's routes
    patterns: tuple[RouteData, ...]  # the hound board, A-D
    hand_size: int
    viewer: int | None  # whose view (-1: a spectator's); None: full state
    rng: random.Random | None  # None on a view
    phase: str  # order, place, choose, move, hound, over
    round: int
    order: tuple[int, ...]  # players (placing) or ducks (moving), in turn
    turn: int
    pending: P.Pending | None
    mv: Move | None
    hound_queue: str  # hound patterns still to walk
    deck: list[int]  # UNKNOWN_CARD on a view
    discard: list[int]
    table: list[int]
    hands: list[tuple[int, ...]]  # sorted; UNKNOWN_CARD where a view may not see
    secret: list[tuple[int, ...]]  # chosen, not yet revealed
    played: list[tuple[int, ...]]  # revealed this round, per player
    pos: list[int]  # per duck, its hex (-1: off the board)
    head: list[int]  # per duck, its facing 0-5
    buoys: list[int]  # per duck, a bit per buoy colour touched
    ghost: list[bool]
    become: list[bool]
    supply: list[int]  # buoy tokens left per colour
    hound_pos: int  # -1: off the board
    hound_head: int
    controller: int  # who moves the hound this round (-1: nobody yet)
    blue: list[int]  # blue tokens per player
    boxed_blue: int
    pool: list[str]  # action tokens face down (UNKNOWN_TOKEN on a view)
    tokens: list[tuple[str, ...]]  # per player, sorted
    used: list[str]
    knocks: list[int]  # knocked ducks still to be sent to a start
    knocker: int
    discarding: list[int]  # players to discard after a blue token
    winner: int | None
    win_duck: int | None
    _legal_memo: dict[int, tuple[Action, ...]] | None
    _events: list[Event]
    opening_events: list[Event]

    # Per-game mutable lists, copied by clone() and view().
    _LISTS = (
        "deck",
        "discard",
        "table",
        "hands",
        "secret",
        "played",
        "pos",
        "head",
        "buoys",
        "ghost",
        "become",
        "blue",
        "tokens",
        "pool",
        "used",
        "supply",
        "knocks",
        "discarding",
    )

    # -- creation ----------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any] | None = None) -> DuckState:
        self = cls._blank(players, seed, options)
        self.rng = random.Random(seed)
        self.deck = list(range(1, DECK_SIZE + 1))
        self.rng.shuffle(self.deck)
        n = players
        self.discard, self.table = [], []
        self.hands = [()] * n
        self.secret = [()] * n
        self.played = [()] * n
        ducks = self.ducks
        self.pos, self.head = [-1] * ducks, [0] * ducks
        self.buoys, self.ghost, self.become = [0] * ducks, [False] * ducks, [False] * ducks
        self.supply = [BUOY_TOKENS_PER_COLOUR] * len(COLOURS)
        self.hound_pos, self.hound_head, self.controller = -1, 0, -1
        if self.advanced:
            self.blue = [1] * n
            self.boxed_blue = BLUE_TOKENS - n
            self.pool = [kind for kind in TOKEN_KINDS for _ in range(TOKENS_PER_KIND)]
            self.rng.shuffle(self.pool)
        else:
            self.blue, self.boxed_blue, self.pool = [0] * n, 0, []
        self.tokens = [()] * n
        self.used = []
        self.knocks, self.knocker, self.discarding = [], -1, []
        self.round, self.order, self.turn = 1, (), 0
        self.pending, self.mv, self.hound_queue = None, None, ""
        self.winner, self.win_duck = None, None
        events: list[Event] = []
        self._events = events
        self._emit(
            E.SetUp(
                self.variant,
                self.official,
                self.board.name,
                n,
                ducks,
                tuple(self.owner(d) for d in range(ducks)),
            )
        )
        # DDG-10 3 (+1 shown), DDG-20 4 (one is the order card), DDG-26 5 (the same)
        deal = 3 if not self.advanced else self.hand_size + 1
        for p in range(n):
            self._draw(p, deal, "deal")
        if self.variant == "beginner":
            # DDG-10: a 4th card each, shown; the highest places first, then clockwise.
            shown = []
            for p in range(n):
                card = self._take_top()
                self.table.append(card)
                shown.append(card)
            self.played = [(c,) for c in shown]
            first = max(range(n), key=lambda p: shown[p])
            self.order = tuple((first + k) % n for k in range(n))
            self._emit(E.OrderCardsShown(tuple(shown), self.order))
            self._begin_placing()
        else:
            self.phase = "order"
        self._settle()
        self.opening_events = events
        return self

    @classmethod
    def _blank(cls, players: int, seed: int | None, options: Mapping[str, Any] | None) -> DuckState:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesDataError(
                "players",
                f"Duck! Duck! Go! is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}",
            )
        options = dict(options or {})
        data = {key: options.pop(key, None) for key in DATA_OPTIONS}
        alias = options.get("variant")
        if isinstance(alias, str) and alias in VARIANT_ALIASES:
            if players not in TWO_DUCKS_PLAYERS:
                raise RulesDataError(
                    "options.variant", f"{alias!r} (two ducks each) is for 2-3 players"
                )
            options["variant"] = VARIANT_ALIASES[alias]
        plain = resolve_options(OPTIONS[:2], options)
        self = cls.__new__(cls)
        self.players, self.seed = players, seed
        self.variant, self.official = plain["variant"], plain["official"]
        self.per_player = ducks_per_player(self.variant, players)
        self.ducks = players * self.per_player
        self.advanced = self.variant != "beginner"
        for key in DATA_OPTIONS:
            if not isinstance(data[key], Mapping):
                raise RulesDataError(
                    f"options.{key}",
                    "needs the loaded data (game.boards.duck.prepare_options "
                    "turns a board name into it)",
                )
        self.board = _compiled(board_from_data, data["board"], "options.board")
        self.cards = _compiled(deck_from_data, data["deck"], "options.deck")
        self.patterns = _compiled(patterns_from_data, data["hound"], "options.hound")
        problems = board_problems(self.board, self.ducks)
        if problems:
            place, problem = problems[0]
            raise RulesDataError(f"options.board.{place}", problem)
        self.options = {
            **plain,
            "board": data["board"],
            "deck": data["deck"],
            "hound": data["hound"],
        }
        self.hand_size = 4 if self.per_player == 2 else 3  # DDG-26: hand of 4
        self.viewer, self.is_view = None, False
        self._legal_memo = None
        self._events = []
        self.opening_events = []
        return self

    # -- what the state machine promises at a step (asserted, so types follow) ---------------
    def pending_now(self) -> P.Pending:
        """The pending decision (there is one outside the order and choose phases)."""
        assert self.pending is not None, f"no decision is pending in phase {self.phase}"
        return self.pending

    def decision(self, player: int) -> D.DuckDecision | None:
        """What ``player`` must decide now, typed (decisions.py); None: nothing."""
        if self.phase == "over" or player not in self.to_act():
            return None
        if player in self.discarding or isinstance(self.pending, P.Discard):
            return D.DiscardCards(player)
        if self.phase in ("order", "choose"):
            return D.ChooseCards(player, "order" if self.phase == "order" else "move")
        match self.pending_now():
            case P.Extra(piece=duck, top=top):
                why = "buoy" if self.board.kind[self.pos[duck]] == BUOY else "ghost"
                return D.MoveAgain(player, duck, why, top or None)
            case P.Face(piece=piece, sides=sides, why=why):
                return D.FacePiece(player, piece, sides, why)
            case P.HoundFace():
                return D.FaceHound(player)
            case P.HoundMove():
                return D.MoveHound(player)
            case P.HoundPattern():
                return D.HoundPattern(player)
            case P.Place(piece=piece):
                return D.PlaceDuck(player, piece)
            case P.Pre(piece=piece):
                return D.PlayTurn(player, piece, self._card_of(piece))
            case P.Post(piece=piece):
                return D.AfterMove(player, piece)
            case P.Warp(piece=piece):
                return D.WarpOrStay(player, piece)
            case P.Send(piece=piece):
                return D.SendKnocked(player, piece)
        raise AssertionError(f"no decision for {self.pending}")

    def decision_piece(self) -> int:
        """The duck (or HOUND) the pending decision is about: place, pre, post, extra,
        warp, send or face."""
        pending = self.pending_now()
        assert isinstance(pending, P.OfPiece), f"the decision {pending} is not about a piece"
        return pending.piece

    def moving(self) -> Move:
        """The piece moving now (only while a move is under way)."""
        assert self.mv is not None, "no piece is moving"
        return self.mv

    def _chance(self) -> random.Random:
        """The deck's and the pool's shuffles; a view has none (and apply refuses it)."""
        assert self.rng is not None, "a view is not played on: determinize it first"
        return self.rng

    # -- small helpers -------------------------------------------------------------------------
    def owner(self, duck: int) -> int:
        return duck // self.per_player

    def ducks_of(self, player: int) -> range:
        return range(player * self.per_player, (player + 1) * self.per_player)

    def coord(self, h: int) -> list[int] | None:
        return list(self.board.coords[h]) if h >= 0 else None

    def at(self, h: int) -> tuple[int, int]:
        """The (q, r) of hex ``h`` on the board (a piece's hex, in an event)."""
        assert h >= 0, "the piece is off the board"
        q, r = self.board.coords[h]
        return (q, r)

    def _emit(self, event: E.DuckEvent) -> None:
        self._events.append(event)

    def _take_top(self) -> int:
        """The top card of the deck, shuffling the discards into a new deck first if it
        is empty (DDG-17)."""
        if not self.deck:
            self.deck = self.discard
            self.discard = []
            self._chance().shuffle(self.deck)
            self._emit(E.Reshuffled(len(self.deck)))
        return self.deck.pop()

    def _draw(self, player: int, count: int, reason: str) -> None:
        drawn = [self._take_top() for _ in range(count) if self.deck or self.discard]
        if not drawn:
            return
        self.hands[player] = tuple(sorted(self.hands[player] + tuple(drawn)))
        self._emit(E.CardsDrawn(len(drawn), reason, len(self.deck), player=player))
        self._emit(E.CardsDrawnPrivate(tuple(drawn), player=player, visible_to=(player,)))

    def _play_from_hand(self, player: int, card: int) -> None:
        hand = list(self.hands[player])
        hand.remove(card)
        self.hands[player] = tuple(hand)
        self.table.append(card)

    def _discard_from_table(self, player: int, card: int, reason: str) -> None:
        self.table.remove(card)
        self.discard.append(card)
        self._emit(E.CardsDiscarded((card,), reason, player=player))

    def duck_at(self, h: int, exclude: int = -2) -> list[int]:
        return [d for d, p in enumerate(self.pos) if p == h and d != exclude]

    def _empty_starts(self, exclude: int = -2) -> list[int]:
        """Start spaces with no duck (``exclude`` aside) and no hound. DDG-24 Decision: if
        there is none, the hound's start counts too (a duck put there knocks it off)."""
        taken = {p for d, p in enumerate(self.pos) if d != exclude}
        free = [s for s in self.board.starts if s not in taken]
        if exclude == HOUND:
            return free
        clear = [s for s in free if s != self.hound_pos]
        return clear or free

    # -- who acts --------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "over":
            return ()
        if phase in ("order", "choose"):
            return tuple(
                p for p in range(self.players) if not self.secret[p] or p in self.discarding
            )
        return (self.pending_now().actor,)

    def _refusal_note(self) -> str:
        """PRE_DDG26 where an old one-duck record of this game would stop replaying:
        a two-duck game before its first reveal."""
        if self.per_player == 2 and self.round == 1 and self.phase in ("order", "place", "choose"):
            return PRE_DDG26
        return ""

    def _ordered(self, actions: Iterable[Action]) -> tuple[Action, ...]:
        return tuple(sorted(set(cast("Iterable[A.DuckAction]", actions)), key=A.sort_key))

    def _legal(self, player: int) -> list[A.DuckAction]:
        phase = self.phase
        if player in self.discarding:
            return self._discards(player)
        if phase == "order":
            return [A.order_action(c) for c in self.hands[player]]
        if phase == "choose":
            out = self._any_time_tokens(player)
            hand = self.hands[player]
            if self.per_player == 1:
                out.extend(A.card_action(c) for c in hand)
            else:
                out.extend(A.cards_action(a, b) for a in hand for b in hand if a != b)
            return out
        pending = self.pending_now()
        return _LEGAL[type(pending)](self, player, pending)

    def _discards(self, player: int) -> list[A.DuckAction]:
        return [A.discard_action(combo) for combo in combinations(self.hands[player], 3)]

    def _any_time_tokens(self, player: int) -> list[A.DuckAction]:
        out: list[A.DuckAction] = []
        if self.blue[player]:
            out.append(A.BLUE)
        held = self.tokens[player]
        if "ghost" in held or "become" in held:
            for d in self.ducks_of(player):
                if not self.ghost[d] and not self.become[d]:
                    if "ghost" in held:
                        out.append(A.ghost_action(d))
                    if "become" in held:
                        out.append(A.become_action(d))
        return out

    def _legal_place(self, player: int, pending: P.Place) -> list[A.DuckAction]:
        board = self.board
        out: list[A.DuckAction] = []
        for s in self._empty_starts():
            q, r = board.coords[s]
            for side in ALL_SIDES:
                if board.nbr[s * 6 + side] >= 0:
                    out.append(A.place_action(q, r, side))
        return out

    def _legal_pre(self, player: int, pending: P.Pre) -> list[A.DuckAction]:
        duck = pending.piece
        card = self.played[player][duck - player * self.per_player]
        out: list[A.DuckAction] = [A.route_action(card, i) for i in range(len(self.cards[card]))]
        if self.official:
            out.append(A.TURN)
        if self.advanced:
            out.extend(self._any_time_tokens(player))
            held = self.tokens[player]
            if "rotate" in held:
                out.extend(A.rotate_action(f) for f in ALL_SIDES if f != self.head[duck])
            if "swap" in held and self.hound_pos >= 0 and self.hound_pos != self.board.drain:
                out.append(A.SWAP)
            if "step" in held:
                out.append(A.STEP)
        return out

    def _legal_post(self, player: int, pending: P.Post) -> list[A.DuckAction]:
        out: list[A.DuckAction] = [A.DONE]
        out.extend(self._any_time_tokens(player))
        held = self.tokens[player]
        if "keep" in held:
            out.extend(
                A.keep_action(c, i) for c in self.hands[player] for i in range(len(self.cards[c]))
            )
        if "step" in held:
            out.append(A.STEP)
        return out

    def _legal_extra(self, player: int, pending: P.Extra) -> list[A.DuckAction]:
        cards = (pending.top,) if pending.top else self.hands[player]
        return [A.route_action(c, i) for c in cards for i in range(len(self.cards[c]))]

    def _legal_warp(self, player: int, pending: P.Warp) -> list[A.DuckAction]:
        out: list[A.DuckAction] = [A.STAY]
        coords = self.board.coords
        for s in self._empty_starts(pending.piece):
            q, r = coords[s]
            out.extend(A.warp_action(q, r, f) for f in ALL_SIDES)
        return out

    def _legal_face(self, player: int, pending: P.Face) -> list[A.DuckAction]:
        return [A.face_action(f) for f in pending.sides]

    def _legal_send(self, player: int, pending: P.Send) -> list[A.DuckAction]:
        coords = self.board.coords
        return [A.send_action(*coords[s]) for s in self._empty_starts(pending.piece)]

    def _legal_houndface(self, player: int, pending: P.HoundFace) -> list[A.DuckAction]:
        return [A.hound_face_action(f) for f in ALL_SIDES]

    def _legal_houndmove(self, player: int, pending: P.HoundMove) -> list[A.DuckAction]:
        out: list[A.DuckAction] = [
            A.hound_card_action(c, i) for c in self.hands[player] for i in range(len(self.cards[c]))
        ]
        out.extend(A.patterns_action(a + b) for a in PATTERN_NAMES for b in PATTERN_NAMES)
        return out

    def _legal_houndpattern(self, player: int, pending: P.HoundPattern) -> list[A.DuckAction]:
        return [A.patterns_action(a) for a in PATTERN_NAMES]

    def _legal_discard(self, player: int, pending: P.Discard) -> list[A.DuckAction]:
        return self._discards(player)

    # -- performing --------------------------------------------------------------------------------
    def _perform(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self._events = events
        self._dispatch(player, action)
        self._settle()
        return events

    def _settle(self) -> None:
        """Take every decision that has a single legal action (no choice, no action)."""
        while self.phase not in ("over", "order", "choose") and not self.discarding:
            actor = self.pending_now().actor
            legal = self._ordered(self._legal(actor))
            if len(legal) != 1:
                self._legal_memo = {actor: legal}
                return
            self._legal_memo = None
            self._dispatch(actor, legal[0])

    def _dispatch(self, player: int, action: Action) -> None:
        _DO[type(action)](self, player, action)

    # setup ------------------------------------------------------------------------------------
    def _do_OrderCard(self, player: int, action: A.OrderCard) -> None:
        self._play_secret(player, (action.card,), "order")
        if not any(not s for s in self.secret):
            shown = [s[0] for s in self.secret]
            self.played = [(c,) for c in shown]
            self.table.extend(shown)
            self.secret = [()] * self.players
            by_card = sorted(range(self.players), key=lambda p: -shown[p])
            self.order = tuple(by_card) * self.per_player  # DDG-26: round twice
            self._emit(E.OrderCardsShown(tuple(shown), tuple(by_card)))
            self._begin_placing()

    def _play_secret(self, player: int, cards: tuple[int, ...], why: str) -> None:
        hand = list(self.hands[player])
        for c in cards:
            hand.remove(c)
        self.hands[player] = tuple(hand)
        self.secret[player] = tuple(cards)
        self._emit(E.CardsChosen(len(cards), why, player=player))
        self._emit(E.CardsChosenPrivate(tuple(cards), why, player=player, visible_to=(player,)))

    def _begin_placing(self) -> None:
        self.phase = "place"
        self.turn = 0
        self._next_placement()

    def _next_placement(self) -> None:
        if self.turn >= len(self.order):
            for p in range(self.players):
                for c in self.played[p]:
                    self._discard_from_table(p, c, "order")
            self.played = [()] * self.players
            self._begin_round()
            return
        p = self.order[self.turn]
        duck = p * self.per_player + sum(1 for q in self.order[: self.turn] if q == p)
        self.pending = P.Place(p, duck)

    def _do_Place(self, player: int, action: A.Place) -> None:
        duck = self.decision_piece()
        h = self.board.index[(action.q, action.r)]
        self.pos[duck], self.head[duck] = h, action.facing
        self._emit(E.DuckPlaced(duck, (action.q, action.r), action.facing, player=player))
        self.turn += 1
        self._next_placement()

    # the round --------------------------------------------------------------------------------
    def _begin_round(self) -> None:
        self.phase = "choose"
        self.pending = None
        self.secret = [()] * self.players
        self.played = [()] * self.players
        self._emit(E.RoundBegan(self.round))

    def _do_ChooseCard(self, player: int, action: A.ChooseCard) -> None:
        self._choose(player, (action.card,))

    def _do_ChooseCards(self, player: int, action: A.ChooseCards) -> None:
        self._choose(player, (action.first, action.second))

    def _choose(self, player: int, cards: tuple[int, ...]) -> None:
        self._play_secret(player, cards, "move")
        if any(not s for s in self.secret):
            return
        # DDG-11: all reveal at once; ducks move in increasing card number.
        self.played = list(self.secret)
        self.secret = [()] * self.players
        card_of = {}
        for p in range(self.players):
            for duck, card in zip(self.ducks_of(p), self.played[p]):
                card_of[duck] = card
                self.table.append(card)
        self.order = tuple(sorted(card_of, key=card_of.__getitem__))
        self._emit(
            E.CardsRevealed(
                tuple(
                    {"duck": d, "player": self.owner(d), "card": card_of[d]}
                    for d in range(self.ducks)
                ),
                self.order,
            )
        )
        self.phase = "move"
        self.turn = 0
        self._begin_turn()

    def _card_of(self, duck: int) -> int:
        p = self.owner(duck)
        return self.played[p][duck - p * self.per_player]

    def _begin_turn(self) -> None:
        duck = self.order[self.turn]
        p = self.owner(duck)
        self._emit(E.TurnBegan(duck, self._card_of(duck), player=p))
        self.pending = P.Pre(p, duck)

    def _end_turn(self) -> None:
        self.mv = None
        self.turn += 1
        if self.turn < len(self.order):
            self._begin_turn()
        elif self.advanced:
            self._begin_hound()
        else:
            self._end_round()

    def _end_round(self) -> None:
        for d in range(self.ducks):
            self.ghost[d] = self.become[d] = False
        for p in range(self.players):
            missing = self.hand_size - len(self.hands[p])
            if missing > 0:
                self._draw(p, missing, "refill")
        self.round += 1
        self._begin_round()

    # a duck's turn ----------------------------------------------------------------------------
    def _do_Route(self, player: int, action: A.Route) -> None:
        pending = self.pending_now()
        route = self.cards[action.card][action.index]
        duck = self.decision_piece()
        if isinstance(pending, P.Pre):
            source = "card"
        elif isinstance(pending, P.Extra) and pending.top:  # a route is chosen pre or extra only
            source = "deck"
        else:
            source = "extra"
            self._play_from_hand(player, action.card)
        self._start_move(duck, route, action.card, action.index, source)

    def _do_Turn(self, player: int, action: A.Turn) -> None:
        self.pending = P.Face(player, self.decision_piece(), ALL_SIDES, "turn")

    def _do_Done(self, player: int, action: A.Done) -> None:
        self._end_turn()

    def _use_token(self, used: E.TokenUsed) -> None:
        player, kind = used.player, used.token
        assert player is not None, "a token is used by a player"
        if kind == "blue":
            self.blue[player] -= 1
        else:
            held = list(self.tokens[player])
            held.remove(kind)
            self.tokens[player] = tuple(held)
        self.used.append(kind)
        self._emit(used)

    def _do_Blue(self, player: int, action: A.Blue) -> None:
        self._use_token(E.TokenUsed("blue", player=player))
        self._draw(player, 3, "blue")
        if self.phase in ("order", "choose"):
            self.discarding.append(player)
        else:
            self.pending = P.Discard(player, self.pending_now())

    def _do_Discard(self, player: int, action: A.Discard) -> None:
        for c in action.cards:
            hand = list(self.hands[player])
            hand.remove(c)
            self.hands[player] = tuple(hand)
            self.discard.append(c)
        self._emit(E.CardsDiscarded(tuple(action.cards), "blue", player=player))
        if player in self.discarding:
            self.discarding.remove(player)
        else:
            pending = self.pending_now()
            assert isinstance(pending, P.Discard), pending
            self.pending = pending.back  # back to the decision the blue token interrupted

    def _do_Ghost(self, player: int, action: A.Ghost) -> None:
        self._use_token(E.TokenUsed("ghost", duck=action.duck, player=player))
        self.ghost[action.duck] = True

    def _do_Become(self, player: int, action: A.Become) -> None:
        self._use_token(E.TokenUsed("become", duck=action.duck, player=player))
        self.become[action.duck] = True

    def _do_Rotate(self, player: int, action: A.Rotate) -> None:
        duck = self.decision_piece()
        self._use_token(E.TokenUsed("rotate", duck=duck, heading=action.facing, player=player))
        self.head[duck] = action.facing

    def _do_Swap(self, player: int, action: A.Swap) -> None:
        duck = self.decision_piece()
        h, f = self.pos[duck], self.head[duck]
        self.pos[duck], self.head[duck] = self.hound_pos, self.hound_head
        self.hound_pos, self.hound_head = h, f
        self._use_token(
            E.TokenUsed(
                "swap",
                duck=duck,
                hex=self.at(self.pos[duck]),
                heading=self.head[duck],
                hound_hex=self.at(h),
                hound_heading=f,
                player=player,
            )
        )

    def _do_Step(self, player: int, action: A.Step) -> None:
        duck = self.decision_piece()
        self._use_token(E.TokenUsed("step", duck=duck, player=player))
        source = "step-pre" if isinstance(self.pending_now(), P.Pre) else "step-post"
        self._start_move(duck, STEP_ROUTE, None, 0, source)

    def _do_Keep(self, player: int, action: A.Keep) -> None:
        duck = self.decision_piece()
        self._use_token(E.TokenUsed("keep", duck=duck, card=action.card, player=player))
        self._play_from_hand(player, action.card)
        self._start_move(
            duck, self.cards[action.card][action.index], action.card, action.index, "keep"
        )

    # movement ---------------------------------------------------------------------------------
    def _start_move(
        self, piece: int, route: RouteData, card: int | None, index: int, source: str
    ) -> None:
        steps, facings = route
        self.mv = Move(piece, steps, facings, card, source)
        if piece == HOUND:
            self._emit(
                E.HoundMoveBegan(
                    card,
                    index,
                    source,
                    self.at(self.hound_pos),
                    self.hound_head,
                    player=self.controller,
                )
            )
        else:
            self._emit(
                E.MoveBegan(
                    piece,
                    card,
                    index,
                    source,
                    self.at(self.pos[piece]),
                    self.head[piece],
                    player=self.owner(piece),
                )
            )
        self._run()

    def _run(self) -> None:
        mv = self.moving()
        board = self.board
        nbr, kind = board.nbr, board.kind
        piece = mv.piece
        while True:
            if self.knocks:
                self.pending = P.Send(self.knocker, self.knocks[0])
                return
            if mv.warp_check:
                mv.warp_check = False
                if self._empty_starts(piece):
                    actor = self.controller if piece == HOUND else self.owner(piece)
                    self.pending = P.Warp(actor, piece)
                    return
            if mv.done:
                self._after_move()
                return
            if mv.idx >= len(mv.steps):
                self._route_end()
                return
            delta = mv.steps[mv.idx]
            mv.idx += 1
            if piece == HOUND:
                heading = self.hound_head = (self.hound_head + delta) % 6
                here = self.hound_pos
                target = nbr[here * 6 + heading]
                entered = self._hound_enters(here, target, heading)
            else:
                heading = self.head[piece] = (self.head[piece] + delta) % 6
                here = self.pos[piece]
                target = nbr[here * 6 + heading]
                entered = self._duck_enters(piece, here, target, heading)
            if self.phase == "over":
                return
            if entered and kind[target] == START:
                mv.warp_check = True

    def _bonk(self, piece: int, here: int, heading: int, reason: str) -> None:
        """DDG-13: stay, turn 180° from the blocked step's direction; the move ends."""
        back = turned_back(heading)
        dq, dr = DIRECTIONS[heading]
        q, r = self.at(here)
        blocked = (q + dq, r + dr)
        if piece == HOUND:
            self.hound_head = back
            self.hound_queue = ""
            self._emit(E.HoundBonk((q, r), blocked, back, reason, player=self.controller))
        else:
            self.head[piece] = back
            self._emit(E.Bonk(piece, (q, r), blocked, back, reason, player=self.owner(piece)))
        self.moving().done = True

    def _duck_enters(self, duck: int, here: int, target: int, heading: int) -> bool:
        """One step of a duck; False when the move stopped or paused before entering."""
        board = self.board
        if target < 0:
            self._bonk(duck, here, heading, "edge")
            return False
        if target == board.drain:
            if self.buoys[duck] != ALL_BUOYS:
                self._bonk(duck, here, heading, "drain")
                return False
            self.pos[duck] = target
            self._emit(E.Stepped(duck, self.at(target), heading, player=self.owner(duck)))
            self._win(duck)
            return False
        ghost, become = self.ghost[duck], self.become[duck]
        if target == self.hound_pos and not ghost:
            if become:
                self._hound_off(duck)
            else:
                # DDG-24: a duck that moves into the hound stops and is knocked; sheet A:
                # "あなたの手番は終了します" (its turn is over).
                self._emit(
                    E.Knocked(
                        duck, "hound", self.at(here), into=self.at(target), player=self.owner(duck)
                    )
                )
                self._knock(duck, self.controller)
                self.moving().done = self.moving().hit = True
                return False
        others = [] if ghost else [d for d in self.duck_at(target, duck) if not self.ghost[d]]
        if others and not become:
            self._bonk(duck, here, heading, "duck")
            return False
        self.pos[duck] = target
        p = self.owner(duck)
        self._emit(E.Stepped(duck, self.at(target), heading, player=p))
        for other in others:
            # DDG-25 become the hound: it sends every duck it hits to a start space.
            self._emit(E.Knocked(other, "duck", self.at(target), knocker=duck, player=p))
            self._knock(other, p)
        if board.kind[target] == BUOY:
            self._touch_buoy(duck, target)
        return True

    def _hound_enters(self, here: int, target: int, heading: int) -> bool:
        board = self.board
        if target < 0:
            self._bonk(HOUND, here, heading, "edge")
            return False
        self.hound_pos = target
        self._emit(E.HoundStepped(self.at(target), heading, player=self.controller))
        if target == board.drain:
            # DDG-23: the drain takes the hound off the board; back next round.
            self.hound_pos = -1
            self.hound_queue = ""
            self._emit(E.HoundDrained(self.at(target), player=self.controller))
            self.moving().done = True
            return False
        ducks = self.duck_at(target)
        hounds = [d for d in ducks if self.become[d]]
        if hounds:
            self._hound_off(hounds[0])
            return False
        for d in ducks:
            if not self.ghost[d]:
                self._emit(E.Knocked(d, "hound", self.at(target), player=self.controller))
                self._knock(d, self.controller)
        return True

    def _hound_off(self, duck: int) -> None:
        """DDG-25: the real hound meets a duck that is the hound: off the board."""
        self._emit(
            E.HoundKnockedOff(
                duck, self.at(self.hound_pos), player=self.owner(duck) if duck >= 0 else None
            )
        )
        self.hound_pos = -1
        if self.mv is not None and self.mv.piece == HOUND:
            self.hound_queue = ""
            self.mv.done = True

    def _knock(self, duck: int, knocker: int) -> None:
        self.pos[duck] = -1
        self.knocks.append(duck)
        self.knocker = knocker

    def _touch_buoy(self, duck: int, h: int) -> None:
        """DDG-14/25: the first touch of a colour takes its token (and an action token)."""
        colour = self.board.colour[h]
        bit = 1 << colour
        new = not self.buoys[duck] & bit
        p = self.owner(duck)
        if new:
            self.buoys[duck] |= bit
            self.supply[colour] -= 1
        self._emit(
            E.BuoyTouched(
                duck, COLOURS[colour], self.at(h), new, _pop_count(self.buoys[duck]), player=p
            )
        )
        if new and self.advanced and self.pool:
            token = self.pool.pop()
            self.tokens[p] = tuple(sorted(self.tokens[p] + (token,)))
            self._emit(E.TokenDrawn(duck, len(self.pool), player=p))
            self._emit(E.TokenDrawnPrivate(token, player=p, visible_to=(p,)))

    def _win(self, duck: int) -> None:
        p = self.owner(duck)
        self.winner, self.win_duck = p, duck
        self.phase = "over"
        self.pending = None
        self.mv = None
        self.knocks = []
        self._emit(E.Won(duck, self.at(self.pos[duck]), player=p))

    def _route_end(self) -> None:
        mv = self.moving()
        piece = mv.piece
        heading = self.hound_head if piece == HOUND else self.head[piece]
        options = tuple(sorted({(heading + f) % 6 for f in mv.facings}))
        mv.done = True
        actor = self.controller if piece == HOUND else self.owner(piece)
        self.pending = P.Face(actor, piece, options, "end")

    def _do_Face(self, player: int, action: A.Face) -> None:
        pending = self.pending_now()
        assert isinstance(pending, P.Face), pending
        piece, why = pending.piece, pending.why
        if piece == HOUND:
            self.hound_head = action.facing
            self._emit(E.HoundFaced(action.facing, player=player))
        else:
            self.head[piece] = action.facing
            self._emit(E.Faced(piece, action.facing, why, player=player))
        if why == "knock":
            self.knocks.pop(0)
            self._run()  # the next knocked duck, or on with the moving piece
        elif why == "turn":
            # DDG-27: the card is discarded and the duck has turned instead of moving.
            card = self._card_of(piece)
            self._emit(E.TurnedInstead(piece, card, action.facing, player=player))
            self._discard_from_table(player, card, "turn")
            self._end_turn()
        else:
            self._after_move()

    def _do_Stay(self, player: int, action: A.Stay) -> None:
        self._run()

    def _do_Warp(self, player: int, action: A.Warp) -> None:
        piece = self.decision_piece()
        h = self.board.index[(action.q, action.r)]
        if piece == HOUND:
            start = self.hound_pos
            self.hound_pos, self.hound_head = h, action.facing
            self.hound_queue = ""
            self._emit(
                E.HoundWarped(self.at(start), (action.q, action.r), action.facing, player=player)
            )
        else:
            start = self.pos[piece]
            self.pos[piece], self.head[piece] = h, action.facing
            self._emit(
                E.Warped(piece, self.at(start), (action.q, action.r), action.facing, player=player)
            )
            if h == self.hound_pos:
                self._hound_off(-1)
        self.moving().done = True  # DDG-15: a warp ends the move
        self._after_move()

    def _do_Send(self, player: int, action: A.Send) -> None:
        duck = self.decision_piece()
        h = self.board.index[(action.q, action.r)]
        self.pos[duck] = h
        self._emit(E.KnockedPlaced(duck, (action.q, action.r), player=player))
        if h == self.hound_pos:
            self._hound_off(-1)
        self.pending = P.Face(self.owner(duck), duck, ALL_SIDES, "knock")

    def _after_move(self) -> None:
        """A move (card, extra, keep, +1 step, hound route or pattern) has ended."""
        mv = self.moving()
        piece = mv.piece
        self.mv = None
        if piece == HOUND:
            if mv.card:
                self._discard_from_table(self.controller, mv.card, "hound")
            if self.hound_queue and self.hound_pos >= 0:
                name, self.hound_queue = self.hound_queue[0], self.hound_queue[1:]
                self._start_move(
                    HOUND,
                    self.patterns[PATTERN_NAMES.index(name)],
                    None,
                    PATTERN_NAMES.index(name),
                    "pattern",
                )
            else:
                self._hound_done()
            return
        p = self.owner(piece)
        if mv.card:
            self._discard_from_table(p, mv.card, "move")
        if mv.hit:
            if mv.source == "step-pre":  # the card's move is lost with the turn
                self._discard_from_table(p, self._card_of(piece), "move")
            self._end_turn()
            return
        if mv.source == "step-pre":
            self.pending = P.Pre(p, piece)
            return
        h = self.pos[piece]
        on_buoy = self.board.kind[h] == BUOY
        shared = h == self.hound_pos or any(q == h for d, q in enumerate(self.pos) if d != piece)
        if on_buoy or shared:
            # DDG-14: ending on a buoy means another card at once; DDG-25 ghost: nobody
            # ends on another piece's hex. With an empty hand the deck's top card is used.
            reason = "buoy" if on_buoy else "ghost"
            top = 0
            if not self.hands[p]:
                top = self._take_top()
                self.table.append(top)
                self._emit(E.DeckTopTurned(piece, top, player=p))
            self._emit(E.ExtraMove(piece, reason, top or None, player=p))
            self.pending = P.Extra(p, piece, top)
            return
        self.pending = P.Post(p, piece)

    # the hound --------------------------------------------------------------------------------
    def _begin_hound(self) -> None:
        """DDG-21: the player with the fewest buoy tokens controls the hound; on a tie the
        tied player who played the highest card this round."""
        self.phase = "hound"
        count = [
            sum(_pop_count(self.buoys[d]) for d in self.ducks_of(p)) for p in range(self.players)
        ]
        fewest = min(count)
        tied = [p for p in range(self.players) if count[p] == fewest]
        controller = max(tied, key=lambda p: max(self.played[p]))
        self.controller = controller
        self._emit(
            E.HoundControlTaken(
                fewest, max(self.played[controller]), tuple(tied), player=controller
            )
        )
        if self.hound_pos < 0:
            self.pending = P.HoundFace(controller)
        else:
            self.pending = P.HoundMove(controller)

    def _do_HoundFace(self, player: int, action: A.HoundFace) -> None:
        self.hound_pos, self.hound_head = self.board.drain, action.facing
        self._emit(E.HoundPlaced(self.at(self.hound_pos), action.facing, player=player))
        self.pending = P.HoundMove(player)

    def _do_HoundCard(self, player: int, action: A.HoundCard) -> None:
        self._play_from_hand(player, action.card)
        self._emit(E.HoundCardPlayed(action.card, player=player))
        self._draw(player, 1, "hound")
        self.hound_queue = ""
        self._start_move(
            HOUND, self.cards[action.card][action.index], action.card, action.index, "card"
        )

    def _do_HoundPatterns(self, player: int, action: A.HoundPatterns) -> None:
        first = PATTERN_NAMES.index(action.patterns[0])
        self._emit(E.HoundPatternsChosen(action.patterns, player=player))
        self.hound_queue = action.patterns[1:]
        self._start_move(HOUND, self.patterns[first], None, first, "pattern")

    def _hound_done(self) -> None:
        h = self.hound_pos
        if h >= 0 and any(q == h for q in self.pos):
            # Decision (DDG-25 ghost): the hound does not end on a ghost's hex either; it
            # moves on with one more pattern of the controller's choice.
            self._emit(E.HoundMovesAgain(self.at(h), player=self.controller))
            self.pending = P.HoundPattern(self.controller)
            return
        self._end_round()

    # -- the end ----
    def is_over(self) -> bool:
        return self.phase == "over"

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def scores(self) -> tuple[float, ...]:
        """Progress: buoy tokens of the player's best duck plus a fraction for how near it
        is to its next target; the winner 4."""
        out = []
        dist = self.board.dist
        for p in range(self.players):
            if self.winner == p:
                out.append(4.0)
                continue
            best = 0.0
            for d in self.ducks_of(p):
                mask = self.buoys[d]
                value = float(_pop_count(mask))
                h = self.pos[d]
                if h >= 0:
                    targets = [c for c in range(3) if not mask & (1 << c)] or [3]
                    near = min(dist[t][h] for t in targets)
                    value += 0.9 / (1 + near)
                best = max(best, value)
            out.append(round(best, 4))
        return tuple(out)

    @property
    def round_number(self) -> int:
        return self.round

    # -- copies, views, saves ----
    def clone(self) -> DuckState:
        new = object.__new__(type(self))
        d = dict(self.__dict__)
        for name in self._LISTS:
            d[name] = list(d[name])
        if d["mv"] is not None:
            d["mv"] = d["mv"].copy()
        if d["_legal_memo"] is not None:
            d["_legal_memo"] = dict(d["_legal_memo"])  # each copy fills its own
        d["_events"] = []
        new.__dict__ = d
        return new

    def view(self, player: int | None) -> DuckState:
        view = self.clone()
        view.viewer, view.is_view = (-1 if player is None else player), True
        for p in range(self.players):
            if p != player:
                view.hands[p] = (UNKNOWN_CARD,) * len(self.hands[p])
                view.secret[p] = (UNKNOWN_CARD,) * len(self.secret[p])
                view.tokens[p] = (UNKNOWN_TOKEN,) * len(self.tokens[p])
        view.deck = [UNKNOWN_CARD] * len(self.deck)
        view.pool = [UNKNOWN_TOKEN] * len(self.pool)
        view.rng = None
        view.seed = None  # it would rebuild everything hidden (new_game is seeded)
        view.opening_events = [e for e in self.opening_events if e.seen_by(player)]
        cache = self._legal_memo
        if player is not None and cache is not None and player in cache:
            view._legal_memo = {player: cache[player]}
        else:
            view._legal_memo = None
        return view

    def determinize(self, rng: random.Random) -> DuckState:
        new = self.clone()
        new._legal_memo = None
        new.rng = random.Random(rng.getrandbits(64))
        if self.viewer is None:
            return new
        new.viewer, new.is_view = None, False
        seen = set()
        for group in (new.deck, new.discard, new.table):
            seen.update(group)
        for p in range(new.players):
            seen.update(new.hands[p])
            seen.update(new.secret[p])
        unseen = [c for c in range(1, DECK_SIZE + 1) if c not in seen]
        rng.shuffle(unseen)
        for p in range(new.players):
            hand = new.hands[p]
            if UNKNOWN_CARD in hand:
                new.hands[p] = tuple(sorted(unseen.pop() if c == UNKNOWN_CARD else c for c in hand))
            if UNKNOWN_CARD in new.secret[p]:
                new.secret[p] = tuple(unseen.pop() for _ in new.secret[p])
        new.deck = [unseen.pop() for _ in new.deck]
        counts = {kind: TOKENS_PER_KIND for kind in TOKEN_KINDS}
        for kind in new.used:
            if kind in counts:
                counts[kind] -= 1
        for p in range(new.players):
            for kind in new.tokens[p]:
                if kind in counts:
                    counts[kind] -= 1
        hidden = [kind for kind, n in counts.items() for _ in range(n)]
        rng.shuffle(hidden)
        for p in range(new.players):
            if UNKNOWN_TOKEN in new.tokens[p]:
                new.tokens[p] = tuple(
                    sorted(hidden.pop() if k == UNKNOWN_TOKEN else k for k in new.tokens[p])
                )
        new.pool = [hidden.pop() for _ in new.pool]
        return new

    def to_dict(self) -> JsonDict:
        return {
            "game": GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "viewer": self.viewer,
            "rng": rng_state_to_json(self.rng) if self.rng is not None else None,
            "phase": self.phase,
            "round": self.round,
            "order": list(self.order),
            "turn": self.turn,
            "pending": None if self.pending is None else self.pending.to_list(),
            "mv": self.mv.to_list() if self.mv is not None else None,
            "hound_queue": self.hound_queue,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "table": list(self.table),
            "hands": [list(h) for h in self.hands],
            "secret": [list(s) for s in self.secret],
            "played": [list(s) for s in self.played],
            "ducks": [
                {"hex": self.coord(h), "heading": f, "buoys": b, "ghost": g, "become": be}
                for h, f, b, g, be in zip(self.pos, self.head, self.buoys, self.ghost, self.become)
            ],
            "supply": list(self.supply),
            "hound": {
                "hex": self.coord(self.hound_pos),
                "heading": self.hound_head,
                "controller": self.controller,
            },
            "blue": list(self.blue),
            "boxed_blue": self.boxed_blue,
            "tokens": [list(t) for t in self.tokens],
            "pool": list(self.pool),
            "used": list(self.used),
            "knocks": list(self.knocks),
            "knocker": self.knocker,
            "discarding": list(self.discarding),
            "winner": self.winner,
            "win_duck": self.win_duck,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DuckState:
        self = cls._blank(data["players"], data["seed"], data["options"])
        self.viewer = data["viewer"]
        self.is_view = self.viewer is not None
        self.rng = rng_from_json(data["rng"]) if data["rng"] is not None else None
        self.phase, self.round = data["phase"], data["round"]
        self.order, self.turn = tuple(data["order"]), data["turn"]
        self.pending = None if data["pending"] is None else P.Pending.from_list(data["pending"])
        self.mv = Move.from_list(data["mv"]) if data["mv"] is not None else None
        self.hound_queue = data["hound_queue"]
        self.deck, self.discard = list(data["deck"]), list(data["discard"])
        self.table = list(data["table"])
        self.hands = [tuple(h) for h in data["hands"]]
        self.secret = [tuple(s) for s in data["secret"]]
        self.played = [tuple(s) for s in data["played"]]
        index = self.board.index
        self.pos = [index[tuple(d["hex"])] if d["hex"] is not None else -1 for d in data["ducks"]]
        self.head = [d["heading"] for d in data["ducks"]]
        self.buoys = [d["buoys"] for d in data["ducks"]]
        self.ghost = [d["ghost"] for d in data["ducks"]]
        self.become = [d["become"] for d in data["ducks"]]
        self.supply = list(data["supply"])
        hound = data["hound"]
        self.hound_pos = index[tuple(hound["hex"])] if hound["hex"] is not None else -1
        self.hound_head, self.controller = hound["heading"], hound["controller"]
        self.blue, self.boxed_blue = list(data["blue"]), data["boxed_blue"]
        self.tokens = [tuple(t) for t in data["tokens"]]
        self.pool, self.used = list(data["pool"]), list(data["used"])
        self.knocks, self.knocker = list(data["knocks"]), data["knocker"]
        self.discarding = list(data["discarding"])
        self.winner, self.win_duck = data["winner"], data["win_duck"]
        return self

    @staticmethod
    def parse_action(text: str) -> Action:
        return A.parse_action(text)


# (compiler name, repr of its data) -> what it compiled; values of several types
_COMPILED: dict[tuple[str, str], object] = {}
Compiled = TypeVar("Compiled")


# What each action does, by its class, and each decision's legal actions, by its kind:
# written out (not found by name), so mypy and a dead-code check see every handler.
_DO: dict[type, Callable[[DuckState, int, Any], None]] = {
    A.OrderCard: DuckState._do_OrderCard,
    A.Place: DuckState._do_Place,
    A.ChooseCard: DuckState._do_ChooseCard,
    A.ChooseCards: DuckState._do_ChooseCards,
    A.Route: DuckState._do_Route,
    A.Turn: DuckState._do_Turn,
    A.Done: DuckState._do_Done,
    A.Blue: DuckState._do_Blue,
    A.Discard: DuckState._do_Discard,
    A.Ghost: DuckState._do_Ghost,
    A.Become: DuckState._do_Become,
    A.Rotate: DuckState._do_Rotate,
    A.Swap: DuckState._do_Swap,
    A.Step: DuckState._do_Step,
    A.Keep: DuckState._do_Keep,
    A.Face: DuckState._do_Face,
    A.Stay: DuckState._do_Stay,
    A.Warp: DuckState._do_Warp,
    A.Send: DuckState._do_Send,
    A.HoundFace: DuckState._do_HoundFace,
    A.HoundCard: DuckState._do_HoundCard,
    A.HoundPatterns: DuckState._do_HoundPatterns,
}
# each kind's legal actions, given the pending decision itself
_LEGAL: dict[type[P.Pending], Callable[[DuckState, int, Any], list[A.DuckAction]]] = {
    P.Place: DuckState._legal_place,
    P.Pre: DuckState._legal_pre,
    P.Post: DuckState._legal_post,
    P.Extra: DuckState._legal_extra,
    P.Warp: DuckState._legal_warp,
    P.Face: DuckState._legal_face,
    P.Send: DuckState._legal_send,
    P.HoundFace: DuckState._legal_houndface,
    P.HoundMove: DuckState._legal_houndmove,
    P.HoundPattern: DuckState._legal_houndpattern,
    P.Discard: DuckState._legal_discard,
}


def _compiled(compile_: Callable[[Any], Compiled], data: Any, place: str) -> Compiled:
    """Compile rules data once per distinct content (simulations start many games from
    the same options; compiled data is immutable, so equal data can share it); a
    RulesDataError is re-placed under ``options.<key>``."""
    key = (compile_.__name__, repr(data))
    hit = _COMPILED.get(key)
    if hit is not None:
        return cast(Compiled, hit)  # the key names compile_: it is what compile_ returned
    try:
        result = compile_(data)
    except RulesDataError as exc:
        raise RulesDataError(f"{place}.{exc.place}" if exc.place else place, exc.problem) from None
    if len(_COMPILED) > 64:
        _COMPILED.clear()
    _COMPILED[key] = result
    return result
