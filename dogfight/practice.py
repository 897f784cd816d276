"""A practice game: one person against five computer pilots, resolved as soon as he is in."""

from __future__ import annotations

from games import services
from games.models import Game
from games.titles import MadeTitle

COMPUTER_SEATS = {1: "novice", 2: "novice", 3: "novice", 4: "novice", 5: "novice"}


def practice_game_create(*, user, time_zone: str = "Europe/Berlin") -> Game:
    game = services.game_create(
        referee=user,
        kind="dogfight",
        title=MadeTitle.make("dogfight", "practice", username=user.username),
        settings={"balloon_rule": "normal", "balloons": 1, "clouds": 6},
        time_zone=time_zone,
        deadline_days=7,
        resolve_early=True,
        computer_seats=COMPUTER_SEATS,
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    return game
