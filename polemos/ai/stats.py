"""Statistics of tournaments, computed from plain game records alone.

A game record (one line of a tournament's results file) is plain JSON::

    {"game": "athens-and-sparta", "options": {}, "seed": 7,
     "seats": {"athens": "random", "sparta": "heuristic"},
     "result": {"winner": "sparta", "winner_agent": "heuristic", "reason": "...", "scores": {...}},
     "moves": 312, "time": 0.84}

Nothing here knows where or how a game was played (one process, a pool of workers, a Ray
cluster): the same records always give the same figures. A role that is no seat (a solitaire
game's automaton) is played by the rules: its games count as games against :data:`RULES`, a
participant of its own in the ratings.

- :func:`wilson` — the 95% Wilson score interval of a proportion (win rates; draws are counted
  apart, as neither wins nor losses).
- :func:`seat_table` — per agent and seat: games, wins, draws, losses, win rate with interval.
- :func:`elo_ratings` — Bradley-Terry (logistic Elo) maximum likelihood over every game, draws as
  half a win each way, one virtual draw per pair that met (so a perfect score stays finite), the
  first agent anchored at 0; 95% intervals by bootstrap over seeds (a seed's games are resampled
  together, so the pairing of seeds with sides swapped is kept).
- :func:`openskill_ratings` — openskill's Plackett-Luce ratings, games taken in a canonical order.
- :func:`pair_scores` and :func:`sprt` — the paired comparison of two agents ("is B stronger than
  A?") as a generalised sequential probability ratio test on the scores of paired games.
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

#: The name under which the rules (a solitaire game's automaton) appear in tables and ratings.
RULES = "(the rules)"
#: The reason of a game cut at the step limit (counted as a draw, and shown apart).
MAX_STEPS_REASON = "max_steps"
Z95 = 1.959963984540054


# -- records -----------------------------------------------------------------------------------
def record_key(record: JSON) -> tuple[str, str, int, tuple[tuple[str, str], ...]]:
    """What identifies a game of a tournament: game, options, seed and who held each seat."""
    seats = record["seats"]
    return (str(record["game"]), canonical_options(record.get("options") or {}), int(record["seed"]),
            tuple((str(role), str(agent)) for role, agent in seats.items()))


def canonical_options(options: JSON) -> str:
    """Options as canonical JSON text (key order does not matter)."""
    import json

    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def check_record(record: Any) -> JSON:
    """``record`` if it has the fields of a game record, else ValueError saying what is wrong."""
    if not isinstance(record, dict):
        raise ValueError("a game record must be a JSON object")
    for name, kind in (("game", str), ("seed", int), ("seats", dict), ("result", dict)):
        if not isinstance(record.get(name), kind) or isinstance(record.get(name), bool):
            raise ValueError(f"a game record needs {name!r} ({kind.__name__})")
    seats = record["seats"]
    if not seats or not all(isinstance(k, str) and isinstance(v, str) for k, v in seats.items()):
        raise ValueError("a game record's 'seats' maps each seat (role) to an agent name")
    winner = record["result"].get("winner")
    if winner is not None and not isinstance(winner, str):
        raise ValueError("a game record's result.winner is a role or null")
    return record


def participants(record: JSON) -> list[str]:
    """The agents of a game in seat order, and :data:`RULES` if one seat only is held (the rules
    play the other side: a solitaire game)."""
    agents = list(record["seats"].values())
    return [*agents, RULES] if len(agents) == 1 else agents


def points(record: JSON) -> dict[str, float]:
    """Each participant's score in a game: 1 for the winner, 0 for the loser, 1/2 each for a draw
    (or a game cut at the step limit). The rules win when the winning role is no seat."""
    winner = record["result"].get("winner")
    names = participants(record)
    if winner is None:
        return {name: 0.5 for name in names}
    seats: dict[str, str] = record["seats"]
    won = seats.get(winner, RULES)
    return {name: 1.0 if name == won else 0.0 for name in names}


def outcome_of(record: JSON, agent: str) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` of ``agent`` in a game it played."""
    score = points(record)[agent]
    return "win" if score == 1.0 else "loss" if score == 0.0 else "draw"


