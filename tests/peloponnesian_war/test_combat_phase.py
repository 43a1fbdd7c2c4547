"""The Combat Phase (5.1-5.9) on a game state: positions are set up by hand, the dice scripted
(``script_dice``), and the phase's tasks run by the driver. Test names cite the rule."""

from __future__ import annotations

import pytest

import polemos
from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war import combat, rules
from polemos.games.peloponnesian_war import combat_tables as ct
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.game import PWPlay
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    HOPLITE,
    NAVAL,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import LD_AVAILABLE, LD_DEAD, LD_OUT, PH_COMBAT, PWState, slot

rules.register(combat)
COMP = load_components()
A, S = ATHENS, SPARTA


def state(mode: str = "two-player") -> PWState:
    # the registered game, not None: compiled, the kernel's State types its game field (a native slot)
    s = PWPlay(polemos.game("peloponnesian-war"), COMP, 1, None, {"mode": mode})
    s.home_guard = 0
    s.recontrol()
    return s


def sp(name: str) -> int:
    return COMP.space_index[name]


def put(s: PWState, space: str, nationality: int, unit_type: int, n: int) -> None:
    s.add_sps(sp(space), nationality, unit_type, n)


def arrive(s: PWState, space: str, nationality: int, unit_type: int, n: int) -> None:
    """SPs that came with an army this turn (4.3: ``moved``)."""
    put(s, space, nationality, unit_type, n)
    s.moved[sp(space)][slot(nationality, unit_type)] += n


def lead(s: PWState, leader: str, space: str) -> int:
    ld = COMP.leader_index[leader]
    s.leader_at[ld] = sp(space)
    return ld


def run(s: PWState, *tasks: list[int | str]) -> None:
    s.phase = PH_COMBAT
    s.push(*tasks)
    s.recontrol()
    rules.advance(s)


def count(s: PWState, space: str, nationality: int, unit_type: int) -> int:
    return s.sp[sp(space)][slot(nationality, unit_type)]


def logged(s: PWState, text: str) -> bool:
    return any(text in line for _, line in s.log)


# =============================================================================== 5.1
def test_5_1_condition_1_empty_fortress_is_besieged() -> None:
    s = state()
    arrive(s, "plataea", SPARTAN, HOPLITE, 3)
    lead(s, "archidamus", "plataea")
    run(s, ["cb_siege_determination"])
    assert s.siege[sp("plataea")]
    assert logged(s, "Condition 1")


def test_5_1_rulings_p98_no_siege_of_a_fortress_already_held() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 1)  # held since an earlier turn
    arrive(s, "plataea", SPARTAN, HOPLITE, 3)
    lead(s, "archidamus", "plataea")
    run(s, ["cb_siege_determination"])
    assert not s.siege[sp("plataea")]


def test_5_1_condition_2_force_4_weaker_and_not_an_army() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 5)
    put(s, "plataea", ATHENIAN_ALLIED, HOPLITE, 1)
    lead(s, "archidamus", "plataea")
    run(s, ["cb_siege_determination"])
    assert s.siege[sp("plataea")]
    s2 = state()
    put(s2, "plataea", SPARTAN, HOPLITE, 4)
    put(s2, "plataea", ATHENIAN_ALLIED, HOPLITE, 1)
    lead(s2, "archidamus", "plataea")
    run(s2, ["cb_siege_determination"])
    assert not s2.siege[sp("plataea")]  # only 3 weaker: a battle instead


def test_5_1_no_siege_in_own_fortress_or_without_leader() -> None:
    s = state()
    put(s, "corinth", SPARTAN_ALLIED, HOPLITE, 5)
    lead(s, "archidamus", "corinth")
    put(s, "plataea", SPARTAN, HOPLITE, 5)  # a Force, not an Army
    run(s, ["cb_siege_determination"])
    assert not s.siege[sp("corinth")] and not s.siege[sp("plataea")]


def test_5_3_1_long_walls_spartan_army_in_athens_is_a_siege() -> None:
    s = state()
    put(s, "athens", ATHENIAN, HOPLITE, 6)
    put(s, "athens", SPARTAN, HOPLITE, 4)
    lead(s, "archidamus", "athens")
    lead(s, "pericles", "athens")  # even against an Army: 6 is not 3 more than 4
    run(s, ["cb_siege_determination"])
    assert s.siege[sp("athens")]
    s2 = state()
    put(s2, "athens", ATHENIAN, HOPLITE, 7)
    put(s2, "athens", SPARTAN, HOPLITE, 4)
    lead(s2, "archidamus", "athens")
    run(s2, ["cb_siege_determination"])
    assert not s2.siege[sp("athens")]


