"""Information-Set Monte Carlo Tree Search (single-observer ISMCTS) over the kernel contract.

The agent sees what every agent sees (``choose(view, legal, rng)``): one role's view and its legal
actions, never the state. Each iteration of the search

1. **samples a world** consistent with the view: the game's optional module
   ``polemos.games.<package>.worlds`` exposes ``world_sampler(view, role, data) -> Sampler``;
   ``sampler.sample(rng)`` builds a legal :class:`~polemos.core.game.State` from the view alone
   (hidden blocks drawn from what they could be, the opponent's hand from the unseen cards, a
   fresh dice generator). A game (or a decision) the module cannot rebuild raises
   :class:`NoWorld`, and the agent plays that decision with its fallback (the game's heuristic
   bot): it never reads the true state, so it cannot cheat, and nothing it cannot rebuild
   honestly is searched;
2. **descends the tree** with UCB1 over the actions available in that world (availability counts:
   a world where an action is not legal neither rewards nor punishes it). A decision several
   roles take at once (simultaneous card play) is a *decoupled* node: each role keeps its own
   statistics and picks without knowing the others' picks (decoupled UCT), and the child is the
   joint choice;
3. **plays out** at most ``rollout_steps`` actions with the sampler's cheap playout policy, then
   **evaluates** the position (``sampler.evaluate(state)``: each role's chance in [0, 1], the
   game's judgement of victory points and forces; a finished game scores 1 / 0 / 0.5);
4. **backs up** each role's value into the statistics of the choices that role made.

The decision is the root action visited most. One legal action costs nothing (returned at once).
The budget is ``iterations`` and/or ``seconds`` (CPU seconds of the searching thread,
``time.thread_time``: one core's thinking, neither shortened by a busy machine nor by the other
threads of a server); a host that runs bots (the server) may cap it (``limit_seconds``).
``workers=N`` runs N searches in N processes (root parallelism, different seeds) and adds their
root statistics. With an iteration budget and one
worker the decision depends only on the view, the legal actions and the agent's RNG.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from hashlib import blake2b
from pathlib import Path
from typing import Any, Protocol

from polemos.ai.base import Agent, game_bots, game_module
from polemos.core.game import Role, State
from polemos.core.rng import Rng

JSON = dict[str, Any]


class NoWorld(Exception):
    """The view is one the game's world sampler cannot rebuild a world from (the decision is then
    left to the fallback agent)."""


class Sampler(Protocol):
    """What a game's ``worlds.world_sampler(view, role, data)`` returns for one decision."""

    def sample(self, rng: Rng) -> State:
        """A new legal world consistent with the view (every call a fresh, independent one)."""
        ...

    def evaluate(self, state: State) -> dict[Role, float]:
        """Each seat's chance of winning from ``state``, in [0, 1] (the search's leaf value)."""
        ...

    def playout(self, state: State, role: Role, legal: list[str], rng: Rng) -> str:
        """A cheap playout choice for ``role`` among ``legal`` (never empty)."""
        ...

    @property
    def rollout_cap(self) -> int:
        """The most playout actions worth their cost in this game (the search takes the smaller of
        this and its own ``rollout_steps``)."""
        ...


