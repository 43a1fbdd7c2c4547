"""Go Tell the Spartans: every procedure of the rulebook (movement, fire, melee, morale, deployment, the
end of day and of the game) and the predicates that listing and applying actions share.

The sequence of play (4.0) that calls these procedures stage by stage, and lists and applies the
players' decisions, is in ``sequence.py``; the Persian automaton of the solitaire game in
``automaton.py``. Rulings cited as G-numbers are in RULINGS.md.
"""

from __future__ import annotations

from typing import Final

from polemos.games.thermopylae.search import NO_REACH, Reach, SegCache
from polemos.games.thermopylae.search import Dest as Dest  # the movement search's data (search.py)
from polemos.games.thermopylae.state import (
    ARMY,
    AWAY,
    BOW,
    BOX,
    FACING_NAMES,
    GONE,
    GREEK,
    HOPLITE,
    JAVELIN,
    MIXED,
    PERSIAN,
    POOL,
    SIDE_NAMES,
    TRACK,
    TYPE_NAMES,
    Comp,
    GTSState,
)

DAYS = 3
ROUNDS = 8  # D: "Action Rounds continue for 8 turns" (4.0)
LIGHT = (JAVELIN, BOW)
ZOC_TYPES = (HOPLITE, MIXED)  # 3.3.1
FRONT, FLANK, REAR = 0, 1, 2
_ALL_FACINGS = (0, 1, 2, 3)
SITUATION_NAMES = ("front", "flank", "rear")

# ============================================================================ small helpers

# ``GTSState._cache`` keys of what is kept per side, unit or unit type, as ints (no tuple made and hashed at
# each look-up, issue 12): the base plus the side (0, 1), the unit type (0-3) or the unit index
_K_SCAN: Final = 0
_K_ZOC: Final = 2
_K_ENEMY_AREAS: Final = 4
_K_FITS: Final = 8
_K_FIRE: Final = 1 << 20
_K_PLACE: Final = 2 << 20


def automaton(s: GTSState) -> bool:
    """Whether the Persian side is run by the rulebook's procedures (solitaire, 11.2) or a player (11.1)."""
    return s.mode != "two"


def occupancy(s: GTSState) -> list[list[int]]:
    """Units in each area, top of the pile first (3.1.1). The piles are never changed once made (a move makes
    new ones, :func:`_force_moved`): do not change them."""
    cache = s._cache
    cached = cache.get("occ")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    loc, seq = s.loc, s.seq
    kept = s._occ_kept
    if kept is not None and kept[0] == loc and kept[1] == seq:
        # :func:`touch` forgot them, but no unit changed area or pile order since (losses, Disorder, moved
        # flags, a detached unit): the same piles
        cache["occ"] = kept[2]
        return kept[2]
    # the units on the map by pile order, then unit index (3.1.1), as seq * units + unit: ints sorted without
    # a key call per unit; an area without units shares one empty pile (piles are never changed: issue 12)
    nu = len(loc)
    on = [seq[u] * nu + u for u in range(nu) if loc[u] >= 0]
    on.sort()
    occ: list[list[int]] = [_NO_UNITS] * s.comp.n_areas
    for key in on:
        u = key % nu
        pile = occ[loc[u]]
        if pile is _NO_UNITS:
            occ[loc[u]] = [u]
        else:
            pile.append(u)
    cache["occ"] = occ
    s._occ_kept = (loc[:], seq[:], occ)
    return occ


_NO_UNITS: list[int] = []  # occupancy()'s pile of every empty area (never changed)


def touch(s: GTSState) -> None:
    """Forget what is derived from the units' places (occupancy, ZOCs, the movement menus): call after any
    unit changes area, facing, pile order, force or moved flag. The caches live until then, from one
    action to the next (``GTSState._apply`` keeps them)."""
    s._cache.clear()


def side_units(occ: list[list[int]], a: int, side: int, comp: Comp) -> list[int]:
    return [u for u in occ[a] if comp.u_side[u] == side]


def has_side(occ: list[list[int]], a: int, side: int, comp: Comp) -> bool:
    us = comp.u_side
    return any(us[u] == side for u in occ[a])


def on_map(s: GTSState, side: int) -> list[int]:
    us, loc = s.comp.u_side, s.loc  # (read once: a field of the state is a generic lookup in compiled code)
    return [u for u in range(len(loc)) if loc[u] >= 0 and us[u] == side]


def force_of(s: GTSState, u: int, occ: list[list[int]] | None = None) -> list[int]:
    """The units moving together with ``u`` (its stack, 3.1.3), top first."""
    f, a = s.force[u], s.loc[u]
    if a < 0:
        return [u]
    force = s.force
    return [v for v in (occ if occ is not None else occupancy(s))[a] if force[v] == f]


def say_fog(s: GTSState, rule: str, full: str, public: str, owner: int) -> None:
    """Log ``full`` for everyone, or in the two-player game (3.4) ``full`` for ``owner`` and
    ``public`` for the others (the opponent and spectators)."""
    if s.mode == "two":
        s.say(rule, full, owner)
        s.say(rule, public, 10 + owner)
    else:
        s.say(rule, full)


def is_top(s: GTSState, u: int) -> bool:
    """Whether ``u`` is the top unit of its side in its area (the one always visible, 3.4)."""
    a = s.loc[u]
    if a < 0:
        return True
    side = s.comp.u_side[u]
    for v in occupancy(s)[a]:
        if s.comp.u_side[v] == side:
            return v == u
    return True


def uid(s: GTSState, u: int) -> str:
    return s.comp.unit_ids[u]


def aname(s: GTSState, a: int) -> str:
    return s.comp.area_names[a]


def cname(s: GTSState, c: int) -> str:
    return s.comp.counters.contingents[s.comp.cont_ids[c]].name


def morale_rating(s: GTSState, u: int) -> int:
    """Current MR from the side's Morale Table (2.2.7, 8.4.1)."""
    comp = s.comp
    cid = comp.cont_ids[comp.u_cont[u]]
    side = SIDE_NAMES[comp.u_side[u]]
    light = comp.u_type[u] in LIGHT
    if s.all_spartans and comp.u_side[u] == GREEK:
        cid, light = "spartans", False  # 11.4
    mr = comp.tables.morale_rating(side, cid, light, s.losses[u])
    if mr is None:  # no such entry on the table (a "none" cell): use the no-loss rating
        mr = comp.tables.morale_rating(side, cid, light, 0) or 1
    return mr


def situation(att_facing: int, def_facing: int) -> int:
    """8.3.4: compare the facings: face to face is a Front attack, same way a Rear attack, else Flank (G21)."""
    if att_facing == (def_facing + 2) % 4:
        return FRONT
    if att_facing == def_facing:
        return REAR
    return FLANK


def move_cost(comp: Comp, a: int, n: int) -> int:
    """TEC: 1 MP an area; Level 2 +1 from Level 1; a Wall area +1 to cross onto it (G22)."""
    c = 1
    if comp.a_level[n] == 2 and comp.a_level[a] == 1:
        c += 1
    if comp.a_wall[n] and not comp.a_wall[a]:
        c += 1
    return c


def side_arrays(s: GTSState, side: int) -> tuple[list[int], list[int], list[bool]]:
    """Per area: ``side``'s unit count and unit type (-1 if none), and whether enemies are there."""
    cnt, typ, enemy_at, _ = _side_scan(s, side)
    return cnt, typ, enemy_at


def enemy_zoc(s: GTSState, side: int) -> list[bool]:
    """Areas in the ZOC of ``side``'s enemies: the three Front areas of hoplite and mixed units (3.3.1)."""
    comp = s.comp
    key = _K_ZOC + side
    cached = s._cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    zoc = [False] * comp.n_areas
    enemy = 1 - side
    u_side, u_type, zoc_areas = comp.u_side, comp.u_type, comp.zoc_areas
    facing = s.facing
    for u, a in enumerate(s.loc):
        if a >= 0 and u_side[u] == enemy and u_type[u] in ZOC_TYPES:
            for n in zoc_areas[4 * a + facing[u]]:
                zoc[n] = True
    s._cache[key] = zoc
    return zoc


# ============================================================================ movement (8.1)


def _worst_facing(d: int, def_facing: int) -> int:
    """8.3.1: a unit entering diagonally takes the least favourable of the two area sides."""
    a, b = (d - 1) // 2 % 4, (d + 1) // 2 % 4
    return a if situation(a, def_facing) <= situation(b, def_facing) else b


def _side_scan(s: GTSState, side: int) -> tuple[list[int], list[int], list[bool], list[int]]:
    """Per area: ``side``'s unit count and unit type (-1 if none), whether enemies are there; and where
    ``side``'s enemies stand and face, as ``[u, area, facing, ...]`` (cached until something moves)."""
    key = _K_SCAN + side
    cached = s._cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    comp = s.comp
    n = comp.n_areas
    cnt, typ, enemy_at = [0] * n, [-1] * n, [False] * n
    enemies: list[int] = []
    u_side, u_type = comp.u_side, comp.u_type
    facing = s.facing
    for u, a in enumerate(s.loc):
        if a >= 0:
            if u_side[u] == side:
                cnt[a] += 1
                typ[a] = u_type[u]
            else:
                enemy_at[a] = True
                enemies += (u, a, facing[u])
    out = (cnt, typ, enemy_at, enemies)
    s._cache[key] = out
    return out


def _segment_cache(s: GTSState, side: int) -> SegCache:
    """``side``'s search cache, brought up to date with the present position."""
    seg = s._seg
    cnt, typ, _, enemies = _side_scan(s, side)
    token = (s.stage, s.day, s.series, s.round, side, id(s.comp), enemies)
    if seg.token != token:
        seg.clear()
        seg.token = token
        seg.cnt, seg.typ = cnt, typ
        seg.zoc = enemy_zoc(s, side)
    elif seg.cnt is not cnt:
        old_cnt, old_typ = seg.cnt, seg.typ
        changed: set[int] = set()  # (one pass over the areas, not a comparison of the lists first)
        for a in range(len(cnt)):
            if cnt[a] != old_cnt[a] or typ[a] != old_typ[a]:
                changed.add(a)
        if changed:
            reaches, stale = seg.reaches, seg.stale
            for key in [k for k, r in stale.items() if not changed.isdisjoint(r.structural)]:
                del stale[key]
            for key in [k for k, r in reaches.items() if not changed.isdisjoint(r.touched)]:
                r = reaches.pop(key)
                if changed.isdisjoint(r.structural):
                    stale[key] = r  # to be done again from its events (reach_of)
        seg.cnt, seg.typ = cnt, typ
    return seg


