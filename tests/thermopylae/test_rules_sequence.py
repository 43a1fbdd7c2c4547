"""The sequence of play (4.0): commitment (5.1), Ephialtes (5.2), the Greek conference (5.3), Greek
deployment (6.0), Persian deployment (7.0), the Action Round's segments and the End of Day Check (9.0).
"""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.thermopylae import rules, sequence
from polemos.games.thermopylae.state import ARMY, AWAY, BOX, POOL, TRACK, GTSState

from .helpers import GREEK, PERSIAN, A, U, empty, new, put, run_until, where


def greek_conts(s: GTSState, stage_word: str, role: str = "greek") -> list[str]:
    return sorted(a.split()[1] for a in s.legal_actions(role) if a.startswith(stage_word + " "))


def places(s: GTSState) -> list[str]:
    """The single placements offered (6.0), without the one-choice set-ups of G44."""
    return [a for a in s.legal_actions("greek") if a.startswith("place ")]


def areas_of(s: GTSState, cont: str) -> dict[str, int]:
    """Area name -> number of the contingent's units there."""
    out: dict[str, int] = {}
    for u in s.comp.cont_units[s.comp.cont(cont)]:
        if s.loc[u] >= 0:
            name = s.comp.area_name(s.loc[u])
            out[name] = out.get(name, 0) + 1
    return out


# ============================================================================ 5.1 commitment
@pytest.mark.parametrize(("day", "roll", "cont"), [
    (1, 1, "dahae"), (1, 2, "medes"), (1, 5, "medes"), (1, 6, "scythians"), (1, 7, "susa"), (1, 8, "susa"),
    (1, 9, "immortals"), (1, 10, "immortals"),
    (2, 2, "dahae"), (2, 3, "medes"), (2, 4, "scythians"), (2, 5, "susa"), (2, 6, "immortals"),
    (3, 3, "dahae"), (3, 4, "medes"), (3, 5, "scythians"), (3, 7, "scythians"), (3, 8, "susa"), (3, 10, "susa"),
])
def test_5_1_the_commitment_table_picks_the_days_first_contingent(day: int, roll: int, cont: str) -> None:
    s = new(1)
    s.stage, s.day = "day_start", day
    script_dice(s, [roll])
    run_until(s, "guard", "ephialtes")
    assert s.comp.cont_ids[s.current] == cont
    assert s.committed == [s.current] and s.stage == ("ephialtes" if day == 3 else "guard")


# ============================================================================ 5.2 Ephialtes, 7.0.2
@pytest.mark.parametrize(("roll", "rnd"), [(1, 3), (2, 3), (3, 4), (4, 5), (5, 6), (6, 6)])
def test_5_2_the_ephialtes_table_gives_the_immortals_round_of_entry(roll: int, rnd: int) -> None:
    s = empty(stage="ephialtes", actor=-1, day=3, current="susa")
    script_dice(s, [roll])
    assert sequence._step(s)
    assert s.eph_round == rnd and s.stage == "conference"
    imm = s.comp.cont_units[s.comp.cont("immortals")]
    assert all(s.loc[u] == BOX for u in imm)


def _day3_round_start(eph_round: int, day_round: int) -> GTSState:
    s = empty(stage="round_start", actor=-1, day=3, current="susa")
    s.eph_round, s.day_round = eph_round, day_round
    for u in s.comp.cont_units[s.comp.cont("immortals")]:
        s.loc[u] = BOX
    put(s, "spartans-1", "O5", "W")
    put(s, "susa-01", "A5", "E")
    return s


def test_7_0_2_the_immortals_enter_row_o_in_their_round_in_three_stacks_greeks_or_not() -> None:
    s = _day3_round_start(eph_round=4, day_round=3)
    assert sequence._step(s)  # round 4 of day 3 starts
    imm = s.comp.cont_units[s.comp.cont("immortals")]
    assert areas_of(s, "immortals") == {f"O{c}": 3 for c in range(2, 10)}  # 24 units: 8 three-stacks
    assert all(s.facing[u] == 3 and s.fwd[u] == 3 for u in imm)  # facing west, into the pass
    assert s.stage == "p_move"


