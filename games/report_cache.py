"""Published rounds never change, so their rendered fragments are cached for good. Only the
pilots' names shown in them may change (a pilot names himself in his first round, a computer
seat goes to a person): then the game's fragments are re-rendered under a new version.
"""

from __future__ import annotations

from django.core.cache import cache


def _version_key(game_id: int) -> str:
    return f"report-names:{game_id}"


def fragment_key(game_id: int, round_id: int, fragment: str, step: int) -> str:
    version = cache.get(_version_key(game_id), 0)
    return f"report:{round_id}:{fragment}:{step}:v{version}"


def names_changed(game_id: int) -> None:
    """Call when a seat's name changes: the game's cached reports are rendered anew."""
    try:
        cache.incr(_version_key(game_id))
    except ValueError:  # no version yet
        cache.set(_version_key(game_id), 1, None)
