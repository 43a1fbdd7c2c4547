"""The Peloponnesian War 6.0 Rebellion Phase: 6.1 continued rebellion, 6.2 rebellion expansion (and
the 5.9 return of Chios' allies from Samos at its end), 6.3 the Helot rebellion.

A space in rebellion is "friendly" to the side it is now friendly to (``s.rebellion``) and belonged
before to the side of its League (``s.league_side``). A neutral space in rebellion has no side it
belonged to, so neither 6.1 nor 6.2 applies to it (6.2: "no neutrals").
"""

from __future__ import annotations

from polemos.games.peloponnesian_war import combat
from polemos.games.peloponnesian_war.model import ATHENS, HELOT_SPACES, HOPLITE, NO, SPARTA, SPARTAN
from polemos.games.peloponnesian_war.political import can_rebel, start_rebellion
from polemos.games.peloponnesian_war.state import (
    NOT_REBEL,
    PH_REBELLION,
    REBEL_OPEN,
    PWState,
    Task,
    TaskFn,
    slot,
)

S = PWState


def t_rebellion(s: S, task: Task) -> None:
    s.phase = PH_REBELLION
    s.push(["continued_rebellion"], ["rebellion_expansion"], ["helot_rebellion"])


def t_continued_rebellion(s: S, task: Task) -> None:
    """6.1: a space in rebellion in the ZOI of a force of the side it belonged to, and not in the ZOI
    of a force of the side it is now friendly to, is put down (its Rebellion marker removed)."""
    s.segment = "6.1 Continued Rebellion Determination Segment"
    zoi = (s.side_zoi(ATHENS), s.side_zoi(SPARTA))
    for i, reb in enumerate(s.rebellion):
        if reb in (NOT_REBEL, REBEL_OPEN):
            continue
        owner = s.league_side(i)
        if owner == NO:
            continue
        if i in zoi[owner] and i not in zoi[reb]:
            s.rebellion[i] = NOT_REBEL
            s.touch(i)
            s.say("6.1", f"the rebellion in {s.comp.spaces[i].name} is put down.")
    s.settle()


def t_rebellion_expansion(s: S, task: Task) -> None:
    """6.2: from each space in rebellion, a die for each adjacent space (any LOC) of the same League
    that holds no force of that League's side: +2 if it is in the ZOI of a force of the side the
    rebellion is friendly to; 6 or more and it rebels. Spaces that rebel now do not spread it in the
    same segment; a space is rolled for once from each rebelling neighbour (RULINGS P26). Then 5.9:
    if Chios is a friendly Delian League space again, the Athenian Allied forces at Samos go to Chios."""
    s.segment = "6.2 Rebellion Expansion Segment"
    fig = s.comp.figures
    zoi = (s.side_zoi(ATHENS), s.side_zoi(SPARTA))
    sources = [i for i, reb in enumerate(s.rebellion) if reb not in (NOT_REBEL, REBEL_OPEN)]
    for src in sources:
        league = s.comp.spaces[src].alignment
        reb = s.rebellion[src]
        for there, _ in s.comp.adjacency[src]:
            if s.comp.spaces[there].alignment != league or not can_rebel(s, there):
                continue
            roll = s.d6()
            bonus = fig.rebellion_spread_zoi_bonus if there in zoi[reb] else 0
            name = s.comp.spaces[there].name
            if roll + bonus >= fig.rebellion_spread_roll:
                s.say("6.2", f"from {s.comp.spaces[src].name} to {name}: die {roll} + {bonus} = {roll + bonus}: "
                             "it rebels.")
                start_rebellion(s, there, "6.2")
            else:
                s.say("6.2", f"from {s.comp.spaces[src].name} to {name}: die {roll} + {bonus} = {roll + bonus}: "
                             "no rebellion.")
    s.settle()
    combat.chios_returns(s)  # 5.9, at the end of the Rebellion Expansion
    s.settle()


def t_helot_rebellion(s: S, task: Task) -> None:
    """6.3: if Pylos, Asine, Corone, Prasiae and Epidaurus Limera are all occupied by Delian League
    forces, a Helot rebellion occurs: the first game turn, 2 Spartan Hoplite SPs in Sparta are
    eliminated, Spartan revenue is 500 talents less this turn and Spartan Bellicosity 2 less; each
    consecutive game turn, revenue 1000 less and Bellicosity 2 less. Once it is put down, a new one
    has the first turn's effects again."""
    s.segment = "6.3 Helot Rebellion Determination Segment"
    fig = s.comp.figures
    spaces = [s.comp.space_index[h] for h in HELOT_SPACES]
    if not all(s.side_sps(x, ATHENS) for x in spaces):
        if s.helot:
            s.say("6.3", "the Helot rebellion is put down.")
        s.helot = False
        return
    s.bell_loss[SPARTA] += fig.helot_bellicosity_loss
    if not s.helot:
        sparta = s.comp.space_index["sparta"]
        n = min(fig.helot_hoplite_loss, s.sp[sparta][slot(SPARTAN, HOPLITE)])
        if n:
            s.eliminate(sparta, SPARTAN, HOPLITE, n)
        s.revenue_adjust[SPARTA] += fig.helot_first_revenue_loss
        s.say("6.3", f"Helot rebellion: {n} Spartan Hoplite SPs in Sparta are eliminated, Spartan revenue is "
                     f"{fig.helot_first_revenue_loss} talents less this turn, Spartan Bellicosity "
                     f"-{fig.helot_bellicosity_loss}.")
    else:
        s.revenue_adjust[SPARTA] += fig.helot_later_revenue_loss
        s.say("6.3", f"the Helot rebellion goes on: Spartan revenue is {fig.helot_later_revenue_loss} talents less "
                     f"this turn, Spartan Bellicosity -{fig.helot_bellicosity_loss}.")
    s.helot = True
    s.settle()


TASKS: dict[str, TaskFn] = {
    "rebellion": t_rebellion,
    "continued_rebellion": t_continued_rebellion,
    "rebellion_expansion": t_rebellion_expansion,
    "helot_rebellion": t_helot_rebellion,
}
