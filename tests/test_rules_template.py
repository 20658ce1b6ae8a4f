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


@pytest.mark.parametrize("game", GAMES)
def test_apply_and_legal_actions_are_written_once_in_the_base(game):
    """issue #37: GameState's "written once" holds: no game rewrites apply or
    legal_actions (a game's note is the _refusal_note hook, its order _ordered)."""
    package = registry.load_rules(game)
    from game.boards import prepare_options

    state = package.new_game(max(package.MIN_PLAYERS, 3), 1, prepare_options(game, {}))
    for cls in type(state).__mro__:
        if cls is GameState:
            break
        assert "apply" not in vars(cls), f"{game}: {cls.__name__} rewrites apply"
        assert "legal_actions" not in vars(cls), f"{game}: {cls.__name__} rewrites legal_actions"


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_are_worked_out_once_between_two_actions(game):
    """issue #37: the legal-action cache is the base's, for every game: asked three
    times (a bot, the harness, apply's own check) the rules work them out once, and an
    action forgets them."""
    package = registry.load_rules(game)
    from game.boards import prepare_options

    state = package.new_game(max(package.MIN_PLAYERS, 3), 1, prepare_options(game, {}))
    state.touch()
    calls: list[int] = []
    work_out = state._legal

    def counted(player):
        calls.append(player)
        return work_out(player)

    state._legal = counted
    acting = state.to_act()[0]
    first = state.legal_actions(acting)
    assert state.legal_actions(acting) == first
    assert state.is_legal(acting, first[0])
    assert calls == [acting], f"{game}: worked out {len(calls)} times"
    state.apply(acting, first[0])  # checks legality without working them out again
    assert calls[:2] != [acting, acting], f"{game}: apply worked them out again"
    if not state.is_over():
        after = state.to_act()[0]
        done = len(calls)
        fresh = type(state).from_dict(state.to_dict())
        assert state.legal_actions(after) == fresh.legal_actions(after)
        state.legal_actions(after)
        assert len(calls) - done <= 1, f"{game}: worked out again after the action"


def test_a_games_refusal_note_is_added_by_the_base():
    """issue #37: Duck's note for records saved before DDG-26 comes from the base's
    apply through the _refusal_note hook (DuckState no longer rewrites apply)."""
    from game.boards import prepare_options
    from game.rules.duck import actions as A
    from game.rules.duck import new_game
    from game.rules.duck.state import PRE_DDG26
    from game.rules.protocol import IllegalAction

    state = new_game(2, 5, prepare_options("duck", {"variant": "advanced"}))
    acting = state.to_act()[0]
    assert A.DONE not in state.legal_actions(acting)
    with pytest.raises(IllegalAction) as refused:
        state.apply(acting, A.DONE)
    assert str(refused.value) == f"done is not legal for player {acting} now{PRE_DDG26}"
    assert state.legal_actions(acting)  # a refusal leaves the state as it was
