"""Sparta vs. Athens: the sequence of play (2.14, 3.1, 3.2, DESIGN 3.3) as a stack of tasks.

:func:`advance` pops and runs tasks until a side must decide (``s.pending``) or the game is over.
Each rule is a procedure named after its number: the Administration quarter (3.2 1: a Calendar
Advance, b Annual Prestige Adjustment, c Event, d Government & Leader Selection, e Revenue, f 1st
Player Determination), then Spring, Summer and Winter (3.2 2, DESIGN 3.3: the first player's
choice, each player's Logistics Phase and Campaign Phase, the Siege Phase). Campaigns, movement,
battles and sieges are :mod:`~polemos.games.sparta_vs_athens.campaign`.

Decisions: ``LEGAL[kind](s, side)`` lists the canonical actions, ``APPLY[kind](s, side, text)``
carries one out (the kernel has checked it is legal), clears ``s.pending`` and pushes what follows.
"""

from __future__ import annotations

from polemos.core.errors import IllegalActionError
from polemos.games.sparta_vs_athens import campaign
from polemos.games.sparta_vs_athens.campaign import activate_ally, ally_leaves, flag
from polemos.games.sparta_vs_athens.model import ATHENS, GARRISON_UNIT, NAVAL_UNIT, NO, SIDES, SPARTA
from polemos.games.sparta_vs_athens.state import (
    ADMINISTRATION,
    DEAD,
    OFF,
    QUARTER_NAMES,
    ROLES,
    ApplyFn,
    LegalFn,
    SVAState,
    Task,
    TaskFn,
    track_text,
)

S = SVAState
TASKS: dict[str, TaskFn] = {}
LEGAL: dict[str, LegalFn] = {}
APPLY: dict[str, ApplyFn] = {}
MAX_TASKS_PER_STEP = 100_000

# markers (2.13, 15.13): index in s.markers
PROPERTY_TAX, RESERVE_FUND, BLACK_SEA_TOLL, SECOND_RESERVE, PERSIAN_SUBSIDY = range(5)
SPARTAN_LEADERS_MAX = 3  # DESIGN 4.4
# 2.13: each Revenue Table row as the Revenue Phase's log line names it (its full text is in tables.toml)
REVENUE_SHORT = {
    "base": "scenario revenue", "tribute": "tribute", "property-tax": "Property Tax", "reserve-fund": "Reserve Fund",
    "second-reserve-fund": "second Reserve Fund", "black-sea-toll": "Black Sea Toll",
    "attica-ravaged": "Attica ravaged", "decelea-fort": "Spartan fort at Decelea", "propontis-blocked":
    "Propontis blocked", "persian-subsidy": "Persian subsidy", "pylos-held": "Athenians at Pylos",
    "cythera-held": "Athenians at Cythera",
}


# ====================================================================== the driver
def advance(s: S) -> None:
    steps = 0
    while s.pending is None and s.tasks and not s.winner:
        task = s.tasks.pop()
        fn = TASKS.get(str(task[0]))
        if fn is None:
            raise AssertionError(f"no procedure for task {task[0]!r}")
        fn(s, task)
        check_sudden_victory(s)
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
    return LEGAL[str(p["kind"])](s, side)


def apply(s: S, side: int, action: str) -> None:
    p = s.pending
    if p is None:
        raise IllegalActionError("no decision is pending")
    APPLY[str(p["kind"])](s, side, action)
    check_sudden_victory(s)
    advance(s)


# ====================================================================== 16.1 set-up
def setup(s: S) -> None:
    """16.1: the scenario's units, leaders and forts; the year, prestige, government and talents
    (2.8); then its first Administration quarter, shortened as RULINGS S3 says."""
    comp = s.comp
    assert s.scenario is not None
    sc = comp.scenario(s.scenario)
    src = comp.scenarios[sc.setup_of] if sc.setup_of != NO else sc
    s.year = sc.first_year
    s.prestige = sc.prestige
    s.government = sc.government
    s.treasury = list(sc.talents)
    s.revenue = list(sc.revenue)
    for a in sc.allies:
        s.ally_side[a] = comp.nationalities[comp.allies[a].nationality].side
    # the owner of each city (2.9): its nationality's side; an inactive ally's and a neutral's: none
    ally_of = _ally_of_locale(s)
    for loc in comp.locales:
        side = comp.nationalities[loc.nationality].side
        a = ally_of[loc.index]
        if a != NO:
            side = s.ally_side[a]
        s.owner[loc.index] = side
    nxt = [0] * len(comp.units)
    first_of = _first_counter(s)
    for p in src.units:
        ut = comp.units[p.unit]
        for _ in range(p.count):
            if nxt[p.unit] >= ut.count:
                raise ValueError(f"the scenario places more {ut.id} than the mix holds")
            u = first_of[p.unit] + nxt[p.unit]
            nxt[p.unit] += 1
            s.u_loc[u] = p.locale
            side = p.side
            if ut.ally != NO and s.ally_side[ut.ally] == NO:
                side = NO  # an inactive ally's units serve no one yet (4.3)
            s.u_side[u] = side
            s.u_in[u] = p.besieged
            loc = comp.locales[p.locale]
            if p.besieged and side != NO:  # 9.1: Potidaea in 431 (16.2)
                s.owner[p.locale] = side
                s.siege[p.locale] = 1 - side
            elif loc.delos and side == SPARTA:  # a city in revolt (16.5): it pays Sparta (2.16, 10.0)
                s.owner[p.locale] = SPARTA
    for lp in src.leaders:
        s.leader_at[lp.leader] = lp.locale
    for fp in sc.forts if sc.forts else src.forts:
        s.fort[fp.locale] = fp.side
        s.forts_left[fp.side] -= 1
    s.say("16.1", f"{sc.name}: {sc.first_year}-{sc.last_year}; prestige {track_text(s.prestige)}; "
                  f"Athens {s.treasury[ATHENS]} talents, Sparta {s.treasury[SPARTA]}; government "
                  f"#{s.government} {comp.tables.government(s.government).name}.")
    s.push(["admin", 1])
    advance(s)


