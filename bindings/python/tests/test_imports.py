# SPDX-License-Identifier: MIT
"""The package's modules import one another in one direction: no module
imports, at any depth and through imports inside functions and under
``if TYPE_CHECKING:`` too, a module that imports it back.  The modules
below _game type a game by its shape (_gamelike.GameLike), not by Game."""

import ast
import os
from typing import Dict, List, Set

import mana

PKG = os.path.dirname(mana.__file__)


def _imports(tree: ast.AST, names: Set[str]) -> Set[str]:
    """The package's modules that tree imports (when it runs, or for the
    type checker)."""
    found: Set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module)
            else:  # from . import actions
                found.update(a.name for a in node.names if a.name in names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mana."):
            found.add(node.module[len("mana."):])
        elif isinstance(node, ast.Import):
            found.update(a.name[len("mana."):] for a in node.names if a.name.startswith("mana."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in found if m in names}


def graph() -> Dict[str, Set[str]]:
    names = {f[:-3] for f in os.listdir(PKG) if f.endswith(".py")}
    edges = {}
    for name in names:
        with open(os.path.join(PKG, name + ".py"), encoding="utf-8") as f:
            edges[name] = _imports(ast.parse(f.read()), names) - {name}
    return edges


def _cycle(edges: Dict[str, Set[str]]) -> List[str]:
    """A cycle of edges as its modules (first repeated last), or []."""
    state: Dict[str, int] = {}
    path: List[str] = []

    def dfs(n: str) -> List[str]:
        state[n] = 1
        path.append(n)
        for m in sorted(edges[n]):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state:
                found = dfs(m)
                if found:
                    return found
        state[n] = 2
        path.pop()
        return []

    for n in sorted(edges):
        if n not in state:
            found = dfs(n)
            if found:
                return found
    return []


def test_no_import_circle() -> None:
    edges = graph()
    assert "_game" in edges and "record" in edges["__init__"]
    assert _cycle(edges) == [], " -> ".join(_cycle(edges))


def test_the_check_finds_a_circle() -> None:
    # _game imports _record_write; were _record_write to import _game back
    # (even inside a function), the check would name the circle.
    edges = graph()
    edges["_record_write"] = edges["_record_write"] | {"_game"}
    cycle = _cycle(edges)
    assert cycle[0] == cycle[-1] and {"_game", "_record_write"} <= set(cycle)
    tree = ast.parse("def f():\n    from ._game import Game\n")
    assert _imports(tree, {"_game"}) == {"_game"}
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._game import Game\n")
    assert _imports(tree, {"_game"}) == {"_game"}