# -- proportions -------------------------------------------------------------------------------
def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` out of ``n`` (95% by default); (0, 1) for n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n} is not a proportion")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One agent's results in one seat (``seat`` is ``"all"`` for every seat together)."""

    agent: str
    seat: str
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> JSON:
        low, high = self.interval
        return {"agent": self.agent, "seat": self.seat, "games": self.games, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "win_rate": round(self.win_rate, 4),
                "interval": [round(low, 4), round(high, 4)]}


def seat_table(records: Sequence[JSON], agents: Sequence[str]) -> list[SeatLine]:
    """Per agent (in ``agents`` order) and seat (in the order first met), then ``"all"``."""
    tally: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    seats_seen: dict[str, None] = {}
    for record in records:
        for seat, agent in record["seats"].items():
            seats_seen[seat] = None
            result = outcome_of(record, agent)
            tally[agent, seat][result] += 1
            tally[agent, "all"][result] += 1
    lines = []
    for agent in agents:
        for seat in [*seats_seen, "all"]:
            if seat == "all" and len(seats_seen) == 1:
                continue
            c = tally.get((agent, seat))
            if c is None:
                continue
            lines.append(SeatLine(agent, seat, sum(c.values()), c["win"], c["draw"], c["loss"]))
    return lines


def head_to_head(records: Sequence[JSON]) -> dict[tuple[str, str], tuple[float, int]]:
    """(a, b) -> (a's points against b, games between them), for every ordered pair that met."""
    table: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for record in records:
        score = points(record)
        names = list(score)
        for a in names:
            for b in names:
                if a != b:
                    table[a, b][0] += score[a]
                    table[a, b][1] += 1
    return {k: (v[0], int(v[1])) for k, v in table.items()}


# -- Elo -----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Rating:
    """An Elo rating with its 95% bootstrap interval (None when no bootstrap was asked for)."""

    name: str
    elo: float
    low: float | None
    high: float | None
    games: int

    def to_json(self) -> JSON:
        interval = None if self.low is None or self.high is None else [round(self.low, 1), round(self.high, 1)]
        return {"name": self.name, "elo": round(self.elo, 1), "interval": interval, "games": self.games}


def _games_matrix(records: Iterable[JSON], index: dict[str, int]) -> tuple[list[list[float]], list[list[float]]]:
    """n[i][j] games between i and j, w[i][j] points of i against j."""
    size = len(index)
    n = [[0.0] * size for _ in range(size)]
    w = [[0.0] * size for _ in range(size)]
    for record in records:
        score = points(record)
        names = list(score)
        for a in names:
            for b in names:
                if a != b:
                    i, j = index[a], index[b]
                    n[i][j] += 1
                    w[i][j] += score[a]
    return n, w


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    size = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("singular system")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0.0:
                f = a[r][col] / a[col][col]
                for k in range(col, size + 1):
                    a[r][k] -= f * a[col][k]
    return [a[i][size] / a[i][i] for i in range(size)]


def _connected(n: list[list[float]]) -> bool:
    size = len(n)
    seen = {0}
    todo = [0]
    while todo:
        i = todo.pop()
        for j in range(size):
            if n[i][j] > 0 and j not in seen:
                seen.add(j)
                todo.append(j)
    return len(seen) == size


def bradley_terry(records: Sequence[JSON], names: Sequence[str], prior_draws: float = 1.0) -> list[float]:
    """Maximum-likelihood logistic Elo of ``names`` (``names[0]`` anchored at 0) from the records.

    P(i scores against j) = 1 / (1 + 10^((R_j - R_i) / 400)); a draw is half a point each way;
    ``prior_draws`` virtual draws are added between every pair that met (a perfect score would
    otherwise have no finite estimate). Newton's method on the concave log-likelihood, halving
    steps that do not improve it. ValueError if the games do not connect every name.
    """
    index = {name: i for i, name in enumerate(names)}
    n, w = _games_matrix(records, index)
    size = len(names)
    for i in range(size):
        for j in range(size):
            if n[i][j] > 0:
                n[i][j] += prior_draws
                w[i][j] += prior_draws / 2
    if size == 1:
        return [0.0]
    if not _connected(n):
        raise ValueError("the games do not connect every agent, so their ratings cannot be compared")
    theta = [0.0] * size  # natural-log strengths; Elo = theta * 400 / ln 10

    def loglik(t: list[float]) -> float:
        total = 0.0
        for i in range(size):
            for j in range(size):
                if n[i][j] > 0:
                    # sum over ordered pairs of w_ij log sigmoid(t_i - t_j) (w_ji covers i's losses)
                    total += w[i][j] * _log_sigmoid(t[i] - t[j])
        return total

    current = loglik(theta)
    for _ in range(100):
        grad = [0.0] * size
        hess = [[0.0] * size for _ in range(size)]
        for i in range(size):
            for j in range(size):
                if i != j and n[i][j] > 0:
                    p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                    grad[i] += w[i][j] - n[i][j] * p
                    h = n[i][j] * p * (1 - p)
                    hess[i][i] -= h
                    hess[i][j] += h
        # anchor names[0]: solve the reduced system for the others
        reduced = [row[1:] for row in hess[1:]]
        step = _solve(reduced, [-g for g in grad[1:]])
        scale = 1.0
        while True:
            trial = [0.0] + [theta[k + 1] + scale * step[k] for k in range(size - 1)]
            value = loglik(trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        moved = max(abs(trial[k] - theta[k]) for k in range(size))
        theta, current = trial, value
        if moved < 1e-10:
            break
    return [t * 400 / math.log(10) for t in theta]


def _log_sigmoid(d: float) -> float:
    return -math.log1p(math.exp(-d)) if d >= 0 else d - math.log1p(math.exp(d))


def elo_ratings(records: Sequence[JSON], agents: Sequence[str], bootstrap: int = 200,
                seed: int = 0) -> list[Rating]:
    """Elo of ``agents`` (and of :data:`RULES` when the rules played) from the records, the first
    agent anchored at 0, with 95% percentile intervals from ``bootstrap`` resamples of the seeds."""
    names = list(agents)
    if any(RULES in participants(r) for r in records):
        names.append(RULES)
    games = Counter(name for r in records for name in participants(r))
    estimate = bradley_terry(records, names)
    lows: list[float | None] = [None] * len(names)
    highs: list[float | None] = [None] * len(names)
    if bootstrap > 0 and records:
        by_seed: dict[int, list[JSON]] = defaultdict(list)
        for record in records:
            by_seed[int(record["seed"])].append(record)
        seeds = sorted(by_seed)
        rng = random.Random(seed)
        samples: list[list[float]] = []
        for _ in range(bootstrap):
            resample = [r for s in rng.choices(seeds, k=len(seeds)) for r in by_seed[s]]
            try:
                samples.append(bradley_terry(resample, names))
            except ValueError:  # a resample that left some agent unconnected says nothing
                continue
        if samples:
            for k in range(len(names)):
                values = sorted(s[k] for s in samples)
                lows[k] = _percentile(values, 0.025)
                highs[k] = _percentile(values, 0.975)
    return [Rating(name, estimate[k], lows[k], highs[k], games.get(name, 0)) for k, name in enumerate(names)]


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def canonical_order(records: Iterable[JSON]) -> list[JSON]:
    """Records sorted by seed, then seats: the order in which sequential ratings take them."""
    return sorted(records, key=lambda r: (int(r["seed"]), tuple(r["seats"].items())))


def openskill_ratings(records: Sequence[JSON], agents: Sequence[str]) -> list[JSON]:
    """openskill Plackett-Luce ratings (mu, sigma and the ordinal mu - 3 sigma) of every
    participant, the games rated one by one in :func:`canonical_order` (so the same records give
    the same ratings wherever they were played)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    names = list(agents)
    if any(RULES in participants(r) for r in records):
        names.append(RULES)
    ratings = {name: model.rating(name=name) for name in names}
    for record in canonical_order(records):
        score = points(record)
        players = list(score)
        teams = [[ratings[p]] for p in players]
        ranks = [1.0 - score[p] for p in players]  # winner 0, loser 1, draw both 0.5
        rated = model.rate(teams, ranks=ranks)
        for p, team in zip(players, rated, strict=True):
            ratings[p] = team[0]
    return [{"name": name, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3), "ordinal": round(r.ordinal(), 3)}
            for name, r in ratings.items()]


# -- paired comparison and SPRT -----------------------------------------------------------------
def pair_scores(records: Sequence[JSON], a: str, b: str) -> list[float]:
    """B's score against A on each seed both were paired on, in [0, 1], in seed order.

    Two seats: the seed's two games between A and B (sides swapped), B's points / 2
    (0, 1/4, 1/2, 3/4 or 1: the pentanomial model). One seat (the rules play the other side): A
    and B each played the seed against the rules; 1 if B did better, 0 if A did, 1/2 if alike.
    A seed whose games are not all there yet is left out.
    """
    by_seed: dict[int, list[JSON]] = defaultdict(list)
    for record in records:
        agents = set(record["seats"].values())
        if agents <= {a, b}:
            by_seed[int(record["seed"])].append(record)
    scores = []
    for seed in sorted(by_seed):
        games = by_seed[seed]
        if all(len(g["seats"]) == 1 for g in games):
            mine = {next(iter(g["seats"].values())): points(g)[next(iter(g["seats"].values()))] for g in games}
            if a in mine and b in mine:
                scores.append((mine[b] - mine[a] + 1) / 2)
            continue
        played = {tuple(g["seats"].values()): g for g in games if set(g["seats"].values()) == {a, b}}
        if len(played) >= 2:
            scores.append(sum(points(g)[b] for g in played.values()) / len(played))
    return scores


def elo_to_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def score_to_elo(score: float) -> float:
    """The logistic Elo difference that gives expected score ``score`` (clipped away from 0 and 1)."""
    s = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / s - 1.0)


def _constrained_mle(values: Sequence[float], freqs: Sequence[float], mean: float) -> list[float]:
    """The distribution on ``values`` closest (maximum likelihood) to ``freqs`` with the given mean:
    p_j = f_j / (1 + lam (x_j - mean)), lam found by bisection."""
    diffs = [x - mean for x in values]
    hi_bound = max(diffs)
    lo_bound = min(diffs)
    if hi_bound <= 0 or lo_bound >= 0:
        raise ValueError("the mean must lie strictly between the smallest and largest value")
    lam_lo = -1.0 / hi_bound + 1e-12
    lam_hi = -1.0 / lo_bound - 1e-12

    def g(lam: float) -> float:
        return sum(f * d / (1 + lam * d) for f, d in zip(freqs, diffs, strict=True))

    for _ in range(200):  # g is decreasing in lam
        mid = (lam_lo + lam_hi) / 2
        if g(mid) > 0:
            lam_lo = mid
        else:
            lam_hi = mid
    lam = (lam_lo + lam_hi) / 2
    return [f / (1 + lam * d) for f, d in zip(freqs, diffs, strict=True)]


@dataclass(frozen=True, slots=True)
class SprtResult:
    """The state of an SPRT: its log-likelihood ratio, bounds and decision."""

    llr: float
    lower: float
    upper: float
    pairs: int
    decision: str  # "H1" (B is stronger by elo1), "H0" (not stronger than elo0) or "continue"
    elo: float  # the estimated Elo of B over A from the pair scores
    elo_interval: tuple[float, float]  # 95%, from the Wilson interval of the mean pair score (may be infinite)

    def to_json(self) -> JSON:
        return {"llr": round(self.llr, 4), "bounds": [round(self.lower, 4), round(self.upper, 4)],
                "pairs": self.pairs, "decision": self.decision, "elo": round(self.elo, 1),
                "elo_interval": [None if math.isinf(x) else round(x, 1) for x in self.elo_interval]}


def sprt(scores: Sequence[float], elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05,
         pentanomial: bool | None = None) -> SprtResult:
    """Generalised SPRT of H0: B is ``elo0`` stronger than A, against H1: ``elo1`` stronger, on the
    paired scores of :func:`pair_scores` (logistic Elo of the expected pair score).

    The log-likelihood ratio is N * sum_j f_j log(p1_j / p0_j), where f are the observed frequencies
    of each pair score (with 1e-3 added to each, so a run of identical scores gives a finite, slowly
    growing ratio) and p0, p1 the distributions closest to f with the means of H0 and H1. Accept H1
    at log((1 - beta) / alpha), H0 at log(beta / (1 - alpha)). ``pentanomial``: scores of two
    games per pair (0, 1/4, ... 1; default: when such a score is seen), else 0, 1/2, 1.
    """
    if not elo0 < elo1:
        raise ValueError(f"elo0 ({elo0}) must be below elo1 ({elo1})")
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must lie between 0 and 1")
    lower = math.log(beta / (1 - alpha))
    upper = math.log((1 - beta) / alpha)
    pairs = len(scores)
    if pairs == 0:
        return SprtResult(0.0, lower, upper, 0, "continue", 0.0, (-math.inf, math.inf))
    if pentanomial is None:
        pentanomial = any(s in (0.25, 0.75) for s in scores)
    values = [0.0, 0.25, 0.5, 0.75, 1.0] if pentanomial else [0.0, 0.5, 1.0]
    strays = [s for s in scores if s not in values]
    if strays:
        raise ValueError(f"pair score {strays[0]} is none of {values}")
    counts = Counter(scores)
    regular = [counts.get(v, 0) + 1e-3 for v in values]
    total = sum(regular)
    freqs = [c / total for c in regular]
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    p0 = _constrained_mle(values, freqs, s0)
    p1 = _constrained_mle(values, freqs, s1)
    llr = total * sum(f * math.log(q1 / q0) for f, q0, q1 in zip(freqs, p0, p1, strict=True))
    decision = "H1" if llr >= upper else "H0" if llr <= lower else "continue"
    # the estimate: the mean pair score with half a pseudo-pair scoring 1/2 (finite at 0% or 100%);
    # its bounds: the Wilson interval of the pair scores' sum, infinite where it reaches 0 or 1
    mean = (sum(scores) + 0.25) / (pairs + 0.5)
    low, high = wilson(sum(scores), pairs)
    bounds = (-math.inf if low <= 1e-9 else score_to_elo(low), math.inf if high >= 1 - 1e-9 else score_to_elo(high))
    return SprtResult(llr, lower, upper, pairs, decision, score_to_elo(mean), bounds)
