"""Live pages: a page that waits on others (a seat's page, a game's public page) learns within
seconds that the game changed, and shows it.

The page polls ``/games/<id>/live`` every ``LIVE_SECONDS`` (2) with the version it was drawn
at in ``If-None-Match``; the check answers 304 while nothing changed, from one indexed read
(``queries.live_marker``: the game's status and its latest round) and one cache read (a game's
own news, ``changed``), and the version when something did; the page (``static/js/live.js``)
then reloads itself, keeping the half-built orders a game names (``GameRules.live_keep``).
Polling, not server-sent events: a check costs about the logged-in floor of a page
(docs/performance.md), it needs no long-lived connection per open page (gunicorn's sync workers
would hold one each) and no second server, and it works the same without Redis (the embedded
default); a hidden tab does not poll.

A game opts in through the registry: ``GameRules.live_pages`` names its pages that wait on
others; the platform's public page of such a game is live too. ``LiveMiddleware`` reads the
version before the view reads the game, so a change made while the page is drawn shows as a
new version at the next check, never as a missed one.
"""

from __future__ import annotations

import logging
import uuid
import zlib
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.urls import reverse

from . import registry
from .db import queries
from .models import Game

log = logging.getLogger(__name__)

LIVE_SECONDS = 2  # how often a live page checks (``settings.LIVE_SECONDS`` overrides it)
NEWS_SECONDS = 7 * 24 * 3600  # a game's own news is kept this long (then one extra reload)
PUBLIC_PAGE = "game"  # the platform's public page of a game, live for every live game


def _news_key(game_id: int) -> str:
    return f"live:{game_id}"


@dataclass(frozen=True)
class Version:
    kind: str
    tag: str  # changes whenever what a waiting page shows may have changed
    round_number: int | None  # the latest round: half-built orders belong to it
    finished: bool


def version(game_id: int) -> Version | None:
    """The game's live version now; None if there is no such game."""
    marker = queries.live_marker(game_id)
    if marker is None:
        return None
    news = cache.get(_news_key(game_id)) or ""  # a missing cache: no news, the rest still counts
    referee = zlib.crc32((marker.referee_input or "").encode())
    status = (marker.round_status or "-")[0] + marker.status[0]
    return Version(
        kind=marker.kind,
        tag=f"{marker.round_number or 0}{status}{referee:x}{news}",
        round_number=marker.round_number,
        finished=marker.status == Game.Status.FINISHED,
    )


def changed(game_ids: list[int]) -> None:
    """Something a waiting page of these games shows has changed that their status and
    rounds do not tell (a draw offered, a seat replaced): their live pages show it."""
    news = uuid.uuid4().hex[:8]
    try:
        cache.set_many({_news_key(game_id): news for game_id in game_ids}, NEWS_SECONDS)
    except Exception:  # any cache failure: the pages learn it with the game's next round
        log.warning("live news not noted: the cache did not answer", exc_info=True)


def seconds() -> int:
    return getattr(settings, "LIVE_SECONDS", LIVE_SECONDS)


def opted_in(kind: str) -> bool:
    """Whether a kind of game has live pages (a kind no longer installed has none)."""
    try:
        return bool(registry.get(kind).live_pages)
    except registry.Rejected:
        return False


def _names_live_page(url_name: str, namespace: str) -> bool:
    """Whether the page may be live before the game is read: the platform's public page, or a
    page a game names in ``live_pages``."""
    if namespace == "":
        return url_name == PUBLIC_PAGE
    rules = next((r for r in registry.all_games() if r.slug == namespace), None)
    return rules is not None and url_name in rules.live_pages


@dataclass(frozen=True)
class LivePage:
    """What the site's frame gives ``static/js/live.js`` (its script tag's data)."""

    url: str
    version: Version
    seconds: int
    keep: str  # CSS selectors of the forms whose half-built fields survive a reload


def live_page(game_id: int, url_name: str, namespace: str) -> LivePage | None:
    """The live hook of this page of the game, if it is a live page of a running or open
    game (a finished game never changes)."""
    if not _names_live_page(url_name, namespace):
        return None
    found = version(game_id)
    if found is None or found.finished or namespace not in ("", found.kind):
        return None
    if not opted_in(found.kind):
        return None
    return LivePage(
        url=reverse("live", args=[game_id]),
        version=found,
        seconds=seconds(),
        keep=", ".join(registry.get(found.kind).live_keep),
    )
