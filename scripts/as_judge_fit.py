"""Fit Athens & Sparta's leaf judge (``polemos/games/athens_sparta/judge.py``) on heuristic self-play.

Issue 12 part 2 (docs/ai.md, "Sixth pass"). Two steps, each reproducible from its seeds:

``data``: heuristic self-play of seeds ``--seed`` .. ``--seed + --games - 1`` (an edition; each side's
choice replaced by a random legal one with probability ``--eps``, drawn from a generator of its own
keyed by the seed, for positions the heuristic alone would not reach). At the start of every Card Phase
and every Player Turn's Move Phase it records, for each role, the judge's features read from that role's
view alone (``judge.features``), and beside them what the current search judge reads there (the
heuristic's ``standing`` from both views and the steps on the map at 8.4's costs, ``worlds.Sampler._judge``
on the true state), then the game's winner. One JSON line a game.

``fit``: a logistic regression with an L2 penalty (Newton's method / IRLS on standardized features, pure
Python) on the games whose seed is not held out (``seed % 5 != 0``), and on the held-out ones the
log-loss and accuracy of (a) the fitted judge from one view, (b) its two views' mean (what the search
uses: Athens' chance, and one less Sparta's), (c) the current judge's value as a calibrated logistic
(its scale and offset fitted on the same training positions). Writes the weights with their provenance.

    nice -n 10 python scripts/as_judge_fit.py data --seed 10000 --games 300 --eps 0.03 --out /tmp/j2.jsonl -j 2
    nice -n 10 python scripts/as_judge_fit.py data --seed 20000 --games 100 --eps 0.03 --edition first \
        --out /tmp/j1.jsonl -j 2
    python scripts/as_judge_fit.py fit /tmp/j2.jsonl /tmp/j1.jsonl --l2 20 --drop near_me,near_foe --write
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import polemos
from polemos.ai.agents import agent_rng
from polemos.core.rng import Rng
from polemos.games.athens_sparta import judge as J
from polemos.games.athens_sparta.bots import HeuristicAgent, standing
from polemos.games.athens_sparta.state import PHASE_NAMES, AthensSpartaState
from polemos.games.athens_sparta.worlds import _COSTS

JSON = dict[str, Any]
GAME = "athens-and-sparta"
CARD = PHASE_NAMES.index("card")
MOVE = PHASE_NAMES.index("move")
HELD_OUT = 5  # seeds with seed % HELD_OUT == 0 are held out of the fit


def _worth(state: Any) -> float:
    """Athens' steps on the map less Sparta's, at 8.4's BP costs (the true strengths), / 12."""
    worth = [0.0, 0.0]
    blocks = state.comp.blocks
    for b, (h, o, st) in enumerate(zip(state.loc, state.owner, state.strength, strict=True)):
        if h >= 0 and o <= 1:
            worth[o] += st * _COSTS[blocks[b].type]
    return (worth[0] - worth[1]) / 12.0


def play(args: tuple[int, str, float]) -> JSON:
    seed, edition, eps = args
    game = polemos.game(GAME)
    options = {"edition": "first"} if edition == "first" else None
    state = game.new(seed, options=options)
    assert isinstance(state, AthensSpartaState)
    roles = list(game.roles)
    bots = {r: HeuristicAgent() for r in roles}
    rngs = {r: agent_rng(seed, i) for i, r in enumerate(roles)}
    noise = Rng(seed * 7919 + 17)
    rows: list[JSON] = []
    seen: set[tuple[Any, ...]] = set()
    steps = 0
    while state.outcome() is None and steps < 5000:
        key: tuple[Any, ...] | None = None
        pending = state.pending or {}
        if state.phase == CARD and pending.get("kind") == "card":
            key = ("card", state.olympiad, state.turn)
        elif state.phase == MOVE:
            key = ("move", state.olympiad, state.turn, state.active)
        if key is not None and key not in seen:
            seen.add(key)
            views = {r: state.view(r) for r in roles}
            st = {r: standing(views[r]) for r in roles}
            old = 0.5 * (st["athens"] - st["sparta"]) + _worth(state)
            for r in roles:
                rows.append({"role": r, "kind": key[0], "olympiad": key[1], "turn": key[2],
                             "x": J.features(views[r]), "old": old})
        role = next(r for r in roles if r in state.active_roles())
        legal = list(state.legal_actions(role))
        action = bots[role].choose(state.view(role), legal, rngs[role])
        if len(legal) > 1 and noise.below(10_000) < int(eps * 10_000):
            action = legal[noise.below(len(legal))]
        state.apply(role, action)
        steps += 1
    out = state.outcome()
    return {"seed": seed, "edition": edition, "eps": eps, "steps": steps,
            "winner": None if out is None else out.winner, "reason": None if out is None else out.reason,
            "rows": rows}


