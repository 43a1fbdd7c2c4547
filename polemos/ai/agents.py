"""Agents: players that see only a role's view and its legal actions, never the state.

An :class:`Agent` is asked ``choose(view, legal, rng)``: ``view`` is exactly what
``state.view(role)`` gives that role, ``legal`` the role's legal actions as canonical text, and
``rng`` the agent's own seeded :class:`~polemos.core.rng.Rng` (independent of the game's RNG, so
a bot's thinking never changes the dice).

``make_agent(name, game_id)`` finds agents by name: ``"random"`` plays every game; a game's own
bots come from its optional module ``polemos.games.<package>.bots``, which exposes
``bots() -> dict[str, Callable[..., Agent]]`` and is imported only when a bot is asked for.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path

from polemos.ai.base import (
    GAME_PACKAGES,
    GENERIC_AGENTS,
    JSON,
    Agent,
    GuardedAgent,
    RandomAgent,
    game_bots,
    game_module,
)
from polemos.core.rng import Rng

__all__ = ["GAME_PACKAGES", "GENERIC_AGENTS", "JSON", "LEVELS", "Agent", "GuardedAgent", "RandomAgent", "agent_names",
           "agent_rng", "game_bots", "game_module", "level_factories", "make_agent"]


#: Playing strengths offered by every game with a heuristic bot and a world sampler (``worlds.py``):
#: ``easy`` is the heuristic bot; ``normal`` and ``hard`` search (``polemos.ai.ismcts``).
LEVELS = ("easy", "normal", "hard")


def level_factories(game_id: str) -> dict[str, Callable[..., Agent]]:
    """The level names ``make_agent`` accepts for ``game_id`` (none without a heuristic bot and a
    world sampler), each a factory taking an optional ``data`` folder."""
    heuristic = game_bots(game_id).get("heuristic")
    if heuristic is None or game_module(game_id, "worlds") is None:
        return {}

    def search(level: str) -> Callable[..., Agent]:
        def make(data: Path | str | None = None) -> Agent:
            from polemos.ai.ismcts import level_agent

            return level_agent(level, game_id, data)

        return make

    def easy(data: Path | str | None = None) -> Agent:
        agent = heuristic(data=data) if "data" in inspect.signature(heuristic).parameters else heuristic()
        setattr(agent, "name", "easy")  # noqa: B010 - the heuristic bot, under its level's name
        return agent

    return {"easy": easy, "normal": search("normal"), "hard": search("hard")}


def agent_names(game_id: str) -> list[str]:
    """Every agent name ``make_agent`` accepts for ``game_id``: the levels first, weakest first
    (what a player picks from), then the others by name."""
    levels = [name for name in LEVELS if name in level_factories(game_id)]
    return levels + sorted((set(GENERIC_AGENTS) | set(game_bots(game_id))) - set(levels))


def make_agent(name: str, game_id: str, data: Path | str | None = None) -> Agent:
    """A fresh agent called ``name`` for ``game_id``, or ValueError naming the choices.

    ``data``: the component data folder the game uses (``--data``); a bot whose factory takes a
    ``data`` argument reads the same public components (the map, the roster) from it.
    """
    key = name.strip().lower()
    specific = game_bots(game_id)
    factory = specific.get(key) or GENERIC_AGENTS.get(key)
    if factory is None and key in LEVELS:
        factory = level_factories(game_id).get(key)
    if factory is None:
        choices = agent_names(game_id)
        raise ValueError(f"no bot {name!r} for {game_id}; choose from: {', '.join(choices)}")
    if data is not None and "data" in inspect.signature(factory).parameters:
        return factory(data=data)
    return factory()


def agent_rng(seed: int, seat: int) -> Rng:
    """The seeded RNG of the agent in seat ``seat`` (0-based) of the game played with ``seed``.

    Derived from the seed but distinct from the game's own ``Rng(seed)`` and from other seats'.
    """
    return Rng(seed=(seed * 0x100000001B3 + 0xB07 * (seat + 1) + 0x5EED) & ((1 << 64) - 1))
