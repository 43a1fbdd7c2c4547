"""Sparta vs. Athens: the Campaign Phase (DESIGN 4), movement (7), battles (8), sieges (9), revolts (10).

A Campaign Phase (DESIGN 3.3) is a loop of activations (4.1): the phasing player activates a leader
(or moves one leaderless stack one path), takes units in the leader's locale as a force (5.1: at
most eight), moves it by land or by sea (7.2, 7.3), then may attack (8.1), besiege (9.1), ravage
(4.6) and build a fort (7.8) where it stops. ``s.force`` holds the activation in progress as plain
JSON: ``leader`` (NO for a leaderless stack), ``at``, ``units``, ``land`` and ``sea`` (paths left),
``mode`` ("", "land", "sea"), ``stage`` ("take", "move", "act"), ``acted`` (attacked or besieged),
``ravaged``, ``fort``, ``enemy_port`` (7.4: sailed into an enemy port).
The Siege Phase (9.2) runs every siege, the first player's first.
"""

from __future__ import annotations

from polemos.games.sparta_vs_athens.model import (
    ATHENS,
    GARRISON_UNIT,
    LAND_PATH,
    NAVAL_UNIT,
    NO,
    SEA_PATH,
    SIDES,
    SPARTA,
)
from polemos.games.sparta_vs_athens.state import DEAD, OFF, SPRING, WINTER, ApplyFn, LegalFn, SVAState, Task, TaskFn

S = SVAState
TASKS: dict[str, TaskFn] = {}
LEGAL: dict[str, LegalFn] = {}
APPLY: dict[str, ApplyFn] = {}

STACK = 8  # DESIGN 5.1
LAND_PATHS, SEA_PATHS = 3, 4  # DESIGN 7.2, 7.3
WINTER_PATHS = 1  # DESIGN 3.3 Winter
FORT_COST = 5  # DESIGN 7.8
# DESIGN 8.2: the odds columns as (attacker, defender) ratios, worst first
ODDS = ((1, 3), (1, 2), (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1))
SIEGE_ODDS = ((4, 1), (3, 1), (2, 1), (1, 1))  # DESIGN 9.2, best first


# -- the allies and the prestige flags the campaign touches (15.x, 2.10, 13.2); rules.py uses them too
def flag(s: SVAState, adjustment: str, side: int) -> None:
    """Note for next Annual Prestige Adjustment (13.2) that a row of the table happened, favouring ``side``."""
    for i, row in enumerate(s.comp.tables.prestige_adjustments):
        if row.id == adjustment:
            s.year_flags[i] |= 1 << side
            return
    raise AssertionError(f"no Prestige Adjustment row {adjustment!r}")


def activate_ally(s: SVAState, ally: int, side: int, rule: str) -> None:
    """15.x: an ally joins ``side``: its units serve it and its home cities are its side's (2.9)."""
    if s.ally_side[ally] != NO or s.ally_out[ally]:
        return
    a = s.comp.allies[ally]
    s.ally_side[ally] = side
    for u, t in enumerate(s.unit_type):
        if s.comp.units[t].ally == ally and s.u_loc[u] >= 0:
            s.u_side[u] = side
    for h in a.home:
        if s.owner[h] == NO:
            s.owner[h] = side
    s.say(rule, f"{a.name}: now allied to {SIDES[side].capitalize()}.")


def ally_leaves(s: SVAState, ally: int, rule: str) -> None:
    """2.10, 15.11: an ally out of the war: its units are removed and it joins no one."""
    s.ally_out[ally] = True
    s.ally_side[ally] = NO
    for u, t in enumerate(s.unit_type):
        if s.comp.units[t].ally == ally and s.u_loc[u] >= 0:
            s.u_loc[u] = OFF
            s.u_in[u] = False
    s.say(rule, f"{s.comp.allies[ally].name} is out of the war.")


ADJ = ("Athenian", "Spartan")


def side_name(side: int) -> str:
    return SIDES[side].capitalize()


# ====================================================================== units
def is_land(s: S, u: int) -> bool:
    return bool(s.utype(u).kind != NAVAL_UNIT)


def eliminate(s: S, u: int, why: str) -> None:
    """A counter leaves the map (it may be bought again, 3.2). ``why`` opens with its rule; NSP lost
    to a battle's results (8.x) count toward 13.2's "20 or more NSP lost in battle"."""
    side = s.u_side[u]
    if not is_land(s, u) and side != NO and why.startswith("8."):
        s.nsp_lost[side] += s.strength(u)
    if s.utype(u).id == "spartiates":
        flag(s, "spartiates-lost", ATHENS)  # DESIGN 13.2
    s.u_loc[u] = OFF
    s.u_flip[u] = False
    s.u_in[u] = False
    s.say("", f"  {s.label(u)} is eliminated ({why}).")


