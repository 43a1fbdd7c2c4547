"""The Peloponnesian War 2.0 Political Phase: 2.1 side determination, 2.2 random events, 2.3 the
Delian League rebellion, 2.4 leader selection (not on a scenario's first game turn, 2.0 NOTE).

Random events follow RULINGS P8 (when an event "can occur") and P9 (the rebellion location).
"""

from __future__ import annotations

from polemos.games.peloponnesian_war import neutrals, victory
from polemos.games.peloponnesian_war.model import (
    ATHENS,
    CONDITIONS,
    DELIAN,
    HELOT_SPACES,
    NEUTRAL,
    NO,
    PERSIA,
    SERVES,
    SIDES,
    SPARTA,
    RandomEvent,
)
from polemos.games.peloponnesian_war.state import (
    LD_DEAD,
    NOT_REBEL,
    PH_POLITICAL,
    SOLITAIRE,
    PWState,
    Task,
    TaskFn,
    slot,
)

S = PWState
MAX_EVENT_ROLLS = 100  # 2.2 "continue to roll": a guard only (tribute and Bellicosity events can always occur)
AGAIN_ID = 100  # events_done holds a first-table event's roll, or 100 + the second table's roll


# ====================================================================== 2.0
def t_political(s: S, task: Task) -> None:
    s.phase = PH_POLITICAL
    s.push(["side_determination"], ["random_event", 1], ["delian_rebellion"], ["leader_selection"])


# ====================================================================== 2.1
def t_side_determination(s: S, task: Task) -> None:
    """2.1: in a Side Determination Segment in which the player's SCI is zero or positive he must
    attempt to change sides: a die plus the SCI, 6 or more and he switches. Solitaire only: the
    fixed-side and two-player games keep their sides (issue 10's modes)."""
    s.segment = "2.1 Side Determination Segment"
    if s.mode != SOLITAIRE:
        return
    side = s.player
    sci = s.sci[side]
    if sci < 0:
        s.say("2.1", f"the player's SCI ({SIDES[side].title()}) is {sci}: no attempt to change sides.")
        return
    roll = s.d6()
    if roll + sci < s.comp.figures.side_change_roll:
        s.say("2.1", f"side determination: die {roll} + SCI {sci} = {roll + sci}: the player keeps "
                     f"{SIDES[side].title()}.")
        return
    s.player = 1 - side
    s.switches += 1
    s.say("2.1", f"side determination: die {roll} + SCI {sci} = {roll + sci}: the player changes sides and now "
                 f"commands {SIDES[s.player].title()} (change {s.switches}); the Strategy Matrix takes "
                 f"{SIDES[side].title()}.")
    victory.side_changed(s)


# ====================================================================== 2.2
def t_random_event(s: S, task: Task) -> None:
    """2.2: roll both dice on the Random Events Table; an event that cannot occur is rolled again
    (``task[1]`` = 1), or not (0: during an armistice, 8.3)."""
    s.segment = "2.2 Random Event Segment"
    reroll = bool(int(task[1]))
    for _ in range(MAX_EVENT_ROLLS):
        a, b = s.d6(), s.d6()
        ev = s.comp.random_event(a + b)
        text = f"Random Events Table: {a} + {b} = {a + b}: {ev.title}"
        key = ev.roll
        if ev.again:
            r = s.d6()
            ev = ev.again[r - 1]
            key = AGAIN_ID + r
            text += f"; second roll {r}: {ev.id.replace('-', ' ')}"
        if can_occur(s, ev, key):
            s.say("2.2", f"{text}. {ev.text}")
            occur(s, ev, key, "2.2")
            return
        if not reroll:
            s.say("8.3", f"{text}: it cannot occur, and is not rolled again during an armistice.")
            return
        s.say("2.2", f"{text}: it cannot occur; roll again.")
    s.say("2.2", "no random event can occur.")