def reach(s: GTSState, u: int, occ: list[list[int]] | None = None) -> list[Dest]:
    """Every legal end of a move for the force topped by ``u`` (3.2, 3.3.4, 8.1.1-8.1.5)."""
    return reach_of(s, u, occ if occ is not None else occupancy(s)).dests(s.comp.a_col)


def reach_of(s: GTSState, u: int, occ: list[list[int]], force: list[int] | None = None,
             seg: SegCache | None = None) -> Reach:
    """:func:`reach` with the action texts. Results are kept for the rest of the Movement Segment and
    reused while the friendly units in every area the search looked at are unchanged (enemies do not
    move in a side's own segment)."""
    a0 = s.loc[u]
    if a0 < 0:
        return NO_REACH
    if seg is None:
        seg = _segment_cache(s, s.comp.u_side[u])
    if force is None:
        force = force_of(s, u, occ)
    key = reach_key(s, u, a0, force)
    hit = seg.reaches.get(key)
    if hit is not None:
        return hit
    old = seg.stale.pop(key, None)
    if old is None:
        entry = _reach(s, u, occ, force, seg.zoc)
    else:  # only the room in some of the areas it may end in can have changed: the same events
        keys, mps = _ends(old, seg.cnt, seg.typ)
        if keys == old.keys and mps == old.mps:
            entry = old
        else:
            entry = Reach(old.touched, old.k)
            entry.structural, entry.events, entry.keys, entry.mps = old.structural, old.events, keys, mps
            entry.a0, entry.size, entry.type, entry.col0 = old.a0, old.size, old.type, old.col0
    seg.reaches[key] = entry
    return entry


def reach_key(s: GTSState, u: int, a0: int, force: list[int]) -> int:
    """The key of the search for the force ``force`` topped by ``u`` in area ``a0`` in ``SegCache.reaches``:
    the unit, area, facing, moved flag and the force's units as one int (a dict keyed by ints, not by tuples
    made and hashed at each look-up: issue 12). The force's units are its top digits, so any force fits."""
    nu = len(s.loc)
    code = 0
    for v in force:
        code = code * (nu + 1) + v + 1
    return (((code * nu + u) * 2 + int(s.moved[u])) * 4 + s.facing[u]) * s.comp.n_areas + a0


def reach_texts(s: GTSState, u: int, r: Reach) -> list[str]:
    """The action texts of ``r``'s ends for the force topped by ``u``, in the same order (:func:`move_text`'s
    "move U AREA F" and "attack U AREA from AREA", made from the ends' ints with the components' names)."""
    texts = r.texts
    if texts is None:
        comp = s.comp
        ident = comp.unit_ids[u]
        head, names, areas = f"move {ident} ", comp.area_facing_names, comp.area_names
        k = r.k
        texts = []
        for key in r.keys:
            af, cf = key // k, key % k - 1
            if cf >= 0:
                texts.append(f"attack {ident} {areas[af // 4]} from {areas[cf]}")
            else:
                texts.append(head + names[af])
        r.texts = texts
    return texts


def move_texts(s: GTSState, side: int, role: str) -> list[str]:
    """``role``'s move and detach actions in ``side``'s Movement Segment, in :func:`move_menu` order: 11.2, a
    stack is moved by its top unit's player, a unit detached by its own (3.1.2)."""
    out: list[str] = []
    for m in move_menu(s, side):
        if m.role == role:
            out.extend(reach_texts(s, m.u, m.reach))
        for text, r in m.detach:
            if r == role:
                out.append(text)
    return out


class MoveOption:
    """One movable force in the present Movement Segment: its top unit ``u`` in ``area``, the units of
    the ``force``, the role that moves it (11.2), its moves (``reach``, found under ``key`` in the
    segment's cache), and the ``detach`` actions of the units under its top with their roles (3.1.2)."""

    __slots__ = ("area", "detach", "force", "key", "reach", "role", "u")

    def __init__(self, u: int, area: int, force: list[int], key: int, role: str, r: Reach,
                 detach: list[tuple[str, str]]) -> None:
        self.u = u
        self.area = area
        self.force = force
        self.key = key
        self.role = role
        self.reach = r
        self.detach = detach


def _menu_area(s: GTSState, side: int, a: int, occ: list[list[int]], enemy_at: list[bool],
               seg: SegCache) -> list[MoveOption]:
    """The movable forces of ``side`` in area ``a`` (:func:`move_menu`), top first."""
    ids = s.comp.unit_ids
    out: list[MoveOption] = []
    for u in _area_tops(s, side, occ[a]):
        force = force_of(s, u, occ)
        detach: list[tuple[str, str]] = []
        if len(force) > 1 and not enemy_at[a]:
            detach = [(f"detach {ids[v]}", unit_role(s, v)) for v in force[1:]]
        r = reach_of(s, u, occ, force, seg)
        out.append(MoveOption(u, a, force, reach_key(s, u, a, force), unit_role(s, u), r, detach))
    return out


def move_menu(s: GTSState, side: int) -> list[MoveOption]:
    """Every force of ``side`` that may still move this segment (8.1.2), in :func:`movable_tops` order:
    what :func:`legal` lists and :func:`roles_with_work` asks, computed once per position. After a move
    (:func:`do_move` leaves the menu before it and the two areas it changed) only those areas are
    looked at again, and the other forces' searches where an area they looked at changed."""
    key = ("menu", side, s.stage)
    cached = s._cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    occ = occupancy(s)
    enemy_at = side_arrays(s, side)[2]
    seg = _segment_cache(s, side)
    out: list[MoveOption] = []
    prev: tuple[list[MoveOption], set[int]] | None = s._cache.get(("menu before", side, s.stage))
    if prev is None:
        for a in range(s.comp.n_areas):
            if occ[a]:
                out += _menu_area(s, side, a, occ, enemy_at, seg)
    else:
        old, changed = prev
        reaches = seg.reaches
        for m in old:
            if m.area in changed:
                continue
            r = reaches.get(m.key)
            if r is None:
                r = reach_of(s, m.u, occ, m.force, seg)
            out.append(m if r is m.reach else MoveOption(m.u, m.area, m.force, m.key, m.role, r, m.detach))
        for a in changed:
            out += _menu_area(s, side, a, occ, enemy_at, seg)
        out.sort(key=_menu_order)  # by area (stable: each area's forces stay top first)
    s._cache[key] = out
    return out


def _menu_order(m: MoveOption) -> int:
    return m.area


def _room(cnt: list[int], typ: list[int], n: int, a0: int, size: int, t: int) -> bool:
    """3.1.1/3.1.2: room in area ``n`` for a force of ``size`` units of type ``t`` from ``a0``: at most three
    units of a side in an area, all of one type."""
    k = cnt[n] - (size if n == a0 else 0)
    if k and typ[n] != t:
        return False
    return k + size <= 3


def _reach(s: GTSState, u: int, occ: list[list[int]], force: list[int], zoc: list[bool]) -> Reach:
    """The movement search (3.2, 3.3, 8.1) for the force topped by ``u``. It finds where the force can go
    and records each end it may take as an event (area, facing, area attacked from or -1, MPs left, and the
    area that must have room for it or -1); :func:`_ends` turns the events into Dests. Where the search
    goes depends on the friendly units only in the areas it attacks or leaves a ZOC for (``structural``),
    so when only other areas change, the events stay good and only :func:`_ends` is done again."""
    comp = s.comp
    side = comp.u_side[u]
    enemy = 1 - side
    a0 = s.loc[u]
    size = len(force)
    t = comp.u_type[u]
    col0 = comp.a_col[a0]
    events: list[int] = []
    touched: set[int] = {a0}
    structural: set[int] = set()
    r = Reach(touched, comp.n_areas + 1)
    r.structural, r.events, r.a0, r.size, r.type, r.col0 = structural, events, a0, size, t, col0
    if has_side(occ, a0, enemy, comp):
        return r  # 8.1.4: units in an enemy-occupied area may not exit or turn
    ma = min(comp.u_ma[v] for v in force)
    f0 = s.facing[u]
    cnt, typ, enemy_at = side_arrays(s, side)
    # (area, facing or -1: any, area attacked from or -1, area that needs room or -1) -> the most MPs left,
    # in the order first found: an end kept only where it has room keeps its place among the others (_ends).
    # The key is the four as one int, ((area * 5 + facing + 1) * k + came_from + 1) * k + needs_room + 1
    k = comp.n_areas + 1
    found: dict[int, int] = {}
    # (the three searches are functions of their own, with no closures: mypyc compiles them to plain calls)
    if t == HOPLITE:
        _search_hoplite(s, found, k, touched, structural, cnt, typ, enemy_at, zoc, a0, f0, ma, size, t)
    elif t == MIXED:
        _search_mixed(s, occ, found, k, touched, structural, cnt, typ, enemy_at, zoc, a0, f0, ma, size, t, enemy)
    else:
        _search_light(s, occ, found, k, touched, structural, cnt, typ, enemy_at, zoc, a0, f0, ma, size, t, enemy)
    for key, mp in found.items():
        # (// and %, not divmod: mypyc compiles these to native int operations, divmod to a generic call)
        rest, nr = key // k, key % k
        rest, cf = rest // k, rest % k
        a, f = rest // 5, rest % 5
        if nr:
            touched.add(nr - 1)
        events.append(a)  # (five appends, not a tuple concatenated: issue 12)
        events.append(f - 1)
        events.append(cf - 1)
        events.append(mp)
        events.append(nr - 1)
    r.keys, r.mps = _ends(r, cnt, typ)
    return r


def _add(found: dict[int, int], k: int, area: int, facing: int, came_from: int, mp: int, needs_room: int = -1,
         ) -> None:
    """:func:`_reach`: an end of the move, if ``needs_room`` (an area, or -1: none) has room for the force."""
    key = ((area * 5 + facing + 1) * k + came_from + 1) * k + needs_room + 1
    if found.get(key, -1) < mp:
        found[key] = mp


def _room_for(touched: set[int], structural: set[int], cnt: list[int], typ: list[int], n: int, a0: int, size: int,
              t: int) -> bool:
    """:func:`_reach`: room in ``n`` for where the search goes (an attack), which the search depends on."""
    touched.add(n)
    structural.add(n)
    return _room(cnt, typ, n, a0, size, t)


