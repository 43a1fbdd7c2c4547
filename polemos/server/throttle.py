"""Log-in and sign-up throttling (issue 8, item 4): guessing passwords costs the guesser time, and a
flood of log-ins cannot take the server's CPU from the games.

A :class:`Throttle` counts events per key (an account, ``user:<name in lower case>``, or an address,
``addr:<ip>``) in a sliding window; when a key has had its limit of events within the window, the
next attempt is refused with the number of seconds until the oldest event leaves the window (the
API's 429 and its ``Retry-After``). Counts live in the server process's memory: each process of a
multi-process server throttles on its own, so the limits hold per process (the README says so).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

# the table never holds more keys than this: past it, keys with no event in the window are dropped
MAX_KEYS = 20_000


@dataclass(frozen=True, slots=True)
class Limit:
    """At most ``count`` events in ``window`` seconds."""

    count: int
    window: float


class Throttle:
    """Sliding-window counters, safe to share between the server's worker threads."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.events: dict[str, deque[float]] = {}
        self.lock = threading.Lock()

    def _recent(self, key: str, limit: Limit, at: float) -> deque[float] | None:
        events = self.events.get(key)
        if events is None:
            return None
        while events and events[0] <= at - limit.window:
            events.popleft()
        if not events:
            del self.events[key]
            return None
        return events

    def wait(self, keys: list[tuple[str, Limit]]) -> int:
        """0 if every key is under its limit; else the whole seconds to wait before trying again."""
        at = self.clock()
        longest = 0.0
        with self.lock:
            for key, limit in keys:
                events = self._recent(key, limit, at)
                if events is not None and len(events) >= limit.count:
                    longest = max(longest, events[len(events) - limit.count] + limit.window - at)
        return math.ceil(longest) if longest > 0 else 0

    def record(self, keys: list[str]) -> None:
        """One event for each key (a failed log-in: its account and its address)."""
        at = self.clock()
        with self.lock:
            if len(self.events) >= MAX_KEYS:
                self._prune(at)
            for key in keys:
                self.events.setdefault(key, deque()).append(at)

    def clear(self, key: str) -> None:
        """Forget ``key`` (an account's failures, after its right password)."""
        with self.lock:
            self.events.pop(key, None)

    def _prune(self, at: float) -> None:
        # the longest window in use is LOGIN_WINDOW's hour: keys with nothing newer are stale
        stale = [k for k, ev in self.events.items() if not ev or ev[-1] <= at - STALE_AFTER]
        for key in stale:
            del self.events[key]
        while len(self.events) >= MAX_KEYS:  # all recent: drop the oldest keys (insertion order)
            del self.events[next(iter(self.events))]


# failed log-ins of one account, and of one address (over all accounts), and sign-ups of one address
ACCOUNT_FAILURES = Limit(5, 15 * 60)
ADDRESS_FAILURES = Limit(20, 15 * 60)
ADDRESS_SIGNUPS = Limit(20, 60 * 60)
STALE_AFTER = 60 * 60
