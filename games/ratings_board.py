"""A game's leaderboard as its readers get it: a page's rows rendered once and kept.

The rows are the same for every reader. With a cache every process shares (production's
Redis), a page's rendered rows are kept by (game, minimum of games, page, language, version),
and the count of the game's board by (game, minimum, version). A board's version is two
numbers, each bumped once the write that changes it has committed: the game's own (a batch's
ratings of that game: one game's ending leaves the other games' boards kept) and every board's (a
rebuild, a person renamed or deleted). A reader reads the version before the ratings: rows
rendered from ratings read before a write committed are kept under a version the bump leaves
behind, so no reader gets them after it. With a cache of each process's own (no
``CACHE_URL``) nothing is kept: one process would not hear of another's bump.

The rows are built for speed when they are rendered: one ``reverse`` for every person's link
and the numbers formatted before the template, which only places them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import localize
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from . import ratings
from .board_versions import changed, version
from .kept import cache

PAGE = 50
# Kept entries expire: the cache shares its Redis with the broker, which must never evict, and
# every version left behind would otherwise stay.
BOARD_SECONDS = 2 * 24 * 3600


# --- kept or not ------------------------------------------------------------------------------


def _kept() -> bool:
    """Whether boards are kept: only in a cache every process reads and bumps."""
    return not isinstance(caches["default"], (LocMemCache, DummyCache))


@receiver(post_save, sender=get_user_model(), dispatch_uid="ratings-board-person-saved")
def _person_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    """A board shows its people's names: a name saved may be a new one (a new person, or a
    save of other fields only, such as a login's ``last_login``, is none)."""
    if not created and (update_fields is None or "username" in update_fields):
        changed()


@receiver(post_delete, sender=get_user_model(), dispatch_uid="ratings-board-person-deleted")
def _person_deleted(sender, instance, **kwargs) -> None:
    changed()  # his ratings went with him


# --- a page of a board ------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardPage:
    """A page of a game's board: the board's count, the page's number (the asked one, or the
    nearest that exists) and its rendered rows."""

    count: int
    number: int
    rows: SafeString


def board_page(kind: str, asked: int) -> BoardPage:
    """Page ``asked`` (1 first) of the game's board, or the nearest page that exists."""
    now = version(kind) if _kept() else None
    if now is None:
        count = ratings.leaderboard(kind).count()
        number = _nearest(asked, count)
        return BoardPage(count, number, _rendered(kind, number))
    return _kept_page(kind, ratings.leaderboard_min_games(), asked, now)


def _kept_page(kind: str, minimum: int, asked: int, now: str) -> BoardPage:
    """The page from the cache, rendered and kept if it was not: one round trip for the
    count and the asked page, most often the one shown."""
    count_key = f"leaderboard-count:{kind}:{minimum}:v{now}"
    found = cache.get_many([count_key, _rows_key(kind, minimum, asked, now)])
    count: int | None = found.get(count_key)
    if count is None:
        count = ratings.leaderboard(kind).count()
        cache.set(count_key, count, BOARD_SECONDS)
    number = _nearest(asked, count)
    rows_key = _rows_key(kind, minimum, number, now)
    rows: str | None = found.get(rows_key) if number == asked else cache.get(rows_key)
    if rows is None:
        rows = str(_rendered(kind, number))
        cache.set(rows_key, rows, BOARD_SECONDS)
    return BoardPage(count, number, mark_safe(rows))  # the template's own rendering, kept


def _rows_key(kind: str, minimum: int, number: int, now: str) -> str:
    return f"leaderboard:{kind}:{minimum}:{number}:{get_language()}:v{now}"


def _nearest(asked: int, count: int) -> int:
    """The asked page, or the last one past the end (an empty board has one, empty page)."""
    return max(1, min(asked, -(-count // PAGE)))


class Row(NamedTuple):
    """A board's row, every number written for the page's language (the template unpacks
    it: no lookups)."""

    place: str
    url: str
    username: str
    rating: str
    sigma: str
    games: str


def _rendered(kind: str, number: int) -> SafeString:
    first = (number - 1) * PAGE
    link, written = person_link(), number_writer()
    rows = [
        Row(
            place=written(first + index),
            url=link(username),
            username=username,
            rating=written(ratings.shown(mu)),
            sigma=written(round(sigma)),
            games=written(games),
        )
        for index, (username, mu, sigma, games) in enumerate(
            ratings.leaderboard(kind).rows(first, first + PAGE), start=1
        )
    ]
    return render_to_string("games/_leaderboard_rows.html", {"rows": rows})


def number_writer() -> Callable[[int], str]:
    """A whole number as the template would write it in the active language: with Django's
    thousand separator when the site sets one, else its digits (``localize`` asks for the
    language's formats on every number; a page writes 200)."""
    return localize if settings.USE_THOUSAND_SEPARATOR else str


# A name no person has (a username has no space): where a person's name goes in his address.
_SLOT = "name goes here"


def person_link():
    """A function giving a person's page's address from his name, as ``reverse("person")``
    gives it (the name quoted as ``reverse`` quotes it), for one ``reverse`` a page."""
    prefix, _, suffix = reverse("person", args=[_SLOT]).partition(quote(_SLOT))
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda username: f"{prefix}{quote(username, safe=safe)}{suffix}"
