"""The server's cheaper paths (issue 8, server CPU per action) give what the plain ones give: the SQLite
driver path (polemos.server.hot) reads and writes the rows SQLAlchemy does, a state stored by orjson reads
back the same, and a page whose log lines were carried over from an earlier page equals one written whole."""

from __future__ import annotations

import gc
import json
import random
import sys
from pathlib import Path
from typing import Any

import polemos
from polemos.core.rng import secret_seed
from polemos.server.db import ActionRow, GameRow, Notification, ViewChange
from polemos.server.encoding import dumps_state
from polemos.server.service import Store, open_store
from polemos.server.signals import SPECTATOR, page_of, public_facts

AS = "athens-and-sparta"
PASSWORD = "correct horse battery"


def _game(store: Store) -> tuple[int, object, object, str]:
    a, token = store.signup("pericles", PASSWORD)
    b, _ = store.signup("archidamus", PASSWORD)
    gid = store.create(a, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]
    store.join(gid, b, "sparta", None)
    return gid, a, b, token


def test_8_driver_path_reads_and_writes_what_sqlalchemy_does(tmp_path: Path) -> None:
    store = open_store(None, tmp_path)
    assert store.hot is not None  # a SQLite file: the hot statements go through the driver
    gid, a, b, token = _game(store)
    who = store.viewer(token)
    assert who is not None and who.name == "pericles"
    with store.quick.connect() as conn:
        slow = store._head(conn, gid)
    fast = store._head(store.hot.conn(), gid)
    assert fast == slow  # same values and types (dates, booleans, seats and players' names)
    seats = {"athens": a, "sparta": b}
    for _ in range(12):  # a few actions through the driver's write path
        for role, viewer in seats.items():
            page = store.view(gid, viewer, role)  # type: ignore[arg-type]
            if page["legal"]:
                store.act(gid, viewer, page["legal"][0], page["version"], role)  # type: ignore[arg-type]
                break
    with store.read() as db:  # the ORM reads the rows the driver wrote
        row = db.get(GameRow, gid)
        assert row is not None and row.version == 12 and row.updated_at is not None
        acts = db.query(ActionRow).filter(ActionRow.game == gid).order_by(ActionRow.seq).all()
        assert [x.seq for x in acts] == list(range(1, 13)) and all(x.created_at is not None for x in acts)
        assert db.query(ViewChange).filter(ViewChange.game == gid).count() > 0
        assert db.query(Notification).filter(Notification.game == gid).count() >= 12
        state = store.load(row)
    assert len(state.actions) == 12
    assert store.since(gid, a, 0, "athens")  # type: ignore[arg-type]  # the log marks the driver wrote read back through SQLAlchemy
    store.close()


def test_8_a_state_stored_by_orjson_reads_back_the_same() -> None:
    game = polemos.game(AS)
    state = game.new(secret_seed(), None, {})  # a 128-bit seed, which orjson alone cannot write
    rng = random.Random(4)
    for _ in range(30):
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    doc = state.to_json()
    text = dumps_state(doc)
    assert json.loads(text) == json.loads(json.dumps(doc))
    assert game.from_json(json.loads(text)).to_json() == doc
    assert json.loads(dumps_state({**doc, "seed": 2**256 - 1}))["seed"] == 2**256 - 1


def test_8_a_page_written_from_an_earlier_one_equals_one_written_whole() -> None:
    game = polemos.game(AS)
    state = game.new(7, None, {})
    public = public_facts("active", "athens", [], None)
    rng = random.Random(5)
    before = {k: page_of(state, k, public) for k in ("athens", "sparta", SPECTATOR)}
    for step in range(80):
        role = state.active_roles()[0]
        if step % 9 == 8 and state.can_undo(role):
            state.undo(role)  # the log may shrink: the earlier page's lines are not the start any more
        else:
            state.apply(role, rng.choice(state.legal_actions(role)))
        for k in before:
            carried = page_of(state, k, public, before[k])
            whole = page_of(state, k, public)
            assert (carried.log, carried.digest, carried.view_text) == (whole.log, whole.digest, whole.view_text)
            before[k] = carried


def test_8_a_server_process_hands_the_gil_over_every_millisecond_and_collects_garbage_seldom(
        tmp_path: Path, monkeypatch: Any) -> None:
    """Each worker process of `polemos serve` (app.factory) runs with a 1 ms switch interval, not Python's
    5 ms: a request hands the GIL over a dozen times (issue 8, the latency tail; app.SWITCH_INTERVAL); and its
    garbage collector runs far less often than Python's default, with what was built before serving frozen
    out of it (app.GC_THRESHOLDS: full collections over the cached states and pages were the tail's largest
    cause)."""
    from polemos.server.app import GC_THRESHOLDS, SWITCH_INTERVAL, factory

    monkeypatch.setenv("POLEMOS_DATA_DIR", str(tmp_path))
    for name in ("POLEMOS_DATABASE_URL", "POLEMOS_SWITCH_INTERVAL", "POLEMOS_GC_THRESHOLDS"):
        monkeypatch.delenv(name, raising=False)
    before, thresholds = sys.getswitchinterval(), gc.get_threshold()
    try:
        app = factory()
        assert sys.getswitchinterval() == SWITCH_INTERVAL == 0.001
        # Python's own: (700, 10, 10); the older generations only in the poller's full collections
        assert gc.get_threshold() == GC_THRESHOLDS and min(GC_THRESHOLDS[1:]) >= 10_000
        assert gc.get_freeze_count() > 0
        app.state.store.close()
    finally:
        sys.setswitchinterval(before)
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def test_8_the_poller_runs_a_full_garbage_collection_now_and_then(store: Store, monkeypatch: Any) -> None:
    """With the collector's own full collections made rare (app.GC_THRESHOLDS), each process's poller runs
    one every notify.FULL_COLLECT_SECONDS, so long-lived objects that became cyclic garbage are freed."""
    import asyncio

    from polemos.server import notify

    monkeypatch.setattr(notify, "FULL_COLLECT_SECONDS", 0.0)
    full: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            full.append(1)

    async def run() -> None:
        hub = notify.Hub(store, poll_seconds=0.01, bots=False)
        await hub.start()
        try:
            for _ in range(300):
                await asyncio.sleep(0.01)
                if full:
                    return
        finally:
            await hub.stop()

    thresholds = gc.get_threshold()
    gc.set_threshold(10**9, 10**9, 10**9)  # no collection but the poller's
    gc.callbacks.append(seen)
    try:
        asyncio.run(run())
    finally:
        gc.callbacks.remove(seen)
        gc.set_threshold(*thresholds)
    assert full
