"""DESIGN 4 (campaigns), 5.1 (stacking), 7 (movement, forts, ports), 8 (combat), 9 (sieges), 10 (revolts), 16.6."""

from __future__ import annotations

from polemos.core.rng import script_dice
from polemos.games.sparta_vs_athens import campaign
from polemos.games.sparta_vs_athens.model import ATHENS, NO, SPARTA
from polemos.games.sparta_vs_athens.state import DEAD, OFF, SUMMER, WINTER
from polemos.games.sparta_vs_athens.state import SVAState as S
from tests.sparta_vs_athens.engine import clear, loc, new, place, run


def _campaign(side: int, quarter: int = SUMMER) -> S:
    s = new()
    clear(s)
    s.quarter = quarter
    s.first = side
    s.event = ""
    return s


def _leader(s: S, leader_id: str, locale_id: str) -> None:
    s.leader_at[s.comp.leader_index[leader_id]] = loc(s, locale_id)


def _start(s: S, side: int) -> None:
    run(s, ["campaign", side])


# ---------------------------------------------------------------- 4.1 activation, 5.1 stacking
def test_2_4_design_4_1_only_units_with_a_leader_campaign_and_one_leaderless_stack_moves_one_path() -> None:
    s = _campaign(SPARTA)
    place(s, "perioikoi", "sparta", SPARTA)
    place(s, "corinthian-hoplites", "corinth", SPARTA)
    _leader(s, "brasidas", "sparta")
    _start(s, SPARTA)
    legal = s.legal_actions("sparta")
    assert "activate brasidas" in legal and "lesser corinth" in legal and "end" in legal
    s.apply("sparta", "lesser corinth")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    assert s.force is not None and s.force["land"] == 1
    s.apply("sparta", next(a for a in s.legal_actions("sparta") if a.startswith("march")))
    assert not any(a.startswith("march") for a in s.legal_actions("sparta"))
    s.apply("sparta", "end")
    assert not any(a.startswith("lesser") for a in s.legal_actions("sparta"))  # once a phase


def test_design_4_1_a_leader_activates_once_a_phase() -> None:
    s = _campaign(SPARTA)
    place(s, "perioikoi", "sparta", SPARTA)
    place(s, "skiritai", "sparta", SPARTA)
    _leader(s, "brasidas", "sparta")
    _start(s, SPARTA)
    s.apply("sparta", "activate brasidas")
    s.apply("sparta", "take perioikoi#1")
    s.apply("sparta", "go")
    s.apply("sparta", "stop")
    s.apply("sparta", "end")
    assert "activate brasidas" not in s.legal_actions("sparta")


def test_design_5_1_a_force_holds_at_most_eight_units() -> None:
    s = _campaign(ATHENS)
    for _ in range(8):
        place(s, "delos-hoplites", "athens", ATHENS)
    for _ in range(2):
        place(s, "athenian-hoplites-6", "athens", ATHENS)
    _leader(s, "pericles", "athens")
    _start(s, ATHENS)
    s.apply("athens", "activate pericles")
    s.apply("athens", "take all")
    assert s.force is not None and len(s.force["units"]) == 8
    assert not any(a.startswith("take") for a in s.legal_actions("athens"))


# ---------------------------------------------------------------- 7.2, 7.3 movement
def test_2_5_design_7_2_a_force_marches_three_land_paths_and_stops_in_an_enemy_locale() -> None:
    s = _campaign(SPARTA)
    place(s, "perioikoi", "sparta", SPARTA)
    _leader(s, "brasidas", "sparta")
    _start(s, SPARTA)
    s.apply("sparta", "activate brasidas")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    assert s.force is not None and s.force["land"] == 3
    s.apply("sparta", next(a for a in s.legal_actions("sparta") if a.startswith("march")))
    assert s.force["land"] == 2


def test_design_3_3_winter_a_force_moves_one_path() -> None:
    s = _campaign(SPARTA, WINTER)
    place(s, "perioikoi", "sparta", SPARTA)
    _leader(s, "brasidas", "sparta")
    _start(s, SPARTA)
    s.apply("sparta", "activate brasidas")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    assert s.force is not None and s.force["land"] == 1 and s.force["sea"] == 1


