"""The Operations Phase (4.0-4.9), rule by rule, with scripted dice (operations.py).

Each test builds a small position on an empty map (``blank``), pushes the operation's tasks and
plays the decisions a side is asked, so one rule is seen at work at a time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import polemos
from polemos.core.errors import IllegalActionError
from polemos.core.rng import script_dice
from polemos.games.peloponnesian_war import combat_tables as ct
from polemos.games.peloponnesian_war import operations as ops
from polemos.games.peloponnesian_war import rules, strategy
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.game import PWPlay
from polemos.games.peloponnesian_war.model import (
    ATHENIAN,
    ATHENIAN_ALLIED,
    ATHENS,
    CAVALRY,
    HOPLITE,
    NAVAL,
    NO,
    SPARTA,
    SPARTAN,
    SPARTAN_ALLIED,
)
from polemos.games.peloponnesian_war.state import (
    LD_AVAILABLE,
    LD_DEAD,
    LD_GOING_HOME,
    LD_OUT,
    NSLOTS,
    PH_OPERATIONS,
    REBEL_OPEN,
    SIDE_SLOTS,
    PWState,
    slot,
)

C = load_components()
rules.register(ops)


def sp(name: str) -> int:
    return C.space_index[name]


def ld(name: str) -> int:
    return C.leader_index[name]


def blank(mode: str = "two-player", player: int = ATHENS, scenario: str = "peloponnesian-war") -> PWState:
    """An empty map in the Operations Phase: no forces, no leaders out, 5000 talents a side."""
    # the registered game, not None: compiled, the kernel's State types its game field (a native slot)
    s = PWPlay(polemos.game("peloponnesian-war"), C, 7, scenario, {"mode": mode})
    s.player = player
    s.phase = PH_OPERATIONS
    s.treasury = [5000, 5000]
    s.recontrol()
    return s


def put(s: PWState, where: str, nationality: int, hoplite: int = 0, cavalry: int = 0, naval: int = 0) -> None:
    for t, n in ((HOPLITE, hoplite), (CAVALRY, cavalry), (NAVAL, naval)):
        s.add_sps(sp(where), nationality, t, n)
    s.recontrol()


def begin(s: PWState, side: int, leader: str, *, first: bool = True) -> None:
    """Start ``side``'s operation (its first: the commander leads from the home space)."""
    s.commander[side] = ld(leader)
    s.leader_at[ld(leader)] = sp(("athens", "sparta")[side])
    if not first:
        s.ops[side] = 1
    s.op_side = side
    s.first_player = side
    s.push(["op_begin", side])
    rules.advance(s)


def act(s: PWState, side: int, action: str) -> None:
    """Play a legal action of ``side`` (the kernel's check: it must be among the legal ones)."""
    assert s.pending is not None and int(s.pending["side"]) == side, s.pending
    legal = rules.legal(s, side)
    assert action in legal, (action, legal)
    rules.apply(s, side, action)


def log(s: PWState) -> str:
    return "\n".join(text for _, text in s.log)


def army(s: PWState) -> list[int]:
    assert s.op is not None
    return list(s.op["army"])


def asked(s: PWState) -> str:
    assert s.pending is not None
    return str(s.pending["kind"])


# ====================================================================== 4.0 the phase
def test_4_0_first_operation_to_the_greater_strategic_modifier() -> None:
    s = blank()
    s.commander = [ld("pericles"), ld("brasidas")]  # strategic 0 and 2
    put(s, "athens", ATHENIAN, hoplite=1)
    put(s, "sparta", SPARTAN, hoplite=1)
    s.push(["operations"])
    rules.advance(s)
    assert s.first_player == SPARTA
    assert "4.0 Sparta conducts the first operation" in log(s)
    assert asked(s) == "op_objective" and s.pending is not None and s.pending["side"] == SPARTA


def test_4_0_a_high_die_roll_breaks_a_tie() -> None:
    s = blank()
    s.commander = [ld("pericles"), ld("archidamus")]  # both strategic 0
    put(s, "athens", ATHENIAN, hoplite=1)
    put(s, "sparta", SPARTAN, hoplite=1)
    script_dice(s, [3, 3, 2, 5])  # a tie again, then Sparta higher
    s.push(["operations"])
    rules.advance(s)
    assert s.first_player == SPARTA


def test_4_0_sides_alternate_until_both_have_passed_then_4_9_going_home() -> None:
    s = blank()
    s.commander = [ld("pericles"), ld("brasidas")]
    put(s, "athens", ATHENIAN, hoplite=1)
    put(s, "sparta", SPARTAN, hoplite=1)
    s.going_home[slot(ATHENIAN, HOPLITE)] = 1  # something for 4.9 to bring home
    s.push(["operations"])
    rules.advance(s)
    act(s, SPARTA, "pass")
    assert s.passed == [False, True]
    assert asked(s) == "op_objective" and s.pending is not None and s.pending["side"] == ATHENS
    act(s, ATHENS, "pass")
    assert s.passed == [True, True] and s.pending is None
    assert "4.9 Going Home Segment" in log(s)
    assert sum(s.going_home) == 0


# ====================================================================== 4.3 subsequent operations
def test_4_3_adverse_auguries_on_a_6_are_a_pass() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    script_dice(s, [6])
    begin(s, ATHENS, "pericles", first=False)
    assert s.passed[ATHENS]
    assert "4.3 Athens consults the auguries: 6, adverse." in log(s)


def test_4_3_favourable_auguries_draw_a_new_leader_into_the_home_space() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    for lead in s.leaders_of(ATHENS):
        s.leader_at[lead] = LD_OUT
    s.leader_at[ld("cleon")] = LD_AVAILABLE
    s.commander[ATHENS] = ld("pericles")
    s.ops[ATHENS] = 1
    s.op_side = ATHENS
    script_dice(s, [2])
    s.push(["op_begin", ATHENS])
    rules.advance(s)
    assert s.leader_at[ld("cleon")] == sp("athens")
    assert s.op is not None and s.op["leader"] == ld("cleon")
    assert "Cleon is drawn" in log(s)


