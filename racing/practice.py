"""A practice race: one person against computer jets on the smallest course, resolved the
moment he sends each turn.

The practice (the home page's button, the API's) is a second-level race: it begins with the
draft, so that a new pilot meets the equipment (four cards: one blue, three red or green). Two
computer jets, so that his first two picks come one after the other before the Boosters and
Kupferwurms run out (the draft starts with the last seat and snakes back). The demo (``make
demo``) shows the race itself at once: a first-level race, no draft, four jets.
"""

from __future__ import annotations

from games import services
from games.models import Game
from games.titles import MadeTitle

PRACTICE = {"level": 2, "jets": 3}
PRACTICE_COMPUTERS = {1: "novice", 2: "ace"}
DEMO = {"level": 1, "jets": 4}
DEMO_COMPUTERS = {1: "novice", 2: "novice", 3: "ace"}


def practice_race_create(*, user, time_zone: str = "Europe/Berlin", demo: bool = False) -> Game:
    """The person's practice race, started, his jet red in seat 0; ``demo``: the demo's race."""
    game = services.game_create(
        referee=user,
        kind="racing",
        title=MadeTitle.make("racing", "practice", username=user.username),
        settings={
            "course": "oval5",
            **(DEMO if demo else PRACTICE),
            "laps": 1,
            "mode": "turn",
            "turn_hours": 24 * 7,
        },
        time_zone=time_zone,
        deadline_days=7,
        computer_seats=DEMO_COMPUTERS if demo else PRACTICE_COMPUTERS,
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    return game