def test_7_0_2_the_immortals_wait_in_the_box_before_their_round() -> None:
    s = _day3_round_start(eph_round=5, day_round=3)
    assert sequence._step(s)
    assert all(s.loc[u] == BOX for u in s.comp.cont_units[s.comp.cont("immortals")])


def test_g33_the_round_of_entry_counts_across_series() -> None:
    s = _day3_round_start(eph_round=5, day_round=4)
    s.series, s.round = 2, 1  # the second series of the day, after four Action Rounds in all
    assert sequence._step(s)
    assert s.round == 2 and s.day_round == 5
    assert str(where(s, "immortals-01")).startswith("O")


# ============================================================================ 5.3 conference
@pytest.mark.parametrize(("roll", "stay"), [(1, 3), (3, 3), (4, 4), (5, 4), (6, 5)])
def test_5_3_the_conference_roll_is_the_number_of_contingents_that_stay(roll: int, stay: int) -> None:
    s = new(1)
    s.stage, s.day = "conference", 3
    script_dice(s, [roll])
    run_until(s, "guard")
    assert s.stage == "stay" and s.actor == GREEK
    assert s.conf_left == stay - 1  # the Spartans always stay
    cands = greek_conts(s, "stay")
    assert "spartans" not in cands
    assert ("peloponnesians" in cands) == (roll == 6)  # only on a 6


def test_5_3_the_contingents_not_chosen_are_sent_away_and_one_stayer_guards() -> None:
    s = new(1)
    s.stage, s.day = "conference", 3
    script_dice(s, [2])  # 3 stay: the Spartans and two more
    run_until(s, "guard")
    s.apply("greek", "stay thespians")
    s.apply("greek", "stay thebans")
    assert s.stage == "guard"
    for cid in ("phocians", "malians", "locrians", "peloponnesians"):
        assert all(s.loc[u] == AWAY for u in s.comp.cont_units[s.comp.cont(cid)])
    assert all(s.loc[u] == POOL for u in s.comp.cont_units[s.comp.cont("spartans")])
    assert greek_conts(s, "guard") == ["thebans", "thespians"]  # G34: the guard is one of those staying


def test_5_3_day_3_deployment_has_no_west_of_the_wall_rule() -> None:
    s = new(1)
    s.stage, s.day = "conference", 3
    script_dice(s, [2])
    run_until(s, "guard")
    s.apply("greek", "stay thespians")
    s.apply("greek", "stay thebans")
    s.apply("greek", "guard thebans")
    assert s.stage == "deploy" and s.deploy_queue[0] == U(s, "spartans-1")
    rows = {a.split()[2][0] for a in places(s)}
    assert rows == set("DEFGHIJKL")  # 6.0.1(3) binds on days 1 and 2 only


# ============================================================================ 6.0 Greek deployment
def test_6_0_one_contingent_but_the_spartans_guards_the_ephialtes_box() -> None:
    s = new(1)
    assert s.stage == "guard" and s.actor == GREEK
    assert greek_conts(s, "guard") == sorted(["thespians", "thebans", "phocians", "malians", "locrians",
                                               "peloponnesians"])
    s.apply("greek", "guard phocians")
    assert all(s.loc[u] == BOX for u in s.comp.cont_units[s.comp.cont("phocians")])
    assert s.stage == "west"


def test_6_0_1_3_the_other_contingent_west_of_the_wall_is_not_the_peloponnesians_nor_the_phocians() -> None:
    s = new(1)
    s.apply("greek", "guard malians")
    assert greek_conts(s, "west") == ["locrians", "thebans", "thespians"]


def test_6_0_1_4_the_phocians_go_west_only_when_no_one_else_can() -> None:
    s = new(1)
    for cid in ("thespians", "thebans", "malians", "locrians"):
        s.routed[s.comp.cont(cid)] = True
    s.reset_caches()
    s.apply("greek", "guard peloponnesians")
    assert s.comp.cont_ids[s.west] == "phocians" and s.stage == "deploy"


