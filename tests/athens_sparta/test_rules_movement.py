"""Rule tests for the Move Phase of Athens & Sparta (4.0-4.5), the map rules that govern it
(1.4 oracles, 1.6 the diolkos, 1.7 two coasts, 1.8 mountains, 4.3 straits and its sidebar) and
the strategic movement of 9.2 (Sicily), 9.3 (Persia) and 9.5 (neutrals).

Every test builds a position by hand (``empty_board`` + ``place``), puts the game in a Move Phase
and asks the engine what is legal, or applies moves and looks at the state and the log.
"""

from __future__ import annotations

from polemos.games.athens_sparta.common import hex_name
from polemos.games.athens_sparta.model import ATHENS, NEUTRAL, SPARTA
from polemos.games.athens_sparta.movement import march_destinations, sea_destinations
from polemos.games.athens_sparta.state import PH_MOVE, AthensSpartaState

from .helpers import act, at_phase, bid, empty_board, garrison, hex_of, log_text, place, set_owner

S = AthensSpartaState


def tos(s: S, role: str) -> set[str]:
    """The hexes the moving block may enter next (``to HEX`` actions)."""
    return {a[3:] for a in s.legal_actions(role) if a.startswith("to ")}


def moving(s: S) -> bool:
    return s.moving >= 0


def march_to(s: S, side: int, block_id: str) -> set[str]:
    return {hex_name(s, h) for h in march_destinations(s, side, bid(s, block_id))}


def sea_to(s: S, side: int, block_id: str) -> set[str]:
    return {hex_name(s, h) for h in sea_destinations(s, side, bid(s, block_id))}


def go(s: S, role: str, block_id: str, *hexes: str, stop: bool = True) -> None:
    """An operation move hex by hex; ``stop`` at the end unless the engine stopped the block."""
    act(s, role, "op " + block_id)
    for h in hexes:
        act(s, role, "to " + h)
    if stop and moving(s):
        act(s, role, "stop")


# ============================================================================ 4.0 Move Phase
def test_4_0_players_are_not_compelled_to_move() -> None:
    """4.0: players are not compelled to move; ending the Move Phase at once passes play on."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    assert "end" in s.legal_actions("sparta")
    act(s, "sparta", "end")
    # no battle, no siege: the Spartan Player Turn is over and Athens (Player 2) moves
    assert s.phase == PH_MOVE and s.active == ATHENS
    assert s.pending == {"kind": "move", "side": ATHENS}
    assert s.loc[bid(s, "SPA-HOP-2")] == hex_of(s, "CORINTH")


def test_4_0_blocks_move_only_once_per_player_turn() -> None:
    """4.0: blocks can move only once per Player Turn (except to retreat or regroup)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "SPARTA")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-2", "GYTHEUM")
    legal = s.legal_actions("sparta")
    assert "op SPA-HOP-2" not in legal and "march SPA-HOP-2" not in legal and "sea SPA-HOP-2" not in legal
    assert "op SPA-HOP-1" in legal  # the other block still may
    assert s.mp == 2


def test_4_0_each_mp_allows_one_move() -> None:
    """4.0: card values are MPs; each MP allows one operation move, strategic move or revolt step."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "SPARTA")
    at_phase(s, SPARTA, "move", 1)
    go(s, "sparta", "SPA-HOP-2", "GYTHEUM")
    assert s.mp == 0
    assert s.legal_actions("sparta") == ["end"]


def test_4_0_cancelled_move_refunds_its_mp() -> None:
    """RULINGS R4: a block that has not yet left its hex may cancel the move; its MP is refunded."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 2)
    act(s, "sparta", "op SPA-HOP-1")
    assert s.mp == 1
    act(s, "sparta", "cancel")
    assert s.mp == 2 and not moving(s)
    assert "op SPA-HOP-1" in s.legal_actions("sparta")


# ============================================================================ 4.4 Operation moves
def test_4_4_move_limits_hoplite_3_peltast_4_navy_4_cavalry_5() -> None:
    """4.4: for 1 MP one block moves up to its Move Limit: hoplite 3, peltast 4, navy 4, cavalry 5."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "PLEURON")
    place(s, "SPA-CAV-1", "THEBES")
    place(s, "SPA-NAV-2", "CORINTH")
    at_phase(s, SPARTA, "move", 4)
    for block_id, limit in (("SPA-HOP-1", 3), ("SPA-PEL-1", 4), ("SPA-NAV-2", 4), ("SPA-CAV-1", 5)):
        act(s, "sparta", "op " + block_id)
        assert s.view("sparta")["moving"]["left"] == limit, block_id
        act(s, "sparta", "cancel")
    # a hoplite really stops after three hexes: SPARTA - GYTHEUM - ARGOS (neutral, passed
    # through) - EPIDAURUS, where its move ends
    act(s, "sparta", "op SPA-HOP-1")
    for h in ("GYTHEUM", "ARGOS"):
        act(s, "sparta", "to " + h)
        assert moving(s)
    act(s, "sparta", "to EPIDAURUS")
    assert not moving(s) and s.loc[bid(s, "SPA-HOP-1")] == hex_of(s, "EPIDAURUS")


def test_4_4_rulebook_example_two_hoplites_and_a_navy_for_3_mp() -> None:
    """4.4 example: with 3 MP Sparta moves 2 hoplites SPARTA to CORINTH and 1 navy GYTHEUM to ATHENS."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "SPARTA")
    place(s, "SPA-NAV-1", "GYTHEUM")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-1", "ARGOS", "CORINTH")
    go(s, "sparta", "SPA-HOP-2", "ARGOS", "CORINTH")
    go(s, "sparta", "SPA-NAV-1", "0911", "TROEZEN", "AEGINA", "ATHENS")
    assert s.mp == 0
    assert s.loc[bid(s, "SPA-HOP-1")] == s.loc[bid(s, "SPA-HOP-2")] == hex_of(s, "CORINTH")
    # the navy met the Athenian hoplite in ATHENS: it had to stop and fight there
    assert s.loc[bid(s, "SPA-NAV-1")] == hex_of(s, "ATHENS")
    assert "ATHENS (4.4). It must fight there." in log_text(s)


