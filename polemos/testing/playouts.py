"""Positions from random playouts, for tests that look at what a player sees (the terminal boards, issue 11).

A playout plays a game as the golden games do (the game seeded with ``seed``, each choice drawn by
``Rng(seed)`` from the acting role's legal actions) and hands out every ``every``-th position before its
move, so a test renders real positions of the middle of a game, not only the opening one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import polemos
from polemos.core.game import State
from polemos.core.rng import Rng

#: the width a terminal board must fit (issue 11: 80 columns at least)
COLUMNS = 80


def sampled_positions(game_id: str, seed: int, steps: int, every: int,
                      options: Mapping[str, object] | None = None) -> Iterator[tuple[int, State, str]]:
    """``(step, state, role to act)`` at every ``every``-th of the first ``steps`` steps of a random playout
    of ``game_id``, until the game ends; the state moves on once the caller takes the next position."""
    state = polemos.game(game_id).new(seed, options=dict(options or {}))
    chooser = Rng(seed)
    for step in range(steps):
        if state.outcome() is not None:
            return
        role = state.active_roles()[0]
        if step % every == 0:
            yield step, state, role
        state.apply(role, chooser.choice(state.legal_actions(role)))


def too_wide(text: str, columns: int = COLUMNS) -> list[str]:
    """The lines of ``text`` longer than ``columns`` characters."""
    return [line for line in text.splitlines() if len(line) > columns]
