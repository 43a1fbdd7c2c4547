"""Sparta vs. Athens' heuristic player: rules of thumb on a role's view (and the public map).

It reads only its view (RULINGS S9: the whole map, both treasuries and the procedure in progress,
S23) and the public components (the map, the counter mix). What it does, by decision:

- DESIGN 3.3 first player: it moves first itself (it strikes before the enemy can gather);
- 3.2 2a upkeep: it pays when it can; otherwise it leaves unpaid the strongest unit still at full
  strength (a flip saves the most talents for the least loss, RULINGS S7), wavering units last;
- 3.2 2a purchases (RULINGS S17) and DESIGN 8.5 restoring: it restores wavering units, then buys the
  strongest unit it can afford (Athens alternates fleets and hoplites, Sparta buys hoplites) while its
  treasury stays above a reserve of two seasons' upkeep of everything it has on the map;
- 3.2 1d leaders: each goes to the locale where the side is strongest;
- DESIGN 4.1 campaigns: a leader is activated when his force can reach (7.2, 7.3: the paths a move
  may take, stopping where 7.2 stops it) a target worth it: an enemy stack it outnumbers two to one
  (8.2), a fleet it outnumbers at sea (8.6), an enemy walled city or fort it can besiege (9.1), a
  Delos city held only by its garrison unit (Sparta: 10.0 revolt), an enemy locale to ravage (4.6;
  Attica for Sparta and the Peloponnese for Athens count for prestige, 13.2); it takes every unit it
  may but leaves the capital a reserve (16.6: the capital's fall ends the game), and as many LSP as
  its fleet can carry when it sails (7.3);
- where it stops: it attacks at 3:2 or better (sea: 1:1 with Athens' 8.4 shift), besieges, ravages,
  builds a fort at Decelea or Pylos (2.13: those cost the enemy revenue);
- 9.1: it withdraws into walls when the attacker has 2:1 or better; 8.3: it retreats to its
  strongest friendly neighbour; 9.2: it assaults at 3:1 or better (a roll of 4), else waits;
- DESIGN 16.4 peace: it offers or accepts when the game would end in its favour (16.6);
- event 8 (15.0): the revolting city is the one paying Athens the most.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from polemos.ai.base import Agent, GuardedAgent
from polemos.core.rng import Rng
from polemos.games.sparta_vs_athens.data import load_components
from polemos.games.sparta_vs_athens.model import LAND_PATH, NAVAL_UNIT, SEA_PATH, SIDES, Components

JSON = dict[str, Any]
CAPITAL = ("athens", "sparta")  # 16.6: a side's capital
FORT_SITES = ({"pylos", "cythera"}, {"decelea"})  # 2.13: an enemy fort there costs revenue
STACK = 8  # DESIGN 5.1
ODDS = ((1, 3), (1, 2), (1, 1), (3, 2), (2, 1), (3, 1), (4, 1), (5, 1))  # DESIGN 8.2


class Board:
    """A view read for the bot: the stacks on each locale by side and the locales' owners."""

    def __init__(self, comp: Components, view: JSON) -> None:
        self.comp = comp
        self.view = view
        self.side = SIDES.index(str(view["role"]))
        naval = {ut.id for ut in comp.units if ut.kind == NAVAL_UNIT}
        self.units: dict[int, list[JSON]] = {}
        for d in view["units"]:
            d = dict(d)
            d["naval"] = str(d["unit"]).split("#")[0] in naval
            self.units.setdefault(comp.locale_index[str(d["locale"])], []).append(d)
        self.owner = [comp.nationalities[loc.nationality].side for loc in comp.locales]
        self.fort = [-1] * len(comp.locales)
        self.siege = [-1] * len(comp.locales)
        for m in view["locales"]:
            i = comp.locale_index[str(m["locale"])]
            self.owner[i] = _side(m["owner"])
            self.fort[i] = _side(m["fort"])
            self.siege[i] = _side(m["besieged_by"])
        proc = view.get("procedure") or {}
        self.moved = set(proc.get("moved", []))
        self.winter = view["quarter"] == "Winter"

    def at(self, loc: int, side: int, naval: bool | None = None, inside: bool | None = False) -> list[JSON]:
        return [d for d in self.units.get(loc, []) if _side(d["side"]) == side
                and (naval is None or d["naval"] == naval) and (inside is None or d["inside"] == inside)]

    def strength(self, loc: int, side: int, naval: bool | None = None, inside: bool | None = False) -> int:
        return sum(int(d["strength"]) for d in self.at(loc, side, naval, inside))

    def land_defence(self, loc: int, enemy: int) -> int:
        """DESIGN 8.1: the enemy LSP outside, its fort with them, its garrison unless walled."""
        de = self.strength(loc, enemy, False)
        if self.fort[loc] == enemy and de:
            de += self.comp.forts[enemy].strength
        if self.owner[loc] == enemy and not self.comp.locales[loc].walled:
            de += self.comp.locales[loc].garrison
        return de

    def siege_defence(self, loc: int, enemy: int) -> int:
        """DESIGN 9.2: everything inside, the garrison for its holder, the fort."""
        de = self.strength(loc, enemy, False, inside=True)
        if self.owner[loc] == enemy:
            de += self.comp.locales[loc].garrison
        if self.fort[loc] == enemy:
            de += self.comp.forts[enemy].strength
        return de

    def stops(self, loc: int, side: int, occupied: bool) -> bool:
        """DESIGN 7.2: a move stops in a locale with enemy units, an enemy one it does not occupy, a neutral."""
        if self.at(loc, 1 - side, inside=None):
            return True
        owner = self.owner[loc]
        return owner == -1 or (owner == 1 - side and not occupied)


