"""Golden playthroughs of The Peloponnesian War (architecture: "Testing").

For each (seed, scenario, options) in ``GOLDEN`` a random-agent game — the game seeded with N, the
agent's choices drawn from ``polemos.core.rng.Rng(N)`` — is checked in as ``golden/<name>.json``:
its record, the sha256 digest of its final ``to_json()`` and its outcome. The tests replay each
record and require the identical digest and outcome, and require the seeded agent to choose the
same actions again. One game of each scenario (10.1-10.4) and each mode (solitaire with side
changes, 2.1; fixed side; two players). A deliberate change to the rules, data, log or action
texts changes these games: regenerate, review and commit them with the change::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/peloponnesian_war/test_golden.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

from polemos.core.game import JSON
from polemos.testing.golden import check_golden

GAME_ID = "peloponnesian-war"
GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN: dict[str, tuple[int, str, JSON]] = {
    "solitaire-peloponnesian-war-seed-1": (1, "peloponnesian-war", {}),
    "fixed-sparta-archidamian-war-seed-2": (2, "archidamian-war", {"mode": "fixed", "side": "sparta"}),
    "two-player-decelean-war-seed-3": (3, "decelean-war", {"mode": "two-player"}),
    "solitaire-fall-of-athens-seed-4": (4, "fall-of-athens", {}),
}
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/peloponnesian_war/test_golden.py"


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_playthrough_replays_exactly(name: str) -> None:
    seed, scenario, options = GOLDEN[name]
    check_golden(GOLDEN_DIR / f"{name}.json", HINT, GAME_ID, seed, {"scenario": scenario, "options": options},
                 f"game seed {seed}, scenario {scenario}, agent Rng({seed})")
