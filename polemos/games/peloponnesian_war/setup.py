"""The Peloponnesian War 10.1-10.4: a scenario's set-up, from the data (scenarios.toml).

Each scenario opens in its own game turn's Operations Phase (the Political and Strategic Planning
Phases are omitted on the first game turn, 2.0, 3.0), with the first operations that history
already made counted as done: 10.1.4 and 10.3.4 (Athens' first operation is made: Phormio at
Potidaea, Nicias at Syracuse; Sparta opens), 10.4.3 (both first operations are made: Mindarus and
Thrasybulus at Abydos; the game begins with a Spartan operation, the first subsequent one).
"""

from __future__ import annotations

from polemos.games.peloponnesian_war.model import ATHENS, NEUTRAL, NO, SIDES, SPARTA
from polemos.games.peloponnesian_war.state import (
    FIXED,
    LD_AVAILABLE,
    LD_DEAD,
    PH_OPERATIONS,
    REBEL_OPEN,
    SIDE_SLOTS,
    TWO,
    PWState,
)

S = PWState

#: the first operations made before a scenario's first Operations Phase (by side)
FIRST_OPERATIONS_DONE = {
    "peloponnesian-war": (True, False),  # 10.1.4: Phormio besieging Potidaea
    "archidamian-war": (True, False),  # 10.2: the same set-up and special rules
    "decelean-war": (True, False),  # 10.3.4: Nicias' expedition to Syracuse
    "fall-of-athens": (True, True),  # 10.4.3: Mindarus to Abydos, and the Athenian answer
}


def setup(s: S, scenario_id: str) -> None:
    """Place everything a scenario's set-up names (10.1.1-10.1.3, 10.3.1-10.3.3, 10.4.1-10.4.2); the first
    operations history made count as made (RULINGS P37)."""
    comp = s.comp
    sc = comp.scenario(scenario_id)
    s.turn = sc.first_turn
    s.last_turn = sc.last_turn
    for x in (ATHENS, SPARTA):
        row = sc.sides[x]
        s.treasury[x] = row.treasury
        s.bellicosity[x] = row.bellicosity
        s.sci[x] = row.sci
        s.strategy[x] = row.strategy
    for f in sc.forces:
        for unit_type in range(3):
            s.add_sps(f.space, f.nationality, unit_type, f.sps(unit_type))
        s.home_guard += f.home_guard
    s.leader_at = [LD_AVAILABLE] * len(comp.leaders)
    for lead in sc.casualties:
        s.leader_at[lead] = LD_DEAD
    for p in sc.leaders:
        s.leader_at[p.leader] = p.at
        s.serves[p.leader] = p.serves
        if p.commands:
            s.commander[p.serves] = p.leader
            if comp.leaders[p.leader].id == "nicias":
                s.nicias = True  # 2.4: the Athenian leader of the game turn is Nicias (10.3.1)
    for ps in sc.powers:
        if ps.status != NO:
            s.power_status[ps.power] = ps.status
            s.touch()
            for sp in comp.powers[ps.power].spaces:
                s.coalition[sp] = ps.status
                s.touch()
    for m in sc.markers:
        if m.kind == "siege":
            s.siege[m.space] = True
            s.touch()
        else:
            league = s.league_side(m.space)
            s.rebellion[m.space] = REBEL_OPEN if comp.spaces[m.space].alignment == NEUTRAL else 1 - league
            s.touch()
    # the first operations already made: their armies (the side's leaders out of its home space:
    # Phormio at Potidaea, Nicias at Syracuse, Mindarus and Thrasybulus at Abydos) have moved (4.3
    # CRITICAL NOTE); the forces at home (Pericles' Athens) have not
    done = FIRST_OPERATIONS_DONE[sc.id]
    for x in (ATHENS, SPARTA):
        if done[x]:
            s.ops[x] = 1
            home = comp.space_index[SIDES[x]]
            for lead in s.leaders_of(x):
                at = s.leader_at[lead]
                if at >= 0 and at != home:
                    here, moved = s.writable(at)
                    for i in SIDE_SLOTS[x]:
                        moved[i] = here[i]
    s.first_player = sc.first_operation
    s.op_side = sc.first_operation
    # who plays what (1.2, 2.1)
    # the scenario names the player's first side (10.3.5, 10.4.3) or leaves it to him (10.1, 10.2: the
    # ``side`` option); in the fixed-side game the ``side`` option, when given, is the side he keeps
    chosen = s.options.get("side")
    start = sc.player_starts
    if chosen in SIDES and (start == NO or s.mode == FIXED):
        start = SIDES.index(str(chosen))
    s.player = ATHENS if start == NO else start
    s.phase = PH_OPERATIONS
    s.settle()
    s.say(sc.rule, f"{sc.name}: game turn {sc.first_turn} (to game turn {sc.last_turn}); "
                   f"{SIDES[sc.first_operation].title()} conducts the first operation.")
    if s.mode != TWO:
        s.say("1.2", f"the player commands {SIDES[s.player].title()}; the Strategy Matrix runs "
                     f"{SIDES[1 - s.player].title()}.")
