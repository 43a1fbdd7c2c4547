"""The server's CPU per action in process, without HTTP (issue 8's load target): what `polemos loadtest`'s
players make the store do, measured as CPU of the store calls alone, so the figure holds on a busy machine.

N two-player Athens & Sparta games on one SQLite file are played randomly. Per action: the acting seat's
``act_and_view`` (POST /actions?page=true) and, for every other seat whose page moved, its ``view_json``
(GET /view after the WebSocket's message), each with the session check the request makes. With
``--split`` the two seats of each game are served by two stores on the same database (two server
processes: the kernel hands each player's connection to either worker, so about half the games of
`polemos loadtest --workers 2` are split); without it one store serves both.

    nice -n 10 .venv/bin/python scripts/server_cpu.py [--games 8] [--warm 300] [--actions 600] [--split]

Prints the CPU ms per action of the measured stretch (after ``--warm`` actions of each game).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

from polemos.server.service import Store, Viewer, open_store
from polemos.server.signals import Signals

PASSWORD = "correct horse battery"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--warm", type=int, default=300, help="actions of each game before measuring")
    parser.add_argument("--actions", type=int, default=600, help="actions measured (over all games)")
    parser.add_argument("--split", action="store_true", help="each game's seats on two stores (processes)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(prefix="polemos-cpu-", dir=shm) as tmp:
        first = open_store(None, Path(tmp))
        second = Store(first.url) if args.split else first
        tables: list[dict[str, Any]] = []
        for k in range(args.games):
            a, ta = first.signup(f"athens{k}", PASSWORD)
            b, tb = first.signup(f"sparta{k}", PASSWORD)
            gid = first.create(a, {"game": "athens-and-sparta", "seats": {"athens": {"kind": "me"},
                                                                          "sparta": {"kind": "open"}}})["id"]
            first.join(gid, b, "sparta", None)
            seats: dict[str, tuple[Store, Viewer, str]] = {"athens": (first, a, ta), "sparta": (second, b, tb)}
            versions = {}
            for role, (store, who, _token) in seats.items():
                versions[role] = orjson.loads(store.view_json(gid, who, role))
            tables.append({"gid": gid, "seats": seats, "pages": versions})

        cpu = [0.0]  # CPU of the store calls (not the harness's parsing of the pages)

        def timed(fn: Any, *args: Any) -> Any:
            t0 = time.thread_time()
            try:
                return fn(*args)
            finally:
                cpu[0] += time.thread_time() - t0

        def step(table: dict[str, Any]) -> bool:
            pages: dict[str, Any] = table["pages"]
            movers = [r for r, p in pages.items() if p["legal"]]
            if not movers:
                return False
            role = rng.choice(movers)
            store, who, token = table["seats"][role]
            page = pages[role]
            timed(store.session, token)
            _out, text = timed(store.act_and_view, table["gid"], who, rng.choice(page["legal"]), page["version"],
                               role, False)
            pages[role] = orjson.loads(text)
            for other, (ostore, owho, otoken) in table["seats"].items():
                if other == role or _moved(first, table["gid"], other) == pages[other]["version"]:
                    continue
                timed(ostore.session, otoken)
                pages[other] = orjson.loads(timed(ostore.view_json, table["gid"], owho, other))
            return True

        for _ in range(args.warm):
            for table in tables:
                step(table)
        cpu[0] = 0.0
        done = tried = 0
        while done < args.actions and tried < 4 * args.actions:  # (a finished game makes no more)
            done += step(tables[tried % len(tables)])
            tried += 1
        print(f"{'split' if args.split else 'one store'}: {args.games} games, {done} actions after {args.warm} each: "
              f"{1000 * cpu[0] / max(done, 1):.2f} ms CPU per action")
        first.close()
        if second is not first:
            second.close()


def _moved(store: Store, gid: int, role: str) -> int:
    """Viewer ``role``'s page version now (what the WebSocket tells its player)."""
    with store.quick.connect() as conn:
        head = store._head(conn, gid)
    return Signals.load(head.signals, head.version).version(role)


if __name__ == "__main__":
    main()