def test_6_0_1_3_the_spartans_and_the_west_contingent_set_up_west_of_the_wall_first() -> None:
    s = new(1)
    s.apply("greek", "guard phocians")
    s.apply("greek", "west thebans")
    queue = [s.comp.unit_ids[u] for u in s.deploy_queue]
    assert queue[:7] == ["spartans-1", "spartans-2", "spartans-3", "thebans-1", "thebans-2", "thebans-3", "thebans-4"]
    assert {a.split()[2][0] for a in places(s)} == set("DEFG")  # G27: rows D-G, not the Wall


def test_6_0_1_1_a_contingents_units_are_placed_next_to_each_other() -> None:
    s = new(1)
    s.apply("greek", "guard phocians")
    s.apply("greek", "west thebans")
    s.apply("greek", "place spartans-1 E6 W")
    near = {a.split()[2] for a in places(s)}
    assert near == {"D5", "D6", "D7", "E5", "E6", "E7", "F7"}  # E6 and its passable neighbours (rows D-G)
    assert {a.split()[3] for a in places(s) if a.split()[2] == "E6"} == {"W"}  # one facing a stack


def test_6_0_1_2_at_most_three_units_in_an_area() -> None:
    s = new(1)
    s.apply("greek", "guard phocians")
    s.apply("greek", "west thebans")
    for i in (1, 2, 3):
        s.apply("greek", f"place spartans-{i} E6 W")
    assert not any(a.split()[2] == "E6" for a in places(s))


def test_3_1_2_deployment_stacks_only_units_of_one_type() -> None:
    s = new(1)
    s.apply("greek", "guard phocians")
    s.apply("greek", "west thebans")
    for i in (1, 2, 3):
        s.apply("greek", f"place spartans-{i} E6 W")
    s.apply("greek", "place thebans-1 E7 W")
    s.apply("greek", "place thebans-2 E7 W")
    s.apply("greek", "place thebans-3 E8 W")
    assert s.deploy_queue[0] == U(s, "thebans-4")  # a javelin
    assert not any(a.split()[2] in ("E6", "E7", "E8") for a in places(s))


def test_6_0_1_1_the_peloponnesians_need_not_be_adjacent() -> None:
    s = empty(stage="deploy", actor=GREEK)
    put(s, "tegea-1", "J6", "W")
    s.deploy_queue = [U(s, "tegea-2")]
    s.reset_caches()
    spots = {a.split()[2] for a in places(s)}
    assert {"D9", "L9", "H7"} <= spots


def test_6_0_g4_greeks_deploy_within_four_rows_either_side_of_the_wall() -> None:
    s = empty(stage="deploy", actor=GREEK)
    s.deploy_queue = [U(s, "malians-1")]
    s.reset_caches()
    assert {a.split()[2][0] for a in places(s)} == set("DEFGHIJKL")


def test_6_0_1_4_the_phocians_may_go_west_once_every_other_contingent_is_there() -> None:
    s = empty(stage="deploy", actor=GREEK)
    s.west = s.comp.cont("thespians")
    put(s, "spartans-1", "E6", "W")
    put(s, "thespians-1", "E7", "W")
    s.deploy_queue = [U(s, "phocians-1")]
    s.reset_caches()
    assert "E8" in {a.split()[2] for a in places(s)}
    put(s, "malians-1", "J6", "W")  # one contingent east of the Wall
    s.reset_caches()
    rows = {a.split()[2][0] for a in places(s)}
    assert rows == set("HIJKL")


def test_6_0_2_greek_losses_are_kept_overnight_and_disorder_is_cleared() -> None:
    s = empty(stage="day_end", actor=-1)
    (u,) = put(s, "spartans-1", "E6", "W", losses=2, disordered=True)
    put(s, "dahae-01", "A5", "E", losses=1)
    assert sequence._step(s)
    assert s.day == 2 and s.stage == "day_start"
    assert s.loc[u] == POOL and s.losses[u] == 2 and not s.disordered[u]  # G30


# ============================================================================ 7.0 Persian deployment
@pytest.mark.parametrize(("n", "sizes"), [(1, [1]), (2, [2]), (4, [2, 2]), (5, [3, 2]), (7, [3, 2, 2]),
                                          (12, [3, 3, 3, 3]), (16, [3, 3, 3, 3, 2, 2]), (24, [3] * 8)])
