"""The heuristic player (bots.py): it plays every scenario to the end from its role's view alone,
never proposing an illegal action (strict), and it beats a random player in the two-player
Archidamian War over a fixed set of seeds (counted below)."""

from __future__ import annotations

import pytest

import polemos
from polemos.ai.agents import Agent, RandomAgent, make_agent
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war.bots import HeuristicAgent

GAME = polemos.game("peloponnesian-war")


def play(scenario: str, mode: str, seed: int, sparta_random: bool = False) -> tuple[str | None, int]:
    s = GAME.new(seed, scenario, {"mode": mode})
    agents: dict[str, Agent] = {}
    for role in s.roles():
        agent = HeuristicAgent()
        agent.strict = True
        agents[role] = agent
    if sparta_random:
        agents["sparta"] = RandomAgent()
    rng = Rng(seed)
    steps = 0
    while s.outcome() is None:
        role = s.active_roles()[0]
        s.apply(role, agents[role].choose(s.view(role), s.legal_actions(role), rng))
        steps += 1
        assert steps < 3000, "the heuristic player does not finish its game"
    out = s.outcome()
    assert out is not None
    return out.winner, steps


@pytest.mark.parametrize("scenario", ["peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens"])
def test_the_heuristic_player_finishes_every_scenario(scenario: str) -> None:
    for seed in (1, 2):
        play(scenario, "solitaire", seed)


def test_two_player_heuristic_against_random() -> None:
    """Both sides' rules of thumb on the two-player game's views (each side's own decisions)."""
    for seed in (3, 4):
        winner, _ = play("archidamian-war", "two-player", seed, sparta_random=True)
        assert winner in ("athens", "sparta", None)


def test_the_bot_is_registered() -> None:
    assert make_agent("heuristic", "peloponnesian-war").name == "heuristic"


SELFPLAY_SEEDS = range(8)


def test_the_heuristic_player_beats_random_in_two_player_selfplay() -> None:
    """Heuristic against random in the two-player Archidamian War (10.2: three game turns), each
    side in turn, seeds 0-7 (the agents' choices from ``Rng(seed)``): it wins more games than it
    loses, and on each side it ends ahead on victory points (9.0) summed over the games."""
    wins = losses = 0
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        margin = 0
        for seed in SELFPLAY_SEEDS:
            s = GAME.new(seed, "archidamian-war", {"mode": "two-player"})
            heuristic = HeuristicAgent()
            heuristic.strict = True
            agents: dict[str, Agent] = {side: heuristic, other: RandomAgent()}
            rng = Rng(seed)
            while s.outcome() is None:
                role = s.active_roles()[0]
                s.apply(role, agents[role].choose(s.view(role), s.legal_actions(role), rng))
            out = s.outcome()
            assert out is not None
            wins += out.winner == side
            losses += out.winner == other
            margin += out.scores[side] - out.scores[other]
        assert margin > 0, f"the heuristic {side} ends behind random on VP over the seeds ({margin})"
    assert wins > losses, f"heuristic {wins} wins, random {losses}"
