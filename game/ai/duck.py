"""Duck! Duck! Go! knowledge for the bots: an evaluation and the easy and normal levels.

Everything here reads only what a view shows (positions, headings, buoy tokens, the
bot's own hand) and asks the rules' preview (game.rules.duck.preview) where a card would
take a duck, so it never moves anything. ``normal`` is greedy: the card, route, facing or
warp that leaves the duck nearest (in hexes, bonks avoided) to its next buoy or, with all
three, the drain. The hound hunts the ducks with the most buoy tokens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from game.rules.duck import actions as A
from game.rules.duck import pending as P
from game.rules.duck.data import ALL_BUOYS, BUOY, FAR, PATTERN_NAMES, START, Board
from game.rules.duck.events import Bonk, Knocked
from game.rules.duck.preview import hound_walk, walk
from game.rules.duck.state import DuckState, Move
from game.rules.protocol import Action, Event, GameState

from . import state_of

WIN = 1_000_000.0
TOKEN = 100.0  # a buoy token outweighs any distance
KNOCKED = -60.0  # running into the hound


_POP = tuple((m).bit_count() for m in range(ALL_BUOYS + 1))
Need = tuple[tuple[int, ...], ...]  # need[mask][hex], see _need
Ranked = list[tuple[float, int, int]]  # (value, start hex, facing), best first
_TABLES: dict[Board, Need] = {}
_STARTS: dict[tuple[Board, int], Ranked] = {}  # by (board, mask); cleared with _TABLES


def _need(board: Board) -> Need:
    """``need[mask][h]``: hexes from ``h`` to the next thing a duck with buoy tokens
    ``mask`` needs: its nearest missing buoy, or the drain once it has all three."""
    tables = _TABLES.get(board)
    if tables is None:
        if len(_TABLES) + len(_STARTS) > 256:
            _TABLES.clear()
            _STARTS.clear()
        dist = board.dist
        need: list[tuple[int, ...]] = []
        for mask in range(ALL_BUOYS + 1):
            targets = [c for c in range(3) if not mask & (1 << c)] or [3]
            need.append(tuple(min(dist[c][h] for c in targets) for h in range(board.size)))
        tables = _TABLES[board] = tuple(need)
    return tables


def _place_value(board: Board, mask: int, h: int, f: int) -> float:
    """How good it is to stand on ``h`` facing ``f`` with buoy tokens ``mask``."""
    need = _need(board)[mask]
    d = need[h]
    value = TOKEN * _POP[mask] - min(d, 50)
    ahead = board.nbr[h * 6 + f]
    if ahead < 0:
        value -= 0.4
    elif need[ahead] < d or (mask == ALL_BUOYS and ahead == board.drain):
        value += 0.6
    return value


def _best_facing(board: Board, mask: int, h: int, options: Iterable[int]) -> tuple[float, int]:
    return max((_place_value(board, mask, h, f), -f) for f in options)


def _starts_by_value(board: Board, mask: int) -> Ranked:
    """Every start space with its best facing, best first, for a duck with ``mask``."""
    key = (board, mask)
    ranked = _STARTS.get(key)
    if ranked is None:
        ranked = []
        for s in board.starts:
            value, f = _best_facing(board, mask, s, range(6))
            ranked.append((value, s, -f))
        ranked.sort(reverse=True)
        ranked = _STARTS[key] = [(value, s, -f) for value, s, f in ranked]
    return ranked


def _best_start(view: DuckState, mask: int, duck: int) -> tuple[float, int, int]:
    """The best empty start space to warp to (DDG-15) and its facing."""
    taken = {p for d, p in enumerate(view.pos) if d != duck}
    taken.add(view.hound_pos)
    for value, s, f in _starts_by_value(view.board, mask):
        if s not in taken:
            return value, s, f
    return -FAR * 10.0, -1, 0


def _route_value(view: DuckState, duck: int, steps: Sequence[int], facings: Sequence[int]) -> float:
    """What moving ``duck`` along one route (from where it stands) is worth. The
    searches' playouts ask this for every card and route (issue #40: a good part of a
    hint's time), so the best facing is found by a plain loop: the largest of the same
    ``_place_value`` floats ``_best_facing`` takes the largest of."""
    board = view.board
    h, f, bonk, mask, won, hit, path, _touched, _knocks = walk(view, duck, steps)
    if won:
        return WIN
    if hit:
        return KNOCKED + TOKEN * _POP[mask]
    if bonk is not None:
        value = _place_value(board, mask, h, f) - 0.5
    else:
        value = _place_value(board, mask, h, (f + facings[0]) % 6)
        for x in facings[1:]:
            other = _place_value(board, mask, h, (f + x) % 6)
            value = max(value, other)
    kind = board.kind
    if kind[h] == BUOY:  # ends on a buoy: a free extra move (DDG-14)
        value += 1.0
    for t, _ in path:
        if kind[t] == START:
            value = max(value, _best_start(view, mask, duck)[0] - 0.1)  # a warp point
            break
    return value


def _card_value(view: DuckState, duck: int, card: int) -> float:
    return max(_route_value(view, duck, steps, facings) for steps, facings in view.cards[card])


def evaluate(state: GameState, player: int) -> float:
    """The player's position: its best duck's buoy tokens and nearness to its next
    target, against the best rival's. A win is worth everything."""
    state = state_of(DuckState, state)
    if state.winner is not None:
        return WIN if state.winner == player else -WIN
    board = state.board

    def best(p: int) -> float:
        values = [
            _place_value(board, state.buoys[d], state.pos[d], state.head[d])
            if state.pos[d] >= 0
            else TOKEN * _POP[state.buoys[d]] - 50
            for d in state.ducks_of(p)
        ]
        return max(values)

    mine = best(player)
    rivals = [best(p) for p in range(state.players) if p != player]
    return mine - 0.5 * max(rivals) if rivals else mine


