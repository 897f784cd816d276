"""Production's cache (``CACHE_URL``): Django's Redis cache, made cheaper and made to survive
an outage of Redis.

Cheaper: one Redis client per connection pool instead of a new one per call: building a
client cost twice as much as the GET it made, and every logged-in request makes two (its
session, the viewer's time zone). A redis-py client is safe to share between threads; the pool
under it is the same either way.

Surviving an outage: the site runs without its cache, only slower. While Redis cannot be
reached (refused, or no answer within the socket timeouts of ``OPTIONS``), a read finds nothing
and a write is dropped, so sessions (``cached_db``), users and pages come from the database;
after a failure the process leaves Redis alone for ``RETRY_SECONDS`` instead of paying a
timeout on every call. Once a write of this process was dropped, what Redis still holds may be
stale (a session logged out, a user's new password, a report's names): when Redis answers
again, before anything else is read from it, this process deletes every key of the cache (its
key prefix's, never the broker's in the same Redis).
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
RETRY_SECONDS = 5.0


class _SharedClients(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _SharedClients


class _Outage:
    """What every thread of a process knows about one cache's Redis: whether to leave it alone
    for now, and whether its keys must be deleted before the next read."""

    def __init__(self):
        self.lock = threading.Lock()
        self.retry_at = 0.0
        self.stale = False

    def began(self, error: Exception, *, wrote: bool) -> None:
        with self.lock:
            if self.retry_at <= time.monotonic():
                log.warning("cache unreachable (%s): going on without it", error)
            self.retry_at = time.monotonic() + RETRY_SECONDS
            self.stale = self.stale or wrote


_OUTAGES: dict[tuple, _Outage] = {}
_OUTAGES_LOCK = threading.Lock()


class ForgivingRedisCache(SharedClientRedisCache):
    """The shared-client cache that goes on without Redis (see the module's notes)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        with _OUTAGES_LOCK:
            self._outage = _OUTAGES.setdefault((tuple(self._servers), self.key_prefix), _Outage())

    def reachable(self) -> bool:
        """Whether Redis answers a PING now (within the socket timeouts), whatever came before."""
        try:
            return bool(self._cache.get_client().ping())
        except UNREACHABLE:
            return False

    def _try(self, fallback, call, *args, wrote: bool = False):
        outage = self._outage
        if outage.retry_at > time.monotonic():
            outage.stale = outage.stale or wrote
            return fallback
        try:
            if outage.stale:
                self._delete_own_keys()
            return call(*args)
        except UNREACHABLE as error:
            outage.began(error, wrote=wrote)
            return fallback

    def _delete_own_keys(self) -> None:
        client = self._cache.get_client(write=True)
        pattern = f"{self.key_prefix}:*".replace("[", "\\[")
        batch = []
        for key in client.scan_iter(match=pattern, count=1000):
            batch.append(key)
            if len(batch) == 1000:
                client.unlink(*batch)
                batch = []
        if batch:
            client.unlink(*batch)
        self._outage.stale = False
        log.warning("cache reachable again: its keys, stale after the outage, were deleted")

    # Reads find nothing while Redis is away.
    def get(self, key, default=None, version=None):
        return self._try(default, super().get, key, default, version)

    def get_many(self, keys, version=None):
        return self._try({}, super().get_many, keys, version)

    def has_key(self, key, version=None):
        return self._try(False, super().has_key, key, version)

    # Writes are dropped while Redis is away.
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._try(False, super().add, key, value, timeout, version, wrote=True)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._try(None, super().set, key, value, timeout, version, wrote=True)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._try([], super().set_many, data, timeout, version, wrote=True)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._try(False, super().touch, key, timeout, version, wrote=True)

    def delete(self, key, version=None):
        return self._try(False, super().delete, key, version, wrote=True)

    def delete_many(self, keys, version=None):
        self._try(None, super().delete_many, keys, version, wrote=True)

    def clear(self):
        return self._try(False, super().clear, wrote=True)

    def incr(self, key, delta=1, version=None):
        """As for a missing key (ValueError) while Redis is away."""
        missing = object()
        value = self._try(missing, super().incr, key, delta, version, wrote=True)
        if value is missing:
            raise ValueError(f"Key '{key}' not found: the cache is unreachable")
        return value
