"""Rule tests for Siege Attrition in Athens & Sparta (6.0, 6.1), the Hellespont (9.1), Sicily's
attrition effects (9.2) and the Earthquake event's attrition order (4.6 sidebar).

Each test puts a siege on the board, ends the Active Player's Combat Phase and reads the
attrition rolls (scripted dice) in the log and their hits on the blocks.
"""

from __future__ import annotations

import pytest

from polemos import script_dice
from polemos.games.athens_sparta.attrition import siege_status
from polemos.games.athens_sparta.model import ATHENS, NAVY, SPARTA
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import act, at_phase, bid, empty_board, game, garrison, hex_of, log_text, place, set_owner

S = AthensSpartaState


def attrition_lines(s: S) -> list[str]:
    return [line for _, line in s.log if line.startswith("6.0 Siege Attrition")]


def end_combat(s: S, role: str) -> None:
    """End the Active Player's Combat Phase: Siege Attrition follows (6.0)."""
    act(s, role, "end")


# ============================================================================ 6.0 targets
def test_6_0_besieger_rolls_4_plus_hits_on_the_strongest() -> None:
    """6.0: the besieger rolls one die per block at 4+; hits fall on the strongest blocks."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    big = place(s, "SPA-HOP-6", "PLATAEA", 4)
    small = place(s, "SPA-HOP-7", "PLATAEA", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [4, 3])
    end_combat(s, "sparta")
    assert attrition_lines(s) == ["6.0 Siege Attrition at PLATAEA (Sparta, besieger, 4+): 4 3 — 1 hit."]
    # the strongest takes it; Sparta places the hit herself, her blocks being hidden (RULINGS R31)
    assert s.legal_actions("sparta") == ["hit SPA-HOP-6"]
    act(s, "sparta", "hit SPA-HOP-6")
    assert s.strength[big] == 3 and s.strength[small] == 2


def test_6_0_half_siege_defender_rolls_5_plus() -> None:
    """6.0: a besieged defender in a half-siege (siege or blockade) rolls 5+."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    assert siege_status(s, hex_of(s, "PLATAEA")) == (True, False, False)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [4])
    end_combat(s, "athens")
    assert attrition_lines(s) == ["6.0 Siege Attrition at PLATAEA (Athens, half-siege, 5+): 4 — 0 hits."]
    assert s.strength[a] == 2


def test_6_0_full_siege_defender_rolls_3_plus() -> None:
    """6.0: a besieged defender in a full siege (siege and blockade of a port) rolls 3+."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "SPA-NAV-3", "PLATAEA", 2)
    assert siege_status(s, hex_of(s, "PLATAEA")) == (True, True, True)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [3])
    end_combat(s, "athens")
    assert attrition_lines(s) == ["6.0 Siege Attrition at PLATAEA (Athens, full siege, 3+): 3 — 1 hit."]
    assert s.strength[a] == 1


def test_6_0_siege_of_a_landlocked_city_is_a_full_siege() -> None:
    """6.0: a siege of a landlocked city (THEBES) by armies only is a full siege (3+)."""
    s = empty_board()
    garrison(s)
    sp = place(s, "SPA-HOP-6", "THEBES", 3, inside=True)
    place(s, "ATH-HOP-2", "THEBES", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [3])
    end_combat(s, "sparta")
    assert attrition_lines(s) == ["6.0 Siege Attrition at THEBES (Sparta, full siege, 3+): 3 — 1 hit."]
    assert s.strength[sp] == 2


def test_6_1_blockade_of_an_island_with_six_sea_hexsides_is_a_full_siege() -> None:
    """6.1: blockades of ports on islands with six sea hexsides (NAXOS) are full sieges."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "NAXOS", 2, inside=True)
    place(s, "SPA-NAV-3", "NAXOS", 2)
    assert siege_status(s, hex_of(s, "NAXOS")) == (False, True, True)


@pytest.mark.parametrize("city", ["CORCYRA", "LEUCAS"])
def test_6_1_blockade_of_an_island_reached_by_one_strait_is_a_full_siege(city: str) -> None:
    """6.1: blockades of ports on islands that can only be reached via one strait (e.g. CORCYRA) are full sieges."""
    s = empty_board()
    garrison(s)
    inside, outside = ("ATH-HOP-6", "SPA-NAV-5") if city == "CORCYRA" else ("SPA-HOP-13", "ATH-NAV-5")
    place(s, inside, city, 2, inside=True)
    place(s, outside, city, 2)
    assert siege_status(s, hex_of(s, city)) == (False, True, True)


