"""The server on PostgreSQL (``--database-url postgresql://...``): migrations apply, and several
``polemos serve`` processes on one database serve the same games, each action one transaction."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Iterator
from pathlib import Path

import pytest

from polemos.server.service import Store
from tests.server.live import Browserless, LiveServer, next_change, ws_url
from tests.server.pg import TempPostgres, pg_bin
from tests.server.test_load_paths import play_split

pytestmark = pytest.mark.skipif(pg_bin() is None, reason="PostgreSQL server binaries not installed "
                                                          "(make test installs Debian's postgresql)")


@pytest.fixture(scope="module")
def postgres() -> Iterator[TempPostgres]:
    pytest.importorskip("psycopg")
    pg = TempPostgres().start()
    yield pg
    pg.stop()


def test_two_processes_on_postgresql(postgres: TempPostgres, tmp_path: Path) -> None:
    a = LiveServer(tmp_path, database_url=postgres.url).start()
    b = LiveServer(tmp_path, database_url=postgres.url).start()
    try:
        pericles = Browserless(a, "pericles")
        archidamus = Browserless(b, "archidamus")
        gid = pericles.post("/api/games", {"game": "athens-and-sparta", "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
        assert archidamus.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
        # both decide at the same moment through different processes: the row lock serialises them,
        # so one gets in and the other, whose page that move changed (who is to act), is told it is stale
        va = pericles.get(f"/api/games/{gid}/view").json()
        vb = archidamus.get(f"/api/games/{gid}/view").json()
        public = pericles.get(f"/api/games/{gid}").json()["version"]
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            ra = pool.submit(pericles.post, f"/api/games/{gid}/actions", {"action": va["legal"][0],
                                                                          "version": va["version"]})
            rb = pool.submit(archidamus.post, f"/api/games/{gid}/actions", {"action": vb["legal"][0],
                                                                            "version": vb["version"]})
            codes = sorted([ra.result().status_code, rb.result().status_code])
        assert codes == [200, 409]
        loser, before = (archidamus, vb) if rb.result().status_code == 409 else (pericles, va)
        v = loser.get(f"/api/games/{gid}/view").json()
        assert v["version"] == before["version"] + 1  # the winner's move, once

        async def scenario() -> dict[str, object]:
            ready = asyncio.Event()
            watch = asyncio.create_task(next_change(ws_url(a, gid), None, ready=ready))  # a spectator on A
            await asyncio.wait_for(ready.wait(), 20)
            r = await asyncio.to_thread(loser.post, f"/api/games/{gid}/actions",
                                        {"action": v["legal"][0], "version": v["version"]})
            assert r.status_code == 200
            return await watch

        # the second move, made through either process, reaches a spectator's socket on A
        assert asyncio.run(scenario())["versions"] == {"*": public + 2}
        assert pericles.get(f"/api/games/{gid}").json()["version"] == public + 2
    finally:
        a.stop()
        b.stop()


def test_8_a_process_catches_up_on_another_process_s_actions_on_postgresql(postgres: TempPostgres) -> None:
    """A process whose cached state is behind catches up by the stored actions since, read through
    SQLAlchemy (no driver shortcut on PostgreSQL), to the stored state and a fresh process's pages
    (tests/server/test_load_paths.py plays the same on SQLite; issue 8, server CPU per action)."""
    play_split(Store(postgres.url), Store(postgres.url), 60)