def can_rebel(s: S, space: int) -> bool:
    """2.3 NOTE, RULINGS P9: a League space can rebel unless it is in rebellion already, a force
    friendly to its League occupies it, or the enemy controls it; home spaces and the Euxine never
    rebel (RULINGS P25)."""
    sp = s.comp.spaces[space]
    if sp.alignment == NEUTRAL or sp.home != NO or sp.edge or s.rebellion[space] != NOT_REBEL:
        return False
    league = s.league_side(space)
    return s.side_sps(space, league) == 0 and s.control[space] != 1 - league


def _condition(s: S, condition: str) -> bool:
    if not condition:
        return True
    if condition == "attica-ravaged-last-turn":
        return s.attica_ravaged_prev
    if condition == "athens-holds-hostages":
        return s.hostages[ATHENS]
    if condition == "delian-force-in-helot-space":
        return any(s.side_sps(s.comp.space_index[h], ATHENS) for h in HELOT_SPACES)
    raise AssertionError(f"unknown condition {condition!r} ({', '.join(CONDITIONS)})")


def can_occur(s: S, ev: RandomEvent, key: int) -> bool:
    """RULINGS P8: its condition holds and at least one of its effects can take place."""
    if not _condition(s, ev.condition) or (ev.once and key in s.events_done):
        return False
    alc = s.comp.leader_index.get("alcibiades")
    effects = [
        any(can_rebel(s, x) for x in ev.rebel),
        ev.delian_rebellion and any(can_rebel(s, i) for i, sp in enumerate(s.comp.spaces) if sp.alignment == DELIAN),
        any(ev.bellicosity),
        any(t > 0 or (t < 0 and s.treasury[x] > 0) for x, t in enumerate(ev.treasury)),
        ev.activate != NO and s.power_status[ev.activate] == NO,
        ev.change_sides != NO,
        ev.alcibiades and alc is not None and s.leader_at[alc] != LD_DEAD,
        ev.leader_deaths,
        any(s.sp[e.space][slot(e.nationality, e.type)] for e in ev.eliminate),
    ]
    return any(effects)


def occur(s: S, ev: RandomEvent, key: int, rule: str) -> None:
    """Carry out an event's effects that can take place (RULINGS P8)."""
    if ev.once:
        s.events_done.append(key)
    for x in ev.rebel:
        if can_rebel(s, x):
            start_rebellion(s, x, rule)
    if ev.delian_rebellion:
        delian_rebellion(s, rule)
    for side, v in enumerate(ev.bellicosity):
        if v < 0:
            s.bell_loss[side] += -v
            s.say(rule, f"{SIDES[side].title()}'s Bellicosity marker is flipped to its -2 side (reduced in 8.1).")
    for side, t in enumerate(ev.treasury):
        if t:
            before = s.treasury[side]
            s.treasury[side] = max(0, before + t)
            s.say(rule, f"{SIDES[side].title()}'s Treasury {before} -> {s.treasury[side]} talents.")
    if ev.activate != NO and s.power_status[ev.activate] == NO:
        neutrals.activate(s, ev.activate, s.comp.powers[ev.activate].joins[0], rule)
    if ev.change_sides != NO:
        neutrals.change_sides(s, ev.change_sides, rule)
    if ev.alcibiades:
        alc = s.comp.leader_index.get("alcibiades")
        if alc is not None and s.leader_at[alc] != LD_DEAD:
            now = s.serves[alc]
            s.serves[alc] = {ATHENS: SPARTA, SPARTA: PERSIA, PERSIA: ATHENS}[now]
            s.say(rule, f"Alcibiades goes over from {SERVES[now].title()} to {SERVES[s.serves[alc]].title()}.")
    if ev.leader_deaths:
        s.leader_deaths = True
        s.say(rule, "Leader Deaths: this game turn a leader can be killed in combat (5.7).")
    for e in ev.eliminate:
        n = min(e.count, s.sp[e.space][slot(e.nationality, e.type)])
        if n:
            s.eliminate(e.space, e.nationality, e.type, n)
            s.say(rule, f"{n} SP(s) eliminated in {s.comp.spaces[e.space].name}.")
    s.settle()


def start_rebellion(s: S, space: int, rule: str) -> None:
    """A League space rebels: it becomes friendly to the enemy side (2.3)."""
    league = s.league_side(space)
    s.rebellion[space] = 1 - league
    s.touch(space)
    s.say(rule, f"{s.comp.spaces[space].name} rebels: it is now friendly to {SIDES[1 - league].title()}.")


