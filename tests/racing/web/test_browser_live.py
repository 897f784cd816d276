"""A waiting pilot's race page shows his turn by itself within seconds of the jet before him
flying (games/live.py, static/js/live.js): no reload by him, none by the page."""

import time

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser import log_in
from tests.factories import make_user

from .helpers import make_race, page_url, straight

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_waiting_pilots_page_shows_his_turn_within_three_seconds(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = make_race(alice, bob)  # alice's red jet first, then bob's
    log_in(page, live_server.url, bob, page_url(game, 1))
    expect(page.locator("#order-form")).to_have_count(0)
    loads = []
    page.on("load", lambda _: loads.append(1))
    services.orders_submit(seat=game.seats.get(user=alice), user=alice, payload=straight())
    acted = time.monotonic()  # resolved within the submit: bob's turn is open
    expect(page.locator("#order-form")).to_be_visible(timeout=3_000)
    assert time.monotonic() - acted < 3
    assert loads == []
