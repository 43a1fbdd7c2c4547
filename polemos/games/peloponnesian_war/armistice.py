"""The Peloponnesian War 8.0 Armistice and Surrender Phase: 8.1 Bellicosity adjustment, 8.2
surrender, 8.3 armistice (and its effects), 8.4 Ravaged marker removal, 8.5 the game turn marker
(with the 10.1 Sicilian Disaster count and the scenario's last turn).
"""

from __future__ import annotations

import math

from polemos.games.peloponnesian_war import combat, victory
from polemos.games.peloponnesian_war.administration import build_options, matrix_builds, revenue
from polemos.games.peloponnesian_war.model import ATHENS, SIDES, SPARTA
from polemos.games.peloponnesian_war.state import (
    NSLOTS,
    OWN_NATIONALITY,
    PH_ARMISTICE,
    SLOT_NATIONALITY,
    SLOT_TYPE,
    PWState,
    Task,
    TaskFn,
)

S = PWState


def t_armistice_phase(s: S, task: Task) -> None:
    s.phase = PH_ARMISTICE
    s.push(["bellicosity_adjustment"], ["surrender"], ["armistice_determination"], ["ravaged_removal"],
           ["game_turn"])


# ====================================================================== 8.1
def t_bellicosity_adjustment(s: S, task: Task) -> None:
    """8.1: a negative SCI is taken off the Bellicosity (by its size: RULINGS P30), a positive one
    adds half (rounded down); a tenth (rounded down) of the side's League and coalition spaces in
    rebellion, captured or ravaged is taken off; the random-event and Helot reductions of the turn
    are taken off (the -2 marker flipped back). Never above 12 at the end of a game turn (1.3), never
    below 0."""
    s.segment = "8.1 Bellicosity Adjustment Segment"
    fig = s.comp.figures
    for side in (ATHENS, SPARTA):
        before = s.bellicosity[side]
        parts = []
        sci = s.sci[side]
        change = sci if sci < 0 else sci // 2
        if change:
            parts.append(f"SCI {sci}: {change:+d}")
        lost = len(s.lost_spaces(side))
        cut = lost // fig.bellicosity_per_lost_spaces
        if cut:
            parts.append(f"{lost} spaces lost: -{cut}")
        change -= cut
        if s.bell_loss[side]:
            parts.append(f"random events / Helot rebellion: -{s.bell_loss[side]}")
            change -= s.bell_loss[side]
            s.bell_loss[side] = 0
        s.bellicosity[side] = max(0, min(fig.bellicosity_max, before + change))
        s.say("8.1", f"{SIDES[side].title()}'s Bellicosity {before} -> {s.bellicosity[side]}"
                     f"{' (' + '; '.join(parts) + ')' if parts else ''}.")


# ====================================================================== 8.2
def t_surrender(s: S, task: Task) -> None:
    """8.2: a side whose home space is enemy-controlled, or whose Bellicosity is zero, surrenders,
    and the game ends (9.0, 10.x)."""
    s.segment = "8.2 Surrender Determination Segment"
    gone = []
    for side in (ATHENS, SPARTA):
        home = s.comp.space_index[SIDES[side]]
        if s.control[home] == 1 - side:
            s.say("8.2", f"{SIDES[side].title()} is enemy-controlled: {SIDES[side].title()} surrenders.")
            gone.append(side)
        elif s.bellicosity[side] <= 0:
            s.say("8.2", f"{SIDES[side].title()}'s Bellicosity is 0: {SIDES[side].title()} surrenders.")
            gone.append(side)
    if gone:
        victory.finish(s, f"8.2: {' and '.join(SIDES[x].title() for x in gone)} surrender(s)", tuple(gone))


# ====================================================================== 8.3
def armistice_due(s: S) -> bool:
    """8.3: each side has Bellicosity 6 or less or a Treasury below 1000 talents (any combination)."""
    fig = s.comp.figures
    return all(s.bellicosity[x] <= fig.armistice_bellicosity or s.treasury[x] < fig.armistice_treasury
               for x in (ATHENS, SPARTA))


def t_armistice_determination(s: S, task: Task) -> None:
    """8.3: an armistice of a die halved (rounded up) game turns, +1 if Nicias led Athens this turn;
    once per scenario, never in 10.3 and 10.4. In 10.2 an armistice ends the game at once."""
    s.segment = "8.3 Armistice Determination Segment"
    assert s.scenario is not None
    sc = s.comp.scenario(s.scenario)
    if not sc.armistice or s.armistice_used or not armistice_due(s):
        return
    roll = s.d6()
    length = math.ceil(roll / 2) + (1 if s.nicias else 0)
    s.armistice_used = True
    s.armistice_turns = length
    s.say("8.3", f"an armistice occurs: die {roll} halved (rounded up){' + 1 for Nicias' if s.nicias else ''}: "
                 f"{length} game turns.")
    if "armistice" in sc.ends_on:
        victory.finish(s, f"{sc.rule}: an armistice occurs")
        return
    fought = s.turn
    # the Athenian and Spartan SPs (not allied) in captured spaces go home by the table
    for side in (ATHENS, SPARTA):
        own = OWN_NATIONALITY[side]
        for i in range(len(s.comp.spaces)):
            if s.colour[i] == side:
                continue
            for k in range(NSLOTS):
                n = s.sp[i][k]
                if n and SLOT_NATIONALITY[k] == own:
                    s.remove_sps(i, own, SLOT_TYPE[k], n)
                    s.going_home[k] += n
    s.settle()
    for k in range(NSLOTS):
        n = s.going_home[k]
        if n:
            s.going_home[k] = 0
            combat.place_by_table(s, SLOT_NATIONALITY[k], SLOT_TYPE[k], n, "8.3")
    s.settle()
    if any(s.hostages):
        s.say("8.3", "all hostages are released; the restriction on attacking the enemy home space is lifted.")
    s.hostages = [False, False]
    s.turn = min(s.turn + length, s.last_turn)  # RULINGS P31: the scenario ends with its last game turn
    s.say("8.3", f"the game turn marker moves ahead {length} turns, to game turn {s.turn}.")
    events: list[Task] = [["random_event", 0] for _ in range(length)]
    s.push(*events, ["armistice_revenue", length], ["armistice_build", ATHENS, length],
           ["armistice_build", SPARTA, length], ["armistice_bellicosity", fought])


