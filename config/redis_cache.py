"""Django's Redis cache, with one Redis client per connection pool instead of a new one per
call: building a client cost twice as much as the GET it made, and every logged-in request
makes two (its session, the viewer's time zone). A redis-py client is safe to share between
threads; the pool under it is the same either way.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


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
