"""The Peloponnesian War: the Operations Phase (4.0-4.9), for the player side and the matrix side.

One operation (4.1) is: (4.3, after a side's first) the Auguries roll and a new leader in the home
space; Step 1 the objective (the player designates it; the matrix side takes its strategy's, 1.3);
(4.4) a Cause Rebellion roll; Step 2 the leader builds an army, walking to assembly spaces and
paying to activate SPs (4.1.1, 4.1.5; Spartan citizens free); Step 3 the army moves by the shortest
legal route (4.1.1-4.1.4) to the objective, space by space, where enemy forces may intercept it
(4.6), a skirmish may follow (4.7) and may turn into a battle (5.2, run by combat.py), and enemy
spaces it enters are ravaged (4.8); Step 4 it arrives. The sides alternate one operation at a time
until both have passed (4.0, 4.3); then the Going Home Segment (4.9).

The matrix side decides nothing by asking: every choice it makes follows RULINGS P60-P79 and is
logged with its rule. The game is open (state.py), so nothing here is hidden from either side.

The operation in progress is ``s.op`` (plain JSON, shown in every view):
``side, leader, first, objective, rebel, stage ("build"/"march"), at, goal, army (12 SP counts
travelling with the leader), paid, intercepted (spaces already tried, 4.6.2), visited (assembly
spaces the matrix side has visited), need ([land, naval] for the matrix side), foiled (a successful
interception in the current space: no ravaging, 4.8), taken (SPs activated so far), seen ([space,
taken] when the leader was last at an assembly space, RULINGS P79)``. The army's SPs stand on the map with the
leader (``s.sp`` and ``s.moved`` of his space), so every rule sees them where they are.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war import combat, neutrals, strategy
from polemos.games.peloponnesian_war import combat_tables as ct
from polemos.games.peloponnesian_war.geography import (
    LEADER_ALONE,
    MODES,
    SEA_ARMY,
    UNREACHABLE,
    distances_to,
    movement_mode,
    next_steps,
    route_length,
)
from polemos.games.peloponnesian_war.model import (
    ATHENS,
    CAVALRY,
    COASTAL,
    HOPLITE,
    ISLAND,
    LAND,
    NATIONALITIES,
    NAVAL,
    NO,
    SIDES,
    SPARTA,
    SPARTAN,
    UNIT_TYPES,
    Components,
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
    SIDE_TYPE_SLOTS,
    SLOT_NATIONALITY,
    SLOT_SIDE,
    SLOT_TYPE,
    PWState,
    slot,
)

S = PWState
Task = list[int | str]

SIDE_NAME = ("Athens", "Sparta")
POSS = ("Athens'", "Sparta's")
NAT_NAME = tuple(n.replace("_", " ").title() for n in NATIONALITIES)
TYPE_NAME = tuple(t.title() for t in UNIT_TYPES)


# ====================================================================== small readings of the rules
def space_name(s: S, space: int) -> str:
    return s.comp.spaces[space].name


def leader_name(s: S, leader: int) -> str:
    return s.comp.leaders[leader].name


def home_space(s: S, side: int) -> int:
    """The side's Home space (2.4): Athens or Sparta."""
    return s.comp.space_index[SIDES[side]]


def activation_cost(s: S, nationality: int, unit_type: int) -> int:
    """4.1.5: 200 talents a Land SP, 400 a Naval SP; Spartan (not Spartan Allied) Hoplite and
    Cavalry SPs cost nothing."""
    fig = s.comp.figures
    if unit_type == NAVAL:
        return fig.activation_naval
    if nationality == SPARTAN:
        return 0
    return fig.activation_land


def slot_costs(comp: Components) -> tuple[int, ...]:
    """:func:`activation_cost` of each slot (4.1.5), by slot."""
    found = _COSTS.get(comp.version)
    if found is None or found[0] is not comp:
        fig = comp.figures
        costs = tuple(fig.activation_naval if SLOT_TYPE[i] == NAVAL else 0 if SLOT_NATIONALITY[i] == SPARTAN
                      else fig.activation_land for i in range(NSLOTS))
        found = _COSTS[comp.version] = (comp, costs)
    return found[1]


_COSTS: dict[str, tuple[Components, tuple[int, ...]]] = {}


def available_sps(s: S, side: int, space: int) -> list[int]:
    """SPs of ``side`` in ``space`` a leader may activate, by slot (12 counts): those that have not
    moved in an army this turn (4.3 CRITICAL NOTE), less the Spartan Home Guard (4.1.1), and only in
    a friendly (controlled) space, not where they are besieged (1.3 Assembly Space; RULINGS P69)."""
    out = [0] * NSLOTS
    if s.control[space] != side or s.comp.spaces[space].edge or _besieged(s, side, space):
        return out
    here, gone = s.sp[space], s.moved[space]
    for i in SIDE_SLOTS[side]:
        n = here[i] - gone[i]
        if n > 0:
            out[i] = n
    if side == SPARTA and space == home_space(s, SPARTA):
        i = slot(SPARTAN, HOPLITE)
        out[i] = max(0, out[i] - s.home_guard)
    return out


def _besieged(s: S, side: int, space: int) -> bool:
    """``side``'s units in ``space`` are under a Siege marker, an enemy army upon it (5.1)."""
    return s.siege[space] and s.side_sps(space, 1 - side) > 0


def assembly_spaces(s: S, side: int) -> list[int]:
    """Spaces holding SPs ``side`` could activate and pay for now (1.3 Assembly Space, 4.1.5, 7.1.5)."""
    out: list[int] = []
    budget = s.spendable(side)
    costs = slot_costs(s.comp)
    slots = [i for i in SIDE_SLOTS[side] if costs[i] <= budget]
    if not slots:
        return out
    control, sps, moved, siege = s.control, s.sp, s.moved, s.siege
    sparta = home_space(s, SPARTA) if side == SPARTA else NO
    guard = slot(SPARTAN, HOPLITE)
    edges = _edge_spaces(s.comp)
    for space in compress(range(len(sps)), s.occupied(side)):
        if control[space] != side:
            continue
        here, gone = sps[space], moved[space]
        for i in slots:
            n = here[i] - gone[i]
            if n > 0 and space == sparta and i == guard:
                n -= s.home_guard  # 4.1.1: the Home Guard never moves
            if n > 0:
                if not (siege[space] and _besieged(s, side, space)) and space not in edges:
                    out.append(space)
                break
    return out


def army_land(army: list[int]) -> int:
    return sum(army) - army_naval(army)


def army_naval(army: list[int]) -> int:
    return army[NAVAL_SLOTS[0]] + army[NAVAL_SLOTS[1]] + army[NAVAL_SLOTS[2]] + army[NAVAL_SLOTS[3]]


NAVAL_SLOTS = tuple(i for i in range(NSLOTS) if SLOT_TYPE[i] == NAVAL)
assert len(NAVAL_SLOTS) == 4


def army_mode(army: list[int]) -> int:
    return movement_mode(army_land(army), army_naval(army))


_SLOT_WORDS = tuple(f"{NAT_NAME[SLOT_NATIONALITY[i]]} {TYPE_NAME[SLOT_TYPE[i]]}" for i in range(NSLOTS))


