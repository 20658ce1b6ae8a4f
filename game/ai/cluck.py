"""Cluck-peep! knowledge for the bots: ``evaluate`` (chicks on the stand plus the odds of
this round's chicks reaching a nest), ``easy`` and ``normal`` (greedy).

Bots get a view: the hidden tile is never read there; its odds come from the road tiles
the player cannot see (``unseen_tiles``), each equally likely either way up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.rules.cluck import (
    CHICKS,
    MAX_ROUNDS,
    PLACE,
    Band,
    ChooseHole,
    CluckState,
    PlaceTile,
    TileSet,
    preview,
    stand_after,
    trace,
)
from game.rules.cluck.state import HAND_LONG, WINNING_CHICKS
from game.rules.cluck.tiles import COLUMNS
from game.rules.protocol import Action, Player

from .search import Candidate, Weighed, clear_winner

WIN_BONUS = 5.0


def _hidden_bands(state: CluckState, player: Player, peek: bool) -> list[Band]:
    if peek and not state.is_view and state.hidden is not None:
        tile, turned = state.hidden
        if tile is not None and turned is not None:  # a full state knows both
            return [state.tiles.band(tile, turned)]
    return [
        state.tiles.band(t, turned) for t in state.unseen_tiles(player) for turned in (False, True)
    ]


def _projected_stands(
    state: CluckState, player: Player, starts: dict[int, int], extra: Band | None, peek: bool
) -> list[float]:
    """Each player's expected stand once this round is scored, if the ladder were finished
    by ``extra`` (a tile about to be laid) and the hidden tile, averaged over what the
    hidden tile may be. Later placements are not guessed."""
    remaining = (
        len(state.order) - state.turn if state.phase == PLACE else state.placements_per_round()
    )
    rows = state.ladder_rows()
    if extra is not None:
        rows.append((extra, state.supply > 0))
    chick_on_hidden = state.supply > remaining  # CP-11: one chick per tile while any
    traces = trace(starts, rows)
    nests = state.tiles.goal(state.nest_stack[0]).nests
    runaway = state.options["runaway"]
    bands = _hidden_bands(state, player, peek)
    totals = [0.0] * state.players
    for band in bands:
        for p, t in traces.items():
            held = len(t.collected) + (chick_on_hidden and band.collector == t.end)
            totals[p] += stand_after(state.stands[p], held, band.exits[t.end] in nests, runaway)
    out = [float(s) for s in state.stands]
    for p in traces:
        out[p] = totals[p] / len(bands)
    return out


def _margin(stands: list[float], player: Player) -> float:
    return stands[player] - max(s for q, s in enumerate(stands) if q != player)


def _placement(action: Action) -> PlaceTile:
    """``action`` as the tile placement it must be once a hole choice is ruled out."""
    if not isinstance(action, PlaceTile):
        raise TypeError(f"not a Cluck-peep! action: {action!r}")
    return action


def _starts(state: CluckState) -> dict[int, int]:
    return {p: c for p, c in enumerate(state.chickens) if c is not None}


def evaluate(state: CluckState, player: Player) -> float:
    """Chicks ahead of the best rival, this round's chicks counted at their nest odds and
    trusted more the fuller the ladder is. On a full state the hidden tile is known."""
    stands = [float(s) for s in state.stands]
    if state.is_over():
        return _margin(stands, player) + (WIN_BONUS if player in state.winners() else 0.0)
    projected = _projected_stands(state, player, _starts(state), None, peek=True)
    certainty = 0.5 + 0.5 * (state.turn / len(state.order)) if state.phase == PLACE else 0.5
    return _margin([s + certainty * (p - s) for s, p in zip(stands, projected)], player)


def _action_value(view: CluckState, player: Player, action: Action) -> float:
    starts = _starts(view)
    extra = None
    if isinstance(action, ChooseHole):
        starts[player] = action.column
    else:
        placed = _placement(action)
        extra = view.tiles.band(placed.tile, placed.turned)
    return _margin(_projected_stands(view, player, starts, extra, peek=False), player)


def _best(
    view: CluckState,
    player: Player,
    rng: random.Random,
    legal: Sequence[Action],
    value: Callable[[Action], float],
) -> Action:
    scored = [(value(a), a) for a in legal]
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])


def normal(view: CluckState, player: Player, rng: random.Random) -> Action:
    """Greedy: the hole or tile (either way up) with the best expected chick margin."""
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    return _best(view, player, rng, legal, lambda a: _action_value(view, player, a))


def easy(view: CluckState, player: Player, rng: random.Random) -> Action:
    """Random, with light sense: as the table's preview shows the ladder (the hidden tile
    passed straight), it would rather bring chicks to a nest, else at least reach one."""
    legal = view.legal_actions(player)
    if isinstance(legal[0], ChooseHole):
        nests = view.tiles.goal(view.nest_stack[0]).nests
        holes = [a for a in legal if isinstance(a, ChooseHole)]  # all of them: CP-3
        return rng.choice([a for a in holes if a.column in nests] or list(legal))
    places = [_placement(a) for a in legal]
    mine = {a: preview(view, player, a.tile, a.turned)[player] for a in places}
    fed = [a for a, m in mine.items() if m.nest and m.trace.collected]
    nested = [a for a, m in mine.items() if m.nest]
    return rng.choice(fed or nested or list(legal))


# -- hard: a dedicated simulator over ladder bands -----------------------------------------
#
# A decision in Cluck-peep! is tiny (a hole, or 2 tiles x 2 ways up), and a round is five
# bands laid over five lines: so instead of cloning whole states, hard keeps only which
# chicken stands on which line, what each one holds, the stands, the pile and the hands,
# and plays many sampled worlds to the END OF THE GAME (most chicks after at most 4 rounds
# wins, CP-9/CP-10) for each of its actions on the same worlds. A world is dealt from the
# view alone: the tiles the bot cannot see (others' hands, the hidden tile and its way up,
# the pile order) shuffled afresh. Everybody else, and the bot itself in later turns, plays
# the normal bot's greedy rule (computed here in a few operations per action).

_SLOTS = 4 * COLUMNS  # per line: (collects the hidden chick?) x (ends on a nest?)


_BandRow = tuple[tuple[int, ...], int]  # a band as (exits, collector)


class _Tables:
    """Per tile set: each (tile, turned) as (exits, collector), and per nest set each
    tile's contribution to a hidden-tile count per line."""

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self.ids = tuple(tiles.road_ids)
        self.band: dict[tuple[int, bool], _BandRow] = {
            (t, turned): (tiles.band(t, turned).exits, tiles.band(t, turned).collector)
            for t in self.ids
            for turned in (False, True)
        }
        # per band, the line each line's chicken came from (the rungs swap lines: a
        # permutation), so a band passed is one list lookup per line (the searches' hot path)
        self.came_from: dict[tuple[int, bool], tuple[int, ...]] = {}
        for key, (exits, _) in self.band.items():
            if sorted(exits) != list(range(COLUMNS)):
                raise ValueError(f"road tile {key[0]} does not swap its lines: {exits}")
            came = [0] * COLUMNS
            for c, e in enumerate(exits):
                came[e] = c
            self.came_from[key] = tuple(came)
        self._contrib: dict[frozenset[int], dict[int, list[int]]] = {}

    def contrib(self, nests: frozenset[int]) -> dict[int, list[int]]:
        """tile -> _SLOTS counts, index 4 * line + 2 * collects + nest: how many of the tile's
        two ways up, lying hidden under a chicken on that line, give it the hidden chick
        and/or a nest."""
        table = self._contrib.get(nests)
        if table is None:
            table = {}
            for t in self.ids:
                counts = [0] * _SLOTS
                for turned in (False, True):
                    exits, collector = self.band[t, turned]
                    for c in range(COLUMNS):
                        counts[4 * c + 2 * (collector == c) + (exits[c] in nests)] += 1
                table[t] = counts
            table[ALL] = [sum(table[t][i] for t in self.ids) for i in range(_SLOTS)]
            self._contrib[nests] = table
        return table