def test_design_7_2_entering_an_enemy_city_stops_the_move() -> None:
    s = _campaign(SPARTA)
    place(s, "perioikoi", "megara", SPARTA)
    _leader(s, "brasidas", "megara")
    _start(s, SPARTA)
    s.apply("sparta", "activate brasidas")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    s.apply("sparta", "march eleusis")
    assert s.force is not None and s.force["stage"] == "act"


def test_design_7_3_nsp_carry_lsp_of_up_to_their_strength_by_sea() -> None:
    s = _campaign(ATHENS)
    place(s, "athenian-squadron-5", "piraeus", ATHENS)
    place(s, "athenian-hoplites-6", "piraeus", ATHENS)
    _leader(s, "phormio", "piraeus")
    _start(s, ATHENS)
    s.apply("athens", "activate phormio")
    s.apply("athens", "take all")
    s.apply("athens", "go")
    legal = s.legal_actions("athens")
    assert not any(a.startswith("sail") for a in legal)  # 5 NSP cannot carry 6 LSP
    assert not any(a.startswith("march") for a in legal)  # and NSP do not march


def test_design_7_3_a_fleet_sails_four_sea_paths() -> None:
    s = _campaign(ATHENS)
    place(s, "athenian-fleet-10", "piraeus", ATHENS)
    place(s, "athenian-hoplites-6", "piraeus", ATHENS)
    _leader(s, "phormio", "piraeus")
    _start(s, ATHENS)
    s.apply("athens", "activate phormio")
    s.apply("athens", "take all")
    s.apply("athens", "go")
    assert s.force is not None and s.force["sea"] == 4
    s.apply("athens", next(a for a in s.legal_actions("athens") if a.startswith("sail")))
    assert s.force["sea"] == 3 and s.force["mode"] == "sea"
    assert not any(a.startswith("march") for a in s.legal_actions("athens"))


# ---------------------------------------------------------------- 8.x combat
def test_2_3_2_4_2_5_a_force_fights_as_one_against_lsp_and_garrison_with_its_leaders_shift_design_8_1_8_3() -> None:
    s = _campaign(SPARTA)
    place(s, "spartiates", "megara", SPARTA)
    place(s, "perioikoi", "megara", SPARTA)
    a = place(s, "athenian-hoplites-4", "eleusis", ATHENS)
    _leader(s, "archidamus", "megara")
    _start(s, SPARTA)
    s.apply("sparta", "activate archidamus")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    s.apply("sparta", "march eleusis")
    assert "attack" in s.legal_actions("sparta")
    # 12 against 4 + Eleusis' garrison (unwalled, so it counts: 2.3), Archidamus shifts one column (8.4)
    de = 4 + s.comp.locale("eleusis").garrison
    expected = s.comp.tables.crt.result(min(7, campaign._column(12, de) + 1), 4)
    script_dice(s, [4])
    s.apply("sparta", "attack")
    line = next(t for _, t in reversed(s.log) if t.startswith("8.1 battle"))
    assert f"Sparta 12 against Athens {de}" in line and line.endswith(f"die 4: {expected}.")
    if expected.startswith("D"):  # the defender lost: it wavers or falls, and retreats (8.3)
        assert s.u_flip[a] or s.u_loc[a] == OFF


def test_design_8_2_worse_than_1_3_is_no_attack() -> None:
    s = _campaign(SPARTA)
    place(s, "skiritai", "megara", SPARTA)
    for _ in range(2):
        place(s, "athenian-hoplites-6", "eleusis", ATHENS)
    assert campaign.land_battle_odds(s, SPARTA, loc(s, "eleusis"), s.units_at(loc(s, "megara"), SPARTA)) is None


