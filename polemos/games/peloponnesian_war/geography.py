"""The Peloponnesian War's map rules as pure functions: Zones of Influence and shortest legal routes.

Nothing here knows a game state: the functions take the components and plain facts (what a force
holds, which spaces are closed to a move) so the rule modules (operations 4.x, combat 5.x, rebellion
6.x, revenue 7.1.1) share one reading of 1.3 (ZOI) and 4.1.1-4.1.4 (routes). Spaces and LOCs are
the indices of :class:`~polemos.games.peloponnesian_war.model.Components`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from polemos.games.peloponnesian_war.model import (
    ATHENS,
    COMBINED_LOC,
    LAND_LOC,
    NAVAL_LOC,
    SPARTA,
    Components,
    Loc,
)

# -- movement modes (4.1.1, 4.1.4): what a moving stack may travel along -------------------------
LEADER_ALONE, LAND_ARMY, SEA_ARMY, COAST_ARMY = 0, 1, 2, 3
MODES = ("leader alone", "land army", "sea army", "coastal army")
UNREACHABLE = 1 << 30


def movement_mode(land: int, naval: int) -> int:
    """How a stack of ``land`` and ``naval`` SPs (with its leader) moves (4.1.1, 4.1.4):

    - no SPs: a leader alone, along any LOC (4.1.1 "Leaders can move along any type of LOC");
    - Land SPs only: Land and Combined LOCs;
    - at least one Naval SP for each Land SP: Naval and Combined LOCs (4.1.4 naval transport;
      Naval SPs never use Land LOCs, 4.1.1);
    - fewer Naval than Land SPs: Combined LOCs only (4.1.4).
    """
    if land == 0 and naval == 0:
        return LEADER_ALONE
    if naval == 0:
        return LAND_ARMY
    if naval >= land:
        return SEA_ARMY
    return COAST_ARMY


def loc_open(loc: Loc, mode: int, isthmus_open: bool) -> bool:
    """May a stack moving in ``mode`` travel along ``loc``?

    4.1.3: the Cape Taenarum-Syracuse route is for an Army only, "as if it were travelling along a
    Naval LOC" (RULINGS P60: an Army that may use Naval LOCs). 4.1.2: Naval units cross the
    Isthmus only when the moving side controls Corinth and Cenchreae (``isthmus_open``); Land units
    and leaders use it as the Combined LOC it is.
    """
    if loc.storm:
        return mode == SEA_ARMY
    if mode == LEADER_ALONE:
        return True
    if loc.isthmus and mode in (SEA_ARMY, COAST_ARMY) and not isthmus_open:
        return False
    if loc.type == COMBINED_LOC:
        return True
    if loc.type == LAND_LOC:
        return mode == LAND_ARMY
    return mode == SEA_ARMY


_OPEN: dict[tuple[str, int, bool], tuple[tuple[tuple[int, int], ...], ...]] = {}
_DIST: dict[tuple[str, int, int, bool, frozenset[int]], tuple[int, ...]] = {}
_DIST_CACHE_SIZE = 4096


def open_adjacency(comp: Components, mode: int, isthmus_open: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each space, its (neighbour, LOC) pairs a stack moving in ``mode`` may travel along
    (:func:`loc_open`); computed once per map, mode and isthmus state."""
    key = (comp.version, mode, isthmus_open)
    found = _OPEN.get(key)
    if found is None:
        found = _OPEN[key] = tuple(
            tuple((there, li) for there, li in row if loc_open(comp.locs[li], mode, isthmus_open))
            for row in comp.adjacency)
    return found


def _open_neighbours(comp: Components, mode: int, isthmus_open: bool) -> tuple[tuple[int, ...], ...]:
    """:func:`open_adjacency` without the LOCs: each space's neighbours a stack moving in ``mode`` may reach."""
    key = (comp.version, mode, isthmus_open)
    found = _NEIGHBOURS.get(key)
    if found is None:
        found = _NEIGHBOURS[key] = tuple(tuple(there for there, _ in row)
                                         for row in open_adjacency(comp, mode, isthmus_open))
    return found


_NEIGHBOURS: dict[tuple[str, int, bool], tuple[tuple[int, ...], ...]] = {}


def distances_to(comp: Components, goal: int, mode: int, isthmus_open: bool,
                 closed: Collection[int] = ()) -> list[int]:
    """Fewest LOCs from every space to ``goal`` for a stack moving in ``mode`` (4.1.1 "the shortest
    legal route", RULINGS P61: measured in LOCs). A ``closed`` space may end a route (it gets its
    distance) but is never passed through; ``goal`` is always open. Unreached: ``UNREACHABLE``.
    (LOCs run both ways, so these are also the distances from ``goal``.) Results are remembered:
    the same question is asked at every step of a move."""
    return list(distance_table(comp, goal, mode, isthmus_open, closed))