def evaluate_all(state: GameState) -> list[float]:
    """Every player's prospects for the search (hard): where its best duck can get with
    the cards it holds, one round on — the best of its hand's cards played from where
    the duck stands (its route value, bonks and buoys included) — rather than where it
    stands now. After a round everybody holds the cards they kept plus one drawn: a duck
    near its buoy with nothing to reach it is not near. Absolute, per player; a won game
    is worth WIN to the winner and -WIN to the rest."""
    state = state_of(DuckState, state)
    if state.winner is not None:
        return [WIN if p == state.winner else -WIN for p in range(state.players)]
    out = []
    for p in range(state.players):
        hand = state.hands[p]
        best = -FAR * 10.0
        for d in state.ducks_of(p):
            if state.pos[d] < 0 or not hand:
                value = (
                    _place_value(state.board, state.buoys[d], state.pos[d], state.head[d])
                    if state.pos[d] >= 0
                    else TOKEN * _POP[state.buoys[d]] - 50
                )
            else:
                value = max(_card_value(state, d, c) for c in hand)
            best = max(best, value)
        out.append(best)
    return out


# -- normal: greedy ------------------------------------------------------------------------------
def normal(view: GameState, player: int, rng: random.Random) -> Action:
    view = state_of(DuckState, view)
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if player in view.discarding or isinstance(view.pending, P.Discard):
        return _discard(view, player, legal)
    if phase == "order":
        return max(legal, key=lambda a: a.card if isinstance(a, A.OrderCard) else -1)
    if phase == "choose":
        return _choose(view, player, legal)
    handler = _HANDLERS.get(type(_pending(view)))
    return handler(view, player, legal) if handler else legal[0]


Legal = Sequence[Action]


def _pending(view: DuckState) -> P.Pending:
    """The decision pending (there is one outside the order and choose phases)."""
    if view.pending is None:
        raise ValueError(f"no decision is pending in phase {view.phase}")
    return view.pending


def _piece(view: DuckState) -> int:
    """The duck (or the hound, below 0) the pending decision is about."""
    pending = _pending(view)
    if not isinstance(pending, P.OfPiece):
        raise TypeError(f"the pending decision {pending!r} is not about a piece")
    return pending.piece