def test_4_3_no_leader_available_is_a_pass() -> None:
    s = blank()
    put(s, "athens", ATHENS, hoplite=2)
    for lead in s.leaders_of(ATHENS):
        s.leader_at[lead] = LD_OUT
    s.ops[ATHENS] = 1
    s.op_side = ATHENS
    script_dice(s, [1])
    s.push(["op_begin", ATHENS])
    rules.advance(s)
    assert s.passed[ATHENS]


def test_4_3_insufficient_funds_or_forces_is_a_pass() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, naval=0)
    begin(s, ATHENS, "pericles")  # no SPs anywhere
    assert s.passed[ATHENS]
    s = blank()
    put(s, "piraeus", ATHENIAN, naval=3)
    s.treasury[ATHENS] = 1300  # 7.1.5: 300 above the Emergency Fund; a Naval SP costs 400
    begin(s, ATHENS, "pericles")
    assert s.passed[ATHENS]
    assert "insufficient forces or funds" in log(s)


def test_4_3_critical_note_sps_that_moved_are_not_available() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=3)
    s.moved[sp("athens")][slot(ATHENIAN, HOPLITE)] = 2
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    assert rules.legal(s, ATHENS).count("take athenian hoplite") == 1
    act(s, ATHENS, "take athenian hoplite")
    assert "take athenian hoplite" not in rules.legal(s, ATHENS)


# ====================================================================== 4.1 Step 1-4 and 4.1.5
def test_4_1_5_activation_costs_land_200_naval_400_spartans_free() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=1, cavalry=1)
    put(s, "piraeus", ATHENIAN_ALLIED, naval=1)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    assert s.treasury[ATHENS] == 4800
    act(s, ATHENS, "take athenian cavalry")
    assert s.treasury[ATHENS] == 4600
    act(s, ATHENS, "goto piraeus")
    act(s, ATHENS, "take athenian_allied naval")
    assert s.treasury[ATHENS] == 4200
    assert ops.activation_cost(s, SPARTAN, HOPLITE) == 0
    assert ops.activation_cost(s, SPARTAN, CAVALRY) == 0
    assert ops.activation_cost(s, SPARTAN, NAVAL) == 400
    assert ops.activation_cost(s, SPARTAN_ALLIED, HOPLITE) == 200


def test_7_1_5_activation_never_takes_athens_below_the_emergency_fund() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=5)
    s.treasury[ATHENS] = 1500
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    assert s.treasury[ATHENS] == 1100
    assert "take athenian hoplite" not in rules.legal(s, ATHENS)


def test_4_1_1_the_spartan_home_guard_never_moves() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=4)
    s.home_guard = 3
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective tegea")
    act(s, SPARTA, "take spartan hoplite")
    assert "take spartan hoplite" not in rules.legal(s, SPARTA)
    assert s.treasury[SPARTA] == 5000  # 4.1.5: free


def test_4_1_a_full_operation_marches_by_the_shortest_route_and_ravages() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=6)
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective athens")
    for _ in range(4):
        act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "march")
    # Sparta - Tegea - (Argos is neutral and closed: 4.1.1) ... - Athens; routes may offer choices
    while s.pending is not None and asked(s) == "op_route":
        act(s, SPARTA, rules.legal(s, SPARTA)[0])
    assert s.ops[SPARTA] == 1
    assert s.sp[sp("athens")][slot(SPARTAN, HOPLITE)] == 4
    assert s.moved[sp("athens")][slot(SPARTAN, HOPLITE)] == 4
    assert s.leader_at[ld("archidamus")] == sp("athens")
    assert "4.1 Step 4" in log(s)
    assert s.ravaged[sp("athens")]  # 4.8
    assert not s.ravaged[sp("argos")]
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 2


def test_4_1_1_a_player_chooses_among_equally_short_routes() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=2)
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective athens")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "march")
    seen_choice = False
    while s.pending is not None and asked(s) == "op_route":
        seen_choice = True
        legal = rules.legal(s, SPARTA)
        assert all(a.startswith("via ") for a in legal) and len(legal) > 1
        act(s, SPARTA, legal[-1])
    assert s.leader_at[ld("archidamus")] == sp("athens")
    assert seen_choice or "4.1 Step 4" in log(s)


def test_4_1_1_a_leader_alone_may_not_enter_an_enemy_space_without_a_friendly_force() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=1)
    put(s, "megara", ATHENIAN, hoplite=1)  # a friendly force in an enemy colour-coded space
    put(s, "thebes", ATHENIAN, hoplite=1)  # another, but no leader can walk through Peloponnesian Plataea? it is Delian
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective corinth")
    legal = rules.legal(s, ATHENS)
    assert "goto megara" in legal
    s2 = blank()
    put(s2, "athens", ATHENIAN, hoplite=1)
    put(s2, "corinth", ATHENIAN, hoplite=1)
    begin(s2, ATHENS, "pericles")
    act(s2, ATHENS, "objective corinth")
    # Corinth holds a friendly force, but the way there is through Megara, an enemy space: closed to a leader alone
    assert "goto corinth" not in rules.legal(s2, ATHENS)


def test_4_1_4_naval_transport_one_naval_sp_carries_one_land_sp() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=3)
    put(s, "piraeus", ATHENIAN, naval=2)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective aegina")
    for _ in range(3):
        act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "goto piraeus")
    act(s, ATHENS, "take athenian naval")
    act(s, ATHENS, "take athenian naval")
    assert "march" not in rules.legal(s, ATHENS)  # 3 Land, 2 Naval: Combined LOCs only
    assert "halt" in rules.legal(s, ATHENS)
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "piraeus", ATHENIAN, naval=2)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective aegina")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "goto piraeus")
    act(s, ATHENS, "take athenian naval")
    act(s, ATHENS, "take athenian naval")
    act(s, ATHENS, "march")
    assert s.sp[sp("aegina")][slot(ATHENIAN, HOPLITE)] == 2
    assert s.sp[sp("aegina")][slot(ATHENIAN, NAVAL)] == 2


