"""What the state keeps between calls for speed (issue 12) always equals a fresh count: which spaces hold
a side's SPs, the SPs in play (1.1.2) and the spaces closed to a leader moving alone (4.1.1, RULINGS
P72). Checked after every action of random games against a clone (which keeps nothing) and against the
counts themselves. (What is remembered by the question alone, the distances and routes, cannot go
stale; test_equivalence.py checks whole games.)"""

from __future__ import annotations

import pytest

import polemos
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war import operations
from polemos.games.peloponnesian_war.geography import LEADER_ALONE
from polemos.games.peloponnesian_war.model import ATHENS, NATIONALITIES, NO, SPARTA, UNIT_TYPES
from polemos.games.peloponnesian_war.state import SIDE_RANGE, PWState


def fresh_occupied(s: PWState, side: int) -> list[bool]:
    lo, hi = SIDE_RANGE[side]
    return [any(row[lo:hi]) for row in s.sp]


@pytest.mark.parametrize("options", [{}, {"mode": "two-player"}], ids=["solitaire", "two-player"])
def test_kept_counts_equal_fresh_ones_after_every_action(options: dict[str, str]) -> None:
    game = polemos.game("peloponnesian-war")
    state = game.new(5, options=options)
    chooser = Rng(5)
    checked = 0
    while state.outcome() is None:
        assert isinstance(state, PWState)
        twin = state.clone()  # keeps nothing: counts afresh
        for side in (ATHENS, SPARTA):
            assert state.occupied(side) == fresh_occupied(state, side) == twin.occupied(side)
            for goal in (NO, state.comp.space_index["athens"], state.comp.space_index["syracuse"]):
                assert operations.closed_spaces(state, side, LEADER_ALONE, goal) == \
                    operations.closed_spaces(twin, side, LEADER_ALONE, goal)
        for nat in range(len(NATIONALITIES)):
            for unit_type in range(len(UNIT_TYPES)):
                i = nat * len(UNIT_TYPES) + unit_type
                assert state.in_play(nat, unit_type) == state.going_home[i] + sum(row[i] for row in state.sp)
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
        checked += 1
    assert checked > 50