def describe(counts: list[int] | tuple[int, ...]) -> str:
    parts = [f"{n} {_SLOT_WORDS[i]}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "no SPs"


def isthmus_open(s: S, side: int) -> bool:
    """4.1.2: Naval units cross the Isthmus only if the moving side controls Corinth and Cenchreae."""
    corinth, cenchreae = _isthmus_pair(s.comp)
    return s.control[corinth] == side and s.control[cenchreae] == side


def power_closed_to(s: S, side: int, space: int, as_goal: bool) -> bool:
    """4.1.1 EXCEPTION and 10.1.4, 10.3.4: a neutral Syracuse or Argos is never on a shortest route;
    a side never enters the one that would join it while it is neutral (Sparta: Syracuse; Athens:
    Argos, RULINGS P70: in every scenario); the enemy may make it its objective (attacking it)."""
    p = s.comp.spaces[space].power
    if p == NO:
        return False
    power = s.comp.powers[p]
    if not power.route_closed_while_neutral or s.power_status[p] != NO:
        return False
    if not as_goal:
        return True
    return side in power.joins


def closed_spaces(s: S, side: int, mode: int, goal: int) -> frozenset[int]:
    """Spaces a stack of ``side`` moving in ``mode`` may not enter or pass on its way to ``goal``:
    the Euxine (RULINGS P3), the neutral powers of 4.1.1/10.1.4, and for a leader moving alone
    every space enemy-occupied or colour-coded for the enemy that holds no friendly Force (4.1.1;
    unoccupied neutral spaces are open to him; RULINGS P72)."""
    comp = s.comp
    # what closes a space to any stack depends only on the map, the powers' status, the side and (for
    # a power's own spaces) the goal: remembered (the same few sets come back at every step)
    key: tuple[int | str, ...] = (comp.version, side, goal if goal in _closing_spaces(comp) else NO, *s.power_status)
    found = _CLOSED.get(key)
    if found is None or found[0] is not comp:
        fixed = set(_edge_spaces(comp))
        status = s.power_status
        for p, own_spaces, joins in _closing_powers(comp):
            if status[p] == NO:  # power_closed_to, for each of its spaces
                fixed.update(x for x in own_spaces if x != goal or side in joins)
        if len(_CLOSED) >= 4096:
            _CLOSED.clear()
        found = _CLOSED[key] = (comp, frozenset(fixed))
    if mode != LEADER_ALONE:
        return found[1]
    # a leader alone: not into a space without a friendly Force that is colour-coded for the enemy or
    # holds enemy units
    return s.closed_to_leader(side, found[1])


_CLOSED: dict[tuple[int | str, ...], tuple[Components, frozenset[int]]] = {}


_CLOSING: dict[str, tuple[Components, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]] = {}


def _closing_powers(comp: Components) -> tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]:
    """The powers whose spaces no route passes while they are neutral (4.1.1 EXCEPTION): (power,
    its spaces, the sides it may join), as :func:`power_closed_to` reads them."""
    found = _CLOSING.get(comp.version)
    if found is None or found[0] is not comp:
        rows = tuple((p, tuple(x for x in power.spaces if comp.spaces[x].power == p), power.joins)
                     for p, power in enumerate(comp.powers) if power.route_closed_while_neutral)
        found = _CLOSING[comp.version] = (comp, rows)
    return found[1]


def _closing_spaces(comp: Components) -> frozenset[int]:
    """Every space of the powers of :func:`_closing_powers`."""
    found = _CLOSING_SPACES.get(comp.version)
    if found is None or found[0] is not comp:
        found = _CLOSING_SPACES[comp.version] = (comp, frozenset(x for _, own, _ in _closing_powers(comp) for x in own))
    return found[1]


_CLOSING_SPACES: dict[str, tuple[Components, frozenset[int]]] = {}
_EDGES: dict[str, tuple[int, ...]] = {}
_NEAR: dict[str, tuple[frozenset[int], ...]] = {}


def _edge_spaces(comp: Components) -> tuple[int, ...]:
    found = _EDGES.get(comp.version)
    if found is None:
        found = _EDGES[comp.version] = tuple(sp.index for sp in comp.spaces if sp.edge)
    return found


def _near(comp: Components, space: int) -> frozenset[int]:
    """The spaces within 2 LOCs of ``space``: the only ones whose ZOI may hold it (1.3)."""
    table = _NEAR.get(comp.version)
    if table is None:
        rows = []
        for x in range(len(comp.spaces)):
            one = {n for n, _ in comp.adjacency[x]}
            two = {m for n in one for m, _ in comp.adjacency[n]}
            rows.append(frozenset(one | two | {x}))
        table = _NEAR[comp.version] = tuple(rows)
    return table[space]


def _near_sorted(comp: Components, space: int) -> tuple[int, ...]:
    """:func:`_near` in order of space index."""
    table = _NEAR_SORTED.get(comp.version)
    if table is None or table[0] is not comp:
        rows = tuple(tuple(sorted(_near(comp, x))) for x in range(len(comp.spaces)))
        table = _NEAR_SORTED[comp.version] = (comp, rows)
    return table[1][space]


_NEAR_SORTED: dict[str, tuple[Components, tuple[tuple[int, ...], ...]]] = {}


def route_steps(s: S, side: int, here: int, goal: int, army: list[int]) -> list[tuple[int, int]]:
    """The first steps of the shortest legal routes from ``here`` to ``goal`` (4.1.1)."""
    mode = army_mode(army)
    closed = closed_spaces(s, side, mode, goal)
    if goal in closed:
        return []
    return next_steps(s.comp, here, goal, mode, isthmus_open(s, side), closed)


def reachable(s: S, side: int, here: int, goal: int, army: list[int]) -> bool:
    """Whether a shortest legal route leads from ``here`` to ``goal`` (:func:`route_steps` is not
    empty): ``goal`` is not closed and the distance table reaches ``here`` — every space the search
    reached it reached from a space it may pass, by an open LOC, one LOC nearer the goal."""
    if here == goal:
        return True
    mode = army_mode(army)
    closed = closed_spaces(s, side, mode, goal)
    return goal not in closed and route_length(s.comp, here, goal, mode, isthmus_open(s, side), closed) < UNREACHABLE


def distances_from(s: S, side: int, here: int, army: list[int]) -> tuple[int, ...]:
    """Fewest LOCs from ``here`` to every space it may legally end a move in (LOCs run both ways):
    UNREACHABLE for spaces closed to the stack (RULINGS P61, P72) or out of its reach. Remembered by
    the question (the map, the start, the mode, the isthmus, the closed spaces): read only."""
    mode = army_mode(army)
    closed = closed_spaces(s, side, mode, NO)
    isthmus = isthmus_open(s, side)
    key = (s.comp.version, here, mode, isthmus, closed)
    found = _FROM.get(key)
    if found is None:
        dist = distances_to(s.comp, here, mode, isthmus, closed)
        for x in closed:
            if x != here:
                dist[x] = UNREACHABLE
        if len(_FROM) >= 4096:
            _FROM.clear()
        found = _FROM[key] = tuple(dist)
    return found


_FROM: dict[tuple[str, int, int, bool, frozenset[int]], tuple[int, ...]] = {}


def valid_objective(s: S, side: int, space: int) -> str:
    """Why ``space`` cannot be ``side``'s objective, or "" if it can (4.1 Step 1). Barred: the Euxine
    (RULINGS P3); a neutral power the side may not enter (10.1.4); the enemy home space while the
    enemy holds hostages (3.1 NOTE, 5.6: no Attack Athens / Attack Sparta)."""
    sp = s.comp.spaces[space]
    if sp.edge:
        return f"{sp.name} is the edge of the map (RULINGS P3)"
    if power_closed_to(s, side, space, True):
        return f"{SIDE_NAME[side]} may not enter {sp.name} while it is neutral (10.1.4)"
    if sp.home == 1 - side and strategy.home_attack_barred(s, side):
        return f"{SIDE_NAME[1 - side]} holds hostages: no attack on {sp.name} (3.1, 5.6)"
    return ""


def cause_rebellion_strategy(s: S, side: int) -> bool:
    """Is ``side``'s strategy this game turn a Cause Rebellion strategy (3.1, 4.4; RULINGS P64)?"""
    index = s.strategy[side]
    return index != NO and s.comp.matrixes[side].strategies[index].cause_rebellion


def rebellion_target(s: S, side: int, space: int) -> str:
    """Why ``space`` cannot be the objective of ``side``'s Cause Rebellion operation, or "" (4.4: an
    enemy-controlled or neutral space, not occupied by an enemy force, not an enemy home or
    coalition space, not Argos, Syracuse or Pela while neutral; strategy.cause_rebellion_target_ok)."""
    why = valid_objective(s, side, space)
    if why:
        return why
    if not strategy.cause_rebellion_target_ok(s, side, space):
        return f"{space_name(s, space)} cannot be the objective of a Cause Rebellion operation (4.4)"
    return ""


# ====================================================================== 4.0 the phase
def t_operations(s: S, task: Task) -> None:
    """4.0 Operations Phase: the side whose leader has the greater strategic modifier conducts the
    first operation, a high die roll breaking ties; then the sides alternate. A scenario's first turn
    may have determined this already (10.1.4, 10.3.4, 10.4.3: ``first_player``, ``op_side`` and
    ``ops`` preset by the set-up)."""
    s.phase = PH_OPERATIONS
    s.segment = "4.1 First Operation Segment"
    s.op = None
    if s.first_player == NO:
        s.first_player = _first_player(s)
        s.op_side = s.first_player
    else:
        s.say("4.0", f"{SIDE_NAME[s.op_side]} conducts the next operation (scenario set-up).")
    s.push(["op_next"])