# =============================================================================== 5.2
def test_5_2_categories_in_order_home_coalition_other_then_zoi() -> None:
    s = state()
    for space in ("athens", "corinth", "plataea"):
        put(s, space, ATHENIAN, HOPLITE, 1)
        put(s, space, SPARTAN_ALLIED, HOPLITE, 1)
    s.add_sps(sp("athens"), ATHENIAN, HOPLITE, 3)  # no Long Walls siege: 4 against 1
    run(s, ["cb_battles", combat.CAT_HOME])
    assert s.pending is not None and s.pending["kind"] == "cb_athens_defence"
    assert rules.legal(s, A)[-2:] == ["fight", "decline"]
    script_dice(s, [6, 1, 6, 1, 6, 1])
    rules.apply(s, A, "fight")
    lines = [line for _, line in s.log if "land battle at" in line]
    assert [line.split(" at ")[1].split(":")[0] for line in lines] == ["Athens", "Corinth", "Plataea"]


def test_5_2_zoi_battle_between_spaces_and_overlap_alone_is_none() -> None:
    s = state()
    put(s, "megara", ATHENIAN, CAVALRY, 2)  # cavalry ZOI reaches Plataea (Land LOC)
    put(s, "plataea", SPARTAN_ALLIED, HOPLITE, 1)
    put(s, "thebes", SPARTAN_ALLIED, HOPLITE, 3)  # Thebes: not in the Megara cavalry's ZOI
    assert combat.situations(s, combat.CAT_ZOI) == [(sp("megara"), sp("plataea"))]


def test_5_2_note_overlapping_zois_alone_make_no_battle() -> None:
    s = state()
    put(s, "plataea", ATHENIAN, CAVALRY, 1)  # ZOI: Plataea and Megara (and more), not Corinth
    put(s, "corinth", SPARTAN_ALLIED, CAVALRY, 1)  # ZOI: Corinth and Megara, not Plataea
    assert sp("megara") in ct.zoi(COMP, sp("plataea"), A, tuple(s.sp[sp("plataea")]), combat_phase=True).all
    assert sp("megara") in ct.zoi(COMP, sp("corinth"), S, tuple(s.sp[sp("corinth")]), combat_phase=True).all
    assert combat.situations(s, combat.CAT_ZOI) == []


def test_5_2_both_spaces_contested_fight_both_zoi_battles() -> None:
    s = state()
    for space in ("megara", "plataea"):
        put(s, space, ATHENIAN, CAVALRY, 1)
        put(s, space, SPARTAN_ALLIED, CAVALRY, 1)
    assert sorted(combat.situations(s, combat.CAT_ZOI)) == sorted(
        [(sp("megara"), sp("plataea")), (sp("plataea"), sp("megara"))])


def test_5_2_1_land_battle_loser_goes_home_sci_and_vp() -> None:
    s = state()
    put(s, "plataea", ATHENIAN, HOPLITE, 4)
    put(s, "plataea", SPARTAN_ALLIED, HOPLITE, 3)
    script_dice(s, [5, 2])
    result = combat.resolve_battle(s, "5.2", sp("plataea"), sp("plataea"))
    # Athens 5 + 1 more hoplite = 6; Sparta 2: difference 4, capped by 4 Athenian hoplites
    assert result["winner"] == A and result["kinds"] == ["land"]
    assert count(s, "plataea", SPARTAN_ALLIED, HOPLITE) == 0
    assert s.going_home == [0] * 12  # all 3 Spartan allies lost: none left to go home
    assert s.sci == [1, -1]
    assert s.vp == [10, -15]
    assert not s.hostages[A]  # allies only (5.6)


def test_5_6_hostages_after_a_land_battle_with_spartan_hoplites_lost() -> None:
    """5.6 Example: Athens wins a land battle in which Spartan Hoplite SPs are lost."""
    s = state()
    put(s, "megara", ATHENIAN, HOPLITE, 6)
    put(s, "megara", SPARTAN, HOPLITE, 2)
    script_dice(s, [6, 1])
    combat.resolve_battle(s, "5.2", sp("megara"), sp("megara"))
    assert s.hostages == [True, False]
    assert logged(s, "5.6 Athens takes hostages")


