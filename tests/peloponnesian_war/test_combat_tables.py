"""The arithmetic of combat (5.2-5.4, 5.6, 1.3 ZOI) on its own: forces, leaders and dice in,
results out. Test names cite the rule; the dice are given, not rolled."""

from __future__ import annotations

import pytest

from polemos.games.peloponnesian_war import combat_tables as ct
from polemos.games.peloponnesian_war.combat_tables import EMPTY, Combatant, Sps, slot
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    COASTAL,
    HOPLITE,
    ISLAND,
    LAND,
    NAVAL,
    NO,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)


def sps(**kw: int) -> Sps:
    """sps(ah=2, sac=1): a = Athenian, aa = Athenian Allied, s = Spartan, sa = Spartan Allied;
    h / c / n = Hoplite / Cavalry / Naval."""
    nats = {"a": ATHENIAN, "aa": ATHENIAN_ALLIED, "s": SPARTAN, "sa": SPARTAN_ALLIED}
    types = {"h": HOPLITE, "c": CAVALRY, "n": NAVAL}
    out = [0] * 12
    for key, v in kw.items():
        out[slot(nats[key[:-1]], types[key[-1]])] = v
    return tuple(out)


A, S = ATHENS, SPARTA


# ------------------------------------------------------------------------------- 5.2.1 land battle
def test_5_2_1_modifiers_leader_cavalry_hoplites_spartans() -> None:
    ath = Combatant(A, sps(ah=4, ac=2), tactical=1)
    spa = Combatant(S, sps(sh=6), tactical=0)
    r = ct.land_battle(ath, spa, (3, 3))
    # Athens: 3 + 1 leader + 1 more cavalry = 5; Sparta: 3 + 2 more hoplites + 2 Spartan hoplites = 7
    assert r.modified == (5, 7)
    assert r.winner == S
    assert "+2 at least 50% Spartan hoplites" in r.reasons[S]
    # loss: min(difference 2, winner's hoplites 6) = 2, less the loser's 2 excess cavalry = 0 -> at least 1
    assert ct.total(r.losses[A]) == 1 and r.losses[S] == EMPTY


def test_5_2_1_loss_is_difference_capped_by_winners_hoplites() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=1, ac=3)), Combatant(S, sps(sah=2)), (6, 1))
    # Athens 6 + 1 cavalry = 7; Sparta 1 + 1 more hoplites = 2; difference 5, Athens has 1 hoplite
    assert r.winner == A and ct.total(r.losses[S]) == 1


def test_5_2_1_poorest_tactical_rating_and_0_beats_no_leader() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=2), tactical=0), Combatant(S, sps(sah=2)), (4, 4))
    assert r.modified == (4, 4) and r.winner == A  # the tie goes to the leader rated 0 over no leader


def test_5_2_1_draw_both_lose_one_and_all_go_home() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=3), tactical=1), Combatant(S, sps(sah=3), tactical=1), (2, 2))
    assert r.winner == NO
    assert ct.total(r.losses[A]) == 1 and ct.total(r.losses[S]) == 1


def test_5_2_1_draw_with_one_sp_each_loses_none() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=1)), Combatant(S, sps(sah=1)), (5, 5))
    assert r.winner == NO and r.losses == (EMPTY, EMPTY)


def test_5_2_1_draw_with_one_side_at_one_sp_eliminates_it_rulings_p91() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=1)), Combatant(S, sps(sah=2)), (5, 4))
    assert r.winner == NO  # 5 vs 4 + 1 more hoplites
    assert r.losses[A] == sps(ah=1) and ct.total(r.losses[S]) == 1


def test_5_2_1_battle_in_sparta_adds_2() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=3)), Combatant(S, sps(sah=3)), (4, 3), in_sparta=True)
    assert r.modified == (4, 5) and r.winner == S


def test_5_2_1_losses_allies_before_citizens_hoplites_before_cavalry_rulings_p90() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=6)), Combatant(S, sps(sh=1, sah=1, sac=1, sc=1)), (6, 1))
    # Athens 6 + 4 more hoplites = 10; Sparta 1; difference 9 capped by 6 hoplites
    assert r.losses[S] == sps(sh=1, sah=1, sac=1, sc=1)
    r2 = ct.land_battle(Combatant(A, sps(ah=6)), Combatant(S, sps(sh=2, sah=2)), (5, 3))
    # Athens 5 + 2 more hoplites = 7, Sparta 3 + 2 (Spartans are 50%) = 5: 2 lost, the allies first
    assert r2.losses[S] == sps(sah=2)


