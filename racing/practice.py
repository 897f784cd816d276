"""A practice race: one person against computer jets on the smallest course, resolved the
moment he sends each turn."""

from __future__ import annotations

from games import services
from games.models import Game
from games.titles import MadeTitle

COMPUTER_SEATS = {1: "novice", 2: "novice", 3: "ace"}


def practice_race_create(*, user, time_zone: str = "Europe/Berlin") -> Game:
    game = services.game_create(
        referee=user,
        kind="racing",
        title=MadeTitle.make("racing", "practice", username=user.username),
        settings={
            "course": "oval5",
            "level": 1,
            "laps": 1,
            "jets": 4,
            "mode": "turn",
            "turn_hours": 24 * 7,
        },
        time_zone=time_zone,
        deadline_days=7,
        computer_seats=COMPUTER_SEATS,
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    return game
