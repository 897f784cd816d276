"""Production's cache backend (``CACHE_URL``): Django's Redis cache, sharing one Redis client
per connection pool. Runs against the real Redis the suite uses; its keys carry a prefix of
their own and are deleted afterwards (nothing else in that database is touched)."""

import os

import pytest

from config.redis_cache import SharedClientRedisCache

REDIS = os.getenv("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"


@pytest.fixture
def cache():
    backend = SharedClientRedisCache(REDIS, {"KEY_PREFIX": "test-shared-client-cache"})
    yield backend
    backend.delete_many(["a", "b", "n"])


def test_it_stores_reads_counts_and_deletes_like_djangos_redis_cache(cache):
    cache.set("a", {"zone": "Asia/Tokyo"}, 30)
    cache.set_many({"b": "β"}, 30)
    assert cache.get("a") == {"zone": "Asia/Tokyo"}
    assert cache.get_many(["a", "b", "missing"]) == {"a": {"zone": "Asia/Tokyo"}, "b": "β"}
    cache.set("n", 1, 30)
    assert cache.incr("n") == 2
    cache.delete("a")
    assert cache.get("a") is None and cache.get("a", "gone") == "gone"


def test_it_makes_one_client_and_uses_it_for_every_call(cache):
    client = cache._cache.get_client()
    cache.set("a", 1, 30)
    assert cache.get("a") == 1
    assert cache._cache.get_client() is client
    assert cache._cache.get_client(write=True) is client  # one server: one pool, one client
