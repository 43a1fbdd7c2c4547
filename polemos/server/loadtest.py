"""``polemos loadtest``: the browser table under load, measured on loopback (issue 8).

It starts ``polemos serve`` on 127.0.0.1 (a free port, SQLite in a temporary folder, the default
workers; or talks to ``--url``, which must be a loopback address), signs up players, and plays N
two-player Athens & Sparta games through the API the page uses: each simulated player has its own
connection and a WebSocket, fetches its view when its socket says its page changed, and plays a
random legal action when it is asked to, at ``--pace`` seconds per action per game (a person's pace)
or flat out. After ``--seconds`` it prints actions per second, the action latency (the POST, from
send to answer) at p50/p95/p99, the latency of the view fetches, errors, and the CPU the server
used (from /proc), next to the load tool's own and the whole machine's: the tool shares the machine,
so a busy machine shows. Benchmarks report; tests never time anything.

The client is deliberately small (HTTP/1.1 with keep-alive over asyncio streams, the ``websockets``
package for sockets) so that it takes as little of the machine as it can from the server it measures.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import random
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
import websockets

from polemos.server import timing

GAME = "athens-and-sparta"
PASSWORD = "load-test-password"
MAX_ACCOUNTS = 16  # sign-ups are throttled per address (20 an hour); each account holds many seats
SETTLE = 3.0  # seconds after the pages are opened before measuring


class LoadError(Exception):
    """A problem that stops the load test (a message for the person running it)."""


@dataclass
class Settings:
    games: int = 50
    seconds: float = 30.0
    pace: float | None = 5.0  # seconds per action per game; None: flat out
    url: str | None = None  # a running server on loopback; None: start one
    workers: int | None = None  # of the server started here (None: polemos serve's default)
    seed: int | None = None  # of the players' random choices (not of the games: those are secret)
    # paced: each game's actions come at random moments, on average one per ``pace`` seconds (a Poisson
    # process, as people's thinking times vary: 500 games then bring a few more actions in some tenths of a
    # second than in others, never all at once); "fixed": exactly ``pace`` seconds apart, from a random start
    arrivals: str = "poisson"


@dataclass
class Report:
    settings: Settings
    server: str
    seconds: float = 0.0
    actions: int = 0
    stale: int = 0  # 409: the player's page changed while it chose (simultaneous decisions); it looked again
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    action_ms: list[float] = field(default_factory=list)
    view_ms: list[float] = field(default_factory=list)
    games_finished: int = 0
    server_cpu: float | None = None  # CPU seconds of the server's processes in the measured time
    server_runq: float | None = None  # seconds their threads waited, runnable, for a core (the machine's load)
    # times their threads were put on a core: each is a hand-over (of the GIL between a process's threads, of a
    # core between processes) that waits for the scheduler when the machine is busy (Linux schedstat)
    server_slices: int | None = None
    process_cpu: list[float] = field(default_factory=list)  # ... of each of them, busiest first
    client_cpu: float = 0.0
    machine_busy: float | None = None  # fraction of all cores busy in the measured time
    cores: int = os.cpu_count() or 1
    # where the server's time went, from inside it (polemos.server.timing; a server started here only)
    server_timing: dict[str, Any] = field(default_factory=dict)
    client_lag_ms: list[float] = field(default_factory=list)  # how late the load tool's own loop ran

    def error(self, what: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(what)

    def summary(self) -> dict[str, Any]:
        s = self.settings
        span = self.seconds or 1.0
        return {
            "games": s.games, "seconds": round(self.seconds, 2), "pace": s.pace, "server": self.server,
            "actions": self.actions, "actions_per_second": round(self.actions / span, 2),
            "action_ms": _percentiles(self.action_ms), "view_ms": _percentiles(self.view_ms),
            "views": len(self.view_ms), "stale": self.stale, "errors": self.errors,
            "error_samples": self.error_samples, "games_finished": self.games_finished,
            "server_cpu_cores": None if self.server_cpu is None else round(self.server_cpu / span, 3),
            # the figure a busy machine does not move much: CPU seconds of the server per action done
            "server_cpu_ms_per_action": (None if self.server_cpu is None or not self.actions
                                         else round(1000 * self.server_cpu / self.actions, 2)),
            "server_process_cores": [round(c / span, 3) for c in self.process_cpu],
            # seconds per second the server's threads were ready to run but waited for a core (Linux schedstat)
            "server_waiting_for_cores": None if self.server_runq is None else round(self.server_runq / span, 3),
            "server_switches_per_action": (None if self.server_slices is None or not self.actions
                                           else round(self.server_slices / self.actions, 1)),
            "client_cpu_cores": round(self.client_cpu / span, 3),
            "machine_busy": None if self.machine_busy is None else round(self.machine_busy, 3), "cores": self.cores,
            "arrivals": None if s.pace is None else s.arrivals,
            "server_timing": self.server_timing, "client_loop_lag_ms": _percentiles(self.client_lag_ms),
        }

    def text(self) -> str:
        d = self.summary()
        arrivals = "Poisson" if d["arrivals"] == "poisson" else "fixed"
        pace = "flat out" if d["pace"] is None else f"one action per {d['pace']:g} s per game ({arrivals})"
        a, v = d["action_ms"], d["view_ms"]
        lines = [
            f"polemos loadtest: {d['games']} games of {GAME} ({2 * d['games']} players with WebSockets), {pace}, "
            f"{d['seconds']:.1f} s measured; server {d['server']}",
            f"actions: {d['actions']} = {d['actions_per_second']:.1f}/s; stale (409, looked again): {d['stale']}; "
            f"errors: {d['errors']}; games finished: {d['games_finished']}",
            f"action latency ms: p50 {a['p50']}  p95 {a['p95']}  p99 {a['p99']}  max {a['max']}",
            f"view latency ms:   p50 {v['p50']}  p95 {v['p95']}  p99 {v['p99']}  max {v['max']}  ({d['views']} views)",
            "CPU: server " + ("n/a (not started here)" if d["server_cpu_cores"] is None
                              else f"{d['server_cpu_cores']:.2f} cores (by process: "
                              + ", ".join(f"{c:.2f}" for c in d["server_process_cores"]) + ")"
                              + (f" = {d['server_cpu_ms_per_action']:.1f} ms per action"
                                 if d["server_cpu_ms_per_action"] is not None else "")) +
            f", load tool {d['client_cpu_cores']:.2f} cores, machine busy " +
            ("n/a" if d["machine_busy"] is None else f"{100 * d['machine_busy']:.0f}%") + f" of {d['cores']} cores",
        ]
        inside = d["server_timing"]
        for kind, label in (("actions", "action"), ("view", "view")):
            if kind in inside:
                parts = inside[kind]["ms"]
                lines.append(f"inside the server, {label} ms (p50/p95/p99): " + "; ".join(
                    f"{name} {_ppp(q)}" for name, q in parts.items()))
                tail = inside[kind].get("tail_ms") or {}
                if tail:
                    flight = inside[kind].get("in_flight") or {}
                    lines.append(f"  its slowest {tail['count']} (the p99's), mean ms: " + "; ".join(
                        f"{name} {value}" for name, value in tail.items() if name not in ("count", "in flight"))
                        + (f"; requests in its process when it came {tail['in flight']} (all: p50/p99 "
                           f"{flight.get('p50')}/{flight.get('p99')})" if "in flight" in tail else ""))
        if polled := inside.get("polled"):
            lines.append(f"other processes' changes delivered by the poller: {polled['changes']} in {polled['polls']} "
                         f"polls ({polled['woken']} woken by a commit), per poll p50/p99/max "
                         f"{polled['p50']}/{polled['p99']}/{polled['max']}")
        gcs = [f"gen {g}: {q['count']} pauses, p50/p99/max {q['p50']}/{q['p99']}/{q['max']} ms, {q['total']} ms in all"
               for g in (0, 1, 2) if (q := inside.get(f"gc{g}_pause_ms"))]
        if gcs:
            lines.append("garbage collector (all server processes): " + "; ".join(gcs))
        lag = d["client_loop_lag_ms"]
        lines.append("event loop lag ms (p50/p99/max): server " + (_ppp(inside["loop_lag_ms"], last="max")
                                                                  if "loop_lag_ms" in inside else "n/a")
                     + f", load tool {_ppp(lag, last='max')}")
        if d["server_waiting_for_cores"] is not None:
            lines.append(f"server threads waiting for a core (the machine's load): {d['server_waiting_for_cores']:.2f} "
                         f"s per s, {d['server_cpu_cores'] or 0:.2f} s per s on one"
                         + ("" if d["server_switches_per_action"] is None
                            else f"; put on a core {d['server_switches_per_action']:.1f} times per action"))
        lines += [f"error: {e}" for e in d["error_samples"]]
        return "\n".join(lines)


def _ppp(q: dict[str, Any], last: str = "p99") -> str:
    return f"{q['p50']}/{q['p95' if last == 'p99' else 'p99']}/{q[last]}"


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"p50": at(0.50), "p95": at(0.95), "p99": at(0.99), "max": round(ordered[-1], 1)}


# -- the client ------------------------------------------------------------------------------------------
class Http:
    """A minimal HTTP/1.1 keep-alive JSON client for one connection to the server under test."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookie = ""
        self.csrf = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError, ConnectionError):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        for attempt in (1, 2):  # a keep-alive connection the server closed is opened again, once
            try:
                return await self._call(method, path, body)
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                await self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _call(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = orjson.dumps(body) if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(data)}"]
        if data:
            head.append("Content-Type: application/json")
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if self.csrf and method != "GET":
            head.append(f"X-CSRF-Token: {self.csrf}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status = int((await self.reader.readuntil(b"\r\n")).split()[1])
        length = 0
        close = False
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie" and value.startswith("polemos_session="):
                self.cookie = value.split(";", 1)[0]
            elif name == "connection" and value.lower() == "close":
                close = True
        payload = await self.reader.readexactly(length) if length else b""
        if close:
            await self.close()
        return status, orjson.loads(payload) if payload else None  # orjson: a few times json's speed


class Page:
    """What a player's page knows: the versions of its pages in the view it shows, and the latest its
    WebSocket sent; like the real page, it looks again only when the socket tells of a newer one."""

    def __init__(self) -> None:
        self.known: dict[str, int] | None = None
        self.latest: dict[str, int] | None = None
        self.changed = asyncio.Event()

    async def listen(self, ws: Any) -> None:
        with contextlib.suppress(websockets.WebSocketException, asyncio.CancelledError, ValueError, KeyError):
            async for message in ws:
                doc = orjson.loads(message)
                if doc.get("type") == "version":
                    self.latest = _versions(doc)
                    self.changed.set()

    async def news(self, seconds: float) -> bool:
        """Wait up to ``seconds`` until the socket says one of my pages differs from the one shown."""
        deadline = time.monotonic() + seconds
        while True:
            if self.latest is not None and self.known is not None and any(
                    v > self.known.get(k, -1) for k, v in self.latest.items()):  # versions only grow
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.changed.clear()
            await Driver.wait(self.changed, left)


def _versions(doc: dict[str, Any]) -> dict[str, int]:
    """The versions of a view or socket message (a server from before per-page versions sent the
    game's one version: the load tool measures those too)."""
    versions = doc.get("versions")
    return dict(versions) if isinstance(versions, dict) else {"*": int(doc["version"])}


@dataclass
class Account:
    name: str
    cookie: str
    csrf: str


class Driver:
    def __init__(self, settings: Settings, host: str, port: int, report: Report) -> None:
        self.s = settings
        self.host, self.port = host, port
        self.report = report
        self.random = random.Random(settings.seed)
        self.measuring = False
        self.stop = asyncio.Event()
        self.accounts: list[Account] = []
        self.creating: dict[str, asyncio.Lock] = {}
        # not measured: the players open their pages (spread over this long when paced), the server warms up
        self.warmup = min(settings.pace, 5.0) if settings.pace else 2.0
        self.window = (0.0, 0.0)  # the measured time, wall clock (the server's timing samples are kept in it)

    def client(self, account: Account) -> Http:
        http = Http(self.host, self.port)
        http.cookie, http.csrf = account.cookie, account.csrf
        return http

    async def sign_up(self, count: int) -> None:
        run = secrets.token_hex(3)
        http = Http(self.host, self.port)
        try:
            for k in range(count):
                http.cookie = http.csrf = ""
                status, body = await http.call("POST", "/api/signup", {"name": f"load-{run}-{k}", "password": PASSWORD})
                if status != 201:
                    raise LoadError(f"sign-up refused ({status}): {body}")
                self.accounts.append(Account(f"load-{run}-{k}", http.cookie, body["csrf"]))
        finally:
            await http.close()

    async def new_game(self, index: int) -> tuple[int, Account, Account]:
        """A two-player game: one account creates it with Athens, another joins as Sparta."""
        n = len(self.accounts)
        athens, sparta = self.accounts[index % n], self.accounts[(index + 1 + index // n) % n]
        if athens is sparta:
            sparta = self.accounts[(index + 1) % n]
        creator, joiner = self.client(athens), self.client(sparta)
        # one game at a time per creator: the server lets a player have only a few games waiting
        lock = self.creating.setdefault(athens.name, asyncio.Lock())
        try:
            async with lock:
                return await self._new_game(creator, joiner, athens, sparta)
        finally:
            await creator.close()
            await joiner.close()

    @staticmethod
    async def _new_game(creator: Http, joiner: Http, athens: Account, sparta: Account) -> tuple[int, Account, Account]:
        status, body = await creator.call("POST", "/api/games", {
            "game": GAME, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})
        if status != 201:
            raise LoadError(f"creating a game refused ({status}): {body}")
        gid = int(body["id"])
        status, body = await joiner.call("POST", f"/api/games/{gid}/join", {"role": "sparta"})
        if status != 200:
            raise LoadError(f"joining a game refused ({status}): {body}")
        return gid, athens, sparta

    async def game(self, index: int, ready: asyncio.Event, connected: list[int]) -> None:
        """One table: two players until the game ends (then a new game), until the end of the run."""
        first = True
        while not self.stop.is_set():
            gid, athens, sparta = await self.new_game(index)
            slot: dict[str, float | None] = {"next": None}  # the game's next action is due then (set in play)
            players = [self.player(gid, role, account, slot, ready, connected if first else None)
                       for role, account in (("athens", athens), ("sparta", sparta))]
            finished = await asyncio.gather(*players)
            first = False
            if any(finished) and self.measuring:
                self.report.games_finished += 1

    async def player(self, gid: int, role: str, account: Account, slot: dict[str, float | None], ready: asyncio.Event,
                     connected: list[int] | None) -> bool:
        """One person at one page: look when the page changes, act when asked. True if the game ended."""
        http = self.client(account)
        url = f"ws://{self.host}:{self.port}/api/games/{gid}/ws"
        page = Page()
        try:
            # no pings of its own, as a browser sends none (it answers the server's: polemos serve --ws-ping);
            # the websockets library's default, one every 20 s per socket, cost the server a pong each
            async with websockets.connect(url, additional_headers={"Cookie": account.cookie}, open_timeout=60,
                                          max_size=2**20, ping_interval=None) as ws:
                listener = asyncio.create_task(page.listen(ws))
                if connected is not None:
                    connected[0] += 1
                    await ready.wait()
                    # people do not all open their pages at the same instant
                    await asyncio.sleep(self.random.uniform(0, self.warmup))
                try:
                    return await self.play(gid, role, http, slot, page)
                finally:
                    listener.cancel()
        except (TimeoutError, OSError, websockets.WebSocketException) as exc:
            if self.measuring and not self.stop.is_set():
                self.report.error(f"{role} of game {gid}: {type(exc).__name__}: {exc}")
            return False
        finally:
            await http.close()

    def gap(self) -> float:
        """Seconds from one action of a game to its next (paced)."""
        assert self.s.pace is not None
        return self.random.expovariate(1 / self.s.pace) if self.s.arrivals == "poisson" else self.s.pace

    async def play(self, gid: int, role: str, http: Http, slot: dict[str, float | None], page: Page) -> bool:
        shown: Any = None  # the page my last action's answer brought (the page asks for it: ?page=true)
        while not self.stop.is_set():
            if shown is not None:
                status, view, shown = 200, shown, None
            else:
                t0 = time.perf_counter()
                status, view = await http.call("GET", f"/api/games/{gid}/view?role={role}")
                if self.measuring:
                    self.report.view_ms.append(1000 * (time.perf_counter() - t0))
            if status != 200:
                if self.measuring:
                    self.report.error(f"view of game {gid} ({status}): {view}")
                await page.news(1.0)
                continue
            page.known = _versions(view)
            if view["game"]["status"] == "finished":
                return True
            if view["legal"]:
                if self.s.pace:  # the game's next action is due at slot["next"]; one player takes it (both
                    looked_away = False  # may be asked at once: simultaneous choices); a page that changes
                    due = 0.0
                    while not self.stop.is_set():  # meanwhile is looked at again
                        due = slot["next"] or 0.0
                        if slot["next"] is None:  # a game's first action: a gap after its page is first seen
                            due = slot["next"] = time.monotonic() + self.gap()  # (a table started earlier: no sooner)
                        if (delay := due - time.monotonic()) > 0 and await page.news(delay):
                            looked_away = True
                            break
                        if slot["next"] == due:  # not taken by the other player meanwhile: mine
                            break
                    if looked_away or self.stop.is_set():
                        continue
                    slot["next"] = max(due, time.monotonic()) + self.gap()
                action = self.random.choice(view["legal"])
                t0 = time.perf_counter()
                status, body = await http.call("POST", f"/api/games/{gid}/actions?page=true",
                                                {"action": action, "version": view["version"], "role": role})
                took = 1000 * (time.perf_counter() - t0)
                if self.measuring:
                    if status == 200:
                        self.report.actions += 1
                        self.report.action_ms.append(took)
                    elif status == 409:
                        self.report.stale += 1
                    else:
                        self.report.error(f"action {action!r} in game {gid} ({status}): {body}")
                if status == 200:
                    shown = body.get("page")  # my page after my move, as the page shows it
                    continue
                if status == 409:
                    continue  # my page had changed (stale): look again at once
            await page.news(30.0)  # until my page changes (a missed message: look again anyway)
        return False

    async def loop_lag(self) -> None:
        """How late this process's own event loop runs while measuring: a request's answer waits that long
        to be read, and it counts in the latencies reported (the server's own are reported beside them)."""
        loop = asyncio.get_running_loop()
        while self.measuring:
            before = loop.time()
            await asyncio.sleep(timing.LAG_TICK)
            self.report.client_lag_ms.append(1000 * (loop.time() - before - timing.LAG_TICK))

    @staticmethod
    async def wait(event: asyncio.Event, seconds: float) -> bool:
        # asyncio.timeout, not wait_for: on Python 3.11 wait_for may swallow this task's cancellation
        # when the wait ends at that moment (see notify.Notifier._poll), and the run would not stop
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await event.wait()
            return True
        return False

    async def run(self, server_pids: Any) -> None:
        await self.sign_up(max(2, min(MAX_ACCOUNTS, self.s.games + 1)))
        ready = asyncio.Event()
        connected = [0]
        tables = [asyncio.create_task(self.game(k, ready, connected)) for k in range(self.s.games)]
        deadline = time.monotonic() + 120 + self.s.games
        try:
            while connected[0] < 2 * self.s.games:
                failed = [t for t in tables if t.done()]
                if failed:
                    failed[0].result()  # a setup error: raise it
                if time.monotonic() > deadline:
                    raise LoadError(f"only {connected[0]} of {2 * self.s.games} players connected")
                await asyncio.sleep(0.05)
        except BaseException:
            for t in tables:
                t.cancel()
            await asyncio.gather(*tables, return_exceptions=True)
            raise
        ready.set()  # every player is connected: they open their pages
        # not measured: the pages opened (over ``warmup``), and a few seconds for the first actions to settle
        await self.wait(self.stop, self.warmup + SETTLE)
        self.measuring = True
        lag = asyncio.create_task(self.loop_lag())
        pids = server_pids()
        cpu0, client0, machine0, t0 = _server_cpu(pids), _own_cpu(), _machine(), time.monotonic()
        runq0 = _run_queue(pids)
        self.window = (time.time(), 0.0)
        await self.wait(self.stop, self.s.seconds)
        self.measuring = False
        self.window = (self.window[0], time.time())
        lag.cancel()
        self.report.seconds = time.monotonic() - t0
        cpu1 = _server_cpu(pids)
        runq1 = _run_queue(pids)
        if runq0 is not None and runq1 is not None:
            self.report.server_runq = max(0.0, runq1[0] - runq0[0])
            self.report.server_slices = max(0, runq1[1] - runq0[1])
        if cpu0 is not None and cpu1 is not None:
            self.report.server_cpu = sum(cpu1.values()) - sum(cpu0.values())
            self.report.process_cpu = sorted((cpu1[p] - cpu0.get(p, 0.0) for p in cpu1), reverse=True)
        self.report.client_cpu = _own_cpu() - client0
        machine1 = _machine()
        if machine0 is not None and machine1 is not None and machine1[1] > machine0[1]:
            self.report.machine_busy = (machine1[0] - machine0[0]) / (machine1[1] - machine0[1])
        self.stop.set()
        for t in tables:
            t.cancel()
        await asyncio.gather(*tables, return_exceptions=True)


# -- CPU from /proc ----------------------------------------------------------------------------------------
def _tree(root: int) -> list[int]:
    """``root`` and its descendants (the server's worker processes)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += parents.get(pid, [])
    return out


def _server_cpu(pids: list[int] | None) -> dict[int, float] | None:
    """CPU seconds used so far by each of ``pids`` (from /proc; None where there is no /proc)."""
    if not pids or not Path("/proc/stat").exists():
        return None
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, float] = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return out


def _run_queue(pids: list[int] | None) -> tuple[float, int] | None:
    """Seconds the threads of ``pids`` have waited, runnable, for a core, and how many times they were put on
    one (None without /proc)."""
    if not pids or not Path("/proc/self/task").exists():
        return None
    total, slices = 0.0, 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{pid}/task"):
                wait, runs = timing.schedstat(f"/proc/{pid}/task/{task}/schedstat")
                total += wait
                slices += runs
    return total, slices


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _machine() -> tuple[float, float] | None:
    """(busy, total) jiffies of all cores so far, from /proc/stat."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    except (OSError, ValueError, IndexError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    return float(sum(fields) - idle), float(sum(fields))


# -- the server ------------------------------------------------------------------------------------------
def _loopback(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise LoadError(f"--url {url}: an http:// address of a server on this machine, e.g. http://127.0.0.1:8000")
    host = parts.hostname
    try:
        addresses = {str(info[4][0]) for info in socket.getaddrinfo(host, parts.port or 80, type=socket.SOCK_STREAM)}
    except socket.gaierror as exc:
        raise LoadError(f"--url {url}: no such host ({exc.strerror})") from None
    if not all(ipaddress.ip_address(a.split("%", 1)[0]).is_loopback for a in addresses):
        raise LoadError(f"--url {url}: the load test only talks to this machine (loopback), not {host}")
    return sorted(addresses)[0], parts.port or 80


def share_priority(pid: int | None = None) -> bool:
    """Give the scheduling group of ``pid`` (default: this process) this process's nice value.

    Linux with ``sched_autogroup_enabled`` (Debian's default) shares the cores between *sessions* first
    and applies a process's nice value only among the processes of its own session: ``nice -n -10
    polemos loadtest`` alone then gains nothing against the other sessions' work (nor does their ``nice
    -n 10`` yield anything), and the server, a session of its own (``start_new_session``), would get one
    session's share of the machine like any other job (measured: its threads waited 2.5 s per second for
    a core at load 10). The group's own nice value (``/proc/<pid>/autogroup``) is what counts between
    sessions; it takes the tool's when that is raised (a negative nice value: root's), else it is left as it
    is (a tool run at a lower priority, e.g. by the tests, leaves its session's share alone). False where
    nothing was set."""
    nice = os.getpriority(os.PRIO_PROCESS, 0)
    path = Path(f"/proc/{pid or 'self'}/autogroup")
    if nice >= 0 or not path.exists():
        return False
    try:
        path.write_text(f"{nice}\n")
    except OSError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``polemos serve`` on 127.0.0.1 with SQLite in a temporary folder (no caps on live connections:
    all the simulated players come from one address)."""

    def __init__(self, workers: int | None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="polemos-load-"))
        self.port = _free_port()
        self.timing = self.folder / "timing"
        self.workers = workers
        self.extra: list[str] = []  # more `polemos serve` options (scripts/idle_sockets.py: --ws-ping)
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        cmd = [sys.executable, "-c", "from polemos.cli import main; main()", "serve", "--host", "127.0.0.1",
               "--port", str(self.port), "--data-dir", str(self.folder), "--insecure-cookies",
               "--ws-per-user", "0", "--ws-per-address", "0"]
        if self.workers:
            cmd += ["--workers", str(self.workers)]
        cmd += self.extra
        log = open(self.folder / "server.log", "ab")  # noqa: SIM115 - open as long as the server runs
        # each worker process records where its requests' time goes (polemos.server.timing)
        # (POLEMOS_TIMING=off in the tool's environment: not, to weigh what the recording costs)
        env = {**os.environ, timing.ENV: str(self.timing)}
        if os.environ.get(timing.ENV) == "off":
            del env[timing.ENV]
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        share_priority(self.proc.pid)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise LoadError("the server did not start: " + (self.folder / "server.log").read_text()[-2000:])
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.1)
        raise LoadError("the server did not start within 60 s")

    def describe(self) -> str:
        text = (self.folder / "server.log").read_text() if (self.folder / "server.log").exists() else ""
        line = next((x for x in text.splitlines() if x.startswith("Polemos on")), "")
        workers = line.rsplit("; ", 1)[-1].rstrip(")") if "; " in line else "?"
        return f"started here: SQLite, {workers}"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, 9)
        keep = os.environ.get("POLEMOS_LOADTEST_KEEP")  # a folder: the server's raw timing samples kept there
        if keep and self.timing.exists():
            shutil.copytree(self.timing, Path(keep), dirs_exist_ok=True)
        shutil.rmtree(self.folder, ignore_errors=True)


def run(settings: Settings) -> Report:
    """Run a load test and return its report (LoadError for a problem a person can fix)."""
    if settings.games < 1 or settings.seconds <= 0 or (settings.pace is not None and settings.pace <= 0):
        raise LoadError("--games, --seconds and --pace must be positive")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, 8 * settings.games + 256))  # two connections per player, here and in the server
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    share_priority()  # the tool's own session, as the server's (below)
    server: Server | None = None
    if settings.url is not None:
        host, port = _loopback(settings.url)
        report = Report(settings, f"at {settings.url}")
    else:
        server = Server(settings.workers)
        try:
            server.start()
        except BaseException:  # a server that did not start leaves no process or folder behind
            server.stop()
            raise
        host, port = "127.0.0.1", server.port
        report = Report(settings, server.describe())
    proc = server.proc if server is not None else None
    try:
        driver = Driver(settings, host, port, report)
        asyncio.run(driver.run(lambda: _tree(proc.pid) if proc is not None else None))
        if server is not None and server.proc is not None and server.proc.poll() is not None:
            report.error("the server died during the run")
        if server is not None:
            time.sleep(2 * timing.FLUSH_SECONDS)  # the workers write their samples out
            report.server_timing = timing.summarize(timing.read_samples(server.timing, *driver.window), _percentiles)
    finally:
        if server is not None:
            server.stop()
    return report
