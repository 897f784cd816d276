"""What every page's frame (``base.html``) shows."""

from __future__ import annotations

from functools import lru_cache

from django.urls import get_script_prefix, reverse

from . import registry

SITE_PAGES = ("home", "lobby", "my_games", "logout", "login", "signup", "set_language")


@lru_cache(maxsize=8)
def _site_urls(script_prefix: str, games: tuple[registry.GameRules, ...]) -> dict:
    urls = {name: reverse(name) for name in SITE_PAGES}
    urls["game_links"] = [link for rules in games for link in rules.nav_links()]
    urls["rules_links"] = [(rules.name, rules.rules_url()) for rules in games
                           if rules.rules_url_name]
    return urls


def site_urls(request) -> dict:
    """The links of the site's header (the platform's pages, each game's own entries and its
    rules page), worked out once per process, script prefix and set of games: every page has
    them, and reversing them each time is a large share of the frame's rendering."""
    return {"site_urls": _site_urls(get_script_prefix(), tuple(registry.all_games()))}
