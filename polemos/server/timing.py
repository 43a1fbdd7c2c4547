"""Where a request's time goes inside the server (issue 8: the latency tail taken apart), behind an
environment flag: ``POLEMOS_TIMING=<folder>`` makes each server process record, for each of the two
requests every action makes (``POST .../actions?page=true`` and ``GET .../view``, polemos.server.fast),
the moments it passed through, and how late its event loop runs; ``polemos loadtest`` sets it for the
server it starts and reports the figures next to its own (polemos.server.loadtest). Unset (the default),
every call here is one context-variable look-up that finds nothing.

The moments of one request, all ``time.perf_counter()`` in the process:

- ``t0``: the request reaches the application (uvicorn has read and parsed it; the time a request waits in
  the socket's buffer while the event loop is busy is not seen here, but the loop's lag is: below);
- ``t1``: its work starts in a worker thread (so ``t1 - t0`` is the session check on the loop, the wait
  for one of the process's game threads, polemos.server.notify.GAME_THREADS, and for the GIL);
- ``turn_ask`` / ``turn_got``: an action asks for, and gets, the database's write turn (db.WriteTurns:
  the other process's writer, or another thread of this one, may hold it);
- ``committed``: its transaction is committed (the turn is given back right after);
- ``t2``: the work ends (after an action, its page is drawn: ``t2 - committed``);
- ``t3``: the event loop takes the result back (``t3 - t2``: the loop was busy, or the GIL held);
- ``t4``: the answer is handed to uvicorn to send.

``cpu``: the CPU seconds of the worker thread between ``t1`` and ``t2``; ``runq``: the seconds it waited
meanwhile, runnable, for a core (Linux's ``/proc/thread-self/schedstat``: the machine's other load, and
the other threads of the server); the rest of ``t2 - t1`` it waited for the GIL, the disk or the write
turn. Each process appends its samples
to ``<folder>/timing-<pid>.jsonl`` every FLUSH_SECONDS as ``{"kind", "wall", "status", marks ...}`` lines
(``wall``: ``time.time()`` at ``t4``, so a report can keep its measured window) and its loop lags as
``{"kind": "lag", "wall", "ms"}`` lines.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import heapq
import json
import os
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

ENV = "POLEMOS_TIMING"
FLUSH_SECONDS = 0.5
LAG_TICK = 0.01  # the event loop's lag is sampled by a task sleeping this long
T = TypeVar("T")

Record = dict[str, Any]
_current: ContextVar[Record | None] = ContextVar("polemos_timing", default=None)


class Recorder:
    """This process's samples, written out now and then (``flush``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lock = threading.Lock()
        self.pending: list[Record] = []

    def keep(self, record: Record) -> None:
        with self.lock:
            self.pending.append(record)

    def flush(self) -> None:
        with self.lock:
            pending, self.pending = self.pending, []
        if not pending:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        with open(self.folder / f"timing-{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
            out.write("".join(json.dumps(r) + "\n" for r in pending))


def _recorder() -> Recorder | None:
    folder = os.environ.get(ENV)
    return Recorder(Path(folder)) if folder else None


RECORDER = _recorder()


def start(kind: str) -> Record | None:
    """A new request's record (None when timing is off), current in this task and the threads it uses."""
    if RECORDER is None:
        return None
    record: Record = {"kind": kind, "t0": time.perf_counter()}
    _current.set(record)
    return record


def mark(name: str) -> None:
    """The current request passed ``name`` now (nothing when timing is off or outside a timed request)."""
    record = _current.get()
    if record is not None:
        record[name] = time.perf_counter()


def finish(record: Record | None, status: int) -> None:
    if record is None or RECORDER is None:
        return
    record["t4"] = time.perf_counter()
    record["wall"] = time.time()
    record["status"] = status
    _current.set(None)
    RECORDER.keep(record)


def timed(fn: Callable[..., T], *args: Any) -> Callable[[], T]:
    """``fn(*args)`` as a worker thread runs it, marking ``t1``, ``t2`` and the thread's CPU in between."""
    def run() -> T:
        record = _current.get()
        if record is None:
            return fn(*args)
        record["t1"] = time.perf_counter()
        cpu, runq = time.thread_time(), _own_run_queue_wait()
        try:
            return fn(*args)
        finally:
            record["cpu"] = time.thread_time() - cpu
            record["runq"] = _own_run_queue_wait() - runq
            record["t2"] = time.perf_counter()

    return run


class _Fd:
    """An open file descriptor, closed when it is let go (a thread's, when the thread ends)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.fd)


_schedstat = threading.local()


def _own_run_queue_wait() -> float:
    """``run_queue_wait()`` of the calling thread, its schedstat file kept open and read again in place
    (~5 us instead of ~30 us to open it anew: twice per request measured, and the measurement should
    cost the server little of what it measures)."""
    held: _Fd | None = getattr(_schedstat, "file", None)
    if held is None:
        try:
            held = _schedstat.file = _Fd(os.open(f"/proc/self/task/{threading.get_native_id()}/schedstat",
                                                 os.O_RDONLY))
        except OSError:
            return 0.0
    try:
        return int(os.pread(held.fd, 128, 0).split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def run_queue_wait(path: str = "/proc/thread-self/schedstat") -> float:
    """Seconds this thread (or the task at ``path``) has waited, runnable, for a core (0 without /proc)."""
    return schedstat(path)[0]


def schedstat(path: str = "/proc/thread-self/schedstat") -> tuple[float, int]:
    """Seconds this thread (or the task at ``path``) has waited, runnable, for a core, and how many times it
    was put on one ((0, 0) without /proc)."""
    try:
        with open(path, "rb") as stat:
            fields = stat.read().split()
        return int(fields[1]) / 1e9, int(fields[2])
    except (OSError, ValueError, IndexError):
        return 0.0, 0


def polled(new: int, woken: bool) -> None:
    """The poller delivered ``new`` changes of other processes (``woken``: by a wake, else at its interval)."""
    recorder = RECORDER
    if recorder is not None and new:
        recorder.keep({"kind": "poll", "wall": time.time(), "n": new, "woken": woken})


_gc_started: list[float] = []


def _gc_pause(phase: str, info: dict[str, Any]) -> None:
    """Python's cyclic garbage collector stops every thread of the process while it runs: each run's length."""
    recorder = RECORDER
    if recorder is None:
        return
    if phase == "start":
        _gc_started[:] = [time.perf_counter()]
    elif _gc_started:
        recorder.keep({"kind": "gc", "wall": time.time(), "gen": info.get("generation"),
                       "ms": 1000 * (time.perf_counter() - _gc_started[0])})


async def watch_loop() -> None:
    """The event loop's lag (how late a short sleep wakes), and the samples written out, until cancelled;
    the garbage collector's pauses are recorded meanwhile."""
    recorder = RECORDER
    if recorder is None:
        return
    if _gc_pause not in gc.callbacks:
        gc.callbacks.append(_gc_pause)
    loop = asyncio.get_running_loop()
    next_flush = loop.time() + FLUSH_SECONDS
    try:
        while True:
            before = loop.time()
            await asyncio.sleep(LAG_TICK)
            after = loop.time()
            recorder.keep({"kind": "lag", "wall": time.time(), "ms": 1000 * (after - before - LAG_TICK)})
            if after >= next_flush:
                next_flush = after + FLUSH_SECONDS
                recorder.flush()
    finally:
        with contextlib.suppress(OSError):
            recorder.flush()


# -- what polemos loadtest makes of the samples ---------------------------------------------------------
PARTS = (  # (name, from, to): the stretches of a request reported, in order
    ("to thread", "t0", "t1"),
    ("work", "t1", "t2"),
    ("write turn wait", "turn_ask", "turn_got"),
    ("write (BEGIN..COMMIT)", "turn_got", "committed"),
    ("page after commit", "committed", "t2"),
    ("back to loop", "t2", "t3"),
    ("send", "t3", "t4"),
    ("in server", "t0", "t4"),
)


def read_samples(folder: Path, since: float, until: float) -> list[Record]:
    """The samples of every process in ``folder`` whose ``wall`` falls in [since, until]."""
    out: list[Record] = []
    for path in sorted(folder.glob("timing-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            with contextlib.suppress(ValueError):
                record = json.loads(line)
                if isinstance(record, dict) and since <= float(record.get("wall", 0)) <= until:
                    record.setdefault("pid", path.stem.rsplit("-", 1)[-1])  # in-flight counts are per process
                    out.append(record)
    return out


TAIL = 0.01  # the slowest share of requests taken apart (the p99's)


def _in_flight(samples: list[Record]) -> dict[int, int]:
    """For each timed request (by ``id()``), how many requests of its process were in the server when it
    reached the application (``t0``), itself included: the queue it joined."""
    out: dict[int, int] = {}
    by_process: dict[str, list[Record]] = {}
    for r in samples:
        if "t0" in r and "t4" in r:
            by_process.setdefault(str(r.get("pid")), []).append(r)
    for mine in by_process.values():
        mine.sort(key=lambda r: float(r["t0"]))
        ends: list[float] = []  # the ends of the requests started so far (a heap: the earliest first)
        for r in mine:
            t0 = float(r["t0"])
            while ends and ends[0] <= t0:
                heapq.heappop(ends)
            heapq.heappush(ends, float(r["t4"]))
            out[id(r)] = len(ends)
    return out


def _tail(mine: list[Record], flight: dict[int, int]) -> dict[str, Any]:
    """The slowest TAIL of ``mine`` (by time in the server), each stretch's mean in ms: where the p99 comes from."""
    timed_ = sorted((r for r in mine if "t0" in r and "t4" in r), key=lambda r: float(r["t4"]) - float(r["t0"]))
    slow = timed_[-max(1, round(TAIL * len(timed_))):] if timed_ else []
    if not slow:
        return {}
    out: dict[str, Any] = {"count": len(slow)}
    for name, a, b in PARTS:
        values = [1000 * (r[b] - r[a]) for r in slow if a in r and b in r]
        if values:
            out[name] = round(sum(values) / len(values), 1)
    whole = [r for r in slow if {"t1", "t2", "cpu", "runq"} <= r.keys()]
    if whole:
        out["thread CPU"] = round(sum(1000 * r["cpu"] for r in whole) / len(whole), 1)
        out["work waiting for a core"] = round(sum(1000 * r["runq"] for r in whole) / len(whole), 1)
        out["work waiting for GIL/disk/turn"] = round(sum(
            max(0.0, 1000 * (r["t2"] - r["t1"] - r["cpu"] - r["runq"])) for r in whole) / len(whole), 1)
    counts = [flight[id(r)] for r in slow if id(r) in flight]
    if counts:
        out["in flight"] = round(sum(counts) / len(counts), 1)
    return out


def summarize(samples: list[Record], percentiles: Callable[[list[float]], dict[str, float | None]]) -> dict[str, Any]:
    """Per kind of request, each stretch's percentiles in ms (and the thread's CPU); the loop lags."""
    out: dict[str, Any] = {}
    flight = _in_flight([r for r in samples if r.get("kind") in ("actions", "view")])
    for kind in ("actions", "view"):
        mine = [r for r in samples if r.get("kind") == kind and r.get("status") == 200]
        if not mine:
            continue
        parts: dict[str, Any] = {}
        for name, a, b in PARTS:
            values = [1000 * (r[b] - r[a]) for r in mine if a in r and b in r]
            if values:
                parts[name] = percentiles(values)
        cpu = [1000 * r["cpu"] for r in mine if "cpu" in r]
        if cpu:
            parts["thread CPU"] = percentiles(cpu)
        timed_ = [r for r in mine if {"t1", "t2", "cpu", "runq"} <= r.keys()]
        if timed_:
            parts["work waiting for a core"] = percentiles([1000 * r["runq"] for r in timed_])
            parts["work waiting for GIL/disk/turn"] = percentiles(
                [max(0.0, 1000 * (r["t2"] - r["t1"] - r["cpu"] - r["runq"])) for r in timed_])
        counts = [flight[id(r)] for r in mine if id(r) in flight]
        out[kind] = {"count": len(mine), "ms": parts, "tail_ms": _tail(mine, flight),
                     "in_flight": percentiles([float(c) for c in counts]) if counts else None}
    polls = [r for r in samples if r.get("kind") == "poll"]
    if polls:
        batches = [float(r["n"]) for r in polls]
        out["polled"] = {**percentiles(batches), "polls": len(polls), "changes": int(sum(batches)),
                         "woken": sum(1 for r in polls if r.get("woken"))}
    lags = [float(r["ms"]) for r in samples if r.get("kind") == "lag"]
    if lags:
        out["loop_lag_ms"] = percentiles(lags)
    for gen in (0, 1, 2):
        pauses = [float(r["ms"]) for r in samples if r.get("kind") == "gc" and r.get("gen") == gen]
        if pauses:
            out[f"gc{gen}_pause_ms"] = {**percentiles(pauses), "count": len(pauses), "total": round(sum(pauses), 1)}
    return out
