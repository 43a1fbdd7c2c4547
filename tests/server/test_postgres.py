"""The server on PostgreSQL (``--database-url postgresql://...``): migrations apply, and several
``polemos serve`` processes on one database serve the same games, each action one transaction."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.live import Browserless, LiveServer
from tests.server.pg import TempPostgres, pg_bin

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
        gid = pericles.post("/api/games", {"game": "athens-and-sparta", "seed": 4, "seats": {
            "athens": {"kind": "me"}, "sparta": {"kind": "open"}}}).json()["id"]
        assert archidamus.post(f"/api/games/{gid}/join", {"role": "sparta"}).status_code == 200
        # both choose their card at the same moment through different processes: the row lock
        # serialises them, so one gets in and the other, on the old version, is told it is stale
        va = pericles.get(f"/api/games/{gid}/view").json()
        vb = archidamus.get(f"/api/games/{gid}/view").json()
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            ra = pool.submit(pericles.post, f"/api/games/{gid}/actions", {"action": va["legal"][0], "version": 0})
            rb = pool.submit(archidamus.post, f"/api/games/{gid}/actions", {"action": vb["legal"][0], "version": 0})
            codes = sorted([ra.result().status_code, rb.result().status_code])
        assert codes == [200, 409]
        rows = pericles.get(f"/api/games/{gid}/since?after=0").json()
        assert [x["version"] for x in rows] == [1]
        loser = archidamus if rb.result().status_code == 409 else pericles
        v = loser.get(f"/api/games/{gid}/view").json()
        assert v["version"] == 1
        assert loser.post(f"/api/games/{gid}/actions", {"action": v["legal"][0], "version": 1}).status_code == 200
        assert pericles.get(f"/api/games/{gid}").json()["version"] == 2
    finally:
        a.stop()
        b.stop()