def test_2_3_design_8_3_de_with_no_defending_lsp_takes_an_unwalled_city_rulings_s6() -> None:
    s = _campaign(SPARTA)
    place(s, "spartiates", "megara", SPARTA)
    place(s, "perioikoi", "megara", SPARTA)
    _leader(s, "archidamus", "megara")
    _start(s, SPARTA)
    s.apply("sparta", "activate archidamus")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    s.apply("sparta", "march eleusis")
    script_dice(s, [6])
    s.apply("sparta", "attack")
    assert s.owner[loc(s, "eleusis")] == SPARTA


def test_2_3_rulings_s6_a_result_against_the_defender_applies_to_its_lsp_not_the_garrison() -> None:
    s = _campaign(SPARTA)
    place(s, "spartiates", "megara", SPARTA)
    place(s, "perioikoi", "megara", SPARTA)
    a = place(s, "athenian-archers", "eleusis", ATHENS)
    _leader(s, "archidamus", "megara")
    _start(s, SPARTA)
    s.apply("sparta", "activate archidamus")
    s.apply("sparta", "take all")
    s.apply("sparta", "go")
    s.apply("sparta", "march eleusis")
    script_dice(s, [6])
    s.apply("sparta", "attack")
    assert s.u_loc[a] == OFF
    assert s.owner[loc(s, "eleusis")] == ATHENS  # the garrison falls only to a later attack


def test_2_3_design_8_1_a_walled_garrison_alone_cannot_be_attacked_only_besieged() -> None:
    s = _campaign(SPARTA)
    units = [place(s, "spartiates", "athens", SPARTA)]
    assert campaign.land_battle_odds(s, SPARTA, loc(s, "athens"), units) is None
    assert campaign.can_besiege(s, SPARTA, loc(s, "athens"), units)


def test_design_8_4_athenian_red_fleets_shift_one_more_column_at_sea() -> None:
    s = _campaign(ATHENS)
    att = [place(s, "athenian-fleet-10", "corinth", ATHENS)]
    place(s, "corinthian-fleet", "corinth", SPARTA)
    assert campaign._red_fleet(s, att)


def test_design_4_5_a_leader_whose_force_is_eliminated_rolls_for_his_life() -> None:
    s = _campaign(SPARTA)
    s.leader_at[s.comp.leader_index["brasidas"]] = loc(s, "amphipolis")
    place(s, "perioikoi", "sparta", SPARTA)
    script_dice(s, [2])
    run(s, ["leader_losses", loc(s, "amphipolis")])
    assert s.leader_at[s.comp.leader_index["brasidas"]] == DEAD


# ---------------------------------------------------------------- 9.x sieges
def _force_at(s: S, side: int, leader_id: str, locale_id: str, units: list[int]) -> None:
    """An activation in its act stage at ``locale_id`` (as if it had just marched there)."""
    at = loc(s, locale_id)
    for u in units:
        s.u_loc[u] = at
        s.u_moved[u] = True
    s.leader_at[s.comp.leader_index[leader_id]] = at
    s.phasing = side
    s.force = {"leader": s.comp.leader_index[leader_id], "at": at, "units": units, "land": 0, "sea": 0,
               "mode": "land", "stage": "act", "acted": 0, "ravaged": 0, "fort": 0, "enemy_port": 0}
    s.pending = {"kind": "force", "side": side}
    s.reset_caches()


def test_design_9_1_defenders_may_withdraw_into_their_walls_and_are_then_besieged() -> None:
    s = _campaign(SPARTA)
    units = [place(s, "spartiates", "megara", SPARTA), place(s, "perioikoi", "megara", SPARTA)]
    d = place(s, "athenian-hoplites-4", "plataea", ATHENS)
    _force_at(s, SPARTA, "archidamus", "plataea", units)
    assert "besiege" not in s.legal_actions("sparta")  # an enemy LSP stands outside the walls
    s.apply("sparta", "attack")
    assert s.pending is not None and s.pending["kind"] == "withdraw" and s.pending["side"] == ATHENS
    s.apply("athens", "withdraw")
    assert s.u_in[d] and s.siege[loc(s, "plataea")] == SPARTA