def flip(s: S, u: int, why: str) -> None:
    """2.3: to the wavering side; a wavering (or one-sided, DESIGN 2.3) unit is eliminated."""
    if s.u_flip[u] or s.utype(u).wavering == 0:
        eliminate(s, u, why)
    else:
        s.u_flip[u] = True
        s.say("", f"  {s.label(u)} wavers ({why}).")


def eliminate_half(s: S, units: list[int], why: str) -> None:
    """DESIGN 8.3: units of at least half the strength, the strongest first (RULINGS-free design)."""
    total = sum(s.strength(u) for u in units)
    need = (total + 1) // 2
    done = 0
    for u in sorted(units, key=lambda u: (-s.strength(u), u)):
        if done >= need:
            break
        done += s.strength(u)
        eliminate(s, u, why)


# ====================================================================== the Campaign Phase (4.1)
def t_campaign(s: S, task: Task) -> None:
    side = int(task[1])
    s.phasing = side
    s.phase = "first-campaign" if side == s.first else "second-campaign"
    s.u_moved = [False] * len(s.u_moved)
    s.leader_done = [False] * len(s.leader_done)
    s.lesser_used = False
    s.force = None
    s.push(["campaign_ask", side])


def t_campaign_ask(s: S, task: Task) -> None:
    lift_sieges(s)
    s.ask("campaign", int(task[1]))


def garrison_unit(s: S, u: int) -> bool:
    """DESIGN 2.16 For play: a Delos city's garrison unit never moves, as a garrison never does (2.3)."""
    return s.utype(u).id == GARRISON_UNIT


def takable(s: S, side: int, loc: int) -> list[int]:
    """Units that may join a force at ``loc`` now (4.1, 4.3, 9.1; events 2, 5, 11; DESIGN 2.16: never a
    garrison unit, so a city holding only its garrison unit offers no leaderless move)."""
    out = []
    comp = s.comp
    quake = s.event == "earthquake" and s.quarter == SPRING and s.phasing == s.first
    corcyra = comp.ally("corcyra").index if s.event == "corcyra-stasis" else NO
    taken = {int(v) for v in s.force["units"]} if s.force is not None else set()
    for u in s.units_at(loc, side, inside=False):
        if s.u_moved[u]:
            continue
        ut = s.utype(u)
        if ut.id == GARRISON_UNIT:
            continue  # DESIGN 2.16 For play, 2.3: garrisons never move
        if quake and ut.kind != NAVAL_UNIT:
            continue  # event 2: no land moves in the first player's Spring Campaign Phase
        if corcyra != NO and ut.ally == corcyra:
            continue  # event 11: the Corcyraeans may not move this year
        if s.event == "helot-unrest" and ut.id in ("spartiates", "perioikoi") \
                and comp.locales[loc].region in ("laconia", "messenia"):
            home = comp.locale_index["sparta"]
            stay = sum(s.strength(v) for v in s.units_at(home, SPARTA, inside=False)
                       if v != u and v not in taken and is_land(s, v) and s.utype(v).nationality == ut.nationality)
            if stay < s.strength(u):
                continue  # event 5: an equal strength must stay in Sparta
        out.append(u)
    return [u for u in out if u not in taken]


def legal_campaign(s: S, side: int) -> list[str]:
    out = []
    for i in s.leaders_of(side):
        at = s.leader_at[i]
        if at >= 0 and not s.leader_done[i] and takable(s, side, at):
            out.append(f"activate {s.comp.leaders[i].id}")
    if not s.lesser_used:
        locs = sorted({s.u_loc[u] for u in range(len(s.u_loc)) if s.u_loc[u] >= 0 and s.u_side[u] == side})
        out += [f"lesser {s.comp.locales[loc].id}" for loc in locs if takable(s, side, loc)]
    out.append("end")
    return out


def apply_campaign(s: S, side: int, action: str) -> None:
    s.pending = None
    words = action.split()
    if words[0] == "end":
        s.say("4.1", f"{side_name(side)} ends its Campaign Phase.")
        return
    winter = s.quarter == WINTER
    if words[0] == "activate":
        i = s.comp.leader_index[words[1]]
        s.leader_done[i] = True
        at = s.leader_at[i]
        paths = (WINTER_PATHS, WINTER_PATHS) if winter else (LAND_PATHS, SEA_PATHS)
        s.say("4.1", f"{side_name(side)} activates {s.comp.leaders[i].name} at {s.name(at)}.")
    else:
        i = NO
        at = s.comp.locale_index[words[1]]
        s.lesser_used = True
        paths = (1, 1)
        s.say("4.1", f"{side_name(side)} moves a leaderless stack at {s.name(at)} (one path).")
    s.force = {"leader": i, "at": at, "units": [], "land": paths[0], "sea": paths[1], "mode": "",
               "stage": "take", "acted": 0, "ravaged": 0, "fort": 0, "enemy_port": 0}
    s.ask("force", side)


