"""Game words for the dogfight's templates where no view worded them (e.g. a game not yet
started, which has no state to read)."""

from django import template

from .. import words

register = template.Library()


@register.filter
def seat_colour(number: int) -> str:
    """A seat's colour (seat 0 red, 1 blue, ...), in the reader's language."""
    return words.SEAT_COLOURS[number]
