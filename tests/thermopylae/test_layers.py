"""Go Tell the Spartans' package is layered without import cycles (issue 12): data -> state -> rule
procedures -> the stage machine -> game -> web/bots (the views are built under game, which serves them).
Every import of a package module counts, at the top of a file or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import polemos.games.thermopylae as package

PKG = package.__name__
ROOT = Path(package.__file__).parent


def imports() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports."""
    mods = {p.stem for p in ROOT.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for m in mods:
        deps: set[str] = set()
        for node in ast.walk(ast.parse((ROOT / f"{m}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .board import ...
                    name = node.module or ""
                    deps |= {name.split(".")[0]} if name else {a.name for a in node.names}
                elif node.module == PKG:
                    deps |= {a.name for a in node.names}
                elif node.module and node.module.startswith(PKG + "."):
                    deps.add(node.module[len(PKG) + 1:].split(".")[0])
            elif isinstance(node, ast.Import):
                deps |= {a.name[len(PKG) + 1:].split(".")[0] for a in node.names if a.name.startswith(PKG + ".")}
        graph[m] = (deps & mods) - {m}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp: list[str] = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_in_the_package() -> None:
    graph = imports()
    assert {"state", "rules", "sequence", "game", "view"} <= graph.keys()
    assert cycles(graph) == []


def test_layers_point_down() -> None:
    """The rule layers import only what is below them (issue 12's order)."""
    graph = imports()
    above = {"state": {"rules", "automaton", "sequence", "game", "view", "web", "text", "bots", "hidden", "worlds"},
             "rules": {"automaton", "sequence", "game", "view", "web", "bots", "hidden", "worlds"},
             "sequence": {"game", "view", "web", "bots", "worlds"},
             "game": {"web", "bots", "worlds"}}  # (game.view calls view.build: view sits under game)
    for low, highs in above.items():
        assert graph[low].isdisjoint(highs), (low, graph[low] & highs)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