def _force_units(s: S) -> list[int]:
    f = s.force
    assert f is not None
    return [int(u) for u in f["units"] if s.u_loc[int(u)] == int(f["at"])]


def _strengths(s: S, units: list[int]) -> tuple[int, int]:
    land = sum(s.strength(u) for u in units if is_land(s, u))
    sea = sum(s.strength(u) for u in units if not is_land(s, u))
    return land, sea


def side_count(s: S, loc: int, side: int) -> int:
    """5.1: a side's unit counters in a locale (garrisons, forts and leaders do not count)."""
    return len(s.units_at(loc, side, inside=False))


def enemy_in(s: S, loc: int, side: int) -> bool:
    return bool(s.units_at(loc, 1 - side))


def legal_force(s: S, side: int) -> list[str]:
    f = s.force
    assert f is not None
    at = int(f["at"])
    units = _force_units(s)
    stage = f["stage"]
    comp = s.comp
    out: list[str] = []
    if stage == "take":
        room = STACK - len(units)
        can = takable(s, side, at) if room > 0 else []
        if can:
            out.append("take all")
            out += [f"take {s.unit_name[u]}" for u in can]
        if units:
            out.append("go")
        else:
            out.append("end")
        return out
    if stage == "move":
        land, sea = _strengths(s, units)
        if f["mode"] != "sea" and int(f["land"]) > 0 and sea == 0 and land > 0:
            for n, p in comp.neighbours(at):
                if comp.paths[p].type == LAND_PATH and side_count(s, n, side) + len(units) <= STACK:
                    out.append(f"march {comp.locales[n].id}")
        if f["mode"] != "land" and int(f["sea"]) > 0 and sea > 0 and sea >= land:
            for n, p in comp.neighbours(at):
                if comp.paths[p].type == SEA_PATH and comp.locales[n].port \
                        and side_count(s, n, side) + len(units) <= STACK:
                    out.append(f"sail {comp.locales[n].id}")
        out.append("stop")
        return out
    # the act stage
    acts: list[str] = []
    if not int(f["acted"]):
        if land_battle_odds(s, side, at, units) is not None:
            acts.append("attack")
        if naval_battle_odds(s, side, at, units) is not None:
            acts.append("attack at sea")
        if can_besiege(s, side, at, units):
            acts.append("besiege")
    if int(f["enemy_port"]) and not int(f["acted"]) and acts:
        return acts  # 7.4: it entered the enemy port only to attack it
    out += acts
    if can_ravage(s, side, at, units):
        out.append("ravage")
    if can_fort(s, side, at):
        out.append("fort")
    out.append("end")
    return out


def apply_force(s: S, side: int, action: str) -> None:
    f = s.force
    assert f is not None
    comp = s.comp
    words = action.split()
    verb = words[0]
    at = int(f["at"])
    if verb == "take":
        if words[1] == "all":
            for u in takable(s, side, at)[: STACK - len(_force_units(s))]:
                f["units"].append(u)
        else:
            f["units"].append(s.unit_names_index()[words[1]])
        return
    if verb == "go":
        units = _force_units(s)
        for u in units:
            s.u_moved[u] = True
        s.say("5.1", f"the force: {', '.join(s.label(u) for u in units)}.")
        f["stage"] = "move"
        return
    if verb in ("march", "sail"):
        n = comp.locale_index[words[1]]
        _move(s, side, n, verb == "sail")
        return
    if verb == "stop":
        f["stage"] = "act"
        return
    if verb == "end":
        s.force = None
        s.pending = None
        s.push(["campaign_ask", side])
        return
    units = _force_units(s)
    if verb == "attack":
        f["acted"] = 1
        s.pending = None
        naval = len(words) > 1
        s.push(["battle", at, int(naval)], ["force_continue", side])
        return
    if verb == "besiege":
        f["acted"] = 1
        begin_siege(s, side, at)
        return
    if verb == "ravage":
        ravage(s, side, at, units)
        f["ravaged"] = 1
        return
    if verb == "fort":
        s.treasury[side] -= FORT_COST
        s.forts_left[side] -= 1
        s.fort[at] = side
        f["fort"] = 1
        s.say("7.8", f"{side_name(side)} builds a fort at {s.name(at)} for {FORT_COST} talents.")
        return
    raise AssertionError(f"no procedure for force action {action!r}")