def _first_player(s: S) -> int:
    ratings = [strategy.strategic_rating(s, side) if s.commander[side] != NO else -1 for side in (ATHENS, SPARTA)]
    if ratings[ATHENS] != ratings[SPARTA]:
        first = ATHENS if ratings[ATHENS] > ratings[SPARTA] else SPARTA
        s.say("4.0", f"{SIDE_NAME[first]} conducts the first operation: its leader's strategic modifier "
                     f"{ratings[first]} beats {ratings[1 - first]}.")
        return first
    while True:
        a, b = s.d6(), s.d6()
        s.say("4.0", f"equal strategic modifiers ({ratings[0]}): Athens rolls {a}, Sparta rolls {b}.")
        if a != b:
            first = ATHENS if a > b else SPARTA
            s.say("4.0", f"{SIDE_NAME[first]} conducts the first operation.")
            return first


def t_op_next(s: S, task: Task) -> None:
    """4.0, 4.3: alternate, one operation at a time, until both sides have passed."""
    if s.passed[ATHENS] and s.passed[SPARTA]:
        s.push(["op_going_home"])
        return
    side = s.op_side
    if s.passed[side]:
        side = 1 - side
    s.op_side = side
    s.segment = "4.3 Subsequent Operations Segment" if s.ops[side] else "4.1 First Operation Segment"
    s.push(["op_begin", side])


def _pass(s: S, side: int, why: str) -> None:
    s.passed[side] = True
    s.op = None
    s.say("4.3", f"{SIDE_NAME[side]} passes: {why}. It conducts no further operations this turn.")
    s.op_side = 1 - side
    s.push(["op_next"])


def t_op_begin(s: S, task: Task) -> None:
    """4.1/4.3: a side begins an operation: after its first, the Auguries roll (a 6 is adverse; the
    matrix side rolls too, RULINGS P63) and a new leader drawn at random into the home space; then
    the passing conditions of 4.3."""
    side = int(task[1])
    first = s.ops[side] == 0
    if first:
        leader = s.commander[side]
        if leader == NO or s.leader_at[leader] < LD_AVAILABLE:
            _pass(s, side, "no leader is available")
            return
        if s.leader_at[leader] == LD_AVAILABLE:
            s.leader_at[leader] = home_space(s, side)
    else:
        roll = s.d6()
        if roll >= s.comp.figures.adverse_auguries:
            s.say("4.3", f"{SIDE_NAME[side]} consults the auguries: {roll}, adverse.")
            _pass(s, side, "the auguries are adverse")
            return
        s.say("4.3", f"{SIDE_NAME[side]} consults the auguries: {roll}, favourable.")
        pool = s.available_leaders(side)
        if not pool:
            _pass(s, side, "no leader is available")
            return
        leader = s.pick(pool)
        s.leader_at[leader] = home_space(s, side)
        s.say("4.3", f"{leader_name(s, leader)} is drawn to lead {POSS[side]} operation and placed in "
                     f"{space_name(s, home_space(s, side))}.")
    if not assembly_spaces(s, side):
        _return_leader(s, side, leader, first)
        _pass(s, side, "no forces it could activate and pay for (insufficient forces or funds, 4.3, 7.1.5)")
        return
    at = s.leader_at[leader]
    s.op = {"side": side, "leader": leader, "first": first, "objective": NO, "rebel": False, "stage": "build",
            "at": at, "goal": NO, "army": [0] * NSLOTS, "paid": 0, "intercepted": [], "visited": [],
            "need": [0, 0], "foiled": False, "taken": 0, "seen": [[at, 0]]}
    if s.automatic(side):
        s.push(["op_matrix_objective"])
    else:
        s.ask("op_objective", side, question=f"4.1 Step 1: designate the objective of {POSS[side]} operation "
                                            f"under {leader_name(s, leader)}, or pass (4.3).")


def _return_leader(s: S, side: int, leader: int, first: bool) -> None:
    """A leader whose side passes before moving goes back to the pool (subsequent operations) or stays
    in the home space as the turn's commander (first operation); RULINGS P63."""
    if not first and s.leader_at[leader] >= 0:
        s.leader_at[leader] = LD_AVAILABLE


# ---------------------------------------------------------------------- Step 1: the objective
def legal_op_objective(s: S, side: int) -> list[str]:
    """4.1 Step 1: ``objective <space>``, ``rebel <space>`` (a Cause Rebellion operation, 4.4.2, in a
    turn of a Cause Rebellion strategy, RULINGS P64) or ``pass`` (4.3: always allowed)."""
    out = ["pass"]
    rebels = cause_rebellion_strategy(s, side)
    barred, texts = _objective_table(s.comp)
    target_ok = strategy.cause_rebellion_target_ok
    for space, (objective, rebel) in enumerate(texts):
        # (rebellion_target's test without writing out why each other space is not a target)
        if space not in barred or not valid_objective(s, side, space):
            out.append(objective)
            if rebels and target_ok(s, side, space):
                out.append(rebel)
    return out


def _objective_table(comp: Components) -> tuple[frozenset[int], tuple[tuple[str, str], ...]]:
    """The spaces :func:`valid_objective` may bar (the edge, the powers closed while neutral, the
    home spaces: every other space is always a valid objective), and each space's action texts."""
    found = _OBJECTIVES.get(comp.version)
    if found is None or found[0] is not comp:
        barred = frozenset(i for i, sp in enumerate(comp.spaces)
                           if sp.edge or sp.home != NO
                           or (sp.power != NO and comp.powers[sp.power].route_closed_while_neutral))
        texts = tuple((f"objective {sp.id}", f"rebel {sp.id}") for sp in comp.spaces)
        found = _OBJECTIVES[comp.version] = (comp, barred, texts)
    return found[1], found[2]


_OBJECTIVES: dict[str, tuple[Components, frozenset[int], tuple[tuple[str, str], ...]]] = {}


def apply_op_objective(s: S, side: int, action: str) -> None:
    op = _op(s, side)
    if action == "pass":
        s.pending = None
        _return_leader(s, side, int(op["leader"]), bool(op["first"]))
        _pass(s, side, "by choice")
        return
    verb, _, name = action.partition(" ")
    space = _space_arg(s, name)
    if verb == "objective":
        why = valid_objective(s, side, space)
    elif verb == "rebel":
        why = rebellion_target(s, side, space) or (
            "" if cause_rebellion_strategy(s, side) else "a Cause Rebellion operation needs that strategy (4.4)")
    else:
        raise IllegalActionError(f"not an objective: {action!r}")
    if why:
        raise IllegalActionError(why)
    s.pending = None
    _designate(s, side, space, verb == "rebel")


def _designate(s: S, side: int, space: int, rebel: bool) -> None:
    op = _op(s, side)
    op["objective"] = space
    op["rebel"] = rebel
    what = "a Cause Rebellion operation against" if rebel else "its objective"
    s.say("4.1", f"Step 1: {SIDE_NAME[side]} designates {what} {space_name(s, space)} "
                 f"({leader_name(s, int(op['leader']))} commands).")
    if rebel:
        s.push(["op_rebellion"])
    else:
        s.push(["op_build"])


def t_op_matrix_objective(s: S, task: Task) -> None:
    """1.3, 3.1: the matrix side's objective and army size come from its strategy (strategy.py,
    RULINGS P10-P12); a Cause Rebellion strategy makes it a Cause Rebellion operation (4.4)."""
    op = s.op
    assert op is not None
    side = int(op["side"])
    target = matrix_objective(s, side)
    if target is None:
        _return_leader(s, side, int(op["leader"]), bool(op["first"]))
        _pass(s, side, "its strategy gives it no objective it can pursue (RULINGS P11)")
        return
    space, land, naval, rebel = target
    s.say("1.3", f"{POSS[side]} Strategy Matrix: objective {space_name(s, space)}, an army of "
                 f"{land} Land and {naval} Naval SPs.")
    if naval and s.comp.spaces[space].kind == LAND:
        s.say("4.1.1", f"Naval SPs can never enter {space_name(s, space)}, a Land space: the army goes without "
                       f"them (RULINGS P68).")
        naval = 0
    op["need"] = [land, naval]
    _designate(s, side, space, rebel)


