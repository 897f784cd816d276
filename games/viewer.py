"""The viewer's preferences, read on every logged-in request: his time zone and his language,
kept in the cache by user, so a page does not query his profile each time. Any save or delete
of a profile, in any process (the receivers are connected when the app loads), drops the
entry; the timeout bounds what a bulk ``update()``, which sends no signal, could leave stale.
"""

from __future__ import annotations

from typing import NamedTuple

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Profile

PREFS_SECONDS = 300


class Prefs(NamedTuple):
    zone: str  # an IANA name, or "" for UTC
    language: str  # a code of settings.LANGUAGES, or "" for the browser's choice


NO_PROFILE = Prefs("", "")  # cached as such, so a person without a profile costs no query


def cache_key(user_id: int) -> str:
    return f"viewer-prefs:{user_id}"


def waiting_key(user_id: int) -> str:
    """The cache key of the count of games waiting on the person (``selectors.waiting_count``,
    the header's "your move" on every page he loads)."""
    return f"your-move:{user_id}"


def remember_read(user, prefs: tuple | None, waiting: int | None = None) -> None:
    """The preferences and the "your move" count as just read from the cache along with the
    user row (None: not cached), so that ``prefs_of`` and ``selectors.waiting_count`` need not
    read them again during this request (the count as it was when the request began: a
    change this request makes shows on the next page)."""
    if prefs is not None:
        user._viewer_prefs = Prefs(*prefs)
    if waiting is not None:
        user._waiting_count = int(waiting)


def prefs_of(user) -> Prefs:
    prefs = getattr(user, "_viewer_prefs", None)
    if prefs is None:
        cached = cache.get(cache_key(user.pk))
        prefs = Prefs(*cached) if cached is not None else None
    if prefs is None:
        profile = Profile.objects.filter(user_id=user.pk).only("time_zone", "language").first()
        prefs = Prefs(profile.time_zone, profile.language) if profile else NO_PROFILE
        cache.set(cache_key(user.pk), tuple(prefs), PREFS_SECONDS)
        user._viewer_prefs = prefs
    return prefs


def zone_of(user) -> str | None:
    """The IANA name of the person's time zone, or None for UTC (no profile)."""
    return prefs_of(user).zone or None


@receiver([post_save, post_delete], sender=Profile, dispatch_uid="viewer-prefs-forget")
def _forget(sender, instance, **kwargs):
    cache.delete(cache_key(instance.user_id))
