"""The engine's speed work changes nothing a game does (issue 12 part 1): random games of every mode --
solitaire (the Persian automaton, 1.0), two players (11.1, with 3.4's hidden units), 3+ players (11.2),
and the 11.3 / 11.4 options -- their whole position and every role's view after each action (and the
legal actions before it) digested step by step, against digests checked in as ``golden/equivalence.json``.

The games pass through ``clone()``, ``to_json``/``from_json`` and ``undo`` now and then, so a cache or an
index kept beside the position (the legal actions, the movement search, occupancy) that a copy forgets,
or that goes stale, shows as a different digest. A deliberate change to the rules, data, log or action
texts changes these digests as it changes the golden games: regenerate, review and commit them with it::

    POLEMOS_REGEN_GOLDEN=1 pytest tests/thermopylae/test_equivalence.py

Never regenerate to make a speed change pass: a difference there is a bug.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import polemos
from polemos.core.game import JSON
from polemos.core.rng import Rng

GAME_ID = "go-tell-the-spartans"
PATH = Path(__file__).resolve().parent / "golden" / "equivalence.json"
MODES: tuple[JSON, ...] = (
    {},
    {"players": "two"},
    {"players": "multi"},
    {"feigned_retreat": True},
    {"players": "two", "nothing_but_spartans": True, "feigned_retreat": True},
)
GAMES_PER_MODE = (5, 3, 2, 1, 1)
LIMIT = 1000  # actions: two-player random games run to 3000; their first thousand are digested
CASES = [(101 + 10 * i + j, mode) for i, mode in enumerate(MODES) for j in range(GAMES_PER_MODE[i])]
REGEN = os.environ.get("POLEMOS_REGEN_GOLDEN") == "1"
HINT = "regenerate with: POLEMOS_REGEN_GOLDEN=1 pytest tests/thermopylae/test_equivalence.py"


def name(seed: int, options: JSON) -> str:
    opts = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "solitaire"
    return f"{opts}-seed-{seed}"


def trace(seed: int, options: JSON) -> tuple[str, int]:
    """The digest of a random game (choices from ``Rng(seed ^ 0x5EED)``, to its end or ``LIMIT`` actions)
    and its number of actions."""
    game = polemos.game(GAME_ID)
    state = game.new(seed, options=options)
    chooser = Rng(seed ^ 0x5EED)
    h = hashlib.sha256()
    logged = 0
    for step in range(LIMIT):
        doc = state.to_json()
        log = doc.pop("log")
        h.update(json.dumps(doc, sort_keys=True).encode())
        h.update(json.dumps(log[logged:]).encode())
        logged = len(log)
        if step % 3 == 0 or state.outcome() is not None:  # views cost the most here: every third position
            for role in (*state.roles(), None):
                h.update(json.dumps(state.view(role), sort_keys=True).encode())
        if state.outcome() is not None:
            return h.hexdigest(), step
        active = state.active_roles()
        role = active[0] if len(active) == 1 else chooser.choice(list(active))
        if step % 17 == 9 and state.can_undo(role):
            state.undo(role)
            continue
        legal = state.legal_actions(role)
        h.update(json.dumps([role, legal]).encode())
        if step % 7 == 3:
            state = state.clone()
        if step % 23 == 5:
            state = game.from_json(state.to_json())
        state.apply(role, chooser.choice(legal))
    return h.hexdigest(), LIMIT


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
