"""The state of a game of Verflixxt!: base game (VX-1..VX-7) and expansion 2 (VX-20..VX-31).

Positions are tile ids, so the track can close up (VX-5) without renumbering pieces:
``track`` is the list of tile ids from ``start`` to ``finish`` as it lies now, and a
piece's place is the index of its tile in that list.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

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
from .actions import Attack, Draw, Hat, Move, Play, Roll, Stop, make, parse_action
from .data import (
    DEFAULT_BOX,
    FINISH,
    GAME_ID,
    HAND_SIZE,
    HATS,
    LUCKY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PLUS,
    START,
    Box,
    card_value,
    check_box,
)
from .decisions import Decision, DrawForHats, MovePiece, PassHat, PlayCard, RollDie
from .events import (
    Attacked,
    CardDrawn,
    CardPlayed,
    ChipWon,
    GameEnded,
    HatDrawCard,
    HatDrawEnded,
    HatDrawTied,
    HatKept,
    HatMoved,
    PieceHome,
    PieceMoved,
    Reshuffled,
    Rolled,
    ScoreDict,
    Skipped,
    Stopped,
    TileTaken,
    TrackClosed,
    TurnBegan,
)
from .scoring import HAT_POINTS, ScoreBreakdown, breakdown

LETTERS = "abc"

# Phases: base game "roll" -> "move"; expansion "contest" (hat draw) -> "play" (first or
# second card) -> "hat" (after a pawn moved onto other pawns) -> "play"/next turn; "over".
ROLL, MOVE, CONTEST, PLAY, HAT, OVER = "roll", "move", "contest", "play", "hat", "over"

_DEFAULT_CHECKED = check_box(DEFAULT_BOX)


def pawns_per_player(players: int) -> int:
    """VX-3, VX-21: 3 pawns each with 2-4 players, 2 each with 5-6."""
    return 3 if players <= 4 else 2


def pawn_id(player: int, index: int) -> str:
    return f"{player}{LETTERS[index]}"


def split_pawn(pawn: str) -> tuple[int, int]:
    return int(pawn[:-1]), ord(pawn[-1]) - 97


class VerflixxtState(GameState):
    game_id = GAME_ID

    players: int
    seed: int | None
    options: dict[str, Any]
    box: Box
    hats_variant: bool  # expansion 2 (VX-20..)
    attack: bool  # VX-31
    rng: random.Random | None  # None on a view
    is_view: bool
    viewer: int | None
    track: list[str]  # tile ids, start..finish, as the track lies now
    removed: list[str]
    pawns: list[list[str]]  # per player, the tile of each pawn
    guardians: list[str]  # the tile of each guardian
    taken: list[list[str]]  # per player, the tiles taken (VX-5)
    phase: str
    current: int
    first: int
    round: int
    die: int | None  # rolled and not yet moved (base game)
    hands: list[list[str]]  # cards; "?" for one a view may not see
    deck: list[str]  # "?" on a view
    discard: list[str]
    chips: list[int]  # goal chips left, next first (VX-28)
    chips_won: list[list[int]]
    hat_on: dict[str, str | None]  # hat -> the pawn wearing it
    hats_home: list[list[str]]
    contest_cards: list[tuple[int, str]]  # (player, card) of the hat draw (VX-22)
    pending: list[int]  # who still draws in the hat draw
    plays: int  # cards played this turn
    lead_yellow: bool
    hat_pawn: str | None  # the pawn whose move may pass a hat (VX-26)
    winner_seats: tuple[int, ...]
    opening_events: list[Event]

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def new(
        cls, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> VerflixxtState:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesDataError(
                "players", f"Verflixxt! is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players!r}"
            )
        options = dict(options or {})
        box_data = options.pop("box", None)
        resolved = resolve_options(OPTIONS, options)
        resolved["attack"] = bool(resolved["attack"])
        if resolved["variant"] == "hats":
            resolved["track"] = "random"  # VX-20: the expansion always shuffles
        else:
            resolved["attack"] = False  # VX-31 is a variant of the expansion
        box = _DEFAULT_CHECKED if box_data is None else check_box(box_data)
        if box_data is not None:
            resolved["box"] = box_data
        s = cls.__new__(cls)
        s.players, s.seed, s.options, s.box = players, seed, resolved, box
        s.hats_variant = resolved["variant"] == "hats"
        s.attack = bool(resolved["attack"])
        s.rng = random.Random(seed)
        s.is_view, s.viewer = False, None
        k = pawns_per_player(players)
        s.pawns = [[START] * k for _ in range(players)]
        s.taken = [[] for _ in range(players)]
        s.current = s.first = 0
        s.round = 1
        s.die = None
        s.hands, s.deck, s.discard = [[] for _ in range(players)], [], []
        s.chips, s.chips_won = [], [[] for _ in range(players)]
        s.hat_on = {h: None for h in HATS}
        s.hats_home = [[] for _ in range(players)]
        s.contest_cards, s.pending = [], []
        s.plays, s.lead_yellow, s.hat_pawn = 0, False, None
        s.winner_seats = ()
        s.opening_events = []  # what new_game did before any action: the deal
        if s.hats_variant:
            s._setup_expansion()
        else:
            s._setup_base()
        return s

    def _setup_base(self) -> None:
        box = self.box
        path = list(box.standard_track)
        if self.options["track"] == "random":  # VX-2 variant
            self._chance().shuffle(path)
        self.removed = []
        self.track = [START] + path + [FINISH]
        # VX-2: guardians on the lucky tiles and +8, +7; numbered from the start.
        marked = set(box.guardians_on)
        self.guardians = [t for t in self.track if t in marked]
        self.phase = ROLL

    def _setup_expansion(self) -> None:
        box = self.box
        removed = list(box.removed)
        if self.players in (2, 4):  # VX-20
            removed += [t for t in box.removed_2_or_4 if t not in removed]
        out = set(removed)
        path = [t for t in box.base_tiles + box.risk_tiles if t not in out]
        self._chance().shuffle(path)
        self.removed = removed
        self.track = [START] + path + [FINISH]
        # VX-20: guardians on the first 8 plus or lucky tiles from the start.
        kinds = box.kinds
        self.guardians = [t for t in path if kinds[t] in (PLUS, LUCKY)][: box.expansion_guardians]
        self.chips = list(box.goal_chips)
        self.deck = list(box.cards)
        self._chance().shuffle(self.deck)
        for _ in range(HAND_SIZE):  # VX-21: two cards each, dealt in turn
            for player, hand in enumerate(self.hands):
                card = self.deck.pop()
                hand.append(card)
                self._draw_events(player, card, len(hand), self.opening_events)
        for hand in self.hands:
            hand.sort()
        self.pending = list(range(self.players))  # VX-22: everybody turns up a card
        self.phase = CONTEST

    # -- copies, views, saves ----------------------------------------------------------------
    def clone(self) -> VerflixxtState:
        return self._copy(None if self.rng is None else _copy_rng(self.rng))

    def _copy(self, rng: random.Random | None) -> VerflixxtState:
        s = self.__class__.__new__(self.__class__)
        s.players, s.seed, s.options, s.box = self.players, self.seed, self.options, self.box
        s.hats_variant, s.attack = self.hats_variant, self.attack
        s.rng = rng
        s.is_view, s.viewer = self.is_view, self.viewer
        s.track, s.removed = self.track[:], self.removed[:]
        s.pawns = [p[:] for p in self.pawns]
        s.guardians = self.guardians[:]
        s.taken = [t[:] for t in self.taken]
        s.phase, s.current, s.first, s.round, s.die = (
            self.phase,
            self.current,
            self.first,
            self.round,
            self.die,
        )
        s.hands = [h[:] for h in self.hands]
        s.deck, s.discard = self.deck[:], self.discard[:]
        s.chips, s.chips_won = self.chips[:], [c[:] for c in self.chips_won]
        s.hat_on = dict(self.hat_on)
        s.hats_home = [h[:] for h in self.hats_home]
        s.contest_cards = self.contest_cards[:]
        s.pending = self.pending[:]
        s.plays, s.lead_yellow, s.hat_pawn = self.plays, self.lead_yellow, self.hat_pawn
        s.winner_seats = self.winner_seats
        s.opening_events = []
        return s

    def lookahead(self) -> VerflixxtState:
        """A copy to try one action on and throw away (the bots look one action ahead on
        every legal action, in every playout of the search): it keeps the legal actions
        worked out so far, and its chance is a shared throwaway generator rather than a
        copy of this state's (copying a generator's state was a third of a clone's cost).
        Nothing read after one action depends on that chance (a refill draws the top card;
        only a reshuffle shuffles), but its later dice and shuffles are not this game's:
        never play it on as the game."""
        s = self._copy(None if self.rng is None else _LOOKAHEAD_CHANCE)
        if self._legal_memo:
            s._legal_memo = dict(self._legal_memo)
        return s

    def view(self, player: int | None) -> VerflixxtState:
        v = self._copy(None)  # future dice and shuffles are hidden
        v.is_view, v.viewer = True, player
        v.seed = None  # it would rebuild everything hidden (new_game is seeded)
        v.hands = [h[:] if q == player else ["?"] * len(h) for q, h in enumerate(self.hands)]
        v.deck = ["?"] * len(self.deck)
        return v

    def determinize(self, rng: random.Random) -> VerflixxtState:
        s = self._copy(None)
        if self.is_view and self.hats_variant:
            known = Counter(self.discard)
            known.update(card for _, card in self.contest_cards)
            for hand in self.hands:
                known.update(c for c in hand if c != "?")
            unseen = list((Counter(self.box.cards) - known).elements())
            rng.shuffle(unseen)
            for q, hand in enumerate(s.hands):
                if hand and hand[0] == "?":
                    s.hands[q] = sorted(unseen.pop() for _ in hand)
            s.deck = unseen
        s.is_view, s.viewer = False, None
        s.rng = random.Random(rng.getrandbits(64))
        return s

    def to_dict(self) -> JsonDict:
        return {
            "game": GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "track": self.track[:],
            "removed": self.removed[:],
            "pawns": [p[:] for p in self.pawns],
            "guardians": self.guardians[:],
            "taken": [t[:] for t in self.taken],
            "phase": self.phase,
            "current": self.current,
            "first": self.first,
            "round": self.round,
            "die": self.die,
            "hands": [h[:] for h in self.hands],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "chips": self.chips[:],
            "chips_won": [c[:] for c in self.chips_won],
            "hat_on": dict(self.hat_on),
            "hats_home": [h[:] for h in self.hats_home],
            "contest_cards": [list(c) for c in self.contest_cards],
            "pending": self.pending[:],
            "plays": self.plays,
            "lead_yellow": self.lead_yellow,
            "hat_pawn": self.hat_pawn,
            "winners": list(self.winner_seats),
            "rng": None if self.rng is None else rng_state_to_json(self.rng),
            "view": self.is_view,
            "viewer": self.viewer,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VerflixxtState:
        if data.get("game") != GAME_ID:
            raise RulesDataError("game", f"not a Verflixxt! save: {data.get('game')!r}")
        s = cls.__new__(cls)
        s.players = int(data["players"])
        s.seed = None if data["seed"] is None else int(data["seed"])
        s.options = dict(data["options"])
        box_data = s.options.get("box")
        s.box = _DEFAULT_CHECKED if box_data is None else check_box(box_data)
        s.hats_variant = s.options["variant"] == "hats"
        s.attack = bool(s.options["attack"])
        s.rng = None if data["rng"] is None else rng_from_json(data["rng"])
        s.is_view, s.viewer = bool(data["view"]), data["viewer"]
        s.track, s.removed = list(data["track"]), list(data["removed"])
        s.pawns = [list(p) for p in data["pawns"]]
        s.guardians = list(data["guardians"])
        s.taken = [list(t) for t in data["taken"]]
        s.phase, s.current, s.first = data["phase"], data["current"], data["first"]
        s.round, s.die = data["round"], data["die"]
        s.hands = [list(h) for h in data["hands"]]
        s.deck, s.discard = list(data["deck"]), list(data["discard"])
        s.chips, s.chips_won = list(data["chips"]), [list(c) for c in data["chips_won"]]
        s.hat_on = {h: data["hat_on"][h] for h in HATS}
        s.hats_home = [list(h) for h in data["hats_home"]]
        s.contest_cards = [(p, card) for p, card in data["contest_cards"]]
        s.pending = list(data["pending"])
        s.plays, s.lead_yellow, s.hat_pawn = data["plays"], data["lead_yellow"], data["hat_pawn"]
        s.winner_seats = tuple(data["winners"])
        s.opening_events = []
        return s

    @staticmethod
    def parse_action(text: str) -> Action:
        return parse_action(text)

    # -- who acts, the end, scores -------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CONTEST:
            return (self.pending[0],)
        return (self.current,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> tuple[int, ...]:
        return self.winner_seats

    @property
    def round_number(self) -> int:
        return self.round

    def breakdown(self) -> list[ScoreBreakdown]:
        """Per player: ``track``, ``lucky``, ``risk``, ``chips``, ``hats``, ``total`` (VX-30)."""
        kinds, values = self.box.kinds, self.box.values
        return [
            breakdown(self.taken[p], kinds, values, self.chips_won[p], self.hats_home[p])
            for p in range(self.players)
        ]

    def scores(self) -> tuple[float, ...]:
        return tuple(b["total"] for b in self.breakdown())

    def decision(self, player: int) -> Decision | None:
        """What is asked of ``player`` now; None when nothing is (not to act, or over)."""
        if player not in self.to_act():
            return None
        phase = self.phase
        if phase == ROLL:
            return RollDie()
        if phase == MOVE:
            assert self.die is not None, "a move follows a roll"
            return MovePiece(self.die)
        if phase == CONTEST:
            return DrawForHats()
        if phase == HAT:
            return PassHat(self._hat_pawn())
        return PlayCard(second=self.plays == 1)

    # -- where things are --------------------------------------------------------------------
    def position(self, piece: str) -> str:
        """The tile of a piece: a pawn ``2b`` or a guardian ``g3``."""
        if piece[0] == "g":
            return self.guardians[int(piece[1:]) - 1]
        p, i = split_pawn(piece)
        return self.pawns[p][i]

    def _set_position(self, piece: str, tile: str) -> None:
        if piece[0] == "g":
            self.guardians[int(piece[1:]) - 1] = tile
        else:
            p, i = split_pawn(piece)
            self.pawns[p][i] = tile

    def pawns_on(self, tile: str) -> list[str]:
        return [
            pawn_id(p, i)
            for p, row in enumerate(self.pawns)
            for i, pos in enumerate(row)
            if pos == tile
        ]

    def _occupied(self, tile: str) -> bool:
        return tile in self.guardians or any(tile in row for row in self.pawns)

    def hat_of(self, pawn: str) -> str | None:
        for hat in HATS:
            if self.hat_on[hat] == pawn:
                return hat
        return None

    def all_home(self, player: int) -> bool:
        return all(pos == FINISH for pos in self.pawns[player])

    def _pawn_occupied_tiles(self) -> set[str]:
        return {pos for row in self.pawns for pos in row if pos != FINISH}

    def _may_finish(self, player: int, index: int) -> bool:
        """VX-27: the lucky-hat pawn must be the last of its owner's pawns home."""
        if self.hat_on["lucky"] != pawn_id(player, index):
            return True
        return all(pos == FINISH for i, pos in enumerate(self.pawns[player]) if i != index)

    # -- legal actions -------------------------------------------------------------------------
    def _legal(self, player: int) -> list[Action]:
        phase = self.phase
        if phase == ROLL:
            return [make(Roll)]
        if phase == MOVE:
            return self._base_moves(player)
        if phase == CONTEST:
            return [make(Draw)]
        if phase == HAT:
            return self._hat_options(self._hat_pawn())
        hand = self.hands[player]
        if "?" in hand:  # a view of somebody else's hand
            return []
        out = self._plays(player, hand)
        if self.plays == 1:
            out.append(make(Stop))
        elif self.attack:
            out.extend(self._attacks(player, hand))
        return out

    def _movable_guardians(self) -> list[str]:
        """VX-4: a guardian may move when it shares its tile with a pawn (and is not home)."""
        pawn_tiles = self._pawn_occupied_tiles()
        return [f"g{j + 1}" for j, pos in enumerate(self.guardians) if pos in pawn_tiles]

    def _base_moves(self, player: int) -> list[Action]:
        out: list[Action] = [
            make(Move, LETTERS[i]) for i, pos in enumerate(self.pawns[player]) if pos != FINISH
        ]
        out.extend(make(Move, g) for g in self._movable_guardians())
        return out

    def _plays(self, player: int, hand: list[str]) -> list[Action]:
        out: list[Action] = []
        track = self.track
        last = len(track) - 1
        unlucky = self.hat_on["unlucky"]
        guardians = self._movable_guardians()
        for card in set(hand):
            value = card_value(card)
            if value == 0:  # VX-23: a 0 moves nothing
                out.append(make(Play, card))
                continue
            for i, pos in enumerate(self.pawns[player]):
                if pos == FINISH:
                    continue
                letter = LETTERS[i]
                if unlucky == pawn_id(player, i):
                    # VX-27: forward or back by the value (-1: one either way); back to the
                    # start only with the exact count, so never from the start itself.
                    out.append(make(Play, card, letter, "fwd"))
                    if track.index(pos) - abs(value) >= 0 and pos != START:
                        out.append(make(Play, card, letter, "back"))
                elif (
                    value > 0
                    and track.index(pos) + value >= last
                    and not self._may_finish(player, i)
                ):
                    continue
                else:
                    out.append(make(Play, card, letter))
            out.extend(make(Play, card, g) for g in guardians)
        return out

    def _attacks(self, player: int, hand: list[str]) -> list[Action]:
        """VX-31: a pair (not of 0s) and an own pawn on a path tile with another player's
        pawn or a guardian; a pair of -1s pushes forward, so never from the last tile."""
        if len(hand) != 2 or card_value(hand[0]) != card_value(hand[1]):
            return []
        value = card_value(hand[0])
        if value == 0:
            return []
        last_path = self.track[-2]
        out: list[Action] = []
        for tile in set(self.pawns[player]):
            if tile in (START, FINISH) or (value == -1 and tile == last_path):
                continue
            if tile in self.guardians or any(
                tile in row for q, row in enumerate(self.pawns) if q != player
            ):
                out.append(make(Attack, value, tile))
        return out

    def _hat_options(self, mover: str) -> list[Action]:
        """VX-26: take (mover bare), give (to a bare pawn), swap (both hatted), or keep."""
        tile = self.position(mover)
        mine = self.hat_of(mover)
        out: list[Action] = []
        for other in self.pawns_on(tile):
            if other == mover:
                continue
            theirs = self.hat_of(other)
            if mine is None and theirs is not None:
                out.append(make(Hat, "take", other))
            elif mine is not None:
                out.append(make(Hat, "give" if theirs is None else "swap", other))
        if out:
            out.append(make(Hat, "keep"))
        return out

    # -- carrying out actions ----------------------------------------------------------------
    def _perform(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Roll):
            self.die = self._chance().randint(1, 6)
            events.append(Rolled(self.die, player=player))
            self.phase = MOVE
        elif isinstance(action, Move):
            piece = action.piece if action.piece[0] == "g" else f"{player}{action.piece}"
            assert self.die is not None, "a move follows a roll"
            self._move(piece, self.die, "die", events)
            self.die = None
            self._after_move(events, None)
        elif isinstance(action, Draw):
            self._contest_draw(player, events)
        elif isinstance(action, Play):
            self._play(player, action, events)
        elif isinstance(action, Hat):
            self._hat(player, action, events)
            self._after_hat(events)
        elif isinstance(action, Stop):
            events.append(Stopped(player=player))
            self._end_turn(events)
        elif isinstance(action, Attack):
            self._attack(player, action, events)
        return events

    def _move(
        self, piece: str, steps: int, cause: str, events: list[Event], award: bool = False
    ) -> bool:
        """Move a piece ``steps`` tiles (negative: back), counting every tile (VX-4); take the
        tile it leaves empty (VX-5); on reaching the finish the hat goes home (VX-29) and an
        exact count wins a goal chip when ``award`` (VX-28). Returns whether it changed tile."""
        track = self.track
        origin = self.position(piece)
        start = track.index(origin)
        last = len(track) - 1
        target = min(max(start + steps, 0), last)
        exact = start + steps == last
        path = track[start + 1 : target + 1] if target > start else track[target:start][::-1]
        dest = track[target]
        self._set_position(piece, dest)
        mover = self.current
        events.append(
            PieceMoved(piece, origin, dest, tuple(path), target - start, cause, player=mover)
        )
        if target != start and origin != START and not self._occupied(origin):
            self._take(mover, origin, events)
        if dest == FINISH:
            owner = None if piece[0] == "g" else split_pawn(piece)[0]
            events.append(PieceHome(piece, exact, player=owner))
            hat = self.hat_of(piece)
            if hat is not None:
                assert owner is not None, "only pawns wear hats"
                self.hat_on[hat] = None
                self.hats_home[owner].append(hat)
                events.append(HatMoved(hat, "home", piece, None, HAT_POINTS[hat], player=owner))
            if award and exact and self.chips:
                chip = self.chips.pop(0)
                self.chips_won[mover].append(chip)
                events.append(ChipWon(chip, piece, len(self.chips), player=mover))
        return target != start

    def _take(self, player: int, tile: str, events: list[Event]) -> None:
        index = self.track.index(tile)
        del self.track[index]
        self.taken[player].append(tile)
        box = self.box
        events.append(TileTaken(tile, box.kinds[tile], box.values[tile], index, player=player))
        events.append(TrackClosed(tile, index, tuple(self.track), player=player))

    def _after_move(self, events: list[Event], hat_pawn: str | None) -> None:
        if all(self.all_home(p) for p in range(self.players)):
            self._end(events)
        elif hat_pawn is not None and self._hat_options(hat_pawn):
            self.phase, self.hat_pawn = HAT, hat_pawn
        elif self.hats_variant:
            self._after_hat(events)
        else:
            self._end_turn(events)

    def _after_hat(self, events: list[Event]) -> None:
        """VX-24: after a yellow lead the player may play the other card (or stop)."""
        self.hat_pawn = None
        if self.plays == 1 and self.lead_yellow and not self.all_home(self.current):
            self.phase = PLAY
        else:
            self._end_turn(events)

    def _play(self, player: int, action: Play, events: list[Event]) -> None:
        card = action.card
        self.hands[player].remove(card)
        self.discard.append(card)
        self.plays += 1
        if self.plays == 1:
            self.lead_yellow = card[0] == "y"
        value = card_value(card)
        piece = action.piece
        if piece is not None and piece[0] != "g":
            piece = f"{player}{piece}"
        events.append(
            CardPlayed(card, value, piece, action.direction, self.plays == 2, player=player)
        )
        moved_pawn = None
        if piece is not None:
            if action.direction is not None:
                steps = abs(value) if action.direction == "fwd" else -abs(value)
            else:
                steps = value
            changed = self._move(piece, steps, "card", events, award=True)
            # VX-26: hats change hands only after a pawn really moved (not a 0, not -1 on
            # the start) and did not reach the finish.
            if changed and piece[0] != "g" and self.position(piece) != FINISH:
                moved_pawn = piece
        self._after_move(events, moved_pawn)

    def _hat(self, player: int, action: Hat, events: list[Event]) -> None:
        mover = self._hat_pawn()
        if action.how == "keep":
            events.append(HatKept(mover, player=player))
            return
        other = action.pawn
        assert other is not None, "take, give and swap name a pawn"
        mine, theirs = self.hat_of(mover), self.hat_of(other)
        # _hat_options offered: take when only the other wears a hat, give when only the
        # mover does, swap when both do.
        if action.how == "take":
            assert theirs is not None
            self.hat_on[theirs] = mover
            events.append(HatMoved(theirs, "take", other, mover, player=player))
        elif action.how == "give":
            assert mine is not None
            self.hat_on[mine] = other
            events.append(HatMoved(mine, "give", mover, other, player=player))
        else:
            assert mine is not None and theirs is not None
            self.hat_on[mine], self.hat_on[theirs] = other, mover
            events.append(HatMoved(mine, "swap", mover, other, player=player))
            events.append(HatMoved(theirs, "swap", other, mover, player=player))

    def _attack(self, player: int, action: Attack, events: list[Event]) -> None:
        hand = self.hands[player]
        cards = hand[:]
        self.discard.extend(cards)
        hand.clear()
        value, tile = action.value, action.tile
        targets = [p for p in self.pawns_on(tile) if split_pawn(p)[0] != player]
        targets += [f"g{j + 1}" for j, pos in enumerate(self.guardians) if pos == tile]
        events.append(Attacked(tuple(cards), value, tile, tuple(targets), player=player))
        steps = 1 if value == -1 else -value  # VX-31 Decision: a pair of -1s pushes forward
        for piece in targets:
            self._move(piece, steps, "attack", events)
        self._end_turn(events)

    # -- cards -------------------------------------------------------------------------------
    def _draw_card(self, events: list[Event]) -> str:
        if not self.deck:
            if not self.discard and self.phase == CONTEST:
                self._recycle_contest_cards()
            self.deck = self.discard
            self.discard = []
            self._chance().shuffle(self.deck)
            events.append(Reshuffled(len(self.deck)))
        return self.deck.pop()

    def _recycle_contest_cards(self) -> None:
        """Decision: should a very long hat draw empty the pile, the cards of its earlier
        rounds (all but each player's latest) become the discards to reshuffle."""
        latest = {}
        for i, (p, _) in enumerate(self.contest_cards):
            latest[p] = i
        keep = set(latest.values())
        self.discard = [c for i, (_, c) in enumerate(self.contest_cards) if i not in keep]
        self.contest_cards = [pc for i, pc in enumerate(self.contest_cards) if i in keep]

    def _refill(self, player: int, events: list[Event]) -> None:
        hand = self.hands[player]
        while len(hand) < HAND_SIZE:
            card = self._draw_card(events)
            hand.append(card)
            hand.sort()
            self._draw_events(player, card, len(hand), events)

    def _draw_events(self, player: int, card: str, hand: int, events: list[Event]) -> None:
        """A secret draw: the card for the drawer, a face-down twin for the others."""
        others = tuple(q for q in range(self.players) if q != player)
        events.append(CardDrawn(card, hand, player=player, visible_to=(player,)))
        events.append(CardDrawn(None, hand, player=player, visible_to=others))

    def _contest_draw(self, player: int, events: list[Event]) -> None:
        card = self._draw_card(events)
        self.contest_cards.append((player, card))
        rank = sum(1 for p, _ in self.contest_cards if p == player)
        events.append(HatDrawCard(card, card_value(card), rank, player=player))
        self.pending.pop(0)
        if self.pending:
            return
        tied = self._contest_ties()
        if tied:
            place, group = tied
            self.pending = group
            # a copy: the event must keep saying who tied after ``pending`` is drawn down
            events.append(HatDrawTied(tuple(group), place))
            return
        first, second = self._contest_order()[:2]
        for hat, p in (("lucky", first), ("unlucky", second)):
            # Decision: the pawns on the start are alike, so the hat goes on pawn "a".
            self.hat_on[hat] = pawn_id(p, 0)
            events.append(HatMoved(hat, "deal", None, pawn_id(p, 0), player=p))
        cards = [c for _, c in self.contest_cards]
        self.discard.extend(cards)
        self.contest_cards = []
        events.append(HatDrawEnded(tuple(cards), first, second))
        self.current = self.first = first  # VX-22: the lucky-hat player starts
        self.phase = PLAY
        events.append(TurnBegan(self.round, player=first))

    def _contest_keys(self) -> dict[int, tuple[int, ...]]:
        keys: dict[int, tuple[int, ...]] = {p: () for p in range(self.players)}
        for p, card in self.contest_cards:
            keys[p] = keys[p] + (card_value(card),)
        return keys

    def _contest_order(self) -> list[int]:
        keys = self._contest_keys()
        return sorted(range(self.players), key=lambda p: keys[p], reverse=True)

    def _contest_ties(self) -> tuple[str, list[int]] | None:
        """VX-22: who must draw again so that first and second place are single players.
        Tied players draw together, so comparing the sequences of draws ranks everybody."""
        keys = self._contest_keys()
        order = self._contest_order()
        top = [p for p in order if keys[p] == keys[order[0]]]
        if len(top) > 1:
            return "first", sorted(top)
        runner = [p for p in order[1:] if keys[p] == keys[order[1]]]
        if len(runner) > 1:
            return "second", sorted(runner)
        return None

    # -- turns and the end -------------------------------------------------------------------
    def _end_turn(self, events: list[Event]) -> None:
        player = self.current
        if self.hats_variant:
            self._refill(player, events)  # VX-24: refill to 2 after the turn
        self.plays, self.lead_yellow, self.hat_pawn = 0, False, None
        n = self.players
        before = (player - self.first) % n
        for k in range(1, n + 1):
            q = (player + k) % n
            if not self.all_home(q):
                break
            events.append(Skipped(player=q))  # VX-6: players with all pawns home
        if (q - self.first) % n <= before:
            self.round += 1
        self.current = q
        self.phase = PLAY if self.hats_variant else ROLL
        events.append(TurnBegan(self.round, player=q))

    def _end(self, events: list[Event]) -> None:
        self.phase = OVER
        self.hat_pawn = None
        parts = self.breakdown()
        best = max(b["total"] for b in parts)
        self.winner_seats = tuple(p for p, b in enumerate(parts) if b["total"] == best)
        events.append(GameEnded(tuple(_score_dict(b) for b in parts), self.winner_seats))

    # -- what only a full state in the right phase has --------------------------------------
    def _chance(self) -> random.Random:
        """The dice and shuffles; a view has none (and apply refuses a view)."""
        assert self.rng is not None, "a view is not played on: determinize it first"
        return self.rng

    def _hat_pawn(self) -> str:
        """The pawn that moved onto others, in the hat phase (VX-26)."""
        assert self.hat_pawn is not None, "only the hat phase has a hat pawn"
        return self.hat_pawn


def _score_dict(parts: ScoreBreakdown) -> ScoreDict:
    """A player's breakdown as the end event carries it (plain JSON, VX-30)."""
    return {
        "track": parts["track"],
        "lucky": parts["lucky"],
        "turned": list(parts["turned"]),
        "risk": parts["risk"],
        "chips": parts["chips"],
        "hats": parts["hats"],
        "total": parts["total"],
    }


_LOOKAHEAD_CHANCE = random.Random(0)  # see VerflixxtState.lookahead


def _copy_rng(rng: random.Random) -> random.Random:
    copy = random.Random.__new__(random.Random)  # no seeding from the OS: set below
    copy.setstate(rng.getstate())
    return copy
