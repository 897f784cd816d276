"""Published rounds never change, so their rendered fragments are cached. Only the pilots'
names shown in them may change (a pilot names himself in his first round, a computer seat goes
to a person): then the game's fragments are re-rendered under a new version.

The fragments and pages are kept in the release's cache (``games.kept``: a deploy renders
them anew); the names' versions in the default cache, since a name's change means the same to
every release (one that bumps it while another serves the pages leaves neither stale).

Entries expire after two days: a round is read mostly until the next one is published, and
the cache shares its Redis with the broker, which must never evict, so nothing else would
bound a long-running site's cache (every round ever read, every names' version left behind).
"""

from __future__ import annotations

from django.core.cache import cache
from django.utils.translation import get_language

from . import kept

REPORT_SECONDS = 2 * 24 * 3600


def names_key(game_id: int) -> str:
    return f"report-names:{game_id}"


def names_version(game_id: int) -> int:
    """The version of the game's names that cached fragments are rendered under."""
    return cache.get(names_key(game_id), 0)


def fragment_key(game_id: int, round_id: int, fragment: str) -> str:
    return f"report:{round_id}:{fragment}:v{names_version(game_id)}:{get_language()}"


def names_changed(game_id: int) -> None:
    """Call when a seat's name changes: the game's cached reports are rendered anew."""
    try:
        cache.incr(names_key(game_id))
    except ValueError:  # no version yet
        cache.set(names_key(game_id), 1, None)


# A published round's whole page as an anonymous reader gets it (no session, no messages, no
# CSRF token: nothing of anyone's). Kept with the names' version it was rendered under, and
# keyed by whether a later round was published then, which changes its "next" link. Fragments
# and pages are kept per language: the active one when they are read and written.


def _page_key(round_id: int, step: int, later: bool) -> str:
    return f"report-page:{round_id}:{step}:{int(later)}:{get_language()}"


def public_page(game_id: int, round_id: int, step: int, later: bool) -> tuple[str | None, int]:
    """The cached page, if rendered under the game's current names, and that names' version
    (one cache round trip)."""
    found, versions = kept.get_with(_page_key(round_id, step, later), [names_key(game_id)])
    version = versions.get(names_key(game_id), 0)
    if found is not None and found[0] == version:
        return found[1], version
    return None, version


def keep_public_page(round_id: int, step: int, later: bool, version: int, html: str) -> None:
    kept.cache.set(_page_key(round_id, step, later), (version, html), REPORT_SECONDS)
