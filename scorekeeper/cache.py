"""A small in-process cache of rendered output, bounded by count and by size.

Printed sheets and tournament papers (``sheets.render``) are kept here by a digest of what they
show, and served from memory after (a sheet takes WeasyPrint hundreds of milliseconds, the
largest tournament's papers tens of seconds). Built on cachetools' LRU cache, which keeps the
size bound; the count bound and the lock are ours (cachetools' caches are not thread-safe, and a
gunicorn worker serves from several threads).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Sized
from typing import Generic, TypeVar

from cachetools import LRUCache

V = TypeVar("V", bound=Sized)


class BoundedCache(Generic[V]):
    """Least-recently-used, bounded by count and by total size (``len`` of each value);
    thread-safe, one per process (per gunicorn worker)."""

    def __init__(self, max_items: int = 128, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: LRUCache[Hashable, V] = LRUCache(maxsize=max_bytes, getsizeof=len)
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: Hashable, value: V) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            self._items[key] = value  # drops the least recently used past max_bytes
            while len(self._items) > self.max_items:
                self._items.popitem()

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