# ====================================================================== 2.3
def delian_rebellion(s: S, rule: str) -> None:
    """The Delian League rebellion (Random Event 8, 2.3): a die on the rebellion location table
    (RULINGS P9: a space that cannot rebel is rolled again; after six failures a Delian League
    space that can, by equal die ranges; none: no rebellion), then a die for each adjacent Delian
    League space that can rebel, which rebels on a 6."""
    locations = s.comp.rebellion_locations
    start = NO
    for _ in range(6):
        roll = s.d6()
        space = locations[roll - 1].space
        if can_rebel(s, space):
            s.say(rule, f"Delian League rebellion: location die {roll}: {s.comp.spaces[space].name}.")
            start = space
            break
        s.say(rule, f"Delian League rebellion: location die {roll}: {s.comp.spaces[space].name} cannot rebel; "
                    "roll again (RULINGS P9).")
    if start == NO:
        able = [i for i, sp in enumerate(s.comp.spaces) if sp.alignment == DELIAN and can_rebel(s, i)]
        if not able:
            s.say(rule, "no Delian League space can rebel: no rebellion (RULINGS P9).")
            return
        start = s.pick(able)
    start_rebellion(s, start, rule)
    spread = s.comp.figures.rebellion_spread_roll
    seen = {start}
    for there, _ in s.comp.adjacency[start]:
        if there in seen or s.comp.spaces[there].alignment != DELIAN or not can_rebel(s, there):
            continue
        seen.add(there)
        roll = s.d6()
        if roll >= spread:
            s.say(rule, f"adjacent {s.comp.spaces[there].name}: die {roll}: it rebels too.")
            start_rebellion(s, there, rule)
        else:
            s.say(rule, f"adjacent {s.comp.spaces[there].name}: die {roll}: no rebellion.")
    s.settle()


def t_delian_rebellion(s: S, task: Task) -> None:
    """2.3: a Delian League rebellion occurs if the Athenian SCI is zero or negative — or, by the
    Sicilian Disaster Special Rule (10.1), after a game turn in which Athens lost 4 Naval SPs."""
    s.segment = "2.3 Delian League Rebellion Segment"
    due = s.delian_rebellion_due
    s.delian_rebellion_due = False
    if due:
        s.say("10.1", "Sicilian Disaster: Athens lost 4 Naval SPs last game turn: a Delian League rebellion occurs.")
    elif s.sci[ATHENS] > 0:
        s.say("2.3", f"the Athenian SCI is {s.sci[ATHENS]}: no Delian League rebellion.")
        return
    else:
        s.say("2.3", f"the Athenian SCI is {s.sci[ATHENS]}: a Delian League rebellion occurs.")
    delian_rebellion(s, "2.3")


# ====================================================================== 2.4
def t_leader_selection(s: S, task: Task) -> None:
    """2.4: a leader drawn at random for each side from its available leaders, placed in its home
    space; he leads the side's first operation. Nicias flips the turn marker to "Nicias +1" (8.3)."""
    s.segment = "2.4 Leader Selection Segment"
    for side in (ATHENS, SPARTA):
        avail = s.available_leaders(side)
        if not avail:
            s.commander[side] = NO
            s.say("2.4", f"{SIDES[side].title()} has no leader available (4.3: it must pass).")
            continue
        lead = s.pick(avail)
        home = s.comp.space_index[SIDES[side]]
        s.leader_at[lead] = home
        s.commander[side] = lead
        s.say("2.4", f"{SIDES[side].title()}'s leader is {s.comp.leaders[lead].name}, placed in "
                     f"{s.comp.spaces[home].name}.")
        if s.comp.leaders[lead].id == "nicias":
            s.nicias = True
            s.say("2.4", "the game turn marker is flipped to its Nicias +1 side (8.3).")


TASKS: dict[str, TaskFn] = {
    "political": t_political,
    "side_determination": t_side_determination,
    "random_event": t_random_event,
    "delian_rebellion": t_delian_rebellion,
    "leader_selection": t_leader_selection,
}
