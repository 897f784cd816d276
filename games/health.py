"""What ``/healthz`` asks: the database, the shared cache and the broker, each within a few
seconds (the database's connect and statement timeouts, Redis' socket timeouts), so that a
service that hangs makes the check answer 503 in time instead of hanging with it."""

from __future__ import annotations

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError

from .db import queries

REDIS_SECONDS = 1.0


def services_down() -> list[str]:
    """The names of the services that do not answer now, in the order they are asked."""
    down = []
    if not _database_answers():
        down.append("database")
    reachable = getattr(cache, "reachable", None)  # only the shared cache can be down
    if reachable is not None and not reachable():
        down.append("cache")
    if not _broker_answers(settings.CELERY_BROKER_URL):
        down.append("broker")
    return down


def _database_answers() -> bool:
    try:
        queries.ping()
    except DatabaseError:
        return False
    return True


def _broker_answers(url: str) -> bool:
    """Redis as the broker answers a PING; any other broker (none: tasks run in-process) is
    not asked."""
    if not url.startswith(("redis://", "rediss://", "unix://")):
        return True
    client = redis.Redis.from_url(
        url, socket_connect_timeout=REDIS_SECONDS, socket_timeout=REDIS_SECONDS
    )
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()