def matrix_objective(s: S, side: int) -> tuple[int, int, int, bool] | None:
    """The matrix side's objective (space, Land SPs, Naval SPs, Cause Rebellion?) for one operation:
    strategy.matrix_objective rolls it on the current strategy (3.1, RULINGS P10-P12); a Cause
    Rebellion strategy makes it a Cause Rebellion operation (4.4). None: no objective (a pass)."""
    space, land, naval = strategy.matrix_objective(s, side)
    if space == NO or valid_objective(s, side, space):
        return None
    rebel = cause_rebellion_strategy(s, side)
    return space, land, naval, rebel and not rebellion_target(s, side, space)


# ---------------------------------------------------------------------- 4.4 Cause Rebellion
def t_op_rebellion(s: S, task: Task) -> None:
    """4.4.2: pay 100 talents and roll: a 6 and the objective rebels (then the army is built and
    moves as in any operation); 1-5 and the attempt fails: the talents are lost, no army is built,
    the leader goes to the Going Home Box; this is not a pass. RULINGS P65: the matrix side's
    Cause Rebellion operations use the same procedure."""
    op = s.op
    assert op is not None
    side, space = int(op["side"]), int(op["objective"])
    fig = s.comp.figures
    if s.spendable(side) < fig.cause_rebellion_cost:
        s.say("4.4.2", f"{SIDE_NAME[side]} cannot pay {fig.cause_rebellion_cost} talents for the attempt.")
        _return_leader(s, side, int(op["leader"]), bool(op["first"]))
        _pass(s, side, "insufficient funds")
        return
    s.treasury[side] -= fig.cause_rebellion_cost
    op["paid"] = fig.cause_rebellion_cost
    roll = s.d6()
    if roll >= fig.cause_rebellion_roll:
        s.rebellion[space] = side if s.league_side(space) != NO else REBEL_OPEN
        s.touch(space)
        s.say("4.4.2", f"{SIDE_NAME[side]} pays {fig.cause_rebellion_cost} talents and rolls {roll}: "
                       f"{space_name(s, space)} rebels.")
        s.push(["op_build"])
        return
    leader = int(op["leader"])
    s.leader_at[leader] = LD_GOING_HOME
    s.say("4.4.2", f"{SIDE_NAME[side]} pays {fig.cause_rebellion_cost} talents and rolls {roll}: the rebellion "
                   f"in {space_name(s, space)} fails; {leader_name(s, leader)} goes to the Going Home Box "
                   f"(not a pass).")
    _end_op(s)


# ---------------------------------------------------------------------- Step 2: building the army
def t_op_build(s: S, task: Task) -> None:
    """4.1 Step 2: the leader builds the army. The player decides each step; the matrix side follows
    RULINGS P68."""
    op = s.op
    assert op is not None
    side = int(op["side"])
    op["stage"] = "build"
    if s.automatic(side):
        _matrix_build(s)
    else:
        at, goal = space_name(s, int(op["at"])), space_name(s, int(op["objective"]))
        s.ask("op_build", side, question=f"4.1 Step 2: {leader_name(s, int(op['leader']))} builds the army in {at} "
                                        f"(objective {goal}): activate SPs, go to an assembly space, or march.")


def _take_options(s: S, side: int) -> list[int]:
    op = s.op
    assert op is not None
    at = int(op["at"])
    avail = available_sps(s, side, at)
    budget = s.spendable(side)  # 4.1.5, 7.1.5: what each slot's SP costs must fit
    costs = slot_costs(s.comp)
    return [i for i in SIDE_SLOTS[side] if avail[i] and costs[i] <= budget]


def legal_op_build(s: S, side: int) -> list[str]:
    op = _op(s, side)
    at, army = int(op["at"]), list(op["army"])
    out = []
    for i in _take_options(s, side):
        out.append(f"take {NATIONALITIES[SLOT_NATIONALITY[i]]} {UNIT_TYPES[SLOT_TYPE[i]]}")
    dist = distances_from(s, side, at, army)
    last, taken = _last_seen(op)  # RULINGS P79
    for space in assembly_spaces(s, side):
        if space != at and dist[space] < UNREACHABLE and (space not in last or taken > last[space]):
            out.append(f"goto {s.comp.spaces[space].id}")
    goal = int(op["objective"])
    if sum(army):
        out.append("march" if reachable(s, side, at, goal, army) else "halt")
    elif op["paid"]:
        out.append("halt")  # RULINGS P73: paid for (4.4.2) but no army to build: the operation ends
    else:
        out.append("pass")  # RULINGS P75: only before anything is paid
    return out


def apply_op_build(s: S, side: int, action: str) -> None:
    """One step of building the army (4.1 Step 2); an action that is not legal now changes nothing."""
    op = _op(s, side)
    if not s.was_listed(action) and action not in legal_op_build(s, side):
        raise IllegalActionError(f"{action!r} is not a step of building this army now")
    s.pending = None
    verb, _, rest = action.partition(" ")
    if verb == "take":
        nat_name, _, type_name = rest.partition(" ")
        _activate(s, [slot(NATIONALITIES.index(nat_name), UNIT_TYPES.index(type_name))])
        s.push(["op_build"])
    elif verb == "goto":
        op["goal"] = _space_arg(s, rest)
        s.push(["op_step"])
    elif action == "march":
        _march(s)
    elif action == "halt":
        what = "army cannot reach" if sum(op["army"]) else "leader has no army to lead to"
        s.say("4.1.4", f"{POSS[side]} {what} {space_name(s, int(op['objective']))}; the operation ends in "
                       f"{space_name(s, int(op['at']))} (RULINGS P73).")
        _end_op(s)
    else:  # "pass"
        _return_leader(s, side, int(op["leader"]), bool(op["first"]))
        _pass(s, side, "by choice, before activating any SP")


def _last_seen(op: dict[str, Any]) -> tuple[dict[int, int], int]:
    """RULINGS P79: the leader goes (back) to an assembly space only if he has activated an SP since
    he was last there, so that building an army always comes to an end: the SPs activated when he
    was last in each space, and so far."""
    return {int(x): int(n) for x, n in op.get("seen", [])}, int(op.get("taken", 0))


def _seen(op: dict[str, Any], space: int) -> None:
    """Remember that the leader is at ``space`` with ``taken`` SPs activated so far (RULINGS P79)."""
    seen = [pair for pair in op.get("seen", []) if int(pair[0]) != space]
    op["seen"] = [*seen, [space, int(op.get("taken", 0))]]


def _activate(s: S, slots: list[int]) -> None:
    """4.1.1, 4.1.5: the leader picks up SPs where he stands (``slots``: one entry per SP), paying
    each one's activation cost at once; one log line for the decision, however many SPs it takes."""
    op = s.op
    assert op is not None
    if not slots:
        return
    side, at = int(op["side"]), int(op["at"])
    cost = 0
    taken = [0] * NSLOTS
    moved = s.writable(at)[1]
    for i in slots:
        cost += activation_cost(s, SLOT_NATIONALITY[i], SLOT_TYPE[i])
        taken[i] += 1
        op["army"][i] += 1
        moved[i] += 1
    s.treasury[side] -= cost
    op["paid"] = int(op["paid"]) + cost
    op["taken"] = int(op["taken"]) + len(slots)
    _seen(op, at)
    what = ", ".join(f"{n} {NAT_NAME[SLOT_NATIONALITY[i]]} {TYPE_NAME[SLOT_TYPE[i]]} SP{'s' if n > 1 else ''}"
                     for i, n in enumerate(taken) if n)
    s.say("4.1.5", f"{leader_name(s, int(op['leader']))} activates {what} in {space_name(s, at)} for {cost} talents.")


def _march(s: S) -> None:
    """4.1 Step 3: the army is built; it moves by the shortest legal route to the objective."""
    op = s.op
    assert op is not None
    op["stage"] = "march"
    op["goal"] = op["objective"]
    side = int(op["side"])
    s.say("4.1", f"Step 3: {POSS[side]} army ({describe(op['army'])}) marches on "
                 f"{space_name(s, int(op['objective']))} as a {MODES[army_mode(op['army'])]}.")
    s.push(["op_step"])


