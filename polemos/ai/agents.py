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

import importlib
import inspect
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from polemos.core.rng import Rng

JSON = dict[str, Any]

# Game id -> package under polemos/games/ (the folder that holds bots.py, text.py, svg.py, ...).
GAME_PACKAGES: dict[str, str] = {
    "athens-and-sparta": "athens_sparta",
    "go-tell-the-spartans": "thermopylae",
    "peloponnesian-war": "peloponnesian_war",
    "sparta-vs-athens": "sparta_vs_athens",
}


@runtime_checkable
class Agent(Protocol):
    """A player for one role of a game, seeing only what that role may see."""

    @property
    def name(self) -> str:
        """The registry name of this agent (``"random"``, ``"heuristic"``, ...)."""
        ...

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        """One of ``legal`` (never empty), chosen from ``view`` alone."""
        ...


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        if not legal:
            raise ValueError("no legal action to choose from")
        return rng.choice(legal)


class GuardedAgent:
    """The base of rule-of-thumb bots: ``_choose`` proposes an action and ``choose`` makes sure a
    legal one is played. A bot's own error, or a proposal that is not legal, falls back to
    ``fallback`` (so a bug in a bot never stops a game); ``strict`` re-raises instead (tests)."""

    name = "guarded"
    strict = False

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        try:
            action = self._choose(view, legal, rng)
        except Exception:
            if self.strict:
                raise
            action = ""
        if action not in legal:
            if self.strict and action:
                raise AssertionError(f"{self.name} chose {action!r}, not in {legal}")
            action = self.fallback(legal, rng)
        return action

    def _choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        raise NotImplementedError

    def fallback(self, legal: list[str], rng: Rng | None) -> str:
        """A safe action when nothing better is known (default: a random one)."""
        return rng.choice(legal) if rng is not None else legal[0]


GENERIC_AGENTS: dict[str, Callable[..., Agent]] = {"random": RandomAgent}


def game_module(game_id: str, name: str) -> ModuleType | None:
    """The optional module ``polemos.games.<package>.<name>`` of a game, or None if it has none.

    A module that exists but fails to import raises (its error is a bug worth seeing).
    """
    package = GAME_PACKAGES.get(game_id)
    if package is None:
        return None
    full = f"polemos.games.{package}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as exc:
        # Only "this module (or its game package) does not exist" means "no such hook".
        if exc.name is not None and (full == exc.name or full.startswith(exc.name + ".")):
            return None
        raise


def game_bots(game_id: str) -> dict[str, Callable[..., Agent]]:
    """The game-specific bot factories of ``game_id`` (empty if the game has no bots module)."""
    module = game_module(game_id, "bots")
    if module is None:
        return {}
    factory = getattr(module, "bots", None)
    if not callable(factory):
        raise ValueError(f"{module.__name__} has no bots() function")
    found = factory()
    if not isinstance(found, dict):
        raise ValueError(f"{module.__name__}.bots() must return a dict of name -> factory")
    return dict(found)


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
