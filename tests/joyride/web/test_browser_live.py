"""A player whose plan is sealed sees the run replayed and the next step by himself within
seconds of the last plan coming in (games/live.py, static/js/live.js): no reload by him, none by
the page."""

import time

import pytest
from playwright.sync_api import expect

from games import services
from tests.browser import log_in
from tests.factories import make_user

from .helpers import legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_waiting_players_page_shows_the_next_step_within_three_seconds(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = make_game(alice, bob)
    state = open_round(game).state
    for person, number in ((bob, 1),):
        services.orders_submit(
            seat=game.seats.get(user=person), user=person, payload=legal_plan(state, number, 3)
        )
    log_in(page, live_server.url, bob, url(game, 1))
    expect(page.locator(".sealed")).to_be_visible()
    expect(page.locator("p.deadline")).to_contain_text("Run 1 of 3")
    loads = []
    page.on("load", lambda _: loads.append(1))
    services.orders_submit(
        seat=game.seats.get(user=alice), user=alice, payload=legal_plan(state, 0, 3)
    )
    acted = time.monotonic()  # the last plan in: the run is resolved within the submit
    expect(page.locator(".sealed")).to_have_count(0, timeout=3_000)
    assert time.monotonic() - acted < 3
    expect(page.locator("p.deadline")).not_to_contain_text("Run 1 of 3")
    assert loads == []
