"""No import circle anywhere in game/ (issue #26), counting imports inside functions too.

The graph is read from the source with ``ast``, not by importing: every ``import`` and
``from ... import`` in a module, at any depth (a function's import is an edge the moment
the function runs). Imports under ``if TYPE_CHECKING:`` are left out: they never run, so
they cannot make a circle at run time. A second graph counts them too (issue #37): a
circle through ``TYPE_CHECKING`` is two modules that each need the other to be read,
files split by length rather than by owner, and none is left either.

``from game.x import y`` is an edge to ``game.x.y`` when ``y`` is a submodule, else to
``game.x``. ``import game.a.b`` is an edge to ``game.a.b``; the parents' ``__init__`` run
too, but an empty or import-free ``__init__`` cannot close a circle, so a parent package
is only a node of the graph when its ``__init__.py`` imports something from game.

A string ``"game.x.y:Name"`` (the navigation table of ``game.scenes.router``, imported by
name when a screen is first opened) is an edge from the module holding it: opening a
screen by name must not close a circle either."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

GAME = Path(__file__).resolve().parents[1] / "game"
BY_NAME = re.compile(r"(game(?:\.\w+)+):\w+")


def module_names() -> dict[str, Path]:
    """Every module of game/ by dotted name (a package by its own name, for __init__)."""
    names = {}
    for path in GAME.rglob("*.py"):
        parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, typing: bool = False) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all depths, not the body of ``if TYPE_CHECKING``
    (its ``else`` runs, so it is kept); with ``typing``, that body too."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if not typing and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def edges(names: dict[str, Path], typing: bool = False) -> dict[str, set[str]]:
    """Module -> the game modules it imports (see the module docstring for the rules);
    with ``typing``, the imports under ``if TYPE_CHECKING:`` too."""
    graph: dict[str, set[str]] = {name: set() for name in names}

    def target(dotted: str) -> str | None:
        while dotted and dotted not in names:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree, typing):
            if isinstance(node, ast.Import):
                found = [target(alias.name) for alias in node.names]
            else:
                if node.level:
                    base = _package(name, path)
                    for _ in range(node.level - 1):
                        base = base.rpartition(".")[0]
                    source = f"{base}.{node.module}" if node.module else base
                else:
                    source = node.module or ""
                found = [
                    f"{source}.{alias.name}"
                    if f"{source}.{alias.name}" in names
                    else target(source)
                    for alias in node.names
                ]
            graph[name].update(t for t in found if t and t != name and t.startswith("game"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                match = BY_NAME.fullmatch(node.value)
                if match and (found_name := target(match[1])) and found_name != name:
                    graph[name].add(found_name)
    # importing game.a.b runs game.a's __init__ first: an edge too, but only when that
    # __init__ imports something from game (otherwise it cannot close a circle)
    importing = {name for name, targets in graph.items() if targets}
    for name, targets in graph.items():
        parents = set()
        for found_name in targets:
            parent = found_name.rpartition(".")[0]
            while parent:
                if parent in importing and parent != name and not name.startswith(parent + "."):
                    parents.add(parent)
                parent = parent.rpartition(".")[0]
        targets |= parents
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: every component of more than one module, or one
    module that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return found


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One concrete circle through the component's first module, for the failure message."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return paths[node] + [start]
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return component


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking(tmp_path):
    names = module_names()
    graph = edges(names)
    assert "game.scenes.shell.menu" in names
    assert "game.scenes.shell.help" in graph["game.scenes.shell.screens"], "screens opened by name"
    assert "game.rules.routes.data" in graph["game.rules.routes.state"]
    assert "game.scenes.table.scene" not in graph["game.scenes.table.lesson"], "TYPE_CHECKING only"
    assert "game.scenes.table.scene" in edges(names, typing=True)["game.scenes.table.lesson"]


def test_the_typing_graph_counts_type_checking_imports(tmp_path):
    """Issue #37: the second graph sees the imports under ``TYPE_CHECKING`` that the
    first leaves out."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.a import b\n"
    )
    assert [n.module for n in _imports(tree)] == ["typing"]
    assert sorted(n.module or "" for n in _imports(tree, typing=True)) == ["game.a", "typing"]


def test_strongly_connected_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]
    assert a_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


def test_no_import_circle_in_game():
    graph = edges(module_names())
    circles = [" -> ".join(a_cycle(graph, c)) for c in strongly_connected(graph)]
    components = ["{" + ", ".join(c) + "}" for c in strongly_connected(graph)]
    assert not circles, f"{len(components)} import circle(s) in game/:\n" + "\n".join(
        f"  {comp}\n    e.g. {circ}" for comp, circ in zip(components, circles)
    )


def test_an_import_inside_a_function_says_why_on_its_line():
    """Issue #26: an import inside a function only where start-up time (or an optional
    library) needs it, with the reason on the line (under ``if TYPE_CHECKING:`` none is
    needed: those never run)."""
    silent = []
    for path in sorted(GAME.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        typing_only = {
            inner.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for inner in ast.walk(node)
            if hasattr(inner, "lineno")
        }
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for inner in ast.walk(node):
                if not isinstance(inner, (ast.Import, ast.ImportFrom)):
                    continue
                if inner.lineno in typing_only:
                    continue
                span = lines[inner.lineno - 1 : inner.end_lineno]
                above = lines[inner.lineno - 2].strip() if inner.lineno > 1 else ""
                if not any("#" in line for line in span) and not above.startswith("#"):
                    silent.append(f"{path.relative_to(GAME.parent)}:{inner.lineno}")
    assert not silent, "imports inside functions without a reason: " + ", ".join(silent)


# issue #37 is landed in slices: this circle is slice S's (game.session and the bots'
# runner share types); once S lands it is gone and this test says to empty the set
OTHER_SLICES: set[frozenset[str]] = set()


def test_no_import_circle_in_game_even_through_type_checking():
    """Issue #37: no circle in game/ even counting the imports under ``TYPE_CHECKING``
    (the table's scene, contract, elements, end screen and record; the frame and its
    log; the lesson and its callout closed four): each file reads the parts it is given
    through a protocol of its own, never the scene that owns it."""
    graph = edges(module_names(), typing=True)
    found = {frozenset(c): c for c in strongly_connected(graph)}
    stale = OTHER_SLICES - set(found)
    assert not stale, f"no longer a circle, take it out of OTHER_SLICES: {stale}"
    circles = [
        " -> ".join(a_cycle(graph, c)) for key, c in found.items() if key not in OTHER_SLICES
    ]
    assert not circles, "import circle(s) through TYPE_CHECKING:\n" + "\n".join(circles)