def _friendly(touched: set[int], structural: set[int], cnt: list[int], n: int, a0: int, size: int) -> bool:
    """:func:`_reach`: whether friendly units other than the force are in ``n`` (3.3.4), which the search
    depends on."""
    touched.add(n)
    structural.add(n)
    return cnt[n] - (size if n == a0 else 0) > 0


def _enemy_top_facing(s: GTSState, occ: list[list[int]], n: int, enemy: int) -> int:
    u_side = s.comp.u_side
    for v in occ[n]:
        if u_side[v] == enemy:
            return s.facing[v]
    return 0


def _search_hoplite(s: GTSState, found: dict[int, int], k: int, touched: set[int], structural: set[int],
                    cnt: list[int], typ: list[int], enemy_at: list[bool], zoc: list[bool], a0: int, f0: int, ma: int,
                    size: int, t: int) -> None:
    """:func:`_reach` for a hoplite unit. 3.2.1: a change of facing takes the whole Movement Allowance; moves
    only into the Front area."""
    comp = s.comp
    nbr, a_pass, costs = comp.nbr, comp.a_pass, comp.nbr_cost
    start_zoc = zoc[a0]
    for f in range(4):
        if f != f0:
            _add(found, k, a0, f, -1, 0)
    a, mp, d = a0, ma, 2 * f0
    while True:
        n = nbr[a][d]
        if n < 0 or not a_pass[n]:
            break
        if enemy_at[n]:
            # 8.1.4: costs all remaining MPs; at least 1 MP needed. Moving in on the enemy from his
            # ZOC is what 3.3.5 describes, even where other enemies' ZOCs cover his area (G41)
            if mp >= 1 and _room_for(touched, structural, cnt, typ, n, a0, size, t):
                _add(found, k, n, f0, a, 0)
            break
        if a == a0 and start_zoc and zoc[n] and not _friendly(touched, structural, cnt, n, a0, size):
            break  # 3.3.4: not from one enemy ZOC area straight into another
        c = costs[8 * a + d]  # move_cost(comp, a, n)
        if c > mp:
            break
        mp, a = mp - c, n
        _add(found, k, a, f0, -1, mp, a)
        if zoc[n]:
            break  # 3.3.4: a unit entering an enemy ZOC stops


def _search_mixed(s: GTSState, occ: list[list[int]], found: dict[int, int], k: int, touched: set[int],
                  structural: set[int], cnt: list[int], typ: list[int], enemy_at: list[bool], zoc: list[bool], a0: int,
                  f0: int, ma: int, size: int, t: int, enemy: int) -> None:
    """:func:`_reach` for a mixed unit. 3.2.2: Front Left, Front or Front Right; 1 MP per 90-degree turn."""
    comp = s.comp
    nbr, a_pass, costs = comp.nbr, comp.a_pass, comp.nbr_cost
    start_zoc = zoc[a0]
    # 4 * area + facing -> the most MPs left there (-1: not reached); the places still to look from as three
    # int stacks, not a list of tuples (issue 12: no object made per step of the search)
    best = [-1] * (4 * comp.n_areas)
    best[4 * a0 + f0] = ma
    fa, ff, fm = [a0], [f0], [ma]
    while fa:
        a, f, mp = fa.pop(), ff.pop(), fm.pop()
        if best[4 * a + f] > mp:
            continue
        for i in range(3):  # turns of 90 degrees right, left (1 MP each), then 180 degrees (2 MPs)
            # (a range and arithmetic, not a loop over a tuple of pairs: mypyc makes no object per turn)
            nf = (f + (1 if i == 0 else 3 if i == 1 else 2)) % 4
            cost = 2 if i == 2 else 1
            if mp >= cost and best[4 * a + nf] < mp - cost:
                best[4 * a + nf] = mp - cost
                fa.append(a)
                ff.append(nf)
                fm.append(mp - cost)
                if a != a0 or nf != f0:
                    _add(found, k, a, nf, -1, mp - cost, -1 if a == a0 else a)
        for dd in range(-1, 2):  # Front Left, Front, Front Right
            d = (2 * f + dd) % 8
            n = nbr[a][d]
            if n < 0 or not a_pass[n]:
                continue
            if enemy_at[n]:  # 8.1.4 (G41), as for the hoplites
                if mp >= 1 and _room_for(touched, structural, cnt, typ, n, a0, size, t):
                    _add(found, k, n, f if d % 2 == 0 else _worst_facing(d, _enemy_top_facing(s, occ, n, enemy)), a,
                         0)
                continue
            if a == a0 and start_zoc and zoc[n] and not _friendly(touched, structural, cnt, n, a0, size):
                continue  # 3.3.4: not from one enemy ZOC area straight into another
            c = costs[8 * a + d]
            if c > mp:
                continue
            mp2 = mp - c
            key = ((n * 5 + f + 1) * k) * k + n + 1  # (n, f, -1, n)
            if found.get(key, -1) < mp2:
                found[key] = mp2
            if not zoc[n] and best[4 * n + f] < mp2:  # 3.3.4: a unit entering an enemy ZOC stops
                best[4 * n + f] = mp2
                fa.append(n)
                ff.append(f)
                fm.append(mp2)


def _search_light(s: GTSState, occ: list[list[int]], found: dict[int, int], k: int, touched: set[int],
                  structural: set[int], cnt: list[int], typ: list[int], enemy_at: list[bool], zoc: list[bool], a0: int,
                  f0: int, ma: int, size: int, t: int, enemy: int) -> None:
    """:func:`_reach` for a light unit. 3.3.3 (3.2.3): light units move into any adjacent area and face as
    they like at no cost (this search is the longest)."""
    start_zoc = zoc[a0]
    for f in range(4):
        if f != f0:
            _add(found, k, a0, f, -1, ma)
    exits = s.comp.exits
    bestl = [-1] * s.comp.n_areas  # area -> the most MPs left there (-1: not reached)
    bestl[a0] = ma
    fa, fm = [a0], [ma]  # the places still to look from (two int stacks: no tuple per step, issue 12)
    while fa:
        a, mp = fa.pop(), fm.pop()
        if bestl[a] > mp:
            continue
        for d, n, c in exits[a]:
            if enemy_at[n]:  # 8.1.4 (G41), as for the hoplites
                if mp >= 1 and _room_for(touched, structural, cnt, typ, n, a0, size, t):
                    _add(found, k, n, d // 2 if d % 2 == 0 else _worst_facing(d, _enemy_top_facing(s, occ, n, enemy)),
                         a, 0)
                continue
            if a == a0 and start_zoc and zoc[n] and not _friendly(touched, structural, cnt, n, a0, size):
                continue  # 3.3.4: not from one enemy ZOC area straight into another
            if c > mp:
                continue
            mp2 = mp - c
            if n != a0:
                key = n * 5 * k * k + n + 1  # (n, any facing, -1, n): _ends takes every facing
                if found.get(key, -1) < mp2:
                    found[key] = mp2
            if not zoc[n] and bestl[n] < mp2:  # 3.3.4: a unit entering an enemy ZOC stops
                bestl[n] = mp2
                fa.append(n)
                fm.append(mp2)


def _ends(r: Reach, cnt: list[int], typ: list[int]) -> tuple[list[int], list[int]]:
    """The ends of a search's events, with the friendly counts and types ``cnt``/``typ``: every end whose
    area has room (3.1.1, 3.1.2), each (area, facing, area attacked from) once, with the most MPs left and
    in the order first found, as ``Reach.keys`` and ``Reach.mps`` (ints: no Dest made, issue 12)."""
    # the three as one int, (4 * area + facing) * k + from + 1 (issue 12: no tuple made and hashed for each event)
    k = r.k
    out: dict[int, int] = {}
    rooms: dict[int, bool] = {}
    a0, size, t = r.a0, r.size, r.type
    ev = r.events
    for i in range(0, len(ev), 5):
        needs_room = ev[i + 4]
        if needs_room >= 0:
            ok = rooms.get(needs_room)
            if ok is None:
                ok = rooms[needs_room] = _room(cnt, typ, needs_room, a0, size, t)
            if not ok:
                continue
        area, facing, mp = ev[i], ev[i + 1], ev[i + 3]
        if facing < 0:  # a light unit's end: any facing (3.3.3)
            key = 4 * area * k + ev[i + 2] + 1
            for _ in _ALL_FACINGS:
                if out.get(key, -1) < mp:
                    out[key] = mp
                key += k
            continue
        key = (4 * area + facing) * k + ev[i + 2] + 1
        if out.get(key, -1) < mp:
            out[key] = mp
    return list(out), list(out.values())


def move_text(s: GTSState, u: int, d: Dest) -> str:
    if d.attack:
        return f"attack {uid(s, u)} {aname(s, d.area)} from {aname(s, d.came_from)}"
    return f"move {uid(s, u)} {aname(s, d.area)} {FACING_NAMES[d.facing]}"


def do_move(s: GTSState, u: int, d: Dest, rule: str = "8.1") -> None:
    force = force_of(s, u)
    start = s.loc[u]
    seen_before = is_top(s, force[0])
    for v in force:
        if d.area != start:
            s.loc[v] = d.area
            s.seq[v] = s.next_seq
            s.next_seq += 1
            s.came_from[v] = d.came_from if d.attack else -1
        s.facing[v] = d.facing
        s.moved[v] = True
    _force_moved(s, s.comp.u_side[u], force, start, d.area)
    names = "+".join(uid(s, v) for v in force)
    # 3.4: the enemy knows the force by its top unit only if that unit is on top of a stack before
    # or after the move (a force from under another stays nameless, RULINGS G43)
    if seen_before or is_top(s, force[0]):
        shown = uid(s, force[0]) + (f" and {len(force) - 1} more" if len(force) > 1 else "")
    else:
        shown = f"{len(force)} unit{'s' if len(force) > 1 else ''} from under the top"
    # the rule of the step (8.1.4 entering an enemy's area, 3.2 facing) cited with the segment's, once
    if d.attack:
        what = f"enter enemy-occupied {aname(s, d.area)} from {aname(s, d.came_from)} facing " \
               f"{FACING_NAMES[d.facing]}"
        rule = f"8.1.4, {rule}"
    elif d.area == start:
        what = f"face {FACING_NAMES[d.facing]} in {aname(s, start)}"
        rule = f"3.2, {rule}"
    else:
        what = f"move {aname(s, start)} -> {aname(s, d.area)} facing {FACING_NAMES[d.facing]}"
    say_fog(s, rule, f"{names} {what}", f"{shown} {what}", s.comp.u_side[u])


