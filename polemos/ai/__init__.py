"""Agents that play any registered game from a role's view alone, and self-play harnesses."""

from polemos.ai.agents import Agent, RandomAgent, agent_names, agent_rng, game_module, make_agent
from polemos.ai.selfplay import GameResult, play_game, run_selfplay

__all__ = [
    "Agent",
    "GameResult",
    "RandomAgent",
    "agent_names",
    "agent_rng",
    "game_module",
    "make_agent",
    "play_game",
    "run_selfplay",
]
