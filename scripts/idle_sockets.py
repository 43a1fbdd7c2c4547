"""What idle WebSockets cost the server (issue 8): `polemos serve` started on loopback, N pages open on one game
(one WebSocket each, sending nothing, as a browser's page between moves), and the server processes' CPU over
the measured seconds. Run it with several `--ws-ping` values to weigh the keepalive pings.

    nice -n 10 .venv/bin/python scripts/idle_sockets.py [--sockets 1000] [--seconds 40] [--ws-ping 30]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
from typing import Any

import websockets

from polemos.server import loadtest


async def idle(host: str, port: int, sockets: int, seconds: float, pids: list[int]) -> tuple[float, int]:
    http = loadtest.Http(host, port)
    status, body = await http.call("POST", "/api/signup", {"name": "idle-watcher", "password": loadtest.PASSWORD})
    if status != 201:
        raise SystemExit(f"sign-up: {status} {body}")
    cookie, http.csrf = http.cookie, body["csrf"]
    seats = {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}
    status, body = await http.call("POST", "/api/games", {"game": "athens-and-sparta", "seats": seats})
    if status not in (200, 201):
        raise SystemExit(f"new game: {status} {body}")
    url = f"ws://{host}:{port}/api/games/{body['id']}/ws"
    async with contextlib.AsyncExitStack() as stack:
        opened: list[Any] = []
        for _ in range(sockets):
            opened.append(await stack.enter_async_context(websockets.connect(
                url, additional_headers={"Cookie": cookie}, open_timeout=60, ping_interval=None)))
        await asyncio.sleep(5)  # settled
        before = loadtest._server_cpu(pids) or {}
        t0 = time.monotonic()
        await asyncio.sleep(seconds)
        after = loadtest._server_cpu(pids) or {}
        wall = time.monotonic() - t0
        alive = sum(1 for ws in opened if ws.close_code is None)
    await http.close()
    return (sum(after.values()) - sum(before.values())) * seconds / wall, alive


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--ws-ping", type=float, default=30.0)
    args = parser.parse_args()
    server = loadtest.Server(None)
    server.extra = ["--ws-ping", str(args.ws_ping)]
    server.start()
    try:
        assert server.proc is not None
        pids = loadtest._tree(server.proc.pid)
        cpu, alive = asyncio.run(idle("127.0.0.1", server.port, args.sockets, args.seconds, pids))
        print(f"{args.sockets} idle WebSockets ({alive} open at the end), --ws-ping {args.ws_ping:g}: server CPU "
              f"{1000 * cpu / args.seconds:.1f} ms per second ({100 * cpu / args.seconds:.2f}% of a core) "
              f"over {args.seconds:g} s")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
