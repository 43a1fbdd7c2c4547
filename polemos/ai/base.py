"""The agent contract and the game hooks every agent module builds on (below ``agents`` and ``ismcts``
in the package's layers, so neither imports the other to reach them).

An :class:`Agent` is asked ``choose(view, legal, rng)``: ``view`` is exactly what
``state.view(role)`` gives that role, ``legal`` the role's legal actions as canonical text, and
``rng`` the agent's own seeded :class:`~polemos.core.rng.Rng` (independent of the game's RNG, so
a bot's thinking never changes the dice). A game's own bots come from its optional module
``polemos.games.<package>.bots`` (``game_bots``), imported only when a bot is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
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