def test_4_4_must_stop_on_entering_enemy_blocks_navies_stop_armies() -> None:
    """4.4 and sidebar: blocks stop on entering enemy blocks, of any type (a navy stops an army)."""
    s = empty_board()
    garrison(s)
    set_owner(s, "TROEZEN", SPARTA)
    place(s, "ATH-NAV-1", "EPIDAURUS")  # an Athenian navy in a Spartan port
    place(s, "SPA-HOP-2", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-2")
    act(s, "sparta", "to EPIDAURUS")
    assert not moving(s)  # stopped at once: it cannot go on to TROEZEN
    assert s.loc[bid(s, "SPA-HOP-2")] == hex_of(s, "EPIDAURUS")
    assert "It must fight there." in log_text(s)


def test_4_4_blocks_pass_freely_through_friendly_blocks() -> None:
    """4.4: blocks may pass freely through friendly blocks (and 4.1: stacking limits are ignored when moving)."""
    s = empty_board()
    garrison(s)
    for block_id in ("SPA-HOP-4", "SPA-HOP-5", "SPA-NAV-2", "SPA-HOP-8"):
        place(s, block_id, "CORINTH")
    place(s, "SPA-HOP-9", "SICYON")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-9")
    act(s, "sparta", "to CORINTH")
    assert moving(s) and "MEGARA" in tos(s, "sparta")
    assert "stop" not in s.legal_actions("sparta")  # a fifth block cannot stay in CORINTH (4.1)
    act(s, "sparta", "to MEGARA")
    act(s, "sparta", "stop")
    assert s.loc[bid(s, "SPA-HOP-9")] == hex_of(s, "MEGARA")


def test_4_4_enemy_blocks_under_siege_do_not_stop_movement() -> None:
    """4.4: blocks must stop on entering enemy blocks *not under siege or blockade*."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA", inside=True)  # besieged in MEGARA by Athens
    place(s, "ATH-HOP-2", "MEGARA")
    place(s, "ATH-PEL-1", "ATHENS")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-PEL-1")
    act(s, "athens", "to MEGARA")
    assert moving(s) and "CORINTH" in tos(s, "athens")


def test_4_4_navies_end_an_operation_move_only_in_a_port_or_to_fight() -> None:
    """4.4/R5: a navy ends an operation move only in a port or where enemy blocks are, never at sea."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-1", "GYTHEUM")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-1")
    act(s, "sparta", "to 0911")
    assert "stop" not in s.legal_actions("sparta")
    act(s, "sparta", "to TROEZEN")
    assert "stop" in s.legal_actions("sparta")


def test_4_4_navy_never_ends_an_operation_move_at_sea() -> None:
    """R5: a navy may not spend its last hex of movement on a sea hex (it never stops at sea)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-1", "GYTHEUM")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-1")
    for h in ("0911", "1011", "1012"):
        act(s, "sparta", "to " + h)
    assert "0912" not in tos(s, "sparta")
    assert "CYTHERA" in tos(s, "sparta")


# ============================================================================ 4.1 Terrain limits
def test_4_1_stacking_limit_4_in_a_clear_hex() -> None:
    """4.1 Terrain Effects Table: a clear hex stacks 4 blocks of each player."""
    s = empty_board()
    garrison(s)
    for block_id in ("SPA-HOP-4", "SPA-HOP-5", "SPA-NAV-2", "SPA-HOP-8"):
        place(s, block_id, "CORINTH")
    place(s, "SPA-HOP-9", "SICYON")
    at_phase(s, SPARTA, "move", 3)
    assert "CORINTH" not in march_to(s, SPARTA, "SPA-HOP-9")
    act(s, "sparta", "op SPA-HOP-9")
    act(s, "sparta", "to CORINTH")
    assert "stop" not in s.legal_actions("sparta")


def test_4_1_athens_stacks_6_with_at_most_4_armies() -> None:
    """4.1 note 1: ATHENS is Stack 6 (maximum 4 armies)."""
    s = empty_board()
    place(s, "SPA-HOP-1", "SPARTA")
    for block_id in ("ATH-HOP-1", "ATH-HOP-2", "ATH-HOP-3", "ATH-CAV-1", "ATH-NAV-1"):
        place(s, block_id, "ATHENS")
    place(s, "ATH-HOP-5", "PLATAEA")
    place(s, "ATH-NAV-2", "AEGINA")
    place(s, "ATH-NAV-3", "AEGINA")
    at_phase(s, ATHENS, "move", 4)
    # a fifth army may not stay in ATHENS
    act(s, "athens", "op ATH-HOP-5")
    act(s, "athens", "to ATHENS")
    assert "stop" not in s.legal_actions("athens")
    act(s, "athens", "to MEGARA")  # passing through is fine; it ends in vacant Spartan MEGARA
    act(s, "athens", "stop")
    # a second navy (the sixth block) may
    go(s, "athens", "ATH-NAV-2", "ATHENS")
    assert s.loc[bid(s, "ATH-NAV-2")] == hex_of(s, "ATHENS")
    # but not a seventh block
    act(s, "athens", "op ATH-NAV-3")
    act(s, "athens", "to ATHENS")
    assert "stop" not in s.legal_actions("athens")


def test_4_1_mountain_hex_stacks_2() -> None:
    """4.1/1.8: a mountain hex stacks 2, and armies must stop there, so a third cannot enter."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "0710")
    place(s, "SPA-HOP-3", "0710")
    place(s, "SPA-HOP-11", "MESSENE")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-11")
    assert "0710" not in tos(s, "sparta")


