"""Issue #37: what is one game's, or the box's, is said once, in the registry.

- the computer's levels are one tuple (``registry.LEVELS``), and the subsets that differ
  (a seat's levels, a lesson's) are named there, derived from it, with their reason;
- no game id is compared outside the registry and the game's own packages: a game's
  phone page, its phone preview, its scores' counting and its seat portraits are fields
  or hooks of its ``GameInfo``;
- ``game.table.bots`` never imports ``game.session``, not even for annotations (the
  circle session <-> table.bots).
"""

from __future__ import annotations

import ast
from pathlib import Path

from game import registry

GAME = Path(__file__).resolve().parents[1] / "game"


def _sources() -> dict[str, ast.AST]:
    return {
        str(path.relative_to(GAME.parent)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(GAME.rglob("*.py"))
    }


def test_the_levels_are_one_tuple_written_once():
    """issue #37: the bot levels tuple was written in seven places (game.ai, the network's
    protocol, the history, .derby files inline, lessons, settings, the registry); now the
    registry's is the only literal, and every module reads it or a subset named there."""
    from game import ai, history, lessons, saves, session, settings
    from game.net import protocol

    assert registry.LEVELS == ("random", "easy", "normal", "hard")
    for module in (ai, protocol, history, session):
        assert module.LEVELS is registry.LEVELS, module.__name__
    assert saves.BOT_LEVELS is registry.LEVELS
    assert settings.SEAT_LEVELS is registry.SEAT_LEVELS == ("easy", "normal", "hard")
    assert lessons.LEVELS is registry.REPLAYABLE_LEVELS == ("random", "easy", "normal")
    assert all(info.bot_levels == registry.SEAT_LEVELS for info in registry.GAMES.values())
    written = []
    for name, tree in _sources().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Tuple):
                words = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                if {"easy", "normal"} <= words:
                    written.append(f"{name}:{node.lineno}")
    assert written == [f"game/registry.py:{_line_of_levels()}"], written


def _line_of_levels() -> int:
    tree = ast.parse((GAME / "registry.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "LEVELS":
            return node.value.lineno
    raise AssertionError("registry.LEVELS is not assigned")


def _imported(tree: ast.AST) -> set[str]:
    """Every module a file imports, at any depth, ``if TYPE_CHECKING`` included."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_bots_never_import_the_session_not_even_for_annotations():
    """issue #37: game/session.py <-> game/table/bots.py was a circle through
    TYPE_CHECKING; the runner now says what it needs of a session as a protocol of its
    own (``ComputerSeats``), and a Session is one."""
    sources = _sources()
    assert "game.session" not in _imported(sources["game/table/bots.py"])
    assert "game.table.bots" in _imported(sources["game/session.py"])
    from game.session import Seat, Session
    from game.table.bots import BotRunner, ComputerSeats

    session = Session(
        "routes",
        [Seat(n, c, False, "random") for n, c in zip("ABC", ("orange", "sky", "green"))],
        4,
    )
    seats: ComputerSeats = session  # a Session is what the runner plays
    events = BotRunner(seats).play_until_person()
    assert session.state.is_over() and events


def _game_owned(path: str) -> bool:
    """A game's own module (its rules, table, bots, boards) may name its own id."""
    parts = Path(path).with_suffix("").parts[1:]
    return path == "game/registry.py" or any(part in registry.GAMES for part in parts)


def _ids_in(node: ast.expr) -> list[str]:
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [
        item.value
        for item in items
        if isinstance(item, ast.Constant) and item.value in registry.GAMES
    ]


def test_no_game_id_is_compared_outside_the_registry():
    """issue #37: game-specific branches lived outside the registry (net/table.py's
    ``game_id == "duck"``, net/phone.py's duck_previews, the lobby's PHONE_GAMES and
    seat portraits, the history's Duck score, the shell's seat pieces); now each is a
    field or hook of the game's GameInfo, and no module but the game's own compares an
    id or lists ids to compare with."""
    found = []
    for name, tree in _sources().items():
        if _game_owned(name):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                ids = [i for side in (node.left, *node.comparators) for i in _ids_in(side)]
                if ids:
                    found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            elif (
                isinstance(node, ast.Assign)
                and isinstance(node.value, (ast.Tuple, ast.List))
                and len(_ids_in(node.value)) > 1
            ):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)[:60]}")
    assert not found, "\n".join(found)


def test_the_game_branches_are_fields_of_the_games_info(monkeypatch):
    """issue #37: what differs by game is the registry's to say, and every caller asks
    it: a game with a fraction in its scores is counted whole wherever it is asked, and
    a phone preview is the one its game names (Duck's, from its own package)."""
    from game import history, rules
    from game.rules.duck.actions import ChooseCard, ChooseCards

    assert [g for g, info in registry.GAMES.items() if info.piece_is_character] == [
        "duck",
        "cluck",
    ]
    # issue #39: every game plays from phones (Eight Routes' draft too)
    assert [g for g, info in registry.GAMES.items() if not info.phone_hands] == []
    assert history.counted_score("duck", 7.93) == 7.0
    assert history.counted_score("routes", 7.5) == 7.5
    monkeypatch.setitem(
        registry.GAMES, "routes", registry.GAMES["routes"].replaced(score_tiebreak_fraction=True)
    )
    assert history.counted_score("routes", 7.5) == 7.0  # asked of the registry, not an id

    from game.boards import prepare_options

    state = rules.load("duck").new_game(3, 4, prepare_options("duck", {}))
    asked = [p for p in state.to_act() if any(
        isinstance(a, (ChooseCard, ChooseCards)) for a in state.legal_actions(p))]  # fmt: skip
    while not asked:
        player = state.to_act()[0]
        state.apply(player, state.legal_actions(player)[0])
        asked = [p for p in state.to_act() if any(
            isinstance(a, (ChooseCard, ChooseCards)) for a in state.legal_actions(p))]  # fmt: skip
    preview = registry.get("duck").phone_preview(state, asked[0])
    assert preview and all(entries for entries in preview.values())
    routes = rules.load("routes").new_game(3, 4, prepare_options("routes", {}))
    assert registry.get("routes").phone_preview(routes, routes.to_act()[0]) is None