def _force_moved(s: GTSState, side: int, force: list[int], start: int, dest: int) -> None:
    """:func:`touch` after ``side``'s ``force`` moved from ``start`` (an area, or -1: off the map) to area
    ``dest`` (or turned there): what the move cannot change is kept (the occupancy and ``side``'s counts,
    updated in those two areas; the enemy's ZOC), and the Movement Segment's menu before the move, for
    :func:`move_menu` to update."""
    cache = s._cache
    occ: list[list[int]] | None = cache.get("occ")
    scan: tuple[list[int], list[int], list[bool], list[int]] | None = cache.get(_K_SCAN + side)
    zoc = cache.get(_K_ZOC + side)
    menu = cache.get(("menu", side, s.stage))
    cache.clear()
    if occ is None:
        return
    if dest != start:
        seq = s.seq
        occ = list(occ)  # a new snapshot: whoever holds the old one keeps it as it was
        if start >= 0:
            occ[start] = [v for v in occ[start] if v not in force]
        pile = occ[dest] + force
        # as occupancy() orders a pile, by (seq, unit): the movers took fresh seqs in force order (do_move,
        # place), so they come after the pile's units as they are; else sorted as ints (no key call, issue 12)
        nu = len(seq)
        last = -1
        ordered = True
        for v in pile:
            key = seq[v] * nu + v
            if key < last:
                ordered = False
                break
            last = key
        if not ordered:
            keys = [seq[v] * nu + v for v in pile]
            keys.sort()
            pile = [key % nu for key in keys]
        occ[dest] = pile
        if scan is not None:
            cnt, typ = list(scan[0]), list(scan[1])
            u_side, u_type = s.comp.u_side, s.comp.u_type
            if start >= 0:
                cnt[start] -= len(force)
            cnt[dest] += len(force)
            for a in (start, dest) if start >= 0 else (dest,):
                last = -1  # _side_scan: the type of the side's last unit (by index) in the area
                for v in occ[a]:
                    if u_side[v] == side and v > last:
                        last = v
                typ[a] = u_type[last] if last >= 0 else -1
            scan = (cnt, typ, scan[2], scan[3])
    cache["occ"] = occ
    s._occ_kept = (s.loc[:], s.seq[:], occ)
    if scan is not None:
        cache[_K_SCAN + side] = scan
    if zoc is not None:
        cache[_K_ZOC + side] = zoc
    if menu is not None:
        cache[("menu before", side, s.stage)] = (menu, {start, dest} if start >= 0 else {dest})


def _area_tops(s: GTSState, side: int, pile: list[int]) -> list[int]:
    """In one area's ``pile``, the top units of the forces of ``side`` that have not moved (8.1.2)."""
    tops: list[int] = []
    _pile_tops(s.comp.u_side, s.moved, s.force, side, pile, tops)
    return tops


def _pile_tops(u_side: tuple[int, ...], moved: list[bool], force: list[int], side: int, pile: list[int],
               tops: list[int]) -> None:
    """:func:`_area_tops` of ``pile``, added to ``tops`` (the state's lists passed in: read once, issue 12)."""
    first = len(tops)
    for u in pile:
        if u_side[u] != side or moved[u]:
            continue
        f = force[u]
        new = True
        for i in range(first, len(tops)):
            if force[tops[i]] == f:
                new = False
                break
        if new:
            tops.append(u)


def movable_tops(s: GTSState, side: int) -> list[int]:
    """Top units of the forces of ``side`` that have not moved this segment (8.1.2)."""
    tops: list[int] = []
    u_side, moved, force = s.comp.u_side, s.moved, s.force
    for pile in occupancy(s):
        if pile:
            _pile_tops(u_side, moved, force, side, pile, tops)
    return tops


def begin_movement_segment(s: GTSState) -> None:
    """A new Movement Segment (4.0 D.1, D.5). The TEC's melee shifts for "attacking from Level 1" and
    "attacking across the Wall" belong to a unit that entered an enemy's area from there (8.1.4, G22);
    once no enemy is left in its area that attack is over, so before anyone moves such a unit forgets
    where it came from: when enemies enter its area later, it is not attacking across anything."""
    comp = s.comp
    occ = occupancy(s)
    came_from = s.came_from
    for u, a in enumerate(s.loc):
        if a >= 0 and came_from[u] >= 0 and not has_side(occ, a, 1 - comp.u_side[u], comp):
            came_from[u] = -1


def stacking_check(s: GTSState, side: int) -> None:
    """3.1.4: units over the stacking limit at the end of a Movement Segment are eliminated (G23)."""
    occ = occupancy(s)
    for a in range(s.comp.n_areas):
        mine = side_units(occ, a, side, s.comp)
        for u in mine[3:]:
            s.say("3.1.4", f"{uid(s, u)} over the stacking limit in {aname(s, a)}: eliminated")
            eliminate(s, u)
    touch(s)
    check_routs(s)


# ============================================================================ fire (8.2)


FIRE_STAGES = ("g_dfire", "p_ofire", "p_dfire", "g_ofire")  # D.2, D.3, D.6, D.7


def can_fire(s: GTSState, u: int) -> bool:
    """8.2, 8.2.1: a unit of an eligible type on the map fires once in each of its side's Fire Segments
    (a unit that fired in the Defensive Fire Segment fires again in the Offensive one, 4.0 D; G42)."""
    return s.loc[u] >= 0 and s.comp.u_type[u] != HOPLITE and not s.fired[u]


def begin_fire_segment(s: GTSState) -> None:
    """A new Fire Segment (4.0 D.2, D.3, D.6, D.7): every eligible unit may fire again (8.2) and no
    target has been fired at yet (8.2.6 step 5 counts the hits a target suffers in the segment, G42)."""
    s.fired = [False] * len(s.fired)
    s.fire_tally = []
    s.fire_target, s.fire_hits = -1, 0


def occupied_areas(s: GTSState) -> list[bool]:
    """Per area, whether it holds combat units of either side (what blocks a line of sight, 8.2.4)."""
    cached: list[bool] | None = s._cache.get("occupied")
    if cached is None:
        cached = [bool(x) for x in occupancy(s)]
        s._cache["occupied"] = cached
    return cached


def enemy_areas(s: GTSState, side: int) -> list[int]:
    """The areas holding units of ``side``'s enemy, in order (cached until something moves)."""
    key = _K_ENEMY_AREAS + side
    cached: list[int] | None = s._cache.get(key)
    if cached is None:
        enemy_at = side_arrays(s, side)[2]
        cached = s._cache[key] = [b for b in range(len(enemy_at)) if enemy_at[b]]
    return cached


def fire_targets(s: GTSState, u: int) -> list[int]:
    """Areas ``u`` may fire at now: range (8.2.2), arcs (8.2.1), LOS (8.2.3-8.2.5), G24-G25. The list is
    kept until a unit moves: do not change it."""
    key = _K_FIRE + u
    cached = s._cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    comp = s.comp
    a = s.loc[u]
    side = comp.u_side[u]
    t = comp.u_type[u]
    in_range = comp.fire_ranges[t]  # 8.2.2: the ranges of the Fire Results Table's lines for the type
    geo = comp.geo
    cnt = side_arrays(s, side)[0]
    # the enemy-held areas in range, nearest first (as Geometry.within lists them): the few areas the
    # enemy holds rather than every area in range
    n, dists, top = geo.size, geo.distances, len(in_range) - 1
    # (range, area) as range * n + area: sorted as ints, not tuples (issue 12)
    near = [dists[a * n + b] * n + b for b in enemy_areas(s, side) if dists[a * n + b] <= top]
    near.sort()
    out = []
    occupied: list[bool] | None = None  # occupied_areas(s), looked up once, when a range needs it
    for rk in near:
        dist, b = rk // n, rk % n
        if not in_range[dist]:
            continue
        if b != a and cnt[b]:
            continue  # G25: no firing into a melee that holds your own units
        if t == MIXED and b != a and not geo.in_front_arc(FACING_NAMES[s.facing[u]], a, b):
            continue
        if dist >= 2:
            if occupied is None:
                occupied = occupied_areas(s)
            if not geo.los(a, b, occupied):
                continue
        out.append(b)
    s._cache[key] = out
    return out


def shoot(s: GTSState, u: int, b: int) -> int:
    """One unit fires at area ``b`` (8.2.6 steps 1-4): the hits it scores."""
    comp = s.comp
    a = s.loc[u]
    tname = TYPE_NAMES[comp.u_type[u]]
    dist = comp.geo.distance(a, b)
    line = comp.tables.fire_line(tname, dist)
    assert line is not None
    roll = s.rng.die(line.die)
    mod = -1 if comp.a_wall[b] and not comp.a_wall[a] else 0  # TEC: target in a Wall area, across the Wall
    hits = line.hits(roll + mod)
    s.fired[u] = True
    modtext = " -1 Wall" if mod else ""
    what = f"fires at {aname(s, b)} (range {dist}, d{line.die} {roll}{modtext}): {hits} hit{'s' if hits != 1 else ''}"
    say_fog(s, "8.2.6", f"{uid(s, u)} {what}", f"{uid(s, u) if is_top(s, u) else 'a unit in ' + aname(s, a)} {what}",
            comp.u_side[u])
    return hits