def test_4_1_armies_cannot_cross_water() -> None:
    """4.1: armies cannot cross water except at a strait or by Sea Move."""
    s = empty_board()
    garrison(s)
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-HOP-1")
    options = tos(s, "athens")
    assert "AEGINA" not in options  # across the Saronic gulf
    assert {"MEGARA", "MARATHON"} <= options


def test_4_1_navies_cannot_cross_land_hexsides() -> None:
    """4.1: navies cannot cross land hexsides."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-NAV-1", "ATHENS")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-NAV-1")
    assert tos(s, "athens") == {"AEGINA", "MEGARA"}  # THEBES, PLATAEA, MARATHON are overland


def test_4_1_mountain_hexsides_are_impassable() -> None:
    """4.1 and 1.8: mountain hexsides are impassable (SPARTA-PYLOS is a Taygetus hexside)."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-1")
    assert "PYLOS" not in tos(s, "sparta")
    assert "MESSENE" in tos(s, "sparta")  # through the pass


def test_1_8_army_must_stop_after_entering_a_mountain_hex() -> None:
    """1.8: army blocks must stop after entering a mountain hex."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-1")
    act(s, "sparta", "to 0710")
    assert not moving(s)
    assert s.loc[bid(s, "SPA-HOP-1")] == hex_of(s, "0710")


def test_1_8_mountain_hex_left_only_by_clear_hexsides_or_passes() -> None:
    """1.8: mountain hexes can only be entered or exited via clear hexsides or passes."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "0707")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-2")
    options = tos(s, "sparta")
    assert "0806" not in options  # a mountain hexside
    assert {"DELPHI", "PLEURON", "STRATUS"} <= options


def test_4_1_clear_hexside_attack_limit_2() -> None:
    """4.1: at most 2 blocks may attack through a clear hexside."""
    s = empty_board()
    garrison(s)
    for block_id in ("SPA-HOP-8", "SPA-HOP-2", "SPA-HOP-3"):
        place(s, block_id, "MEGARA")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-8", "ATHENS")
    go(s, "sparta", "SPA-HOP-2", "ATHENS")
    act(s, "sparta", "op SPA-HOP-3")
    assert "ATHENS" not in tos(s, "sparta")


def test_4_1_pass_hexside_attack_limit_1() -> None:
    """4.1: at most 1 block may attack through a pass (THEBES-ATHENS)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-6", "THEBES")
    place(s, "SPA-HOP-7", "THEBES")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-6", "ATHENS")
    assert s.loc[bid(s, "SPA-HOP-6")] == hex_of(s, "ATHENS")
    act(s, "sparta", "op SPA-HOP-7")
    assert "ATHENS" not in tos(s, "sparta")
    # another hexside is still open: through MARATHON (clear) on the Attic side of its strait
    act(s, "sparta", "to MARATHON")
    assert "ATHENS" in tos(s, "sparta")


def test_4_1_hexside_limits_ignored_unless_attacking() -> None:
    """4.1 note: hexside limits are ignored unless attacking or retreating."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "SPARTA")
    place(s, "SPA-HOP-3", "SPARTA")
    at_phase(s, SPARTA, "move", 3)
    for block_id in ("SPA-HOP-1", "SPA-HOP-2", "SPA-HOP-3"):
        go(s, "sparta", block_id, "MESSENE")  # three blocks through one pass
    assert all(s.loc[bid(s, x)] == hex_of(s, "MESSENE") for x in ("SPA-HOP-1", "SPA-HOP-2", "SPA-HOP-3"))


# ============================================================================ 4.2 Hex control
def test_4_2_control_changes_only_at_the_end_of_the_phase() -> None:
    """4.2: control changes at the end of each Phase, not when a city is entered."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-6", "THEBES")
    place(s, "SPA-HOP-7", "THEBES")
    at_phase(s, SPARTA, "move", 3)
    assert "PLATAEA" not in march_to(s, SPARTA, "SPA-HOP-7")
    go(s, "sparta", "SPA-HOP-6", "PLATAEA")
    plataea = s.comp.board.city_index["PLATAEA"]
    assert s.city_owner[plataea] == ATHENS
    assert "PLATAEA" not in march_to(s, SPARTA, "SPA-HOP-7")
    act(s, "sparta", "end")
    assert s.city_owner[plataea] == SPARTA
    assert "PLATAEA is now held by Sparta (4.2)." in log_text(s)


def test_r2_city_control_persists_after_the_occupier_leaves() -> None:
    """RULINGS R2: a city taken stays its taker's when he leaves, until the other player retakes it."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-6", "CHALCIS")
    at_phase(s, SPARTA, "move", 3)
    chalcis = s.comp.board.city_index["CHALCIS"]
    assert s.city_owner[chalcis] == SPARTA
    go(s, "sparta", "SPA-HOP-6", "1207")
    act(s, "sparta", "end")
    assert s.city_owner[chalcis] == SPARTA  # vacant, still Spartan
    assert s.active == ATHENS and "revolt CHALCIS" in s.legal_actions("athens")  # an enemy city now


