"""Pilot names (rules §10): one name, one pilot, for good.

Comparison ignores case, spaces and accents (``Tailshot``, ``TAILSHOT``, ``Tail Shot`` and
``Tàilshot`` are one name) and letters of other scripts that look like Latin ones; names
containing a rank word are refused.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

MAX_LENGTH = 30
RANK_WORDS = ("ass", "ace", "leutnant", "lieutenant", "hauptmann", "captain", "major",
              "oberstleutnant", "oberst", "colonel", "general")


# Letters of other scripts that look like Latin ones: "Rеd" with a Cyrillic "е" is "Red".
LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ɡ": "g", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ı": "i",
})


def name_key(name: str) -> str:
    """The form under which two names are the same name."""
    decomposed = unicodedata.normalize("NFKD", name)
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(letters.casefold().translate(LOOK_ALIKES).split())


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a pilot's name, or None if it can (uniqueness aside)."""
    name = " ".join(name.split())
    if not name:
        return _("a pilot needs a name")
    if len(name) > MAX_LENGTH:
        return _("a pilot's name has at most %(count)d characters") % {"count": MAX_LENGTH}
    if not any(c.isalnum() for c in name):
        return _("a pilot's name needs letters or digits")
    if any(unicodedata.category(c).startswith("C") for c in name):
        return _("a pilot's name cannot hold control characters")
    for word in _words(name):
        if word in RANK_WORDS:
            return _("'%(word)s' is a rank: ranks are earned with points, so they cannot be "
                     "part of a name") % {"word": word}
    return None


def _words(name: str) -> list[str]:
    """The words of a name, split at spaces, punctuation and CamelCase humps, as keys.

    A rank counts as a word of its own: 'AceHunter' and 'von Major' are refused, 'Grace' is not.
    """
    words, current = [], ""
    for char in name:
        if not char.isalnum():
            words.append(current)
            current = ""
            continue
        if char.isupper() and current and current[-1].islower():
            words.append(current)
            current = ""
        current += char
    words.append(current)
    return [name_key(word) for word in words if word]