# ------------------------------------------------------------------------------- 5.2.2 naval battle
def test_5_2_2_modifiers_more_ships_and_athenian_navy() -> None:
    r = ct.naval_battle(Combatant(A, sps(an=3, aan=1)), Combatant(S, sps(san=5), tactical=2), (2, 2))
    # Athens 2 + 2 (3 of 4 Athenian) = 4; Sparta 2 + 2 leader + 1 more ships = 5
    assert r.modified == (4, 5) and r.winner == S
    assert r.losses[A] == sps(aan=1)  # difference 1, allies first


def test_5_2_2_tie_won_on_rating_costs_no_sp_rulings_p93() -> None:
    r = ct.naval_battle(Combatant(A, sps(an=2), tactical=1), Combatant(S, sps(san=4)), (1, 2))
    # Athens 1 + 1 + 2 = 4; Sparta 2 + 2 more = 4; Athens wins on its leader
    assert r.winner == A and r.losses == (EMPTY, EMPTY)


def test_5_2_2_loss_is_difference_capped_by_winners_naval_sps() -> None:
    r = ct.naval_battle(Combatant(A, sps(an=2)), Combatant(S, sps(san=4)), (6, 1))
    # Athens 6 + 2 (all Athenian) = 8; Sparta 1 + 2 more ships = 3; difference 5, Athens has 2 naval SPs
    assert r.modified == (8, 3) and r.winner == A
    assert r.losses == (EMPTY, sps(san=2))


def test_5_2_2_draw_losses() -> None:
    r = ct.naval_battle(Combatant(A, sps(aan=2)), Combatant(S, sps(san=2)), (4, 4))
    assert r.winner == NO and r.losses == (sps(aan=1), sps(san=1))


def test_battle_needs_both_sides() -> None:
    with pytest.raises(ValueError):
        ct.land_battle(Combatant(A, sps(ah=1)), Combatant(A, sps(ah=1)), (1, 1))


# ------------------------------------------------------------------------------- 5.6 hostages
def test_5_6_example_athens_wins_and_a_spartan_hoplite_is_lost() -> None:
    """5.6 Example: Athens wins a land battle in which Spartan Hoplite SPs are lost: hostages."""
    r = ct.land_battle(Combatant(A, sps(ah=6)), Combatant(S, sps(sh=2)), (6, 1))
    assert r.winner == A and r.losses[S][slot(SPARTAN, HOPLITE)] > 0
    assert ct.hostages_taken(r)


def test_5_6_no_hostages_when_only_allies_are_lost() -> None:
    r = ct.land_battle(Combatant(A, sps(ah=6)), Combatant(S, sps(sh=1, sah=3)), (6, 6))
    assert r.winner == A and r.losses[S][slot(SPARTAN, HOPLITE)] == 0
    assert not ct.hostages_taken(r)
    naval = ct.naval_battle(Combatant(A, sps(an=6)), Combatant(S, sps(san=1)), (6, 1))
    assert not ct.hostages_taken(naval)  # only in a Land Battle


# ------------------------------------------------------------------------------- 5.1, 5.3, 5.3.1, 5.3.2
def test_5_1_condition_1_empty_fortress_and_condition_2_weaker_force() -> None:
    assert ct.siege_condition(sps(sh=1), EMPTY, defenders_army=False)
    assert ct.siege_condition(sps(sh=5), sps(ah=1), defenders_army=False)  # 4 weaker
    assert not ct.siege_condition(sps(sh=4), sps(ah=1), defenders_army=False)  # only 3 weaker
    assert not ct.siege_condition(sps(sh=9), sps(ah=1), defenders_army=True)  # an Army is no Force


def test_5_3_1_long_walls_siege_unless_three_more_land_sps() -> None:
    assert ct.long_walls_siege(sps(sh=4), sps(ah=6))
    assert not ct.long_walls_siege(sps(sh=3), sps(ah=6))
    assert ct.long_walls_siege(sps(sh=3), sps(ah=5, an=8))  # ships do not count