def test_5_2_2_naval_battle_loser_in_enemy_space_sends_land_home_too() -> None:
    s = state()
    put(s, "megara", ATHENIAN, NAVAL, 3)
    put(s, "megara", ATHENIAN, HOPLITE, 1)
    put(s, "cenchreae", SPARTAN_ALLIED, NAVAL, 2)
    script_dice(s, [1, 6])
    # Athens 1 + 1 more + 2 Athenian = 4; Sparta 6: Sparta wins by 2, capped by its 2 naval SPs
    result = combat.resolve_battle(s, "5.2", sp("megara"), sp("cenchreae"))
    assert result["winner"] == S and result["kinds"] == ["naval"]
    assert s.going_home[slot(ATHENIAN, NAVAL)] == 1  # 3 - 2 lost
    assert s.going_home[slot(ATHENIAN, HOPLITE)] == 1  # Megara is an enemy space
    assert s.naval_lost == [2, 0]
    assert s.sci == [-1, 1]


def test_5_2_3_combined_battle_scores_the_land_battle_only() -> None:
    s = state()
    put(s, "corinth", ATHENIAN, NAVAL, 2)
    put(s, "corinth", ATHENIAN, HOPLITE, 5)
    put(s, "corinth", SPARTAN_ALLIED, NAVAL, 2)
    put(s, "corinth", SPARTAN_ALLIED, HOPLITE, 5)
    script_dice(s, [1, 6, 6, 1])  # Sparta wins at sea, Athens on land
    result = combat.resolve_battle(s, "5.2", sp("corinth"), sp("corinth"))
    assert result["kinds"] == ["naval"]  # the Athenian land SPs went home with the fleet (enemy space)
    s2 = state()
    put(s2, "megara", ATHENIAN, NAVAL, 2)
    put(s2, "megara", ATHENIAN, HOPLITE, 5)
    put(s2, "megara", SPARTAN_ALLIED, NAVAL, 2)
    put(s2, "megara", SPARTAN_ALLIED, HOPLITE, 5)
    s2.control[sp("megara")] = A
    s2.colour[sp("megara")] = A  # an Athenian space for this test: its land SPs stay after the sea fight
    script_dice(s2, [1, 6, 6, 1])
    s2.phase = PH_COMBAT
    result2 = combat.resolve_battle(s2, "5.2", sp("megara"), sp("megara"))
    assert result2["kinds"] == ["naval", "land"] and result2["winner"] == A
    assert s2.sci == [1, -1]  # the land battle's result only
    assert logged(s2, "5.2.3 Combined battle")


def test_5_2_4_no_battle_sends_the_ships_home() -> None:
    s = state()
    put(s, "megara", ATHENIAN, NAVAL, 2)
    put(s, "megara", SPARTAN_ALLIED, HOPLITE, 2)
    result = combat.resolve_battle(s, "5.2", sp("megara"), sp("megara"))
    assert result["kinds"] == [] and result["winner"] == -1
    assert s.going_home[slot(ATHENIAN, NAVAL)] == 2
    assert count(s, "megara", SPARTAN_ALLIED, HOPLITE) == 2


def test_5_2_4_rulings_p103_no_battle_after_an_interception_moves_on() -> None:
    s = state()
    put(s, "megara", ATHENIAN, NAVAL, 2)
    put(s, "megara", SPARTAN_ALLIED, HOPLITE, 2)
    army = [0] * 12
    army[slot(ATHENIAN, NAVAL)] = 2
    result = combat.resolve_battle(s, "4.7", sp("megara"), sp("megara"), army)
    assert result["kinds"] == [] and count(s, "megara", ATHENIAN, NAVAL) == 2
    assert s.going_home == [0] * 12


def test_5_3_1_no_battle_in_piraeus_sends_the_land_sps_home() -> None:
    s = state()
    put(s, "piraeus", ATHENIAN, NAVAL, 2)
    put(s, "piraeus", SPARTAN, HOPLITE, 2)
    combat.resolve_battle(s, "5.2", sp("piraeus"), sp("piraeus"))
    assert s.going_home[slot(SPARTAN, HOPLITE)] == 2
    assert count(s, "piraeus", ATHENIAN, NAVAL) == 2


