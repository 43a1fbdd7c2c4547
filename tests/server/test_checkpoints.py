"""SQLite's WAL is checkpointed off the request path (issue 8, the latency tail): no commit inside the write
turn copies the WAL back (and waits for the disk) at SQLite's default 1,000 pages; a thread of each server
process does it, PASSIVE, so writers never wait for it."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

import pytest

from polemos.server import db, notify
from polemos.server.service import open_store

AS = "athens-and-sparta"
PASSWORD = "correct horse battery"


def _wal_frames(path: str) -> int:
    """Frames in the WAL not yet copied back (a PASSIVE checkpoint's report, on a fresh connection)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        _busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        return int(frames) - int(copied)


def test_8_commits_leave_the_checkpoint_to_the_checkpointer_thread(tmp_path: Path) -> None:
    store = open_store(None, tmp_path)
    try:
        assert store.hot is not None
        # every connection the requests write through leaves checkpoints to the thread, bar a bound on the WAL
        hot_pages = store.hot.conn().execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        with store.engine.connect() as conn:
            orm_pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
        assert hot_pages == orm_pages == db.WAL_FALLBACK_PAGES > 1000

        # the thread's checkpoint copies back what the commits wrote, while another connection holds the write
        # lock (PASSIVE: it neither takes nor waits for it)
        you, _token = store.signup("pericles", PASSWORD)
        for _ in range(3):
            store.create(you, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})
        checkpointer = db.Checkpointer(store.hot.path)
        writer = sqlite3.connect(store.hot.path, isolation_level=None)
        try:
            writer.execute("BEGIN IMMEDIATE")
            busy, frames, copied = checkpointer.once()
            writer.execute("ROLLBACK")
        finally:
            writer.close()
            checkpointer.stop()
        assert busy == 0 and frames > 0 and copied == frames
    finally:
        store.close()


def test_8_each_server_process_runs_its_checkpointer_while_it_serves(tmp_path: Path) -> None:
    store = open_store(None, tmp_path)

    async def run() -> tuple[bool, int]:
        hub = notify.Hub(store, poll_seconds=3600, bots=False)
        assert hub.checkpointer is not None
        hub.checkpointer.seconds = 0.01
        await hub.start()
        try:
            you, _ = await asyncio.to_thread(store.signup, "pericles", PASSWORD)
            await hub.work(store.create, you, {"game": AS, "seats": {"athens": {"kind": "me"},
                                                                     "sparta": {"kind": "open"}}})
            while hub.checkpointer.runs < 3:
                await asyncio.sleep(0.01)
            alive = hub.checkpointer.thread is not None and hub.checkpointer.thread.is_alive()
        finally:
            await hub.stop()
        return alive, hub.checkpointer.runs

    try:
        alive, runs = asyncio.run(run())
        assert alive and runs >= 3
        assert store.hot is not None
        assert _wal_frames(store.hot.path) == 0  # nothing left in the WAL that the thread did not copy back
    finally:
        store.close()


def test_8_commit_checkpoints_stay_sqlite_s_own_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POLEMOS_WAL_CHECKPOINT", "commit")
    store = open_store(None, tmp_path)
    try:
        assert store.hot is not None
        assert store.hot.conn().execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 1000
        assert notify.Hub(store, bots=False).checkpointer is None
    finally:
        store.close()