def test_5_3_besieged_with_more_ships_fails_automatically() -> None:
    assert ct.siege_fails_on_ships(sps(an=3), sps(sh=4, san=2))
    assert not ct.siege_fails_on_ships(sps(an=2), sps(sh=4, san=2))


def test_5_3_siege_roll_and_5_3_2_syracuse() -> None:
    assert ct.siege_succeeds(3, 1) == (True, 4)
    assert ct.siege_succeeds(3, 0) == (False, 3)
    assert ct.siege_succeeds(5, 0, syracuse=True) == (False, 3)
    assert ct.siege_succeeds(6, 0, syracuse=True) == (True, 4)
    assert ct.siege_succeeds(4, NO) == (True, 4)  # no leader adds nothing


# ------------------------------------------------------------------------------- 5.4
def test_5_4_army_stays_on_6_or_more_with_strategy_rating() -> None:
    assert ct.army_stays(6, 0) and ct.army_stays(5, 1) and not ct.army_stays(4, 1)


def test_5_4_note_sp_left_behind() -> None:
    f = sps(aah=1, ah=1, ac=1, an=1)
    assert ct.sp_left_behind(LAND, f, A) == slot(ATHENIAN, HOPLITE)
    assert ct.sp_left_behind(COASTAL, sps(aac=1, an=2), A) == slot(ATHENIAN_ALLIED, CAVALRY)
    assert ct.sp_left_behind(ISLAND, f, A) == slot(ATHENIAN, NAVAL)
    assert ct.sp_left_behind(ISLAND, sps(sah=1, sac=1), S) == slot(SPARTAN_ALLIED, HOPLITE)
    assert ct.sp_left_behind(LAND, EMPTY, S) == NO


# ------------------------------------------------------------------------------- 1.3 ZOI
def test_1_3_zoi_by_composition() -> None:
    comp = load_components()
    i = comp.space_index
    megara = i["megara"]
    hop = ct.zoi(comp, megara, S, sps(sh=2), combat_phase=False)
    assert hop.all == {megara}
    cav = ct.zoi(comp, megara, S, sps(sac=1), combat_phase=False)
    # 1 Land or Combined LOC: Plataea, Corinth, Cenchreae (combined); not Piraeus (naval) nor Athens (5.3.1)
    assert cav.land == {megara, i["plataea"], i["corinth"], i["cenchreae"]}
    nav = ct.zoi(comp, megara, A, sps(an=1), combat_phase=False)
    assert i["piraeus"] in nav.naval and i["cenchreae"] in nav.naval
    assert i["plataea"] not in nav.all  # a Land LOC carries no naval ZOI
    assert i["aegina"] in nav.naval  # two Naval/Combined LOCs: Megara-Piraeus-Aegina


def test_4_1_2_naval_zoi_never_along_the_isthmus() -> None:
    comp = load_components()
    i = comp.space_index
    z = ct.zoi(comp, i["corinth"], S, sps(san=1), combat_phase=False)
    assert i["cenchreae"] not in z.naval
    cav = ct.zoi(comp, i["corinth"], S, sps(sac=1), combat_phase=False)
    assert i["cenchreae"] in cav.land  # cavalry crosses the isthmus by its Combined LOC


def test_5_3_1_no_enemy_zoi_into_athens_or_piraeus() -> None:
    comp = load_components()
    i = comp.space_index
    z = ct.zoi(comp, i["megara"], S, sps(san=2, sac=1), combat_phase=False)
    assert i["athens"] not in z.all and i["piraeus"] not in z.all
    own = ct.zoi(comp, i["piraeus"], S, sps(san=2), combat_phase=False)
    assert i["piraeus"] in own.naval  # its own space


def test_5_3_1_athenian_cavalry_zoi_stays_in_athens_in_the_combat_phase() -> None:
    comp = load_components()
    i = comp.space_index
    ops = ct.zoi(comp, i["athens"], A, sps(ac=1), combat_phase=False)
    assert i["decelea"] in ops.land
    combat = ct.zoi(comp, i["athens"], A, sps(ac=1), combat_phase=True)
    assert combat.land == {i["athens"]}


def test_rulings_p62_no_zoi_along_the_cape_taenarum_route() -> None:
    comp = load_components()
    i = comp.space_index
    z = ct.zoi(comp, i["cape_taenarum"], S, sps(san=3), combat_phase=False)
    assert i["syracuse"] not in z.naval
