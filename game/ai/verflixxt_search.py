"""Verflixxt! 'hard', base game: expectimax over the die for the chance of winning.

The die is the only chance in the base game (VX-4), so the search weighs its faces
instead of playing whole games out: after each of the bot's moves, the rivals due before
its next turn roll and move as the normal bot would (its one-step evaluation, ties shared
out evenly); then the bot's own roll and best move; one turn deeper at a time while the
work fits the budget. Each turn weighs three faces of the die, drawn once per decision
and depth, so every candidate move meets the same rolls (common random numbers) and the
tree is 4x cheaper per turn than with all six faces: it reaches every rival's reply (and
in the endgame further) within the budget, which mattered more than the exact
expectation (hard vs three normal, 400 games: six faces for the first two turns 40%,
only the first 43%, none 52%). From the third turn on only the two best moves so far go
deeper.

Leaves are scored as a chance of winning: the normal evaluation (plus what spare lucky
tiles will probably still turn, see ``Tiles.spare_bonus``), turned into the chance of
beating each rival with a logistic whose width shrinks with the track (the fewer tiles
left, the less can still change). A finished game is a win (shared) or a loss.

It works on plain lists of track indices (``Board``): clone + apply + evaluate of the rules
state costs ~55 µs per option, a move and evaluation here ~15-20 µs. The bot sees only
its view: in the base game nothing is hidden but the future dice, which the tree weighs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.rules.protocol import Action
from game.rules.verflixxt.actions import Move
from game.rules.verflixxt.data import FINISH, LUCKY, MINUS, PLUS, START, Box
from game.rules.verflixxt.state import LETTERS, VerflixxtState

from . import verflixxt_eval as knowledge
from .search import Candidate, Weighed

ALL_FACES = (1, 2, 3, 4, 5, 6)
SAMPLED_FACES = 3  # faces of the die weighed per turn, drawn once per decision and
# depth, so every move is judged on the same rolls
NARROW_FROM = 3  # from this depth on only KEEP moves go deeper
KEEP = 2
WIDTH_PER_TILE = 0.3  # logistic width of the chance of beating a rival, per track tile
WIDTH_FLOOR = 2.0
SPARE_LUCKY = 8.0  # a lucky tile is worth at least this at the end (it turns -4 or worse)
MAX_DEPTH = 24

# A pile of taken tiles, as the evaluation needs it: (plus and other fixed points, number
# of lucky tiles, the minus values sorted from the worst). Piles are shared tuples.
Pile = tuple[int, int, tuple[int, ...]]
_EMPTY_PILE: Pile = (0, 0, ())


class Board:
    """The base-game board as plain lists: ``tiles`` the track (codes, start at 0, finish
    last), ``pawns`` the track index of every pawn (player-major), ``guards`` of every
    guardian, ``piles`` each player's taken tiles (see ``_EMPTY_PILE``), ``current`` who
    moves next. A pawn or guardian in the finish has index ``len(tiles) - 1``."""

    __slots__ = ("current", "guards", "pawns", "per", "piles", "players", "tiles")
    tiles: list[int]
    pawns: list[int]
    guards: list[int]
    piles: list[int]
    current: int
    players: int
    per: int  # pawns per player

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.tiles, b.pawns, b.guards, b.piles = (
            self.tiles[:],
            self.pawns[:],
            self.guards[:],
            self.piles[:],
        )
        b.current, b.players, b.per = self.current, self.players, self.per
        return b


class Tiles:
    """Tile codes for one box: kind and value by code, and the pile arithmetic. A pile
    (see ``_EMPTY_PILE``) is known by a small number, its place in ``piles``: boards carry
    numbers, and the sums are looked up, never redone."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.ids = [START, FINISH] + sorted(box.kinds)
        self.code = {t: i for i, t in enumerate(self.ids)}
        self.kind: list[str | None] = [None, None] + [box.kinds[t] for t in self.ids[2:]]
        self.value = [0, 0] + [box.values[t] for t in self.ids[2:]]
        self.worth = [0.0, 0.0] + [
            float(box.values[t]) if box.kinds[t] != LUCKY else knowledge.LUCKY_FLOOR
            for t in self.ids[2:]
        ]
        self.piles: list[Pile] = []
        self._number: dict[Pile, int] = {}
        self.points: list[int] = []  # track and lucky points by pile (VX-7)
        self._add: dict[int, int] = {}
        self._gain: dict[int, float] = {}
        self._bonus: dict[int, float] = {}
        self.empty = self.number(_EMPTY_PILE)

    def number(self, pile: Pile) -> int:
        got = self._number.get(pile)
        if got is None:
            got = self._number[pile] = len(self.piles)
            self.piles.append(pile)
            fixed, lucky, minus = pile
            self.points.append(fixed + sum(minus) - 2 * sum(minus[:lucky]))
        return got

    def add(self, pile: int, code: int) -> int:
        key = pile * 128 + code
        got = self._add.get(key)
        if got is None:
            fixed, lucky, minus = self.piles[pile]
            kind = self.kind[code]
            if kind == MINUS:
                after: Pile = (fixed, lucky, tuple(sorted(minus + (self.value[code],))))
            elif kind == LUCKY:
                after = (fixed, lucky + 1, minus)
            else:
                after = (fixed + self.value[code], lucky, minus)
            got = self._add[key] = self.number(after)
        return got

    def spare_bonus(self, pile: int) -> float:
        """What the pile's lucky tiles will probably still be worth beyond what they turn
        now: each at least SPARE_LUCKY, as the big minus tiles mostly come late (the
        evaluation counts a lucky tile without a minus tile to turn at 3)."""
        got = self._bonus.get(pile)
        if got is None:
            _, lucky, minus = self.piles[pile]
            got = 0.0
            for k in range(lucky):
                turned = -2 * minus[k] if k < len(minus) else 0
                got += max(0.0, SPARE_LUCKY - turned)
            self._bonus[pile] = got
        return got

    def gain(self, pile: int, code: int) -> float:
        """What taking the tile would add (``knowledge.take_value``)."""
        key = pile * 128 + code
        got = self._gain.get(key)
        if got is None:
            kind = self.kind[code]
            if kind == PLUS or (kind == MINUS and self.piles[pile][1] == 0):
                got = float(self.value[code])
            else:
                got = self.points[self.add(pile, code)] - self.points[pile]
                if kind == LUCKY:
                    got = max(got, knowledge.LUCKY_FLOOR)
            self._gain[key] = got
        return got