_TABLES: dict[int, _Tables] = {}
ALL = 0  # key of the sum over all road tiles (tile ids start at 1)


def _tables(tiles: TileSet) -> _Tables:
    table = _TABLES.get(id(tiles))
    if table is None or table.tiles is not tiles:
        table = _TABLES[id(tiles)] = _Tables(tiles)
    return table


NO_NESTS: frozenset[int] = frozenset()  # the start tile, once it goes under the nest stack


class _World:
    """One dealt world, as little as the rules need (base game and both variants)."""

    __slots__ = (
        "chickens",
        "counts",
        "hands",
        "held",
        "hidden",
        "laid",
        "long_road",
        "nests",
        "order",
        "phase_holes",
        "pile",
        "players",
        "pos",
        "round",
        "runaway",
        "stands",
        "start",
        "supply",
        "tab",
        "turn",
    )
    tab: _Tables
    players: int
    long_road: bool
    runaway: bool
    round: int
    start: Player
    order: list[Player]
    turn: int
    chickens: list[int | None]
    nests: list[frozenset[int]]  # the nest stack's nests, top first
    pile: list[int]
    hands: list[list[int]]
    hidden: tuple[int, bool]  # (tile, turned)
    laid: list[int]
    pos: list[int]  # per line, the seat whose chicken is on it, or -1
    held: list[int]
    supply: int
    stands: list[int]
    counts: list[int]
    phase_holes: bool

    def copy(self) -> _World:
        w = object.__new__(_World)
        w.tab, w.players, w.long_road, w.runaway = (
            self.tab,
            self.players,
            self.long_road,
            self.runaway,
        )
        w.round, w.start, w.order, w.turn = self.round, self.start, self.order, self.turn
        w.chickens = list(self.chickens)
        w.nests = list(self.nests)
        w.pile = list(self.pile)
        w.hands = [list(h) for h in self.hands]
        w.hidden = self.hidden
        w.laid = list(self.laid)
        w.pos = list(self.pos)
        w.held = list(self.held)
        w.supply = self.supply
        w.stands = list(self.stands)
        w.counts = self.counts  # never changed in place: a change is a new list
        w.phase_holes = self.phase_holes
        return w


