"""Every rules package has the same shape (issue #26): ``actions``, ``events``, ``state``,
``checks`` and ``data`` modules, and the same names at the package's top, so a reader who
knows one game's rules finds their way in the others, and the shared code (bots, saves,
the network, the soak tests) reads every game through one set of names."""

from __future__ import annotations

import importlib
from dataclasses import is_dataclass

import pytest

from game import registry
from game.rules.protocol import Action, Event, GameState

MODULES = ("actions", "events", "state", "checks", "data")
NAMES = (
    "new_game",
    "parse_action",
    "OPTIONS",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "REVEALING_EVENTS",
    "EVENTS",
)
GAMES = [info.id for info in registry.GAMES.values()]


@pytest.mark.parametrize("game", GAMES)
def test_a_rules_package_has_the_five_modules_and_the_shared_names(game):
    package = registry.load_rules(game)
    for name in MODULES:
        importlib.import_module(f"{package.__name__}.{name}")
    missing = [n for n in NAMES if not hasattr(package, n)]
    assert not missing, f"{game}: {missing}"
    checks = importlib.import_module(f"{package.__name__}.checks")
    assert callable(checks.invariants) and callable(checks.leak_check)


@pytest.mark.parametrize("game", GAMES)
def test_events_are_a_typed_family_and_revealing_kinds_are_its_kinds(game):
    package = registry.load_rules(game)
    family = package.EVENTS
    assert issubclass(family, Event) and family is not Event
    assert family.kinds, f"{game}: no event classes"
    for kind, cls in family.kinds.items():
        assert cls.kind == kind and issubclass(cls, family) and is_dataclass(cls)
        assert cls.__dataclass_params__.frozen, f"{game}: {cls.__name__} is not frozen"
        doc = (cls.__doc__ or "").strip()  # dataclass writes "Name(fields)" when none
        assert doc and not doc.startswith(f"{cls.__name__}("), (
            f"{game}: {cls.__name__} undocumented"
        )
    assert set(package.REVEALING_EVENTS) <= set(family.kinds)


@pytest.mark.parametrize("game", GAMES)
def test_a_new_game_is_a_game_state_whose_actions_are_actions(game):
    package = registry.load_rules(game)
    from game.boards import prepare_options

    players = max(package.MIN_PLAYERS, 3)
    state = package.new_game(players, 1, prepare_options(game, {}))
    assert isinstance(state, GameState)
    for event in state.opening_events:
        assert isinstance(event, package.EVENTS)
    acting = state.to_act()[0]
    action = state.legal_actions(acting)[0]
    assert isinstance(action, Action) and package.parse_action(str(action)) == action
