"""The viewer's own time zone and language for every page: his profile's once he is logged in
(UTC and the browser's language, through Django's ``LocaleMiddleware``, for anyone else and for
what the profile leaves open)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.utils import timezone, translation

from . import live
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


class LiveMiddleware:
    """Marks a live page (``games.live``) before its view runs: ``request.live`` is its hook
    for the site's frame, with the game's version read before the view reads the game."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        game_id = view_kwargs.get("game_id")
        if match is None or not isinstance(game_id, int) or request.method != "GET":
            return
        if getattr(request, "htmx", False):  # a part of a page: the page has its hook
            return
        request.live = live.live_page(game_id, match.url_name or "", match.namespace)
        return
