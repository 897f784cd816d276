"""A round played in a real browser (Debian's Chromium through Playwright) against live_server.

A pilot logs in through the login form, picks his take-off in the cockpit and watches the
legal lists and the route preview change (htmx), names his pilot, submits, and reads the
round's report with its replay. A spectator reads the lobby, a game and a report without any
way to post. The cockpit fits a phone.

Tasks run eagerly in tests and live_server commits for real, so a game that resolves "as soon
as all orders are in" is resolved during the submit request itself.
"""

import re

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Order, Round
from tests.browser import HTMX_BUSY, log_in
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, seat_of

pytestmark = pytest.mark.django_db(transaction=True)

COMPUTERS = {n: "novice" for n in range(1, 6)}


def options(page, select):
    return page.locator(f"{select} option").evaluate_all("els => els.map(e => e.value)")


def arrowhead(page, move):
    return page.locator(f'#board-wrap g.route g.arrowhead[data-move="{move}"]')


def preview_after(page, action):
    """Do ``action`` and wait until htmx has fetched and swapped in the new form and board."""
    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        action()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def test_a_pilot_plays_a_round_and_reads_its_report(page, live_server):
    base = live_server.url
    pilot = make_user("alice")
    game = make_dogfight(
        humans={0: pilot}, computers=COMPUTERS, resolve_early=True, title="Morning patrol"
    )
    cockpit = f"/dogfight/games/{game.pk}/seat/0/"

    log_in(page, base, pilot, cockpit)
    expect(page.locator("h1")).to_be_visible()
    expect(page.get_by_text("Your orders for round 1")).to_be_visible()
    # On the airfield the first pick is "stay on the ground": all three arrowheads sit still.
    assert options(page, "#m1") == ["G", "TA", "TB", "TG"]
    assert options(page, "#m2") == ["G", "TA", "TB", "TG"]
    expect(page.locator("#board-wrap g.route g.arrowhead")).to_have_count(3)
    before = arrowhead(page, 3).get_attribute("transform")

    # Taxi with move 1: move 2 may then only go on taxiing, and the route reaches further.
    preview_after(page, lambda: page.select_option("#m1", "TB"))
    assert page.locator("#m1").input_value() == "TB"
    assert options(page, "#m2") == ["TB"]
    after = arrowhead(page, 3).get_attribute("transform")
    assert after != before, "the arrowhead of move 3 did not move after move 1 changed"
    assert options(page, "#m3") == ["A", "L", "R", "LS", "RS", "H"]

    # Climb away with a turn on move 3: its arrowhead turns, the earlier picks stay.
    preview_after(page, lambda: page.select_option("#m3", "L"))
    assert [page.locator(f"#m{n}").input_value() for n in (1, 2, 3)] == ["TB", "TB", "L"]
    assert arrowhead(page, 3).get_attribute("transform") != after

    # Without a pilot's name nothing is stored: a clear message, the picks kept.
    page.get_by_role("button", name="Submit orders and chatter").click()
    expect(page.get_by_role("alert")).to_contain_text("a pilot needs a name")
    assert [page.locator(f"#m{n}").input_value() for n in (1, 2, 3)] == ["TB", "TB", "L"]
    assert not Order.objects.filter(seat=seat_of(game, pilot)).exists()

    # The pilot's name, asked in his first round. It lies outside what the preview redraws, so
    # a preview still on its way cannot wipe out what he types.
    page.fill("#pilot_name", "Tailshot")
    preview_after(page, lambda: page.check("input[name=f3][value=A]"))
    expect(page.locator("#pilot_name")).to_have_value("Tailshot")
    preview_after(page, lambda: page.uncheck("input[name=f3][value=A]"))

    page.get_by_role("button", name="Submit orders and chatter").click()
    page.wait_for_url(f"{base}{cockpit}")
    expect(page.get_by_text("Your orders are in").first).to_be_visible()

    # Resolved at once: round 1 published with the orders as picked, round 2 open.
    first = game.rounds.get(number=1)
    assert first.status == Round.Status.PUBLISHED
    order = Order.objects.get(round=first, seat=seat_of(game, pilot))
    assert [m["maneuver"] for m in order.payload["moves"]] == ["TB", "TB", "L"]
    assert game.rounds.get(number=2).status == Round.Status.OPEN
    assert seat_of(game, pilot).name == "Tailshot"
    expect(page.get_by_text("Round 2 · orders due")).to_be_visible()

    # The report, and its replay stepped through in place.
    page.goto(f"{base}/games/{game.pk}/rounds/1/")
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    expect(page.locator(".flight-log")).to_contain_text("Tailshot")
    board = page.locator("#replay .replay-board")
    caption = page.locator("#replay .replay-text")
    expect(caption).to_have_text("Start of the round")
    shown = [board.inner_html()]
    for label in ("After move 1", "After move 2"):
        page.get_by_role("button", name="Next step").click()
        expect(caption).to_have_text(label)
        expect(board).not_to_have_attribute("aria-busy", "true")
        shown.append(board.inner_html())
        assert shown[-1] != shown[-2], f"the board did not change when stepping to {label}"
    assert re.search(r"[?&]step=2\b", page.url), page.url


