"""Fire combat (8.2), step losses (8.2.8) and the TEC's fire modifier, from the rulebook.

Shots run through ``rules.shoot`` (one firing unit, steps 1-4 of 8.2.6) and ``rules.resolve_fire``
(steps 5-6: DV off the total, Step Losses top unit first, Morale Checks on two or more).
"""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.state import ARMY, PERSIAN, TRACK, GTSState

from .helpers import GREEK, A, U, empty, losses_of, put, run_until, where

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
    rules.begin_fire_segment(s)  # the next Fire Segment: its hits are counted afresh
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
    monkeypatch.setattr(sequence, "advance", lambda s: None)  # stop after each action
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
    monkeypatch.setattr(sequence, "advance", lambda s: None)
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


# ============================================================================ 4.0 D, 8.2: every Fire Segment
def test_8_2_2_example_a_javelin_at_two_areas_rolls_a_d6_and_hits_once_on_a_six() -> None:
    """8.2.2's worked example: "a Javelin unit firing at a two area range uses a D6 and scores One Hit if a
    'six' is rolled" (range counts the target's area, not the firer's: 2.2.6)."""
    for roll, hits in ((6, 1), (5, 0)):
        s = empty()
        put(s, "thespians-7", "C7", "E")
        put(s, "dahae-01", "E7", "W")
        script_dice(s, [roll])
        assert rules.shoot(s, U(s, "thespians-7"), A(s, "E7")) == hits
        assert "(range 2, d6 " in s.log[-1][2]


def test_4_0_d_8_2_a_unit_that_fired_in_defensive_fire_fires_again_in_offensive_fire() -> None:
    """4.0 D.2 and D.7 are two Fire Segments of the Greeks in one Action Round; in each, the side's eligible
    units may fire (8.2, 8.2.1): firing in the first does not use up the second (the same for D.3 and D.6)."""
    s = empty(stage="g_dfire", actor=GREEK, players="two")
    put(s, "thespians-7", "E7", "W")  # a javelin unit
    put(s, "dahae-01", "C7", "E")  # range 2
    put(s, "spartans-1", "M5", "W")
    sequence.advance(s)
    assert s.stage == "g_dfire" and "fire thespians-7 C7" in s.legal_actions("greek")
    script_dice(s, [1])  # a miss
    s.apply("greek", "fire thespians-7 C7")
    assert s.stage == "p_ofire"  # its only firer has fired: the Greek Defensive Fire Segment is over
    s.apply("persian", "end fire")
    s.apply("greek", "end movement")
    s.apply("persian", "end fire")
    assert s.stage == "g_ofire" and s.round == 1
    assert not s.fired[U(s, "thespians-7")] and s.fire_tally == []
    assert "fire thespians-7 C7" in s.legal_actions("greek")  # it fires again, the same round
    script_dice(s, [6])
    s.apply("greek", "fire thespians-7 C7")  # one hit - DV 1: no effect
    assert s.fired[U(s, "thespians-7")] and s.stage != "g_ofire"


def test_4_0_d_8_2_7_the_automaton_fires_in_both_persian_fire_segments_of_a_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty(stage="p_ofire", actor=-1)
    put(s, "dahae-bow-1", "C7", "E")
    put(s, "spartans-1", "E7", "W")  # range 2: d10; DV 3
    script_dice(s, [1])  # D.3: a miss
    sequence.advance(s)
    assert s.stage == "g_move" and s.round == 1  # the Spartan may turn: the Greeks decide
    monkeypatch.setattr(sequence, "advance", lambda s: None)
    s.apply("greek", "end movement")
    script_dice(s, [1])  # D.6: it fires again
    run_until(s, "g_ofire")
    shots = [text for _, rule, text in s.log if rule == "8.2.6" and text.startswith("dahae-bow-1 fires")]
    assert len(shots) == 2 and s.round == 1 and s.rng.scripted == []


# ============================================================================ 8.2.6 step 5: the DV once a segment
def _two_targets(monkeypatch: pytest.MonkeyPatch) -> GTSState:
    """The Greek Offensive Fire Segment: three javelin units at D7 facing two Immortals (DV 2) at E7, E8."""
    monkeypatch.setattr(sequence, "advance", lambda s: None)  # stop after each action
    s = empty(stage="g_ofire", actor=GREEK)
    put(s, ["thespians-7", "thebans-4", "phocians-10"], "D7", "E")
    put(s, "immortals-01", "E7", "W")
    put(s, "immortals-02", "E8", "W")
    return s


