"""A rated duel in a real browser (Debian's Chromium through Playwright): two people play it to
the end, each in his own browser context against live_server, and both then read their new
ratings and every seat's change in the final report and on their own pages, in English and in
German.

Alice creates the duel (rated, as the form offers by default), both join, she starts it, both
place their fighters, Bob flies his first turn and Alice resigns: Bob wins. Tasks run eagerly
and live_server commits for real, so the duel is rated in the request that ends it.
"""

import pytest
from playwright.sync_api import expect

from games.models import Game, Rating, RatingChange
from tests.browser import HTMX_BUSY, log_in
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def click_htmx(page, name):
    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        page.get_by_role("button", name=name, exact=True).click()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def signed(change: int) -> str:
    return f"+{change}" if change > 0 else str(change)


def test_two_players_finish_a_rated_duel_and_both_read_their_new_ratings(two_pages, live_server):
    base = live_server.url
    alice, bob = make_user("alice"), make_user("bob")
    a, b = two_pages

    log_in(a, base, alice)
    a.get_by_role("link", name="Referee a new duel").click()
    a.fill("#id_title", "Rated belt")
    a.fill("#id_asteroids", "0")
    a.select_option("#id_squadron", "wasp")
    a.select_option("#id_first", "1")
    expect(a.get_by_label("Rated")).to_be_checked()
    a.get_by_role("button", name="Create the game").click()
    expect(a.get_by_text("Rated belt is open for pilots.")).to_be_visible()
    game = Game.objects.get(title="Rated belt")
    assert game.rated
    a.goto(f"{base}/games/")
    a.get_by_role("button", name="Join seat 1").click()
    log_in(b, base, bob)
    b.get_by_role("button", name="Join seat 2").click()
    a.goto(f"{base}/games/{game.pk}/referee/")
    a.get_by_role("button", name="Start the game").click()

    mine, theirs = f"{base}/duel/games/{game.pk}/seat/0/", f"{base}/duel/games/{game.pk}/seat/1/"
    for page, url in ((a, mine), (b, theirs)):
        page.goto(url)
        page.get_by_role("button", name="Place my fighters (final)").click()
    b.goto(theirs)
    click_htmx(b, "Fly B1")
    for _ in range(3):
        click_htmx(b, "ahead")
    click_htmx(b, "Finish B1's move")
    b.get_by_role("button", name="Submit the turn (final)").click()
    expect(b.get_by_text("Done: your action is in.")).to_be_visible()

    a.goto(mine)
    a.get_by_role("link", name="Resign…").click()
    a.get_by_role("button", name="Yes, resign the duel").click()
    expect(a.get_by_text("bob won.")).to_be_visible()

    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 1
    changes = {c.user_id: c.shown_change for c in RatingChange.objects.filter(game=game)}
    assert changes[bob.pk] > 0 > changes[alice.pk]
    shown = {p: round(Rating.objects.get(user=p, kind="duel").mu) for p in (alice, bob)}

    for page, url, person in ((a, mine, alice), (b, theirs, bob)):
        page.goto(url)
        page.get_by_role("link", name="Replay the last action").click()
        report = page.locator("section.rating-changes")
        expect(report.get_by_role("heading", name="Ratings")).to_be_visible()
        for other in (alice, bob):
            row = report.locator("tr", has=page.get_by_role("link", name=other.username))
            expect(row).to_contain_text(str(shown[other]))
            expect(row).to_contain_text(signed(changes[other.pk]))
        report_url = page.url
        page.get_by_role("link", name=person.username, exact=True).click()
        expect(page.locator(".rating-number")).to_have_text(str(shown[person]))
        expect(page.get_by_text("1 rated game")).to_be_visible()
        expect(page.locator(".rating-card .rating-delta")).to_have_text(signed(changes[person.pk]))

        page.get_by_role("button", name="Deutsch").click()
        expect(page.get_by_text("1 gewertete Partie")).to_be_visible()
        expect(page.locator(".rating-number")).to_have_text(str(shown[person]))
        page.goto(report_url)
        report = page.locator("section.rating-changes")
        expect(report.get_by_role("heading", name="Wertungen")).to_be_visible()
        expect(report.get_by_role("columnheader", name="Änderung")).to_be_visible()
        mine_row = report.locator("tr", has=page.get_by_role("link", name=person.username))
        expect(mine_row).to_contain_text(signed(changes[person.pk]))
        page.get_by_role("button", name="English").click()
        expect(report.get_by_role("columnheader", name="Change")).to_be_visible()