def _first_counter(s: S) -> list[int]:
    out: list[int] = []
    n = 0
    for ut in s.comp.units:
        out.append(n)
        n += ut.count
    return out


def _ally_of_locale(s: S) -> list[int]:
    out = [NO] * len(s.comp.locales)
    for a in s.comp.allies:
        for h in a.home:
            out[h] = a.index
    return out


# ====================================================================== 3.2 1) the Administration quarter
def t_admin(s: S, task: Task) -> None:
    """3.2 1): the Administration quarter's phases in order; then the three seasons (2.14). The
    scenario's first one plays only the Event and 1st Player Determination Phases (RULINGS S3)."""
    s.quarter = ADMINISTRATION
    first = bool(int(task[1]))
    if first:
        phases: list[Task] = [["event_phase"], ["first_player_determination"]]
    else:
        phases = [["calendar_advance"], ["annual_prestige"], ["event_phase"], ["government_phase"],
                  ["peace_phase"], ["revenue_phase"], ["first_player_determination"]]
    s.push(*phases, ["season", 0], ["season", 1], ["season", 2], ["year_end"])


def t_calendar_advance(s: S, task: Task) -> None:
    """3.2 1a: the year counter moves on one year; last year's ravage markers go. DESIGN 4.4: a
    leader whose service is over leaves the map."""
    s.phase = "calendar-advance"
    s.year -= 1
    s.event = ""
    s.macedon_side = NO
    n = sum(s.ravaged)
    s.ravaged = [False] * len(s.ravaged)
    s.say("3.2 1a", f"Calendar Advance: the year is {s.year}; {n} ravage marker(s) removed.")
    for i, ld in enumerate(s.comp.leaders):
        if s.leader_at[i] >= 0 and s.year < ld.last:
            s.leader_at[i] = OFF
            s.say("4.4", f"{ld.name}'s service ends ({ld.first}-{ld.last}).")


def t_annual_prestige(s: S, task: Task) -> None:
    """3.2 1b, DESIGN 13.2: the Prestige Adjustment Table for the year just ended, each row once."""
    s.phase = "annual-prestige"
    rows = s.comp.tables.prestige_adjustments
    moved = False
    for i, row in enumerate(rows):
        for side in (ATHENS, SPARTA):
            if s.year_flags[i] & (1 << side):
                s.move_prestige(side, row.shift, "3.2 1b", row.text)
                moved = True
    if not moved:
        s.say("3.2 1b", "Annual Prestige Adjustment: nothing on the table happened last year.")
    s.year_flags = [0] * len(rows)
    s.nsp_lost = [0, 0]


# ---------------------------------------------------------------------- 3.2 1c, 15.0 events
def t_event_phase(s: S, task: Task) -> None:
    """3.2 1c, DESIGN 15.0: one roll of two dice on the Random Events Table; then the allies who
    join by the state of the track (15.9, 15.10, 15.13)."""
    s.phase = "event"
    a, b = s.d6(), s.d6()
    ev = s.comp.tables.events[a + b - 2]
    s.event = ev.id
    s.say("15.0", f"Event Phase: {a}+{b} = {a + b}, {ev.title}.")
    _event(s, ev.id)
    track_allies(s)


def track_allies(s: S) -> None:
    """15.9: Argos joins Athens in any Administration quarter from 420 when the track is 3 or more
    pro-Athens; 15.10: Sparta when it is 3 or more pro-Sparta; 15.13: Persia joins Sparta
    automatically in 412 if the track is pro-Sparta."""
    argos = _ally(s, "argos")
    if s.prestige >= 3 and s.year <= 420:
        activate_ally(s, argos, ATHENS, "15.9")
    elif s.prestige <= -3:
        activate_ally(s, argos, SPARTA, "15.10")
    if s.year == 412 and s.prestige < 0:
        _persia_joins(s, "15.13")


