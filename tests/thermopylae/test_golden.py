"""Golden playthroughs of Go Tell the Spartans (architecture: "Testing").

For each (seed, options) in ``GOLDEN`` a random-agent game — the game seeded with N, the agent's
choices drawn from ``polemos.core.rng.Rng(N)`` — is checked in as ``golden/<name>.json``: its
record, the sha256 digest of its final ``to_json()`` and its outcome. The tests replay each record
and require the identical digest and outcome, and require the seeded agent to choose the same
actions again. A deliberate change to the rules, data or action texts changes these games:
regenerate, review and commit them with the change::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/thermopylae/test_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import polemos
from polemos.core.game import JSON
from polemos.testing.golden import check_golden

GAME_ID = "go-tell-the-spartans"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN: dict[str, tuple[int, JSON]] = {
    "solitaire-seed-1": (1, {}),
    "solitaire-seed-2": (2, {}),
    "two-player-seed-3": (3, {"players": "two"}),
}
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/thermopylae/test_golden.py"


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    seed, options = GOLDEN[name]
    check_golden(GOLDEN_DIR / f"{name}.json", HINT, GAME_ID, seed, {"options": options},
                 f"game seed {seed}, agent Rng({seed})")


@pytest.mark.parametrize("name", list(GOLDEN))
def test_g44_games_recorded_before_the_one_choice_set_up_replay_to_the_same_end(name: str) -> None:
    """RULINGS G44 added "deploy standard/repeat" after the single placements of the Greek Deployment Phase
    (6.0) and the step that looks the set-up over; every action of the games recorded before it is still legal
    and means what it meant: the golden games of then replay to the same outcome in as many actions. (The
    golden games above were drawn again: the seeded agent draws from the longer list.)"""
    doc = json.loads((GOLDEN_DIR / "before-g44" / f"{name}.json").read_text(encoding="utf-8"))
    replayed = polemos.replay(doc["record"])
    outcome = replayed.outcome()
    assert outcome is not None and outcome.to_json() == doc["outcome"]
    assert len(replayed.actions) == doc["steps"] == len(doc["record"]["actions"])
