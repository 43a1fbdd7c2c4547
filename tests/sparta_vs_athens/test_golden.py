"""Golden playthroughs of Sparta vs. Athens (architecture: "Testing").

For each (seed, scenario, options) in ``GOLDEN`` a random-agent game — the game seeded with N, the
agent's choices drawn from ``polemos.core.rng.Rng(N)`` — is checked in as ``golden/<name>.json``:
its record, the sha256 digest of its final ``to_json()`` and its outcome. The tests replay each
record and require the identical digest and outcome, and require the seeded agent to choose the
same actions again. One game of each scenario (16.2, 16.3, 16.5; the last with the 2.12 option).
A deliberate change to the rules, data, log or action
texts changes these games: regenerate, review and commit them with the change::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/sparta_vs_athens/test_golden.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import polemos
from polemos.core.game import JSON, State
from polemos.core.rng import Rng

GAME_ID = "sparta-vs-athens"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN: dict[str, tuple[int, str, JSON]] = {
    "peloponnesian-war-seed-1": (1, "peloponnesian-war", {}),
    "archidamian-war-seed-2": (2, "archidamian-war", {}),
    "ionian-war-prestige-pays-seed-3": (3, "ionian-war", {"prestige_pays": True}),
}
REGEN = os.environ.get("POLEMOS_REGEN_GOLDEN") == "1"
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/sparta_vs_athens/test_golden.py"
MAX_STEPS = 20000


def digest(state: State) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def play(seed: int, scenario: str, options: JSON) -> State:
    state = polemos.game(GAME_ID).new(seed, scenario=scenario, options=options)
    chooser = Rng(seed)
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            break
        role = state.active_roles()[0]
        state.apply(role, chooser.choice(state.legal_actions(role)))
    assert state.outcome() is not None
    return state


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    seed, scenario, options = GOLDEN[name]
    path = GOLDEN_DIR / f"{name}.json"
    if REGEN:
        state = play(seed, scenario, options)
        outcome = state.outcome()
        assert outcome is not None
        GOLDEN_DIR.mkdir(exist_ok=True)
        doc = {"about": f"Golden random-agent playthrough: game seed {seed}, scenario {scenario}, agent "
                        f"Rng({seed}). {HINT}",
               "seed": seed, "scenario": scenario, "options": options, "steps": len(state.actions),
               "digest": digest(state), "outcome": outcome.to_json(),
               "log_tail": [text for _, text in state.to_json()["log"][-8:]], "record": state.record()}
        path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        return
    assert path.exists(), f"no golden file {path}; {HINT}"
    doc = json.loads(path.read_text(encoding="utf-8"))
    replayed = polemos.replay(doc["record"])
    outcome = replayed.outcome()
    assert outcome is not None and outcome.to_json() == doc["outcome"], HINT
    assert digest(replayed) == doc["digest"], HINT
    again = play(seed, scenario, options)
    assert [list(a) for a in again.actions] == doc["record"]["actions"], HINT