def test_7_0_as_many_three_stacks_as_possible_the_rest_in_two_stacks(n: int, sizes: list[int]) -> None:
    assert rules.stack_sizes(n) == sizes


def test_7_0_three_stacks_fill_row_a_from_the_centre_facing_east() -> None:
    s = empty(stage="pdeploy", actor=-1)
    rules.persian_deploy(s, s.comp.cont("dahae"), [0, 1, 2, 3], 1, "7.0", False)
    assert areas_of(s, "dahae") == {a: 3 for a in ("A3", "A4", "A5", "A6", "A7", "A8")}  # 12 mixed + 6 bows
    units = [u for u in s.comp.cont_units[s.comp.cont("dahae")]]
    assert all(s.facing[u] == 1 for u in units)
    for a in ("A3", "A4", "A5", "A6", "A7", "A8"):  # each stack one force of one type
        here = s.units_in(A(s, a))
        assert len({s.force[u] for u in here}) == 1 and len({s.comp.u_type[u] for u in here}) == 1


def test_7_0_two_stacks_go_on_the_flanks() -> None:
    s = empty(stage="pdeploy", actor=-1, current="medes")
    rules.persian_deploy(s, s.comp.cont("medes"), [0, 1, 2, 3], 1, "7.0", False)  # 16 mixed + 6 bows
    got = areas_of(s, "medes")
    assert got == {"A2": 2, "A3": 3, "A4": 3, "A5": 3, "A6": 3, "A7": 3, "A8": 3, "A9": 2}


def test_7_0_row_a_is_filled_before_row_b() -> None:
    s = empty(stage="pdeploy", actor=-1)
    for k, a in enumerate(("A4", "A5", "A6", "A7")):
        put(s, [f"scythians-{3 * k + j:02d}" for j in (1, 2, 3)], a, "E")
    rules.persian_deploy(s, s.comp.cont("dahae"), [0, 1, 2, 3], 1, "9.0", False)
    assert set(areas_of(s, "dahae")) == {"A2", "A3", "A8", "A9", "B5", "B6"}


def test_7_0_1_the_committed_contingent_comes_back_whole() -> None:
    s = empty(stage="pdeploy", actor=-1)
    c = s.comp.cont("dahae")
    s.losses[U(s, "dahae-01")] = 1
    s.loc[U(s, "dahae-02")], s.losses[U(s, "dahae-02")] = TRACK, 2
    s.loc[U(s, "dahae-03")] = ARMY  # 8.4.5: never returns
    s.lost[c], s.routed[c] = 9, True
    rules.persian_deploy(s, c, [0, 1, 2, 3], 1, "7.0", False)
    assert s.loc[U(s, "dahae-01")] >= 0 and s.losses[U(s, "dahae-01")] == 0
    assert s.loc[U(s, "dahae-02")] >= 0 and s.losses[U(s, "dahae-02")] == 0
    assert s.loc[U(s, "dahae-03")] == ARMY
    assert s.lost[c] == 0 and not s.routed[c]  # G31


# ============================================================================ D: the Action Round
def test_4_0_d_the_segments_of_an_action_round_come_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    s = empty(stage="round_start", actor=-1)
    put(s, "dahae-01", "A5", "E")
    put(s, "spartans-1", "M5", "W")
    seen: list[str] = []

    def spy(state: GTSState) -> None:
        """sequence.advance, noting the stage of each step it runs (injected where the game calls it: the
        compiled module's own calls to _step cannot be replaced)."""
        while state.winner < 0:
            seen.append(state.stage)
            if not sequence._step(state):
                return

    monkeypatch.setattr(sequence, "advance", spy)
    sequence.advance(s)
    assert s.stage == "g_move" and s.actor == GREEK
    s.apply("greek", "end movement")
    assert s.stage == "g_move" and s.round == 3
    first = seen[: seen.index("round_start", 1) + 1]
    assert [x for i, x in enumerate(first) if i == 0 or x != first[i - 1]] == [
        "round_start", "p_move", "p_move_end", "g_dfire", "p_ofire", "p_melee", "p_melee_run", "g_move",
        "g_move_end", "p_dfire", "g_ofire", "g_melee", "g_melee_run", "recovery", "round_end", "round_start"]