def test_2_3_design_9_2_a_walled_garrison_counts_in_a_siege_an_assault_takes_the_city_on_a_6() -> None:
    s = _campaign(SPARTA)
    pl = loc(s, "plataea")
    s.owner[pl] = ATHENS
    a = place(s, "spartiates", "plataea", SPARTA)
    s.siege[pl] = SPARTA
    s.first = SPARTA
    assert campaign.siege_roll(s, pl) == 4  # 7 against the garrison's 2: 3:1 (the Siege Table: 4)
    run(s, ["siege_one", pl])
    script_dice(s, [1])
    s.apply("sparta", "assault")
    assert s.u_flip[a] and s.owner[pl] == ATHENS
    run(s, ["siege_one", pl])
    script_dice(s, [6])
    s.apply("sparta", "assault")
    assert s.owner[pl] == SPARTA and s.siege[pl] == NO


def test_design_9_2_a_city_cut_off_may_be_starved_in_winter() -> None:
    s = _campaign(SPARTA, WINTER)
    pl = loc(s, "plataea")
    s.owner[pl] = ATHENS
    place(s, "skiritai", "plataea", SPARTA)
    inside = place(s, "athenian-archers", "plataea", ATHENS)
    s.u_in[inside] = True
    s.siege[pl] = SPARTA
    s.siege_winters[pl] = 1
    assert campaign.cut_off(s, pl)
    run(s, ["siege_one", pl])
    assert s.legal_actions("sparta") == ["wait"]  # 2 against the garrison 2 and the archers 2: below 1:1
    script_dice(s, [5])
    s.apply("sparta", "wait")
    assert s.owner[pl] == SPARTA  # 5 + one earlier Winter


def test_design_9_1_a_siege_ends_when_the_besiegers_leave() -> None:
    s = _campaign(SPARTA)
    pl = loc(s, "plataea")
    d = place(s, "athenian-hoplites-4", "plataea", ATHENS)
    s.u_in[d] = True
    s.siege[pl] = SPARTA
    campaign.lift_sieges(s)
    assert s.siege[pl] == NO and not s.u_in[d]


def test_design_9_3_the_propontis_is_blocked_by_a_spartan_force_on_a_narrows_without_athenian_nsp() -> None:
    from polemos.games.sparta_vs_athens import rules

    s = _campaign(SPARTA)
    place(s, "perioikoi", "abydos", SPARTA)
    assert rules.propontis_blocked(s)
    place(s, "athenian-squadron-5", "abydos", ATHENS)
    assert not rules.propontis_blocked(s)


# ---------------------------------------------------------------- 4.6 ravaging, 7.8 forts, 10.0 revolts
def test_design_4_6_ravaging_attica_costs_athens_revenue_and_prestige() -> None:
    from polemos.games.sparta_vs_athens import rules

    s = _campaign(SPARTA)
    before, _ = rules.revenue_of(s, ATHENS)
    units = [place(s, "perioikoi", "acharnae", SPARTA)]
    s.force = {"ravaged": 0}
    assert campaign.can_ravage(s, SPARTA, loc(s, "acharnae"), units)
    campaign.ravage(s, SPARTA, loc(s, "acharnae"), units)
    assert rules.revenue_of(s, ATHENS)[0] == max(0, before - 5)
    assert any(f & (1 << SPARTA) for f in s.year_flags)


def test_design_7_8_a_fort_costs_five_talents_and_a_counter() -> None:
    s = _campaign(ATHENS)
    place(s, "athenian-hoplites-4", "pylos", ATHENS)
    _leader(s, "demosthenes", "pylos")
    s.leader_at[s.comp.leader_index["demosthenes"]] = loc(s, "pylos")
    s.owner[loc(s, "pylos")] = NO  # not an enemy city for this test
    _start(s, ATHENS)
    s.apply("athens", "activate demosthenes")
    s.apply("athens", "take all")
    s.apply("athens", "go")
    s.apply("athens", "stop")
    left = s.forts_left[ATHENS]
    s.apply("athens", "fort")
    assert s.fort[loc(s, "pylos")] == ATHENS and s.forts_left[ATHENS] == left - 1
    assert s.treasury[ATHENS] == 500 - 5


