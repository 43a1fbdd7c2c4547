"""Stacking (3.1), facing (3.2), Zones of Control (3.3) and movement (8.1, TEC), from the rulebook.

Map reminders (data/map.toml): rows A (west) .. O (east), columns 1 (north, sea) .. 9 (south);
passable: A2-A9, B2-B9, C3-C9, D4-D9, E5-E9, F7-F9, G7-G9, Wall H7-H9, I7-I9, J6-J7 + Level 2 J8-J9,
K5-K7 + Level 2 K8-K9, L4-L9, M3-M9, N2-N9, O2-O9. Facing E = towards the next row letter.
"""

from __future__ import annotations

from polemos.games.thermopylae import rules
from polemos.games.thermopylae.state import PERSIAN, TRACK

from .helpers import GREEK, U, dests, empty, mp_left, put, set_ma, where


def areas(ds: set[tuple[str, str, bool]]) -> set[str]:
    return {a for a, _, _ in ds}


# ============================================================================ 3.1 stacking
def test_3_1_1_a_full_area_can_be_crossed_but_not_entered_to_stay() -> None:
    s = empty()
    put(s, "thespians-7", "M5", "E")
    put(s, ["thebans-4", "phocians-10", "arcadia-11"], "N5", "E")  # three javelins: full
    ds = areas(dests(s, "thespians-7"))
    assert "N5" not in ds  # 3.1.1: at most three units in an area
    assert mp_left(s, "thespians-7", "O5") == 2  # ... but the limit is ignored while moving (M5-N5-O5)


def test_3_1_2_only_units_of_one_type_end_in_an_area() -> None:
    s = empty()
    put(s, "malians-10", "M5", "E")  # bow
    put(s, "thespians-1", "N5", "E")  # hoplite
    put(s, "thespians-7", "N6", "E")  # javelin: another light type, still not a bow
    ds = areas(dests(s, "malians-10"))
    assert "N5" not in ds and "N6" not in ds
    assert "O5" in ds  # passing through is allowed
    put(s, "locrians-10", "N4", "E")  # another bow: may join
    assert "N4" in areas(dests(s, "malians-10"))


def test_3_1_3_a_stack_moves_at_its_slowest_units_allowance() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, ["dahae-01", "dahae-02"], "B5", "E")
    assert mp_left(s, "dahae-01", "D5", "E") == 1  # MA 3 both
    set_ma(s, "dahae-02", 1)
    ds = dests(s, "dahae-01")
    assert {a for a, _, _ in ds if a[0] > "C"} == set()  # the MA 1 unit holds the stack to one area
    assert mp_left(s, "dahae-01", "C5", "E") == 0


def test_3_1_3_a_stack_moves_as_one_and_keeps_one_facing() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "B5", "E")
    d = next(d for d in rules.reach(s, U(s, "dahae-01"))
             if s.comp.area_name(d.area) == "C4" and d.facing == 0 and not d.attack)
    rules.do_move(s, U(s, "dahae-01"), d)
    assert [where(s, x) for x in ("dahae-01", "dahae-02", "dahae-03")] == ["C4"] * 3
    assert {s.facing[U(s, x)] for x in ("dahae-01", "dahae-02", "dahae-03")} == {0}


def test_3_1_2_a_detached_unit_moves_on_its_own() -> None:
    s = empty(stage="p_move", actor=PERSIAN, players="two")
    put(s, ["dahae-01", "dahae-02"], "B5", "E")
    assert "detach dahae-02" in s.legal_actions("persian")
    s.apply("persian", "detach dahae-02")
    assert s.force[U(s, "dahae-01")] != s.force[U(s, "dahae-02")]
    s.apply("persian", "move dahae-02 C6 E")
    assert where(s, "dahae-02") == "C6" and where(s, "dahae-01") == "B5"


def test_3_1_4_units_over_the_limit_at_the_end_of_a_movement_segment_are_eliminated() -> None:
    s = empty()
    put(s, ["thespians-1", "thespians-2", "thespians-3", "thespians-4"], "M5", "W")
    rules.stacking_check(s, GREEK)
    # G23: the surplus at the bottom of the pile goes
    assert [where(s, f"thespians-{i}") for i in range(1, 5)] == ["M5", "M5", "M5", TRACK]
    assert s.lost[s.comp.cont("thespians")] == 1


