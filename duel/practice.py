"""A practice duel: one person against the veteran computer player (the demo sets one up)."""

from __future__ import annotations

from games import services
from games.models import Game
from games.titles import MadeTitle


def practice_duel(*, user, level: str = "veteran") -> Game:
    """``user``'s running practice duel against the computer, set up if he has none."""
    game = Game.objects.filter(referee=user, kind="duel", status=Game.Status.RUNNING).first()
    return game if game is not None else practice_duel_create(user=user, level=level)


def practice_duel_create(*, user, level: str = "veteran") -> Game:
    """A new practice duel: ``user`` (player A, moving first) against the computer."""
    game = services.game_create(
        referee=user,
        kind="duel",
        title=MadeTitle.make("duel", "practice", username=user.username),
        settings={"asteroids": 8, "no_adjacent": True, "first": 0, "turn_hours": 24 * 7},
        time_zone="UTC",
        deadline_days=7,
        computer_seats={1: level},
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    return game
