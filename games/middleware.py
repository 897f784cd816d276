"""Show every time in the viewer's own time zone (his profile's; UTC for spectators)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.utils import timezone


class ViewerTimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        zone = None
        if request.user.is_authenticated:
            profile = getattr(request.user, "profile", None)
            zone = profile.time_zone if profile else None
        if zone:
            timezone.activate(ZoneInfo(zone))
        else:
            timezone.deactivate()
        return self.get_response(request)
