"""5.3.1, the Long Walls' Euxine trace through a space a Spartan army besieges ("This line of spaces
can be traced through a space even if a Spartan army is besieging it").

Seen in a heuristic two-player game (seed 1014): a Spartan army entered Byzantium, an empty Delian
fortress (Spartan by 1.3 (b), and so under its Siege marker, RULINGS P33), and another took the
Athens space with no Athenian land SPs in it; the trace stopped at Byzantium, the siege of Athens was
rolled and succeeded, and Athens surrendered on game turn 1 (8.2). By 5.3.1 the siege of Athens fails.
"""

from __future__ import annotations

import polemos
from polemos.games.peloponnesian_war import combat
from polemos.games.peloponnesian_war.model import HOPLITE, SPARTA, SPARTAN
from polemos.games.peloponnesian_war.state import PWState

GAME = polemos.game("peloponnesian-war")


def _state() -> PWState:
    s = GAME.new(1, options={"mode": "two-player"})
    assert isinstance(s, PWState)
    return s


def _occupy_byzantium(s: PWState, besieged: bool) -> int:
    byz = s.comp.space_index["byzantium"]
    s.add_sps(byz, SPARTAN, HOPLITE, 4)
    s.leader_at[s.comp.leader_index["archidamus"]] = byz  # an Army: a leader with SPs (1.3)
    s.recontrol()
    assert s.control[byz] == SPARTA  # 1.3 (b): not Sparta's colour, a Spartan unit in it
    if besieged:  # 5.1 Condition 1: the Siege marker beneath the Spartan army
        s.siege[byz] = True
        s.combat = {"fought": [], "category": 0, "besiegers": {str(byz): SPARTA}}
        s.recontrol()
    return byz


def test_5_3_1_trace_passes_a_space_a_spartan_army_besieges() -> None:
    s = _state()
    assert combat.euxine_trace(s)
    byz = _occupy_byzantium(s, besieged=True)
    assert s.control[byz] == SPARTA and combat.besieger(s, byz) == SPARTA
    assert combat.euxine_trace(s)


def test_5_3_1_trace_stops_at_a_spartan_space_not_under_siege() -> None:
    s = _state()
    _occupy_byzantium(s, besieged=False)
    assert not combat.euxine_trace(s)


def test_5_3_1_trace_stops_at_a_spartan_space_whose_besiegers_left() -> None:
    s = _state()
    byz = _occupy_byzantium(s, besieged=True)
    s.leader_at[s.comp.leader_index["archidamus"]] = s.comp.space_index["sparta"]  # no Army left there
    s.recontrol()
    assert s.control[byz] == SPARTA and combat.besieger(s, byz) != SPARTA
    assert not combat.euxine_trace(s)