def resolve_fire(s: GTSState) -> None:
    """8.2.6 steps 5-6 for the target just fired at: its top unit's Defensive Value is deducted once from
    all the hits it suffered in the Fire Segment, even when fire comes back to it after other targets
    (the tally keeps its hits and that DV); what exceeds the DV are Step Losses, and the Step Losses
    not yet inflicted are inflicted now (8.2.8). RULINGS G42; morale G36."""
    b, hits = s.fire_target, s.fire_hits
    s.fire_target, s.fire_hits = -1, 0
    if b < 0:
        return
    comp = s.comp
    occ = occupancy(s)
    target_side = 1 - s.moving_side
    targets = side_units(occ, b, target_side, comp)
    if not targets:
        return
    rec = next((r for r in s.fire_tally if r[0] == b), None)
    if rec is None:
        top = targets[0]
        rec = [b, 0, comp.u_dv[top] - (1 if s.disordered[top] else 0)]  # only the top unit's DV (8.2.6; 8.4.3)
        s.fire_tally.append(rec)
    before, dv = rec[1], rec[2]
    total = rec[1] = before + hits
    done = max(0, before - dv)  # Step Losses this target's earlier fire in the segment came to
    net = max(0, total - dv) - done
    what = f"{hits} hit{'s' if hits != 1 else ''}"
    if before:
        what += f" more, {total} in this segment,"
    if net <= 0:
        s.say("8.2.6", f"fire at {aname(s, b)}: {what} against DV {dv}: no effect")
        return
    s.say("8.2.6", f"fire at {aname(s, b)}: {what} against DV {dv}: {net} Step Loss{'es' if net > 1 else ''}")
    take_losses(s, b, target_side, net, "8.2.8", reveal=False, already=done)
    touch(s)
    check_routs(s)


# ============================================================================ losses and morale (8.2.8, 8.4)


def take_losses(s: GTSState, a: int, side: int, n: int, rule: str, reveal: bool = True, already: int = 0) -> int:
    """Step Losses to ``side``'s units in area ``a``, top unit first (3.1.1, 8.2.6, 8.2.8). A side whose
    units there take two or more in the Fire or Melee Combat segment checks morale with every survivor
    there, once: when ``already`` (those taken earlier in the segment) and these first reach two (8.4.1,
    8.2.8, G36). Returns losses taken."""
    comp = s.comp
    units = side_units(occupancy(s), a, side, comp)
    taken = 0
    for u in units:
        if n <= 0:
            break
        k = min(n, comp.u_steps[u] - s.losses[u])
        s.losses[u] += k
        n -= k
        taken += k
        who = uid(s, u) if reveal or is_top(s, u) else f"a unit under the top in {aname(s, a)}"
        if s.losses[u] >= comp.u_steps[u]:
            s.say(rule, f"{uid(s, u)} eliminated")  # it goes to its Morale Track, in view of all
            eliminate(s, u)
        else:
            what = f"takes {k} Step Loss{'es' if k > 1 else ''} ({s.losses[u]}/{comp.u_steps[u]})"
            say_fog(s, rule, f"{uid(s, u)} {what}", f"{who} {what}", side)
    touch(s)
    if already < 2 <= already + taken:
        for u in units:
            if s.loc[u] == a:
                morale_check(s, u, reveal or is_top(s, u))
        touch(s)
    return taken


def morale_check(s: GTSState, u: int, reveal: bool = True) -> None:
    """8.4.1: D10 against the MR; +1 if Disordered; a pass also clears Disorder (table note)."""
    mr = morale_rating(s, u)
    roll = s.rng.d10()
    res = s.comp.tables.morale_result(mr, roll, s.disordered[u])
    drm = " +1 Disordered" if s.disordered[u] else ""
    if res == "pass":
        text = "passes and recovers" if s.disordered[u] else "passes"
        s.disordered[u] = False
    elif res == "disorder":
        s.disordered[u] = True
        text = "Disordered"
    else:
        text = "routs"
    full = f"{uid(s, u)} morale check d10 {roll}{drm} vs MR {mr}: {text}"
    if res == "rout":
        s.say("8.4.1", full)  # the routed unit goes to its Morale Track, in view of all
        eliminate(s, u)
    else:
        say_fog(s, "8.4.1", full, full if reveal else f"a unit under the top in {aname(s, s.loc[u])}: {text}",
                s.comp.u_side[u])


def eliminate(s: GTSState, u: int) -> None:
    """An eliminated or routed unit goes to its contingent's Morale Track (8.4.4)."""
    c = s.comp.u_cont[u]
    s.loc[u] = TRACK
    s.disordered[u] = False
    s.feint[u] = False
    s.lost[c] += 1
    touch(s)


def check_routs(s: GTSState) -> None:
    """8.4.4: a contingent whose track reaches its Routs box routs; 8.4.5: the army tracks."""
    comp = s.comp
    changed = True
    while changed:
        changed = False
        for c in range(len(comp.cont_ids)):
            if s.routed[c] or s.lost[c] < routs_box(s, c):
                continue
            changed = True
            s.routed[c] = True
            for u in comp.cont_units[c]:
                if s.loc[u] >= 0:
                    s.loc[u] = TRACK
                    s.disordered[u] = False
            touch(s)
            pool = [u for u in comp.cont_units[c] if s.loc[u] == TRACK]
            pool.sort(key=lambda v: (-comp.u_mf[v][0], v))
            cid = comp.cont_ids[c]
            n = 2 if cid in ("spartans", "immortals") else 1
            moved = pool[:n]
            for u in moved:
                s.loc[u] = ARMY
                (s.army_g if comp.cont_side[c] == GREEK else s.army_p).append(u)
            s.say("8.4.4", f"the {cname(s, c)} rout: their remaining units leave the field; "
                           f"{', '.join(uid(s, u) for u in moved) or 'no unit'} to the "
                           f"{SIDE_NAMES[comp.cont_side[c]].title()} Army Morale Track")
            if c == s.current and comp.cont_side[c] == PERSIAN:
                current_contingent_routs(s)
    check_armies(s)


def current_contingent_routs(s: GTSState) -> None:
    """9.0(1): "If/when the current Persian contingent on the map routs (see Case 8.4.4) any remaining
    units are immediately removed from play": every other Persian unit on the map (an earlier contingent
    that entered under 9.0(2), the day-3 Immortals once they have entered) leaves the field with it, back
    to the pool, and with no Persian left the Action Rounds end (D; G29, G40). The Immortals still in
    the Ephialtes Box are not on the map and stay there (G33)."""
    left = on_map(s, PERSIAN)
    for u in left:
        s.loc[u] = POOL
        s.disordered[u] = False
    touch(s)
    if left:
        s.say("9.0", f"9.0(1): the {cname(s, s.current)} were the attacking contingent: the {len(left)} other "
                     "Persian units on the map are removed from play")


def routs_box(s: GTSState, c: int) -> int:
    comp = s.comp
    if s.all_spartans and comp.cont_side[c] == GREEK:
        return len(comp.cont_units[c])  # 11.4: every Greek contingent's X in the last box
    return comp.routs_box[c]


def check_armies(s: GTSState) -> None:
    """8.4.5: a Greek Army rout is a Persian automatic victory; the Persian Army's first fill is
    a morale crisis, its second a Greek automatic victory; both at once, the Persians win."""
    if s.winner >= 0:
        return
    comp = s.comp
    greek_rout = len(s.army_g) >= comp.army_rout_at[GREEK]
    persian_full = len(s.army_p) >= comp.army_rout_at[PERSIAN]
    if greek_rout:
        s.say("8.4.5", "the Greek Army routs: Persian automatic victory")
        finish(s, PERSIAN, "the Greek Army routed (8.4.5)")
        return
    if persian_full:
        if s.crises < comp.army_crises[PERSIAN]:
            s.crises += 1
            for u in s.army_p:
                s.loc[u] = GONE
            s.say("8.4.5", f"Persian morale crisis: {', '.join(uid(s, u) for u in s.army_p)} are out of the game")
            s.army_p = []
        else:
            s.say("8.4.5", "the Persian Army routs: Greek automatic victory")
            finish(s, GREEK, "the Persian Army routed (8.4.5)")


def finish(s: GTSState, winner: int, reason: str) -> None:
    s.winner = winner
    s.win_reason = reason
    s.actor = -1
    s.stage = "over"


def victory_points(s: GTSState) -> tuple[int, int]:
    """10.0: Greek 3 a Persian contingent on the Army Track or lost in a crisis (Immortals 5);
    Persian 6 a Greek contingent on the Army Track (Spartans 10; every contingent 10 in 11.4)."""
    comp = s.comp
    g = p = 0
    for c, cid in enumerate(comp.cont_ids):
        hit = any(s.loc[u] in (ARMY, GONE) for u in comp.cont_units[c])
        if not hit:
            continue
        if comp.cont_side[c] == PERSIAN:
            g += 5 if cid == "immortals" else 3
        else:
            p += 10 if cid == "spartans" or s.all_spartans else 6
    return g, p


def contingent_winners(s: GTSState) -> dict[str, bool]:
    """11.2: a non-Spartan contingent sent away or set to guard on day 3 wins; the rest win with the Greeks."""
    comp = s.comp
    out: dict[str, bool] = {}
    greek_won = s.winner == GREEK
    for c, cid in enumerate(comp.cont_ids):
        if comp.cont_side[c] != GREEK:
            continue
        spared = s.day == DAYS and cid != "spartans" and (
            c == s.guard or any(s.loc[u] == AWAY for u in comp.cont_units[c]))
        out[cid] = spared or greek_won
    return out


# ============================================================================ melee (8.3)


def retreat_path(s: GTSState, a: int, group: list[int], direction: int, steps: int) -> int:
    """Where ``group`` ends a retreat before combat of ``steps`` areas (8.3.2 step 1, 11.3), or -1.
    Straight on in ``direction`` (0..7), else the two neighbouring directions; ZOCs ignored; no
    enemy-occupied or Coastal area; it goes on while the end area would be overstacked (G26)."""
    comp = s.comp
    occ = occupancy(s)
    side = comp.u_side[group[0]]
    t = comp.u_type[group[0]]
    size = len(group)

    def ok_pass(n: int) -> bool:
        return n >= 0 and comp.a_pass[n] and not has_side(occ, n, 1 - side, comp)

    def fits(n: int) -> bool:
        mine = [v for v in side_units(occ, n, side, comp) if v not in group]
        return all(comp.u_type[v] == t for v in mine) and len(mine) + size <= 3

    cur = a
    k = 0
    while k < steps + 6:
        nxt = -1
        for d in (direction, (direction + 1) % 8, (direction - 1) % 8):
            n = comp.nbr[cur][d]
            if ok_pass(n):
                nxt = n
                break
        if nxt < 0:
            return -1
        cur = nxt
        k += 1
        if k >= steps and fits(cur):
            return cur
    return -1


