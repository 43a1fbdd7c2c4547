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

from pathlib import Path
from typing import Any

from polemos.core.game import JSON
from polemos.testing.equivalence import RandomWalk, check_recorded, regen_hint

PATH = Path(__file__).resolve().parent / "golden" / "equivalence.json"
SCENARIOS = ("peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens")
MODES: tuple[JSON, ...] = ({}, {"mode": "fixed", "side": "sparta"}, {"mode": "two-player"})
CASES = [(11 + 10 * i + j, scenario, mode) for i, scenario in enumerate(SCENARIOS) for j, mode in enumerate(MODES)]


def open_log(view: JSON, log: list[Any]) -> None:
    """Every view shows the whole log: nothing in this game is hidden (RULINGS P34)."""
    assert view.pop("log") == [text for _, text in log]


# every game must end within 5000 actions; every position's views, each checked by open_log
WALK = RandomWalk("peloponnesian-war", limit=5000, must_end=True, views_every=1, check_view=open_log,
                  clone=(7, 3), reload=(11, 5))


def name(seed: int, scenario: str, options: JSON) -> str:
    return f"{options.get('mode', 'solitaire')}-{options.get('side', 'athens')}-{scenario}-seed-{seed}"


def test_random_games_give_the_checked_in_positions_and_views() -> None:
    got = {name(*case): WALK.trace(case[0], scenario=case[1], options=case[2]) for case in CASES}
    check_recorded(PATH, got, regen_hint("tests/peloponnesian_war/test_equivalence.py"))
