"""Change signals that leak nothing, notifications across processes, WebSocket limits (issue 8).

What each viewer is told moves only when what that viewer may see moves (polemos.server.signals): a
secret step of one role gives the other role, the spectator, the lobby, ``since`` and the WebSocket
the same bytes as before it. Bots and WebSockets hear of changes by notification, also from another
process, and an idle WebSocket costs no database query (polemos.server.notify).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, func, select
from starlette.websockets import WebSocketDisconnect

from polemos.core.rng import Rng
from polemos.server import service
from polemos.server.app import default_workers
from polemos.server.service import Store, Viewer, open_store
from polemos.server.signals import SPECTATOR
from tests.server.conftest import PASSWORD, client_for, state_of, version_of
from tests.server.live import Browserless, LiveServer, next_change, ws_url

AS = "athens-and-sparta"




def two_player_game(store: Store) -> tuple[int, dict[str, Viewer], dict[str, str]]:
    athens, athens_token = store.signup("pericles", PASSWORD)
    sparta, sparta_token = store.signup("archidamus", PASSWORD)
    gid = store.create(athens, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    store.join(gid, sparta, "sparta", None)
    return gid, {"athens": athens, "sparta": sparta}, {"athens": athens_token, "sparta": sparta_token}


def play_until(store: Store, gid: int, viewers: dict[str, Viewer], done: Any, seed: int = 5,
               limit: int = 3000) -> Any:
    """Random legal actions (seeded) by whoever is asked until ``done(state)``; the state then."""
    chooser = Rng(seed)
    for _ in range(limit):
        state = state_of(store, gid)
        if done(state):
            return state
        active = state.active_roles()
        assert active, "the game ended first"
        role = active[chooser.below(len(active))]
        action = chooser.choice(state.legal_actions(role))
        store.act(gid, viewers[role], action, version_of(store, gid, role), role)
    raise AssertionError("never got there")


def both_replacing(state: Any) -> bool:
    """Athens & Sparta's Replacement Phase (8.0), both sides deciding, nobody has built yet, and Athens
    may add a step to a block it has on the map: a secret step (8.2; a new block, 8.3, is seen placed)."""
    return (state.pending is not None and state.pending["kind"] == "replace"
            and set(state.active_roles()) == {"athens", "sparta"} and state.actions[-1][1] != "done"
            and any(a.startswith("add ") for a in state.legal_actions("athens")))


def test_8_3_a_secret_step_of_one_role_moves_nothing_another_viewer_gets(store: Store, monkeypatch: Any) -> None:
    """Athens adds steps in secret during Replacement (and takes one back): Sparta's page, its `since`,
    the spectator's page, the game's lobby entry and the lobby list give the same bytes as before, and
    Sparta's socket says nothing until something Sparta can see happens; Sparta's action chosen before
    Athens's steps is not stale."""
    monkeypatch.setattr(service, "secret_seed", lambda: 5)  # one game, the same every run
    gid, viewers, tokens = two_player_game(store)
    play_until(store, gid, viewers, both_replacing)
    with client_for(store, token=tokens["sparta"]) as sparta, client_for(store) as visitor:
        urls = [f"/api/games/{gid}/view", f"/api/games/{gid}", "/api/games?list=mine",
                f"/api/games/{gid}/since?after=0"]

        def seen() -> dict[str, Any]:
            out = {f"sparta {u}": sparta.get(u).content for u in urls}
            out.update({f"visitor {u}": visitor.get(u).content for u in urls if "mine" not in u})
            return out

        before = seen()
        sparta_at = json.loads(before[f"sparta /api/games/{gid}/view"])["version"]
        with sparta.websocket_connect(f"wss://testserver/api/games/{gid}/ws") as ws:
            assert ws.receive_json() == {"type": "version", "versions": {"sparta": sparta_at}, "status": "active"}
            athens_at = version_of(store, gid, "athens")
            steps = [a for a in state_of(store, gid).legal_actions("athens") if a.startswith("add ")]
            store.act(gid, viewers["athens"], steps[0], athens_at, "athens")
            assert version_of(store, gid, "athens") == athens_at + 1  # Athens's own page moved
            assert seen() == before
            store.act(gid, viewers["athens"], "undo", athens_at + 1, "athens", undo=True)  # an undo is an action too
            assert seen() == before
            for k in range(3):  # several secret steps are counted nowhere
                legal = [a for a in state_of(store, gid).legal_actions("athens") if a.startswith("add ")]
                if not legal:
                    break
                store.act(gid, viewers["athens"], legal[0], version_of(store, gid, "athens"), "athens")
                assert seen() == before, f"after Athens's secret step {k + 1}"
            assert version_of(store, gid, SPECTATOR) == json.loads(before[f"visitor /api/games/{gid}/view"])["version"]
            # Sparta acts on the page it saw before Athens's steps: not stale, for nothing it may see changed
            sparta_step = state_of(store, gid).legal_actions("sparta")[0]
            out = store.act(gid, viewers["sparta"], sparta_step, sparta_at, "sparta")
            assert out["version"] == sparta_at + 1
            # the first message on Sparta's socket is for Sparta's own step: none came for Athens's
            assert ws.receive_json() == {"type": "version", "versions": {"sparta": sparta_at + 1}, "status": "active"}


