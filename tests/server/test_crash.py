"""Crash test (issue 4): kill the server (SIGKILL) during a burst of actions, restart it, and find
every acknowledged action there and the game able to go on; sessions survive the restart too."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import httpx2

from tests.server.live import Browserless, LiveServer


def test_no_acknowledged_action_is_lost_when_the_server_is_killed(tmp_path: Path) -> None:
    server = LiveServer(tmp_path).start()
    try:
        p = Browserless(server, "leonidas")
        gid = p.post("/api/games", {"game": "go-tell-the-spartans", "seed": 9, "seats": {
            "greek": {"kind": "me"}}}).json()["id"]  # solitaire: the rules play the Persians
        acknowledged: list[tuple[int, str]] = []
        killer = threading.Timer(2.5, server.kill)
        killer.start()
        try:
            while True:
                v = p.get(f"/api/games/{gid}/view").json()
                action = v["legal"][0]
                r = p.post(f"/api/games/{gid}/actions", {"action": action, "version": v["version"]})
                assert r.status_code == 200, r.text
                acknowledged.append((r.json()["version"], r.json()["action"]))
        except (httpx2.HTTPError, ValueError):
            pass  # the server died mid-burst
        killer.join()
        assert len(acknowledged) >= 5, "the burst was too short to mean anything"
        server.start()  # same data folder, same port
        again = Browserless(server, "leonidas", signup=False)
        with sqlite3.connect(tmp_path / "polemos.db") as db:
            stored = [t for r, t in db.execute("SELECT role, text FROM actions WHERE game = ? ORDER BY seq", (gid,))
                      if r == "greek"]
        lost = [action for _version, action in acknowledged]
        assert stored[:len(lost)] == lost, "an acknowledged action was lost"
        v = again.get(f"/api/games/{gid}/view").json()
        assert v["version"] >= acknowledged[-1][0]
        r = again.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": v["version"]})
        assert r.status_code == 200, r.text  # the game goes on
        assert p.get("/api/me").status_code == 200  # the old session cookie still works
    finally:
        server.stop()
