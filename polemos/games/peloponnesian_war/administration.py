"""The Peloponnesian War 7.0 Administrative Phase: 7.1 revenue collection (with 7.1.1-7.1.5), 7.2
Strength Point construction.

Control (1.3: "determined during the Administrative Phase") is recomputed first.
"""

from __future__ import annotations

from collections import deque

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war import combat
from polemos.games.peloponnesian_war.model import (
    ATHENS,
    CAVALRY,
    EISPHORA_SPACES,
    HOPLITE,
    LEAGUE_OF_SIDE,
    NATIONALITIES,
    NAVAL,
    NO,
    SIDES,
    SPARTA,
    UNIT_TYPES,
)
from polemos.games.peloponnesian_war.state import (
    ALLIED_NATIONALITY,
    NOT_REBEL,
    OWN_NATIONALITY,
    PH_ADMIN,
    ApplyFn,
    LegalFn,
    PWState,
    Task,
    TaskFn,
)

S = PWState


# ====================================================================== 7.1 revenue
def friendly_spaces(s: S, side: int) -> list[int]:
    """A side's own spaces for 7.1 and 8.1: its League's and its coalition spaces (not neutral)."""
    league = LEAGUE_OF_SIDE[side]
    return [i for i, sp in enumerate(s.comp.spaces) if sp.alignment == league or s.coalition[i] == side]


def _trace(s: S, start: int, goal: int, open_space: list[bool]) -> bool:
    """A path of spaces (along any LOC) from ``start`` to ``goal`` through open spaces only."""
    if not open_space[start]:
        return False
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return True
        for there, _ in s.comp.adjacency[here]:
            if there not in seen and open_space[there]:
                seen.add(there)
                queue.append(there)
    return False


def revenue(s: S, side: int, ignore_ravaged: bool = False) -> tuple[int, list[str]]:
    """7.1: a side's revenue this game turn and how it is made up (each item names its rule).
    ``ignore_ravaged``: 8.3 computes armistice revenue ignoring the effects of Ravaged spaces."""
    comp = s.comp
    fig = comp.figures
    ix = comp.space_index
    enemy = 1 - side
    total = fig.athens_revenue if side == ATHENS else fig.sparta_revenue
    parts = [f"7.1 League revenue {total}"]
    # 7.1: -50 for each friendly space captured, ravaged or in rebellion (once); Thebes and Corinth
    # cost Sparta 250 each when the Delian League controls them (instead of 50: RULINGS P27)
    lost = 0
    special = 0
    for i in friendly_spaces(s, side):
        captured = s.control[i] == enemy and s.rebellion[i] == NOT_REBEL
        rebel = s.rebellion[i] not in (NOT_REBEL, side)
        ravaged = s.ravaged[i] and not ignore_ravaged
        if side == SPARTA and comp.spaces[i].id in ("thebes", "corinth") and s.control[i] == ATHENS:
            special += fig.thebes_corinth_revenue
        elif captured or rebel or ravaged:
            lost += 1
    if lost:
        total -= lost * fig.lost_space_revenue
        parts.append(f"7.1 {lost} spaces captured, ravaged or in rebellion -{lost * fig.lost_space_revenue}")
    if special:
        total -= special
        parts.append(f"7.1 Thebes/Corinth held by the Delian League -{special}")
    # 7.1.1 Sicilian revenue
    syracuse = ix["syracuse"]
    power = comp.spaces[syracuse].power
    if side == SPARTA and power != NO and s.power_status[power] == SPARTA and s.control[syracuse] != ATHENS:
        total += fig.syracuse_ally_revenue
        parts.append(f"7.1.1 Syracuse, an active ally +{fig.syracuse_ally_revenue}")
    if side == ATHENS and s.control[syracuse] == ATHENS:
        sicily = [i for i, sp in enumerate(comp.spaces) if comp.regions[sp.region].id == "sicily"]
        zoi = s.side_zoi(ATHENS)
        if all(i in zoi for i in sicily):
            total += fig.sicily_revenue
            parts.append(f"7.1.1 Syracuse held and ZOI over all Sicily +{fig.sicily_revenue}")
    # 7.1.2 Athenian sea lines of communication: a path to the Euxine free of enemy-controlled spaces
    if side == ATHENS:
        open_space = [s.control[i] != SPARTA for i in range(len(comp.spaces))]
        if not _trace(s, ix["athens"], ix["euxine"], open_space):
            total -= fig.sea_lines_loss
            parts.append(f"7.1.2 no path to the Euxine -{fig.sea_lines_loss}")
    # 7.1.3 Epidamnus: controlled, and a path from the home space free of enemy forces
    epidamnus = ix["epidamnus"]
    if s.control[epidamnus] == side:
        open_space = [s.side_sps(i, enemy) == 0 for i in range(len(comp.spaces))]
        if _trace(s, ix[SIDES[side]], epidamnus, open_space):
            total += fig.epidamnus_revenue
            parts.append(f"7.1.3 Epidamnus +{fig.epidamnus_revenue}")
    # 7.1.4 Eisphora: Athens, Piraeus, Panactum and Decelea free of enemy forces and not Ravaged
    # (levied whenever it may be: it only adds revenue, RULINGS P28)
    if side == ATHENS:
        spaces = [ix[x] for x in EISPHORA_SPACES]
        if all(s.side_sps(i, SPARTA) == 0 and (ignore_ravaged or not s.ravaged[i]) for i in spaces):
            total += fig.eisphora
            parts.append(f"7.1.4 Eisphora +{fig.eisphora}")
    # 6.3 Helot rebellion
    if s.revenue_adjust[side]:
        total -= s.revenue_adjust[side]
        parts.append(f"6.3 Helot rebellion -{s.revenue_adjust[side]}")
    return max(0, total), parts


