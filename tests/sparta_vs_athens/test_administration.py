"""3.2 1) the Administration quarter, sentence by sentence, and the seasons' first-player choice (DESIGN 3.3)."""

from __future__ import annotations

import pytest

from polemos.core.rng import script_dice
from polemos.games.sparta_vs_athens import campaign, rules
from polemos.games.sparta_vs_athens.model import ATHENS, SPARTA
from polemos.games.sparta_vs_athens.state import OFF
from tests.sparta_vs_athens.engine import clear, loc, new, place, run


def _log(s: object) -> list[str]:
    return [t for _, t in s.log]  # type: ignore[attr-defined]


# ---------------------------------------------------------------- 3.2 1a Calendar Advance
def test_3_2_1a_if_the_year_is_431_move_the_year_counter_to_430() -> None:
    s = new()
    run(s, ["calendar_advance"])
    assert s.year == 430


def test_3_2_1a_remove_any_ravage_markers_placed_during_the_previous_year() -> None:
    s = new()
    s.ravaged[loc(s, "acharnae")] = True
    run(s, ["calendar_advance"])
    assert not any(s.ravaged)


def test_3_2_1a_design_4_4_a_leader_whose_years_are_over_leaves_the_map() -> None:
    s = new()
    s.year = 429  # Pericles serves 431-429
    run(s, ["calendar_advance"])
    assert s.leader_at[s.comp.leader_index["pericles"]] == OFF


# ---------------------------------------------------------------- 3.2 1b Annual Prestige Adjustment
def test_3_2_1b_the_prestige_level_is_adjusted_for_last_years_actions_13_2() -> None:
    s = new()
    campaign.flag(s, "battle-won", ATHENS)
    campaign.flag(s, "propontis-blocked", SPARTA)
    campaign.flag(s, "spartiates-lost", ATHENS)  # +2 Athens
    before = s.prestige
    run(s, ["annual_prestige"])
    assert s.prestige == before + 1 - 1 + 2
    assert s.year_flags == [0] * len(s.year_flags)  # each row once a year


def test_13_2_a_row_may_favour_each_side_once_in_a_year() -> None:
    s = new()
    campaign.flag(s, "battle-won", ATHENS)
    campaign.flag(s, "battle-won", SPARTA)
    campaign.flag(s, "battle-won", SPARTA)
    before = s.prestige
    run(s, ["annual_prestige"])
    assert s.prestige == before  # +1 each way


def test_13_1_the_track_stops_at_ten_and_the_other_side_sues_for_peace() -> None:
    s = new()
    s.prestige = 9
    campaign.flag(s, "spartiates-lost", ATHENS)
    run(s, ["annual_prestige"])
    assert s.prestige == 10 and s.winner == "athens"


# ---------------------------------------------------------------- 3.2 1c Event Phase
def test_3_2_1c_the_event_is_rolled_on_two_dice_15_0() -> None:
    s = new()
    script_dice(s, [3, 4])
    run(s, ["event_phase"])
    assert s.event == "no-event"
    assert any("3+4 = 7" in t for t in _log(s))


def test_15_0_plague_flips_each_athenian_lsp_in_athens_in_430_426() -> None:
    s = new()
    s.year = 430
    clear(s)
    u = place(s, "athenian-hoplites-6", "athens", ATHENS)
    script_dice(s, [3, 3])
    run(s, ["event_phase"])
    assert s.event == "plague" and s.u_flip[u]


def test_15_0_revolt_in_the_confederation_sparta_chooses_a_city_and_its_garrison_unit_goes() -> None:
    s = new()
    script_dice(s, [4, 4])
    run(s, ["event_phase"])
    assert s.pending is not None and s.pending["kind"] == "delos_revolt" and s.pending["side"] == SPARTA
    choices = s.legal_actions("sparta")
    assert "revolt ceos" in choices
    s.apply("sparta", "revolt ceos")
    assert not s.units_at(loc(s, "ceos"), ATHENS)


# ---------------------------------------------------------------- 3.2 1d Government & Leader Selection
def test_3_2_1d_in_428_the_moderate_party_comes_into_power_automatically() -> None:
    s = new()
    s.year = 428
    draws = s.rng.draws
    run(s, ["government_phase"])
    assert s.government == 2
    assert s.rng.draws == draws  # no roll: "regardless of prestige"
    assert s.markers[rules.PROPERTY_TAX] == 1  # 2.13: the Property Tax marker comes with #2


def test_3_2_1d_first_remove_all_of_the_athenian_leaders_already_present() -> None:
    s = new()
    rules.change_government(s, 3)
    assert all(s.leader_at[i] == OFF for i in s.leaders_of(ATHENS))