def test_design_10_0_a_delos_city_with_only_its_garrison_unit_goes_over_to_a_spartan_lsp() -> None:
    s = _campaign(SPARTA)
    g = place(s, "delos-garrison", "ceos", ATHENS)
    s.force = {"leader": NO, "at": loc(s, "ceos"), "units": [], "land": 0, "sea": 1, "mode": "",
               "stage": "move", "acted": 0, "ravaged": 0, "fort": 0, "enemy_port": 0}
    u = place(s, "perioikoi", "ceos", SPARTA)
    campaign._arrive(s, SPARTA, loc(s, "ceos"), [u])
    assert s.owner[loc(s, "ceos")] == SPARTA and s.u_side[g] == SPARTA


# ---------------------------------------------------------------- 16.6 victory
def test_design_16_6_capturing_the_enemy_capital_wins_at_once() -> None:
    from polemos.games.sparta_vs_athens import rules

    s = new()
    s.owner[loc(s, "athens")] = SPARTA
    rules.check_sudden_victory(s)
    assert s.winner == "sparta" and s.outcome() is not None


def test_design_16_6_at_the_end_of_the_last_year_the_favoured_side_wins() -> None:
    s = new("archidamian-war")
    s.year = 421
    s.prestige = 2
    run(s, ["year_end"])
    assert s.winner == "athens"


def test_2_7_a_fort_adds_its_own_lsp_when_its_locale_is_attacked() -> None:
    s = _campaign(SPARTA)
    pylos = loc(s, "pylos")
    s.owner[pylos] = ATHENS
    place(s, "athenian-hoplites-4", "pylos", ATHENS)
    _, without = campaign.land_defence(s, SPARTA, pylos)
    s.fort[pylos] = ATHENS
    _, with_fort = campaign.land_defence(s, SPARTA, pylos)
    assert with_fort == without + s.comp.forts[ATHENS].strength


def test_2_7_friendly_units_may_retreat_into_a_fort_and_must_then_be_besieged() -> None:
    s = _campaign(SPARTA)
    pylos = loc(s, "pylos")
    s.fort[pylos] = ATHENS
    d = place(s, "athenian-hoplites-4", "pylos", ATHENS)
    units = [place(s, "spartiates", "sparta", SPARTA), place(s, "perioikoi", "sparta", SPARTA)]
    _force_at(s, SPARTA, "brasidas", "pylos", units)
    s.apply("sparta", "attack")
    assert s.pending is not None and s.pending["kind"] == "withdraw"
    s.apply("athens", "withdraw")
    assert s.u_in[d] and s.siege[pylos] == SPARTA
    # immune to normal attack: no field battle against units inside
    assert campaign.land_defence(s, SPARTA, pylos)[0] == []
    assert campaign.land_battle_odds(s, SPARTA, pylos, units) is None


def test_design_3_3_in_winter_no_siege_begins_so_defenders_cannot_withdraw() -> None:
    s = _campaign(SPARTA, WINTER)
    pylos = loc(s, "pylos")
    s.fort[pylos] = ATHENS
    place(s, "athenian-hoplites-4", "pylos", ATHENS)
    units = [place(s, "spartiates", "sparta", SPARTA), place(s, "perioikoi", "sparta", SPARTA)]
    _force_at(s, SPARTA, "brasidas", "pylos", units)
    assert "besiege" not in s.legal_actions("sparta")
    s.apply("sparta", "attack")
    assert s.pending is None or s.pending["kind"] != "withdraw"
    assert s.siege[pylos] == NO


def test_2_3_garrisons_are_not_counted_for_stacking() -> None:
    s = _campaign(ATHENS)
    for _ in range(7):
        place(s, "delos-garrison", "athens", ATHENS)
    assert campaign.side_count(s, loc(s, "athens"), ATHENS) == 7  # Athens' garrison of 8 is not a counter


