"""What every page's frame (``base.html``) shows."""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth.models import AnonymousUser
from django.urls import get_script_prefix, reverse
from django.utils.functional import cached_property

from . import registry, selectors

SITE_PAGES = (
    "home",
    "lobby",
    "leaderboards",
    "my_games",
    "logout",
    "login",
    "signup",
    "set_language",
    "manifest",
)


@lru_cache(maxsize=8)
def _site_urls(script_prefix: str, games: tuple[registry.GameRules, ...]) -> dict:
    urls: dict[str, object] = {name: reverse(name) for name in SITE_PAGES}
    urls["game_links"] = [link for rules in games for link in rules.nav_links()]
    urls["rules_links"] = [
        (rules.name, rules.rules_url()) for rules in games if rules.rules_url_name
    ]
    return urls


class YourMove:
    """The count of games waiting on the person, looked up only when a page shows it."""

    def __init__(self, user) -> None:
        self.user = user

    @cached_property
    def count(self) -> int:
        if not self.user.is_authenticated:
            return 0
        return selectors.waiting_count(self.user)


def site_urls(request) -> dict:
    """The links of the site's header (the platform's pages, each game's own entries and its
    rules page), worked out once per process, script prefix and set of games: every page has
    them, and reversing them each time is a large share of the frame's rendering."""
    return {
        "site_urls": _site_urls(get_script_prefix(), tuple(registry.all_games())),
        "your_move": YourMove(getattr(request, "user", None) or AnonymousUser()),
    }