def test_3_1_1_the_limit_counts_each_side_apart() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, ["thespians-1", "thespians-2", "thespians-3"], "C5", "E")  # their ZOC is D4-D6
    put(s, ["dahae-01", "dahae-02", "dahae-03"], "A5", "E")
    assert ("C5", "E", True) in dests(s, "dahae-01")  # G20: three Greeks do not fill the area for Persians


# ============================================================================ 3.2 facing
def test_3_2_1_a_hoplite_moves_only_into_its_front_area() -> None:
    s = empty()
    put(s, "spartans-1", "M5", "E")
    assert dests(s, "spartans-1") == {
        ("N5", "E", False), ("O5", "E", False),  # straight ahead, MA 2
        ("M5", "N", False), ("M5", "S", False), ("M5", "W", False),  # or a turn in place
    }


def test_3_2_1_a_hoplites_change_of_facing_takes_its_whole_allowance() -> None:
    s = empty()
    put(s, "spartans-1", "M5", "E")
    for f in ("N", "S", "W"):
        assert mp_left(s, "spartans-1", "M5", f) == 0
    assert not any(a != "M5" and f != "E" for a, f, _ in dests(s, "spartans-1"))


def test_3_2_2_a_mixed_unit_moves_front_left_front_or_front_right() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "dahae-01", "B5", "E")
    for a in ("C4", "C5", "C6"):
        assert mp_left(s, "dahae-01", a, "E") == 2
    # a sideways step needs a turn there and back (1 + 1 + 1), a step back facing E is out of reach
    assert mp_left(s, "dahae-01", "B4", "E") == 0 and mp_left(s, "dahae-01", "B6", "E") == 0
    assert mp_left(s, "dahae-01", "A5", "E") is None


def test_3_2_2_a_mixed_unit_pays_one_mp_per_90_degree_turn() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "dahae-01", "B5", "E")
    assert mp_left(s, "dahae-01", "B5", "N") == 2
    assert mp_left(s, "dahae-01", "B5", "W") == 1  # 180 degrees: 2 MP
    assert mp_left(s, "dahae-01", "B7", "S") == 0  # turn (1) and two areas south (2)
    assert mp_left(s, "dahae-01", "A5", "W") == 0  # turn about (2) and one area back (1)
    assert "B8" not in areas(dests(s, "dahae-01"))  # three areas sideways need a turn too: 4 MP


def test_3_2_3_light_units_move_any_way_and_face_for_free() -> None:
    s = empty()
    put(s, "thespians-7", "N6", "E")
    assert mp_left(s, "thespians-7", "N6", "W") == 4  # turning costs nothing
    for f in ("N", "E", "S", "W"):
        assert mp_left(s, "thespians-7", "J6", f) == 0  # four areas backwards, any facing
    assert mp_left(s, "thespians-7", "L4", "S") == 2  # diagonals cost 1 (8.1.3)


# ============================================================================ 3.3 zones of control
def test_3_3_1_only_hoplite_and_mixed_units_project_a_zoc_into_their_three_front_areas() -> None:
    s = empty()
    put(s, "spartans-1", "E6", "W")
    put(s, "thespians-7", "E8", "W")  # javelin: no ZOC
    zoc = rules.enemy_zoc(s, PERSIAN)
    assert {s.comp.area_name(a) for a in range(s.comp.n_areas) if zoc[a]} == {"D5", "D6", "D7"}
    put(s, "dahae-01", "B5", "E")
    put(s, "dahae-bow-1", "B8", "E")  # bow: no ZOC
    zoc = rules.enemy_zoc(s, GREEK)
    assert {s.comp.area_name(a) for a in range(s.comp.n_areas) if zoc[a]} == {"C4", "C5", "C6"}


def test_3_3_1_step_losses_do_not_remove_a_zoc() -> None:
    s = empty()
    put(s, "spartans-1", "E6", "W", losses=3)
    zoc = rules.enemy_zoc(s, PERSIAN)
    assert zoc[s.comp.area_index("D6")]


