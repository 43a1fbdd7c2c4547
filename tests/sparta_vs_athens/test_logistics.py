"""3.2 2) the Spring quarter's 1st Player Logistics Phase, sentence by sentence (RULINGS S7, S16, S17)."""

from __future__ import annotations

from polemos.games.sparta_vs_athens import campaign, rules
from polemos.games.sparta_vs_athens.model import ATHENS, SPARTA
from polemos.games.sparta_vs_athens.state import OFF
from tests.sparta_vs_athens.engine import clear, loc, new, place, run


def _logistics(s: object, side: int) -> None:
    s.first = side  # type: ignore[attr-defined]
    run(s, ["logistics", side])  # type: ignore[arg-type]


def test_3_2_2a_one_talent_per_point_a_printed_7_costs_seven_talents() -> None:
    s = new()
    clear(s)
    u = place(s, "spartiates", "thebes", SPARTA)  # a blue unit in a green city: maintained
    assert rules.upkeep_due(s, SPARTA) == [u]
    s.treasury[SPARTA] = 30
    _logistics(s, SPARTA)
    assert s.legal_actions("sparta")[0] == "pay 7"
    s.apply("sparta", "pay 7")
    assert s.treasury[SPARTA] == 23


def test_3_2_2a_no_maintenance_in_a_city_locale_of_its_own_nationality_color() -> None:
    s = new()
    clear(s)
    place(s, "corinthian-hoplites", "tegea", SPARTA)  # purple in purple
    place(s, "spartiates", "sparta", SPARTA)  # blue in blue
    assert rules.upkeep_due(s, SPARTA) == []


def test_3_2_2a_allied_units_require_maintenance_outside_their_own_color() -> None:
    s = new()
    clear(s)
    u = place(s, "corinthian-hoplites", "thebes", SPARTA)  # purple in green
    assert rules.upkeep_due(s, SPARTA) == [u]


def test_3_2_2a_no_maintenance_for_an_nsp_in_an_allied_port_7_16() -> None:
    s = new()
    clear(s)
    nsp = place(s, "athenian-squadron-5", "naupactus", ATHENS)  # a yellow port of Athens' side
    lsp = place(s, "athenian-hoplites-4", "naupactus", ATHENS)
    # Note: the NSP needs nothing, but the LSP it carried does
    assert rules.upkeep_due(s, ATHENS) == [lsp]
    assert rules.upkeep_free(s, nsp).startswith("NSP in an allied port")


def test_3_2_2a_clarification_a_tribute_city_is_of_its_sides_colour_but_not_for_allies_rulings_s16() -> None:
    s = new()
    clear(s)
    own = place(s, "perioikoi", "ceos", SPARTA)
    s.owner[loc(s, "ceos")] = SPARTA
    ally = place(s, "corinthian-hoplites", "ceos", SPARTA)
    assert rules.upkeep_due(s, SPARTA) == [ally]
    assert "tribute" in rules.upkeep_free(s, own)


def test_3_2_2a_exception_spartan_2s_are_free_in_purple_locales_but_not_outside() -> None:
    s = new()
    clear(s)
    two = place(s, "skiritai", "tegea", SPARTA)
    five = place(s, "perioikoi", "tegea", SPARTA)
    assert rules.upkeep_due(s, SPARTA) == [five]
    s.u_loc[two] = loc(s, "thebes")
    assert two in rules.upkeep_due(s, SPARTA)


def test_3_2_2a_exception_self_sustained_allies_never_require_maintenance() -> None:
    s = new()
    clear(s)
    chian = place(s, "chian-fleet", "athens", ATHENS)  # Chian NSP far from home
    syracusan_lsp = place(s, "syracusan-hoplites", "sparta", SPARTA)
    syracusan_nsp = place(s, "syracusan-fleet", "tegea", SPARTA)  # purple, no port
    due = rules.upkeep_due(s, SPARTA) + rules.upkeep_due(s, ATHENS)
    assert chian not in due and syracusan_lsp not in due
    assert syracusan_nsp in due  # Sicilian NSP are not exempt: only their LSP
    assert not rules.self_sustained(s, syracusan_nsp)


