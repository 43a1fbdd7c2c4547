"""Athens & Sparta state costs at many points of seeded random games (issue 12's memory targets):
``clone()`` (CPU µs, best of 5 rounds of 200), undo of each role that may undo (CPU ms, on a clone, so
the game goes on as it was), and the position document without its log (bytes, compact JSON as the
server stores it; with and without the action list). Prints median and worst of each.

    POLEMOS_PURE=1 nice -n 10 .venv/bin/python scripts/as_state_costs.py [--games 3] [--every 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import polemos
from polemos.core.rng import Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="seeded games per edition")
    parser.add_argument("--every", type=int, default=10, help="measure every this many actions")
    parser.add_argument("--max-actions", type=int, default=1200)
    args = parser.parse_args()
    game = polemos.game("athens-and-sparta")
    clones: list[float] = []
    undos: list[float] = []
    sizes: list[tuple[int, int, int]] = []  # (actions, bytes, bytes without the action list)
    for edition in ("second", "first"):
        for seed in range(1, args.games + 1):
            state = game.new(seed, options={"edition": edition})
            chooser = Rng(seed * 31)
            n = 0
            while state.outcome() is None and n < args.max_actions:
                active = state.active_roles()
                role = chooser.choice([r for r in active if state.legal_actions(r)])
                state.apply(role, chooser.choice(state.legal_actions(role)))
                n += 1
                for who in state.roles():
                    if state.can_undo(who):
                        copy = state.clone()
                        start = time.process_time()
                        copy.undo(who)
                        undos.append((time.process_time() - start) * 1e3)
                if n % args.every:
                    continue
                best = float("inf")
                for _ in range(5):
                    start = time.process_time()
                    for _ in range(200):
                        state.clone()
                    best = min(best, (time.process_time() - start) / 200 * 1e6)
                clones.append(best)
                doc = state.to_json()
                doc.pop("log")
                whole = len(json.dumps(doc, separators=(",", ":")))
                doc.pop("actions")
                sizes.append((n, whole, len(json.dumps(doc, separators=(",", ":")))))
    print(f"clone(): median {statistics.median(clones):.1f} µs, worst {max(clones):.1f} µs ({len(clones)} points)")
    print(f"undo: median {statistics.median(undos):.3f} ms, worst {max(undos):.3f} ms ({len(undos)} undos)")
    for lo, hi in ((300, 500), (800, 1200)):
        got = [s for s in sizes if lo <= s[0] <= hi]
        if got:
            print(f"document without its log at {lo}-{hi} actions: "
                  f"{min(s[1] for s in got):,}-{max(s[1] for s in got):,} "
                  f"bytes; without the action list too: {min(s[2] for s in got):,}-{max(s[2] for s in got):,} bytes")


if __name__ == "__main__":
    main()
