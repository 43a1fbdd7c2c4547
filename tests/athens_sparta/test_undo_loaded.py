"""Undo of a state just loaded from JSON (issue 12): it has no snapshots, so the kernel plays its record
again without the action taken back (the actions before it as they were, without listing the legal
actions; those after it checked again) and keeps snapshots on the way. The result is the same as the
undo of the state that was never saved, at points of both editions, and the next undo is from a snapshot."""

from __future__ import annotations

import json

import pytest

from polemos.core.rng import Rng

from .conftest import game, play_random


@pytest.mark.parametrize("edition", ["second", "first"])
def test_undo_of_a_loaded_state_is_the_undo_of_the_state_never_saved(edition: str) -> None:
    state = game().new(12, options={"edition": edition})
    chooser = Rng(12)
    checked = 0
    for _ in range(40):
        play_random(state, chooser, 9)
        if state.outcome() is not None:
            break
        for role in state.roles():
            if not state.can_undo(role):
                continue
            loaded = game().from_json(json.loads(json.dumps(state.to_json())))
            assert not loaded._undo_snaps
            kept = state.clone()
            kept.undo(role)
            loaded.undo(role)
            assert loaded.to_json() == kept.to_json()
            assert loaded._undo_snaps  # kept on the way: the next undo needs no replay
            checked += 1
    assert checked >= 10
