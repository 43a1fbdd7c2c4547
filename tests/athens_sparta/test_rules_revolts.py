"""Rule tests for revolts in Athens & Sparta (7.0 and RULINGS R9) and helot revolts (7.1).

Revolt steps are bought in the Move Phase and the revolt is resolved in the Combat Phase; dice are
scripted.
"""

from __future__ import annotations

from polemos import script_dice
from polemos.games.athens_sparta.model import ATHENS, SPARTA
from polemos.games.athens_sparta.state import POOL, AthensSpartaState

from .helpers import act, at_phase, bid, empty_board, garrison, hex_of, log_text, place, set_owner

S = AthensSpartaState


def revolt_targets(s: S, role: str) -> set[str]:
    return {a.split(" ", 1)[1] for a in s.legal_actions(role) if a.startswith(("revolt ", "helots "))}


def owner(s: S, city: str) -> int:
    return s.city_owner[s.comp.board.city_index[city]]


def fires(s: S) -> list[str]:
    return [line for _, line in s.log if " fires: " in line]


# ============================================================================ 7.0 sponsoring
def test_7_0_revolt_steps_set_the_strength_of_the_revolt_block() -> None:
    """7.0: MPs spent deploy TYRANTS/DEMOS in an enemy major city; strength = MPs spent."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    for _ in range(3):
        act(s, "sparta", "revolt CHALCIS")
    tyrants = bid(s, "SPA-TYRANTS")
    assert s.loc[tyrants] == hex_of(s, "CHALCIS") and s.strength[tyrants] == 3
    assert s.mp == 0 and s.legal_actions("sparta") == ["end"]
    assert "Sparta sponsors a revolt in CHALCIS (7.0)." in log_text(s)
    s2 = empty_board()
    garrison(s2)
    at_phase(s2, ATHENS, "move", 2)
    act(s2, "athens", "revolt MEGARA")
    assert s2.loc[bid(s2, "ATH-DEMOS")] == hex_of(s2, "MEGARA")  # Athens' revolt block is DEMOS


def test_7_0_players_may_spend_all_mps_on_revolt_steps() -> None:
    """4.0: players may expend all MPs on Revolts; 7.0: at most the block's four steps (RULINGS R9)."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 5)
    for _ in range(4):
        act(s, "sparta", "revolt CHALCIS")
    assert s.strength[bid(s, "SPA-TYRANTS")] == 4
    assert "revolt CHALCIS" not in s.legal_actions("sparta")
    assert s.mp == 1


def test_7_0_athens_sparta_minor_and_neutral_cities_are_immune() -> None:
    """7.0: ATHENS, SPARTA, minor cities and unjoined neutrals are immune to revolts."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    sparta_targets = revolt_targets(s, "sparta")
    assert "ATHENS" not in sparta_targets
    assert not {"PLATAEA", "NAUPACTUS", "AEGINA", "CARYSTUS"} & sparta_targets  # minor cities
    assert not {"ARGOS", "PELLA", "SYRACUSE", "MELOS"} & sparta_targets  # neutrals
    assert not {"CORINTH", "THEBES", "MEGARA"} & sparta_targets  # her own
    assert {"CHALCIS", "MILETUS", "SAMOS"} <= sparta_targets
    board = s.comp.board
    for name in sparta_targets:
        city = board.cities[board.city_index[name]]
        assert city.major and owner(s, name) == ATHENS, name
    s2 = empty_board()
    garrison(s2)
    at_phase(s2, ATHENS, "move", 3)
    athens_targets = revolt_targets(s2, "athens")
    assert "SPARTA" not in athens_targets and "ARGOS" not in athens_targets
    assert {"CORINTH", "THEBES"} <= athens_targets
    # a neutral city that joined Sparta may revolt
    s3 = empty_board()
    garrison(s3)
    set_owner(s3, "ARGOS", SPARTA)
    at_phase(s3, ATHENS, "move", 3)
    assert "ARGOS" in revolt_targets(s3, "athens")


# ============================================================================ 7.0 resolution
def test_7_0_revolt_in_a_vacant_major_city_is_automatic() -> None:
    """7.0/R9: a revolt in a vacant enemy major city is automatic (hands change at Phase end)."""
    s = empty_board()
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "revolt CHALCIS")
    assert owner(s, "CHALCIS") == ATHENS
    act(s, "sparta", "end")
    assert owner(s, "CHALCIS") == SPARTA
    assert s.loc[bid(s, "SPA-TYRANTS")] == hex_of(s, "CHALCIS")
    assert not fires(s)  # no battle


def test_7_0_revolt_is_a_siege_battle_with_full_hits() -> None:
    """7.0: otherwise a revolt is a Siege Battle in which the revolt block delivers full hits."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "CHALCIS", 2)
    at_phase(s, SPARTA, "move", 3)
    for _ in range(3):
        act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")
    assert s.legal_actions("sparta") == ["battle CHALCIS"]  # it must be resolved
    script_dice(s, [6, 6, 1, 1, 6])  # the defender (B2, first) misses; TYRANTS B3: two hits
    act(s, "sparta", "battle CHALCIS")
    text = log_text(s)
    assert "7.0: the revolt at CHALCIS is fought as a siege battle" in text
    assert "half-hit" not in text
    assert s.loc[a] == POOL  # two full hits on a 2-step block
    assert "7.0: the revolt at CHALCIS succeeds." in text
    assert owner(s, "CHALCIS") == SPARTA


