"""The versions a game's leaderboard is kept under (games/ratings_board.py): two numbers, each
bumped once the write that changes it has committed: the game's own (its ratings) and every
board's (a rebuild, a person renamed or deleted). Apart from the board so that the ratings'
writes bump them without importing the board that reads the ratings."""

from __future__ import annotations

import time
from collections.abc import Iterable
from functools import partial

from django.core.cache import cache
from django.db import transaction

from . import kept

EVERY_BOARD = "ratings-version"  # bumped when every board changes: a name, a rebuild


def version(kind: str) -> str | None:
    """The version the game's board is kept under: every board's (names) and the game's own
    (its ratings), read in one round trip; None when the cache cannot say (Redis away:
    nothing is read or kept). A missing version starts at the clock's nanoseconds, so that a
    version lost with the cache's keys is never given again."""
    keys = [EVERY_BOARD, _board_key(kind)]
    found = cache.get_many(keys)
    for key in keys:
        if found.get(key) is None:
            cache.add(key, time.time_ns(), None)
            found[key] = cache.get(key)
            if found[key] is None:
                return None
    return f"{found[EVERY_BOARD]}.{found[_board_key(kind)]}"


def version_with(kind: str, kept_keys: list[str]) -> tuple[str | None, dict]:
    """The game's board version (as ``version`` gives it) and the kept entries (``games.kept``)
    of ``kept_keys``, read in one round trip. A version made anew has nothing kept at it: no
    entries then."""
    parts = [EVERY_BOARD, _board_key(kind)]
    found, versions = kept.get_many_with(kept_keys, parts)
    if any(versions.get(part) is None for part in parts):
        return version(kind), {}
    return f"{versions[EVERY_BOARD]}.{versions[_board_key(kind)]}", found


def _board_key(kind: str) -> str:
    return f"ratings-version:{kind}"


def changed(kinds: Iterable[str] | None = None) -> None:
    """Call in the transaction that changes what boards show: the boards of these games
    (every board without ``kinds``) are rendered anew once it commits (at once outside a
    transaction). A cache that fails then is logged, never raised into the committed work (a
    noon batch's)."""
    keys = [EVERY_BOARD] if kinds is None else [_board_key(kind) for kind in sorted(set(kinds))]
    transaction.on_commit(partial(bump, keys), robust=True)


def bump(keys: list[str]) -> None:
    """Render the boards of these versions anew from now on."""
    for key in keys:
        try:
            cache.incr(key)
        except ValueError:  # no version (or no Redis, whose keys are dropped when it is back)
            cache.set(key, time.time_ns(), None)