#: A sampler may also define ``cutoff(state) -> bool``: True where the descent and the playout stop
#: and ``evaluate`` judges the position (e.g. at the end of the phase the decision belongs to: what
#: follows is too dear to play out, and its noise would drown the decision's own consequences).
#: Three more optional hooks: ``begin(world)``, called with each iteration's world before the descent
#: (a playout policy that keeps plans, such as a heuristic bot, starts afresh there); ``tree_depth``
#: (an int: the tree's levels below the root, at most ``SearchConfig.max_depth``; 0: only the root
#: decision is searched and the playout policy plays on, policy improvement by rollouts); and
#: ``model_opponents`` (True: the other roles choose by the playout policy in the tree too, never by
#: their own statistics: the opponent is modelled by the policy, e.g. his heuristic bot on his view of
#: the world). ``narrow(legal) -> list[str]`` (optional too): the root's choices worth searching, e.g. the
#: heuristic planner's best few of a wide menu (the agent adds the fallback's own choice); and
#: ``adopt(action, fallback)``: told when the search played another action than the fallback's, so a
#: fallback that plays the decisions after it (a move's steps) follows the search's plan.
Cutoff = Callable[[State], bool]


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The budget and knobs of one search. ``iterations`` and ``seconds`` may both be given (the
    first reached stops it); at least one must be."""

    iterations: int | None = None
    seconds: float | None = None
    rollout_steps: int = 40  # playout actions after leaving the tree, then the evaluation
    exploration: float = 0.7  # UCB1 constant (values are win chances in [0, 1])
    max_depth: int = 12  # tree levels below the root (deeper: playout only)
    workers: int = 1  # root parallelism (processes)
    min_iterations: int = 2  # a seconds budget still searches at least this much
    hint_visits: int = 4  # virtual visits of the fallback's (heuristic's) choice at the root
    # standard errors an action must stand above the hint to replace it (SearchResult.margin): with 1,
    # actions worth the same (noise only) overruled the hint in 28-37% of searches of 4-6 choices at
    # 15-30 iterations (the most visited of several noisy means); with 2, in 0-1% (docs/ai.md)
    margin: float = 2.0
    # a clock: CPU seconds per decision on average over the agent's decisions (every one it is asked,
    # trivial ones included); what a decision does not use is banked for the next searched one, which
    # may spend the bank up to ``seconds`` (then the cap of one decision). None: ``seconds`` each.
    clock: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        if self.clock is not None and (self.clock <= 0 or self.seconds is None):
            raise ValueError(f"a clock needs a positive time per decision and a seconds cap, not {self.clock}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1, not {self.workers}")


#: The levels every two-sided game with a world sampler offers (``easy`` is the heuristic bot); a game's
#: ``worlds`` module may give its own configuration of a level in its ``LEVELS`` (Athens & Sparta's
#: ``normal`` keeps a clock: 0.1 s a decision on average, docs/ai.md).
LEVELS: dict[str, SearchConfig] = {
    "normal": SearchConfig(seconds=0.1),
    "hard": SearchConfig(seconds=1.0, rollout_steps=60),
}


class _Node:
    """A node of the search tree: per role, per action, [visits, value sum, availability, sum of
    squared values]."""

    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.stats: dict[Role, dict[str, list[float]]] = {}
        self.children: dict[tuple[str, ...], _Node] = {}


@dataclass(slots=True)
class SearchResult:
    """Root statistics of a search: action -> (visits, value sum), and what it cost."""

    root: dict[str, tuple[int, float]]
    iterations: int
    skipped: int  # sampled worlds where none of the real legal actions was legal (inconsistent)

    hint: str | None = None
    hint_visits: int = 0
    hint_value: float = 0.5  # the value of each virtual visit: the root's mean (see search)
    squares: dict[str, float] = field(default_factory=dict)  # action -> sum of its squared values
    margin: float = 1.0  # standard errors an action must stand above the hint to replace it

    def best(self) -> str:
        """The most visited root action (the hint's virtual visits count here)."""
        def key(kv: tuple[str, tuple[int, float]]) -> tuple[float, float, str]:
            v, w = kv[1]
            if kv[0] == self.hint:
                v, w = v + self.hint_visits, w + self.hint_value * self.hint_visits
            return (v, w, kv[0])

        root = dict(self.root)
        if self.hint is not None and self.hint not in root and self.hint_visits > 0:
            root[self.hint] = (0, 0.0)
        choice = max(root.items(), key=key)[0]
        if self.hint is not None and choice != self.hint and not self._clearly_better(choice, root):
            return self.hint
        return choice

    def _clearly_better(self, choice: str, root: dict[str, tuple[int, float]]) -> bool:
        """Whether ``choice`` stands above the hint (its real visits and its virtual ones at the
        root's mean) by ``margin`` standard errors of the difference, the variance pooled over the
        root's visits. Among actions worth the same UCB spreads the visits and the most visited is
        a coin toss: the heuristic's choice is then kept, not traded for the noise of a playout."""
        assert self.hint is not None
        n, total = root[choice]
        hn, hw = root[self.hint]
        hv = hn + self.hint_visits
        hmean = (hw + self.hint_value * self.hint_visits) / hv
        if n <= 0:
            return False
        visits = sum(v for v, _ in self.root.values())
        if visits < 2 or not self.squares:
            return total / n > hmean
        s1 = sum(w for _, w in self.root.values())
        s2 = sum(self.squares.values())
        var = max(0.0, s2 / visits - (s1 / visits) ** 2)
        return total / n - hmean > self.margin * math.sqrt(var * (1.0 / n + 1.0 / hv))


def _select(stats: dict[str, list[float]], legal: list[str], c: float, rng: Rng) -> tuple[str, bool]:
    """UCB1 among the actions ``legal`` in this world (availability counted); an untried action is
    taken first (True: it is new)."""
    untried = [a for a in legal if a not in stats or stats[a][0] == 0]
    for a in legal:
        entry = stats.get(a)
        if entry is None:
            stats[a] = [0.0, 0.0, 1.0, 0.0]
        else:
            entry[2] += 1.0
    if untried:
        return rng.choice(untried), True
    best = legal[0]
    best_score = -math.inf
    for a in legal:
        n, total, avail = stats[a][:3]
        score = total / n + c * math.sqrt(math.log(avail) / n)
        if score > best_score:
            best, best_score = a, score
    return best, False


def search(sampler: Sampler, role: Role, legal: list[str], rng: Rng, config: SearchConfig,
           start: float | None = None, hint: str | None = None) -> SearchResult:
    """One ISMCTS search for ``role`` choosing among ``legal`` (the real legal actions).

    A seconds budget counts from ``start`` (a ``time.thread_time()`` reading: the caller's, so that
    rebuilding the view's worlds counts too) and stops before an iteration that would likely
    overrun it (at the mean cost of the iterations so far).

    The hint (the fallback's choice) starts with ``config.hint_visits`` virtual visits valued at the
    mean of the root's real visits so far (0.5 before any): the search leaves it only for an action
    its playouts find better than the average choice. A fixed 0.5 pushed the search away from the
    hint wherever the evaluation stood far from 0.5 (a side winning: every playout worth ~0.9 beat
    the hint's 0.5; docs/ai.md)."""
    root = _Node()
    wanted = set(legal)
    guided = hint in wanted and config.hint_visits > 0
    virtual = float(config.hint_visits) if guided else 0.0
    mean = 0.5  # the value of each virtual visit (the root's mean)
    if guided:
        root.stats[role] = {str(hint): [virtual, mean * virtual, virtual, 0.0]}
    if start is None:
        start = time.thread_time()
    iterations = skipped = 0
    budget_n = config.iterations
    budget_t = config.seconds
    while True:
        if budget_n is not None and iterations >= budget_n:
            break
        if budget_t is not None and iterations >= config.min_iterations:
            spent = time.thread_time() - start
            if spent + spent / max(1, iterations + skipped) > budget_t:
                break
        if skipped > 4 * (iterations + 8):
            break  # the sampler keeps building worlds without the real choices: give up
        world = sampler.sample(rng)
        if not _iterate(world, root, role, wanted, sampler, rng, config):
            skipped += 1
            continue
        iterations += 1
        if guided:
            mean = _revalue_hint(root.stats[role], str(hint), virtual, mean)
    mine = root.stats.get(role, {})
    out = {a: (int(mine[a][0]), mine[a][1]) for a in legal if a in mine and mine[a][0] > 0}
    squares = {a: mine[a][3] for a in out}
    if guided and hint in out:
        v, w = out[str(hint)]
        out[str(hint)] = (v - config.hint_visits, w - mean * virtual)
        if out[str(hint)][0] <= 0:
            del out[str(hint)]
    return SearchResult(out, iterations, skipped, hint if guided else None,
                        config.hint_visits if guided else 0, mean, squares, config.margin)


def _revalue_hint(stats: dict[str, list[float]], hint: str, virtual: float, old: float) -> float:
    """Set the value of the hint's ``virtual`` visits to the mean of the node's real visits (the
    root's own mean, for the searching role); returns that mean (``old`` was the one in place)."""
    n = w = 0.0
    for entry in stats.values():
        n += entry[0]
        w += entry[1]
    n -= virtual
    w -= old * virtual
    if n <= 0:
        return old
    mean = w / n
    stats[hint][1] += (mean - old) * virtual
    return mean


def _iterate(world: State, root: _Node, role: Role, wanted: set[str], sampler: Sampler, rng: Rng,
             config: SearchConfig) -> bool:
    """One iteration in ``world``; False if the world offers none of the root's real choices."""
    path: list[tuple[_Node, list[tuple[Role, str]]]] = []
    node: _Node | None = root
    depth = 0
    c = config.exploration
    stop: Cutoff | None = getattr(sampler, "cutoff", None)
    begin: Callable[[State], None] | None = getattr(sampler, "begin", None)
    if begin is not None:
        begin(world)
    max_depth = min(config.max_depth, int(getattr(sampler, "tree_depth", config.max_depth)))
    model = bool(getattr(sampler, "model_opponents", False))
    while node is not None and world.outcome() is None and depth <= max_depth:
        if stop is not None and node is not root and stop(world):
            break
        active = world.active_roles()
        if not active:
            break
        picks: list[tuple[Role, str]] = []
        expanded = False
        for r in active:
            options = world.legal_actions(r)
            if node is root and r == role:
                options = [a for a in options if a in wanted]
                if not options:
                    return False
            if not options:
                continue
            if model and r != role and len(options) > 1:
                picks.append((r, sampler.playout(world, r, options, rng)))  # the opponent's model
                continue
            if len(options) == 1:
                picks.append((r, options[0]))
                node.stats.setdefault(r, {}).setdefault(options[0], [0.0, 0.0, 0.0, 0.0])[2] += 1.0
                continue
            a, new = _select(node.stats.setdefault(r, {}), options, c, rng)
            expanded = expanded or new
            picks.append((r, a))
        if not picks:
            break
        path.append((node, picks))
        # decoupled: every active role chose without the others' choices; now they happen
        for r, a in picks:
            world.apply(r, a)
        key = tuple(f"{r}\x00{a}" for r, a in picks)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = _Node()
            node = None if expanded else child
            if expanded:
                break
        else:
            node = child
        depth += 1
    values = _playout(world, sampler, rng, min(config.rollout_steps, sampler.rollout_cap), stop)
    for n, picks in path:
        for r, a in picks:
            entry = n.stats.get(r, {}).get(a)
            if entry is None:
                continue  # a modelled opponent's choice keeps no statistics
            entry[0] += 1.0
            value = values.get(r, 0.5)
            entry[1] += value
            entry[3] += value * value
    return True


def _playout(world: State, sampler: Sampler, rng: Rng, steps: int, stop: Cutoff | None = None) -> dict[Role, float]:
    for _ in range(steps):
        if world.outcome() is not None or (stop is not None and stop(world)):
            break
        active = world.active_roles()
        if not active:
            break
        r = active[0]
        legal = world.legal_actions(r)
        if not legal:
            break
        world.apply(r, legal[0] if len(legal) == 1 else sampler.playout(world, r, legal, rng))
    out = world.outcome()
    if out is not None:
        return {r: (0.5 if out.winner is None else 1.0 if out.winner == r else 0.0) for r in world.roles()}
    return sampler.evaluate(world)


# ---------------------------------------------------------------------- root parallelism
def _worker_search(game_id: str, data: str | None, view: JSON, role: Role, legal: list[str], seed: int,
                   config: SearchConfig, hint: str | None, options: JSON | None = None
                   ) -> tuple[dict[str, tuple[int, float]], int, int, dict[str, float]]:
    sampler = world_sampler(game_id, view, role, data, **(options or {}))
    result = search(sampler, role, legal, Rng(seed), replace(config, workers=1), hint=hint)
    return result.root, result.iterations, result.skipped, result.squares


def world_sampler(game_id: str, view: JSON, role: Role, data: Path | str | None = None,
                  **options: Any) -> Sampler:
    """The game's world sampler for this view, or :class:`NoWorld` if it has none; ``options`` go to the
    game's ``world_sampler`` as they are (e.g. Athens & Sparta's ``kinds``: the decisions searched)."""
    module = game_module(game_id, "worlds")
    if module is None:
        raise NoWorld(f"{game_id} has no world sampler")
    make: Callable[..., Sampler] = module.world_sampler
    return make(view, role, data, **options)


class ISMCTSAgent:
    """The search agent (levels ``normal`` and ``hard``; see the module docstring)."""

    def __init__(self, game_id: str, config: SearchConfig, name: str = "ismcts",
                 fallback: Agent | None = None, data: Path | str | None = None,
                 sampler_options: JSON | None = None) -> None:
        self.game_id = game_id
        self.config = config
        self.name = name
        self.data = data
        # given to the game's world_sampler with each view (research and tests: e.g. Athens & Sparta's
        # ``kinds``, the decisions searched beyond what its levels search)
        self.sampler_options: JSON = dict(sampler_options or {})
        if fallback is None:
            factory = game_bots(game_id).get("heuristic")
            if factory is None:
                from polemos.ai.base import RandomAgent

                fallback = RandomAgent()
            else:
                fallback = factory()
        self.fallback = fallback
        self._pool: Executor | None = None
        self.last: SearchResult | None = None  # the latest search (None: no search was needed)
        self.searched = 0  # decisions searched
        self.fell_back = 0  # decisions left to the fallback (no world could be rebuilt)
        self.bank = 0.0  # CPU seconds of the clock not spent yet (SearchConfig.clock)

    def choose(self, view: JSON, legal: list[str], rng: Rng) -> str:
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last = None
        start = time.thread_time()
        if self.config.clock is None:
            return self._choose(view, legal, rng, start, self.config)
        # the clock: this decision's time is credited, what it spends debited (never more than banked)
        self.bank += self.config.clock
        try:
            budget = min(float(self.config.seconds or 0.0), self.bank)
            config = replace(self.config, seconds=max(budget, 1e-3))
            return self._choose(view, legal, rng, start, config, budget >= 0.2 * self.config.clock)
        finally:
            self.bank -= time.thread_time() - start

    def _choose(self, view: JSON, legal: list[str], rng: Rng, start: float, config: SearchConfig,
                afford: bool = True) -> str:
        if len(legal) == 1:
            return legal[0]  # nothing to think about (and no RNG draw)
        role = view.get("role")
        if not isinstance(role, str):
            raise ValueError("the view names no role: a search agent plays a seat")
        try:
            sampler = world_sampler(self.game_id, view, role, self.data, **self.sampler_options)
        except NoWorld:
            self.fell_back += 1
            return self.fallback.choose(view, legal, rng)
        # the fallback sees every view it would see if it played alone (its plans stay whole), and
        # its choice guides the search (SearchConfig.hint_visits)
        hint = self.fallback.choose(view, legal, rng) if config.hint_visits > 0 else None
        # a sampler may narrow the root to the choices worth searching (the heuristic's own is kept)
        narrow: Callable[[list[str]], list[str]] | None = getattr(sampler, "narrow", None)
        choices = legal if narrow is None else narrow(list(legal))
        if hint is not None and hint in legal and hint not in choices:
            choices = [*choices, hint]
        if not afford or len(choices) < 2:  # too little on the clock, or nothing to choose between
            self.fell_back += 1
            return hint if hint is not None else self.fallback.choose(view, legal, rng)
        # the search draws from a stream of its own, branched off the agent's where it stands without
        # using it: the fallback's draws (its tie-breaks) stay those it makes playing alone, so a search
        # that keeps the fallback's choice leaves the game as the fallback would play it (the paired
        # comparisons against the heuristic then differ only where the search overruled it)
        sub = _branch(rng)
        if config.workers > 1:
            result = self._parallel(view, role, choices, sub, hint, config)
        else:
            result = search(sampler, role, choices, sub, config, start, hint)
        self.last = result
        if not result.root and result.hint is None:
            self.fell_back += 1
            return self.fallback.choose(view, legal, rng)
        self.searched += 1
        choice = result.best()
        adopt: Callable[[str, Agent], None] | None = getattr(sampler, "adopt", None)
        if adopt is not None and choice != hint:
            adopt(choice, self.fallback)  # the fallback plays on (a move's steps) with the search's plan
        return choice

    def _parallel(self, view: JSON, role: Role, legal: list[str], rng: Rng, hint: str | None,
                  config: SearchConfig) -> SearchResult:
        n = config.workers
        if self._pool is None:
            import multiprocessing

            self._pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"))
        data = None if self.data is None else str(self.data)
        seeds = [rng.below(1 << 62) for _ in range(n)]
        jobs = [self._pool.submit(_worker_search, self.game_id, data, view, role, legal, seed, config, hint,
                                  self.sampler_options) for seed in seeds]
        root: dict[str, tuple[int, float]] = {}
        squares: dict[str, float] = {}
        iterations = skipped = 0
        for job in jobs:
            part, its, sk, sq = job.result()
            iterations += its
            skipped += sk
            for a, x in sq.items():
                squares[a] = squares.get(a, 0.0) + x
            for a, (v, w) in part.items():
                old = root.get(a, (0, 0.0))
                root[a] = (old[0] + v, old[1] + w)
        ok = hint in legal and config.hint_visits > 0
        visits = sum(v for v, _ in root.values())
        mean = sum(w for _, w in root.values()) / visits if visits else 0.5
        return SearchResult(root, iterations, skipped, hint if ok else None, config.hint_visits * n if ok else 0,
                            mean, squares, config.margin)

    def limit_seconds(self, seconds: float) -> None:
        """Cap the thinking per decision at ``seconds`` of CPU (a host's budget, e.g. the server's)."""
        if seconds <= 0:
            raise ValueError(f"a CPU budget must be positive, not {seconds}")
        current = self.config.seconds
        if current is None or current > seconds:
            self.config = replace(self.config, seconds=seconds)

    def close(self) -> None:
        """Stop the worker processes (``workers > 1``)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown: nothing left to stop
            self.close()


def _branch(rng: Rng) -> Rng:
    """A generator of its own, keyed by ``rng``'s state (its key and position), which it leaves as it
    was: the same agent seed and decisions give the same branches, in any process."""
    key, position = rng.state
    return Rng(key=blake2b(key + position.to_bytes(8, "little"), digest_size=32, person=b"ismcts-branch").digest())


def has_worlds(game_id: str) -> bool:
    """Whether ``game_id`` has a world sampler (and so the search levels)."""
    return game_module(game_id, "worlds") is not None


def level_agent(level: str, game_id: str, data: Path | str | None = None, workers: int = 1) -> ISMCTSAgent:
    """The search agent of level ``normal`` or ``hard`` for ``game_id``; ``workers`` processes
    search at once (root parallelism; 0: one per core of the machine)."""
    if level not in LEVELS:
        raise ValueError(f"no search level {level!r}; levels: {', '.join(LEVELS)}")
    module = game_module(game_id, "worlds")
    own: dict[str, SearchConfig] = getattr(module, "LEVELS", {})
    config = own.get(level, LEVELS[level])
    # a game's worlds module may give a level's sampler options too (LEVEL_OPTIONS: e.g. its leaf judge)
    options: dict[str, JSON] = getattr(module, "LEVEL_OPTIONS", {})
    if workers == 0:
        workers = os.cpu_count() or 1
    if workers != 1:
        config = replace(config, workers=workers)
    return ISMCTSAgent(game_id, config, name=level, data=data, sampler_options=options.get(level))
