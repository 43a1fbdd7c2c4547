"""Rule tests for the Combat Phase of Athens & Sparta (5.0-5.61, with 4.3 sea control at straits
and 1.4 oracles).

Positions are built by hand and each battle is played decision by decision with scripted dice
(``script_dice``): what is legal at each step, where hits fall and what the log says.
"""

from __future__ import annotations

from polemos import script_dice
from polemos.games.athens_sparta.attrition import siege_status
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import AthensSpartaState

from .helpers import act, at_phase, bid, empty_board, garrison, hex_of, log_text, place, set_owner

S = AthensSpartaState


def fires(s: S) -> list[str]:
    """The log lines of blocks firing in battle, in order."""
    return [line for _, line in s.log if " fires: " in line and "5.43" not in line]


def pending(s: S) -> str:
    return "" if s.pending is None else str(s.pending["kind"])


def options(s: S, role: str, prefix: str) -> set[str]:
    return {a[len(prefix):] for a in s.legal_actions(role) if a.startswith(prefix)}


# ============================================================================ 5.1 / 5.2
def test_5_1_combat_order_a_then_b_then_c_defenders_first() -> None:
    """5.1 example: peltast A1, defending hoplite B2, attacking hoplite B2, then navy C3."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CARYSTUS")  # hoplite B2
    place(s, "ATH-NAV-1", "CARYSTUS")  # navy C3
    place(s, "SPA-HOP-8", "CARYSTUS", came_from="1207")  # hoplite B2
    place(s, "SPA-RES-3", "CARYSTUS", came_from="1207")  # peltast A1
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 13)
    act(s, "sparta", "battle CARYSTUS")
    # Sea Battle: the Athenian navy has no navy to fight; it engages in the Land Battle (5.41)
    assert set(s.legal_actions("athens")) == {"land", "stay"}
    act(s, "athens", "land")
    order = [line.split(" fires")[0] for line in fires(s)]
    assert order == ["Sparta RESERVE A1 (4)", "Athens PLATAEA B2 (2)", "Sparta MEGARA B2 (3)",
                     "Athens ATHENS C3 (4)"]


def test_5_2_hits_on_rolls_at_or_under_the_rating_strongest_first_owner_chooses_ties() -> None:
    """5.2: rolls at or under the rating hit the strongest block; the owner chooses on ties."""
    s = empty_board()
    place(s, "ATH-HOP-3", "ATHENS")
    place(s, "SPA-HOP-1", "SPARTA")
    a4 = place(s, "ATH-HOP-1", "CARYSTUS", 4)
    a2 = place(s, "ATH-HOP-5", "CARYSTUS", 2)
    place(s, "SPA-HOP-6", "CARYSTUS", 4, came_from="1207")  # B3
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 6, 6, 6, 6, 6, 1, 2, 3, 4])  # Athenian misses, then the Spartan B3
    act(s, "sparta", "battle CARYSTUS")
    assert "Sparta THEBES B3 (4) fires: 1 2 3 4 — 3 hits (5.2)." in log_text(s)
    # first hit: the 4 -> 3; second: the 3 -> 2; third: two blocks of 2, Athens chooses
    assert s.strength[a4] == 2 and s.strength[a2] == 2
    assert pending(s) == "hit" and s.pending is not None and s.pending["side"] == ATHENS
    assert set(s.legal_actions("athens")) == {"hit ATH-HOP-1", "hit ATH-HOP-5"}
    act(s, "athens", "hit ATH-HOP-5")
    assert s.strength[a4] == 2 and s.strength[a2] == 1


def test_5_2_hits_are_applied_immediately() -> None:
    """5.2 note: combat hits are not simultaneous; a block eliminated before its turn never fires."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "CARYSTUS", 1)
    place(s, "SPA-RES-3", "CARYSTUS", 4, came_from="1207")  # peltast A1 fires first
    at_phase(s, SPARTA, "combat")
    script_dice(s, [1, 6, 6, 6])
    act(s, "sparta", "battle CARYSTUS")
    assert s.strength[a] == 0 and s.loc[a] < 0
    assert [line.split(" fires")[0] for line in fires(s)] == ["Sparta RESERVE A1 (4)"]


# ============================================================================ 5.4 declaration
def test_5_4_attackers_revealed_then_defender_declares_engage_or_withdraw() -> None:
    """5.4: attackers are revealed, then the defender declares each block to engage or withdraw."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA")
    place(s, "SPA-HOP-6", "PLATAEA", came_from="THEBES")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle PLATAEA")
    assert pending(s) == "declare"
    assert set(s.legal_actions("athens")) == {"withdraw ATH-HOP-5", "engage"}
    seen_by_athens = [b for b in s.view("athens")["blocks"] if b["location"] == "PLATAEA" and b["owner"] == "sparta"]
    assert seen_by_athens and seen_by_athens[0].get("id") == "SPA-HOP-6"  # revealed
    seen_by_sparta = [b for b in s.view("sparta")["blocks"] if b["location"] == "PLATAEA" and b["owner"] == "athens"]
    assert seen_by_sparta and "id" not in seen_by_sparta[0]  # not yet
    act(s, "athens", "withdraw ATH-HOP-5")
    assert s.inside[bid(s, "ATH-HOP-5")]


def test_5_4_no_withdrawal_into_an_unwalled_city() -> None:
    """5.3/5.4: sieges occur only in walled cities; in an unwalled city there is no declaration."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CARYSTUS")
    place(s, "SPA-HOP-6", "CARYSTUS", came_from="1207")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 6)
    act(s, "sparta", "battle CARYSTUS")
    assert pending(s) != "declare"
    assert not any(a.startswith("withdraw") for a in s.legal_actions("athens"))