def _deal(view: CluckState, player: Player, rng: random.Random) -> _World:
    tab = _tables(view.tiles)
    w = object.__new__(_World)
    w.tab, w.players = tab, view.players
    w.long_road, w.runaway = view.options["long_road"], view.options["runaway"]
    w.round, w.start = view.round, view.start_player
    w.order, w.turn = list(view.order), view.turn
    w.chickens = list(view.chickens)
    w.nests = [view.tiles.goal(g).nests for g in view.nest_stack]
    dealt = view.determinize(rng)  # K-10: each face-down place from its own batch
    if dealt.hidden is None:
        raise ValueError("a Cluck-peep! round in play has a hidden tile")
    tile, turned = dealt.hidden
    if tile is None or turned is None:
        raise ValueError("a determinized Cluck-peep! state still hides a tile")
    w.hands = [_dealt_tiles(h) for h in dealt.hands]
    w.hidden = (tile, turned)
    w.pile = _dealt_tiles(dealt.pile)
    w.laid = [r.tile for r in view.ladder]
    w.supply, w.stands = view.supply, list(view.stands)
    w.phase_holes = view.phase != PLACE
    w.pos = [-1] * COLUMNS
    w.held = [0] * view.players
    for p, c in enumerate(w.chickens):
        if c is not None:
            w.pos[c] = p
    for r in view.ladder:
        _pass(w, tab.band[r.tile, r.turned], tab.came_from[r.tile, r.turned], r.chick)
    _recount(w)
    return w


def _dealt_tiles(tiles: list[int | None]) -> list[int]:
    """Tiles of a determinized state: every face-down place has been dealt one."""
    out = [t for t in tiles if t is not None]
    if len(out) != len(tiles):
        raise ValueError("a determinized Cluck-peep! state still hides a tile")
    return out


def _pass(w: _World, band: _BandRow, came_from: tuple[int, ...], chick: bool) -> None:
    """The chickens go through one band: the one entering on the collector's line takes
    the chick (CP-6); then the rungs swap lines (``came_from``: _Tables.came_from)."""
    pos = w.pos
    collector = band[1]
    if chick and pos[collector] >= 0:
        w.held[pos[collector]] += 1
    w.pos = [pos[c] for c in came_from]


def _recount(w: _World) -> None:
    """Hidden-tile counts over every tile not on the ladder (each player then takes out
    the tiles in their own hand, as the normal bot does)."""
    contrib = w.tab.contrib(w.nests[0])
    counts = list(contrib[ALL])
    for t in w.laid:
        counts = [n - v for n, v in zip(counts, contrib[t])]
    w.counts = counts


