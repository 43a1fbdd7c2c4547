"""A clone shares the rows of ``sp`` and ``moved`` with its original until one of them changes a row
(``PWState.writable`` copies it first; issue 10, the kernel clones before nearly every step to undo).
Checked over whole random games of every scenario: no state a clone was taken from, and no clone,
ever sees the other's later changes, and undo (which replays from those clones) still gives the
position before the undone action."""

from __future__ import annotations

import json

import pytest

import polemos
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war.state import PWState

SCENARIOS = ("peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens")


def digest(s: PWState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_clones_never_see_each_others_changes(scenario: str) -> None:
    game = polemos.game("peloponnesian-war")
    state = game.new(11, scenario)
    assert isinstance(state, PWState)
    chooser = Rng(11)
    kept: list[tuple[PWState, str]] = []  # earlier clones and their positions when taken
    step = 0
    while state.outcome() is None and step < 400:
        role = state.active_roles()[0]
        action = chooser.choice(state.legal_actions(role))
        if step % 7 == 0:
            twin = state.clone()
            twin.apply(role, action)  # the clone plays the same action: both change their rows
            kept.append((twin, digest(twin)))
            kept.append((state.clone(), digest(state)))
        state.apply(role, action)
        step += 1
    assert len(kept) >= 4
    for twin, before in kept:
        assert digest(twin) == before


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_undo_after_shared_rows_gives_the_position_before(scenario: str) -> None:
    game = polemos.game("peloponnesian-war")
    state = game.new(12, scenario, {"mode": "two-player"})
    chooser = Rng(12)
    undone = 0
    for _ in range(300):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        before = digest(state)
        state.apply(role, chooser.choice(state.legal_actions(role)))
        if state.can_undo(role):
            state.undo(role)
            assert digest(state) == before
            undone += 1
            state.apply(role, chooser.choice(state.legal_actions(role)))
    assert undone > 0
