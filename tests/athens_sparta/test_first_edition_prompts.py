"""Athens & Sparta, first edition (issue 13): what the player is asked cites the first edition's own
rules and words — the Bad Hand (1st 4.61, RULINGS FE16: a new deal asked for, the hand not shown),
combat turns (1st 5.1), sieges and relief (1st 5.5, 5.52-5.58), hits (1st 5.21), retreats (1st 5.3),
regrouping (1st 5.4), patrols (1st 6.7) and Production Points (1st 8.1) — and the current edition's
prompts are unchanged."""

from __future__ import annotations

import random

import polemos
from polemos.games.athens_sparta.view import PROMPTS, PROMPTS_FIRST


def _prompts(edition: str, seeds: range) -> dict[str, set[str]]:
    """The prompts of the deciding roles by decision kind, over random games."""
    seen: dict[str, set[str]] = {}
    g = polemos.game("athens-and-sparta")
    for seed in seeds:
        s = g.new(seed=seed, options={"edition": edition})
        rng = random.Random(seed)
        for _ in range(700):
            roles = [r for r in s.active_roles() if s.legal_actions(r)]
            if not roles or s.outcome() is not None:
                break
            role = rng.choice(roles)
            kind = (getattr(s, "pending", None) or {}).get("kind")
            if kind is not None:
                seen.setdefault(str(kind), set()).add(s.view(role)["prompt"])
            s.apply(role, rng.choice(s.legal_actions(role)))
    return seen


def test_first_edition_prompts_cite_its_rules_1st_4_61_5_1_5_21() -> None:
    seen = _prompts("first", range(3))
    assert {"mulligan", "act"} <= set(seen)
    for kind, texts in seen.items():
        if kind in PROMPTS_FIRST:
            for text in texts:
                assert "1st " in text or kind == "levy", (kind, text)  # the Levy card cites no rule
                assert "Mulligan" not in text and "BP" not in text, (kind, text)
    assert all("Bad Hand" in t for t in seen["mulligan"])


def test_current_edition_prompts_unchanged() -> None:
    seen = _prompts("second", range(2))
    for kind, texts in seen.items():
        for text in texts:
            assert "1st " not in text, (kind, text)
    assert set(PROMPTS_FIRST) <= set(PROMPTS)
