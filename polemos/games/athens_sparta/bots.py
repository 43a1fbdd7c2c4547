"""Athens & Sparta bots: ``heuristic``, a fast rule-of-thumb player that sees only its view.

The bot reads nothing but what :func:`polemos.games.athens_sparta.view.build` gives its role
(its own blocks face up, enemy blocks as ``{owner, location}`` unless revealed in a battle,
cities, cards, the prompt) and the legal actions. The public board geometry and the block roster
come from the game's components (``polemos.game("athens-and-sparta").components()``), which every
player may read; no state object is ever touched (architecture.md, "Fog of war and fairness").

How it plays, in short:

* Card Phase: matches the card's MPs to the number of useful moves it sees; events when they
  pay (Sedition with a revolt target, Levy, Betrayal while besieging, Plague for Sparta).
* Move Phase: a greedy planner scores orders and executes the best one, hex by hex:
  revolts in vacant enemy major cities (7.0, automatic), garrisons for its capital and major
  cities (a vacant city invites a revolt), attacks where the local odds are good (hidden enemy
  blocks count at an average strength, or at what a battle revealed of them), captures of vacant
  enemy cities, navies joining sieges of enemy ports (a full siege, 6.0), then staging of idle
  blocks toward the enemy. Every phase ends: a block whose move fails is not tried again in that
  phase, and the number of actions per phase is bounded.
* Combat: fights every battle, storms when the siege battle looks good, withdraws outmatched
  defenders into walled cities, retreats in round 2 when clearly losing.
* Replacement: spends every BP, capital and threatened or vacant cities first (navies count
  extra for Athens).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polemos
from polemos.ai.agents import Agent, GuardedAgent
from polemos.core.rng import Rng
from polemos.games.athens_sparta.game import AthensSparta
from polemos.games.athens_sparta.model import (
    MOUNTAIN,
    OFFBOARD,
    PERSIA,
    SEA,
    SIDE_CLEAR,
    SIDE_PASS,
    STRAIT,
    Components,
)

JSON = dict[str, Any]
Node = tuple[int, int]  # (hex, coast) for navies (1.7)
NavyParents = dict[Node, Node | None]
GAME_ID = "athens-and-sparta"
INF = 99

ARMY = ("hoplite", "peltast", "cavalry")
STEP_COST = {"hoplite": 2, "peltast": 1, "cavalry": 3, "navy": 3, "revolt": 1}  # 8.4, BP per step
# first edition 8.4: 1 PP hoplites and peltasts, 2 PP cavalry and navies (the view's "edition": "first")
STEP_COST_ED1 = {"hoplite": 1, "peltast": 1, "cavalry": 2, "navy": 2, "revolt": 1}
LAST_OLYMPIAD = 89  # 10.2: the game ends after Olympiad 89
AVG_STRENGTH = 2.5  # a hidden enemy block counts at this strength...
AVG_HIT = {"athens": 0.42, "sparta": 0.47}  # ...and hits this often per die (its side's roster)
MAX_MOVE_ACTIONS = 40  # top-level move-phase decisions per phase, whatever happens
MAX_STEP_ACTIONS = 30  # hex-by-hex steps of one move (the engine also bounds them)
MIN_ORDER = 0.15  # orders worth less than this are not worth an MP
KEPT_WALKS = 20_000  # the board's kept threat and sea walks (Geo.kept_*), dropped all at once when full


def other(role: str) -> str:
    return "sparta" if role == "athens" else "athens"


# ====================================================================== public geometry
class Geo:
    """The board, read once from the game's components: names, land and sea adjacency, distances."""

    def __init__(self, comp: Components) -> None:
        board = comp.board
        n = len(board.hexes)
        self.n = n
        self.terrain = board.terrain
        self.nbrs = board.neighbours
        self.water = board.water_side
        self.syr = board.syracuse_hex
        self.city_of: list[int] = list(board.city_at)
        self.cities = board.cities
        self.names = [board.cities[c].name if c >= 0 else board.hexes[h] for h, c in enumerate(board.city_at)]
        self.index: dict[str, int] = {}
        for h, label in enumerate(board.hexes):
            self.index[label] = h
        for h, name in enumerate(self.names):
            self.index[name] = h
        sources = set(board.river_sources)
        self.land: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (neighbour, hexside limit)
        for h in range(n):
            if self.terrain[h] in (SEA, OFFBOARD):
                continue
            for d, m in enumerate(board.neighbours[h]):
                if m < 0 or self.terrain[m] in (SEA, OFFBOARD):
                    continue
                side = board.land_side[h][d]
                if side == SIDE_CLEAR:
                    self.land[h].append((m, 2))
                elif side == SIDE_PASS or (h in sources and m in sources):
                    self.land[h].append((m, 1))
        self.far = board.far_sides
        self.direction: dict[tuple[int, int], int] = {}
        for h in range(n):
            for d, m in enumerate(board.neighbours[h]):
                if m >= 0:
                    self.direction[(h, m)] = d
        self.persian = {c.hex for c in board.cities if c.side == PERSIA}
        self.oracles = {c.hex for c in board.cities if c.oracle}
        self.specs = {spec.id: spec for spec in comp.blocks}
        self.capital = {"athens": self.index.get("ATHENS", -1), "sparta": self.index.get("SPARTA", -1)}
        self.corinth = self.index.get("CORINTH", -1)
        # green forces per neutral city (9.5: they deploy at full strength when it is attacked)
        self.neutral_force: dict[int, list[tuple[int, float]]] = {}
        for spec in comp.blocks:
            if spec.side == 2 and spec.home >= 0:
                h = board.cities[spec.home].hex
                self.neutral_force.setdefault(h, []).append((spec.steps, spec.rating / 6))
        self._army: dict[int, list[int]] = {}
        self._navy: dict[int, dict[tuple[int, int], int]] = {}
        # walks a World repeats from view to view (a search's playouts ask thousands of views whose
        # blocks stand alike): keyed by everything the walk reads, so a kept walk is the walk itself
        self.kept_threat: dict[tuple[int, frozenset[int]], dict[int, int]] = {}
        self.kept_sea: dict[tuple[int, bool, frozenset[int], frozenset[int], frozenset[int]], list[int]] = {}
        # ... and the planner's operation moves (HeuristicAgent._reach): by start, reach (-1: a navy),
        # edition, and the hexes that end or bar a move; the paths are shared, read only
        self.kept_reach: dict[tuple[int, int, bool, frozenset[int], frozenset[int]], dict[int, list[int]]] = {}

    def name(self, h: int) -> str:
        return self.names[h]

    def hex(self, name: str | None) -> int:
        if name is None:
            return -1
        return self.index.get(name, -1)

    def city(self, h: int) -> Any:
        c = self.city_of[h] if 0 <= h < self.n else -1
        return self.cities[c] if c >= 0 else None

    def major(self, h: int) -> bool:
        city = self.city(h)
        return city is not None and city.value > 0

    # ------------------------------------------------------------------ armies
    def army_dist(self, target: int) -> list[int]:
        """Land hexes from every hex to ``target`` (several turns; mountains count one)."""
        dist = self._army.get(target)
        if dist is None:
            dist = [INF] * self.n
            if 0 <= target < self.n:
                dist[target] = 0
                queue = deque([target])
                while queue:
                    h = queue.popleft()
                    for m, _lim in self.land[h]:
                        if dist[m] == INF:
                            dist[m] = dist[h] + 1
                            queue.append(m)
            self._army[target] = dist
        return dist

    def army_paths(self, start: int, limit: int, stops: AbstractSet[int], barred: AbstractSet[int]) -> dict[int, int]:
        """One operation move: parent links of every hex an army can reach from ``start`` within
        ``limit`` hexes. ``stops`` (enemy blocks, neutral cities) and mountains end a move (4.4, 1.8);
        ``barred`` hexes are never entered."""
        parent = {start: -1}
        dist = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            if h != start and (h in stops or self.terrain[h] == MOUNTAIN):
                continue
            if dist[h] >= limit:
                continue
            for m, _lim in self.land[h]:
                if m in dist or m in barred:
                    continue
                dist[m] = dist[h] + 1
                parent[m] = h
                queue.append(m)
        return parent

    def crosses(self, a: int, b: int) -> bool:
        """Does the step ``a`` -> ``b`` cross a strait (4.3)?"""
        d = self.direction.get((a, b), -1)
        if d < 0:
            return False
        if self.terrain[a] == STRAIT and d in self.far[a]:
            return True
        return self.terrain[b] == STRAIT and (d + 3) % 6 in self.far[b]

    def hexside_limit(self, a: int, b: int) -> int:
        """How many blocks may attack from ``a`` into ``b`` (4.1; 1 across a strait, 4.3)."""
        for m, lim in self.land[a]:
            if m == b:
                return min(lim, 1) if self.crosses(a, b) else lim
        return 0

    def stack_limit(self, h: int) -> tuple[int, int]:
        """(blocks, armies) one side may stack in ``h`` (Terrain Effects Table)."""
        if self.names[h] == "ATHENS":
            return 6, 4
        if self.terrain[h] == MOUNTAIN:
            return 2, 2
        return 4, 4

    # ------------------------------------------------------------------ navies
    def _coasts(self, h: int) -> list[int]:
        city = self.city(h)
        if city is not None and h != self.corinth:
            return [city.coast]
        return sorted({c for c in self.water[h] if c >= 0}) or [0]

    def navy_step(self, h: int, coast: int, start: bool) -> list[tuple[int, int]]:
        out = []
        for d in range(6):
            m = self.nbrs[h][d]
            if m < 0 or m == self.syr:
                continue
            ws = self.water[h][d]
            if ws < 0 or (coast >= 0 and ws != coast and not (start and h == self.corinth)):
                continue
            arrive = self.water[m][(d + 3) % 6]
            if arrive < 0:
                continue
            out.append((m, arrive))
        return out

    def navy_dist(self, target: int) -> dict[tuple[int, int], int]:
        """Sea hexes from every (hex, coast) to the port ``target`` (the graph is symmetric)."""
        dist = self._navy.get(target)
        if dist is None:
            dist = {}
            queue: deque[tuple[int, int]] = deque()
            for c in self._coasts(target):
                dist[(target, c)] = 0
                queue.append((target, c))
            while queue:
                node = queue.popleft()
                h, coast = node
                for nxt in self.navy_step(h, coast, h == self.corinth):
                    if nxt not in dist:
                        dist[nxt] = dist[node] + 1
                        queue.append(nxt)
            self._navy[target] = dist
        return dist

    def navy_paths(self, start: int, limit: int, stops: AbstractSet[int],
                   barred: AbstractSet[int]) -> tuple[NavyParents, dict[int, Node]]:
        """One navy operation move: parent links over (hex, coast) and the first node reached in
        each hex."""
        coast0 = self._coasts(start)[0] if start != self.corinth else -1
        first = (start, coast0)
        parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
        dist = {first: 0}
        at: dict[int, tuple[int, int]] = {start: first}
        queue = deque([first])
        while queue:
            node = queue.popleft()
            h, coast = node
            if h != start and h in stops:
                continue
            if dist[node] >= limit:
                continue
            for nxt in self.navy_step(h, coast, h == start):
                if nxt in dist or nxt[0] in barred:
                    continue
                dist[nxt] = dist[node] + 1
                parent[nxt] = node
                at.setdefault(nxt[0], nxt)
                queue.append(nxt)
        return parent, at

    def port_meets(self, h: int, coast: int) -> bool:
        city = self.city(h)
        return city is not None and city.port and (h == self.corinth or city.coast == coast)