def test_5_4_besieger_storms_armies_and_navies_separately_besieged_may_sally() -> None:
    """5.4: in a siege the besieger storms (armies/navies apart), the besieged may sally, or not."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", inside=True)
    place(s, "SPA-HOP-6", "PLATAEA")
    place(s, "ATH-HOP-2", "MEGARA")
    place(s, "SPA-HOP-8", "MEGARA", inside=True)
    place(s, "ATH-NAV-3", "AEGINA", inside=True)
    place(s, "SPA-NAV-3", "AEGINA")
    place(s, "SPA-HOP-9", "AEGINA")
    at_phase(s, SPARTA, "combat")
    legal = set(s.legal_actions("sparta"))
    assert {"storm PLATAEA armies", "sally MEGARA armies", "end"} <= legal
    assert {"storm AEGINA armies", "storm AEGINA navies", "storm AEGINA all"} <= legal
    assert not any(a.startswith("battle") for a in legal)


# ============================================================================ 5.31 siege limits
def test_5_31_siege_limit_minor_city_2_blocks() -> None:
    """5.31: a minor walled city holds 2 blocks in siege; extra blocks fight a battle as normal."""
    s = empty_board()
    garrison(s)
    for block_id in ("ATH-HOP-5", "ATH-HOP-2", "ATH-PEL-1"):
        place(s, block_id, "PLATAEA")
    place(s, "SPA-HOP-6", "PLATAEA", came_from="THEBES")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle PLATAEA")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "withdraw ATH-HOP-2")
    assert s.legal_actions("athens") == ["engage"]


def test_5_31_siege_limit_major_city_4_blocks() -> None:
    """5.31: a major walled city holds 4 blocks in siege (ATHENS stacks 6: two must fight)."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    ids = ["ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-CAV-1", "ATH-NAV-1", "ATH-NAV-2"]
    for block_id in ids:
        place(s, block_id, "ATHENS")
    place(s, "SPA-HOP-8", "ATHENS", came_from="MEGARA")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle ATHENS")
    for block_id in ids[:4]:
        act(s, "athens", "withdraw " + block_id)
    assert s.legal_actions("athens") == ["engage"]


def test_5_31_extra_attacking_blocks_are_reserves_that_cannot_storm_or_take_hits() -> None:
    """5.31: attackers beyond the siege limit are reserves that cannot storm or take hits."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 2)
    place(s, "SPA-HOP-7", "PLATAEA", 2)
    place(s, "SPA-HOP-8", "PLATAEA", 3)  # the strongest, but the city is minor: two storm
    at_phase(s, SPARTA, "combat")
    script_dice(s, [1, 1, 6, 6, 6, 6])
    act(s, "sparta", "storm PLATAEA armies")
    # three would storm a minor city (limit 2): Sparta picks which two storm (5.31)
    assert pending(s) == "stormq"
    assert set(s.legal_actions("sparta")) == {"storm SPA-HOP-6", "storm SPA-HOP-7", "storm SPA-HOP-8"}
    act(s, "sparta", "storm SPA-HOP-6")
    act(s, "sparta", "storm SPA-HOP-7")
    # the defender's hits go to the storming blocks only, never to the 3-step reserve
    assert pending(s) == "hit"
    assert set(s.legal_actions("sparta")) == {"hit SPA-HOP-6", "hit SPA-HOP-7"}
    act(s, "sparta", "hit SPA-HOP-6")
    assert s.strength[bid(s, "SPA-HOP-8")] == 3
    spartan_fires = [line for line in fires(s) if line.startswith("Sparta")]
    assert len(spartan_fires) == 2 and not any(line.startswith("Sparta MEGARA") for line in spartan_fires)


# ============================================================================ 5.3 / 5.41 storming
def test_5_41_double_defence_half_hits_same_block_and_recovery() -> None:
    """5.41: double defence: a hit is a half-hit, the next goes to the same block; leftovers recover."""
    s = empty_board()
    garrison(s)
    a5 = place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    a2 = place(s, "ATH-HOP-2", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 6, 6, 6, 1, 1, 1, 6])  # the defenders miss; the stormer scores 3 hits
    act(s, "sparta", "storm PLATAEA armies")
    assert pending(s) == "hit"
    assert set(s.legal_actions("athens")) == {"hit ATH-HOP-5", "hit ATH-HOP-2"}
    act(s, "athens", "hit ATH-HOP-2")  # a half-hit
    # the second hit had to go to the same block (no choice): it loses a step; the third is a
    # half-hit on the now strongest block
    assert s.strength[a2] == 1 and s.strength[a5] == 2
    assert s.halfhit[a5]
    assert "takes a half-hit (double defence, 5.41)" in log_text(s)
    # round 2: everybody misses; the stormer stays (it could fall back, RULINGS R16)
    script_dice(s, [6] * 7)
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert s.battle is None
    assert s.strength[a5] == 2 and not s.halfhit[a5]  # the half-hit recovered
    assert s.inside[a5] and s.inside[a2]


def test_r16_storming_block_retreating_in_round_2_falls_back_to_the_siege_lines() -> None:
    """5.42/R16: in round 2 a storming block may "retreat": it falls back to the siege lines."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    sp = place(s, "SPA-HOP-6", "PLATAEA", 4)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 6 + [6, 6])
    act(s, "sparta", "storm PLATAEA armies")
    assert s.view("sparta")["battle"]["round"] == 2
    assert "retreat" in s.legal_actions("sparta")
    act(s, "sparta", "retreat")
    assert s.battle is None or s.pending is None or s.pending["kind"] != "act"
    assert s.loc[sp] == hex_of(s, "PLATAEA") and not s.inside[sp]  # still besieging
    assert s.inside[a] and s.strength[a] == 2
    assert "falls back from the storm (5.42)" in log_text(s)


