"""The API's limits, counted as the site's are (``games.limits``: django-ratelimit in the
shared cache): every request against its caller's ``api_requests``; an order or chatter post
and a practice game also against the site's own limits for those, so the API is no way around
them."""

from __future__ import annotations

import hashlib
import threading

from ninja.errors import Throttled
from ninja.throttling import BaseThrottle

from .. import limits, tokens


def remember_token(request, secret: str, user) -> None:
    """What the bearer token of this request turned out to be, once checked (``app``)."""
    request.api_token_counted = (
        "token:" + hashlib.sha256(secret.encode()).hexdigest()[:32] if user is not None else None
    )


def _sent_token(request) -> str | None:
    header = request.META.get("HTTP_AUTHORIZATION", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else None


def caller(request) -> str:
    """Who is counted: a real token (by a digest of it), else the person of the site's
    session, else the address. A token that is no token counts as its address: made-up
    tokens are no way around the address's limit, nor a key each in the cache."""
    secret = _sent_token(request)
    if secret is not None:
        if not hasattr(request, "api_token_counted"):  # a public operation: checked here
            remember_token(request, secret, tokens.user_of_secret(secret))
        if request.api_token_counted is not None:
            return request.api_token_counted
    elif request.user.is_authenticated:
        return limits.per_person(request)
    return limits.per_address(request)


class ApiLimit(BaseThrottle):
    """Each API request counts; over ``api_requests`` a 429 with ``Retry-After``. (One instance
    serves every request: the wait is kept per thread, between ``allow_request`` and ``wait``,
    which ninja calls one after the other.)"""

    def __init__(self):
        self._local = threading.local()

    def allow_request(self, request) -> bool:
        self._local.seconds = limits.wait_seconds(
            request, [("api_requests", caller(request))], increment=True
        )
        return self._local.seconds is None

    def wait(self) -> float | None:
        return self._local.seconds


def count(request, name: str, key: str) -> None:
    """Count this request against the site's limit ``name``; over it, a 429."""
    seconds = limits.wait_seconds(request, [(name, key)], increment=True)
    if seconds is not None:
        raise Throttled(wait=seconds)