def test_6_1_blockade_of_an_island_with_only_one_port_is_a_full_siege() -> None:
    """6.1: blockades of islands with only one port (AEGINA: an island hex with no land hexside) are full sieges."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "AEGINA", 2, inside=True)
    place(s, "SPA-NAV-3", "AEGINA", 2)
    assert siege_status(s, hex_of(s, "AEGINA")) == (False, True, True)


def test_6_1_cephallenia_the_rules_one_port_island_can_be_blockaded_into_a_full_siege() -> None:
    """6.1 names CEPHALLENIA as the island with only one port whose blockade is a full siege; 5.3:
    only walled cities are besieged or blockaded, so its defenders may withdraw into it (5.4) and
    then roll attrition at 3+ (6.0)."""
    s = empty_board()
    garrison(s)
    d = place(s, "ATH-HOP-6", "CEPHALLENIA", 2)
    place(s, "SPA-NAV-6", "CEPHALLENIA", 2)
    at_phase(s, SPARTA, "combat")
    act(s, "sparta", "battle CEPHALLENIA")
    act(s, "athens", "withdraw ATH-HOP-6")
    assert s.inside[d]
    assert siege_status(s, hex_of(s, "CEPHALLENIA")) == (False, True, True)
    s = empty_board()
    garrison(s)
    d = place(s, "ATH-HOP-6", "CEPHALLENIA", 2, inside=True)
    place(s, "SPA-NAV-6", "CEPHALLENIA", 2)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [3])
    end_combat(s, "athens")
    assert attrition_lines(s) == ["6.0 Siege Attrition at CEPHALLENIA (Athens, full siege, 3+): 3 — 1 hit."]
    assert s.strength[d] == 1


def test_6_1_blockade_of_a_port_on_a_large_island_is_a_half_siege() -> None:
    """6.1: this does not apply to ports on larger islands like Euboea (CHALCIS) where land supply is also available."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "CHALCIS", 2, inside=True)
    place(s, "SPA-NAV-3", "CHALCIS", 2)
    assert siege_status(s, hex_of(s, "CHALCIS")) == (False, True, False)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [4])
    end_combat(s, "athens")
    assert attrition_lines(s) == ["6.0 Siege Attrition at CHALCIS (Athens, half-siege, 5+): 4 — 0 hits."]
    assert s.strength[a] == 2


def test_6_0_only_the_active_player_rolls_for_his_blocks() -> None:
    """6.0: the Active Player rolls Siege Attrition for his own blocks only."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "SPA-NAV-3", "PLATAEA", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6, 6])
    end_combat(s, "sparta")
    assert attrition_lines(s) == ["6.0 Siege Attrition at PLATAEA (Sparta, besieger, 4+): 6 6 — 2 hits."]


def test_5_31_reserve_besiegers_still_roll_siege_attrition() -> None:
    """5.31: extra attacking blocks beyond the siege limit still roll for Siege Attrition."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", 2, inside=True)
    for block_id in ("SPA-HOP-6", "SPA-HOP-7", "SPA-HOP-8"):
        place(s, block_id, "PLATAEA", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [1, 1, 1])
    end_combat(s, "sparta")
    assert attrition_lines(s) == ["6.0 Siege Attrition at PLATAEA (Sparta, besieger, 4+): 1 1 1 — 0 hits."]


def test_6_0_attrition_hits_can_eliminate_besieged_blocks_to_the_pool() -> None:
    """6.0/8.5: a full-siege defender hits on 3+; a block eliminated by attrition goes to the pool."""
    s = empty_board()
    garrison(s)
    inner = place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "SPA-NAV-3", "PLATAEA", 2)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [3])
    end_combat(s, "athens")
    assert s.loc[inner] == POOL  # eliminated by attrition: to the Replacement Pool (8.5)


# ============================================================================ POTIDAEA at start
def test_3_0_potidaea_starts_in_a_full_siege_sparta_3_plus_athens_4_plus() -> None:
    """3.0 and sidebar: POTIDAEA starts in a full siege: Sparta rolls 3+, Athens 4+."""
    start = game().new(1)
    pot = hex_of(start, "POTIDAEA")
    assert siege_status(start, pot) == (True, True, True)
    # Sparta's roll (end of a Spartan turn) and Athens' roll (end of an Athenian turn)
    for side, role, target in ((SPARTA, "sparta", "full siege, 3+"), (ATHENS, "athens", "besieger, 4+")):
        st = start.clone()
        at_phase(st, side, "combat")
        n = sum(1 for b in range(len(st.loc)) if st.loc[b] == pot and st.owner[b] == side)
        script_dice(st, [6] * n)
        end_combat(st, role)
        assert any(f"POTIDAEA ({'Sparta' if side == SPARTA else 'Athens'}, {target})" in line
                   for line in attrition_lines(st)), attrition_lines(st)


