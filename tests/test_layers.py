"""Packages layered without import cycles (issue 12): the agents (``base`` under ``agents`` and ``ismcts``)
and Sparta vs. Athens (data -> model/state -> campaign -> rules -> game -> view/web/text/bots).
Each other game's layers are checked in its own tests: tests/thermopylae/test_layers.py,
tests/athens_sparta/test_layers.py and tests/peloponnesian_war/test_layers.py."""

from __future__ import annotations

from types import ModuleType

import pytest

import polemos.ai as ai
import polemos.games.sparta_vs_athens as sva
from polemos.testing.layers import cycles, imports


@pytest.mark.parametrize("package", [ai, sva], ids=lambda p: p.__name__)
def test_no_import_cycle_in_the_package(package: ModuleType) -> None:
    graph = imports(package)
    assert graph and cycles(graph) == []


def test_sparta_vs_athens_layers_point_down() -> None:
    graph = imports(sva)
    above = {"state": {"campaign", "rules", "game", "view", "web", "text", "bots"},
             "campaign": {"rules", "game", "view", "web", "text", "bots"},
             "rules": {"game", "view", "web", "text", "bots"},
             "game": {"web", "text", "bots"}}  # (game serves view.build: view sits under game)
    for low, highs in above.items():
        assert graph[low].isdisjoint(highs), (low, graph[low] & highs)


def test_the_agents_base_is_below_both_agent_modules() -> None:
    graph = imports(ai)
    assert graph["base"].isdisjoint({"agents", "ismcts"})
    assert "agents" not in graph["ismcts"]
