"""The front door in a real browser: the home page starts with the player's games (the one
waiting on him first), the lobby's cards, both accessible (axe-core) in the light and the dark
scheme, and every front page laid out at a desktop's, a laptop's and a phone's width in both
languages.

``FRONT_SCREENSHOTS=docs/screenshots make test ARGS=tests/games/test_browser_front.py`` also
writes the screenshots of ``docs/screenshots/front-*.png``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.browser import _page, axe_violations, log_in
from tests.factories import PASSWORD, make_dogfight, make_user
from tests.people import fast_passwords  # noqa: F401  (a fixture: quick logins)

WIDTHS = {"desktop": (1920, 1080), "laptop": (1366, 768), "phone": (390, 844)}
SHOTS = os.environ.get("FRONT_SCREENSHOTS")


def make_duel(*, title: str, seats: dict, first: int) -> Game:
    """A started duel between two people; ``first`` places the first asteroid."""
    referee = seats[0]
    game = services.game_create(
        referee=referee,
        kind="duel",
        title=title,
        settings={"first": first},
        time_zone="Europe/Berlin",
        deadline_days=2,
    )
    for number, user in seats.items():
        services.seat_join(game=game, number=number, user=user)
    services.game_start(game=game, by=referee)
    return game


@pytest.fixture
def busy_pilot(db):
    """Alice (in Tokyo) has a dogfight where her orders are due, made first, and a newer duel
    where Bob places the first asteroid: she waits there."""
    alice = make_user("alice", time_zone="Asia/Tokyo")
    bob = make_user("bob")
    dogfight = make_dogfight(humans={0: alice}, title="Morning patrol")
    duel = make_duel(title="Asteroid belt", seats={0: alice, 1: bob}, first=1)
    return alice, dogfight, duel


def test_the_home_page_shows_first_the_game_where_the_player_must_act(
    page, live_server, busy_pilot
):
    alice, dogfight, _duel = busy_pilot
    log_in(page, live_server.url, alice, "/")
    cards = page.locator("section[aria-labelledby=your-games] .cards > li")
    expect(cards).to_have_count(2)
    first = cards.first
    expect(first).to_contain_text("Morning patrol")
    expect(first).to_contain_text("Your move")
    expect(first).to_contain_text("JST")  # the deadline in her own time zone
    expect(cards.nth(1)).to_contain_text("Asteroid belt")
    expect(cards.nth(1)).to_contain_text("Waiting for the others")
    # Each card's picture is its game's board, drawn.
    for number in range(2):
        picture = cards.nth(number).locator("img.card-picture")
        assert picture.evaluate("img => img.complete && img.naturalWidth") > 0
    first.get_by_role("link", name="Morning patrol").click()
    expect(page).to_have_url(f"{live_server.url}/dogfight/games/{dogfight.pk}/seat/0/")


def test_a_visitor_starts_a_practice_game_from_the_home_page(page, live_server, db):
    make_user("newcomer")
    page.goto(f"{live_server.url}/")
    card = page.locator(".kind-card", has_text="Dogfight")
    assert card.locator("img").evaluate("img => img.complete && img.naturalWidth") > 0
    card.get_by_role("link", name="Play a practice game").click()
    page.fill("#id_username", "newcomer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Start the practice game").click()
    game = Game.objects.get(kind="dogfight")
    expect(page).to_have_url(f"{live_server.url}/dogfight/games/{game.pk}/seat/0/")


def lobby_games() -> None:
    """An open, a running and a finished game of two kinds for the lobby's lists."""
    referee = make_user("referee", language="de")
    make_dogfight(referee, start=False, title="Open skies")
    make_dogfight(referee, humans=[make_user()], title="Busy skies")
    make_duel(title="Asteroid belt", seats={0: make_user(), 1: make_user()}, first=0)
    done = make_dogfight(referee, humans=[make_user()], title="Quiet skies")
    Game.objects.filter(pk=done.pk).update(status="finished", finished_at=timezone.now())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_home_page_and_the_lobby_have_no_serious_accessibility_violation(
    page, live_server, busy_pilot, scheme
):
    lobby_games()
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{live_server.url}/")
    assert axe_violations(page) == []
    page.goto(f"{live_server.url}/games/")
    assert axe_violations(page) == []
    log_in(page, live_server.url, busy_pilot[0], "/")
    assert axe_violations(page) == []
    page.goto(f"{live_server.url}/games/")
    assert axe_violations(page) == []


def test_the_axe_helper_finds_a_serious_violation(page, live_server):
    page.goto(f"{live_server.url}/healthz")
    page.set_content(
        '<html lang="en"><head><title>Bad</title></head>'
        '<body><main><img src="/static/icons/icon.svg"></main></body></html>'
    )
    assert [rule["id"] for rule in axe_violations(page)] == ["image-alt"]


def test_the_lobby_filters_its_cards_as_a_choice_changes(page, live_server, db):
    lobby_games()
    page.goto(f"{live_server.url}/games/")
    expect(page.locator(".cards > li")).to_have_count(4)
    page.get_by_label("Game", exact=True).select_option("duel")
    expect(page.locator(".cards > li")).to_have_count(1)
    assert "game=duel" in page.url  # the address keeps the choice (htmx pushes it)
    page.get_by_label("Game", exact=True).select_option("")
    expect(page.locator(".cards > li")).to_have_count(4)
    page.get_by_label("Free seats only").check()
    expect(page.locator(".cards > li")).to_have_count(1)
    expect(page.locator(".cards > li")).to_contain_text("Open skies")
    expect(page.get_by_role("heading", name="Running")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_the_front_pages_fit_every_width(browser, live_server, busy_pilot, width, language):
    """Nothing runs off the side at any width; every card's picture is drawn. The
    screenshots of docs/screenshots are taken here."""
    alice, dogfight, _duel = busy_pilot
    lobby_games()
    size = WIDTHS[width]
    context, page, errors = _page(
        browser,
        viewport={"width": size[0], "height": size[1]},
        locale="de-DE" if language == "de" else "en-GB",
        **({"is_mobile": True, "has_touch": True} if width == "phone" else {}),
    )
    try:
        look(page, f"{live_server.url}/", f"home-{language}-{size[0]}")
        look(page, f"{live_server.url}/games/", f"lobby-{language}-{size[0]}")
        look(page, f"{live_server.url}/games/{dogfight.pk}/", f"game-{language}-{size[0]}")
        page.goto(f"{live_server.url}/accounts/login/?next=/")
        page.fill("#id_username", alice.username)
        page.fill("#id_password", PASSWORD)
        page.press("#id_password", "Enter")
        page.wait_for_url(f"{live_server.url}/")
        look(page, f"{live_server.url}/", f"home-player-{language}-{size[0]}")
        assert page.locator("html").get_attribute("lang") == language
    finally:
        context.close()
    assert not errors, errors


def look(page, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, name
    for picture in page.locator("img.card-picture").all():
        picture.scroll_into_view_if_needed()
        expect(picture).to_have_js_property("complete", True)
        assert picture.evaluate("img => img.naturalWidth") > 0, name
    page.evaluate("() => window.scrollTo(0, 0)")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"front-{name}.png"))