_TILES: dict[int, Tiles] = {}


def _tiles_for(box: Box) -> Tiles:
    got = _TILES.get(id(box))
    if got is None or got.box is not box:  # an id may be reused by a later box
        got = _TILES[id(box)] = Tiles(box)
    return got


def board_of(state: VerflixxtState, tiles: Tiles) -> Board:
    """The compact board of a base-game state (or view: nothing hidden is read)."""
    code = tiles.code
    index = {t: i for i, t in enumerate(state.track)}
    b = Board.__new__(Board)
    b.tiles = [code[t] for t in state.track]
    b.pawns = [index[p] for row in state.pawns for p in row]
    b.guards = [index[g] for g in state.guardians]
    piles = []
    for taken in state.taken:
        pile = tiles.empty
        for t in taken:
            pile = tiles.add(pile, code[t])
        piles.append(pile)
    b.piles = piles
    b.current, b.players, b.per = state.current, state.players, len(state.pawns[0])
    return b


def evaluate_all(b: Board, tiles: Tiles) -> list[float]:
    """``knowledge.evaluate_all`` on the compact board (same terms, same order)."""
    progress, lone, threat = (
        knowledge.PROGRESS_WEIGHT,
        knowledge.LONE_WEIGHT,
        knowledge.THREAT_WEIGHT,
    )
    floor, shared = knowledge.LONE_FLOOR, knowledge.SHARED_WEIGHT
    last = len(b.tiles) - 1
    per = b.per
    pawns = b.pawns
    values = [0.0] * b.players
    guarded = set(b.guards)
    owners: dict[int, list[int]] = {}
    for n, at in enumerate(pawns):
        q = n // per
        if at == last:
            values[q] += progress
            continue
        values[q] += progress * at / last
        if at and at not in guarded:
            holders = owners.get(at)
            if holders is None:
                owners[at] = [q]
            elif q not in holders:
                holders.append(q)
    piles = b.piles
    points = tiles.points
    for q in range(b.players):
        values[q] += points[piles[q]]
    code = b.tiles
    near: list[int] | None = None
    for at, holders in owners.items():
        if len(holders) == 1:
            q = holders[0]
            if near is None:  # pawns per track index, for the threats
                near = [0] * (last + 1)
                for i in pawns:
                    near[i] += 1
            low = at - knowledge.REACH if at > knowledge.REACH else 0
            threats = sum(near[low:at])
            for i in pawns[q * per : q * per + per]:
                if low <= i < at:
                    threats -= 1
            weight = lone - threat * threats
            weight = max(weight, floor)
            values[q] += weight * tiles.gain(piles[q], code[at])
        else:
            share = shared / len(holders)
            for q in holders:
                values[q] += share * tiles.gain(piles[q], code[at])
    return values


