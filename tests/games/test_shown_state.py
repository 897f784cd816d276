"""The state a game's pages show (selectors.shown_state): the open round's starting state, else
the last published report's, else none."""

import pytest

from games import resolution, selectors
from games.models import Report
from tests.factories import make_dogfight, make_user, open_round

pytestmark = pytest.mark.django_db


def test_a_game_not_started_shows_no_state():
    game = make_dogfight(humans=[make_user()], start=False)
    assert selectors.shown_state(game) is None


def test_a_running_game_shows_its_open_rounds_starting_state():
    game = make_dogfight(humans=[make_user()])
    first = open_round(game)
    resolution.round_resolve(round_id=first.pk, now=first.deadline)
    second = open_round(game)
    assert selectors.shown_state(game, second) == second.state
    assert selectors.shown_state(game, second) != first.state


def test_without_an_open_round_it_shows_the_last_published_reports_state():
    game = make_dogfight(humans=[make_user()])
    for _ in range(2):
        rnd = open_round(game)
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    last = Report.objects.get(round__game=game, round__number=2)
    open_round(game).delete()  # as when the game is over: no round open
    assert selectors.shown_state(game) == last.state
    assert (
        selectors.shown_state(game) != Report.objects.get(round__game=game, round__number=1).state
    )
