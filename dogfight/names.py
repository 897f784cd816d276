"""Pilot names (rules §10): one name, one pilot, for good.

Two names are one name when they are the same ignoring case, accents, spaces and punctuation
(``Tailshot``, ``TAILSHOT``, ``Tail Shot``, ``Tàilshot`` and ``Tailshot.``), or when they look
the same as written: Unicode's confusable skeleton (UTS #39, ``games.text.skeleton``) makes
``Ζeta`` with a Greek capital Zeta ``Zeta``. Each comparison has its key with a unique
constraint: ``name_key`` (letter case folded first, then look-alikes) and ``name_skeleton``
(look-alikes as written, then case). A rank word at the start of a word of the name, or of a
compound, is refused whatever its case ("Acefighter", "ACEFLIEGER", "Ass-Flieger"); a word that
only holds its letters further on ("Grace", "Bassett") is not.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext as _

from games.text import has_bidi_controls, skeleton

MAX_LENGTH = 30
KEY_LENGTH = 120  # the keys' columns; a name whose keys grow beyond this is refused
RANK_WORDS = (
    "ass",
    "ace",
    "leutnant",
    "lieutenant",
    "hauptmann",
    "captain",
    "major",
    "oberstleutnant",
    "oberst",
    "colonel",
    "general",
)


def _letters_and_digits(text: str) -> str:
    """``text`` decomposed, without its accents, spaces and punctuation."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if c.isalnum())


def name_key(name: str) -> str:
    """The form under which two names are the same name ignoring case, accents, spaces and
    punctuation (and look-alike letters of the folded name)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return _letters_and_digits(skeleton(folded).casefold())


def name_skeleton(name: str) -> str:
    """The form under which two names look the same as written (then ignoring case, accents,
    spaces and punctuation): a Greek capital Zeta is a Z, a Cherokee letter E an R."""
    return _letters_and_digits(skeleton(unicodedata.normalize("NFKC", name)).casefold())


RANK_KEYS = tuple(name_key(word) for word in RANK_WORDS)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a pilot's name, or None if it can (uniqueness aside)."""
    name = " ".join(name.split())
    if not name:
        return _("a pilot needs a name")
    if len(name) > MAX_LENGTH:
        return _("a pilot's name has at most %(count)d characters") % {"count": MAX_LENGTH}
    if not any(c.isalnum() for c in name):
        return _("a pilot's name needs letters or digits")
    if has_bidi_controls(name):
        return _("a pilot's name cannot hold characters that turn the writing direction around")
    if any(unicodedata.category(c).startswith("C") for c in name):
        return _("a pilot's name cannot hold control characters")
    if max(len(name_key(name)), len(name_skeleton(name))) > KEY_LENGTH:
        return _("a pilot's name has at most %(count)d characters") % {"count": MAX_LENGTH}
    for word in _words(name):
        rank = next(
            (RANK_WORDS[i] for i, key in enumerate(RANK_KEYS) if word.startswith(key)), None
        )
        if rank:
            return _(
                "'%(word)s' is a rank: ranks are earned with points, so they cannot be "
                "part of a name"
            ) % {"word": rank}
    return None


def _words(name: str) -> list[str]:
    """The words of a name, split at spaces, punctuation and CamelCase humps, as keys.

    A rank starting any of them is refused: 'AceHunter', 'Acefighter' and 'von Major' are,
    'Grace' is not.
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