def test_4_2_besieged_hex_is_friendly_to_the_besieger_for_land_movement() -> None:
    """4.2: a besieged hex is friendly to the besieger for land movement."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-8", "MEGARA")
    place(s, "ATH-HOP-5", "PLATAEA")
    at_phase(s, SPARTA, "move", 3)
    assert "THEBES" not in march_to(s, SPARTA, "SPA-HOP-8")  # PLATAEA (Athenian) bars the way
    # Sparta besieges the Athenian hoplite in PLATAEA: a march may now pass through
    s2 = empty_board()
    garrison(s2)
    place(s2, "SPA-HOP-8", "MEGARA")
    place(s2, "ATH-HOP-5", "PLATAEA", inside=True)
    place(s2, "SPA-HOP-9", "PLATAEA")
    at_phase(s2, SPARTA, "move", 3)
    dests = march_to(s2, SPARTA, "SPA-HOP-8")
    assert "THEBES" in dests
    assert "PLATAEA" not in dests  # but never to a siege (4.5)


def test_4_2_blockaded_hex_is_friendly_to_the_blockader_for_sea_movement() -> None:
    """4.2: a blockaded hex is friendly to the blockader for sea movement (sea control)."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-NAV-1", "ATHENS")
    at_phase(s, ATHENS, "move", 3)
    assert "sea ATH-NAV-1" in s.legal_actions("athens")
    assert "NAXOS" in sea_to(s, ATHENS, "ATH-NAV-1")
    # Sparta blockades AEGINA, the only water way out of ATHENS that is not Spartan MEGARA
    s2 = empty_board()
    garrison(s2)
    place(s2, "ATH-NAV-1", "ATHENS")
    place(s2, "ATH-HOP-5", "AEGINA", inside=True)
    place(s2, "SPA-NAV-3", "AEGINA")
    at_phase(s2, ATHENS, "move", 3)
    assert sea_to(s2, ATHENS, "ATH-NAV-1") == set()
    act(s2, "athens", "op ATH-NAV-1")
    act(s2, "athens", "to AEGINA")
    assert not moving(s2)  # and an operation move into AEGINA meets the blockaders


# ============================================================================ 4.3 Straits
def test_4_3_army_entering_a_vacant_strait_stops_only_if_it_crosses() -> None:
    """4.3 and Q&A: an army entering a vacant strait hex must stop only if it crosses the strait."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-9", "SICYON")
    place(s, "SPA-PEL-1", "PLEURON")
    at_phase(s, SPARTA, "move", 3)
    # from SICYON (the Peloponnese side): move through to PATRAE, or stop (crossing to NAUPACTUS)
    act(s, "sparta", "op SPA-HOP-9")
    act(s, "sparta", "to NAUPACTUS")
    assert moving(s)
    assert tos(s, "sparta") == {"PATRAE", "SICYON"}
    assert "stop" in s.legal_actions("sparta")
    act(s, "sparta", "stop")
    # from PLEURON (the city side): it may go on to DELPHI but not cross to the Peloponnese
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to NAUPACTUS")
    assert moving(s)
    options = tos(s, "sparta")
    assert "DELPHI" in options
    assert "PATRAE" not in options and "SICYON" not in options


def test_4_3_sidebar_ephesus_blocks_from_samos_must_stop() -> None:
    """4.3 sidebar, EPHESUS: blocks from SAMOS must stop in vacant EPHESUS (they crossed)."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "SAMOS")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to EPHESUS")
    assert not ({"MILETUS", "NOTIUM", "1807", "1908"} & tos(s, "sparta"))
    assert "stop" in s.legal_actions("sparta")


def test_4_3_sidebar_ephesus_notium_through_to_miletus_not_to_samos() -> None:
    """4.3 sidebar: from NOTIUM through vacant EPHESUS to MILETUS, but not across to SAMOS."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "NOTIUM")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to EPHESUS")
    options = tos(s, "sparta")
    assert "MILETUS" in options
    assert "SAMOS" not in options


def test_4_3_sidebar_ephesus_attack_samos_limit_1_miletus_limit_2() -> None:
    """4.3 sidebar: from EPHESUS attack SAMOS (attack limit 1) or MILETUS (attack limit 2)."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-7", "SAMOS")
    place(s, "ATH-HOP-9", "MILETUS")
    for block_id in ("SPA-HOP-2", "SPA-HOP-3", "SPA-PEL-1", "SPA-HOP-4"):
        place(s, block_id, "EPHESUS")
    at_phase(s, SPARTA, "move", 4)
    go(s, "sparta", "SPA-HOP-2", "SAMOS")
    assert s.loc[bid(s, "SPA-HOP-2")] == hex_of(s, "SAMOS")
    act(s, "sparta", "op SPA-HOP-3")
    assert "SAMOS" not in tos(s, "sparta")
    act(s, "sparta", "to MILETUS")
    go(s, "sparta", "SPA-PEL-1", "MILETUS")
    act(s, "sparta", "op SPA-HOP-4")
    assert "MILETUS" not in tos(s, "sparta")  # the third through one clear hexside