def test_8_3_since_lists_the_lines_of_my_own_log_after_my_move(store: Store, monkeypatch: Any) -> None:
    monkeypatch.setattr(service, "secret_seed", lambda: 5)
    gid, viewers, tokens = two_player_game(store)
    play_until(store, gid, viewers, lambda s: len(s.actions) >= 20)
    with client_for(store, token=tokens["athens"]) as athens:
        page = athens.get(f"/api/games/{gid}/view").json()
        mark = page["version"] - 3
        since = athens.get(f"/api/games/{gid}/since?after={mark}&role=athens").json()
        assert [x["version"] for x in since] == sorted(x["version"] for x in since)
        assert all(mark < x["version"] <= page["version"] and x["log"] for x in since)
        lines = [line for x in since for line in x["log"]]
        assert lines and page["log"][-len(lines):] == lines  # the tail of my own view's log, nothing else
        assert athens.get(f"/api/games/{gid}/since?after={page['version']}").json() == []
        assert athens.get(f"/api/games/{gid}/since?role=sparta").status_code == 403  # not my seat's


def test_8_a_change_made_in_another_process_reaches_a_websocket_and_a_bot_there(tmp_path: Path) -> None:
    """This test process acts on the database directly (another process, as far as the server is
    concerned): the live server's WebSocket pushes the change, and its bot runner plays the bot seat
    that the change made active; neither scanned anything to find out."""
    server = LiveServer(tmp_path).start()
    other = open_store(None, tmp_path)  # the same SQLite file: "another server process"
    try:
        p = Browserless(server, "nicias")
        gid = p.post("/api/games", {"game": AS, "seats": {"athens": {"kind": "me"},
                                                          "sparta": {"kind": "bot", "bot": "random"}}}).json()["id"]
        token = p.http.cookies["polemos_session"]
        me = other.viewer(token)
        assert me is not None
        deadline = time.monotonic() + 60
        # until Athens alone is asked (the Mulligan asks both at once, R25: a bot answering meanwhile
        # would move Athens's page between reading its version and acting, and make the act stale)
        while list(state_of(other, gid).active_roles()) != ["athens"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        before = state_of(other, gid)

        async def scenario() -> dict[str, Any]:
            ready = asyncio.Event()
            watch = asyncio.create_task(next_change(ws_url(server, gid), p, ready=ready))
            await asyncio.wait_for(ready.wait(), 20)
            action = before.legal_actions("athens")[0]
            await asyncio.to_thread(other.act, gid, me, action, version_of(other, gid, "athens"), "athens")
            return await watch

        msg = asyncio.run(scenario())
        assert msg["type"] == "version" and msg["versions"]["athens"] > 0
        # and the server's bot answers the move it did not see made
        done = len(before.actions) + 1
        while True:
            with sqlite3.connect(tmp_path / "polemos.db") as db:
                roles = [r for (r,) in db.execute("SELECT role FROM actions WHERE game = ? ORDER BY seq", (gid,))]
            if len(roles) > done and "sparta" in roles[done:]:
                break
            assert time.monotonic() < deadline, "the server's bot never heard of the move"
            time.sleep(0.05)
    finally:
        other.close()
        server.stop()


def test_8_websockets_are_capped_per_user_and_per_address(store: Store) -> None:
    you, token = store.signup("cleon", PASSWORD)
    gid = store.create(you, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    url = f"wss://testserver/api/games/{gid}/ws"
    with client_for(store, token=token, ws_per_user=2, ws_per_address=3) as page:
        visitor = TestClient(page.app, base_url="https://testserver")  # no cookie, the same server process
        with page.websocket_connect(url) as one, page.websocket_connect(url) as two:
            assert one.receive_json()["type"] == two.receive_json()["type"] == "version"
            with page.websocket_connect(url) as three, pytest.raises(WebSocketDisconnect) as closed:
                three.receive_json()
            assert closed.value.code == 1008 and "too many live connections for this user" in closed.value.reason
            with visitor.websocket_connect(url) as watching:
                assert watching.receive_json() == {"type": "version", "versions": {"*": 0}, "status": "open"}
                with visitor.websocket_connect(url) as more, pytest.raises(WebSocketDisconnect) as closed:
                    more.receive_json()
                assert closed.value.code == 1008 and "from this address" in closed.value.reason
        with page.websocket_connect(url) as again:  # closed sockets are given back
            assert again.receive_json()["type"] == "version"


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "https://testserver.evil.example"])
def test_8_a_websocket_from_another_site_is_refused(store: Store, origin: str) -> None:
    you, token = store.signup("cleon", PASSWORD)
    gid = store.create(you, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    with client_for(store, token=token) as page:
        with pytest.raises(WebSocketDisconnect) as refused, \
                page.websocket_connect(f"wss://testserver/api/games/{gid}/ws", headers={"origin": origin}):
            pass
        assert refused.value.code == 1008
        with page.websocket_connect(f"wss://testserver/api/games/{gid}/ws",
                                    headers={"origin": "https://testserver"}) as ws:
            assert ws.receive_json()["versions"] == {"athens": 0}


def test_8_idle_websockets_cost_no_database_queries(store: Store) -> None:
    """While nothing changes, the server's only query is its poller's one per interval, however many
    sockets are open: no socket polls the database."""
    you, token = store.signup("cleon", PASSWORD)
    gid = store.create(you, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(("SELECT", "INSERT", "UPDATE", "DELETE")):
            statements.append(statement)

    with client_for(store, token=token, ws_per_user=0) as page:
        hub = page.app.state.hub  # type: ignore[attr-defined]
        sockets = [page.websocket_connect(f"wss://testserver/api/games/{gid}/ws") for _ in range(12)]
        try:
            for ws in sockets:
                ws.__enter__().receive_json()
            event.listen(store.engine, "before_cursor_execute", count)
            try:
                polls = hub.polls
                while hub.polls < polls + 5:
                    time.sleep(0.02)
            finally:
                event.remove(store.engine, "before_cursor_execute", count)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert statements and all("FROM notifications" in s for s in statements), statements[:3]


def test_8_serve_uses_two_workers_on_sqlite_and_one_per_core_on_postgresql(monkeypatch: Any) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert default_workers("sqlite:////srv/polemos.db") == 2
    assert default_workers("postgresql://db/polemos") == 8
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert default_workers("sqlite:////srv/polemos.db") == 1


PAGES_SCRIPT = """
import json
import polemos
from polemos.core.rng import Rng
from polemos.server.signals import SPECTATOR, page_of
out = {}
for game_id, options in (("athens-and-sparta", {}), ("go-tell-the-spartans", {"players": "two"})):
    state = polemos.game(game_id).new(seed=11, options=options)
    chooser = Rng(3)
    for step in range(200):
        active = state.active_roles()
        if not active:
            break
        role = active[chooser.below(len(active))]
        state.apply(role, chooser.choice(state.legal_actions(role)))
        if step % 10 == 0:
            out[f"{game_id} {step}"] = {k: page_of(state, k, {}).digest for k in [*state.seats(), SPECTATOR]}
print(json.dumps(out))
"""


def test_8_3_every_server_process_draws_the_same_page_of_the_same_state() -> None:
    """Worker processes take turns changing a game, each comparing the pages it draws with the digests
    another stored: a view whose order followed Python's per-process string hashing (a set) would move
    a viewer's version whenever the other worker handled a change, secret steps included."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    outputs = {subprocess.run([sys.executable, "-c", PAGES_SCRIPT], capture_output=True, text=True, check=True,
                              cwd=root, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
               for seed in ("0", "1", "4242")}
    assert len(outputs) == 1


def test_8_sqlite_writers_of_several_processes_take_turns_and_never_see_database_is_locked(tmp_path: Path) -> None:
    """Two stores on one SQLite file (two server processes, as far as SQLite knows), several threads
    each, all acting at once: every action lands, none fails with "database is locked"."""
    import threading

    from polemos.server.db import write_turns

    assert write_turns("postgresql://db/polemos").path is None  # PostgreSQL's row locks need no turns
    stores = [open_store(None, tmp_path), open_store(None, tmp_path)]
    try:
        you, _token = stores[0].signup("cleon", PASSWORD)
        games = [stores[0].create(you, {"game": AS, "hotseat": True, "seed": k})["id"] for k in range(6)]
        failures: list[BaseException] = []

        def play(store: Store, gid: int) -> None:
            try:
                for _ in range(15):
                    state = state_of(store, gid)
                    role = state.active_roles()[0]
                    store.act(gid, you, state.legal_actions(role)[0], version_of(store, gid, role), role)
            except BaseException as exc:  # the test reports whatever went wrong
                failures.append(exc)

        threads = [threading.Thread(target=play, args=(stores[k % 2], gid)) for k, gid in enumerate(games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not failures, failures[:2]
        with sqlite3.connect(tmp_path / "polemos.db") as db:
            counts = [db.execute("SELECT count(*) FROM actions WHERE game = ?", (gid,)).fetchone()[0] for gid in games]
        assert counts == [15] * len(games)
    finally:
        for store in stores:
            store.close()


def test_8_old_notifications_are_pruned(store: Store, monkeypatch: Any) -> None:
    """Every process reads the notifications after the last it saw; rows older than KEEP_SECONDS go
    (here: at once, every poll), and a change after pruning still reaches the socket."""
    from polemos.server import notify
    from polemos.server.db import Notification

    monkeypatch.setattr(notify, "KEEP_SECONDS", 0.0)
    monkeypatch.setattr(notify, "PRUNE_EVERY", 0.0)
    you, token = store.signup("cleon", PASSWORD)
    gid = store.create(you, {"game": AS, "hotseat": True, "seed": 1})["id"]
    with client_for(store, token=token) as page:
        hub = page.app.state.hub  # type: ignore[attr-defined]
        state = state_of(store, gid)
        role = state.active_roles()[0]
        store.act(gid, you, state.legal_actions(role)[0], version_of(store, gid, role), role)
        with store.read() as db:
            # (None if the poller read and pruned them all already: it may run between the action and here)
            newest = db.scalar(select(func.max(Notification.id))) or hub.last
        polls = hub.polls
        while hub.polls < polls + 3 or hub.last < newest:
            time.sleep(0.02)
        with store.read() as db:
            assert db.scalar(select(func.count()).select_from(Notification).where(Notification.id <= newest)) == 0
        with page.websocket_connect(f"wss://testserver/api/games/{gid}/ws") as ws:
            first = ws.receive_json()
            state = state_of(store, gid)
            role = state.active_roles()[0]
            store.act(gid, you, state.legal_actions(role)[0], version_of(store, gid, role), role)
            assert ws.receive_json() != first


def test_8_3_a_secret_step_after_the_other_roles_own_step_moves_nothing_it_sees(store: Store, monkeypatch: Any) -> None:
    """Sparta adds a step in secret, then Athens does: Sparta's page must not change (its Undo neither)."""
    monkeypatch.setattr(service, "secret_seed", lambda: 5)
    gid, viewers, _tokens = two_player_game(store)
    play_until(store, gid, viewers, lambda s: both_replacing(s) and any(
        a.startswith("add ") for a in s.legal_actions("sparta")))
    sparta_step = next(a for a in state_of(store, gid).legal_actions("sparta") if a.startswith("add "))
    store.act(gid, viewers["sparta"], sparta_step, version_of(store, gid, "sparta"), "sparta")
    before = version_of(store, gid, "sparta")
    athens_step = next(a for a in state_of(store, gid).legal_actions("athens") if a.startswith("add "))
    store.act(gid, viewers["athens"], athens_step, version_of(store, gid, "athens"), "athens")
    assert version_of(store, gid, "sparta") == before


def test_8_an_action_answers_with_the_acting_seats_new_page_when_asked(store: Store) -> None:
    """``?page=true``: the answer to an action (or an undo) carries the page GET /view would give the
    acting seat next, so the page need not ask again; without it the answer stays small."""
    you, token = store.signup("cleon", PASSWORD)
    gid = store.create(you, {"game": "go-tell-the-spartans", "seats": {"greek": {"kind": "me"}}, "seed": 4})["id"]
    with client_for(store, token=token) as page:
        csrf = page.get("/api/me").json()["csrf"]
        v = page.get(f"/api/games/{gid}/view").json()
        r = page.post(f"/api/games/{gid}/actions?page=true", json={"action": v["legal"][0], "version": v["version"]},
                      headers={"X-CSRF-Token": csrf})
        assert r.status_code == 200, r.text
        answer = r.json()
        assert answer["page"] == page.get(f"/api/games/{gid}/view").json()
        assert answer["page"]["version"] == answer["version"] == v["version"] + 1
        r = page.post(f"/api/games/{gid}/actions", json={"action": answer["page"]["legal"][0],
                                                          "version": answer["version"]}, headers={"X-CSRF-Token": csrf})
        assert r.status_code == 200 and "page" not in r.json()
