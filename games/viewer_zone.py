"""The viewer's time zone, read on every logged-in request: kept in the cache by user, so a
page does not query his profile each time. Any save or delete of a profile, in any process
(the receivers are connected when the app loads), drops the entry; the timeout bounds what a
bulk ``update()``, which sends no signal, could leave stale.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import Profile

ZONE_SECONDS = 300
NO_PROFILE = ""  # cached as such, so a person without a profile costs no query either


def cache_key(user_id: int) -> str:
    return f"viewer-zone:{user_id}"


def remember_read(user, zone: str | None) -> None:
    """The zone as just read from the cache along with the user row (None: not cached), so that
    ``zone_of`` need not read it again during this request."""
    if zone is not None:
        user._viewer_zone = zone


def zone_of(user) -> str | None:
    """The IANA name of the person's time zone, or None for UTC (no profile)."""
    zone = getattr(user, "_viewer_zone", None)
    if zone is None:
        zone = cache.get(cache_key(user.pk))
    if zone is None:
        profile = Profile.objects.filter(user_id=user.pk).only("time_zone").first()
        zone = profile.time_zone if profile else NO_PROFILE
        cache.set(cache_key(user.pk), zone, ZONE_SECONDS)
    return zone or None


@receiver([post_save, post_delete], sender=Profile, dispatch_uid="viewer-zone-forget")
def _forget(sender, instance, **kwargs):
    cache.delete(cache_key(instance.user_id))
