"""A tiny secret-choice game used only to test the protocol and the harness themselves:
every player secretly picks 1-3 from a private hand of numbers drawn from a shuffled bag;
after the reveal, the highest distinct pick scores it; first to 6 wins. It has the parts
the real games have (simultaneous choice, private hands, a hidden bag, chance)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.protocol import (
    Action,
    Event,
    GameState,
    NotationError,
    rng_from_json,
    rng_state_to_json,
)


class OddEvent(Event, family=True):
    """The toy game's events (typed, as every game's are)."""


@dataclass(frozen=True)
class Chose(OddEvent, kind="chose"):
    value: int


@dataclass(frozen=True)
class ChosePublic(OddEvent, kind="chose_public"):
    pass


@dataclass(frozen=True)
class Reveal(OddEvent, kind="reveal"):
    picks: dict[str, int]


@dataclass(frozen=True)
class Noise(OddEvent, kind="noise"):  # what a broken game adds (tests/test_protocol.py)
    n: float


EVENTS = OddEvent


@dataclass(frozen=True)
class Pick(Action):
    value: int

    def __str__(self):
        return f"pick {self.value}"


def parse_action(text: str) -> Pick:
    parts = text.split()
    if len(parts) != 2 or parts[0] != "pick" or not parts[1].isdigit():
        raise NotationError(f"not an action: {text!r}")
    return Pick(int(parts[1]))


class State(GameState):
    game_id = "odd"

    def __init__(self, players, seed, options=None):
        self.players, self.seed, self.options = players, seed, dict(options or {})
        self.rng = random.Random(seed)
        self.bag = [1, 2, 3] * 6
        self.rng.shuffle(self.bag)
        self.hands = [[self.bag.pop() for _ in range(2)] for _ in range(players)]
        self.chosen: dict[int, int] = {}
        self.points = [0] * players
        self.round = 1
        self.viewer = None

    def to_act(self):
        if self.is_over():
            return ()
        return tuple(p for p in range(self.players) if p not in self.chosen)

    def _legal(self, player):
        return [Pick(v) for v in self.hands[player]]

    def _perform(self, player, action):
        self.hands[player].remove(action.value)
        self.chosen[player] = action.value
        events = [
            Chose(action.value, player=player, visible_to=(player,)),
            ChosePublic(player=player),
        ]
        if len(self.chosen) < self.players:
            return events
        picks = dict(self.chosen)
        self.chosen.clear()
        counts = {v: list(picks.values()).count(v) for v in picks.values()}
        distinct = [v for v, c in counts.items() if c == 1]
        if distinct:
            best = max(distinct)
            winner = next(p for p, v in picks.items() if v == best)
            self.points[winner] += best
        self.bag.extend(picks.values())
        self.rng.shuffle(self.bag)
        for p in range(self.players):
            self.hands[p].append(self.bag.pop())
        self.round += 1
        events.append(Reveal({str(k): v for k, v in picks.items()}))
        return events

    def view(self, player):
        view = self.clone()
        view.viewer = player
        for p in range(self.players):
            if p != player:
                view.hands[p] = [0] * len(view.hands[p])
                if p in view.chosen:
                    view.chosen[p] = 0
        view.bag = [0] * len(self.bag)
        view.rng = None
        view.seed = None
        view.is_view = True
        return view

    def determinize(self, rng):
        full = self.clone()
        if self.viewer is not None:
            unseen = [1, 2, 3] * 6
            for v in self.hands[self.viewer]:
                unseen.remove(v)
            if self.viewer in self.chosen:
                unseen.remove(self.chosen[self.viewer])
            rng.shuffle(unseen)
            for p in range(self.players):
                if p != self.viewer:
                    full.hands[p] = [unseen.pop() for _ in self.hands[p]]
                    if p in full.chosen:
                        full.chosen[p] = unseen.pop()
            full.bag = unseen
            full.viewer = None
        full.rng = random.Random(rng.random())
        full.is_view = False
        return full

    def is_over(self):
        return max(self.points) >= 6

    def winners(self):
        if not self.is_over():
            return ()
        best = max(self.points)
        return tuple(p for p in range(self.players) if self.points[p] == best)

    def scores(self):
        return tuple(self.points)

    @property
    def round_number(self):
        return self.round

    def to_dict(self):
        return {
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "bag": list(self.bag),
            "hands": [list(h) for h in self.hands],
            "chosen": {str(k): v for k, v in self.chosen.items()},
            "points": list(self.points),
            "round": self.round,
            "viewer": self.viewer,
            "rng": None if self.rng is None else rng_state_to_json(self.rng),
        }

    @classmethod
    def from_dict(cls, data):
        state = cls.__new__(cls)
        state.players, state.seed, state.options = data["players"], data["seed"], data["options"]
        state.bag, state.hands = list(data["bag"]), [list(h) for h in data["hands"]]
        state.chosen = {int(k): v for k, v in data["chosen"].items()}
        state.points, state.round, state.viewer = (
            list(data["points"]),
            data["round"],
            data["viewer"],
        )
        state.rng = None if data["rng"] is None else rng_from_json(data["rng"])
        state.is_view = state.rng is None  # only a view has no bag to draw from
        return state

    parse_action = staticmethod(parse_action)


def new_game(players, seed, options=None):
    return State(players, seed, options)
