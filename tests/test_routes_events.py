"""Eight Routes events: a shadow board fed only by the events (as the scene will be) must
match the state after every action: lid, marker stacks, round chips, held dice; and every
event is JSON that reads back as the same typed event (issue #26)."""

import copy
import random

from game.boards import prepare_options
from game.rules import routes
from game.rules.routes.events import (
    ChipTaken,
    ChipTurned,
    DiceSorted,
    DiceTaken,
    DieChanged,
    GameOver,
    MarkerMoved,
    Rolled,
    RoundStarted,
    RouteScored,
    RoutesEvent,
)

OPTS = prepare_options("routes", {})


class Shadow:
    def __init__(self, players):
        self.lid = [0] * 8
        self.stacks = [{} for _ in range(8)]  # space -> players bottom to top
        self.chips = [[] for _ in range(players)]
        self.held = [0] * players
        self.kinds = set()

    def play(self, event):
        self.kinds.add(type(event))
        match event:
            case RoundStarted():
                self.held = [0] * len(self.held)
            case ChipTaken():
                self.chips[event.player].append([event.chip, 1])
            case Rolled():
                self.rolled = [event.faces.count(f) for f in range(1, 9)]
            case DiceSorted():
                assert list(event.lid) == self.rolled
                self.lid = list(event.lid)
            case DiceTaken():
                self.lid[event.face - 1] -= event.count
                self.held[event.player] += event.count
                assert self.lid == list(event.lid)
            case DieChanged():
                assert abs(event.frm - event.to) == 1
                self.lid[event.frm - 1] -= 1
                self.lid[event.to - 1] += 1
                assert self.lid == list(event.lid)
            case ChipTurned():
                chip = next(c for c in self.chips[event.player] if c[0] == event.chip)
                assert chip[1] == 1
                chip[1] = 0
            case MarkerMoved():
                stacks = self.stacks[event.route - 1]
                if event.frm:
                    stack = stacks[event.frm]
                    assert stack.index(event.player) == event.from_stack
                    stack.remove(event.player)
                else:
                    assert event.from_stack is None
                if event.to:
                    stack = stacks.setdefault(event.to, [])
                    assert len(stack) == event.stack
                    stack.append(event.player)
                else:
                    assert event.stack is None

    def markers(self):
        out = []
        for stacks in self.stacks:
            out.append(
                [
                    {"player": p, "space": space, "stack": i}
                    for space in sorted(stacks)
                    for i, p in enumerate(stacks[space])
                ]
            )
        return out


def _check(state, shadow):
    assert shadow.lid == state.lid
    assert shadow.markers() == state.markers()
    assert shadow.chips == state.chips
    assert shadow.held == state.held


def test_events_alone_rebuild_the_board():
    seen = set()
    tables = [OPTS]
    few = copy.deepcopy(OPTS)
    few["scoring"]["dice_per_player"] = 1
    many = copy.deepcopy(OPTS)
    many["scoring"]["dice_per_player"] = 10
    tables += [few, many]
    for seed in range(150):
        players = 3 + seed % 3
        state = routes.new_game(players, seed, tables[seed % 3])
        shadow = Shadow(players)
        for event in state.opening_events:
            shadow.play(event)
        _check(state, shadow)
        rng = random.Random(seed)
        while not state.is_over():
            events = state.apply(state.current, rng.choice(state.legal_actions(state.current)))
            for event in events:
                shadow.play(event)
            _check(state, shadow)
        final = events[-1]
        assert isinstance(final, GameOver) and final.totals == tuple(map(int, state.scores()))
        scored = [e for e in events if isinstance(e, RouteScored)]
        assert tuple(sum(col) for col in zip(*(s.points for s in scored))) == final.totals
        seen |= shadow.kinds
    # every kind is exercised somewhere in these games
    assert seen == set(RoutesEvent.kinds.values())


def test_events_are_json_compatible():
    import json

    state = routes.new_game(4, 2, OPTS)
    rng = random.Random(2)
    events = list(state.opening_events)
    while not state.is_over():
        events += state.apply(state.current, rng.choice(state.legal_actions(state.current)))
    json.dumps([e.to_dict() for e in events])


def _games(count):
    """Every event (opening ones included) of ``count`` seeded random full games."""
    tables = [OPTS, dict(OPTS, rounds_per_player=1)]
    for seed in range(count):
        players = 3 + seed % 3
        state = routes.new_game(players, 500 + seed, tables[seed % 2])
        events = list(state.opening_events)
        rng = random.Random(seed)
        while not state.is_over():
            events += state.apply(state.current, rng.choice(state.legal_actions(state.current)))
        yield events


def test_every_event_round_trips_through_json_as_its_own_class():
    """Every event the rules make in random full games (ER-10 roll, ER-12 A-D, ER-13 chips,
    ER-20d blocked markers, ER-30..ER-39 scoring) comes back from its JSON equal, as the
    same class, through the package's ``EVENTS`` (what a network client rebuilds with)."""
    import json

    seen = set()
    for events in _games(12):
        for event in events:
            assert isinstance(event, routes.EVENTS)
            back = routes.EVENTS.from_dict(json.loads(json.dumps(event.to_dict())))
            assert back == event and type(back) is type(event), event
            seen.add(type(event))
    assert len(seen) >= 15, sorted(c.kind for c in seen)


def test_revealing_events_name_the_chance_classes():
    """ER-10: the d8 roll, its sorting and the parent's d6 end the app's undo."""
    assert dict(routes.REVEALING_EVENTS) == {
        "roll": "roll",
        "dice_sorted": "roll",
        "d6_roll": "roll",
    }
    assert set(routes.REVEALING_EVENTS) <= set(RoutesEvent.kinds)
