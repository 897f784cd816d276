"""Template tags of the duel's public game page (whose context the platform builds)."""

from __future__ import annotations

from django import template

from .. import history

register = template.Library()


@register.simple_tag
def duel_history(game, seats, page) -> list[dict]:
    """The published actions of ``game`` on this ``page`` of its rounds, newest first, one
    readable line each."""
    return history.history(
        game, {seat.number: str(seat) for seat in seats}, [rnd.number for rnd in page]
    )


@register.simple_tag
def duel_counter(state) -> str:
    return history.counter(state) if state else ""
