"""Morale (8.4): unit Morale Checks, recovery, contingent routs and the Army Morale Tracks.

Morale Ratings used (tables.toml; the Greek table is reconstructed by ruling G1): Spartans 8 7 7 6;
Thespians 6 6 6 5, javelin 8; Thebans 6 6 5 4; Immortals 8 7 7 6; Dahae mixed 7 6, bow 7; Susa
javelin 6.
"""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules
from polemos.games.thermopylae.state import ARMY, GONE, PERSIAN, TRACK, GTSState

from .helpers import GREEK, U, empty, put, where


# ============================================================================ 8.4.1 unit morale
@pytest.mark.parametrize(("unit_id", "losses", "mr"), [
    ("spartans-1", 0, 8), ("spartans-1", 1, 7), ("spartans-1", 2, 7), ("spartans-1", 3, 6),
    ("thebans-1", 3, 4), ("thespians-7", 0, 8), ("immortals-01", 3, 6), ("dahae-01", 1, 6),
    ("dahae-bow-1", 0, 7), ("susa-javelin-1", 0, 6), ("medes-01", 0, 8),
])
def test_2_2_7_the_morale_rating_depends_on_contingent_type_and_losses(unit_id: str, losses: int, mr: int) -> None:
    s = empty()
    (u,) = put(s, unit_id, "M5", "W", losses=losses)
    assert rules.morale_rating(s, u) == mr


@pytest.mark.parametrize(("roll", "result"), [(1, "pass"), (8, "pass"), (9, "disorder"), (10, "disorder")])
def test_8_4_1_a_roll_up_to_the_mr_passes_one_or_two_over_disorders(roll: int, result: str) -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W")  # MR 8
    script_dice(s, [roll])
    rules.morale_check(s, u)
    assert s.loc[u] == s.comp.area_index("M5")
    assert s.disordered[u] == (result == "disorder")


@pytest.mark.parametrize(("roll", "on_map"), [(8, True), (9, False), (10, False)])
def test_8_4_1_three_or_more_over_routs(roll: int, on_map: bool) -> None:
    s = empty()
    (u,) = put(s, "thespians-1", "M5", "W")  # MR 6
    script_dice(s, [roll])
    rules.morale_check(s, u)
    assert (s.loc[u] >= 0) == on_map
    if not on_map:
        assert s.loc[u] == TRACK and s.lost[s.comp.cont("thespians")] == 1  # 8.4.4: routed units go to the track


def test_8_4_1_a_disordered_unit_adds_one_and_a_second_disorder_does_not_rout() -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W", disordered=True)  # MR 8
    script_dice(s, [8, 9])
    rules.morale_check(s, u)  # 8 + 1 = 9: Disordered again
    assert s.disordered[u] and s.loc[u] >= 0
    rules.morale_check(s, u)  # 9 + 1 = 10: still only Disordered
    assert s.disordered[u] and s.loc[u] >= 0


def test_8_4_1_a_disordered_unit_routs_at_three_over_with_its_plus_one() -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W", disordered=True)
    script_dice(s, [10])  # 10 + 1 = 11: 3 over MR 8
    rules.morale_check(s, u)
    assert s.loc[u] == TRACK


def test_8_4_1_a_disordered_unit_that_passes_recovers() -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W", disordered=True)
    script_dice(s, [7])  # 7 + 1 = 8 <= 8: "Disordered units recover" (Morale Table note)
    rules.morale_check(s, u)
    assert not s.disordered[u]


# ============================================================================ 8.4.2 recovery
@pytest.mark.parametrize(("roll", "recovers"), [(6, True), (7, True), (8, False)])
def test_8_4_2_recovery_adds_one_to_the_roll(roll: int, recovers: bool) -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W", disordered=True)  # MR 8
    script_dice(s, [roll])
    rules.recovery(s)
    assert s.disordered[u] == (not recovers)
    assert s.loc[u] >= 0  # a failed recovery never routs


def test_8_4_2_units_in_an_area_with_enemies_do_not_try_to_recover() -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "M5", "W", disordered=True)
    put(s, "dahae-01", "M5", "E", came_from="L5")
    draws = s.rng.draws
    rules.recovery(s)
    assert s.disordered[u] and s.rng.draws == draws


def test_8_4_2_recovery_uses_the_current_mr() -> None:
    s = empty()
    (u,) = put(s, "thebans-1", "M5", "W", disordered=True, losses=3)  # MR 4
    script_dice(s, [4])  # 4 + 1 = 5 > 4
    rules.recovery(s)
    assert s.disordered[u]


# ============================================================================ 8.4.4 contingent morale
def test_8_4_4_a_contingent_routs_when_its_track_reaches_the_routs_box() -> None:
    s = empty()
    put(s, ["thebans-1", "thebans-2"], "M5", "W")
    put(s, ["thebans-3"], "M6", "W")
    put(s, ["thebans-4"], "M7", "W")  # javelin
    c = s.comp.cont("thebans")
    assert s.comp.routs_box[c] == 2  # G13: half the units, rounded up
    rules.eliminate(s, U(s, "thebans-1"))
    rules.check_routs(s)
    assert not s.routed[c] and where(s, "thebans-3") == "M6"
    rules.eliminate(s, U(s, "thebans-2"))
    rules.check_routs(s)
    assert s.routed[c]
    assert all(s.loc[U(s, f"thebans-{i}")] < 0 for i in range(1, 5))  # the rest leave the field
    assert len(s.army_g) == 1
    moved = s.army_g[0]
    assert s.comp.u_mf[moved][0] == 3 and s.loc[moved] == ARMY  # the largest Melee Factor: a hoplite