def _moving(view: DuckState) -> Move:
    """The piece moving now (a warp or a facing is decided during a move)."""
    if view.mv is None:
        raise ValueError("no piece is moving")
    return view.mv


def _choose(view: DuckState, player: int, legal: Legal) -> Action:
    ducks = list(view.ducks_of(player))
    hand = view.hands[player]
    values = {(d, c): _card_value(view, d, c) for d in ducks for c in hand}
    if len(ducks) == 1:  # one card (DDG-11)
        cards = [a for a in legal if isinstance(a, A.ChooseCard)]
        return max(cards, key=lambda a: (values[(ducks[0], a.card)], -a.card))
    pairs = [a for a in legal if isinstance(a, A.ChooseCards)]  # one per duck (DDG-26)
    return max(
        pairs, key=lambda a: (values[(ducks[0], a.first)] + values[(ducks[1], a.second)], -a.first)
    )


def _moves(view: DuckState, player: int, legal: Legal) -> Action:
    duck = _piece(view)
    routes = [a for a in legal if isinstance(a, A.Route)]
    return max(
        routes,
        key=lambda a: (_route_value(view, duck, *view.cards[a.card][a.index]), -a.card, -a.index),
    )


def _place(view: DuckState, player: int, legal: Legal) -> Action:
    board = view.board
    places = [a for a in legal if isinstance(a, A.Place)]
    return max(places, key=lambda a: _place_value(board, 0, board.index[(a.q, a.r)], a.facing))


def _face(view: DuckState, player: int, legal: Legal) -> Action:
    piece = _piece(view)
    if piece < 0:
        return _hound_face(view, player, legal)
    board = view.board
    h, mask = view.pos[piece], view.buoys[piece]
    faces = [a for a in legal if isinstance(a, A.Face)]
    return max(faces, key=lambda a: (_place_value(board, mask, h, a.facing), -a.facing))


def _warp(view: DuckState, player: int, legal: Legal) -> Action:
    piece = _piece(view)
    if piece < 0:
        return A.STAY
    board, mv = view.board, _moving(view)
    mask = view.buoys[piece]
    rest = mv.steps[mv.idx :]
    stay = (
        _route_value(view, piece, rest, mv.facings)
        if rest
        else _best_facing(
            board, mask, view.pos[piece], [(view.head[piece] + x) % 6 for x in mv.facings]
        )[0]
    )
    best = stay
    choice: Action = A.STAY
    for a in legal:
        if isinstance(a, A.Warp):
            value = _place_value(board, mask, board.index[(a.q, a.r)], a.facing)
            if value > best:
                best, choice = value, a
    return choice


def _send(view: DuckState, player: int, legal: Legal) -> Action:
    board = view.board
    duck = _piece(view)
    mask = view.buoys[duck]
    sign = 1 if view.owner(duck) == player else -1
    sends = [a for a in legal if isinstance(a, A.Send)]
    return max(sends, key=lambda a: sign * -_need(board)[mask][board.index[(a.q, a.r)]])


def _threat(view: DuckState, player: int, knocked: Iterable[int]) -> float:
    return sum((1 + _POP[view.buoys[d]]) * (-1 if view.owner(d) == player else 1) for d in knocked)


def _hound_face(view: DuckState, player: int, legal: Legal) -> Action:
    """The facing (on the drain, or after a hound route) from which two patterns would
    knock the most valuable rival ducks."""
    patterns = [steps for steps, _ in view.patterns]
    here = view.hound_pos if view.hound_pos >= 0 else view.board.drain

    def value(a: A.Face | A.HoundFace) -> float:
        return max(
            _threat(view, player, hound_walk(view, (p, q), (here, a.facing))[2])
            for p in patterns
            for q in patterns
        )

    faces = [a for a in legal if isinstance(a, (A.Face, A.HoundFace))]
    return max(faces, key=lambda a: (value(a), -a.facing))


