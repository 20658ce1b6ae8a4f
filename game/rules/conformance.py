"""Conformance harness every game plugs into (OpenSpiel's random_sim_test, for us).

Seeded random playouts; after every action it checks the game's own invariants, that
players not in ``to_act()`` have no legal actions, that views hide what they must and
agree with the full state, that a view (every seat's and a spectator's) refuses to be
played on, that an illegal action raises and changes nothing, and
(every ``deep_every`` actions) that a save/load round trip gives the same legal actions.
At the end of each game it replays the record and demands the very same events.

Headless and stdlib only, so the soak tests and ``python -m game simulate`` share it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .protocol import Action, Event, GameState, IllegalAction, Player, Record, RulesModule, replay

Invariant = Callable[[GameState], None]
LeakCheck = Callable[[GameState, GameState, int], None]
# Picks the action a playout takes: (state, player, legal actions, rng) -> one of them.
Chooser = Callable[[GameState, Player, tuple[Action, ...], random.Random], Action]


class ConformanceError(AssertionError):
    """A broken promise of the protocol, with the seed and step that shows it."""


@dataclass
class SoakReport:
    games: int = 0
    finished: int = 0
    actions: int = 0
    capped: int = 0
    records: list[Record] = field(default_factory=list)


def _fail(seed: int, step: int, message: str) -> NoReturn:
    raise ConformanceError(f"seed {seed}, action {step}: {message}")


def _check_step(
    state: GameState,
    seed: int,
    step: int,
    rng: random.Random,
    invariants: Invariant | None,
    leak_check: LeakCheck | None,
    pool: list[Action],
    deep: bool,
) -> None:
    if invariants is not None:
        try:
            invariants(state)
        except AssertionError as exc:
            _fail(seed, step, f"invariant broken: {exc}")
    acting = set(state.to_act())
    for p in range(state.players):
        legal = state.legal_actions(p)
        if p not in acting and legal:
            _fail(seed, step, f"player {p} is not to act but has legal actions {legal[:3]}")
        if list(legal) != sorted(set(legal)):
            _fail(seed, step, f"legal_actions({p}) is not a sorted tuple without repeats")
        for a in legal:
            if state.parse_action(str(a)) != a:
                _fail(seed, step, f"notation does not round-trip: {a!r} -> {str(a)!r}")
    if not deep:
        return
    before = state.to_dict()
    for p in range(state.players):
        view = state.view(p)
        if view.legal_actions(p) != state.legal_actions(p):
            _fail(seed, step, f"view({p}) has other legal actions than the state")
        if tuple(view.to_act()) != tuple(state.to_act()):
            _fail(seed, step, f"view({p}) disagrees on who acts")
        if getattr(view, "seed", None) is not None or view.to_dict().get("seed") is not None:
            _fail(seed, step, f"view({p}) carries the game's seed, which rebuilds the hidden")
        sample = view.determinize(random.Random(rng.random()))
        if sample.view(p).to_dict() != view.to_dict():
            _fail(seed, step, f"a determinization of view({p}) does not look the same to {p}")
        if leak_check is not None:
            try:
                leak_check(state, view, p)
            except AssertionError as exc:
                _fail(seed, step, f"view({p}) leaks: {exc}")
    for viewer in [*range(state.players), None]:
        try:
            check_view_refuses(state, viewer)
        except ConformanceError as exc:
            _fail(seed, step, str(exc))
    if state.to_dict() != before:
        _fail(seed, step, "view() or determinize() changed the state")
    # A save/load round trip must give the same legal actions.
    loaded = type(state).from_dict(state.to_dict())
    for p in range(state.players):
        if loaded.legal_actions(p) != state.legal_actions(p):
            _fail(seed, step, f"after from_dict(to_dict()) player {p} has other legal actions")
    # An illegal action raises IllegalAction and leaves the state as it was.
    for _ in range(3):
        if not pool:
            break
        p = rng.randrange(state.players)
        candidate = rng.choice(pool)
        if candidate in state.legal_actions(p):
            continue
        try:
            state.apply(p, candidate)
        except IllegalAction:
            pass
        else:
            _fail(seed, step, f"illegal {candidate} by player {p} was accepted")
        if state.to_dict() != before:
            _fail(seed, step, f"rejected {candidate} by player {p} changed the state")


def check_view_refuses(state: GameState, viewer: Player | None) -> None:
    """A view is not a game (issue #18): ``apply`` on ``state.view(viewer)``, for any
    player to act and any of their legal actions, raises IllegalAction and leaves the view
    exactly as it was; so does that view rebuilt from its own ``to_dict`` (as views travel
    over the network). Raises ConformanceError naming the first broken promise."""
    view = state.view(viewer)
    shown = view.to_dict()
    tries = [(p, a) for p in state.to_act() for a in state.legal_actions(p)[:2]]
    for copy in (view, type(state).from_dict(shown)):
        for p, action in tries:
            try:
                copy.apply(p, action)
            except IllegalAction:
                pass
            except Exception as exc:  # any other failure is the finding, re-raised as such
                raise ConformanceError(
                    f"apply({p}, {action}) on view({viewer}) raised {type(exc).__name__}: "
                    f"{exc} instead of IllegalAction"
                ) from exc
            else:
                raise ConformanceError(f"view({viewer}) accepted apply({p}, {action})")
            if copy.to_dict() != shown:
                raise ConformanceError(f"a refused apply({p}, {action}) changed view({viewer})")
        # a client holds only its seat's view, and a table scene asks it for that seat's
        # view (a preview, a computer's hint): it must be the same view, not a failure
        if copy.view(viewer).to_dict() != shown:
            raise ConformanceError(f"view({viewer}).view({viewer}) is not view({viewer})")


def play_random(
    new_game: Callable[..., GameState],
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    max_actions: int = 20_000,
    invariants: Invariant | None = None,
    leak_check: LeakCheck | None = None,
    deep_every: int = 1,
    chooser: Chooser | None = None,
    check: bool = True,
) -> tuple[GameState, Record]:
    """One seeded random playout with every check. Returns the final state and record."""
    rng = random.Random(seed ^ 0x5EED)
    state = new_game(players, seed, dict(options or {}))
    actions: list[tuple[int, str]] = []
    events: list[Event] = []
    pool: list[Action] = []
    step = 0
    while not state.is_over() and step < max_actions:
        if check:
            _check_step(
                state,
                seed,
                step,
                rng,
                invariants,
                leak_check,
                pool,
                deep=deep_every > 0 and step % deep_every == 0,
            )
        acting = state.to_act()
        if not acting:
            _fail(seed, step, "the game is not over but nobody is to act")
        player = rng.choice(acting)
        legal = state.legal_actions(player)
        if not legal:
            _fail(seed, step, f"player {player} is to act but has no legal action")
        action = chooser(state, player, legal, rng) if chooser else rng.choice(legal)
        if len(pool) < 400:
            pool.append(action)
        else:
            pool[rng.randrange(400)] = action
        events.extend(state.apply(player, action))
        actions.append((player, str(action)))
        step += 1
    if check:
        _check_step(state, seed, step, rng, invariants, leak_check, pool, deep=True)
        if state.is_over() and not state.winners():
            _fail(seed, step, "the game is over but has no winner")
    record = Record(state.game_id, players, seed, dict(state.options), tuple(actions))
    return state, record


def check_determinism(module: RulesModule, record: Record, final: GameState) -> None:
    """Same seed + same actions = same game: replaying the record ends in the same state."""
    again, _ = replay(module, record)
    if again.to_dict() != final.to_dict():
        raise ConformanceError(f"seed {record.seed}: replaying the record gives another state")
    _first, events_a = replay(module, record)
    _second, events_b = replay(module, record)
    if [e.to_dict() for e in events_a] != [e.to_dict() for e in events_b]:
        raise ConformanceError(f"seed {record.seed}: the same record gave different events")


def soak(
    module: RulesModule,
    players: int,
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    *,
    invariants: Invariant | None = None,
    leak_check: LeakCheck | None = None,
    deep_every: int = 1,
    max_actions: int = 20_000,
    determinism_every: int = 10,
) -> SoakReport:
    """Many playouts through :func:`play_random`; raises ConformanceError on the first fault."""
    report = SoakReport()
    for index, seed in enumerate(seeds):
        state, record = play_random(
            module.new_game,
            players,
            seed,
            options,
            max_actions=max_actions,
            invariants=invariants,
            leak_check=leak_check,
            deep_every=deep_every,
        )
        report.games += 1
        report.actions += len(record.actions)
        if state.is_over():
            report.finished += 1
        else:
            report.capped += 1
        if determinism_every and index % determinism_every == 0:
            check_determinism(module, record, state)
    return report
