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

        def new_game() -> int:
            return int(p.post("/api/games", {"game": "go-tell-the-spartans", "seed": 9, "seats": {
                "greek": {"kind": "me"}}}).json()["id"])  # solitaire: the rules play the Persians

        # (game, version, action) of every acknowledged action; a game that ends is followed by a new one
        # (a solitaire game of first-listed actions ends after ~170 of them, within the burst on a fast server)
        acknowledged: list[tuple[int, int, str]] = []
        gid = new_game()
        killer = threading.Timer(2.5, server.kill)
        killer.start()
        try:
            while True:
                v = p.get(f"/api/games/{gid}/view").json()
                if v["game"]["status"] == "finished":
                    gid = new_game()
                    continue
                action = v["legal"][0]
                r = p.post(f"/api/games/{gid}/actions", {"action": action, "version": v["version"]})
                assert r.status_code == 200, r.text
                acknowledged.append((gid, r.json()["version"], r.json()["action"]))
        except (httpx2.HTTPError, ValueError, KeyError):
            pass  # the server died mid-burst
        killer.join()
        assert len(acknowledged) >= 5, "the burst was too short to mean anything"
        server.start()  # same data folder, same port
        again = Browserless(server, "leonidas", signup=False)
        for game in sorted({g for g, _v, _a in acknowledged}):
            with sqlite3.connect(tmp_path / "polemos.db") as db:
                stored = [t for r, t in db.execute("SELECT role, text FROM actions WHERE game = ? ORDER BY seq",
                                                   (game,)) if r == "greek"]
            lost = [action for g, _version, action in acknowledged if g == game]
            assert stored[:len(lost)] == lost, f"an acknowledged action of game {game} was lost"
        last = acknowledged[-1]
        v = again.get(f"/api/games/{last[0]}/view").json()
        assert v["version"] >= last[1]
        if v["game"]["status"] != "finished":  # killed just after the game's last action: nothing to go on with
            r = again.post(f"/api/games/{last[0]}/actions", {"action": v["legal"][0], "version": v["version"]})
            assert r.status_code == 200, r.text  # the game goes on
        assert p.get("/api/me").status_code == 200  # the old session cookie still works
    finally:
        server.stop()
