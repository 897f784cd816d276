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