def test_5_3_1_athenians_may_decline_and_pick_a_defending_leader() -> None:
    s = state()
    put(s, "athens", ATHENIAN, HOPLITE, 5)
    put(s, "athens", SPARTAN, HOPLITE, 2)
    run(s, ["cb_battles", combat.CAT_HOME])
    legal = rules.legal(s, A)
    assert "defend pericles" in legal and legal[-2:] == ["fight", "decline"]
    rules.apply(s, A, "decline")
    assert s.going_home[slot(SPARTAN, HOPLITE)] == 2  # RULINGS P97
    assert count(s, "athens", ATHENIAN, HOPLITE) == 5
    s2 = state()
    put(s2, "athens", ATHENIAN, HOPLITE, 5)
    put(s2, "athens", SPARTAN, HOPLITE, 2)
    run(s2, ["cb_battles", combat.CAT_HOME])
    script_dice(s2, [3, 3])
    rules.apply(s2, A, "defend pericles")
    assert logged(s2, "Pericles conducts the defence of Athens")
    assert logged(s2, "Athens rolls 3 +1 leader +3 more hoplites = 7")


def test_5_3_1_matrix_athenians_fight_with_their_best_tactician() -> None:
    s = state("solitaire")
    s.player = SPARTA
    put(s, "athens", ATHENIAN, HOPLITE, 5)
    put(s, "athens", SPARTAN, HOPLITE, 2)
    script_dice(s, [1, 1])
    run(s, ["cb_battles", combat.CAT_HOME])
    assert s.pending is None
    assert logged(s, "conducts the defence of Athens")


def test_5_2_1_battle_in_sparta_draws_a_spartan_leader_and_adds_2() -> None:
    s = state()
    put(s, "sparta", ATHENIAN, HOPLITE, 3)
    put(s, "sparta", SPARTAN_ALLIED, HOPLITE, 3)
    script_dice(s, [4, 2])
    combat.resolve_battle(s, "5.2", sp("sparta"), sp("sparta"))
    assert any(s.leader_at[ld] == sp("sparta") or s.leader_at[ld] == LD_OUT for ld in s.leaders_of(S))
    assert logged(s, "+2 battle in Sparta")


def test_5_7_leader_out_when_his_army_is_gone_and_killed_under_leader_deaths() -> None:
    s = state()
    put(s, "plataea", ATHENIAN, HOPLITE, 6)
    put(s, "plataea", SPARTAN_ALLIED, HOPLITE, 2)
    ld = lead(s, "brasidas", "plataea")
    script_dice(s, [6, 1])
    combat.resolve_battle(s, "5.2", sp("plataea"), sp("plataea"))
    assert s.leader_at[ld] == LD_OUT
    s2 = state()
    s2.leader_deaths = True
    put(s2, "plataea", ATHENIAN, HOPLITE, 6)
    put(s2, "plataea", SPARTAN_ALLIED, HOPLITE, 2)
    ld2 = lead(s2, "brasidas", "plataea")
    script_dice(s2, [6, 1])
    combat.resolve_battle(s2, "5.2", sp("plataea"), sp("plataea"))
    assert s2.leader_at[ld2] == LD_DEAD


def test_4_6_battle_of_a_moving_army_only_with_its_own_sps() -> None:
    s = state()
    put(s, "plataea", SPARTAN_ALLIED, HOPLITE, 3)  # 1 was there before; 2 arrive with the army
    put(s, "megara", ATHENIAN, CAVALRY, 1)
    army = [0] * 12
    army[slot(SPARTAN_ALLIED, HOPLITE)] = 2
    script_dice(s, [6, 1])
    result = combat.resolve_battle(s, "4.6", sp("megara"), sp("plataea"), army)
    assert result["winner"] == A
    # Athens 6 + 1 cavalry; Sparta 1 + 2 more hoplites = 3: lost min(4, 0 hoplites) -> at least 1
    assert count(s, "plataea", SPARTAN_ALLIED, HOPLITE) == 1  # the one already there stays
    assert s.going_home[slot(SPARTAN_ALLIED, HOPLITE)] == 1


# =============================================================================== 5.3
def _siege(s: PWState, space: str, side: int) -> None:
    s.siege[sp(space)] = True
    s.combat = {"fought": [], "category": 0, "besiegers": {str(sp(space)): side}}


def test_5_3_successful_siege() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 5)
    put(s, "plataea", ATHENIAN_ALLIED, HOPLITE, 1)
    lead(s, "brasidas", "plataea")
    _siege(s, "plataea", S)
    s.treasury = [0, 1000]
    assert COMP.leader("brasidas").tactical == 1
    script_dice(s, [3])  # 3 + 1 = 4: success
    run(s, ["cb_sieges"])
    assert count(s, "plataea", ATHENIAN_ALLIED, HOPLITE) == 0
    assert s.treasury[S] == 1300 and s.sci == [-1, 1] and s.ravaged[sp("plataea")]
    assert s.vp == [-15, 10]
    assert not s.siege[sp("plataea")] and logged(s, "rolls 3 + 1 (Brasidas) = 4: success")