def test_4_3_sidebar_abydos_stop_and_fight_or_move_through_to_elaeus() -> None:
    """4.3 sidebar: entering ABYDOS from CARDIA: stop and fight (limit 1) or go on to ELAEUS."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-PEL-4", "ABYDOS")
    place(s, "ATH-HOP-11", "ELAEUS")
    for block_id in ("SPA-HOP-2", "SPA-HOP-3", "SPA-PEL-1"):
        place(s, block_id, "CARDIA")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-2")
    act(s, "sparta", "to ABYDOS")
    assert moving(s)  # not stopped by the enemy: it entered on the far side
    assert "stop" in s.legal_actions("sparta") and "ELAEUS" in tos(s, "sparta")
    act(s, "sparta", "stop")  # stops and fights: the attack across the strait is used up
    act(s, "sparta", "op SPA-HOP-3")
    act(s, "sparta", "to ABYDOS")
    assert "stop" not in s.legal_actions("sparta")
    act(s, "sparta", "to ELAEUS")  # moves through and attacks ELAEUS (limit 2)
    assert not moving(s) and s.loc[bid(s, "SPA-HOP-3")] == hex_of(s, "ELAEUS")
    go(s, "sparta", "SPA-PEL-1", "ABYDOS", "ELAEUS")
    assert s.loc[bid(s, "SPA-PEL-1")] == hex_of(s, "ELAEUS")


def test_4_3_sidebar_naupactus_stop_and_fight_or_move_through_to_patrae() -> None:
    """4.3 sidebar: entering NAUPACTUS from SICYON: stop and fight (limit 1) or go on to PATRAE."""
    s = empty_board()
    garrison(s)
    set_owner(s, "PATRAE", SPARTA)
    place(s, "ATH-PEL-1", "NAUPACTUS")
    place(s, "SPA-HOP-9", "SICYON")
    place(s, "SPA-HOP-4", "SICYON")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-9", "NAUPACTUS")
    assert s.loc[bid(s, "SPA-HOP-9")] == hex_of(s, "NAUPACTUS")
    assert s.crossed[bid(s, "SPA-HOP-9")]  # it crossed the strait to fight
    act(s, "sparta", "op SPA-HOP-4")
    act(s, "sparta", "to NAUPACTUS")
    assert "stop" not in s.legal_actions("sparta")  # the one attack across the strait is used
    act(s, "sparta", "to PATRAE")
    act(s, "sparta", "stop")
    assert s.loc[bid(s, "SPA-HOP-4")] == hex_of(s, "PATRAE")


def test_4_3_block_starting_in_a_strait_hex_may_cross() -> None:
    """4.3 sidebar/R7: a block starting its move in a strait hex may leave across the strait."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-PEL-1", "EPHESUS")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    assert {"SAMOS", "MILETUS", "NOTIUM"} <= tos(s, "sparta")


def test_1_1_marathon_blocks_stand_on_the_attic_side() -> None:
    """1.1/4.3: MARATHON's city side is Attica: an army from CHALCIS must stop before crossing."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-CAV-2", "CHALCIS")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-CAV-2")
    act(s, "athens", "to MARATHON")
    options = tos(s, "athens")
    assert "ATHENS" not in options and "THEBES" not in options
    assert "CARYSTUS" in options


def test_4_3_vacant_straits_have_no_effect_on_moving_navies() -> None:
    """4.3: vacant straits have no effect on moving navies."""
    s = empty_board()
    garrison(s)
    set_owner(s, "PATRAE", SPARTA)
    place(s, "SPA-NAV-6", "PATRAE")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-6")
    act(s, "sparta", "to NAUPACTUS")
    assert moving(s) and "0808" in tos(s, "sparta")
    act(s, "sparta", "to 0808")
    act(s, "sparta", "to CORINTH")
    act(s, "sparta", "stop")
    assert s.loc[bid(s, "SPA-NAV-6")] == hex_of(s, "CORINTH")


def test_qa_river_sources_entered_directly_but_the_army_stops() -> None:
    """Q&A: a unit may move directly between the Haliacmon and Arathus source hexes, but must stop."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-13", "0504")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-HOP-13")
    assert "0505" in tos(s, "sparta")
    act(s, "sparta", "to 0505")
    assert not moving(s) and s.loc[bid(s, "SPA-HOP-13")] == hex_of(s, "0505")


# ============================================================================ 1.4 Oracles
def test_1_4_oracle_entered_and_occupied_with_the_enemy_there_no_combat() -> None:
    """1.4: an Oracle hex may be traversed or occupied with the enemy in it; no combat there."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-6", "DELPHI")
    place(s, "ATH-PEL-1", "NAUPACTUS")
    place(s, "ATH-HOP-5", "PLATAEA")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-PEL-1")
    act(s, "athens", "to DELPHI")
    assert moving(s) and "PLATAEA" in tos(s, "athens")  # traverse
    act(s, "athens", "stop")  # or occupy
    assert s.loc[bid(s, "ATH-PEL-1")] == hex_of(s, "DELPHI")
    act(s, "athens", "end")
    # no battle at DELPHI: straight on to the Spartan Player Turn
    assert s.active == SPARTA and s.phase == PH_MOVE
    assert s.strength[bid(s, "SPA-HOP-6")] == 4 and s.strength[bid(s, "ATH-PEL-1")] == 2


def test_1_4_blocks_starting_in_an_oracle_can_never_attack_that_turn() -> None:
    """1.4: blocks starting their turn in an Oracle hex can never attack enemy hexes/blocks that turn."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-6", "0907")
    place(s, "ATH-PEL-1", "DELPHI")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-PEL-1")
    options = tos(s, "athens")
    assert "0907" not in options
    assert "PLATAEA" in options


