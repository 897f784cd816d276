"""``{{ part|with_csrf_token:csrf_token }}``: a kept part drawn without its CSRF token
(``games.token_slots``) with the page's own token put in, the one the site's frame shows
(the template's ``csrf_token``, worked out once a page), not a second one masked for it."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from games import token_slots

register = template.Library()


@register.filter
def with_csrf_token(part: str, csrf_token) -> SafeString:
    return token_slots.with_token(part, str(csrf_token))
