"""A spectator's copy of a game's public page (games/page_cache.py) is live like any: it shows
the next round within seconds, drawn again in place, and the kept copy follows."""

import time

import pytest
from playwright.sync_api import expect

from games import services
from tests.dogfight.web.test_browser_round import COMPUTERS
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, seat_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_spectators_page_shows_the_next_round_within_three_seconds(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    computers = {n: level for n, level in COMPUTERS.items() if n > 1}
    game = make_dogfight(humans={0: alice, 1: bob}, computers=computers, resolve_early=True)
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=GROUND_ORDERS)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("p.deadline")).to_contain_text("Round 1")
    page.reload()  # the kept copy this time
    expect(page.locator("p.deadline")).to_contain_text("Round 1")
    loads = []
    page.on("load", lambda _: loads.append(1))
    services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    acted = time.monotonic()
    expect(page.locator("p.deadline")).to_contain_text("Round 2", timeout=3_000)
    assert time.monotonic() - acted < 3
    assert loads == []
    page.reload()
    expect(page.locator("p.deadline")).to_contain_text("Round 2")
    expect(page.locator("script[src*='live']")).to_have_count(1)  # the copy is live as well
