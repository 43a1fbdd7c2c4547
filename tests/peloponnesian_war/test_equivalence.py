"""The engine's speed work changes nothing a game does (issue 12, issue 10's bench): random games of every
scenario (10.1-10.4) and mode, their whole position and every role's view after each action (and the
legal actions before it) digested step by step, against digests checked in as ``golden/equivalence.json``.

The games pass through ``clone()`` and through ``to_json``/``from_json`` now and then, so a cache or an
index kept beside the position (the legal menus, control, the ZOIs) that a copy forgets, or that goes
stale, shows as a different digest. A deliberate change to the rules, data, log or action texts changes
these digests as it changes the golden games: regenerate, review and commit them with the change::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/peloponnesian_war/test_equivalence.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import polemos
from polemos.core.game import JSON
from polemos.core.rng import Rng

GAME_ID = "peloponnesian-war"
PATH = Path(__file__).resolve().parent / "golden" / "equivalence.json"
SCENARIOS = ("peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens")
MODES: tuple[JSON, ...] = ({}, {"mode": "fixed", "side": "sparta"}, {"mode": "two-player"})
CASES = [(11 + 10 * i + j, scenario, mode) for i, scenario in enumerate(SCENARIOS) for j, mode in enumerate(MODES)]
REGEN = os.environ.get("POLEMOS_REGEN_GOLDEN") == "1"
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/peloponnesian_war/test_equivalence.py"


def name(seed: int, scenario: str, options: JSON) -> str:
    return f"{options.get('mode', 'solitaire')}-{options.get('side', 'athens')}-{scenario}-seed-{seed}"


def trace(seed: int, scenario: str, options: JSON) -> tuple[str, int]:
    """The digest of a random game (choices from ``Rng(seed ^ 0x5EED)``) and its number of actions."""
    game = polemos.game(GAME_ID)
    state = game.new(seed, scenario=scenario, options=options)
    chooser = Rng(seed ^ 0x5EED)
    h = hashlib.sha256()
    logged = 0
    for step in range(5000):
        doc = state.to_json()
        log = doc.pop("log")
        h.update(json.dumps(doc, sort_keys=True).encode())
        h.update(json.dumps(log[logged:]).encode())
        logged = len(log)
        for role in (*state.roles(), None):
            view = state.view(role)
            assert view.pop("log") == [text for _, text in log]  # nothing in this game is hidden (RULINGS P34)
            h.update(json.dumps(view, sort_keys=True).encode())
        if state.outcome() is not None:
            return h.hexdigest(), step
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        h.update(json.dumps(legal).encode())
        if step % 7 == 3:
            state = state.clone()
        if step % 11 == 5:
            state = game.from_json(state.to_json())
        state.apply(role, chooser.choice(legal))
    raise AssertionError(f"{name(seed, scenario, options)} did not end in 5000 actions")


def test_random_games_give_the_checked_in_positions_and_views() -> None:
    got = {name(*case): trace(*case) for case in CASES}
    if REGEN:
        PATH.write_text(json.dumps({"about": f"Digests of random games' positions and views. {HINT}",
                                    "games": {k: {"digest": d, "actions": n} for k, (d, n) in got.items()}},
                                   indent=1) + "\n", encoding="utf-8")
        return
    assert PATH.exists(), HINT
    want = json.loads(PATH.read_text(encoding="utf-8"))["games"]
    assert set(want) == set(got)
    changed = sorted(k for k in got if want[k] != {"digest": got[k][0], "actions": got[k][1]})
    assert not changed, f"{changed} changed; {HINT}"