def _expected(
    w: _World, pos: list[int], held: list[int], counts: list[int], total: int, coh: bool
) -> list[float]:
    out = [float(s) for s in w.stands]
    runaway = w.runaway
    for c in range(COLUMNS):
        p = pos[c]
        if p < 0:
            continue
        base = 4 * c
        s, k = w.stands[p], held[p]
        if runaway:
            e = 0.0
            for b in (0, 1):
                kk = k + (b and coh)
                e += counts[base + 2 * b] * (s - min(kk, s)) + counts[base + 2 * b + 1] * (s + kk)
            out[p] = e / total
        else:
            out[p] = s + (counts[base + 1] * k + counts[base + 3] * (k + coh)) / total
    return out


def _counts_seen_by(w: _World, q: Player) -> tuple[list[int], int]:
    """The hidden-tile counts over the tiles seat ``q`` cannot see (all not on the ladder
    but its own hand: ``unseen_tiles``), and how many ways up that is."""
    contrib = w.tab.contrib(w.nests[0])
    counts = w.counts
    for t in w.hands[q]:
        counts = [n - v for n, v in zip(counts, contrib[t])]
    return counts, sum(
        counts
    ) // COLUMNS  # read only: every change makes a new list  # each tile counts once per line


_Odds = list[tuple[float, float]]  # per line: (a, b), see _line_odds


def _line_odds(w: _World, q: Player, coh: bool) -> tuple[_Odds | None, list[int], int]:
    """Per line, as seat ``q`` (the normal bot) sees the hidden tile from what it cannot
    see: (a, b) with expected stand = stand + held * a + b for a chicken there (the base
    game), or the raw counts and their total (runaway chicks need them)."""
    counts, total = _counts_seen_by(w, q)
    if w.runaway:
        return None, counts, total
    odds = [
        (
            (counts[4 * c + 1] + counts[4 * c + 3]) / total,
            (counts[4 * c + 3] / total) if coh else 0.0,
        )
        for c in range(COLUMNS)
    ]
    return odds, counts, total


def _margin_after(
    w: _World,
    q: Player,
    pos: list[int],
    held: list[int],
    odds: _Odds | None,
    counts: list[int],
    total: int,
    coh: bool,
) -> float:
    if odds is None:
        expected = _expected(w, pos, held, counts, total, coh)
        return expected[q] - max(v for p, v in enumerate(expected) if p != q)
    stands = w.stands
    mine = 0.0
    other: float | None = None  # the best rival's expected stand
    for c in range(COLUMNS):
        p = pos[c]
        if p < 0:
            continue
        a, b = odds[c]
        e = stands[p] + held[p] * a + b
        if p == q:
            mine = e
        elif other is None or e > other:
            other = e
    for p in range(w.players):  # a seat without a chicken keeps its stand
        if p != q and p not in pos and (other is None or stands[p] > other):
            other = stands[p]
    return mine - (other or 0.0)


def _idle_best(w: _World, q: Player) -> int | None:
    """The best stand among ``q``'s rivals without a chicken on a line (they keep it),
    or None: the same for every tile ``q`` may lay (a band only swaps the lines)."""
    best: int | None = None
    for p in range(w.players):
        if p != q and p not in w.pos and (best is None or w.stands[p] > best):
            best = w.stands[p]
    return best


def _placed_margin(
    w: _World,
    q: Player,
    came_from: tuple[int, ...],
    taker: int,
    odds: _Odds,
    idle: int | None,
) -> float:
    """``_margin_after`` of the base game for one tile laid, without building the lines
    after it: ``came_from`` is the band's (_Tables.came_from), ``taker`` the seat whose
    chicken takes the band's chick (or -1), ``idle`` is ``_idle_best``. The same sums
    in the same order as ``_margin_after``, so the same floats: only fewer lists."""
    stands, held, pos = w.stands, w.held, w.pos
    mine = 0.0
    other: float | None = None
    for c in range(COLUMNS):
        p = pos[came_from[c]]
        if p < 0:
            continue
        a, b = odds[c]
        e = stands[p] + (held[p] + (p == taker)) * a + b
        if p == q:
            mine = e
        elif other is None or e > other:
            other = e
    if idle is not None and (other is None or idle > other):
        other = idle
    return mine - (other or 0.0)


