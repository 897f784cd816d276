"""Parts of a page with forms, kept between requests without anyone's CSRF token.

A part is rendered with ``STAND_IN`` where each ``{% csrf_token %}`` puts its token
(``without_token``) and kept; each answer puts the request's own token in (``with_token``).
So a kept part never holds a token. The stand-in is drawn at random for the process, so no
text a person writes is taken for it; parts rendered with it live in this process only, or
in a cache whose entries are re-filled by a process of the same release (``games.kept``)."""

from __future__ import annotations

import secrets
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

STAND_IN = secrets.token_hex(32)


def without_token(template: str, context: dict[str, Any]) -> SafeString:
    """``template`` rendered with ``context``, ``STAND_IN`` in place of the CSRF token."""
    return SafeString(render_to_string(template, {**context, "csrf_token": STAND_IN}))


def with_token(part: str, csrf_token: str) -> SafeString:
    """A part rendered by ``without_token``, with the request's token in each form (a token is
    letters and digits: nothing to escape; the rest was escaped by its template)."""
    return SafeString(part.replace(STAND_IN, csrf_token))
