"""The Peloponnesian War's package is layered without import cycles (issue 12): data -> model /
geography -> state -> the rule procedures (a DAG among the rule modules, ``rules.py`` over them all:
the sequence of play 1.4) -> view -> game (``PWPlay``: the contract's listing, applying and view) ->
web / text / svg / bots / worlds. Every import of a package module counts, at the top of a file or
inside a function."""

from __future__ import annotations

import polemos.games.peloponnesian_war as package
from polemos.games.peloponnesian_war.game import PeloponnesianWar, PWPlay
from polemos.games.peloponnesian_war.state import PWState
from polemos.testing.layers import cycles, imports

#: the rule modules, each headed by its rule numbers (2.x-10.x), under ``rules`` (1.4)
RULE_MODULES = {"political", "strategy", "operations", "combat", "combat_tables", "rebellion", "administration",
                "armistice", "victory", "neutrals", "setup"}
ABOVE_STATE = RULE_MODULES | {"rules", "view", "game", "web", "text", "svg", "bots", "worlds"}


def test_no_import_cycle_in_the_package() -> None:
    graph = imports(package)
    assert {"state", "rules", "game", "view", *RULE_MODULES} <= graph.keys()
    assert cycles(graph) == []


def test_layers_point_down() -> None:
    """Each layer imports only what is below it (issue 12's order)."""
    graph = imports(package)
    above = {"model": ABOVE_STATE | {"state", "data", "geography"},
             "geography": ABOVE_STATE | {"state"},
             "state": ABOVE_STATE,
             **{m: {"rules", "view", "game", "web", "text", "svg", "bots", "worlds"} for m in RULE_MODULES},
             "rules": {"view", "game", "web", "text", "svg", "bots", "worlds"},
             "view": {"game", "web", "text", "svg", "bots", "worlds"},
             "game": {"web", "text", "svg", "bots", "worlds"}}
    for low, highs in above.items():
        assert graph[low].isdisjoint(highs), (low, graph[low] & highs)


def test_a_new_game_is_the_play_class_and_its_clone_too() -> None:
    """The kernel plays ``game.PWPlay`` (state.py's data with the contract); a clone keeps the class."""
    state = PeloponnesianWar().new(1)
    assert isinstance(state, PWPlay) and isinstance(state, PWState)
    assert type(state.clone()) is PWPlay
    assert state.legal_actions(state.active_roles()[0]) == state.clone().legal_actions(state.active_roles()[0])
