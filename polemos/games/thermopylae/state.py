"""Go Tell the Spartans: the components in integer-indexed form, and the state of one game.

The state is plain data (lists of ints and bools, a few scalars) so that ``clone`` is a handful
of list copies and ``to_json`` is exact. Units are indexed in ``counters.toml`` order, areas as
the map numbers them (``row * columns + column - 1``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from polemos.core.game import JSON, Game, Role, State
from polemos.core.plain import copy_header, dump_fields, load_fields, state_header
from polemos.core.rng import Rng
from polemos.games.thermopylae.board import load_map
from polemos.games.thermopylae.comp import Comp as Comp  # the components' class (comp.py: compiled)
from polemos.games.thermopylae.counters import load_counters
from polemos.games.thermopylae.geometry import Geometry
from polemos.games.thermopylae.search import SegCache
from polemos.games.thermopylae.tables import load_tables

GREEK, PERSIAN = 0, 1
ROLES: tuple[Role, ...] = ("greek", "persian")
SIDE_NAMES = ("greek", "persian")
HOPLITE, MIXED, JAVELIN, BOW = 0, 1, 2, 3
TYPE_NAMES = ("hoplite", "mixed", "javelin", "bow")
# off-map places (``loc`` < 0)
POOL, BOX, TRACK, ARMY, GONE, AWAY = -1, -2, -3, -4, -5, -6
FACING_NAMES = ("N", "E", "S", "W")
MODES = ("solitaire", "two", "multi")


# direction index 0..7 clockwise from N, as (row step, column step)
DIR_STEP = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))



@lru_cache(maxsize=8)
def load_comp(data_dir: Path | None, all_spartans: bool = False) -> Comp:
    """The components; with ``all_spartans`` (11.4) every Greek unit is a Spartan hoplite unit."""
    base = _load_comp(data_dir)
    if not all_spartans:
        return base
    from dataclasses import replace

    sp = base.cont_units[base.cont_ids.index("spartans")][0]  # a Spartan hoplite unit's values
    greek = [base.u_side[u] == GREEK for u in range(len(base.unit_ids))]

    def pick(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[sp] if greek[u] else values[u] for u in range(len(values)))

    return replace(base, u_type=pick(base.u_type), u_mf=pick(base.u_mf), u_dv=pick(base.u_dv),
                   u_ma=pick(base.u_ma), u_steps=pick(base.u_steps))


@lru_cache(maxsize=8)
def _load_comp(data_dir: Path | None) -> Comp:
    import hashlib

    amap = load_map(data_dir)
    counters = load_counters(data_dir)
    tables = load_tables(data_dir)
    geo = Geometry(amap)
    cont_ids = tuple(counters.contingents)
    units = list(counters.units.values())
    u_mf: list[tuple[int, ...]] = []
    for u in units:
        u_mf.append(tuple(u.melee_factor(k) for k in range(u.steps)))
    nrow, ncol = len(amap.rows), amap.columns
    nbr: list[tuple[int, ...]] = []
    for a in amap.areas:
        r, c = amap.rows.index(a.row), a.column - 1
        out = []
        for dr, dc in DIR_STEP:
            rr, cc = r + dr, c + dc
            out.append(rr * ncol + cc if 0 <= rr < nrow and 0 <= cc < ncol else -1)
        nbr.append(tuple(out))
    wall_row = amap.rows.index(amap.wall_row)
    passable = [a.passable for a in amap.areas]
    levels = [a.level for a in amap.areas]
    walls = [a.terrain == "wall" for a in amap.areas]
    nbr_cost = tuple(0 if n < 0 else 1 + (levels[n] == 2 and levels[a] == 1) + (walls[n] and not walls[a])
                     for a in range(len(amap.areas)) for n in nbr[a])
    zoc_areas = tuple(tuple(n for n in (nbr[a][(2 * f + dd) % 8] for dd in (-1, 0, 1)) if n >= 0 and passable[n])
                      for a in range(len(amap.areas)) for f in range(4))
    deploy = tuple(amap.rows.index(r) for r in amap.greek_deployment_rows)
    armies = counters.armies
    return Comp(
        map=amap, counters=counters, tables=tables, geo=geo,
        version=hashlib.sha256(
            f"{amap.data_version}{counters.data_version}{tables.data_version}".encode()).hexdigest()[:12],
        unit_ids=tuple(u.id for u in units),
        u_side=tuple(GREEK if u.side == "greek" else PERSIAN for u in units),
        u_type=tuple(TYPE_NAMES.index(u.type) for u in units),
        u_cont=tuple(cont_ids.index(u.contingent) for u in units),
        u_mf=tuple(u_mf),
        u_dv=tuple(u.dv for u in units),
        u_ma=tuple(u.ma for u in units),
        u_steps=tuple(u.steps for u in units),
        cont_ids=cont_ids,
        cont_side=tuple(GREEK if c.side == "greek" else PERSIAN for c in counters.contingents.values()),
        cont_units=tuple(tuple(i for i, u in enumerate(units) if u.contingent == c) for c in cont_ids),
        routs_box=tuple(c.routs_box for c in counters.contingents.values()),
        army_rout_at=(armies["greek"].rout_at, armies["persian"].rout_at),
        army_crises=(armies["greek"].crises, armies["persian"].crises),
        n_areas=len(amap.areas), rows=nrow, cols=ncol,
        a_row=tuple(amap.rows.index(a.row) for a in amap.areas),
        a_col=tuple(a.column - 1 for a in amap.areas),
        a_pass=tuple(a.passable for a in amap.areas),
        a_level=tuple(a.level for a in amap.areas),
        a_wall=tuple(a.terrain == "wall" for a in amap.areas),
        nbr=tuple(nbr),
        zoc_areas=zoc_areas,
        nbr_cost=nbr_cost,
        exits=tuple(tuple((d, n, nbr_cost[8 * a + d]) for d, n in enumerate(nbr[a]) if n >= 0 and passable[n])
                    for a in range(len(amap.areas))),
        fire_ranges=tuple(tuple(tables.fire_line(t, r) is not None for r in range(tables.max_range(t) + 1))
                          for t in TYPE_NAMES),
        deploy_rows=deploy,
        deploy_areas=tuple((a, amap.rows.index(x.row) in deploy and amap.rows.index(x.row) < wall_row)
                           for a, x in enumerate(amap.areas) if x.passable and amap.rows.index(x.row) in deploy),
        west_rows=tuple(r for r in deploy if r < wall_row),
        wall_row=wall_row,
        area_facing_names=tuple(f"{x.name} {f}" for x in amap.areas for f in FACING_NAMES),
        area_names=tuple(x.name for x in amap.areas),
    )


# Lists of ints/bools, one entry per unit (or per contingent), copied by clone and to_json.
_UNIT_LISTS = ("loc", "facing", "losses", "disordered", "force", "moved", "fired", "seq", "came_from",
               "feint", "fwd", "deployed_at")
_LISTS = (*_UNIT_LISTS, "lost", "routed", "committed", "deploy_queue", "melee_queue", "army_g", "army_p",
          "stays", "ended", "fire_tally")
_FLAT_LISTS = tuple(name for name in _LISTS if name != "fire_tally")  # lists of ints (fire_tally: of lists)
_SCALARS = ("ended_stage", "day", "series", "round", "day_round", "stage", "actor", "current", "eph_round", "guard",
            "conf_roll", "conf_left", "west", "next_seq", "next_force", "fire_target", "fire_hits",
            "retreat_area", "crises", "winner", "win_reason", "moving_side")


@mypyc_attr(allow_interpreted_subclasses=True)
class GTSState(State):
    """One situation of a game of Go Tell the Spartans: the data. The kernel contract's listing, applying,
    view and outcome come from the rule procedures, in ``game.GTSPlay`` (the states ``Game.new`` makes),
    so that this module imports none of the modules above it.

    In the compiled build (``polemos.core.native``) a native class: its fields are the ones set in
    ``__init__`` and ``reset_caches`` (slots, read natively by the compiled rule procedures; issue 12), so
    they are copied, saved and loaded by name, never through ``__dict__``."""

    def __init__(self, game: Game, comp: Comp, seed: int, scenario: str | None,
                 options: JSON) -> None:
        self.game = game
        self.comp = comp
        self.rng = Rng(seed)
        self.seed = seed
        self.scenario = scenario
        self.options = dict(options)
        self.actions = []
        self.undo_floor = 0
        self.reveals = 0
        self.origin = None
        nu = len(comp.unit_ids)
        nc = len(comp.cont_ids)
        self.mode: str = str(self.options.get("players", "solitaire"))
        self.feigned: bool = bool(self.options.get("feigned_retreat", False))
        self.all_spartans: bool = bool(self.options.get("nothing_but_spartans", False))
        # -- time (4.0): three days; series of up to 8 Action Rounds each (9.0)
        self.day = 1
        self.series = 0
        self.round = 0
        self.day_round = 0
        self.stage = "start"
        self.actor = -1  # side that must decide now (-1: nobody / automatic)
        self.moving_side = -1
        # -- contingents
        self.current = -1  # the Persian contingent of the present series
        self.committed: list[int] = []  # Persian contingents committed today (9.0)
        self.lost: list[int] = [0] * nc  # units on the contingent Morale Track (8.4.4)
        self.routed: list[bool] = [False] * nc
        self.eph_round = 0  # 5.2: day-3 Action Round of the Immortals' entry (0: none)
        self.guard = -1  # the Greek contingent in the Ephialtes Box today (6.0, 5.3)
        self.conf_roll = 0
        self.conf_left = 0  # 5.3: contingents still to choose to stay
        self.stays: list[int] = []  # 5.3: contingents chosen to stay (besides the Spartans)
        # 11.2: roles (indices into roles()) that have ended the present segment, and that stage
        self.ended: list[int] = []
        self.ended_stage = ""
        self.west = -1  # 6.0.1(3): the contingent set up west of the Wall with the Spartans
        self.deploy_queue: list[int] = []  # Greek units still to place (6.0)
        # -- units
        self.loc: list[int] = [POOL] * nu
        self.facing: list[int] = [1] * nu
        self.losses: list[int] = [0] * nu
        self.disordered: list[bool] = [False] * nu
        self.force: list[int] = list(range(nu))
        self.moved: list[bool] = [False] * nu
        self.fired: list[bool] = [False] * nu  # fired in the present Fire Segment (8.2: once a segment)
        self.seq: list[int] = [0] * nu  # arrival order in an area: lower = higher in the pile
        self.came_from: list[int] = [-1] * nu  # area it entered an enemy's area from (8.1.4; TEC, G22)
        self.feint: list[bool] = [False] * nu  # 11.3: one more favourable shift in the next melee
        self.fwd: list[int] = [1] * nu  # 8.1.6: the facing that is "forward" for a Persian unit
        # 6.0 (G44): where each Greek unit was last set up, as 4 * area + facing (-1: never), for "deploy repeat"
        self.deployed_at: list[int] = [-1] * nu
        self.next_seq = 1
        self.next_force = nu
        # -- fire (8.2.6): hits gathered against one target area, not yet resolved
        self.fire_target = -1
        self.fire_hits = 0
        # 8.2.6 step 5 (G42): every target area resolved in the present Fire Segment, as [area, hits, DV]:
        # the hits it suffered in the segment so far and the Defensive Value taken from them, once
        self.fire_tally: list[list[int]] = []
        # -- melee (8.3)
        self.melee_queue: list[int] = []
        self.retreat_area = -1
        # -- army morale (8.4.5)
        self.army_g: list[int] = []
        self.army_p: list[int] = []
        self.crises = 0
        # -- end
        self.winner = -1
        self.win_reason = ""
        # -- log: (visibility, rule, text); visibility -1 everyone, else the side that may see it
        self.log: list[tuple[int, str, str]] = []
        self.reset_caches()

    def reset_caches(self) -> None:
        """Forget derived data (never serialised)."""
        if not hasattr(self, "_seg"):
            self._seg = SegCache()  # movement search results for the current segment (kept across actions)
        self._legal_key: tuple[str, int] | None = None
        self._legal_val: list[str] = []
        self._cache: dict[Any, Any] = {}
        # rules.occupancy's last piles with copies of the ``loc`` and ``seq`` they were made from: kept when
        # the cache is cleared, and taken again while those two are unchanged (issue 12)
        self._occ_kept: tuple[list[int], list[int], list[list[int]]] | None = None

    # ---------------------------------------------------------------- kernel contract
    def side_of(self, role: Role | None) -> int | None:
        """The side a role plays (11.2: every contingent's player is Greek)."""
        if role is None:
            return None
        if role == "persian":
            return PERSIAN
        return GREEK if role in self.roles() else None

    def say(self, rule: str, text: str, to: int = -1) -> None:
        """Add a log line citing ``rule`` (``to``: -1 everyone, else only that side sees it)."""
        self.log.append((to, rule, text))

    # ---------------------------------------------------------------- copying
    def clone(self) -> GTSState:
        c = type(self).__new__(type(self))  # the play class (game.py) of this state
        c._take(self, True)
        return c

    def _assign(self, other: State) -> None:
        """Become ``other``, taking its fields over: undo hands over a state rebuilt for the purpose and held
        nowhere else (``State.undo``: a snapshot's clone replayed; ``_undo_by_replay``: a replay), so its lists
        are taken, not copied again (issue 12)."""
        assert isinstance(other, GTSState)
        self._take(other, False)

    def _take(self, o: GTSState, copy: bool) -> None:
        """Take every field of ``o`` (``_SCALARS``, ``_LISTS``, the log): with ``copy``, lists of its own (a
        clone), else ``o``'s very lists (``o`` is dropped). What was derived from ``o``'s position holds for
        this one (rules.touch and reset_caches forget it when it changes): undo's replays and the views of
        clones need not search again. Written out field by field, not through ``__dict__``: in the compiled
        build each is a native slot (issue 12; the kernel's State's docstring)."""
        copy_header(o, self)
        if not copy:
            self.actions = o.actions
        self.comp = o.comp
        self.mode = o.mode
        self.feigned = o.feigned
        self.all_spartans = o.all_spartans
        self.ended_stage = o.ended_stage
        self.day = o.day
        self.series = o.series
        self.round = o.round
        self.day_round = o.day_round
        self.stage = o.stage
        self.actor = o.actor
        self.current = o.current
        self.eph_round = o.eph_round
        self.guard = o.guard
        self.conf_roll = o.conf_roll
        self.conf_left = o.conf_left
        self.west = o.west
        self.next_seq = o.next_seq
        self.next_force = o.next_force
        self.fire_target = o.fire_target
        self.fire_hits = o.fire_hits
        self.retreat_area = o.retreat_area
        self.crises = o.crises
        self.winner = o.winner
        self.win_reason = o.win_reason
        self.moving_side = o.moving_side
        self.loc = o.loc[:] if copy else o.loc
        self.facing = o.facing[:] if copy else o.facing
        self.losses = o.losses[:] if copy else o.losses
        self.disordered = o.disordered[:] if copy else o.disordered
        self.force = o.force[:] if copy else o.force
        self.moved = o.moved[:] if copy else o.moved
        self.fired = o.fired[:] if copy else o.fired
        self.seq = o.seq[:] if copy else o.seq
        self.came_from = o.came_from[:] if copy else o.came_from
        self.feint = o.feint[:] if copy else o.feint
        self.fwd = o.fwd[:] if copy else o.fwd
        self.deployed_at = o.deployed_at[:] if copy else o.deployed_at
        self.lost = o.lost[:] if copy else o.lost
        self.routed = o.routed[:] if copy else o.routed
        self.committed = o.committed[:] if copy else o.committed
        self.deploy_queue = o.deploy_queue[:] if copy else o.deploy_queue
        self.melee_queue = o.melee_queue[:] if copy else o.melee_queue
        self.army_g = o.army_g[:] if copy else o.army_g
        self.army_p = o.army_p[:] if copy else o.army_p
        self.stays = o.stays[:] if copy else o.stays
        self.ended = o.ended[:] if copy else o.ended
        self.fire_tally = [x[:] for x in o.fire_tally] if copy else o.fire_tally
        self.log = o.log[:] if copy else o.log
        self._seg = o._seg.copy() if copy else o._seg
        self._legal_key = None if copy else o._legal_key
        self._legal_val = [] if copy else o._legal_val
        self._cache = dict(o._cache) if copy else o._cache
        self._occ_kept = o._occ_kept  # never changed once made: shared

    def to_json(self) -> JSON:
        doc = state_header(self, self.comp.version)
        dump_fields(self, doc, _SCALARS, _LISTS)
        doc["log"] = [[to, rule, text] for to, rule, text in self.log]
        if self.origin is not None:
            doc["origin"] = self.origin
        return doc

    def load_json(self, doc: JSON) -> None:
        """Overwrite fields from a (possibly partial) position document."""
        if "rng" in doc:
            self.rng = Rng.from_json(doc["rng"])
        for key in ("seed", "undo_floor", "reveals"):
            if key in doc:
                setattr(self, key, int(doc[key]))
        if "actions" in doc:
            self.actions = [(str(r), str(a)) for r, a in doc["actions"]]
        load_fields(self, doc, _SCALARS, _LISTS)
        if "log" in doc:
            self.log = [(int(to), str(rule), str(text)) for to, rule, text in doc["log"]]
        if "origin" in doc:
            self.origin = doc["origin"]
        self.reset_caches()

    # ---------------------------------------------------------------- helpers
    def units_in(self, a: int, side: int = -1) -> list[int]:
        """Units in area ``a`` (of ``side`` if given), top of the pile first (3.1.1)."""
        comp = self.comp
        us = [u for u in range(len(self.loc)) if self.loc[u] == a and (side < 0 or comp.u_side[u] == side)]
        us.sort(key=self.seq.__getitem__)
        return us

    def mf(self, u: int) -> int:
        return self.comp.u_mf[u][self.losses[u]]
