"""``{% game_picture game open_round %}`` and ``{% kind_picture rules %}``: the addresses of the
boards' pictures (``games.picture_views``) in the page's language."""

from __future__ import annotations

from django import template

from .. import picture_views, selectors

register = template.Library()


@register.simple_tag
def game_picture(game, open_round=None, seat=None, extension: str = "svg") -> str:
    """``game``'s position now (``open_round``: its open round, if one is). ``seat``: the
    viewer's, for a game that draws seats apart."""
    version = selectors.picture_version(game, open_round or None)
    return picture_views.game_picture_url(game, version, seat, extension)


@register.simple_tag
def kind_picture(rules, extension: str = "svg") -> str:
    """A sample position of the game ``rules`` plays."""
    return picture_views.kind_picture_url(rules, extension)
