"""Athens & Sparta's package is layered without import cycles (issue 12): data -> model/state -> the
shared queries (common) -> the rule procedures (replacement -> movement -> combat -> attrition, victory)
-> the sequence of play (rules) -> game (the play class: listing, applying, views) -> web/text/bots/
worlds. The views are built under game, which serves them. Every import of a package module counts, at
the top of a file or inside a function."""

from __future__ import annotations

import polemos.games.athens_sparta as package
from polemos.testing.layers import cycles, imports

# the rule procedures, lowest first: each may import only those before it (and common, state, model)
PROCEDURES = ("common", "replacement", "movement", "combat", "attrition", "victory", "rules")
TOP = {"game", "view", "explain", "hidden", "web", "text", "svg", "bots", "worlds"}


def test_no_import_cycle_in_the_package() -> None:
    graph = imports(package)
    assert {"state", "common", "movement", "combat", "rules", "game", "view"} <= graph.keys()
    assert cycles(graph) == []


def test_the_state_imports_only_the_data_model() -> None:
    """The state is plain data (state.py): the kernel contract's listing and applying live in
    game.AthensSpartaPlay, above the rules."""
    assert imports(package)["state"] <= {"model"}


def test_the_rule_procedures_point_down() -> None:
    graph = imports(package)
    for i, low in enumerate(PROCEDURES):
        above = set(PROCEDURES[i + 1:]) | TOP
        assert graph[low].isdisjoint(above), (low, graph[low] & above)


def test_game_and_the_views_sit_under_the_presentation() -> None:
    graph = imports(package)
    presentation = {"web", "text", "svg", "bots", "worlds"}
    for low in ("game", "view", "explain", "hidden"):
        assert graph[low].isdisjoint(presentation), (low, graph[low] & presentation)
    assert graph["view"].isdisjoint({"game"}) and graph["explain"].isdisjoint({"game", "view"})