def t_force_continue(s: S, task: Task) -> None:
    side = int(task[1])
    if s.force is None:
        return
    if not _force_units(s):
        s.force = None
        s.push(["campaign_ask", side])
        return
    s.ask("force", side)


# ====================================================================== 7.x movement
def _move(s: S, side: int, n: int, by_sea: bool) -> None:
    """DESIGN 7.2, 7.3: one path; stop where the enemy is (7.2), in an enemy port (7.3, 7.4)."""
    f = s.force
    assert f is not None
    comp = s.comp
    units = _force_units(s)
    frm = int(f["at"])
    already = any(is_land(s, u) for u in s.units_at(n, side, inside=False))
    for u in units:
        s.u_loc[u] = n
    if int(f["leader"]) != NO:
        s.leader_at[int(f["leader"])] = n
    f["at"] = n
    if by_sea:
        f["mode"] = "sea"
        f["sea"] = int(f["sea"]) - 1
    else:
        f["mode"] = "land"
        f["land"] = int(f["land"]) - 1
    s.say("7.3" if by_sea else "7.2", f"the {ADJ[side]} force {'sails' if by_sea else 'marches'} "
                                      f"from {s.name(frm)} to {s.name(n)}.")
    enemy = 1 - side
    owner = s.owner[n]
    stop = enemy_in(s, n, side) or (owner == enemy and not already)
    if owner == NO and not (s.macedon_side == side and comp.locales[n].id == "pella"):
        stop = True  # DESIGN 7.2: a neutral locale stops a move (event 12: Pella passable)
    f["enemy_port"] = int(by_sea and owner == enemy)  # 7.4: where the move ends counts
    # 7.8: a fort with no friendly unit in it is removed when an enemy force enters
    if s.fort[n] == enemy and not s.units_at(n, enemy):
        s.fort[n] = NO
        s.forts_left[enemy] += 1
        s.say("7.8", f"the {side_name(enemy)} fort at {s.name(n)} is removed.")
    _arrive(s, side, n, units)
    left = int(f["sea"]) if by_sea else int(f["land"])
    if stop or left <= 0:
        f["stage"] = "act"


def _arrive(s: S, side: int, n: int, units: list[int]) -> None:
    """10.0 revolts; 15.4 Syracuse joins when an Athenian force enters Sicily."""
    comp = s.comp
    loc = comp.locales[n]
    has_land = any(is_land(s, u) for u in units)
    if side == ATHENS and loc.region == "sicily":
        for aid in ("syracuse", "spartan_italy"):
            activate_ally(s, comp.ally(aid).index, SPARTA, "15.4, 15.5")
    if side == SPARTA and has_land and loc.delos and s.owner[n] == ATHENS and s.siege[n] == NO:
        garrison = comp.unit_index[GARRISON_UNIT]
        athenians = [u for u in s.units_at(n, ATHENS) if is_land(s, u)]
        if all(s.unit_type[u] == garrison for u in athenians):
            s.owner[n] = SPARTA
            for u in athenians:
                s.u_side[u] = SPARTA
            s.say("10.0", f"{loc.name} revolts from Athens: it goes over to Sparta"
                          f"{' with its garrison unit' if athenians else ''}.")


# ====================================================================== 8.x battles
def _column(att: int, de: int) -> int:
    """DESIGN 8.2: the odds column (NO: worse than 1:3)."""
    col = NO
    for i, (a, d) in enumerate(ODDS):
        if att * d >= a * de:
            col = i
    return col


def land_defence(s: S, side: int, loc: int) -> tuple[list[int], int]:
    """DESIGN 8.1: the defending LSP outside the walls, and the defence: their strength, the forts,
    and the garrison unless the city is walled (2.3)."""
    enemy = 1 - side
    units = [u for u in s.units_at(loc, enemy, inside=False) if is_land(s, u)]
    de = sum(s.strength(u) for u in units)
    if s.fort[loc] == enemy and units:  # 2.7: with its units in the field (inside it, only a siege takes them)
        de += s.comp.forts[enemy].strength
    if s.owner[loc] == enemy and not s.comp.locales[loc].walled:
        de += s.comp.locales[loc].garrison
    return units, de


