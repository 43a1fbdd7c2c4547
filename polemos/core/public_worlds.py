"""The search's worlds of a game in which nothing is hidden: the view's position with fresh dice.

In Sparta vs. Athens (RULINGS S9, S23) and The Peloponnesian War (RULINGS P34, P106) a role's view shows
the whole position and its ``procedure`` the procedure in progress, so a world for the search
(``polemos.ai.ismcts``) is that position with a generator seeded from the search's own RNG: the sampler
never sees the real state, and a view never holds the real generator, its seed or the actions.

:class:`PublicSampler` is the frame both games' ``worlds.Sampler`` share: it refuses a view whose game is
over, whose role is not asked or whose decision is not searched, rebuilds the position once
(``position``, the game's), samples it with fresh dice, and evaluates a leaf by a logistic of how much
better the game's ``judge`` finds it than the view's own position (so the start is an even chance). A game
supplies ``asked`` (the decision a view asks), ``position``, ``judge`` and ``playout``.
:func:`game_cache` and :func:`plain_copy` are the small helpers the two ``worlds.py`` had each.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polemos
from polemos.core.game import JSON, Game, Role, State
from polemos.core.rng import Rng

__all__ = ["PublicSampler", "game_cache", "plain_copy"]


def game_cache(game_id: str) -> Callable[[Path | str | None], Any]:
    """``game(data)``: the game ``game_id`` built once per data folder (None: the bundled data), typed
    loosely so a game's ``worlds.py`` calls its own Game's methods (``components()``)."""
    games: dict[str | None, Game] = {}

    def game(data: Path | str | None) -> Game:
        key = None if data is None else str(data)
        found = games.get(key)
        if found is None:
            found = games[key] = polemos.game(game_id, None if data is None else Path(data))
        return found

    return game


def plain_copy(value: Any) -> Any:
    """A view's JSON value copied (dicts with string keys, lists), so a world never shares it."""
    if isinstance(value, dict):
        return {str(k): plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_copy(v) for v in value]
    return value


class PublicSampler:
    """Worlds consistent with one view of a game with nothing hidden: its position with fresh dice."""

    rollout_cap = 30

    def __init__(self, view: JSON, role: Role, data: Path | str | None, kinds: frozenset[str]) -> None:
        from polemos.ai.ismcts import NoWorld  # the search's own refusal (the search imports this layer's games)

        if view.get("outcome") is not None:
            raise NoWorld("the game is over")
        asked_role, kind = self.asked(view)
        if asked_role != role or view.get("role") != role:
            raise NoWorld(f"{role} is not asked to act in this view")
        if kind not in kinds:
            raise NoWorld(f"this decision ({kind}) is not searched: it is the heuristic bot's")
        self.role = role
        self.kind = kind
        try:
            self.skeleton = self.position(view, data)
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            # a view this module cannot read (a bug the tests catch): the heuristic plays on
            raise NoWorld(f"the view cannot be read as a position: {exc!r}") from exc
        self.start = self.judge(self.skeleton)  # where the search starts (evaluate)

    # -- what a game supplies
    def asked(self, view: JSON) -> tuple[Any, str]:
        """The role a view asks to act and the kind of its decision (None, "" when none)."""
        raise NotImplementedError

    def position(self, view: JSON, data: Path | str | None) -> State:
        """The position ``view`` shows, every field the rules read (the game's ``worlds.position_of``)."""
        raise NotImplementedError

    def judge(self, state: State) -> float:
        """The first role's standing, on a logistic scale."""
        raise NotImplementedError

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        raise NotImplementedError

    # -- the frame
    def sample(self, rng: Rng) -> State:
        """The view's position with a generator drawn from the search's own RNG (never the game's)."""
        s = self.skeleton.clone()
        s._undo_snaps = ()
        s.rng = Rng(rng.below(1 << 62))  # a world rolls its own dice
        reset = getattr(s, "reset_caches", None)
        if callable(reset):
            reset()
        return s

    def evaluate(self, state: State) -> dict[Role, float]:
        """Each role's chance: a logistic of how much better :meth:`judge` finds ``state`` than the view's
        own position for the first role. Measured from the position the search starts in, a search of a
        lopsided game still tells its choices apart (an absolute value saturates near 1 or 0), and the
        heuristic's choice, held at an even value (``SearchConfig.hint_visits``), stands for "no change"
        whichever side is ahead."""
        roles = state.roles()
        x = self.judge(state) - self.start
        v0 = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        return {roles[0]: v0, roles[1]: 1.0 - v0}
