"""Show every time in the viewer's own time zone (his profile's; UTC for spectators)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.utils import timezone

from .viewer_zone import zone_of


class ViewerTimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        zone = zone_of(request.user) if request.user.is_authenticated else None
        if zone:
            timezone.activate(ZoneInfo(zone))
        else:
            timezone.deactivate()
        return self.get_response(request)
