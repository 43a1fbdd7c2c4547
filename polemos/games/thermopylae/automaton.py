"""The Persian automaton of the solitaire game (1.0, 8.1.6, 8.2.7, 7.0).

In the solitaire (and 3+ player, 11.2) game nobody plays the Persians: the rulebook's procedures
do. Every choice here is made from what the Persian side can see (in these games nothing is
hidden, 3.4 applies only to the two-player game: positions, facings, losses and Disorder of units on
the map) and, where the rules say so, by a die roll through the game's seeded RNG; each decision is
logged with the rule that made it.
- Movement (8.1.6): every force moves as far forward as its Movement Allowance allows; the
  Immortals instead always take a chance to enter the flank or rear of a Greek hoplite unit.
- Fire (8.2.7): every missile unit fires at the nearest Greek unit through its front, then front
  left/right, then (archers only) flank, rear flank and rear areas; a die decides between equals.
- Retreat before combat (8.3.2 step 1): Persian light units always take it when they can (G32).
"""

from __future__ import annotations

from polemos.games.thermopylae.rules import (
    FLANK,
    REAR,
    Dest,
    aname,
    do_move,
    do_retreat,
    fire_targets,
    firers,
    movable_tops,
    occupancy,
    reach_of,
    resolve_fire,
    retreat_options,
    shoot,
    side_units,
    situation,
    touch,
    uid,
)
from polemos.games.thermopylae.search import Reach
from polemos.games.thermopylae.state import BOW, FACING_NAMES, GREEK, HOPLITE, PERSIAN, Comp, GTSState

_CLASS_NAMES = ("in its own area", "through its Front area", "through its Front Left/Right area",
                "through a Flank area", "through a Rear Flank area", "through its Rear area")
_CLASS = {"front": 1, "front_left": 2, "front_right": 2, "flank_left": 3, "flank_right": 3,
          "rear_left": 4, "rear_right": 4, "rear": 5}


def progress(s: GTSState, u: int, a: int) -> int:
    """How far forward area ``a`` is for unit ``u`` (forward = the way it faced on entry, 8.1.6)."""
    comp = s.comp
    f = s.fwd[u]
    if f == 1:
        return comp.a_row[a]
    if f == 3:
        return -comp.a_row[a]
    return comp.a_col[a] if f == 2 else -comp.a_col[a]