def distance_table(comp: Components, goal: int, mode: int, isthmus_open: bool,
                   closed: Collection[int] = ()) -> tuple[int, ...]:
    """:func:`distances_to`, the remembered table itself (read only: no copy)."""
    blocked = frozenset(closed)
    if goal in blocked:
        blocked = blocked - {goal}
    key = (comp.version, goal, mode, isthmus_open, blocked)
    found = _DIST.get(key)
    if found is None:
        neighbours = _open_neighbours(comp, mode, isthmus_open)
        dist = [UNREACHABLE] * len(comp.spaces)
        dist[goal] = 0
        frontier = [goal]
        d = 0
        while frontier:
            nxt: list[int] = []
            d += 1  # (a breadth-first search: every space of the frontier is d - 1 LOCs away)
            for here in frontier:
                for there in neighbours[here]:
                    if dist[there] > d:
                        dist[there] = d
                        if there not in blocked:
                            nxt.append(there)
            frontier = nxt
        if len(_DIST) >= _DIST_CACHE_SIZE:
            _DIST.clear()
        found = _DIST[key] = tuple(dist)
    return found


def next_steps(comp: Components, here: int, goal: int, mode: int, isthmus_open: bool,
               closed: Collection[int] = ()) -> list[tuple[int, int]]:
    """The (space, LOC) first steps of every shortest legal route from ``here`` to ``goal``
    (4.1.1: "If more than one legal path is available, the player may choose which route to take");
    empty when ``here`` is ``goal`` or no legal route reaches it. Sorted by space index."""
    if here == goal:
        return []
    blocked = frozenset(closed)
    key = (comp.version, here, goal, mode, isthmus_open, blocked)
    found = _STEPS.get(key)
    if found is None:
        dist = distance_table(comp, goal, mode, isthmus_open, blocked)
        if dist[here] >= UNREACHABLE:
            found = ()
        else:
            found = tuple(sorted({(there, li) for there, li in comp.adjacency[here]
                                  if dist[there] == dist[here] - 1 and (there == goal or there not in blocked)
                                  and loc_open(comp.locs[li], mode, isthmus_open)}))
        if len(_STEPS) >= _DIST_CACHE_SIZE:
            _STEPS.clear()
        _STEPS[key] = found
    return list(found)


#: next_steps' answers (the same question comes back at every step of a move)
_STEPS: dict[tuple[str, int, int, int, bool, frozenset[int]], tuple[tuple[int, int], ...]] = {}


def route_length(comp: Components, here: int, goal: int, mode: int, isthmus_open: bool,
                 closed: Collection[int] = ()) -> int:
    """The number of LOCs of the shortest legal route (``UNREACHABLE`` if none)."""
    return distance_table(comp, goal, mode, isthmus_open, closed)[here]


# -- Zones of Influence (1.3) ----------------------------------------------------------------------
def _within(comp: Components, start: int, steps: int, usable: Callable[[Loc], bool]) -> set[int]:
    reached = {start}
    frontier = [start]
    for _ in range(steps):
        nxt: list[int] = []
        for here in frontier:
            for there, li in comp.adjacency[here]:
                if there not in reached and usable(comp.locs[li]):
                    reached.add(there)
                    nxt.append(there)
        frontier = nxt
    return reached


def zoi(comp: Components, space: int, side: int, hoplite: int, cavalry: int, naval: int,
        combat_phase: bool = False) -> frozenset[int]:
    """The Zone of Influence of a Force of ``side`` in ``space`` holding these SPs (1.3):

    - its own space always (Hoplites only: that space alone);
    - Cavalry: each space within 1 Land or Combined LOC;
    - Naval: each space within 2 contiguous Naval or Combined LOCs — never along the Isthmus LOC
      (4.1.2) nor the Cape Taenarum-Syracuse route (RULINGS P62: an Army's passage, no sea lane);
    - the mixed forces are the union of these (Cavalry + Naval: 2 Naval/Combined plus 1 Land LOC).

    5.3.1: Spartan ZOIs never extend into Athens or Piraeus (any phase), and an Athenian force's
    Cavalry ZOI does not extend out of Athens or Piraeus during the Combat Phase.
    """
    key = (comp.version, space, side, cavalry > 0, naval > 0, combat_phase)
    found = _ZOI.get(key)
    if found is not None and found[0] is comp:
        return found[1]
    reach = {space}
    walls = {comp.space_index["athens"], comp.space_index["piraeus"]}
    if cavalry and not (combat_phase and side == ATHENS and space in walls):
        reach |= _within(comp, space, 1, lambda loc: loc.type in (LAND_LOC, COMBINED_LOC))
    if naval:
        reach |= _within(comp, space, 2, lambda loc: loc.type in (NAVAL_LOC, COMBINED_LOC)
                         and not loc.isthmus and not loc.storm)
    if side == SPARTA:
        reach -= walls - {space}
    result = frozenset(reach)
    _ZOI[key] = (comp, result)  # bounded: spaces x 2 sides x 8 kinds of force
    return result


#: zoi's answers: they depend on the space, the side, the phase and which kinds of SPs are there
_ZOI: dict[tuple[str, int, int, bool, bool, bool], tuple[Components, frozenset[int]]] = {}


__all__ = [
    "COAST_ARMY",
    "LAND_ARMY",
    "LEADER_ALONE",
    "MODES",
    "SEA_ARMY",
    "UNREACHABLE",
    "distance_table",
    "distances_to",
    "loc_open",
    "movement_mode",
    "next_steps",
    "route_length",
    "zoi",
]
