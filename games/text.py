"""Free text people type (names, titles, chatter): what every such text must not hold, and
when two of them look the same.

- Bidirectional controls (U+202A-U+202E, U+2066-U+2069, the marks U+200E, U+200F and U+061C)
  reorder what is shown around them: "Bob" + U+202E + "nimda" shows as "Bobadmin". Refused everywhere
  (``refuse_bidi_controls``).
- A one-line text (a title, which becomes a mail's subject) holds no line break or other
  control character (``refuse_line_breaks``); ``one_line`` folds any text onto one line for a
  mail header.
- ``skeleton``: Unicode's confusable skeleton (UTS #39, section 4), from Unicode's own
  ``confusables.txt`` (version 13.0.0, shipped in ``games/data/``): two texts with the same
  skeleton look alike ("Ζeta" with a Greek capital Zeta is "Zeta").
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)
CONFUSABLES = Path(__file__).resolve().parent / "data" / "confusables.txt"


def has_bidi_controls(text: str) -> bool:
    return any(char in BIDI_CONTROLS for char in text)


def refuse_bidi_controls(text: str) -> None:
    """A validator for every free text field."""
    if has_bidi_controls(text):
        raise ValidationError(
            _("Characters that turn the writing direction around are not allowed here."),
            code="bidi",
        )


def refuse_line_breaks(text: str) -> None:
    """A validator for one-line texts: no line break, tab or other control character."""
    if any(unicodedata.category(char) in ("Cc", "Zl", "Zp") for char in text):
        raise ValidationError(
            _("This must be one line, without line breaks or tabs."), code="one_line"
        )


def one_line(text: str) -> str:
    """``text`` on one line with single spaces: safe in a mail header."""
    return " ".join(str(text).split())


@lru_cache(maxsize=1)
def _prototypes() -> dict[int, str]:
    """Unicode's confusable mappings: code point -> its prototype (one or more characters)."""
    table = {}
    with CONFUSABLES.open(encoding="utf-8") as data:
        for line in data:
            if line.startswith("#") or not line.strip():
                continue
            source, prototype = line.split(";")[:2]
            table[int(source, 16)] = "".join(chr(int(code, 16)) for code in prototype.split())
    return table


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", text).translate(_prototypes()))