_GEO: dict[int, tuple[Components, Geo]] = {}


def components(data: Path | str | None = None, first: bool = False) -> Components:
    """The public components of the game (board geometry, block roster, cards), from the same
    data folder the game uses; ``first``: the first edition's (its walls and its NAUPACTUS mountain
    hexside, RULINGS FE26), as the view's "edition" names it."""
    game = polemos.game(GAME_ID, data)
    if not isinstance(game, AthensSparta):  # pragma: no cover - the registry is fixed
        raise TypeError(f"{GAME_ID} is not the Athens & Sparta game")
    return game.components_for({"edition": "first"}) if first else game.components()


def geo_for(comp: Components) -> Geo:
    """The board read once per components object (a few kept: both editions, a --data folder); the entry
    holds the components too, so an id is never reused while its entry stands."""
    kept = _GEO.get(id(comp))
    if kept is not None and kept[0] is comp:
        return kept[1]
    if len(_GEO) >= 4:
        _GEO.clear()
    geo = Geo(comp)
    _GEO[id(comp)] = (comp, geo)
    return geo


# ====================================================================== what the view says
@dataclass(slots=True)
class Blk:
    id: str
    hex: int
    type: str
    strength: int
    steps: int
    letter: str
    rating: int
    inside: bool
    moved: bool
    name: str

    @property
    def power(self) -> float:
        return self.strength * self.rating / 6

    @property
    def army(self) -> bool:
        return self.type in ARMY


_RATINGS: dict[str, tuple[str, int]] = {}  # a view's rating text (2.12) -> (letter, dice), read once each


def _rating(text: str) -> tuple[str, int]:
    got = _RATINGS.get(text)
    if got is None:
        got = _RATINGS[text] = (text[:1] or "B", int(text[1:] or 2))
    return got


def _blk(h: int, d: JSON) -> Blk:
    """The block a view's entry shows, standing in hex ``h`` (its location, read by the caller)."""
    letter, rating = _rating(str(d.get("rating", "B2")))
    return Blk(
        id=str(d.get("id", "")), hex=h, type=str(d.get("type", "hoplite")),
        strength=int(d.get("strength", 0)), steps=int(d.get("steps", 0)), letter=letter,
        rating=rating, inside=bool(d.get("besieged", False)), moved=bool(d.get("moved", False)),
        name=str(d.get("name", "")),
    )