def test_4_1_2_fleets_cross_the_isthmus_only_when_both_ends_are_friendly() -> None:
    s = blank()
    put(s, "corinth", SPARTAN_ALLIED, naval=2)
    s.control[sp("cenchreae")] = SPARTA
    assert ops.isthmus_open(s, SPARTA)
    steps = ops.route_steps(s, SPARTA, sp("corinth"), sp("cenchreae"), [0] * 9 + [0, 0, 2])
    assert [t for t, _ in steps] == [sp("cenchreae")]
    s.control[sp("cenchreae")] = ATHENS
    assert not ops.isthmus_open(s, SPARTA)
    steps = ops.route_steps(s, SPARTA, sp("corinth"), sp("cenchreae"), [0] * 9 + [0, 0, 2])
    assert sp("cenchreae") not in [t for t, _ in steps]


def test_4_1_2_land_forces_in_corinth_may_intercept_an_army_entering_cenchreae() -> None:
    s = blank()
    put(s, "corinth", SPARTAN_ALLIED, hoplite=1)
    assert ops.interceptors(s, ATHENS, sp("cenchreae")) == [sp("corinth")]
    s2 = blank()
    put(s2, "corinth", SPARTAN_ALLIED, naval=1)  # no Land units: only its Naval ZOI, never along the isthmus
    reach = ct.zoi(C, sp("corinth"), SPARTA, tuple(s2.sp[sp("corinth")]), combat_phase=False).all
    assert (sp("corinth") in ops.interceptors(s2, ATHENS, sp("cenchreae"))) == (sp("cenchreae") in reach)


def test_4_1_3_a_storm_on_5_or_6_eliminates_the_army_and_sets_the_leader_aside() -> None:
    s = blank()
    put(s, "cape_taenarum", SPARTAN, hoplite=1, naval=1)
    s.power_status[C.power("syracuse").index] = SPARTA
    s.recontrol()
    s.leader_at[ld("gylippus")] = sp("cape_taenarum")
    s.commander[SPARTA] = ld("gylippus")
    s.op_side = SPARTA
    s.first_player = SPARTA
    s.push(["op_begin", SPARTA])
    rules.advance(s)
    act(s, SPARTA, "objective syracuse")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "take spartan naval")
    script_dice(s, [5])
    act(s, SPARTA, "march")
    assert s.leader_at[ld("gylippus")] == LD_OUT
    assert s.side_sps(sp("cape_taenarum"), SPARTA) == 0 and s.side_sps(sp("syracuse"), SPARTA) == 0
    assert s.naval_lost[SPARTA] == 1
    assert "4.1.3 a violent storm (roll 5)" in log(s)


def test_4_1_3_no_storm_on_1_to_4() -> None:
    s = blank()
    put(s, "cape_taenarum", SPARTAN, hoplite=1, naval=1)
    s.power_status[C.power("syracuse").index] = SPARTA
    s.recontrol()
    s.leader_at[ld("gylippus")] = sp("cape_taenarum")
    s.commander[SPARTA] = ld("gylippus")
    s.op_side = SPARTA
    s.first_player = SPARTA
    s.push(["op_begin", SPARTA])
    rules.advance(s)
    act(s, SPARTA, "objective syracuse")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "take spartan naval")
    script_dice(s, [4])
    act(s, SPARTA, "march")
    assert s.leader_at[ld("gylippus")] == sp("syracuse")
    assert s.side_sps(sp("syracuse"), SPARTA) == 2


# ====================================================================== 4.4 Cause Rebellion
def rebels(s: PWState, side: int) -> None:
    """Give ``side`` the Cause Rebellion strategy this turn (3.1)."""
    s.strategy[side] = C.matrixes[side].strategy_index("cause-rebellion")


def test_4_4_a_cause_rebellion_operation_needs_the_cause_rebellion_strategy() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    s.strategy[ATHENS] = C.matrixes[ATHENS].strategy_index("raid-the-peloponnese")
    begin(s, ATHENS, "pericles")
    assert not any(a.startswith("rebel ") for a in rules.legal(s, ATHENS))
    assert "objective megara" in rules.legal(s, ATHENS)
    with pytest.raises(IllegalActionError):
        ops.apply_op_objective(s, ATHENS, "rebel megara")


def test_4_4_2_cause_rebellion_succeeds_on_a_6_then_the_army_is_built() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    rebels(s, ATHENS)
    begin(s, ATHENS, "pericles")
    assert "rebel megara" in rules.legal(s, ATHENS)
    script_dice(s, [6])
    act(s, ATHENS, "rebel megara")
    assert s.treasury[ATHENS] == 4900
    assert s.rebellion[sp("megara")] == ATHENS
    assert asked(s) == "op_build"


def test_4_4_2_a_failed_rebellion_costs_100_talents_sends_the_leader_home_and_is_no_pass() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    rebels(s, ATHENS)
    begin(s, ATHENS, "pericles")
    script_dice(s, [5])
    act(s, ATHENS, "rebel megara")
    assert s.treasury[ATHENS] == 4900
    assert s.rebellion[sp("megara")] == NO
    assert s.leader_at[ld("pericles")] == LD_GOING_HOME
    assert not s.passed[ATHENS] and s.ops[ATHENS] == 1


def test_4_4_cause_rebellion_targets() -> None:
    s = blank()
    put(s, "thebes", SPARTAN_ALLIED, hoplite=1)
    assert ops.rebellion_target(s, ATHENS, sp("thebes"))  # occupied by an enemy force
    assert ops.rebellion_target(s, ATHENS, sp("sparta"))  # the enemy home space
    assert ops.rebellion_target(s, ATHENS, sp("argos"))  # Argos while neutral (4.4 EXCEPTION)
    assert ops.rebellion_target(s, ATHENS, sp("athens"))  # one's own space
    assert not ops.rebellion_target(s, ATHENS, sp("megara"))
    assert ops.rebellion_target(s, ATHENS, sp("euxine"))


