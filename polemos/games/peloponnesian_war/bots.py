"""The Peloponnesian War's heuristic player: rules of thumb on a role's view (and the public map).

It plays whichever side its role commands now (the solitaire player changes sides, 2.1):
- 3.1: Sparta attacks Athens while it may, Athens raids the Peloponnese; else the next on its list;
- 4.1: the objective is an enemy-controlled space no enemy unit holds, the least guarded (enemy Land
  SPs within two LOCs) first, fortresses before others (a siege it can win: +10 VP and 300 talents,
  5.3, 9.0), then the nearest; none it could not outnumber; it passes when money is short, after three
  operations, or with no such target;
- 4.1 Step 2: it takes its own Hoplites (and Naval SPs enough to carry them to an island) up to an
  army of four Land SPs, or two more than the enemy Land SPs near the objective, then marches;
- 4.6: it intercepts with the force in reach that the Land Battle modifiers (5.2.1) favour by 2 or
  more against the moving army, else declines; 5.3.1: it defends Athens with its best tactician
  and fights when it is not outnumbered;
- 4.0: of the battles it may order (RULINGS P96) it has the one it is likeliest to win fought first;
- 7.2, 8.3: it builds while its Treasury can spare it (Athens ships, Sparta hoplites).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from polemos.ai.agents import Agent, GuardedAgent
from polemos.core.rng import Rng
from polemos.games.peloponnesian_war.data import load_components
from polemos.games.peloponnesian_war.model import ISLAND, SIDES

JSON = dict[str, Any]
STRATEGIES = (
    ("raid-the-peloponnese", "defensive", "cause-rebellion", "attack-spartan-army"),
    ("attack-athens", "attack-athenian-army", "defensive", "cause-rebellion"),
)
BUILDS = (("build athenian naval", "build athenian hoplite"), ("build spartan hoplite", "build spartan-allied naval"))
KEEP = (2500, 1000)  # talents each side keeps for activations before it builds (4.1.5)
OWN = ("athenian", "spartan")  # nationality names (model.NATIONALITIES) start with these
ARMY = 4  # Land SPs it assembles
MAX_OPERATIONS = 3


class HeuristicAgent(GuardedAgent):
    name = "heuristic"

    def __init__(self, data: Path | str | None = None) -> None:
        self.comp = load_components(None if data is None else Path(data))
        self._dist: dict[int, dict[int, int]] = {}
        self._op_key: tuple[Any, ...] | None = None  # the operation being assembled, and where it went
        self._visited: set[str] = set()
        self._tried: dict[tuple[int, int, str], int] = {}  # (turn, side, objective): times chosen

    # ---------------------------------------------------------------- helpers
    def distances(self, start: int) -> dict[int, int]:
        """LOCs from ``start`` to every space (any LOC): a rough measure of how far a target is."""
        if start not in self._dist:
            dist = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for there, _ in self.comp.adjacency[here]:
                    if there not in dist:
                        dist[there] = dist[here] + 1
                        queue.append(there)
            self._dist[start] = dist
        return self._dist[start]

    @staticmethod
    def sps_of(space: JSON, side: str) -> int:
        """SPs of ``side`` (its own and its allies') in a view's space."""
        own = OWN[SIDES.index(side)]
        return sum(f["sps"] for f in space["forces"] if f["nationality"].startswith(own))

    # ---------------------------------------------------------------- decisions
    def _choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        asked = view.get("asked") or {}
        kind = str(asked.get("kind", ""))
        side = SIDES.index(str(view["side"]))
        handler: Callable[[JSON, list[str], int], str] | None = {
            "strategy": self.strategy, "build": self.build, "op_objective": self.objective,
            "op_build": self.assemble, "op_intercept": self.intercept, "cb_athens_defence": self.defend,
            "cb_order": self.order,
        }.get(kind)
        if handler is None:
            return legal[0]
        return handler(view, legal, side)

    def strategy(self, view: JSON, legal: list[str], side: int) -> str:
        for sid in STRATEGIES[side]:
            if f"strategy {sid}" in legal:
                return f"strategy {sid}"
        return legal[0]

    def build(self, view: JSON, legal: list[str], side: int) -> str:
        if view["sides"][side]["spendable"] < KEEP[side]:
            return "done"
        for action in BUILDS[side]:
            if action in legal:
                return action
        return "done"

    def land_of(self, space: JSON, side: str) -> int:
        own = OWN[SIDES.index(side)]
        return sum(int(f["sps"]) for f in space["forces"] if f["nationality"].startswith(own) and f["type"] != "naval")

    def threat(self, view: JSON, target: int, side: int) -> int:
        """The enemy Land SPs within two LOCs of ``target``: what could intercept an army going there
        (4.6: ZOIs reach one Land or two Naval LOCs) or fight it in the Combat Phase (5.2)."""
        enemy = SIDES[1 - side]
        near = self.distances(target)
        return sum(self.land_of(sp, enemy) for sp in view["spaces"]
                   if near.get(self.comp.space_index[sp["id"]], 99) <= 2)

    def objective(self, view: JSON, legal: list[str], side: int) -> str:
        """4.1 Step 1: an enemy-controlled space no enemy unit holds, where a battle or siege can be won
        (9.0: +10 VP each, -15 for a loss): the least guarded first (the enemy Land SPs that could come
        to its defence), fortresses before others (a siege: +300 talents, 5.3), then the nearest; pass
        when money is short, after three operations, or when every target is too well guarded for
        the SPs it can raise."""
        me = view["sides"][side]
        if "pass" in legal and (me["operations"] >= MAX_OPERATIONS or me["spendable"] < 400 * (1 - side)):
            return "pass"
        enemy = SIDES[1 - side]
        home = self.comp.space_index[SIDES[side]]
        dist = self.distances(home)
        mine = sum(self.land_of(sp, SIDES[side]) for sp in view["spaces"])
        best: tuple[int, int, int, str] | None = None
        for sp in view["spaces"]:
            action = f"objective {sp['id']}"
            if action not in legal or sp["control"] != enemy or self.sps_of(sp, enemy):
                continue
            if self._tried.get((view["turn"], side, action), 0) >= 1:
                continue  # it went for it this turn and it is still the enemy's: try elsewhere
            space = self.comp.space_index[sp["id"]]
            threat = self.threat(view, space, side)
            if threat + ARMY > mine:
                continue  # it could not raise an army that outnumbers what may come to meet it
            rank = (threat, 0 if self.comp.spaces[space].fortress else 1, dist.get(space, 99), action)
            if best is None or rank < best:
                best = rank
        if best is not None:
            key = (view["turn"], side, best[3])
            self._tried[key] = self._tried.get(key, 0) + 1
            return best[3]
        return "pass" if "pass" in legal else legal[0]

    def wanted_land(self, view: JSON, goal: int, side: int) -> int:
        """The Land SPs to raise: four, and two more than the enemy Land SPs near the objective."""
        return min(12, max(ARMY, self.threat(view, goal, side) + 2)) if goal >= 0 else ARMY

    def assemble(self, view: JSON, legal: list[str], side: int) -> str:
        op = view.get("operation") or {}
        army = op.get("army") or []
        land = sum(int(f["sps"]) for f in army if f["type"] != "naval")
        naval = sum(int(f["sps"]) for f in army if f["type"] == "naval")
        goal_id = op.get("objective")
        goal = self.comp.space_index.get(str(goal_id), -1) if goal_id else -1
        island = goal >= 0 and self.comp.spaces[goal].kind == ISLAND
        if land < self.wanted_land(view, goal, side):
            for action in (f"take {OWN[side]} hoplite", f"take {OWN[side]}_allied hoplite",
                           f"take {OWN[side]} cavalry", f"take {OWN[side]}_allied cavalry"):
                if action in legal:
                    return action
        if island and naval < land:
            for action in (f"take {OWN[side]} naval", f"take {OWN[side]}_allied naval"):
                if action in legal:
                    return action
        if land or naval:
            for action in ("march", "halt"):
                if action in legal:
                    return action
        # an empty army goes to assembly spaces it has not visited in this operation yet
        key = (view["turn"], side, op.get("leader"), goal, view["sides"][side]["operations"])
        if key != self._op_key:
            self._op_key = key
            self._visited = set()
        for action in legal:
            if action.startswith("goto ") and action not in self._visited:
                self._visited.add(action)
                return action
        for action in ("march", "halt", "pass"):
            if action in legal:
                return action
        return legal[0]

    @staticmethod
    def edge(mine: list[JSON], theirs: list[JSON], my_tactical: int, their_tactical: int) -> int:
        """What the 5.2.1 modifiers give the first force over the second in a Land Battle (the dice
        aside): the hoplite difference, +1 for more cavalry, +2 for at least half Spartan hoplites,
        the leaders' Tactical Ratings."""
        def terms(forces: list[JSON]) -> tuple[int, int, int]:
            hop = sum(int(f["sps"]) for f in forces if f["type"] == "hoplite")
            cav = sum(int(f["sps"]) for f in forces if f["type"] == "cavalry")
            spartan = sum(int(f["sps"]) for f in forces if f["type"] == "hoplite" and f["nationality"] == "spartan")
            return hop, cav, 2 if spartan and 2 * spartan >= hop + cav else 0
        (h1, c1, s1), (h2, c2, s2) = terms(mine), terms(theirs)
        return (h1 - h2) + (c1 > c2) - (c2 > c1) + s1 - s2 + max(0, my_tactical) - max(0, their_tactical)

    def intercept(self, view: JSON, legal: list[str], side: int) -> str:
        """4.6: intercept with the force in reach that would fight the moving army best, only when the
        battle's modifiers (5.2.1) favour it by 2 or more (a lost battle costs 15 VP, 9.0)."""
        spaces = {sp["id"]: sp for sp in view["spaces"]}
        options = [a for a in legal if a.startswith("intercept ") and a[10:] in spaces]
        if not options:
            return "decline" if "decline" in legal else legal[0]
        op = view.get("operation") or {}
        army = [f for f in op.get("army") or [] if f["type"] != "naval"]
        leaders = {lead["id"]: lead for lead in view["leaders"]}
        theirs = int(leaders.get(str(op.get("leader")), {}).get("tactical", 0))
        own = OWN[side]

        def score(action: str) -> int:
            here = [f for f in spaces[action[10:]]["forces"] if f["nationality"].startswith(own)]
            return self.edge(here, army, 0, theirs)

        best = max(options, key=lambda a: (score(a), a))
        if score(best) >= 2 or "decline" not in legal:
            return best
        return "decline"

    def order(self, view: JSON, legal: list[str], side: int) -> str:
        """4.0 (RULINGS P96): the battle its side is likeliest to win first (the 5.2.1 modifiers of
        the forces in the spaces named); a siege in the order listed."""
        spaces = {sp["id"]: sp for sp in view["spaces"]}
        own, enemy = OWN[side], OWN[1 - side]

        def score(action: str) -> int:
            named = [spaces[x] for x in action.split()[1:] if x in spaces]
            if not action.startswith("battle ") or not named:
                return 0
            mine = [f for sp in named for f in sp["forces"] if f["nationality"].startswith(own)]
            theirs = [f for sp in named for f in sp["forces"] if f["nationality"].startswith(enemy)]
            return self.edge(mine, theirs, 0, 0)

        return max(legal, key=lambda a: (score(a), -legal.index(a)))

    def defend(self, view: JSON, legal: list[str], side: int) -> str:
        leaders = {lead["id"]: lead for lead in view["leaders"]}
        options = [a for a in legal if a.startswith("defend ") and a[7:] in leaders]
        if options:
            return max(options, key=lambda a: (leaders[a[7:]]["tactical"], a))
        athens = next(sp for sp in view["spaces"] if sp["id"] == "athens")
        if "fight" in legal and self.sps_of(athens, SIDES[side]) >= self.sps_of(athens, SIDES[1 - side]):
            return "fight"
        return "decline" if "decline" in legal else legal[0]


def bots() -> dict[str, Callable[..., Agent]]:
    """The registry hook (polemos.ai.agents.game_bots)."""
    return {"heuristic": HeuristicAgent}
