"""The Peloponnesian War, solitaire: the heuristic player against the Strategy Matrixes, per scenario.

Plays N games of each scenario (seeds 0..N-1) in the solitaire mode (the player switches sides as 2.1
demands) with one process per core and prints a markdown report: who won and how the war ended, the
game turn it ended on, how often the player changed sides, and the score margins.

    .venv/bin/python scripts/pw_report.py 200 > docs/pw-solitaire-report.md
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from multiprocessing import Pool

GAME = "peloponnesian-war"
SCENARIOS = ("peloponnesian-war", "archidamian-war", "decelean-war", "fall-of-athens")
MAX_STEPS = 5000


def play(job: tuple[str, int]) -> tuple[str, int, str, str, int, int, int]:
    """(scenario, seed, winner, how it ended, last game turn, side changes, player minus matrix VP)."""
    import polemos
    from polemos.core.rng import Rng
    from polemos.games.peloponnesian_war.bots import HeuristicAgent

    scenario, seed = job
    s = polemos.game(GAME).new(seed, scenario, {"mode": "solitaire"})
    agent = HeuristicAgent()
    rng = Rng(seed + 1_000_003)
    steps = 0
    while s.outcome() is None and steps < MAX_STEPS:
        s.apply("player", agent.choose(s.view("player"), s.legal_actions("player"), rng))
        steps += 1
    out = s.outcome()
    view = s.view(None)
    if out is None:
        return scenario, seed, "unfinished", "cut", view["turn"], view["switches"], 0
    end = out.reason.split(";")[0]
    if end.startswith("8.2"):
        end = "surrender: " + end.split(": ", 1)[1].replace(" surrender(s)", "")
    return (scenario, seed, out.winner or "draw", end, view["turn"], view["switches"],
            out.scores["player"] - out.scores["matrix"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, help="games per scenario")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args()
    jobs = [(sc, seed) for sc in SCENARIOS for seed in range(args.games)]
    started = time.time()
    with Pool(args.processes) as pool:
        results = pool.map(play, jobs, chunksize=4)
    took = time.time() - started
    print("# The Peloponnesian War: the heuristic player against the Strategy Matrixes (solitaire)\n")
    print(f"`python scripts/pw_report.py {args.games}`: {args.games} games per scenario, seeds 0-{args.games - 1}, "
          f"the solitaire mode (the player must change sides when 2.1 says so; his score follows him), "
          f"{took:.0f} s in {args.processes} process(es). The matrix side is the rulebook's Strategy Matrix procedure "
          "(RULINGS P10-P12, P60-P79); the player is `bots.py`'s heuristic. History: the war lasted 27 years "
          "(nine game turns of three years); Athens surrendered in 404 (game turn 10).\n")
    for sc in SCENARIOS:
        mine = [r for r in results if r[0] == sc]
        n = len(mine)
        print(f"## {sc}\n")
        winners = Counter(r[2] for r in mine)
        print("| result | games |\n|---|---|")
        for who, k in winners.most_common():
            print(f"| {who} wins | {k} ({100 * k / n:.0f}%) |" if who != "draw" else f"| draw | {k} |")
        print("\n| how it ended | games |\n|---|---|")
        for end, k in Counter(r[3] for r in mine).most_common():
            print(f"| {end} | {k} |")
        turns = Counter(r[4] for r in mine)
        print("\nGame turn it ended on: " + ", ".join(f"{t}: {k}" for t, k in sorted(turns.items())))
        switches = Counter(r[5] for r in mine)
        print("\nSide changes (2.1): " + ", ".join(f"{t}: {k}" for t, k in sorted(switches.items())))
        margins = sorted(r[6] for r in mine)
        print(f"\nPlayer minus matrix score: median {margins[n // 2]}, lowest {margins[0]}, highest {margins[-1]}\n")


if __name__ == "__main__":
    main()