def test_4_0_d_a_series_has_eight_action_rounds_at_most() -> None:
    s = empty(stage="round_end", actor=-1)
    put(s, "dahae-01", "A5", "E")
    put(s, "spartans-1", "M5", "W")
    s.round = 7
    assert sequence._step(s) and s.stage == "round_start"
    s.stage, s.round = "round_end", 8
    assert sequence._step(s) and s.stage == "end_of_day"


def test_g29_the_rounds_end_when_no_persian_is_left_on_the_map() -> None:
    s = empty(stage="p_melee", actor=-1)
    put(s, "dahae-01", "E6", "E", came_from="D6")
    put(s, "spartans-1", "E6", "W")
    put(s, "spartans-2", "M5", "W")
    script_dice(s, [1, 1, 1])  # 2 v 4 1:2, 1L 1:3: roll 1 4/0: the Dahae unit is destroyed
    run_until(s, "end_of_day")
    assert s.stage == "end_of_day" and where(s, "dahae-01") == TRACK


# ============================================================================ 9.0 End of Day Check
def test_9_0_a_contingent_already_used_today_ends_the_day() -> None:
    s = empty(stage="end_of_day", actor=-1, current="dahae")
    put(s, "dahae-01", "A5", "E")
    put(s, "spartans-1", "M5", "W")
    script_dice(s, [1])  # day 1: Dahae again
    assert sequence._step(s)
    assert s.stage == "day_end" and s.committed == [s.comp.cont("dahae")]


def test_9_0_2_a_new_contingent_enters_at_rows_a_and_b_while_the_armies_stay() -> None:
    s = empty(stage="end_of_day", actor=-1, current="dahae")
    put(s, ["dahae-01", "dahae-02"], "E6", "E")
    put(s, "spartans-1", "G8", "W")
    script_dice(s, [6])  # day 1: the Scythians
    assert sequence._step(s)
    assert s.stage == "pdeploy" and s.comp.cont_ids[s.current] == "scythians" and s.round == 0
    assert sequence._step(s)
    assert where(s, "dahae-01") == "E6" and where(s, "spartans-1") == "G8"  # nobody else moves
    assert {a[0] for a in areas_of(s, "scythians")} == {"A"}
    assert s.stage == "round_start"


def test_9_0_1_after_a_rout_both_sides_deploy_anew() -> None:
    s = empty(stage="end_of_day", actor=-1, current="dahae")
    s.routed[s.comp.cont("dahae")] = True
    put(s, "spartans-1", "G8", "W")
    s.guard = s.comp.cont("phocians")
    script_dice(s, [9])  # day 1: the Immortals
    assert sequence._step(s)
    assert s.stage == "west" and s.comp.cont_ids[s.current] == "immortals"
    run_until(s, "deploy")
    assert s.stage == "west" and s.actor == GREEK  # choosing the contingent to join the Spartans west
    assert where(s, "spartans-1") == POOL  # picked up to be placed again (6.0)


def _susa_about_to_rout(monkeypatch: pytest.MonkeyPatch, day: int = 1) -> GTSState:
    """The Greek Offensive Fire Segment of round 2: the Susa (the current contingent, Routs box 9) have
    eight units on their track; two Greek javelin units at D7 face susa-09 at E7 (DV 1, two steps)."""
    monkeypatch.setattr(sequence, "advance", lambda s: None)  # stop after each action
    s = empty(stage="g_ofire", actor=GREEK, day=day, current="susa")
    s.round = s.day_round = 2
    c = s.comp.cont("susa")
    for i in range(1, 9):
        s.loc[U(s, f"susa-{i:02d}")] = TRACK
    s.lost[c] = 8
    put(s, ["thespians-7", "thebans-4"], "D7", "E")
    put(s, "spartans-1", "G8", "W")
    put(s, "susa-09", "E7", "W")
    put(s, "susa-10", "A5", "E")
    script_dice(s, [6, 6])  # 2 + 2 hits - DV 1 = 3 Step Losses: susa-09 is eliminated, the Susa rout
    return s


