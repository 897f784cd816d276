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
        prefs = prefs_of(request.user) if request.user.is_authenticated else NO_PROFILE
        if prefs.zone:
            timezone.activate(ZoneInfo(prefs.zone))
        else:
            timezone.deactivate()
        if prefs.language:
            translation.activate(prefs.language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
