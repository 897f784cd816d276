"""``{% game_picture game open_round %}`` and ``{% kind_picture rules %}``: the addresses of the
boards' pictures (``games.picture_views``) in the page's language."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse
from django.utils.translation import get_language

from .. import selectors
from ..models import Game

register = template.Library()


@register.simple_tag
def game_picture(game: Game, open_round=None, seat=None, extension: str = "svg") -> str:
    """``game``'s position now (``open_round``: its open round, if one is); a game not
    started shows its kind's sample. ``seat``: the viewer's, for a game that draws seats
    apart."""
    if game.status == Game.Status.OPEN:
        return kind_picture(game.rules, extension)
    query = {"v": selectors.picture_version(game, open_round), "lang": get_language()}
    if seat is not None:
        query["seat"] = seat
    return f"{reverse('game_picture', args=[game.pk, extension])}?{urlencode(query)}"


@register.simple_tag
def kind_picture(rules, extension: str = "svg") -> str:
    """A sample position of the game ``rules`` plays."""
    query = urlencode({"lang": get_language()})
    return f"{reverse('kind_picture', args=[rules.slug, extension])}?{query}"