def cmd_data(a: argparse.Namespace) -> None:
    jobs = [(a.seed + i, a.edition, a.eps) for i in range(a.games)]
    with open(a.out, "a", encoding="utf-8") as f, ProcessPoolExecutor(a.jobs) as pool:
        for i, g in enumerate(pool.map(play, jobs, chunksize=2)):
            f.write(json.dumps(g) + "\n")
            f.flush()
            print(f"{i + 1}/{a.games} seed {g['seed']} {g['winner']} ({g['reason']}) {len(g['rows'])} rows",
                  file=sys.stderr)


# ---------------------------------------------------------------- the fit (pure Python)
def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small, positive definite system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                row, piv = m[r], m[c]
                for k in range(c, n + 1):
                    row[k] -= f * piv[k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def fit_logistic(xs: list[list[float]], ys: list[float], l2: float, rounds: int = 12) -> list[float]:
    """Weights (bias first) of a logistic regression with an L2 penalty on the weights (not the bias), by
    Newton's method (IRLS)."""
    d = len(xs[0]) + 1
    w = [0.0] * d
    for _ in range(rounds):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            z = [1.0, *x]
            p = J.logistic(sum(wi * zi for wi, zi in zip(w, z, strict=True)))
            q = p * (1 - p)
            for i in range(d):
                zi = z[i]
                g[i] += (p - y) * zi
                qi = q * zi
                row = h[i]
                for k in range(i, d):
                    row[k] += qi * z[k]
        for i in range(d):
            for k in range(i):
                h[i][k] = h[k][i]
            if i:
                g[i] += l2 * w[i]
                h[i][i] += l2
        step = _solve(h, g)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _loss(ps: list[float], ys: list[float]) -> tuple[float, float]:
    eps = 1e-9
    ll = -sum(y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps)) for p, y in zip(ps, ys, strict=True))
    acc = sum(1 for p, y in zip(ps, ys, strict=True) if (p > 0.5) == (y > 0.5))
    return ll / len(ys), acc / len(ys)


