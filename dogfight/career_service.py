"""Writes and reads of what a pilot keeps beyond one game: his names (rules §10)."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Seat
from games.registry import Rejected

from .models import Pilot
from .names import name_key, name_problem


def names_of(user) -> list[str]:
    return list(Pilot.objects.filter(user=user).order_by("created_at")
                .values_list("name", flat=True))


def pilot_claim(*, user, name: str) -> Pilot:
    """The user's pilot of that name: his own if he has it, a new one if nobody has it."""
    name = " ".join(name.split())
    problem = name_problem(name)
    if problem:
        raise Rejected(problem)
    key = name_key(name)
    existing = Pilot.objects.filter(key=key).first()
    if existing is not None:
        if existing.user_id != user.pk:
            raise Rejected(f"the name {name!r} is taken: choose another")
        return existing
    try:
        with transaction.atomic():
            return Pilot.objects.create(user=user, name=name, key=key)
    except IntegrityError:  # somebody took it a moment ago
        raise Rejected(f"the name {name!r} was just taken: choose another") from None


def name_seat(*, seat: Seat, user, name: str) -> Seat:
    """Give a seat its pilot's name (picked in his first round)."""
    if seat.user_id != user.pk:
        raise Rejected("that is not your seat")
    pilot = pilot_claim(user=user, name=name)
    seat.name = pilot.name
    seat.save(update_fields=["name"])
    return seat
