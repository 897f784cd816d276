"""A pilot's order form shows his sealed turn: it, its htmx fragment, a refused submit and the
draft are never stored by a browser or a proxy; the preview varies on ``HX-Request``; turns
sent to one seat are limited as every game's orders are."""

import pytest
from django.utils.cache import has_vary_header

from games.models import Order

from .helpers import make_race, page_url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def never_stored(response) -> bool:
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    return {"no-store", "private"} <= directives


def test_the_order_form_and_its_fragment_are_never_stored(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    page = client.get(page_url(game, 0))
    fragment = client.get(page_url(game, 0, "preview"), **HTMX)
    refused = client.post(page_url(game, 0, "submit"), {"lift": "9"})
    assert (page.status_code, fragment.status_code, refused.status_code) == (200, 200, 400)
    assert never_stored(page) and never_stored(fragment) and never_stored(refused)
    assert has_vary_header(fragment, "HX-Request")


def test_turns_sent_to_a_seat_are_limited(client, alice, bob, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "orders_per_seat": "2/m"}
    game = make_race(alice, bob)
    client.force_login(alice)
    answers = [
        client.post(page_url(game, 0, "submit"), {"lift": "9"}).status_code for _ in range(3)
    ]
    assert answers == [400, 400, 429]
    assert not Order.objects.filter(seat__user=alice).exists()
