"""The Peloponnesian War 4.5: neutral powers becoming active on a side, and Macedon changing sides.

Used by the set-up (10.x), the Random Events (2.2: Persian Gold, Syracuse joins Sparta, Argos joins
Athens, Macedon changes sides) and the operations (10.1.4: Athens attacks Syracuse, Sparta attacks
Argos; 10.3.4: a force enters Macedon).
"""

from __future__ import annotations

from polemos.games.peloponnesian_war.model import CAVALRY, HOPLITE, NAVAL, NO, SIDES, UNIT_TYPES
from polemos.games.peloponnesian_war.state import ALLIED_NATIONALITY, PWState, slot

S = PWState


def forces_of(s: S, power: int) -> tuple[int, int, int]:
    """The SPs (Hoplite, Cavalry, Naval) a power places when it becomes active (4.5 "as denoted by
    each scenario": the scenario's neutral forces, 10.1.3, 10.3.3); a power the scenario lists none
    for places its Post-Combat Movement requirement (RULINGS P7: Macedon 2 Cavalry at Pela;
    Persia none)."""
    assert s.scenario is not None
    for nf in s.comp.scenario(s.scenario).neutral_forces:
        if nf.power == power:
            return nf.hoplites, nf.cavalry, nf.naval
    return s.comp.powers[power].requirement


def activate(s: S, power: int, side: int, rule: str, place: bool = True) -> None:
    """4.5: ``power`` becomes an active ally of ``side``: its spaces become ``side``'s coalition spaces
    and its Allied SPs are placed in its seat (up to the counter mix, 1.1.2). If an enemy force
    occupies the seat, the power's forces are out of play until it no longer does (4.5): none are
    placed (RULINGS P36)."""
    pw = s.comp.powers[power]
    if s.power_status[power] == side:
        return
    if side not in pw.joins:
        raise AssertionError(f"{pw.name} never joins {SIDES[side]}")
    s.power_status[power] = side
    s.touch()
    for sp in pw.spaces:
        s.coalition[sp] = side
        s.touch()
    s.say(rule, f"{pw.name} becomes an active ally of {SIDES[side].title()} (4.5): "
                f"{', '.join(s.comp.spaces[x].name for x in pw.spaces)} are its coalition spaces.")
    seat = pw.seat
    if not place:
        s.settle()
        return
    if s.side_sps(seat, 1 - side):
        s.say("4.5", f"an enemy force occupies {s.comp.spaces[seat].name}: {pw.name}'s forces are out of play.")
        s.settle()
        return
    nat = ALLIED_NATIONALITY[side]
    placed = []
    for unit_type, n in zip((HOPLITE, CAVALRY, NAVAL), forces_of(s, power), strict=True):
        n = min(n, s.unbuilt(nat, unit_type))
        if n:
            s.add_sps(seat, nat, unit_type, n)
            placed.append(f"{n} {UNIT_TYPES[unit_type]}")
    if placed:
        s.say("4.5", f"{', '.join(placed)} {SIDES[side].title()} Allied SPs placed in {s.comp.spaces[seat].name}.")
    s.settle()


def change_sides(s: S, power: int, rule: str) -> None:
    """4.5, Random Event 9: Macedon goes over to the other side — its Allied SPs in its spaces become
    Allied SPs of the other side (up to the counter mix, 1.1.2). A neutral Macedon joins the side the
    scenario names for its first change (10.3.4), else a side it may join by an equal die, with its
    forces (``activate``)."""
    pw = s.comp.powers[power]
    now = s.power_status[power]
    if now == NO:
        assert s.scenario is not None
        first = s.comp.scenario(s.scenario).powers[power].first_joins
        side = first if first != NO and s.power_changes[power] == 0 else s.pick(list(pw.joins))
        s.power_changes[power] += 1
        s.say(rule, f"{pw.name} changes sides: it goes over to {SIDES[side].title()}.")
        activate(s, power, side, rule)
        return
    side = 1 - now
    old, new = ALLIED_NATIONALITY[now], ALLIED_NATIONALITY[side]
    turned: list[tuple[int, int, int]] = []
    for sp in pw.spaces:
        for unit_type in (HOPLITE, CAVALRY, NAVAL):
            n = s.sp[sp][slot(old, unit_type)]
            if n:
                s.remove_sps(sp, old, unit_type, n)
                turned.append((sp, unit_type, n))
    s.power_status[power] = NO
    s.touch()
    s.power_changes[power] += 1
    s.say(rule, f"{pw.name} changes sides: it goes over to {SIDES[side].title()}.")
    activate(s, power, side, rule, place=False)
    for sp, unit_type, n in turned:
        n = min(n, s.unbuilt(new, unit_type))
        if n:
            s.add_sps(sp, new, unit_type, n)
            s.say(rule, f"{n} {UNIT_TYPES[unit_type]} SP(s) in {s.comp.spaces[sp].name} are now "
                        f"{SIDES[side].title()} Allied.")
    s.settle()