def test_5_3_failed_siege_sends_the_army_home_and_ravages() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 5)
    put(s, "plataea", ATHENIAN_ALLIED, HOPLITE, 1)
    lead(s, "archidamus", "plataea")
    _siege(s, "plataea", S)
    script_dice(s, [1])
    run(s, ["cb_sieges"])
    assert s.going_home[slot(SPARTAN, HOPLITE)] == 5
    assert s.sci == [0, -1] and s.ravaged[sp("plataea")] and not s.siege[sp("plataea")]
    assert count(s, "plataea", ATHENIAN_ALLIED, HOPLITE) == 1


def test_5_3_besieged_with_more_ships_fails_without_a_roll() -> None:
    s = state()
    put(s, "potidaea", ATHENIAN, HOPLITE, 5)
    put(s, "potidaea", SPARTAN_ALLIED, NAVAL, 1)
    lead(s, "phormio", "potidaea")
    _siege(s, "potidaea", A)
    draws = s.rng.draws
    run(s, ["cb_sieges"])
    assert s.rng.draws == draws
    assert s.going_home[slot(ATHENIAN, HOPLITE)] == 5


def test_5_3_exception_no_sci_loss_for_a_fortress_in_rebellion() -> None:
    """10.1.4, RULINGS P14: Potidaea in rebellion, besieged by Phormio's army."""
    s = state()
    put(s, "potidaea", ATHENIAN, HOPLITE, 2)
    put(s, "potidaea", ATHENIAN, NAVAL, 3)
    put(s, "potidaea", ATHENIAN_ALLIED, CAVALRY, 1)
    put(s, "potidaea", SPARTAN_ALLIED, HOPLITE, 1)
    s.rebellion[sp("potidaea")] = S
    lead(s, "phormio", "potidaea")
    s.siege[sp("potidaea")] = True  # the set-up's marker: no record of who placed it
    s.recontrol()
    script_dice(s, [4])
    run(s, ["cb_sieges"])
    assert count(s, "potidaea", SPARTAN_ALLIED, HOPLITE) == 0
    assert s.sci == [1, 0]
    assert logged(s, "in rebellion: no SCI loss")


def test_5_3_1_euxine_trace_fails_the_siege_of_athens() -> None:
    s = state()
    put(s, "athens", SPARTAN, HOPLITE, 6)
    put(s, "athens", ATHENIAN, HOPLITE, 3)
    lead(s, "archidamus", "athens")
    _siege(s, "athens", S)
    s.recontrol()
    assert combat.euxine_trace(s)
    draws = s.rng.draws
    run(s, ["cb_sieges"])
    assert s.rng.draws == draws and logged(s, "to the Euxine (5.3.1)")
    assert s.going_home[slot(SPARTAN, HOPLITE)] == 6


def test_5_3_1_no_euxine_trace_when_the_route_is_spartan() -> None:
    s = state()
    for space in ("byzantium",):
        put(s, space, SPARTAN_ALLIED, NAVAL, 1)
        s.rebellion[sp(space)] = S
    s.recontrol()
    assert not combat.euxine_trace(s)


def test_5_3_2_syracuse_siege_minus_2() -> None:
    s = state()
    put(s, "syracuse", ATHENIAN, HOPLITE, 4)
    lead(s, "nicias", "syracuse")
    _siege(s, "syracuse", A)
    assert COMP.leader("nicias").tactical == 1
    script_dice(s, [4])  # 4 + 1 - 2 = 3: a failure at Syracuse
    run(s, ["cb_sieges"])
    assert logged(s, "- 2 (Syracuse, 5.3.2)")
    assert s.going_home[slot(ATHENIAN, HOPLITE)] == 4


def test_5_1_rulings_p102_a_set_up_marker_without_its_army_becomes_a_battle() -> None:
    s = state()
    put(s, "potidaea", ATHENIAN, HOPLITE, 2)  # Phormio has gone: a Force, no Army
    put(s, "potidaea", SPARTAN_ALLIED, HOPLITE, 1)
    s.rebellion[sp("potidaea")] = S
    s.siege[sp("potidaea")] = True
    script_dice(s, [6, 1])
    run(s, ["cb_siege_determination"], ["cb_battles", combat.CAT_HOME])
    assert not s.siege[sp("potidaea")]
    assert logged(s, "5.2.1 land battle at Potidaea")