def test_design_13_2_only_nsp_lost_in_battle_count_toward_the_20() -> None:
    s = _campaign(ATHENS)
    a = place(s, "athenian-fleet-10", "piraeus", ATHENS)
    b = place(s, "athenian-fleet-10", "piraeus", ATHENS)
    campaign.eliminate(s, a, "3.2 2a not maintained")
    assert s.nsp_lost[ATHENS] == 0
    campaign.eliminate(s, b, "8.3 AE")
    assert s.nsp_lost[ATHENS] == 10


def test_15_0_event_5_helot_unrest_keeps_an_equal_strength_in_sparta() -> None:
    s = _campaign(SPARTA)
    s.event = "helot-unrest"
    a = place(s, "perioikoi", "sparta", SPARTA)
    b = place(s, "perioikoi", "sparta", SPARTA)
    _leader(s, "brasidas", "sparta")
    _start(s, SPARTA)
    s.apply("sparta", "activate brasidas")
    assert set(campaign.takable(s, SPARTA, loc(s, "sparta"))) == {a, b}
    s.apply("sparta", "take perioikoi#1")
    assert campaign.takable(s, SPARTA, loc(s, "sparta")) == []  # the other must stay


def _battle_at_eleusis(result: str, attackers: list[str], defenders: list[str]) -> tuple[S, list[int], list[int]]:
    """A Spartan force (Archidamus, +1 column) attacks Athenians at Eleusis, the die scripted to give
    ``result`` on the Combat Results Table (tables.toml [crt])."""
    s = _campaign(SPARTA)
    att = [place(s, t, "megara", SPARTA) for t in attackers]
    de = [place(s, t, "eleusis", ATHENS) for t in defenders]
    _force_at(s, SPARTA, "archidamus", "eleusis", att)
    a = sum(s.strength(u) for u in att)
    d = sum(s.strength(u) for u in de) + s.comp.locale("eleusis").garrison
    col = min(7, campaign._column(a, d) + 1)
    die = next(x for x in range(1, 7) if s.comp.tables.crt.result(col, x) == result)
    script_dice(s, [die])
    s.apply("sparta", "attack")
    return s, att, de


def _result(s: S) -> str:
    return next(t for _, t in reversed(s.log) if t.startswith("8.1 battle")).rsplit(" ", 1)[1].rstrip(".")


def test_design_8_3_dw_every_defending_unit_wavers_and_the_defender_retreats() -> None:
    s, _, de = _battle_at_eleusis("DW", ["spartiates"], ["athenian-hoplites-6"])
    assert _result(s) == "DW"
    assert s.u_flip[de[0]]
    assert s.pending is not None and s.pending["kind"] == "retreat" and s.pending["side"] == ATHENS
    s.apply("athens", s.legal_actions("athens")[0])
    assert s.u_loc[de[0]] != loc(s, "eleusis")


def test_design_8_3_ah_the_attacker_loses_at_least_half_strongest_first() -> None:
    s, att, _ = _battle_at_eleusis("AH", ["perioikoi", "skiritai"], ["athenian-hoplites-6", "athenian-hoplites-4"])
    assert _result(s) == "AH"
    assert s.u_loc[att[0]] == -1  # the 5 goes: half of 7 is 4 (rounded up), the strongest first
    assert s.u_loc[att[1]] >= 0  # the 2 survives (and must retreat, 8.3)


def test_design_8_3_ex_the_defender_loses_half_and_the_attacker_wavers_no_one_retreats() -> None:
    s = _campaign(SPARTA)
    att = [place(s, "spartiates", "megara", SPARTA)]
    de = [place(s, "athenian-hoplites-4", "eleusis", ATHENS), place(s, "athenian-archers", "eleusis", ATHENS)]
    _force_at(s, SPARTA, "archidamus", "eleusis", att)
    col = min(7, campaign._column(7, 6 + s.comp.locale("eleusis").garrison) + 1)
    die = next(d for d in range(1, 7) if s.comp.tables.crt.result(col, d) == "EX")
    script_dice(s, [die])
    s.apply("sparta", "attack")
    assert _result(s) == "EX"
    assert s.u_flip[att[0]] and s.u_loc[de[0]] == -1 and s.u_loc[de[1]] >= 0
    assert s.pending is None or s.pending["kind"] != "retreat"