def test_6_0_potidaea_becomes_a_half_siege_when_the_athenian_navy_leaves() -> None:
    """Siege Attrition sidebar: without the Athenian navy POTIDAEA is a half-siege (5+)."""
    start = game().new(1)
    pot = hex_of(start, "POTIDAEA")
    for b in range(len(start.loc)):
        if start.loc[b] == pot and start.owner[b] == ATHENS and start.comp.blocks[b].type == NAVY:
            start.loc[b] = POOL
    assert siege_status(start, pot) == (True, False, False)
    at_phase(start, SPARTA, "combat")
    script_dice(start, [6] * 4)
    end_combat(start, "sparta")
    assert any("POTIDAEA (Sparta, half-siege, 5+)" in line for line in attrition_lines(start))


# ============================================================================ 9.1 Hellespont
def test_9_1_spartan_sea_control_of_abydos_removes_a_block_from_athens() -> None:
    """9.1/R17: Spartan sea control of ABYDOS: Athens removes a block of her choice from ATHENS."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-2", "ATHENS")
    place(s, "SPA-NAV-1", "ABYDOS")
    at_phase(s, ATHENS, "combat")
    end_combat(s, "athens")
    assert s.pending is not None and s.pending["kind"] == "hellespont"
    assert set(s.legal_actions("athens")) == {"remove ATH-HOP-1", "remove ATH-HOP-2"}
    act(s, "athens", "remove ATH-HOP-2")
    assert s.loc[bid(s, "ATH-HOP-2")] == POOL
    assert s.loc[bid(s, "ATH-HOP-1")] == hex_of(s, "ATHENS")
    assert "9.1 Hellespont" in log_text(s)


def test_9_1_no_removal_at_the_end_of_a_spartan_turn_or_without_sea_control() -> None:
    """9.1: the removal happens at the end of Athenian Player Turns, and only under Spartan sea control of ABYDOS."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-1", "ABYDOS")
    at_phase(s, SPARTA, "combat")
    end_combat(s, "sparta")
    assert s.pending == {"kind": "move", "side": ATHENS}
    s2 = empty_board()
    garrison(s2)
    place(s2, "ATH-HOP-2", "ATHENS")  # ABYDOS Athenian and vacant: no Spartan sea control
    at_phase(s2, ATHENS, "combat")
    end_combat(s2, "athens")
    assert s2.pending == {"kind": "move", "side": SPARTA}


def test_9_2_syracuse_held_with_sea_control_makes_athens_immune_to_the_hellespont() -> None:
    """9.2: Athens holding SYRACUSE with sea control is immune to the Hellespont (9.1)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-1", "ABYDOS")
    set_owner(s, "SYRACUSE", ATHENS)
    place(s, "ATH-NAV-5", "SYRACUSE")
    at_phase(s, ATHENS, "combat")
    end_combat(s, "athens")
    assert s.pending == {"kind": "move", "side": SPARTA}
    assert s.loc[bid(s, "ATH-HOP-1")] == hex_of(s, "ATHENS")
    assert "immune to the Hellespont" in log_text(s)


# ============================================================================ 9.2 Sicily
def test_9_2_syracuse_attacker_rolls_attrition_at_plus_1_when_defender_has_sea_control() -> None:
    """9.2/R10: with defender sea control at SYRACUSE the attacker's attrition rolls are +1."""
    s = empty_board()
    garrison(s)
    set_owner(s, "SYRACUSE", SPARTA)
    place(s, "NEU-HOP-3", "SYRACUSE", 2, inside=True)
    s.owner[bid(s, "NEU-HOP-3")] = SPARTA
    a = place(s, "ATH-HOP-6", "SYRACUSE", 2)  # an Athenian army besieges; no Athenian navy
    at_phase(s, ATHENS, "combat")
    script_dice(s, [3])
    end_combat(s, "athens")
    assert attrition_lines(s) == [
        "6.0 Siege Attrition at SYRACUSE (Athens, besieger, 4+, +1 at SYRACUSE 9.2): 3 — 1 hit."]
    assert s.strength[a] == 1


