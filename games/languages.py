"""Pages that a link may ask for in one of the site's languages, whatever the reader's own."""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.utils import translation


def asked_language(request) -> str | None:
    """The language ``?lang=`` names, if it is one of the site's."""
    wanted = request.GET.get("lang", "")
    return wanted if wanted in dict(settings.LANGUAGES) else None


def in_asked_language(view):
    """Render ``view`` in the language ``?lang=`` names (a link to a game's rules in German),
    else in the reader's own; the response says which (``Content-Language``)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        with translation.override(asked_language(request) or translation.get_language()):
            response = view(request, *args, **kwargs)
            response["Content-Language"] = translation.get_language()
        return response

    return wrapper
