"""Several ``polemos serve`` processes on one database work together (issues 4 and 8): nothing a process
needs lives only in another's memory. Two processes share one SQLite database here (the same code
path as PostgreSQL; see test_postgres.py for PostgreSQL itself), each with its own workers."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from tests.server.live import Browserless, LiveServer, next_change, ws_url


def test_two_processes_serve_one_game_and_push_each_others_moves(tmp_path: Path) -> None:
    a, b = LiveServer(tmp_path).start(), LiveServer(tmp_path).start()
    try:
        pericles = Browserless(a, "pericles")
        archidamus = Browserless(b, "archidamus")
        gid = pericles.post("/api/games", {"game": "athens-and-sparta", "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
        assert archidamus.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
        va = pericles.get(f"/api/games/{gid}/view").json()
        vb = archidamus.get(f"/api/games/{gid}/view").json()

        async def scenario() -> dict[str, object]:
            ready = asyncio.Event()
            watch = asyncio.create_task(next_change(ws_url(a, gid), pericles, ready=ready))
            await asyncio.wait_for(ready.wait(), 20)
            r = await asyncio.to_thread(archidamus.post, f"/api/games/{gid}/actions",
                                        {"action": vb["legal"][0], "version": vb["version"]})
            assert r.status_code == 200
            return await watch

        # a move made through B reaches Athens's page watching A: Sparta decided, so Athens's page moved
        msg = asyncio.run(scenario())
        assert msg["versions"] == {"athens": va["version"] + 1}
        va = pericles.get(f"/api/games/{gid}/view").json()
        assert va["version"] == msg["versions"]["athens"]
        r = pericles.post(f"/api/games/{gid}/actions", {"action": va["legal"][0], "version": va["version"]})
        assert r.status_code == 200
        assert archidamus.get(f"/api/games/{gid}/view").json()["version"] > vb["version"]
    finally:
        a.stop()
        b.stop()


def test_bot_seats_move_once_with_two_processes_running_bots(tmp_path: Path) -> None:
    a, b = LiveServer(tmp_path).start(), LiveServer(tmp_path).start()
    try:
        p = Browserless(a, "hydarnes")
        gid = p.post("/api/games", {"game": "athens-and-sparta", "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "bot", "bot": "random"}}}).json()["id"]
        for _ in range(12):
            for _wait in range(200):
                v = p.get(f"/api/games/{gid}/view").json()
                if v["legal"] or v["game"]["status"] == "finished":
                    break
                time.sleep(0.1)
            assert v["legal"], "the bot never moved"
            r = p.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"]})
            assert r.status_code in (200, 409), r.text  # 409: a bot acted in between (simultaneous turns)
        with sqlite3.connect(tmp_path / "polemos.db") as db:
            rows = db.execute("SELECT seq, role FROM actions WHERE game = ? ORDER BY seq", (gid,)).fetchall()
        assert [seq for seq, _role in rows] == list(range(1, len(rows) + 1))  # one row per version: no double moves
        assert any(role == "sparta" for _seq, role in rows)
    finally:
        a.stop()
        b.stop()