def choose_move(s: GTSState, u: int, r: Reach) -> tuple[Dest | None, str]:
    """8.1.6: where the automaton moves the force topped by ``u``, among the ends of its search ``r`` (looked
    at as ints; a Dest is made for the one chosen, issue 12), and why."""
    comp = s.comp
    keys, k, a_col = r.keys, r.k, comp.a_col
    if comp.cont_ids[comp.u_cont[u]] == "immortals":
        occ = occupancy(s)
        flank: list[tuple[int, int]] = []  # (situation, index of the end)
        for i, key in enumerate(keys):
            if key % k == 0:  # not an attack
                continue
            af = key // k
            greeks = side_units(occ, af // 4, GREEK, comp)
            if greeks and comp.u_type[greeks[0]] == HOPLITE:
                sit = situation(af % 4, s.facing[greeks[0]])
                if sit in (FLANK, REAR):
                    flank.append((sit, i))
        if flank:
            best = max(sit for sit, _ in flank)
            pick = [i for sit, i in flank if sit == best]
            i = pick[0] if len(pick) == 1 else s.rng.choice(pick)
            return r.dest(i, a_col), "8.1.6: the Immortals take the flank or rear of a Greek hoplite unit"
    fwd = s.fwd[u]
    rows, sign = (comp.a_row, 1) if fwd == 1 else (comp.a_row, -1) if fwd == 3 else \
        (a_col, 1) if fwd == 2 else (a_col, -1)
    here = sign * rows[s.loc[u]]  # progress(s, u, s.loc[u])
    col0 = r.col0
    # the order of (progress, attack, facing forward, -lateral distance) as one int: progress is within
    # +-14 and the lateral distance below 16
    best_key = -1
    pick2: list[int] = []
    for i, key in enumerate(keys):
        af = key // k
        a = af // 4
        p = sign * rows[a]
        if p <= here:
            continue
        score = (((p + 64) * 2 + (key % k != 0)) * 2 + (af % 4 == fwd)) * 16 + 15 - abs(a_col[a] - col0)
        if score > best_key:
            best_key, pick2 = score, [i]
        elif score == best_key:
            pick2.append(i)
    if not pick2:
        return None, ""
    i = pick2[0] if len(pick2) == 1 else s.rng.choice(pick2)
    why = "8.1.6: as far forward as the Movement Allowance allows"
    if len(pick2) > 1:
        why += f" (die roll among {len(pick2)} equal choices)"
    return r.dest(i, a_col), why


def persian_movement(s: GTSState) -> None:
    """D.1 in the solitaire game: the Persian Movement Segment by 8.1.6."""
    while True:
        tops = movable_tops(s, PERSIAN)
        if not tops:
            return
        u = _first_to_move(s, tops)
        d, why = choose_move(s, u, reach_of(s, u, occupancy(s)))
        if d is None:
            loc, force, moved = s.loc, s.force, s.moved
            for v in range(len(loc)):
                if loc[v] == loc[u] and force[v] == force[u]:
                    moved[v] = True
            touch(s)
            continue
        do_move(s, u, d, "8.1.6")
        s.say("8.1.6", f"(automaton: {uid(s, u)} {why})")


def _first_to_move(s: GTSState, tops: list[int]) -> int:
    """8.1.6: the force that moves next, the furthest forward first, then from column 1 on, then by unit
    index: the least of (-progress, column, unit), compared as one int."""
    comp = s.comp
    loc, nu, cols, off = s.loc, len(s.loc), comp.cols, comp.rows + comp.cols
    best = -1
    for v in tops:
        a = loc[v]
        key = ((off - progress(s, v, a)) * cols + comp.a_col[a]) * nu + v
        if best < 0 or key < best:
            best = key
    return best % nu


def target_class(s: GTSState, u: int, b: int) -> int:
    """8.2.7: the priority class of area ``b`` for ``u``'s fire (0 its own area, 1 Front ... 5 Rear)."""
    a = s.loc[u]
    if a == b:
        return 0
    return _class_row(s.comp, 4 * a + s.facing[u])[b]


def _class_row(comp: Comp, af: int) -> list[int]:
    """:func:`target_class` of every area for a unit in area ``af // 4`` facing ``af % 4``, made once per
    components (``Comp.memo``) from the facing diagram (3.2), instead of names looked up at every shot."""
    rows: list[list[int] | None] | None = comp.memo.get("fire classes")
    if rows is None:
        rows = comp.memo["fire classes"] = [None] * (4 * comp.n_areas)
    row = rows[af]
    if row is None:
        a, name, geo = af // 4, FACING_NAMES[af % 4], comp.geo
        row = rows[af] = [0 if b == a else _CLASS[geo.position(name, a, b)] for b in range(comp.n_areas)]
    return row


def persian_fire(s: GTSState) -> None:
    """D.3 / D.6 in the solitaire game: every Persian missile unit fires by 8.2.7's priorities."""
    comp = s.comp
    n, dists = comp.geo.size, comp.geo.distances
    plan: dict[int, list[int]] = {}
    for u in firers(s, PERSIAN):
        limit = 5 if comp.u_type[u] == BOW else 2  # 8.2.7: flank, rear flank and rear only for archers
        a = s.loc[u]
        classes = _class_row(comp, 4 * a + s.facing[u])
        best = -1  # (class, range) as class * 64 + range: the smallest first
        pick: list[int] = []
        for b in fire_targets(s, u):
            k = classes[b]
            if k > limit:
                continue
            key = k * 64 + dists[a * n + b]
            if best < 0 or key < best:
                best, pick = key, [b]
            elif key == best:
                pick.append(b)
        if not pick:
            continue
        b = pick[0] if len(pick) == 1 else s.rng.choice(pick)
        why = f"{_CLASS_NAMES[best // 64]}, range {best % 64}"
        if len(pick) > 1:
            why += f"; a die picks it among {len(pick)} equal targets"
        s.say("8.2.7", f"(automaton: {uid(s, u)} targets {aname(s, b)}: {why})")
        plan.setdefault(b, []).append(u)
    for b, shooters in plan.items():
        s.fire_target, s.fire_hits = b, 0
        for u in shooters:
            if s.loc[u] < 0 or not side_units(occupancy(s), b, GREEK, comp):
                continue
            s.fire_hits += shoot(s, u, b)
        resolve_fire(s)
        if s.winner >= 0:
            return


def persian_retreat(s: GTSState, a: int, att_side: int) -> None:
    """8.3.2 step 1 for the automaton: its light units retreat before combat when they can (G32)."""
    lights, end, _, _ = retreat_options(s, a, att_side)
    if lights:
        s.say("8.3.2", f"(automaton: the Persian light units in {aname(s, a)} retreat before combat, RULINGS G32)")
        do_retreat(s, lights, end, "8.3.2")
