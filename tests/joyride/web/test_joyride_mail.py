"""Joyride's mail: a run or a pick is owed by every player at once, so each published round
asks each of them for the next ("your orders are due"); the referee's removal empties one
round's plan and keeps the player in, so it is no "you were taken out"; at the end, the
result."""

import pytest
from django.core import mail

from games import resolution, services
from games.models import Game

from .helpers import make_game, open_round

pytestmark = pytest.mark.django_db


def subjects_to(user) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [user.email]]


def test_each_round_asks_every_player_and_a_removal_for_a_round_keeps_him_in(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_game(alice, bob, carol)  # alice referees and plays; three players
    services.referee_remove(game=game, by=alice, number=1)  # bob's run 1 counts as empty
    rounds = 0
    while game.status != Game.Status.FINISHED:
        rnd = open_round(game)
        with django_capture_on_commit_callbacks(execute=True):
            resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
        game.refresh_from_db()
        rounds += 1
    assert rounds == 5  # three runs, a gadget pick after each but the last
    published = ["run 1", "gadget pick 1", "run 2", "gadget pick 2"]  # as the game names them
    due = [f"Test joyride: {name} is published, your orders are due" for name in published]
    over = "Test joyride: the game is over"
    assert subjects_to(alice) == subjects_to(bob) == subjects_to(carol) == [*due, over]
