"""Golden playthroughs (architecture: "Testing"): a seeded random-agent game checked in as a file.

For a game id, a seed N and the game's ``new`` arguments (options, scenario), the random-agent game -- the game
seeded with N, each choice drawn by ``Rng(N)`` from the first acting role's legal actions, played to its end --
is kept as ``<name>.json``: its record, the sha256 digest of its final ``to_json()`` (``sort_keys``), its outcome
and the last lines of its log. :func:`check_golden` replays the record and requires the identical digest and
outcome, and requires the seeded agent to choose the same actions again; with ``POLEMOS_REGEN_GOLDEN=1`` it plays
the game and writes the file instead (a deliberate change to the rules, data, log or action texts changes these
games: regenerate, review and commit them with the change).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import polemos
from polemos.core.game import JSON, State
from polemos.core.rng import Rng

#: the variable that makes :func:`check_golden` write the golden file instead of checking it
REGEN_VARIABLE = "POLEMOS_REGEN_GOLDEN"
#: actions a golden game may take at the most
MAX_STEPS = 20000


def digest(state: State) -> str:
    """The sha256 of the position's document (``to_json``, keys sorted)."""
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def play(game_id: str, seed: int, **new: Any) -> State:
    """The random-agent game of ``seed`` (``new``: the game's ``new`` arguments), played to its end."""
    state = polemos.game(game_id).new(seed, **new)
    chooser = Rng(seed)
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    assert state.outcome() is not None
    return state


def check_golden(path: Path, hint: str, game_id: str, seed: int, new: JSON, described: str) -> None:
    """Check the golden game of ``seed`` kept at ``path`` (or write it, with ``POLEMOS_REGEN_GOLDEN=1``).

    ``new`` holds the game's ``new`` arguments (``options``, and ``scenario`` where the game has scenarios),
    written into the file after the seed; ``described`` says what the game is in the file's ``about`` (the game
    seed, the scenario, the agent's seed); ``hint`` says how to regenerate."""
    if os.environ.get(REGEN_VARIABLE) == "1":
        state = play(game_id, seed, **new)
        outcome = state.outcome()
        assert outcome is not None
        path.parent.mkdir(exist_ok=True)
        doc = {"about": f"Golden random-agent playthrough: {described}. {hint}",
               "seed": seed, **new, "steps": len(state.actions), "digest": digest(state),
               "outcome": outcome.to_json(), "log_tail": [entry[-1] for entry in state.to_json()["log"][-8:]],
               "record": state.record()}
        path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path}; {hint}"
    doc = json.loads(path.read_text(encoding="utf-8"))
    replayed = polemos.replay(doc["record"])
    outcome = replayed.outcome()
    assert outcome is not None and outcome.to_json() == doc["outcome"], hint
    assert digest(replayed) == doc["digest"], hint
    again = play(game_id, seed, **new)
    assert [list(a) for a in again.actions] == doc["record"]["actions"], hint
