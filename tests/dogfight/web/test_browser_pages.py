"""The pages around the cockpit, in a real browser: the home page's way to referee a dogfight,
an open game's own page with its Join buttons, the game page's weather line."""

import pytest
from playwright.sync_api import expect

from tests.factories import make_dogfight, make_user

from .test_browser_round import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_home_page_offers_to_referee_a_new_dogfight(page, live_server):
    log_in(page, live_server.url, make_user("rita"), "/")
    page.get_by_role("link", name="Referee a new dogfight").first.click()
    expect(page).to_have_url(f"{live_server.url}/games/new/dogfight/")


def test_a_game_link_sent_to_a_friend_lets_him_join(page, live_server):
    game = make_dogfight(start=False, title="Friday flight")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("ul.seats li.seat-0")).to_contain_text("red")
    expect(page.get_by_role("link", name="log in").first).to_be_visible()
    friend = make_user("friend")
    log_in(page, live_server.url, friend, f"/games/{game.pk}/")
    page.get_by_role("button", name="Join seat 2").click()
    expect(page.get_by_text("You have seat 2 in Friday flight.")).to_be_visible()
    assert game.seats.get(number=2).user == friend
    # One seat a person: the other seats' buttons are gone.
    expect(page.get_by_role("button", name="Join seat 3")).to_have_count(0)


def test_the_game_page_words_the_weather_that_was(page, live_server):
    game = make_dogfight(humans={0: make_user()}, title="Windy")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("p.weather")).to_have_text("No weather yet: this is the first round.")
    expect(page.get_by_text("calm last round")).to_have_count(0)
