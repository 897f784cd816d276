"""The dogfight moved under /dogfight/; the addresses people know still arrive: each old one
redirects permanently, keeping the method, the body and the query string (308)."""

import pytest

from tests.factories import make_dogfight, make_user, seat_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "old, new",
    [
        ("/rules/?lang=de", "/dogfight/rules/?lang=de"),
        ("/pilots/", "/dogfight/pilots/"),
        ("/pilots/7/", "/dogfight/pilots/7/"),
        ("/practice/", "/dogfight/practice/"),
        ("/games/3/seat/2/preview?m1=A", "/dogfight/games/3/seat/2/preview?m1=A"),
    ],
)
def test_an_old_address_redirects_permanently_to_the_new_one(client, old, new):
    response = client.get(old)
    assert (response.status_code, response["Location"]) == (308, new)


def test_an_old_order_form_still_arrives_with_its_orders(client):
    pilot = make_user("alice")
    game = make_dogfight(humans={0: pilot})
    client.force_login(pilot)
    response = client.post(f"/games/{game.pk}/seat/0/orders", {"m1": "A"}, follow=True)
    assert response.redirect_chain[0] == (f"/dogfight/games/{game.pk}/seat/0/orders", 308)
    assert response.request["REQUEST_METHOD"] == "POST"


def test_a_seat_page_at_the_platform_address_leads_to_its_game_own_page(client):
    pilot = make_user("alice")
    game = make_dogfight(humans={0: pilot})
    number = seat_of(game, pilot).number
    response = client.get(f"/games/{game.pk}/seat/{number}/")
    assert response["Location"] == f"/dogfight/games/{game.pk}/seat/{number}/"
    assert client.get("/games/999999/seat/0/").status_code == 404
