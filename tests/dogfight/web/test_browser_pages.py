"""The pages around the cockpit, in a real browser: the home page's way to referee a dogfight,
an open game's own page with its Join buttons, the game page's weather line."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import log_in
from tests.factories import make_dogfight, make_user

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
    page.get_by_role("button", name="Join seat 3").click()  # people count seats from 1
    expect(page.get_by_text("You have seat 3 in Friday flight.")).to_be_visible()
    assert game.seats.get(number=2).user == friend
    # One seat a person: the other seats' buttons are gone.
    expect(page.get_by_role("button", name="Join seat 4")).to_have_count(0)


def test_the_game_page_words_the_weather_that_was(page, live_server):
    game = make_dogfight(humans={0: make_user()}, title="Windy")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("p.weather")).to_have_text("No weather yet: this is the first round.")
    expect(page.get_by_text("calm last round")).to_have_count(0)
    # The board's text alternative: each plane's hex and nose (seat 0 on its corner).
    expect(page.locator("#planes-list tr.seat-0")).to_contain_text("(9, 0)")
    expect(page.locator("#planes-list tr.seat-0")).to_contain_text("west")
    assert page.locator("svg.board").get_attribute("aria-describedby") == "planes-list"
    # The board's key, as in the cockpit: each symbol small, beside its meaning.
    legend = page.locator("section.legend")
    expect(legend.get_by_role("heading", name="On the board")).to_be_visible()
    assert legend.locator("svg.legend-symbol").count() >= 5
    assert legend.locator("svg.legend-symbol").first.bounding_box()["width"] < 40


def _a_round_with_a_burst():
    """Alice (seat 0) fires ahead in move 1 at Bob (seat 3) flying toward her over a clear
    sky; the round is resolved and published."""
    from games import resolution, services
    from tests.factories import open_round
    from tests.helpers import set_planes

    alice, bob = make_user("alice"), make_user("bob")
    game = make_dogfight(humans={0: alice, 3: bob}, duel=True, title="Shooting gallery")
    rnd = open_round(game)
    set_planes(
        rnd,
        {
            0: {"status": "air", "q": -2, "r": 0, "facing": 0},
            3: {"status": "air", "q": 2, "r": 0, "facing": 3},
        },
        clouds=[],
    )
    services.orders_submit(
        seat=game.seats.get(number=0),
        user=alice,
        payload=[{"maneuver": "A", "fire": ["A"]}, {"maneuver": "L"}, {"maneuver": "L"}],
    )
    services.orders_submit(
        seat=game.seats.get(number=3),
        user=bob,
        payload=[{"maneuver": "A"}, {"maneuver": "R"}, {"maneuver": "R"}],
    )
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return game


def test_the_replay_player_plays_pauses_steps_by_keys_and_scrubs(page, live_server):
    """The platform's one player (static/js/replay.js) on a dogfight's report: it opens at the
    round's start and every control moves the board and the caption together."""
    game = _a_round_with_a_burst()
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/")
    replay = page.locator("#replay")
    caption, board = replay.locator(".replay-text"), replay.locator(".replay-board")
    scrub = replay.get_by_role("slider", name="Step of the replay")
    expect(caption).to_have_text("Start of the round")
    expect(replay.locator(".replay-mark")).to_have_text("Round 1")
    expect(replay.get_by_role("button", name="Show this step")).to_be_hidden()
    start = board.inner_html()

    # Keys: → a step, End the last, Home the first.
    scrub.focus()
    page.keyboard.press("ArrowRight")
    expect(caption).to_have_text("After move 1")
    expect(replay.locator("g.fired.seat-0")).to_have_count(1)
    expect(replay.locator("g.hit").first).to_be_visible()
    page.keyboard.press("End")
    expect(caption).to_have_text("End of the round (after the wind)")
    expect(scrub).to_have_value("4")
    page.keyboard.press("Home")
    expect(caption).to_have_text("Start of the round")
    expect(board).to_have_js_property("innerHTML", start)

    # Scrub: the range input straight to a step, the address following it.
    scrub.fill("3")
    expect(caption).to_have_text("After move 3")
    expect(replay.locator(".replay-count")).to_have_text("4 / 5")
    assert page.url.endswith("?step=3"), page.url
    replay.get_by_role("button", name="Previous step").click()
    expect(caption).to_have_text("After move 2")

    # Play at 4×: it runs to the end and stops there; Space pauses and plays on.
    replay.get_by_label("Speed").select_option("4")
    play = replay.locator(".replay-play")
    replay.get_by_role("button", name="First step").click()
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_have_text("Pause")
    page.keyboard.press("Space")
    expect(play).to_have_attribute("aria-pressed", "false")
    paused_at = scrub.input_value()
    page.wait_for_timeout(800)  # three steps' time at 4×: a paused player stays
    assert scrub.input_value() == paused_at
    page.keyboard.press("Space")
    expect(caption).to_have_text("End of the round (after the wind)", timeout=5000)
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(play).to_have_text("Play")


def test_without_javascript_the_replay_is_a_form_of_steps(browser, live_server):
    game = _a_round_with_a_burst()
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/")
        expect(page.locator("#replay .replay-play")).to_be_hidden()
        page.get_by_role("button", name="Next step").click()
        expect(page).to_have_url(re.compile(rf"/games/{game.pk}/replay/\?step=0&step=1$"))
        expect(page.locator("#replay .replay-text")).to_have_text("After move 1")
        expect(page.locator("#replay g.fired.seat-0")).to_have_count(1)
    finally:
        context.close()


def test_the_lobby_shows_each_games_settings_seat_colours_and_winner(page, live_server):
    from django.utils import timezone

    from games.models import Game

    make_dogfight(
        start=False,
        title="Open skies",
        windless=True,
        balloon_rule="normal",
        balloons=1,
        scoring="damage",
    )
    finished = make_dogfight(humans={0: make_user("winner")}, title="Over and done")
    finished.seats.filter(number=0).update(name="Roter Baron")
    Game.objects.filter(pk=finished.pk).update(
        status="finished", winner_seat=0, finished_at=timezone.now()
    )
    draw = make_dogfight(humans={0: make_user("nobody")}, title="All down")
    Game.objects.filter(pk=draw.pk).update(
        status="finished", winner_seat=None, finished_at=timezone.now()
    )
    page.goto(f"{live_server.url}/games/")
    open_entry = page.locator(".game-entry", has_text="Open skies")
    expect(open_entry).to_contain_text("full game, windless, 1 balloon, points per damage point")
    expect(open_entry).to_contain_text("Seat 1 (red):")
    expect(open_entry).to_contain_text("Seat 6 (orange):")
    expect(page.locator(".game-entry", has_text="Over and done")).to_contain_text(
        "Won by Roter Baron."
    )
    expect(page.locator(".game-entry", has_text="All down")).to_contain_text("Nobody won.")


def test_the_frame_says_your_move_and_leads_to_the_games(page, live_server):
    pilot = make_user("waited")
    make_dogfight(humans={0: pilot}, title="Waiting on you")
    log_in(page, live_server.url, pilot, "/games/")
    badge = page.locator("header a.your-move")
    expect(badge).to_have_text("Your move: 1 game")
    badge.click()
    expect(page).to_have_url(f"{live_server.url}/me/")
    expect(page.get_by_text("Waiting on you").first).to_be_visible()
