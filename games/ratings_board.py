"""A game's leaderboard as its readers get it: its pages' rows rendered together and kept.

The rows are the same for every reader. With a cache every process shares (production's
Redis), a page's rendered rows are kept by (game, minimum of games, page, language), and the
count of the game's board by (game, minimum), each with the version of the board it was read
at. A board's version is two numbers, each bumped once the write that changes it has
committed: the game's own (a batch's ratings of that game: one game's ending leaves the other
games' boards kept) and every board's (a rebuild, a person renamed or deleted). A reader reads
the version before the ratings and keeps what it read with that version: rows read before a
write committed carry a version the bump leaves behind, so no reader takes them after it; a
kept entry is only ever replaced, so a board keeps one copy of each page a language. With a
cache of each process's own (no ``CACHE_URL``) nothing is kept: one process would not hear of
another's bump.

A page missing from the cache is rendered with every page of its block (``BLOCK`` pages, the
whole board up to 10,000 people) from one query, and all are kept at once: a board is read page
after page, and its rows cost far less rendered together than one page at a time (a query a
page, and the cache's round trips). The rows are written by one f-string, not a template,
which would cost some 0.1 ms a row. Kept pages are the release's (``games.kept``): a deploy
that writes rows otherwise never serves rows written before it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from urllib.parse import quote

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.cache.backends.locmem import LocMemCache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils.formats import localize
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from . import board_versions, ratings
from .board_versions import changed, version  # noqa: F401  (a board's version, as its readers ask)
from .kept import cache

PAGE = 50
BLOCK = 200  # pages rendered and kept together: a board of 10,000 people in one block
# Kept entries expire: the cache shares its Redis with the broker, which must never evict.
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
    if _kept():
        page = _kept_page(kind, ratings.leaderboard_min_games(), asked)
        if page is not None:
            return page
    board = ratings.leaderboard(kind)
    count = board.count()
    number = _nearest(asked, count)
    first = (number - 1) * PAGE
    rows = row_writer(first)(board.rows(first, first + PAGE))
    return BoardPage(count, number, mark_safe("".join(rows)))  # escaped by row_writer


def _kept_page(kind: str, minimum: int, asked: int) -> BoardPage | None:
    """The page from the cache, its block rendered and kept if it was not there at the board's
    version; None when the cache cannot say which version that is (Redis away). One round
    trip for the version, the count and the asked page, most often the one shown."""
    count_key = f"leaderboard-count:{kind}:{minimum}"
    asked_key = _rows_key(kind, minimum, asked)
    now, found = board_versions.version_with(kind, [count_key, asked_key])
    if now is None:
        return None
    count = _at(now, found.get(count_key))
    if count is None:
        count = ratings.leaderboard(kind).count()
        cache.set(count_key, (now, count), BOARD_SECONDS)
    number = _nearest(asked, count)
    rows_key = _rows_key(kind, minimum, number)
    rows = _at(now, found.get(rows_key) if rows_key == asked_key else cache.get(rows_key))
    if rows is None:
        rows = _kept_block(kind, minimum, number, now)
    return BoardPage(count, number, mark_safe(rows))  # written by row_writer, escaped there


def _at(now: str, entry: tuple | None):
    """A kept entry's value if it was read at the board's version ``now``, else None."""
    if entry is None or entry[0] != now:
        return None
    return entry[1]


def _rows_key(kind: str, minimum: int, number: int) -> str:
    return f"leaderboard:{kind}:{minimum}:{number}:{get_language()}"


def _kept_block(kind: str, minimum: int, number: int, now: str) -> str:
    """Render every page of page ``number``'s block at version ``now``, keep them, and give
    page ``number``'s rows."""
    first_page = (number - 1) // BLOCK * BLOCK + 1
    first = (first_page - 1) * PAGE
    rows = row_writer(first)(ratings.leaderboard(kind).rows(first, first + BLOCK * PAGE))
    pages = {
        first_page + index: "".join(rows[start : start + PAGE])
        for index, start in enumerate(range(0, len(rows), PAGE))
    }
    pages.setdefault(number, "")  # an empty board's one page
    cache.set_many(
        {_rows_key(kind, minimum, page): (now, html) for page, html in pages.items()},
        BOARD_SECONDS,
    )
    return pages[number]


def _nearest(asked: int, count: int) -> int:
    """The asked page, or the last one past the end (an empty board has one, empty page)."""
    return max(1, min(asked, -(-count // PAGE)))


def row_writer(first: int) -> Callable[[list[tuple[str, float, float, int]]], list[str]]:
    """A function writing the board's rows (name, mean, uncertainty, games), the first of
    them at place ``first + 1``, as HTML in the active language, one string a row. One
    f-string, not a template: a board's whole block (10,000 rows) is written at once after
    each rating change, and a template's some 0.1 ms a row would make that a second."""
    link, written = person_link(), number_writer()
    prefix, suffix = (escape(part) for part in _address_parts())
    uncertainty = escape(gettext("The rating’s uncertainty: it shrinks with every rated game."))

    def write(rows: list[tuple[str, float, float, int]]) -> list[str]:
        written_rows = []
        for place, (username, mu, sigma, games) in enumerate(rows, start=first + 1):
            if _AS_IS.fullmatch(username):
                url, name = f"{prefix}{username}{suffix}", username
            else:
                url, name = escape(link(username)), escape(username)
            written_rows.append(
                f'\n  <tr><td>{written(place)}</td><td><a href="{url}">{name}</a></td>'
                f'<td class="number">{written(ratings.shown(mu))} <span class="muted" '
                f'title="{uncertainty}">± {written(round(sigma))}</span></td>'
                f'<td class="number">{written(games)}</td></tr>'
            )
        return written_rows

    return write


# Names of these characters (most: a username is letters, digits and @.+-_) read the same
# quoted into an address and escaped into HTML: a board's rows skip both for them.
_AS_IS = re.compile(r"[A-Za-z0-9@.+_-]+")


def number_writer() -> Callable[[int], str]:
    """A whole number as the template would write it in the active language: with Django's
    thousand separator when the site sets one, else its digits (``localize`` asks for the
    language's formats on every number; a page writes 200)."""
    return localize if settings.USE_THOUSAND_SEPARATOR else str


# A name no person has (a username has no space): where a person's name goes in his address.
_SLOT = "name goes here"


def _address_parts() -> tuple[str, str]:
    """What comes before and after a person's (quoted) name in his page's address."""
    prefix, _, suffix = reverse("person", args=[_SLOT]).partition(quote(_SLOT))
    return prefix, suffix


def person_link() -> Callable[[str], str]:
    """A function giving a person's page's address from his name, as ``reverse("person")``
    gives it (the name quoted as ``reverse`` quotes it), for one ``reverse`` a page."""
    prefix, suffix = _address_parts()
    safe = RFC3986_SUBDELIMS + "/~:@"
    return lambda username: f"{prefix}{quote(username, safe=safe)}{suffix}"