def test_5_41_storming_cavalry_fights_at_b1() -> None:
    """5.41: when storming or defending from a walled city, cavalry fight at B1."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-CAV-1", "PLATAEA", 3)  # rated A2
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 6, 2, 2, 2])  # the defending B2 hoplite acts first (5.1) and misses
    act(s, "sparta", "storm PLATAEA armies")
    cavalry = [line for line in fires(s) if line.startswith("Sparta THEBES")]
    assert cavalry and cavalry[0].endswith("2 2 2 — 0 hits (5.2).")  # A2 would have hit 3 times
    assert s.strength[a] == 2 and not s.halfhit[a]


def test_5_41_storming_cavalry_acts_in_the_b_step_after_defending_b_blocks() -> None:
    """5.41/5.1: storming cavalry fight at B1, so they act after defending B blocks."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)  # B2
    place(s, "SPA-CAV-1", "PLATAEA", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 5)
    act(s, "sparta", "storm PLATAEA armies")
    order = [line.split(" ")[0] for line in fires(s)]
    assert order[:2] == ["Athens", "Sparta"]


def test_5_41_navies_fight_at_c1_in_a_siege_battle() -> None:
    """5.41: when storming or defending from a walled city, navies fight at C1."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-NAV-3", "AEGINA", 2, inside=True)  # C3, blockaded
    sp = place(s, "SPA-NAV-3", "AEGINA", 2)  # C2
    at_phase(s, SPARTA, "combat")
    script_dice(s, [2, 2, 2, 2])
    act(s, "sparta", "storm AEGINA navies")
    first_round = fires(s)[:2]
    assert [line.split(" ")[0] for line in first_round] == ["Athens", "Sparta"]
    assert all(line.endswith("2 2 — 0 hits (5.2).") for line in first_round)
    assert s.strength[a] == 2 and s.strength[sp] == 2 and not s.halfhit[a]


# ============================================================================ 5.42 round 2
def test_5_42_retreat_only_in_the_second_round() -> None:
    """5.42: in the second round attacking and defending blocks have the additional option to retreat."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-PEL-1", "0907")
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 6)
    act(s, "sparta", "battle 0907")
    # round 1 asked nobody anything: each block's only option was to fire
    assert len(fires(s)) == 2
    assert s.view("athens")["battle"]["round"] == 2
    assert pending(s) == "act" and s.pending is not None and s.pending["side"] == ATHENS
    assert options(s, "athens", "retreat ") and "fire" in s.legal_actions("athens")


def test_5_42_sallying_armies_cannot_retreat_and_withdraw_after_round_2() -> None:
    """5.42/5.43: sallying armies cannot retreat and withdraw back into the city after round 2."""
    s = empty_board()
    garrison(s)
    sp = place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 12)
    act(s, "sparta", "sally MEGARA armies")
    assert not s.inside[sp]  # it meets the besiegers outside the walls
    seen_retreat = False
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        if role == "sparta":
            seen_retreat |= any(a.startswith("retreat") for a in s.legal_actions("sparta"))
        act(s, role, "fire")
    assert not seen_retreat
    assert s.battle is None
    assert s.inside[sp] and s.loc[sp] == hex_of(s, "MEGARA")