def test_9_2_no_plus_1_when_the_attacker_blockades_syracuse() -> None:
    """9.2: the +1 applies only while the defender has sea control of SYRACUSE."""
    s = empty_board()
    garrison(s)
    set_owner(s, "SYRACUSE", SPARTA)
    place(s, "NEU-HOP-3", "SYRACUSE", 2, inside=True)
    s.owner[bid(s, "NEU-HOP-3")] = SPARTA
    place(s, "ATH-HOP-6", "SYRACUSE", 2)
    place(s, "ATH-NAV-5", "SYRACUSE", 3)
    at_phase(s, ATHENS, "combat")
    script_dice(s, [3, 3])
    end_combat(s, "athens")
    assert attrition_lines(s) == ["6.0 Siege Attrition at SYRACUSE (Athens, besieger, 4+): 3 3 — 0 hits."]


def test_9_2_syracuse_captured_by_athens_corinth_rolls_5_plus() -> None:
    """9.2: SYRACUSE captured by Athens: Spartan blocks in CORINTH roll attrition 5+ after her turns."""
    s = empty_board()
    garrison(s)
    set_owner(s, "SYRACUSE", ATHENS)
    place(s, "ATH-HOP-6", "SYRACUSE", 2)
    big = place(s, "SPA-HOP-4", "CORINTH", 3)
    place(s, "SPA-NAV-2", "CORINTH", 2)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [5, 4])
    end_combat(s, "sparta")
    text = log_text(s)
    assert "9.2: SYRACUSE's grain is cut off; Spartan blocks in CORINTH roll attrition (5+): 5 4 — 1 hit." in text
    act(s, "sparta", "hit SPA-HOP-4")  # the strongest, placed by its owner (RULINGS R31)
    assert s.strength[big] == 2
    # not at the end of an Athenian Player Turn
    s2 = empty_board()
    garrison(s2)
    set_owner(s2, "SYRACUSE", ATHENS)
    place(s2, "ATH-HOP-6", "SYRACUSE", 2)
    place(s2, "SPA-HOP-4", "CORINTH", 3)
    at_phase(s2, ATHENS, "combat")
    end_combat(s2, "athens")
    assert "grain" not in log_text(s2)


def test_9_2_syracuse_blockaded_by_athens_corinth_rolls() -> None:
    """9.2: if SYRACUSE is blockaded by Athens, Spartan blocks in CORINTH roll attrition (5+)."""
    s = empty_board()
    garrison(s)
    set_owner(s, "SYRACUSE", SPARTA)
    place(s, "NEU-HOP-3", "SYRACUSE", 2, inside=True)
    s.owner[bid(s, "NEU-HOP-3")] = SPARTA
    place(s, "ATH-NAV-5", "SYRACUSE", 3)
    place(s, "SPA-HOP-4", "CORINTH", 3)
    at_phase(s, SPARTA, "combat")
    script_dice(s, [1, 1])
    end_combat(s, "sparta")
    assert "SYRACUSE's grain is cut off" in log_text(s)


# ============================================================================ Earthquake
def test_4_6_earthquake_player_1_rolls_attrition_first_player_2_skips_an_ended_siege() -> None:
    """4.6 sidebar/R18: Player 1 rolls attrition first; Player 2 skips a siege it ended."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "PLATAEA", 1, inside=True)  # besieged, half-siege: 5+
    place(s, "SPA-HOP-6", "PLATAEA", 4)
    place(s, "ATH-HOP-2", "MEGARA", 3)
    place(s, "SPA-HOP-8", "MEGARA", 3, inside=True)  # besieged by Athens
    cards = s.comp.cards
    quake = next(c for c, card in enumerate(cards) if card.event == "earthquake")
    other = next(c for c, card in enumerate(cards) if card.mp == 1 and not card.event)
    s.hands = [[quake], [other]]
    act(s, "athens", "play " + cards[quake].id)
    script_dice(s, [6, 5])  # Athens (Player 1: the event) rolls first: PLATAEA 6 (5+), MEGARA 5 (4+)
    act(s, "sparta", "play " + cards[other].id)
    lines = attrition_lines(s)
    assert s.p1 == ATHENS
    assert lines[0].startswith("6.0 Siege Attrition at PLATAEA (Athens") or lines[0].startswith(
        "6.0 Siege Attrition at MEGARA (Athens")
    assert lines[1].startswith("6.0 Siege Attrition at") and "(Athens" in lines[1]
    assert s.loc[a] == POOL  # the siege of PLATAEA ended with the Athenian roll
    assert not any("PLATAEA (Sparta" in line for line in lines)  # so Sparta does not roll there
    assert any("MEGARA (Sparta" in line for line in lines)
    assert "Earthquake (4.6)" in log_text(s)