def test_8_2_6_step5_the_dv_is_deducted_once_when_fire_comes_back_to_a_target(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _two_targets(monkeypatch)
    script_dice(s, [6, 1, 6])  # range 1, d6: two hits, a miss, two hits
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E8")  # E7's fire is resolved: 2 hits against DV 2, no effect
    assert s.losses[U(s, "immortals-01")] == 0
    s.apply("greek", "fire phocians-10 E7")  # back to E7; every unit has fired: the segment ends
    assert s.losses[U(s, "immortals-01")] == 2  # 2 + 2 hits - DV 2, not (2 - 2) + (2 - 2)
    assert "2 hits more, 4 in this segment, against DV 2: 2 Step Losses" in " ".join(t for _, _, t in s.log)


def test_8_2_6_step5_the_order_of_fire_does_not_change_its_effect(monkeypatch: pytest.MonkeyPatch) -> None:
    """Resolving one target before going to the next is "for ease of play" (8.2.6): the same shots at E7,
    E8, E7 come to what E7, E7, E8 does."""
    results = []
    for order, dice in (((("thespians-7", "E7"), ("thebans-4", "E8"), ("phocians-10", "E7")), [5, 6, 6]),
                        ((("thespians-7", "E7"), ("phocians-10", "E7"), ("thebans-4", "E8")), [5, 6, 6])):
        s = _two_targets(monkeypatch)
        script_dice(s, dice)  # E7: 1 + 2 hits, E8: 2 hits, in either order
        for unit, area in order:
            s.apply("greek", f"fire {unit} {area}")
        assert s.rng.scripted == []
        results.append((s.losses[U(s, "immortals-01")], s.losses[U(s, "immortals-02")]))
    assert results == [(1, 0), (1, 0)]  # E7: 3 hits - DV 2 = 1 Step Loss; E8: 2 - 2 = none


def test_8_2_6_step6_losses_from_fire_that_comes_back_add_up_for_the_morale_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s = _two_targets(monkeypatch)
    script_dice(s, [6, 1, 5])  # E7: 2 hits; E8: a miss; E7: 1 hit
    draws = s.rng.draws
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E8")
    s.apply("greek", "fire phocians-10 E7")
    assert s.losses[U(s, "immortals-01")] == 1
    assert s.rng.draws == draws + 3  # 3 hits - DV 2 = 1 Step Loss: no Morale Check was rolled
    s = _two_targets(monkeypatch)
    put(s, "immortals-03", "E7", "W")  # under immortals-01
    script_dice(s, [6, 1, 6, 1, 1])  # E7: 2 hits (none through the DV); E8: a miss; E7: 2 more: 2 Step Losses
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E8")
    s.apply("greek", "fire phocians-10 E7")
    assert s.losses[U(s, "immortals-01")] == 2
    assert s.rng.scripted == []  # two Step Losses in the segment: both units in E7 checked morale (8.2.8)


def test_8_2_6_step6_one_morale_check_for_a_target_in_a_segment(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _two_targets(monkeypatch)
    put(s, "malians-10", "D8", "E")  # a bow unit, range 1 to E7
    script_dice(s, [6, 6, 1, 1])  # E7: 2 + 2 hits - DV 2 = 2 Step Losses and a Morale Check (passed)
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E7")
    s.apply("greek", "fire phocians-10 E8")  # a miss; E7 resolved
    assert s.losses[U(s, "immortals-01")] == 2 and s.rng.scripted == []
    script_dice(s, [5])
    draws = s.rng.draws
    s.apply("greek", "fire malians-10 E7")  # one more hit: one more Step Loss; the segment ends
    assert s.losses[U(s, "immortals-01")] == 3 and s.stage == "g_melee"
    assert s.rng.draws == draws + 1  # the shot only: E7 checked morale in this segment already


def test_8_2_6_8_4_4_a_shot_at_an_area_emptied_by_the_last_targets_rout_is_not_taken(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Turning to a new target resolves the fire at the last one (8.2.6); if that routs the contingent
    (8.4.4) whose units stood in the new target area too, there is nothing left there to fire at."""
    monkeypatch.setattr(sequence, "advance", lambda s: None)
    s = empty(stage="g_ofire", actor=GREEK, current="dahae")
    c = s.comp.cont("dahae")
    for i in range(1, 9):
        s.loc[U(s, f"dahae-{i:02d}")] = TRACK
    s.lost[c] = 8  # the Dahae rout at their ninth unit lost
    s.committed = [s.comp.cont("susa"), c]
    put(s, ["thespians-7", "thebans-4"], "D7", "E")
    put(s, "malians-10", "D8", "E")
    put(s, "dahae-09", "E7", "W")
    put(s, "dahae-10", "E8", "W")
    put(s, "susa-01", "B5", "E")  # another contingent's unit
    script_dice(s, [6, 6])  # E7: 4 hits - DV 1: dahae-09 is eliminated and the Dahae rout
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E7")
    draws = s.rng.draws
    s.apply("greek", "fire malians-10 E8")
    assert s.routed[c] and where(s, "dahae-10") in (TRACK, ARMY)
    assert s.rng.draws == draws and not s.fired[U(s, "malians-10")]  # no die: the shot is not taken
    assert any(text == "E8 holds no enemy any more: malians-10 holds its fire" for _, _, text in s.log)
    assert s.stage == "end_of_day"  # the current contingent routed: 9.0(1)