def test_5_42_second_round_repeats_the_sea_battle_in_a_walled_city() -> None:
    """5.42: round 2 repeats round 1, Sea Battle included, even if nobody stormed in round 1."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    place(s, "ATH-NAV-3", "CHALCIS", 2)
    place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    place(s, "SPA-NAV-3", "CHALCIS", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    script_dice(s, [6] * 40)
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        act(s, role, "fire" if "fire" in legal else "pass")
    navy_fires = [line for line in fires(s) if "ATHENS C3" in line or "MEGARA C2" in line]
    assert len(navy_fires) == 4  # two navies, two rounds


# ============================================================================ 5.3 relief / 5.43
def test_5_43_relief_forces_must_engage_cannot_withdraw_and_must_retreat() -> None:
    """5.3/5.43: relief forces must engage, cannot withdraw, and retreat after round 2."""
    s = empty_board()
    garrison(s)
    inside = place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 3)
    relief = place(s, "SPA-HOP-4", "MEGARA", 3, came_from="CORINTH")
    at_phase(s, SPARTA, "combat")
    assert s.legal_actions("sparta") == ["battle MEGARA"]  # the relief battle is not optional
    script_dice(s, [6] * 30)
    act(s, "sparta", "battle MEGARA")
    assert pending(s) == "sallyq"
    act(s, "sparta", "sally armies")
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        if role == "sparta" and s.pending is not None and s.pending["block"] == relief:
            assert "withdraw" not in legal
        act(s, role, "fire")
    assert s.battle is None
    assert s.loc[relief] == hex_of(s, "CORINTH")
    assert s.inside[inside] and s.loc[inside] == hex_of(s, "MEGARA")


def test_5_43_took_walled_city_defending_navy_must_retreat_if_attacking_navy_present() -> None:
    """5.43: attacker took the walled city: the defending navy retreats if an attacking navy is present."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 1)
    anav = place(s, "ATH-NAV-3", "CHALCIS", 2)
    place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    place(s, "SPA-NAV-3", "CHALCIS", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    script_dice(s, [6, 6, 6, 6, 1, 1, 1, 1])  # the navies miss; the hoplite storms: 4 half-hits
    act(s, "athens", "fire")  # Sea Battle: the Athenian navy fires (and misses), then the Spartan
    # Land Battle: only defenders in siege remain there: the Spartan hoplite may storm
    assert pending(s) == "act" and "storm" in s.legal_actions("sparta")
    act(s, "sparta", "storm")
    assert s.strength[bid(s, "ATH-HOP-5")] == 0
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        act(s, role, "fire" if "fire" in legal else "pass")
    # the city is taken and a Spartan navy is present: the Athenian navy must retreat
    assert pending(s) == "retreat" and s.pending is not None and s.pending["block"] == anav
    act(s, "athens", s.legal_actions("athens")[0])
    assert s.loc[anav] != hex_of(s, "CHALCIS")


def test_5_43_took_walled_city_without_attacking_navy_defending_navy_may_blockade() -> None:
    """5.41/5.43: the attacker takes the city; with no attacking navy the defending navy may blockade."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 1)
    anav = place(s, "ATH-NAV-3", "CHALCIS", 2)
    sp = place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    act(s, "athens", "stay")  # the navy has no navy to fight: it remains at sea
    script_dice(s, [6, 1, 1, 1, 1])
    act(s, "sparta", "storm")
    assert s.strength[bid(s, "ATH-HOP-5")] == 0
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "stay" if role == "athens" else "pass")
    if pending(s) == "combat":
        act(s, "sparta", "end")
    chalcis = hex_of(s, "CHALCIS")
    assert s.loc[anav] == chalcis  # not forced away
    assert s.city_owner[s.comp.board.city_index["CHALCIS"]] == SPARTA  # the attacker took it
    assert s.loc[sp] == chalcis
    assert siege_status(s, chalcis)[1]  # the Athenian navy blockades the city


def test_5_43_did_not_take_city_attacking_navy_must_retreat_if_defending_navy_present() -> None:
    """5.43: city not taken: the attacking navy must retreat if a defending navy is present."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    place(s, "ATH-NAV-3", "CHALCIS", 2)
    place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    snav = place(s, "SPA-NAV-3", "CHALCIS", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    script_dice(s, [6] * 40)
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        act(s, role, "fire" if "fire" in legal else "pass")
    while pending(s) == "retreat":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, s.legal_actions(role)[0])
    assert s.loc[snav] != hex_of(s, "CHALCIS")


def test_5_43_did_not_take_city_no_defending_navy_attacker_may_siege_and_blockade() -> None:
    """5.43: city not taken and no defending navy: the attacker may siege and blockade."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    sp = place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    snav = place(s, "SPA-NAV-3", "CHALCIS", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    while pending(s) == "act":  # both rounds: the navy stays at sea, the hoplite does not storm
        act(s, "sparta", "stay" if "stay" in s.legal_actions("sparta") else "pass")
    if pending(s) == "regroup":
        act(s, "sparta", "done")
    chalcis = hex_of(s, "CHALCIS")
    assert s.loc[sp] == chalcis and s.loc[snav] == chalcis
    assert siege_status(s, chalcis) == (True, True, True)
    assert "Sparta may now besiege CHALCIS" in log_text(s)


def test_5_43_new_battle_defenders_remain_attackers_retreat_under_extra_fire() -> None:
    """5.43/R15: defenders remain outside: the attacking army retreats under extra peltast fire."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-PEL-1", "CARYSTUS", 2)  # peltast A2
    place(s, "ATH-HOP-5", "CARYSTUS", 2)  # hoplite: no extra fire
    sp = place(s, "SPA-HOP-6", "CARYSTUS", 4, came_from="MARATHON")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 8)
    act(s, "sparta", "battle CARYSTUS")
    script_dice(s, [6] * 8 + [1, 6])
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    text = log_text(s)
    assert "5.43: Athens NAUPACTUS A2 (2) fires at the retreating attackers: 1 6 — 1 hit." in text
    assert "PLATAEA B2 (2) fires at the retreating" not in text
    assert s.strength[sp] == 3
    assert s.loc[sp] == hex_of(s, "MARATHON")


# ============================================================================ 5.5 retreats
def _battle_at_0907(s: S) -> None:
    """An Athenian hoplite at 0907 attacked by a Spartan hoplite from THEBES; round 2 reached."""
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 30)
    act(s, "sparta", "battle 0907")


def test_5_5_attackers_retreat_through_the_hexsides_they_attacked_across() -> None:
    """5.5: attacking armies must retreat to adjacent hexes via hexsides used to start the combat."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 2)
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    _battle_at_0907(s)
    act(s, "athens", "fire")
    assert options(s, "sparta", "retreat ") == {"THEBES"}


def test_5_5_attackers_retreat_only_whence_they_came_whatever_retreats_were_made() -> None:
    """5.5: the hexsides counted for 4.1 limits (codes h*6+d) never open a hex to the attackers'
    retreat: a code equal to a vacant neighbour's index used to make it a legal retreat."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 2)
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    _battle_at_0907(s)
    assert s.battle is not None
    s.battle["retreat_via"].extend([hex_of(s, "DELPHI"), hex_of(s, "0806")])
    act(s, "athens", "fire")
    assert options(s, "sparta", "retreat ") == {"THEBES"}


def test_5_5_defenders_retreat_through_other_hexsides_to_friendly_or_vacant_hexes() -> None:
    """5.5: defenders retreat via other hexsides to friendly or vacant hexes, never enemy-occupied."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 2)
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    place(s, "SPA-HOP-7", "1006")  # enemy-occupied
    place(s, "ATH-HOP-2", "PLATAEA")  # friendly
    _battle_at_0907(s)
    assert options(s, "athens", "retreat ") == {"PLATAEA", "DELPHI", "0806"}


def test_1_4_defenders_may_retreat_to_an_oracle_occupied_by_the_enemy() -> None:
    """1.4: both sides may retreat to an Oracle hex, even if occupied by the enemy."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 2)
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    place(s, "SPA-HOP-7", "DELPHI")
    _battle_at_0907(s)
    assert "DELPHI" in options(s, "athens", "retreat ")