def test_5_3_rulings_p102_besiegers_without_their_leader_go_home() -> None:
    s = state()
    put(s, "potidaea", ATHENIAN, HOPLITE, 2)
    put(s, "potidaea", SPARTAN_ALLIED, HOPLITE, 1)
    s.rebellion[sp("potidaea")] = S
    _siege(s, "potidaea", A)
    run(s, ["cb_sieges"])
    assert not s.siege[sp("potidaea")] and s.going_home[slot(ATHENIAN, HOPLITE)] == 2


def test_5_3_marker_removed_when_no_besieging_army_is_left() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 5)
    _siege(s, "plataea", S)  # no leader: no Army
    run(s, ["cb_sieges"])
    assert not s.siege[sp("plataea")] and not s.ravaged[sp("plataea")]


# =============================================================================== 5.4, 5.8, 5.9
def test_5_4_army_stays_on_6_and_leaves_1_sp_otherwise() -> None:
    s = state()
    put(s, "megara", SPARTAN, HOPLITE, 3)
    put(s, "megara", SPARTAN_ALLIED, HOPLITE, 2)
    ld = lead(s, "archidamus", "megara")
    assert COMP.leader("archidamus").strategic == 0
    script_dice(s, [5])  # 5 + 0: below 6
    run(s, ["cb_going_home"])
    assert count(s, "megara", SPARTAN, HOPLITE) == 1  # 5.4 NOTE: a Spartan hoplite stays
    assert count(s, "megara", SPARTAN_ALLIED, HOPLITE) == 0
    assert count(s, "sparta", SPARTAN, HOPLITE) == 2
    assert count(s, "corinth", SPARTAN_ALLIED, HOPLITE) + count(s, "thebes", SPARTAN_ALLIED, HOPLITE) == 2
    assert s.leader_at[ld] == LD_OUT and s.going_home == [0] * 12
    s2 = state()
    put(s2, "megara", SPARTAN, HOPLITE, 3)
    lead(s2, "archidamus", "megara")
    script_dice(s2, [6])
    run(s2, ["cb_going_home"])
    assert count(s2, "megara", SPARTAN, HOPLITE) == 3


def test_rulings_p101_the_home_guard_stays_in_sparta_when_the_army_goes_home() -> None:
    s = state()
    put(s, "sparta", SPARTAN, HOPLITE, 10)
    s.home_guard = 3
    lead(s, "archidamus", "sparta")
    script_dice(s, [1])
    run(s, ["cb_going_home"])
    assert count(s, "sparta", SPARTAN, HOPLITE) == 10 and s.home_guard == 3
    assert logged(s, "7 Spartan Hoplite at Sparta to the Going Home Box")


def test_5_8_example_syracuse_has_its_two_allied_hoplites_already() -> None:
    """5.8 Example: two Spartan Allied Hoplite SPs are in Syracuse before post-combat movement, so
    none is sent there; Corinth and Thebes each receive 50% of the rest."""
    s = state()
    syracuse = COMP.power("syracuse")
    s.power_status[syracuse.index] = S
    put(s, "syracuse", SPARTAN_ALLIED, HOPLITE, 2)
    s.going_home[slot(SPARTAN_ALLIED, HOPLITE)] = 4
    s.recontrol()
    combat.send_home(s, "5.4")
    assert count(s, "syracuse", SPARTAN_ALLIED, HOPLITE) == 2
    assert count(s, "corinth", SPARTAN_ALLIED, HOPLITE) == 2
    assert count(s, "thebes", SPARTAN_ALLIED, HOPLITE) == 2


def test_5_8_active_neutral_has_first_call() -> None:
    s = state()
    s.power_status[COMP.power("syracuse").index] = S
    s.going_home[slot(SPARTAN_ALLIED, HOPLITE)] = 3
    s.recontrol()
    script_dice(s, [1])
    combat.send_home(s, "5.4")
    assert count(s, "syracuse", SPARTAN_ALLIED, HOPLITE) == 2
    assert count(s, "corinth", SPARTAN_ALLIED, HOPLITE) + count(s, "thebes", SPARTAN_ALLIED, HOPLITE) == 1


def test_5_9_chios_lost_sends_athenian_allies_to_samos() -> None:
    s = state()
    s.rebellion[sp("chios")] = S
    put(s, "corcyra", SPARTAN_ALLIED, HOPLITE, 1)  # Corcyra enemy-held: Chios' step partner is closed too
    s.going_home[slot(ATHENIAN_ALLIED, NAVAL)] = 2
    s.recontrol()
    combat.send_home(s, "5.4")
    assert count(s, "samos", ATHENIAN_ALLIED, NAVAL) == 2
    assert count(s, "chios", ATHENIAN_ALLIED, NAVAL) == 0


