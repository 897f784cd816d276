"""The logged-in person's user row, read on every request: kept in the shared cache by id, so
a page does not query it each time (see docs/performance.md).

Django still checks the session against the user's password hash on every request, so a
password change logs the other sessions out as before. Any save or delete of a user, in any
process (the receivers are connected when the app loads), drops the entry: a new password, a
deactivation, a new name show at once. The timeout bounds what a bulk ``update()``, which
sends no signal, could leave stale. Used only with a shared cache (``CACHE_URL``): with one
cache per process, one process would not hear of another's change.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from . import viewer

USER_SECONDS = 300


def _key(user_id) -> str:
    return f"auth-user:{user_id}"


class CachedModelBackend(ModelBackend):
    """Django's own backend (same passwords, same rules for inactive users), reading the
    session's user from the cache first, and his time zone and "your move" count with it (one
    round trip for all three: every logged-in page needs them)."""

    def get_user(self, user_id):
        keys = [_key(user_id), viewer.cache_key(user_id), viewer.waiting_key(user_id)]
        found = cache.get_many(keys)
        user = found.get(_key(user_id))
        if user is None:
            user = super().get_user(user_id)  # None for a deleted or inactive user: not kept
            if user is None:
                return None
            cache.set(_key(user_id), user, USER_SECONDS)
        viewer.remember_read(
            user, found.get(viewer.cache_key(user_id)), found.get(viewer.waiting_key(user_id))
        )
        return user


@receiver([post_save, post_delete], sender=get_user_model(), dispatch_uid="auth-user-forget")
def _forget(sender, instance, **kwargs) -> None:
    cache.delete(_key(instance.pk))
