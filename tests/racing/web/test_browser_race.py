"""A whole race in a real browser (Debian's Chromium through Playwright): two people, each in
his own browser context, and a computer jet, on the smallest built-in course, level 1, one lap.

Alice creates the race on its "new game" page with a computer jet in seat 2; Bob joins in the
lobby; she starts it from the referee panel. On her first turn she drags the first-hinge handle
and steers the second by keyboard, then tries the aim snap; the engine's preview (htmx) follows
each change. Every turn is then typed into the number fields and lift selector as a cadet would
fly it (the engine's computer pilot, asked by the test for the numbers), previewed and sent;
the computer jet flies the moment its turn comes. At the finish anyone may read the standings
and replay the last turn.

Tasks run eagerly in tests and live_server commits for real, so each turn is resolved during
the request that sends it.
"""

import pytest
from playwright.sync_api import expect

from games.models import Game, Round
from racing import engine
from tests.browser import HTMX_BUSY, TIMEOUT_MS, log_in
from tests.factories import make_user

from .helpers import make_race

pytestmark = pytest.mark.django_db(transaction=True)


def previewed(page, action):
    """Do ``action`` and wait until htmx has swapped the engine's preview in."""
    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        action()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def hinge(page, name) -> float:
    return float(page.locator(f"#{name}").input_value())


def type_order(page, order):
    if order.get("miss"):
        previewed(page, lambda: page.check("#stand"))
        return
    if page.locator("#lift").input_value() != str(order["lift"]):
        previewed(page, lambda: page.select_option("#lift", str(order["lift"])))
    for name, value in zip(("h1", "h2"), order["hinge"]):
        page.fill(f"#{name}", f"{value:g}")
        previewed(page, lambda n=name: page.locator(f"#{n}").dispatch_event("change"))


def first_turn_by_hand(page):
    """The handles: drag the ruler's end, nudge the heading arrow by keyboard, the aim snap."""
    handle = page.locator('[data-handle="h1"]')
    box = handle.bounding_box()
    start = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def drag():
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(start[0], start[1] - 25, steps=4)  # up the screen: north, a left turn
        page.mouse.up()

    previewed(page, drag)
    assert 0 < hinge(page, "h1") <= 60
    expect(page.locator("#preview")).to_contain_text("Landing at")
    before = hinge(page, "h2")
    page.locator('[data-handle="h2"]').focus()
    previewed(page, lambda: page.keyboard.press("ArrowLeft"))
    assert hinge(page, "h2") == before + 1
    previewed(page, lambda: page.get_by_role("button", name="aim at the next gate").click())
    expect(page.locator('#board-wrap [data-handle="h1"]')).to_have_count(1)


def test_two_people_and_a_computer_jet_race_to_the_finish(two_pages, live_server):
    base = live_server.url
    alice, bob = make_user("alice"), make_user("bob")
    a, b = two_pages
    a.set_default_timeout(TIMEOUT_MS)

    log_in(a, base, alice)
    a.get_by_role("link", name="Referee a new race").click()
    a.fill("#id_title", "Little oval")
    a.select_option("#id_course", "oval5")
    a.fill("#id_jets", "3")
    a.check("#id_computer_2")
    a.get_by_role("button", name="Create the game").click()
    expect(a.get_by_text("Little oval is open for pilots.")).to_be_visible()
    game = Game.objects.get(title="Little oval")
    assert game.settings["level"] == 1 and game.settings["laps"] == 1
    a.goto(f"{base}/games/")
    a.get_by_role("button", name="Join seat 1").click()  # people count seats from 1
    log_in(b, base, bob)
    expect(b.get_by_text("12 hours per turn").first).to_be_visible()
    b.get_by_role("button", name="Join seat 2").click()
    a.goto(f"{base}/games/{game.pk}/referee/")
    a.get_by_role("button", name="Start the game").click()

    pages = {0: a, 1: b}
    first = True
    for _turn in range(200):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        rnd = game.rounds.get(status=Round.Status.OPEN)
        seat = rnd.state["turn"]["seat"]
        page = pages[seat]
        page.goto(f"{base}/racing/games/{game.pk}/seat/{seat}/")
        expect(page.locator("#board .jet.on-turn")).to_have_count(1)
        if first:
            first_turn_by_hand(page)
            first = False
        type_order(page, engine.computer_order(rnd.state, 1))
        expect(page.locator("#preview")).not_to_contain_text("refuses")
        page.get_by_role("button", name="Send the turn (final)").click()
        expect(page.get_by_text("Done: your turn is in.")).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    final = game.rounds.order_by("-number").first().report.state
    assert all(j["status"] == "finished" for j in final["jets"])

    b.goto(f"{base}/games/{game.pk}/")
    expect(b.get_by_text("The race is over.")).to_be_visible()
    expect(b.locator("table.standings tbody tr")).to_have_count(3)
    # The finished race: the replay at its end, every jet on the course with its trail.
    expect(b.locator("#replay svg.course g.jet")).to_have_count(3)
    expect(b.locator("#replay svg.course g.paths line").first).to_be_visible()
    last = game.rounds.order_by("-number").first().number
    b.get_by_role("link", name=f"Turn {last}", exact=True).click()
    expect(b.locator(".events")).to_contain_text("The race is over.")
    expect(b.locator("#replay .replay-mark")).to_have_text(f"Turn {last}")
    b.locator("#replay").get_by_role("button", name="First step").click()
    expect(b.locator("#replay .replay-text")).to_have_text("before")


def test_the_order_form_works_on_a_phone_with_touch(phone_page, live_server):
    """A phone: the course fits the screen, a finger drags the ruler's end (pointer events
    from touch), a snap is a tap, and the turn is sent."""
    alice, bob = make_user("alice"), make_user("bob")
    game = make_race(alice, bob)
    page = phone_page
    log_in(page, live_server.url, alice)
    page.goto(f"{live_server.url}/racing/games/{game.pk}/seat/0/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#board").bounding_box()["width"] <= 390
    handle = page.locator('[data-handle="h1"]')
    box = handle.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def touch_drag():
        for kind, dy in (("pointerdown", 0), ("pointermove", 12), ("pointerup", 12)):
            handle.dispatch_event(
                kind,
                {
                    "pointerId": 1,
                    "pointerType": "touch",
                    "clientX": x,
                    "clientY": y - dy,
                    "isPrimary": True,
                },
            )

    previewed(page, touch_drag)
    assert hinge(page, "h1") > 0
    previewed(page, lambda: page.get_by_role("button", name="full right").tap())
    assert hinge(page, "h1") == -60 and hinge(page, "h2") == -60
    page.get_by_role("button", name="Send the turn (final)").tap()
    expect(page.get_by_text("Done: your turn is in.")).to_be_visible()
    game.refresh_from_db()
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED
