"""Tournaments: agents play round robins on paired seeds, resumably, on every core or a Ray cluster.

``run_tournament`` plans the games, skips those already in the results file, plays the rest and
returns the report that :func:`analyse` computes from the records alone (:mod:`polemos.ai.stats`).

The plan
--------
- Two seats (Athens & Sparta; Go Tell the Spartans with a Persian player): every pair of agents
  plays each seed twice, once each way round (paired seeds: the side's advantage and the seed's
  luck cancel out). ``games`` is the number of games per pair of agents, rounded up to an even
  number: ``games / 2`` seeds.
- One seat (a solitaire game: the Greek side against Go Tell the Spartans' automaton, the
  Peloponnesian War's player against the Strategy Matrixes): every agent plays each of ``games``
  seeds against the rules, so agents are compared on the same seeds (same dice as far as their
  choices leave them the same). The rules are a participant of their own in the ratings.
- An SPRT ("is B stronger than A?"): the two agents play pairs of seeds until the test decides
  (or ``games`` run out).

Games are taken seed by seed (every pairing of seed 0, then seed 1, ...), so a tournament stopped
part-way is still balanced.

The results file
----------------
JSON lines, one plain record per finished game (see :mod:`polemos.ai.stats`), appended as each
game ends. Running again with the same file skips the games it holds; a last line cut short by a
crash is dropped. The figures come from the file's records of this game and options whose agents
are all in the tournament, wherever those games were played.

Where games run
---------------
``workers=1`` plays in this process; more use a :mod:`multiprocessing` pool (spawned processes);
``ray_address`` sends batches of ``batch`` games per Ray task to a cluster (``"local"`` starts
one on this machine; a Ray already initialised in this process is used as it is). Each game is
the same wherever it runs: the game's seed and the agents' seeded RNGs decide everything.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import polemos
from polemos.ai import stats
from polemos.ai.agents import Agent, make_agent
from polemos.ai.selfplay import play_game
from polemos.core.game import Game, Role
from polemos.core.rng import Rng

JSON = dict[str, Any]


# -- the plan ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: who holds which seat, on which seed. Plain data (it travels to workers)."""

    game: str
    options: str  # canonical JSON text
    seed: int
    seats: tuple[tuple[Role, str], ...]
    data: str | None = None
    max_steps: int = 10_000

    def key(self) -> tuple[str, str, int, tuple[tuple[str, str], ...]]:
        """The key of :func:`polemos.ai.stats.record_key` that this game's record will have."""
        return (self.game, self.options, self.seed, self.seats)


