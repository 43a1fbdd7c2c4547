"""Sparta vs. Athens: what a role sees (the kernel's ``view``).

Nothing in this game is hidden from either player (RULINGS S9): counters on the map and in the
Force Boxes (2.15: "The opposing player is always entitled to know exactly what units are in any
Force Box"), both treasuries and revenues (2.17: "both players are always entitled to know the exact
revenue and holdings of the other"), the tracks and every die roll. So every role, and a spectator,
gets the same view: the whole state less the generator and the task stack (what is still to come).
No Force counters are used (RULINGS S20): every stack is listed on its locale.

``procedure`` holds the rest of the position the rules read (RULINGS S23): the procedure still to
run (the task stack), the decision asked and the activation in progress with their data, which
counters and leaders have campaigned this phase, and the year's facts for the Annual Prestige
Adjustment (13.2). All of it follows from the rules and the public position, so with the rest of
the view it is the whole position but for the dice to come: the search levels rebuild their worlds
from it (``worlds.py``). Never in a view: the generator's state, the seed, the actions.
"""

from __future__ import annotations

from polemos.core.game import JSON, Role
from polemos.games.sparta_vs_athens.model import NO, SIDES
from polemos.games.sparta_vs_athens.state import DEAD, QUARTER_NAMES, ROLES, SVAState, track_text


def _side(x: int) -> str | None:
    return None if x == NO else SIDES[x]


def build(s: SVAState, role: Role | None) -> JSON:
    comp = s.comp
    locs = comp.locales
    units = []
    for u, at in enumerate(s.u_loc):
        if at < 0:
            continue
        units.append({"unit": s.unit_name[u], "locale": locs[at].id, "side": _side(s.u_side[u]),
                      "strength": s.strength(u), "wavering": s.u_flip[u], "inside": s.u_in[u]})
    leaders = []
    for i, at in enumerate(s.leader_at):
        if at >= 0 or at == DEAD:
            leaders.append({"leader": comp.leaders[i].id, "locale": locs[at].id if at >= 0 else None,
                            "dead": at == DEAD})
    locales = []
    for i, loc in enumerate(locs):
        own = comp.nationalities[loc.nationality].side
        if (s.owner[i] != own or s.ravaged[i] or s.fort[i] != NO or s.siege[i] != NO):
            locales.append({"locale": loc.id, "owner": _side(s.owner[i]), "ravaged": s.ravaged[i],
                            "fort": _side(s.fort[i]), "besieged_by": _side(s.siege[i]),
                            "siege_winters": s.siege_winters[i]})
    p = s.pending
    pending = None if p is None else {"kind": p["kind"], "role": ROLES[int(p["side"])]}
    if p is not None and pending is not None:
        if "due" in p:  # 3.2 2a: the units still to be maintained
            pending["due"] = [s.unit_name[int(u)] for u in p["due"]]
        if "at" in p:  # the locale of a withdrawal (9.1), retreat (8.3) or siege (9.2) decision
            pending["locale"] = locs[int(p["at"])].id
        if "bought" in p:  # 14.1 #9: points bought this season
            pending["bought"] = int(p["bought"])
    force = None
    if s.force is not None:
        f = s.force
        force = {"leader": comp.leaders[int(f["leader"])].id if int(f["leader"]) != NO else None,
                 "locale": locs[int(f["at"])].id, "units": [s.unit_name[int(u)] for u in f["units"]],
                 "land_paths_left": int(f["land"]), "sea_paths_left": int(f["sea"]), "stage": f["stage"]}
    return {
        "game": s.game.id,
        "data": comp.version,  # the components' version, a content hash (public): names.of(view) names by them
        "role": role,
        "scenario": s.scenario,
        "year": s.year,
        "quarter": QUARTER_NAMES[s.quarter],
        "phase": s.phase,
        "prestige": s.prestige,
        "prestige_text": track_text(s.prestige),
        "government": s.government,
        "treasury": {SIDES[x]: s.treasury[x] for x in (0, 1)},
        "revenue": {SIDES[x]: s.revenue[x] for x in (0, 1)},
        "tally": {"red": s.tally[0], "blue": s.tally[1]},
        "chooser": _side(s.chooser),
        "first": _side(s.first),
        "phasing": _side(s.phasing),
        "event": s.event,
        "forts_left": {SIDES[x]: s.forts_left[x] for x in (0, 1)},
        "allies": {a.id: ("out" if s.ally_out[a.index] else _side(s.ally_side[a.index])) for a in comp.allies},
        "units": units,
        "leaders": leaders,
        "locales": locales,
        "force": force,
        "pending": pending,
        "active": list(s.active_roles()),
        "outcome": s.outcome().to_json() if s.outcome() is not None else None,  # type: ignore[union-attr]
        "log": [text for _, text in s.log],
        "procedure": procedure(s),
    }


#: the position's fields a view's picture does not show, copied as they are (RULINGS S23)
PROCEDURE_FIELDS = (
    "options", "tasks", "pending", "force", "lesser_used", "year_flags", "nsp_lost", "markers",
    "propontis_prev", "macedon_side", "first_year_done", "winner", "end_reason",
)


def procedure(s: SVAState) -> JSON:
    """RULINGS S23: the procedure in progress and the year's facts, as plain JSON copies; which
    counters (by name) and leaders (by id) have campaigned this phase (4.1)."""
    out: JSON = {name: _plain(getattr(s, name)) for name in PROCEDURE_FIELDS}
    out["moved"] = [s.unit_name[u] for u, at in enumerate(s.u_loc) if at >= 0 and s.u_moved[u]]
    out["leaders_done"] = [s.comp.leaders[i].id for i, done in enumerate(s.leader_done) if done]
    return out


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
