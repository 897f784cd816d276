"""Small things every visitor meets: the site's icon, the time zones a person picks from."""

import pytest

from games import clock
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_the_favicon_answers_with_an_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


def test_the_time_zone_lists_offer_places_not_the_databases_oddities(client):
    for junk in ("Factory", "localtime", "EST5EDT", "Etc/GMT+1", "US/Eastern", "posixrules"):
        assert junk not in clock.TIME_ZONES
    for place in ("Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"):
        assert place in clock.TIME_ZONES
    assert clock.valid_time_zone("Etc/GMT+1")  # still a valid zone, only not offered
    client.force_login(make_user())
    page = client.get("/games/new/dogfight/").content.decode()
    assert 'value="Europe/Berlin"' in page and 'value="Factory"' not in page


@pytest.mark.parametrize("status, path", [(404, "/nowhere/"), (403, None), (500, None)])
def test_the_error_pages_wear_the_sites_frame(client, status, path, settings):
    settings.DEBUG = False
    if status == 404:
        response = client.get(path)
        text = response.content.decode()
    elif status == 403:
        from tests.factories import make_dogfight

        game = make_dogfight(humans={0: make_user("owner")})
        client.force_login(make_user("stranger"))
        response = client.get(f"/dogfight/games/{game.pk}/seat/0/")
        text = response.content.decode()
    else:
        from django.test import RequestFactory
        from django.views.defaults import server_error

        response = server_error(RequestFactory().get("/"))
        text = response.content.decode()
    assert response.status_code == status
    assert 'class="site-header"' in text and 'href="/games/"' in text
    assert "/static/css/site.css" in text


def test_the_header_counts_the_games_waiting_on_the_person(
    client, django_capture_on_commit_callbacks
):
    from games import services
    from tests.factories import make_dogfight

    pilot = make_user("busy")
    first = make_dogfight(humans={0: pilot})
    make_dogfight(humans={3: pilot})
    make_dogfight(humans={1: make_user("other")})  # not his
    client.force_login(pilot)
    assert "Your move: 2 games" in client.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.orders_submit(
            seat=first.seats.get(number=0), user=pilot, payload=[{"maneuver": "G"}] * 3
        )
    page = client.get("/games/").content.decode()
    assert "Your move: 1 game<" in page
    client.force_login(make_user("idle"))
    assert "Your move" not in client.get("/").content.decode()