@pytest.mark.parametrize(("other", "day"), [("dahae-01", 1), ("immortals-01", 3)])
def test_9_0_1_when_the_current_contingent_routs_the_other_persians_are_removed_at_once(
        monkeypatch: pytest.MonkeyPatch, other: str, day: int) -> None:
    """An earlier contingent still on the map (it stayed under 9.0(2)), or the day-3 Immortals once they have
    entered (7.0.2): "If/when the current Persian contingent on the map routs ... any remaining units are
    immediately removed from play" (9.0(1), RULINGS G40), and the Action Rounds end at once (D, G29)."""
    s = _susa_about_to_rout(monkeypatch, day)
    s.committed = [s.comp.cont("dahae"), s.current] if day == 1 else [s.current]
    put(s, other, "E6", "E" if day == 1 else "W")
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E7")  # the last firer: the fire is resolved
    assert s.routed[s.current] and where(s, "susa-10") in (TRACK, ARMY)  # 8.4.4
    assert where(s, other) == POOL  # removed with them, not left to fight on
    assert s.stage == "end_of_day" and s.round == 2  # no Greek Melee, no further round
    script_dice(s, [3])  # the Dahae (day 1) / the Dahae (day 3): a new contingent
    sequence._step(s)
    assert s.stage == "west"  # 9.0(1): both sides deploy anew


def test_9_0_1_g29_no_action_rounds_are_run_for_the_immortals_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Day 3: the Susa rout in round 2 while the Immortals wait in the Ephialtes Box for round 5. The Action
    Rounds end (D); the Immortals, not on the map, are not removed but wait for their round (G33); if the
    day ends before it they never enter."""
    s = _susa_about_to_rout(monkeypatch, day=3)
    s.eph_round = 5
    imm = s.comp.cont_units[s.comp.cont("immortals")]
    for u in imm:
        s.loc[u] = BOX
    s.apply("greek", "fire thespians-7 E7")
    s.apply("greek", "fire thebans-4 E7")
    assert s.stage == "end_of_day" and s.day_round == 2
    assert all(s.loc[u] == BOX for u in imm)
    script_dice(s, [9])  # day 3: the Susa again: the day ends
    run_until(s, "over")
    assert s.winner >= 0 and s.day == 3
    rounds = [text for _, rule, text in s.log if rule == "D" and text.startswith("Day ")]
    assert rounds == []  # no round 3, 4, 5 of empty field for the Immortals to enter into
    assert not any(rule == "7.0.2" for _, rule, _ in s.log)


def test_8_4_4_the_rout_of_another_persian_contingent_does_not_end_the_rounds() -> None:
    """Only the current contingent's rout ends the Action Rounds (9.0(1)); an earlier contingent that
    stayed on the map under 9.0(2) routs alone (8.4.4)."""
    s = empty(stage="g_ofire", actor=-1, current="susa")
    s.committed = [s.comp.cont("dahae"), s.current]
    c = s.comp.cont("dahae")
    for i in range(1, 9):
        s.loc[U(s, f"dahae-{i:02d}")] = TRACK
    s.lost[c] = 8
    put(s, "dahae-09", "E6", "E")
    put(s, "dahae-10", "B6", "E")
    put(s, "susa-01", "E7", "E")
    put(s, "spartans-1", "G8", "W")
    rules.eliminate(s, U(s, "dahae-09"))
    rules.check_routs(s)
    assert s.routed[c] and where(s, "dahae-10") in (TRACK, ARMY)
    assert where(s, "susa-01") == "E7" and not rules.series_over(s)


def test_g29_the_day_ends_without_a_roll_when_no_greek_unit_is_left_on_the_map() -> None:
    s = empty(stage="end_of_day", actor=-1, current="dahae")
    put(s, "dahae-01", "E6", "E")
    for u in s.comp.cont_units[s.comp.cont("phocians")]:
        s.loc[u] = BOX  # the guard takes no part (G33)
    draws = s.rng.draws
    assert sequence._step(s)
    assert s.stage == "day_end" and s.rng.draws == draws


def test_9_0_the_last_day_ends_on_points() -> None:
    s = empty(stage="day_end", actor=-1, day=3)
    put(s, "spartans-1", "G8", "W")
    assert sequence._step(s)
    assert s.winner == PERSIAN and s.stage == "over"  # 0 - 0: ties go to Persia (10.0)