def retreat_options(s: GTSState, a: int, att_side: int) -> tuple[list[int], int, list[int], int]:
    """Light defenders able to retreat two areas (8.3.2 step 1) and Spartans able to feint (11.3)."""
    comp = s.comp
    occ = occupancy(s)
    att = side_units(occ, a, att_side, comp)
    dfn = side_units(occ, a, 1 - att_side, comp)
    if not att or not dfn:
        return [], -1, [], -1
    away = 2 * s.facing[att[0]]  # away from the attackers: through the Rear if attacked from the Front
    lights: list[int] = []
    lend = -1
    if comp.u_type[att[0]] in (HOPLITE, MIXED):
        lights = [u for u in dfn if comp.u_type[u] in LIGHT]
        if lights:
            lend = retreat_path(s, a, lights, away, 2)
            if lend < 0:
                lights = []
    spartans: list[int] = []
    send = -1
    if s.feigned and att_side == PERSIAN:
        spartans = [u for u in dfn if comp.u_type[u] == HOPLITE and comp.cont_ids[comp.u_cont[u]] == "spartans"]
        if spartans:
            rear = (2 * s.facing[spartans[0]] + 4) % 8
            send = retreat_path(s, a, spartans, rear, 1)
            if send < 0 or send != comp.nbr[a][rear]:
                spartans, send = [], -1
    return lights, lend, spartans, send


def feint_question(s: GTSState, a: int, att_side: int) -> bool:
    """11.3 in the two-player game (3.4): the Greeks are asked before every Persian melee against a
    hoplite stack (its top shows the type, 3.1.2), Spartans in it or not, since being asked only
    when Spartans could feint would tell the Persians that Spartans stand under the top (G43)."""
    if not (s.feigned and s.mode == "two" and att_side == PERSIAN):
        return False
    greeks = side_units(occupancy(s), a, GREEK, s.comp)
    return bool(greeks) and s.comp.u_type[greeks[0]] == HOPLITE


def do_retreat(s: GTSState, group: list[int], end: int, rule: str) -> None:
    start = s.loc[group[0]]
    for u in group:
        s.loc[u] = end
        s.seq[u] = s.next_seq
        s.next_seq += 1
        s.came_from[u] = -1
    touch(s)
    s.say(rule, f"{'+'.join(uid(s, u) for u in group)} retreat before combat {aname(s, start)} -> {aname(s, end)}")


def feint(s: GTSState, group: list[int], end: int) -> bool:
    """11.3: one Morale Check for all the Spartans (average losses); success retreats one area."""
    comp = s.comp
    avg = (sum(s.losses[u] for u in group) * 2 + len(group)) // (2 * len(group))
    mr = comp.tables.morale_rating("greek", "spartans", False, avg) or 1
    roll = s.rng.d10()
    if roll > mr:
        s.say("11.3", f"Spartan feigned retreat: d10 {roll} vs MR {mr}: fails, they stand")
        return False
    s.say("11.3", f"Spartan feigned retreat: d10 {roll} vs MR {mr}: succeeds")
    do_retreat(s, group, end, "11.3")
    for u in group:
        s.feint[u] = True
    return True


def melee(s: GTSState, a: int, att_side: int) -> None:
    """Resolve the melee in area ``a`` with ``att_side`` attacking (8.3.2 steps 2-5)."""
    comp = s.comp
    tables = comp.tables
    occ = occupancy(s)
    att = side_units(occ, a, att_side, comp)
    dfn = side_units(occ, a, 1 - att_side, comp)
    if not att or not dfn:
        return
    at, dt = att[0], dfn[0]
    amf = sum(s.mf(u) for u in att)
    dmf = sum(s.mf(u) for u in dfn)
    col = tables.odds_column(amf, dmf)
    shifts: list[str] = []
    shift = 0
    if any(s.disordered[u] for u in att):
        shift -= 1
        shifts.append("Disordered attacker 1L (8.4.3)")
    ts = tables.unit_type_shift(TYPE_NAMES[comp.u_type[at]], TYPE_NAMES[comp.u_type[dt]])
    if ts:
        shift += ts
        shifts.append(f"{TYPE_NAMES[comp.u_type[at]]} v {TYPE_NAMES[comp.u_type[dt]]} {abs(ts)}{'R' if ts > 0 else 'L'}"
                      " (8.3.3)")
    sit = situation(s.facing[at], s.facing[dt])
    if sit != FRONT:
        ss = tables.situation_shift(SITUATION_NAMES[sit], TYPE_NAMES[comp.u_type[at]])
        shift += ss
        shifts.append(f"{SITUATION_NAMES[sit]} attack {ss}R (8.3.4)")
    src = s.came_from[at]
    if src >= 0:
        if comp.a_level[a] == 2 and comp.a_level[src] == 1:
            shift -= 1
            shifts.append("attacking up onto Level 2 1L (TEC)")
        if comp.a_wall[a] and not comp.a_wall[src]:
            shift -= 1
            shifts.append("attacking across the Wall 1L (TEC)")
    if any(s.feint[u] for u in att):
        shift += 1
        shifts.append("Spartan feint 1R (11.3)")
    if any(s.feint[u] for u in dfn):
        shift -= 1
        shifts.append("Spartan feint 1L (11.3)")
    final = tables.shift_column(col, shift)
    roll = s.rng.d6()
    res = tables.mcrt(final, roll)
    al, dl = res.attacker, res.defender
    front_cut = comp.u_type[dt] == HOPLITE and comp.u_side[dt] == GREEK and sit == FRONT and dl > 0
    if front_cut:
        dl -= 1
    who = SIDE_NAMES[att_side].title()
    vis_att = ", ".join(uid(s, u) for u in att)
    vis_def = ", ".join(uid(s, u) for u in dfn)
    s.say("8.3.2", f"{who} melee in {aname(s, a)}: {vis_att} ({amf}) v {vis_def} ({dmf}) = {col}"
                   f"{'; ' + '; '.join(shifts) if shifts else ''} -> {final}; d6 {roll}: {res.attacker}/{res.defender}"
                   f"{'; Greek hoplites hit in front take 1 less (8.3.2 step 4)' if front_cut else ''}")
    if s.mode == "two":
        s.reveals += 1  # 3.4: stacks in melee are inspected
    for u in att + dfn:
        s.feint[u] = False
    if al:
        take_losses(s, a, att_side, al, "8.3.5")
    if dl:
        take_losses(s, a, 1 - att_side, dl, "8.3.5")
    check_routs(s)


# ============================================================================ recovery (8.4.2)


def recovery(s: GTSState) -> None:
    occ = occupancy(s)
    comp = s.comp
    for u in range(len(s.loc)):
        a = s.loc[u]
        if a < 0 or not s.disordered[u] or has_side(occ, a, 1 - comp.u_side[u], comp):
            continue
        mr = morale_rating(s, u)
        roll = s.rng.d10()
        if roll + 1 <= mr:
            s.disordered[u] = False
            s.say("8.4.2", f"{uid(s, u)} rallies (d10 {roll} +1 vs MR {mr})")
        else:
            s.say("8.4.2", f"{uid(s, u)} stays Disordered (d10 {roll} +1 vs MR {mr})")


# ============================================================================ deployment (6.0, 7.0)


def greek_available(s: GTSState, c: int) -> bool:
    comp = s.comp
    return not s.routed[c] and any(s.loc[u] in (POOL, BOX) or s.loc[u] >= 0 for u in comp.cont_units[c])


def greek_contingents(s: GTSState) -> list[int]:
    comp = s.comp
    return [c for c in range(len(comp.cont_ids)) if comp.cont_side[c] == GREEK and greek_available(s, c)]


def spartans(s: GTSState) -> int:
    return s.comp.cont_ids.index("spartans")  # (Comp.cont, without a method call from compiled code)


def guard_candidates(s: GTSState) -> list[int]:
    """6.0: any Greek contingent but the Spartans (who set up west of the Wall, 6.0.1; 5.3)."""
    return [c for c in greek_contingents(s) if c != spartans(s)]


def west_candidates(s: GTSState) -> list[int]:
    """6.0.1(3)-(4): the other contingent west of the Wall: not the Peloponnesians, and the
    Phocians only when no other contingent is left."""
    comp = s.comp
    cands = [c for c in greek_contingents(s) if c not in (spartans(s), s.guard)
             and comp.cont_ids[c] != "peloponnesians" and any(s.loc[u] == POOL for u in comp.cont_units[c])]
    others = [c for c in cands if comp.cont_ids[c] != "phocians"]
    return others or cands


def deploy_order(s: GTSState) -> list[int]:
    """Greek units to place (6.0): the Spartans, the west contingent, the rest, the Phocians last."""
    comp = s.comp
    conts = [c for c in greek_contingents(s) if c != s.guard]
    first = [c for c in (spartans(s), s.west) if c in conts]
    rest = [c for c in conts if c not in first and comp.cont_ids[c] != "phocians"]
    last = [c for c in conts if c not in first and c not in rest]
    out: list[int] = []
    for c in first + rest + last:
        out.extend(u for u in comp.cont_units[c] if s.loc[u] == POOL)
    return out


def must_be_west(s: GTSState, u: int) -> bool:
    c = s.comp.u_cont[u]
    return s.day < DAYS and c in (spartans(s), s.west)


def place_options(s: GTSState, u: int) -> list[tuple[int, int]]:
    """Legal (area, facing) for placing Greek unit ``u`` (6.0, 6.0.1, 3.1.2; G4, G27). The list is kept
    until a unit moves: do not change it."""
    key = _K_PLACE + u
    cached = s._cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    comp = s.comp
    occ = occupancy(s)
    loc = s.loc
    c = comp.u_cont[u]
    cid = comp.cont_ids[c]
    west_only = must_be_west(s, u)
    phocians_west_ok = True
    if cid == "phocians":
        # 6.0.1(4): Phocians west of the Wall only once every other contingent is there
        for v in range(len(loc)):
            if loc[v] >= 0 and comp.u_side[v] == GREEK and comp.u_cont[v] != c \
                    and comp.a_row[loc[v]] not in comp.west_rows:
                phocians_west_ok = False
                break
    placed = [loc[v] for v in comp.cont_units[c] if loc[v] >= 0]
    near: set[int] | None = None  # G4: a contingent set up in adjacent areas: next to one already placed
    if comp.counters.contingents[cid].adjacent_setup and placed:
        near = set(placed)
        nbr = comp.nbr
        for p in placed:
            for n in nbr[p]:
                if n >= 0:
                    near.add(n)
    fits = _deploy_fits(s, comp.u_type[u], occ)
    out: list[tuple[int, int]] = []
    if not west_only and phocians_west_ok and near is None:
        for _, _, spots in fits:
            out += spots
    else:
        for a, west, spots in fits:
            if spots and not (west_only and not west) and not (west and not phocians_west_ok) \
                    and (near is None or a in near):
                out += spots
    if not out:  # G27: a unit boxed in may be placed anywhere legal
        for _, _, spots in fits:
            out += spots
    s._cache[key] = out
    return out