def test_5_5_retreat_hexside_and_stacking_limits_apply() -> None:
    """5.5/4.1: retreats obey terrain limits: one block through a pass, no retreat into a full hex."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 2)
    place(s, "ATH-HOP-3", "0907", 3)
    place(s, "SPA-HOP-6", "0907", came_from="THEBES")
    place(s, "SPA-HOP-7", "1006")
    for block_id in ("ATH-HOP-2", "ATH-HOP-4", "ATH-PEL-1", "ATH-CAV-1"):
        place(s, block_id, "PLATAEA")  # full: 4 blocks
    _battle_at_0907(s)
    first = s.pending["block"] if s.pending is not None else -1
    assert options(s, "athens", "retreat ") == {"DELPHI", "0806"}
    act(s, "athens", "retreat 0806")  # through the pass
    assert s.pending is not None and s.pending["block"] != first
    assert options(s, "athens", "retreat ") == {"DELPHI"}


def test_5_5_blocks_that_cannot_retreat_are_eliminated() -> None:
    """5.5: blocks that cannot retreat are eliminated (the attacker's way back is now enemy)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "0907", 3)
    a = place(s, "ATH-HOP-2", "0907", 3, came_from="PLATAEA")
    place(s, "SPA-HOP-7", "PLATAEA")
    at_phase(s, ATHENS, "combat")
    script_dice(s, [6] * 30)
    act(s, "athens", "battle 0907")
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert s.loc[a] < 0
    assert "cannot retreat and is eliminated (5.5)" in log_text(s)


def test_5_5_navies_retreat_to_a_friendly_port_within_four_hexes() -> None:
    """5.5: navies retreat to a friendly port within four hexes (TROEZEN reaches GYTHEUM)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-1", "TROEZEN", 2)
    place(s, "ATH-NAV-1", "TROEZEN", 4)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [6] * 12)
    act(s, "athens", "battle TROEZEN")
    while pending(s) == "act" and s.pending is not None and s.pending["side"] == ATHENS:
        act(s, "athens", "fire")
    assert pending(s) == "act" and s.pending is not None and s.pending["side"] == SPARTA
    refuges = options(s, "sparta", "retreat ")
    assert "GYTHEUM" in refuges
    board = s.comp.board
    for name in refuges:
        city = board.cities[board.city_at[hex_of(s, name)]]
        assert city.port and s.city_owner[city.index] == SPARTA, name


def test_5_5_navy_retreating_from_naupactus_reaches_corinth() -> None:
    """5.5 (component data example): a navy retreating from NAUPACTUS reaches CORINTH."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-NAV-5", "NAUPACTUS", 3)
    place(s, "SPA-NAV-2", "NAUPACTUS", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 12)
    act(s, "sparta", "battle NAUPACTUS")
    while pending(s) == "act" and s.pending is not None and s.pending["side"] == ATHENS:
        act(s, "athens", "fire")
    assert pending(s) == "act" and s.pending is not None and s.pending["side"] == SPARTA
    assert "CORINTH" in options(s, "sparta", "retreat ")


def test_4_4_navy_fighting_in_a_coastal_hex_must_end_the_combat_phase_in_a_port() -> None:
    """4.4: navies may fight in any coastal hex but must end the Combat Phase in a friendly port."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "1207", 2)
    nav = place(s, "SPA-NAV-3", "1207", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 12)
    act(s, "sparta", "battle 1207")
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        act(s, role, "land" if "land" in legal else "fire" if "fire" in legal else "pass")
    while pending(s) in ("retreat", "regroup"):
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, s.legal_actions(role)[0])
    assert s.loc[nav] != hex_of(s, "1207")
    if s.loc[nav] >= 0:
        city = s.comp.board.city_at[s.loc[nav]]
        assert city >= 0 and s.comp.board.cities[city].port and s.city_owner[city] == SPARTA


def test_5_41_defending_navy_cannot_withdraw_once_the_city_is_taken() -> None:
    """5.41: once all blocks in siege are eliminated, a remaining defending navy cannot withdraw."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 1)
    place(s, "ATH-NAV-3", "CHALCIS", 2)
    place(s, "SPA-HOP-6", "CHALCIS", 4, came_from="MARATHON")
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CHALCIS")
    act(s, "athens", "withdraw ATH-HOP-5")
    act(s, "athens", "engage")
    act(s, "athens", "stay")
    script_dice(s, [6, 1, 1, 1, 1])
    act(s, "sparta", "storm")
    assert s.strength[bid(s, "ATH-HOP-5")] == 0
    assert pending(s) == "act" and s.pending is not None and s.pending["side"] == ATHENS  # round 2
    assert s.view("athens")["battle"]["round"] == 2
    assert "withdraw" not in s.legal_actions("athens")


def test_5_4_relief_forces_engage_even_if_no_besieged_blocks_sally() -> None:
    """5.4: all relief forces must engage, even if no besieged blocks sally."""
    s = empty_board()
    garrison(s)
    inside = place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)
    place(s, "ATH-HOP-2", "MEGARA", 3)
    place(s, "SPA-HOP-4", "MEGARA", 3, came_from="CORINTH")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 30)
    act(s, "sparta", "battle MEGARA")
    act(s, "sparta", "remain")
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    shooters = [line.split(" fires")[0] for line in fires(s)]
    assert "Sparta CORINTH B3 (3)" in shooters  # the relief force fought
    assert "Sparta MEGARA B2 (3)" not in shooters  # the besieged stayed in
    assert s.inside[inside]


