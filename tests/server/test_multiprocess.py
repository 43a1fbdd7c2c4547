"""Several ``polemos serve`` processes on one database work together (issue 4): nothing a process
needs lives only in another's memory. Two processes share one SQLite database here (the same code
path as PostgreSQL; see test_postgres.py for PostgreSQL itself)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import websockets

from tests.server.live import Browserless, LiveServer


async def next_version(url: str, after: int, timeout: float = 10.0) -> int:
    async with websockets.connect(url) as ws:
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if msg["type"] == "version" and msg["version"] > after:
                return int(msg["version"])


def test_two_processes_serve_one_game_and_push_each_others_moves(tmp_path: Path) -> None:
    a, b = LiveServer(tmp_path).start(), LiveServer(tmp_path).start()
    try:
        pericles = Browserless(a, "pericles")
        archidamus = Browserless(b, "archidamus")
        gid = pericles.post("/api/games", {"game": "athens-and-sparta", "seed": 4, "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
        assert archidamus.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
        v = archidamus.get(f"/api/games/{gid}/view").json()

        async def scenario() -> int:
            watch = asyncio.create_task(next_version(a.url.replace("http", "ws") + f"/api/games/{gid}/ws", 0))
            await asyncio.sleep(0.5)
            r = await asyncio.to_thread(archidamus.post, f"/api/games/{gid}/actions",
                                        {"action": v["legal"][0], "version": v["version"]})
            assert r.status_code == 200
            return await watch

        assert asyncio.run(scenario()) == 1  # a move made through B reaches a page watching A
        va = pericles.get(f"/api/games/{gid}/view").json()
        assert va["version"] == 1
        assert pericles.post(f"/api/games/{gid}/actions", {"action": va["legal"][0], "version": 1}).status_code == 200
        assert archidamus.get(f"/api/games/{gid}/view").json()["version"] == 2
    finally:
        a.stop()
        b.stop()


def test_bot_seats_move_once_with_two_processes_running_bots(tmp_path: Path) -> None:
    a, b = LiveServer(tmp_path).start(), LiveServer(tmp_path).start()
    try:
        p = Browserless(a, "hydarnes")
        gid = p.post("/api/games", {"game": "athens-and-sparta", "seed": 6, "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "bot", "bot": "random"}}}).json()["id"]
        for _ in range(12):
            for _wait in range(100):
                v = p.get(f"/api/games/{gid}/view").json()
                if v["legal"] or v["game"]["status"] == "finished":
                    break
                asyncio.run(asyncio.sleep(0.1))
            assert v["legal"], "the bot never moved"
            r = p.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"]})
            assert r.status_code in (200, 409), r.text  # 409: a bot acted in between (simultaneous turns)
        rows = p.get(f"/api/games/{gid}/since?after=0").json()
        versions = [x["version"] for x in rows]
        assert versions == list(range(1, len(versions) + 1))  # one row per version: no double moves
        assert any(x["role"] == "sparta" for x in rows)
    finally:
        a.stop()
        b.stop()
