"""Fire combat (8.2), step losses (8.2.8) and the TEC's fire modifier, from the rulebook.

Shots run through ``rules.shoot`` (one firing unit, steps 1-4 of 8.2.6) and ``rules.resolve_fire``
(steps 5-6: DV off the total, Step Losses top unit first, Morale Checks on two or more).
"""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules
from polemos.games.thermopylae.state import PERSIAN, TRACK, GTSState

from .helpers import GREEK, A, U, empty, losses_of, put, where

ROWS = "BCDEF"  # column 7 is open from B7 to F7


def targets(s: GTSState, unit_id: str) -> set[str]:
    return {s.comp.area_name(b) for b in rules.fire_targets(s, U(s, unit_id))}


def fire_at(s: GTSState, side: int, shooters: list[str], area: str, dice: list[int]) -> None:
    """One side's units fire at one area, then the fire is resolved (8.2.6)."""
    script_dice(s, dice)
    s.moving_side = side
    s.fire_target, s.fire_hits = A(s, area), 0
    for x in shooters:
        s.fire_hits += rules.shoot(s, U(s, x), A(s, area))
    rules.resolve_fire(s)


# ============================================================================ 8.2.2 the Fire Results Table
FRT = [  # (weapon, range, die, [(roll, hits), ...]) -- every band edge of the printed table
    ("bow", 0, 6, [(3, 0), (4, 1), (5, 2), (6, 2)]),
    ("bow", 1, 6, [(4, 0), (5, 1), (6, 2)]),
    ("bow", 2, 10, [(6, 0), (7, 1), (8, 1), (9, 2), (10, 2)]),
    ("bow", 3, 10, [(6, 0), (7, 1), (9, 2)]),
    ("bow", 4, 6, [(5, 0), (6, 1)]),
    ("javelin", 0, 10, [(6, 0), (7, 1), (8, 1), (9, 2), (10, 2)]),
    ("javelin", 1, 6, [(4, 0), (5, 1), (6, 2)]),
    ("javelin", 2, 6, [(5, 0), (6, 1)]),
    ("mixed", 0, 6, [(3, 0), (4, 1), (5, 1), (6, 2)]),
    ("mixed", 1, 6, [(4, 0), (5, 1), (6, 2)]),
    ("mixed", 2, 10, [(7, 0), (8, 1), (9, 1), (10, 2)]),
    ("mixed", 3, 6, [(5, 0), (6, 1)]),
]
SHOOTER = {"bow": ("malians-10", "dahae-01"), "javelin": ("thespians-7", "dahae-01"),
           "mixed": ("dahae-01", "thespians-1")}


@pytest.mark.parametrize(("weapon", "rng", "die", "rolls"), FRT, ids=[f"{w}-range{r}" for w, r, _, _ in FRT])
def test_8_2_2_fire_results_table(weapon: str, rng: int, die: int, rolls: list[tuple[int, int]]) -> None:
    shooter, target = SHOOTER[weapon]
    for roll, hits in rolls:
        s = empty()
        put(s, shooter, "B7", "E")
        put(s, target, f"{ROWS[rng]}7", "W")
        assert f"{ROWS[rng]}7" in targets(s, shooter)
        script_dice(s, [roll])
        assert rules.shoot(s, U(s, shooter), A(s, f"{ROWS[rng]}7")) == hits, (weapon, rng, roll)
        assert f"d{die} {roll}" in s.log[-1][2]  # the die the table names
        assert s.fired[U(s, shooter)]


@pytest.mark.parametrize(("weapon", "beyond"), [("bow", 5), ("javelin", 3), ("mixed", 4)])
def test_8_2_2_no_fire_beyond_the_tables_range(weapon: str, beyond: int) -> None:
    shooter, target = SHOOTER[weapon]
    s = empty()
    put(s, shooter, "B7", "E")
    put(s, target, f"{'BCDEFGH'[beyond]}7", "W")
    assert targets(s, shooter) == set()


def test_8_2_1_hoplites_never_fire() -> None:
    s = empty()
    put(s, "spartans-1", "B7", "E")
    put(s, "dahae-01", "B7", "W")
    assert not rules.can_fire(s, U(s, "spartans-1"))


