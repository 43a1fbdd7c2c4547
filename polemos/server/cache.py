"""A small thread-safe LRU map: the server's parsed states and drawn pages, keyed by (game, version).

Keys carry the game's internal version, so an entry is never stale: a change makes a new key, and the
old entries age out. Nothing here is needed by another process (each fills its own from the database).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Lru(Generic[V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[Hashable, V] = OrderedDict()
        self.lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        with self.lock:
            value = self.items.get(key)
            if value is None:
                self.misses += 1
                return None
            self.items.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: Hashable, value: V) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)
