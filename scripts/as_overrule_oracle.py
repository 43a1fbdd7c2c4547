"""Are the search's overrules of the heuristic worth it, judged by whole games? (issue 12 part 2, idea 3)

Heuristic self-play of the seeds given; at every decision of the kinds given (default the Combat Phase
menu, 5.0, which the ``normal`` level searches) with two or more choices, a search of ``--iterations``
iterations from the deciding role's view (the level's sampler options: the fitted judge), and its verdict
for the best alternative to the heuristic's choice: how many standard errors of the difference it stands
above the hint (``z``: what ``SearchConfig.margin`` compares; 2 overrules). Then an *oracle* for that pair,
offline only: from the TRUE state (this script is a measurement; no agent reads it), each of the two actions
is taken and the game completed ``--completions`` times by fresh heuristic bots with fresh dice and a
reshuffled deck, the same ``--completions`` dice streams for both actions (common random numbers). A line
per position: the search's z, the two actions' win rates for the deciding role. The game goes on with the
heuristic's choice.

    nice -n 10 python scripts/as_overrule_oracle.py --seeds 5000-5009 --iterations 200 --completions 16 -j 2
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import polemos
from polemos.ai.agents import agent_rng
from polemos.ai.ismcts import ISMCTSAgent, NoWorld, SearchConfig
from polemos.core.rng import Rng
from polemos.games.athens_sparta import worlds
from polemos.games.athens_sparta.bots import HeuristicAgent
from polemos.games.athens_sparta.state import AthensSpartaState

GAME = "athens-and-sparta"


def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            out.extend(range(int(lo), int(hi) + 1))
        else:
            out.append(int(part))
    return out


def complete(state: AthensSpartaState, role: str, action: str, seed: int,
             proto: dict[str, HeuristicAgent] | None = None, sampler: Any = None) -> float:
    """1 if ``role`` wins after taking ``action`` in ``state`` and heuristic bots play on, 0.5 a draw: copies of
    ``proto`` (the game's bots as they stand, plans and memory kept), else fresh ones. A Move Phase order
    other than the bot's own becomes its order (``Sampler.adopt``, as the search does), so the block is
    stepped along it rather than its move cancelled."""
    s = state.clone()
    s._undo_snaps = ()
    rng = Rng(seed)
    s.rng = Rng(rng.below(1 << 62))
    deck = list(s.deck)
    rng.shuffle(deck)
    s.deck = deck
    s.apply(role, action)
    bots = {r: copy.deepcopy(proto[r]) if proto else HeuristicAgent() for r in s.roles()}
    if sampler is not None:
        sampler.adopt(action, bots[role])
    rngs = {r: Rng(rng.below(1 << 62)) for r in s.roles()}
    while s.outcome() is None:
        r = s.active_roles()[0]
        legal = s.legal_actions(r)
        s.apply(r, legal[0] if len(legal) == 1 else bots[r].choose(s.view(r), legal, rngs[r]))
    out = s.outcome()
    assert out is not None
    return 0.5 if out.winner is None else 1.0 if out.winner == role else 0.0


def run_seed(seed: int, kinds: frozenset[str], iterations: int, completions: int, judge: str,
             every: int, min_z: float = -math.inf, ceiling: bool = False,
             last: int = 99) -> list[dict[str, Any]]:
    game = polemos.game(GAME)
    state = game.new(seed)
    assert isinstance(state, AthensSpartaState)
    roles = list(game.roles)
    bots = {r: HeuristicAgent() for r in roles}
    rngs = {r: agent_rng(seed, i) for i, r in enumerate(roles)}
    shadows = {r: HeuristicAgent() for r in roles}
    searchers = {r: ISMCTSAgent(GAME, SearchConfig(iterations=iterations), fallback=shadows[r],
                                sampler_options={"kinds": kinds, "judge": judge}) for r in roles}
    lines: list[dict[str, Any]] = []
    count = 0
    while state.outcome() is None and state.olympiad <= last:
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
            probed = count % every == 0
        if probed and ceiling:
            # the ceiling of a one-decision improvement: every legal action (at most 8, the hint first) completed
            hint = shadows[role].choose(view, legal, twin)
            menu = legal
            smp = None
            if kind == "move":  # the planner's candidates and end (Sampler.narrow), as the search sees them
                smp = worlds.world_sampler(view, role, kinds=kinds)
                menu = smp.narrow(list(legal))
            acts = [hint, *[x for x in menu if x != hint]][:8]
            t0 = time.thread_time()
            wins = {x: [complete(state, role, x, seed * 1000 + 17 * count + k, shadows,
                                 smp if x != hint else None) for k in range(completions)]
                    for x in acts}
            lines.append({"seed": seed, "olympiad": state.olympiad, "turn": state.turn, "role": role,
                          "kind": kind, "hint": hint, "legal": len(legal), "wins": wins,
                          "cpu_oracle": round(time.thread_time() - t0, 2)})
            print(json.dumps(lines[-1]), flush=True)
        elif probed:
            start = time.thread_time()
            choice = searchers[role].choose(view, legal, twin)
            cpu = time.thread_time() - start
            res = searchers[role].last
            if res is not None and res.hint is not None and len(res.root) >= 1:
                hint = res.hint
                root = dict(res.root)
                hn, hw = root.get(hint, (0, 0.0))
                hv = hn + res.hint_visits
                hmean = (hw + res.hint_value * res.hint_visits) / hv
                visits = sum(v for v, _ in res.root.values())
                s1 = sum(w for _, w in res.root.values())
                s2 = sum(res.squares.values())
                var = max(1e-12, s2 / max(1, visits) - (s1 / max(1, visits)) ** 2)
                best_alt, best_z = None, -math.inf
                for a, (n, w) in root.items():
                    if a == hint or n <= 0:
                        continue
                    z = (w / n - hmean) / math.sqrt(var * (1.0 / n + 1.0 / hv))
                    if z > best_z:
                        best_alt, best_z = a, z
                if best_alt is not None and best_z >= min_z:
                    t0 = time.thread_time()
                    wins = {a: [complete(state, role, a, seed * 1000 + 17 * count + k) for k in range(completions)]
                            for a in (hint, best_alt)}
                    lines.append({"seed": seed, "olympiad": state.olympiad, "turn": state.turn, "role": role,
                                  "kind": kind, "hint": hint, "alt": best_alt, "choice": choice,
                                  "z": round(best_z, 3),
                                  "alt_visits": root[best_alt][0], "hint_visits": hn,
                                  "alt_mean": round(root[best_alt][1] / root[best_alt][0], 4),
                                  "hint_mean": round(hmean, 4),
                                  "true_hint": sum(wins[hint]) / completions,
                                  "true_alt": sum(wins[best_alt]) / completions,
                                  "pairs": [[x, y] for x, y in zip(wins[hint], wins[best_alt], strict=True)],
                                  "cpu_search": round(cpu, 3), "cpu_oracle": round(time.thread_time() - t0, 2)})
                    print(json.dumps(lines[-1]), flush=True)
        else:
            shadows[role].choose(view, legal, twin)
        state.apply(role, bots[role].choose(view, legal, rngs[role]))
    return lines


def summary(paths: list[str]) -> None:
    """For each margin m: the positions where the search's z is at least m (where a search with margin m
    overrules the heuristic), and the mean of the oracle's difference (the alternative's win rate less the
    hint's, for the deciding role) with its standard error over the positions' paired completions."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows.extend(json.loads(line) for line in f if line.startswith("{") and '"true_alt"' in line)
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for r in rows:
        verb = str(r["alt"]).split(" ", 1)[0]
        groups.setdefault(f"{r['kind']} {r['role']} {verb}", []).append(r)
    for name, rs in sorted(groups.items()):
        for m in (0.5, 1.0, 1.5, 2.0, 3.0, 5.0):
            sel = [r for r in rs if r["z"] >= m]
            if not sel:
                continue
            diffs = [y - x for r in sel for x, y in r["pairs"]]
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            print(f"{name:32s} z>={m:<4} positions {len(sel):3d}  completions {len(diffs):4d}  "
                  f"alt-hint {mean:+.3f} (SE {math.sqrt(var / len(diffs)):.3f})")


def ceiling_summary(paths: list[str]) -> None:
    """What the best action would gain over the heuristic's, per kind: the best action chosen by the first
    half of its completions and measured on the second half (no winner's curse), against the hint's second
    half; and the same naively (best of all completions, biased upward)."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows.extend(json.loads(line) for line in f if line.startswith("{") and '"wins"' in line)
    by: dict[str, list[tuple[float, float]]] = {}
    for r in rows:
        wins: dict[str, list[float]] = r["wins"]
        hint = r["hint"]
        k = len(wins[hint])
        half = k // 2

        def mean(xs: list[float]) -> float:
            return sum(xs) / len(xs)

        pick = max(wins, key=lambda x: (mean(wins[x][:half]), x == hint))
        honest = mean(wins[pick][half:]) - mean(wins[hint][half:])
        naive = max(mean(v) for v in wins.values()) - mean(wins[hint])
        for key in ("all", f"{r['kind']} {r['role']}", f"{r['kind']} O{r['olympiad']}"):
            by.setdefault(key, []).append((honest, naive))
    for key, xs in sorted(by.items()):
        hs = [h for h, _ in xs]
        m = sum(hs) / len(hs)
        se = math.sqrt(sum((h - m) ** 2 for h in hs) / max(1, len(hs) - 1) / len(hs))
        print(f"{key:20s} positions {len(xs):3d}  best (half-split) - hint {m:+.3f} (SE {se:.3f})  "
              f"naive max - hint {sum(n for _, n in xs) / len(xs):+.3f}")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", default="5000-5009")
    p.add_argument("--kinds", default="combat")
    p.add_argument("--judge", default="fitted", choices=worlds.JUDGES)
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--completions", type=int, default=16)
    p.add_argument("--every", type=int, default=1)
    p.add_argument("--out", default="/tmp/h82/oracle.jsonl")
    p.add_argument("--min-z", type=float, default=0.5, help="the oracle only where the search's z is at least this")
    p.add_argument("-j", type=int, default=1)
    p.add_argument("--ceiling", action="store_true",
                   help="no search: complete every legal action (at most 8) at each position probed")
    p.add_argument("--last-olympiad", type=int, default=99, help="stop the self-play after this Olympiad")
    p.add_argument("--summary", nargs="*", help="summarize these results files (or logs) instead of running")
    a = p.parse_args(argv)
    if a.summary:
        (ceiling_summary if a.ceiling else summary)(a.summary)
        return
    kinds = frozenset(a.kinds.split(","))
    seeds = _seeds(a.seeds)
    with ProcessPoolExecutor(max_workers=a.j) as pool, open(a.out, "a", encoding="utf-8") as f:
        jobs = [pool.submit(run_seed, s, kinds, a.iterations, a.completions, a.judge, a.every, a.min_z,
                            a.ceiling, a.last_olympiad)
                for s in seeds]
        for job in jobs:
            for line in job.result():
                f.write(json.dumps(line) + "\n")
                f.flush()


if __name__ == "__main__":
    main()
