"""The contract fuzzer on Sparta vs. Athens, each scenario, and random play to the end.

CI plays a few seeded random playouts per scenario; ``POLEMOS_DEEP=1`` plays many more. Checked along
the way (architecture.md, Testing): legal actions apply, illegal ones change nothing, clone and JSON
round trip are exact, records replay, views hold no hidden keys, undo never crosses a die, and no
dead end before the outcome. Nothing in the game is hidden (RULINGS S9), so the secrets check has no
variants to compare. A failing playout is saved under ``fuzz-failures/`` as a record.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

import polemos
from polemos.testing import fuzz_game

GAME_ID = "sparta-vs-athens"
DEEP = os.environ.get("POLEMOS_DEEP") == "1"
FAILURES = Path(__file__).resolve().parents[2] / "fuzz-failures"
SEEDS = int(os.environ.get("POLEMOS_FUZZ_SEEDS", "40" if DEEP else "2"))
MAX_STEPS = 20000
# the task stack is public (RULINGS S23: the view's procedure); the dice and the history never are
HIDDEN_KEYS = ("rng", "scripted", "seed", "undo_floor", "origin", "actions")


@pytest.mark.parametrize("scenario", ["peloponnesian-war", "archidamian-war", "ionian-war"])
def test_random_playouts_keep_the_game_contract(scenario: str) -> None:
    report = fuzz_game(GAME_ID, range(SEEDS), max_steps=MAX_STEPS, check_every=10 if DEEP else 50,
                       save_dir=FAILURES, hidden_keys=HIDDEN_KEYS, options={"scenario": scenario})
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, report.summary() + "\nfailing records: " + ", ".join(saved)
    assert report.games == report.finished == SEEDS


@pytest.mark.parametrize("scenario", ["peloponnesian-war", "archidamian-war", "ionian-war"])
def test_random_games_reach_16_6_or_16_4_and_replay_from_their_records(scenario: str) -> None:
    game = polemos.game(GAME_ID)
    for seed in range(20 if DEEP else 4):
        s = game.new(seed, scenario)
        r = random.Random(seed)
        while s.outcome() is None:
            role = s.active_roles()[0]
            s.apply(role, r.choice(s.legal_actions(role)))
        outcome = s.outcome()
        assert outcome is not None and ("16.6" in outcome.reason or "16.4" in outcome.reason
                                        or "13.1" in outcome.reason)
        assert polemos.replay(s.record()).to_json() == s.to_json()


def test_every_role_and_a_spectator_see_the_same_open_view_rulings_s9() -> None:
    s = polemos.game(GAME_ID).new(5)
    r = random.Random(5)
    for _ in range(300):
        if s.outcome() is not None:
            break
        views = [s.view(role) for role in ("athens", "sparta", None)]
        for v in views:
            v.pop("role")
        assert views[0] == views[1] == views[2]
        role = s.active_roles()[0]
        s.apply(role, r.choice(s.legal_actions(role)))