# ====================================================================== 4.5 neutrals
def test_4_5_and_10_1_4_athens_attacking_syracuse_makes_it_a_spartan_ally() -> None:
    s = blank()
    put(s, "catana", ATHENIAN, hoplite=1, naval=1)
    s.control[sp("catana")] = ATHENS
    s.leader_at[ld("nicias")] = sp("catana")
    s.commander[ATHENS] = ld("nicias")
    s.op_side = ATHENS
    s.first_player = ATHENS
    s.push(["op_begin", ATHENS])
    rules.advance(s)
    assert "objective syracuse" in rules.legal(s, ATHENS)
    act(s, ATHENS, "objective syracuse")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian naval")
    script_dice(s, [1])  # the Syracusans' interception fails
    act(s, ATHENS, "march")
    syr = C.power("syracuse").index
    assert s.power_status[syr] == SPARTA
    assert s.side_sps(sp("syracuse"), SPARTA) == 6  # 10.1.3: 2H, 2C, 2N (Allied)
    assert "10.1.4 Athens attacks Syracuse" in log(s)


def test_10_1_4_sparta_never_enters_a_neutral_syracuse_nor_athens_a_neutral_argos() -> None:
    s = blank()
    assert ops.valid_objective(s, SPARTA, sp("syracuse"))
    assert ops.valid_objective(s, ATHENS, sp("argos"))
    assert not ops.valid_objective(s, ATHENS, sp("syracuse"))
    assert not ops.valid_objective(s, SPARTA, sp("argos"))


def test_4_5_a_neutral_space_in_rebellion_is_captured_by_the_first_army_to_enter() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=2)
    s.rebellion[sp("patrae")] = REBEL_OPEN
    s.recontrol()
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective patrae")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "march")
    while s.pending is not None and asked(s) == "op_route":
        act(s, SPARTA, rules.legal(s, SPARTA)[0])
    assert s.rebellion[sp("patrae")] == SPARTA


# ====================================================================== 4.6 interception
def test_4_6_2_interception_succeeds_on_4_to_6_and_a_skirmish_follows() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN_ALLIED, hoplite=2)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    assert asked(s) == "op_intercept" and s.pending is not None and s.pending["side"] == SPARTA
    assert rules.legal(s, SPARTA) == ["decline", "intercept megara"]
    script_dice(s, [4, 3, 2])  # interception 4: success; skirmish dice 3 and 2: no losses, no battle
    act(s, SPARTA, "intercept megara")
    assert "4.6.2 Sparta's force in Megara tries to intercept in Megara: roll 4, success." in log(s)
    assert "4.7 skirmish in Megara: Athens rolls 3, Sparta rolls 2." in log(s)
    assert s.ops[ATHENS] == 1 and s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 2
    assert not s.ravaged[sp("megara")]


def test_4_6_2_a_failed_interception_lets_the_army_move_on() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN_ALLIED, cavalry=1)  # its ZOI reaches Athens' neighbours, not Athens (5.3.1)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective corinth")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    script_dice(s, [3])
    act(s, SPARTA, "intercept megara")
    assert "roll 3, failure" in log(s)
    # Corinth, also in the Megarian cavalry's ZOI: a second attempt is allowed there (once per space)
    assert asked(s) == "op_intercept"
    act(s, SPARTA, "decline")
    assert s.leader_at[ld("pericles")] == sp("corinth")
    assert s.ravaged[sp("corinth")]


def test_4_6_2_never_more_than_once_per_space() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN_ALLIED, hoplite=1)
    put(s, "corinth", SPARTAN_ALLIED, cavalry=1)  # both reach Megara
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    assert s.pending is not None and sorted(s.pending["choices"]) == sorted([sp("megara"), sp("corinth")])
    script_dice(s, [1])
    act(s, SPARTA, "intercept corinth")
    assert s.ops[ATHENS] == 1  # arrived: no second attempt in Megara


def test_4_6_the_matrix_side_always_intercepts_with_its_largest_force() -> None:
    s = blank(mode="solitaire", player=ATHENS)
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN_ALLIED, hoplite=1)
    put(s, "corinth", SPARTAN_ALLIED, hoplite=3, cavalry=1)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    script_dice(s, [1])
    act(s, ATHENS, "march")
    assert "Sparta's force in Corinth tries to intercept in Megara: roll 1" in log(s)


def test_4_6_a_leader_alone_intercepted_is_out_for_the_turn_and_the_operation_ends() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=1)
    put(s, "piraeus", ATHENIAN, naval=1)
    put(s, "megara", SPARTAN_ALLIED, naval=1)  # a Naval ZOI reaching Piraeus? no: 5.3.1 keeps it out
    put(s, "decelea", ATHENIAN, hoplite=1)
    put(s, "thebes", SPARTAN_ALLIED, cavalry=1)  # its ZOI holds Decelea
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective athens")
    act(s, ATHENS, "goto decelea")
    script_dice(s, [5])
    act(s, SPARTA, "intercept thebes")
    assert s.leader_at[ld("pericles")] == LD_OUT
    assert not s.passed[ATHENS] and s.ops[ATHENS] == 1
    assert "moving alone, is removed for the rest of the game turn" in log(s)


# ====================================================================== 4.7 skirmishes
def test_4_7_a_1_costs_one_sp_hoplite_first_on_land_naval_first_on_an_island() -> None:
    s = blank()
    land = [0] * NSLOTS
    land[slot(ATHENIAN, HOPLITE)] = 1
    land[slot(ATHENIAN, NAVAL)] = 1
    land[slot(ATHENIAN_ALLIED, HOPLITE)] = 1
    assert ops.skirmish_loss(s, sp("megara"), land, ATHENS) == slot(ATHENIAN_ALLIED, HOPLITE)
    assert ops.skirmish_loss(s, sp("aegina"), land, ATHENS) == slot(ATHENIAN, NAVAL)
    only_cav = [0] * NSLOTS
    only_cav[slot(SPARTAN, CAVALRY)] = 2
    only_cav[slot(SPARTAN, NAVAL)] = 1
    assert ops.skirmish_loss(s, sp("megara"), only_cav, SPARTA) == slot(SPARTAN, CAVALRY)


