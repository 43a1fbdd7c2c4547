"""What each side may see (3.4): plain JSON for the terminal, the server and the bots.

In the solitaire and 3+ player games nothing on the map is hidden. In the two-player game (11.1)
only the top combat unit of an enemy stack is visible; the rest show as hidden units with their
side only (3.4). The RNG and the dice to come are never in a view.
"""

from __future__ import annotations

import re
from typing import Any

from polemos.core.game import JSON
from polemos.games.thermopylae import rules
from polemos.games.thermopylae.state import (
    ARMY,
    AWAY,
    BOX,
    FACING_NAMES,
    GREEK,
    POOL,
    ROLES,
    SIDE_NAMES,
    TRACK,
    TYPE_NAMES,
    GTSState,
)
from polemos.games.thermopylae.text import id_code

STAGE_INFO: dict[str, tuple[str, str, str]] = {
    "commit": ("persian-commitment", "A.1 / 5.1", "Persians: commit the first contingent of the day"),
    "stay": ("greek-conference", "A.3 / 5.3", "Greeks: choose a contingent to stay"),
    "guard": ("greek-deployment", "B / 6.0", "Greeks: choose the contingent that guards the Ephialtes path"),
    "west": ("greek-deployment", "B / 6.0.1", "Greeks: choose the contingent that sets up west of the Wall "
                                              "with the Spartans"),
    "deploy": ("greek-deployment", "B / 6.0", "Greeks: place the next unit (area and facing)"),
    "deploy_review": ("greek-deployment", "B / 6.0", "Greeks: end the deployment as it stands, or take a "
                      "contingent back (with every unit placed after it) to set up again (G44)"),
    "p_move": ("persian-movement", "D.1 / 8.1", "Persians: move a force or end movement"),
    "g_dfire": ("greek-defensive-fire", "D.2 / 8.2", "Greeks: fire, or end fire"),
    "p_ofire": ("persian-offensive-fire", "D.3 / 8.2", "Persians: fire, or end fire"),
    "p_melee_run": ("persian-melee", "D.4 / 8.3", "Greeks: retreat before combat, or stand"),
    "g_move": ("greek-movement", "D.5 / 8.1", "Greeks: move a force or end movement"),
    "p_dfire": ("persian-defensive-fire", "D.6 / 8.2", "Persians: fire, or end fire"),
    "g_ofire": ("greek-offensive-fire", "D.7 / 8.2", "Greeks: fire, or end fire"),
    "g_melee_run": ("greek-melee", "D.8 / 8.3", "Persians: retreat before combat, or stand"),
    "over": ("over", "10.0", "The game is over"),
}


def unit_json(s: GTSState, u: int) -> JSON:
    comp = s.comp
    return {
        "id": comp.unit_ids[u],
        "side": SIDE_NAMES[comp.u_side[u]],
        "contingent": comp.cont_ids[comp.u_cont[u]],
        "type": TYPE_NAMES[comp.u_type[u]],
        "facing": FACING_NAMES[s.facing[u]],
        "losses": s.losses[u],
        "steps": comp.u_steps[u],
        "mf": s.mf(u) if s.losses[u] < comp.u_steps[u] else 0,
        "dv": comp.u_dv[u],
        "ma": comp.u_ma[u],
        "mr": rules.morale_rating(s, u),
        "disordered": s.disordered[u],
        "force": s.force[u],
        "moved": s.moved[u],
        "fired": s.fired[u],
    }


_UNIT_ID = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)*-\d+(?![\w-])")


def _named(text: str, ids: tuple[str, ...]) -> str:
    """A log line with each unit named as on the board and the buttons (issue 11: one display name per
    piece, ``text.id_code``: "spartans-1" -> "spa1", "immortals-12" -> "IMM12")."""
    return _UNIT_ID.sub(lambda m: id_code(m.group(0)) if m.group(0) in ids else m.group(0), text)


def deployment_unseen(s: GTSState, side: int | None) -> GTSState:
    """The position as ``side`` sees it: in the two-player game the Greek deployment (6.0) is made
    out of the Persian's sight and shown when it is done (RULINGS G43): until then the Greek units
    placed stand, for him and for spectators, in the pool they come from."""
    if s.mode != "two" or side == GREEK or s.stage not in ("deploy", "deploy_review"):
        return s
    seen = s.clone()
    for u in range(len(seen.loc)):
        if seen.loc[u] >= 0 and s.comp.u_side[u] == GREEK:
            seen.loc[u] = POOL
    seen.reset_caches()
    return seen