def moves(b: Board, player: int) -> list[tuple[int, int]]:
    """Distinct moves (VX-4) as (piece, how many legal actions it stands for): a piece is
    a pawn's number (``>= 0``) or ``-1 - guardian``. Pawns on one tile move alike, so one
    stands for all of them."""
    last = len(b.tiles) - 1
    per = b.per
    out: dict[int, list[int]] = {}
    for n in range(player * per, player * per + per):
        at = b.pawns[n]
        if at != last:
            got = out.get(at)
            if got is None:
                out[at] = [n, 1]
            else:
                got[1] += 1
    occupied = {at for at in b.pawns if at != last}
    guards: dict[int, list[int]] = {}
    for j, at in enumerate(b.guards):
        if at in occupied:
            got = guards.get(at)
            if got is None:
                guards[at] = [-1 - j, 1]
            else:
                got[1] += 1
    return [(m[0], m[1]) for m in out.values()] + [(m[0], m[1]) for m in guards.values()]


def play(b: Board, tiles: Tiles, piece: int, steps: int) -> Board:
    """A copy of the board after the current player moves ``piece`` by ``steps``: the tile
    left empty is taken and the track closes up (VX-5); the turn passes on (VX-6)."""
    b = b.copy()
    last = len(b.tiles) - 1
    if piece >= 0:
        origin = b.pawns[piece]
        b.pawns[piece] = target = min(origin + steps, last)
    else:
        origin = b.guards[-1 - piece]
        b.guards[-1 - piece] = target = min(origin + steps, last)
    if target != origin and origin != 0 and origin not in b.pawns and origin not in b.guards:
        mover = b.current
        b.piles[mover] = tiles.add(b.piles[mover], b.tiles[origin])
        del b.tiles[origin]
        b.pawns = [i - 1 if i > origin else i for i in b.pawns]
        b.guards = [i - 1 if i > origin else i for i in b.guards]
    b.current = next_player(b)
    return b


def next_player(b: Board) -> int:
    """Who moves after the current player; -1 when every pawn is home (the end)."""
    last = len(b.tiles) - 1
    per, n = b.per, b.players
    for k in range(1, n + 1):
        q = (b.current + k) % n
        if any(at != last for at in b.pawns[q * per : q * per + per]):
            return q
    return -1


def standing(values: list[float], player: int) -> float:
    """What normal maximizes: own evaluation minus the others' average."""
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - sum(others) / len(others)


def chance_of_winning(values: list[float], player: int, tiles_left: int) -> float:
    """The chance of beating every rival: a logistic of the evaluation's lead over each,
    as wide as the track still is long (the fewer tiles left, the less can change)."""
    width = max(WIDTH_FLOOR, WIDTH_PER_TILE * tiles_left)
    mine = values[player]
    chance = 1.0
    for q, v in enumerate(values):
        if q != player:
            chance /= 1.0 + math.exp((v - mine) / width)
    return chance