def _hound_move(view: DuckState, player: int, legal: Legal) -> Action:
    def value(a: A.HoundPatterns | A.HoundCard) -> float:
        if isinstance(a, A.HoundPatterns):
            routes = [view.patterns[PATTERN_NAMES.index(n)][0] for n in a.patterns]
            bonus = 0.01  # keep the cards for the ducks
        else:
            routes = [view.cards[a.card][a.index][0]]
            bonus = 0.0
        _end, _, knocked, off = hound_walk(view, routes)
        return _threat(view, player, knocked) + bonus - (0.5 if off else 0.0)

    moves = [a for a in legal if isinstance(a, (A.HoundPatterns, A.HoundCard))]
    return max(moves, key=lambda a: (value(a), str(a)))


def _post(view: DuckState, player: int, legal: Legal) -> Action:
    return A.DONE if A.DONE in legal else legal[0]


def _discard(view: DuckState, player: int, legal: Legal) -> Action:
    """Discard the three cards worth least: a card is worth what it does for the duck
    it suits best (with two ducks, DDG-26, the second duck's good card is kept too)."""
    ducks = [d for d in view.ducks_of(player) if view.pos[d] >= 0] or [view.ducks_of(player)[0]]
    worth = {c: max(_card_value(view, d, c) for d in ducks) for c in view.hands[player]}
    discards = [a for a in legal if isinstance(a, A.Discard)]
    return min(discards, key=lambda a: sum(worth[c] for c in a.cards))


_HANDLERS: dict[type[P.Pending], Callable[[DuckState, int, Legal], Action]] = {
    P.Place: _place,
    P.Pre: _moves,
    P.Extra: _moves,
    P.Face: _face,
    P.Warp: _warp,
    P.Post: _post,
    P.Send: _send,
    P.HoundFace: _hound_face,
    P.HoundMove: _hound_move,
    P.HoundPattern: _hound_move,
}


# -- easy: random with light sense -----------------------------------------------------------------
def easy(view: GameState, player: int, rng: random.Random) -> Action:
    """A random legal action, but never a route that bonks when one does not, nor a
    facing straight at the edge when another exists."""
    view = state_of(DuckState, view)
    legal = view.legal_actions(player)
    pending = view.pending
    if isinstance(pending, (P.Pre, P.Extra)):
        duck = _piece(view)
        routes = [a for a in legal if isinstance(a, A.Route)]
        clean = [a for a in routes if walk(view, duck, view.cards[a.card][a.index][0])[2] is None]
        if clean:
            return rng.choice(clean)
    if isinstance(pending, P.Face) and _piece(view) >= 0:
        h = view.pos[_piece(view)]
        open_ = [
            a for a in legal if isinstance(a, A.Face) and view.board.nbr[h * 6 + a.facing] >= 0
        ]
        if open_:
            return rng.choice(open_)
    return rng.choice(legal)


# -- the coach's measures (issue #40) --------------------------------------------------------------
def measure(state: GameState, player: int, events: list[Event]) -> dict[str, float]:
    """What a playout of the search did for ``player``, in the game's own terms, for the
    coach's words (``game.ai.coach``): buoy tokens held at its end, hexes from the
    nearest of the player's ducks to what it needs next, whether one of its ducks bonked
    or was knocked off on the way, and whether the player won. Reads the playout's world
    and events only (a determinization of the seat's view)."""
    state = state_of(DuckState, state)
    ducks = set(state.ducks_of(player))
    board = state.board
    need = _need(board)
    on_board = [d for d in ducks if state.pos[d] >= 0]
    hexes = min((need[state.buoys[d]][state.pos[d]] for d in on_board), default=FAR)
    return {
        "buoys": float(max(_POP[state.buoys[d]] for d in ducks)),
        "hexes": float(min(hexes, 50)),
        "bonk": float(any(isinstance(e, Bonk) and e.duck in ducks for e in events)),
        "knocked": float(any(isinstance(e, Knocked) and e.duck in ducks for e in events)),
        "win": float(state.winner == player),
    }


def coach_playouts(view: object) -> int | None:
    """The coach's playouts for a hint (game.ai.coach): the generic search is bound by
    the clock at the table; the coach bounds it by work so a hint repeats itself."""
    return 80