# ============================================================================ 9.2 SYRACUSE
def _attack_syracuse(s: S, with_navy: bool) -> list[tuple[str, str, list[str]]]:
    """Athens sails to SYRACUSE from CORCYRA and attacks; every block fights (dice all miss).
    Returns the decisions asked, as (role, kind, legal actions)."""
    garrison(s)
    place(s, "ATH-HOP-6", "CORCYRA")
    if with_navy:
        place(s, "ATH-NAV-5", "CORCYRA")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "sea ATH-HOP-6")
    act(s, "athens", "to SYRACUSE")
    if with_navy:
        act(s, "athens", "sea ATH-NAV-5")
        act(s, "athens", "to SYRACUSE")
    act(s, "athens", "end")
    script_dice(s, [6] * 80)
    act(s, "athens", "battle SYRACUSE")
    asked: list[tuple[str, str, list[str]]] = []
    while s.pending is not None and s.pending["kind"] in ("declare", "act", "regroup", "hit"):
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        asked.append((role, str(s.pending["kind"]), legal))
        if s.pending["kind"] == "regroup":
            break
        act(s, role, next((a for a in ("engage", "fire", "land", "done") if a in legal), legal[0]))
    return asked


def test_9_2_syracuse_attacking_armies_cannot_retreat_defenders_withdraw_after_round_2() -> None:
    """9.2: attacking armies cannot retreat; defenders must withdraw into SYRACUSE after round 2."""
    s = empty_board()
    asked = _attack_syracuse(s, with_navy=False)
    for role, _kind, legal in asked:
        if role == "athens":
            assert not any(a.startswith("retreat") for a in legal), legal
    syr = s.comp.board.syracuse_hex
    greens = [bid(s, x) for x in ("NEU-HOP-3", "NEU-HOP-4", "NEU-CAV-1", "NEU-NAV-1")]
    assert all(s.loc[b] == syr and s.inside[b] for b in greens)
    hop = bid(s, "ATH-HOP-6")
    assert s.loc[hop] == syr and not s.inside[hop]  # besieging


def test_9_2_navies_retreat_from_syracuse_to_a_friendly_unblockaded_embarkation_port() -> None:
    """9.2: movement to and from SYRACUSE goes "via a friendly (unblockaded)" embarkation port, and
    attacking navies "can retreat to a friendly embarkation hex": CORCYRA and CEPHALLENIA, not
    Spartan CYLLENE, nor LEUCAS while a siege and blockade hold it (RULINGS R30)."""
    s = empty_board()
    place(s, "SPA-NAV-6", "LEUCAS", 2, inside=True)
    place(s, "ATH-HOP-10", "LEUCAS", 3)
    place(s, "ATH-NAV-7", "LEUCAS", 2)  # Athens besieges and blockades LEUCAS: friendly to her (4.2)
    asked = _attack_syracuse(s, with_navy=True)
    retreats = {a[len("retreat "):] for role, _kind, legal in asked if role == "athens"
                for a in legal if a.startswith("retreat ")}
    assert retreats == {"CORCYRA", "CEPHALLENIA"}


def test_9_2_no_regrouping_after_combat_at_syracuse() -> None:
    """9.2: standard combat rules apply at SYRACUSE, except there is no regrouping after combat."""
    s = empty_board()
    asked = _attack_syracuse(s, with_navy=True)
    assert not any(kind == "regroup" for _role, kind, _legal in asked), asked[-1]


# ============================================================================ 4.3 sea control
def _naupactus(s: S) -> int:
    garrison(s)
    place(s, "ATH-PEL-1", "NAUPACTUS", 2)
    place(s, "ATH-NAV-5", "NAUPACTUS", 3)
    sp = place(s, "SPA-HOP-9", "NAUPACTUS", 2, came_from="SICYON", crossed=True)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 40)
    act(s, "sparta", "battle NAUPACTUS")
    return sp


def test_4_3_crossed_attackers_cannot_retreat_across_while_the_defender_holds_the_sea() -> None:
    """4.3/5.5: with defender sea control crossed armies cannot retreat across: they are eliminated."""
    s = empty_board()
    sp = _naupactus(s)
    act(s, "athens", "stay")  # the Athenian navy keeps the sea
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        if role == "sparta":
            assert not any(a.startswith("retreat") for a in legal)
        act(s, role, "stay" if "stay" in legal else "fire" if "fire" in legal else "pass")
    assert s.loc[sp] != hex_of(s, "SICYON")
    assert s.loc[sp] < 0


def test_4_3_defending_navy_in_the_land_battle_still_holds_the_sea() -> None:
    """4.3/5.41: crossed armies cannot engage until the defending navy is gone, even in the land battle."""
    s = empty_board()
    sp = _naupactus(s)
    act(s, "athens", "land")
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        assert not (role == "sparta" and s.pending is not None and s.pending["block"] == sp), \
            f"the crossed army was offered {s.legal_actions('sparta')}"
        act(s, role, "fire" if "fire" in s.legal_actions(role) else "pass")
    assert not any(line.startswith("Sparta SICYON") for line in fires(s))


# ============================================================================ 5.6 regroups
def _won_at_0907(s: S) -> None:
    garrison(s)
    place(s, "ATH-HOP-5", "0907", 1)
    place(s, "SPA-HOP-6", "0907", 4, came_from="THEBES")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 1, 6, 6, 6])
    act(s, "sparta", "battle 0907")


