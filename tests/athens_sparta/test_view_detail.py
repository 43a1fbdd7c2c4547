"""The cheaper view a bot or a search's playouts ask for (issue 12: ``view.build(..., detail=False)``) and the
kept city entries every view reads (``view._cities``).

- The view without detail is the full view without :data:`view.DETAIL_KEYS` (the city points, the Build
  Points forecast, the log, the operation move's paths), every other entry equal and in the same order, for
  each side, along seeded random games of both editions.
- A view built with the city entries kept from the views before it equals one built with nothing kept
  (the entries whose controller, sea control and siege are unchanged are reused).
"""

from __future__ import annotations

import json

import pytest

from polemos.core.rng import Rng
from polemos.games.athens_sparta import view
from polemos.games.athens_sparta.state import ROLES, AthensSpartaState
from tests.athens_sparta.conftest import game, random_step

STEPS = 400


def _play(seed: int, edition: str) -> list[AthensSpartaState]:
    """Clones of a seeded random game at each of its first ``STEPS`` actions."""
    s = game().new(seed, options={"edition": edition})
    assert isinstance(s, AthensSpartaState)
    chooser = Rng(seed + 100)
    seen = []
    for _ in range(STEPS):
        if s.outcome() is not None:
            break
        seen.append(s)
        random_step(s, chooser)
        s = s.clone()
    return seen


@pytest.mark.parametrize(("seed", "edition"), [(21, "second"), (22, "first")])
def test_view_without_detail_is_the_full_view_less_its_detail(seed: int, edition: str) -> None:
    left_out: set[str] = set()
    for s in _play(seed, edition):
        for side in (0, 1):
            full = view.build(s, side)
            light = view.build(s, side, detail=False)
            expected = {k: v for k, v in full.items() if k not in view.DETAIL_KEYS}
            assert json.dumps(light) == json.dumps(expected)  # the same entries, in the same order
            left_out.update(k for k in full if k in view.DETAIL_KEYS)
            assert s.view(ROLES[side]) == full  # the state's view is the full one
    assert left_out == set(view.DETAIL_KEYS)  # each left-out part was there in some full view


@pytest.mark.parametrize(("seed", "edition"), [(23, "second"), (24, "first")])
def test_kept_city_entries_equal_fresh_ones(seed: int, edition: str) -> None:
    s = game().new(seed, options={"edition": edition})
    assert isinstance(s, AthensSpartaState)
    chooser = Rng(seed + 100)
    reused = 0
    for _ in range(STEPS):
        if s.outcome() is not None:
            break
        before = s.cities_seen[1] if s.cities_seen is not None else []
        kept = [s.view(r) for r in (*ROLES, None)]  # the entries kept from the views after the last action
        reused += sum(1 for a, b in zip(kept[0]["cities"], before, strict=False) if a is b)
        fresh_state = s.clone()
        fresh_state.cities_seen = None  # nothing kept: every entry worked out again
        fresh = [fresh_state.view(r) for r in (*ROLES, None)]
        assert json.dumps(kept) == json.dumps(fresh)
        random_step(s, chooser)
    assert reused  # the kept entries were used