def test_3_3_4_a_unit_entering_an_enemy_zoc_stops() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "spartans-1", "G8", "W")  # ZOC F7 F8 F9: the whole narrows
    put(s, "dahae-01", "D8", "E")
    ds = dests(s, "dahae-01")
    assert max(a[0] for a, _, _ in ds) == "F"  # nothing beyond the ZOC row
    assert not any(att for _, _, att in ds)
    assert mp_left(s, "dahae-01", "F8", "E") == 1  # it stops with MP to spare


def test_3_3_1_light_units_do_not_stop_enemy_movement() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "thespians-7", "G8", "W")
    put(s, "dahae-01", "D8", "E")
    assert ("G8", "E", True) in dests(s, "dahae-01")  # D8-E8-F8 then into G8 with its last MP


def test_3_3_4_a_force_starting_in_a_zoc_may_leave_it_freely() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "spartans-1", "G8", "W")
    put(s, "dahae-01", "F8", "E")
    assert mp_left(s, "dahae-01", "G7", "E") == 2  # no extra cost to leave
    assert mp_left(s, "dahae-01", "H7", "E") == 0  # and on over the Wall (+1)
    assert ("G8", "E", True) in dests(s, "dahae-01")


def test_3_3_4_no_move_from_one_enemy_zoc_area_straight_into_another() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "spartans-1", "G8", "W")  # ZOC F7 F8 F9
    put(s, "susa-javelin-1", "F8", "E")
    # F8 -> F7 directly is forbidden; out to E7 or E8 and back in is allowed (and stops)
    assert mp_left(s, "susa-javelin-1", "F7") == 2


def test_3_3_5_a_force_in_an_enemy_zoc_may_move_in_even_past_a_second_line_zoc() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "spartans-1", "G8", "W")  # the front line: ZOC F7 F8 F9
    put(s, "thespians-1", "H8", "W")  # a second line behind: its ZOC covers G7 G8 G9, the front line's area
    put(s, "dahae-01", "F8", "E")  # in the Spartans' ZOC since the last round
    assert ("G8", "E", True) in dests(s, "dahae-01")  # RULINGS G41: it moves in (8.1.4)
    assert mp_left(s, "dahae-01", "G7") is None  # but no sliding from ZOC to ZOC (3.3.4)


def test_3_3_4_zoc_to_zoc_is_allowed_into_an_area_held_by_friends() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "spartans-1", "G8", "W")
    put(s, "susa-javelin-1", "F8", "E")
    put(s, "susa-javelin-2", "F7", "E")
    assert mp_left(s, "susa-javelin-1", "F7") == 3


# ============================================================================ 8.1.4 enemy areas
def test_8_1_4_entering_an_enemy_area_costs_all_remaining_mps() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "thespians-7", "C5", "W")  # no ZOC
    put(s, "dahae-01", "A5", "E")
    att = [d for d in rules.reach(s, U(s, "dahae-01")) if d.attack]
    assert att and all(d.mp_left == 0 and s.comp.area_name(d.area) == "C5" for d in att)
    d = next(d for d in att if s.comp.area_name(d.came_from) == "B5")
    rules.do_move(s, U(s, "dahae-01"), d)
    assert where(s, "dahae-01") == "C5" and s.came_from[U(s, "dahae-01")] == s.comp.area_index("B5")


def test_8_1_4_entering_an_enemy_area_needs_at_least_one_mp() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "thespians-7", "D5", "W")
    put(s, "dahae-01", "A5", "E")
    assert ("D5", "E", True) in dests(s, "dahae-01")  # two areas, then in with the third MP
    s2 = empty(stage="p_move", actor=PERSIAN)
    put(s2, "thespians-7", "E5", "W")
    put(s2, "dahae-01", "A5", "E")
    assert not any(att for _, _, att in dests(s2, "dahae-01"))  # D row takes all 3 MP


def test_8_1_4_units_in_an_enemy_occupied_area_may_neither_move_nor_turn() -> None:
    s = empty(stage="p_move", actor=PERSIAN)
    put(s, "thespians-7", "C5", "W")
    put(s, "dahae-01", "C5", "E", came_from="B5")
    assert dests(s, "dahae-01") == set()
    assert dests(s, "thespians-7") == set()