def _ally(s: S, ally_id: str) -> int:
    return s.comp.ally(ally_id).index


def _event(s: S, eid: str) -> None:
    comp = s.comp
    if eid == "persian-envoys":
        if s.year <= 413:
            _persia_joins(s, "15.13 event 3")
    elif eid == "argos-athens":
        if s.year <= 421:
            activate_ally(s, _ally(s, "argos"), ATHENS, "15.9 event 4")
    elif eid == "argos-sparta":
        if s.year <= 418:
            activate_ally(s, _ally(s, "argos"), SPARTA, "15.10 event 9")
    elif eid == "plague":
        if 426 <= s.year <= 430:
            for loc in ("athens", "piraeus"):
                for u in s.units_at(comp.locale_index[loc], ATHENS):
                    if comp.units[s.unit_type[u]].nationality == comp.nationality("athens").index \
                            and s.utype(u).kind != NAVAL_UNIT:
                        campaign.flip(s, u, "15.0 plague")
    elif eid == "sicilian-embassy":
        for aid, side in (("athenian_sicily", ATHENS), ("athenian_italy", ATHENS), ("syracuse", SPARTA),
                          ("spartan_italy", SPARTA)):
            activate_ally(s, _ally(s, aid), side, "15.2, 15.4 event 10")
    elif eid == "corcyra-stasis":
        for u, t in enumerate(s.unit_type):
            if comp.units[t].ally == _ally(s, "corcyra") and s.u_loc[u] >= 0:
                campaign.flip(s, u, "15.0 Civil Strife at Corcyra")
    elif eid == "macedon":
        if s.prestige != 0:
            s.macedon_side = ATHENS if s.prestige < 0 else SPARTA
            s.say("15.0", f"{SIDES[s.macedon_side].capitalize()} may pass Pella this year as if friendly.")
    elif eid == "delos-revolt":
        if revolt_choices(s):
            s.ask("delos_revolt", SPARTA)


def _persia_joins(s: S, rule: str) -> None:
    persia = _ally(s, "persia")
    if s.ally_side[persia] == NO and not s.ally_out[persia]:
        activate_ally(s, persia, SPARTA, rule)
        s.markers[PERSIAN_SUBSIDY] = 1  # 15.13: the scenario's revenue does not count it


def revolt_choices(s: S) -> list[int]:
    """Event 8: Delos cities with no Athenian-side LSP but their garrison units."""
    garrison = s.comp.unit_index[GARRISON_UNIT]
    out = []
    for loc in s.comp.delos_cities():
        units = [u for u in s.units_at(loc.index, ATHENS) if s.utype(u).kind != NAVAL_UNIT]
        if units and all(s.unit_type[u] == garrison for u in units):
            out.append(loc.index)
    return out


def legal_delos_revolt(s: S, side: int) -> list[str]:
    return [f"revolt {s.comp.locales[i].id}" for i in revolt_choices(s)]


def apply_delos_revolt(s: S, side: int, action: str) -> None:
    loc = s.comp.locale_index[action.split()[1]]
    s.pending = None
    for u in s.units_at(loc, ATHENS):
        if s.utype(u).kind != NAVAL_UNIT:
            s.u_loc[u] = OFF
    s.say("15.0", f"Revolt in the Confederation: {s.name(loc)}'s garrison unit is removed.")


# ---------------------------------------------------------------------- 3.2 1d, 14.x government and leaders
def t_government_phase(s: S, task: Task) -> None:
    """3.2 1d, DESIGN 14.2: Athens' government may fall; in 428 the Moderate Party comes in."""
    s.phase = "government-leaders"
    tables = s.comp.tables
    new = s.government
    if s.year == s.comp.figures.moderate_party_year:
        new = s.comp.figures.property_tax_government
        s.say("3.2 1d", f"{s.year}: the Moderate Party comes into power automatically.")
    else:
        die = s.d6()
        falls = die >= (4 if s.prestige < 0 else 5)
        if falls:
            idx = 0 if s.prestige > 0 else 1 if s.prestige == 0 else 2
            new = tables.government(s.government).next[idx]
        s.say("14.2", f"Athens' government rolls {die}: {'it falls' if falls else 'it stands'}.")
    if new != s.government:
        change_government(s, new)
    s.push(["place_leaders", ATHENS], ["place_leaders", SPARTA])


