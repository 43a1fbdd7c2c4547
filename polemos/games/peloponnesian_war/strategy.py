"""The Peloponnesian War 3.0 Strategic Planning Phase: 3.1 strategy determination, 3.2 the SCI
reset; and the Strategy Matrix's objectives for the matrix side's operations (1.3, RULINGS P10-P12).

The player chooses a strategy of his side's matrix (3.1: the matrixes "can be used as a guide");
the matrix side rolls one die plus its leader's Strategic Rating (+1 for Sparta while Alcibiades
serves Sparta or Persia, 3.1 NOTE). Attack Athens / Attack Sparta are barred while the enemy holds
hostages and no armistice has occurred (3.1 NOTE, 5.6): the player is not offered them, the matrix
rolls again (RULINGS P12).
"""

from __future__ import annotations

from collections import deque

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war.model import ATHENS, LEAGUE_OF_SIDE, NO, PERSIA, SIDES, SPARTA, Strategy
from polemos.games.peloponnesian_war.state import (
    LD_DEAD,
    NOT_REBEL,
    PH_STRATEGY,
    ApplyFn,
    LegalFn,
    PWState,
    Task,
    TaskFn,
)

S = PWState
MAX_REROLLS = 20  # RULINGS P12: the matrix rolls again; after this many barred results it takes its first strategy


# ====================================================================== ratings and bars
def strategic_rating(s: S, side: int) -> int:
    """The side's leader's Strategic Rating (its 2.4 leader; 0 with none), +1 for Sparta while
    Alcibiades serves Sparta or Persia and is in play (3.1 NOTE)."""
    lead = s.commander[side]
    rating = s.comp.leaders[lead].strategic if lead != NO else 0
    if side == SPARTA:
        alc = s.comp.leader_index.get("alcibiades")
        if alc is not None and s.serves[alc] in (SPARTA, PERSIA) and s.leader_at[alc] != LD_DEAD:
            rating += 1
    return rating


def home_attack_barred(s: S, side: int) -> bool:
    """3.1 NOTE, 5.6: ``side`` may not attack the enemy home space while the enemy holds hostages,
    until an armistice occurs (8.3: the restriction is lifted for the rest of the game)."""
    return s.hostages[1 - side] and not s.armistice_used


def allowed(s: S, side: int, strat: Strategy) -> bool:
    return not (strat.attacks_home and home_attack_barred(s, side))


def cause_rebellion_target_ok(s: S, side: int, space: int) -> bool:
    """4.4: a Cause Rebellion objective is an opponent's-controlled or a neutral space (4.4.2), not in
    rebellion already, not occupied by an enemy force, not an enemy home or coalition space; Argos,
    Syracuse and Pela not while neutral (4.4 EXCEPTION); never the Euxine (RULINGS P3)."""
    sp = s.comp.spaces[space]
    enemy = 1 - side
    if sp.edge or s.rebellion[space] != NOT_REBEL or s.side_sps(space, enemy):
        return False
    if sp.home == enemy or s.coalition[space] == enemy or sp.home == side:
        return False
    if sp.power != NO and s.power_status[sp.power] == NO and s.comp.powers[sp.power].shielded_while_neutral:
        return False
    return s.control[space] in (enemy, NO)


# ====================================================================== 3.0 the phase
def t_strategic(s: S, task: Task) -> None:
    """3.0 Strategic Planning Phase (not on a scenario's first game turn: rules.py skips it)."""
    s.phase = PH_STRATEGY
    s.segment = "3.1 Strategy Determination Segment"
    s.push(["strategy_determine", ATHENS], ["strategy_determine", SPARTA], ["sci_reset"])


def t_strategy_determine(s: S, task: Task) -> None:
    """3.1 for one side: the matrix rolls, the player is asked."""
    side = int(task[1])
    if s.automatic(side):
        matrix_strategy(s, side, "3.1")
    else:
        s.ask("strategy", side, question=f"3.1: choose the strategy {SIDES[side].title()} follows this game turn.")


def legal_strategy(s: S, side: int) -> list[str]:
    return [f"strategy {st.id}" for st in s.comp.matrixes[side].strategies if allowed(s, side, st)]


def apply_strategy(s: S, side: int, action: str) -> None:
    sid = action.removeprefix("strategy ")
    matrix = s.comp.matrixes[side]
    index = matrix.strategy_index(sid)
    if index == NO or not allowed(s, side, matrix.strategies[index]):
        raise IllegalActionError(f"{sid!r} is no strategy {SIDES[side].title()} may choose now")
    s.pending = None
    s.strategy[side] = index
    s.say("3.1", f"{SIDES[side].title()} chooses the strategy {matrix.strategies[index].name}.")


