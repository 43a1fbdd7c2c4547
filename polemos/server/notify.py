"""How a server process hears of changes: WebSockets and the bot runner wake on notifications; nothing
scans or polls every game, and no WebSocket polls the database (issue 8).

Every change of a game writes a row to ``notifications`` in the change's own transaction
(``Store._changed``). Each server process runs one :class:`Hub`: one indexed query ("anything after id
N?") per interval for the whole process, then in-process wake-ups of the WebSockets watching the changed
games, and of the bot runner when a bot seat is to act. A change made in this process is delivered at
once (``Store.listeners``); its row, seen again by the poller, changes nothing. So several processes on
one database (PostgreSQL, or the workers of ``polemos serve`` on one SQLite file) see each other's changes
within one interval, and nothing lives only in one process's memory that another needs. The processes on
one SQLite file also wake each other's poller the moment one commits a change (:class:`Wakes`, a datagram
per change): its change reaches the other processes' sockets at once, one by one, not in a batch per
interval (each batch made a burst of view requests there: the latency tail, issue 8).

Ids: SQLite hands them out in commit order (one writer at a time). PostgreSQL may commit id 11 before
id 10, so the poller remembers the holes below the highest id it has seen and asks again from the lowest
hole for a while (a hole left by a rolled-back transaction is forgotten after HOLE_SECONDS). Each game's
notifications carry its change count ``n`` (they are written under the game row's lock), so a watcher
ignores anything older than what it has; bot turns carry the game's internal version. Delivering a
notification twice is therefore harmless. Rows older than KEEP_SECONDS are pruned.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import gc
import hashlib
import logging
import os
import secrets
import socket
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool

from polemos.core.game import JSON
from polemos.server import timing
from polemos.server.db import Checkpointer, checkpoints_in_thread
from polemos.server.service import BOT_LEASE, Store, Viewer
from polemos.server.signals import SPECTATOR

log = logging.getLogger("polemos.server")
K = TypeVar("K")

HOLE_SECONDS = 30.0  # how long a missing id is waited for (a PostgreSQL transaction committing late)
KEEP_SECONDS = 600.0  # notifications older than this are pruned
PRUNE_EVERY = 60.0
# A full garbage collection this often (app.GC_THRESHOLDS makes the collector's own full collections rare):
# what became cyclic garbage after living long (a closed WebSocket's objects) is freed within this time, at
# the cost of one pause of a few hundred ms per process per interval (issue 8).
FULL_COLLECT_SECONDS = 600.0
# Threads of one process doing game work at once (views, actions, since, bots). Python runs one thread
# at a time (the GIL), so more only make each wait longer for its turn, the holder of SQLite's write
# turn among them: in one `polemos loadtest --games 100 --pace 5` on the busy 2-core machine, Starlette's
# 40 threads gave a median action latency of 43 ms and a p95 of 366 ms, 6 threads 25 ms and 140 ms. Fewer
# than 6 queue requests behind one another: `--games 100 --pace 2`, 3 threads: p99 2.0-2.2 s, 6: 1.6-2.4 s
# (with Python's 5 ms switch interval; see app.SWITCH_INTERVAL). With the 1 ms interval, 3: every thread that
# wants the GIL adds to each hand-over's wait, and a request hands it over a dozen times, the writer holding
# SQLite's write turn too (its wait there holds up every writer of both processes); the requests beyond 3
# wait in order, without a thread (the pool's queue: admission). Measured (issue 8, 2026-11-28, `polemos
# loadtest --games 500 --pace 5` interleaved, the machine at load 11-22 from other work): 6 threads p99
# 486-2,287 ms (median of 7 runs 1,081) at 9.7-12.8 ms of server CPU per action, 3 threads 113-1,956 ms
# (median of 6: 270; 5 of 6 under 350) at 7.8-11.7 ms; 2 threads 214 and 1,168 ms (docs/measurements.md).
# $POLEMOS_GAME_THREADS to measure with.
GAME_THREADS = int(os.environ.get("POLEMOS_GAME_THREADS", "3"))
# A poller woken by another process (Wakes) asks again no sooner than this after a woken query: at 100 changes
# a second its query (~0.2-0.3 ms of CPU and a trip to a thread) would otherwise run up to 100 times a second
# per process; so at most 20, and a batch holds the changes of 50 ms (~2-3 at 100 actions/s; the interval's
# 250 ms batches held ~12, each change of a game split across the processes sending a player to fetch its page
# from this one at once: the requests in a process when its slowest 1% came were 10-16, against 5-6 with
# wakes, in two pairs of `polemos loadtest --games 300 --pace 5` runs on the busy machine; issue 8)
WAKE_GAP = 0.05
WAKE_PEERS_SECONDS = 2.0  # how often a process looks again for the other processes' sockets
T = TypeVar("T")


class Wakes:
    """The server processes on one SQLite file (the workers of ``polemos serve``) wake each other's poller when
    one commits a change: each binds a Unix datagram socket in a folder of its own database's (beside the file,
    or in the temporary folder by the file's hash when that path would be too long for a socket's name) and,
    after each commit, sends one byte to the others' sockets (found by listing the folder every
    WAKE_PEERS_SECONDS). A wake only makes the poller ask the database now, so a lost one (a full buffer, a
    process not yet seen) costs at most the poll interval, as before; nothing else is sent. A socket left by a
    process that died refuses the datagram and is removed."""

    def __init__(self, database: Path) -> None:
        beside = database.with_name(database.name + "-wake")
        if len(str(beside)) + 32 < 100 or not hasattr(socket, "AF_UNIX"):  # sun_path holds 108 bytes
            self.folder = beside
        else:
            key = hashlib.sha256(str(database.resolve()).encode()).hexdigest()[:16]
            self.folder = Path(tempfile.gettempdir()) / f"polemos-wake-{key}"
        self.sock: socket.socket | None = None
        self.name = ""
        self.peers: list[str] = []
        self.peers_at = -WAKE_PEERS_SECONDS
        self.sent = 0  # datagrams sent (tests read it)

    def open(self) -> socket.socket | None:
        """This process's socket (non-blocking), or None where there can be none (no Unix sockets, a folder
        that another user owns, a file system that refuses): the poller then keeps its interval alone."""
        if not hasattr(socket, "AF_UNIX"):
            return None
        for attempt in (1, 2):  # (again if the last process to stop removed the folder in between)
            try:
                self.folder.mkdir(mode=0o700, exist_ok=True)
                if self.folder.stat().st_uid != os.getuid():  # nobody else's folder (a shared temporary one)
                    log.warning("wake-ups off: %s belongs to another user", self.folder)
                    return None
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                sock.setblocking(False)
                name = str(self.folder / f"{os.getpid()}-{secrets.token_hex(4)}")
                try:
                    sock.bind(name)
                except OSError:
                    sock.close()
                    raise
            except FileNotFoundError:
                if attempt == 1:
                    continue
                log.warning("wake-ups off (%s vanished): the poller asks every interval", self.folder)
                return None
            except OSError as exc:
                log.warning("wake-ups off (%s): the poller asks every interval", exc)
                return None
            self.sock, self.name = sock, name
            return sock
        return None

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
            with contextlib.suppress(OSError):
                os.unlink(self.name)
            with contextlib.suppress(OSError):  # the last process to stop removes the folder (only if empty)
                os.rmdir(self.folder)

    def send(self) -> None:
        """Wake the other processes (from the thread that committed: ``sendto`` on a datagram socket is one
        system call, and never waits)."""
        sock = self.sock
        if sock is None:
            return
        clock = time.monotonic()
        if clock - self.peers_at >= WAKE_PEERS_SECONDS:
            self.peers_at = clock
            with contextlib.suppress(OSError):
                found = (str(self.folder / n) for n in os.listdir(self.folder))
                self.peers = [p for p in found if p != self.name]
        for peer in self.peers:
            try:
                sock.sendto(b"!", peer)
                self.sent += 1
            except BlockingIOError:  # its buffer is full of wakes it has not read: it will ask anyway
                pass
            except (ConnectionRefusedError, FileNotFoundError):  # a process that ended without removing it
                with contextlib.suppress(OSError):
                    os.unlink(peer)
                self.peers = [p for p in self.peers if p != peer]
            except OSError:
                pass

    def drain(self) -> None:
        """Read every wake waiting (one poll answers them all)."""
        sock = self.sock
        while sock is not None:
            try:
                sock.recv(64)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return


class Watcher:
    """One WebSocket's subscription to one game: the viewers it speaks for (the user's seats, or the
    spectator) and their versions. It only ever learns the versions of its own viewers, so what it
    sends changes only when one of their pages changed (polemos.server.signals)."""

    def __init__(self, user: int | None, keys: list[str], n: int, versions: dict[str, int], status: str) -> None:
        self.user = user
        self.keys = keys
        self.n = n
        self.versions = versions
        self.status = status
        self.event = asyncio.Event()

    def message(self) -> JSON:
        return {"type": "version", "versions": dict(self.versions), "status": self.status}

    def offer(self, payload: JSON) -> None:
        """Take a notification of the game: newer changes only; wake the socket if its message changed."""
        n = int(payload["n"])
        if n <= self.n:
            return
        before = self.message()
        self.n = n
        humans: dict[str, int] = payload.get("humans", {})
        # a seat taken by this user since the socket opened makes it speak for that seat
        keys = sorted(r for r, u in humans.items() if self.user is not None and u == self.user) or [SPECTATOR]
        self.keys = keys
        versions: dict[str, int] = payload["versions"]
        self.versions = {k: int(versions[k]) for k in keys if k in versions}
        self.status = str(payload["status"])
        if self.message() != before:
            self.event.set()


class Hub:
    """This process's listener for changes: the poller, the watchers of each game, the bot runner."""

    def __init__(self, store: Store, poll_seconds: float = 0.25, bots: bool = True) -> None:
        self.store = store
        self.poll_seconds = poll_seconds
        self.bots = bots
        self.watchers: dict[int, set[Watcher]] = {}
        self.bot_turns: dict[int, tuple[str, int]] = {}  # game -> (bot role, internal version), oldest first
        self.last = 0
        self.holes: dict[int, float] = {}
        self.polls = 0  # queries made (the load tool and tests read it)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.bot_wake: asyncio.Event | None = None
        self.pool: ThreadPoolExecutor | None = None  # the game threads (work)
        path = store.turns.path  # an SQLite file's (its writers' lock beside it): its processes wake each other
        self.wakes = Wakes(path.with_name(path.name[:-len("-writers.lock")])) if path is not None else None
        self.poke: asyncio.Event | None = None  # set by another process's wake: the poller asks now
        # the SQLite file's checkpoints, off the request path (db.Checkpointer)
        self.checkpointer = (Checkpointer(store.hot.path) if store.hot is not None and checkpoints_in_thread()
                             else None)
        self.own: set[int] = set()  # ids of this process's changes not yet seen again by the poller

    async def work(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in one of the process's GAME_THREADS game threads (in the caller's context: its
        context variables, polemos.server.timing's record among them).

        A plain thread pool handed the work by the event loop, not anyio's ``to_thread`` with a capacity
        limiter: every action and view makes this trip, and anyio's (an async limiter, a ``queue.Queue``
        whose condition variable is Python code, a cancel scope) cost the event loop ~75 us of CPU per
        trip against ~37 us here (issue 8, server CPU per action: measured in /tmp, 20,000 trips of 8
        concurrent callers on uvloop, the 1 ms switch interval). A request whose caller goes away before
        its work starts is not worked at all; once started, it runs to its end (an action is then
        committed, as before)."""
        pool, loop = self.pool, self.loop
        if pool is None or loop is None:  # not started (an app used without its lifespan)
            return await run_in_threadpool(fn, *args)
        call = timing.timed(fn, *args) if timing.RECORDER is not None else functools.partial(fn, *args)
        return await loop.run_in_executor(pool, contextvars.copy_context().run, call)

    # -- life ----------------------------------------------------------------------------------
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.bot_wake = asyncio.Event()
        self.poke = asyncio.Event()
        self.pool = ThreadPoolExecutor(GAME_THREADS, thread_name_prefix="polemos-game")
        if self.wakes is not None and (sock := self.wakes.open()) is not None:
            self.loop.add_reader(sock.fileno(), self._woken)
        self.last = await run_in_threadpool(self.store.last_notification)
        self.store.listeners.append(self._from_store)
        self.tasks = [asyncio.create_task(self._poll())]
        if self.checkpointer is not None:
            self.checkpointer.start()
        if timing.RECORDER is not None:
            self.tasks.append(asyncio.create_task(timing.watch_loop()))
        if self.bots:
            self.tasks += [asyncio.create_task(self._bot_runner()), asyncio.create_task(self._sweep())]

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self.store.listeners.remove(self._from_store)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.tasks = []
        if self.checkpointer is not None:
            await asyncio.get_running_loop().run_in_executor(None, self.checkpointer.stop)
        if self.pool is not None:  # its threads end once idle (work already started finishes)
            self.pool.shutdown(wait=False)
            self.pool = None
        if self.wakes is not None:
            if self.wakes.sock is not None and self.loop is not None and not self.loop.is_closed():
                self.loop.remove_reader(self.wakes.sock.fileno())
            self.wakes.close()

    def _woken(self) -> None:
        """Another process committed a change (Wakes): the poller asks now."""
        if self.wakes is not None:
            self.wakes.drain()
        if self.poke is not None:
            self.poke.set()

    # -- watchers ------------------------------------------------------------------------------
    async def watch(self, gid: int, viewer: Viewer | None) -> Watcher:
        """A new watcher of game ``gid`` for ``viewer`` (subscribed before its starting point is read,
        so no change falls in between); ApiError 404 if there is no such game."""
        watcher = Watcher(viewer.user_id if viewer else None, [], -1, {}, "")
        self.watchers.setdefault(gid, set()).add(watcher)
        try:
            keys, n, versions, status = await run_in_threadpool(self.store.live, gid, viewer)
        except BaseException:
            self.unwatch(gid, watcher)
            raise
        if n >= watcher.n:  # no newer notification arrived meanwhile
            watcher.keys, watcher.n, watcher.versions, watcher.status = keys, n, versions, status
        watcher.event.clear()
        return watcher

    def unwatch(self, gid: int, watcher: Watcher) -> None:
        group = self.watchers.get(gid)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[gid]

    # -- delivery ------------------------------------------------------------------------------
    def _from_store(self, nid: int, gid: int, payload: JSON) -> None:
        """A change this process committed (called from the worker thread that made it): the other processes
        are woken to read it, this one's listeners hear of it at once."""
        if self.wakes is not None:
            self.wakes.send()
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is shutting down
                loop.call_soon_threadsafe(self._own_change, nid, gid, payload)

    def _own_change(self, nid: int, gid: int, payload: JSON) -> None:
        self.own.add(nid)  # the poller finds it again: not another process's (timing.polled counts those)
        self.deliver(nid, gid, payload)

    def deliver(self, nid: int, gid: int, payload: JSON) -> None:
        for watcher in list(self.watchers.get(gid, ())):
            watcher.offer(payload)
        bots: list[str] = payload.get("bots", [])
        if self.bots and bots:
            version = int(payload["v"])
            known = self.bot_turns.get(gid)
            if known is None or known[1] < version:
                self.bot_turns[gid] = (bots[0], version)
                if self.bot_wake is not None:
                    self.bot_wake.set()

    def take(self, rows: list[tuple[int, int, JSON]]) -> int:
        """Deliver polled rows not seen before, remembering the holes below the highest id seen; how many
        were other processes' (new to this one)."""
        clock = time.monotonic()
        new = 0
        for nid, gid, payload in rows:
            if nid <= self.last and self.holes.pop(nid, None) is None:
                continue  # seen already
            if nid in self.own:
                self.own.discard(nid)
            else:
                new += 1
            if nid > self.last:
                if nid - self.last <= 10_000:
                    for hole in range(self.last + 1, nid):
                        self.holes[hole] = clock
                self.last = nid
            self.deliver(nid, gid, payload)
        for hole, since in list(self.holes.items()):
            if clock - since > HOLE_SECONDS:
                del self.holes[hole]
        if self.own:  # one the poller passed before its delivery here was recorded is forgotten, not kept
            self.own = {k for k in self.own if k > self.last}
        return new

    # -- tasks ---------------------------------------------------------------------------------
    async def _poll(self) -> None:
        """One query per interval for the whole process; old notifications pruned now and then."""
        marks: list[tuple[float, int]] = []
        next_prune = time.monotonic() + PRUNE_EVERY
        next_full = time.monotonic() + FULL_COLLECT_SECONDS
        poke = self.poke
        assert poke is not None
        while True:
            woken = False
            # a wake from another process, or the interval. asyncio.timeout, not wait_for: on Python 3.11
            # wait_for can swallow the task's cancellation when the wait ends at that moment, and then
            # stop() waited for this loop for ever (a test's app shutdown hung in CI)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.poll_seconds):
                    await poke.wait()
                woken = True
            poke.clear()
            try:
                low = min(self.holes) - 1 if self.holes else self.last
                self.polls += 1
                new = self.take(await run_in_threadpool(self.store.notifications_after, low))
                timing.polled(new, woken)
                clock = time.monotonic()
                if clock >= next_full:
                    next_full = clock + FULL_COLLECT_SECONDS
                    gc.collect()
                if clock >= next_prune:
                    next_prune = clock + PRUNE_EVERY
                    marks.append((clock, self.last))
                    old = [m for m in marks if clock - m[0] >= KEEP_SECONDS]
                    if old:
                        await run_in_threadpool(self.store.prune_notifications, old[-1][1])
                        marks = [m for m in marks if clock - m[0] < KEEP_SECONDS]
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("notification poller")
            if woken:  # at most one woken query per WAKE_GAP: wakes meanwhile are answered by the next
                await asyncio.sleep(WAKE_GAP)

    async def _bot_runner(self) -> None:
        """Plays the bot seats it hears of, off the request path (each move in a worker thread); a move
        for a game that moved on, or whose bots another process holds the lease on, is dropped."""
        assert self.bot_wake is not None
        while True:
            await self.bot_wake.wait()
            self.bot_wake.clear()
            while self.bot_turns:
                gid = next(iter(self.bot_turns))
                role, version = self.bot_turns.pop(gid)
                try:
                    await self.work(self.store.bot_move, gid, role, version)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("bot runner (game %s)", gid)

    async def _sweep(self) -> None:
        """At start, and once per bot lease: the bot turns nobody took (a process that died holding a
        game's lease, or a server that was down), from the games' small columns only."""
        while True:
            try:
                for gid, role, version in await run_in_threadpool(self.store.bot_turns):
                    self.deliver(0, gid, {"n": -1, "v": version, "bots": [role]})
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot sweep")
            await asyncio.sleep(BOT_LEASE.total_seconds())


class SocketLimits:
    """Live connections per user and per address (issue 8). Counted in each server process: each
    process guards its own sockets, memory and file descriptors."""

    def __init__(self, per_user: int, per_address: int) -> None:
        self.per_user = per_user
        self.per_address = per_address
        self.users: dict[int, int] = {}
        self.addresses: dict[str, int] = {}

    def take(self, user: int | None, address: str) -> str | None:
        """Count a new connection, or say why not (the close reason)."""
        if user is not None and self.per_user and self.users.get(user, 0) >= self.per_user:
            return f"too many live connections for this user (at most {self.per_user}): close another page"
        if self.per_address and self.addresses.get(address, 0) >= self.per_address:
            return f"too many live connections from this address (at most {self.per_address})"
        if user is not None:
            self.users[user] = self.users.get(user, 0) + 1
        self.addresses[address] = self.addresses.get(address, 0) + 1
        return None

    def give(self, user: int | None, address: str) -> None:
        if user is not None:
            _release(self.users, user)
        _release(self.addresses, address)


def _release(table: dict[K, int], key: K) -> None:
    count = table.get(key, 0) - 1
    if count > 0:
        table[key] = count
    else:
        table.pop(key, None)
