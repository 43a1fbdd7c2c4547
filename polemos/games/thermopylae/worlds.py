"""Go Tell the Spartans: worlds a side cannot tell apart, built from its view alone (for ISMCTS).

``world_sampler(view, role, data)`` reads one view (``view.py``) and returns a :class:`Sampler`
whose ``sample(rng)`` builds a legal :class:`GTSState` the view cannot tell from the real one. It
never sees the real state.

In the solitaire game (the Greek side against the automaton, 11.2) nothing on the map is hidden: the
view fixes every unit's area, pile order, facing, Step Losses, Disorder, force and moved / fired
flags, everything off the map (the pool, the Ephialtes Box, the Morale Tracks, the Army Tracks), the
day, series, rounds and contingents committed; a world differs from the real one only in **the dice
to come** (a fresh generator). In the two-player game (11.1) what a side does not see are the enemy
units under the top of each enemy stack (3.4): each sampled world puts there enemy units of the
top's type (a stack is of one type, 3.1.2) drawn from those the side has not seen anywhere (not on
top of a stack, not off the map: those are public), each with any Step Losses it can have and any
Disorder, under the facing the view shows.

The procedure in progress is rebuilt for the decisions between procedures whose state the view
shows: the Fire Segments (8.2: the target fired at, its hits so far and the tally of the segment,
G42), the retreat-before-melee question (8.3.2), the guard and west-of-the-Wall choices (6.0,
6.0.1). The Movement Segments (menus of hundreds of moves) and the unit-by-unit deployment are the
heuristic bot's (``NoWorld``). What the view does not carry is taken as it most often is: a unit
entered its area from nowhere in particular (8.1.4, G22: no attack shift), a Persian's forward
facing is its facing (8.1.6), no 11.3 feint bonus.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import polemos
from polemos.ai.ismcts import NoWorld
from polemos.core.game import JSON, Role, State
from polemos.core.rng import Rng
from polemos.games.thermopylae.rules import FIRE_STAGES, melee_areas, routs_box, touch, victory_points
from polemos.games.thermopylae.state import (
    ARMY,
    AWAY,
    BOX,
    FACING_NAMES,
    GONE,
    GREEK,
    PERSIAN,
    POOL,
    ROLES,
    SIDE_NAMES,
    TRACK,
    TYPE_NAMES,
    GTSState,
)

GAME_ID = "go-tell-the-spartans"

# the stages whose procedure the sampler rebuilds from a view, and those the search levels search
REBUILT = frozenset({"guard", "west", *FIRE_STAGES, "p_melee_run", "g_melee_run"})
# searching the guard and west choices (a day's plan, judged after 8 playout actions) cost the
# Greeks games against the automaton (32/40 against 37/40 on seeds 2000-2039, docs/ai.md): the
# heuristic bot makes them
SEARCHED = frozenset({*FIRE_STAGES, "p_melee_run", "g_melee_run"})

_BASE: dict[tuple[str | None, str], GTSState] = {}


def _base(data: Path | str | None, options: JSON) -> GTSState:
    key = (None if data is None else str(data), json.dumps(options, sort_keys=True))
    base = _BASE.get(key)
    if base is None:
        state = polemos.game(GAME_ID, data).new(0, options=options)
        assert isinstance(state, GTSState)
        base = _BASE[key] = state
    return base


def world_sampler(view: JSON, role: Role, data: Path | str | None = None,
                  kinds: frozenset[str] = SEARCHED) -> Sampler:
    """The worlds of this view for the search (NoWorld for a stage not in ``kinds``)."""
    return Sampler(view, role, data, kinds)


class Sampler:
    """Worlds consistent with one view (see the module docstring)."""

    # a playout action costs a movement menu (hundreds of moves searched): few are worth it
    rollout_cap = 8

    def __init__(self, view: JSON, role: Role, data: Path | str | None = None,
                 kinds: frozenset[str] = REBUILT) -> None:
        if view.get("role") != role or view.get("side") not in SIDE_NAMES:
            raise NoWorld(f"{role!r} is not a side of this view")
        if view.get("outcome") is not None:
            raise NoWorld("the game is over")
        stage = str(view.get("stage"))
        if stage not in REBUILT or stage not in kinds:
            raise NoWorld(f"this decision ({stage}) is not searched: its procedure is not rebuilt from a view")
        if view.get("mode") == "multi":
            raise NoWorld("the 11.2 multi-player game is not searched")
        if role not in view.get("active", []):
            raise NoWorld(f"{role} is not asked to act in this view")
        self.side = SIDE_NAMES.index(str(view["side"]))
        self.stage = stage
        options = dict(view.get("options") or {})
        base = _base(data, options)
        self.comp = comp = base.comp
        s = base.clone()
        s._undo_snaps = ()
        s.actions = []
        s.log = []
        s.undo_floor = 0
        s.reveals = 0
        s.origin = None
        ids = {uid: u for u, uid in enumerate(comp.unit_ids)}
        nu = len(comp.unit_ids)
        s.day = int(view["day"])
        s.series = int(view["series"])
        s.round = int(view["round"])
        s.day_round = int(view["day_round"])
        s.stage = stage
        s.ended_stage = stage  # the segment has begun (sequence._step): its fire flags stand as seen
        s.ended = []
        s.committed = [comp.cont(c) for c in view.get("committed", [])]
        s.current = comp.cont(view["current"]) if view.get("current") else -1
        eph = view.get("ephialtes", {})
        s.guard = comp.cont(eph["greek"]) if eph.get("greek") else -1
        s.eph_round = int(eph.get("immortals_round") or 0)
        s.winner = -1
        s.win_reason = ""
        s.deploy_queue = []
        s.conf_left = 0
        s.stays = []
        # every unit: off the map as the view lists it, else on the map
        for u in range(nu):
            s.loc[u] = POOL
            s.facing[u] = 1
            s.losses[u] = 0
            s.disordered[u] = s.moved[u] = s.fired[u] = s.feint[u] = False
            s.force[u] = u
            s.seq[u] = 0
            s.came_from[u] = -1
            s.fwd[u] = 1
        seen: set[int] = set()
        off = view.get("off_map", {})
        for key, where in (("box", BOX), ("pool", POOL), ("away", AWAY)):
            for uid in off.get(key, []):
                s.loc[ids[uid]] = where
                seen.add(ids[uid])
        for uid, d in view.get("off_map_units", {}).items():
            s.losses[ids[uid]] = int(d.get("losses", 0))
        tracks = view.get("tracks", {})
        for c, cid in enumerate(comp.cont_ids):
            entry = tracks.get("contingents", {}).get(cid, {})
            s.lost[c] = int(entry.get("lost", 0))
            s.routed[c] = bool(entry.get("routed", False))
            for uid in entry.get("track", []):
                s.loc[ids[uid]] = TRACK
                seen.add(ids[uid])
        army = tracks.get("army", {})
        s.army_g = [ids[x] for x in army.get("greek", {}).get("units", [])]
        s.army_p = [ids[x] for x in army.get("persian", {}).get("units", [])]
        s.crises = int(army.get("persian", {}).get("crises", 0))
        for uid in view.get("army_units", []):
            s.loc[ids[uid]] = ARMY
            seen.add(ids[uid])
        for uid in army.get("persian", {}).get("gone", []):
            s.loc[ids[uid]] = GONE
            seen.add(ids[uid])
        # the map, pile by pile (top first: lower seq is higher in the pile, 3.1.1)
        seq = 1
        hidden: list[tuple[int, int, int, int]] = []  # (area, seq, facing, type of the stack's top)
        top_type: dict[tuple[int, int], int] = {}
        for name, units in view.get("areas", {}).items():
            a = comp.area_index(name)
            for d in units:
                if d.get("hidden"):
                    sd = SIDE_NAMES.index(str(d["side"]))
                    t = top_type.get((a, sd))
                    if t is None:
                        raise NoWorld(f"a hidden unit with no top unit in {name}")
                    hidden.append((a, seq, FACING_NAMES.index(str(d["facing"])), t))
                    seq += 1
                    continue
                u = ids[str(d["id"])]
                seen.add(u)
                s.loc[u] = a
                s.seq[u] = seq
                seq += 1
                s.facing[u] = FACING_NAMES.index(str(d["facing"]))
                s.fwd[u] = s.facing[u]
                s.losses[u] = int(d["losses"])
                s.disordered[u] = bool(d["disordered"])
                s.moved[u] = bool(d["moved"])
                s.fired[u] = bool(d["fired"])
                if "force" in d:
                    s.force[u] = int(d["force"])
                top_type.setdefault((a, comp.u_side[u]), TYPE_NAMES.index(str(d["type"])))
        s.next_seq = seq
        s.next_force = max(max(s.force) + 1, nu)
        enemy = 1 - self.side
        self.unseen = [u for u in range(nu) if u not in seen and comp.u_side[u] == enemy]
        self.hidden = hidden
        for _, _, _, t in hidden:
            if not any(comp.u_type[u] == t for u in self.unseen):
                raise NoWorld("a hidden unit of a type the enemy has no unseen unit of")
        if len(hidden) > len(self.unseen):
            raise NoWorld(f"{len(hidden)} hidden units but {len(self.unseen)} unseen")
        # the procedure in progress
        fire = view.get("fire")
        s.fire_target = comp.area_index(fire["target"]) if fire else -1
        s.fire_hits = int(fire["hits"]) if fire else 0
        s.fire_tally = [[comp.area_index(name), int(t["hits"]), int(t["dv"])]
                        for name, t in view.get("fire_tally", {}).items()]
        s.retreat_area = comp.area_index(view["melee_area"]) if view.get("melee_area") else -1
        if stage in FIRE_STAGES:
            s.moving_side = GREEK if stage[0] == "g" else PERSIAN
            s.actor = s.moving_side
        elif stage in ("p_melee_run", "g_melee_run"):
            s.moving_side = PERSIAN if stage[0] == "p" else GREEK
            s.actor = 1 - s.moving_side
        else:
            s.moving_side = -1
            s.actor = GREEK
        if s.actor != self.side:
            raise NoWorld(f"the view asks {role}, but the stage is the other side's")
        self.skeleton = s

    def sample(self, rng: Rng) -> State:
        s = self.skeleton.clone()
        s._undo_snaps = ()
        comp = self.comp
        if self.hidden:
            pool = list(self.unseen)
            rng.shuffle(pool)
            for a, seq, facing, t in self.hidden:
                u = next(x for x in pool if comp.u_type[x] == t)
                pool.remove(u)
                s.loc[u] = a
                s.seq[u] = seq
                s.facing[u] = s.fwd[u] = facing
                s.losses[u] = rng.below(comp.u_steps[u])
                s.disordered[u] = rng.below(4) == 0
        if s.stage in ("p_melee_run", "g_melee_run") and s.retreat_area >= 0:
            s._cache.clear()
            s.melee_queue = [s.retreat_area, *(a for a in melee_areas(s) if a > s.retreat_area)]
        s.rng = Rng(rng.below(1 << 62))
        s.reset_caches()
        touch(s)
        return s

    def evaluate(self, state: State) -> dict[Role, float]:
        """The Greeks' chance: a logistic of the victory points (10.0), the Step Losses on the map and
        the morale (8.4.4: how far each contingent's Morale Track is toward its Routs box, a routed
        one counting 1; 8.4.5: how far the Army Morale Tracks are toward the Greek Army's rout, a
        Persian victory, and the Persian Army's last crisis, a Greek one): 20 of 40 games between
        the bots on seeds 2000-2019 ended by an 8.4.5 rout, which the points and losses alone do not
        see coming."""
        assert isinstance(state, GTSState)
        g, p = victory_points(state)
        comp = state.comp
        losses = [0, 0]
        for u, a in enumerate(state.loc):
            if a >= 0 or a in (TRACK, ARMY, GONE):
                losses[comp.u_side[u]] += state.losses[u] if a >= 0 else comp.u_steps[u]
        morale = [0.0, 0.0]
        for c in range(len(comp.cont_ids)):
            box = routs_box(state, c)
            morale[comp.cont_side[c]] += 1.0 if state.routed[c] or box <= 0 else min(1.0, state.lost[c] / box)
        greek_army = len(state.army_g) / max(1, comp.army_rout_at[GREEK])
        persian_army = ((len(state.army_p) + state.crises * comp.army_rout_at[PERSIAN])
                        / max(1, (comp.army_crises[PERSIAN] + 1) * comp.army_rout_at[PERSIAN]))
        x = (0.25 * (g - p) + 0.08 * (losses[PERSIAN] - 2 * losses[GREEK])
             + 1.0 * (morale[PERSIAN] - morale[GREEK]) + 3.0 * (persian_army - greek_army))
        vg = 1.0 / (1.0 + math.exp(-x))
        return {role: (vg if role != "persian" else 1.0 - vg) for role in (*ROLES, *state.roles())}

    def cutoff(self, state: State) -> bool:
        """A Fire Segment's decision (8.2: which target, or end fire) is judged when the segment is
        over, by the hits it scored and took: what follows (a Movement Segment's menus, 8.1) costs
        most of a playout and tells nothing of where the fire went. The retreat-before-melee question
        (8.3.2) plays on into the melee it decides (no cutoff)."""
        assert isinstance(state, GTSState)
        return self.stage in FIRE_STAGES and state.stage != self.stage

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        return playout_action(legal, rng)


def playout_action(legal: list[str], rng: Rng) -> str:
    """Cheap rules of thumb: the standard set-up, short movement, fire when one can."""
    if "deploy standard" in legal:
        return "deploy standard"
    if "end movement" in legal and rng.below(3) != 0:
        return "end movement"
    if "end fire" in legal and len(legal) > 1 and rng.below(5) != 0:
        return rng.choice([a for a in legal if a != "end fire"])
    return rng.choice(legal)