class World:
    """One view, digested: own blocks, enemy presence and estimates, cities, threats."""

    def __init__(self, geo: Geo, view: JSON, memory: dict[int, list[tuple[int, float]]]) -> None:
        self.geo = geo
        self.view = view
        self.me: str = str(view.get("role") or "athens")
        self.foe = other(self.me)
        self.mp = int(view.get("mp", 0) or 0)
        self.mine: list[Blk] = []
        self.by_id: dict[str, Blk] = {}
        self.my_at: dict[int, list[Blk]] = {}
        self.foe_known: dict[int, list[Blk]] = {}
        self.foe_hidden: dict[int, int] = {}
        self.foe_count: dict[int, int] = {}
        index = geo.index
        for d in view.get("blocks", []):
            loc = d.get("location")
            h = -1 if loc is None else index.get(loc, -1)
            if h < 0:
                continue
            owner = d.get("owner")
            if owner == self.me and "id" in d:
                b = _blk(h, d)
                self.mine.append(b)
                self.by_id[b.id] = b
                self.my_at.setdefault(h, []).append(b)
            elif owner == self.foe:
                self.foe_count[h] = self.foe_count.get(h, 0) + 1
                if "strength" in d:
                    foe = _blk(h, d)
                    # a first-edition navy standing apart (the view's "apart": patrol 1st 6.7, blockade 6.6)
                    # is out of the land fighting, as blocks within the walls are (RULINGS FE12, FE39, FE40)
                    foe.inside = foe.inside or bool(d.get("apart"))
                    self.foe_known.setdefault(h, []).append(foe)
                else:
                    self.foe_hidden[h] = self.foe_hidden.get(h, 0) + 1
        self.pool: list[JSON] = list(view.get("pool", []))
        self.ctrl: dict[int, str] = {}
        self.value: dict[int, int] = {}
        self.sieged: set[int] = set()
        for c in view.get("cities", []):
            h = geo.hex(c.get("name"))
            if h < 0:
                continue
            self.ctrl[h] = str(c.get("controller"))
            self.value[h] = int(c.get("value", 0))
            if c.get("besieged") or c.get("blockaded"):
                self.sieged.add(h)
        self.memory = memory
        self.capital = geo.capital[self.me]
        self.foe_capital = geo.capital[self.foe]
        self._threat: dict[int, float] = {}
        self._foes: list[tuple[int, float]] | None = None  # threat's enemy stacks (hex, strength)
        self._sea: dict[int, list[int]] = {}  # sea_reach's ports by start, before stacking
        self._occupied: frozenset[int] | None = None  # hexes where blocks stand (threat's walks)
        self._sea_key: tuple[frozenset[int], frozenset[int], frozenset[int]] | None = None
        self._march: dict[tuple[int, int], list[int]] = {}  # march_reach's ends by (start, reach)
        self._hit = AVG_HIT[self.foe]
        # the rules edition played (public, in the view): the first edition's costs (8.4), sea moves (4.4,
        # RULINGS FE15), navies stopping only in ports (FE6), patrols (6.7) and victory (10.2, FE17)
        self.first = view.get("edition") == "first"
        self.costs = STEP_COST_ED1 if self.first else STEP_COST
        olympiad = int(view.get("olympiad") or 0)
        # first edition 10.2: Athens wins if Sparta has not won by the end of Olympiad 89, so in the last
        # Olympiad Sparta must take risks (a loss on points is a loss all the same) and Athens only hold
        self.all_in = self.first and self.me == "sparta" and olympiad >= LAST_OLYMPIAD
        self.hold = self.first and self.me == "athens" and olympiad >= LAST_OLYMPIAD

    # ------------------------------------------------------------------ enemy estimates
    def foe_inside(self, h: int) -> bool:
        """Are the enemy blocks in ``h`` within the walls (a siege by me)?"""
        if h not in self.sieged:
            return False
        mine = self.my_at.get(h, [])
        return bool(mine) and not any(b.inside for b in mine)

    def foe_field(self, h: int) -> bool:
        return self.foe_count.get(h, 0) > 0 and not self.foe_inside(h) and h not in self.geo.oracles

    def foe_force(self, h: int, field_only: bool = False) -> tuple[float, float]:
        """(strength, expected hits per round) of the enemy blocks in ``h``."""
        hp = pw = 0.0
        for b in self.foe_known.get(h, []):
            if field_only and b.inside:
                continue
            hp += b.strength
            pw += b.power
        k = self.foe_hidden.get(h, 0)
        if k:
            seen = self.memory.get(h, [])
            for i in range(k):
                s, p = (float(seen[i][0]), seen[i][1]) if i < len(seen) else (AVG_STRENGTH, self._hit)
                hp += s
                pw += s * p
        return hp, pw

    def my_force(self, h: int, inside: bool | None = None) -> tuple[float, float]:
        hp = pw = 0.0
        for b in self.my_at.get(h, []):
            if inside is not None and b.inside != inside:
                continue
            if b.type == "revolt":
                continue
            hp += b.strength
            pw += b.power
        return hp, pw

    def threat(self, h: int) -> float:
        """Enemy strength that could reach ``h`` by land within about one operation move. An
        enemy must stop where my blocks stand (4.4), so it cannot come through them."""
        t = self._threat.get(h)
        if t is None:
            geo = self.geo
            # the walk reads only where blocks stand (mine or his): kept by the board per occupied set
            if self._occupied is None:
                self._occupied = frozenset(self.my_at) | frozenset(self.foe_count)
            key = (h, self._occupied)
            dist = geo.kept_threat.get(key)
            if dist is None:
                dist = {h: 0}
                queue = deque([h])
                while queue:
                    x = queue.popleft()
                    if dist[x] >= 5 or (x != h and (x in self.my_at or x in self.foe_count)):
                        continue
                    for m, _lim in geo.land[x]:
                        if m not in dist:
                            dist[m] = dist[x] + 1
                            queue.append(m)
                if len(geo.kept_threat) >= KEPT_WALKS:
                    geo.kept_threat.clear()
                geo.kept_threat[key] = dist
            if self._foes is None:  # the enemy stacks outside walls and their strength, once per view
                self._foes = [(e, self.foe_force(e)[0]) for e, n in self.foe_count.items()
                              if n > 0 and not self.foe_inside(e)]
            t = 0.0
            for e, hp in self._foes:
                d = dist.get(e, -1)
                if d < 0:
                    continue
                t += (1.0 if d <= 3 else 0.6 if d == 4 else 0.25) * hp
            self._threat[h] = t
        return t

    def mine_city(self, h: int) -> bool:
        return self.ctrl.get(h) == self.me

    def foe_city(self, h: int) -> bool:
        return self.ctrl.get(h) == self.foe

    def need(self, h: int) -> float:
        """Strength this side wants to keep in its city ``h``."""
        if not self.mine_city(h) or (h != self.capital and self.value.get(h, 0) <= 0):
            return 0.0  # a city worth no points (10.2) is not kept, whatever threatens it: no walk
        t = self.threat(h)
        if h == self.capital:
            # first edition 10.2: in the last Olympiad Athens wins by holding on (RULINGS FE17)
            return min(20.0, max(6.0, t)) if self.hold else min(16.0, max(6.0, 0.8 * t))
        v = self.value[h]
        return min(2.0 + 1.5 * v, max(1.0, (0.6 if self.hold else 0.45) * t))

    def stops(self) -> set[int]:
        """Hexes where an operation move must stop: enemy blocks outside walls, neutral cities."""
        out = {h for h in self.foe_count if self.foe_field(h)}
        for h, c in self.ctrl.items():
            if c == "neutral":
                out.add(h)
        return out

    def barred(self) -> set[int]:
        out = {self.geo.syr}
        if self.me == "athens" or self.view.get("persian_support") != "active":
            out |= self.geo.persian
        return out

    # ------------------------------------------------------------------ control (4.2)
    def land_ctrl(self, h: int) -> str:
        """Who controls hex ``h`` for movement: a side, "neutral", "vacant", "contested" or "siege"."""
        mine = self.my_at.get(h)
        foe = self.foe_count.get(h, 0)
        if mine and foe:
            return "siege" if h in self.sieged else "contested"
        if mine:
            return self.me
        if foe:
            return self.foe
        c = self.ctrl.get(h)
        if c is None or c == "none":
            return "vacant"
        return c

    def friendly(self, c: str) -> bool:
        return c == self.me or (c == "persia" and self.me == "sparta"
                                and self.view.get("persian_support") == "active")

    def room(self, h: int, b: Blk) -> bool:
        """Stacking (4.1): may ``b`` end its move in ``h``?"""
        lim, lim_army = self.geo.stack_limit(h)
        here = [x for x in self.my_at.get(h, []) if x.type != "revolt" and x.id != b.id]
        armies = sum(1 for x in here if x.army)
        return len(here) + 1 <= lim and armies + (1 if b.army else 0) <= lim_army

    def my_port(self, h: int) -> bool:
        city = self.geo.city(h)
        return city is not None and city.port and self.friendly(self.land_ctrl(h))

    def march_reach(self, b: Blk) -> set[int]:
        """4.51: double move through friendly, neutral or vacant hexes, ending in a friendly one."""
        start = b.hex
        if not b.army or self.land_ctrl(start) in ("siege", "contested"):
            return set()
        limit = 2 * (3 if b.type == "hoplite" else 4 if b.type == "peltast" else 5)
        # the walk depends on the start and the block's reach only; which ends have room (4.1) on the
        # block: the ends are kept per (start, reach) for this view (blocks of a stack share them)
        key = (start, limit)
        ends = self._march.get(key)
        if ends is None:
            ends = self._march[key] = self._march_ends(start, limit)
        return {h for h in ends if self.room(h, b)}

    def _march_ends(self, start: int, limit: int) -> list[int]:
        """The friendly hexes a strategic march (4.51) from ``start`` of ``limit`` hexes may end in,
        before stacking (``room``)."""
        geo = self.geo
        out: list[int] = []
        barred = self.barred()
        seen = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            if h != start:
                if self.friendly(self.land_ctrl(h)):
                    out.append(h)
                if geo.terrain[h] == MOUNTAIN:
                    continue
            if seen[h] >= limit:
                continue
            for m, _lim in geo.land[h]:
                if m in seen or m in barred:
                    continue
                c = self.land_ctrl(m)
                if c in (self.foe, "contested", "siege") or self.foe_field(m):
                    continue
                if geo.terrain[h] == STRAIT and h != start and geo.crosses(h, m):
                    continue
                if geo.terrain[m] == STRAIT and geo.crosses(h, m):
                    if self.friendly(c):
                        out.append(m)
                    seen[m] = limit
                    continue
                seen[m] = seen[h] + 1
                queue.append(m)
        return out

    def sea_reach(self, b: Blk) -> set[int]:
        """4.52: up to 8 hexes by sea from a friendly port to another, never through enemy hexes (first
        edition 4.4: no range limit, RULINGS FE15)."""
        start = b.hex
        if self.view.get("storm") or not self.my_port(start) or self.land_ctrl(start) == "siege":
            return set()
        # the voyage depends on the start only; which ports have room (4.1) on the block: the ports are
        # kept per start for this view (blocks of a stack, and every city the planner routes to, share them)
        ends = self._sea.get(start)
        if ends is None:
            # ... and what it reads of the position (the hexes it may not enter, the friendly ports, the
            # barred ones): the board keeps each voyage for the next view where these stand alike
            if self._sea_key is None:
                here = set(self.my_at) | set(self.foe_count) | set(self.ctrl)
                shut = frozenset(h for h in here if self.land_ctrl(h) in (self.foe, "contested", "siege")
                                 or self.foe_field(h))
                ports = frozenset(h for h in here if self.my_port(h))
                self._sea_key = (shut, ports, frozenset(self.barred()))
            key = (start, self.first, *self._sea_key)
            kept = self.geo.kept_sea.get(key)
            if kept is None:
                kept = self._sea_ends(start)
                if len(self.geo.kept_sea) >= KEPT_WALKS:
                    self.geo.kept_sea.clear()
                self.geo.kept_sea[key] = kept
            ends = self._sea[start] = kept
        return {h for h in ends if self.room(h, b)}

    def _sea_ends(self, start: int) -> list[int]:
        """The friendly ports a sea move (4.52) from ``start`` may end in, before stacking (``room``)."""
        geo = self.geo
        out: list[int] = []
        barred = self.barred()
        coast0 = -1 if start == geo.corinth else geo._coasts(start)[0]
        first = (start, coast0)
        seen = {first: 0}
        queue = deque([first])
        while queue:
            node = queue.popleft()
            h, coast = node
            if seen[node] >= (INF if self.first else 8):
                continue
            for nxt in geo.navy_step(h, coast, h == start):
                m, arrive = nxt
                if nxt in seen or m in barred:
                    continue
                c = self.land_ctrl(m)
                if c in (self.foe, "contested", "siege") or self.foe_field(m):
                    continue
                seen[nxt] = seen[node] + 1
                if m != start and self.my_port(m) and geo.port_meets(m, arrive):
                    out.append(m)
                queue.append(nxt)
        return out


def ratio(my_hp: float, my_pw: float, en_hp: float, en_pw: float) -> float:
    """Lanchester's square law: >1 favours me."""
    return (my_hp * my_pw + 1e-6) / (en_hp * en_pw + 1e-6)


