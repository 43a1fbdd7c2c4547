"""The Peloponnesian War: the sequence of play (1.4) as a stack of tasks, and the action dispatcher.

The procedure still to run is a stack of small tasks held in the state (``s.tasks``, each
``[name, args...]``), so a game can stop at any decision, be saved as JSON and resume exactly.
:func:`advance` pops and runs tasks until a side must decide (``s.pending``, set by
``s.ask(kind, side, ...)``) or the game is over.

Each rule module contributes three tables, merged here (a name may appear once):

- ``TASKS``: task name -> ``t_<name>(s, task)``, run automatically;
- ``LEGAL``: decision kind -> ``legal_<kind>(s, side) -> list[str]`` (canonical action texts);
- ``APPLY``: decision kind -> ``apply_<kind>(s, side, action)``: carries out a legal action (the
  kernel has checked it is in LEGAL's list), clears ``s.pending`` and pushes what follows.

Game Turn sequence (1.4): Political Phase 2.0 and Strategic Planning Phase 3.0 (both omitted on
the first game turn of every scenario), Operations Phase 4.0, Combat Phase 5.0, Rebellion Phase
6.0, Administrative Phase 7.0, Armistice and Surrender Phase 8.0.
"""

from __future__ import annotations

from types import ModuleType

from polemos.core.errors import IllegalActionError
from polemos.games.peloponnesian_war import (
    administration,
    armistice,
    combat,
    operations,
    political,
    rebellion,
    strategy,
)
from polemos.games.peloponnesian_war.model import NO
from polemos.games.peloponnesian_war.setup import setup as scenario_setup
from polemos.games.peloponnesian_war.state import LD_AVAILABLE, LD_DEAD, ApplyFn, LegalFn, PWState, Task, TaskFn

S = PWState

TASKS: dict[str, TaskFn] = {}
LEGAL: dict[str, LegalFn] = {}
APPLY: dict[str, ApplyFn] = {}

#: no procedure of one game runs more tasks than this between two decisions (a guard: a loop in
#: the task stack is a bug, reported as such instead of hanging a server worker)
MAX_TASKS_PER_STEP = 200_000


def register(module: ModuleType) -> None:
    """Merge a rule module's TASKS, LEGAL and APPLY tables (each name once)."""
    for table, mine in ((TASKS, "TASKS"), (LEGAL, "LEGAL"), (APPLY, "APPLY")):
        theirs = getattr(module, mine, {})
        for name, fn in theirs.items():
            if name in table and table[name] is not fn:
                raise AssertionError(f"{module.__name__}.{mine}[{name!r}] is already registered")
            table[name] = fn


# ====================================================================== the driver
def advance(s: S) -> None:
    """Run tasks until a decision is pending, the tasks are done, or the game is over."""
    steps = 0
    tasks = TASKS
    while s.pending is None and s.tasks and not s.winner:
        task = s.tasks.pop()
        fn = tasks.get(str(task[0]))
        if fn is None:
            raise AssertionError(f"no procedure for task {task[0]!r}")
        fn(s, task)
        if s._dirty or s._dirty_spaces:  # (s.settle(), without the call when nothing changed)
            s.settle()
        steps += 1
        if steps > MAX_TASKS_PER_STEP:
            raise AssertionError(f"the task stack does not settle (last task {task[0]!r})")
    if s.winner:
        s.pending = None
        s.tasks = []


def legal(s: S, side: int) -> list[str]:
    p = s.pending
    if p is None or int(p["side"]) != side or s.winner:
        return []
    fn = LEGAL.get(str(p["kind"]))
    if fn is None:
        raise AssertionError(f"no legal actions for decision {p['kind']!r}")
    return fn(s, side)


def apply(s: S, side: int, action: str) -> None:
    p = s.pending
    if p is None:
        raise IllegalActionError("no decision is pending")
    fn = APPLY.get(str(p["kind"]))
    if fn is None:
        raise AssertionError(f"no procedure for decision {p['kind']!r}")
    fn(s, side, action)
    s.settle()
    advance(s)


# ====================================================================== the Game Turn (1.4)
def setup(s: S) -> None:
    """A new game: the scenario's set-up (10.x), then its first game turn from the Operations Phase
    (2.0 and 3.0 NOTES: no Political or Strategic Planning Phase on the first game turn)."""
    assert s.scenario is not None
    scenario_setup(s, s.scenario)
    s.push(["first_strategies"], ["turn", 1])
    advance(s)


def t_turn(s: S, task: Task) -> None:
    """1.4: the phases of one game turn, in order. ``task[1]`` = 1 on the scenario's first game turn,
    which the set-up opened in its Operations Phase."""
    first = bool(int(task[1]))
    phases: list[Task] = []
    if not first:
        _new_turn(s)
        s.say("1.4", f"game turn {s.turn} begins.")
        phases += [["political"], ["strategic"]]
    phases += [["operations"], ["combat_phase"], ["rebellion"], ["administration"], ["armistice_phase"]]
    s.push(*phases)


def _new_turn(s: S) -> None:
    """What a new game turn starts from: no SP has moved, no operation made (4.3); leaders out for
    the last turn are available again (4.6, 5.4, 5.7; 5.5: none stays on the map); the turn's
    markers cleared (2.4 Nicias +1, 2.2 Leader Deaths, 6.3 revenue, 10.1 Naval losses). RULINGS P35."""
    s.moved = [[0] * len(row) for row in s.moved]  # (new rows: a clone may share the old ones)
    s.ops = [0, 0]
    s.passed = [False, False]
    s.first_player = NO
    s.op_side = NO
    s.op = None
    s.combat = None
    s.commander = [NO, NO]
    for lead, at in enumerate(s.leader_at):
        if at != LD_DEAD:
            s.leader_at[lead] = LD_AVAILABLE
    s.naval_lost = [0, 0]
    s.revenue_adjust = [0, 0]
    s.nicias = False
    s.leader_deaths = False


TASKS["turn"] = t_turn
for _module in (political, strategy, operations, combat, rebellion, administration, armistice):
    register(_module)