# RULINGS P68: the matrix side's army building
MATRIX_ASSEMBLY_SPACES = 3  # the most assembly spaces its leader visits, the one he starts in counting
def _matrix_build(s: S) -> None:
    """RULINGS P68: the matrix leader takes, where he stands, the SPs its objective still needs (its
    own citizens before allies, Spartan citizens first as they cost nothing, while it can pay);
    then walks to the nearest assembly space (fewest LOCs, ties by die) holding SPs it needs and
    that it has not visited and from which it could go on, three spaces in all at most; it never
    takes a space's last SP of a type unless, with nowhere else to go, the army size needs it. Then
    it marches, or with no SP at all, it passes. An objective in a Land space takes no Naval SPs
    (they cannot enter it, 4.1.1), and it leaves behind SPs that would keep an army able to reach its
    objective from doing so (Land SPs its ships cannot carry)."""
    op = s.op
    assert op is not None
    side, at = int(op["side"]), int(op["at"])
    goal = int(op["objective"])
    if at not in op["visited"]:
        op["visited"].append(at)
        _activate(s, _matrix_pickup(s, side, at, goal))
    need_land, need_naval = (int(x) for x in op["need"])
    army = op["army"]
    missing_land = need_land - army_land(army)
    missing_naval = need_naval - army_naval(army)
    best = _next_assembly(s, side, at, goal) if missing_land > 0 or missing_naval > 0 else []
    if not best and (missing_land > 0 or missing_naval > 0):
        # nowhere else to go: the army size needs the last SPs here too
        _activate(s, _matrix_pickup(s, side, at, goal, keep_last=False))
    elif best:
        nxt = s.pick(best)
        s.say("4.1.1", f"{leader_name(s, int(op['leader']))} goes to the assembly space "
                       f"{space_name(s, nxt)} (RULINGS P68).")
        op["goal"] = nxt
        s.push(["op_step"])
        return
    if not sum(army) and op["paid"]:
        s.say("4.1", f"{leader_name(s, int(op['leader']))} finds no SPs to lead; the operation ends (RULINGS P73).")
        _end_op(s)
        return
    if not sum(army):
        _return_leader(s, side, int(op["leader"]), bool(op["first"]))
        _pass(s, side, "it cannot assemble an army (insufficient forces or funds, 4.3)")
        return
    if not reachable(s, side, at, goal, army):
        s.say("4.1.4", f"{POSS[side]} army cannot reach {space_name(s, goal)} by any legal route; the "
                       f"operation ends in {space_name(s, at)} (RULINGS P73).")
        _end_op(s)
        return
    _march(s)


def _next_assembly(s: S, side: int, at: int, goal: int) -> list[int]:
    """RULINGS P68: the nearest assembly spaces (fewest LOCs for the present stack, all at that
    distance) not yet visited, holding SPs the army still needs, from which it could go on to its
    objective; none once three have been visited."""
    op = s.op
    assert op is not None
    if len(op["visited"]) >= MATRIX_ASSEMBLY_SPACES:
        return []
    army = op["army"]
    need_land, need_naval = (int(x) for x in op["need"])
    missing_land = need_land - army_land(army)
    missing_naval = need_naval - army_naval(army)
    best: list[int] = []
    best_d = UNREACHABLE
    dist = distances_from(s, side, at, army)
    budget = s.spendable(side)  # 4.1.5, 7.1.5: what each slot's SP costs must fit
    for space in assembly_spaces(s, side):
        d = dist[space]
        if space in op["visited"] or d >= UNREACHABLE or d > best_d:
            continue
        avail = available_sps(s, side, space)
        costs = slot_costs(s.comp)
        useful = any(avail[i] and costs[i] <= budget and (
            (SLOT_TYPE[i] == NAVAL and missing_naval > 0) or (SLOT_TYPE[i] != NAVAL and missing_land > 0))
            for i in SIDE_SLOTS[side])
        if not useful or not _leads_on(s, side, space, goal, army):
            continue
        if d < best_d:
            best, best_d = [space], d
        else:
            best.append(space)
    return best


def _leads_on(s: S, side: int, space: int, goal: int, army: list[int]) -> bool:
    """RULINGS P68: would the army, with what it would pick up in ``space``, be able to go on from
    there to its objective? (A leader does not walk to an island for troops that could not leave it.)"""
    after = list(army)
    for i in _matrix_wants(s, side, space):
        after[i] += 1
    return reachable(s, side, space, goal, after) or reachable(s, side, space, goal, army)


def _matrix_pickup(s: S, side: int, at: int, goal: int, keep_last: bool = True) -> list[int]:
    """RULINGS P68: the SPs the matrix leader takes in ``at``: what its objective still needs
    (:func:`_matrix_wants`), or the most of it with which the army can still reach the objective —
    the ships with only the Land SPs they can carry, the Land SPs alone, the ships alone, or
    nothing; if no choice can, all of it (more SPs may come)."""
    op = s.op
    assert op is not None
    wants = _matrix_wants(s, side, at, keep_last)
    army = list(op["army"])
    naval = [i for i in wants if SLOT_TYPE[i] == NAVAL]
    land = [i for i in wants if SLOT_TYPE[i] != NAVAL]
    room = max(0, army_naval(army) + len(naval) - army_land(army))
    for option in (wants, naval + land[:room], land, naval, []):
        after = list(army)
        for i in option:
            after[i] += 1
        if sum(after) and reachable(s, side, at, goal, after):
            break
    else:
        return wants
    for kind, wanted, chosen in (("Land", land, [i for i in option if SLOT_TYPE[i] != NAVAL]),
                                 ("Naval", naval, [i for i in option if SLOT_TYPE[i] == NAVAL])):
        left = len(wanted) - len(chosen)
        if left:
            s.say("4.1.1", f"{leader_name(s, int(op['leader']))} leaves {left} {kind} SP{'s' if left > 1 else ''} "
                           f"behind in {space_name(s, at)}: with them the army could not reach "
                           f"{space_name(s, goal)} (RULINGS P68).")
    return option


def _matrix_wants(s: S, side: int, at: int, keep_last: bool = True) -> list[int]:
    """The slots, one entry per SP, the matrix leader activates in ``at`` (RULINGS P68): what the
    army still needs, and (``keep_last``) never a space's last SP of a type (the solitaire
    convention, component-data.md)."""
    op = s.op
    assert op is not None
    need_land, need_naval = (int(x) for x in op["need"])
    army = op["army"]
    avail = available_sps(s, side, at)
    if keep_last:
        for unit_type in (HOPLITE, CAVALRY, NAVAL):
            slots = SIDE_TYPE_SLOTS[side][unit_type]  # the side's slots of the type, citizens first
            spare = s.type_sps(at, side, unit_type) - 1 - sum(army[i] for i in slots if at == int(op["at"]))
            for i in slots:  # citizens first: the SP kept is an Allied one where there are both
                avail[i] = max(0, min(avail[i], spare))
                spare -= avail[i]
    budget = s.spendable(side)
    want_land = max(0, need_land - army_land(army))
    want_naval = max(0, need_naval - army_naval(army))
    citizen, allied = (0, 1) if side == ATHENS else (2, 3)
    order = [slot(n, t) for t in (HOPLITE, CAVALRY) for n in (citizen, allied)]
    if side == SPARTA:  # free Spartan citizens first (4.1.5)
        order = [slot(citizen, HOPLITE), slot(citizen, CAVALRY), slot(allied, HOPLITE), slot(allied, CAVALRY)]
    out: list[int] = []
    for i in order:
        while want_land and avail[i]:
            cost = activation_cost(s, SLOT_NATIONALITY[i], SLOT_TYPE[i])
            if cost > budget:
                break
            budget -= cost
            avail[i] -= 1
            want_land -= 1
            out.append(i)
    for i in (slot(citizen, NAVAL), slot(allied, NAVAL)):
        while want_naval and avail[i]:
            cost = activation_cost(s, SLOT_NATIONALITY[i], NAVAL)
            if cost > budget:
                break
            budget -= cost
            avail[i] -= 1
            want_naval -= 1
            out.append(i)
    return out


# ---------------------------------------------------------------------- Step 3: moving
def t_op_step(s: S, task: Task) -> None:
    """4.1.1: the leader (with his army) moves one LOC along a shortest legal route to his goal (an
    assembly space or the objective); where several routes are equally short the player chooses
    (the matrix side: RULINGS P74, by die)."""
    op = s.op
    assert op is not None
    side, at, goal = int(op["side"]), int(op["at"]), int(op["goal"])
    if at == goal:
        s.push(["op_arrive"])
        return
    steps = route_steps(s, side, at, goal, op["army"])
    if not steps:
        s.say("4.1.4", f"no legal route leads from {space_name(s, at)} to {space_name(s, goal)} any more.")
        if op["stage"] == "build":
            s.push(["op_build"])
        else:
            s.say("4.1.4", f"the operation ends in {space_name(s, at)} (RULINGS P73).")
            _end_op(s)
        return
    choices = sorted({there for there, _ in steps})
    if len(choices) == 1:
        s.push(["op_move", choices[0]])
    elif s.automatic(side):
        there = s.pick(choices)
        s.say("4.1.1", f"equally short routes lead on by {', '.join(space_name(s, c) for c in choices)}: by die, "
                       f"{space_name(s, there)} (RULINGS P74).")
        s.push(["op_move", there])
    else:
        s.ask("op_route", side, choices=choices,
              question=f"4.1.1 equally short routes lead to {space_name(s, goal)}: choose the next space.")


