"""The seat colours, defined once for every game: each game names its seats' colours from this
table (``colours("red", "blue")``), draws its boards in their ``hex`` and words them by their
``name``. The six are told apart by people with the common colour-vision deficiencies by
their shapes and names too: the boards never tell seats apart by colour alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Colour:
    key: str
    hex: str
    name: StrOrPromise  # worded in the reader's language when shown

    def __str__(self) -> str:
        return str(self.name)


PALETTE = {
    colour.key: colour
    for colour in (
        Colour("red", "#c0392b", pgettext_lazy("colour", "red")),
        Colour("blue", "#2471a3", pgettext_lazy("colour", "blue")),
        Colour("yellow", "#b7950b", pgettext_lazy("colour", "yellow")),
        Colour("green", "#1e8449", pgettext_lazy("colour", "green")),
        Colour("purple", "#7d3c98", pgettext_lazy("colour", "purple")),
        Colour("orange", "#ca6f1e", pgettext_lazy("colour", "orange")),
    )
}


def colours(*keys: str) -> tuple[Colour, ...]:
    """The colours of a game's seats, seat 0 first."""
    return tuple(PALETTE[key] for key in keys)
