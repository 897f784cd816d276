"""Template tags of the duel's public game page (whose context the platform builds)."""

from __future__ import annotations

from django import template

from .. import history

register = template.Library()


@register.simple_tag
def duel_history(game, seats) -> list[dict]:
    """Every published action of ``game``, newest first, one readable line each."""
    return history.history(game, {seat.number: str(seat) for seat in seats})


@register.simple_tag
def duel_counter(state) -> str:
    return history.counter(state) if state else ""
