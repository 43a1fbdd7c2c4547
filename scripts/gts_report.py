"""Go Tell the Spartans, solitaire: the heuristic Greeks against the rulebook's Persian automaton.

Plays N games (seeds 1..N, or from ``--first``) over a few processes and prints a markdown report:
who won and how (automatic victories, 8.4.5, or victory points, 10.0), the VP margin distribution,
the day each game ended, how often the Greeks still held the pass on day 3, the Persian morale
crises, which Greek contingents routed and on which day, and the games' total time.

    .venv/bin/python scripts/gts_report.py 500 > docs/gts-solitaire-report.md
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool

GAME = "go-tell-the-spartans"
GREEK_ROUT = "the Greek Army routed"
PERSIAN_ROUT = "the Persian Army routed"
# VP margin buckets (Greek minus Persian): (label, low, high), both ends included
BUCKETS = (
    ("-30 or less", -999, -30),
    ("-29 to -20", -29, -20),
    ("-19 to -10", -19, -10),
    ("-9 to -1", -9, -1),
    ("0 (tie: Persian)", 0, 0),
    ("+1 to +9", 1, 9),
    ("+10 to +19", 10, 19),
    ("+20 or more", 20, 999),
)


@dataclass(slots=True)
class Game:
    """What one game tells the report (all of it from the public view at the end, and the log)."""

    seed: int
    winner: str
    reason: str
    greek_vp: int
    persian_vp: int
    day: int
    reached_day3: bool
    crises: int
    steps: int
    decisions: int
    bot_seconds: float
    seconds: float
    routs: list[tuple[int, str]] = field(default_factory=list)  # (day, contingent) of every rout
    immortals_entered: bool = False  # day 3: they came down the Ephialtes path (7.0.2)
    immortals_removed: bool = False  # ... and left the field when the attacking contingent routed (9.0(1))


def play(seed: int) -> Game:
    import polemos
    from polemos.ai.agents import agent_rng
    from polemos.games.thermopylae.bots import HeuristicAgent
    from polemos.games.thermopylae.state import GTSState

    start = time.perf_counter()
    game = polemos.game(GAME)
    state = game.new(seed)
    assert isinstance(state, GTSState)  # its log is read below
    agent = HeuristicAgent()
    rng = agent_rng(seed, 0)
    steps = decisions = 0
    reached = False
    bot = 0.0
    while state.outcome() is None:
        role = state.active_roles()[0]
        if role != "greek":  # never in the solitaire game: the automaton plays the Persians
            raise RuntimeError(f"seed {seed}: the {role} role is asked to act in a solitaire game")
        view = state.view(role)
        reached = reached or view["day"] >= 3
        legal = state.legal_actions(role)
        t = time.perf_counter()
        action = agent.choose(view, legal, rng)
        bot += time.perf_counter() - t
        decisions += 1
        state.apply(role, action)
        steps += 1
    outcome = state.outcome()
    assert outcome is not None
    view = state.view("greek")
    routs: list[tuple[int, str]] = []
    day = 1
    entered = removed = on_map = False
    for _to, rule, text in state.log:  # the whole log (a view shows only its last lines; all public here)
        if rule == "4.0" and text.startswith("Day "):
            day = int(text.split()[1])
        elif rule == "8.4.4" and " rout: " in text:
            routs.append((day, text.split(" rout: ")[0].removeprefix("the ")))
            on_map = on_map and not text.startswith("the Immortals rout")
        elif rule == "7.0.2":
            entered = on_map = True
        elif rule == "9.0" and text.startswith("9.0(1)") and "removed from play" in text and on_map:
            removed, on_map = True, False
    return Game(
        seed=seed,
        winner=str(outcome.winner),
        reason=outcome.reason,
        greek_vp=int(view["vp"]["greek"]),
        persian_vp=int(view["vp"]["persian"]),
        day=int(view["day"]),
        reached_day3=reached or int(view["day"]) >= 3,
        crises=int(view["tracks"]["army"]["persian"]["crises"]),
        steps=steps,
        decisions=decisions,
        bot_seconds=bot,
        seconds=time.perf_counter() - start,
        routs=routs,
        immortals_entered=entered,
        immortals_removed=removed,
    )


def pct(n: int, total: int) -> str:
    return f"{100.0 * n / total:.1f}%" if total else "-"


def report(games: list[Game], wall: float, processes: int) -> str:
    n = len(games)
    out: list[str] = []
    add = out.append
    greek = [g for g in games if g.winner == "greek"]
    persian = [g for g in games if g.winner == "persian"]
    greek_auto = [g for g in greek if g.reason.startswith(PERSIAN_ROUT)]
    persian_auto = [g for g in persian if g.reason.startswith(GREEK_ROUT)]
    first, last = (min(g.seed for g in games), max(g.seed for g in games)) if games else (0, 0)
    add("# Go Tell the Spartans — solitaire report")
    add("")
    add(f"{n} games, seeds {first}..{last}: the `heuristic` bot (`polemos/games/thermopylae/bots.py`) plays "
        "the Greeks, the rulebook's Persian automaton (8.1.6, 8.2.7) the Persians; default options "
        "(no feigned retreat, no Nothing But Spartans).")
    add("")
    add("## Results")
    add("")
    add("| | games | share |")
    add("|---|---:|---:|")
    add(f"| **Greek wins** | {len(greek)} | {pct(len(greek), n)} |")
    add(f"| — automatic: the Persian Army routs (8.4.5) | {len(greek_auto)} | {pct(len(greek_auto), n)} |")
    add(f"| — on victory points (10.0) | {len(greek) - len(greek_auto)} | {pct(len(greek) - len(greek_auto), n)} |")
    add(f"| **Persian wins** | {len(persian)} | {pct(len(persian), n)} |")
    add(f"| — automatic: the Greek Army routs (8.4.5) | {len(persian_auto)} | {pct(len(persian_auto), n)} |")
    add(f"| — on victory points (10.0; ties go to Persia) | {len(persian) - len(persian_auto)} | "
        f"{pct(len(persian) - len(persian_auto), n)} |")
    other = n - len(greek) - len(persian)
    if other:
        add(f"| unfinished or drawn | {other} | {pct(other, n)} |")
    add("")
    margins = [g.greek_vp - g.persian_vp for g in games]
    if n:
        add(f"Mean victory points: Greeks {sum(g.greek_vp for g in games) / n:.2f}, "
            f"Persians {sum(g.persian_vp for g in games) / n:.2f}; mean margin (Greek − Persian) "
            f"{sum(margins) / n:+.2f}, median {sorted(margins)[n // 2]:+d}. (VP are counted at the end of every "
            "game, automatic victories included.)")
        add("")
    add("## Victory point margin (Greek − Persian)")
    add("")
    add("| margin | games | share | |")
    add("|---|---:|---:|---|")
    width = max((sum(1 for m in margins if lo <= m <= hi) for _, lo, hi in BUCKETS), default=1) or 1
    for label, lo, hi in BUCKETS:
        k = sum(1 for m in margins if lo <= m <= hi)
        add(f"| {label} | {k} | {pct(k, n)} | {'#' * round(40 * k / width)} |")
    add("")
    add("## Days")
    add("")
    days = Counter(g.day for g in games)
    add("| the game ended on | games | share |")
    add("|---|---:|---:|")
    for d in (1, 2, 3):
        add(f"| day {d} | {days.get(d, 0)} | {pct(days.get(d, 0), n)} |")
    held = sum(1 for g in games if g.reached_day3)
    early_greek = sum(1 for g in games if not g.reached_day3 and g.reason.startswith(PERSIAN_ROUT))
    early_persian = sum(1 for g in games if not g.reached_day3 and g.reason.startswith(GREEK_ROUT))
    add("")
    add(f"The Greeks still held the pass on day 3 (the game reached day 3) in **{held}** games ({pct(held, n)}); "
        f"historically they held two days. {sum(1 for g in games if g.reached_day3 and g.winner == 'greek')} "
        f"of those were Greek wins. Of the games over before day 3, {early_persian} ended with the Greek Army's "
        f"rout and {early_greek} with the Persian Army's.")
    entered = sum(1 for g in games if g.immortals_entered)
    removed = sum(1 for g in games if g.immortals_removed)
    add("")
    add(f"On day 3 the Immortals came down the Ephialtes path (7.0.2) in {entered} games; in {removed} of them "
        "they were removed from play, not routed, when the attacking contingent routed (9.0(1), RULINGS G40). "
        f"In {held - entered} games day 3 ended before their Action Round of entry (G33) or without them.")
    add("")
    add("## Morale")
    add("")
    crises = Counter(g.crises for g in games)
    add(f"Average Persian morale crises (8.4.5) per game: **{sum(g.crises for g in games) / max(1, n):.2f}** "
        f"({', '.join(f'{k}: {v} games' for k, v in sorted(crises.items()))}).")
    add("")
    greek_conts = ("Spartans", "Thespians", "Thebans", "Phocians", "Malians", "Locrians (Opuntian)", "Peloponnesians")
    routs = Counter((c, d) for g in games for d, c in g.routs)
    add("Contingent routs (8.4.4), per 100 games, by day:")
    add("")
    add("| contingent | day 1 | day 2 | day 3 | total |")
    add("|---|---:|---:|---:|---:|")
    names = list(greek_conts) + sorted({c for c, _ in routs} - set(greek_conts))
    for c in names:
        row = [routs.get((c, d), 0) for d in (1, 2, 3)]
        if not any(row) and c not in greek_conts:
            continue
        cells = " | ".join(f"{100 * x / max(1, n):.0f}" for x in [*row, sum(row)])
        add(f"| {c} | {cells} |")
    add("")
    add("## Time")
    add("")
    steps = sum(g.steps for g in games)
    decisions = sum(g.decisions for g in games)
    bot = sum(g.bot_seconds for g in games)
    cpu = sum(g.seconds for g in games)
    add(f"Total wall-clock time {wall:.1f} s over {processes} processes ({cpu:.1f} s of game time, "
        f"{cpu / max(1, n):.2f} s a game); {steps} Greek decisions in all ({steps / max(1, n):.0f} a game); "
        f"the bot's own thinking {bot:.1f} s, {1000 * bot / max(1, decisions):.3f} ms a decision on average.")
    add("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", type=int, nargs="?", default=500, help="number of games (default 500)")
    parser.add_argument("--first", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--processes", type=int, default=min(2, os.cpu_count() or 1),
                        help="worker processes (default: 2, or the CPU count if smaller)")
    parser.add_argument("--out", help="also write the report to this file")
    args = parser.parse_args(argv)
    seeds = list(range(args.first, args.first + args.games))
    start = time.perf_counter()
    results: list[Game]
    if args.processes > 1:
        with Pool(args.processes) as pool:
            results = pool.map(play, seeds, chunksize=max(1, len(seeds) // (8 * args.processes)))
    else:
        results = [play(s) for s in seeds]
    text = report(results, time.perf_counter() - start, args.processes)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