def test_8_4_4_the_spartans_put_two_units_on_the_army_track() -> None:
    s = empty()
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "M5", "W")
    for i in (1, 2, 3):
        rules.eliminate(s, U(s, f"spartans-{i}"))
    rules.check_routs(s)
    assert s.routed[s.comp.cont("spartans")]
    assert sorted(s.comp.unit_ids[u] for u in s.army_g) == ["spartans-1", "spartans-2"]


def test_8_4_4_g13_the_spartans_hold_until_their_last_unit() -> None:
    s = empty()
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "M5", "W")
    rules.eliminate(s, U(s, "spartans-1"))
    rules.eliminate(s, U(s, "spartans-2"))
    rules.check_routs(s)
    assert not s.routed[s.comp.cont("spartans")] and where(s, "spartans-3") == "M5"


def test_8_4_4_the_immortals_put_two_units_on_the_army_track() -> None:
    s = empty(current="immortals")
    ids = [f"immortals-{i:02d}" for i in range(1, 25)]
    for k in range(8):
        put(s, ids[3 * k:3 * k + 3], f"A{k + 2}", "E")
    for x in ids[:12]:
        rules.eliminate(s, U(s, x))
    rules.check_routs(s)
    assert s.routed[s.comp.cont("immortals")]
    assert len(s.army_p) == 2 and all(s.loc[u] == ARMY for u in s.army_p)
    assert not any(s.loc[U(s, x)] >= 0 for x in ids)


def test_8_4_4_a_persian_contingent_sends_its_strongest_unit_to_the_army_track() -> None:
    s = empty()
    for k in range(6):
        put(s, [f"dahae-{3 * k + j:02d}" for j in (1, 2, 3)] if k < 4 else
            [f"dahae-bow-{3 * (k - 4) + j}" for j in (1, 2, 3)], f"A{k + 2}", "E")
    for x in ["dahae-bow-1", "dahae-bow-2", "dahae-bow-3", "dahae-bow-4", "dahae-bow-5", "dahae-bow-6",
              "dahae-01", "dahae-02", "dahae-03"]:
        rules.eliminate(s, U(s, x))
    rules.check_routs(s)  # 9 of 18: the Routs box
    assert s.routed[s.comp.cont("dahae")]
    assert len(s.army_p) == 1 and s.comp.unit_ids[s.army_p[0]].startswith("dahae-0")  # mixed MF 2, not a bow


# ============================================================================ 8.4.5 army morale
def _greek_army(s: GTSState, ids: list[str]) -> None:
    for x in ids:
        u = U(s, x)
        s.loc[u] = ARMY
        s.army_g.append(u)


FOUR_GREEKS = ["thespians-1", "thebans-1", "phocians-1", "malians-1"]


def test_8_4_5_the_greek_army_routs_at_its_rout_box_persian_automatic_victory() -> None:
    s = empty()
    assert s.comp.army_rout_at[GREEK] == 5  # G13
    _greek_army(s, FOUR_GREEKS)
    rules.check_armies(s)
    assert s.winner < 0
    _greek_army(s, ["locrians-1"])
    rules.check_armies(s)
    assert s.winner == PERSIAN and s.stage == "over"
    out = s.outcome()
    assert out is not None and out.winner == "persian"


def _persian_army(s: GTSState, ids: list[str]) -> None:
    for x in ids:
        u = U(s, x)
        s.loc[u] = ARMY
        s.army_p.append(u)


def test_8_4_5_the_first_persian_fill_is_a_morale_crisis() -> None:
    s = empty()
    assert s.comp.army_rout_at[PERSIAN] == 4  # G13
    ids = ["dahae-01", "medes-01", "immortals-01", "immortals-02"]
    _persian_army(s, ids)
    rules.check_armies(s)
    assert s.winner < 0 and s.crises == 1
    assert s.army_p == [] and all(s.loc[U(s, x)] == GONE for x in ids)  # out of the game for good


def test_8_4_5_the_second_persian_fill_is_a_greek_automatic_victory() -> None:
    s = empty()
    s.crises = 1
    _persian_army(s, ["susa-01", "scythians-01", "medes-01", "dahae-01"])
    rules.check_armies(s)
    assert s.winner == GREEK


def test_8_4_5_both_armies_routing_at_once_is_a_persian_victory() -> None:
    s = empty()
    s.crises = 1
    _persian_army(s, ["susa-01", "scythians-01", "medes-01", "dahae-01"])
    _greek_army(s, [*FOUR_GREEKS, "locrians-1"])
    rules.check_armies(s)
    assert s.winner == PERSIAN


def test_8_4_4_a_contingent_rout_that_fills_the_greek_army_track_ends_the_game() -> None:
    s = empty()
    _greek_army(s, FOUR_GREEKS)
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "M5", "W")
    for i in (1, 2, 3):
        rules.eliminate(s, U(s, f"spartans-{i}"))
    rules.check_routs(s)  # 4 + 2 Spartans >= 5
    assert s.winner == PERSIAN