def change_government(s: S, number: int) -> None:
    """3.2 1d, RULINGS S8: the new government; every Athenian leader is set aside; its marker
    (2.13) collected (RULINGS S19)."""
    gov = s.comp.tables.government(number)
    s.government = number
    for i in s.leaders_of(ATHENS):
        if s.leader_at[i] >= 0:
            s.leader_at[i] = OFF
    s.say("3.2 1d", f"government #{number} {gov.name} comes into power; the Athenian leaders are set aside.")
    index = {"property-tax": PROPERTY_TAX, "black-sea-toll": BLACK_SEA_TOLL}
    if gov.marker == "reserve-fund":
        m = RESERVE_FUND if number == s.comp.figures.reserve_fund_government else SECOND_RESERVE
    else:
        m = index.get(gov.marker, NO)
    if m != NO and not s.markers[m]:
        s.markers[m] = 1
        s.say("2.13", f"Athens collects the {gov.marker.replace('-', ' ')} marker.")
    if gov.id == "imperial":  # 15.2
        for aid in ("athenian_sicily", "athenian_italy"):
            activate_ally(s, _ally(s, aid), ATHENS, "15.2 Imperial government")


def placeable_leaders(s: S, side: int) -> list[int]:
    """DESIGN 4.4: the leaders ``side`` may place now (in their years, set aside, not dead)."""
    comp = s.comp
    out = []
    if side == ATHENS:
        gov = comp.tables.government(s.government)
        on_map = sum(1 for i in s.leaders_of(ATHENS) if s.leader_at[i] >= 0)
        if on_map >= gov.allowance:
            return []
        for i in gov.leaders:
            ld = comp.leaders[i]
            if gov.id == "war" and ld.id == "alcibiades":  # 14.1 #6 special rule
                continue
            if s.leader_at[i] == OFF and ld.last <= s.year <= ld.first:
                out.append(i)
        return out
    spartans = comp.nationality("sparta").index
    on_map = sum(1 for i in s.leaders_of(SPARTA) if s.leader_at[i] >= 0
                 and comp.leaders[i].nationality == spartans)
    for i in s.leaders_of(SPARTA):
        ld = comp.leaders[i]
        if s.leader_at[i] != OFF or not ld.last <= s.year <= ld.first:
            continue
        if ld.nationality == spartans:
            if on_map < SPARTAN_LEADERS_MAX:
                out.append(i)
        elif any(s.ally_side[a.index] == SPARTA for a in comp.allies if a.nationality == ld.nationality):
            out.append(i)  # an active ally's own leader (Hermocrates, the satraps)
    return out


def leader_locales(s: S, side: int) -> list[int]:
    """3.2 1d: 'with any friendly LSP or NSP' (RULINGS S22)."""
    return sorted({s.u_loc[u] for u in range(len(s.u_loc)) if s.u_loc[u] >= 0 and s.u_side[u] == side})


def t_place_leaders(s: S, task: Task) -> None:
    side = int(task[1])
    if placeable_leaders(s, side) and leader_locales(s, side):
        s.ask("place_leader", side)


def legal_place_leader(s: S, side: int) -> list[str]:
    out = []
    locs = leader_locales(s, side)
    for i in placeable_leaders(s, side):
        lid = s.comp.leaders[i].id
        out += [f"place {lid} at {s.comp.locales[loc].id}" for loc in locs]
    out.append("done")
    return out


def apply_place_leader(s: S, side: int, action: str) -> None:
    s.pending = None
    if action == "done":
        return
    _, lid, _, loc_id = action.split()
    i = s.comp.leader_index[lid]
    s.leader_at[i] = s.comp.locale_index[loc_id]
    s.say("3.2 1d", f"{s.comp.leaders[i].name} is placed at {s.name(s.leader_at[i])}.")
    s.push(["place_leaders", side])


# ---------------------------------------------------------------------- DESIGN 16.4 peace
def t_peace_phase(s: S, task: Task) -> None:
    """DESIGN 16.4: under governments #4 and #10 either side may offer peace."""
    gov = s.comp.tables.government(s.government)
    if gov.id in ("peace", "oligarchy"):
        s.ask("offer_peace", ATHENS)


def legal_offer_peace(s: S, side: int) -> list[str]:
    return ["offer peace", "no peace"]


def apply_offer_peace(s: S, side: int, action: str) -> None:
    s.pending = None
    if action == "offer peace":
        s.say("16.4", f"{SIDES[side].capitalize()} offers peace.")
        s.ask("answer_peace", 1 - side)
    elif side == ATHENS:
        s.ask("offer_peace", SPARTA)


def legal_answer_peace(s: S, side: int) -> list[str]:
    return ["accept peace", "refuse peace"]


def apply_answer_peace(s: S, side: int, action: str) -> None:
    s.pending = None
    if action == "accept peace":
        s.say("16.4", f"{SIDES[side].capitalize()} accepts: the war ends.")
        final_victory(s, "peace (16.4)")
    else:
        s.say("16.4", f"{SIDES[side].capitalize()} refuses.")


