"""A whole duel played in a real browser (Debian's Chromium through Playwright) by two people,
each in his own browser context, against live_server.

Alice creates the duel on its "new game" page (no asteroids, one Wasp each, B moves first),
both join in the lobby, she starts it from the referee panel. Both place their fighters
(sealed). Bob flies his Wasp across the board in four turns while Alice stays docked; in her
fourth turn her Wasp must take off: it climbs out, shoots Bob's Wasp from the next hex with the
nose gun, turns and lands on its top dock, which wins the duel. Each turn is built step by
step with the engine's buttons (htmx swaps the board and the form) and submitted.

Tasks run eagerly in tests and live_server commits for real, so each action is resolved during
the submit request itself.
"""

import pytest
from playwright.sync_api import expect

from games.models import Game
from tests.browser import HTMX_BUSY, TIMEOUT_MS, log_in
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def click_htmx(page, name):
    """Click a turn-form button and wait until htmx has swapped the new form and board in."""
    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        page.get_by_role("button", name=name, exact=True).click()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def fly(page, fighter, steps):
    click_htmx(page, f"Fly {fighter}")
    for number, step in enumerate(steps, start=1):
        click_htmx(page, step)
        expect(page.locator("#board g.route g.arrowhead")).to_have_count(number)
    click_htmx(page, f"Finish {fighter}'s move")
    page.get_by_role("button", name="Submit the turn (final)").click()
    expect(page.get_by_text("Done: your action is in.")).to_be_visible()


def stay(page, fighter):
    click_htmx(page, f"{fighter} stays docked")
    page.get_by_role("button", name="Submit the turn (final)").click()
    expect(page.get_by_text("Done: your action is in.")).to_be_visible()


def test_two_players_play_a_duel_to_the_end(two_pages, live_server):
    base = live_server.url
    alice, bob = make_user("alice"), make_user("bob")
    a, b = two_pages
    a.set_default_timeout(TIMEOUT_MS)

    # Alice creates a small duel and takes seat 0; Bob takes seat 1; she starts it.
    log_in(a, base, alice)
    a.get_by_role("link", name="Referee a new duel").click()
    a.fill("#id_title", "Asteroid belt")
    a.fill("#id_asteroids", "0")
    a.select_option("#id_squadron", "wasp")
    a.select_option("#id_first", "1")
    a.get_by_role("button", name="Create the game").click()
    expect(a.get_by_text("Asteroid belt is open for pilots.")).to_be_visible()
    game = Game.objects.get(title="Asteroid belt")
    a.goto(f"{base}/games/")
    a.get_by_role("button", name="Join seat 1").click()
    log_in(b, base, bob)
    expect(
        b.get_by_text("24 hours per action").or_(b.get_by_text("48 hours per action"))
    ).to_be_visible()
    b.get_by_role("button", name="Join seat 2").click()
    a.goto(f"{base}/games/{game.pk}/referee/")
    a.get_by_role("button", name="Start the game").click()

    # The sealed placement: Alice's choice stays hidden from Bob until his is in too.
    mine, theirs = f"{base}/duel/games/{game.pk}/seat/0/", f"{base}/duel/games/{game.pk}/seat/1/"
    a.goto(mine)
    a.select_option("#hex_A1", "0,8")
    a.select_option("#facing_A1", "1")
    a.get_by_role("button", name="Place my fighters (final)").click()
    expect(a.get_by_text("A1 on [0, 8], facing NE")).to_be_visible()
    b.goto(theirs)
    expect(b.locator('#board [data-fighter="A1"]')).to_have_count(0)
    assert b.locator("#hex_B1").input_value() == "19,6"
    assert b.locator("#facing_B1").input_value() == "3"
    b.get_by_role("button", name="Place my fighters (final)").click()
    expect(b.locator('#board [data-fighter="A1"]')).to_have_count(1)

    # Bob crosses the board along row 6 while Alice's Wasp waits on its dock.
    for hexes in (5, 5, 4):
        b.goto(theirs)
        fly(b, "B1", ["ahead"] * hexes)
        a.goto(mine)
        stay(a, "A1")
    b.goto(theirs)
    fly(b, "B1", ["ahead"] * 4)
    expect(b.get_by_text("Waiting for alice")).to_be_visible()

    # Alice must take off: one hex out, the nose gun at Bob's Wasp next to her, then home.
    a.goto(mine)
    expect(a.get_by_role("button", name="A1 stays docked")).to_have_count(0)
    click_htmx(a, "Fly A1 (must take off)")
    # a Wasp turns only after two hexes: the engine offers no turn yet, nor an end
    assert a.get_by_role("button", name="turn left").count() == 0
    steps = ["ahead", "fire the nose gun", "ahead", "turn left", "ahead"]
    for step in steps:
        click_htmx(a, step)
    expect(a.locator("#board g.route g.arrowhead")).to_have_count(len(steps))
    click_htmx(a, "Finish A1's move")
    a.get_by_role("button", name="Submit the turn (final)").click()
    expect(a.get_by_text("You won.")).to_be_visible()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    b.goto(theirs)
    expect(b.get_by_text("alice won.")).to_be_visible()
    expect(b.get_by_role("button", name="Resign")).to_have_count(0)

    # Anyone may read the game and replay the last action.
    b.goto(f"{base}/games/{game.pk}/")
    expect(b.get_by_text("alice won.")).to_be_visible()
    b.locator("ol.history a").first.click()
    expect(b.get_by_text("A1 fired its nose gun at [1, 6], hitting B1.")).to_be_visible()
    expect(b.locator("#replay .replay-text")).to_have_text("Before")  # the action's start