def defence(b: Blk) -> float:
    if b.type == "navy":
        return 0.5 * b.strength
    if b.type == "revolt":
        return 0.5 * b.strength
    return float(b.strength)


@dataclass(slots=True)
class Order:
    kind: str  # "op", "march", "sea", "action"
    block: str  # block id, or the action text for kind "action"
    target: int
    value: float
    path: list[int] = field(default_factory=list)
    mps: int = 1
    then: list[Order] = field(default_factory=list)  # the rest of a group attack


LABEL = re.compile(r"^(.*) ([ABC])(\d) \((\d+)\):")


# ====================================================================== the bot
class HeuristicAgent(GuardedAgent):
    """A fast rule-of-thumb player for either side (see the module docstring)."""

    name = "heuristic"

    def __init__(self, strict: bool = False, data: Path | str | None = None) -> None:
        self.strict = strict  # re-raise its own errors (tests) instead of falling back
        self.data = data  # the component data folder (--data), for the public map and roster
        self.phase_key: tuple[Any, ...] = ()
        self.actions = 0
        self.steps = 0
        self.failed: set[str] = set()
        self.queue: list[Order] = []
        self.cur: Order | None = None
        self.memory: dict[int, list[tuple[int, float]]] = {}
        self.sedition_used = 0
        # orders given from outside (the search's playouts: a move it chose among ``move_candidates``),
        # by block: the block's hex-by-hex steps follow its order when the bot did not plan that move
        self.planned: dict[str, Order] = {}

    # ------------------------------------------------------------------ entry point (GuardedAgent.choose)
    def fallback(self, legal: list[str], rng: Rng | None) -> str:
        return fallback(legal, rng)

    def _choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        geo = geo_for(components(self.data, view.get("edition") == "first"))  # the edition's map (FE26)
        self._remember(geo, view)
        w = World(geo, view, self.memory)
        key = (view.get("olympiad"), view.get("turn"), view.get("phase"), view.get("active_player"))
        if key != self.phase_key:
            self.phase_key = key
            self.actions = 0
            self.failed = set()
            self.queue = []
            self.cur = None
            self.sedition_used = 0
        verbs = {a.split(" ", 1)[0] for a in legal}
        if "play" in verbs:
            return self._card(w, legal, rng)
        if view.get("phase") == "mulligan":  # asked every Olympiad (RULINGS R25)
            return self._mulligan(w, legal)
        if "sicily" in verbs:
            return min(legal, key=lambda a: (self._card_mp(w, a.split()[1]), a))
        if "reduce" in verbs:
            return self._least_valuable(w, legal)
        if "remove" in verbs:
            return self._least_valuable(w, legal)
        if view.get("moving") and verbs <= {"to", "stop", "cancel"}:
            return self._step(w, legal)
        phase = view.get("phase")
        if verbs == {"hit"} and not view.get("battle"):  # attrition, plague (RULINGS R31)
            return self._least_valuable(w, legal)
        if view.get("battle"):
            return self._battle(w, legal, verbs, rng)
        if phase == "replacement":
            return self._replace(w, legal)
        if verbs <= {"add", "done"}:
            return self._levy(w, legal)
        if verbs & {"battle", "storm", "sally"} or (phase == "combat" and legal):
            return self._combat_menu(w, legal)
        if phase == "move":
            return self._move(w, legal, rng)
        return fallback(legal, rng)

    def _remember(self, geo: Geo, view: JSON) -> None:
        """Keep what battles revealed of enemy blocks (strength, hit chance) by hex."""
        me = view.get("role")
        seen: dict[int, list[tuple[int, float]]] = {}
        present: set[int] = set()
        for d in view.get("blocks", []):
            if d.get("owner") == me:
                continue
            h = geo.hex(d.get("location"))
            present.add(h)
            if "strength" in d:
                r = str(d.get("rating", "B2"))
                rating = int(r[1:] or 2)
                if d.get("type") in ("cavalry", "navy") and d.get("besieged"):
                    rating = 1
                seen.setdefault(h, []).append((int(d["strength"]), rating / 6))
        for h in list(self.memory):
            if h not in present:
                del self.memory[h]
        self.memory.update(seen)

    # ------------------------------------------------------------------ cards
    @staticmethod
    def _card_mp(w: World, cid: str) -> int:
        for c in w.view.get("hand", []):
            if c.get("id") == cid:
                return int(c.get("mp", 0))
        return 0

    def _mulligan(self, w: World, legal: list[str]) -> str:
        total = sum(int(c.get("mp", 0)) for c in w.view.get("hand", []))
        if "mulligan" in legal:
            return "mulligan"
        if "redeal" in legal and total < 13:
            return "redeal"
        return "keep"

    def _card(self, w: World, legal: list[str], rng: Rng) -> str:
        hand = {str(c.get("id")): c for c in w.view.get("hand", [])}
        movable = {b.id: {"op", "march", "sea"} for b in w.mine if not b.inside and b.type != "revolt"}
        orders = self._plan(w, movable, mp=6, revolt_ok=True, card_phase=True)
        want = sum(o.mps for o in orders if o.value >= 1.0)
        revolt_target = any(o.kind == "action" and o.block.split()[0] in ("revolt", "helots") for o in orders)
        besieging = any(w.foe_inside(h) for h in w.my_at)
        cap_threat = w.threat(w.capital) > 0.8 * sum(defence(b) for b in w.my_at.get(w.capital, []))
        best = ""
        best_score = -1e9
        for a in legal:
            cid = a.split()[1]
            card = hand.get(cid, {})
            mp = int(card.get("mp", 0))
            ev = card.get("event")
            score = min(mp, want) - 0.35 * max(0, mp - want) + 0.1 * mp
            if ev == "sedition":
                score += 3.0 if revolt_target else -0.5
            elif ev == "levy":
                score += 1.0 + 0.3 * int(card.get("mp", 0))
            elif ev == "betrayal":
                score += 2.5 if besieging else 0.0
            elif ev == "plague":
                score += 2.0 if w.me == "sparta" else -2.0
            elif ev == "earthquake":
                score = (3.0 if cap_threat else -1.5)
            elif ev == "storm":
                score -= 0.5 if w.me == "athens" else 0.0
            score += rng.below(100) * 1e-4
            if score > best_score:
                best, best_score = a, score
        return best

    # ------------------------------------------------------------------ move phase
    def _move(self, w: World, legal: list[str], rng: Rng) -> str:
        self.actions += 1
        if self.actions > MAX_MOVE_ACTIONS:
            return "end" if "end" in legal else fallback(legal, rng)
        exchanges = [a for a in legal if a.startswith("exchange ")]
        if exchanges:
            return max(exchanges, key=lambda a: (w.geo.specs[a.split()[2]].steps if a.split()[2] in w.geo.specs
                                                 else 0, a))
        while self.queue:
            o = self.queue.pop(0)
            a = self._start(o, legal)
            if a:
                return a
        movable: dict[str, set[str]] = {}
        for a in legal:
            verb, _, arg = a.partition(" ")
            if verb in ("op", "march", "sea") and arg not in self.failed and arg in w.by_id:
                movable.setdefault(arg, set()).add(verb)
        orders = self._plan(w, movable, mp=w.mp, revolt_ok=True, legal=set(legal))
        for o in orders:
            if o.value < MIN_ORDER:
                break
            a = self._start(o, legal)
            if a:
                self.queue = list(o.then)
                return a
        return "end" if "end" in legal else fallback(legal, rng)

    def _start(self, o: Order, legal: list[str]) -> str:
        if o.kind == "action":
            if o.block in legal:
                if o.block.startswith("revolt ") or o.block.startswith("helots "):
                    self.sedition_used += 1
                return o.block
            return ""
        a = f"{o.kind} {o.block}"
        if a in legal and o.block not in self.failed:
            self.cur = o
            self.steps = 0
            return a
        self.failed.add(o.block)
        return ""

    def _step(self, w: World, legal: list[str]) -> str:
        geo = w.geo
        mv = w.view.get("moving") or {}
        bid = str(mv.get("block", ""))
        path = [geo.hex(x) for x in mv.get("path", [])]
        cur = path[-1] if path else -1
        o = self.cur if self.cur is not None and self.cur.block == bid else self.planned.get(bid)
        tos: dict[int, str] = {}
        for a in legal:
            if a.startswith("to "):
                tos[geo.hex(a[3:])] = a
        self.steps += 1
        b = w.by_id.get(bid)
        navy = b is not None and b.type == "navy"
        if o is None or self.steps > MAX_STEP_ACTIONS:
            self.failed.add(bid)
            if "cancel" in legal:
                return "cancel"
            if "stop" in legal:
                return "stop"
            return self._safe_step(w, tos, navy, cur)
        if o.kind in ("march", "sea"):
            if o.target in tos:
                return tos[o.target]
            best, gain = self._closest(w, tos, o.target, o.kind == "sea", cur)
            if best is not None and gain >= 2:
                return tos[best]
            self.failed.add(bid)
            return "cancel" if "cancel" in legal else (tos[best] if best is not None else fallback(legal, None))
        # operation move, hex by hex
        if cur == o.target:
            if "stop" in legal:
                return "stop"
        elif cur in o.path:
            i = o.path.index(cur)
            if i + 1 < len(o.path) and o.path[i + 1] in tos:
                return tos[o.path[i + 1]]
        stops = w.stops()
        if o.target in tos:
            return tos[o.target]
        cands = {h: a for h, a in tos.items() if h not in stops or h == o.target}
        best, gain = self._closest(w, cands, o.target, navy, cur)
        left = int(mv.get("left", 0) or 0)
        if best is not None and gain >= 1 and left > 0:
            return tos[best]
        if "stop" in legal:
            return "stop"
        if "cancel" in legal:
            self.failed.add(bid)
            return "cancel"
        return self._safe_step(w, cands or tos, navy, cur)

    def _closest(self, w: World, tos: dict[int, str], target: int, navy: bool,
                 cur: int) -> tuple[int | None, int]:
        """The option nearest ``target`` and how much nearer than ``cur`` it is."""
        geo = w.geo
        if not tos:
            return None, 0
        if navy:
            nd = geo.navy_dist(target)

            def dist(h: int, frm: int) -> int:
                best = INF
                for d in range(6):
                    if geo.nbrs[frm][d] == h:
                        a = geo.water[h][(d + 3) % 6]
                        best = min(best, nd.get((h, a), INF))
                if best == INF:
                    best = min((v for (x, _c), v in nd.items() if x == h), default=INF)
                return best

            here = min((v for (x, _c), v in nd.items() if x == cur), default=INF)
            scored = sorted((dist(h, cur), h) for h in tos)
        else:
            ad = geo.army_dist(target)
            here = ad[cur] if cur >= 0 else INF
            scored = sorted((ad[h], h) for h in tos)
        d0, h0 = scored[0]
        if d0 >= INF:
            return None, 0
        return h0, here - d0

    def _safe_step(self, w: World, tos: dict[int, str], navy: bool, cur: int) -> str:
        """Somewhere to go when the plan failed: a friendly port/city, else the first option."""
        if not tos:
            return "stop"
        best = None
        best_d = INF
        for h in tos:
            if w.mine_city(h) and not w.foe_count.get(h):
                return tos[h]
            d = min((w.geo.army_dist(c)[h] for c in w.ctrl if w.mine_city(c)), default=INF) if not navy else 5
            if d < best_d:
                best, best_d = h, d
        return tos[best] if best is not None else next(iter(tos.values()))

    # ------------------------------------------------------------------ the planner
    def _free(self, w: World, movable: dict[str, set[str]]) -> list[str]:
        """Blocks that may leave their hex without weakening it below what it needs, in the order
        of ``movable`` (the legal actions' order). A list, never a set: the planner takes the first
        of equals (a navy for a blockade, a garrison, ties in the stable sort of orders), and the
        iteration order of a set of strings changes with the interpreter's string-hash seed
        (PYTHONHASHSEED), which made the same seed play different games in different processes."""
        free: set[str] = set()
        for h, blocks in w.my_at.items():
            need = w.need(h)
            if w.foe_inside(h):
                need = max(need, 0.8 * w.foe_force(h)[0])
            have = sum(defence(b) for b in blocks)
            armies = sum(1 for b in blocks if b.army)
            keep_army = w.mine_city(h) and w.value.get(h, 0) > 0
            order = sorted((b for b in blocks if b.id in movable),
                           key=lambda b: (b.type != "navy", b.strength, b.id))
            for b in order:
                d = defence(b)
                if have - d < need - 1e-9:
                    continue
                if keep_army and b.army and armies <= 1:
                    continue
                free.add(b.id)
                have -= d
                if b.army:
                    armies -= 1
        return [bid for bid in movable if bid in free]

    def _reach(self, w: World, b: Blk, stops: frozenset[int], barred: frozenset[int]) -> dict[int, list[int]]:
        """Hexes block ``b`` can end an operation move in this turn, with the path there (shared with
        the board's kept walks: read only)."""
        geo = w.geo
        if b.hex < 0 or b.hex == geo.syr:
            return {}
        navy = b.type == "navy"
        if navy and w.view.get("storm"):
            return {}
        # the walk reads the start, the block's reach, the edition (a navy's ends) and the hexes that end or
        # bar a move, nothing else: a search's playouts plan in thousands of views whose blocks stand alike,
        # so the board keeps each walk for the next view where these are the same (as threat's, sea_reach's)
        key = (b.hex, -1 if navy else 3 if b.type == "hoplite" else 4 if b.type == "peltast" else 5,
               w.first, stops, barred)
        out = geo.kept_reach.get(key)
        if out is None:
            out = self._walk(w, b, stops, barred)
            if len(geo.kept_reach) >= KEPT_WALKS:
                geo.kept_reach.clear()
            geo.kept_reach[key] = out
        return out

    @staticmethod
    def _walk(w: World, b: Blk, stops: frozenset[int], barred: frozenset[int]) -> dict[int, list[int]]:
        """``_reach`` walked afresh."""
        geo = w.geo
        out: dict[int, list[int]] = {}
        if b.type == "navy":
            parent, at = geo.navy_paths(b.hex, 4, stops, barred)
            for h, node in at.items():
                if h == b.hex:
                    continue
                # a navy ends its move in a port; in the first edition only there, never at sea beside
                # enemy blocks (1st 1.3, 4.1, RULINGS FE6)
                if not (geo.port_meets(h, node[1]) or (h in stops and not w.first)):
                    continue
                path = []
                n: tuple[int, int] | None = node
                while n is not None:
                    path.append(n[0])
                    n = parent[n]
                out[h] = path[::-1]
            return out
        par = geo.army_paths(b.hex, 3 if b.type == "hoplite" else 4 if b.type == "peltast" else 5, stops, barred)
        for h in par:
            if h == b.hex:
                continue
            path = []
            x = h
            while x >= 0:
                path.append(x)
                x = par[x]
            out[h] = path[::-1]
        return out

    def _route(self, w: World, b: Blk, h: int, verbs: set[str], reach: dict[str, dict[int, list[int]]],
               cache: dict[tuple[str, str], set[int]]) -> Order | None:
        """The cheapest way for ``b`` to end its move in ``h`` this turn, if any (value unset)."""
        if "op" in verbs and h in reach.get(b.id, {}):
            return Order("op", b.id, h, 0.0, reach[b.id][h])
        if "march" in verbs and b.army:
            key = ("march", b.id)
            if key not in cache:
                cache[key] = w.march_reach(b)
            if h in cache[key]:
                return Order("march", b.id, h, 0.0)
        if "sea" in verbs:
            key = ("sea", b.id)
            if key not in cache:
                cache[key] = w.sea_reach(b)
            if h in cache[key]:
                return Order("sea", b.id, h, 0.0)
        return None

    def _plan(self, w: World, movable: dict[str, set[str]], mp: int, revolt_ok: bool,
              legal: set[str] | None = None, card_phase: bool = False) -> list[Order]:
        """Candidate orders, best first (value per MP)."""
        geo = w.geo
        orders: list[Order] = []
        free = self._free(w, movable)
        free_set = set(free)  # membership only
        stops = w.stops()
        barred = w.barred()
        shut, bar = frozenset(stops), frozenset(barred)  # the kept walks' keys (_reach)
        reach: dict[str, dict[int, list[int]]] = {}
        for bid, verbs in movable.items():
            b = w.by_id.get(bid)
            if b is not None and not b.inside and b.type != "revolt" and "op" in verbs:
                reach[bid] = self._reach(w, b, shut, bar)
        strategic: dict[tuple[str, str], set[int]] = {}
        mp_left = max(mp, 0)

        # --- revolts (7.0): automatic in a vacant enemy major city
        if revolt_ok:
            orders.extend(self._revolts(w, legal, card_phase))

        # --- the capital first
        cap = w.capital
        cap_have = sum(defence(b) for b in w.my_at.get(cap, []))
        cap_need = w.need(cap)
        if cap >= 0 and cap_have < cap_need and w.mine_city(cap):
            deficit = cap_need - cap_have
            for bid, verbs in movable.items():
                b = w.by_id[bid]
                if b.hex == cap or not b.army:
                    continue
                o = self._route(w, b, cap, verbs, reach, strategic)
                if o is None:
                    continue
                # a block leaving a city it must hold is only worth it for the capital, and never
                # the last army of a major city unless the capital is in real danger
                keep = 0.0 if bid in free_set else 4.0
                if bid not in free_set and cap_have >= 0.5 * cap_need and w.value.get(b.hex, 0) > 0 \
                        and sum(1 for x in w.my_at.get(b.hex, []) if x.army) <= 1:
                    continue
                o.value = 12.0 * min(1.0, b.strength / deficit) + 2.0 - keep - (0.5 if o.kind != "op" else 0)
                orders.append(o)

        # --- attacks and captures
        targets: set[int] = set()
        for h in w.foe_count:
            if w.foe_field(h):
                targets.add(h)
        for h, c in w.ctrl.items():
            if h != geo.syr and ((c == w.foe and not w.foe_count.get(h))
                                 or (c == "neutral" and h in geo.neutral_force)):
                targets.add(h)
        for h in targets:
            found = self._attack(w, h, free, reach, mp_left)
            if found is not None:
                orders.extend(found)

        # --- blockades: a navy joins a siege of an enemy port (full siege, 6.0)
        for h in w.my_at:
            city = geo.city(h)
            if city is None or not city.port or not w.foe_inside(h):
                continue
            if any(x.type == "navy" for x in w.my_at[h]):
                continue
            en_hp = w.foe_force(h)[0]
            for bid in free:
                b = w.by_id[bid]
                if b.type == "navy" and h in reach.get(bid, {}):
                    orders.append(Order("op", bid, h, 1.0 + 0.5 * city.value + 0.3 * en_hp, reach[bid][h]))
                    break

        # --- garrisons for own major cities left empty (a vacant city invites a revolt, 7.0)
        for h, c in w.ctrl.items():
            if c != w.me or h == cap or h in w.my_at or w.value.get(h, 0) <= 0 or w.foe_count.get(h):
                continue
            v = w.value[h]
            pick: Order | None = None
            for bid in free:
                b = w.by_id[bid]
                o = self._route(w, b, h, movable.get(bid, set()), reach, strategic)
                if o is None:
                    continue
                o.value = 1.2 * v + (1.0 if w.threat(h) > 0 else 0.3) - 0.05 * b.strength
                if b.type == "navy":
                    o.value -= 0.4
                if o.kind != "op":
                    o.value -= 0.1
                if pick is None or o.value > pick.value:
                    pick = o
            if pick is not None:
                orders.append(pick)
        # reinforce threatened own cities
        for h, c in w.ctrl.items():
            if c != w.me or h == cap or w.value.get(h, 0) <= 0 or w.foe_inside(h):
                continue
            have = sum(defence(b) for b in w.my_at.get(h, []))
            need = w.need(h)
            if have <= 0 or have >= need:
                continue
            for bid in free:
                b = w.by_id[bid]
                if b.hex == h or not b.army:
                    continue
                o = self._route(w, b, h, movable.get(bid, set()), reach, strategic)
                if o is not None:
                    o.value = 0.6 * w.value[h] * min(1.0, (need - have) / max(1.0, need))
                    orders.append(o)

        # --- staging: idle blocks drift toward the enemy
        orders.extend(self._staging(w, free, movable, reach, stops, strategic))

        orders.sort(key=lambda o: (-o.value / max(1, o.mps), o.block))
        return orders

    def _revolts(self, w: World, legal: set[str] | None, card_phase: bool) -> list[Order]:
        geo = w.geo
        out: list[Order] = []
        placed = {b.hex: b for b in w.mine if b.type == "revolt"}
        sedition = any((c or {}).get("event") == "sedition"
                       for r, c in w.view.get("played", {}).items() if r == w.me)
        free_steps = 2 if sedition and not card_phase else 0
        free_left = max(0, free_steps - self.sedition_used)
        demos = [p for p in w.pool if p.get("type") == "revolt" and p.get("name") != "HELOTS"]
        helots = [p for p in w.pool if p.get("type") == "revolt" and p.get("name") == "HELOTS"]
        for h, c in w.ctrl.items():
            if c != w.foe or not geo.major(h) or h in (w.capital, w.foe_capital) or h == geo.syr:
                continue
            name = geo.name(h)
            verb = "helots" if name == "MESSENE" and helots and not demos else "revolt"
            act = f"{verb} {name}"
            if legal is not None and act not in legal:
                if name == "MESSENE" and f"helots {name}" in legal and not w.foe_count.get(h):
                    act = f"helots {name}"
                else:
                    continue
            if legal is None and not (demos or (helots and name == "MESSENE")):
                continue
            v = w.value.get(h, 0)
            if h in placed:
                # a revolt placed this turn: raise it only against defenders, with free steps
                if w.foe_count.get(h) and free_left > 0:
                    out.append(Order("action", act, h, 5.0 + v))
                continue
            if h in w.my_at:
                continue  # my blocks there take the city anyway
            if not w.foe_count.get(h):
                safe = 1.0 if w.threat(h) < 3 else 0.6
                out.append(Order("action", act, h, (8.0 + 4.0 * v) * safe))
            elif free_left >= 2:
                # two free steps (Sedition) against a garrison they can plausibly beat
                en_hp, _ = w.foe_force(h)
                rating = 3 if w.me == "sparta" else 2
                if en_hp <= 2 * 2 * rating / 6 + 0.01:
                    out.append(Order("action", act, h, 2.0 + v))
        return out

    def _attack(self, w: World, h: int, free: list[str], reach: dict[str, dict[int, list[int]]],
                mp: int) -> list[Order] | None:
        """Orders sending enough free blocks to take or fight at ``h``, or None."""
        geo = w.geo
        city = geo.city(h)
        vacant = not w.foe_count.get(h)
        neutral = w.ctrl.get(h) == "neutral"
        cands: list[tuple[Blk, list[int]]] = []
        for bid in free:
            b = w.by_id[bid]
            path = reach.get(bid, {}).get(h)
            if path is None:
                continue
            if b.type == "navy" and not vacant and not neutral:
                continue  # navies only take empty ports here
            if b.type == "navy" and neutral:
                continue
            cands.append((b, path))
        if not cands:
            return None
        value_city = 0.0
        if city is not None:
            v = city.value
            value_city = 4.0 * v if v > 0 else 0.2
            if h == w.foe_capital:
                value_city = 500.0
        if vacant and not neutral:
            if h in w.my_at:
                return None  # already mine at the end of the Phase (R2)
            # a capture: the cheapest block that gets there (minor cities: armies only, they are
            # worth no points and a navy hopping between them wastes its moves)
            if city is not None and city.value <= 0:
                cands = [c for c in cands if c[0].army]
                if not cands:
                    return None
            cands.sort(key=lambda c: (c[0].type == "navy" and w.me == "sparta", c[0].strength, c[0].id))
            b, path = cands[0]
            if city is None:
                return None
            risk = w.threat(h)
            val = value_city + (0.5 if city.value > 0 else 0.0)
            if risk > 2.5 * b.strength and h != w.foe_capital:
                val *= 0.5
            return [Order("op", b.id, h, val, path)]
        if neutral:
            force = geo.neutral_force.get(h, [])
            en_hp = float(sum(s for s, _p in force))
            en_pw = float(sum(s * p for s, p in force))
            want = 2.2
        else:
            en_hp, en_pw = w.foe_force(h, field_only=True)
            want = 1.7 if h != w.foe_capital else 1.2
            if w.all_in:
                want *= 0.75  # first edition 10.2: Sparta's last chance (RULINGS FE17)
        my_hp, my_pw = w.my_force(h, inside=False)
        if w.mine_city(h) and city is not None:
            # relief of my own besieged city (5.3): the besieged may sally with the relief force
            in_hp, in_pw = w.my_force(h, inside=True)
            my_hp += 0.5 * in_hp
            my_pw += 0.5 * in_pw
            want = 1.1
            value_city = 4.0 * max(city.value, 1) + (100.0 if h == w.capital else 0.0)
        # gather, strongest first, within the hexside limits (4.1) and the MPs
        cands.sort(key=lambda c: (-c[0].power, c[0].id))
        used: dict[int, int] = {}
        group: list[tuple[Blk, list[int]]] = []
        for b, path in cands:
            if len(group) >= mp:
                break
            if b.army and len(path) >= 2:
                entry = path[-2]
                lim = geo.hexside_limit(entry, h)
                if used.get(entry, 0) >= max(1, lim):
                    continue
                used[entry] = used.get(entry, 0) + 1
            if b.type == "navy":
                continue
            group.append((b, path))
            my_hp += b.strength
            my_pw += b.power
            if ratio(my_hp, my_pw, en_hp, en_pw) >= want and 2 * my_pw >= 0.75 * en_hp:
                break
        if not group:
            return None
        r = ratio(my_hp, my_pw, en_hp, en_pw)
        if r < want or 2 * my_pw < 0.75 * en_hp:
            return None
        p_win = min(0.95, 0.45 + 0.2 * (r - 1.0))
        gain = value_city * p_win + 1.2 * min(en_hp, 2 * my_pw)
        loss = 1.0 * min(my_hp, 2 * en_pw)
        if neutral:
            gain -= value_city * (1 - p_win)
        val = gain - loss
        if val <= 0:
            return None
        n = len(group)
        rest = [Order("op", b.id, h, val / n, path) for b, path in group[1:]]
        b0, path0 = group[0]
        return [Order("op", b0.id, h, val, path0, mps=n, then=rest)]

    def _staging(self, w: World, free: list[str], movable: dict[str, set[str]],
                 reach: dict[str, dict[int, list[int]]], stops: set[int],
                 strategic: dict[tuple[str, str], set[int]]) -> list[Order]:
        """Idle free armies step toward the best enemy city within a few turns."""
        geo = w.geo
        out: list[Order] = []
        goals = [h for h, c in w.ctrl.items() if c == w.foe and geo.major(h) and h != geo.syr]
        if not goals:
            return out
        for bid in free:
            b = w.by_id[bid]
            if not b.army:
                continue
            best_goal = -1
            goal_score = 0.0
            for g in goals:
                d = geo.army_dist(g)[b.hex]
                if d >= INF or d <= 1:
                    continue
                v = w.value.get(g, 0) + (6 if g == w.foe_capital else 0)
                score = v / (1 + d)
                if score > goal_score:
                    best_goal, goal_score = g, score
            if best_goal < 0:
                continue
            dist = geo.army_dist(best_goal)
            here = dist[b.hex]
            verbs = movable.get(bid, set())
            options: list[tuple[int, str]] = [(h2, "op") for h2 in reach.get(bid, {})]
            if "march" in verbs and here > 4:
                key = ("march", bid)
                if key not in strategic:
                    strategic[key] = w.march_reach(b)
                options.extend((h2, "march") for h2 in strategic[key])
            best: tuple[float, float, int] | None = None
            pick: tuple[int, str] = (-1, "")
            for h2, kind in options:
                if h2 in stops or w.foe_count.get(h2) or w.ctrl.get(h2) == "neutral":
                    continue
                if dist[h2] < 1 or dist[h2] >= here or not w.room(h2, b):
                    continue
                if sum(1 for x in w.my_at.get(h2, [])) >= 3:
                    continue
                rank = (float(here - dist[h2]) + (1.0 if w.mine_city(h2) else 0.0), -w.threat(h2), -h2)
                if best is None or rank > best:
                    best, pick = rank, (h2, kind)
            if best is None:
                continue
            h2, kind = pick
            val = 0.3 + 0.05 * b.strength
            if w.threat(h2) > 1.5 * b.strength + sum(x.strength for x in w.my_at.get(h2, [])):
                continue  # would only walk into a stronger enemy
            out.append(Order(kind, bid, h2, val, reach.get(bid, {}).get(h2, []) if kind == "op" else []))
        return out

    # ------------------------------------------------------------------ combat menu
    def _combat_menu(self, w: World, legal: list[str]) -> str:
        battles = [a for a in legal if a.startswith("battle ")]
        if battles:
            return battles[0]
        best = "end" if "end" in legal else legal[0]
        best_v = 0.0
        for a in legal:
            parts = a.split()
            if len(parts) != 3:
                continue
            verb, where, group = parts
            h = w.geo.hex(where)
            if verb == "storm":
                v = self._storm_value(w, h, group)
            elif verb == "sally":
                v = self._sally_value(w, h, group)
            else:
                continue
            if v > best_v:
                best, best_v = a, v
        return best

    def _storm_value(self, w: World, h: int, group: str) -> float:
        mine = [b for b in w.my_at.get(h, []) if not b.inside and b.type != "revolt"]
        sel = [b for b in mine if group == "all" or (group == "navies") == (b.type == "navy")]
        sel.sort(key=lambda b: -b.strength)
        city = w.geo.city(h)
        lim = 4 if city is not None and city.value > 0 else 2
        sel = sel[:lim]
        my_hp = float(sum(b.strength for b in sel))
        my_pw = sum(b.strength * (1 if b.type in ("navy", "cavalry") else b.rating) / 6 for b in sel)
        en_hp, en_pw = w.foe_force(h)
        betrayal = any((c or {}).get("event") == "betrayal"
                       for r, c in w.view.get("played", {}).items() if r == w.me)
        dbl = 1.0 if betrayal else 2.0
        r = ratio(my_hp, my_pw, en_hp * dbl, en_pw)
        if r < 1.6 or 2 * my_pw < 0.6 * en_hp * dbl:
            return 0.0
        return r

    def _sally_value(self, w: World, h: int, group: str) -> float:
        mine = [b for b in w.my_at.get(h, []) if b.type != "revolt"]
        sel = [b for b in mine if group == "all" or (group == "navies") == (b.type == "navy")]
        my_hp = float(sum(b.strength for b in sel))
        my_pw = sum(b.power for b in sel)
        en_hp, en_pw = w.foe_force(h)
        r = ratio(my_hp, my_pw, en_hp, en_pw)
        return r if r >= 2.0 else 0.0

    # ------------------------------------------------------------------ battles
    def _battle(self, w: World, legal: list[str], verbs: set[str], rng: Rng) -> str:
        bt = w.view.get("battle") or {}
        h = w.geo.hex(bt.get("hex"))
        if "engage" in legal:
            return self._declare(w, h, legal)
        if verbs <= {"sally", "remain"}:
            return self._sallyq(w, h, legal)
        if "hit" in verbs:
            return self._least_valuable(w, legal)
        if verbs <= {"regroup", "done"}:
            return self._regroup(w, h, legal)
        if verbs <= {"pillage", "done"}:
            return self._pillage(w, legal)
        if any(a.startswith("storm ") for a in legal) and verbs <= {"storm", "done"}:
            return self._stormq(w, h, legal)
        if verbs <= {"add", "done"}:
            return self._levy(w, legal)
        if verbs == {"retreat"} and all(len(a.split()) == 2 for a in legal):
            return self._retreat_to(w, h, legal)
        return self._act(w, h, bt, legal)

    def _field_balance(self, w: World, h: int) -> tuple[float, float, float, float]:
        my_hp = my_pw = 0.0
        for b in w.my_at.get(h, []):
            if b.inside or b.type == "revolt":
                continue
            my_hp += b.strength
            my_pw += b.power
        en_hp = en_pw = 0.0
        for e in w.foe_known.get(h, []):
            if e.inside:
                continue
            en_hp += e.strength
            en_pw += e.power
        return my_hp, my_pw, en_hp, en_pw

    def _declare(self, w: World, h: int, legal: list[str]) -> str:
        my_hp, my_pw, en_hp, en_pw = self._field_balance(w, h)
        # defenders still hidden are mine; count all my field blocks
        r = ratio(my_hp, my_pw, en_hp, en_pw)
        patrols = [a for a in legal if a.startswith("patrol ")]
        if patrols:
            # first edition 6.7 (RULINGS FE12, FE39): offered only when no attacking navy stands outside, so
            # the navy could only wait for coastal combat beside the land battle; when the land battle looks
            # lost (hidden attackers at their estimate), it patrols instead: out of the land blocks' reach,
            # keeping the sea its side's (no blockade, FE2), rather than being shut in the siege
            land_hp = land_pw = 0.0
            for x in w.my_at.get(h, []):
                if x.army and not x.inside:
                    land_hp += x.strength
                    land_pw += x.power
            foe_hp, foe_pw = w.foe_force(h, field_only=True)
            if ratio(land_hp, land_pw, foe_hp, foe_pw) < 1.3:
                return patrols[0]
        withdraws = [a for a in legal if a.startswith("withdraw ")]
        if not withdraws:
            return "engage"
        if r < 0.9:
            # weakest first does not matter: all go in
            return withdraws[0]
        if r < 1.3:
            # keep the strong outside, put the navies and the weak inside
            for a in withdraws:
                b = w.by_id.get(a.split()[1])
                if b is not None and (b.type == "navy" or b.strength <= 1):
                    return a
        return "engage"

    def _sallyq(self, w: World, h: int, legal: list[str]) -> str:
        my_hp = my_pw = 0.0
        for b in w.my_at.get(h, []):
            if b.type != "revolt":
                my_hp += b.strength
                my_pw += b.power
        en_hp, en_pw = w.foe_force(h)
        if ratio(my_hp, my_pw, en_hp, en_pw) >= 1.5:
            for g in ("sally all", "sally armies", "sally navies"):
                if g in legal:
                    return g
        return "remain"

    def _stormq(self, w: World, h: int, legal: list[str]) -> str:
        """5.31: more blocks would storm than the siege limit: the strongest storm (cavalry and
        navies fight at B1/C1 in a Siege Battle, 5.41)."""
        storms = [a for a in legal if a.startswith("storm ")]
        if not storms:
            return "done"

        def siege_power(a: str) -> tuple[float, str]:
            b = w.by_id.get(a.split()[1])
            if b is None:
                return (0.0, a)
            rating = 1 if b.type in ("cavalry", "navy") else b.rating
            return (b.strength * rating / 6, a)

        return max(storms, key=siege_power)

    def _act(self, w: World, h: int, bt: JSON, legal: list[str]) -> str:
        me_att = bt.get("attacker") == w.me
        rnd = int(bt.get("round", 1))
        stage = str(bt.get("stage", ""))
        my_hp, my_pw, en_hp, en_pw = self._field_balance(w, h)
        if stage == "siege":
            my_hp = my_pw = 0.0
            for b in w.my_at.get(h, []):
                if b.type == "revolt" or (b.inside == me_att):
                    continue
                my_hp += b.strength
                my_pw += b.power
            en_hp = en_pw = 0.0
            for e in w.foe_known.get(h, []):
                en_hp += e.strength
                en_pw += e.power
            if me_att:
                en_hp *= 2
        r = ratio(my_hp, my_pw, en_hp, en_pw)
        block = self._acting_block(w, h, w.view.get("prompt", ""))
        if "land" in legal:
            # a navy with no navy to fight: join the land battle when it helps
            if en_hp > 0 and r >= 1.0:
                return "land"
            if "withdraw" in legal:
                return "withdraw"
            return "stay" if "stay" in legal else "land"
        if "coastal" in legal and en_hp > 0 and r >= 1.0:
            return "coastal"  # first edition 6.2: navies and armies outside fight one battle (FE10)
        if "blockade" in legal and (block is None or block.type == "navy"):
            if "storm" not in legal or self._storm_value(w, h, "all") <= 3.0:
                return "blockade"  # first edition 6.6: blockade an enemy port (FE11)
        if "storm" in legal:
            # 5.41: only defenders in siege remain: storm with this block, or stay in reserve
            good = self._storm_value(w, h, "all") > 0
            if good and (block is None or block.type != "navy" or self._storm_value(w, h, "all") > 3.0):
                return "storm"
            return "pass" if "pass" in legal else "storm"
        retreats = [a for a in legal if a.startswith("retreat ")]
        if "withdraw" in legal and r < 0.75 and (block is None or block.type != "revolt"):
            return "withdraw"
        if rnd == 2 and retreats and r < 0.45:
            return self._retreat_to(w, h, retreats)
        if rnd == 2 and "retreat" in legal and me_att and stage == "siege" and r < 0.5:
            return "retreat"
        if "fire" in legal:
            return "fire"
        if "pass" in legal:
            return "pass"
        return legal[0]

    def _acting_block(self, w: World, h: int, prompt: str) -> Blk | None:
        m = LABEL.match(prompt or "")
        if not m:
            return None
        name, letter, rating, strength = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
        for b in w.my_at.get(h, []):
            if b.name == name and b.letter == letter and b.strength == strength:
                return b
        _ = rating
        return None

    def _retreat_to(self, w: World, h: int, legal: list[str]) -> str:
        best = legal[0]
        best_v = -1e9
        for a in legal:
            x = w.geo.hex(a.split(" ", 1)[1])
            v = 0.0
            if w.mine_city(x):
                v += 3.0 + w.value.get(x, 0)
            if x == w.capital:
                v += 4.0
            v += 0.5 * len(w.my_at.get(x, []))
            v -= 0.3 * w.threat(x)
            if v > best_v:
                best, best_v = a, v
        return best

    def _regroup(self, w: World, h: int, legal: list[str]) -> str:
        # victorious blocks stay to hold what they took; navies go home to a port of ours
        # only when the battle hex is not one
        city = w.geo.city(h)
        if city is None or not city.port:
            for a in legal:
                if a.startswith("regroup "):
                    b = w.by_id.get(a.split()[1])
                    if b is not None and b.type == "navy":
                        return a
        return "done"

    def _pillage(self, w: World, legal: list[str]) -> str:
        opts = [a for a in legal if a.startswith("pillage ")]
        if not opts:
            return "done"
        return max(opts, key=lambda a: (self._step_worth(w, a.split()[1]), a))

    def _step_worth(self, w: World, bid: str) -> float:
        b = w.by_id.get(bid)
        if b is None:
            spec = w.geo.specs.get(bid)
            if spec is None:
                return 0.0
            rating, kind = spec.rating, ("hoplite", "peltast", "cavalry", "navy", "revolt")[spec.type]
        else:
            rating, kind = b.rating, b.type
        cost = w.costs.get(kind, 2)  # 8.4 (first edition 8.4: PP)
        if kind == "navy" and w.me == "sparta" and w.view.get("persian_support") == "active":
            cost = 1
        return (rating / 6 + 0.25) / cost

    # ------------------------------------------------------------------ BPs
    def _levy(self, w: World, legal: list[str]) -> str:
        opts = [a for a in legal if a.startswith("add ")]
        if not opts:
            return "done"
        return max(opts, key=lambda a: (self._add_score(w, a.split()[1]), a))

    def _add_score(self, w: World, bid: str) -> float:
        b = w.by_id.get(bid)
        base = self._step_worth(w, bid)
        if b is None:
            return base
        h = b.hex
        f = 1.0
        if h == w.capital:
            have = sum(defence(x) for x in w.my_at.get(h, []))
            f = 3.0 if have < w.need(h) + 2 else 1.6
        elif w.mine_city(h):
            have = sum(defence(x) for x in w.my_at.get(h, []))
            f = 2.0 if have < w.need(h) else 1.0
        elif w.foe_inside(h):
            f = 1.4
        if b.type == "navy" and w.me == "athens":
            f *= 1.3
        if b.type == "revolt":
            f *= 0.2
        return base * f

    def _replace(self, w: World, legal: list[str]) -> str:
        # revolt blocks go back to the pool so they can revolt again next Olympiad
        for a in legal:
            if a.startswith("disband "):
                b = w.by_id.get(a.split()[1])
                if b is not None and b.type == "revolt":
                    return a
        best = "done"
        best_v = 0.0
        built_here: dict[int, int] = {}
        for a in legal:
            parts = a.split(" ", 2)
            if parts[0] == "add":
                v = self._add_score(w, parts[1])
            elif parts[0] == "build" and len(parts) == 3:
                h = w.geo.hex(parts[2])
                v = self._step_worth(w, parts[1])
                mine_here = len(w.my_at.get(h, [])) + built_here.get(h, 0)
                if mine_here == 0 and w.geo.major(h):
                    v *= 4.0 + 0.3 * w.value.get(h, 0)
                elif h == w.capital and sum(defence(x) for x in w.my_at.get(h, [])) < w.need(h) + 2:
                    v *= 2.5
                else:
                    v *= 0.7
                spec = w.geo.specs.get(parts[1])
                if spec is not None and spec.type == 3 and w.me == "athens":
                    v *= 1.3
            else:
                continue
            if v > best_v:
                best, best_v = a, v
        return best

    def _least_valuable(self, w: World, legal: list[str]) -> str:
        def worth(a: str) -> tuple[float, str]:
            bid = a.split()[1]
            b = w.by_id.get(bid)
            if b is None:
                return (0.0, a)
            v = b.rating * w.costs.get(b.type, 2) * (1.0 + 0.1 * b.strength)
            return (v, a)

        return min(legal, key=worth)


