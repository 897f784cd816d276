"""The header's "Your move" count lies outside the <main> a live page draws again: the redraw
replaces its slot too (static/js/live.js), so it is right within seconds of the other side's
action, without a reload."""

import time

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser import log_in
from tests.dogfight.web.test_browser_round import COMPUTERS
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, seat_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_your_move_badge_appears_when_the_other_side_acts(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    computers = {n: level for n, level in COMPUTERS.items() if n > 1}
    game = make_dogfight(humans={0: alice, 1: bob}, computers=computers, resolve_early=True)
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=GROUND_ORDERS)
    log_in(page, live_server.url, bob, f"/dogfight/games/{game.pk}/seat/1/")
    badge = page.locator("header a.your-move")
    expect(page.locator(".orders-in")).to_contain_text("round 1")
    expect(badge).to_have_count(0)  # his orders are in: nothing waits on him
    loads = []
    page.on("load", lambda _: loads.append(1))
    services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    acted = time.monotonic()  # round 2 is open and waits on bob
    expect(badge).to_have_text("Your move: 1 game", timeout=3_000)
    assert time.monotonic() - acted < 3
    expect(page.locator("p.deadline")).to_contain_text("Round 2")
    assert loads == []  # drawn again in place, not reloaded