def test_3_2_1d_new_leaders_are_placed_with_any_friendly_lsp_or_nsp_within_the_allowances() -> None:
    s = new()
    s.year = 427
    rules.change_government(s, 3)  # Radical: Cleon, Demosthenes, Nicias, Hippocrates, Lamachus; allowance 4
    run(s, ["place_leaders", ATHENS])
    legal = s.legal_actions("athens")
    assert "place cleon at athens" in legal and "place cleon at sparta" not in legal
    assert not any(a.startswith("place hippocrates") for a in legal)  # DESIGN 4.4: he serves only in 424
    for _ in range(3):
        s.apply("athens", next(a for a in s.legal_actions("athens") if a.startswith("place")))
    assert sum(1 for i in s.leaders_of(ATHENS) if s.leader_at[i] >= 0) == 3  # the three serving in 427
    assert s.pending is None  # no one else may be placed


def test_14_2_the_government_falls_on_5_or_6_and_the_next_is_its_rows_for_the_track() -> None:
    s = new()
    s.year = 430
    script_dice(s, [4])
    run(s, ["government_phase"])
    assert s.government == 2  # pro-Sparta: 4-6 falls; #1's next for pro-Sparta is #2


def test_14_2_a_die_below_the_range_keeps_the_government() -> None:
    s = new()
    s.year = 430
    s.prestige = 1
    script_dice(s, [4])
    run(s, ["government_phase"])
    assert s.government == 1


# ---------------------------------------------------------------- 3.2 1e Revenue
def test_3_2_1e_each_player_receives_the_scenarios_revenue_and_the_tribute_2_13_2_16() -> None:
    s = new()
    red, blue = rules.tribute_tally(s)
    athens, _ = rules.revenue_of(s, ATHENS)
    sparta, _ = rules.revenue_of(s, SPARTA)
    assert athens == 40 + red // 10  # RULINGS S13: the red tally divided by 10
    assert sparta == 20 + blue
    before = list(s.treasury)
    run(s, ["revenue_phase"])
    assert s.treasury == [before[0] + athens, before[1] + sparta]


def test_2_16_ceos_pays_5_to_an_athenian_occupier_and_1_to_a_spartan_one() -> None:
    s = new()
    clear(s)
    place(s, "athenian-hoplites-4", "ceos", ATHENS)
    assert rules.tribute_tally(s) == (5, 0)
    clear(s)
    place(s, "perioikoi", "ceos", SPARTA)
    assert rules.tribute_tally(s) == (0, 1)


def test_2_16_no_occupying_lsp_no_tribute_and_an_nsp_alone_brings_none_rulings_s16() -> None:
    s = new()
    clear(s)
    assert rules.tribute_tally(s) == (0, 0)
    place(s, "athenian-squadron-5", "ceos", ATHENS)
    assert rules.tribute_tally(s) == (0, 0)


def test_2_16_not_merely_besieging_a_besieged_city_pays_no_one() -> None:
    s = new()
    clear(s)
    place(s, "athenian-hoplites-4", "ceos", ATHENS)
    s.siege[loc(s, "ceos")] = ATHENS
    assert rules.tribute_tally(s) == (0, 0)


def test_2_16_note_no_propontis_city_pays_while_the_propontis_is_blocked_9_3() -> None:
    s = new()
    clear(s)
    place(s, "athenian-hoplites-4", "cyzicus", ATHENS)
    paid = rules.tribute_tally(s)[0]
    assert paid > 0
    place(s, "perioikoi", "byzantium", SPARTA)
    assert rules.propontis_blocked(s)
    assert rules.tribute_tally(s)[0] == 0
    _, lines = rules.revenue_of(s, ATHENS)
    assert any("Propontis" in line for line in lines)


def test_2_13_a_marker_adds_its_row_once_its_government_comes_into_power() -> None:
    s = new()
    base, _ = rules.revenue_of(s, ATHENS)
    rules.change_government(s, 7)  # Probouloi: the Reserve Fund
    assert rules.revenue_of(s, ATHENS)[0] == base + 20


def test_2_12_optional_prestige_pays_the_favoured_side() -> None:
    s = new(prestige_pays=True)
    plain = new()
    assert rules.revenue_of(s, SPARTA)[0] == rules.revenue_of(plain, SPARTA)[0] + 1
    assert rules.revenue_of(s, ATHENS)[0] == rules.revenue_of(plain, ATHENS)[0] - 1


# ---------------------------------------------------------------- 3.2 1f 1st Player Determination
def test_3_2_1f_the_side_with_higher_prestige_decides_who_moves_first() -> None:
    s = new()
    s.prestige = 2
    run(s, ["first_player_determination"])
    assert s.chooser == ATHENS


