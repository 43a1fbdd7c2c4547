"""Admission (issue 8, the latency tail): a server process works at most GAME_THREADS requests at once; the
rest wait, without a thread, and start in the order they came. Fewer threads at once each wait less for the
GIL, the holder of SQLite's write turn among them (notify.GAME_THREADS)."""

from __future__ import annotations

import asyncio
import threading

from polemos.server import notify
from polemos.server.service import Store


def test_8_a_process_works_at_most_game_threads_requests_and_queues_the_rest_in_order(store: Store) -> None:
    count = notify.GAME_THREADS + 5
    gates = [threading.Event() for _ in range(count)]
    started: list[int] = []
    lock = threading.Lock()

    def job(k: int) -> int:
        with lock:
            started.append(k)
        gates[k].wait(60)
        return k

    async def grown(n: int) -> None:
        while len(started) < n:
            await asyncio.sleep(0.005)

    async def run() -> tuple[list[int], list[int]]:
        hub = notify.Hub(store, poll_seconds=3600, bots=False)
        await hub.start()
        try:
            tasks = []
            for k in range(count):
                tasks.append(asyncio.create_task(hub.work(job, k)))
                await asyncio.sleep(0)  # each handed over in turn
            await grown(notify.GAME_THREADS)
            await asyncio.sleep(0.1)
            at_once = list(started)  # the threads' worth and no more have started
            for k in range(count):  # one request ends at a time: the next waiting one takes its thread
                gates[k].set()
                await grown(min(count, notify.GAME_THREADS + k + 1))
            return at_once, list(await asyncio.gather(*tasks))
        finally:
            for gate in gates:
                gate.set()
            await hub.stop()

    at_once, results = asyncio.run(run())
    assert sorted(at_once) == list(range(notify.GAME_THREADS))
    assert results == list(range(count))
    assert started[notify.GAME_THREADS:] == list(range(notify.GAME_THREADS, count))  # in the order they came