class _OutOfTime(Exception):
    pass


class Search:
    """Expectimax for one decision of ``me``; ``faces`` per level below the root."""

    def __init__(self, tiles: Tiles, me: int, deadline: float, faces: list[tuple[int, ...]]):
        self.tiles, self.me, self.deadline, self.faces = tiles, me, deadline, faces
        self.evaluations = 0

    def final(self, b: Board) -> float:
        """A finished game: a win (shared evenly) or a loss (VX-7)."""
        points = [self.tiles.points[p] for p in b.piles]
        best = max(points)
        return 0.0 if points[self.me] < best else 1.0 / points.count(best)

    def value(self, b: Board, values: list[float] | None = None) -> float:
        """The chance of beating every rival, from the evaluation (see the module)."""
        if b.current == -1:
            return self.final(b)
        if values is None:
            values = evaluate_all(b, self.tiles)
            self.evaluations += 1
        bonus = self.tiles.spare_bonus
        values = [v + bonus(pile) for v, pile in zip(values, b.piles)]
        return chance_of_winning(values, self.me, len(b.tiles) - 2)

    def replies(
        self, b: Board, options: list[tuple[int, int]], steps: int
    ) -> list[tuple[float, Board, list[float]]]:
        """The current player's move by normal's rule for a roll of ``steps``: the best
        standing one step ahead; tied moves share the chance (normal picks one at random)."""
        q = b.current
        tiles = self.tiles
        scored = []
        best = -1e18
        for piece, count in options:
            after = play(b, tiles, piece, steps)
            values = evaluate_all(after, tiles)
            score = standing(values, q)
            best = max(best, score)
            scored.append((score, count, after, values))
        self.evaluations += len(scored)
        if len(scored) == 1:
            return [(1.0, scored[0][2], scored[0][3])]
        tied = [(c, a, v) for s, c, a, v in scored if s >= best - 1e-9]
        total = sum(c for c, _, _ in tied)
        return [(c / total, a, v) for c, a, v in tied]

    def expect(
        self, b: Board, depth: int, values: list[float] | None = None, level: int = 0
    ) -> float:
        """The expected value with ``depth`` more turns to weigh: each face of the die for
        this level, then the rival's move by normal's rule, or the bot's own best move."""
        if b.current == -1:
            return self.final(b)
        if depth == 0:
            return self.value(b, values)
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        faces = self.faces[level]
        total = 0.0
        options = moves(b, b.current)
        if b.current == self.me:
            tiles = self.tiles
            for steps in faces:
                total += max(
                    self.expect(play(b, tiles, piece, steps), depth - 1, None, level + 1)
                    for piece, _ in options
                )
            return total / len(faces)
        for steps in faces:
            for weight, after, after_values in self.replies(b, options, steps):
                total += weight * self.expect(after, depth - 1, after_values, level + 1)
        return total / len(faces)


def choose_base(
    view: VerflixxtState, player: int, rng: random.Random, max_evaluations: int, abort_s: float
) -> Action:
    """The base game's move for the die in the view: each distinct legal move weighed by
    expectimax, one turn deeper at a time while the next depth's expected work (in
    evaluations, so the game is reproducible) keeps the total within
    ``max_evaluations``. The clock only guards: a depth still running after ``abort_s``
    is dropped and the last finished one decides."""
    return analyse_base(view, player, rng, max_evaluations, abort_s).choice