def test_8_3_1_a_unit_entering_diagonally_takes_the_least_favourable_side() -> None:
    # the rulebook's example: a javelin entering through the defender's Rear Left aligns with its Left Flank
    s = empty()
    put(s, "dahae-01", "C5", "E")  # Rear Left of a unit facing E is B4
    put(s, "thespians-7", "B4", "E")
    b4 = s.comp.area_index("B4")
    att = [d for d in rules.reach(s, U(s, "thespians-7")) if d.attack and d.came_from == b4]
    assert [d.facing for d in att] == [2]  # facing S: from the north side, against the Left Flank, not the Rear
    assert rules.situation(att[0].facing, s.facing[U(s, "dahae-01")]) == rules.FLANK


# ============================================================================ TEC movement costs
def test_tec_level_2_costs_one_more_from_level_1() -> None:
    s = empty()
    put(s, "thespians-7", "J6", "E")
    assert mp_left(s, "thespians-7", "K7") == 3  # Level 1
    assert mp_left(s, "thespians-7", "J8") == 1  # J6-J7 (1) then up onto the mound (1 + 1)
    assert mp_left(s, "thespians-7", "J9") == 0  # Level 2 to Level 2: 1


def test_tec_g22_entering_the_wall_costs_one_more_leaving_it_does_not() -> None:
    s = empty()
    put(s, "thespians-7", "F8", "E")
    assert mp_left(s, "thespians-7", "H8") == 1  # G8 (1), H8 (1 + 1)
    assert mp_left(s, "thespians-7", "I8") == 0
    s2 = empty()
    put(s2, "thespians-7", "H7", "E")
    assert mp_left(s2, "thespians-7", "H8") == 3  # along the Wall: no extra
    assert mp_left(s2, "thespians-7", "I8") == 3  # down off the Wall: no extra
    assert mp_left(s2, "thespians-7", "G7") == 3


def test_tec_a_hoplite_climbs_the_wall_with_its_whole_allowance() -> None:
    s = empty()
    put(s, "spartans-1", "G8", "E")
    assert mp_left(s, "spartans-1", "H8", "E") == 0
    assert "I8" not in areas(dests(s, "spartans-1"))


def test_tec_coastal_areas_may_not_be_entered() -> None:
    s = empty()
    put(s, "thespians-7", "E5", "N")  # E1-E4 and D3 are Coastal
    ds = areas(dests(s, "thespians-7"))
    assert all(s.comp.a_pass[s.comp.area_index(a)] for a in ds)
    assert "E4" not in ds and "D3" not in ds and "D4" in ds


# ============================================================================ 8.1.2 / 8.1.5 the segment
def test_8_1_5_only_the_phasing_side_moves() -> None:
    s = empty(stage="g_move", actor=GREEK)
    put(s, "thespians-7", "M5", "E")
    put(s, "dahae-01", "B5", "E")
    moves = [a for a in s.legal_actions("greek") if a != "end movement"]
    assert moves and all(a.split()[1] == "thespians-7" for a in moves)
    assert s.legal_actions("persian") == []


def test_8_1_2_each_force_moves_once_in_a_segment() -> None:
    s = empty(stage="p_move", actor=PERSIAN, players="two")
    put(s, "dahae-01", "B5", "E")
    put(s, "dahae-02", "B8", "E")
    s.apply("persian", "move dahae-01 C5 E")
    assert not any(a.split()[1] == "dahae-01" for a in s.legal_actions("persian") if a != "end movement")
    assert any(a.split()[1] == "dahae-02" for a in s.legal_actions("persian") if a != "end movement")


def test_8_1_4_entering_an_enemy_occupied_wall_area_needs_just_one_mp() -> None:
    # 8.1.4 prices entering an enemy area at "all its remaining MPs" (at least 1), not the TEC cost
    s = empty()
    put(s, "spartans-1", "F8", "E")
    put(s, "dahae-bow-1", "H8", "W")  # a bow: no ZOC to stop the Spartans in G8
    assert ("H8", "E", True) in dests(s, "spartans-1")  # G8 (1 MP), then into H8 with the last MP