def _greedy_place(w: _World, q: Player, rng: random.Random) -> tuple[int, bool]:
    """The normal bot's choice for seat ``q`` in this world: the tile and way up with the
    best expected chick margin, the hidden tile averaged over what q cannot see."""
    remaining = len(w.order) - w.turn
    coh = w.supply > remaining
    chick = w.supply > 0
    odds, counts, total = _line_odds(w, q, coh)
    best: list[tuple[int, bool]] = []
    top: float | None = None
    pos = w.pos
    band, came_from = w.tab.band, w.tab.came_from
    idle = _idle_best(w, q)
    for t in w.hands[q]:
        for turned in (False, True):
            collector = band[t, turned][1]
            if odds is not None:  # the base game: the margin straight from the lines
                value = _placed_margin(
                    w, q, came_from[t, turned], pos[collector] if chick else -1, odds, idle
                )
            else:
                held = w.held
                if chick and pos[collector] >= 0:
                    held = list(held)
                    held[pos[collector]] += 1
                new = [pos[c] for c in came_from[t, turned]]
                value = _margin_after(w, q, new, held, odds, counts, total, coh)
            if top is None or value > top + 1e-9:
                best, top = [(t, turned)], value
            elif value >= top - 1e-9:
                best.append((t, turned))
    return best[0] if len(best) == 1 else rng.choice(best)


def _greedy_hole(w: _World, q: Player, rng: random.Random) -> int:
    """The normal bot's hole (CP-3): the best expected chick margin once the hidden tile
    (with its chick) lies below START."""
    counts, total = _counts_seen_by(w, q)
    best: list[int] = []
    top: float | None = None
    for c in range(COLUMNS):
        if w.pos[c] >= 0:
            continue
        pos = list(w.pos)
        pos[c] = q
        e = _expected(w, pos, w.held, counts, total, True)
        value = e[q] - max(v for p, v in enumerate(e) if p != q)
        if top is None or value > top + 1e-9:
            best, top = [c], value
        elif value >= top - 1e-9:
            best.append(c)
    return best[0] if len(best) == 1 else rng.choice(best)


def _do_hole(w: _World, q: Player, column: int) -> None:
    w.chickens[q] = column
    w.pos[column] = q
    w.turn += 1
    if w.turn == len(w.order):
        _begin_round(w)


def _begin_round(w: _World) -> None:
    w.phase_holes = False
    seats = [(w.start + i) % w.players for i in range(w.players)]
    if w.long_road:
        for p in seats:
            while len(w.hands[p]) < HAND_LONG:
                w.hands[p].append(w.pile.pop(0))
        w.order = seats * 2
    else:
        w.order = seats
    w.turn = 0
    if not w.long_road:
        w.hands[w.order[0]].append(w.pile.pop(0))


def _do_place(w: _World, q: Player, tile: int, turned: bool, rng: random.Random) -> bool:
    """Lay a tile; True when the game is over after it."""
    w.hands[q].remove(tile)
    chick = w.supply > 0
    if chick:
        w.supply -= 1
    _pass(w, w.tab.band[tile, turned], w.tab.came_from[tile, turned], chick)
    w.laid.append(tile)
    contrib = w.tab.contrib(w.nests[0])[tile]
    w.counts = [n - v for n, v in zip(w.counts, contrib)]
    w.turn += 1
    if w.turn < len(w.order):
        if not w.long_road:
            w.hands[w.order[w.turn]].append(w.pile.pop(0))
        return False
    return _end_round(w, rng)


