"""Engine work changes no behaviour (issue 12): seeded random games of both editions give, step for
step, the same active roles, legal actions of both roles, views (both roles and the spectator), move
explanations and state documents as when the digests in ``equivalence.json`` were recorded. The state
document is digested in the full layout the digests were recorded in (every field written out), read
back from the compact document ``to_json`` writes since (issue 12), so the digests also check that the
compact document loses nothing.

A change to the rules that is meant to change play changes these digests too: after checking that the
change is the one intended (the golden games, the rule tests), record them again with
``POLEMOS_RECORD_EQUIVALENCE=1 .venv/bin/python -m pytest -q tests/athens_sparta/test_equivalence.py``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

import pytest

import polemos
from polemos.core.rng import Rng

from .helpers import full_document

DIGESTS = Path(__file__).with_name("equivalence.json")
GAMES = [(edition, seed) for edition in ("second", "first") for seed in (11, 12, 13)]
STEPS = 400  # actions per game: card play, moves, battles, attrition and a Replacement Phase
EVERY = 7  # the views, explanations and state document every this many actions


def play_digest(edition: str, seed: int) -> str:
    game = polemos.game("athens-and-sparta")
    state = game.new(seed, options={"edition": edition})
    chooser = Rng(seed * 7919 + (edition == "first"))
    digest = hashlib.sha256()

    def add(doc: object) -> None:
        digest.update(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")

    for i in range(STEPS):
        if state.outcome() is not None:
            break
        active = state.active_roles()
        legal = {role: state.legal_actions(role) for role in ("athens", "sparta")}
        add([list(active), legal])
        if i % EVERY == 0:
            add([state.view(role) for role in ("athens", "sparta", None)])
            add([state.explain(role) for role in ("athens", "sparta")])
            add(full_document(state))
        role = chooser.choice([r for r in active if legal[r]])
        state.apply(role, chooser.choice(legal[role]))
    add(full_document(state))
    outcome = state.outcome()
    add(None if outcome is None else [outcome.winner, outcome.reason, outcome.scores])
    return digest.hexdigest()


@functools.cache
def recorded() -> dict[str, str]:
    if os.environ.get("POLEMOS_RECORD_EQUIVALENCE") == "1":
        digests = {f"{edition}-{seed}": play_digest(edition, seed) for edition, seed in GAMES}
        DIGESTS.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    doc: dict[str, str] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return doc


@pytest.mark.parametrize(("edition", "seed"), GAMES, ids=[f"{e}-{s}" for e, s in GAMES])
def test_random_game_plays_as_recorded(edition: str, seed: int) -> None:
    assert play_digest(edition, seed) == recorded()[f"{edition}-{seed}"]
