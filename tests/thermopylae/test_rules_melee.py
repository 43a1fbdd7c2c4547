"""Melee combat (8.3), its column shifts (8.3.3, 8.3.4, TEC, 8.4.3) and retreat before combat (8.3.2 step 1).

The MCRT die roll 5 reads a different result in every odds column, so it is the roll used to tell
which column a melee was fought on:  1:3 3/1, 1:2 2/1, 1:1 1/1, 3:2 1/2, 2:1 2/3, 3:1 1/3, 4:1 0/4
(attacker / defender Step Losses). Dice after the melee roll are the Morale Checks (1 always passes).
"""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.state import PERSIAN, TRACK, GTSState

from .helpers import GREEK, A, U, empty, losses_of, put, run_until, where

PASS = [1] * 6


@pytest.mark.parametrize(("att", "dfn", "column"), [
    (11, 3, "3:1"),  # the rulebook's example
    (5, 2, "2:1"), (3, 2, "3:2"), (4, 3, "1:1"), (2, 3, "1:2"), (3, 4, "1:2"), (1, 3, "1:3"), (1, 4, "1:3"),
    (12, 3, "4:1"), (9, 2, "4:1"),
])
def test_8_3_2_odds_are_rounded_in_the_defenders_favour(att: int, dfn: int, column: str) -> None:
    s = empty()
    assert s.comp.tables.odds_column(att, dfn) == column


def test_8_3_2_a_melee_at_4_to_3_is_fought_at_1_to_1() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["susa-javelin-1", "susa-javelin-2", "susa-javelin-3"], "C5", "E")  # MF 1 + 1 + 1
    put(s, ["thespians-7", "thebans-4"], "C5", "W", came_from="D5")  # MF 2 + 2, face to face
    script_dice(s, [2, *PASS])  # roll 2: 1:1 2/2 (3:2 would be 1/1)
    rules.melee(s, A(s, "C5"), GREEK)
    assert where(s, "thespians-7") == TRACK and where(s, "thebans-4") == TRACK
    assert where(s, "susa-javelin-1") == TRACK and where(s, "susa-javelin-2") == TRACK
    assert where(s, "susa-javelin-3") == "C5"


def test_8_3_2_every_unit_in_the_stack_adds_its_melee_factor() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, ["thespians-7"], "C5", "W")  # MF 2
    put(s, ["susa-javelin-1", "susa-javelin-2"], "C5", "E", came_from="B5")  # 1 + 1 = 2: 1:1
    script_dice(s, [5, *PASS])  # 1:1: 1/1 (1:2 would be 2/1)
    rules.melee(s, A(s, "C5"), PERSIAN)
    assert losses_of(s, ["susa-javelin-1", "susa-javelin-2"]) == 1 and where(s, "thespians-7") == TRACK


# ============================================================================ 8.3.3 unit types
def test_8_3_3_mixed_attacking_hoplites_shift_one_left() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "thespians-1", "C5", "W")  # MF 3
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "C5", "E", came_from="B5")  # MF 6: 2:1, 1L -> 3:2
    script_dice(s, [5, *PASS])  # 3:2: 1/2, less 1 for the Greek hoplites' front (step 4): 1/1
    rules.melee(s, A(s, "C5"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 1
    assert s.losses[U(s, "thespians-1")] == 1


def test_8_3_3_hoplites_attacking_mixed_units_shift_two_right() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["dahae-01", "dahae-02"], "C5", "E")  # MF 4
    put(s, "spartans-1", "C5", "W", came_from="D5")  # MF 4: 1:1, 2R -> 2:1
    script_dice(s, [5, *PASS])  # 2:1: 2/3
    rules.melee(s, A(s, "C5"), GREEK)
    assert s.losses[U(s, "spartans-1")] == 2
    assert losses_of(s, ["dahae-01", "dahae-02"]) == 3 and where(s, "dahae-01") == TRACK


@pytest.mark.parametrize(("attacker", "defender", "shift"), [
    ("hoplite", "javelin", 3), ("hoplite", "bow", 3), ("mixed", "javelin", 2), ("mixed", "bow", 2),
    ("javelin", "hoplite", -3), ("javelin", "mixed", -2), ("javelin", "bow", 1), ("bow", "hoplite", -3),
    ("bow", "mixed", -2), ("bow", "javelin", -1), ("hoplite", "hoplite", 0), ("mixed", "mixed", 0),
])
def test_8_3_3_unit_type_chart(attacker: str, defender: str, shift: int) -> None:
    s = empty()
    assert s.comp.tables.unit_type_shift(attacker, defender) == shift


def test_8_3_3_javelins_attacking_mixed_units_shift_two_left() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["dahae-01"], "C5", "E")  # MF 2
    put(s, ["thespians-7", "thebans-4", "phocians-10"], "C5", "W", came_from="D5")  # MF 6 v 2: 3:1, 2L -> 3:2
    script_dice(s, [5, *PASS])  # 3:2: 1/2
    rules.melee(s, A(s, "C5"), GREEK)
    assert losses_of(s, ["thespians-7", "thebans-4", "phocians-10"]) == 1
    assert where(s, "dahae-01") == TRACK