# ---------------------------------------------------------------------- 3.2 1e, 2.13, 2.16 revenue
def tribute_tally(s: S) -> tuple[int, int]:
    """2.16: the red and blue tallies: each Delos city pays the side whose LSP occupies it (not a
    besieger's, not while besieged, RULINGS S16), none from the Propontis while it is blocked (9.3)."""
    red = blue = 0
    blocked = propontis_blocked(s)
    for loc in s.comp.delos_cities():
        if s.siege[loc.index] != NO or (blocked and loc.propontis):
            continue
        sides = {s.u_side[u] for u in s.units_at(loc.index, inside=False) if s.utype(u).kind != NAVAL_UNIT}
        if sides == {ATHENS}:
            red += loc.red
        elif sides == {SPARTA}:
            blue += loc.blue
    return red, blue


def propontis_blocked(s: S) -> bool:
    """DESIGN 9.3: a Spartan-side force not besieged on a narrows locale with no Athenian NSP."""
    for loc in s.comp.locales:
        if loc.strait and s.units_at(loc.index, SPARTA, inside=False) \
                and not s.units_at(loc.index, ATHENS, NAVAL_UNIT):
            return True
    return False


def revenue_of(s: S, side: int) -> tuple[int, list[str]]:
    """2.13, DESIGN 2.13: a side's revenue this year, row by row."""
    comp = s.comp
    red, blue = tribute_tally(s)
    total = 0
    lines: list[str] = []
    blocked = propontis_blocked(s)
    attica = [loc.index for loc in comp.locales if loc.region == "attica"]
    for row in comp.tables.revenue_rows(side):
        n = 0
        rid = row.id
        if rid == "base":
            n = s.revenue[side]
        elif rid == "tribute":
            n = red // row.divisor if side == ATHENS else blue // max(1, row.divisor)
        elif rid == "property-tax":
            n = row.talents * s.markers[PROPERTY_TAX]
        elif rid == "reserve-fund":
            n = row.talents * s.markers[RESERVE_FUND]
        elif rid == "second-reserve-fund":
            n = row.talents * s.markers[SECOND_RESERVE]
        elif rid == "black-sea-toll":
            n = 0 if blocked else row.talents * s.markers[BLACK_SEA_TOLL]
        elif rid == "attica-ravaged":
            n = row.talents * sum(1 for i in attica if s.ravaged[i])
        elif rid == "decelea-fort":
            n = row.talents if s.fort[comp.locale_index["decelea"]] == SPARTA else 0
        elif rid == "propontis-blocked":
            n = row.talents if blocked else 0
        elif rid == "persian-subsidy":
            n = row.talents * s.markers[PERSIAN_SUBSIDY]
        elif rid in ("pylos-held", "cythera-held"):
            loc = comp.locale_index[rid.split("-")[0]]
            held = s.fort[loc] == ATHENS or any(s.utype(u).kind != NAVAL_UNIT for u in s.units_at(loc, ATHENS))
            n = row.talents if held else 0
        else:
            raise AssertionError(f"no rule for revenue row {rid!r}")
        if n:
            lines.append(f"{REVENUE_SHORT.get(rid, rid)} {n:+d}")
            total += n
    if s.options.get("prestige_pays"):  # DESIGN 2.12, optional
        pro = s.pro()
        if pro != NO:
            n = abs(s.prestige) * (1 if pro == side else -1)
            lines.append(f"prestige pays {n:+d}")
            total += n
    return max(0, total), lines


def t_revenue_phase(s: S, task: Task) -> None:
    """3.2 1e: each side receives its revenue (2.13); a change of the tribute tally by a tenth
    moves the track next year (2.16, 13.2)."""
    s.phase = "revenue"
    red, blue = tribute_tally(s)
    for side in (ATHENS, SPARTA):
        n, lines = revenue_of(s, side)
        s.treasury[side] += n
        s.say("3.2 1e", f"{SIDES[side].capitalize()} receives {n} talents ({'; '.join(lines) or 'nothing'}): "
                        f"treasury {s.treasury[side]}.")
    before = s.tally[0]
    if before:
        if red * 10 <= before * 9:
            flag(s, "tribute-fell", SPARTA)
        elif red * 10 >= before * 11:
            flag(s, "tribute-rose", ATHENS)
    s.tally = [red, blue]


# ---------------------------------------------------------------------- 3.2 1f first player
def t_first_player_determination(s: S, task: Task) -> None:
    """3.2 1f: the side with the higher prestige decides who moves first each season this year;
    on a tie Sparta, but from 428 (3.2 d Exception, RULINGS S14) a roll of the dice."""
    s.phase = "first-player"
    pro = s.pro()
    if pro != NO:
        s.chooser = pro
        why = "higher prestige"
    elif s.year > s.comp.figures.moderate_party_year:
        s.chooser = SPARTA
        why = "prestige even: Sparta decides"
    else:
        while True:
            a, b = s.d6(), s.d6()
            if a != b:
                break
        s.chooser = ATHENS if a > b else SPARTA
        why = f"prestige even from 428 (RULINGS S14): Athens rolls {a}, Sparta {b}"
    s.say("3.2 1f", f"{SIDES[s.chooser].capitalize()} decides who moves first this year ({why}).")


