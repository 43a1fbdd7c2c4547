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
from polemos.server import service
from polemos.server.db import ActionRow, GameRow, Notification, ViewChange
from polemos.server.encoding import dumps_state
from polemos.server.service import Store, open_store
from polemos.server.signals import SPECTATOR, page_of, public_facts

AS = "athens-and-sparta"
PASSWORD = "correct horse battery"


def _game(store: Store, suffix: str = "") -> tuple[int, object, object, str]:
    a, token = store.signup("pericles" + suffix, PASSWORD)
    b, _ = store.signup("archidamus" + suffix, PASSWORD)
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


def test_8_an_actions_page_shown_from_the_head_it_wrote_equals_the_page_read_afresh(tmp_path: Path) -> None:
    """``Store.act_and_view`` (POST /actions?page=true) shows the acting seat's page from the game's head as the
    action wrote it, without reading the head again: the very bytes ``view_json`` gives when it reads the head
    from the database, in English and in Spanish; and a head the game has since moved past is read afresh."""
    store = open_store(None, tmp_path)
    gid, a, b, _token = _game(store)
    seats: dict[str, Any] = {"athens": a, "sparta": b}
    rng = random.Random(8)
    stale = None
    for step in range(40):
        pages = {role: store.view(gid, who, role) for role, who in seats.items()}
        role = next(r for r, p in pages.items() if p["legal"])
        lang = "es" if step % 3 == 2 else "en"
        out, shown = store.act_and_view(gid, seats[role], rng.choice(pages[role]["legal"]), pages[role]["version"],
                                        role, False, lang)
        assert out["role"] == role
        assert shown == store.view_json(gid, seats[role], role, lang)  # the head read from the database
        if step == 20:
            with store.quick.connect() as conn:
                stale = store._head(conn, gid)
    assert stale is not None
    store.pages.items.clear()  # no page kept: the stale head's state is no longer in the database at its version
    athens = seats["athens"]
    assert store.view_json(gid, athens, "athens", head=stale) == store.view_json(gid, athens, "athens")
    store.close()