# ============================================================================ 8.3.4 situation
def test_8_3_4_a_flank_attack_shifts_one_right_and_loses_the_front_reduction() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "thespians-1", "C5", "N")  # MF 3, facing north
    put(s, "dahae-01", "C5", "E", came_from="B5")  # MF 2: 1:2, 1L -> 1:3, flank 1R -> 1:2
    script_dice(s, [5, *PASS])  # 1:2: 2/1, no reduction from the flank
    rules.melee(s, A(s, "C5"), PERSIAN)
    assert where(s, "dahae-01") == TRACK
    assert s.losses[U(s, "thespians-1")] == 1


def test_8_3_4_g21_a_rear_attack_by_mixed_units_shifts_one_right() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "thespians-1", "C5", "E")  # facing the same way as the attacker: its rear
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "C5", "E", came_from="B5")  # 2:1, 1L, 1R -> 2:1
    script_dice(s, [5, *PASS])  # 2:1: 2/3
    rules.melee(s, A(s, "C5"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 2
    assert s.losses[U(s, "thespians-1")] == 3


def test_8_3_4_g2_hoplites_attacking_a_rear_gain_two_shifts_in_all() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["dahae-01", "dahae-02"], "C5", "W")
    put(s, "spartans-1", "C5", "W", came_from="D5")  # 1:1, type 2R, rear 2R -> 4:1 (1+2 would be 3:1)
    script_dice(s, [5, *PASS])  # 4:1: 0/4
    rules.melee(s, A(s, "C5"), GREEK)
    assert s.losses[U(s, "spartans-1")] == 0
    assert where(s, "dahae-01") == TRACK and where(s, "dahae-02") == TRACK


def test_8_3_2_step4_only_greek_hoplites_attacked_in_front_take_one_loss_less() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["immortals-01", "immortals-02"], "C5", "E")  # MF 6, Persian mixed: no reduction
    put(s, ["spartans-1", "spartans-2"], "C5", "W", came_from="D5")  # MF 8: 1:1 -> 2R -> 2:1
    script_dice(s, [5, *PASS])  # 2:1: 2/3
    rules.melee(s, A(s, "C5"), GREEK)
    assert losses_of(s, ["immortals-01", "immortals-02"]) == 3