def _end_round(w: _World, rng: random.Random) -> bool:
    tile, turned = w.hidden
    chick = w.supply > 0
    if chick:
        w.supply -= 1
    _pass(w, w.tab.band[tile, turned], w.tab.came_from[tile, turned], chick)
    w.laid.append(tile)
    nests = w.nests.pop(0)
    for c in range(COLUMNS):
        p = w.pos[c]
        if p >= 0:
            w.stands[p] = stand_after(w.stands[p], w.held[p], c in nests, w.runaway)
            w.chickens[p] = c
    if max(w.stands) >= WINNING_CHICKS or w.round == MAX_ROUNDS:  # CP-9
        return True
    # CP-8 clean-up: every chick not on a stand is back in the supply
    w.supply = CHICKS - sum(w.stands)
    rng.shuffle(w.laid)
    w.pile.extend(w.laid)
    w.laid = []
    w.nests.append(NO_NESTS)  # the old start tile goes under the nest stack
    w.hidden = (w.pile.pop(0), rng.random() < 0.5)
    w.round += 1
    w.start = (w.start + 1) % w.players
    w.held = [0] * w.players
    _recount(w)
    _begin_round(w)
    return False


def _finish(w: _World, me: Player, rng: random.Random) -> float:
    """Everybody plays the greedy rule to the end of the game: my share of the win."""
    over = False
    while w.phase_holes:
        q = w.order[w.turn]
        _do_hole(w, q, _greedy_hole(w, q, rng))
    while not over:
        q = w.order[w.turn]
        tile, turned = _greedy_place(w, q, rng)
        over = _do_place(w, q, tile, turned, rng)
    return _share(w, me)


def _share(w: _World, me: Player) -> float:
    """CP-10: most chicks wins, ties share."""
    best = max(w.stands)
    if w.stands[me] < best:
        return 0.0
    return 1.0 / w.stands.count(best)


def _play(w: _World, me: Player, action: Action, rng: random.Random) -> float:
    """My share of the win after ``action`` in world ``w``, everybody greedy after it."""
    if isinstance(action, ChooseHole):
        _do_hole(w, me, action.column)
        return _finish(w, me, rng)
    placed = _placement(action)
    if _do_place(w, me, placed.tile, placed.turned, rng):
        return _share(w, me)
    return _finish(w, me, rng)


HARD_PLAYOUTS = 256  # per decision at the default thinking time (50 ms), shared out
# over the legal actions; the setting scales it
HARD_CONFIDENCE = 1.0  # standard errors a challenger must beat normal's move by


def hard(
    view: CluckState,
    player: Player,
    rng: random.Random,
    budget_ms: float = 50.0,
    max_iterations: int = 400,
) -> Action:
    """Normal's move, unless another action wins clearly more often. Every legal action is
    played out to the end of the game on the same dealt worlds (HARD_PLAYOUTS in all, so
    the bot is bounded by work, not by the clock, and repeats itself under load); a
    challenger replaces normal's move only when its paired advantage in wins is beyond
    HARD_CONFIDENCE standard errors (chance dominates this game: most differences are
    noise). ``max_iterations`` is the common signature's: the work here is
    HARD_PLAYOUTS, scaled by the thinking time."""
    return analyse_hard(view, player, rng, budget_ms).choice


def analyse_hard(
    view: CluckState,
    player: Player,
    rng: random.Random,
    budget_ms: float = 50.0,
    max_iterations: int = 400,
    measure: bool = False,
    extra: Sequence[Action] = (),
) -> Weighed:
    """``hard``'s decision as data (issue #40): every legal action with its share of the
    win per dealt world and, with ``measure``, the chicks it ended the game with and the
    lead over the best rival (read off the finished world, drawing nothing from ``rng``).
    ``extra`` is for the generic coach's signature: every legal action is weighed here."""
    legal = view.legal_actions(player)
    if len(legal) == 1:
        return Weighed([Candidate(legal[0])], 0)
    prior = legal.index(normal(view, player, random.Random(rng.random())))
    worlds = max(2, round(HARD_PLAYOUTS * budget_ms / 50.0) // len(legal))
    weighed = [Candidate(a) for a in legal]
    for _ in range(worlds):
        world = _deal(view, player, rng)
        seed = rng.random()
        for i, action in enumerate(legal):
            played = world.copy()
            weighed[i].samples.append(_play(played, player, action, random.Random(seed)))
            if measure:
                rivals = max(s for q, s in enumerate(played.stands) if q != player)
                weighed[i].measures.append(
                    {
                        "win": weighed[i].samples[-1],
                        "chicks": float(played.stands[player]),
                        "lead": float(played.stands[player] - rivals),
                    }
                )
    return Weighed(weighed, clear_winner([c.samples for c in weighed], prior, HARD_CONFIDENCE))
