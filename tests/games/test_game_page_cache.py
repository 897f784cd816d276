"""A game's public page for readers without a session: a kept copy (games/page_cache.py),
served while nothing it shows has changed, drawn again as soon as anything has."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogfight import services as dogfight_services
from games import resolution, services
from games.models import Game, Round
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.helpers import fast_passwords, production_cache  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def pilots():
    return [make_user(name) for name in ("alice", "bob", "carol", "dave", "erin", "fred")]


@pytest.fixture
def game(pilots):
    return make_dogfight(humans=dict(enumerate(pilots)))


def _page(game, client=None, **headers) -> str:
    response = (client or Client()).get(reverse("game", args=[game.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def _orders_column(page: str) -> dict[str, str]:
    return dict(re.findall(r'<tr class="seat-(\d)">.*?<td>([^<]*)</td>\s*</tr>', page, re.DOTALL))


def test_a_second_reader_gets_the_kept_copy_from_two_reads(game, django_assert_num_queries):
    """The live hook's read of the game's version and the page's marker: nothing else."""
    first = _page(game)
    with django_assert_num_queries(2):
        response = Client().get(reverse("game", args=[game.pk]))
    assert response.content.decode() == first
    assert "Cookie" in response["Vary"]
    assert not response.cookies


def test_the_kept_copy_holds_no_csrf_token_and_no_ones_navigation(game, pilots):
    logged_in = Client()
    logged_in.force_login(pilots[0])
    own = _page(game, logged_in)
    assert "X-CSRFToken" in own and "Log out" in own
    for page in (_page(game), _page(game)):
        assert "X-CSRFToken" not in page and 'name="csrfmiddlewaretoken"' not in page
        assert "Log in" in page and "Log out" not in page
    assert "Log out" in _page(game, logged_in)  # never served the copy


def test_the_page_shows_orders_coming_in(game, pilots):
    assert _orders_column(_page(game))["0"] == "due"
    services.orders_submit(seat=seat_of(game, pilots[0]), user=pilots[0], payload=GROUND_ORDERS)
    assert _orders_column(_page(game))["0"] == "in"


def test_the_page_shows_the_next_round_when_it_is_published(game):
    assert "Round 1 ·" in _page(game)
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    page = _page(game)
    assert "Round 2 ·" in page and "Round 1 ·" not in page
    assert f'href="/games/{game.pk}/rounds/1/"' in page


def test_the_page_shows_a_failed_round(game):
    _page(game)
    Round.objects.filter(game=game, number=1).update(status=Round.Status.FAILED)
    assert "Round 1 could not be resolved" in _page(game)


def test_the_page_shows_a_pilots_new_name(game, pilots, django_capture_on_commit_callbacks):
    assert "Crimson Kite" not in _page(game)
    with django_capture_on_commit_callbacks(execute=True):
        dogfight_services.name_seat(
            seat=seat_of(game, pilots[0]), user=pilots[0], name="Crimson Kite"
        )
    assert "Crimson Kite" in _page(game)


def test_an_open_games_page_shows_a_pilot_joining_and_the_start(pilots):
    game = make_dogfight(humans={0: pilots[0]}, start=False)
    assert "gwen" not in _page(game)
    gwen = make_user("gwen")
    services.seat_join(game=game, number=1, user=gwen)
    assert "gwen" in _page(game)
    Game.objects.filter(pk=game.pk).update(title="Renamed skies")  # any change of the game
    assert "Renamed skies" in _page(game)


def test_each_language_has_its_own_copy(game):
    assert "Orders" in _page(game)
    german = _page(game, HTTP_ACCEPT_LANGUAGE="de")
    assert "Befehle" in german and ">Orders<" not in german
    assert "Orders" in _page(game)


def test_a_page_of_the_rounds_list_is_drawn_not_kept(game):
    _page(game)
    drawn = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            Client().get(reverse("game", args=[game.pk]), {"rounds": 1})
        drawn.append(len(captured))
    assert drawn[0] == drawn[1] > 2  # the page's own reads every time, never the kept copy


def test_no_such_game_is_404_each_time(client):
    assert client.get(reverse("game", args=[999999])).status_code == 404
    assert client.get(reverse("game", args=[999999])).status_code == 404


@pytest.mark.usefixtures("production_cache")
def test_the_kept_copy_round_trips_through_production_redis(game, pilots):
    first = _page(game)
    assert _page(game) == first
    services.orders_submit(seat=seat_of(game, pilots[0]), user=pilots[0], payload=GROUND_ORDERS)
    assert _page(game) != first