# ============================================================================ TEC and disorder
def test_tec_attacking_onto_level_2_from_level_1_shifts_one_left() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "spartans-1", "J8", "W")  # on the mound
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "J8", "E", came_from="J7")  # 6 v 4: 3:2, 1L, 1L -> 1:2
    script_dice(s, [5, *PASS])  # 1:2: 2/1, front reduction: 2/0
    rules.melee(s, A(s, "J8"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 2
    assert s.losses[U(s, "spartans-1")] == 0


def test_tec_the_same_attack_on_level_1_has_no_terrain_shift() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "spartans-1", "K7", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "K7", "E", came_from="J7")  # 3:2, 1L -> 1:1
    script_dice(s, [5, *PASS])  # 1:1: 1/1, front reduction: 1/0
    rules.melee(s, A(s, "K7"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 1
    assert s.losses[U(s, "spartans-1")] == 0


def test_tec_attacking_from_level_2_to_level_2_has_no_terrain_shift() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "spartans-1", "K8", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "K8", "E", came_from="J8")
    script_dice(s, [5, *PASS])
    rules.melee(s, A(s, "K8"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 1


def test_tec_g22_attacking_across_the_wall_shifts_one_left() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "spartans-1", "H8", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "H8", "E", came_from="G8")  # 3:2, 1L, 1L -> 1:2
    script_dice(s, [5, *PASS])  # 2/1 -> 2/0
    rules.melee(s, A(s, "H8"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 2


def test_tec_g22_attacking_down_off_the_wall_has_no_shift() -> None:
    s = empty(stage="p_melee", actor=PERSIAN)
    put(s, "spartans-1", "I8", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "I8", "E", came_from="H8")  # 3:2, 1L -> 1:1
    script_dice(s, [5, *PASS])  # 1/1 -> 1/0
    rules.melee(s, A(s, "I8"), PERSIAN)
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 1


def test_tec_g22_a_melee_still_going_on_is_still_an_attack_across_the_wall() -> None:
    s = empty(stage="g_move", actor=GREEK)
    put(s, "spartans-1", "H8", "W")
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "H8", "E", came_from="G8")
    put(s, "spartans-2", "M5", "W")
    assert not sequence._step(s)  # a new Greek Movement Segment: the Greeks decide
    assert all(where(s, x) == "H8" and s.came_from[U(s, x)] == A(s, "G8") for x in ("dahae-01", "dahae-02"))


def test_tec_g22_once_its_area_was_cleared_a_unit_no_longer_attacks_across_the_wall() -> None:
    """The Dahae took H8 across the Wall and destroyed its defenders; when Greeks come into H8 later, the
    Dahae who fight them there are not attacking across the Wall (no 1L): that attack ended when the area
    was cleared, which the next Movement Segment finds (a unit's entry area is kept while a melee lasts)."""
    s = empty(stage="g_move", actor=GREEK)
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "H8", "E", came_from="G8")
    put(s, "spartans-2", "M5", "W")
    assert not sequence._step(s)
    assert s.came_from[U(s, "dahae-01")] == -1
    put(s, "spartans-1", "H8", "W", came_from="I8")  # a Spartan moves in on them from the east
    script_dice(s, [5, *PASS])  # 3:2, mixed v hoplite 1L -> 1:1: 1/1 -> 1/0 (1:2 would be 2/1 -> 2/0)
    rules.melee(s, A(s, "H8"), PERSIAN)  # the next Persian Melee Segment
    assert losses_of(s, ["dahae-01", "dahae-02", "dahae-03"]) == 1
    line = next(text for _, rule, text in s.log if rule == "8.3.2" and text.startswith("Persian melee in H8"))
    assert "across the Wall" not in line and "-> 1:1" in line


def test_8_4_3_a_disordered_attacker_shifts_one_left() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["dahae-01", "dahae-02"], "C5", "E")
    put(s, "spartans-1", "C5", "W", came_from="D5", disordered=True)  # 1:1, 2R, 1L -> 3:2
    script_dice(s, [5, *PASS])  # 3:2: 1/2
    rules.melee(s, A(s, "C5"), GREEK)
    assert s.losses[U(s, "spartans-1")] == 1
    assert losses_of(s, ["dahae-01", "dahae-02"]) == 2


def test_8_3_2_odds_shifted_past_the_table_edge_stay_on_the_last_column() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, "dahae-bow-1", "C5", "W")  # MF 1, rear
    put(s, ["spartans-1", "spartans-2", "spartans-3"], "C5", "W", came_from="D5")  # 12:1 and 5R
    script_dice(s, [5, *PASS])
    rules.melee(s, A(s, "C5"), GREEK)
    assert where(s, "dahae-bow-1") == TRACK and losses_of(s, ["spartans-1", "spartans-2", "spartans-3"]) == 0


# ============================================================================ 8.3.2 step 5 morale
def test_8_3_2_step5_two_losses_in_melee_make_the_survivors_check_morale() -> None:
    s = empty(stage="g_melee", actor=GREEK)
    put(s, ["dahae-01", "dahae-02"], "C5", "E")  # MR 7 (6 after a loss)
    put(s, "spartans-1", "C5", "W", came_from="D5")
    script_dice(s, [5, 10, 8])  # 2:1: 2/3; Spartan (2 losses, MR 7) rolls 10: rout; dahae-02 (1 loss, MR 6) 8: disorder
    rules.melee(s, A(s, "C5"), GREEK)
    assert where(s, "spartans-1") == TRACK
    assert where(s, "dahae-02") == "C5" and s.disordered[U(s, "dahae-02")]
    assert s.rng.scripted == []


# ============================================================================ 8.3.2 step 1 retreat before combat
def _light_defender(attacker: list[str], defender: str = "thespians-7") -> GTSState:
    """The Persian Melee Segment with ``attacker`` in a Greek light unit's area (spare units keep the series going)."""
    s = empty(stage="p_melee", actor=-1)
    put(s, "spartans-1", "M5", "W")
    put(s, "dahae-04", "A2", "E")
    put(s, defender, "D7", "W")
    put(s, attacker, "D7", "E", came_from="C7")
    sequence.advance(s)
    return s


def test_8_3_2_step1_light_units_attacked_by_mixed_units_may_retreat_two_areas() -> None:
    s = _light_defender(["dahae-01"])
    assert s.stage == "p_melee_run" and s.actor == GREEK
    assert s.legal_actions("greek") == ["retreat D7", "stand D7"]
    draws = s.rng.draws
    s.apply("greek", "retreat D7")
    assert where(s, "thespians-7") == "F7"  # straight away from the attacker, two areas
    assert s.facing[U(s, "thespians-7")] == 3  # still facing W
    assert s.rng.draws == draws  # no melee was fought
    assert s.stage == "g_move"


def test_8_3_2_step1_standing_light_units_fight() -> None:
    s = _light_defender(["dahae-01"])
    script_dice(s, [5, *PASS])  # 2 v 2 1:1, mixed v javelin 2R: 2:1: 2/3
    s.apply("greek", "stand D7")
    assert where(s, "thespians-7") == TRACK and where(s, "dahae-01") == TRACK


def test_8_3_2_step1_hoplites_attacking_light_units_offer_the_retreat_too() -> None:
    s = empty(stage="g_melee", actor=-1)
    put(s, "spartans-2", "M5", "W")
    put(s, "dahae-04", "A2", "E")
    put(s, "dahae-bow-1", "D7", "E")
    put(s, "spartans-1", "D7", "W", came_from="E7")
    run_until(s, "recovery")  # the automaton decides for the Persian bow (G32): it retreats
    assert where(s, "dahae-bow-1") == "B7" and s.facing[U(s, "dahae-bow-1")] == 1


def test_8_3_2_step1_no_retreat_from_light_attackers() -> None:
    s = empty(stage="p_melee", actor=-1)
    put(s, "spartans-1", "M5", "W")
    put(s, "dahae-04", "A2", "E")
    put(s, "thespians-7", "D7", "W")
    put(s, "dahae-bow-1", "D7", "E", came_from="C7")  # MF 1 v 2: 1:2, bow v javelin 1L: 1:3
    script_dice(s, [5, *PASS])  # 1:3: 3/1
    sequence.advance(s)
    assert s.stage == "g_move"  # fought at once: no choice was offered
    assert where(s, "dahae-bow-1") == TRACK and where(s, "thespians-7") == TRACK


def test_8_3_2_step1_the_retreat_goes_on_past_a_full_area() -> None:
    s = empty(stage="p_melee", actor=-1)
    put(s, "dahae-04", "A2", "E")
    put(s, "thespians-7", "D7", "W")
    put(s, ["thebans-4", "phocians-10", "arcadia-11"], "F7", "W")  # the second area is full
    put(s, "dahae-01", "D7", "E", came_from="C7")
    sequence.advance(s)
    s.apply("greek", "retreat D7")
    assert where(s, "thespians-7") == "G7"


def test_8_3_2_step1_hoplites_never_retreat_before_combat() -> None:
    s = empty(stage="p_melee", actor=-1)
    put(s, "spartans-1", "M5", "W")
    put(s, "dahae-04", "A2", "E")
    put(s, "thespians-1", "D7", "W")
    put(s, "dahae-01", "D7", "E", came_from="C7")  # 2 v 3: 1:2, 1L: 1:3
    script_dice(s, [5, *PASS])  # 1:3: 3/1, front reduction 3/0
    sequence.advance(s)
    assert s.stage == "g_move"
    assert where(s, "dahae-01") == TRACK and s.losses[U(s, "thespians-1")] == 0