def land_battle_odds(s: S, side: int, loc: int, units: list[int]) -> int | None:
    att = sum(s.strength(u) for u in units if is_land(s, u))
    if att == 0 or s.siege[loc] != NO:
        return None  # 2.7, 9.1: units inside walls or a fort are immune to normal attack
    defenders, de = land_defence(s, side, loc)
    if de == 0:
        return None  # a walled city with no one outside: a siege (RULINGS S6, DESIGN 9.1)
    if side == ATHENS and s.comp.tables.government(s.government).id == "periclean" \
            and s.comp.locales[loc].region == "attica" and defenders:
        return None  # 14.1 #1 special rule
    col = _column(att, de)
    return None if col == NO else col


def naval_battle_odds(s: S, side: int, loc: int, units: list[int]) -> int | None:
    att = sum(s.strength(u) for u in units if not is_land(s, u))
    de = sum(s.strength(u) for u in s.units_at(loc, 1 - side, NAVAL_UNIT))
    if att == 0 or de == 0:
        return None
    col = _column(att, de)
    return None if col == NO else col


def _shift(s: S, side: int, loc: int, naval: bool) -> int:
    best = 0
    for i in s.leaders_at(loc, side):
        ld = s.comp.leaders[i]
        best = max(best, ld.sea if naval else ld.land)
    return best


def _red_fleet(s: S, units: list[int]) -> bool:
    return any(s.comp.nationalities[s.utype(u).nationality].id == "athens" for u in units)


def t_battle(s: S, task: Task) -> None:
    """8.1: before a land battle the defender may withdraw into its walled city or fort (9.1)."""
    loc, naval = int(task[1]), bool(int(task[2]))
    side = s.phasing
    enemy = 1 - side
    if not naval:
        defenders, _ = land_defence(s, side, loc)
        walls = (s.comp.locales[loc].walled and s.owner[loc] == enemy) or s.fort[loc] == enemy
        if defenders and walls and s.siege[loc] == NO and s.quarter != WINTER:  # 3.3: no siege begins in Winter
            s.ask("withdraw", enemy, at=loc)
            return
    battle(s, side, loc, naval)


def legal_withdraw(s: S, side: int) -> list[str]:
    return ["withdraw", "fight"]


