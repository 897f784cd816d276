"""How often one person, address, account or seat may do something: failed logins, password
resets, signups, new games, orders and chatter.

Counted by django-ratelimit (``get_usage``) in the shared cache (``CACHE_URL``: every web
process counts together; without it each process counts alone, which is fine for one
development process). Each limit is named, and its rate ("5/15m": five per fifteen minutes)
is in ``settings.RATE_LIMITS``. A request over a limit gets the 429 page in the site's frame,
with a clear message and ``Retry-After``; nothing behind it runs.

- ``limit(name, key)``: a view decorator counting each POST under ``key(request, **kwargs)``.
- ``login_guard(view)``: a login view (the site's and the admin's) refuses a POST while its
  account or its address has too many failed logins; failures are counted from Django's
  ``user_login_failed`` signal, so every login form counts alike. They are counted twice: in
  the shared cache, and in each process's own memory, so that while the shared cache is down
  (when the other limits let everything through) an attacker still meets the login limit,
  in each process.
- ``reset_guard(view)``: password resets per address and per e-mail address.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from functools import wraps

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core.cache.backends.locmem import LocMemCache
from django.dispatch import receiver
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# The library's own parsing of a rate and of the client's address (its IPv6 networks), so
# that both counts of a login limit mean the same.
from django_ratelimit.core import _get_ip, _split_rate, get_usage
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
ADDRESS = "ip"  # django-ratelimit's own key: ``client_address``, an IPv6 one by its /64 network


def client_address(request) -> str:
    """The client's address (django-ratelimit's ``RATELIMIT_IP_META_KEY``): behind a proxy,
    the last address of the header it sets (``CLIENT_ADDRESS_HEADER``, e.g.
    ``HTTP_X_FORWARDED_FOR``: the one the proxy appended, which the client cannot forge);
    otherwise, or when that is no address, the connection's."""
    header = settings.CLIENT_ADDRESS_HEADER
    if header:
        last = request.META.get(header, "").rpartition(",")[2].strip()
        try:
            return str(ipaddress.ip_address(last))
        except ValueError:
            pass
    return request.META.get("REMOTE_ADDR") or "0.0.0.0"


def rate(name: str) -> str:
    return settings.RATE_LIMITS[name]


def _usage(request, name: str, value: str, *, increment: bool) -> dict | None:
    """The count so far, or None when it cannot be had: with the cache down, nothing is
    limited (the limits guard the site; they must not take it down with the cache)."""
    key = value if value == ADDRESS else (lambda group, req: value)
    try:
        return get_usage(request, group=name, key=key, rate=rate(name), increment=increment)
    except (RedisError, OSError):  # the shared cache's own errors, or its socket's
        log.warning("limit %s not counted: the cache did not answer", name, exc_info=True)
        return None


def wait_seconds(request, checks: list[tuple[str, str]], *, increment: bool) -> int | None:
    """Seconds until every (limit name, counted value) allows this request again, or None if
    none of them is over its limit. With ``increment`` the request counts."""
    waits = []
    for name, value in checks:
        usage = _usage(request, name, value, increment=increment)
        if usage is None:
            continue
        # Counted, this request is one of the count; asked only, it would be the next.
        if usage["should_limit"] or (not increment and usage["count"] >= usage["limit"]):
            waits.append(usage["time_left"] + 1)  # the window still counts at its last second
    return max(waits) if waits else None


def too_many(request, seconds: int, message: str):
    """The 429 page: the message, how long to wait, ``Retry-After``."""
    minutes = max(1, math.ceil(seconds / 60))
    wait = ngettext(
        "Try again in %(minutes)d minute.", "Try again in %(minutes)d minutes.", minutes
    ) % {"minutes": minutes}
    response = render(request, "429.html", {"message": message, "wait": wait}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def limit(name: str, key, message):
    """Count each POST to the view under ``key(request, **view_kwargs)``; over the limit
    ``name``, the 429 page with ``message`` (a lazy translation) instead of the view."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method == "POST":
                seconds = wait_seconds(request, [(name, key(request, **kwargs))], increment=True)
                if seconds is not None:
                    return too_many(request, seconds, str(message))
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


# --- keys --------------------------------------------------------------------------------


def per_person(request, **kwargs) -> str:
    return f"user:{request.user.pk}"


def per_address(request, **kwargs) -> str:
    return ADDRESS


def per_seat(request, game_id, number, **kwargs) -> str:
    """A seat's posts by one person (a stranger's posts to it never use up its owner's)."""
    return f"seat:{game_id}:{number}:user:{request.user.pk}"


# --- logins and password resets ----------------------------------------------------------


def _account(username) -> str:
    return f"account:{str(username or '').strip().casefold()}"


def _login_checks(request, username) -> list[tuple[str, str]]:
    return [
        ("login_failures_per_account", _account(username)),
        ("login_failures_per_address", per_address(request)),
    ]


# Each process's own count of failed logins, beside the shared cache's: it alone counts while
# that cache is down. Bounded: past MAX_ENTRIES the oldest third of its counts is dropped.
_PROCESS_COUNTS = LocMemCache("login-failures", {"OPTIONS": {"MAX_ENTRIES": 20_000}})


def forget_process_counts() -> None:
    _PROCESS_COUNTS.clear()


def _process_key(request, name: str, value: str) -> tuple[str, int, int]:
    """The process's key for a limit's current window, with its limit and seconds left."""
    limit, period = _split_rate(rate(name))
    counted = _get_ip(request) if value == ADDRESS else value
    now = time.time()
    window = int(now // period)
    return f"{name}:{counted}:{window}", limit, int(period - now % period) + 1


def _count_in_process(request, name: str, value: str) -> None:
    key, _limit, seconds = _process_key(request, name, value)
    _PROCESS_COUNTS.add(key, 0, seconds)
    try:
        _PROCESS_COUNTS.incr(key)
    except ValueError:  # expired between the two calls: the window is over anyway
        pass


def _process_wait(request, checks: list[tuple[str, str]]) -> int | None:
    waits = []
    for name, value in checks:
        key, limit, seconds = _process_key(request, name, value)
        if _PROCESS_COUNTS.get(key, 0) >= limit:
            waits.append(seconds)
    return max(waits) if waits else None


@receiver(user_login_failed)
def count_failed_login(sender, credentials, request=None, **kwargs):
    if request is not None:
        username = credentials.get("username", "")
        for name, value in _login_checks(request, username):
            _usage(request, name, value, increment=True)
            _count_in_process(request, name, value)


def login_guard(view):
    """A login view that refuses to try a password while the account or the address has had
    too many failed logins (even the right password: that is the point), by the shared count
    or, should the shared cache be down, by this process's own."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            checks = _login_checks(request, request.POST.get("username"))
            waits = [
                wait_seconds(request, checks, increment=False),
                _process_wait(request, checks),
            ]
            seconds = max((wait for wait in waits if wait is not None), default=None)
            if seconds is not None:
                return too_many(
                    request,
                    seconds,
                    _("Too many failed logins for this account or from your address."),
                )
        return view(request, *args, **kwargs)

    return wrapper


def reset_guard(view):
    """A password reset view that mails a few links an hour per address and per e-mail."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "POST":
            email = str(request.POST.get("email", "")).strip().casefold()
            seconds = wait_seconds(
                request,
                [
                    ("password_resets_per_address", per_address(request)),
                    ("password_resets_per_email", f"email:{email}"),
                ],
                increment=True,
            )
            if seconds is not None:
                return too_many(request, seconds, _("Too many password resets asked for."))
        return view(request, *args, **kwargs)

    return wrapper