def t_armistice_revenue(s: S, task: Task) -> None:
    """8.3: each side's revenue, ignoring Ravaged spaces, times the armistice's game turns."""
    length = int(task[1])
    for side in (ATHENS, SPARTA):
        amount, parts = revenue(s, side, ignore_ravaged=True)
        s.treasury[side] += amount * length
        s.say("8.3", f"{SIDES[side].title()}: revenue {amount} ({'; '.join(parts)}) x {length} turns = "
                     f"{amount * length} talents; Treasury {s.treasury[side]}.")


def t_armistice_build(s: S, task: Task) -> None:
    """8.3: up to 3 SPs per armistice turn, never taking the Treasury below 1000 talents."""
    side, length = int(task[1]), int(task[2])
    fig = s.comp.figures
    cap = fig.armistice_builds * length * fig.sp_cost
    floor = max(fig.armistice_treasury, s.treasury_floor(side))
    if s.automatic(side):
        matrix_builds(s, side, cap, floor, "8.3")
    elif build_options(s, side, 0, cap, floor):
        s.ask("build", side, spent=0, cap=cap, floor=floor, rule="8.3",
              question=f"8.3: {SIDES[side].title()} builds up to {cap // fig.sp_cost} SPs during the armistice "
                       f"({fig.sp_cost} talents each; the Treasury stays at {floor} or more), or is done.")
    else:
        s.say("8.3", f"{SIDES[side].title()} cannot build (Treasury or counter mix).")


def t_armistice_bellicosity(s: S, task: Task) -> None:
    """8.3: both sides' Bellicosity is reset to 10 minus the game turns of war fought before the
    armistice (game turns 1 to the armistice's; at least 1: RULINGS P31). The SCI is left as it is."""
    fought = int(task[1])
    value = max(1, s.comp.figures.armistice_bellicosity_reset - fought)
    s.bellicosity = [value, value]
    s.bell_loss = [0, 0]  # the armistice's random events' -2 markers: the reset supersedes them (RULINGS P31)
    s.say("8.3", f"both sides' Bellicosity is reset to {value} (10 - {fought} game turns of war).")


# ====================================================================== 8.4, 8.5
def t_ravaged_removal(s: S, task: Task) -> None:
    """8.4: every Ravaged marker is removed (noting first whether Attica was ravaged, for Random
    Event 6 next game turn)."""
    s.segment = "8.4 Ravaged Marker Removal Segment"
    attica = [i for i, sp in enumerate(s.comp.spaces) if s.comp.regions[sp.region].id == "attica"]
    s.attica_ravaged_prev = any(s.ravaged[i] for i in attica)
    if any(s.ravaged):
        s.say("8.4", f"{sum(s.ravaged)} Ravaged markers are removed.")
    s.ravaged = [False] * len(s.ravaged)


def t_game_turn(s: S, task: Task) -> None:
    """8.5: the game turn marker moves on, unless the scenario's last game turn is completed (10.x).
    10.1 Sicilian Disaster: Athens lost 4 Naval SPs this game turn -> a Delian League rebellion next."""
    s.segment = "8.5 Game Turn Marker Segment"
    fig = s.comp.figures
    if s.naval_lost[ATHENS] >= fig.sicilian_disaster_naval:
        s.delian_rebellion_due = True
        s.say("10.1", f"Sicilian Disaster: Athens lost {s.naval_lost[ATHENS]} Naval SPs this game turn: a Delian "
                      "League rebellion occurs next game turn.")
    if s.turn >= s.last_turn:
        victory.finish(s, f"game turn {s.last_turn} is completed")
        return
    s.turn += 1
    s.push(["turn", 0])


TASKS: dict[str, TaskFn] = {
    "armistice_phase": t_armistice_phase,
    "bellicosity_adjustment": t_bellicosity_adjustment,
    "surrender": t_surrender,
    "armistice_determination": t_armistice_determination,
    "armistice_revenue": t_armistice_revenue,
    "armistice_build": t_armistice_build,
    "armistice_bellicosity": t_armistice_bellicosity,
    "ravaged_removal": t_ravaged_removal,
    "game_turn": t_game_turn,
}