# ============================================================================ 1.6 / 1.7 coasts
def test_1_6_diolkos_navy_in_corinth_departs_either_side() -> None:
    """1.6: navies located in CORINTH at the start of a Player Turn may depart either side."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-2", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-2")
    assert {"0808", "MEGARA", "EPIDAURUS"} <= tos(s, "sparta")
    act(s, "sparta", "cancel")
    sea = sea_to(s, SPARTA, "SPA-NAV-2")
    assert "SICYON" in sea and "TROEZEN" in sea  # both gulfs by sea move as well


def test_1_6_navy_passing_through_corinth_cannot_cross_the_isthmus() -> None:
    """1.6/1.7: only navies in CORINTH at the start of the turn use the diolkos."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-NAV-4", "SICYON")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-4")
    act(s, "sparta", "to 0808")
    act(s, "sparta", "to CORINTH")
    assert not ({"MEGARA", "EPIDAURUS"} & tos(s, "sparta"))


def test_1_7_attack_by_sea_must_access_the_city_coast() -> None:
    """1.7 sidebar: CHALCIS cannot be attacked on Euboea's east coast, nor by a navy from LEMNOS."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-CAV-2", "CHALCIS")
    place(s, "SPA-NAV-3", "SKYROS")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-NAV-3")
    act(s, "sparta", "to CHALCIS")
    assert moving(s)  # not stopped by the Athenian block on the other coast
    assert "stop" not in s.legal_actions("sparta")
    # the rulebook: a navy in LEMNOS cannot attack CHALCIS (a 6-hex move)
    s2 = empty_board()
    garrison(s2)
    place(s2, "ATH-CAV-2", "CHALCIS")
    place(s2, "SPA-NAV-3", "LEMNOS")
    at_phase(s2, SPARTA, "move", 3)
    seen = _navy_reach(s2, "sparta", "SPA-NAV-3")
    assert "CHALCIS" not in seen


def test_1_7_corinth_attacked_from_both_coasts() -> None:
    """1.7: CORINTH can be attacked from both coasts, and all defending ships fight all attacking ships."""
    for start, path in (("PLATAEA", ["0808", "CORINTH"]), ("ATHENS", ["MEGARA", "CORINTH"])):
        s = empty_board()
        garrison(s)
        place(s, "SPA-NAV-2", "CORINTH")
        place(s, "ATH-NAV-1", start)
        at_phase(s, ATHENS, "move", 3)
        act(s, "athens", "op ATH-NAV-1")
        for h in path:
            act(s, "athens", "to " + h)
        assert not moving(s), start  # stopped by the Corinthian fleet on either coast
        assert s.loc[bid(s, "ATH-NAV-1")] == hex_of(s, "CORINTH")


def _navy_reach(s: S, role: str, block_id: str) -> set[str]:
    """Every hex where an operation move of the navy may end (explored through the engine)."""
    out: set[str] = set()
    start = s.clone()
    act(start, role, "op " + block_id)
    frontier = [start]
    seen: set[tuple[int, int, int]] = set()
    while frontier:
        cur = frontier.pop()
        for h in tos(cur, role):
            nxt = cur.clone()
            act(nxt, role, "to " + h)
            key = (nxt.loc[nxt.moving] if moving(nxt) else -1, nxt.move_left, nxt.move_side)
            if not moving(nxt) or "stop" in nxt.legal_actions(role):
                out.add(h)
            if moving(nxt) and key not in seen:
                seen.add(key)
                frontier.append(nxt)
    return out


def _op_reach(s: S, role: str, block_id: str) -> set[str]:
    """Every hex where an operation move of the block may end (explored through the engine)."""
    out: set[str] = set()
    start = s.clone()
    act(start, role, "op " + block_id)
    frontier = [start]
    seen: set[tuple[int, int, int, bool]] = set()
    while frontier:
        cur = frontier.pop()
        for h in tos(cur, role):
            nxt = cur.clone()
            act(nxt, role, "to " + h)
            if not moving(nxt) or "stop" in nxt.legal_actions(role):
                out.add(h)
            if moving(nxt):
                key = (nxt.loc[nxt.moving], nxt.move_left, nxt.move_side, nxt.move_crossed)
                if key not in seen:
                    seen.add(key)
                    frontier.append(nxt)
    return out


def test_4_4_naval_attack_example_leucas_pleuron_thebes_all_reach_naupactus() -> None:
    """4.4 (example): a navy from LEUCAS, peltast from PLEURON, hoplite from THEBES reach NAUPACTUS."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-PEL-1", "NAUPACTUS")
    place(s, "SPA-NAV-6", "LEUCAS")
    place(s, "SPA-PEL-1", "PLEURON")
    place(s, "SPA-HOP-6", "THEBES")
    at_phase(s, SPARTA, "move", 3)
    for block_id in ("SPA-NAV-6", "SPA-PEL-1", "SPA-HOP-6"):
        assert "NAUPACTUS" in _op_reach(s, "sparta", block_id), block_id
    go(s, "sparta", "SPA-NAV-6", "0508", "PATRAE", "NAUPACTUS")
    go(s, "sparta", "SPA-PEL-1", "NAUPACTUS")
    go(s, "sparta", "SPA-HOP-6", "0907", "DELPHI", "NAUPACTUS")
    naupactus = hex_of(s, "NAUPACTUS")
    assert all(s.loc[bid(s, x)] == naupactus for x in ("SPA-NAV-6", "SPA-PEL-1", "SPA-HOP-6"))


