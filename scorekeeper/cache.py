"""A small in-process cache for rendered output kept per version of what it shows.

Kept games' PDF sheets (``sheets.render``) are rendered once per version and served from memory
after (a sheet takes WeasyPrint hundreds of milliseconds).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sized
from typing import Generic, TypeVar

V = TypeVar("V", bound=Sized)


class BoundedCache(Generic[V]):
    """Least-recently-used, bounded by count and by total size (``len`` of each value);
    thread-safe, one per process (per gunicorn worker)."""

    def __init__(self, max_items: int = 128, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: OrderedDict[Hashable, V] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._items[key] = value
            self._size += len(value)
            while len(self._items) > self.max_items or self._size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._size = 0

    def __len__(self) -> int:
        return len(self._items)