def test_3_2_2a_a_unit_not_maintained_in_full_is_flipped_or_eliminated_if_already_flipped() -> None:
    s = new()
    clear(s)
    a = place(s, "spartiates", "thebes", SPARTA)
    b = place(s, "perioikoi", "thebes", SPARTA)
    s.u_flip[b] = True
    s.treasury[SPARTA] = 5
    _logistics(s, SPARTA)
    legal = s.legal_actions("sparta")
    assert not any(x.startswith("pay") for x in legal)  # 7 + 3 > 5: whole units only (RULINGS S7 b)
    s.apply("sparta", "unpaid spartiates#1")
    assert s.u_flip[a]
    s.apply("sparta", "pay 3")
    assert s.treasury[SPARTA] == 2 and s.u_loc[b] >= 0
    # and a flipped unit still campaigns normally (4.0)
    s.pending = None
    s.first = s.phasing = SPARTA
    s.leader_at[s.comp.leader_index["brasidas"]] = loc(s, "thebes")
    assert a in campaign.takable(s, SPARTA, loc(s, "thebes"))


def test_3_2_2a_unpaid_twice_a_unit_is_eliminated() -> None:
    s = new()
    clear(s)
    a = place(s, "perioikoi", "thebes", SPARTA)
    s.u_flip[a] = True
    s.treasury[SPARTA] = 0
    _logistics(s, SPARTA)
    assert s.legal_actions("sparta") == ["unpaid perioikoi#1"]
    s.apply("sparta", "unpaid perioikoi#1")
    assert s.u_loc[a] == OFF


def test_3_2_2a_purchase_any_unit_not_in_play_even_if_eliminated_at_its_full_printed_cost() -> None:
    s = new()
    clear(s)
    s.treasury[SPARTA] = 10
    _logistics(s, SPARTA)
    legal = s.legal_actions("sparta")
    assert "buy spartiates at sparta" in legal  # eliminated or never placed: not in play
    assert not any(x.startswith("buy corinthian-fleet") for x in legal) or s.treasury[SPARTA] >= 8
    s.apply("sparta", "buy spartiates at sparta")
    assert s.treasury[SPARTA] == 3  # the whole printed 7, never fewer
    assert not any(x.startswith("buy perioikoi") for x in s.legal_actions("sparta"))  # 5 > 3 left


def test_3_2_2a_units_purchased_this_season_pay_no_maintenance_now_rulings_s7c() -> None:
    s = new()
    clear(s)
    s.treasury[SPARTA] = 20
    _logistics(s, SPARTA)
    assert s.pending is not None and s.pending["kind"] == "purchase"  # maintenance came first
    s.apply("sparta", "buy corinthian-hoplites at corinth")
    s.apply("sparta", "done")
    assert s.treasury[SPARTA] == 15


def test_rulings_s17_no_unit_of_an_inactive_ally_or_a_neutral_is_bought() -> None:
    s = new()
    s.ally_side = [x if s.comp.allies[i].id != "syracuse" else -1 for i, x in enumerate(s.ally_side)]
    assert s.comp.unit_index["syracusan-hoplites"] not in rules.buyable_types(s, SPARTA)
    assert s.comp.unit_index["argive-hoplites"] not in rules.buyable_types(s, SPARTA)
    assert s.comp.unit_index["argive-hoplites"] not in rules.buyable_types(s, ATHENS)


def test_design_8_5_a_wavering_unit_at_home_is_restored_for_the_difference() -> None:
    s = new()
    clear(s)
    u = place(s, "perioikoi", "sparta", SPARTA)
    s.u_flip[u] = True
    s.treasury[SPARTA] = 10
    _logistics(s, SPARTA)
    s.apply("sparta", "restore perioikoi#1")
    assert not s.u_flip[u] and s.treasury[SPARTA] == 8


def test_design_5_1_no_purchase_into_a_full_locale() -> None:
    s = new()
    clear(s)
    for _ in range(8):
        place(s, "delos-garrison", "athens", ATHENS)
    assert loc(s, "athens") not in rules.purchase_locales(s, ATHENS, s.comp.unit_index["athenian-hoplites-6"])
    assert loc(s, "eleusis") in rules.purchase_locales(s, ATHENS, s.comp.unit_index["athenian-hoplites-6"])


def test_3_2_design_2_16_a_garrison_unit_is_bought_only_into_a_delos_city_without_one() -> None:
    s = new()
    t = s.comp.unit_index["delos-garrison"]
    places = {s.comp.locales[i].id for i in rules.purchase_locales(s, ATHENS, t)}
    held = {s.comp.locales[s.u_loc[u]].id for u in range(len(s.u_loc))
            if s.u_loc[u] >= 0 and s.unit_type[u] == t}
    assert held and not places & held  # 2.3: garrisons never move, so a second one there is never wanted
    assert places  # the Delos cities Athens holds without a garrison unit (16.2: Chios, Mytilene...)
