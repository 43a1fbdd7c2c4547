"""Go Tell the Spartans: the data of the movement search (8.1), kept per state between actions.

:func:`rules.reach <polemos.games.thermopylae.rules.reach>` finds every legal end of a force's move
(a :class:`Dest`); a :class:`Reach` holds one force's result and :class:`SegCache` all of them for the
present Movement Segment (``GTSState._seg``), so that listing and applying actions after a move only
search again for the forces whose surroundings changed.
"""

from __future__ import annotations


class Dest:
    """One place a force can end its move: an area and facing, or an attack into an enemy area."""

    __slots__ = ("area", "attack", "came_from", "facing", "lateral", "mp_left")

    def __init__(self, area: int, facing: int, attack: bool, came_from: int, mp_left: int, lateral: int) -> None:
        self.area = area
        self.facing = facing
        self.attack = attack
        self.came_from = came_from
        self.mp_left = mp_left
        self.lateral = lateral


class Reach:
    """The search result for one force in a Movement Segment: its ends (``keys``: ``(4 * area + facing) * k +
    came_from + 1`` with ``k`` the number of areas + 1, and the MPs left there, ``mps``, in the order first
    found), their action texts (built on first use), and the areas whose friendly units the search looked
    at (``touched``), of which those that decided where it went (``structural``); the ends it found as
    ``events``, five ints each (area, facing or -1: any, area attacked from or -1, MPs left, area that
    needs room or -1); and the force's area, size, type and column (rules._reach, rules._ends). The ends
    stay ints: a :class:`Dest` is made only for the end taken or asked for (:meth:`dest`; issue 12)."""

    __slots__ = ("a0", "col0", "events", "k", "keys", "mps", "size", "structural", "texts", "touched", "type")

    def __init__(self, touched: set[int], k: int = 1) -> None:
        self.touched = touched
        self.k = k
        self.keys: list[int] = []
        self.mps: list[int] = []
        self.texts: list[str] | None = None
        self.structural: set[int] = touched
        self.events: list[int] = []
        self.a0 = self.size = self.type = self.col0 = -1

    def dest(self, i: int, a_col: tuple[int, ...]) -> Dest:
        """The ``i``-th end as a :class:`Dest` (``a_col``: each area's column, for its lateral distance)."""
        key, k = self.keys[i], self.k
        af, cf = key // k, key % k - 1
        a = af // 4
        return Dest(a, af % 4, cf >= 0, cf, self.mps[i], abs(a_col[a] - self.col0))

    def dests(self, a_col: tuple[int, ...]) -> list[Dest]:
        """Every end as a :class:`Dest`, in order."""
        return [self.dest(i, a_col) for i in range(len(self.keys))]


NO_REACH = Reach(set())  # a unit off the map


class SegCache:
    """What the movement searches of one side's Movement Segment found (``GTSState._seg``), valid while
    ``token`` holds: the same segment, and the enemies where they stood (they do not move in a side's own
    segment). ``reaches`` are dropped when the friendly count or type of an area they looked at changes
    (``cnt``/``typ``: the per-area values they were checked against), or kept as ``stale`` when that area
    only limits where they may end; ``zoc`` is the enemy's ZOC."""

    __slots__ = ("cnt", "reaches", "stale", "token", "typ", "zoc")

    def __init__(self) -> None:
        self.token: tuple[object, ...] | None = None
        self.cnt: list[int] = []
        self.typ: list[int] = []
        self.reaches: dict[int, Reach] = {}  # by rules.reach_key
        self.stale: dict[int, Reach] = {}  # reaches whose ends only need finding again
        self.zoc: list[bool] = []

    def copy(self) -> SegCache:
        """An independent cache with the same findings (a Reach is never changed once made, nor are the
        lists held here: they are replaced), for a clone of the state."""
        c = SegCache()
        c.token, c.cnt, c.typ, c.zoc = self.token, self.cnt, self.typ, self.zoc
        c.reaches = dict(self.reaches)
        c.stale = dict(self.stale)
        return c

    def clear(self) -> None:
        self.token = None
        self.cnt, self.typ, self.zoc = [], [], []
        self.reaches = {}
        self.stale = {}
