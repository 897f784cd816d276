"""What the duel's seat page keeps between requests, and under which keys.

- ``RoundParts``: parts the open round shows the same on every request (the board before any
  pick, the last action, the fighters' table, the asteroid phase's legal hexes), kept in the
  shared cache under the round and asked for together, one round trip a request, and the
  last few read also in the process, which spares a reload served by the same process that
  round trip. A round's state never changes while it is open (each action is a round of its
  own), so its key holds all that these parts are drawn from; the shared cache is the
  release's (``games.kept``), so a deploy that draws a part differently never serves the part
  drawn before it.
- ``bodies``: the seat page's whole body (the table's content: heading, status line, board,
  action, fighters' table, draw and resign) for a request without picks, kept in the process
  under a key that holds everything it is drawn from (``views._body_key``). A body holds
  stand-ins where each request's own parts go: its CSRF token (``token_slots.STAND_IN``) and
  the deadline with its countdown, which moves with the clock (``DUE``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.safestring import SafeString

from games import token_slots
from games.kept import InProcess, cache, here_or_shared

# How long a round's parts stay in the shared cache: they are read while the seat sits at the
# open round (reloads, live redraws), never after it (the key holds the round), and the cache
# shares its Redis with the broker, which must never evict; a board is up to some 110 KB. A
# round open longer has them drawn again once per quarter of an hour.
ROUND_PARTS_SECONDS = 15 * 60

T = TypeVar("T")


# The round parts this process read or drew last, by their shared key: a key never holds
# another value (see RoundParts), so a copy here is as good as the shared one. Few, since a
# board is up to some 110 KB; callers never change a part.
_local = InProcess(48)


class RoundParts:
    """The open round's parts, kept in the shared cache and the last few in the process too:
    ``keys`` names each part's key, which must hold all the part is drawn from (the round, the
    seat, the language, ...); those ``wanted`` not in the process are read
    from the shared cache in one round trip, any other on its own when asked for. With
    ``keys`` None (no round open) every part is drawn each time."""

    def __init__(self, keys: dict[str, str] | None, wanted: Iterable[str] = ()) -> None:
        self._keys = keys
        self._asked = set(wanted) if keys else set()
        self._found: dict[str, Any] = {}
        if keys:
            for name in self._asked:
                value = _local.get(keys[name])
                if value is not None:
                    self._found[keys[name]] = value
            shared = [keys[name] for name in self._asked if keys[name] not in self._found]
            if shared:
                for key, value in cache.get_many(shared).items():
                    _local.put(key, value)
                    self._found[key] = value

    def get(self, name: str, draw: Callable[[], T]) -> T:
        if self._keys is None:
            return draw()
        key = self._keys[name]
        if name not in self._asked:
            return here_or_shared(_local, key, draw, ROUND_PARTS_SECONDS)
        value = self._found.get(key)  # read with the others
        if value is None:
            value = draw()
            cache.set(key, value, ROUND_PARTS_SECONDS)
        _local.put(key, value)
        return value


# Where a kept body leaves the deadline's countdown (its words move with the clock): drawn at
# random for the process, as the CSRF token's stand-in is (``games.token_slots``), so no text
# a person writes is taken for it.
DUE = secrets.token_hex(16)

# How many bodies a process keeps: one is up to some 120 KB (the board is most of it), and a
# seat's reloads within its round ask for the same one.
BODIES = 32


def fill(body: str, csrf_token: str, due: str) -> SafeString:
    """A kept body with the request's CSRF token and the deadline's words in their slots (the
    token is letters and digits, the deadline escaped by its tag; the rest was escaped by the
    templates that drew the body)."""
    return SafeString(body.replace(token_slots.STAND_IN, csrf_token).replace(DUE, due))


# A key must hold everything its body is drawn from; a body holds no request's own data
# (stand-ins hold their places: ``fill``).
bodies = InProcess(BODIES)


@receiver(setting_changed, dispatch_uid="duel-kept-bodies-forget")
def _settings_changed(**kwargs) -> None:  # a body reads settings (URLs, languages, formats)
    bodies.clear()