def matrix_strategy(s: S, side: int, rule: str) -> None:
    """3.1 for the matrix side: 1d6 + Strategic Rating on its Strategy Matrix (RULINGS P10); a barred
    strategy is rolled again (P12)."""
    matrix = s.comp.matrixes[side]
    rating = strategic_rating(s, side)
    for _ in range(MAX_REROLLS):
        roll = s.d6()
        strat = matrix.strategy_for(roll + rating)
        if allowed(s, side, strat):
            s.strategy[side] = strat.index
            s.say(rule, f"{SIDES[side].title()}'s Strategy Matrix: die {roll} + Strategic Rating {rating} = "
                        f"{roll + rating}: {strat.name}.")
            return
        s.say("3.1", f"{SIDES[side].title()}'s Strategy Matrix: die {roll} + {rating}: {strat.name} is barred "
                     "while the enemy holds hostages (5.6); roll again (RULINGS P12).")
    first = next(st for st in matrix.strategies if allowed(s, side, st))
    s.strategy[side] = first.index
    s.say("3.1", f"{SIDES[side].title()} takes {first.name} (RULINGS P12).")


def t_sci_reset(s: S, task: Task) -> None:
    """3.2 Strategy Confidence Index Segment: both SCIs return to zero."""
    s.segment = "3.2 Strategy Confidence Index Segment"
    s.sci = [0, 0]
    s.say("3.2", "both sides' SCI is reset to 0.")


def t_first_strategies(s: S, task: Task) -> None:
    """A scenario's first game turn has no Strategic Planning Phase (3.0 NOTE); a side its set-up
    gives no strategy determines one now as 3.1 does (RULINGS P22)."""
    for side in (SPARTA, ATHENS):
        if s.strategy[side] == NO:
            s.push(["strategy_determine", side])


# ====================================================================== the matrix side's objectives
def matrix_objective(s: S, side: int) -> tuple[int, int, int]:
    """The objective of the matrix side's next operation (1.3, 4.1 Step 1): one die on its current
    strategy's objectives; (space, Land SPs, Naval SPs) to assemble. ``largest-enemy-force`` and
    ``nearest-lost-space`` per RULINGS P11; a Cause Rebellion objective 4.4 forbids is rolled again
    (P12). Space NO: there is no objective, so the side passes."""
    index = s.strategy[side]
    matrix = s.comp.matrixes[side]
    strat = matrix.strategies[index if index != NO else 0]
    if not allowed(s, side, strat):
        s.say("5.6", f"{SIDES[side].title()}'s strategy {strat.name} is barred by hostages: no objective.")
        return NO, 0, 0
    for _ in range(MAX_REROLLS):
        roll = s.d6()
        row = strat.objective(roll)
        target = row.target if row.target != NO else special_target(s, side, row.special)
        if target == NO:
            s.say("1.3", f"{SIDES[side].title()} ({strat.name}) objective roll {roll}: no {row.special} space.")
            return NO, 0, 0
        if strat.cause_rebellion and not cause_rebellion_target_ok(s, side, target):
            s.say("4.4", f"{SIDES[side].title()} objective roll {roll}: {s.comp.spaces[target].name} cannot be "
                         "made to rebel; roll again (RULINGS P12).")
            continue
        s.say("4.1", f"{SIDES[side].title()} ({strat.name}) objective roll {roll}: {s.comp.spaces[target].name}, "
                     f"with an army of {row.land} Land and {row.naval} Naval SPs.")
        return target, row.land, row.naval
    return NO, 0, 0


def special_target(s: S, side: int, special: str) -> int:
    if special == "largest-enemy-force":
        return largest_enemy_force(s, side, list(range(len(s.comp.spaces))))
    if special == "nearest-lost-space":
        return nearest_lost_space(s, side)
    raise AssertionError(f"unknown objective {special!r}")


def largest_enemy_force(s: S, side: int, spaces: list[int]) -> int:
    """RULINGS P11: the space holding the most enemy SPs (ties by equal die ranges); NO if none."""
    sizes = {i: s.side_sps(i, 1 - side) for i in spaces}
    best = max(sizes.values(), default=0)
    if best == 0:
        return NO
    return s.pick([i for i, n in sizes.items() if n == best])


def nearest_lost_space(s: S, side: int) -> int:
    """RULINGS P11: the friendly League space in rebellion or enemy-controlled fewest LOCs from the
    home space (ties by die); with none, the largest enemy force in friendly territory; else NO."""
    comp = s.comp
    league = LEAGUE_OF_SIDE[side]
    home = comp.space_index[SIDES[side]]
    dist = {home: 0}
    queue = deque([home])
    while queue:
        here = queue.popleft()
        for there, _ in comp.adjacency[here]:
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    lost = [i for i, sp in enumerate(comp.spaces) if sp.alignment == league and i in dist
            and (s.rebellion[i] != NOT_REBEL or s.control[i] == 1 - side)]
    if lost:
        near = min(dist[i] for i in lost)
        return s.pick([i for i in lost if dist[i] == near])
    friendly = [i for i, sp in enumerate(comp.spaces) if sp.alignment == league or s.coalition[i] == side]
    return largest_enemy_force(s, side, friendly)


TASKS: dict[str, TaskFn] = {
    "strategic": t_strategic,
    "strategy_determine": t_strategy_determine,
    "sci_reset": t_sci_reset,
    "first_strategies": t_first_strategies,
}
LEGAL: dict[str, LegalFn] = {"strategy": legal_strategy}
APPLY: dict[str, ApplyFn] = {"strategy": apply_strategy}