def move_candidates(view: JSON, legal: list[str], count: int,
                    data: Path | str | None = None) -> dict[str, Order | None]:
    """The Move Phase menu's choices the heuristic's planner ranks highest (4.0: its orders worth an MP,
    best first, at most ``count`` distinct first actions) and ``end``, each with its order (None for an
    action that is its own order, or ``end``): the few choices worth a search of the move (docs/ai.md).
    Read from the view alone, as the bot plans; nothing is changed."""
    bot = HeuristicAgent(data=data)
    geo = geo_for(components(data, view.get("edition") == "first"))
    w = World(geo, view, {})
    movable: dict[str, set[str]] = {}
    for a in legal:
        verb, _, arg = a.partition(" ")
        if verb in ("op", "march", "sea") and arg in w.by_id:
            movable.setdefault(arg, set()).add(verb)
    out: dict[str, Order | None] = {}
    for o in bot._plan(w, movable, mp=w.mp, revolt_ok=True, legal=set(legal)):
        if o.value < MIN_ORDER or len(out) >= count:
            break
        action = o.block if o.kind == "action" else f"{o.kind} {o.block}"
        if action in legal and action not in out:
            out[action] = None if o.kind == "action" else o
    if "end" in legal:
        out["end"] = None
    return out


def standing(view: JSON, data: Path | str | None = None) -> float:
    """The heuristic's judgement of a position for the view's role, in city points (10.2): the values
    of the major cities it holds unbesieged less the enemy's, each city the bot would garrison
    (``World.need``: the enemy strength that can reach it) less what falls short of that garrison, as a
    share of its value, and the capital's shortfall weighted as the game it loses (10.1). Read from the
    view alone (enemy blocks not seen in a battle at the bot's estimates), as the bot plays; the search
    (``worlds.Sampler.evaluate``) judges its leaves with it from each side's view of the world."""
    geo = geo_for(components(data, view.get("edition") == "first"))
    return standing_of(World(geo, view, {}))


def standing_of(w: World) -> float:
    """``standing`` of the view ``w`` digests (a World read from a view with no memory)."""
    score = 0.0
    for h, side in w.ctrl.items():
        v = w.value.get(h, 0)
        mine = side == w.me
        if (not mine and side != w.foe) or h in w.sieged:
            continue
        if mine:
            score += v
            need = w.need(h)
            if need <= 0:
                continue
            have = sum(defence(b) for b in w.my_at.get(h, []))
            short = max(0.0, need - have) / need
            score -= short * (8.0 if h == w.capital else 0.6 * v)
        else:
            score -= v
    return score


def fallback(legal: list[str], rng: Rng | None) -> str:
    """A safe action when nothing better is known: end, done, stop, keep, engage, fire..."""
    for a in ("end", "done", "stop", "keep", "engage", "fire", "remain", "pass", "cancel"):
        if a in legal:
            return a
    if rng is not None:
        return rng.choice(legal)
    return legal[0]


def bots() -> dict[str, Callable[[], Agent]]:
    """The registry hook (polemos.ai.agents.game_bots)."""
    return {"heuristic": HeuristicAgent}
