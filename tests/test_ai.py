"""Agents and self-play (polemos.ai) on the toy game."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

import pytest

import polemos
from polemos.ai import Agent, RandomAgent, agent_names, agent_rng, make_agent, play_game, run_selfplay
from polemos.ai import agents as agents_module
from polemos.ai.selfplay import StuckGameError
from polemos.core.rng import Rng


class FirstAgent:
    """Always the first legal action; remembers what it was shown."""

    name = "first-legal"

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: list[str], rng: Rng) -> str:
        self.views.append(view)
        return legal[0]


def test_random_agent_is_an_agent_and_chooses_uniformly() -> None:
    agent = make_agent("random", "toy-nim")
    assert isinstance(agent, RandomAgent) and isinstance(agent, Agent)
    rng = Rng(1)
    picks = [agent.choose({}, ["a", "b", "c"], rng) for _ in range(300)]
    assert {picks.count(x) for x in "abc"} <= set(range(70, 131))
    with pytest.raises(ValueError):
        agent.choose({}, [], rng)


def test_random_works_for_every_game_id_even_without_a_package() -> None:
    for game_id in ("athens-and-sparta", "go-tell-the-spartans", "no-such-game"):
        assert make_agent("random", game_id).name == "random"


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(ValueError, match="no bot 'alphazero' for toy-nim; choose from: random"):
        make_agent("alphazero", "toy-nim")


def test_game_bots_are_found_lazily_in_the_game_package(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = types.ModuleType("polemos.games.fakebots.bots")
    bots.bots = lambda: {"greedy": FirstAgent}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "polemos.games.fakebots", types.ModuleType("polemos.games.fakebots"))
    monkeypatch.setitem(sys.modules, "polemos.games.fakebots.bots", bots)
    monkeypatch.setitem(agents_module.GAME_PACKAGES, "toy-nim", "fakebots")
    assert agent_names("toy-nim") == ["greedy", "random"]
    agent = make_agent("Greedy", "toy-nim")
    assert isinstance(agent, FirstAgent)
    assert make_agent("greedy", "toy-nim") is not agent  # a fresh agent each time


def test_a_broken_bots_module_is_not_ignored(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    package = tmp_path / "polemos_fake_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "bots.py").write_text("import no_such_dependency_xyz\n")
    import polemos.games

    monkeypatch.setattr(polemos.games, "__path__", [*polemos.games.__path__, str(tmp_path)])
    monkeypatch.setitem(agents_module.GAME_PACKAGES, "toy-nim", "polemos_fake_pkg")
    try:
        with pytest.raises(ModuleNotFoundError, match="no_such_dependency_xyz"):
            make_agent("random", "toy-nim")
    finally:
        sys.modules.pop("polemos.games.polemos_fake_pkg", None)


def test_agent_rngs_are_seeded_and_distinct() -> None:
    assert agent_rng(5, 0).to_json() == agent_rng(5, 0).to_json()
    states = {agent_rng(5, 0).state, agent_rng(5, 1).state, agent_rng(6, 0).state, Rng(5).state}
    assert len(states) == 4


def test_play_game_gives_agents_only_their_view() -> None:
    game = polemos.game("toy-nim")
    first, second = FirstAgent(), FirstAgent()
    result = play_game(game, 3, {"first": first, "second": second}, max_steps=200)
    assert result.reason and result.steps == len(result.record["actions"])
    state = game.new(3)
    assert first.views[0] == state.view("first")
    assert all("hand" in v for v in first.views + second.views)
    assert polemos.replay(result.record).outcome() is not None


def test_simultaneous_roles_are_asked_in_role_order() -> None:
    game = polemos.game("toy-nim")
    result = play_game(game, 1, {"first": FirstAgent(), "second": FirstAgent()})
    assert result.record["actions"][:2] == [["first", "ante 1"], ["second", "ante 1"]]


def test_play_game_stops_at_max_steps() -> None:
    game = polemos.game("toy-nim")
    result = play_game(game, 1, {"first": RandomAgent(), "second": RandomAgent()}, max_steps=3)
    assert (result.winner, result.winner_bot, result.reason, result.steps) == (None, None, "max_steps", 3)


def test_play_game_needs_an_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="no agent for seat"):
        play_game(polemos.game("toy-nim"), 1, {"first": RandomAgent()})


def test_a_stuck_game_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toy_game import ToyNimState

    monkeypatch.setattr(ToyNimState, "legal_actions", lambda self, role: [])
    with pytest.raises(StuckGameError, match="first is active but has no legal action"):
        play_game(polemos.game("toy-nim"), 1, {"first": RandomAgent(), "second": RandomAgent()})


def test_run_selfplay_is_deterministic_and_summarised() -> None:
    a = run_selfplay("toy-nim", 25, ["random", "random"], seed=10, progress=False)
    b = run_selfplay("toy-nim", 25, ["random"], seed=10, progress=False)
    assert a == b
    summary = a["summary"]
    assert summary["games"] == 25
    assert summary["bots"] == {"first": "random", "second": "random"}
    wins = sum(summary["wins"].values())
    assert wins + summary["draws"] + summary["unfinished"] == 25
    assert summary["draws"] > 0 and wins > 0


def test_run_selfplay_credits_wins_to_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agents_module.GENERIC_AGENTS, "first-legal", FirstAgent)
    result = run_selfplay("toy-nim", 10, ["first-legal", "random"], seed=0, progress=True)
    summary = result["summary"]
    wins = summary["wins"]
    assert summary["bot_wins"] == {"first-legal": wins["first"], "random": wins["second"]}
    for row in result["games"]:
        expected = {"first": "first-legal", "second": "random", None: None}[row["winner"]]
        assert row["winner_bot"] == expected


def test_run_selfplay_checks_its_arguments() -> None:
    with pytest.raises(ValueError, match="give one bot per seat"):
        run_selfplay("toy-nim", 1, ["random"] * 3, progress=False)
    with pytest.raises(ValueError, match="no bot 'nobody'"):
        run_selfplay("toy-nim", 1, ["random", "nobody"], progress=False)
    for games in (-1, 0):
        with pytest.raises(ValueError, match="must be at least 1"):
            run_selfplay("toy-nim", games, ["random"], progress=False)
