"""A waiting cockpit shows the next round by itself within seconds of the last orders coming
in (games/live.py, static/js/live.js): no reload by the pilot, none by the page."""

import time

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser import log_in
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, seat_of

from .test_browser_round import COMPUTERS

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_waiting_cockpit_shows_the_next_round_within_three_seconds(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    computers = {n: level for n, level in COMPUTERS.items() if n > 1}
    game = make_dogfight(humans={0: alice, 1: bob}, computers=computers, resolve_early=True)
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=GROUND_ORDERS)
    log_in(page, live_server.url, bob, f"/dogfight/games/{game.pk}/seat/1/")
    expect(page.locator(".orders-in")).to_contain_text("round 1")
    loads = []
    page.on("load", lambda _: loads.append(1))
    services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    acted = time.monotonic()  # the round is published: the submit resolved it
    expect(page.locator("p.deadline")).to_contain_text("Round 2", timeout=3_000)
    assert time.monotonic() - acted < 3
    expect(page.get_by_role("button", name="Submit orders and chatter")).to_be_visible()
    assert loads == []  # the page's main part was drawn again, the page not reloaded
