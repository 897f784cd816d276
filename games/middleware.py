"""The viewer's own time zone and language for every page: his profile's once he is logged in
(UTC and the browser's language, through Django's ``LocaleMiddleware``, for anyone else and for
what the profile leaves open)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.utils import timezone, translation

from .viewer import NO_PROFILE, prefs_of


class ViewerMiddleware:
    """Runs after ``LocaleMiddleware`` and the authentication middleware: a saved language wins
    over the browser's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        apply_viewer_prefs(request, request.user)
        return self.get_response(request)


def apply_viewer_prefs(request, user) -> None:
    """The person's time zone and saved language for the rest of the request; also called for
    a person the API knows by his token, which it reads after the middleware has run."""
    prefs = prefs_of(user) if user.is_authenticated else NO_PROFILE
    if prefs.zone:
        timezone.activate(ZoneInfo(prefs.zone))
    else:
        timezone.deactivate()
    if prefs.language:
        translation.activate(prefs.language)
        request.LANGUAGE_CODE = translation.get_language()
