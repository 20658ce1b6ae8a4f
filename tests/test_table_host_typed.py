"""issue #37: typed all the way. The table host is generic in its game's state, so a
game's parts see that state's own fields (``TableHost[DuckState]``), not ``Any``; the
Duck table reads the rules' typed decision, and keeps no ``mode`` strings."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import typing
from pathlib import Path

import game.scenes.duck as duck_scenes
from game.rules.protocol import GameState
from game.scenes.table.contract import TableHost
from game.table.driver import TableRecord

DUCK = Path(duck_scenes.__file__).parent


def test_the_table_host_is_generic_in_the_state_it_shows():
    """issue #37: ``state`` is the game's state class, ``session`` the typed record."""
    (state_type,) = TableHost.__parameters__
    assert isinstance(state_type, typing.TypeVar) and state_type.__bound__ is GameState
    hints = typing.get_type_hints(TableHost.state.fget)
    assert hints["return"] is state_type
    assert typing.get_type_hints(TableHost.session.fget)["return"] is TableRecord


def test_every_duck_part_is_given_a_duck_host():
    """issue #37: each Duck part that takes the host names it ``TableHost[DuckState]``."""
    found = 0
    for info in pkgutil.iter_modules([str(DUCK)]):
        tree = ast.parse((DUCK / f"{info.name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.arg == "host" and node.annotation is not None:
                found += 1
                assert ast.unparse(node.annotation) == "TableHost[DuckState]", (
                    f"{info.name}: host: {ast.unparse(node.annotation)}"
                )
    assert found >= 10


def test_the_duck_table_compares_no_mode_strings():
    """issue #37: the decision's kind is the rules' class (game/rules/duck/decisions.py),
    matched as such: no ``mode`` field, no ``d.mode == "pre"`` anywhere in the table."""
    model = importlib.import_module("game.scenes.duck.model")
    assert "mode" not in model.Decision.__dataclass_fields__
    assert set(model.Decision.__dataclass_fields__) == {"ask", "legal"}
    for path in sorted(DUCK.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Attribute, ast.Name)):
                name = node.attr if isinstance(node, ast.Attribute) else node.id
                assert name != "mode", f"{path.name}:{node.lineno}: a mode string"
