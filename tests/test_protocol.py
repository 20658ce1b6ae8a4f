"""The protocol's promises, checked on a tiny fixture game, and the harness catching a
game that breaks them."""

import random
import types

import pytest

from game.rules import conformance
from game.rules.protocol import (
    IllegalAction,
    NotationError,
    OptionSpec,
    Record,
    RulesDataError,
    replay,
    resolve_options,
)
from tests import odd_or_even as odd


def _module():
    module = types.ModuleType("odd")
    module.new_game = odd.new_game
    module.parse_action = odd.parse_action
    return module


def leak_check(state, view, player):
    for p in range(state.players):
        if p != player:
            assert set(view.hands[p]) <= {0}, "another player's hand is visible"
    assert set(view.bag) <= {0}, "the bag order is visible"


def test_harness_soak_passes_on_a_correct_game():
    report = conformance.soak(_module(), 3, range(40), leak_check=leak_check)
    assert report.games == 40 and report.finished == 40 and report.actions > 100


def test_illegal_action_raises_and_changes_nothing():
    state = odd.new_game(2, 5)
    before = state.to_dict()
    missing = next(v for v in (1, 2, 3) if v not in state.hands[0])
    with pytest.raises(IllegalAction):
        state.apply(0, odd.Pick(missing))
    with pytest.raises(ValueError):  # IllegalAction is a ValueError
        state.apply(7, odd.Pick(1))
    assert state.to_dict() == before


def test_notation_round_trips_and_rejects_garbage():
    assert odd.parse_action(str(odd.Pick(2))) == odd.Pick(2)
    with pytest.raises(NotationError):
        odd.parse_action("jump 3")


def test_simultaneous_choice_lists_every_chooser_and_hides_choices():
    state = odd.new_game(3, 1)
    assert state.to_act() == (0, 1, 2)
    events = state.apply(1, state.legal_actions(1)[0])
    assert state.to_act() == (0, 2) and state.legal_actions(1) == ()
    secret = next(e for e in events if e.kind == "chose")
    assert secret.seen_by(1) and not secret.seen_by(0)


def test_replay_of_a_record_is_deterministic():
    final, record = conformance.play_random(odd.new_game, 2, 11)
    conformance.check_determinism(_module(), record, final)
    again, _ = replay(_module(), Record(**record.__dict__))
    assert again.to_dict() == final.to_dict()


def test_replay_names_the_bad_action():
    record = Record("odd", 2, 3, {}, ((0, "pick 9"),))
    with pytest.raises(IllegalAction, match="action 1"):
        replay(_module(), record)


def test_harness_catches_a_leaking_view(monkeypatch):
    def everything_but_the_seed(self, player):
        view = self.clone()
        view.seed = None
        return view

    monkeypatch.setattr(odd.State, "view", everything_but_the_seed)
    with pytest.raises(conformance.ConformanceError, match="leaks|determinization"):
        conformance.soak(_module(), 2, range(3), leak_check=leak_check)


def test_harness_catches_a_view_that_carries_the_seed(monkeypatch):
    """new_game(players, seed) rebuilds every hidden card from a view's seed."""
    original = odd.State.view

    def seeded(self, player):
        view = original(self, player)
        view.seed = self.seed
        return view

    monkeypatch.setattr(odd.State, "view", seeded)
    with pytest.raises(conformance.ConformanceError, match="carries the game's seed"):
        conformance.soak(_module(), 2, range(3), leak_check=leak_check)


def test_harness_catches_a_view_that_can_be_played_on(monkeypatch):
    """A view is not a game (issue #18): one that takes a move must be caught."""
    original = odd.State.view

    def playable(self, player):
        view = original(self, player)
        view.is_view = False
        return view

    monkeypatch.setattr(odd.State, "view", playable)
    with pytest.raises(conformance.ConformanceError, match=r"view\(\d\) accepted apply"):
        conformance.soak(_module(), 2, range(2), leak_check=leak_check)


def test_harness_catches_actions_for_players_not_to_act(monkeypatch):
    monkeypatch.setattr(odd.State, "to_act", lambda self: (0,) if not self.is_over() else ())
    monkeypatch.setattr(
        odd.State, "legal_actions", lambda self, p: tuple(sorted(set(self._legal(p))))
    )
    with pytest.raises(conformance.ConformanceError, match="not to act"):
        conformance.soak(_module(), 2, range(2))


def test_harness_catches_nondeterminism(monkeypatch):
    original = odd.State._perform

    def noisy(self, player, action):
        events = original(self, player, action)
        events.append(odd.Noise(random.random()))
        return events

    monkeypatch.setattr(odd.State, "_perform", noisy)
    with pytest.raises(conformance.ConformanceError, match="different events"):
        conformance.soak(_module(), 2, range(1), deep_every=0)


def test_options_are_resolved_and_checked():
    specs = (OptionSpec("variant", "Variant", "ルール", ("a", "b"), "a"),)
    assert resolve_options(specs, None) == {"variant": "a"}
    with pytest.raises(RulesDataError, match="options.variant"):
        resolve_options(specs, {"variant": "c"})
    with pytest.raises(RulesDataError, match="unknown option"):
        resolve_options(specs, {"colour": 1})