def cmd_fit(a: argparse.Namespace) -> None:
    games: list[JSON] = []
    for path in a.files:
        with open(path, encoding="utf-8") as f:
            games += [json.loads(line) for line in f if line.strip()]
    games = [g for g in games if g["winner"] is not None]
    train = [g for g in games if g["seed"] % HELD_OUT != 0]
    test = [g for g in games if g["seed"] % HELD_OUT == 0]

    def rows(gs: list[JSON]) -> tuple[list[list[float]], list[float], list[float]]:
        xs, ys, old = [], [], []
        for g in gs:
            for r in g["rows"]:
                xs.append(r["x"])
                ys.append(1.0 if g["winner"] == r["role"] else 0.0)
                old.append(r["old"] if r["role"] == "athens" else -r["old"])
        return xs, ys, old

    xtr, ytr, otr = rows(train)
    xte, yte, ote = rows(test)
    d = len(J.NAMES)
    # features left out of the fit (weight 0): read as a constant, which the penalty holds at 0
    drop = [J.NAMES.index(n) for n in a.drop.split(",") if n]
    for x in xtr + xte:
        for i in drop:
            x[i] = 0.0
    mean = [sum(x[i] for x in xtr) / len(xtr) for i in range(d)]
    sd = [max(1e-6, math.sqrt(sum((x[i] - mean[i]) ** 2 for x in xtr) / len(xtr))) for i in range(d)]

    def std(xs: list[list[float]]) -> list[list[float]]:
        return [[(x[i] - mean[i]) / sd[i] for i in range(d)] for x in xs]

    w = fit_logistic(std(xtr), ytr, a.l2)
    weights = {n: w[i + 1] / sd[i] for i, n in enumerate(J.NAMES)}
    bias = w[0] - sum(w[i + 1] * mean[i] / sd[i] for i in range(d))
    model = J.Judge({"bias": bias, "weights": weights})
    old_w = fit_logistic([[o] for o in otr], ytr, 0.0)

    def old_p(o: float) -> float:
        return J.logistic(old_w[0] + old_w[1] * o)

    report: JSON = {"train_games": len(train), "test_games": len(test),
                    "train_positions": len(xtr), "test_positions": len(xte),
                    "old_scale": old_w}
    for name, xs, ys, olds in (("train", xtr, ytr, otr), ("test", xte, yte, ote)):
        p_new = [model.score(x) for x in xs]
        report[f"{name}_fitted_one_view"] = _loss([J.logistic(s) for s in p_new], ys)
        report[f"{name}_old_calibrated"] = _loss([old_p(o) for o in olds], ys)
        report[f"{name}_standing_only"] = _loss([J.logistic(0.5 * x[7] * 10) for x in xs], ys)
        report[f"{name}_base_rate"] = _loss([sum(ytr) / len(ytr)] * len(ys), ys)
    # both views' mean at the same positions (rows come in pairs: athens, sparta)
    pairs_p, pairs_y, pairs_o = [], [], []
    for g in test:
        rs = g["rows"]
        for i in range(0, len(rs) - 1, 2):
            ra, rs_ = rs[i], rs[i + 1]
            if ra["role"] != "athens" or rs_["role"] != "sparta":
                continue
            pa = 0.5 * (J.logistic(model.score(ra["x"])) + 1 - J.logistic(model.score(rs_["x"])))
            pairs_p.append(pa)
            pairs_y.append(1.0 if g["winner"] == "athens" else 0.0)
            pairs_o.append(old_p(ra["old"]))
    report["test_fitted_two_views"] = _loss(pairs_p, pairs_y)
    report["test_old_two_views"] = _loss(pairs_o, pairs_y)
    # by the share of the game played (early positions are the hard ones)
    for lo, hi in ((0.0, 0.34), (0.34, 0.67), (0.67, 1.01)):
        sel = [i for i, x in enumerate(xte) if lo <= x[6] < hi]
        if sel:
            report[f"test_played_{lo:.2f}_{hi:.2f}"] = {
                "n": len(sel),
                "fitted": _loss([J.logistic(model.score(xte[i])) for i in sel], [yte[i] for i in sel]),
                "old": _loss([old_p(ote[i]) for i in sel], [yte[i] for i in sel]),
            }
    print(json.dumps(report, indent=1))
    print(json.dumps({n: round(weights[n], 4) for n in J.NAMES}, indent=1))
    if a.write:
        seeds = sorted({(g["edition"], g["seed"]) for g in train})
        spans: dict[str, list[int]] = {}
        for ed, s in seeds:
            spans.setdefault(ed, []).append(s)
        desc = "; ".join(f"{ed} edition seeds {min(v)}-{max(v)} but multiples of {HELD_OUT}" for ed, v in spans.items())
        doc = {
            "design": (f"fitted by scripts/as_judge_fit.py fit (IRLS, L2 {a.l2} on standardized features; "
                       f"left out: {a.drop or 'none'}) on "
                       f"heuristic self-play ({desc}; eps {sorted({g['eps'] for g in train})}), "
                       f"{len(xtr)} positions of {len(train)} games, {datetime.date.today().isoformat()}; "
                       f"held out: {len(test)} games, {len(xte)} positions: log-loss "
                       f"{report['test_fitted_one_view'][0]:.4f} (the current judge calibrated: "
                       f"{report['test_old_calibrated'][0]:.4f})"),
            "bias": bias,
            "weights": weights,
        }
        J.WEIGHTS.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {J.WEIGHTS}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    d.add_argument("--seed", type=int, default=10000)
    d.add_argument("--games", type=int, default=300)
    d.add_argument("--eps", type=float, default=0.03)
    d.add_argument("--edition", choices=("second", "first"), default="second")
    d.add_argument("--out", type=Path, required=True)
    d.add_argument("-j", "--jobs", type=int, default=1)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+", type=Path)
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--drop", default="", help="features left out (weight 0), by name, comma-separated")
    f.add_argument("--write", action="store_true")
    a = p.parse_args(argv)
    {"data": cmd_data, "fit": cmd_fit}[a.cmd](a)


if __name__ == "__main__":
    main()