def analyse_base(
    view: VerflixxtState,
    player: int,
    rng: random.Random,
    max_evaluations: int,
    abort_s: float,
    measure: bool = False,
    extra: Sequence[Action] = (),
) -> Weighed:
    """``choose_base``'s decision as data (issue #40): each distinct move with its chance
    of winning from the deepest turn it was searched to (the moves dropped from the third
    turn on keep their last one) and, with ``measure``, the points its tile brings at once,
    whether that tile is a minus tile, and the evaluation's points after it. ``extra``:
    moves of the same kind as a weighed one (another pawn on the same tile) are added with
    that move's figures, so a played move is always found."""
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return Weighed([Candidate(legal[0])], 0)
    started = time.perf_counter()
    tiles = _tiles_for(view.box)
    b = board_of(view, tiles)
    per = b.per
    by_piece = {action.piece: action for action in legal if isinstance(action, Move)}
    die = view.die
    if die is None:
        raise ValueError("a base-game move is chosen after the roll")
    options = []  # (action, board after it), one per distinct move
    for piece, _ in moves(b, player):
        name = LETTERS[piece - player * per] if piece >= 0 else f"g{-piece}"
        options.append((by_piece[name], play(b, tiles, piece, die)))
    weighed: dict[Action, Candidate] = {action: Candidate(action) for action, _ in options}
    if measure:
        before = tiles.points[b.piles[player]]
        for action, after in options:
            now = tiles.points[after.piles[player]] - before
            took_minus = len(tiles.piles[after.piles[player]][2]) > len(
                tiles.piles[b.piles[player]][2]
            )
            weighed[action].measures.append(
                {
                    "points_now": float(now),
                    "minus": 1.0 if took_minus else 0.0,
                    "points": evaluate_all(after, tiles)[player],
                }
            )
    if len(options) == 1:
        return _weighed_base(weighed, options[0][0], b, view, extra)
    faces = [tuple(sorted(rng.sample(ALL_FACES, SAMPLED_FACES))) for _ in range(MAX_DEPTH)]
    search = Search(tiles, player, started + abort_s, faces)
    best_action = options[0][0]
    depth = 0
    growth: float = 18  # evaluations of a depth per evaluation of the one before
    spent: float = 0  # evaluations of the last depth (counting only the kept moves)
    while depth < MAX_DEPTH:
        before_evaluations = search.evaluations
        try:
            scored = sorted(
                (
                    (search.expect(after, depth), -i, action, after)
                    for i, (action, after) in enumerate(options)
                ),
                reverse=True,
            )
        except _OutOfTime:
            break
        best_action = scored[0][2]
        for value, _, action, _ in scored:
            weighed[action].samples = [value]
        if spent:
            growth = max(6, (search.evaluations - before_evaluations) / spent)
        spent = search.evaluations - before_evaluations
        if depth + 1 >= NARROW_FROM and len(scored) > KEEP:
            spent = spent * KEEP / len(scored)
            options = [(action, after) for _, _, action, after in scored[:KEEP]]
        depth += 1
        if spent == 0 or search.evaluations + growth * spent > max_evaluations:
            break
    if measure:
        for candidate in weighed.values():
            for m in candidate.measures:
                m["win"] = candidate.samples[0] if candidate.samples else 0.0
    return _weighed_base(weighed, best_action, b, view, extra)


def _weighed_base(
    weighed: dict[Action, Candidate],
    best: Action,
    b: Board,
    view: VerflixxtState,
    extra: Sequence[Action],
) -> Weighed:
    """The candidates, the chosen one first, then ``extra`` moves standing for a weighed
    one (pawns on one tile move alike, ``moves``)."""
    ordered = [weighed[best]] + [c for a, c in weighed.items() if a != best]
    where = {c.action: _tile_of(view, c.action) for c in ordered}
    for action in extra:
        if action in where:
            continue
        twin = next((c for c in ordered if where[c.action] == _tile_of(view, action)), None)
        if twin is not None:
            ordered.append(Candidate(action, list(twin.samples), list(twin.measures)))
    return Weighed(ordered, 0)


def _tile_of(view: VerflixxtState, action: Action) -> tuple[str, str] | None:
    """Which kind of piece a move moves and from where (twins move alike)."""
    if not isinstance(action, Move):
        return None
    piece = action.piece
    if piece.startswith("g"):
        return "g", view.guardians[int(piece[1:]) - 1]
    return "p", view.pawns[view.current][ord(piece) - 97]
