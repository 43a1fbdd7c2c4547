"""Undo in O(turn) (architecture: "its cost does not grow with the length of the game"): a state keeps
snapshots at its undo floor and every few actions after it, and takes an action back from the latest
of them, replaying only the actions since; the result is exactly the state before that action."""

from __future__ import annotations

import importlib
import json

import pytest

import polemos
from polemos.core.game import State
from polemos.core.rng import Rng
from polemos.games.athens_sparta.game import AthensSpartaPlay

kernel = importlib.import_module("polemos.core.game")  # polemos.core.game is also a function


def dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def long_turn(seed: int, length: int) -> tuple[State, list[State]]:
    """A random game (of seed ``seed`` or the next ones) played on until ``length`` actions of one role
    stand after the undo floor (a long Move Phase, every action of it undoable), with the state's dump
    before each of those actions (a clone)."""
    for game_seed in range(seed, seed + 20):
        state = polemos.game("athens-and-sparta").new(game_seed)
        chooser = Rng(game_seed)
        dumps: list[State] = []
        while state.outcome() is None:
            active = state.active_roles()
            role = active[0] if len(active) == 1 else chooser.choice(active)
            legal = state.legal_actions(role)
            # prefer moving on (not 'end'/'stop') so that the Move Phase grows long
            moves = [a for a in legal if a not in ("end", "stop")] or legal
            before = state.clone()
            state.apply(role, chooser.choice(moves))
            if state.undo_floor == len(state.actions) or any(r != role for r, _ in state.actions[-len(dumps) - 1:]):
                dumps = []  # only one role's actions since the floor (not a simultaneous phase)
            else:
                dumps.append(before)
                if len(dumps) >= length:
                    return state, dumps
    raise AssertionError("no turn that long")


def test_undo_takes_back_a_long_turn_action_by_action_without_replaying_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each undo restores the exact position before the action (JSON equal), from a snapshot: the
    record is never replayed from the start (replay is made to fail here)."""
    state, dumps = long_turn(11, 2 * kernel.UNDO_SNAPSHOT_EVERY + 3)
    assert len(state._undo_snaps) >= 3  # the floor and every UNDO_SNAPSHOT_EVERY actions after it

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("undo replayed the whole record")

    # on the play class (an interpreted subclass): the kernel's undo calls its _undo_by_replay through it,
    # compiled or not (a compiled module's functions cannot be patched)
    monkeypatch.setattr(AthensSpartaPlay, "_undo_by_replay", no_replay)
    role = state.actions[-1][0]
    while dumps:
        assert state.can_undo(role)
        state.undo(role)
        assert dump(state) == dump(dumps.pop())
    assert not state.can_undo(role)


def test_undo_then_play_on_keeps_snapshots_that_still_hold() -> None:
    """After an undo the game goes on, and a later undo is exact again (the snapshots after the action
    taken back are dropped, those before it kept)."""
    state, _ = long_turn(4, kernel.UNDO_SNAPSHOT_EVERY + 4)
    role = state.actions[-1][0]
    for _ in range(3):
        state.undo(role)
    expected = dump(state)
    legal = state.legal_actions(role)
    state.apply(role, legal[0])
    state.undo(role)
    assert dump(state) == expected
    assert all(state.undo_floor <= i <= len(state.actions) for i, _ in state._undo_snaps)


def test_undo_of_a_state_loaded_from_json_replays_its_record() -> None:
    """A position document carries no snapshots: its undo replays the record, with the same result."""
    state, dumps = long_turn(7, 5)
    loaded = state.game.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded._undo_snaps == ()
    role = state.actions[-1][0]
    loaded.undo(role)
    state.undo(role)
    assert dump(loaded) == dump(state) == dump(dumps[-1])


def test_clones_share_snapshots_but_undo_independently() -> None:
    state, dumps = long_turn(2, 6)
    clone = state.clone()
    assert clone._undo_snaps is state._undo_snaps
    role = state.actions[-1][0]
    clone.undo(role)
    assert dump(clone) == dump(dumps[-1])
    assert len(state.actions) == len(clone.actions) + 1
    state.undo(role)
    assert dump(state) == dump(clone)
