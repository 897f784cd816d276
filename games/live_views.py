"""The live check of a game's live pages (``games.live``): 304 while the version the page was
drawn at is still the game's, else the new one."""

from __future__ import annotations

from django.http import Http404, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from . import live, presence


@never_cache
@require_safe
def live_check(request, game_id: int):
    found = live.version(game_id)
    if found is None or not live.opted_in(found.kind):
        raise Http404("No such live game.")
    if request.user.is_authenticated:  # he has the game open: no "your turn" mail meanwhile
        presence.touch(request.user.pk, game_id)
    etag = f'"{found.tag}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        response = JsonResponse({"version": found.tag, "round": found.round_number})
    response["ETag"] = etag
    return response