def test_a_spectator_reads_without_any_way_to_post(page, live_server):
    base = live_server.url
    pilot = make_user("bob")
    game = make_dogfight(
        humans={0: pilot}, computers=COMPUTERS, resolve_early=True, title="Evening patrol"
    )
    services.orders_submit(seat=seat_of(game, pilot), user=pilot, payload=GROUND_ORDERS)
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED

    page.goto(f"{base}/games/")
    running = page.locator("h2", has_text="Running").locator("xpath=following-sibling::*[1]")
    running.get_by_role("link", name="Evening patrol").click()
    page.wait_for_url(f"{base}/games/{game.pk}/")
    expect(page.locator("h1")).to_have_text("Evening patrol")
    expect(page.locator("svg.board")).to_be_visible()
    expect(page.get_by_text("Round 2 · orders due")).to_be_visible()
    assert_no_way_to_post(page)

    page.get_by_role("link", name="Round 1", exact=True).click()
    page.wait_for_url(f"{base}/games/{game.pk}/rounds/1/")
    expect(page.locator("#replay svg.board")).to_be_visible()
    expect(page.locator(".flight-log")).to_be_visible()
    assert_no_way_to_post(page)

    # The cockpit itself sends a stranger to the login page.
    page.goto(f"{base}/dogfight/games/{game.pk}/seat/0/")
    assert "/accounts/login/" in page.url


def assert_no_way_to_post(page):
    assert page.locator("form#orders, #m1, #pilot_name").count() == 0
    # The header's language switch is the one form a spectator has: it changes no game.
    forms = page.locator('form[method="post" i]:not(.language-switch)')
    assert forms.count() == 0, "a spectator is offered a form"
    assert page.locator("[hx-post], [hx-put], [hx-delete], [hx-patch]").count() == 0
    assert (
        page.get_by_role(
            "button", name=re.compile("submit|orders|join|log out", re.IGNORECASE)
        ).count()
        == 0
    )
    assert page.get_by_text("Your cockpit").count() == 0


def test_the_cockpit_fits_a_phone(phone_page, live_server):
    page = phone_page
    base = live_server.url
    pilot = make_user("carol")
    game = make_dogfight(humans={0: pilot}, computers=COMPUTERS, resolve_early=True)
    cockpit = f"/dogfight/games/{game.pk}/seat/0/"
    log_in(page, base, pilot, cockpit)

    width = page.viewport_size["width"]
    assert width == 390
    board = page.locator("#board-wrap svg.board")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["width"] >= 0.8 * width, f"the board did not scale up to the screen: {box}"
    for selector in ("#m1", "#m2", "#m3", "#pilot_name"):
        field = page.locator(selector)
        field.scroll_into_view_if_needed()
        expect(field).to_be_visible()
        box = field.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
    submit = page.get_by_role("button", name="Submit orders and chatter")
    submit.scroll_into_view_if_needed()
    expect(submit).to_be_visible()
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width, f"the page scrolls sideways on a phone ({scroll_width}px)"

    # A pick works by touch-sized controls too: the preview swaps in on the phone as well.
    preview_after(page, lambda: page.select_option("#m1", "TB"))
    assert options(page, "#m2") == ["TB"]
    assert page.locator("#board-wrap svg.board").bounding_box()["width"] <= width