def test_8_2_1_mixed_units_fire_only_through_front_front_left_and_front_right() -> None:
    s = empty()
    put(s, "dahae-01", "C7", "E")
    put(s, "thespians-1", "D8", "W")  # Front Right
    put(s, "thespians-2", "C8", "W")  # Flank Right
    put(s, "thespians-3", "B7", "W")  # Rear
    put(s, "thespians-4", "E7", "W")  # Front, range 2
    assert targets(s, "dahae-01") == {"D8", "E7"}


def test_8_2_1_javelin_and_bow_units_fire_in_any_direction() -> None:
    s = empty()
    put(s, "thespians-7", "C7", "E")
    put(s, "dahae-01", "C8", "E")
    put(s, "dahae-02", "B7", "E")
    put(s, "dahae-03", "B6", "E")
    assert targets(s, "thespians-7") == {"C8", "B7", "B6"}


def test_g24_missile_units_fire_at_enemies_in_their_own_area() -> None:
    s = empty()
    put(s, "dahae-01", "C7", "E", came_from="B7")
    put(s, "thespians-7", "C7", "N")
    assert "C7" in targets(s, "thespians-7") and "C7" in targets(s, "dahae-01")


def test_g25_no_fire_into_an_area_holding_friendly_units() -> None:
    s = empty()
    put(s, "malians-10", "B7", "E")
    put(s, "dahae-01", "C7", "E")
    put(s, "thespians-1", "C7", "W")
    assert "C7" not in targets(s, "malians-10")


# ============================================================================ 8.2.3-8.2.5 line of sight
def test_8_2_4_units_between_block_the_line_at_the_same_elevation() -> None:
    s = empty()
    put(s, "dahae-bow-1", "B7", "E")
    put(s, "thespians-1", "D7", "W")
    assert targets(s, "dahae-bow-1") == {"D7"}
    put(s, "thespians-2", "C7", "W")
    assert targets(s, "dahae-bow-1") == {"C7"}  # range 1 needs no LOS; D7 is now hidden


def test_8_2_4_a_persian_unit_in_between_blocks_persian_fire_too() -> None:
    s = empty()
    put(s, "dahae-bow-1", "B7", "E")
    put(s, "dahae-01", "C7", "E")
    put(s, "thespians-1", "D7", "W")
    assert targets(s, "dahae-bow-1") == set()


def test_8_2_5_from_the_mound_only_units_next_to_the_target_block() -> None:
    s = empty()
    put(s, "malians-10", "J8", "E")  # Level 2
    put(s, "dahae-01", "M8", "W")  # Level 1, range 3
    put(s, "dahae-02", "K8", "W")  # between, not next to the target: no block
    assert "M8" in targets(s, "malians-10")
    put(s, "dahae-03", "L8", "W")  # next to the target: blocks
    assert "M8" not in targets(s, "malians-10")


# ============================================================================ TEC: firing at the Wall
def test_tec_target_in_a_wall_area_fired_at_across_the_wall_minus_one() -> None:
    s = empty()
    put(s, "dahae-bow-1", "F8", "E")
    put(s, "spartans-1", "H8", "W")  # Wall, range 2: d10
    script_dice(s, [9])
    assert rules.shoot(s, U(s, "dahae-bow-1"), A(s, "H8")) == 1  # 9 - 1 = 8: one hit, not two
    s2 = empty()
    put(s2, "dahae-bow-1", "E8", "E")
    put(s2, "spartans-1", "G8", "W")  # not a Wall area
    script_dice(s2, [9])
    assert rules.shoot(s2, U(s2, "dahae-bow-1"), A(s2, "G8")) == 2


def test_tec_no_wall_modifier_from_within_the_wall() -> None:
    s = empty()
    put(s, "dahae-bow-1", "H7", "S")
    put(s, "spartans-1", "H9", "W")  # both on the Wall: not across it
    script_dice(s, [9])
    assert rules.shoot(s, U(s, "dahae-bow-1"), A(s, "H9")) == 2


# ============================================================================ 8.2.6 resolution
def test_8_2_6_dv_is_taken_from_the_total_hits_on_one_target() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN)
    put(s, ["dahae-bow-1", "dahae-bow-2"], "B7", "E")
    put(s, "spartans-1", "D7", "W")  # DV 3
    fire_at(s, PERSIAN, ["dahae-bow-1", "dahae-bow-2"], "D7", [9, 7])  # 2 + 1 hits = DV: nothing
    assert s.losses[U(s, "spartans-1")] == 0
    s.fired = [False] * len(s.fired)
    fire_at(s, PERSIAN, ["dahae-bow-1", "dahae-bow-2"], "D7", [9, 9])  # 4 hits - 3 = 1 Step Loss
    assert s.losses[U(s, "spartans-1")] == 1