def test_4_7_a_skirmish_becomes_a_battle_on_11_or_on_8_sps_half_of_them_intercepting() -> None:
    s = blank()
    assert ops.skirmish_battle(s, (5, 6), sp("megara"), (1, 1), (0, 0))  # A
    assert not ops.skirmish_battle(s, (5, 5), sp("megara"), (1, 1), (0, 0))
    assert ops.skirmish_battle(s, (1, 2), sp("megara"), (4, 4), (0, 0))  # B: 8 Land, 50% intercepting
    assert not ops.skirmish_battle(s, (1, 2), sp("megara"), (5, 3), (0, 0))  # under 50%
    assert not ops.skirmish_battle(s, (1, 2), sp("aegina"), (4, 4), (0, 0))  # Land SPs count on Land/Coastal only
    assert ops.skirmish_battle(s, (1, 2), sp("aegina"), (0, 0), (3, 5))  # Naval SPs on an island
    assert not ops.skirmish_battle(s, (1, 2), sp("thebes"), (0, 0), (3, 5))  # ... not in a Land space


def test_4_7_skirmish_losses_and_a_battle_the_army_loses() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN, hoplite=6)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    # interception 6; skirmish: Athens 1 (loses a hoplite), Sparta 4; 7 Land SPs, not 8: but wait
    script_dice(s, [6, 1, 4])
    act(s, SPARTA, "intercept megara")
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 1
    assert "the army loses 1 Athenian Hoplite SP" in log(s)
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN, hoplite=6)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    # interception 6; skirmish 5 + 6 = 11: a battle (4.7 A); land battle Athens 1, Sparta 6: Sparta wins
    script_dice(s, [6, 5, 6, 1, 6])
    act(s, SPARTA, "intercept megara")
    assert "the skirmish becomes a battle" in log(s)
    assert s.side_sps(sp("megara"), ATHENS) == 0
    assert s.leader_at[ld("pericles")] == LD_OUT
    assert s.ops[ATHENS] == 1
    assert "it lost the battle (4.7); its costs are forfeit" in log(s)


# ====================================================================== 4.8 ravaging
def test_4_8_no_ravaging_toward_an_assembly_space_nor_where_an_enemy_force_stands() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=2)
    put(s, "megara", SPARTAN_ALLIED, hoplite=1)
    put(s, "plataea", ATHENIAN, hoplite=1)
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective plataea")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "march")
    while s.pending is not None and s.ops[SPARTA] == 0:
        if asked(s) == "op_route":
            act(s, SPARTA, rules.legal(s, SPARTA)[0])
        else:
            act(s, ATHENS, "decline")
    assert s.leader_at[ld("archidamus")] == sp("plataea")
    assert not s.ravaged[sp("plataea")]  # an enemy force occupies it


# ====================================================================== the matrix side
def _matrix_objective(target: str, land: int, naval: int) -> Any:
    def fake(s: PWState, side: int) -> tuple[int, int, int]:
        return sp(target), land, naval
    return fake


def test_the_matrix_side_builds_its_army_and_marches_without_being_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("aegina", 2, 3))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=6)
    put(s, "piraeus", ATHENIAN, naval=8)
    script_dice(s, [6])  # the auguries of its next operation: adverse (4.3)
    begin(s, ATHENS, "pericles")
    assert s.pending is None
    assert s.sp[sp("aegina")][slot(ATHENIAN, HOPLITE)] == 2
    assert s.sp[sp("aegina")][slot(ATHENIAN, NAVAL)] == 3
    assert s.treasury[ATHENS] == 5000 - 2 * 200 - 3 * 400
    text = log(s)
    assert "objective Aegina, an army of 2 Land and 3 Naval SPs" in text
    assert "(RULINGS P68)" in text and "4.1 Step 4" in text


def test_4_1_5_one_log_line_per_activation_decision_however_many_sps(monkeypatch: pytest.MonkeyPatch) -> None:
    """4.1.5: the matrix leader takes his SPs where he stands in one decision (RULINGS P68): one
    log line names them all and their cost, not one line per SP."""
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("aegina", 2, 3))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=6)
    put(s, "piraeus", ATHENIAN, naval=8)
    script_dice(s, [6])
    begin(s, ATHENS, "pericles")
    lines = [text for _, text in s.log if text.startswith("4.1.5 ") and " activates " in text]
    assert lines == ["4.1.5 Pericles activates 2 Athenian Hoplite SPs in Athens for 400 talents.",
                     "4.1.5 Pericles activates 3 Athenian Naval SPs in Piraeus for 1200 talents."]


def test_4_1_5_the_player_activates_one_sp_per_decision_one_line_each() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=3)
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective plataea")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "take spartan hoplite")
    lines = [text for _, text in s.log if " activates " in text]
    assert lines == ["4.1.5 Archidamus activates 1 Spartan Hoplite SP in Sparta for 0 talents."] * 2


def test_4_8_no_ravaging_on_the_way_to_an_assembly_space() -> None:
    s = blank()
    put(s, "sparta", SPARTAN, hoplite=2)
    put(s, "thebes", SPARTAN_ALLIED, hoplite=2)
    begin(s, SPARTA, "archidamus")
    act(s, SPARTA, "objective thebes")
    act(s, SPARTA, "take spartan hoplite")
    act(s, SPARTA, "goto thebes")  # through Delian League spaces, toward an assembly space
    while s.pending is not None and asked(s) == "op_route":
        act(s, SPARTA, rules.legal(s, SPARTA)[0])
    assert asked(s) == "op_build" and s.leader_at[ld("archidamus")] == sp("thebes")
    assert not any(s.ravaged)


def test_4_8_a_successful_interception_prevents_ravaging() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "corinth", SPARTAN_ALLIED, cavalry=1)  # its ZOI holds Megara, which is empty
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    script_dice(s, [4, 2, 3])  # interception succeeds; the skirmish costs nothing
    act(s, SPARTA, "intercept corinth")
    assert s.leader_at[ld("pericles")] == sp("megara")
    assert not s.ravaged[sp("megara")]
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "corinth", SPARTAN_ALLIED, cavalry=1)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    script_dice(s, [3])  # it fails: Megara is ravaged
    act(s, SPARTA, "intercept corinth")
    assert s.ravaged[sp("megara")]
    assert "4.8 Athens' army ravages Megara." in log(s)


