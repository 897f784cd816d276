"""The boards as pictures: a game's position (``picture.svg`` for cards, ``picture.png`` for
link previews) and each kind's sample position (the home page's cards).

Anyone may see them: a game draws only what a spectator sees (``GameRules.board_picture``).
The query string names the position (``v``, ``selectors.picture_version``), the language of
the words drawn on it (``lang``) and the viewer's seat for a game that draws seats apart
(``seat``); a picture of a position that never changes is kept by browsers for a year and in
the cache for two days.
"""

from __future__ import annotations

from urllib.parse import urlencode

from csp.constants import NONE, UNSAFE_INLINE
from csp.decorators import csp
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from . import pictures, registry, selectors
from .kept import cache
from .models import Game

KEPT_SECONDS = 2 * 24 * 3600  # in the cache, as published reports are
FOREVER = "public, max-age=31536000, immutable"
A_MINUTE = "public, max-age=60"
# A picture is a document of its own: its stylesheet inside it, nothing to run, nothing to load.
PICTURE_POLICY = {"default-src": [NONE], "style-src": [UNSAFE_INLINE]}
CONTENT_TYPES = {"svg": "image/svg+xml", "png": "image/png"}


@csp(PICTURE_POLICY)  # type: ignore[arg-type]  # django-csp types a view as taking a request alone
@require_safe
def game_picture(request, game_id: int, extension: str):
    game = get_object_or_404(Game.objects.only("kind", "status"), pk=game_id)
    version = request.GET.get("v", "")[:12]
    seat = _seat(request.GET.get("seat"))
    language = _language(request.GET.get("lang"))
    key = f"picture:{game_id}:{version}:{seat}:{language}:{extension}"
    lasting = _lasting(game, version)
    body = cache.get(key) if lasting else None
    if body is None:
        with translation.override(language):
            document = _document(game, version, seat)
        body = pictures.png(document) if extension == "png" else document.encode()
        if lasting:
            cache.set(key, body, KEPT_SECONDS)
    return _picture(body, extension, FOREVER if lasting else A_MINUTE)


@csp(PICTURE_POLICY)  # type: ignore[arg-type]  # django-csp types a view as taking a request alone
@require_safe
def kind_picture(request, kind: str, extension: str):
    try:
        rules = registry.get(kind)
    except registry.Rejected:
        raise Http404("no such game") from None
    language = _language(request.GET.get("lang"))
    key = f"picture:{kind}:sample:{language}:{extension}"
    body = cache.get(key)
    if body is None:
        with translation.override(language):
            document = _sample(rules)
        body = pictures.png(document) if extension == "png" else document.encode()
        cache.set(key, body, KEPT_SECONDS)
    # The sample changes only with the code, which a deployment changes: a day.
    return _picture(body, extension, "public, max-age=86400")


def route_name(picture: str, extension: str) -> str:
    """``game_picture`` or ``kind_picture`` as an SVG (the name itself) or a PNG (``_png``)."""
    return picture if extension == "svg" else f"{picture}_{extension}"


def game_picture_url(game: Game, version: str, seat=None, extension: str = "svg") -> str:
    """The address of ``game``'s picture at ``version`` (``selectors.picture_version``, or
    ``p<N>``); a game not started shows its kind's sample."""
    if game.status == Game.Status.OPEN:
        return kind_picture_url(game.rules, extension)
    query = {"v": version, "lang": translation.get_language()}
    if seat is not None:
        query["seat"] = seat
    url = reverse(route_name("game_picture", extension), args=[game.pk])
    return f"{url}?{urlencode(query)}"


def kind_picture_url(rules: registry.GameRules, extension: str = "svg") -> str:
    query = urlencode({"lang": translation.get_language()})
    return f"{reverse(route_name('kind_picture', extension), args=[rules.slug])}?{query}"


def link_preview(request, game: Game, version: str, *, title: str, description: str) -> dict:
    """What a link to a page of ``game`` shows in a chat app (Open Graph): its title, a line
    and a raster picture of the board at ``version``."""
    return {
        "title": title,
        "description": description,
        "url": request.build_absolute_uri(request.path),
        "image": request.build_absolute_uri(game_picture_url(game, version, extension="png")),
        "image_alt": gettext("The board of %(title)s") % {"title": game.title},
    }


def _lasting(game: Game, version: str) -> bool:
    """Whether the position ``version`` names never changes: a round's start or end once the
    game has started (before, every version shows the kind's sample), a finished game's end."""
    if game.status == Game.Status.OPEN:
        return False
    return version[:1] in ("r", "p") or (version == "end" and game.status == Game.Status.FINISHED)


def _document(game: Game, version: str, seat: int | None) -> str:
    if game.status == Game.Status.OPEN:
        return _sample(game.rules)
    state = selectors.picture_state(game, version)
    if state is None:
        raise Http404("no such position")
    names = {s.number: str(s) for s in game.seats.only("game_id", "number", "name", "computer")}
    document = game.rules.board_picture(state, names, seat)
    if document is None:
        raise Http404("this game draws no picture")
    return document


def _sample(rules: registry.GameRules) -> str:
    state = rules.sample_position()
    document = rules.board_picture(state, {}) if state is not None else None
    if document is None:
        raise Http404("this game draws no picture")
    return document


def _picture(body: bytes | str, extension: str, cache_control: str) -> HttpResponse:
    response = HttpResponse(body, content_type=CONTENT_TYPES[extension])
    response["Cache-Control"] = cache_control
    return response


def _seat(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 3 else None


def _language(code: str | None) -> str:
    """The language asked for, if the site speaks it; else the request's."""
    return code if code in dict(settings.LANGUAGES) else translation.get_language()