def build(s: GTSState, side: int | None, role: str | None = None) -> JSON:
    comp = s.comp
    fog = s.mode == "two"
    s = deployment_unseen(s, side)  # the board as the side sees it
    occ = rules.occupancy(s)
    areas: dict[str, list[JSON]] = {}
    for a in range(comp.n_areas):
        if not occ[a]:
            continue
        out: list[JSON] = []
        for sd in (GREEK, 1 - GREEK):
            mine = [u for u in occ[a] if comp.u_side[u] == sd]
            for i, u in enumerate(mine):
                if fog and side != sd and i > 0:
                    # under the top: side and facing only (3.4; facing is in plain sight, G43)
                    out.append({"side": SIDE_NAMES[sd], "hidden": True, "facing": FACING_NAMES[s.facing[u]]})
                elif fog and side != sd:
                    shown = unit_json(s, u)
                    del shown["force"]
                    out.append(shown)
                else:
                    out.append(unit_json(s, u))
        # keep the pile order (top first) of the side listed first in the area
        areas[comp.area_name(a)] = out
    off: dict[str, list[str]] = {"box": [], "pool": [], "away": []}
    for u in range(len(s.loc)):
        key = {BOX: "box", POOL: "pool", AWAY: "away"}.get(s.loc[u])
        if key:
            off[key].append(comp.unit_ids[u])
    conts: dict[str, Any] = {}
    for c, cid in enumerate(comp.cont_ids):
        conts[cid] = {"side": SIDE_NAMES[comp.cont_side[c]], "lost": s.lost[c],
                      "boxes": len(comp.cont_units[c]), "routs_box": rules.routs_box(s, c),
                      "routed": s.routed[c],
                      "track": [comp.unit_ids[u] for u in comp.cont_units[c] if s.loc[u] == TRACK]}
    # G43/G44: whether the Greeks look over a set-up made in one choice is theirs to know, like the set-up
    stage = "deploy" if s.stage == "deploy_review" and fog and side != GREEK else s.stage
    info = STAGE_INFO.get(stage, (stage.replace("_", "-"), "4.0", ""))
    prompt = info[2]
    # the unit to be placed is the Greeks' to know (two-player game, RULINGS G43)
    placing_seen = s.stage == "deploy" and bool(s.deploy_queue) and (not fog or side == GREEK)
    if placing_seen:
        uid = comp.unit_ids[s.deploy_queue[0]]
        prompt = (f"Greeks: place {id_code(uid)} ({uid}: area and facing), or set up every unit left at once "
                  "(standard or last deployment, G44: the last choices)")
    if s.stage in ("p_melee_run", "g_melee_run") and s.retreat_area >= 0:
        prompt += f" in {comp.area_name(s.retreat_area)}"
    g, p = rules.victory_points(s)
    outcome = s.outcome()
    off_detail = {uid: {"contingent": comp.cont_ids[comp.u_cont[u]], "side": SIDE_NAMES[comp.u_side[u]],
                        "type": TYPE_NAMES[comp.u_type[u]], "losses": s.losses[u]}
                  for u, uid in enumerate(comp.unit_ids) if s.loc[u] in (BOX, POOL, AWAY)}
    placing = unit_json(s, s.deploy_queue[0]) if placing_seen else None
    melee_area = comp.area_name(s.retreat_area) if s.stage in ("p_melee_run", "g_melee_run") and \
        s.retreat_area >= 0 else None
    fire = {"target": comp.area_name(s.fire_target), "hits": s.fire_hits} if s.fire_target >= 0 else None
    # 8.2.6 step 5 (G42): the targets already resolved in this Fire Segment (public: the dice and the top
    # units' DVs are seen by all)
    tally = {comp.area_name(b): {"hits": hits, "dv": dv} for b, hits, dv in s.fire_tally} \
        if s.stage in rules.FIRE_STAGES else {}
    return {
        "game": s.game.id,
        "role": role if role is not None else None if side is None else ROLES[side],
        "side": None if side is None else ROLES[side],
        "roles": list(s.roles()),
        "mode": s.mode,
        "options": {k: v for k, v in s.options.items()},
        "day": s.day,
        "series": s.series,
        "round": s.round,
        "day_round": s.day_round,
        "phase": info[0],
        "stage": stage,
        "rule": info[1],
        "prompt": prompt if s.actor >= 0 else "",
        "active": list(s.active_roles()),
        "committed": [comp.cont_ids[c] for c in s.committed],
        "current": comp.cont_ids[s.current] if s.current >= 0 else None,
        "ephialtes": {"greek": comp.cont_ids[s.guard] if s.guard >= 0 else None,
                      "immortals_round": s.eph_round or None,
                      "immortals_waiting": any(s.loc[u] == BOX and comp.u_side[u] != GREEK
                                               for u in range(len(s.loc)))},
        "areas": areas,
        "off_map": off,
        "off_map_units": off_detail,
        "placing": placing,  # 6.0: the Greek unit to be placed now
        "melee_area": melee_area,  # 8.3.2 step 1: the area whose defenders may retreat now
        "fire": fire,  # 8.2.6: the target being fired at and the hits so far
        "fire_tally": tally,  # 8.2.6 step 5: hits each target has suffered this segment, and its DV
        "tracks": {
            "contingents": conts,
            "army": {"greek": {"units": [comp.unit_ids[u] for u in s.army_g],
                               "rout_at": comp.army_rout_at[0], "crises": 0},
                     "persian": {"units": [comp.unit_ids[u] for u in s.army_p],
                                 "rout_at": comp.army_rout_at[1], "crises": s.crises,
                                 "gone": [comp.unit_ids[u] for u in range(len(s.loc)) if s.loc[u] == -5]}},
        },
        "army_units": [comp.unit_ids[u] for u in range(len(s.loc)) if s.loc[u] == ARMY],
        "vp": {"greek": g, "persian": p},
        "log": [{"text": _named(text, comp.unit_ids), "rule": rule} for to, rule, text in s.log[-80:]
                if to < 0 or to == side or (to >= 10 and side != to - 10)],
        "outcome": None if outcome is None else outcome.to_json(),
    }