def test_8_4_3_a_disordered_targets_dv_is_one_less() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN)
    put(s, ["dahae-bow-1", "dahae-bow-2"], "B7", "E")
    put(s, "spartans-1", "D7", "W", disordered=True)
    fire_at(s, PERSIAN, ["dahae-bow-1", "dahae-bow-2"], "D7", [9, 7])  # 3 hits - (3 - 1)
    assert s.losses[U(s, "spartans-1")] == 1


def test_8_2_6_only_the_top_units_dv_counts() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN)
    put(s, ["dahae-bow-1", "dahae-bow-2"], "B7", "E")
    put(s, ["thebans-1", "spartans-1"], "D7", "W")  # Theban DV 2 on top of a Spartan DV 3
    fire_at(s, PERSIAN, ["dahae-bow-1", "dahae-bow-2"], "D7", [9, 7])
    assert s.losses[U(s, "thebans-1")] == 1 and s.losses[U(s, "spartans-1")] == 0


def test_8_2_6_step_losses_go_to_the_top_unit_then_the_next() -> None:
    s = empty(stage="g_ofire", actor=GREEK)
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "D7", "E")  # 2 steps each, DV 1
    script_dice(s, [1, 1])  # the survivors' Morale Checks
    s.moving_side, s.fire_target, s.fire_hits = GREEK, A(s, "D7"), 4
    rules.resolve_fire(s)  # 4 hits - DV 1 = 3 Step Losses
    assert where(s, "dahae-01") == TRACK
    assert s.losses[U(s, "dahae-02")] == 1 and s.losses[U(s, "dahae-03")] == 0
    assert s.lost[s.comp.cont("dahae")] == 1
    assert s.rng.scripted == []  # two survivors checked morale


def test_8_2_6_one_step_loss_calls_for_no_morale_check() -> None:
    s = empty(stage="g_ofire", actor=GREEK)
    put(s, ["dahae-01", "dahae-02"], "D7", "E")
    draws = s.rng.draws
    s.moving_side, s.fire_target, s.fire_hits = GREEK, A(s, "D7"), 2
    rules.resolve_fire(s)
    assert s.losses[U(s, "dahae-01")] == 1 and s.rng.draws == draws


def test_8_2_6_two_step_losses_make_every_unit_in_the_area_check_morale() -> None:
    s = empty(stage="p_ofire", actor=PERSIAN)
    put(s, ["thespians-1", "thespians-2", "thespians-3"], "D7", "W")  # DV 3, MR 6/6/6/5
    script_dice(s, [10, 8, 1])  # rout (10 > 6 + 2), disorder (8), pass
    s.moving_side, s.fire_target, s.fire_hits = PERSIAN, A(s, "D7"), 5
    rules.resolve_fire(s)
    assert s.losses[U(s, "thespians-1")] == 2
    assert where(s, "thespians-1") == TRACK  # routed on its check (MR 6 after 2 losses: 10 is 4 over)
    assert s.disordered[U(s, "thespians-2")] and not s.disordered[U(s, "thespians-3")]
    assert where(s, "thespians-3") == "D7"
    assert s.rng.scripted == []


# ============================================================================ 8.2.8 step counts
def test_8_2_8_a_hoplite_has_four_steps_and_loses_melee_factor_at_the_second() -> None:
    s = empty()
    (u,) = put(s, "spartans-1", "D7", "W")
    seen = [s.mf(u)]
    for _ in range(3):
        rules.take_losses(s, A(s, "D7"), GREEK, 1, "8.2.8")
        seen.append(s.mf(u))
    assert seen == [4, 4, 3, 3]  # step loss marker, flip, marker again
    rules.take_losses(s, A(s, "D7"), GREEK, 1, "8.2.8")
    assert s.loc[u] == TRACK  # the fourth removes it


