"""The contract fuzzer on The Peloponnesian War in each mode (solitaire against the Strategy Matrix,
fixed side, two players), and random play through every scenario.

CI plays a few seeded random playouts per mode; ``POLEMOS_DEEP=1`` plays many more. Checked along
the way (architecture.md, Testing): legal actions apply, illegal ones change nothing, clone and JSON
round trip are exact, records replay, views hold no hidden keys, undo never crosses a die, and no
dead end before the outcome. The game has no hidden information (RULINGS P34), so the "Secrets"
check has no variants to compare. A failing playout is saved under ``fuzz-failures/`` as a record
(``polemos replay FILE``).
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import polemos
from polemos.testing import fuzz_game

GAME_ID = "peloponnesian-war"
DEEP = os.environ.get("POLEMOS_DEEP") == "1"
FAILURES = Path(__file__).resolve().parents[2] / "fuzz-failures"
SEEDS = int(os.environ.get("POLEMOS_FUZZ_SEEDS", "100" if DEEP else "4"))
MAX_STEPS = 20000
# the task stack is public, in the view's "procedure" (RULINGS P106): the search rebuilds its worlds from it
HIDDEN_KEYS = ("rng", "scripted", "seed", "undo_floor", "origin", "actions")


@pytest.mark.parametrize(("mode", "scenario"), [
    ("solitaire", "peloponnesian-war"), ("fixed", "peloponnesian-war"), ("two-player", "peloponnesian-war"),
    ("solitaire", "archidamian-war"), ("two-player", "decelean-war"), ("solitaire", "fall-of-athens"),
])
def test_random_playouts_keep_the_game_contract(mode: str, scenario: str) -> None:
    report = fuzz_game(GAME_ID, range(SEEDS), max_steps=MAX_STEPS, check_every=10 if DEEP else 20,
                       save_dir=FAILURES, hidden_keys=HIDDEN_KEYS, options={"mode": mode, "scenario": scenario})
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, report.summary() + "\nfailing records: " + ", ".join(saved)
    assert report.games == report.finished == SEEDS


@pytest.mark.parametrize("scenario", ["archidamian-war", "decelean-war", "fall-of-athens"])
def test_every_scenario_replays_from_its_record(scenario: str) -> None:
    game = polemos.game(GAME_ID)
    for seed in range(3 if not DEEP else 30):
        s = game.new(seed, scenario, {"mode": ("solitaire", "fixed", "two-player")[seed % 3]})
        r = random.Random(seed)
        while s.outcome() is None:
            role = s.active_roles()[0]
            s.apply(role, r.choice(s.legal_actions(role)))
        assert s.outcome() is not None
        again = polemos.replay(s.record())
        assert again.to_json() == s.to_json()