# ====================================================================== the seasons (3.2 2, DESIGN 3.3)
def t_season(s: S, task: Task) -> None:
    s.quarter = int(task[1])
    s.say("3.3", f"{QUARTER_NAMES[s.quarter]} {s.year}.")
    s.phase = "first-player-choice"
    s.ask("first_player", s.chooser)


def legal_first_player(s: S, side: int) -> list[str]:
    return ["athens first", "sparta first"]


def apply_first_player(s: S, side: int, action: str) -> None:
    """DESIGN 3.3 1: the chooser says who moves first this season (RULINGS S18)."""
    s.pending = None
    s.first = ATHENS if action.startswith("athens") else SPARTA
    s.say("3.3", f"{SIDES[side].capitalize()} chooses: {SIDES[s.first].capitalize()} moves first.")
    second = 1 - s.first
    s.push(["logistics", s.first], ["campaign", s.first], ["logistics", second], ["campaign", second],
           ["siege_phase"])


# ---------------------------------------------------------------------- 3.2 2a logistics
def self_sustained(s: S, u: int) -> bool:
    """3.2 Exception: Chian and Lesbian LSP and NSP, Sicilian, Italian and Persian LSP."""
    ut = s.utype(u)
    if ut.ally == NO:
        return False
    a = s.comp.allies[ut.ally]
    return a.self_sustained_naval if ut.kind == NAVAL_UNIT else a.self_sustained_land


def upkeep_free(s: S, u: int) -> str:
    """Why ``u`` needs no maintenance (3.2 2a, RULINGS S21: by colour, in a city its side holds), or "" if it does."""
    comp = s.comp
    ut = s.utype(u)
    loc = comp.locales[s.u_loc[u]]
    side = s.u_side[u]
    colour = comp.nationalities[ut.nationality].colour
    if comp.nationalities[loc.nationality].colour == colour and s.owner[loc.index] == side:
        return "in a city of its own colour"
    own = comp.nationalities[ut.nationality].id in ("athens", "sparta")
    if own and loc.delos and tribute_payer(s, loc.index) == side:
        return "in a city paying its side tribute (2.16 Clarification)"
    if ut.kind == NAVAL_UNIT and allied_port(s, loc.index, side):
        return "NSP in an allied port (7.16)"
    if comp.nationalities[ut.nationality].id == "sparta" and ut.strength <= comp.figures.maintenance_free_strength \
            and comp.nationalities[loc.nationality].id == "peloponnesian" and s.owner[loc.index] == SPARTA:
        return "a Spartan 2 in a Peloponnesian city (3.2 Exception)"
    if self_sustained(s, u):
        return "self-sustained (3.2 Exception)"
    if comp.nationalities[ut.nationality].id == "argos" and side == SPARTA and s.owner[loc.index] == SPARTA \
            and comp.nationalities[loc.nationality].id == "peloponnesian":
        return "Argos with Sparta counts as Peloponnesian (15.10)"
    return ""


def tribute_payer(s: S, locale: int) -> int:
    """The side a Delos city would pay now (2.16), NO if none."""
    if s.siege[locale] != NO:
        return NO
    sides = {s.u_side[u] for u in s.units_at(locale, inside=False) if s.utype(u).kind != NAVAL_UNIT}
    return next(iter(sides)) if len(sides) == 1 and NO not in sides else NO


def allied_port(s: S, locale: int, side: int) -> bool:
    """DESIGN 7.16: a port of its side's, a city paying it tribute, or one its LSP occupy."""
    loc = s.comp.locales[locale]
    if not loc.port:
        return False
    if s.owner[locale] == side:
        return True
    if loc.delos and tribute_payer(s, locale) == side:
        return True
    return any(s.utype(u).kind != NAVAL_UNIT for u in s.units_at(locale, side, inside=False))


def upkeep_due(s: S, side: int) -> list[int]:
    return [u for u in range(len(s.u_loc)) if s.u_loc[u] >= 0 and s.u_side[u] == side and not upkeep_free(s, u)]


def t_logistics(s: S, task: Task) -> None:
    """3.2 2a: the phasing player pays one talent a point for each unit that needs maintenance
    (RULINGS S7); then he may buy units (S17) and restore wavering ones (DESIGN 8.5)."""
    side = int(task[1])
    s.phasing = side
    s.phase = "first-logistics" if side == s.first else "second-logistics"
    due = upkeep_due(s, side)
    s.push(["purchase", side, 0])
    if due:
        s.ask("upkeep", side, due=due)
    else:
        s.say("3.2 2a", f"{SIDES[side].capitalize()}: no unit needs maintenance.")


def _cost(s: S, units: list[int]) -> int:
    return sum(s.strength(u) for u in units) * s.comp.figures.maintenance_per_point


