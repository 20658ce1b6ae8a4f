"""Cluck-peep! knowledge for the bots: ``evaluate`` (chicks on the stand plus the odds of
this round's chicks reaching a nest), ``easy`` and ``normal`` (greedy).

Bots get a view: the hidden tile is never read there; its odds come from the road tiles
the player cannot see (``unseen_tiles``), each equally likely either way up.
"""
from __future__ import annotations

import random

from game.rules.cluck import (PLACE, Band, ChooseHole, CluckState, preview, stand_after,
                              trace)
from game.rules.protocol import Action, Player

WIN_BONUS = 5.0


def _hidden_bands(state: CluckState, player: Player, peek: bool) -> list[Band]:
    if peek and not state.is_view and state.hidden is not None:
        return [state.tiles.band(*state.hidden)]
    return [state.tiles.band(t, turned) for t in state.unseen_tiles(player)
            for turned in (False, True)]


def _projected_stands(state: CluckState, player: Player, starts: dict[int, int],
                      extra: Band | None, peek: bool) -> list[float]:
    """Each player's expected stand once this round is scored, if the ladder were finished
    by ``extra`` (a tile about to be laid) and the hidden tile, averaged over what the
    hidden tile may be. Later placements are not guessed."""
    remaining = len(state.order) - state.turn if state.phase == PLACE else \
        state.placements_per_round()
    rows = state.ladder_rows()
    if extra is not None:
        rows.append((extra, state.supply > 0))
    chick_on_hidden = state.supply > remaining          # CP-11: one chick per tile while any
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
        extra = view.tiles.band(action.tile, action.turned)
    return _margin(_projected_stands(view, player, starts, extra, peek=False), player)


def _best(view: CluckState, player: Player, rng: random.Random, legal, value) -> Action:
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
        return rng.choice([a for a in legal if a.column in nests] or list(legal))
    mine = {a: preview(view, player, a.tile, a.turned)[player] for a in legal}
    fed = [a for a, m in mine.items() if m.nest and m.trace.collected]
    nested = [a for a, m in mine.items() if m.nest]
    return rng.choice(fed or nested or list(legal))