def apply_withdraw(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    loc = int(s.pending["at"])
    s.pending = None
    if action == "withdraw":
        for u in s.units_at(loc, side, inside=False):
            if is_land(s, u):
                s.u_in[u] = True
        s.siege[loc] = 1 - side
        s.siege_winters[loc] = 0
        s.say("9.1", f"the {ADJ[side]} units withdraw into {s.name(loc)}: a siege begins.")
    else:
        battle(s, s.phasing, loc, False)


def battle(s: S, side: int, loc: int, naval: bool) -> None:
    """DESIGN 8.1-8.7: odds, leader shifts, one die on the Combat Results Table, losses, retreat."""
    f = s.force
    assert f is not None
    enemy = 1 - side
    units = _force_units(s)
    comp = s.comp
    if naval:
        att_units = [u for u in units if not is_land(s, u)]
        def_units = s.units_at(loc, enemy, NAVAL_UNIT)
        att = sum(s.strength(u) for u in att_units)
        de = sum(s.strength(u) for u in def_units)
    else:
        att_units = [u for u in units if is_land(s, u)]
        def_units, de = land_defence(s, side, loc)
        att = sum(s.strength(u) for u in att_units)
    col = _column(att, de)
    if col == NO or de == 0:
        s.say("8.2", f"no battle at {s.name(loc)}: the odds are worse than 1:3.")
        return
    shift = _shift(s, side, loc, naval) - _shift(s, enemy, loc, naval)
    if naval:  # 8.4: Athenian (red) fleets shift one more column
        if side == ATHENS and _red_fleet(s, att_units):
            shift += 1
        if enemy == ATHENS and _red_fleet(s, def_units):
            shift -= 1
    final = max(0, min(len(ODDS) - 1, col + shift))
    die = s.d6()
    result = comp.tables.crt.result(final, die)
    a, d = ODDS[col]
    s.say("8.6" if naval else "8.1", f"{'naval ' if naval else ''}battle at {s.name(loc)}: {side_name(side)} {att} "
          f"against {side_name(enemy)} {de}, {a}:{d}, shift {shift:+d} -> {'/'.join(map(str, ODDS[final]))}, "
          f"die {die}: {result}.")
    no_lsp = not naval and not def_units
    loser = NO
    before = {side: att, enemy: de}
    if result == "AE":
        for u in att_units:
            eliminate(s, u, "8.3 AE")
        loser = side
    elif result == "AH":
        eliminate_half(s, att_units, "8.3 AH")
        loser = side
    elif result == "AW":
        for u in att_units:
            flip(s, u, "8.3 AW")
        loser = side
    elif result == "EX":
        eliminate_half(s, def_units, "8.3 EX")
        for u in att_units:
            if s.u_loc[u] >= 0:
                flip(s, u, "8.3 EX")
    elif result == "DW":
        for u in def_units:
            flip(s, u, "8.3 DW")
        loser = enemy
    elif result == "DH":
        eliminate_half(s, def_units, "8.3 DH")
        loser = enemy
    elif result == "DE":
        for u in def_units:
            eliminate(s, u, "8.3 DE")
        loser = enemy
    if loser != NO and before[loser] >= 6:  # 8.7
        flag(s, "battle-won", 1 - loser)
    for x in (ATHENS, SPARTA):
        if s.nsp_lost[x] >= 20:
            flag(s, "fleet-lost", 1 - x)  # 13.2: 20 or more NSP lost
    if no_lsp and result in ("DH", "DE") and s.owner[loc] == enemy:
        capture(s, loc, side, "8.3, RULINGS S6")  # the garrison falls
    _fort_check(s, loc)
    if loser != NO and not s.winner:
        survivors = [u for u in (att_units if loser == side else def_units) if s.u_loc[u] == loc]
        if survivors:
            s.push(["retreat", loser, loc, int(naval)])
    s.push(["leader_losses", loc])


def _fort_check(s: S, loc: int) -> None:
    x = s.fort[loc]
    if x != NO and not s.units_at(loc, x):
        s.fort[loc] = NO
        s.forts_left[x] += 1
        s.say("7.8", f"the {side_name(x)} fort at {s.name(loc)} is removed.")


def retreat_choices(s: S, side: int, loc: int, naval: bool) -> list[int]:
    """DESIGN 8.3: one path to a friendly locale (its own, or holding its units) with no enemy."""
    comp = s.comp
    out = []
    for n, p in comp.neighbours(loc):
        if naval and (comp.paths[p].type != SEA_PATH or not comp.locales[n].port):
            continue
        if not naval and comp.paths[p].type != LAND_PATH:
            continue
        if s.units_at(n, 1 - side):
            continue
        if s.owner[n] == side or s.units_at(n, side):
            out.append(n)
    return sorted(set(out))


def t_retreat(s: S, task: Task) -> None:
    side, loc, naval = int(task[1]), int(task[2]), bool(int(task[3]))
    units = [u for u in s.units_at(loc, side, inside=False) if is_land(s, u) != naval]
    for u in [u for u in units if garrison_unit(s, u)]:
        eliminate(s, u, "8.3, DESIGN 2.16 a garrison unit does not retreat")
        units.remove(u)
    if not units:
        _fort_check(s, loc)
        return
    if retreat_choices(s, side, loc, naval):
        s.ask("retreat", side, at=loc, naval=int(naval))
        return
    for u in units:
        eliminate(s, u, "8.3 no retreat")
    _fort_check(s, loc)


def legal_retreat(s: S, side: int) -> list[str]:
    assert s.pending is not None
    loc, naval = int(s.pending["at"]), bool(int(s.pending["naval"]))
    return [f"retreat {s.comp.locales[n].id}" for n in retreat_choices(s, side, loc, naval)]


def apply_retreat(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    loc, naval = int(s.pending["at"]), bool(int(s.pending["naval"]))
    s.pending = None
    n = s.comp.locale_index[action.split()[1]]
    for u in s.units_at(loc, side, inside=False):
        if is_land(s, u) != naval:
            s.u_loc[u] = n
    if not s.units_at(loc, side):
        for i in s.leaders_at(loc, side):
            s.leader_at[i] = n
    s.say("8.3", f"{side_name(side)} retreats from {s.name(loc)} to {s.name(n)}.")
    _fort_check(s, loc)


def t_leader_losses(s: S, task: Task) -> None:
    """DESIGN 4.5: a leader left with no unit of his side rolls: 1-3 he dies, 4-6 he joins the
    nearest friendly unit."""
    loc = int(task[1])
    for side in (ATHENS, SPARTA):
        if s.units_at(loc, side):
            continue
        for i in s.leaders_at(loc, side):
            die = s.d6()
            name = s.comp.leaders[i].name
            if die <= 3:
                s.leader_at[i] = DEAD
                s.say("4.5", f"{name} rolls {die}: he falls.")
            else:
                dest = _nearest_friend(s, side, loc)
                s.leader_at[i] = dest
                s.say("4.5", f"{name} rolls {die}: he escapes"
                             f"{' to ' + s.name(dest) if dest >= 0 else ' and is set aside'}.")


def _nearest_friend(s: S, side: int, loc: int) -> int:
    has = {s.u_loc[u] for u in range(len(s.u_loc)) if s.u_loc[u] >= 0 and s.u_side[u] == side}
    seen = {loc}
    frontier = [loc]
    while frontier:
        nxt = []
        for at in frontier:
            for n, _ in s.comp.neighbours(at):
                if n in seen:
                    continue
                if n in has:
                    return n
                seen.add(n)
                nxt.append(n)
        frontier = sorted(nxt)
    return OFF


# ====================================================================== 9.x sieges, 4.6 ravage, 7.8 forts
def can_besiege(s: S, side: int, loc: int, units: list[int]) -> bool:
    """DESIGN 9.1: an enemy walled city or fort with no enemy LSP outside; none begins in Winter."""
    if s.quarter == WINTER or s.siege[loc] != NO or not any(is_land(s, u) for u in units):
        return False
    enemy = 1 - side
    walls = (s.comp.locales[loc].walled and s.owner[loc] == enemy) or s.fort[loc] == enemy
    return walls and not [u for u in s.units_at(loc, enemy, inside=False) if is_land(s, u)]


def begin_siege(s: S, side: int, loc: int) -> None:
    s.siege[loc] = side
    s.siege_winters[loc] = 0
    for u in s.units_at(loc, 1 - side):
        if is_land(s, u):
            s.u_in[u] = True
    s.say("9.1", f"{side_name(side)} besieges {s.name(loc)}.")


def can_ravage(s: S, side: int, loc: int, units: list[int]) -> bool:
    """DESIGN 4.6: an enemy locale not walled, or whose walled city it besieges; one marker a locale."""
    f = s.force
    if f is None or int(f["ravaged"]) or s.ravaged[loc] or not any(is_land(s, u) for u in units):
        return False
    if s.owner[loc] != 1 - side:
        return False
    return not s.comp.locales[loc].walled or s.siege[loc] == side


def ravage(s: S, side: int, loc: int, units: list[int]) -> None:
    s.ravaged[loc] = True
    comp = s.comp
    loc_ = comp.locales[loc]
    s.say("4.6", f"{side_name(side)} ravages {loc_.name}.")
    if side == SPARTA and loc_.region == "attica" and not s.units_at(loc, ATHENS):
        flag(s, "attica-ravaged", SPARTA)
    if side == ATHENS and comp.nationalities[loc_.nationality].id in ("sparta", "peloponnesian"):
        flag(s, "peloponnese-raided", ATHENS)


def can_fort(s: S, side: int, loc: int) -> bool:
    """DESIGN 7.8: not in an enemy city, a fort counter left, 5 talents, one fort a locale."""
    f = s.force
    return (f is not None and not int(f["fort"]) and s.fort[loc] == NO and s.owner[loc] != 1 - side
            and s.forts_left[side] > 0 and s.treasury[side] >= FORT_COST)


def capture(s: S, loc: int, side: int, rule: str) -> None:
    """9.4: the captor holds the city; its garrison defends for it; 2.10 Argos; 13.2 walled city."""
    comp = s.comp
    loc_ = comp.locales[loc]
    enemy = 1 - side
    s.owner[loc] = side
    for u in s.units_at(loc, enemy, inside=True):
        eliminate(s, u, "9.2 the city falls")
    if s.fort[loc] == enemy:
        s.fort[loc] = NO
        s.forts_left[enemy] += 1
    s.siege[loc] = NO
    s.siege_winters[loc] = 0
    for u in s.units_at(loc):
        s.u_in[u] = False
    s.say(rule, f"{side_name(side)} captures {loc_.name}.")
    if loc_.walled:
        flag(s, "walled-city-taken", side)
    argos = comp.ally("argos")
    if loc_.id == "argos" and s.ally_side[argos.index] != NO:
        ally_leaves(s, argos.index, "2.10")
        s.move_prestige(side, comp.figures.argos_prestige_shift, "2.10", "Argos captured")
        s.owner[loc] = side


def lift_sieges(s: S) -> None:
    """9.1: a siege ends when the besiegers have no LSP left outside the walls."""
    for loc in range(len(s.siege)):
        x = s.siege[loc]
        if x == NO:
            continue
        if not [u for u in s.units_at(loc, x, inside=False) if is_land(s, u)]:
            s.siege[loc] = NO
            s.siege_winters[loc] = 0
            for u in s.units_at(loc):
                s.u_in[u] = False
            s.say("9.1", f"the siege of {s.name(loc)} is lifted.")


def t_siege_phase(s: S, task: Task) -> None:
    """DESIGN 9.2: every siege, the first player's first."""
    s.phase = "siege"
    lift_sieges(s)
    order: list[Task] = []
    for side in (s.first, 1 - s.first):
        order += [["siege_one", loc] for loc in range(len(s.siege)) if s.siege[loc] == side]
    s.push(*order, ["siege_winter"])


def siege_defence(s: S, loc: int) -> int:
    x = s.siege[loc]
    enemy = 1 - x
    de = sum(s.strength(u) for u in s.units_at(loc, enemy, inside=True))
    if s.owner[loc] == enemy:
        de += s.comp.locales[loc].garrison
    if s.fort[loc] == enemy:
        de += s.comp.forts[enemy].strength
    return de


def siege_roll(s: S, loc: int) -> int | None:
    """DESIGN 9.2: the Siege Table's roll for the besiegers' odds (None below 1:1)."""
    x = s.siege[loc]
    att = sum(s.strength(u) for u in s.units_at(loc, x, inside=False) if is_land(s, u))
    de = siege_defence(s, loc)
    if de == 0:
        return 1
    for (a, d), row in zip(SIEGE_ODDS, reversed(s.comp.tables.siege), strict=True):
        if att * d >= a * de:
            return row.roll
    return None


def cut_off(s: S, loc: int) -> bool:
    """DESIGN 9.2: no friendly NSP in its port, or inland."""
    x = s.siege[loc]
    return not s.comp.locales[loc].port or not s.units_at(loc, 1 - x, NAVAL_UNIT)


def t_siege_one(s: S, task: Task) -> None:
    loc = int(task[1])
    lift_sieges(s)
    if s.siege[loc] == NO:
        return
    s.ask("siege", s.siege[loc], at=loc)


def legal_siege(s: S, side: int) -> list[str]:
    assert s.pending is not None
    loc = int(s.pending["at"])
    out = []
    if siege_roll(s, loc) is not None:
        out.append("assault")
    out.append("wait")
    return out


def apply_siege(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    loc = int(s.pending["at"])
    s.pending = None
    if action == "assault":
        need = siege_roll(s, loc)
        assert need is not None
        die = s.d6()
        s.say("9.2", f"{side_name(side)} assaults {s.name(loc)}: needs {need}, rolls {die}.")
        if die >= need:
            _fall(s, loc, side)
        else:
            units = [u for u in s.units_at(loc, side, inside=False) if is_land(s, u)]
            fresh = [u for u in units if not s.u_flip[u]] or units
            u = sorted(fresh, key=lambda u: (-s.strength(u), u))[0]
            flip(s, u, "9.2 a failed assault")
            s.push(["leader_losses", loc])
        return
    if s.quarter == WINTER and cut_off(s, loc):
        die = s.d6()
        winters = s.siege_winters[loc]
        s.say("9.2", f"{s.name(loc)} is starved: rolls {die} + {winters} earlier Winter(s).")
        if die + winters >= 6:
            _fall(s, loc, side)


def _fall(s: S, loc: int, side: int) -> None:
    enemy = 1 - side
    if s.owner[loc] == enemy:
        capture(s, loc, side, "9.2")
    else:
        for u in s.units_at(loc, enemy, inside=True):
            eliminate(s, u, "9.2 the fort falls")
        if s.fort[loc] == enemy:
            s.fort[loc] = NO
            s.forts_left[enemy] += 1
        s.siege[loc] = NO
        s.siege_winters[loc] = 0
        s.say("9.2", f"{side_name(side)} takes the fort at {s.name(loc)}.")
    s.push(["leader_losses", loc])


def t_siege_winter(s: S, task: Task) -> None:
    if s.quarter == WINTER:
        for loc in range(len(s.siege)):
            if s.siege[loc] != NO:
                s.siege_winters[loc] += 1


TASKS.update({
    "campaign": t_campaign, "campaign_ask": t_campaign_ask, "force_continue": t_force_continue,
    "battle": t_battle, "retreat": t_retreat, "leader_losses": t_leader_losses, "siege_phase": t_siege_phase,
    "siege_one": t_siege_one, "siege_winter": t_siege_winter,
})
LEGAL.update({
    "campaign": legal_campaign, "force": legal_force, "withdraw": legal_withdraw, "retreat": legal_retreat,
    "siege": legal_siege,
})
APPLY.update({
    "campaign": apply_campaign, "force": apply_force, "withdraw": apply_withdraw, "retreat": apply_retreat,
    "siege": apply_siege,
})