def t_administration(s: S, task: Task) -> None:
    s.phase = PH_ADMIN
    s.settle()
    s.push(["revenue"], ["construction", ATHENS], ["construction", SPARTA])


def t_revenue(s: S, task: Task) -> None:
    """7.1 Revenue Collection Segment: each side's revenue is added to its Treasury."""
    s.segment = "7.1 Revenue Collection Segment"
    for side in (ATHENS, SPARTA):
        amount, parts = revenue(s, side)
        s.treasury[side] += amount
        s.say("7.1", f"{SIDES[side].title()} collects {amount} talents ({'; '.join(parts)}); Treasury "
                     f"{s.treasury[side]}.")


# ====================================================================== 7.2 construction
def build_options(s: S, side: int, spent: int, cap: int, floor: int) -> list[tuple[int, int]]:
    """(nationality, type) a side may build one more SP of: its own or allied nationality, within
    the counter mix (1.1.2), the segment's cap (7.2: 600 talents) and the Treasury's floor (7.1.5;
    8.3: 1000 during an armistice)."""
    cost = s.comp.figures.sp_cost
    if spent + cost > cap or s.treasury[side] - cost < floor:
        return []
    return [(nat, t) for nat in (OWN_NATIONALITY[side], ALLIED_NATIONALITY[side]) for t in (HOPLITE, CAVALRY, NAVAL)
            if s.unbuilt(nat, t) > 0]


def build_text(nat: int, unit_type: int) -> str:
    return f"build {NATIONALITIES[nat].replace('_', '-')} {UNIT_TYPES[unit_type]}"


def build(s: S, side: int, nat: int, unit_type: int, rule: str) -> None:
    """Pay for one SP and place it by the Post-Combat Movement Table (7.2)."""
    s.treasury[side] -= s.comp.figures.sp_cost
    s.say(rule, f"{SIDES[side].title()} builds 1 {NATIONALITIES[nat].replace('_', ' ')} {UNIT_TYPES[unit_type]} SP "
                f"({s.comp.figures.sp_cost} talents; Treasury {s.treasury[side]}).")
    combat.place_by_table(s, nat, unit_type, 1, rule)
    s.settle()


#: RULINGS P29: what the matrix side builds, in order of preference — Athens its fleet, Sparta its
#: hoplites (which it activates for nothing, 4.1.5), then the rest of its own, then its allies'
MATRIX_BUILDS = (
    ((0, NAVAL), (0, HOPLITE), (0, CAVALRY), (1, NAVAL), (1, HOPLITE), (1, CAVALRY)),
    ((0, HOPLITE), (0, CAVALRY), (1, NAVAL), (1, HOPLITE), (1, CAVALRY), (0, NAVAL)),
)


def matrix_builds(s: S, side: int, cap: int, floor: int, rule: str) -> None:
    """The matrix side builds as much as it may (RULINGS P29)."""
    spent = 0
    while True:
        options = build_options(s, side, spent, cap, floor)
        if not options:
            break
        for own, t in MATRIX_BUILDS[side]:
            nat = (OWN_NATIONALITY if own == 0 else ALLIED_NATIONALITY)[side]
            if (nat, t) in options:
                build(s, side, nat, t, rule)
                spent += s.comp.figures.sp_cost
                break
    if spent == 0:
        s.say(rule, f"{SIDES[side].title()} builds nothing.")


def t_construction(s: S, task: Task) -> None:
    """7.2 Strength Point Construction Segment: 200 talents an SP, at most 600 talents a segment;
    the player builds what he chooses, one SP at a time, then says done."""
    s.segment = "7.2 Strength Point Construction Segment"
    side = int(task[1])
    cap = s.comp.figures.construction_limit
    floor = s.treasury_floor(side)
    if s.automatic(side):
        matrix_builds(s, side, cap, floor, "7.2")
    elif build_options(s, side, 0, cap, floor):
        s.ask("build", side, spent=0, cap=cap, floor=floor, rule="7.2",
              question=f"7.2: {SIDES[side].title()} builds SPs ({s.comp.figures.sp_cost} talents each, at most "
                       f"{cap} talents this segment; the Treasury stays at {floor} or more), or is done.")
    else:
        s.say("7.2", f"{SIDES[side].title()} cannot build (Treasury or counter mix).")


def legal_build(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None
    return [build_text(n, t) for n, t in build_options(s, side, int(p["spent"]), int(p["cap"]), int(p["floor"]))] + [
        "done"]


def apply_build(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None
    rule = str(p["rule"])
    if action == "done":
        s.pending = None
        if int(p["spent"]) == 0:
            s.say(rule, f"{SIDES[side].title()} builds nothing.")
        return
    # (an action the kernel has just checked against this position's listing need not be listed again)
    options = [(n, t) for n in (OWN_NATIONALITY[side], ALLIED_NATIONALITY[side]) for t in (HOPLITE, CAVALRY, NAVAL)] \
        if s.was_listed(action) else build_options(s, side, int(p["spent"]), int(p["cap"]), int(p["floor"]))
    for n, t in options:
        if build_text(n, t) == action:
            build(s, side, n, t, rule)
            p["spent"] = int(p["spent"]) + s.comp.figures.sp_cost
            if not build_options(s, side, int(p["spent"]), int(p["cap"]), int(p["floor"])):
                s.pending = None
            return
    raise IllegalActionError(f"cannot {action} now")


TASKS: dict[str, TaskFn] = {
    "administration": t_administration,
    "revenue": t_revenue,
    "construction": t_construction,
}
LEGAL: dict[str, LegalFn] = {"build": legal_build}
APPLY: dict[str, ApplyFn] = {"build": apply_build}
