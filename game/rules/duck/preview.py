"""Where a card would take a duck, without moving it: for the UI's route preview and the
bots. Pure: the state is only read, and only what every player may see (positions,
headings, buoy tokens, ghost/hound status), so a view can be asked too.

It follows the same rules as the move itself (DDG-13 bonks, DDG-14 buoys, DDG-16 drain,
DDG-24 the hound, DDG-25 ghost and become the hound) and assumes the duck does not warp:
``warps`` lists the start spaces where the player could.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from . import pending as P
from .data import ALL_BUOYS, BUOY, COLOURS, START
from .hexes import DIRECTIONS, back
from .state import DuckState

EDGE, DUCK, DRAIN = "edge", "duck", "drain"


@dataclass(frozen=True)
class Preview:
    duck: int
    card: int
    route: int
    path: tuple[tuple[int, int, int], ...]  # (q, r, heading) of every hex entered, in order
    end: tuple[int, int] | None  # where the move ends (None: the hound knocks it)
    heading: int  # heading at the end (after a bonk: the new one)
    facings: tuple[int, ...]  # facings to choose from at the end (none after a
    # bonk, a win or a knock)
    bonk: tuple[int, int, int, int, int, str] | None  # (q, r, blocked_q, blocked_r,
    # heading, reason)
    buoys: tuple[str, ...]  # colours of the buoy hexes touched, in order
    new_buoys: tuple[str, ...]  # colours whose token the move takes
    warps: tuple[tuple[int, int], ...]  # start spaces entered (warp points, DDG-15)
    drain: bool  # enters the drain with all 3 tokens: wins
    ends_on_buoy: bool  # DDG-14: must move again
    must_move_again: bool  # ends on a buoy or on another piece's hex
    hits_hound: bool  # runs into the hound: knocked (DDG-24)
    knocks: tuple[int, ...]  # ducks it would knock (become the hound)


class Walk(NamedTuple):
    """The raw walk of :func:`walk` (a tuple, so it unpacks in this order)."""

    end: int  # the hex the duck stands on when the move stops
    heading: int
    bonk: str | None  # EDGE, DUCK, DRAIN or None
    mask: int  # buoy mask after
    won: bool
    hit: bool  # ran into the hound
    path: list[tuple[int, int]]  # (hex, heading) of every hex entered
    touched: list[int]  # buoy hexes touched
    knocks: list[int]  # ducks knocked (become the hound)


def walk(state: DuckState, duck: int, steps: Iterable[int]) -> Walk:
    """The raw walk: (end hex, heading, bonk reason or None, buoy mask after, won,
    hit the hound, path of (hex, heading), buoy hexes touched, knocked ducks).
    ``end hex`` is the hex the duck stands on when the move stops."""
    board = state.board
    nbr, kind, drain = board.nbr, board.kind, board.drain
    pos, ghosts = state.pos, state.ghost
    h, f = pos[duck], state.head[duck]
    mask = state.buoys[duck]
    ghost, become = ghosts[duck], state.become[duck]
    hound = state.hound_pos
    blockers = (
        {} if ghost else {p: d for d, p in enumerate(pos) if d != duck and p >= 0 and not ghosts[d]}
    )
    path: list[tuple[int, int]] = []
    touched: list[int] = []
    knocks: list[int] = []
    bonk: str | None = None
    won = hit = False
    for delta in steps:
        f = (f + delta) % 6
        t = nbr[h * 6 + f]
        if t < 0:
            bonk = EDGE
            break
        if t == drain:
            if mask != ALL_BUOYS:
                bonk = DRAIN
                break
            path.append((t, f))
            h = t
            won = True
            break
        if t == hound and not ghost:
            if not become:
                hit = True
                break
            hound = -1
        other = blockers.get(t)
        if other is not None:
            if not become:
                bonk = DUCK
                break
            knocks.append(other)
            del blockers[t]
        path.append((t, f))
        h = t
        if kind[t] == BUOY:
            touched.append(t)
            mask |= 1 << board.colour[t]
    if bonk is not None:
        f = back(f)
    return Walk(h, f, bonk, mask, won, hit, path, touched, knocks)


def preview(
    state: DuckState, player: int, card: int, route_index: int, duck: int | None = None
) -> Preview:
    """Where ``card``'s route ``route_index`` would take ``duck`` (default: the player's
    duck that is moving now, else the player's first duck) from where it stands now."""
    if duck is None:
        pending = state.pending
        if isinstance(pending, (P.Pre, P.Extra, P.Post)) and pending.actor == player:
            duck = pending.piece
        else:
            duck = player * state.per_player
    steps, facings = state.cards[card][route_index]
    h, f, bonk, mask, won, hit, path, touched, knocks = walk(state, duck, steps)
    board = state.board
    coords = board.coords
    end = None if hit else coords[h]
    bonk_info = None
    if bonk is not None:
        q, r = coords[h]
        dq, dr = DIRECTIONS[back(f)]
        bonk_info = (q, r, q + dq, r + dr, f, bonk)
    stops = bonk is not None or won or hit
    on_buoy = not won and not hit and board.kind[h] == BUOY
    shared = (
        not won
        and not hit
        and (
            h == state.hound_pos
            or any(p == h for d, p in enumerate(state.pos) if d != duck and d not in knocks)
        )
    )
    before = state.buoys[duck]
    new = tuple(
        COLOURS[c] for c in range(len(COLOURS)) if mask & (1 << c) and not before & (1 << c)
    )
    return Preview(
        duck=duck,
        card=card,
        route=route_index,
        path=tuple((*coords[t], g) for t, g in path),
        end=end,
        heading=f,
        facings=() if stops else tuple(sorted({(f + x) % 6 for x in facings})),
        bonk=bonk_info,
        buoys=tuple(COLOURS[board.colour[t]] for t in touched),
        new_buoys=new,
        warps=tuple(coords[t] for t, _ in path if board.kind[t] == START),
        drain=won,
        ends_on_buoy=on_buoy,
        must_move_again=on_buoy or shared,
        hits_hound=hit,
        knocks=tuple(knocks),
    )


def hound_walk(
    state: DuckState, routes: Iterable[Sequence[int]], start: tuple[int, int] | None = None
) -> tuple[int, int, list[int], bool]:
    """Where the hound would go along ``routes`` (a sequence of step tuples, e.g. two
    patterns) from ``start`` (hex, heading; default where it stands, or the drain),
    without warping: (end hex or -1, heading, ducks it knocks, knocked off)."""
    board = state.board
    nbr, drain = board.nbr, board.drain
    h, f = start if start is not None else (state.hound_pos, state.hound_head)
    if h < 0:
        h = drain
    at: dict[int, list[int]] = {}
    for d, p in enumerate(state.pos):
        if p >= 0:
            at.setdefault(p, []).append(d)
    knocked: list[int] = []
    for steps in routes:
        for delta in steps:
            f = (f + delta) % 6
            t = nbr[h * 6 + f]
            if t < 0:
                return h, back(f), knocked, False
            if t == drain:
                return -1, f, knocked, False
            here = at.get(t, ())
            if any(state.become[d] for d in here):
                return -1, f, knocked, True
            knocked.extend(d for d in here if not state.ghost[d] and d not in knocked)
            h = t
    return h, f, knocked, False