# ============================================================================ 4.5 Strategic moves
def test_4_51_march_doubles_the_move_and_ends_in_a_friendly_hex() -> None:
    """4.51: a march doubles the move through neutral or vacant hexes and ends in a friendly hex."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-2", "GYTHEUM")
    at_phase(s, SPARTA, "move", 3)
    dests = march_to(s, SPARTA, "SPA-HOP-2")
    assert "PATRAE" in dests  # 4 hexes (GYTHEUM-SPARTA-MESSENE-ELIS-PATRAE), beyond an op move
    assert "CORINTH" in dests  # through neutral ARGOS
    assert "ARGOS" not in dests  # neutral: not friendly
    assert "0712" not in dests  # vacant: not friendly
    board = s.comp.board
    for name in dests:
        c = board.city_at[hex_of(s, name)]
        assert c >= 0 and s.city_owner[c] == SPARTA, name
    act(s, "sparta", "march SPA-HOP-2")
    act(s, "sparta", "to PATRAE")
    assert s.loc[bid(s, "SPA-HOP-2")] == hex_of(s, "PATRAE") and s.mp == 2
    assert "march move (4.51)" in log_text(s)


def test_4_5_strategic_moves_never_enter_or_traverse_enemy_hexes() -> None:
    """4.5: strategic movement can never be used to enter or traverse enemy hexes."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-4", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    assert "TROEZEN" in march_to(s, SPARTA, "SPA-HOP-4")
    s2 = empty_board()
    garrison(s2)
    place(s2, "SPA-HOP-4", "CORINTH")
    set_owner(s2, "EPIDAURUS", ATHENS)  # the only land way to TROEZEN is now an enemy hex
    at_phase(s2, SPARTA, "move", 3)
    dests = march_to(s2, SPARTA, "SPA-HOP-4")
    assert "TROEZEN" not in dests and "EPIDAURUS" not in dests


def test_4_5_strategic_moves_never_to_or_from_a_siege() -> None:
    """4.5: strategic movement can never be used to move to or from a siege or blockade."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "PLATAEA", inside=True)
    place(s, "SPA-HOP-6", "PLATAEA")  # besieging
    place(s, "SPA-HOP-7", "THEBES")
    place(s, "SPA-HOP-8", "MEGARA", inside=True)
    place(s, "ATH-HOP-2", "MEGARA")  # Athens besieges MEGARA
    at_phase(s, SPARTA, "move", 3)
    legal = s.legal_actions("sparta")
    assert "march SPA-HOP-6" not in legal  # from a siege
    assert "op SPA-HOP-6" in legal  # an operation move may leave it
    assert "MEGARA" not in march_to(s, SPARTA, "SPA-HOP-7")  # to a (friendly) besieged city
    assert "op SPA-HOP-8" not in legal  # RULINGS R6: besieged blocks do not move


def test_4_52_sea_move_from_friendly_port_to_friendly_port() -> None:
    """4.52: navies or armies may move up to 8 hexes from one friendly port to any other friendly port."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-4", "CORINTH")
    place(s, "SPA-HOP-2", "SPARTA")
    set_owner(s, "BYZANTIUM", SPARTA)
    at_phase(s, SPARTA, "move", 3)
    legal = s.legal_actions("sparta")
    assert "sea SPA-HOP-4" in legal  # an army by sea
    assert "sea SPA-HOP-2" not in legal  # SPARTA is not a port (1.3)
    dests = sea_to(s, SPARTA, "SPA-HOP-4")
    assert {"GYTHEUM", "SICYON"} <= dests
    assert "BYZANTIUM" not in dests  # far more than 8 hexes
    assert "ATHENS" not in dests and "NAUPACTUS" not in dests  # enemy ports
    board = s.comp.board
    for name in dests:
        city = board.cities[board.city_at[hex_of(s, name)]]
        assert city.port and s.city_owner[city.index] == SPARTA, name
    act(s, "sparta", "sea SPA-HOP-4")
    act(s, "sparta", "to GYTHEUM")
    assert s.loc[bid(s, "SPA-HOP-4")] == hex_of(s, "GYTHEUM") and s.mp == 2
    assert "op SPA-HOP-4" not in s.legal_actions("sparta")  # never land and sea in one turn


def test_4_52_sea_move_never_passes_enemy_sea_hexes() -> None:
    """4.5 and its sidebar: strategic sea moves may not pass through enemy hexes."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-4", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    assert "TROEZEN" in sea_to(s, SPARTA, "SPA-HOP-4")
    s2 = empty_board()
    garrison(s2)
    place(s2, "SPA-HOP-4", "CORINTH")
    place(s2, "ATH-NAV-1", "0911")  # an Athenian fleet in the gulf off TROEZEN
    place(s2, "ATH-NAV-2", "AEGINA")
    place(s2, "ATH-NAV-3", "EPIDAURUS")
    at_phase(s2, SPARTA, "move", 3)
    assert "TROEZEN" not in sea_to(s2, SPARTA, "SPA-HOP-4")


# ============================================================================ 9.2 Sicily
def test_9_2_sea_move_to_syracuse_only_via_a_friendly_embarkation_port() -> None:
    """9.2: blocks sea move to SYRACUSE only from a friendly embarkation port, 1 MP per block."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-13", "LEUCAS")
    place(s, "SPA-HOP-4", "CORINTH")
    at_phase(s, SPARTA, "move", 3)
    assert "SYRACUSE" in sea_to(s, SPARTA, "SPA-HOP-13")
    assert "SYRACUSE" not in sea_to(s, SPARTA, "SPA-HOP-4")
    act(s, "sparta", "sea SPA-HOP-13")
    act(s, "sparta", "to SYRACUSE")
    assert s.mp == 2
    assert s.loc[bid(s, "SPA-HOP-13")] == s.comp.board.syracuse_hex


