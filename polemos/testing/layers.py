"""Import layering of a package (issue 12: data -> model/state -> rule procedures -> game ->
view/web/text/bots, with no circles): the import graph read from the source and its cycles."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType


def imports(package: ModuleType) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of that package it imports (at the top of a file or
    inside a function: every import counts)."""
    pkg = package.__name__
    root = Path(str(package.__file__)).parent
    mods = {p.stem for p in root.glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for m in mods:
        deps: set[str] = set()
        for node in ast.walk(ast.parse((root / f"{m}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:  # from .board import ...
                    name = node.module or ""
                    deps |= {name.split(".")[0]} if name else {a.name for a in node.names}
                elif node.module == pkg:
                    deps |= {a.name for a in node.names}
                elif node.module and node.module.startswith(pkg + "."):
                    deps.add(node.module[len(pkg) + 1:].split(".")[0])
            elif isinstance(node, ast.Import):
                deps |= {a.name[len(pkg) + 1:].split(".")[0] for a in node.names if a.name.startswith(pkg + ".")}
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
