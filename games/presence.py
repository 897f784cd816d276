"""Who has a game's seat page open right now: a mark in the shared cache that each read of the
page (and each of its live updates) renews, gone ``PRESENCE_SECONDS`` after the last one.

Mail asks it so that nobody is mailed "your turn" for a game he is watching live. Presence is a
courtesy, never a duty: while the cache cannot be reached a mark is not written and nobody is
watching, so the mail goes out (never lost for an outage). Without a shared cache
(``CACHE_URL``) each process sees only its own marks: a worker in another process then finds
nobody watching and mails, as without presence.
"""

from __future__ import annotations

import logging

from django.core.cache import cache

log = logging.getLogger(__name__)

# A page that is open renews its mark well within this: a live page checks for news every
# ``live.LIVE_SECONDS`` (2) while its tab is visible.
PRESENCE_SECONDS = 30


def _key(user_id: int, game_id: int) -> str:
    return f"watching:{game_id}:{user_id}"


def touch(user_id: int, game_id: int) -> None:
    """The person has the game's page open now."""
    try:
        cache.set(_key(user_id, game_id), 1, PRESENCE_SECONDS)
    except Exception:  # any cache failure: the page goes on without the mark
        log.warning("presence not noted: the cache did not answer", exc_info=True)


def watching(user_id: int, game_id: int) -> bool:
    """Whether the person had the game's page open within the last ``PRESENCE_SECONDS``
    (False when the cache cannot say: then he is mailed)."""
    try:
        return cache.get(_key(user_id, game_id)) is not None
    except Exception:  # any cache failure: he is mailed
        log.warning("presence unknown: the cache did not answer", exc_info=True)
        return False


def watchers(user_ids: list[int], game_id: int) -> set[int]:
    """Those of ``user_ids`` watching the game now (one round trip for all of them)."""
    if not user_ids:
        return set()
    keys = {_key(user_id, game_id): user_id for user_id in user_ids}
    try:
        found = cache.get_many(list(keys))
    except Exception:  # any cache failure: they are mailed
        log.warning("presence unknown: the cache did not answer", exc_info=True)
        return set()
    return {keys[key] for key in found}
