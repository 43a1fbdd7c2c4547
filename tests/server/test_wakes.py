"""The processes on one SQLite file wake each other's poller when one commits a change (issue 8, the latency
tail): a change reaches another process's WebSockets at once, not with the next poll's batch; a socket left
by a dead process is removed."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from polemos.server import notify
from polemos.server.service import Store, open_store

AS = "athens-and-sparta"
PASSWORD = "correct horse battery"


def test_8_a_change_committed_in_one_process_wakes_the_other_s_poller(tmp_path: Path) -> None:
    """Two stores on one file (two server processes), each with its hub; the polling interval is an hour, so
    only the wake can bring the change to the second hub's watcher."""
    first = open_store(None, tmp_path)
    second = Store(first.url)
    you, _token = first.signup("pericles", PASSWORD)
    gid = first.create(you, {"game": AS, "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}})["id"]

    async def run() -> tuple[dict[str, int], int, int, Path]:
        one = notify.Hub(first, poll_seconds=3600, bots=False)
        two = notify.Hub(second, poll_seconds=3600, bots=False)
        await one.start()
        await two.start()
        try:
            watcher = await two.watch(gid, None)
            polls = two.polls
            them, _ = await asyncio.to_thread(first.signup, "archidamus", PASSWORD)
            await one.work(first.join, gid, them, "sparta", None)  # a change made in the first process
            await asyncio.wait_for(watcher.event.wait(), 60)
            assert one.wakes is not None and two.wakes is not None
            return watcher.versions, two.polls - polls, one.wakes.sent, one.wakes.folder
        finally:
            await one.stop()
            await two.stop()

    try:
        versions, polls, sent, folder = asyncio.run(run())
    finally:
        first.close()
        second.close()
    assert versions == {"*": 1}  # the spectator's page moved: a seat was taken
    assert polls >= 1 and sent >= 1
    assert not folder.exists()  # each process removed its socket on stopping, the last one the folder


def test_8_a_wake_socket_left_by_a_dead_process_is_removed_and_a_long_path_uses_the_temporary_folder(
        tmp_path: Path) -> None:
    wakes = notify.Wakes(tmp_path / "polemos.db")
    assert wakes.open() is not None
    try:
        dead = wakes.folder / "1-deadbeef"
        left = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        left.bind(str(dead))
        left.close()  # bound and closed: what a killed process leaves
        live = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        live.bind(str(wakes.folder / "2-cafef00d"))
        try:
            wakes.send()
            assert not dead.exists() and live.recv(8) == b"!"
            assert wakes.sent == 1
        finally:
            live.close()
            (wakes.folder / "2-cafef00d").unlink()
    finally:
        wakes.close()
    assert not wakes.folder.exists()
    deep = tmp_path / ("d" * 120) / "polemos.db"
    far = notify.Wakes(deep)
    assert far.folder.parent != deep.parent and len(str(far.folder)) < 80


def test_8_the_poller_counts_only_other_processes_changes_as_news(store: Store) -> None:
    hub = notify.Hub(store, bots=False)
    hub._own_change(5, 1, {"n": 1, "v": 1, "status": "active", "versions": {}, "humans": {}})
    assert hub.take([(4, 1, {"n": 0, "v": 0, "status": "active", "versions": {}, "humans": {}}),
                     (5, 1, {"n": 1, "v": 1, "status": "active", "versions": {}, "humans": {}}),
                     (6, 2, {"n": 1, "v": 1, "status": "active", "versions": {}, "humans": {}})]) == 2
    assert hub.own == set() and hub.last == 6
