"""Go Tell the Spartans bots: ``heuristic``, a fast rule-of-thumb player for either side.

The bot reads nothing but what :func:`polemos.games.thermopylae.view.build` gives its role (the
units on the map as that role may see them, the tracks, the day and round, the prompt) and the
legal actions. The map, the counter roster and the tables come from the game's components
(``polemos.game("go-tell-the-spartans").components()``), which every player may read; no state
object is ever touched. In the two-player game (11.1) an enemy stack shows only its top unit; the
hidden units under it count at an average strength.

How the Greeks play (tuned over hundreds of solitaire games against the automaton):

* The Ephialtes path (6.0) and the conference (5.3): on days 1 and 2 the contingent closest to
  its Routs box guards the path (the Thebans, who rout at their second lost unit), since a guarded
  contingent never fights; on day 3 the contingents that stay are the ones furthest from routing,
  and the guard among them is again the one closest to it.
* The contingent west of the Wall with the Spartans (6.0.1): one that fits beside them in a single
  row (at most four units), else the best Defensive Value (the Thespians).
* Deployment (6.0), days 1 and 2: a line of hoplite three-stacks facing west across the first row
  of the narrows (F7-F9), from the contingents furthest from their Routs boxes with Defensive
  Value 3 (the Peloponnesians, 28 units, first); the Spartans and the west contingent stand right
  behind it, facing east, so that their ZOC does not keep the Persians from attacking the line
  head-on (3.3.4), the worst attack they can make (mixed v hoplite 1L, and Greek hoplites hit in
  front take one Step Loss less, 8.3.2); the reserves fill the Wall and the rows behind it facing
  west; hoplites with two or more Step Losses stay out of the front line; light units stand at
  the back, stacked together. A new deployment after a Persian contingent routs (9.0(1)) brings
  fresh stacks to the front. Day 3: the line stands on the Wall (H7-H9, -1 to Persian fire and a
  column shift left to their attacks, TEC) and every row behind it faces east against the
  Immortals (7.0.2).
* Movement (8.1): a stack turns to face enemies that could hit its flank or rear next (not those
  locked in a melee, 8.1.4), stacks move up into empty areas of the line, a reserve throws out
  Persians who got onto or behind the line, and a stack leaves the line to attack only at good
  odds; light units keep out of contact.
* Fire (8.2): every light unit fires; all shots go at one target area at a time (hits add up
  against its Defensive Value, 8.2.6), the one where the expected Step Losses are highest.
* Retreat before combat (8.3.2): light units always take it; the Spartans never feint (11.3).

As the Persian player (11.1): the strongest contingent first; forces close with the Greeks,
attack where the odds are good or into a flank or rear, missile units stop two areas off, and fire
concentrates on one target at a time. Against a Persian player the Greeks attack at good odds
wherever they find them (a player, unlike the automaton, need not attack the line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polemos
from polemos.ai.agents import Agent, GuardedAgent
from polemos.core.rng import Rng
from polemos.games.thermopylae.game import GoTellTheSpartans
from polemos.games.thermopylae.state import Comp

JSON = dict[str, Any]
GAME_ID = "go-tell-the-spartans"

FACINGS = ("N", "E", "S", "W")
N, E, S, W = 0, 1, 2, 3
HOPLITE, MIXED, JAVELIN, BOW = "hoplite", "mixed", "javelin", "bow"
LIGHT = (JAVELIN, BOW)
ZOC_TYPES = (HOPLITE, MIXED)
FRONT, FLANK, REAR = 0, 1, 2
HIDDEN_MF = 2  # a hidden Persian unit counts as a full-strength mixed unit (most of them are)
HIDDEN_STEPS = 2

# Greek contingents by fighting quality (ties in the conference and guard choices)
QUALITY = {"spartans": 9, "thespians": 6, "malians": 6, "phocians": 5, "locrians": 4, "peloponnesians": 5,
           "thebans": 2}
# The Persian player's preference when it chooses the day's first contingent (11.1)
PERSIAN_PREFERENCE = ("immortals", "medes", "scythians", "dahae", "susa")


# ====================================================================== public components
class Static:
    """The public components, precomputed once: the map, the roster and the tables."""

    def __init__(self, comp: Comp) -> None:
        self.comp = comp
        n = comp.n_areas
        self.n = n
        self.names = tuple(comp.area_name(a) for a in range(n))
        self.index = {name: a for a, name in enumerate(self.names)}
        self.row = comp.a_row
        self.col = comp.a_col
        self.passable = comp.a_pass
        self.wall = comp.a_wall
        self.level = comp.a_level
        self.nbr = comp.nbr
        self.geo = comp.geo
        self.tables = comp.tables
        self.wall_row = comp.wall_row
        self.west_rows = comp.west_rows
        self.deploy_rows = comp.deploy_rows
        # the narrows: the rows where the pass is at its narrowest
        widths = [sum(1 for a in range(n) if comp.a_row[a] == r and comp.a_pass[a]) for r in range(comp.rows)]
        self.row_width = widths
        narrow = min(w for w in widths if w > 0)
        self.narrow_rows = tuple(r for r in range(comp.rows) if widths[r] == narrow)
        self.row_areas = tuple(tuple(a for a in range(n) if comp.a_row[a] == r and comp.a_pass[a])
                               for r in range(comp.rows))
        # roster
        self.unit_index = {uid: u for u, uid in enumerate(comp.unit_ids)}
        self.u_type = tuple(("hoplite", "mixed", "javelin", "bow")[t] for t in comp.u_type)
        self.u_cont = tuple(comp.cont_ids[c] for c in comp.u_cont)
        self.u_steps = comp.u_steps
        self.u_mf = comp.u_mf
        self.u_dv = comp.u_dv
        self.u_side = tuple("greek" if sd == 0 else "persian" for sd in comp.u_side)
        self.cont_by_name = {comp.counters.contingents[cid].name: cid for cid in comp.cont_ids}
        self.cont_dv = {cid: max((comp.u_dv[u] for u in comp.cont_units[c]), default=1)
                        for c, cid in enumerate(comp.cont_ids)}
        greek = comp.tables.greek_morale.rows
        self.cont_mr = {cid: int(greek[cid].ratings[0] or 5) for cid in greek}
        self.cont_units = {cid: tuple(comp.unit_ids[u] for u in comp.cont_units[c])
                           for c, cid in enumerate(comp.cont_ids)}
        self.routs_box = {cid: comp.routs_box[c] for c, cid in enumerate(comp.cont_ids)}
        # melee: expected (attacker, defender, defender if Greek hoplites hit in front) losses by column
        cols = self.tables.odds_columns
        self.columns = cols
        exp: list[tuple[float, float, float]] = []
        for j in range(len(cols)):
            ea = ed = ec = 0.0
            for roll in range(1, 7):
                res = self.tables.mcrt(cols[j], roll)
                ea += res.attacker / 6
                ed += res.defender / 6
                ec += max(0, res.defender - 1) / 6
            exp.append((ea, ed, ec))
        self.melee_exp = tuple(exp)
        # fire: probabilities of 0, 1, 2 hits by (type, range, wall modifier)
        self.fire_p: dict[tuple[str, int, int], tuple[float, float, float]] = {}
        for t in ("mixed", "javelin", "bow"):
            for dist in range(0, 5):
                line = self.tables.fire_line(t, dist)
                if line is None:
                    continue
                for mod in (0, -1):
                    p = [0.0, 0.0, 0.0]
                    for roll in range(1, line.die + 1):
                        p[line.hits(roll + mod)] += 1 / line.die
                    self.fire_p[(t, dist, mod)] = (p[0], p[1], p[2])
        self.max_range = {t: self.tables.max_range(t) for t in ("mixed", "javelin", "bow")}

    def direction(self, a: int, b: int) -> int:
        """The direction index (0..7 clockwise from N) of neighbour ``b`` of ``a``, or -1."""
        nb = self.nbr[a]
        for d in range(8):
            if nb[d] == b:
                return d
        return -1

    def odds_index(self, att: int, dfn: int) -> int:
        if dfn <= 0:
            return len(self.columns) - 1
        if att <= 0:
            return 0
        return self.columns.index(self.tables.odds_column(att, dfn))


_STATIC: dict[str, Static] = {}


def static_for(data: Path | str | None) -> Static:
    key = str(data)
    st = _STATIC.get(key)
    if st is None:
        game = polemos.game(GAME_ID, data)
        if not isinstance(game, GoTellTheSpartans):  # pragma: no cover - the registry is fixed
            raise TypeError(f"{GAME_ID} is not the Go Tell the Spartans game")
        st = Static(game.components())
        _STATIC[key] = st
    return st


# ====================================================================== what the view says
@dataclass(slots=True)
class Unit:
    id: str
    side: str
    type: str
    contingent: str
    facing: int
    losses: int
    steps: int
    mf: int
    dv: int
    disordered: bool
    force: int
    hidden: bool


def _unit(raw: JSON) -> Unit:
    if raw.get("hidden"):
        return Unit("", str(raw.get("side", "")), MIXED, "", -1, 0, HIDDEN_STEPS, HIDDEN_MF, 1, False, -1, True)
    f = raw.get("facing", "E")
    return Unit(str(raw["id"]), str(raw["side"]), str(raw["type"]), str(raw["contingent"]),
                FACINGS.index(f) if f in FACINGS else E, int(raw.get("losses", 0)), int(raw.get("steps", 1)),
                int(raw.get("mf", 0)), int(raw.get("dv", 1)), bool(raw.get("disordered", False)),
                int(raw.get("force", -1)), False)


class Board:
    """The units on the map, by area and side (top of the pile first)."""

    __slots__ = ("areas", "me", "mine", "theirs", "where")

    def __init__(self, st: Static, view: JSON, me: str) -> None:
        self.me = me
        n = st.n
        self.mine: list[list[Unit]] = [[] for _ in range(n)]
        self.theirs: list[list[Unit]] = [[] for _ in range(n)]
        self.where: dict[str, int] = {}
        self.areas: list[int] = []
        index = st.index
        for name, raws in (view.get("areas") or {}).items():
            a = index.get(name)
            if a is None:
                continue
            self.areas.append(a)
            for raw in raws:
                u = _unit(raw)
                if u.side == me:
                    self.mine[a].append(u)
                else:
                    self.theirs[a].append(u)
                if u.id:
                    self.where[u.id] = a


def situation(att_facing: int, def_facing: int) -> int:
    """8.3.4: face to face is a Front attack, the same way a Rear attack, else a Flank attack."""
    if att_facing == (def_facing + 2) % 4:
        return FRONT
    if att_facing == def_facing:
        return REAR
    return FLANK


def melee_odds(st: Static, att: list[Unit], dfn: list[Unit], att_facing: int, area: int, src: int) -> tuple[
        float, float, int]:
    """Expected (attacker, defender) Step Losses of a melee (8.3.2-8.3.4, TEC), and the column index."""
    if not att or not dfn:
        return 0.0, 0.0, 0
    amf = sum(u.mf for u in att)
    dmf = sum(u.mf for u in dfn)
    j = st.odds_index(amf, dmf)
    at, dt = att[0], dfn[0]
    shift = 0
    if any(u.disordered for u in att):
        shift -= 1
    shift += st.tables.unit_type_shift(at.type, dt.type)
    sit = FRONT if dt.facing < 0 else situation(att_facing, dt.facing)
    if sit != FRONT:
        shift += st.tables.situation_shift("flank" if sit == FLANK else "rear", at.type)
    if src >= 0:
        if st.level[area] == 2 and st.level[src] == 1:
            shift -= 1
        if st.wall[area] and not st.wall[src]:
            shift -= 1
    j = max(0, min(len(st.columns) - 1, j + shift))
    ea, ed, ec = st.melee_exp[j]
    if dt.type == HOPLITE and dt.side == "greek" and sit == FRONT:
        ed = ec
    return ea, ed, j


def entry_facing(st: Static, src: int, area: int, def_facing: int) -> int:
    """The facing of a unit entering ``area`` from ``src`` (8.3.1: the least favourable side diagonally)."""
    d = st.direction(src, area)
    if d < 0:
        return W
    if d % 2 == 0:
        return d // 2
    a, b = (d - 1) // 2 % 4, (d + 1) // 2 % 4
    if def_facing < 0:
        return a
    return a if situation(a, def_facing) <= situation(b, def_facing) else b


def hits_distribution(ps: list[tuple[float, float, float]]) -> list[float]:
    dist = [1.0]
    for p0, p1, p2 in ps:
        nxt = [0.0] * (len(dist) + 2)
        for h, q in enumerate(dist):
            if q:
                nxt[h] += q * p0
                nxt[h + 1] += q * p1
                nxt[h + 2] += q * p2
        dist = nxt
    return dist


# ====================================================================== the agent
@dataclass(slots=True)
class Plan:
    """Tunable choices of the heuristic (the defaults are the tuned ones)."""

    front_row: str = "F"  # days 1-2: the front line ("F"; "G" puts it where the west group stands,
    # "H" on the Wall with the west group marching onto it in the first Action Round: both worse)
    day3_front_row: str = "H"  # day 3: the Wall row
    counterattack: float = 1.0  # minimum expected (enemy - 1.5 x own) Step Losses of a Greek attack
    counterattack_two: float = 0.3  # the same against a Persian player (11.1), who need not attack the line
    worn_losses: int = 2  # a hoplite with this many Step Losses stays out of the front line
    guard_phocians: bool = False  # days 1-2: the Phocians guard the path (historical; else the weakest)
    guard_first: str = ""  # days 1-2: this contingent guards the path while it can
    dv_bonus: float = 2.0  # front-line choice: a Defensive Value of 3 counts this much margin
    margin_cap: int = 14  # front-line choice: a contingent's distance from its Routs box counts up to this
    turn_gain: float = 2.0  # a stack turns when this much enemy strength leaves its flanks and rear
    overflow_mountain: bool = True  # the west group's front slot: the mountain end of the line (else the sea end)
    day3_spartans_wall: bool = True  # day 3: the Spartans take a Wall area of the line whatever their losses
    spartans_front: bool = False  # when the west group overflows its row, the Spartans take the front slot
    west_by_margin: bool = False  # the west contingent: the sturdiest first (else Defensive Value first)
    west_units: int = 4  # the west contingent should have at most this many units (its row is 3 areas)


class HeuristicAgent(GuardedAgent):
    """A fast rule-of-thumb player for either side (see the module docstring)."""

    name = "heuristic"

    def __init__(self, strict: bool = False, data: Path | str | None = None, plan: Plan | None = None) -> None:
        self.strict = strict  # re-raise its own errors (tests) instead of falling back
        self.data = data
        self.plan = plan or Plan()
        self.losses: dict[str, int] = {}  # own units' Step Losses, remembered while they are off the map
        self.fire_key: tuple[Any, ...] = ()
        self.fire_target = -1
        self.west_cont = ""
        self.front_r = 5
        self.slots: dict[int, tuple[float, int]] = {}
        self.west_slots: dict[int, tuple[float, int]] = {}
        self.reserved: dict[int, str] = {}
        self.day = 1
        self.mode = "solitaire"
        self._exp_cache: dict[tuple[int, int], float] = {}
        self._danger_cache: dict[int, float] = {}
        self._enemy_areas: list[int] = []

    # ------------------------------------------------------------------ entry point (GuardedAgent.choose)
    def fallback(self, legal: list[str], rng: Rng | None) -> str:
        return fallback(legal, rng)

    def _choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        st = static_for(self.data)
        me = str(view.get("side") or view.get("role") or "greek")
        if me not in ("greek", "persian"):
            me = "greek"  # 11.2: a contingent's player is Greek
        word = legal[0].split(" ", 1)[0]
        if word in ("guard", "west", "stay", "commit"):
            return self._contingent(st, view, legal, word, me)
        if word in ("retreat", "feint", "stand"):
            # light units always retreat before combat (8.3.2); the Spartans hold (no feint, 11.3)
            stand = next(a for a in legal if a.startswith("stand "))
            return next((a for a in legal if a.startswith("retreat ")), stand)
        board = Board(st, view, me)
        self.mode = str(view.get("mode") or "solitaire")
        if me == "greek":
            for a in board.areas:
                for u in board.mine[a]:
                    self.losses[u.id] = u.losses
        if word == "place":
            # the bot places unit by unit; "deploy standard/repeat" (G44) are for people
            return self._place(st, view, board, [a for a in legal if a.startswith("place ")])
        if word == "end" and legal[0] == "end deployment":
            return legal[0]  # G44: reached only after a one-choice set-up
        if word == "fire" or legal[-1] == "end fire":
            return self._fire(st, view, board, legal)
        if word in ("move", "attack", "detach") or legal[-1] == "end movement":
            if me == "greek":
                return self._greek_move(st, view, board, legal)
            return self._persian_move(st, view, board, legal)
        return fallback(legal, rng)

    # ------------------------------------------------------------------ contingents
    def _contingent(self, st: Static, view: JSON, legal: list[str], word: str, me: str) -> str:
        names = [a.split(" ", 1)[1] for a in legal]
        if word == "commit":
            for cid in PERSIAN_PREFERENCE:
                if cid in names:
                    return f"commit {cid}"
            return legal[0]
        conts = (view.get("tracks") or {}).get("contingents") or {}

        def margin(cid: str) -> tuple[int, int, int]:
            info = conts.get(cid) or {}
            lost = int(info.get("lost", 0))
            box = int(info.get("routs_box", st.routs_box.get(cid, 1)))
            units = len(st.cont_units.get(cid, ())) - lost
            return box - lost, QUALITY.get(cid, 4), units

        def fight(cid: str) -> int:
            return 2 * st.cont_dv.get(cid, 2) + st.cont_mr.get(cid, 5)

        if word == "guard":
            day = int(view.get("day", 1))
            if day < 3 and self.plan.guard_phocians and "phocians" in names and margin("phocians")[0] >= 3:
                return "guard phocians"  # historical, and they may not stand west of the Wall (6.0.1)
            if day < 3 and self.plan.guard_first and self.plan.guard_first in names and \
                    margin(self.plan.guard_first)[0] >= 2:
                return "guard " + self.plan.guard_first
            # the contingent closest to routing stays out of the fight
            return "guard " + min(names, key=lambda c: (margin(c)[0], fight(c), margin(c)[2]))
        if word == "stay":
            return "stay " + max(names, key=lambda c: (margin(c)[0], fight(c), margin(c)[2]))
        # west (6.0.1): the sturdiest (it stands right behind the front line)
        def west_key(cid: str) -> tuple[int, int, int, int]:
            m, q, units = margin(cid)
            # its stacks and light unit fit the row behind the front, beside the Spartans
            fits = 1 if m >= 2 and units <= self.plan.west_units else 0
            if self.plan.west_by_margin:
                return fits, m, st.cont_dv.get(cid, 2), q
            return fits, st.cont_dv.get(cid, 2), m, q

        self.west_cont = max(names, key=west_key)
        return "west " + self.west_cont

    # ------------------------------------------------------------------ deployment (6.0)
    def _place(self, st: Static, view: JSON, board: Board, legal: list[str]) -> str:
        uid = legal[0].split()[1]
        u = st.unit_index[uid]
        utype = st.u_type[u]
        cont = st.u_cont[u]
        day = int(view.get("day", 1))
        if not any(board.mine[a] for a in board.areas) or not self.slots:
            self._read_losses(view)
            self._plan_deployment(st, view, day)  # the first unit of a deployment (or a bot new to the game)
        losses = self.losses.get(uid, 0)
        best: tuple[float, str] | None = None
        for act in legal:
            parts = act.split()
            a, f = st.index[parts[2]], FACINGS.index(parts[3])
            here = board.mine[a]
            if utype == HOPLITE:
                score = self._hoplite_score(st, board, a, f, here, cont, losses)
            else:
                score = self._light_score(st, a, f, here, day)
            if best is None or score < best[0]:
                best = (score, act)
        assert best is not None
        return best[1]

    def _read_losses(self, view: JSON) -> None:
        """Own Step Losses taken since the last decision, from the log (off-map units are not shown)."""
        for entry in view.get("log") or ():
            text = str(entry.get("text", ""))
            if " takes " in text and " Step Loss" in text and text.endswith(")"):
                uid = text.split(" ", 1)[0]
                try:
                    self.losses[uid] = int(text[text.rindex("(") + 1:text.rindex("/")])
                except ValueError:
                    continue

    def _plan_deployment(self, st: Static, view: JSON, day: int) -> None:
        """Ranks of the areas for this deployment, and the front slots kept for the best troops.

        Days 1 and 2: the front line is in the row before the Wall (``plan.front_row``); the Spartans
        and the west contingent, who must set up west of the Wall (6.0.1), stand right behind it
        facing east (no ZOC onto the line, 3.3.4) unless the front row is theirs; the Wall and the
        rows behind it hold the reserves, facing west. With ``front_row`` the Wall row itself, the
        west group stands before the Wall facing east and marches onto it in the first Action Round.
        Day 3: the front line is on the Wall, the row behind it faces east against the Immortals.
        """
        plan = self.plan
        self.west_cont = self._west_contingent(st, view) if day < 3 else ""
        front_r = st.row[st.index[(plan.front_row if day < 3 else plan.day3_front_row) + "7"]]
        self.front_r = front_r
        self.day = day
        slots: dict[int, tuple[float, int]] = {}
        west_slots: dict[int, tuple[float, int]] = {}
        front = self._line_order(st, front_r)
        for i, a in enumerate(front):
            slots[a] = (i, W)
        rank = 10.0
        last = max(st.deploy_rows)
        if day < 3:
            west_r = max(st.west_rows)
            if west_r >= front_r:
                west_r = front_r + 1  # the west group right behind the front line
            else:
                west_r = front_r - 1  # the west group before the Wall: it marches onto it
            for i, a in enumerate(self._line_order(st, west_r)):
                slots[a] = (60 + i, E)
                west_slots[a] = (3 + i, E)
        # the row right behind the front faces east (no ZOC onto the line, 3.3.4; on day 3 the
        # Immortals come from the east, 7.0.2); the rows behind it face west on days 1-2
        for r in range(front_r + 1, last + 1):
            face = E if r == front_r + 1 or day >= 3 else W
            for a in self._line_order(st, r):
                slots.setdefault(a, (rank, face))
                rank += 1
        for r in range(front_r - 1, min(st.deploy_rows) - 1, -1):
            for a in self._line_order(st, r):
                slots.setdefault(a, (rank + 60, W))
                rank += 1
        self.slots = slots
        self.west_slots = west_slots
        # front slots kept for the best contingents still to come
        pool = [uid for uid in (view.get("off_map") or {}).get("pool") or () if uid in st.unit_index
                and st.u_side[st.unit_index[uid]] == "greek"]
        worn = plan.worn_losses
        fresh: dict[str, int] = {}
        units: dict[str, list[str]] = {}
        for uid in pool:
            u = st.unit_index[uid]
            units.setdefault(st.u_cont[u], []).append(uid)
            if st.u_type[u] == HOPLITE and self.losses.get(uid, 0) < worn:
                fresh[st.u_cont[u]] = fresh.get(st.u_cont[u], 0) + 1
        conts = (view.get("tracks") or {}).get("contingents") or {}
        self.reserved = {}

        def hoplites_of(by_cont: dict[str, list[str]], cid: str) -> int:
            return sum(1 for uid in by_cont.get(cid, ()) if st.u_type[st.unit_index[uid]] == HOPLITE)

        if day < 3 and front_r == st.wall_row:
            return  # the west group marches onto the Wall; the rest by rank
        marching = day < 3 and front_r in st.west_rows

        fresh_all = dict(fresh)

        def key(cid: str) -> float:
            info = conts.get(cid) or {}
            margin = int(info.get("routs_box", st.routs_box.get(cid, 1))) - int(info.get("lost", 0))
            return (min(margin, plan.margin_cap) + plan.dv_bonus * (st.cont_dv.get(cid, 2) >= 3)
                    + 0.25 * (st.cont_mr.get(cid, 5) - 5) + 0.01 * fresh_all.get(cid, 0))

        free = list(front)
        if day >= 3 and plan.day3_spartans_wall and hoplites_of(units, "spartans") >= 2:
            self.reserved[free.pop(0)] = "spartans"  # the Three Hundred hold the Wall
        if marching and self.west_cont:
            # what of the west group does not fit the row behind the front takes front slots
            need = -len(west_slots)
            for cid in ("spartans", self.west_cont):
                hops = sum(1 for uid in units.get(cid, ()) if st.u_type[st.unit_index[uid]] == HOPLITE)
                need += (hops + 2) // 3 + (1 if len(units.get(cid, ())) > hops else 0)
            for i in range(need):
                if free:
                    spartans_go = plan.spartans_front and i == 0 and "spartans" in units
                    slot = free.pop(0) if plan.overflow_mountain else free.pop()
                    self.reserved[slot] = "spartans" if spartans_go else self.west_cont
        hoplites: dict[str, int] = {}
        for cid, uids in units.items():
            hoplites[cid] = sum(1 for uid in uids if st.u_type[st.unit_index[uid]] == HOPLITE)
        order = sorted(hoplites, key=lambda c: key(c) if c in fresh else key(c) - 100, reverse=True)
        for count in (fresh, hoplites):  # fresh stacks first, then worn ones
            for cid in order:
                if day < 3 and cid in ("spartans", "phocians"):
                    continue  # the Spartans stand behind the line; 6.0.1(4) keeps the Phocians east
                have = sum(1 for c in self.reserved.values() if c == cid)
                for _ in range(count.get(cid, 0) // 3 - have):
                    if free:
                        self.reserved[free.pop(0)] = cid

    def _west_contingent(self, st: Static, view: JSON) -> str:
        """The contingent that sets up west of the Wall with the Spartans (6.0.1): ours, or the log's."""
        for entry in reversed(view.get("log") or ()):
            text = str(entry.get("text", ""))
            if text.startswith("the Spartans and the ") and "set up west" in text:
                name = text[len("the Spartans and the "):text.index(" set up west")]
                return st.cont_by_name.get(name, self.west_cont)
        return self.west_cont

    def _hoplite_score(self, st: Static, board: Board, a: int, f: int, here: list[Unit], cont: str,
                       losses: int) -> float:
        forced_west = cont in ("spartans", self.west_cont) and bool(self.west_slots)
        if forced_west and a in self.west_slots:
            rank, want = self.west_slots[a]
        else:
            rank, want = self.slots.get(a, (200.0 + 10 * abs(st.row[a] - st.wall_row), W))
        score = rank * 10
        owner = self.reserved.get(a)
        if owner is not None and owner != cont:
            score += 500  # kept for better troops still to come
        if st.row[a] == self.front_r and not here:
            ahead = st.nbr[a][6]  # the area west of it: a west-group stack marches in from there
            if ahead >= 0 and any(v.type == HOPLITE for v in board.mine[ahead]):
                score += 800
        if f != want:
            score += 150 if not here else 400
        if losses >= self.plan.worn_losses and rank < 3:
            score += 300
        return score

    def _light_score(self, st: Static, a: int, f: int, here: list[Unit], day: int) -> float:
        """Light units stand well behind the line, together (same type, 3.1.2) to save room."""
        rank = self.slots.get(a, (100.0, W))[0]
        score = 0.0
        if rank < 3:
            score += 1000  # never on the front line
        if day < 3:
            score -= 5 * st.row[a]
            if st.row[a] <= self.front_r + 1:
                score += 100
        else:
            score -= 5 * abs(st.row[a] - st.wall_row)
            if st.level[a] == 2:
                score -= 10
        if rank < 20:
            score += 20 - rank  # the first reserve slots are for hoplites
        if f != W:
            score += 1
        if here:
            score -= 12  # keep light units together
        return score

    def _line_order(self, st: Static, r: int) -> list[int]:
        """The areas of row ``r``, the mountain side first (the sea side is the more exposed)."""
        return sorted(st.row_areas[r], key=lambda a: -st.col[a])

    # ------------------------------------------------------------------ fire (8.2)
    def _fire(self, st: Static, view: JSON, board: Board, legal: list[str]) -> str:
        shots: dict[int, list[tuple[str, float, tuple[float, float, float]]]] = {}
        for act in legal:
            if not act.startswith("fire "):
                continue
            _, uid, area = act.split()
            b = st.index[area]
            a = board.where.get(uid, -1)
            if a < 0:
                continue
            ut = st.u_type[st.unit_index[uid]]
            dist = st.geo.distance(a, b)
            mod = -1 if st.wall[b] and not st.wall[a] else 0
            p = st.fire_p.get((ut, dist, mod), (1.0, 0.0, 0.0))
            shots.setdefault(b, []).append((act, p[1] + 2 * p[2], p))
        if not shots:
            return "end fire"
        key = (view.get("day"), view.get("series"), view.get("round"), view.get("stage"))
        if key == self.fire_key and self.fire_target in shots:
            b = self.fire_target
        else:
            prior = self._fire_so_far(st, view)
            b = max(shots, key=lambda t: (self._fire_value(board, t, shots[t], prior.get(t)), -t))
            self.fire_key, self.fire_target = key, b
        return max(shots[b], key=lambda x: x[1])[0]

    @staticmethod
    def _fire_so_far(st: Static, view: JSON) -> dict[int, tuple[int, int | None]]:
        """Hits each target area has suffered in this Fire Segment and the DV taken from them (None: not
        yet resolved): its DV is deducted once from all of them (8.2.6 step 5, RULINGS G42)."""
        out: dict[int, tuple[int, int | None]] = {}
        for name, rec in (view.get("fire_tally") or {}).items():
            if name in st.index:
                out[st.index[name]] = (int(rec.get("hits", 0)), int(rec.get("dv", 0)))
        fire = view.get("fire") or {}
        b = st.index.get(str(fire.get("target")), -1)
        if b >= 0:
            hits, dv = out.get(b, (0, None))
            out[b] = (hits + int(fire.get("hits", 0)), dv)
        return out

    @staticmethod
    def _fire_value(board: Board, b: int, shots: list[tuple[str, float, tuple[float, float, float]]],
                    prior: tuple[int, int | None] | None = None) -> float:
        """Expected Step Losses (and a little for a Morale Check, two or more in the segment) of ``shots`` at
        area ``b``, counting the hits it has suffered in this segment already against its DV."""
        targets = board.theirs[b]
        if not targets:
            return 0.0
        top = targets[0]
        before, dv = prior if prior is not None else (0, None)
        if dv is None:
            dv = max(0, top.dv - (1 if top.disordered else 0))
        done = max(0, before - dv)
        dist = hits_distribution([p for _, _, p in shots])
        value = 0.0
        for h, q in enumerate(dist):
            net = max(0, before + h - dv) - done
            if net > 0:
                value += q * (net + (0.5 if done < 2 <= done + net else 0.0))
        return value + 0.01 * sum(x[1] for x in shots)

    # ------------------------------------------------------------------ Greek movement (8.1)
    def _greek_move(self, st: Static, view: JSON, board: Board, legal: list[str]) -> str:
        front_r = self.front_r
        east_threat = self._east_threat(st, view, board)
        self._exp_cache = {}
        self._danger_cache = {}
        self._enemy_areas = [a for a in board.areas if board.theirs[a]]
        forces: dict[str, list[Unit]] = {}
        light_seen: dict[tuple[int, int], float] = {}
        best: tuple[float, str] | None = None
        for act in legal:
            parts = act.split()
            kind = parts[0]
            if kind not in ("move", "attack"):
                continue
            uid = parts[1]
            force = forces.get(uid)
            if force is None:
                at = board.where.get(uid, -1)
                force = self._force(board, at, uid) if at >= 0 else []
                forces[uid] = force
            if not force:
                continue
            src = board.where[uid]
            if kind == "move":
                dest, face = st.index[parts[2]], FACINGS.index(parts[3])
                if force[0].type == HOPLITE:
                    value = self._hoplite_move_value(st, board, force, src, dest, face, front_r, east_threat)
                else:
                    if self._danger(st, src, front_r) <= 0:
                        continue
                    cached = light_seen.get((src, dest))
                    if cached is None:
                        cached = self._light_move_value(st, board, src, dest, front_r)
                        light_seen[(src, dest)] = cached
                    value = cached + (0.001 if face == W else 0.0)
            else:
                if force[0].type not in ZOC_TYPES:
                    continue
                value = self._attack_value(st, board, force, src, st.index[parts[4]], st.index[parts[2]], front_r)
            if value > 0.5 and (best is None or value > best[0]):
                best = (value, act)
        return best[1] if best is not None else "end movement"

    @staticmethod
    def _force(board: Board, a: int, uid: str) -> list[Unit]:
        here = board.mine[a]
        top = next((u for u in here if u.id == uid), None)
        if top is None:
            return []
        return [u for u in here if u.force == top.force]

    def _east_threat(self, st: Static, view: JSON, board: Board) -> bool:
        """Whether enemies are (or are about to be) east of the Wall: the Immortals on day 3 (7.0.2)."""
        for a in board.areas:
            if board.theirs[a] and st.row[a] > st.wall_row:
                return True
        eph = view.get("ephialtes") or {}
        rnd = eph.get("immortals_round")
        return bool(eph.get("immortals_waiting")) and isinstance(rnd, int) and \
            int(view.get("day_round", 0)) + 1 >= rnd

    def _exposure(self, st: Static, board: Board, a: int, f: int) -> float:
        """How much enemy strength that can attack ``a`` next lies outside the front arc of facing ``f``.

        Enemies locked in melee with Greeks may not leave their area (8.1.4); enemies two areas
        away count half when an area free of Greeks lies between.
        """
        cached = self._exp_cache.get((a, f))
        if cached is not None:
            return cached
        total = 0.0
        geo = st.geo
        fname = FACINGS[f]
        nbr = st.nbr
        for b in geo.within(a, 2):
            if b == a or not board.theirs[b] or board.mine[b]:
                continue
            if geo.distance(a, b) == 2:
                if not any(n >= 0 and st.passable[n] and not board.mine[n] and b in nbr[n] for n in nbr[a]):
                    continue
                weight = 0.5
            else:
                weight = 1.0
            pos = geo.position(fname, a, b)
            if pos in ("front", "front_left", "front_right"):
                continue
            mf = sum(u.mf for u in board.theirs[b] if u.type in ZOC_TYPES)
            total += weight * mf * (1.5 if pos == "rear" else 1.0)
        self._exp_cache[(a, f)] = total
        return total

    def _hoplite_move_value(self, st: Static, board: Board, force: list[Unit], src: int, dest: int, face: int,
                            front_r: int, east_threat: bool) -> float:
        f0 = force[0].facing
        if dest == src:
            # a turn costs the whole Movement Allowance (3.2.1): to face a threat, or the line's way
            now, then = self._exposure(st, board, src, f0), self._exposure(st, board, src, face)
            if now - then >= self.plan.turn_gain and then <= now / 2:
                return now - then
            if not any(board.theirs[b] for b in st.geo.within(src, 2)):
                want = self._wanted_facing(st, src, front_r, east_threat)
                if want == face and f0 != want:
                    return 1.0
            return 0.0
        # forward: onto an empty area of the front line (the march of the west group, or a gap)
        if st.row[dest] == front_r and not board.mine[dest] and not board.theirs[dest]:
            return 4.0 if st.row[src] < front_r else 3.0
        return 0.0

    def _wanted_facing(self, st: Static, a: int, front_r: int, east_threat: bool) -> int:
        r = st.row[a]
        if r < front_r:
            return E if st.row_width[r] == st.row_width[front_r] else W
        if r == front_r:
            return W
        if east_threat or r == front_r + 1:
            return E
        return W

    def _attack_value(self, st: Static, board: Board, force: list[Unit], at: int, src: int, dest: int,
                      front_r: int) -> float:
        dfn = board.theirs[dest]
        if not dfn:
            return 0.0
        facing = entry_facing(st, src, dest, dfn[0].facing)
        ea, ed, _ = melee_odds(st, force, dfn, facing, dest, src)
        value = ed - 1.5 * ea
        if self.mode == "two":
            # a Persian player need not attack the line: the Greeks take what good odds they get
            return ed - 1.2 * ea - self.plan.counterattack_two
        if st.row[dest] >= front_r:
            value += 1.5  # Persians on or behind the line: throw them out
        elif st.row[at] == front_r:
            value -= 1.5  # leaving the line opens a gap
        return value - self.plan.counterattack

    def _danger(self, st: Static, a: int, front_r: int) -> float:
        """How exposed a light unit is in area ``a``: near the enemy, or on or right behind the line."""
        out = self._danger_cache.get(a)
        if out is None:
            dist = st.geo.distance
            d = min((dist(a, b) for b in self._enemy_areas), default=9)
            out = (3 - min(d, 3)) + (2.0 if st.row[a] <= front_r else 0.0)
            if self.day < 3 and st.row[a] == front_r + 1:
                out += 1.0
            self._danger_cache[a] = out
        return out

    def _light_move_value(self, st: Static, board: Board, src: int, dest: int, front_r: int) -> float:
        """Light units keep out of contact, behind the line."""
        if any(u.type == HOPLITE for u in board.mine[dest]):
            return 0.0
        return self._danger(st, src, front_r) - self._danger(st, dest, front_r) - 0.01 * abs(st.row[dest] - front_r)

    # ------------------------------------------------------------------ Persian movement (11.1)
    def _persian_move(self, st: Static, view: JSON, board: Board, legal: list[str]) -> str:
        """11.1: forces close with the Greeks, attack at good odds (or into a flank or rear)."""
        targets = [a for a in board.areas if board.theirs[a]]
        if not targets:
            return "end movement"
        dist = st.geo.distance
        near: dict[int, int] = {}

        def closeness(a: int) -> int:
            d = near.get(a)
            if d is None:
                d = min(dist(a, b) for b in targets)
                near[a] = d
            return d

        best: tuple[float, str] | None = None
        for act in legal:
            parts = act.split()
            if parts[0] == "attack":
                uid, dest, src = parts[1], st.index[parts[2]], st.index[parts[4]]
                at = board.where.get(uid, -1)
                force = self._force(board, at, uid) if at >= 0 else []
                dfn = board.theirs[dest]
                if not force or not dfn:
                    continue
                facing = entry_facing(st, src, dest, dfn[0].facing)
                ea, ed, _ = melee_odds(st, force, dfn, facing, dest, src)
                value = ed - ea + (1.0 if dfn[0].facing >= 0 and situation(facing, dfn[0].facing) != FRONT else 0.0)
                if force[0].type in LIGHT:
                    value -= 1.0
                value += 1.0  # contact is what the Persians are here for
            elif parts[0] == "move":
                uid, dest, face = parts[1], st.index[parts[2]], FACINGS.index(parts[3])
                src = board.where.get(uid, -1)
                force = self._force(board, src, uid) if src >= 0 else []
                if not force:
                    continue
                gain = closeness(src) - closeness(dest)
                if force[0].type in LIGHT:
                    # missile units stop two areas off: in range (8.2.2), out of contact
                    want = 2
                    gain = abs(closeness(src) - want) - abs(closeness(dest) - want)
                facing_ok = self._faces_enemy(st, board, dest, face)
                value = gain + (0.6 if facing_ok else 0.0) - (0.6 if self._faces_enemy(st, board, src, force[0].facing)
                                                              and dest == src else 0.0)
                if dest == src and not facing_ok:
                    value = 0.0
            else:
                continue
            if value > 0.5 and (best is None or value > best[0]):
                best = (value, act)
        return best[1] if best is not None else "end movement"

    def _faces_enemy(self, st: Static, board: Board, a: int, f: int) -> bool:
        """Whether the nearest enemy area lies in the front arc of a unit in ``a`` facing ``f``."""
        geo = st.geo
        best: tuple[int, int] | None = None
        for b in board.areas:
            if board.theirs[b] and b != a:
                d = geo.distance(a, b)
                if best is None or d < best[0]:
                    best = (d, b)
        if best is None:
            return True
        return geo.in_front_arc(FACINGS[f], a, best[1])


def fallback(legal: list[str], rng: Rng | None) -> str:
    """A safe action when nothing better is known."""
    for a in ("end movement", "end fire"):
        if a in legal:
            return a
    for a in legal:
        if a.startswith(("stand ", "retreat ")):
            return a
    if rng is not None:
        return rng.choice(legal)
    return legal[0]


def bots() -> dict[str, Callable[..., Agent]]:
    """The registry hook (polemos.ai.agents.game_bots)."""
    return {"heuristic": HeuristicAgent}
