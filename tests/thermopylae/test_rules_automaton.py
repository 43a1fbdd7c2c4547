"""The solitaire Persian automaton: forward movement (8.1.6), the Immortals' flank rule, targeting
priorities (8.2.7) and retreat before combat (G32)."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.thermopylae import automaton, sequence
from polemos.games.thermopylae.state import PERSIAN, TRACK

from .helpers import U, empty, put, where


# ============================================================================ 8.1.6 movement
def test_8_1_6_persian_units_move_as_far_forward_as_their_allowance_allows() -> None:
    s = empty(stage="p_move", actor=-1)
    put(s, "dahae-01", "A5", "E")
    put(s, "dahae-bow-1", "A7", "E")
    automaton.persian_movement(s)
    assert where(s, "dahae-01") == "D5" and s.facing[U(s, "dahae-01")] == 1  # MA 3
    assert where(s, "dahae-bow-1") == "E7"  # MA 4


def test_8_1_6_every_persian_force_moves() -> None:
    s = empty(stage="p_move", actor=-1)
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "A5", "E")
    put(s, ["dahae-04", "dahae-05", "dahae-06"], "A8", "E")
    automaton.persian_movement(s)
    assert where(s, "dahae-03") == "D5" and where(s, "dahae-06") == "D8"


def test_8_1_6_the_advance_stops_at_an_enemy_zoc() -> None:
    s = empty(stage="p_move", actor=-1)
    put(s, "spartans-1", "G8", "W")  # ZOC F7-F9
    put(s, "dahae-01", "D8", "E")
    put(s, "dahae-bow-1", "C8", "E")
    automaton.persian_movement(s)
    assert where(s, "dahae-01") == "F8"
    assert where(s, "dahae-bow-1") in ("F7", "F9")  # F8 holds a mixed stack (3.1.2); a die picks the side


def test_8_1_6_g32_at_equal_progress_the_automaton_closes_with_the_enemy() -> None:
    s = empty(stage="p_move", actor=-1)
    put(s, "thespians-7", "D5", "W")  # no ZOC
    put(s, "dahae-01", "A5", "E")
    automaton.persian_movement(s)
    assert where(s, "dahae-01") == "D5"  # into the enemy area rather than beside it


def test_8_1_6_g32_the_day_3_immortals_advance_west() -> None:
    s = empty(stage="p_move", actor=-1, day=3, current="susa")
    put(s, ["immortals-01", "immortals-02", "immortals-03"], "O5", "W", fwd="W")
    automaton.persian_movement(s)
    assert where(s, "immortals-01") == "L5"


def test_8_1_6_the_immortals_take_a_greek_hoplites_flank() -> None:
    s = empty(stage="p_move", actor=-1, current="immortals")
    put(s, "spartans-1", "C5", "N")  # its ZOC: B4 C4 D4
    put(s, "immortals-01", "A5", "E")
    automaton.persian_movement(s)
    assert where(s, "immortals-01") == "C5"  # into the Spartan's area ...
    assert s.facing[U(s, "immortals-01")] == 1  # ... from the west, against its flank


def test_8_1_6_other_contingents_just_march_on() -> None:
    s = empty(stage="p_move", actor=-1)
    put(s, "spartans-1", "C5", "N")
    put(s, "dahae-01", "A5", "E")
    automaton.persian_movement(s)
    assert where(s, "dahae-01") == "D5"


# ============================================================================ 8.2.7 targeting
def test_8_2_7_g32_the_front_area_comes_before_a_nearer_front_right_target() -> None:
    s = empty(stage="p_ofire", actor=-1)
    s.moving_side = PERSIAN
    put(s, "dahae-bow-1", "C7", "E")
    put(s, "thespians-7", "E7", "W")  # Front, range 2 (d10)
    put(s, "malians-10", "D8", "W")  # Front Right, range 1
    script_dice(s, [9])  # two hits against DV 1
    automaton.persian_fire(s)
    assert where(s, "thespians-7") == TRACK and where(s, "malians-10") == "D8"


def test_8_2_7_g32_within_a_priority_the_nearest_target() -> None:
    s = empty(stage="p_ofire", actor=-1)
    s.moving_side = PERSIAN
    put(s, "dahae-bow-1", "C7", "E")
    put(s, "thespians-7", "E7", "W")  # Front, range 2
    put(s, "malians-10", "F7", "W")  # Front, range 3 (hidden anyway) -- and one nearer in the same sector:
    put(s, "locrians-10", "D7", "W")  # Front, range 1 (d6)
    script_dice(s, [6])
    automaton.persian_fire(s)
    assert where(s, "locrians-10") == TRACK and where(s, "thespians-7") == "E7"


def test_8_2_7_flank_and_rear_targets_only_for_archers() -> None:
    s = empty(stage="p_ofire", actor=-1)
    s.moving_side = PERSIAN
    put(s, "susa-javelin-1", "C7", "E")
    put(s, "thespians-7", "C8", "W")  # Flank Right, range 1
    draws = s.rng.draws
    automaton.persian_fire(s)
    assert s.rng.draws == draws and where(s, "thespians-7") == "C8"  # a javelin does not turn to fire
    put(s, "dahae-bow-1", "C6", "E")
    put(s, "malians-10", "B6", "W")  # the archer's Rear
    script_dice(s, [6])
    automaton.persian_fire(s)
    assert where(s, "malians-10") == TRACK


def test_8_2_7_g32_an_enemy_in_the_firers_own_area_comes_first() -> None:
    s = empty(stage="p_ofire", actor=-1)
    s.moving_side = PERSIAN
    put(s, "dahae-bow-1", "C7", "E")
    put(s, "thespians-7", "C7", "W")  # range 0 (d6)
    put(s, "malians-10", "D7", "W")  # Front, range 1
    script_dice(s, [5])  # bow, same area: 5 is two hits
    automaton.persian_fire(s)
    assert where(s, "thespians-7") == TRACK and where(s, "malians-10") == "D7"


def test_8_2_7_every_persian_missile_unit_fires() -> None:
    s = empty(stage="p_ofire", actor=-1)
    s.moving_side = PERSIAN
    put(s, ["dahae-bow-1", "dahae-bow-2"], "C7", "E")
    put(s, "spartans-1", "D7", "W")  # DV 3
    script_dice(s, [6, 6, 1])  # 2 + 2 hits - 3 = 1 Step Loss (no Morale Check)
    automaton.persian_fire(s)
    assert s.losses[U(s, "spartans-1")] == 1
    assert s.rng.scripted == [1]


def test_g32_the_automatons_light_units_retreat_before_combat() -> None:

    s = empty(stage="g_melee", actor=-1)
    put(s, "susa-javelin-1", "E6", "E")
    put(s, "spartans-1", "E6", "W", came_from="F7")
    put(s, "susa-01", "A2", "E")
    s.melee_queue = [s.comp.area_index("E6")]
    s.stage = "g_melee_run"
    draws = s.rng.draws
    assert sequence._step(s)
    assert where(s, "susa-javelin-1") == "C6" and s.rng.draws == draws
    assert s.stage == "recovery"  # no decision was asked of anyone