def test_5_9_chios_friendly_again_its_allies_return_from_samos() -> None:
    s = state()
    put(s, "samos", ATHENIAN_ALLIED, NAVAL, 2)
    put(s, "samos", ATHENIAN, NAVAL, 1)
    combat.chios_returns(s)
    assert count(s, "chios", ATHENIAN_ALLIED, NAVAL) == 2 and count(s, "samos", ATHENIAN, NAVAL) == 1
    s2 = state()
    s2.rebellion[sp("chios")] = S
    s2.recontrol()
    put(s2, "samos", ATHENIAN_ALLIED, NAVAL, 2)
    combat.chios_returns(s2)
    assert count(s2, "samos", ATHENIAN_ALLIED, NAVAL) == 2  # Chios still in rebellion


def test_10_4_3_larisa_is_sent_to_athens_instead() -> None:
    s = state()
    s.scenario = "fall-of-athens"
    s.going_home[slot(ATHENIAN_ALLIED, CAVALRY)] = 2
    combat.send_home(s, "5.4")
    assert count(s, "athens", ATHENIAN_ALLIED, CAVALRY) == 2
    assert count(s, "larisa", ATHENIAN_ALLIED, CAVALRY) == 0


def test_post_combat_movement_without_a_friendly_space_eliminates() -> None:
    s = state()
    put(s, "piraeus", SPARTAN, HOPLITE, 1)
    s.recontrol()
    s.going_home[slot(ATHENIAN, NAVAL)] = 2
    combat.send_home(s, "5.4")
    assert s.naval_lost == [2, 0] and s.going_home == [0] * 12


# =============================================================================== 5.5, the phase
def test_5_5_the_whole_phase_ends_clean() -> None:
    s = state()
    put(s, "plataea", SPARTAN, HOPLITE, 5)
    put(s, "plataea", ATHENIAN_ALLIED, HOPLITE, 1)
    lead(s, "archidamus", "plataea")
    put(s, "megara", ATHENIAN, HOPLITE, 2)
    put(s, "megara", SPARTAN_ALLIED, HOPLITE, 1)
    lead(s, "pericles", "megara")
    script_dice(s, [6, 1, 6, 6, 6])
    run(s, ["combat"])
    assert s.pending is None and not s.tasks
    assert not any(s.siege) and s.going_home == [0] * 12
    assert all(at < 0 for at in s.leader_at)
    assert all(s.occupant(i) != 2 for i in range(len(COMP.spaces)))
    assert s.combat is None
    assert logged(s, "5.1 Siege marker at Plataea")


def test_rulings_p14_the_first_combat_phase_resolves_the_siege_of_potidaea() -> None:
    """10.1.1, 10.1.4: Phormio's army besieges Potidaea (in rebellion) from the start."""
    from polemos.games.peloponnesian_war.setup import setup

    s = state()
    setup(s, "peloponnesian-war")
    s.recontrol()
    assert s.siege[sp("potidaea")]
    assert combat.besieger(s, sp("potidaea")) == A
    run(s, ["combat"])
    assert not s.siege[sp("potidaea")] and s.ravaged[sp("potidaea")]
    assert logged(s, "5.3 Siege of Potidaea: Athens rolls")
    assert s.pending is None and not s.tasks and s.going_home == [0] * 12
    assert all(at < 0 for at in s.leader_at)


def test_5_0_segments_run_in_order_and_are_discrete() -> None:
    s = state()
    arrive(s, "plataea", SPARTAN, HOPLITE, 5)
    lead(s, "archidamus", "plataea")
    put(s, "megara", ATHENIAN, HOPLITE, 2)
    put(s, "megara", SPARTAN_ALLIED, HOPLITE, 1)
    script_dice(s, [6, 1, 1, 1])
    run(s, ["combat"])
    rules_in_order = [line.split(" ")[0] for _, line in s.log]
    first = {rule: rules_in_order.index(rule) for rule in ("5.1", "5.2.1", "5.3", "5.4")}
    assert first["5.1"] < first["5.2.1"] < first["5.3"] < first["5.4"]


