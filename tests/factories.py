"""Small factory functions for the web and platform tests: real rows through real services.

    referee = make_user()
    game = make_dogfight(referee, humans=[alice, bob], computers={5: "ace"}, start=True)

``humans`` is a list of users (seated in the free seats in order) or a dict {seat: user}.
Starting fills every seat still free with a novice computer pilot and opens round 1.
"""

from __future__ import annotations

import itertools

from django.contrib.auth import get_user_model

from games import services
from games.models import Game, Profile, Round

PASSWORD = "a-long-test-password-7"
# The legal orders of a plane on the ground in round 1: taxi, take off, climb away.
GROUND_ORDERS = [
    {"maneuver": "TB", "fire": []},
    {"maneuver": "TB", "fire": []},
    {"maneuver": "A", "fire": []},
]

_numbers = itertools.count(1)


def make_user(
    username: str | None = None,
    *,
    email: str | None = None,
    password: str = PASSWORD,
    time_zone: str = "Europe/Berlin",
    confirmed: bool = True,
    **profile,
):
    """A user with a Profile; log in with ``client.force_login(user)`` or the password. His
    address is confirmed (game mail goes to it) unless ``confirmed=False``."""
    username = username or f"pilot{next(_numbers)}"
    user = get_user_model().objects.create_user(
        username=username,
        email=email if email is not None else f"{username}@example.invalid",
        password=password,
    )
    Profile.objects.create(
        user=user,
        time_zone=time_zone,
        confirmed_email=user.email if confirmed else "",
        **profile,
    )
    return user


def make_dogfight(
    referee=None,
    *,
    humans=(),
    computers: dict[int, str] | None = None,
    start: bool = True,
    title: str = "Test skies",
    time_zone: str = "Europe/Berlin",
    deadline_days: int = 2,
    resolve_early: bool = False,
    duel: bool = False,
    **settings,
) -> Game:
    """A dogfight game with the given pilots; started (round 1 open) unless ``start=False``."""
    referee = referee or make_user()
    game = services.game_create(
        referee=referee,
        kind="dogfight",
        title=title,
        time_zone=time_zone,
        deadline_days=deadline_days,
        resolve_early=resolve_early,
        settings={"duel": duel, **settings},
        computer_seats=dict(computers or {}),
    )
    if isinstance(humans, dict):
        seating = dict(humans)
    else:
        free = [seat.number for seat in game.seats.all() if seat.is_free]
        seating = dict(zip(free, humans))
    for number, user in seating.items():
        services.seat_join(game=game, number=number, user=user)
    if start:
        services.game_start(game=game, by=referee)
    game.refresh_from_db()
    return game


def open_round(game: Game) -> Round:
    return game.rounds.get(status=Round.Status.OPEN)


def seat_of(game: Game, user):
    return game.seats.get(user=user)