def _into_megara(dice: list[int]) -> PWState:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=3)
    put(s, "megara", ATHENIAN_ALLIED, hoplite=4)
    put(s, "corinth", SPARTAN_ALLIED, hoplite=4, cavalry=1)  # 5 Land SPs; its cavalry ZOI holds Megara
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    for _ in range(3):
        act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    script_dice(s, dice)
    act(s, SPARTA, "intercept corinth")
    return s


def test_4_6_1_forces_already_in_the_space_count_toward_a_battle() -> None:
    # interception 4, skirmish 2 and 3: 3 + 4 Athenian and 5 intercepting Land SPs make 12, of which
    # the interceptors are under 50%: no battle. Without the 4 already in Megara (3 + 5 = 8, 5 of them
    # intercepting) it would have been one.
    s = _into_megara([4, 2, 3])
    assert "becomes a battle" not in log(s)
    assert s.leader_at[ld("pericles")] == sp("megara")


def test_4_6_1_forces_already_in_the_space_take_no_skirmish_loss() -> None:
    s = _into_megara([4, 1, 2])  # Athens rolls 1: the army loses an SP, not the Allied force in Megara
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 2
    assert s.sp[sp("megara")][slot(ATHENIAN_ALLIED, HOPLITE)] == 4


def test_4_1_4_a_skirmish_on_an_island_sends_home_the_land_sps_the_ships_cannot_carry() -> None:
    s = blank()
    put(s, "piraeus", ATHENIAN, hoplite=2, naval=2)
    put(s, "epidaurus", SPARTAN_ALLIED, naval=1)  # its Naval ZOI holds Aegina
    s.leader_at[ld("pericles")] = sp("piraeus")
    s.commander[ATHENS] = ld("pericles")
    s.op_side = ATHENS
    s.first_player = ATHENS
    s.push(["op_begin", ATHENS])
    rules.advance(s)
    act(s, ATHENS, "objective aegina")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian naval")
    act(s, ATHENS, "take athenian naval")
    act(s, ATHENS, "march")
    assert s.pending is not None and s.pending["choices"] == [sp("epidaurus")]
    script_dice(s, [5, 1, 3])  # success; Athens rolls 1: a Naval SP first on an island (4.7)
    act(s, SPARTA, "intercept epidaurus")
    assert s.sp[sp("aegina")][slot(ATHENIAN, NAVAL)] == 1
    assert s.sp[sp("aegina")][slot(ATHENIAN, HOPLITE)] == 1
    assert s.going_home[slot(ATHENIAN, HOPLITE)] == 1 or "4.9" in log(s)
    assert "4.1.4 the army's ships can no longer carry all its Land SPs: 1 Athenian Hoplite" in log(s)


def test_4_4_2_a_rebellion_with_no_army_to_build_ends_the_operation_without_a_pass() -> None:
    s = blank()
    put(s, "corinth", ATHENIAN, hoplite=1)  # behind Megara, closed to a leader alone (4.1.1)
    rebels(s, ATHENS)
    begin(s, ATHENS, "pericles")
    script_dice(s, [6])
    act(s, ATHENS, "rebel elis")
    assert rules.legal(s, ATHENS) == ["halt"]
    act(s, ATHENS, "halt")
    assert s.ops[ATHENS] == 1 and s.rebellion[sp("elis")] == ATHENS
    assert "(RULINGS P73)" in log(s)


def test_4_3_a_side_that_has_passed_conducts_no_more_operations_the_other_goes_on_alone() -> None:
    s = blank()
    s.commander = [ld("pericles"), ld("brasidas")]
    put(s, "athens", ATHENIAN, hoplite=3)
    put(s, "sparta", SPARTAN, hoplite=1)
    s.push(["operations"])
    rules.advance(s)
    act(s, SPARTA, "pass")
    act(s, ATHENS, "objective athens")
    act(s, ATHENS, "take athenian hoplite")
    script_dice(s, [3])  # Athens' next operation: favourable auguries
    act(s, ATHENS, "march")
    assert s.passed == [False, True] and s.ops == [1, 0]
    assert asked(s) == "op_objective" and s.pending is not None and s.pending["side"] == ATHENS
    assert s.segment == "4.3 Subsequent Operations Segment"


def snapshot(s: PWState) -> str:
    return json.dumps([s.op, s.pending, s.treasury, s.sp, s.moved, s.tasks, s.log, s.leader_at, s.passed, s.ops])


def test_a_bad_action_changes_nothing() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=1)
    begin(s, ATHENS, "pericles")
    before = snapshot(s)
    for bad in ("objective nowhere", "rebel athens", "objective euxine", "fly megara"):
        with pytest.raises(IllegalActionError):
            ops.apply_op_objective(s, ATHENS, bad)
        assert snapshot(s) == before
    act(s, ATHENS, "objective megara")
    before = snapshot(s)
    for bad in ("take spartan hoplite", "take athenian naval", "goto sparta", "march", "take"):
        with pytest.raises(IllegalActionError):
            ops.apply_op_build(s, ATHENS, bad)
        assert snapshot(s) == before


def test_p68_the_matrix_side_takes_no_ships_to_a_land_space(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("thebes", 2, 2))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=6)
    put(s, "piraeus", ATHENIAN, naval=8)
    script_dice(s, [6])  # the auguries of its next operation: adverse (4.3)
    begin(s, ATHENS, "pericles")
    assert s.sp[sp("thebes")][slot(ATHENIAN, HOPLITE)] == 2
    assert s.sp[sp("piraeus")][slot(ATHENIAN, NAVAL)] == 8
    assert s.treasury[ATHENS] == 5000 - 2 * 200
    assert "Naval SPs can never enter Thebes, a Land space: the army goes without them (RULINGS P68)" in log(s)