def test_9_2_syracuse_attacked_joins_the_other_side_and_deploys() -> None:
    """9.2/9.5: SYRACUSE attacked joins the other side; its forces deploy at full strength."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-6", "CORCYRA")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "sea ATH-HOP-6")
    act(s, "athens", "to SYRACUSE")
    syr = s.comp.board.syracuse_hex
    assert s.city_owner[s.comp.board.city_index["SYRACUSE"]] == SPARTA
    for block_id in ("NEU-HOP-3", "NEU-HOP-4", "NEU-CAV-1", "NEU-NAV-1"):
        b = bid(s, block_id)
        assert s.loc[b] == syr and s.owner[b] == SPARTA
        assert s.strength[b] == s.comp.blocks[b].steps
    assert "joins Sparta" in log_text(s)


def test_9_2_blocks_leave_syracuse_only_by_sea_to_an_unblockaded_embarkation_port() -> None:
    """9.2/R10: blocks leave SYRACUSE only by sea move to an unblockaded embarkation port."""
    s = empty_board()
    garrison(s)
    set_owner(s, "SYRACUSE", SPARTA)
    place(s, "NEU-HOP-3", "SYRACUSE")
    s.owner[bid(s, "NEU-HOP-3")] = SPARTA
    place(s, "SPA-HOP-13", "LEUCAS", inside=True)
    place(s, "ATH-NAV-5", "LEUCAS")  # LEUCAS is blockaded
    at_phase(s, SPARTA, "move", 3)
    legal = s.legal_actions("sparta")
    assert "op NEU-HOP-3" not in legal
    assert "sea NEU-HOP-3" in legal
    assert sea_to(s, SPARTA, "NEU-HOP-3") == {"CYLLENE"}  # CORCYRA and CEPHALLENIA are Athenian


# ============================================================================ 9.3 Persia
def test_9_3_athens_never_crosses_into_persia() -> None:
    """9.3: Athenian forces can never cross into Persia (ATARNEUS, DASCYLIUM)."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-8", "1707")
    place(s, "ATH-NAV-7", "MYTILENE")
    at_phase(s, ATHENS, "move", 3)
    act(s, "athens", "op ATH-HOP-8")
    assert "ATARNEUS" not in tos(s, "athens") and "NOTIUM" in tos(s, "athens")
    act(s, "athens", "cancel")
    act(s, "athens", "op ATH-NAV-7")
    assert "ATARNEUS" not in tos(s, "athens")


def test_9_3_persian_hexes_friendly_to_sparta_with_persian_support() -> None:
    """9.3/R11: with Persian support (only then) Sparta enters Persia; its ports are friendly."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MYTILENE", SPARTA)
    place(s, "SPA-NAV-5", "MYTILENE")
    place(s, "SPA-PEL-1", "1707")
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "op SPA-PEL-1")
    assert "ATARNEUS" not in tos(s, "sparta")
    act(s, "sparta", "cancel")
    s.persia = 1
    s.reset_caches()
    act(s, "sparta", "op SPA-PEL-1")
    assert "ATARNEUS" in tos(s, "sparta")
    act(s, "sparta", "cancel")
    assert "ATARNEUS" in sea_to(s, SPARTA, "SPA-NAV-5")  # a friendly port for a sea move


# ============================================================================ 9.5 Neutrals
def test_9_5_neutral_city_hex_may_be_traversed_not_entered_by_march() -> None:
    """9.5: players can move through a neutral city hex but cannot stop there unless attacking."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    assert "ARGOS" not in march_to(s, SPARTA, "SPA-HOP-1")
    act(s, "sparta", "op SPA-HOP-1")
    act(s, "sparta", "to ARGOS")
    assert moving(s) and "CORINTH" in tos(s, "sparta")
    argos = s.comp.board.city_index["ARGOS"]
    assert s.city_owner[argos] == NEUTRAL


def test_9_5_neutral_city_attacked_joins_the_other_side_at_full_strength() -> None:
    """9.5/R14: a neutral city attacked joins the other side; its blocks deploy at full strength."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-1", "ARGOS")
    argos = s.comp.board.city_index["ARGOS"]
    assert s.city_owner[argos] == ATHENS
    for block_id in ("NEU-HOP-1", "NEU-HOP-2"):
        b = bid(s, block_id)
        assert s.loc[b] == hex_of(s, "ARGOS") and s.owner[b] == ATHENS
        assert s.strength[b] == s.comp.blocks[b].steps
    act(s, "sparta", "end")
    assert s.pending is not None and s.pending["kind"] == "combat"
    assert "battle ARGOS" in s.legal_actions("sparta")
    assert "end" not in s.legal_actions("sparta")  # the battle must be fought


def test_9_5_neutral_blocks_change_sides_when_their_city_is_occupied() -> None:
    """9.5: neutral blocks change sides when the enemy occupies their city, and then attack."""
    s = empty_board()
    garrison(s)
    set_owner(s, "ARGOS", ATHENS)
    neu = place(s, "NEU-HOP-1", "ATHENS", 2)
    s.owner[neu] = ATHENS
    place(s, "SPA-HOP-2", "SPARTA")
    at_phase(s, SPARTA, "move", 3)
    go(s, "sparta", "SPA-HOP-2", "ARGOS")
    act(s, "sparta", "end")
    assert s.city_owner[s.comp.board.city_index["ARGOS"]] == SPARTA
    assert s.owner[neu] == SPARTA and s.strength[neu] == 2
    # the ARGOS hoplite is now a Spartan block in ATHENS: a battle there, Sparta attacking
    assert s.pending is not None and s.pending["kind"] == "combat"
    assert "battle ATHENS" in s.legal_actions("sparta")
