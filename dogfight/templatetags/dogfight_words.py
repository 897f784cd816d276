"""Game words for the dogfight's templates where no view worded them (e.g. a game not yet
started, which has no state to read)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import template

from .. import words

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

register = template.Library()


@register.filter
def seat_colour(number: int) -> StrOrPromise:
    """A seat's colour (seat 0 red, 1 blue, ...), in the reader's language."""
    return words.SEAT_COLOURS[number]
