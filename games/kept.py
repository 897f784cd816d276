"""The cache of what the code made: rendered HTML, drawn pictures, the engines' answers. It is
the ``kept`` alias (config/settings.py, ``cache_aliases``): the same store as the default
cache, under a key prefix of the release, so that a deploy never serves what the code before
it rendered (a changed template, translation or drawing) and what one release keeps is gone
for the next. What does not change with the code (sessions, limits, presence, versions
counters) stays in the default cache.

``cache`` is used as ``django.core.cache.cache`` is: it finds the alias on each use, so a test's
settings apply. ``get_with`` reads a kept entry with the default cache's versions it was
rendered under, in one round trip.
"""

from typing import Any

from django.core.cache import cache as default_cache
from django.core.cache import caches
from django.utils.connection import ConnectionProxy

cache = ConnectionProxy(caches, "kept")


def get_with(key: str, default_keys: list[str]) -> tuple[Any, dict[str, Any]]:
    """The kept entry at ``key`` (None if missing) and the default cache's entries found at
    ``default_keys``, in one round trip: a kept key is also a key of the default cache (the
    kept prefix is made so, ``cache_aliases``), read there with the others."""
    full, head = cache.make_key(key), default_cache.make_key("")
    if not full.startswith(head):  # caches configured otherwise: two reads, the same answer
        return cache.get(key), default_cache.get_many(default_keys)
    in_default = full.removeprefix(head)
    found = default_cache.get_many([in_default, *default_keys])
    return found.pop(in_default, None), found
