"""Log-in and sign-up throttling (issue 8, item 4): guessing passwords costs the guesser time, and a
flood of log-ins cannot take the server's CPU from the games.

A :class:`Throttle` counts attempts per key (an account, ``user:<name in lower case>``, an address,
``addr:<ip>``, or sign-ups from an address, ``signup:<ip>``) in a sliding window. The counts live in
the database (table ``throttle_events``), so every worker process and every server on one PostgreSQL
share them: a guesser gets no more tries by landing on another process.

An attempt is counted *before* its password is checked (:meth:`Throttle.attempt` checks and counts
in one short write transaction), so parallel guesses cannot all slip in under the limit; a
successful log-in then takes its own attempt back (:meth:`Throttle.forget`) and clears its
account's count. When a key has had its limit within the window, the attempt is refused with the
whole seconds until the oldest counted attempt leaves the window (the API's 429 and its
``Retry-After``). Rows older than the longest window are deleted on the way.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session as DbSession

from polemos.server.db import ThrottleEvent


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``count`` attempts in ``window`` seconds."""

    count: int
    window: float


# failed log-ins of one account, and of one address (over all accounts), and sign-ups of one address
ACCOUNT_FAILURES = Limit(5, 15 * 60)
ADDRESS_FAILURES = Limit(20, 15 * 60)
ADDRESS_SIGNUPS = Limit(20, 60 * 60)
STALE_AFTER = 60 * 60  # the longest window: older rows are of no use


class Throttled(Exception):
    """An attempt over a limit: ``wait`` whole seconds before the next one may be made."""

    def __init__(self, wait: int) -> None:
        super().__init__(f"throttled for {wait} s")
        self.wait = wait


class Throttle:
    """Sliding-window counters in the database. ``write`` opens a session for one write transaction
    (the store's, which holds SQLite's write turn); ``clock`` is wall-clock seconds, shared by every
    process (tests may set it)."""

    def __init__(self, write: Callable[[], AbstractContextManager[DbSession]],
                 clock: Callable[[], float] = time.time) -> None:
        self.write = write
        self.clock = clock

    def attempt(self, limits: list[tuple[str, Limit]]) -> list[int]:
        """Count one attempt against every key, or raise :class:`Throttled` (counting nothing) if any
        key already had its limit in its window. Returns the counted rows (for :meth:`forget`)."""
        at = self.clock()
        keys = [key for key, _ in limits]
        with self.write() as db, db.begin():
            db.execute(delete(ThrottleEvent).where(ThrottleEvent.at < at - STALE_AFTER))
            rows = db.execute(select(ThrottleEvent.key, ThrottleEvent.at)
                              .where(ThrottleEvent.key.in_(keys), ThrottleEvent.at > at - STALE_AFTER)).all()
            longest = 0.0
            for key, limit in limits:
                times = sorted(t for k, t in rows if k == key and t > at - limit.window)
                if len(times) >= limit.count:
                    longest = max(longest, times[len(times) - limit.count] + limit.window - at)
            if longest > 0:
                raise Throttled(max(1, math.ceil(longest)))
            events = [ThrottleEvent(key=key, at=at) for key in keys]
            db.add_all(events)
            db.flush()
            return [e.id for e in events]

    def forget(self, ids: list[int], clear: str | None = None) -> None:
        """Take back counted attempts (a log-in that succeeded), and forget every attempt of the key
        ``clear`` (its account: the right password clears its failures)."""
        with self.write() as db, db.begin():
            if ids:
                db.execute(delete(ThrottleEvent).where(ThrottleEvent.id.in_(ids)))
            if clear is not None:
                db.execute(delete(ThrottleEvent).where(ThrottleEvent.key == clear))