_Fit = tuple[int, bool, tuple[tuple[int, int], ...]]


def _deploy_fits(s: GTSState, t: int, occ: list[list[int]]) -> list[_Fit]:
    """For each area of the deployment rows (``Comp.deploy_areas``, in order): the area, whether it is west
    of the Wall, and the (area, facing) spots a Greek unit of type ``t`` may take there (3.1.1, 3.1.2; 3.1.3:
    a stack keeps one facing; none where it may not join). Kept until something moves; :func:`place` updates
    it in the one area a placed unit joins."""
    key = _K_FITS + t
    cached: list[_Fit] | None = s._cache.get(key)
    if cached is not None:
        return cached
    fits = [(a, west, _fit_spots(s, t, a, occ[a])) for a, west in s.comp.deploy_areas]
    s._cache[key] = fits
    return fits


def _fit_spots(s: GTSState, t: int, a: int, pile: list[int]) -> tuple[tuple[int, int], ...]:
    """:func:`_deploy_fits` in area ``a`` holding ``pile``: no spot where the Greeks there are three or of
    another type than ``t``, the facing of their top unit where there are some, else every facing."""
    comp = s.comp
    u_side, u_type = comp.u_side, comp.u_type
    top, n = -1, 0  # the Greek units there: the top one, how many (if all of type t)
    for v in pile:
        if u_side[v] == GREEK:
            if u_type[v] != t:
                return ()
            if top < 0:
                top = v
            n += 1
    if n >= 3:
        return ()
    if top >= 0:
        return ((a, s.facing[top]),)
    return _AREA_SPOTS[a] if a < len(_AREA_SPOTS) else tuple((a, f) for f in _ALL_FACINGS)


# (area, facing) for every facing, by area (the map has 135 areas; bigger maps build theirs on the spot)
_AREA_SPOTS = tuple(tuple((a, f) for f in _ALL_FACINGS) for a in range(256))


def place_texts(s: GTSState, u: int) -> list[str]:
    """The "place U AREA F" actions of Greek unit ``u``: its :func:`place_options` (6.0), in order."""
    texts = _place_texts_of(s.comp, u)
    return [texts[4 * a + f] for a, f in place_options(s, u)]


def _place_texts_of(comp: Comp, u: int) -> list[str]:
    """Every "place U AREA F" text of unit ``u``, at index 4 * area + facing: made once per components
    (``Comp.memo``), not at every listing (issue 12)."""
    table: list[list[str] | None] | None = comp.memo.get("place texts")
    if table is None:
        table = comp.memo["place texts"] = [None] * len(comp.unit_ids)
    texts = table[u]
    if texts is None:
        head = f"place {comp.unit_ids[u]} "
        texts = table[u] = [head + name for name in comp.area_facing_names]
    return texts


def place(s: GTSState, u: int, a: int, f: int) -> None:
    occ = occupancy(s)
    here = side_units(occ, a, GREEK, s.comp)
    cache = s._cache
    fits = {t: cache[_K_FITS + t] for t in range(len(TYPE_NAMES)) if _K_FITS + t in cache}
    s.loc[u] = a
    s.facing[u] = f
    s.seq[u] = s.next_seq
    s.next_seq += 1
    s.came_from[u] = -1
    s.force[u] = s.force[here[0]] if here else s.next_force
    if not here:
        s.next_force += 1
    _force_moved(s, GREEK, [u], -1, a)
    s.deployed_at[u] = 4 * a + f  # G44: remembered for "deploy repeat"
    if fits:
        pile = s._cache["occ"][a]  # _force_moved kept the occupancy, with u added
        i = _deploy_index(s.comp).get(a, -1)
        for t, old in fits.items():  # only area a's spots changed (3.1.2, 3.1.3)
            if i >= 0:
                old = list(old)
                old[i] = (a, old[i][1], _fit_spots(s, t, a, pile))
            cache[_K_FITS + t] = old


def _deploy_index(comp: Comp) -> dict[int, int]:
    """Each deployment area's place in ``Comp.deploy_areas``."""
    index: dict[int, int] | None = comp.memo.get("deploy index")
    if index is None:
        index = comp.memo["deploy index"] = {a: i for i, (a, _) in enumerate(comp.deploy_areas)}
    return index


# ---------------------------------------------------------------------------- 6.0 set-ups in one choice (G44)
_WEST_FACING = FACING_NAMES.index("W")  # towards the Persians, who come from row A


def standard_spot(s: GTSState, u: int) -> tuple[int, int]:
    """The standard deployment's (area, facing) for Greek unit ``u``: one of ``place_options`` (6.0, 6.0.1;
    G44). Hoplite and mixed units hold the line, the light units (javelin, bow) stand right behind it; a
    contingent bound west of the Wall (6.0.1(3)) holds the narrows two rows before it (its lights in the row
    before the Wall), every other contingent the Wall row (its lights one row behind); within a row the areas
    nearest the road first; everyone facing west (the Persians come from row A). Stacking (3.1.2, 6.0.1(2)),
    adjacency (6.0.1(1), G4) and the Phocian rule (6.0.1(4)) are the options' own checks."""
    comp = s.comp
    ranks = _spot_ranks(comp, must_be_west(s, u), comp.u_type[u] not in ZOC_TYPES)
    # the option of least rank (min() by ranks[4 * area + facing], written out: no key call per option)
    best_rank, best = -1, (-1, -1)
    for spot in place_options(s, u):
        rank = ranks[4 * spot[0] + spot[1]]
        if best_rank < 0 or rank < best_rank:
            best_rank, best = rank, spot
    if best_rank < 0:
        raise ValueError("standard_spot: no place to set the unit up")  # as min() of no options
    return best


def _spot_ranks(comp: Comp, west: bool, light: bool) -> list[int]:
    """:func:`standard_spot`'s order of every deployment (area, facing) for a unit bound west of the Wall or
    not, light or not, as each spot's place in that order: the map's alone, so worked out once per
    components (``Comp.memo``). The order is by (astray, distance from the wanted row, behind it, distance
    from the road, facing not west); on a tie an option's place in ``place_options`` decided, which lists an
    area's facings in order: the spot itself (4 * area + facing) is the last key, so no two spots tie. By
    4 * area + facing (a list, not a dict of tuples: issue 12); spots outside the deployment rows rank last."""
    key = f"spot order {int(west)}{int(light)}"
    order: list[int] | None = comp.memo.get(key)
    if order is not None:
        return order
    wall = comp.wall_row
    want = wall - (1 if light else 2) if west else wall + (1 if light else 0)
    road_col = {comp.a_row[a]: comp.a_col[a] for a in comp.map.road}
    ranks: dict[tuple[int, int], tuple[int, int, int, int, int, int]] = {}
    for a, _ in comp.deploy_areas:
        r = comp.a_row[a]
        astray = int(not west and r < wall)  # only the contingents bound west stand before the Wall
        behind = 0 if r >= want else 1  # on a tie, the row nearer the Wall (further from the Persians)
        for f in _ALL_FACINGS:
            ranks[(a, f)] = (astray, abs(r - want), behind, abs(comp.a_col[a] - road_col.get(r, comp.a_col[a])),
                             int(f != _WEST_FACING), 4 * a + f)
    # one int per spot rather than the tuple: min() compares ints (issue 12)
    order = [len(ranks)] * (4 * comp.n_areas)
    for i, (a, f) in enumerate(sorted(ranks, key=ranks.__getitem__)):
        order[4 * a + f] = i
    comp.memo[key] = order
    return order