def test_p68_the_matrix_side_leaves_behind_land_sps_its_ships_cannot_carry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("aegina", 4, 3))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "piraeus", ATHENIAN, hoplite=4, naval=3)
    script_dice(s, [6])
    begin(s, ATHENS, "pericles")
    assert s.sp[sp("aegina")][slot(ATHENIAN, HOPLITE)] == 3
    assert s.sp[sp("aegina")][slot(ATHENIAN, NAVAL)] == 3
    assert s.sp[sp("piraeus")][slot(ATHENIAN, HOPLITE)] == 1
    assert "leaves 1 Land SP behind in Piraeus: with them the army could not reach Aegina (RULINGS P68)" in log(s)


def test_p68_the_matrix_leader_does_not_fetch_troops_that_could_not_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("thebes", 3, 0))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "aegina", ATHENIAN_ALLIED, hoplite=2)  # 2 LOCs away, an island: Land SPs alone could never leave
    put(s, "chalcis", ATHENIAN, hoplite=3)  # 3 LOCs away
    script_dice(s, [6])
    begin(s, ATHENS, "pericles")
    assert s.sp[sp("aegina")][slot(ATHENIAN_ALLIED, HOPLITE)] == 2
    assert s.sp[sp("thebes")][slot(ATHENIAN, HOPLITE)] == 3


def test_10_3_4_a_force_entering_macedon_makes_it_an_ally_of_the_other_side() -> None:
    s = blank(scenario="decelean-war")
    put(s, "amphipolis", ATHENIAN, hoplite=2)
    s.leader_at[ld("cleon")] = sp("amphipolis")
    s.commander[ATHENS] = ld("cleon")
    s.op_side = ATHENS
    s.first_player = ATHENS
    s.push(["op_begin", ATHENS])
    rules.advance(s)
    act(s, ATHENS, "objective pela")
    act(s, ATHENS, "take athenian hoplite")
    script_dice(s, [1])  # the Macedonian horse, placed as the army comes (RULINGS P77), fails to intercept
    act(s, ATHENS, "march")
    macedon = C.power("macedon").index
    assert s.power_status[macedon] == SPARTA
    assert s.sp[sp("pela")][slot(SPARTAN_ALLIED, CAVALRY)] == 2  # 10.3.3
    assert "10.3.4 an Athenian force enters Macedon." in log(s)


def test_p69_sps_under_a_siege_marker_cannot_be_activated() -> None:
    s = blank()
    put(s, "potidaea", SPARTAN_ALLIED, hoplite=1)
    put(s, "potidaea", ATHENIAN, hoplite=2)
    s.siege[sp("potidaea")] = True
    s.control[sp("potidaea")] = SPARTA  # the besieged keep control (5.1)
    assert ops.available_sps(s, SPARTA, sp("potidaea")) == [0] * NSLOTS
    assert sp("potidaea") not in ops.assembly_spaces(s, SPARTA)


def test_5_7_a_leader_killed_in_an_interception_battle_stays_dead() -> None:
    s = blank()
    s.leader_deaths = True  # 2.2 "Leader Deaths" rolled this turn
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "megara", SPARTAN, hoplite=6)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "march")
    script_dice(s, [6, 5, 6, 1, 6])  # interception; skirmish 5 + 6 = 11: a battle; Sparta wins it
    act(s, SPARTA, "intercept megara")
    assert s.leader_at[ld("pericles")] == LD_DEAD
    assert "its costs are forfeit and Pericles is dead" in log(s)


def test_4_9_going_home_segment_empties_the_box_by_the_post_combat_movement_table() -> None:
    s = blank()
    s.passed = [True, True]
    s.going_home[slot(ATHENIAN, HOPLITE)] = 2
    s.going_home[slot(SPARTAN, HOPLITE)] = 1
    s.push(["op_next"])
    rules.advance(s)
    assert sum(s.going_home) == 0
    assert s.sp[sp("athens")][slot(ATHENIAN, HOPLITE)] == 2
    assert s.sp[sp("sparta")][slot(SPARTAN, HOPLITE)] == 1
    assert s.segment == "4.9 Going Home Segment"
    assert "4.9 Going Home Segment: both sides have passed." in log(s)


def test_p68_the_matrix_side_never_takes_a_spaces_last_sp_of_a_type_unless_it_needs_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("megara", 2, 0))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "decelea", ATHENIAN, hoplite=2)
    script_dice(s, [6])
    begin(s, ATHENS, "pericles")
    assert s.sp[sp("athens")][slot(ATHENIAN, HOPLITE)] == 1
    assert s.sp[sp("decelea")][slot(ATHENIAN, HOPLITE)] == 1
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 2
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=2)  # nowhere else: the army size needs the last one
    script_dice(s, [6])
    begin(s, ATHENS, "pericles")
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 2


def test_4_0_a_scenario_opens_with_the_operations_its_set_up_names() -> None:
    from polemos.games.peloponnesian_war.game import PeloponnesianWar

    def to_operations(s: PWState) -> None:  # answer what comes before (3.1 the players' strategies)
        while s.pending is not None and not str(s.pending["kind"]).startswith("op_"):
            side = int(s.pending["side"])
            rules.apply(s, side, rules.legal(s, side)[0])

    game = PeloponnesianWar()
    s = game.new(1, "peloponnesian-war", {"mode": "two-player"})
    assert isinstance(s, PWState)
    to_operations(s)
    # 10.1.4: Athens' first operation is made; the game begins with Sparta's first, led by Archidamus
    assert s.pending is not None and s.pending["kind"] == "op_objective" and s.pending["side"] == SPARTA
    assert s.op is not None and s.op["first"] and s.op["leader"] == ld("archidamus")
    assert s.ops == [1, 0]
    s = game.new(1, "fall-of-athens", {"mode": "two-player"})
    assert isinstance(s, PWState)
    to_operations(s)
    # 10.4.3: both first operations are made: Sparta's next one is a subsequent one (4.3 auguries)
    assert "4.3 Sparta consults the auguries" in log(s)