def test_design_8_6_8_4_a_naval_battle_between_nsp_alone_with_the_athenian_column() -> None:
    s = _campaign(ATHENS)
    fleet = [place(s, "athenian-fleet-10", "piraeus", ATHENS)]
    enemy = place(s, "corinthian-fleet", "lechaeum", SPARTA)
    hoplites = place(s, "corinthian-hoplites", "lechaeum", SPARTA)
    _force_at(s, ATHENS, "phormio", "lechaeum", fleet)
    assert "attack at sea" in s.legal_actions("athens")
    script_dice(s, [6])
    s.apply("athens", "attack at sea")
    line = next(t for _, t in reversed(s.log) if t.startswith("8.6 naval battle"))
    # 10 against 8: 1:1, Phormio's sea shift 2 and the red fleet's 1 -> 3 columns right
    assert "Athens 10 against Sparta 8, 1:1, shift +3" in line
    assert s.u_loc[hoplites] >= 0  # the LSP take no part (8.6)
    assert s.u_flip[enemy] or s.u_loc[enemy] != loc(s, "lechaeum") or s.pending is not None


def test_design_13_2_9_3_the_propontis_blocked_at_the_end_of_the_year_favours_sparta() -> None:
    s = new("archidamian-war")
    clear(s)
    place(s, "perioikoi", "byzantium", SPARTA)
    run(s, ["year_end"])  # and on into the next Administration quarter's adjustment (3.2 1b)
    assert any(t.startswith("3.2 1b prestige 1 toward Sparta (the Propontis was blocked") for _, t in s.log)


def test_design_15_11_an_ally_whose_home_cities_are_all_enemy_held_leaves_the_war() -> None:
    s = new("archidamian-war")
    plataea = s.comp.ally("plataea")
    for h in plataea.home:
        s.owner[h] = SPARTA
    run(s, ["year_end"])
    assert s.ally_out[plataea.index]
    assert all(s.u_loc[u] < 0 for u in range(len(s.u_loc)) if s.utype(u).ally == plataea.index)


# ---------------------------------------------------------------- 2.3, DESIGN 2.16: garrisons never move
def test_2_3_design_2_16_a_garrison_unit_never_moves_no_leaderless_move_and_no_force_takes_it() -> None:
    s = _campaign(ATHENS)
    place(s, "delos-garrison", "ceos", ATHENS)  # a city held by its garrison unit alone (16.2)
    g = place(s, "delos-garrison", "athens", ATHENS)
    hoplites = place(s, "athenian-hoplites-6", "athens", ATHENS)
    _leader(s, "pericles", "athens")
    _start(s, ATHENS)
    legal = s.legal_actions("athens")
    assert "lesser ceos" not in legal  # 2.3: "Garrisons never move"
    assert "lesser athens" in legal
    s.apply("athens", "activate pericles")
    takes = [a for a in s.legal_actions("athens") if a.startswith("take")]
    name = {u: n for n, u in s.unit_names_index().items()}
    assert f"take {name[hoplites]}" in takes and f"take {name[g]}" not in takes
    s.apply("athens", "take all")
    assert s.force is not None and [int(u) for u in s.force["units"]] == [hoplites]


def test_2_3_design_2_16_a_garrison_unit_that_must_retreat_falls_where_it_stands() -> None:
    s, _, de = _battle_at_eleusis("DH", ["spartiates", "perioikoi"], ["athenian-hoplites-6", "delos-garrison"])
    assert _result(s) == "DH"
    assert s.u_loc[de[0]] == OFF  # half of 7 (4, rounded up), the strongest first
    assert s.u_loc[de[1]] == OFF  # the garrison unit does not retreat: it is eliminated (8.3)
    assert "a garrison unit does not retreat" in " ".join(t for _, t in s.log)