def test_7_0_all_defending_blocks_including_navies_help_defeat_a_revolt() -> None:
    """7.0: all defending blocks (including navies) can help defeat a revolt; the revolt block takes hits normally."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    place(s, "ATH-NAV-3", "CHALCIS", 2)
    at_phase(s, SPARTA, "move", 2)
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")
    script_dice(s, [6, 6, 6, 6, 6, 6] * 2)
    act(s, "sparta", "battle CHALCIS")
    shooters = {line.split(" fires")[0].rsplit(" (", 1)[0] for line in fires(s)}
    assert "Athens ATHENS C3" in shooters or any(x.startswith("Athens ATHENS") for x in shooters)
    assert any(x.startswith("Athens PLATAEA") for x in shooters)


def test_7_0_failed_revolt_eliminates_the_revolt_block() -> None:
    """7.0: if the revolt fails (defenders remain after two rounds) the revolt block is eliminated."""
    s = empty_board()
    garrison(s)
    a = place(s, "ATH-HOP-5", "CHALCIS", 2)
    at_phase(s, SPARTA, "move", 1)
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")
    script_dice(s, [6] * 10)
    act(s, "sparta", "battle CHALCIS")
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert s.loc[bid(s, "SPA-TYRANTS")] == POOL
    assert "7.0: the revolt at CHALCIS fails; the revolt block is eliminated." in log_text(s)
    assert owner(s, "CHALCIS") == ATHENS and s.strength[a] == 2


def test_7_0_never_against_the_same_city_in_the_same_olympiad() -> None:
    """7.0: the revolt block can be reused, but never against the same city in the same Olympiad."""
    s = empty_board()
    garrison(s)
    place(s, "ATH-HOP-5", "CHALCIS", 2)
    at_phase(s, SPARTA, "move", 1)
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")
    script_dice(s, [6] * 10)
    act(s, "sparta", "battle CHALCIS")
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        act(s, role, "fire")
    assert s.loc[bid(s, "SPA-TYRANTS")] == POOL
    at_phase(s, SPARTA, "move", 3)  # a later Game Turn of the same Olympiad
    targets = revolt_targets(s, "sparta")
    assert "CHALCIS" not in targets
    assert "MILETUS" in targets


def test_7_0_revolt_block_does_not_count_toward_stacking() -> None:
    """7.0: the revolt block does not count toward stacking, hexside or siege attack limits."""
    s = empty_board()
    garrison(s)
    for block_id in ("SPA-HOP-2", "SPA-HOP-3", "SPA-HOP-4"):
        place(s, block_id, "MILETUS")
    place(s, "SPA-PEL-1", "EPHESUS")
    at_phase(s, SPARTA, "move", 3)
    set_owner(s, "MILETUS", ATHENS)  # entered this Phase: still an enemy city (4.2)
    act(s, "sparta", "revolt MILETUS")
    act(s, "sparta", "op SPA-PEL-1")
    act(s, "sparta", "to MILETUS")
    assert "stop" in s.legal_actions("sparta")  # a fourth block, with the revolt block there


# ============================================================================ 7.0 afterwards
def _won_revolt(s: S) -> int:
    garrison(s)
    at_phase(s, SPARTA, "move", 3)
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "revolt CHALCIS")
    act(s, "sparta", "end")
    assert owner(s, "CHALCIS") == SPARTA
    at_phase(s, SPARTA, "move", 3)  # a later Spartan Move Phase
    return bid(s, "SPA-TYRANTS")


def test_7_0_successful_revolt_block_exchanged_for_a_peltast_of_the_same_strength() -> None:
    """7.0: a successful revolt block may be exchanged for a pool peltast of the same strength."""
    s = empty_board()
    place(s, "SPA-PEL-1", "PLEURON")
    tyrants = _won_revolt(s)
    legal = s.legal_actions("sparta")
    assert "exchange SPA-TYRANTS SPA-RES-3" in legal and "disband SPA-TYRANTS" in legal
    assert "exchange SPA-TYRANTS SPA-PEL-1" not in legal  # that peltast is on the map
    act(s, "sparta", "exchange SPA-TYRANTS SPA-RES-3")
    pel = bid(s, "SPA-RES-3")
    assert s.loc[pel] == hex_of(s, "CHALCIS") and s.strength[pel] == 2
    assert s.loc[tyrants] == POOL
    targets = revolt_targets(s, "sparta")
    assert "CHALCIS" not in targets and "MILETUS" in targets


def test_7_0_successful_revolt_block_may_be_disbanded() -> None:
    """7.0/8.6: a successful revolt block can be disbanded to the Replacement Pool."""
    s = empty_board()
    tyrants = _won_revolt(s)
    act(s, "sparta", "disband SPA-TYRANTS")
    assert s.loc[tyrants] == POOL and s.strength[tyrants] == 0
    assert owner(s, "CHALCIS") == SPARTA


# ============================================================================ 7.1 helots
def test_7_1_helot_revolt_in_messene_for_normal_combat() -> None:
    """7.1: the HELOT block is deployed in MESSENE at 1 MP per step for normal combat."""
    s = empty_board()
    garrison(s)
    sp = place(s, "SPA-HOP-11", "MESSENE", 1)
    at_phase(s, ATHENS, "move", 3)
    assert "MESSENE" in revolt_targets(s, "athens")
    for _ in range(3):
        act(s, "athens", "helots MESSENE")
    helots = bid(s, "ATH-HELOTS")
    assert s.loc[helots] == hex_of(s, "MESSENE") and s.strength[helots] == 3
    act(s, "athens", "end")
    script_dice(s, [1, 6, 6])  # HELOTS A2 fire first: one hit
    act(s, "athens", "battle MESSENE")
    assert s.loc[sp] == POOL
    if s.pending is not None and s.pending["kind"] in ("regroup", "pillage"):
        act(s, "athens", "done")
    if s.pending is not None and s.pending["kind"] == "combat":
        act(s, "athens", "end")
    assert owner(s, "MESSENE") == ATHENS
    assert s.loc[helots] == hex_of(s, "MESSENE")


def test_7_1_helot_cannot_retreat_and_is_eliminated_if_defenders_remain() -> None:
    """7.1: the HELOT cannot retreat, dies if defenders remain after two rounds, and waits an Olympiad."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-11", "MESSENE", 2)
    at_phase(s, ATHENS, "move", 1)
    act(s, "athens", "helots MESSENE")
    act(s, "athens", "end")
    script_dice(s, [6] * 12)
    act(s, "athens", "battle MESSENE")
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        if role == "athens":
            assert not any(a.startswith("retreat") for a in s.legal_actions("athens"))
        act(s, role, "fire")
    assert s.loc[bid(s, "ATH-HELOTS")] == POOL
    at_phase(s, ATHENS, "move", 3)
    assert "MESSENE" not in revolt_targets(s, "athens")