@dataclass(frozen=True, slots=True)
class SprtSpec:
    """An SPRT of H0: B is ``elo0`` Elo stronger than A, against H1: ``elo1`` stronger."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def check(self) -> None:
        for name, value in (("elo0", self.elo0), ("elo1", self.elo1)):
            if not -2000 <= value <= 2000:  # also NaN; beyond that, expected scores are 0 or 1 in floats
                raise ValueError(f"--{name} must be an Elo difference between -2000 and 2000, not {value:g}")
        if not self.elo0 < self.elo1:
            raise ValueError(f"--elo0 ({self.elo0:g}) must be below --elo1 ({self.elo1:g})")
        for name, value in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"--{name} must lie between 0 and 0.5, not {value:g}")


def plan(game: Game, agents: Sequence[str], games: int, seed: int = 0, options: JSON | None = None,
         data: str | None = None, max_steps: int = 10_000) -> list[GameTask]:
    """Every game of the tournament, seed by seed (see the module's docstring)."""
    if games < 0:
        raise ValueError(f"the number of games must be at least 0, not {games}")
    if len(set(agents)) != len(agents):
        raise ValueError(f"an agent is named twice in {', '.join(agents)}")
    seats = game.seats_for(options)
    text = stats.canonical_options(options or {})
    tasks: list[GameTask] = []
    if len(seats) == 1:
        if not agents:
            raise ValueError("give at least one agent")
        for s in range(seed, seed + games):
            tasks.extend(GameTask(game.id, text, s, ((seats[0], a),), data, max_steps) for a in agents)
        return tasks
    if len(seats) != 2:
        raise ValueError(f"{game.id} has {len(seats)} seats ({', '.join(seats)}) with these options: "
                         "tournaments pair two seats, or one against the rules")
    if len(agents) < 2:
        raise ValueError("a two-seat game needs at least two agents (--agents A,B)")
    for s in range(seed, seed + math.ceil(games / 2)):
        for a, b in itertools.combinations(agents, 2):
            tasks.append(GameTask(game.id, text, s, ((seats[0], a), (seats[1], b)), data, max_steps))
            tasks.append(GameTask(game.id, text, s, ((seats[0], b), (seats[1], a)), data, max_steps))
    return tasks


# -- playing one game (in whatever process) -------------------------------------------------------
class _Timed:
    """An agent that counts its decisions and the time it spends on them."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.cpu = 0.0
        self.decisions = 0

    @property
    def name(self) -> str:
        return self.agent.name

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        start = time.perf_counter()
        cpu = time.process_time()
        try:
            return self.agent.choose(view, legal, rng)
        finally:
            self.seconds += time.perf_counter() - start
            self.cpu += time.process_time() - cpu
            self.decisions += 1


@lru_cache(maxsize=8)
def _game(game_id: str, data: str | None) -> Game:
    return polemos.game(game_id, data=data)


def play_task(task: GameTask) -> JSON:
    """Play one game of the plan and return its plain record."""
    game = _game(task.game, task.data)
    options = json.loads(task.options)
    timed = {role: _Timed(make_agent(name, task.game, task.data)) for role, name in task.seats}
    start = time.perf_counter()
    result = play_game(game, task.seed, timed, task.max_steps, options or None)
    elapsed = time.perf_counter() - start
    return {
        "game": task.game,
        "options": options,
        "seed": task.seed,
        "seats": dict(task.seats),
        "result": {"winner": result.winner, "winner_agent": result.winner_bot, "reason": result.reason},
        "moves": result.steps,
        "time": round(elapsed, 4),
        "think": {role: round(t.seconds, 4) for role, t in timed.items()},
        "think_cpu": {role: round(t.cpu, 4) for role, t in timed.items()},
        "decisions": {role: t.decisions for role, t in timed.items()},
    }


def play_batch(tasks: Sequence[GameTask]) -> list[JSON]:
    """Play a batch of games (one Ray task) and return their records."""
    return [play_task(task) for task in tasks]


# -- executors -------------------------------------------------------------------------------------
def _in_process(tasks: Sequence[GameTask]) -> Iterator[JSON]:
    for task in tasks:
        yield play_task(task)


#: The environment of worker processes: string hashing seeded alike everywhere, so that a bot
#: whose choices depend on the iteration order of a set of strings plays the same game in every
#: worker, pool or cluster (the Athens & Sparta heuristic did, 2026-11-27).
WORKER_ENV = {"PYTHONHASHSEED": "0"}


def _quiet_worker() -> None:
    """Workers leave Ctrl-C to the parent, which stops them; stopped (the pool's terminate), they
    leave at once, without a traceback from every worker about its closed pipes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda _signum, _frame: os._exit(0))


def _pool(tasks: Sequence[GameTask], workers: int) -> Iterator[JSON]:
    context = multiprocessing.get_context("spawn")  # no forked copies of threads (the progress bar's)
    saved = {name: os.environ.get(name) for name in WORKER_ENV}
    os.environ.update(WORKER_ENV)  # spawned workers start with it (the pool starts them here, now)
    try:
        pool = context.Pool(processes=min(workers, len(tasks)), initializer=_quiet_worker)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    finished = False
    try:
        yield from pool.imap_unordered(play_task, tasks, chunksize=1)
        finished = True
    finally:
        if finished:
            # every game played: the workers leave on the pool's own end-of-work message. Terminating them
            # here instead (as before) could stop one while it held the task queue's lock, and the other,
            # waiting for that lock, never left: join() hung (seen once in CI, about 1 in 15 runs here)
            pool.close()
        else:
            pool.terminate()  # stopped early: the records in hand are written; unfinished games are simply not
        pool.join()


def ray_module() -> Any:
    """The ``ray`` package, or ValueError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise ValueError("--ray-address needs Ray: pip install 'polemos[cluster]' (or pip install ray)") from exc


def _ray(tasks: Sequence[GameTask], address: str, batch: int) -> Iterator[JSON]:
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, log_to_driver=False)
        started = True
    remote = ray.remote(play_batch).options(runtime_env={"env_vars": WORKER_ENV})
    batches = [list(tasks[i:i + batch]) for i in range(0, len(tasks), batch)]
    in_flight = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    pending: list[Any] = []
    try:
        while batches or pending:
            while batches and len(pending) < in_flight:
                pending.append(remote.remote(batches.pop(0)))
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def execute(tasks: Sequence[GameTask], workers: int = 1, ray_address: str | None = None,
            batch: int = 8) -> Iterator[JSON]:
    """The records of ``tasks`` as their games finish (in any order). Closing the iterator stops
    the games still running."""
    if not tasks:
        return iter(())
    if ray_address:
        return _ray(tasks, ray_address, max(1, batch))
    if workers <= 1 or len(tasks) == 1:
        return _in_process(tasks)
    return _pool(tasks, workers)


# -- the results file ---------------------------------------------------------------------------
def load_results(path: Path) -> list[JSON]:
    """The records of a results file (none if it does not exist). A last line cut short (a crash
    while writing) is left out (and cut from the file when games are next appended); any other
    line that is no record is an error. The file is not changed."""
    if not path.exists():
        return []
    if path.is_dir():
        raise ValueError(f"--results {path} is a directory: give a file name")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a results file (not UTF-8 text)") from None
    lines = text.split("\n")
    records: list[JSON] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
        except ValueError as exc:  # json.JSONDecodeError
            if number == len(lines) and not text.endswith("\n"):
                break  # a torn last line (cut by a crash): dropped by the next append (drop_torn_tail)
            raise ValueError(f"{path} line {number} is not JSON ({exc})") from None
        try:
            records.append(stats.check_record(doc))
        except ValueError as exc:
            raise ValueError(f"{path} line {number} is not a game record ({exc})") from None
    return records


def drop_torn_tail(path: Path) -> None:
    """Cut a last line without its newline (a write cut short) before appending after it."""
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as handle:
            handle.truncate(data.rfind(b"\n") + 1)


def _append(path: Path, record: JSON) -> None:
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, separators=(",", ":")) + "\n")


def relevant(records: Sequence[JSON], game_id: str, options: JSON | None, agents: Sequence[str]) -> list[JSON]:
    """The records of ``game_id`` with these options whose agents are all in ``agents``, each
    game once (the first record of a game played twice counts)."""
    text = stats.canonical_options(options or {})
    wanted = set(agents)
    seen: set[Any] = set()
    kept = []
    for record in records:
        key = stats.record_key(record)
        if key[0] != game_id or key[1] != text or key in seen:
            continue
        if set(record["seats"].values()) <= wanted:
            seen.add(key)
            kept.append(record)
    return kept


# -- the report ---------------------------------------------------------------------------------
def analyse(records: Sequence[JSON], agents: Sequence[str], sprt: SprtSpec | None = None,
            bootstrap: int = 200) -> JSON:
    """Every figure of the tournament, from ``records`` alone (plain JSON)."""
    report: JSON = {
        "games": len(records),
        "seeds": len({int(r["seed"]) for r in records}),
        "agents": list(agents),
        "cut": sum(1 for r in records if r["result"].get("reason") == stats.MAX_STEPS_REASON),
        "draws": sum(1 for r in records if r["result"].get("winner") is None
                     and r["result"].get("reason") != stats.MAX_STEPS_REASON),
        "seats": [line.to_json() for line in stats.seat_table(records, agents)],
        "reasons": dict(sorted(Counter(str(r["result"].get("reason")) for r in records).items())),
        "mean_moves": round(sum(int(r.get("moves", 0)) for r in records) / len(records), 1) if records else 0.0,
        "think": _think_times(records, agents),
    }
    if not records:
        return report
    try:
        report["elo"] = [r.to_json() for r in stats.elo_ratings(records, agents, bootstrap=bootstrap)]
    except ValueError as exc:
        report["elo_error"] = str(exc)
    try:
        report["openskill"] = stats.openskill_ratings(records, agents)
    except ImportError:  # a dependency (pyproject), but an old environment may lack it
        report["openskill"] = []
        report["openskill_error"] = "openskill is not installed (pip install openskill)"
    solitaire = all(len(r["seats"]) == 1 for r in records)
    pairs = []
    met = stats.head_to_head(records)
    for a, b in itertools.combinations(agents, 2):
        scores = stats.pair_scores(records, a, b)
        if scores:
            line: JSON = {"a": a, "b": b, "pairs": len(scores),
                          "b_better": sum(1 for s in scores if s > 0.5),
                          "even": sum(1 for s in scores if s == 0.5),
                          "a_better": sum(1 for s in scores if s < 0.5),
                          "b_score": round(sum(scores) / len(scores), 4)}
            if (b, a) in met:  # two seats: B's score in their games, its Wilson interval as Elo bounds
                got, games = met[b, a]
                low, high = stats.wilson(got, games)
                line["b_elo_bounds"] = [None if low <= 1e-9 else round(stats.score_to_elo(low), 1),
                                        None if high >= 1 - 1e-9 else round(stats.score_to_elo(high), 1)]
            pairs.append(line)
    report["pairs"] = pairs
    report["paired_by"] = "seed against the rules" if solitaire else "seed, sides swapped"
    if sprt is not None and len(agents) == 2:
        result = sprt_state(records, agents, sprt)
        report["sprt"] = {"a": agents[0], "b": agents[1], "elo0": sprt.elo0, "elo1": sprt.elo1,
                          "alpha": sprt.alpha, "beta": sprt.beta, **result.to_json()}
    return report


def sprt_state(records: Sequence[JSON], agents: Sequence[str], sprt: SprtSpec) -> stats.SprtResult:
    """The SPRT of ``agents[1]`` (B) against ``agents[0]`` (A) on the records' complete pairs."""
    solitaire = bool(records) and all(len(r["seats"]) == 1 for r in records)
    return stats.sprt(stats.pair_scores(records, agents[0], agents[1]), sprt.elo0, sprt.elo1,
                      sprt.alpha, sprt.beta, pentanomial=not solitaire)


def _think_times(records: Sequence[JSON], agents: Sequence[str]) -> JSON:
    """Per agent: decisions taken, mean seconds (wall clock) and CPU seconds per decision (trivial
    ones included; a busy machine makes the wall clock longer, not the CPU time)."""
    seconds: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    decisions: Counter[str] = Counter()
    for record in records:
        think = record.get("think") or {}
        think_cpu = record.get("think_cpu") or {}
        made = record.get("decisions") or {}
        for role, agent in record["seats"].items():
            seconds[agent] += float(think.get(role, 0.0))
            cpu[agent] += float(think_cpu.get(role, 0.0))
            decisions[agent] += int(made.get(role, 0))
    return {a: {"decisions": decisions[a], "mean_seconds": round(seconds[a] / decisions[a], 6),
                "mean_cpu_seconds": round(cpu[a] / decisions[a], 6)}
            for a in agents if decisions[a]}


# -- the run ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class Tournament:
    """What to play. ``games``: games per pair of agents (two seats) or seeds per agent (one seat);
    with ``sprt``, the most games to play before giving up undecided."""

    game_id: str
    agents: list[str]
    games: int
    results: Path
    seed: int = 0
    options: JSON = field(default_factory=dict)
    data: Path | str | None = None
    max_steps: int = 10_000
    workers: int = 0  # 0: every core
    ray_address: str | None = None
    batch: int = 8
    sprt: SprtSpec | None = None
    bootstrap: int = 200


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def run_tournament(spec: Tournament, progress: bool = False,
                   on_record: Callable[[JSON], None] | None = None) -> JSON:
    """Play what the results file lacks of the tournament, append each record as its game ends,
    and return :func:`analyse`'s report of the file's records (plus ``"played"``: games played now,
    ``"skipped"``: games found already played)."""
    game = _game(spec.game_id, None if spec.data is None else str(spec.data))
    agents = [a.strip().lower() for a in spec.agents]
    if spec.sprt is not None:
        spec.sprt.check()
        if len(agents) != 2:
            raise ValueError("an SPRT compares two agents: --agents A,B asks whether B is stronger than A")
    for name in agents:  # an unknown agent fails before any game
        make_agent(name, game.id, spec.data)
    if spec.batch < 1:
        raise ValueError(f"--batch must be at least 1, not {spec.batch}")
    data = None if spec.data is None else str(spec.data)
    tasks = plan(game, agents, spec.games, spec.seed, spec.options, data, spec.max_steps)
    existing = load_results(spec.results)
    other = next((r for r in existing if r["game"] != game.id
                  or stats.canonical_options(r.get("options") or {}) != stats.canonical_options(spec.options)), None)
    if other is not None:
        raise ValueError(f"{spec.results} holds games of {other['game']} with options "
                         f"{stats.canonical_options(other.get('options') or {})}: give another --results file")
    done = {stats.record_key(r) for r in existing}
    todo = [t for t in tasks if t.key() not in done]
    records = relevant(existing, game.id, spec.options, agents)
    skipped = len(tasks) - len(todo)

    def test() -> stats.SprtResult | None:
        return None if spec.sprt is None else sprt_state(records, agents, spec.sprt)

    played = 0
    state = test()
    if todo and (state is None or state.decision == "continue"):
        workers = spec.workers or default_workers()
        spec.results.parent.mkdir(parents=True, exist_ok=True)
        drop_torn_tail(spec.results)
        stream = execute(todo, workers, spec.ray_address, spec.batch)
        bar = _Bar(game.title, agents, len(todo), spec.sprt) if progress else None
        # a SIGTERM (kill, a batch system's time limit) stops the games like Ctrl-C: the pool's
        # workers are stopped with it instead of playing on as orphans
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGTERM, _interrupt) if main else None
        try:
            if bar is not None:
                bar.start(records, state)
            for record in stream:
                _append(spec.results, record)
                records.append(record)
                played += 1
                if on_record is not None:
                    on_record(record)
                state = test()
                if bar is not None:
                    bar.advance(record, state)
                if state is not None and state.decision != "continue":
                    break
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
            if bar is not None:
                bar.stop()
            if main:
                signal.signal(signal.SIGTERM, previous)
    report = analyse(records, agents, spec.sprt, bootstrap=spec.bootstrap)
    report.update({"game": game.id, "title": game.title, "options": spec.options, "results": str(spec.results),
                   "played": played, "skipped": skipped, "planned": len(tasks)})
    return report