def test_5_6_victorious_armies_regroup_to_adjacent_friendly_hexes() -> None:
    """5.6: after a new battle victorious armies may regroup to adjacent friendly hexes or sieges."""
    s = empty_board()
    place(s, "ATH-HOP-2", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-8", "PLATAEA", 2)  # a Spartan siege of PLATAEA
    _won_at_0907(s)
    assert pending(s) == "regroup"
    assert options(s, "sparta", "regroup SPA-HOP-6 ") == {"THEBES", "PLATAEA"}  # not vacant hexes
    act(s, "sparta", "regroup SPA-HOP-6 THEBES")
    assert s.loc[bid(s, "SPA-HOP-6")] == hex_of(s, "THEBES")


def test_5_6_regrouped_armies_cannot_attack_again_this_combat_phase() -> None:
    """5.6: armies regrouped into a friendly siege cannot attack (storm) again this Combat Phase."""
    s = empty_board()
    place(s, "ATH-HOP-2", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-8", "PLATAEA", 2)
    _won_at_0907(s)
    act(s, "sparta", "regroup SPA-HOP-6 PLATAEA")
    script_dice(s, [1, 6, 6, 6, 6, 6, 6, 6, 6])  # the besieged hoplite hits once
    before = len(s.log)
    act(s, "sparta", "storm PLATAEA armies")
    assert s.strength[bid(s, "SPA-HOP-6")] == 4  # the 4-step regrouped hoplite took no hit
    storm_log = [text for _, text in s.log[before:]]
    assert not any(line.startswith("Sparta THEBES") and " fires: " in line for line in storm_log)


def test_5_6_victorious_armies_of_an_ongoing_siege_cannot_regroup() -> None:
    """5.6: victorious armies of an on-going siege cannot regroup."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 1, 1, 6, 6])
    act(s, "sparta", "storm PLATAEA armies")
    assert s.strength[bid(s, "ATH-HOP-5")] == 0
    assert pending(s) != "regroup"
    assert s.loc[bid(s, "SPA-HOP-6")] == hex_of(s, "PLATAEA")


def test_5_6_victorious_navies_regroup_to_a_friendly_port_within_four() -> None:
    """5.6: victorious navies may regroup (not via enemy hexes) to a friendly port within 4 hexes."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-NAV-3", "AEGINA", 1)
    place(s, "SPA-NAV-1", "AEGINA", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle AEGINA")
    act(s, "athens", "engage")
    script_dice(s, [6, 1, 6])
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert pending(s) == "regroup"
    dests = options(s, "sparta", "regroup SPA-NAV-1 ")
    assert {"MEGARA", "EPIDAURUS", "TROEZEN"} <= dests
    board = s.comp.board
    for name in dests:
        city = board.cities[board.city_at[hex_of(s, name)]]
        assert city.port and s.city_owner[city.index] == SPARTA, name


def _gytheum_sea_battle(s: S, dice: list[int]) -> None:
    """An Athenian navy attacks the Spartan navy at GYTHEUM; every friendly port Athens could
    reach within four hexes lies beyond TROEZEN, a vacant Spartan port city."""
    garrison(s)
    place(s, "ATH-NAV-1", "GYTHEUM", 4)
    place(s, "SPA-NAV-1", "GYTHEUM", 2)
    at_phase(s, ATHENS, "combat")
    script_dice(s, dice)
    act(s, "athens", "battle GYTHEUM")


def test_5_5_navy_retreat_avoids_a_vacant_enemy_port() -> None:
    """5.5: "Navies must retreat (not via enemy hexes)"; 4.2: a vacant enemy port city is an enemy
    hex (friendly to the enemy). Past TROEZEN lie ATHENS and AEGINA, but the way is shut: no retreat,
    and the navy that must retreat (5.43) is eliminated; once TROEZEN is Athenian it retreats."""
    s = empty_board()
    _gytheum_sea_battle(s, [6] * 12)
    seen: set[str] = set()
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        seen |= {a for a in s.legal_actions(role) if a.startswith("retreat")}
        act(s, role, "fire")
    assert not {a for a in seen if "ATHENS" in a or "AEGINA" in a}
    assert s.loc[bid(s, "ATH-NAV-1")] < 0
    assert "Athens ATHENS cannot retreat and is eliminated (5.5)." in log_text(s)
    s = empty_board()
    set_owner(s, "TROEZEN", ATHENS)
    _gytheum_sea_battle(s, [6] * 12)
    while pending(s) == "act" and s.pending is not None and s.pending["side"] == SPARTA:
        act(s, "sparta", "fire")
    assert options(s, "athens", "retreat ") == {"TROEZEN", "AEGINA", "ATHENS"}


def test_5_6_navy_regroup_avoids_a_vacant_enemy_port() -> None:
    """5.6: "Victorious navies may regroup (not via enemy hexes)": from GYTHEUM no Athenian navy
    passes TROEZEN, a vacant Spartan port (4.2), so there is nowhere to regroup to."""
    s = empty_board()
    _gytheum_sea_battle(s, [6, 6, 1, 1, 6, 6])  # the defending C2 misses twice; two C3 hits sink it
    assert s.loc[bid(s, "SPA-NAV-1")] < 0
    assert pending(s) != "regroup"
    assert s.loc[bid(s, "ATH-NAV-1")] == hex_of(s, "GYTHEUM")
    s = empty_board()
    set_owner(s, "TROEZEN", ATHENS)
    _gytheum_sea_battle(s, [6, 6, 1, 1, 6, 6])
    assert pending(s) == "regroup"
    assert options(s, "athens", "regroup ATH-NAV-1 ") == {"TROEZEN", "AEGINA", "ATHENS"}


def test_5_6_victorious_armies_may_regroup_into_their_own_blockade() -> None:
    """5.6: victorious armies "can regroup to an existing and friendly siege or blockade hex (4.2)":
    MEGARA, whose Spartan garrison an Athenian navy blockades (friendly to Athens at sea, 4.2), is
    one; Spartan THEBES, next door but not blockaded, is not."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)
    place(s, "ATH-NAV-2", "MEGARA", 4)
    place(s, "SPA-HOP-9", "PLATAEA", 2)
    hop = place(s, "ATH-HOP-2", "PLATAEA", 3, came_from="ATHENS")
    at_phase(s, ATHENS, "combat")
    act(s, "athens", "battle PLATAEA")
    act(s, "sparta", "engage")
    script_dice(s, [6, 6, 1, 1, 6])  # the defender misses; the attacking B3 scores two hits
    while pending(s) == "act":
        role = "athens" if s.pending is not None and s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert pending(s) == "regroup"
    dests = options(s, "athens", "regroup ATH-HOP-2 ")
    assert "MEGARA" in dests and "THEBES" not in dests
    act(s, "athens", "regroup ATH-HOP-2 MEGARA")
    assert s.loc[hop] == hex_of(s, "MEGARA") and siege_status(s, hex_of(s, "MEGARA"))[:2] == (True, True)


def test_4_2_one_notion_of_enemy_hex() -> None:
    """4.2: enemy hexes are those friendly to the enemy: his cities even when vacant, hexes his blocks
    alone occupy; a blockaded hex is the blockader's at sea, a besieged one the besieger's on land.
    Strategic moves, retreats and regroups are closed to them, and to contested hexes and hexes
    where enemy blocks stand outside the walls; never to an Oracle (1.4)."""
    from polemos.games.athens_sparta.common import closed_to, enemy_hex, friendly_hex, occ_of, update_control

    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)
    place(s, "ATH-NAV-2", "MEGARA", 4)  # an Athenian blockade of MEGARA
    place(s, "SPA-NAV-1", "DELOS", 2)  # the enemy in an Oracle
    place(s, "SPA-PEL-1", "1207", 3)  # Spartan blocks alone in a hex without a city
    update_control(s)
    troezen, megara, delos, plain = (hex_of(s, n) for n in ("TROEZEN", "MEGARA", "DELOS", "1207"))
    assert enemy_hex(s, ATHENS, troezen) and enemy_hex(s, ATHENS, troezen, sea=True)  # vacant, Spartan
    assert enemy_hex(s, ATHENS, plain) and enemy_hex(s, ATHENS, delos, sea=True)
    assert friendly_hex(s, ATHENS, megara, sea=True) and enemy_hex(s, ATHENS, megara)  # blockaded, not besieged
    assert enemy_hex(s, SPARTA, megara, sea=True) and not enemy_hex(s, SPARTA, megara)
    for sea in (False, True):
        closed = closed_to(s, ATHENS, sea, occ_of(s))
        assert closed[troezen] and closed[plain] and not closed[delos]  # 1.4: an Oracle stays open
        assert not closed[hex_of(s, "ATHENS")] and not closed[hex_of(s, "AEGINA")]
    assert closed_to(s, SPARTA, True, occ_of(s))[megara] and not closed_to(s, ATHENS, True, occ_of(s))[megara]


# ============================================================================ 5.61 pillage
def test_5_61_pillage_equals_city_value_spent_on_blocks_that_do_not_regroup() -> None:
    """5.61: pillage BPs equal the captured major city's value, spent on blocks that do not regroup."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-10", "ELIS", 1)
    hop = place(s, "ATH-HOP-2", "ELIS", 2, came_from="0510")
    pel = place(s, "ATH-PEL-1", "ELIS", 1, came_from="0510")
    place(s, "ATH-HOP-4", "0510")  # a friendly hex to regroup to
    at_phase(s, ATHENS, "combat")
    script_dice(s, [1, 6, 6, 6])  # the Athenian peltast (A) eliminates the defender at once
    act(s, "athens", "battle ELIS")
    assert "5.61: Athens takes ELIS and may pillage 1 BP." in log_text(s)
    assert pending(s) == "regroup"
    act(s, "athens", "regroup ATH-HOP-2 0510")
    if pending(s) == "regroup":
        act(s, "athens", "done")
    assert pending(s) == "pillage"
    assert set(s.legal_actions("athens")) == {"pillage ATH-PEL-1", "done"}
    act(s, "athens", "pillage ATH-PEL-1")
    assert s.strength[pel] == 2 and s.strength[hop] == 2


def test_5_61_no_pillage_for_a_minor_city() -> None:
    """5.61: pillage is for captured *major* cities (PLATAEA is minor)."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 1, 1, 6])
    act(s, "sparta", "storm PLATAEA armies")
    assert s.strength[bid(s, "ATH-HOP-5")] == 0
    assert pending(s) != "pillage"
    assert "pillage" not in log_text(s)


def test_5_61_captured_city_changes_hands_at_the_end_of_the_phase() -> None:
    """5.41/4.2: a stormed city is taken by the attacker and changes hands at the end of the Phase."""
    s = empty_board()
    garrison(s)
    set_owner(s, "PLATAEA", ATHENS)
    place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 1, 1, 6])
    act(s, "sparta", "storm PLATAEA armies")
    if pending(s) == "combat":
        act(s, "sparta", "end")
    assert s.city_owner[s.comp.board.city_index["PLATAEA"]] == SPARTA
