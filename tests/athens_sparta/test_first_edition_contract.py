"""Athens & Sparta, first edition (issue 13): the game contract with ``edition=first`` — the contract
fuzzer (views leak nothing, exact JSON round trip and replay, undo never crosses a roll, no dead end),
random games that all end, golden playthroughs (``golden_first/seed-N.json``), and the heuristic bot
playing only legal actions over whole games.

Regenerate the golden files after a deliberate change to the first edition's rules::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/athens_sparta/test_first_edition_contract.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import polemos
from polemos.ai import RandomAgent, play_game
from polemos.core.game import JSON
from polemos.core.rng import Rng
from polemos.games.athens_sparta.bots import HeuristicAgent
from polemos.games.athens_sparta.model import RULES_FIRST
from polemos.games.athens_sparta.state import AthensSpartaState
from polemos.testing import fuzz_game
from tests.athens_sparta.conftest import (
    DEEP,
    GAME_ID,
    HIDDEN_KEYS,
    LogWatch,
    game,
    leak_check,
    play_random,
)
from tests.athens_sparta.helpers import GoldenGames

FIRST: JSON = {"edition": "first"}
FAILURES = Path(__file__).resolve().parents[2] / "fuzz-failures"
MAX_STEPS = 4000
SEEDS = 200 if DEEP else 6
CHECK_EVERY = 50
GOLDEN_DIR = Path(__file__).resolve().parent / "golden_first"
GOLDEN_SEEDS = (1, 2)
REGEN_HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/athens_sparta/test_first_edition_contract.py"


def new_first(seed: int) -> AthensSpartaState:
    s = game().new(seed, options=FIRST)
    assert s.ed1
    return s


# ============================================================================ the contract fuzzer
def test_ed1_random_playouts_keep_the_game_contract(log_watch: LogWatch) -> None:
    """The contract fuzzer (with its secrets check) on the first edition."""
    seeds = range(100, 100 + SEEDS)
    report = fuzz_game(GAME_ID, seeds, max_steps=MAX_STEPS, check_every=CHECK_EVERY,
                       leak_check=leak_check(log_watch), save_dir=FAILURES, hidden_keys=HIDDEN_KEYS,
                       options=FIRST, secrets_every=CHECK_EVERY * 2, follow=12)
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, report.summary() + "\nfailing records: " + ", ".join(saved)
    assert report.games == report.finished == SEEDS
    assert report.steps > SEEDS * 100


def test_ed1_random_games_all_finish_with_an_outcome() -> None:
    """Random-vs-random first-edition games all end with a winner and a reason; no role is ever
    left without a legal action; the record names the first edition and replays."""
    for seed in range(40 if DEEP else 12):
        s, chooser = new_first(seed), Rng(seed)
        steps = play_random(s, chooser, MAX_STEPS)
        outcome = s.outcome()
        assert outcome is not None and outcome.winner in ("athens", "sparta"), f"seed {seed} ({steps} actions)"
        assert outcome.reason and s.active_roles() == ()
        if seed % 4 == 0:
            rec = json.loads(json.dumps(s.record()))
            assert rec["rules"] == RULES_FIRST
            assert polemos.replay(rec).to_json() == s.to_json()


# ============================================================================ the heuristic bot
@pytest.mark.parametrize("seed", [21, 22])
def test_ed1_heuristic_bot_plays_only_legal_actions_over_full_games(seed: int) -> None:
    g = polemos.game(GAME_ID)
    for agents in ({"athens": HeuristicAgent(strict=True), "sparta": RandomAgent()},
                   {"athens": HeuristicAgent(strict=True), "sparta": HeuristicAgent(strict=True)}):
        result = play_game(g, seed, agents, options=FIRST)  # type: ignore[arg-type]
        assert result.reason != "max_steps"
        assert result.winner in ("athens", "sparta")


# ============================================================================ golden playthroughs
GOLDEN = GoldenGames(GOLDEN_DIR, REGEN_HINT, "random-vs-random first-edition playthrough", new_first, MAX_STEPS)


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_ed1_golden_record_replays_to_the_same_final_state(seed: int) -> None:
    golden = GOLDEN.load(seed)
    assert golden["record"]["rules"] == RULES_FIRST and golden["record"]["options"] == FIRST
    GOLDEN.assert_replays(seed, golden)


@pytest.mark.parametrize("seed", GOLDEN_SEEDS)
def test_ed1_golden_agent_makes_the_same_choices(seed: int) -> None:
    GOLDEN.assert_same_choices(seed, GOLDEN.load(seed))