def legal_upkeep(s: S, side: int) -> list[str]:
    assert s.pending is not None
    due = [int(u) for u in s.pending["due"]]
    out = []
    if _cost(s, due) <= s.treasury[side]:
        out.append(f"pay {_cost(s, due)}")
    out += [f"unpaid {s.unit_name[u]}" for u in due]
    return out


def apply_upkeep(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    due = [int(u) for u in s.pending["due"]]
    if action.startswith("pay"):
        s.pending = None
        cost = _cost(s, due)
        s.treasury[side] -= cost
        s.say("3.2 2a", f"{SIDES[side].capitalize()} pays {cost} talents of maintenance for {len(due)} "
                        f"unit(s): treasury {s.treasury[side]}.")
        return
    u = s.unit_names_index()[action.split()[1]]
    due.remove(u)
    campaign.flip(s, u, "3.2 2a not maintained")
    if due:
        s.pending["due"] = due
    else:
        s.pending = None


def purchase_locales(s: S, side: int, t: int) -> list[int]:
    """RULINGS S17: a city of the unit's nationality its side holds, free of enemies (a port for an NSP),
    with room for it (DESIGN 5.2 For play)."""
    comp = s.comp
    ut = comp.units[t]
    out = []
    for loc in comp.locales:
        if loc.nationality != ut.nationality or s.owner[loc.index] != side or s.siege[loc.index] != NO:
            continue
        if ut.kind == NAVAL_UNIT and not loc.port:
            continue
        if s.units_at(loc.index, 1 - side) or campaign.side_count(s, loc.index, side) >= campaign.STACK:
            continue  # DESIGN 5.1: at most eight of a side's counters in a locale
        if ut.id == GARRISON_UNIT and any(s.utype(u).id == GARRISON_UNIT for u in s.units_at(loc.index, side)):
            continue  # DESIGN 2.16 For play: one garrison unit a city (it never moves, 2.3)
        out.append(loc.index)
    return out


def buyable_types(s: S, side: int) -> list[int]:
    """RULINGS S17: unit types of the side's nationalities with a counter not in play, not of an
    inactive ally or a neutral."""
    comp = s.comp
    off = {s.unit_type[u] for u in range(len(s.u_loc)) if s.u_loc[u] == OFF}
    out = []
    for ut in comp.units:
        if ut.index not in off:
            continue
        if ut.ally != NO:
            if s.ally_side[ut.ally] != side or s.ally_out[ut.ally]:
                continue
        elif comp.nationalities[ut.nationality].side != side:
            continue
        out.append(ut.index)
    return out


def t_purchase(s: S, task: Task) -> None:
    side = int(task[1])
    s.ask("purchase", side, bought=int(task[2]))


def _purchase_cap(s: S, side: int) -> int:
    """14.1 #9 special rule: Athens may purchase at most 20 points a season."""
    if side == ATHENS and s.comp.tables.government(s.government).id == "emergency":
        return 20
    return 1_000_000


def restorable(s: S, side: int) -> list[int]:
    """DESIGN 8.5: a wavering unit in a friendly locale of its own colour."""
    comp = s.comp
    out = []
    for u in range(len(s.u_loc)):
        at = s.u_loc[u]
        if at < 0 or s.u_side[u] != side or not s.u_flip[u]:
            continue
        ut = s.utype(u)
        loc = comp.locales[at]
        if comp.nationalities[loc.nationality].colour == comp.nationalities[ut.nationality].colour \
                and s.owner[at] == side and ut.strength - ut.wavering <= s.treasury[side]:
            out.append(u)
    return out


def legal_purchase(s: S, side: int) -> list[str]:
    assert s.pending is not None
    comp = s.comp
    cap = _purchase_cap(s, side) - int(s.pending["bought"])
    out = []
    for t in buyable_types(s, side):
        ut = comp.units[t]
        if ut.strength * comp.figures.purchase_per_point > s.treasury[side] or ut.strength > cap:
            continue
        out += [f"buy {ut.id} at {comp.locales[loc].id}" for loc in purchase_locales(s, side, t)]
    out += [f"restore {s.unit_name[u]}" for u in restorable(s, side)]
    out.append("done")
    return out


def apply_purchase(s: S, side: int, action: str) -> None:
    assert s.pending is not None
    comp = s.comp
    words = action.split()
    if words[0] == "done":
        s.pending = None
        return
    if words[0] == "restore":
        u = s.unit_names_index()[words[1]]
        ut = s.utype(u)
        s.treasury[side] -= ut.strength - ut.wavering
        s.u_flip[u] = False
        paid = ut.strength - ut.wavering
        # issue 11: "1 talent", never "1 talents" (its own message, as names.talents)
        s.say("8.5", f"{SIDES[side].capitalize()} restores {s.label(u)} for "
                     + ("1 talent." if paid == 1 else f"{paid} talents."))
        return
    t = comp.unit_index[words[1]]
    loc = comp.locale_index[words[3]]
    ut = comp.units[t]
    u = next(u for u in range(len(s.u_loc)) if s.unit_type[u] == t and s.u_loc[u] == OFF)
    cost = ut.strength * comp.figures.purchase_per_point
    s.treasury[side] -= cost
    s.u_loc[u], s.u_flip[u], s.u_side[u], s.u_in[u], s.u_moved[u] = loc, False, side, False, False
    s.pending["bought"] = int(s.pending["bought"]) + ut.strength
    s.say("3.2 2a", f"{SIDES[side].capitalize()} buys {s.label(u)} ("
                    + ("1 talent" if cost == 1 else f"{cost} talents")
                    + f") at {s.name(loc)}: treasury {s.treasury[side]}.")


# ====================================================================== the end of a year, victory
def t_year_end(s: S, task: Task) -> None:
    """The year's last facts for 13.2 (the Propontis blocked, Athens besieged), event 6's Pericles,
    15.11 allies leaving; 16.6 the last year ends the game."""
    comp = s.comp
    if propontis_blocked(s):
        flag(s, "propontis-blocked", SPARTA)
    if s.siege[comp.locale_index["athens"]] == SPARTA:
        flag(s, "athens-besieged", SPARTA)
    if s.event == "plague":
        p = comp.leader_index["pericles"]
        if s.leader_at[p] >= 0:
            s.leader_at[p] = DEAD
            s.say("15.0", "Pericles dies of the plague.")
    for a in comp.allies:
        side = s.ally_side[a.index]
        if side != NO and not s.ally_out[a.index] and all(s.owner[h] == 1 - side for h in a.home):
            ally_leaves(s, a.index, "15.11")
    assert s.scenario is not None
    if s.year <= comp.scenario(s.scenario).last_year:
        final_victory(s, f"the last year ({s.year}) is over (16.6)")
    else:
        s.push(["admin", 0])


def final_victory(s: S, why: str) -> None:
    """DESIGN 16.6: the side the track favours wins (Ionian War: Athens if it holds Athens and the
    track is below 5 pro-Sparta); 0 is a draw."""
    assert s.scenario is not None
    if s.scenario == "ionian-war":
        athens_holds = s.owner[s.comp.locale_index["athens"]] == ATHENS
        s.winner = ROLES[ATHENS] if athens_holds and s.prestige > -5 else ROLES[SPARTA]
    else:
        pro = s.pro()
        s.winner = "draw" if pro == NO else ROLES[pro]
    s.end_reason = f"{why}; prestige {track_text(s.prestige)}"
    s.say("16.6", f"the game ends: {s.end_reason}; {'a draw' if s.winner == 'draw' else s.winner + ' wins'}.")
    s.pending = None
    s.tasks = []


def check_sudden_victory(s: S) -> None:
    """DESIGN 16.6, 13.1: the enemy capital captured, or the track at 10, wins at once."""
    if s.winner:
        return
    comp = s.comp
    if s.owner[comp.locale_index["athens"]] == SPARTA:
        _win(s, SPARTA, "Sparta captured Athens (16.6)")
    elif s.owner[comp.locale_index["sparta"]] == ATHENS:
        _win(s, ATHENS, "Athens captured Sparta (16.6)")
    elif abs(s.prestige) >= comp.tables.prestige_most:
        _win(s, s.pro(), f"the prestige track reached {track_text(s.prestige)}: the enemy sues for peace (13.1)")


def _win(s: S, side: int, why: str) -> None:
    s.winner = ROLES[side]
    s.end_reason = why
    s.say("16.6", f"{why}: {ROLES[side]} wins.")
    s.pending = None
    s.tasks = []


TASKS.update({
    "admin": t_admin, "calendar_advance": t_calendar_advance, "annual_prestige": t_annual_prestige,
    "event_phase": t_event_phase, "government_phase": t_government_phase, "place_leaders": t_place_leaders,
    "peace_phase": t_peace_phase, "revenue_phase": t_revenue_phase,
    "first_player_determination": t_first_player_determination, "season": t_season, "logistics": t_logistics,
    "purchase": t_purchase, "year_end": t_year_end,
})
LEGAL.update({
    "delos_revolt": legal_delos_revolt, "place_leader": legal_place_leader, "offer_peace": legal_offer_peace,
    "answer_peace": legal_answer_peace, "first_player": legal_first_player, "upkeep": legal_upkeep,
    "purchase": legal_purchase,
})
APPLY.update({
    "delos_revolt": apply_delos_revolt, "place_leader": apply_place_leader, "offer_peace": apply_offer_peace,
    "answer_peace": apply_answer_peace, "first_player": apply_first_player, "upkeep": apply_upkeep,
    "purchase": apply_purchase,
})
TASKS.update(campaign.TASKS)
LEGAL.update(campaign.LEGAL)
APPLY.update(campaign.APPLY)
