"""Go Tell the Spartans: undo (the kernel's ``State.undo``) leaves the state exactly as a replay of the record
without the action taken back, and clones the snapshot once (issue 12: ``GTSState._assign`` takes over the state
undo rebuilt instead of cloning it a second time); the state after undo shares no list with its snapshot."""

from __future__ import annotations

import json
import random

import pytest

import polemos
from polemos.core.rng import Rng
from polemos.games.thermopylae.state import GTSState


def _dump(state: polemos.State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("options", [{}, {"players": "two"}], ids=["solitaire", "two"])
def test_undo_is_a_replay_without_the_action_and_clones_once(options: dict[str, str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    game = polemos.game("go-tell-the-spartans")
    s = game.new(3, None, options)
    r = Rng(3)
    coin = random.Random(3)
    undone = 0
    clones = [0]
    original = GTSState.clone

    def counted(self: GTSState) -> GTSState:
        clones[0] += 1
        return original(self)

    for _ in range(400):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
        if s.can_undo(role) and coin.random() < 0.25:
            index = s._last_own_action(role)
            assert index is not None
            record = s.record()
            record["actions"] = record["actions"][:index] + record["actions"][index + 1:]
            expected = _dump(polemos.replay(record))
            snaps = [snap for _, snap in s._undo_snaps]
            before = [_dump(snap) for snap in snaps]
            clones[0] = 0
            monkeypatch.setattr(GTSState, "clone", counted)
            s.undo(role)
            monkeypatch.setattr(GTSState, "clone", original)
            assert _dump(s) == expected
            undone += 1
            assert clones[0] == 1  # the snapshot's, and no second one in _assign (issue 12)
            # the snapshots are untouched by what the state does next
            assert [_dump(snap) for snap in snaps] == before
    assert undone >= 5