def test_3_2_1f_if_neither_side_has_higher_prestige_the_spartan_player_decides() -> None:
    s = new()
    s.prestige = 0
    s.year = 429
    run(s, ["first_player_determination"])
    assert s.chooser == SPARTA


def test_3_2_1d_exception_from_428_sparta_no_longer_chooses_on_a_tie_rulings_s14() -> None:
    s = new()
    s.prestige = 0
    s.year = 428
    script_dice(s, [3, 3, 5, 2])  # equal dice are rolled again
    run(s, ["first_player_determination"])
    assert s.chooser == ATHENS


def test_3_2_1f_the_choice_is_made_anew_each_season_by_the_same_side_rulings_s18() -> None:
    s = new()
    s.chooser = ATHENS
    run(s, ["season", 0])
    assert s.pending == {"kind": "first_player", "side": ATHENS}
    assert s.legal_actions("athens") == ["athens first", "sparta first"]
    s.apply("athens", "sparta first")
    assert s.first == SPARTA and s.phasing == SPARTA


# ---------------------------------------------------------------- 15.9, 15.10, 15.13 allies by the track
def test_15_9_argos_joins_athens_from_420_when_the_track_is_3_pro_athens() -> None:
    s = new()
    s.prestige = 3
    s.year = 421
    rules.track_allies(s)
    argos = s.comp.ally("argos").index
    assert s.ally_side[argos] == -1
    s.year = 420
    rules.track_allies(s)
    assert s.ally_side[argos] == ATHENS and s.owner[loc(s, "argos")] == ATHENS


def test_15_10_argos_with_sparta_counts_as_peloponnesian_for_upkeep() -> None:
    s = new()
    s.prestige = -3
    rules.track_allies(s)
    argos = s.comp.ally("argos").index
    assert s.ally_side[argos] == SPARTA
    clear(s)
    u = place(s, "argive-hoplites", "tegea", SPARTA)
    assert rules.upkeep_due(s, SPARTA) == []
    s.u_loc[u] = loc(s, "thebes")
    assert rules.upkeep_due(s, SPARTA) == [u]


def test_15_13_persia_joins_sparta_in_412_if_the_track_is_pro_sparta_with_its_subsidy() -> None:
    s = new()
    s.year = 412
    s.prestige = -1
    base, _ = rules.revenue_of(s, SPARTA)
    rules.track_allies(s)
    assert s.ally_side[s.comp.ally("persia").index] == SPARTA
    assert rules.revenue_of(s, SPARTA)[0] == base + 20


def test_2_10_argos_captured_is_out_of_the_war_and_the_track_moves_one_level_at_once() -> None:
    from polemos.games.sparta_vs_athens import campaign

    s = new()
    s.prestige = -3
    rules.track_allies(s)  # Argos with Sparta
    before = s.prestige
    campaign.capture(s, loc(s, "argos"), ATHENS, "9.2")
    argos = s.comp.ally("argos").index
    assert s.ally_out[argos] and s.prestige == before + 1
    assert all(s.u_loc[u] < 0 for u in range(len(s.u_loc)) if s.utype(u).ally == argos)


# ---------------------------------------------------------------- 2.16 allies occupy for their side
def test_2_16_an_allied_lsp_occupies_for_its_side_even_if_an_ally() -> None:
    s = new()
    clear(s)
    place(s, "corinthian-hoplites", "ceos", SPARTA)
    assert rules.tribute_tally(s) == (0, 1)
    clear(s)
    place(s, "corcyraean-hoplites", "ceos", ATHENS)
    assert rules.tribute_tally(s) == (5, 0)


# ---------------------------------------------------------------- the worked examples of 2.16 and 2.17
def test_2_16_example_a_tally_of_34_talents_is_divided_before_the_revenue_track_rulings_s13(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.sparta_vs_athens.rulebook import says

    assert says("2.16", 'would indicate a tribute of 34 talents (then divided')
    s = new()
    base, _ = rules.revenue_of(s, ATHENS)
    red, _ = rules.tribute_tally(s)
    monkeypatch.setattr(rules, "tribute_tally", lambda s: (34, 0))
    assert rules.revenue_of(s, ATHENS)[0] == base - red // 10 + 3


def test_2_17_example_the_ionian_war_gives_athens_one_coin_and_sparta_five_and_the_marker_on_5() -> None:
    from tests.sparta_vs_athens.rulebook import says

    assert says("2.17", "Athens receives 10 talents (one coin")
    s = new("ionian-war")
    assert s.comp.figures.coin_stack(s.revenue[ATHENS]) == (1, 0)
    assert s.comp.figures.coin_stack(s.revenue[SPARTA]) == (5, 5)