def test_4_4_the_matrix_side_under_cause_rebellion_rolls_for_its_objective_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strategy, "matrix_objective", _matrix_objective("megara", 2, 0))
    s = blank(mode="solitaire", player=SPARTA)
    put(s, "athens", ATHENIAN, hoplite=3)
    rebels(s, ATHENS)
    script_dice(s, [6, 6])  # the rebellion succeeds (RULINGS P65); the next auguries are adverse
    begin(s, ATHENS, "pericles")
    assert s.rebellion[sp("megara")] == ATHENS
    assert s.treasury[ATHENS] == 5000 - 100 - 2 * 200
    assert s.sp[sp("megara")][slot(ATHENIAN, HOPLITE)] == 2
    assert "4.4.2 Athens pays 100 talents and rolls 6: Megara rebels." in log(s)


def test_the_operation_in_progress_as_a_view_shows_it() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    assert ops.op_view(s) is None
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "take athenian hoplite")
    shown = ops.op_view(s)
    assert shown is not None
    assert shown["side"] == "athens" and shown["leader"] == "pericles" and shown["objective"] == "megara"
    assert shown["at"] == "athens" and shown["stage"] == "build" and shown["paid"] == 200
    assert shown["army"] == [{"nationality": "athenian", "type": "hoplite", "sps": 1}]
    assert shown["moves_as"] == "land army"
    json.dumps(shown)


def test_every_operations_action_has_a_label() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "piraeus", ATHENIAN, naval=1)
    begin(s, ATHENS, "pericles")
    for a in rules.legal(s, ATHENS):
        assert ops.action_label(s, a) != a
    assert ops.action_label(s, "objective megara") == "Objective: Megara (4.1 Step 1)"
    act(s, ATHENS, "objective megara")
    assert ops.action_label(s, "take athenian naval") == "Activate 1 Athenian Naval SP (400 talents, 4.1.5)"
    for a in rules.legal(s, ATHENS):
        assert ops.action_label(s, a) != a
    for a in ("march", "halt", "pass", "decline", "via megara", "intercept corinth", "rebel elis"):
        assert ops.action_label(s, a) != a


def _check_operation(s: PWState) -> None:
    """What must hold whenever a side is asked to decide: SPs and moved SPs never negative or more
    than there are; an operation's leader stands with his army, whose SPs are moved SPs of his space
    and of his side; the treasuries are never below zero."""
    for x in range(len(C.spaces)):
        for i in range(NSLOTS):
            assert 0 <= s.moved[x][i] <= s.sp[x][i], (C.spaces[x].id, i)
    assert min(s.going_home) >= 0 and min(s.treasury) >= 0
    if s.op is not None and s.pending is not None:
        at = int(s.op["at"])
        assert s.leader_at[int(s.op["leader"])] == at
        own = SIDE_SLOTS[int(s.op["side"])]
        for i in range(NSLOTS):
            assert 0 <= s.op["army"][i] <= s.moved[at][i]
            assert i in own or not s.op["army"][i]


@pytest.mark.parametrize("scenario", ["peloponnesian-war", "decelean-war", "fall-of-athens"])
@pytest.mark.parametrize("mode", ["two-player", "solitaire"])
def test_random_operations_keep_the_armies_whole(scenario: str, mode: str) -> None:
    import random

    from polemos.games.peloponnesian_war.game import PeloponnesianWar

    game = PeloponnesianWar()
    for seed in (1, 2):
        s = game.new(seed, scenario, {"mode": mode})
        assert isinstance(s, PWState)
        pick = random.Random(seed)
        for _ in range(150):
            roles = s.active_roles()
            if not roles:
                break
            s.apply(roles[0], pick.choice(s.legal_actions(roles[0])))
            _check_operation(s)


def test_4_1_1_an_army_moves_through_an_enemy_force_it_cannot_go_around() -> None:
    s = blank()
    put(s, "corinth", SPARTAN_ALLIED, hoplite=3)
    put(s, "megara", ATHENIAN, hoplite=1)  # on the shortest route from Corinth to Athens
    s.leader_at[ld("brasidas")] = sp("corinth")
    s.commander[SPARTA] = ld("brasidas")
    s.op_side = SPARTA
    s.first_player = SPARTA
    s.push(["op_begin", SPARTA])
    rules.advance(s)
    act(s, SPARTA, "objective athens")
    for _ in range(3):
        act(s, SPARTA, "take spartan_allied hoplite")
    act(s, SPARTA, "march")
    assert asked(s) == "op_intercept"
    act(s, ATHENS, "decline")  # the Athenian force in Megara lets it pass
    while s.pending is not None and asked(s) == "op_intercept":
        act(s, ATHENS, "decline")
    assert s.leader_at[ld("brasidas")] == sp("athens")
    assert "Brasidas moves with 3 Spartan Allied Hoplite to Megara" in log(s)
    assert s.ravaged[sp("athens")]  # 4.8: an enemy space with no enemy force in it


def test_p79_the_leader_goes_back_to_an_assembly_space_only_after_activating_an_sp() -> None:
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "piraeus", ATHENIAN, naval=2)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "goto piraeus")
    assert "goto athens" not in rules.legal(s, ATHENS)  # nothing taken since he left it
    act(s, ATHENS, "take athenian naval")
    assert "goto athens" not in rules.legal(s, ATHENS)  # a fleet cannot take the Land LOC to Athens
    s = blank()
    put(s, "athens", ATHENIAN, hoplite=2)
    put(s, "decelea", ATHENIAN, hoplite=2)
    begin(s, ATHENS, "pericles")
    act(s, ATHENS, "objective megara")
    act(s, ATHENS, "goto decelea")
    assert "goto athens" not in rules.legal(s, ATHENS)
    act(s, ATHENS, "take athenian hoplite")
    act(s, ATHENS, "goto athens")
    assert "goto decelea" not in rules.legal(s, ATHENS)
    act(s, ATHENS, "take athenian hoplite")
    assert "goto decelea" in rules.legal(s, ATHENS)