def legal_op_route(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None
    return [f"via {s.comp.spaces[c].id}" for c in p["choices"]]


def apply_op_route(s: S, side: int, action: str) -> None:
    _op(s, side)
    p = s.pending
    assert p is not None
    verb, _, name = action.partition(" ")
    space = _space_arg(s, name)
    if verb != "via" or space not in p["choices"]:
        raise IllegalActionError(f"{action!r} is not on a shortest legal route")
    s.pending = None
    s.push(["op_move", space])


def t_op_move(s: S, task: Task) -> None:
    """Move the leader and his army into the next space (4.1.1), rolling for the storm first on the
    Cape Taenarum-Syracuse route (4.1.3)."""
    op = s.op
    assert op is not None
    at, there = int(op["at"]), int(task[1])
    leader = int(op["leader"])
    loc = s.comp.locs[_loc_between(s.comp, at, there)]
    if loc.storm:
        roll = s.d6()
        if roll >= s.comp.figures.storm_roll:
            lost = list(op["army"])
            for i in range(NSLOTS):
                if lost[i]:
                    _army_out(s, at, i, lost[i], eliminated=True)
            s.say("4.1.3", f"a violent storm (roll {roll}) between {space_name(s, at)} and {space_name(s, there)}: "
                           f"the army ({describe(lost)}) is eliminated; {leader_name(s, leader)} is set "
                           f"aside until the next game turn.")
            op["army"] = [0] * NSLOTS
            s.leader_at[leader] = LD_OUT
            _end_op(s)
            return
        s.say("4.1.3", f"no storm (roll {roll}): the army crosses from {space_name(s, at)} to {space_name(s, there)}.")
    if sum(op["army"]):
        _attacks_neutral(s, int(op["side"]), there)
    army = op["army"]
    for i in range(NSLOTS):
        n = army[i]
        if n:
            s.army_out(at, i, n)
            s.army_in(there, i, n)
    s.leader_at[leader] = there
    op["at"] = there
    op["foiled"] = False
    what = "alone" if not sum(op["army"]) else f"with {describe(op['army'])}"
    s.say("4.1.1", f"{leader_name(s, leader)} moves {what} to {space_name(s, there)}.")
    s.push(["op_enter"])


def _loc_between(comp: Components, here: int, there: int) -> int:
    """The LOC joining two adjacent spaces (the first listed, as the map gives them)."""
    table = _BETWEEN.get(comp.version)
    if table is None or table[0] is not comp:
        pairs: dict[tuple[int, int], int] = {}
        for a, row in enumerate(comp.adjacency):
            for b, li in row:
                pairs.setdefault((a, b), li)
        table = _BETWEEN[comp.version] = (comp, pairs)
    return table[1][here, there]


_BETWEEN: dict[str, tuple[Components, dict[tuple[int, int], int]]] = {}


def _attacks_neutral(s: S, side: int, there: int) -> None:
    """As an army is about to enter a neutral power's space: Athens attacking Syracuse makes it a
    Spartan ally, Sparta attacking Argos an Athenian one (10.1.4, 10.3.4), its forces placed before
    the army comes (so they may intercept it, 4.6); a force entering Macedon where the scenario says
    so makes it an ally of the other side (10.3.4). RULINGS P77."""
    sp = s.comp.spaces[there]
    if sp.power == NO or s.power_status[sp.power] != NO:
        return
    pw = s.comp.powers[sp.power]
    if pw.route_closed_while_neutral and side not in pw.joins and 1 - side in pw.joins:
        s.say("10.1.4", f"{SIDE_NAME[side]} attacks {pw.name}.")
        neutrals.activate(s, sp.power, 1 - side, "10.1.4")
    elif pw.changes_sides and _enter_activates_other(s, sp.power) and 1 - side in pw.joins:
        s.say("10.3.4", f"{('an Athenian', 'a Spartan')[side]} force enters {pw.name}.")
        neutrals.activate(s, sp.power, 1 - side, "10.3.4")


def t_op_enter(s: S, task: Task) -> None:
    """What happens as the army enters a space: a neutral space in rebellion becomes its side's
    (4.5), then enemy forces whose ZOI holds the space may intercept it (4.6)."""
    op = s.op
    assert op is not None
    side, at = int(op["side"]), int(op["at"])
    sp = s.comp.spaces[at]
    if s.rebellion[at] == REBEL_OPEN and sum(op["army"]):
        s.rebellion[at] = side
        s.touch(at)
        s.say("4.5", f"{sp.name}, a neutral space in rebellion, is friendly to {SIDE_NAME[side]}, whose army "
                     f"enters it first: captured.")
    s.push(["op_intercept"])


def _enter_activates_other(s: S, power: int) -> bool:
    if s.scenario is None:
        return False
    return s.comp.scenario(s.scenario).powers[power].enter_activates_other


# ---------------------------------------------------------------------- 4.6 interception
def interceptors(s: S, side: int, space: int) -> list[int]:
    """The spaces of the enemy Forces that may attempt to intercept ``side``'s army entering
    ``space`` (4.6.1): every enemy force whose ZOI (1.3) holds the space, and a force with Land units
    in Corinth against an army entering Cenchreae, and vice versa (4.1.2)."""
    enemy = 1 - side
    out = []
    corinth, cenchreae = _isthmus_pair(s.comp)
    across = cenchreae if space == corinth else corinth if space == cenchreae else NO  # (4.1.2)
    there = s.occupied(enemy)
    for z in _near_sorted(s.comp, space):
        if not there[z]:
            continue
        # (the whole ZOI: both parts of ct.zoi's, geography.zoi of the force's Land and Naval SPs)
        if space in s.zoi_of(z, enemy) or (z == across and s.land_sps(z, enemy) > 0):
            out.append(z)
    return out


def _isthmus_pair(comp: Components) -> tuple[int, int]:
    """Corinth and Cenchreae, the two ends of the Isthmus (4.1.2)."""
    found = _ISTHMUS.get(comp.version)
    if found is None or found[0] is not comp:
        found = _ISTHMUS[comp.version] = (comp, (comp.space_index["corinth"], comp.space_index["cenchreae"]))
    return found[1]


_ISTHMUS: dict[str, tuple[Components, tuple[int, int]]] = {}


def t_op_intercept(s: S, task: Task) -> None:
    """4.6.2: entering an enemy ZOI, the army (or a leader alone) may be intercepted, never more than
    once per space; the non-moving side chooses which eligible Force tries (the matrix side always
    tries, with its largest Force: RULINGS P66)."""
    op = s.op
    assert op is not None
    side, at = int(op["side"]), int(op["at"])
    enemy = 1 - side
    if at in op["intercepted"]:
        s.push(["op_ravage"])
        return
    sources = interceptors(s, side, at)
    if not sources:
        s.push(["op_ravage"])
        return
    op["intercepted"].append(at)
    if s.automatic(enemy):
        most = max(s.side_sps(z, enemy) for z in sources)
        biggest = [z for z in sources if s.side_sps(z, enemy) == most]
        z = at if at in biggest else s.pick(biggest)
        s.push(["op_intercept_roll", z])
    else:
        s.ask("op_intercept", enemy, choices=sources,
              question=f"4.6.2 {POSS[side]} army enters {space_name(s, at)}, in your Zone of Influence: "
                       f"attempt an interception (4-6 succeeds), or decline.")


def legal_op_intercept(s: S, side: int) -> list[str]:
    p = s.pending
    assert p is not None
    return ["decline"] + [f"intercept {s.comp.spaces[z].id}" for z in p["choices"]]


def apply_op_intercept(s: S, side: int, action: str) -> None:
    p = s.pending
    assert p is not None and s.op is not None
    if action == "decline":
        s.pending = None
        s.say("4.6.2", f"{SIDE_NAME[side]} does not attempt an interception in {space_name(s, int(s.op['at']))}.")
        s.push(["op_ravage"])
        return
    verb, _, name = action.partition(" ")
    z = _space_arg(s, name)
    if verb != "intercept" or z not in p["choices"]:
        raise IllegalActionError(f"no force in {name!r} may intercept here")
    s.pending = None
    s.push(["op_intercept_roll", z])


def t_op_intercept_roll(s: S, task: Task) -> None:
    """4.6.2: 4-6 the interception succeeds: a skirmish (4.7), or, against a leader moving alone,
    the leader is removed for the rest of the game turn and the operation ends, its costs forfeit
    (not a pass). 1-3: the army moves on."""
    op = s.op
    assert op is not None
    side, at, z = int(op["side"]), int(op["at"]), int(task[1])
    leader = int(op["leader"])
    roll = s.d6()
    ok = roll >= s.comp.figures.interception_roll
    s.say("4.6.2", f"{POSS[1 - side]} force in {space_name(s, z)} tries to intercept in "
                   f"{space_name(s, at)}: roll {roll}, {'success' if ok else 'failure'}.")
    if not ok:
        s.push(["op_ravage"])
        return
    op["foiled"] = True
    if not sum(op["army"]):
        s.leader_at[leader] = LD_OUT
        s.say("4.6.2", f"{leader_name(s, leader)}, moving alone, is removed for the rest of the game turn; the "
                       f"operation ends and its costs are forfeit.")
        _end_op(s)
        return
    s.push(["op_skirmish", z])


# ---------------------------------------------------------------------- 4.7 skirmishes
def skirmish_loss(s: S, space: int, sps: list[int] | tuple[int, ...], side: int) -> int:
    """4.7: the slot a skirmish loss comes from: Hoplite, Cavalry, Naval in a Land or Coastal space,
    the reverse in an Island space (the space the force stands in, RULINGS P67); within a type
    Allied before citizen SPs (RULINGS P90). NO if none."""
    order = (NAVAL, CAVALRY, HOPLITE) if s.comp.spaces[space].kind == ISLAND else (HOPLITE, CAVALRY, NAVAL)
    for i in ct.loss_order(order, side):
        if sps[i]:
            return i
    return NO


def skirmish_battle(s: S, rolls: tuple[int, int], space: int, land_sps: tuple[int, int],
                    naval_sps: tuple[int, int]) -> str:
    """4.7: does the skirmish become a battle? ``rolls`` (moving, intercepting) and the SPs by
    (moving side, intercepting force). A: the dice total 11 or more. B: in a Land or Coastal space
    8 or more Land SPs on both sides, or in a Coastal or Island space 8 or more Naval SPs, of which
    at least 50% are the intercepting force's. Returns the reason, or "" for none."""
    fig = s.comp.figures
    if sum(rolls) >= fig.skirmish_battle_total:
        return f"the skirmish dice total {sum(rolls)} (4.7 A)"
    kind = s.comp.spaces[space].kind
    for what, pair, kinds in (("Land", land_sps, (LAND, COASTAL)), ("Naval", naval_sps, (COASTAL, ISLAND))):
        total = sum(pair)
        if kind in kinds and total >= fig.skirmish_battle_sps and 100 * pair[1] >= fig.skirmish_battle_percent * total:
            return f"{total} {what} SPs, {pair[1]} of them intercepting (4.7 B)"
    return ""


def t_op_skirmish(s: S, task: Task) -> None:
    """4.7: one die a side; a 1 costs that side one SP. Then the skirmish may become a battle (5.2):
    the moving army against the intercepting force."""
    op = s.op
    assert op is not None
    side, at, z = int(op["side"]), int(op["at"]), int(task[1])
    enemy = 1 - side
    fig = s.comp.figures
    mine, theirs = s.d6(), s.d6()
    lines = [f"{SIDE_NAME[side]} rolls {mine}, {SIDE_NAME[enemy]} rolls {theirs}"]
    if mine == fig.skirmish_loss_roll:
        i = skirmish_loss(s, at, op["army"], side)
        if i != NO:
            _army_out(s, at, i, 1, eliminated=True)
            lines.append(f"the army loses 1 {NAT_NAME[SLOT_NATIONALITY[i]]} {TYPE_NAME[SLOT_TYPE[i]]} SP")
    if theirs == fig.skirmish_loss_roll:
        force = tuple(s.sp[z][i] if i in SIDE_SLOTS[enemy] else 0 for i in range(NSLOTS))
        i = skirmish_loss(s, z, force, enemy)
        if i != NO:
            s.eliminate(z, SLOT_NATIONALITY[i], SLOT_TYPE[i], 1)
            lines.append(f"the intercepting force loses 1 {NAT_NAME[SLOT_NATIONALITY[i]]} "
                         f"{TYPE_NAME[SLOT_TYPE[i]]} SP")
    s.say("4.7", f"skirmish in {space_name(s, at)}: " + "; ".join(lines) + ".")
    # 4.6.1: the forces already in the space do not take skirmish losses, but count here; counted
    # after the skirmish losses (RULINGS P67)
    moving_land = s.land_sps(at, side)
    moving_naval = s.type_sps(at, side, NAVAL)
    their_land, their_naval = s.land_sps(z, enemy), s.type_sps(z, enemy, NAVAL)
    why = skirmish_battle(s, (mine, theirs), at, (moving_land, their_land), (moving_naval, their_naval))
    if not sum(op["army"]):
        _army_gone(s, "the skirmish took its last SP (4.6)", LD_GOING_HOME)
        return
    if why and s.side_sps(z, enemy):
        s.say("4.7", f"the skirmish becomes a battle: {why}.")
        s.push(["op_battle", z])
        return
    s.push(["op_transport"])


def t_op_battle(s: S, task: Task) -> None:
    """4.6.1, 4.7: the battle between the moving army (only its own SPs: it fights before joining the
    forces already in its space) and the intercepting force, by the Combat rules (5.2,
    combat.resolve_battle: SCI, victory points and hostages included). If the army won (or it came
    to No Battle) it moves on; if it lost, its SPs go to the Going Home Box and the operation ends,
    its costs forfeit (4.1.5). RULINGS P78."""
    op = s.op
    assert op is not None
    side, at, z = int(op["side"]), int(op["at"]), int(task[1])
    before = list(s.sp[at])
    moved = list(s.moved[at])
    spaces = (at, z) if side == ATHENS else (z, at)
    result = combat.resolve_battle(s, "4.7", spaces[ATHENS], spaces[SPARTA], army=list(op["army"]))
    # what the battle took from the army (eliminated or sent home): only the army fought for its side
    here, now_moved = s.writable(at)
    for i in SIDE_SLOTS[side]:
        gone = max(0, before[i] - here[i])
        op["army"][i] = max(0, int(op["army"][i]) - gone)
        now_moved[i] = max(0, min(here[i], moved[i] - gone))
    winner = int(result["winner"])
    if winner == 1 - side:
        _army_gone(s, "it lost the battle (4.7)")
        return
    if not sum(op["army"]):
        _army_gone(s, "no SP of it is left after the battle (5.7)")
        return
    if s.leader_at[int(op["leader"])] != at:
        _army_gone(s, "its leader has left the field (5.7)")
        return
    s.push(["op_transport"])


def _army_gone(s: S, why: str, where: int = LD_OUT) -> None:
    """4.7, 5.7: the army is gone (lost, eliminated or sent home): its SPs still in the space go to
    the Going Home Box, the operation ends, its costs forfeit; the leader is out for the rest of the
    game turn (``where``: LD_GOING_HOME for a leader who lost his last SP in a skirmish, 4.6)."""
    op = s.op
    assert op is not None
    leader = int(op["leader"])
    side, at = int(op["side"]), int(op["at"])
    for i in range(NSLOTS):
        n = int(op["army"][i])
        if n:
            _army_out(s, at, i, n, home=True)
    if s.leader_at[leader] == LD_DEAD:  # killed in the battle (5.7, Leader Deaths)
        box = "is dead"
    else:
        s.leader_at[leader] = where
        box = "goes to the Going Home Box" if where == LD_GOING_HOME else "is out for the rest of the game turn (5.7)"
    s.say("4.7", f"{POSS[side]} operation ends in {space_name(s, at)}: {why}; its costs are forfeit and "
                 f"{leader_name(s, leader)} {box}.")
    _end_op(s)


def _army_out(s: S, space: int, i: int, n: int, *, eliminated: bool = False, home: bool = False) -> None:
    """Take ``n`` SPs of slot ``i`` of the moving army out of ``space`` (they are moved SPs there):
    to move them on, eliminate them (counting Naval losses, 10.1) or put them in the Going Home Box."""
    op = s.op
    assert op is not None
    s.army_out(space, i, n)
    op["army"][i] -= n
    if eliminated and SLOT_TYPE[i] == NAVAL:
        s.naval_lost[SLOT_SIDE[i]] += n
    if home:
        s.going_home[i] += n


def t_op_transport(s: S, task: Task) -> None:
    """4.1.4: after skirmish losses an army with fewer Naval than Land SPs sends the Land SPs its
    ships cannot carry to the Going Home Box if it stands in an Island space, or if no route of
    Combined LOCs leads on to its goal; otherwise it moves on along Combined LOCs. Which Land SPs
    go: 4.7's order, Allied first (RULINGS P76)."""
    op = s.op
    assert op is not None
    side, at, goal = int(op["side"]), int(op["at"]), int(op["goal"])
    army = op["army"]
    land, naval = army_land(army), army_naval(army)
    if naval and naval < land:
        stuck = s.comp.spaces[at].kind == ISLAND or not reachable(s, side, at, goal, army)
        if stuck:
            excess = land - naval
            sent = [0] * NSLOTS
            for _ in range(excess):
                i = skirmish_loss(s, at, [army[j] if SLOT_TYPE[j] != NAVAL else 0 for j in range(NSLOTS)], side)
                sent[i] += 1
                _army_out(s, at, i, 1, home=True)
            s.say("4.1.4", f"the army's ships can no longer carry all its Land SPs: {describe(sent)} go to the "
                           f"Going Home Box; the rest moves on.")
    s.push(["op_ravage"])


# ---------------------------------------------------------------------- 4.8 ravaging
def t_op_ravage(s: S, task: Task) -> None:
    """4.8: moving toward its objective (not an assembly space), an army ravages each enemy-controlled
    space it enters, unless an enemy force occupies it or an interception succeeded there; a
    fortress does not prevent it. Neutral spaces are never ravaged (4.5)."""
    op = s.op
    assert op is not None
    side, at = int(op["side"]), int(op["at"])
    # the army now in the space controls it (1.3): "enemy-controlled" is read before it came, as an
    # enemy colour-coded space (League, power, rebellion) with no enemy unit in it (RULINGS P71)
    if (op["stage"] == "march" and sum(op["army"]) and s.colour[at] == 1 - side
            and not s.side_sps(at, 1 - side) and not op["foiled"] and not s.ravaged[at]):
        s.ravaged[at] = True
        s.say("4.8", f"{POSS[side]} army ravages {space_name(s, at)}.")
    if at == int(op["goal"]):
        s.push(["op_arrive"])
    else:
        s.push(["op_step"])


# ---------------------------------------------------------------------- Step 4: arrival
def t_op_arrive(s: S, task: Task) -> None:
    """At an assembly space the leader goes on building (Step 2); at the objective the army's
    movement is completed (Step 4) and the operation ends."""
    op = s.op
    assert op is not None
    if op["stage"] == "build":
        _seen(op, int(op["at"]))
        s.push(["op_build"])
        return
    side, at = int(op["side"]), int(op["at"])
    s.say("4.1", f"Step 4: {POSS[side]} army ({describe(op['army'])}) under "
                 f"{leader_name(s, int(op['leader']))} has entered its objective, {space_name(s, at)}.")
    _end_op(s)


def _end_op(s: S) -> None:
    """The operation is over (whatever its outcome, it is not a pass); the other side's turn."""
    op = s.op
    assert op is not None
    side = int(op["side"])
    s.ops[side] += 1
    s.op = None
    s.op_side = 1 - side
    s.push(["op_next"])


# ====================================================================== 4.9 Going Home Segment
def t_op_going_home(s: S, task: Task) -> None:
    """4.9: remove all units in the Going Home Box to their Home and Coalition spaces, by the
    Post-Combat Movement Table (combat.send_home); leaders there are out for the rest of the turn."""
    s.segment = "4.9 Going Home Segment"
    s.say("4.9", "Going Home Segment: both sides have passed.")
    combat.send_home(s, "4.9")


# ====================================================================== what a view shows
def op_view(s: S) -> dict[str, Any] | None:
    """The operation in progress as a view shows it (everything about it is public): ids and names
    instead of indices. None between operations."""
    op = s.op
    if op is None:
        return None
    comp = s.comp

    def space_id(x: Any) -> str | None:
        return comp.spaces[int(x)].id if int(x) != NO else None

    army = [int(x) for x in op["army"]]
    return {
        "side": SIDES[int(op["side"])],
        "leader": comp.leaders[int(op["leader"])].id,
        "first": bool(op["first"]),
        "objective": space_id(op["objective"]),
        "cause_rebellion": bool(op["rebel"]),
        "stage": str(op["stage"]),
        "at": space_id(op["at"]),
        "goal": space_id(op["goal"]),
        "army": [{"nationality": NATIONALITIES[SLOT_NATIONALITY[i]], "type": UNIT_TYPES[SLOT_TYPE[i]], "sps": army[i]}
                 for i in range(NSLOTS) if army[i]],
        "moves_as": MODES[army_mode(army)],
        "paid": int(op["paid"]),
        "intercepted_in": [comp.spaces[int(x)].id for x in op["intercepted"]],
    }


def action_label(s: S, action: str) -> str:
    """A player's words for one of this module's canonical actions (buttons, the terminal)."""
    verb, _, rest = action.partition(" ")
    space = s.comp.space_index.get(rest)
    where = s.comp.spaces[space].name if space is not None else rest
    if verb == "take":
        nat, _, kind = rest.partition(" ")
        if nat in NATIONALITIES and kind in UNIT_TYPES:
            n, k = NATIONALITIES.index(nat), UNIT_TYPES.index(kind)
            return f"Activate 1 {NAT_NAME[n]} {TYPE_NAME[k]} SP ({activation_cost(s, n, k)} talents, 4.1.5)"
    words = {
        "objective": f"Objective: {where} (4.1 Step 1)",
        "rebel": f"Cause Rebellion in {where} (100 talents, 4.4.2)",
        "goto": f"Go to the assembly space {where} (4.1.1)",
        "via": f"Move on by {where} (4.1.1)",
        "intercept": f"Intercept with the force in {where} (4.6.2)",
    }
    if verb in words and rest:
        return words[verb]
    return {"pass": "Pass (4.3)", "march": "March on the objective (4.1 Step 3)",
            "halt": "End the operation here (RULINGS P73)", "decline": "Do not intercept (4.6.2)"}.get(action, action)


# ====================================================================== helpers
def _op(s: S, side: int) -> dict[str, Any]:
    op = s.op
    if op is None or int(op["side"]) != side:
        raise IllegalActionError("no operation of yours is in progress")
    return op


def _space_arg(s: S, name: str) -> int:
    space = s.comp.space_index.get(name.strip())
    if space is None:
        raise IllegalActionError(f"no space {name!r}")
    return space


TASKS = {
    "operations": t_operations,
    "op_next": t_op_next,
    "op_begin": t_op_begin,
    "op_matrix_objective": t_op_matrix_objective,
    "op_rebellion": t_op_rebellion,
    "op_build": t_op_build,
    "op_step": t_op_step,
    "op_move": t_op_move,
    "op_enter": t_op_enter,
    "op_intercept": t_op_intercept,
    "op_intercept_roll": t_op_intercept_roll,
    "op_skirmish": t_op_skirmish,
    "op_battle": t_op_battle,
    "op_transport": t_op_transport,
    "op_ravage": t_op_ravage,
    "op_arrive": t_op_arrive,
    "op_going_home": t_op_going_home,
}
LEGAL = {
    "op_objective": legal_op_objective,
    "op_build": legal_op_build,
    "op_route": legal_op_route,
    "op_intercept": legal_op_intercept,
}
APPLY = {
    "op_objective": apply_op_objective,
    "op_build": apply_op_build,
    "op_route": apply_op_route,
    "op_intercept": apply_op_intercept,
}

__all__ = ["APPLY", "LEGAL", "SEA_ARMY", "TASKS", "action_label", "activation_cost", "interceptors", "op_view",
           "route_steps", "skirmish_battle", "skirmish_loss"]