def test_8_2_8_an_immortal_has_four_steps() -> None:
    s = empty()
    (u,) = put(s, "immortals-01", "D7", "W")
    seen = [s.mf(u)]
    for _ in range(3):
        rules.take_losses(s, A(s, "D7"), PERSIAN, 1, "8.2.8")
        seen.append(s.mf(u))
    assert seen == [3, 3, 2, 2]
    rules.take_losses(s, A(s, "D7"), PERSIAN, 1, "8.2.8")
    assert s.loc[u] == TRACK


def test_8_2_8_other_persian_mixed_units_have_two_steps() -> None:
    s = empty()
    (u,) = put(s, "medes-01", "D7", "W")
    rules.take_losses(s, A(s, "D7"), PERSIAN, 1, "8.2.8")
    assert s.mf(u) == 1 and s.loc[u] == A(s, "D7")  # flipped: MF 2 -> 1
    rules.take_losses(s, A(s, "D7"), PERSIAN, 1, "8.2.8")
    assert s.loc[u] == TRACK


@pytest.mark.parametrize("unit_id", ["thespians-7", "malians-10", "dahae-bow-1", "susa-javelin-1"])
def test_8_2_8_javelin_and_bow_units_have_one_step(unit_id: str) -> None:
    s = empty()
    (u,) = put(s, unit_id, "D7", "W")
    rules.take_losses(s, A(s, "D7"), s.comp.u_side[u], 1, "8.2.8")
    assert s.loc[u] == TRACK


def test_8_2_6_two_hits_across_two_units_is_still_two_losses_for_morale() -> None:
    s = empty()
    put(s, ["thespians-7", "thebans-4", "phocians-10"], "D7", "W")  # three one-step javelins
    script_dice(s, [1])
    taken = rules.take_losses(s, A(s, "D7"), GREEK, 2, "8.2.8")
    assert taken == 2 and losses_of(s, ["thespians-7", "thebans-4"]) == 2
    assert where(s, "phocians-10") == "D7" and s.rng.scripted == []  # the survivor checked


# ============================================================================ 8.2.6 through the players' actions
def test_8_2_6_hits_on_one_target_are_added_up_before_its_dv_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "advance", lambda s: None)  # stop after each action
    s = empty(stage="g_ofire", actor=GREEK)
    put(s, ["thespians-7", "thebans-4", "phocians-10"], "D7", "E")
    put(s, "immortals-01", "E7", "W")  # DV 2, 4 steps
    script_dice(s, [6, 6, 1])  # 2 + 2 hits - 2 = 2 Step Losses, then its Morale Check
    s.apply("greek", "fire thespians-7 E7")
    assert s.losses[U(s, "immortals-01")] == 0  # not yet: one hit total is not resolved shot by shot
    s.apply("greek", "fire thebans-4 E7")
    assert s.losses[U(s, "immortals-01")] == 0
    s.apply("greek", "end fire")
    assert s.losses[U(s, "immortals-01")] == 2 and s.rng.scripted == []
    assert s.stage == "g_melee"


def test_8_2_6_firing_at_another_target_resolves_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "advance", lambda s: None)
    s = empty(stage="g_ofire", actor=GREEK)
    put(s, ["thespians-7", "thebans-4", "phocians-10"], "D7", "E")
    put(s, "dahae-01", "E7", "W")  # DV 1
    put(s, "dahae-02", "E8", "W")
    script_dice(s, [6, 4])
    s.apply("greek", "fire thespians-7 E7")  # two hits
    assert s.losses[U(s, "dahae-01")] == 0
    s.apply("greek", "fire thebans-4 E8")  # E7's fire is over: 2 - 1 = 1 Step Loss
    assert s.losses[U(s, "dahae-01")] == 1 and s.fire_target == A(s, "E8")
    assert "fire thespians-7 E8" not in s.legal_actions("greek")  # each unit fires once a segment


def test_8_2_4_a_higher_area_between_blocks_fire_at_the_same_elevation() -> None:
    s = empty()
    put(s, "malians-10", "L8", "W")  # Level 1
    put(s, "dahae-01", "I8", "E")  # Level 1, range 3: the Kolonos (J8, K8) is in between
    assert targets(s, "malians-10") == set()
    s2 = empty()
    put(s2, "malians-10", "L7", "W")
    put(s2, "dahae-01", "I7", "E")  # the same shot beside the mound (J7, K7 are Level 1) is clear
    assert targets(s2, "malians-10") == {"I7"}