def _side(name: Any) -> int:
    return -1 if name is None else SIDES.index(str(name))


def column(att: int, de: int) -> int:
    """DESIGN 8.2: the odds column, -1 worse than 1:3."""
    col = -1
    for i, (a, d) in enumerate(ODDS):
        if att * d >= a * de:
            col = i
    return col


class HeuristicAgent(GuardedAgent):
    name = "heuristic"

    def __init__(self, data: Path | str | None = None) -> None:
        self.comp = load_components(None if data is None else Path(data))
        self.bought = 0

    def _choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        kind = str((view.get("pending") or {}).get("kind", ""))
        handler: Callable[[Board, list[str]], str] | None = {
            "first_player": self.first_player, "upkeep": self.upkeep, "purchase": self.purchase,
            "place_leader": self.place_leader, "offer_peace": self.peace, "answer_peace": self.peace,
            "delos_revolt": self.revolt, "campaign": self.campaign, "force": self.force,
            "withdraw": self.withdraw, "retreat": self.retreat, "siege": self.siege,
        }.get(kind)
        if handler is None:
            return self.fallback(legal, rng)
        return handler(Board(self.comp, view), legal)

    # ---------------------------------------------------------------- administration, logistics
    def first_player(self, b: Board, legal: list[str]) -> str:
        return f"{SIDES[b.side]} first"

    def upkeep(self, b: Board, legal: list[str]) -> str:
        pay = [a for a in legal if a.startswith("pay")]
        if pay:
            return pay[0]
        units = {str(d["unit"]): d for ds in b.units.values() for d in ds}
        unpaid = [a for a in legal if a.startswith("unpaid")]

        def key(a: str) -> tuple[int, int, str]:
            d = units[a.split()[1]]
            return (int(bool(d["wavering"])), -int(d["strength"]) if not d["wavering"] else int(d["strength"]), a)
        return min(unpaid, key=key)

    def purchase(self, b: Board, legal: list[str]) -> str:
        view = b.view
        mine = [d for ds in b.units.values() for d in ds if _side(d["side"]) == b.side]
        reserve = max(20, sum(int(d["strength"]) for d in mine) // 2)
        treasury = int(view["treasury"][SIDES[b.side]])
        restore = [a for a in legal if a.startswith("restore")]
        if restore and treasury > reserve // 2:
            return restore[0]
        buys = [a for a in legal if a.startswith("buy")]
        if not buys or treasury <= reserve:
            return "done"
        comp = self.comp
        cap = CAPITAL[b.side]

        def value(a: str) -> tuple[int, int, int, str]:
            _, tid, _, where = a.split()
            ut = comp.units[comp.unit_index[tid]]
            if treasury - ut.strength < reserve:
                return (-1, 0, 0, a)
            naval = ut.kind == NAVAL_UNIT
            want_naval = b.side == 0 and self.bought % 2 == 1
            return (1, int(naval == want_naval), ut.strength * 2 + int(where == cap), a)
        best = max(buys, key=value)
        if value(best)[0] < 0:
            return "done"
        self.bought += 1
        return best

    def place_leader(self, b: Board, legal: list[str]) -> str:
        places = [a for a in legal if a.startswith("place")]
        if not places:
            return "done"

        def value(a: str) -> tuple[int, str]:
            loc = self.comp.locale_index[a.split()[3]]
            return (b.strength(loc, b.side, None, None), a)
        return max(places, key=value)

    def peace(self, b: Board, legal: list[str]) -> str:
        """DESIGN 16.4, 16.6: peace when the game would end in its favour."""
        view = b.view
        prestige = int(view["prestige"])
        if view["scenario"] == "ionian-war":
            athens_holds = b.owner[self.comp.locale_index["athens"]] == 0
            winner = 0 if athens_holds and prestige > -5 else 1
        else:
            winner = 0 if prestige > 0 else 1 if prestige < 0 else -1
        yes = winner == b.side
        for a in legal:
            if yes == (a in ("offer peace", "accept peace")):
                return a
        return legal[-1]

    def revolt(self, b: Board, legal: list[str]) -> str:
        return max(legal, key=lambda a: (self.comp.locales[self.comp.locale_index[a.split()[1]]].red, a))

    # ---------------------------------------------------------------- campaigns (DESIGN 4, 7)
    def target_value(self, b: Board, loc: int, land: int, sea: int) -> float:
        """What a force of ``land`` LSP and ``sea`` NSP could do on stopping at ``loc``."""
        comp = self.comp
        me, enemy = b.side, 1 - b.side
        locale = comp.locales[loc]
        value = 0.0
        if land and b.siege[loc] == -1:
            de = b.land_defence(loc, enemy)
            if de and column(land, de) >= 4:  # 2:1 or better
                value = max(value, 2.0 + de / 2 + (3.0 if de >= 6 else 0.0))
            walls = (locale.walled and b.owner[loc] == enemy) or b.fort[loc] == enemy
            if walls and not b.strength(loc, enemy, False) and not b.winter:
                need = b.siege_defence(loc, enemy)
                if land >= need:
                    value = max(value, 4.0 + (6.0 if locale.id == CAPITAL[enemy] else 0.0))
            if b.owner[loc] == enemy and not locale.walled and not b.strength(loc, enemy, False):
                raid = comp.nationalities[locale.nationality].id in (("sparta", "peloponnesian") if me == 0
                                                                       else ("athens",))
                value = max(value, 1.0 + (3.0 if raid or (locale.region == "attica" and me == 1) else 0.0))
            if me == 1 and locale.delos and b.owner[loc] == 0 and b.siege[loc] == -1:
                only_garrison = all(str(d["unit"]).startswith("delos-garrison") for d in b.at(loc, 0, False, None))
                if only_garrison:
                    value = max(value, 2.0 + locale.red / 4)
        if sea:
            de = b.strength(loc, enemy, True, None)
            if de and column(sea + (2 if me == 0 else 0), de) >= 3:
                value = max(value, 2.0 + de / 2)
        return value

    def reach(self, b: Board, start: int, by_sea: bool, steps: int, count: int) -> dict[int, tuple[int, int]]:
        """Locales a force can end in (DESIGN 7.2, 7.3): locale -> (paths, the first step)."""
        comp = self.comp
        kind = SEA_PATH if by_sea else LAND_PATH
        out: dict[int, tuple[int, int]] = {}
        queue: deque[tuple[int, int, int]] = deque([(start, 0, -1)])
        seen = {start}
        while queue:
            at, d, first = queue.popleft()
            if d >= steps:
                continue
            for n, p in comp.neighbours(at):
                if n in seen or comp.paths[p].type != kind or (by_sea and not comp.locales[n].port):
                    continue
                if len(b.at(n, b.side)) + count > STACK:
                    continue
                seen.add(n)
                step = n if first == -1 else first
                out[n] = (d + 1, step)
                if not b.stops(n, b.side, bool(b.strength(n, b.side, False))):
                    queue.append((n, d + 1, step))
        return out

    def plan(self, b: Board, at: int, units: list[JSON], land_left: int, sea_left: int,
             mode: str) -> tuple[float, int, bool]:
        """The best (value, first step or -1 to stay, by sea) for these units from ``at``."""
        land = sum(int(d["strength"]) for d in units if not d["naval"])
        sea = sum(int(d["strength"]) for d in units if d["naval"])
        best = (self.target_value(b, at, land, sea) * 0.9, -1, False)
        if mode != "sea" and sea == 0 and land and land_left > 0:
            for n, (dist, step) in self.reach(b, at, False, land_left, len(units)).items():
                v = self.target_value(b, n, land, 0) - 0.2 * dist
                if v > best[0]:
                    best = (v, step, False)
        if mode != "land" and sea and sea >= land and sea_left > 0:
            for n, (dist, step) in self.reach(b, at, True, sea_left, len(units)).items():
                v = self.target_value(b, n, land, sea) - 0.2 * dist
                if v > best[0]:
                    best = (v, step, True)
        return best

    def candidates(self, b: Board, at: int) -> list[JSON]:
        return [d for d in b.at(at, b.side) if str(d["unit"]) not in b.moved]

    def pick(self, b: Board, at: int, pool: list[JSON]) -> tuple[float, list[JSON]]:
        """The units to take from ``pool`` and their best target's value: every land unit (less the
        capital's reserve), or a fleet with what it can carry (7.3)."""
        keep = 10 if self.comp.locales[at].id == CAPITAL[b.side] else 0
        land = sorted((d for d in pool if not d["naval"]), key=lambda d: (-int(d["strength"]), str(d["unit"])))
        sea = sorted((d for d in pool if d["naval"]), key=lambda d: (-int(d["strength"]), str(d["unit"])))
        home = sum(int(d["strength"]) for d in b.at(at, b.side, False)) + (
            self.comp.locales[at].garrison if b.owner[at] == b.side else 0)
        army: list[JSON] = []
        for d in land:
            if home - int(d["strength"]) < keep or len(army) >= STACK:
                continue
            army.append(d)
            home -= int(d["strength"])
        winter = b.winter
        paths = 1 if winter else 3
        options: list[tuple[float, list[JSON]]] = []
        if army:
            options.append((self.plan(b, at, army, paths, 0, "land")[0], army))
        if sea:
            fleet = sea[:STACK]
            cap = sum(int(d["strength"]) for d in fleet)
            carried: list[JSON] = []
            for d in army:
                if len(fleet) + len(carried) < STACK and sum(int(x["strength"]) for x in carried) + int(
                        d["strength"]) <= cap:
                    carried.append(d)
            group = fleet + carried
            options.append((self.plan(b, at, group, 0, 1 if winter else 4, "sea")[0], group))
        if not options:
            return (0.0, [])
        return max(options, key=lambda o: o[0])

    def campaign(self, b: Board, legal: list[str]) -> str:
        best: tuple[float, str] = (1.5, "end")
        for a in legal:
            words = a.split()
            if words[0] == "activate":
                i = self.comp.leader_index[words[1]]
                at = next((self.comp.locale_index[str(ld["locale"])] for ld in b.view["leaders"]
                           if ld["leader"] == words[1] and ld["locale"]), -1)
                if at < 0:
                    continue
                value, _ = self.pick(b, at, self.candidates(b, at))
                value += 0.1 * (self.comp.leaders[i].land + self.comp.leaders[i].sea)
            elif words[0] == "lesser":
                at = self.comp.locale_index[words[1]]
                pool = self.candidates(b, at)
                if self.comp.locales[at].id == CAPITAL[b.side]:
                    continue
                value = self.plan(b, at, pool[:STACK], 1, 1, "")[0] - 0.5
            else:
                continue
            if value > best[0]:
                best = (value, a)
        return best[1]

    def force(self, b: Board, legal: list[str]) -> str:
        f = b.view["force"]
        at = self.comp.locale_index[str(f["locale"])]
        stage = f["stage"]
        taken = set(f["units"])
        if stage == "take":
            pool = [d for d in self.candidates(b, at) if str(d["unit"]) not in taken] + [
                d for d in b.at(at, b.side) if str(d["unit"]) in taken]
            _, want = self.pick(b, at, pool)
            for d in want:
                if f"take {d['unit']}" in legal:
                    return f"take {d['unit']}"
            return "go" if "go" in legal else "end"
        units = [d for d in b.at(at, b.side) if str(d["unit"]) in taken]
        if stage == "move":
            _, step, by_sea = self.plan(b, at, units, int(f["land_paths_left"]), int(f["sea_paths_left"]),
                                        self._mode(f))
            if step >= 0:
                a = f"{'sail' if by_sea else 'march'} {self.comp.locales[step].id}"
                if a in legal:
                    return a
            return "stop"
        return self.act(b, at, units, legal)

    @staticmethod
    def _mode(f: JSON) -> str:
        if int(f["land_paths_left"]) < int(f["sea_paths_left"]) and int(f["land_paths_left"]) < 3:
            return "land"
        return ""

    def act(self, b: Board, at: int, units: list[JSON], legal: list[str]) -> str:
        enemy = 1 - b.side
        land = sum(int(d["strength"]) for d in units if not d["naval"])
        sea = sum(int(d["strength"]) for d in units if d["naval"])
        if "attack" in legal and column(land, b.land_defence(at, enemy)) >= 3:
            return "attack"
        if "attack at sea" in legal and column(sea + (2 if b.side == 0 else 0), b.strength(at, enemy, True, None)) >= 3:
            return "attack at sea"
        if "besiege" in legal:
            return "besiege"
        if "ravage" in legal:
            return "ravage"
        if "fort" in legal and self.comp.locales[at].id in FORT_SITES[b.side]:
            return "fort"
        if "end" in legal:
            return "end"
        return legal[0]  # 7.4: in an enemy port it must attack or besiege

    # ---------------------------------------------------------------- battles and sieges (8, 9)
    def withdraw(self, b: Board, legal: list[str]) -> str:
        f = b.view.get("force") or {}
        at = self.comp.locale_index[str(b.view["pending"]["locale"])]
        taken = set(f.get("units", []))
        att = sum(int(d["strength"]) for d in b.at(at, 1 - b.side, False) if str(d["unit"]) in taken)
        de = b.strength(at, b.side, False)
        if b.fort[at] == b.side:
            de += self.comp.forts[b.side].strength
        return "withdraw" if column(att, de) >= 4 else "fight"

    def retreat(self, b: Board, legal: list[str]) -> str:
        def value(a: str) -> tuple[int, int, str]:
            loc = self.comp.locale_index[a.split()[1]]
            return (int(b.owner[loc] == b.side), b.strength(loc, b.side, None, None), a)
        return max(legal, key=value)

    def siege(self, b: Board, legal: list[str]) -> str:
        if "assault" not in legal:
            return "wait"
        at = self.comp.locale_index[str(b.view["pending"]["locale"])]
        att = b.strength(at, b.side, False)
        de = b.siege_defence(at, 1 - b.side)
        return "assault" if de == 0 or att >= 3 * de else "wait"


def bots() -> dict[str, Callable[..., Agent]]:
    return {"heuristic": HeuristicAgent}