def _interrupt(_signum: int, _frame: Any) -> None:
    raise KeyboardInterrupt


class _Bar:
    """The progress bar: games done of those to play, games per second (or minute), time left, and
    the standing so far (each agent's points per game, or the SPRT's log-likelihood ratio and its
    bounds)."""

    def __init__(self, title: str, agents: Sequence[str], total: int, sprt: SprtSpec | None) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeRemainingColumn,
        )

        self.agents = list(agents)
        self.sprt = sprt
        self.progress = Progress(
            SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(bar_width=20), MofNCompleteColumn(),
            TextColumn("{task.fields[rate]} eta"), TimeRemainingColumn(compact=True),
            TextColumn("{task.fields[status]}"),
            console=Console(stderr=True), transient=True)
        label = ("SPRT " if sprt else "") + " v ".join(self.agents)
        self.task = self.progress.add_task(label, total=total, rate="", status="")
        self.start_time = time.perf_counter()
        self.count = 0
        self.got: dict[str, float] = defaultdict(float)  # points and games of each participant so far
        self.met: Counter[str] = Counter()

    def _count(self, record: JSON) -> None:
        for name, score in stats.points(record).items():
            self.got[name] += score
            self.met[name] += 1

    def status(self, sprt: stats.SprtResult | None) -> str:
        if sprt is not None:
            return f"LLR {sprt.llr:+.2f} [{sprt.lower:+.2f}, {sprt.upper:+.2f}] {sprt.pairs} pairs"
        shown = [f"{a} {100 * self.got[a] / self.met[a]:.0f}%" for a in self.agents if self.met[a]]
        return "  ".join(shown)

    def start(self, records: Sequence[JSON], sprt: stats.SprtResult | None) -> None:
        for record in records:
            self._count(record)
        self.progress.update(self.task, status=self.status(sprt))
        self.progress.start()

    def advance(self, record: JSON, sprt: stats.SprtResult | None) -> None:
        """One more game played (``sprt``: the test's state with it)."""
        self._count(record)
        self.count += 1
        per_second = self.count / max(time.perf_counter() - self.start_time, 1e-9)
        rate = f"{per_second:.2f}/s" if per_second >= 0.1 else f"{60 * per_second:.1f}/min"
        self.progress.update(self.task, advance=1, rate=rate, status=self.status(sprt))

    def stop(self) -> None:
        self.progress.stop()