def repeat_spot(s: GTSState, u: int) -> tuple[int, int]:
    """Where ``u`` was set up the last time (G44), if that is still one of ``place_options``; else its
    standard spot."""
    last = s.deployed_at[u]
    spot = (last // 4, last % 4)
    return spot if last >= 0 and spot in place_options(s, u) else standard_spot(s, u)


def can_repeat(s: GTSState) -> bool:
    """G44: "deploy repeat" is offered when some unit still to place has been set up before."""
    return any(s.deployed_at[u] >= 0 for u in s.deploy_queue)


def deploy_rest(s: GTSState, repeat: bool) -> list[int]:
    """6.0 (G44): set up every unit still to place, in the set order (6.0.1, G27), each on its standard or
    its last spot; each spot is one of that unit's ``place_options`` at its turn. The units placed."""
    placed: list[int] = []
    while s.deploy_queue and place_options(s, s.deploy_queue[0]):
        u = s.deploy_queue[0]
        a, f = repeat_spot(s, u) if repeat else standard_spot(s, u)
        s.deploy_queue.pop(0)
        place(s, u, a, f)
        placed.append(u)
    return placed


def placed_greeks(s: GTSState) -> list[int]:
    """The Greek units set up in the present deployment, in the order they were placed (6.0: the Greeks on
    the map were all picked up before it, so ``seq`` is their placing order)."""
    comp = s.comp
    loc = s.loc
    return sorted((u for u in range(len(loc)) if loc[u] >= 0 and comp.u_side[u] == GREEK),
                  key=s.seq.__getitem__)


def placed_contingents(s: GTSState) -> list[int]:
    """The contingents set up in the present deployment, in the order they were placed."""
    out: list[int] = []
    for u in placed_greeks(s):
        if s.comp.u_cont[u] not in out:
            out.append(s.comp.u_cont[u])
    return out


def take_back(s: GTSState, c: int) -> list[int]:
    """G44: before the set-up is done, contingent ``c`` and every unit placed after its first go back to the
    pool and are placed again in the set order: the position is the one before ``c`` was placed, so every
    6.0.1 check made then still holds for the units left on the map. The units taken back."""
    placed = placed_greeks(s)
    first = min(s.seq[v] for v in placed if s.comp.u_cont[v] == c)
    back = [v for v in placed if s.seq[v] >= first]
    for v in back:
        s.loc[v] = POOL
    touch(s)
    s.deploy_queue = deploy_order(s)
    return back


def pick_up_greeks(s: GTSState) -> None:
    for u in on_map(s, GREEK):
        s.loc[u] = POOL
    touch(s)


def stack_sizes(n: int) -> list[int]:
    """7.0: as many three-stacks as possible, the rest in two-stacks."""
    if n <= 0:
        return []
    if n == 1:
        return [1]
    if n % 3 == 0:
        return [3] * (n // 3)
    if n % 3 == 2:
        return [3] * (n // 3) + [2]
    return [3] * ((n - 4) // 3) + [2, 2]


def entry_areas(s: GTSState, rows: list[int]) -> list[int]:
    """Areas of ``rows`` in order: each row from its centre areas outwards, north first on ties (7.0)."""
    comp = s.comp
    out: list[int] = []
    for r in rows:
        cells = [a for a in range(comp.n_areas) if comp.a_row[a] == r and comp.a_pass[a]]
        if not cells:
            continue
        cols = [comp.a_col[a] for a in cells]
        centre = (min(cols) + max(cols)) / 2
        cells.sort(key=lambda a: (abs(comp.a_col[a] - centre), comp.a_col[a]))
        out.extend(cells)
    return out


def persian_deploy(s: GTSState, c: int, rows: list[int], facing: int, rule: str, ignore_greeks: bool) -> None:
    """7.0 / 7.0.2: three-stacks from the centre of the first row outwards, then two-stacks; a row
    is filled before the next; full strength (7.0.1)."""
    comp = s.comp
    units = [u for u in comp.cont_units[c] if s.loc[u] in (POOL, TRACK, BOX)]
    s.lost[c] = 0  # 7.0.1: the contingent comes back whole (its Morale Track starts again, G31)
    s.routed[c] = False
    for u in units:
        s.losses[u] = 0
        s.disordered[u] = False
        s.feint[u] = False
    stacks: list[list[int]] = []
    for t in (MIXED, HOPLITE, BOW, JAVELIN):
        of_type = [u for u in units if comp.u_type[u] == t]
        i = 0
        for k in stack_sizes(len(of_type)):
            stacks.append(of_type[i:i + k])
            i += k
    stacks.sort(key=lambda st: -len(st))  # every three-stack before the two-stacks
    occ = occupancy(s)
    areas = entry_areas(s, rows)
    placed: list[str] = []
    for a in areas:
        if not stacks:
            break
        if side_units(occ, a, PERSIAN, comp):
            continue
        if not ignore_greeks and side_units(occ, a, GREEK, comp):
            continue
        st = stacks.pop(0)
        f = s.next_force
        s.next_force += 1
        for u in st:
            s.loc[u] = a
            s.facing[u] = facing
            s.fwd[u] = facing
            s.force[u] = f
            s.seq[u] = s.next_seq
            s.next_seq += 1
            s.came_from[u] = -1
            s.moved[u] = False
        placed.append(f"{aname(s, a)}:{len(st)}")
    for st in stacks:  # no room left (G28): they wait off the map
        for u in st:
            s.loc[u] = POOL
    touch(s)
    s.say(rule, f"the {cname(s, c)} deploy facing {FACING_NAMES[facing]}: {' '.join(placed)}")


# ============================================================================ the sequence of play's procedures


def series_over(s: GTSState) -> bool:
    """D: the Action Rounds continue "for 8 turns or until one side or the other is destroyed, or routs":
    a series is over when the current contingent has routed (9.0(1) clears the map of Persians with it)
    or either side has no unit left on the map. Immortals waiting in the Ephialtes Box are not on the
    map: no round is run for them alone (G29, G33)."""
    comp = s.comp
    if s.current >= 0 and s.routed[s.current]:
        return True
    persians = greeks = False
    loc = s.loc
    for u in range(len(loc)):
        if loc[u] >= 0:
            if comp.u_side[u] == PERSIAN:
                persians = True
            else:
                greeks = True
    return not persians or not greeks


def firers(s: GTSState, side: int) -> list[int]:
    """``side``'s units that may fire now (:func:`can_fire`, written out: 8.2, 8.2.1)."""
    comp = s.comp
    u_side, u_type, loc, fired = comp.u_side, comp.u_type, s.loc, s.fired
    return [u for u in range(len(loc)) if u_side[u] == side and loc[u] >= 0 and u_type[u] != HOPLITE
            and not fired[u]]


def melee_areas(s: GTSState) -> list[int]:
    """The areas holding units of both sides (8.3), in order."""
    u_side = s.comp.u_side
    out: list[int] = []
    for a, pile in enumerate(occupancy(s)):
        if pile:
            first = u_side[pile[0]]
            for u in pile:
                if u_side[u] != first:
                    out.append(a)
                    break
    return out


def commit(s: GTSState, c: int, why: str) -> None:
    s.current = c
    s.committed.append(c)
    s.series += 1
    s.say("5.1", f"the {cname(s, c)} are committed ({why})")


def conference_candidates(s: GTSState) -> list[int]:
    """5.3: contingents that may be chosen to stay besides the Spartans (Peloponnesians only on a 6)."""
    comp = s.comp
    out = []
    for c in greek_contingents(s):
        if c == spartans(s):
            continue
        if comp.counters.contingents[comp.cont_ids[c]].conference_only_on_six and s.conf_roll != 6:
            continue
        if c in s.stays:
            continue
        out.append(c)
    return out


def send_away(s: GTSState, keep: set[int]) -> None:
    comp = s.comp
    gone = []
    for c in greek_contingents(s):
        if c in keep:
            continue
        for u in comp.cont_units[c]:
            if s.loc[u] in (POOL, BOX) or s.loc[u] >= 0:
                s.loc[u] = AWAY
        gone.append(cname(s, c))
    touch(s)
    if gone:
        s.say("5.3", f"sent away: {', '.join(gone)}")


def set_guard(s: GTSState, c: int) -> None:
    comp = s.comp
    s.guard = c
    for u in comp.cont_units[c]:
        if s.loc[u] == POOL or s.loc[u] >= 0:
            s.loc[u] = BOX
    touch(s)
    s.say("6.0", f"the {cname(s, c)} guard the mountain path (Ephialtes Box)")


def end_of_day(s: GTSState) -> bool:
    """9.0: roll on the day's column; a contingent already used today ends the day."""
    comp = s.comp
    if not on_map(s, GREEK):
        # G29: no Greek unit is left to fight (the guard takes no part, G33): a new contingent could only
        # bring series without a single Action Round, so the day ends without a roll
        s.say("9.0", "no Greek combat unit is left on the map: the day ends")
        s.stage = "day_end"
        return True
    roll = s.rng.d10()
    cid = comp.tables.committed(s.day, roll)
    c = comp.cont(cid)
    if c in s.committed:
        s.say("9.0", f"end of day check: d10 {roll}: the {cname(s, c)} again: the day ends")
        s.stage = "day_end"
        return True
    previous = s.current
    commit(s, c, f"end of day check d10 {roll}")
    s.round = 0
    if previous >= 0 and s.routed[previous]:
        # 9.0(1): the Persians left the field when the current contingent routed (current_contingent_routs)
        s.say("9.0", "9.0(1): the attacking contingent has routed: both sides deploy anew")
        s.stage = "west"
    else:
        s.say("9.0", "9.0(2): the armies stay where they are; the new contingent enters at rows A and B")
        s.stage = "pdeploy"
    return True


def end_game_on_points(s: GTSState) -> None:
    g, p = victory_points(s)
    if g > p:
        s.say("10.0", f"victory points: Greeks {g}, Persians {p}: Greek victory")
        finish(s, GREEK, f"victory points {g} to {p} (10.0)")
    else:
        s.say("10.0", f"victory points: Greeks {g}, Persians {p}: Persian victory (ties go to Persia)")
        finish(s, PERSIAN, f"victory points {p} to {g} (10.0)")


# ============================================================================ decisions


def unit_role(s: GTSState, u: int) -> str:
    """The role that commands unit ``u``: its side, or in 11.2 its contingent's player."""
    comp = s.comp
    if comp.u_side[u] != GREEK:
        return "persian"
    cid = comp.cont_ids[comp.u_cont[u]]
    if s.mode == "multi" and cid != "spartans":
        return cid
    return "greek"


def roles_with_work(s: GTSState, side: int) -> list[str]:
    """Roles of ``side`` that can still move (or fire) in the present segment and have not ended it."""
    roles = s.roles()
    done = {roles[i] for i in s.ended}
    out: set[str] = set()
    if s.stage in ("p_move", "g_move"):
        for m in move_menu(s, side):
            r = m.role
            if r not in out and r not in done and m.reach.keys:
                out.add(r)
            for _, rv in m.detach:
                if rv not in done:
                    out.add(rv)
    elif s.stage in FIRE_STAGES:
        for u in firers(s, side):
            r = unit_role(s, u)
            if r not in out and r not in done and fire_targets(s, u):
                out.add(r)
    return [r for r in roles if r in out]


def has_work(s: GTSState, side: int) -> bool:
    """Whether :func:`roles_with_work` is not empty (whether the segment goes on, 4.0 D): the same test,
    stopped at the first force that may move (8.1.2) or unit that may fire (8.2) for a role that has not
    ended the segment (11.2), rather than asking every one."""
    ended = s.ended
    if ended:
        roles = s.roles()
        done = {roles[i] for i in ended}
    else:
        done = set()
    if s.stage in ("p_move", "g_move"):
        for m in move_menu(s, side):
            if m.reach.keys and m.role not in done:
                return True
            for _, rv in m.detach:
                if rv not in done:
                    return True
    elif s.stage in FIRE_STAGES:
        for u in firers(s, side):
            if unit_role(s, u) not in done and fire_targets(s, u):
                return True
    return False


def greek_deciders(s: GTSState) -> tuple[str, ...]:
    """11.2: which Greek players decide now (several at once in the Greek segments)."""
    if s.stage in ("g_move", "g_dfire", "g_ofire"):
        return tuple(roles_with_work(s, GREEK)) or ("greek",)
    if s.stage == "p_melee_run" and s.retreat_area >= 0:
        greeks = side_units(occupancy(s), s.retreat_area, GREEK, s.comp)
        if greeks:
            return (unit_role(s, greeks[0]),)
    return ("greek",)


def first_commit_options(s: GTSState) -> list[int]:
    """11.1: the Persian player picks the day's first contingent from the day's column."""
    comp = s.comp
    return [comp.cont(str(b.result)) for b in comp.tables.commitment[s.day]]


