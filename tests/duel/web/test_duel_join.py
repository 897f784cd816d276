"""A free seat of an open duel can be taken from the duel's game page, as from the lobby: one
click for a person logged in, a log-in link that comes back to the page for a visitor."""

import pytest

from games.models import Seat
from tests.factories import make_user

from .helpers import make_duel

pytestmark = pytest.mark.django_db


def test_a_person_logged_in_joins_the_free_seat_from_the_game_page(client, alice):
    game = make_duel(alice, start=False)
    cara = make_user("cara")
    client.force_login(cara)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Join seat 2" in page and f'action="/games/{game.pk}/join/1/' in page
    response = client.post(f"/games/{game.pk}/join/1/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert Seat.objects.get(game=game, number=1).user == cara
    assert "Join seat" not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_seated_player_is_not_offered_the_other_seat(client, alice):
    game = make_duel(alice, start=False)
    client.force_login(alice)
    assert "Join seat" not in client.get(f"/games/{game.pk}/").content.decode()


def test_a_visitor_is_sent_to_log_in_and_back(client, alice):
    game = make_duel(alice, start=False)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Join seat" not in page
    assert f'href="/accounts/login/?next=/games/{game.pk}/">log in</a> to join' in page


def test_a_german_reader_joins_in_german(client, alice):
    game = make_duel(alice, start=False)
    client.force_login(make_user("dora", language="de"))
    assert "Platz 2 nehmen" in client.get(f"/games/{game.pk}/").content.decode()