# -- printing -----------------------------------------------------------------------------------
def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _elo_bound(value: float | None, unbounded: str) -> str:
    return unbounded if value is None else f"{value:+.0f}"


def print_report(report: JSON, console: Any) -> None:
    """The report as rich tables on ``console`` (a :class:`rich.console.Console`)."""
    from rich.table import Table

    options = f" {json.dumps(report['options'])}" if report.get("options") else ""
    seeds = f"{report['seeds']} seed{'' if report['seeds'] == 1 else 's'}"
    console.print(f"{report.get('title', report.get('game', ''))}{options}: {report['games']} games on {seeds} in "
                  f"{report.get('results', 'the results file')} ({report.get('played', 0)} played now)",
                  markup=False, soft_wrap=True)
    if not report["games"]:
        return
    seats = Table(title="win rates per seat (95% Wilson; a draw is no win)")
    for column in ("agent", "seat", "games", "wins", "draws", "losses", "win rate", "95% interval"):
        seats.add_column(column, justify="left" if column in ("agent", "seat") else "right")
    for line in report["seats"]:
        low, high = line["interval"]
        seats.add_row(line["agent"], line["seat"], str(line["games"]), str(line["wins"]), str(line["draws"]),
                      str(line["losses"]), _pct(line["win_rate"]), f"{100 * low:.1f}-{100 * high:.1f}%")
    console.print(seats)
    if "elo" in report:
        ratings = Table(title=f"ratings: Elo ({report['agents'][0]} = 0, 95% bootstrap over seeds), openskill")
        for column in ("agent", "games", "Elo", "95% interval", "openskill mu", "sigma"):
            ratings.add_column(column, justify="left" if column == "agent" else "right")
        skill = {r["name"]: r for r in report["openskill"]}
        for r in sorted(report["elo"], key=lambda r: -float(r["elo"])):
            interval = r["interval"]
            shown = f"{interval[0]:+.0f} .. {interval[1]:+.0f}" if interval else "-"
            if interval and interval[0] == interval[1] and r["name"] != report["agents"][0]:
                shown = "no spread"  # every resample alike (a perfect score): see the paired bounds
            s = skill.get(r["name"])
            ratings.add_row(r["name"], str(r["games"]), f"{r['elo']:+.0f}", shown,
                            f"{s['mu']:.2f}" if s else "-", f"{s['sigma']:.2f}" if s else "-")
        console.print(ratings)
        if "openskill_error" in report:
            console.print(f"no openskill ratings: {report['openskill_error']}", markup=False)
    elif "elo_error" in report:
        console.print(f"no ratings: {report['elo_error']}", markup=False)
    if report.get("pairs"):
        pairs = Table(title=f"paired comparisons (per {report['paired_by']}: did B do better than A?)")
        bounded = any("b_elo_bounds" in p for p in report["pairs"])
        columns = ["A", "B", "pairs", "B>A", "B=A", "B<A", "B score"]
        for column in [*columns, "Elo B-A 95%"] if bounded else columns:
            pairs.add_column(column, justify="left" if column in ("A", "B") else "right")
        for p in report["pairs"]:
            row = [p["a"], p["b"], str(p["pairs"]), str(p["b_better"]), str(p["even"]), str(p["a_better"]),
                   f"{p['b_score']:.3f}"]
            if bounded:
                low, high = p.get("b_elo_bounds", [None, None])
                row.append(f"{_elo_bound(low, '-inf')}..{_elo_bound(high, 'inf')}")
            pairs.add_row(*row)
        console.print(pairs)
    if "sprt" in report:
        s = report["sprt"]
        verdict = {"H1": f"H1 accepted: {s['b']} is stronger than {s['a']} (the games favour {s['elo1']:+g} Elo over "
                         f"{s['elo0']:+g}; false positive rate {s['alpha']:g})",
                   "H0": f"H0 accepted: {s['b']} is not {s['elo1']:g} Elo stronger than {s['a']} (the games favour "
                         f"{s['elo0']:+g} Elo over {s['elo1']:+g}; false negative rate {s['beta']:g})",
                   "continue": "undecided: the games ran out before the test decided"}[s["decision"]]
        console.print(f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g} alpha={s['alpha']:g} beta={s['beta']:g}: "
                      f"LLR {s['llr']:+.3f} in [{s['bounds'][0]:+.3f}, {s['bounds'][1]:+.3f}] after {s['pairs']} "
                      f"pairs; {verdict}. Elo of {s['b']} over {s['a']}: {s['elo']:+.0f} "
                      f"({_elo_bound(s['elo_interval'][0], '-inf')} .. {_elo_bound(s['elo_interval'][1], 'inf')})",
                      markup=False, soft_wrap=True)
    for agent, t in report.get("think", {}).items():
        console.print(f"  {agent}: {t['decisions']} decisions, {1000 * t['mean_seconds']:.2f} ms each on average "
                      f"({1000 * t.get('mean_cpu_seconds', 0.0):.2f} ms of CPU)", markup=False)
    cut = f", {report['cut']} cut at the step limit (counted as draws)" if report["cut"] else ""
    console.print(f"draws: {report['draws']}{cut}; mean length {report['mean_moves']} actions", markup=False)
    for reason, count in report["reasons"].items():
        console.print(f"  {count:>5}  {reason}", markup=False)
