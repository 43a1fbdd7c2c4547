"""Go Tell the Spartans' fire geometry: range, areas crossed, facing sectors, line of sight.

:class:`Geometry` is built once from an :class:`~polemos.games.thermopylae.board.AreaMap` and
precomputes everything into flat lists indexed ``a * size + b`` (plain ints, tuples and strings),
so that the engine and the AI query it in their hot loops without allocating.

Coordinates: an area's row index (A = 0 ... O = 14) is the x axis, pointing east; its column
(1 ... 9, stored as 0 ... 8) is the y axis, pointing south (board.DIRECTIONS). Every area is a unit
square centred on its integer (x, y).
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import FACINGS, AreaMap, relative_position

__all__ = ["Geometry", "compass_direction", "crossed_offsets"]

_FRONT_ARC = frozenset({"front", "front_left", "front_right"})  # 8.2.1: Mixed units fire only through these


def compass_direction(dx: int, dy: int) -> str:
    """The compass direction (a key of board.DIRECTIONS) whose 45-degree cone holds the vector (dx, dy).

    dx points east, dy south. The cones are centred on the 8 compass directions; the vector lies
    in the E/W cone when its angle from the x axis is below 22.5 degrees, i.e. when
    ``ay < (sqrt 2 - 1) * ax`` with ``ax = |dx|``, ``ay = |dy|``. As both sides are non-negative this
    is ``ax + ay < sqrt 2 * ax``, i.e. ``(ax + ay)**2 < 2 * ax**2``: integer arithmetic only.

    No ties: ``(ax + ay)**2 == 2 * ax**2`` with ``ax > 0`` would make ``(ax + ay) / ax`` a rational
    square root of 2; with ``ax == 0`` it forces ``ay == 0``, the zero vector, which is rejected.
    The same holds for the N/S test, so every non-zero integer vector falls strictly inside one cone.
    """
    if dx == 0 and dy == 0:
        raise ValueError("the zero vector has no direction")
    ax, ay = abs(dx), abs(dy)
    s = (ax + ay) * (ax + ay)
    if s < 2 * ax * ax:
        return "E" if dx > 0 else "W"
    if s < 2 * ay * ay:
        return "S" if dy > 0 else "N"
    return ("S" if dy > 0 else "N") + ("E" if dx > 0 else "W")


def crossed_offsets(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """The cells (as offsets) whose interior the segment (0, 0) -> (dx, dy) crosses, in order along it.

    The start and end cells are left out. Cells are open unit squares centred on integer points, so
    a cell touched only at a corner is not crossed, while a segment running through the middle of
    an edge crosses both cells either side of it (it enters their interiors just before and after).

    Exact Liang-Barsky with strict inequalities, scaled to integers. Work in the first quadrant
    (``p = |dx|``, ``q = |dy|``, cell ``(u, v)`` with ``u = sign(dx) * cx``); parametrise the segment
    by ``T = t * 2pq``, ``t`` in [0, 1]. Its x is inside cell column u when ``(2u-1)q < T < (2u+1)q``
    and its y inside cell row v when ``(2v-1)p < T < (2v+1)p``. The cell is crossed iff the
    intersection of the two open intervals meets [0, 2pq].
    """
    p, q = abs(dx), abs(dy)
    sx = 1 if dx >= 0 else -1
    sy = 1 if dy >= 0 else -1
    if p == 0 and q == 0:
        return ()
    if q == 0:
        return tuple((sx * u, 0) for u in range(1, p))
    if p == 0:
        return tuple((0, sy * v) for v in range(1, q))
    top = 2 * p * q
    cells: list[tuple[int, int, int]] = []  # (order key, u, v)
    for u in range(p + 1):
        for v in range(q + 1):
            if (u, v) == (0, 0) or (u, v) == (p, q):
                continue
            lo = max((2 * u - 1) * q, (2 * v - 1) * p)
            hi = min((2 * u + 1) * q, (2 * v + 1) * p)
            if lo < hi and lo < top and hi > 0:
                # Crossed cells meet the line in disjoint intervals and each next one is one step
                # further in x or y, so the projection on (p, q) orders them along the segment.
                cells.append((u * p + v * q, u, v))
    cells.sort()
    return tuple((sx * u, sy * v) for _, u, v in cells)


class Geometry:
    """Precomputed fire geometry of one map (2.2.6, 3.2, 8.2.1, 8.2.3-8.2.5)."""

    __slots__ = ("_between", "_blockers", "_dist", "_front_arc", "_position", "_within", "area_map", "distances",
                 "size")

    def __init__(self, area_map: AreaMap) -> None:
        self.area_map = area_map
        n = self.size = len(area_map.areas)
        cols = area_map.columns
        xs = [a.index // cols for a in area_map.areas]  # row index: east
        ys = [a.index % cols for a in area_map.areas]  # column - 1: south
        levels = [a.level for a in area_map.areas]
        # Offsets: index(x, y) = x * cols + y, so a cell offset (ox, oy) is the index delta ox * cols + oy.
        deltas: dict[tuple[int, int], tuple[int, ...]] = {}
        sector: dict[tuple[int, int], str] = {}
        for dx in range(-max(xs), max(xs) + 1):
            for dy in range(-max(ys), max(ys) + 1):
                deltas[dx, dy] = tuple(ox * cols + oy for ox, oy in crossed_offsets(dx, dy))
                if dx or dy:
                    sector[dx, dy] = compass_direction(dx, dy)

        # the facing diagram's name of each sector for each facing (3.2): 8 x 4 names, not one per pair
        rel = {(f, d): relative_position(f, d) for f in FACINGS for d in set(sector.values())}
        dist = [0] * (n * n)
        between: list[tuple[int, ...]] = [()] * (n * n)
        positions: dict[str, list[str]] = {f: [""] * (n * n) for f in FACINGS}
        front: dict[str, list[bool]] = {f: [False] * (n * n) for f in FACINGS}
        for a in range(n):
            for b in range(n):
                dx, dy = xs[b] - xs[a], ys[b] - ys[a]
                k = a * n + b
                dist[k] = max(abs(dx), abs(dy))
                between[k] = tuple(a + d for d in deltas[dx, dy])
                if a != b:
                    sec = sector[dx, dy]
                    for f in FACINGS:
                        pos = rel[f, sec]
                        positions[f][k] = pos
                        front[f][k] = pos in _FRONT_ARC

        # Line of sight, static part: None when terrain blocks, else the areas whose occupation blocks.
        blockers: list[tuple[int, ...] | None] = [()] * (n * n)
        for a in range(n):
            for b in range(n):
                k = a * n + b
                d = dist[k]
                if d <= 1:
                    continue
                crossed = between[k]
                la, lb = levels[a], levels[b]
                if la == lb:
                    if any(levels[x] > la for x in crossed):
                        blockers[k] = None
                    else:
                        blockers[k] = crossed
                    continue
                low, lowest = (a, la) if la < lb else (b, lb)
                if any(levels[x] > lowest and 2 * dist[low * n + x] < d for x in crossed):
                    blockers[k] = None
                else:
                    blockers[k] = tuple(x for x in crossed if dist[x * n + b] == 1)

        self._dist = dist
        #: :meth:`distance` of a and b at index ``a * size + b``, for hot loops
        self.distances: tuple[int, ...] = tuple(dist)
        # areas by range from each area, nearest first (for fire: ranges 0-4), at index 5 * a + r
        self._within = [self._near(a, dist, n, r) for a in range(n) for r in range(5)]
        self._between = between
        self._position = positions
        self._front_arc = front
        self._blockers = blockers

    @staticmethod
    def _near(a: int, dist: list[int], n: int, r: int) -> tuple[int, ...]:
        near = [b for b in range(n) if dist[a * n + b] <= r]
        near.sort(key=lambda b: (dist[a * n + b], b))
        return tuple(near)

    # ------------------------------------------------------------------------------------ queries
    def distance(self, a: int, b: int) -> int:
        """Range in areas (2.2.6, 8.2.2): the target area counts, the firer's does not; diagonals count one."""
        return self._dist[a * self.size + b]

    def within(self, a: int, r: int) -> tuple[int, ...]:
        """Areas at range 0..r (r at most 4) from ``a``, nearest first."""
        if r < 0:
            return ()
        return self._within[5 * a + min(r, 4)]

    def between(self, a: int, b: int) -> tuple[int, ...]:
        """The areas whose interior the line from a's centre to b's centre crosses, a and b excluded.

        In order from a to b, every area whatever its terrain (coastal included); an area touched only
        at a corner is not crossed. ``between(b, a)`` is ``between(a, b)`` reversed.
        """
        return self._between[a * self.size + b]

    def position(self, facing: str, a: int, b: int) -> str:
        """Where area b lies in the facing diagram (3.2) of a unit in area a facing ``facing``.

        One of board.POSITIONS: the 8 sectors are 45-degree cones centred on the 8 compass
        directions (see :func:`compass_direction`); for a neighbour it is board.relative_position.
        """
        if a == b:
            raise ValueError("an area has no position relative to itself")
        try:
            return self._position[facing][a * self.size + b]
        except KeyError:
            raise ValueError(f"a unit faces an area side (N, E, S, W), not {facing!r}") from None

    def in_front_arc(self, facing: str, a: int, b: int) -> bool:
        """True if b is in the Front, Front Left or Front Right sector of a (8.2.1, Mixed units' fire)."""
        if a == b:
            raise ValueError("an area has no position relative to itself")
        try:
            return self._front_arc[facing][a * self.size + b]
        except KeyError:
            raise ValueError(f"a unit faces an area side (N, E, S, W), not {facing!r}") from None

    def los_blockers(self, a: int, b: int) -> tuple[int, ...] | None:
        """The static part of :meth:`los`: None if terrain blocks the line a -> b, else the areas
        (a subset of ``between(a, b)``) any one of which, if it holds combat units, blocks it."""
        return self._blockers[a * self.size + b]

    def los(self, a: int, b: int, occupied: Sequence[bool]) -> bool:
        """Line of sight from a firing unit in area a to a target in area b (8.2.3-8.2.5), as Polemos rules them.

        ``occupied[i]`` is True when area i holds any combat unit, of either side. The firer's and
        the target's own areas never block (8.2.3: units fire into blocking terrain, not through it).

        - Range 0 and 1 (distance <= 1): always clear (8.2.3 asks for LOS only at range 2 or more).
        - The line is traced centre to centre (8.2.3); the areas it passes through are
          :meth:`between` (an area touched only at a corner is not passed through; an area any part
          of which the line crosses counts whole).
        - Same elevation (level of a == level of b), 8.2.4: blocked if any area in between holds
          combat units, or is of a higher level than the firer's.
        - Different elevations, 8.2.5: let ``low`` be the lower of a and b and D = distance(a, b).
          An area X in between blocks if it is higher than the lower unit (level X > min level) and
          2 * distance(low, X) < D ("count the areas between the lower unit and the obstacle; if
          this distance is less than half the distance, LOS is blocked"), or if X holds combat units
          and is adjacent to the target (distance(X, b) == 1). Units in between that are not
          adjacent to the target do not block.
        - Coastal areas are flat sea (level 1) and hold no units, so they never block; Wall areas
          are level 1 and block only through the units in them.
        """
        k = a * self.size + b
        blockers = self._blockers[k]
        if blockers is None:
            return False
        for x in blockers:  # noqa: SIM110 - a plain loop is faster than all() on a generator here
            if occupied[x]:
                return False
        return True
