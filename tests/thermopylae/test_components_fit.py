"""The reconstructed map and counter mix of Go Tell the Spartans fit each other (7.0, 7.0.2, 3.1)."""

from __future__ import annotations

from collections import Counter

from polemos.games.thermopylae.board import load_map
from polemos.games.thermopylae.counters import load_counters

STACK = 3  # 3.1.1: up to three units in an area


def _areas_needed(units: int) -> int:
    return -(-units // STACK)


def test_7_0_2_the_immortals_deploy_in_row_o_in_three_stacks() -> None:
    """7.0.2: on day 3 every Immortal is placed in row O, three-stacks first."""
    area_map, counters = load_map(), load_counters()
    immortals = sum(1 for u in counters.units.values() if u.contingent == "immortals")
    assert _areas_needed(immortals) <= len(area_map.row_areas(area_map.immortal_entry_row))


def test_7_0_each_persian_contingent_fits_rows_a_and_b() -> None:
    """7.0: a committed contingent sets up in row A (filled first) then row B, in stacks of one
    unit type (3.1.2) of at most three."""
    area_map, counters = load_map(), load_counters()
    room = sum(len(area_map.row_areas(r)) for r in area_map.persian_start_rows)
    by_contingent: dict[str, Counter[str]] = {}
    for u in counters.units.values():
        if u.side == "persian":
            by_contingent.setdefault(u.contingent, Counter())[u.type] += 1
    assert by_contingent
    for contingent, types in by_contingent.items():
        needed = sum(_areas_needed(n) for n in types.values())
        assert needed <= room, f"{contingent} needs {needed} areas, rows A-B have {room}"
