"""Go Tell the Spartans' package is layered without import cycles (issue 12): data -> state -> rule
procedures -> the stage machine -> game -> web/bots (the views are built under game, which serves them).
Every import of a package module counts, at the top of a file or inside a function."""

from __future__ import annotations

import polemos.games.thermopylae as package
from polemos.testing.layers import cycles, imports


def test_no_import_cycle_in_the_package() -> None:
    graph = imports(package)
    assert {"state", "rules", "sequence", "game", "view"} <= graph.keys()
    assert cycles(graph) == []


def test_layers_point_down() -> None:
    """The rule layers import only what is below them (issue 12's order)."""
    graph = imports(package)
    above = {"state": {"rules", "automaton", "sequence", "game", "view", "web", "text", "bots", "hidden", "worlds"},
             "rules": {"automaton", "sequence", "game", "view", "web", "bots", "hidden", "worlds"},
             "sequence": {"game", "view", "web", "bots", "worlds"},
             "game": {"web", "bots", "worlds"}}  # (game.view calls view.build: view sits under game)
    for low, highs in above.items():
        assert graph[low].isdisjoint(highs), (low, graph[low] & highs)


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
