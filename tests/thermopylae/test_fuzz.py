"""The contract fuzzer on Go Tell the Spartans, and whole random games in every mode and option.

CI plays a few seeded random playouts per mode; ``POLEMOS_DEEP=1`` plays many more. Checked along
the way (architecture.md, Testing): legal actions apply, illegal ones change nothing, clone and JSON
round trip are exact, records replay, views hold no hidden keys, in the two-player game (3.4) no
view shows more than the top unit of an enemy stack, and nothing public depends on what a side
cannot see (the fuzzer's "Secrets" check, with ``hidden.py``'s variants). A failing playout is
saved under ``fuzz-failures/`` as a record (``polemos replay FILE``).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

import polemos
from polemos.core.game import JSON, State
from polemos.core.rng import Rng
from polemos.testing import fuzz_game

GAME_ID = "go-tell-the-spartans"
DEEP = os.environ.get("POLEMOS_DEEP") == "1"
FAILURES = Path(__file__).resolve().parents[2] / "fuzz-failures"
SEEDS = int(os.environ.get("POLEMOS_FUZZ_SEEDS", "200" if DEEP else "6"))
CHECK_EVERY = int(os.environ.get("POLEMOS_FUZZ_CHECK_EVERY", "150"))
MAX_STEPS = 20000
HIDDEN_KEYS = ("rng", "scripted", "seed", "undo_floor", "origin", "actions")


def fog_problems(state: State, role: str | None, view: JSON) -> list[str]:
    """3.4: in the two-player game a side sees only the top unit of each enemy stack; the Greek unit
    being placed is the Greeks' to know (G43)."""
    problems: list[str] = []
    if view.get("mode") != "two":
        return problems
    if role != "greek" and view.get("placing") is not None:
        problems.append(f"{role} sees the Greek unit being placed: {view['placing'].get('id')}")
    for area, units in view.get("areas", {}).items():
        for side in ("greek", "persian"):
            if role == side:
                continue
            shown = [u for u in units if u.get("side") == side and not u.get("hidden")]
            if len(shown) > 1:
                problems.append(f"{role} sees {len(shown)} {side} units in {area}: {[u.get('id') for u in shown]}")
    return problems


def test_random_playouts_keep_the_game_contract() -> None:
    report = fuzz_game(GAME_ID, range(SEEDS), max_steps=MAX_STEPS, check_every=CHECK_EVERY,
                       leak_check=fog_problems, save_dir=FAILURES, hidden_keys=HIDDEN_KEYS)
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, report.summary() + "\nfailing records: " + ", ".join(saved)
    assert report.games == report.finished == SEEDS
    assert report.steps > SEEDS * 100


TWO_SEEDS = int(os.environ.get("POLEMOS_FUZZ_TWO_SEEDS", "10" if DEEP else "1"))
TWO_PLAYER: list[tuple[JSON, int, int]] = [  # options, first seed, check every (CI)
    ({"players": "two", "feigned_retreat": True}, 100, 600),
    ({"players": "two", "nothing_but_spartans": True}, 301, 250),  # seed 301: the Greek deployment, G43
]


@pytest.mark.parametrize(("options", "first", "every"), TWO_PLAYER, ids=["two+feint", "two+spartans"])
def test_two_player_playouts_keep_the_contract_and_the_fog_of_war(options: JSON, first: int, every: int) -> None:
    """The fuzzer on the two-player game (11.1) with the feint (11.3) and all-Spartans (11.4) options:
    the whole contract, and "Secrets": each side's hidden variants (the units under the enemy's tops
    restacked, 3.4) give it and a spectator the same views, active roles and legal actions, also when
    played on. Two-player games are long (~3000 actions): CI checks one playout of each at every
    600th (250th) action; DEEP checks ten of each at every 250th."""
    report = fuzz_game(GAME_ID, range(first, first + TWO_SEEDS), max_steps=MAX_STEPS,
                       check_every=250 if DEEP else every, leak_check=fog_problems, save_dir=FAILURES,
                       hidden_keys=HIDDEN_KEYS, options=options)
    saved = [str(f.path) for f in report.failures if f.path is not None]
    assert report.ok, report.summary() + "\nfailing records: " + ", ".join(saved)
    assert report.games == report.finished == TWO_SEEDS
    assert report.steps > TWO_SEEDS * 500


OPTIONS: list[JSON] = [
    {"players": "two"},
    {"players": "multi"},
    {"feigned_retreat": True},
    {"nothing_but_spartans": True},
    {"players": "two", "feigned_retreat": True},
]


@pytest.mark.parametrize("options", OPTIONS, ids=["two", "multi", "feint", "spartans", "two+feint"])
def test_random_games_in_every_mode_keep_the_contract(options: JSON) -> None:
    """Random playouts with each option: no fog leak (3.4), exact JSON round trip and replay, an outcome."""
    game = polemos.game(GAME_ID)
    seeds = range(8) if DEEP else range(1)
    for seed in seeds:
        s, chooser = game.new(seed, options=options), Rng(seed + 77)
        steps = 0
        while s.outcome() is None:
            assert steps < MAX_STEPS, f"seed {seed} with {options}: no outcome after {MAX_STEPS} actions"
            if steps % 25 == 0:
                for role in ("greek", "persian", None):
                    problems = fog_problems(s, role, s.view(role))
                    assert not problems, f"seed {seed} with {options}, step {steps}: {problems[:3]}"
            if steps % 400 == 0:
                doc = json.loads(json.dumps(s.to_json()))
                assert game.from_json(doc).to_json() == doc
            role = s.active_roles()[0]
            s.apply(role, chooser.choice(s.legal_actions(role)))
            steps += 1
        assert polemos.replay(json.loads(json.dumps(s.record()))).to_json() == s.to_json()
        outcome = s.outcome()
        assert outcome is not None and outcome.winner in ("greek", "persian") and outcome.reason


def test_random_games_all_finish() -> None:
    """Random Greeks against the automaton: every game ends with a winner and a 4.0/8.4.5/10.0 reason."""
    game = polemos.game(GAME_ID)
    reasons: Counter[str] = Counter()
    for seed in range(40 if DEEP else 6):
        s, chooser = game.new(seed), Rng(seed)
        steps = 0
        while s.outcome() is None:
            assert steps < MAX_STEPS
            role = s.active_roles()[0]
            s.apply(role, chooser.choice(s.legal_actions(role)))
            steps += 1
        outcome = s.outcome()
        assert outcome is not None and outcome.winner in ("greek", "persian")
        assert s.active_roles() == ()
        reasons[outcome.reason.split(" (")[0].split(" ")[0]] += 1
    assert sum(reasons.values()) == (40 if DEEP else 6)