def _fight_out(s: S, role_checks: dict[str, list[str]]) -> None:
    """Fire with every block through both rounds; record each side's round-2 options."""
    while s.pending is not None and s.pending["kind"] == "act":
        role = "athens" if s.pending["side"] == ATHENS else "sparta"
        legal = s.legal_actions(role)
        if s.battle is not None and s.battle["round"] == 2:
            role_checks.setdefault(s.comp.blocks[int(s.pending["block"])].id, []).extend(legal)
        act(s, role, "fire" if "fire" in legal else legal[0])


def test_7_1_assisted_helot_cannot_retreat_and_is_eliminated_if_defenders_remain() -> None:
    """7.1: the HELOT is deployed "for normal combat, assisted by friendly blocks", yet it "cannot
    retreat and is eliminated if any defenders remain after two rounds of combat": the assisting
    peltast may retreat (and must, 5.43), the HELOT may not and dies."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-11", "MESSENE", 2)
    pel = place(s, "ATH-PEL-1", "MESSENE", 2, came_from="0510")
    at_phase(s, ATHENS, "move", 1)
    act(s, "athens", "helots MESSENE")
    act(s, "athens", "end")
    helots = bid(s, "ATH-HELOTS")
    script_dice(s, [6] * 20)
    act(s, "athens", "battle MESSENE")
    options: dict[str, list[str]] = {}
    _fight_out(s, options)
    # the peltast was offered a retreat in round 2; the HELOT never (fire was its only action)
    assert not any(o.startswith("retreat") for o in options.get("ATH-HELOTS", []))
    assert any(o.startswith("retreat") for o in options["ATH-PEL-1"])
    assert s.loc[helots] == POOL and s.strength[helots] == 0
    assert s.loc[pel] == hex_of(s, "0510")  # the assisting peltast retreated the way it came (5.43, 5.5)
    assert "7.1: defenders remain at MESSENE after two rounds; the HELOT cannot retreat and is eliminated." \
        in log_text(s)
    assert owner(s, "MESSENE") == SPARTA
    at_phase(s, ATHENS, "move", 3)
    assert "MESSENE" not in revolt_targets(s, "athens")  # 7.1: not again this Olympiad


def test_7_1_assisted_helot_that_wins_stays_on_the_map() -> None:
    """7.1: when the defenders are gone the assisted HELOT is victorious and stays at MESSENE."""
    s = empty_board()
    garrison(s)
    sp = place(s, "SPA-HOP-11", "MESSENE", 1)
    place(s, "ATH-PEL-1", "MESSENE", 2, came_from="0510")
    at_phase(s, ATHENS, "move", 1)
    act(s, "athens", "helots MESSENE")
    act(s, "athens", "end")
    script_dice(s, [1] + [6] * 20)  # the peltasts (A) fire first: the HELOT's first die hits
    act(s, "athens", "battle MESSENE")
    _fight_out(s, {})
    assert s.loc[sp] == POOL
    assert s.loc[bid(s, "ATH-HELOTS")] == hex_of(s, "MESSENE")


def test_7_0_assisted_revolt_block_is_eliminated_if_defenders_remain() -> None:
    """7.0: "if the revolt fails, the revolt block is eliminated" — also when friendly blocks
    fought beside it (RULINGS R9): it neither retreats with them nor stays."""
    s = empty_board()
    garrison(s)
    place(s, "SPA-HOP-10", "ELIS", 2)
    place(s, "ATH-PEL-1", "ELIS", 2, came_from="0510")
    at_phase(s, ATHENS, "move", 2)
    act(s, "athens", "revolt ELIS")
    act(s, "athens", "end")
    script_dice(s, [6] * 20)
    act(s, "athens", "battle ELIS")
    options: dict[str, list[str]] = {}
    _fight_out(s, options)
    assert not any(o.startswith("retreat") for o in options.get("ATH-DEMOS", []))
    assert any(o.startswith("retreat") for o in options["ATH-PEL-1"])
    assert s.loc[bid(s, "ATH-DEMOS")] == POOL
    assert "7.0: defenders remain at ELIS after two rounds; the revolt fails and its block is eliminated." \
        in log_text(s)


def test_7_1_a_victorious_helot_retreats_like_any_peltast_in_later_battles() -> None:
    """7.1: the HELOT cannot retreat in its revolt, but a victorious HELOT functions like any
    peltast for the rest of the game, retreat (5.42) included."""
    s = empty_board()
    garrison(s)
    set_owner(s, "MESSENE", ATHENS)
    helots = place(s, "ATH-HELOTS", "MESSENE", 2)
    place(s, "SPA-HOP-11", "MESSENE", 2, came_from="0510")
    at_phase(s, SPARTA, "combat")
    script_dice(s, [6] * 20)
    act(s, "sparta", "battle MESSENE")
    options: dict[str, list[str]] = {}
    _fight_out(s, options)
    assert any(o.startswith("retreat") for o in options["ATH-HELOTS"])
    assert s.loc[helots] == hex_of(s, "MESSENE")


def test_7_1_victorious_helot_functions_like_a_peltast() -> None:
    """7.1: a victorious HELOT remains on the map and functions like any peltast (moves 4)."""
    s = empty_board()
    garrison(s)
    helots = place(s, "ATH-HELOTS", "MESSENE", 2)
    set_owner(s, "MESSENE", ATHENS)
    at_phase(s, ATHENS, "move", 3)
    assert "op ATH-HELOTS" in s.legal_actions("athens")
    act(s, "athens", "op ATH-HELOTS")
    assert s.view("athens")["moving"]["left"] == 4
    act(s, "athens", "to ELIS")
    act(s, "athens", "stop")
    assert s.loc[helots] == hex_of(s, "ELIS")
