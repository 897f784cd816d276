"""The cache of what the code made: rendered HTML, drawn pictures, the engines' answers. It is
the ``kept`` alias (config/settings.py, ``cache_aliases``): the same store as the default
cache, under a key prefix of the release, so that a deploy never serves what the code before
it rendered (a changed template, translation or drawing) and what one release keeps is gone
for the next. What does not change with the code (sessions, limits, presence, versions
counters) stays in the default cache.

``cache`` is used as ``django.core.cache.cache`` is: it finds the alias on each use, so a test's
settings apply. ``get_with`` and ``get_many_with`` read kept entries with the default cache's
versions they were rendered under, in one round trip.

``InProcess`` keeps drawn parts in the process itself, where a page cannot afford the shared
cache's round trip: a bounded store whose keys must name everything their part is drawn from;
``here_or_shared`` puts one in front of the shared cache.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any

from django.core.cache import cache as default_cache
from django.core.cache import caches
from django.utils.connection import ConnectionProxy

cache = ConnectionProxy(caches, "kept")


def get_with(key: str, default_keys: list[str]) -> tuple[Any, dict[str, Any]]:
    """The kept entry at ``key`` (None if missing) and the default cache's entries found at
    ``default_keys``, in one round trip."""
    kept, found = get_many_with([key], default_keys)
    return kept.get(key), found


def get_many_with(
    keys: list[str], default_keys: list[str]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The kept entries found at ``keys`` and the default cache's found at ``default_keys``, in
    one round trip: a kept key is also a key of the default cache (the kept prefix is made so,
    ``cache_aliases``), read there with the others."""
    head = default_cache.make_key("")
    full = {key: cache.make_key(key) for key in keys}
    if not all(name.startswith(head) for name in full.values()):
        # caches configured otherwise: two reads, the same answer
        return cache.get_many(keys), default_cache.get_many(default_keys)
    in_default = {name.removeprefix(head): key for key, name in full.items()}
    found = default_cache.get_many([*in_default, *default_keys])
    kept = {in_default[name]: found.pop(name) for name in list(found) if name in in_default}
    return kept, found


class InProcess:
    """At most ``most`` parts kept in this process, the least recently used dropped first; safe
    across the process's threads. A key names everything its part is drawn from (and the
    language), so a kept part is never stale; each process of a server keeps its own."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._parts: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The part kept under ``key``, or None."""
        with self._lock:
            part = self._parts.get(key)
            if part is not None:
                self._parts.move_to_end(key)
            return part

    def put(self, key: Hashable, part: Any) -> None:
        with self._lock:
            self._parts[key] = part
            self._parts.move_to_end(key)
            while len(self._parts) > self.most:
                self._parts.popitem(last=False)

    def get_or_draw(self, key: Hashable, draw: Callable[[], Any]) -> Any:
        """The part kept under ``key``, drawn by ``draw`` (outside the lock) and kept if missing."""
        part = self.get(key)
        if part is None:
            part = draw()
            self.put(key, part)
        return part

    def clear(self) -> None:
        with self._lock:
            self._parts.clear()

    def __len__(self) -> int:
        return len(self._parts)

    def items(self) -> list[tuple[Hashable, Any]]:
        """The kept keys and parts, oldest first (a copy: tests look at what is kept)."""
        with self._lock:
            return list(self._parts.items())

    def __iter__(self) -> Iterator[Hashable]:
        return iter([key for key, _ in self.items()])

    def values(self) -> list[Any]:
        return [part for _, part in self.items()]


def here_or_shared(store: InProcess, key: str, draw: Callable[[], Any], seconds: int) -> Any:
    """The part at ``key`` (which names everything it is drawn from): from this process's
    ``store``, else from the shared cache, else drawn by ``draw`` and kept there for
    ``seconds``; kept in ``store`` from then on."""
    part = store.get(key)
    if part is None:
        part = cache.get(key)
        if part is None:
            part = draw()
            cache.set(key, part, seconds)
        store.put(key, part)
    return part
