"""Where would Athens & Sparta's search overrule the heuristic, and toward what, with a given leaf judge?

Issue 12 part 2 (docs/ai.md, "Sixth pass"): heuristic self-play of the seeds given; at every ``--every``-th
decision of the kinds given (``card``, ``move``, ``combat``) with two or more choices, a search of
``--iterations`` iterations from the deciding role's view (``worlds.world_sampler(..., judge=...)``),
and a line: the heuristic's choice, the search's, the root's visits and means. The game goes on with the
heuristic's choice, so every judge is asked at the same positions. CPU seconds of the searches are summed.

    nice -n 10 python scripts/as_judge_probe.py --seeds 5001,5002 --kinds card,move --judge fitted --iterations 40
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import polemos
from polemos.ai.agents import agent_rng
from polemos.ai.ismcts import ISMCTSAgent, NoWorld, SearchConfig
from polemos.core.rng import Rng
from polemos.games.athens_sparta import worlds
from polemos.games.athens_sparta.bots import HeuristicAgent
from polemos.games.athens_sparta.state import AthensSpartaState

GAME = "athens-and-sparta"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", default="5001,5002")
    p.add_argument("--kinds", default="card,move")
    p.add_argument("--judge", default="fitted", choices=worlds.JUDGES)
    p.add_argument("--iterations", type=int, default=40)
    p.add_argument("--every", type=int, default=2)
    p.add_argument("--edition", choices=("second", "first"), default="second")
    a = p.parse_args(argv)
    kinds = frozenset(a.kinds.split(","))
    game = polemos.game(GAME)
    totals = {"positions": 0, "overruled": 0, "cpu": 0.0}
    for seed in (int(s) for s in a.seeds.split(",")):
        state = game.new(seed, options={"edition": "first"} if a.edition == "first" else None)
        assert isinstance(state, AthensSpartaState)
        roles = list(game.roles)
        bots = {r: HeuristicAgent() for r in roles}
        rngs = {r: agent_rng(seed, i) for i, r in enumerate(roles)}
        # each role's searcher has a shadow heuristic bot of its own as its fallback, shown every view the
        # playing bot is shown with a copy of its generator, so its hint is the heuristic's choice (until a
        # Move Phase overrule hands it the search's order: the game itself goes on with the heuristic's)
        shadows = {r: HeuristicAgent() for r in roles}
        searchers = {r: ISMCTSAgent(GAME, SearchConfig(iterations=a.iterations), fallback=shadows[r],
                                    sampler_options={"kinds": kinds, "judge": a.judge}) for r in roles}
        count = 0
        while state.outcome() is None:
            role = next(r for r in roles if r in state.active_roles())
            legal = list(state.legal_actions(role))
            view = state.view(role)
            key, position = rngs[role].state
            twin = Rng(key=key, position=position)
            kind = None
            if len(legal) > 1:
                try:
                    kind = worlds.world_sampler(view, role, kinds=kinds).kind
                except NoWorld:
                    kind = None
            probed = False
            if kind is not None:
                count += 1
                probed = count % a.every == 0
            if probed:
                start = time.thread_time()
                choice = searchers[role].choose(view, legal, twin)
                cpu = time.thread_time() - start
                res = searchers[role].last
                root: dict[str, Any] = {}
                if res is not None:
                    root = {k: [v, round(w / v, 3) if v else None] for k, (v, w) in res.root.items()}
                hint = res.hint if res is not None else choice
                over = choice != hint
                totals["positions"] += 1
                totals["cpu"] += cpu
                totals["overruled"] += int(over)
                print(json.dumps({"seed": seed, "olympiad": state.olympiad, "turn": state.turn, "role": role,
                                  "kind": kind, "hint": hint, "choice": choice, "overruled": over,
                                  "cpu": round(cpu, 3), "root": root}), flush=True)
            else:
                shadows[role].choose(view, legal, twin)
            state.apply(role, bots[role].choose(view, legal, rngs[role]))
    print(json.dumps(totals))


if __name__ == "__main__":
    main()