def test_8_a_page_drawn_by_several_threads_at_once_is_the_same_page(tmp_path: Path) -> None:
    """Pages are drawn without a process-wide lock (Store._encode): threads drawing the same page at once all
    answer the bytes one drawing gives, and the page keeps them."""
    import threading

    store = open_store(None, tmp_path)
    gid, _a, _b, _token = _game(store)
    with store.quick.connect() as conn:
        head = store._head(conn, gid)
    from polemos.server.signals import Signals

    def fresh() -> Any:
        store.pages.items.clear()
        with store.quick.connect() as conn:
            return store._page(conn, head, Signals.load(head.signals, head.version), "athens")

    alone = store._encode(AS, fresh())
    page = fresh()
    start = threading.Barrier(4)
    got: list[bytes] = []

    def draw() -> None:
        start.wait()
        got.append(store._encode(AS, page))

    threads = [threading.Thread(target=draw) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [alone] * 4 and page.encoded == alone and page.view == {}
    store.close()


def test_8_game_work_runs_in_the_game_threads_in_the_callers_context(store: Store) -> None:
    """Hub.work hands work to the process's GAME_THREADS game threads (a plain pool, not anyio's limiter) with
    the caller's context variables (polemos.server.timing's record is one), and the pool ends with the hub."""
    import asyncio
    import contextvars
    import threading

    from polemos.server import notify

    mark: contextvars.ContextVar[str] = contextvars.ContextVar("mark", default="none")

    def where(x: int) -> tuple[str, str, int]:
        return threading.current_thread().name, mark.get(), x * 2

    async def run() -> list[tuple[str, str, int]]:
        hub = notify.Hub(store, poll_seconds=0.05, bots=False)
        await hub.start()
        try:
            mark.set("caller's")
            return list(await asyncio.gather(*(hub.work(where, k) for k in range(12))))
        finally:
            await hub.stop()
            assert hub.pool is None

    done = asyncio.run(run())
    assert [x for _n, _m, x in done] == [2 * k for k in range(12)]
    assert all(name.startswith("polemos-game") and m == "caller's" for name, m, _x in done)
    assert len({name for name, _m, _x in done}) <= notify.GAME_THREADS


def test_8_a_threads_own_wait_for_a_core_is_read_from_its_file_kept_open() -> None:
    """polemos.server.timing reads each game thread's run-queue wait from its schedstat file kept open (not
    opened twice per request): the same figure as opening it, and the file is closed when the thread ends."""
    import os
    import threading

    from polemos.server import timing

    if not os.path.exists("/proc/thread-self/schedstat"):
        return  # no schedstat here: both read 0 (Linux only)
    seen: list[tuple[float, float, float]] = []

    def probe() -> None:
        first = timing._own_run_queue_wait()
        plain = timing.run_queue_wait()
        seen.append((first, plain, timing._own_run_queue_wait()))

    before = len(os.listdir("/proc/self/fd"))
    threads = [threading.Thread(target=probe) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    gc.collect()
    assert len(seen) == 3 and all(0 <= a <= b <= c for a, b, c in seen)
    assert len(os.listdir("/proc/self/fd")) == before  # each thread's file closed with it


def test_8_a_process_catches_up_on_another_process_s_actions_to_the_same_state_and_pages(tmp_path: Path) -> None:
    """Two server processes on one database (two stores): each seat's player on its own process, as when the
    kernel hands the two players' connections to different workers. A process whose cached state is behind
    brings it up to date by the stored actions since (Store._caught_up: actions and undos replayed on a clone,
    no JSON parsed), and reaches the very state stored and the very pages a process that parses it afresh
    draws, English and Spanish, at every step of a game with undos (issue 8, server CPU per action).
    (tests/server/test_postgres.py plays the same on PostgreSQL.)"""
    first = open_store(None, tmp_path)
    play_split(first, Store(first.url), 160)


def play_split(first: Store, second: Store, steps: int) -> None:
    """A random game with undos, Athens played through ``first`` and Sparta through ``second``: after every
    step each seat's page, English and Spanish, equals a fresh process's, and each store's cached state is the
    one stored; the second store parsed the stored state once (its first sight of the game), and caught up
    with every later change."""
    gid, a, b, _token = _game(first, "-split")  # (a database other tests use too: names of its own)
    seats: dict[str, tuple[Store, Any]] = {"athens": (first, a), "sparta": (second, b)}
    parsed: list[int] = []
    for store in (first, second):
        parse = store._parse

        def counted(gid: int, game_id: str, text: str, parse: Any = parse) -> Any:
            parsed.append(gid)
            return parse(gid, game_id, text)

        store._parse = counted  # type: ignore[method-assign]
    rng = random.Random(11)
    undos = snapshots = 0
    for step in range(steps):
        pages = {role: json.loads(store.view_json(gid, who, role)) for role, (store, who) in seats.items()}
        role = next(r for r, p in pages.items() if p["legal"])
        store, who = seats[role]
        if step % 7 == 6 and pages[role]["can_undo"]:
            store.act(gid, who, "", pages[role]["version"], role, undo=True)
            undos += 1
        else:
            store.act(gid, who, rng.choice(pages[role]["legal"]), pages[role]["version"], role)
        fresh = Store(first.url)  # a third process, which parses the stored state
        for other, (ostore, owho) in seats.items():
            lang = "es" if step % 4 == 3 else "en"
            assert ostore.view_json(gid, owho, other, lang) == fresh.view_json(gid, owho, other, lang), (step, other)
        with first.read() as db:
            row = db.get(GameRow, gid)
            assert row is not None
            # the state as a process reading it afresh has it: the row's snapshot and the actions after it
            stored = json.loads(dumps_state(fresh.load(row).to_json()))
            snapshots += row.state_version == row.version
            if row.state_version == row.version:
                assert json.loads(row.state) == stored
        for store, _who in seats.values():
            cached = store.states.get(gid)
            assert cached is not None and cached[0] == row.version
            assert json.loads(dumps_state(cached[1].to_json())) == stored, step
        fresh.close()
    assert undos >= steps // 32
    assert snapshots == steps // service.SNAPSHOT_EVERY  # the state written every SNAPSHOT_EVERY actions only
    assert parsed == [gid]
    first.close()
    second.close()


def test_8_a_process_too_far_behind_parses_the_stored_state(tmp_path: Path, monkeypatch: Any) -> None:
    """More stored actions than CATCH_UP since a process's cached state: it parses the stored state instead of
    replaying them (and reaches the same state)."""
    from polemos.server import service

    monkeypatch.setattr(service, "CATCH_UP", 2)
    first = open_store(None, tmp_path)
    second = Store(first.url)
    gid, a_, b_, _token = _game(first)
    a: Any = a_
    b: Any = b_
    second.view_json(gid, a, "athens")  # the second process caches the state at the start
    rng = random.Random(3)
    for _ in range(5):
        page = json.loads(first.view_json(gid, a, "athens"))
        if not page["legal"]:
            page = json.loads(first.view_json(gid, b, "sparta"))
            first.act(gid, b, rng.choice(page["legal"]), page["version"], "sparta")
        else:
            first.act(gid, a, rng.choice(page["legal"]), page["version"], "athens")
    parsed: list[int] = []
    parse = second._parse
    second._parse = lambda gid, game_id, text: parsed.append(gid) or parse(gid, game_id, text)  # type: ignore
    assert second.view_json(gid, a, "athens") == first.view_json(gid, a, "athens")
    assert parsed == [gid]
    first.close()
    second.close()


def test_8_the_state_is_stored_every_few_actions_and_read_from_its_snapshot_and_the_actions_after_it(
        tmp_path: Path) -> None:
    """The state's JSON is written with every SNAPSHOT_EVERY-th action and the game's last (issue 8, server CPU
    per action); a process reading the game afresh between two snapshots replays the actions stored after the
    last one and shows the very pages the playing process shows, and a row written before migration 0007 (no
    ``state_version``: its state at its version) is read as such and written on from there."""
    first = open_store(None, tmp_path)
    gid, a, b, _token = _game(first)
    seats: dict[str, Any] = {"athens": a, "sparta": b}
    rng = random.Random(5)

    def step() -> None:
        pages = {role: json.loads(first.view_json(gid, who, role)) for role, who in seats.items()}
        role = next(r for r, p in pages.items() if p["legal"])
        first.act(gid, seats[role], rng.choice(pages[role]["legal"]), pages[role]["version"], role)

    def row() -> GameRow:
        with first.read() as db:
            found = db.get(GameRow, gid)
            assert found is not None
            return found

    def same_pages() -> None:
        fresh = Store(first.url)  # another process: it reads the stored snapshot and the actions after it
        for role, who in seats.items():
            assert fresh.view_json(gid, who, role) == first.view_json(gid, who, role)
        fresh.close()

    for _ in range(service.SNAPSHOT_EVERY + 3):
        step()
    stored = row()
    assert (stored.version, stored.state_version) == (service.SNAPSHOT_EVERY + 3, service.SNAPSHOT_EVERY)
    same_pages()
    # as the row was before 0007: its state at its version, no state_version
    state = first.load(stored)
    with first.write() as db, db.begin():
        db.execute(GameRow.__table__.update().where(GameRow.id == gid)  # type: ignore[attr-defined]
                   .values(state=dumps_state(state.to_json()), state_version=None))
    first.states = type(first.states)(first.states.size)  # forget the cached state: read the row
    same_pages()
    for _ in range(3):
        step()
    stored = row()
    assert (stored.version, stored.state_version) == (service.SNAPSHOT_EVERY + 6, service.SNAPSHOT_EVERY + 3)
    same_pages()
    first.close()
