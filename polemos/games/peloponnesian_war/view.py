"""The Peloponnesian War: what a role sees.

Everything on the map and on both Strategy Matrixes is public (the counters, the markers, the
treasuries, Bellicosity, SCI, the strategies and objectives, every die roll: RULINGS P34), so every role and
the spectator get the same picture; a role's view also names the side it commands now (which
changes in solitaire, 2.1) and what it is asked. Never in a view: the generator's state (the dice
to come), the seed, the undo history.

``procedure`` holds the rest of the position the rules read: the procedure still to run (the task
stack, the decision asked, the operation and the combat in progress) and the turn's markers the
picture does not show (Nicias +1, Leader Deaths, the Helot rebellion, the Naval SPs lost...). All
of it follows from the rules and the public position (RULINGS P34, P106), and with the rest of the
view it is the whole position but for the dice: the search levels rebuild their worlds from it
(``worlds.py``).
"""

from __future__ import annotations

from typing import Any

from polemos.core.game import Role
from polemos.games.peloponnesian_war import combat, operations
from polemos.games.peloponnesian_war.model import NATIONALITIES, NO, SERVES, SIDES, UNIT_TYPES
from polemos.games.peloponnesian_war.state import (
    LD_NAMES,
    NSLOTS,
    PHASE_NAMES,
    REBEL_OPEN,
    SLOT_NATIONALITY,
    SLOT_TYPE,
    PWState,
)

S = PWState


def side_name(side: int) -> str | None:
    return SIDES[side] if side in (0, 1) else None


def forces(counts: list[int]) -> list[dict[str, Any]]:
    """SP counts as ``[{nationality, type, sps}]`` (only the non-zero ones)."""
    return [{"nationality": NATIONALITIES[SLOT_NATIONALITY[i]], "type": UNIT_TYPES[SLOT_TYPE[i]], "sps": counts[i]}
            for i in range(NSLOTS) if counts[i]]


def action_label(s: S, action: str) -> str:
    """A player's words, with the rule, for a legal action (the browser's buttons, the terminal)."""
    p = s.pending
    kind = str(p["kind"]) if p else ""
    if kind.startswith("op_"):
        return operations.action_label(s, action)
    if kind.startswith("cb_"):
        return combat.action_label(s, action)
    if kind == "strategy":
        side = int(p["side"]) if p else 0
        sid = action.removeprefix("strategy ")
        index = s.comp.matrixes[side].strategy_index(sid)
        return f"Strategy: {s.comp.matrixes[side].strategies[index].name} (3.1)" if index != NO else action
    if kind == "build":
        rule = str(p["rule"]) if p else "7.2"
        if action == "done":
            return f"Build nothing more ({rule})"
        nat, _, unit = action.removeprefix("build ").partition(" ")
        return f"Build 1 {nat.replace('-', ' ').title()} {unit} SP ({s.comp.figures.sp_cost} talents, {rule})"
    return action


def build(s: S, role: Role | None) -> dict[str, Any]:
    comp = s.comp
    side = s.side_of(role)
    spaces = []
    for i, sp in enumerate(comp.spaces):
        reb = s.rebellion[i]
        spaces.append({
            "id": sp.id,
            "control": side_name(s.control[i]),
            "colour": side_name(s.colour[i]),
            "coalition": side_name(s.coalition[i]),
            "rebellion": None if reb == NO else ("open" if reb == REBEL_OPEN else SIDES[reb]),
            "siege": s.siege[i],
            "ravaged": s.ravaged[i],
            "forces": forces(s.sp[i]),
            "moved": forces(s.moved[i]),
        })
    leaders = []
    for i, lead in enumerate(comp.leaders):
        at = s.leader_at[i]
        leaders.append({"id": lead.id, "name": lead.name, "serves": SERVES[s.serves[i]],
                        "tactical": lead.tactical, "strategic": lead.strategic,
                        "at": comp.spaces[at].id if at >= 0 else LD_NAMES[at]})
    sides = []
    for x in (0, 1):
        strat = s.strategy[x]
        sides.append({
            "side": SIDES[x], "commanded_by": s.role_of(x), "treasury": s.treasury[x],
            "spendable": s.spendable(x), "bellicosity": s.bellicosity[x], "bellicosity_loss": s.bell_loss[x],
            "sci": s.sci[x], "hostages": s.hostages[x], "operations": s.ops[x], "passed": s.passed[x],
            "strategy": comp.matrixes[x].strategies[strat].id if strat != NO else None,
            "leader": comp.leaders[s.commander[x]].id if s.commander[x] != NO else None,
        })
    roles = s.roles()
    p = s.pending
    out = s.outcome()
    return {
        "game": "peloponnesian-war",
        "scenario": s.scenario,
        "mode": s.mode,
        "role": role,
        "side": side_name(side),
        "player_side": side_name(s.player) if s.mode != "two-player" else None,
        "switches": s.switches,
        "turn": s.turn,
        "last_turn": s.last_turn,
        "phase": PHASE_NAMES[s.phase],
        "segment": s.segment,
        "spaces": spaces,
        "going_home": forces(s.going_home),
        "leaders": leaders,
        "sides": sides,
        "powers": [{"id": pw.id, "status": side_name(s.power_status[pw.index]) or "neutral"} for pw in comp.powers],
        "score": {roles[0]: s.vp[0], roles[1]: s.vp[1]},
        "armistice_used": s.armistice_used,
        "operation": operations.op_view(s),
        "battle": combat.combat_view(s),
        "asked": None if p is None else {"role": s.role_of(int(p["side"])), "side": SIDES[int(p["side"])],
                                         "kind": p["kind"], "question": p.get("question") or ""},
        "labels": {a: action_label(s, a) for a in s.legal_actions(role)} if role is not None else {},
        "log": [text for to, text in s.log if to == -1 or to == side],
        "outcome": out.to_json() if out is not None else None,
        "procedure": procedure(s),
    }


#: the position's fields a view's picture does not show (``procedure``); with it a view is the whole
#: position but for the generator, the seed, the actions, the log and the undo history (worlds.py)
PROCEDURE_FIELDS = (
    "options", "player", "home_guard", "first_player", "op_side", "nicias", "armistice_turns", "helot",
    "attica_ravaged_prev", "delian_rebellion_due", "leader_deaths", "decisive", "winner", "end_reason",
    "naval_lost", "revenue_adjust", "power_changes", "events_done", "tasks", "pending", "op", "combat",
)


def procedure(s: S) -> dict[str, Any]:
    """The procedure in progress and the turn's markers (RULINGS P106): plain JSON copies."""
    return {name: _plain(getattr(s, name)) for name in PROCEDURE_FIELDS}


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
