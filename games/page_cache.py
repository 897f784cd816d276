"""A game's public page (``/games/<id>/``) as a reader without a session gets it: no one's
navigation, no messages, no CSRF token, the same for every such reader (spectators, the
crawlers of a link's preview).

A copy is kept with the signature it was rendered under and served only while the signature
still holds. The signature is read *before* the page is rendered, so a change made while it is
rendered leaves a copy that the next reader's signature no longer matches (rendered again),
never a stale copy served as new. It is made of:

- ``queries.public_page_marker``: a digest of everything the page shows that may change (the
  game, its referee, its seats and their people, its open or failed round and whose orders for
  it are in, how many rounds are published), one read;
- the game's names' version (``report_cache.names_version``: a pilot's name is read from the
  state as well);
- the live hook's version (a live page carries it to its script).

Copies are kept in the release's cache (``games.kept``: a deploy renders them anew), the
names' version in the default one (``report_cache``). A copy lives ``PAGE_SECONDS`` at most:
what the page writes about the time left before a deadline ("in 1 d 16 h", which its script
keeps counting) stays that fresh for a reader without script, and the cache, whose Redis is
shared with the broker and never evicts, stays bounded.
"""

from __future__ import annotations

from django.utils.translation import get_language

from . import kept, report_cache
from .db import queries

PAGE_SECONDS = 60


def _page_key(request, game_id: int) -> str:
    # A live page's redraw (htmx) gets no live hook of its own: it is kept apart.
    live = "live" if getattr(request, "live", None) is not None else "plain"
    scheme = "https" if request.is_secure() else "http"
    return f"game-page:{game_id}:{get_language()}:{scheme}:{request.get_host()}:{live}"


def signature(request, game_id: int) -> str | None:
    """What the page depends on now; None if there is no such game."""
    marker = queries.public_page_marker(game_id)
    if marker is None:
        return None
    live = getattr(request, "live", None)
    tag = live.version.tag if live is not None else ""
    return f"{marker}:{tag}"


def kept_page(request, game_id: int, signed: str) -> tuple[str | None, int]:
    """The kept copy if it was rendered under ``signed`` and the game's names as they are now,
    and the names' version (one cache round trip)."""
    names_key = report_cache.names_key(game_id)
    found, versions = kept.get_with(_page_key(request, game_id), [names_key])
    names = versions.get(names_key, 0)
    if found is not None and found[0] == (signed, names):
        return found[1], names
    return None, names


def keep_page(request, game_id: int, signed: str, names: int, html: str) -> None:
    kept.cache.set(_page_key(request, game_id), ((signed, names), html), PAGE_SECONDS)
