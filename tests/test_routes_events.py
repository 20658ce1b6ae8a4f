"""Eight Routes events: a shadow board fed only by the events (as the scene will be) must
match the state after every action: lid, marker stacks, round chips, held dice."""

import copy
import random

from game.boards import prepare_options
from game.rules import routes

OPTS = prepare_options("routes", {})


class Shadow:
    def __init__(self, players):
        self.lid = [0] * 8
        self.stacks = [{} for _ in range(8)]  # space -> players bottom to top
        self.chips = [[] for _ in range(players)]
        self.held = [0] * players
        self.kinds = set()

    def play(self, event):
        self.kinds.add(event.kind)
        d = event.data
        if event.kind == "round_start":
            self.held = [0] * len(self.held)
        elif event.kind == "chip_taken":
            self.chips[event.player].append([d["chip"], 1])
        elif event.kind == "roll":
            self.rolled = [d["faces"].count(f) for f in range(1, 9)]
        elif event.kind == "dice_sorted":
            assert d["lid"] == self.rolled
            self.lid = list(d["lid"])
        elif event.kind == "dice_taken":
            self.lid[d["face"] - 1] -= d["count"]
            self.held[event.player] += d["count"]
            assert self.lid == d["lid"]
        elif event.kind == "die_changed":
            assert abs(d["from"] - d["to"]) == 1
            self.lid[d["from"] - 1] -= 1
            self.lid[d["to"] - 1] += 1
            assert self.lid == d["lid"]
        elif event.kind == "chip_turned":
            chip = next(c for c in self.chips[event.player] if c[0] == d["chip"])
            assert chip[1] == 1
            chip[1] = 0
        elif event.kind == "marker_move":
            stacks = self.stacks[d["route"] - 1]
            if d["from"]:
                stack = stacks[d["from"]]
                assert stack.index(event.player) == d["from_stack"]
                stack.remove(event.player)
            else:
                assert d["from_stack"] is None
            if d["to"]:
                stack = stacks.setdefault(d["to"], [])
                assert len(stack) == d["stack"]
                stack.append(event.player)
            else:
                assert d["stack"] is None

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
        assert final.kind == "game_over" and final.data["totals"] == list(map(int, state.scores()))
        scored = [e.data for e in events if e.kind == "route_scored"]
        assert [sum(col) for col in zip(*(s["points"] for s in scored))] == final.data["totals"]
        seen |= shadow.kinds
    # every kind is exercised somewhere in these games
    assert seen >= {
        "round_start",
        "chip_taken",
        "roll",
        "dice_sorted",
        "d6_roll",
        "phase_start",
        "mandatory_skipped",
        "dice_taken",
        "marker_move",
        "marker_blocked",
        "die_changed",
        "chip_offered",
        "chip_turned",
        "chip_declined",
        "phase_end",
        "round_end",
        "route_scored",
        "game_over",
    }


def test_events_are_json_compatible():
    import json

    state = routes.new_game(4, 2, OPTS)
    rng = random.Random(2)
    events = list(state.opening_events)
    while not state.is_over():
        events += state.apply(state.current, rng.choice(state.legal_actions(state.current)))
    json.dumps([e.to_dict() for e in events])
