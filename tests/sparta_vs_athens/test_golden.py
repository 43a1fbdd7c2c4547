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

from pathlib import Path

import pytest

from polemos.core.game import JSON
from polemos.testing.golden import check_golden

GAME_ID = "sparta-vs-athens"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN: dict[str, tuple[int, str, JSON]] = {
    "peloponnesian-war-seed-1": (1, "peloponnesian-war", {}),
    "archidamian-war-seed-2": (2, "archidamian-war", {}),
    "ionian-war-prestige-pays-seed-3": (3, "ionian-war", {"prestige_pays": True}),
}
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/sparta_vs_athens/test_golden.py"


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    seed, scenario, options = GOLDEN[name]
    check_golden(GOLDEN_DIR / f"{name}.json", HINT, GAME_ID, seed, {"scenario": scenario, "options": options},
                 f"game seed {seed}, scenario {scenario}, agent Rng({seed})")
