"""The Peloponnesian War's heuristic player: rules of thumb on a role's view (and the public map).

It plays whichever side its role commands now (the solitaire player changes sides, 2.1):
- 3.1: Sparta attacks Athens while it may, Athens raids the Peloponnese; else the next on its list;
- 4.1: the objective is the nearest enemy-controlled fortress no enemy unit holds (a siege it can
  win: +10 VP and 300 talents, 5.3, 9.0), else the nearest enemy-controlled space no enemy unit
  holds; it passes when money is short or after three operations;
- 4.1 Step 2: it takes its own Hoplites (and Naval SPs enough to carry them to an island) up to an
  army of four Land SPs, then marches;
- 4.6: it always intercepts, with its largest force in reach; 5.3.1: it defends Athens with its
  best tactician and fights when it is not outnumbered;
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

    def objective(self, view: JSON, legal: list[str], side: int) -> str:
        me = view["sides"][side]
        if "pass" in legal and (me["operations"] >= MAX_OPERATIONS or me["spendable"] < 400 * (1 - side)):
            return "pass"
        enemy = SIDES[1 - side]
        home = self.comp.space_index[SIDES[side]]
        dist = self.distances(home)
        best: tuple[int, int, str] | None = None
        for sp in view["spaces"]:
            action = f"objective {sp['id']}"
            if action not in legal or sp["control"] != enemy or self.sps_of(sp, enemy):
                continue
            space = self.comp.space_index[sp["id"]]
            rank = (0 if self.comp.spaces[space].fortress else 1, dist.get(space, 99), action)
            if best is None or rank < best:
                best = rank
        if best is not None:
            return best[2]
        return "pass" if "pass" in legal else legal[0]

    def assemble(self, view: JSON, legal: list[str], side: int) -> str:
        op = view.get("operation") or {}
        army = op.get("army") or []
        land = sum(int(f["sps"]) for f in army if f["type"] != "naval")
        naval = sum(int(f["sps"]) for f in army if f["type"] == "naval")
        goal_id = op.get("objective")
        goal = self.comp.space_index.get(str(goal_id), -1) if goal_id else -1
        island = goal >= 0 and self.comp.spaces[goal].kind == ISLAND
        if land < ARMY:
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

    def intercept(self, view: JSON, legal: list[str], side: int) -> str:
        spaces = {sp["id"]: sp for sp in view["spaces"]}
        options = [a for a in legal if a.startswith("intercept ")]
        if not options:
            return legal[0]
        return max(options, key=lambda a: (self.sps_of(spaces[a[10:]], SIDES[side]) if a[10:] in spaces else 0, a))

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