def test_combat_view_and_labels_name_spaces_and_rules() -> None:
    s = state()
    put(s, "athens", ATHENIAN, HOPLITE, 5)
    put(s, "athens", SPARTAN, HOPLITE, 2)
    put(s, "plataea", SPARTAN, HOPLITE, 1)
    lead(s, "archidamus", "plataea")
    _siege(s, "plataea", S)
    run(s, ["cb_battles", combat.CAT_HOME])
    view = combat.combat_view(s)
    assert view is not None
    assert view["sieges"] == [{"space": "plataea", "besieger": "sparta"}]
    assert view["battles"] == [{"athens": "athens", "sparta": "athens"}]
    labels = [combat.action_label(s, a) for a in rules.legal(s, A)]
    assert "Fight, with Pericles conducting the defence (5.3.1)" in labels
    assert labels[-1] == "Decline combat (5.3.1)"


def test_athens_defence_rejects_an_unlisted_action() -> None:
    s = state()
    put(s, "athens", ATHENIAN, HOPLITE, 5)
    put(s, "athens", SPARTAN, HOPLITE, 2)
    run(s, ["cb_battles", combat.CAT_HOME])
    before = (s.sp[sp("athens")][:], dict(s.pending or {}), len(s.log))
    with pytest.raises(ValueError):
        combat.apply_athens_defence(s, A, "surrender")
    assert (s.sp[sp("athens")], s.pending, len(s.log)) == before


def test_leaders_available_untouched_by_other_battles() -> None:
    s = state()
    put(s, "plataea", ATHENIAN, HOPLITE, 3)
    put(s, "plataea", SPARTAN_ALLIED, HOPLITE, 3)
    script_dice(s, [3, 3])
    combat.resolve_battle(s, "5.2", sp("plataea"), sp("plataea"))
    assert all(s.leader_at[ld] == LD_AVAILABLE for ld in range(len(COMP.leaders)))


# =============================================================================== RULINGS P96 (4.0, 5.2, 5.3)
def _two_battles(mode: str = "two-player") -> PWState:
    s = state(mode)
    for where in ("megara", "plataea"):  # two battles of category 3 (other spaces)
        put(s, where, ATHENIAN, HOPLITE, 3)
        put(s, where, SPARTAN, HOPLITE, 3)
    return s


def test_P96_4_0_a_high_die_roll_decides_who_chooses_the_first_battle_then_the_sides_alternate() -> None:
    s = _two_battles()
    script_dice(s, [2, 5])  # Athens 2, Sparta 5: Sparta decides first
    run(s, ["cb_battles", 3])
    assert s.pending is not None and s.pending["kind"] == "cb_order" and s.pending["side"] == S
    assert s.legal_actions("sparta") == ["battle megara", "battle plataea"]
    assert logged(s, "4.0 Athens rolls 2, Sparta 5: Sparta decides first which battle")
    script_dice(s, [6, 1])  # the battle at Plataea: Athens wins
    s.apply("sparta", "battle plataea")
    assert logged(s, "4.0 Sparta chooses the next battle: Plataea (RULINGS P96)")
    # one battle is left: nothing to choose, it is resolved without asking
    assert s.pending is None
    assert s.combat is not None and s.combat["fought"] == [combat.battle_key(sp("plataea"), sp("plataea")),
                                                           combat.battle_key(sp("megara"), sp("megara"))]
    assert sum(1 for _, line in s.log if "chooses the next battle" in line) == 1


def test_P96_4_0_ties_are_rolled_again_and_the_matrix_side_chooses_at_random() -> None:
    s = _two_battles("solitaire")  # the player commands Athens; Sparta is the matrix side
    s.player = A
    script_dice(s, [3, 3, 1, 4])  # a tie, then Sparta decides first
    script_dice(s, [1])  # its choice among the two battles (1.1.3)
    run(s, ["cb_battles", 3])
    assert logged(s, "Athens rolls 3, Sparta 3: a tie, rolled again.")
    assert logged(s, "(the matrix side chooses at random, 5.2; RULINGS P96)")


def test_P96_5_3_sieges_of_a_category_are_chosen_in_turn() -> None:
    s = state()
    for where in ("megara", "plataea"):
        put(s, where, SPARTAN, HOPLITE, 5)
        lead(s, "archidamus" if where == "megara" else "brasidas", where)
        s.siege[sp(where)] = True
        s.touch(sp(where))
    script_dice(s, [6, 1])  # Athens decides first
    run(s, ["cb_sieges"])
    assert s.pending is not None and s.pending["kind"] == "cb_order" and s.pending["side"] == A
    options = s.legal_actions("athens")
    assert sorted(options) == ["siege megara", "siege plataea"]
    script_dice(s, [1, 1])  # both sieges fail
    s.apply("athens", "siege megara")
    assert logged(s, "4.0 Athens chooses the next siege: Megara (RULINGS P96)")
    assert not any(s.siege)
