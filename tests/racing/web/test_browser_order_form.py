"""The order form in a real browser (Debian's Chromium through Playwright): the engine's preview
follows a handle while it is dragged (one request at a time, the newest position winning, a
last one on release), the drag survives the whole board being swapped in under it, and the
Überhirn shows its victim's projector's own fields for the kind chosen."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Order
from tests.browser import HTMX_BUSY, log_in

from .helpers import alone_on_turn, make_race, open_round, uberhirn_race

pytestmark = pytest.mark.django_db(transaction=True)

LANDING = "#preview-words > ul > li:first-child"
LANDING_SPOT = "#preview-layer .landing circle"
PREVIEW = re.compile(r"/preview\?")


def seat_page(page, live_server, user, game):
    log_in(page, live_server.url, user)
    page.goto(f"{live_server.url}/racing/games/{game.pk}/seat/0/")
    expect(page.locator(LANDING)).to_contain_text("Landing at")


def centre(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def hinge(page, name: str) -> float:
    return float(page.locator(f"#{name}").input_value())


def count_requests(page) -> None:
    """Count the page's htmx requests in flight, and the most at once (the page's own view,
    which order.js governs; the browser's network events may arrive at the test out of
    order)."""
    page.evaluate("""() => {
        window.counted = {now: 0, most: 0, asked: 0};
        document.addEventListener("htmx:beforeRequest", () => {
            counted.asked += 1;
            counted.now += 1;
            counted.most = Math.max(counted.most, counted.now);
        });
        document.addEventListener("htmx:afterRequest", () => { counted.now -= 1; });
    }""")


def counted(page) -> dict:
    return page.evaluate("window.counted")


def test_the_preview_follows_a_handle_while_it_is_dragged(page, live_server, alice, bob):
    game = make_race(alice, bob)
    alone_on_turn(game)
    seat_page(page, live_server, alice, game)
    count_requests(page)
    at_rest = page.locator(LANDING).inner_text()
    spot = page.locator(LANDING_SPOT).get_attribute("cx")
    handle = page.locator('#board-wrap [data-handle="h1"]')
    x, y = centre(handle)
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 6):  # up the screen: north, a left turn
        page.mouse.move(x, y - 2 * step)
    # the button is still down: the preview's words, the landing spot and the fields followed
    expect(page.locator(LANDING)).not_to_have_text(at_rest)
    expect(page.locator(LANDING_SPOT)).not_to_have_attribute("cx", spot)
    assert hinge(page, "h1") > 0
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    first = hinge(page, "h1")
    followed = page.locator(LANDING).inner_text()

    for step in range(6, 10):  # the same handle goes on following after the swaps
        page.mouse.move(x, y - 2 * step)
    expect(page.locator(LANDING)).not_to_have_text(followed)
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert 45 > hinge(page, "h1") > first, "short of the hinge limit at Lift 2"
    last = page.locator(LANDING).inner_text()  # the newest position's preview won
    assert counted(page)["most"] == 1 and counted(page)["asked"] >= 2

    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        page.mouse.up()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    expect(page.locator(LANDING)).to_have_text(last)  # the release's whole form agrees
    assert counted(page)["most"] == 1


def test_a_drag_goes_on_when_the_whole_board_is_swapped_under_it(page, live_server, alice, bob):
    game = make_race(alice, bob)
    alone_on_turn(game)
    seat_page(page, live_server, alice, game)
    old = page.query_selector('#board-wrap [data-handle="h1"]')
    x, y = centre(page.locator('#board-wrap [data-handle="h1"]'))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - 10)
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    # an earlier change's answer: the whole form and board come again during the drag
    page.locator("#h2").dispatch_event("change")
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert old.evaluate("handle => handle.isConnected") is False
    before = hinge(page, "h1")
    handle = page.locator('#board-wrap [data-handle="h1"]')
    moved_from = handle.get_attribute("cx")
    at = page.locator(LANDING).inner_text()
    page.mouse.move(x, y - 30)
    page.mouse.move(x, y - 40)
    assert hinge(page, "h1") > before
    expect(handle).not_to_have_attribute("cx", moved_from)  # the new handle follows
    expect(page.locator(LANDING)).not_to_have_text(at)
    dragged = hinge(page, "h1")
    page.mouse.up()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert hinge(page, "h1") == dragged


def test_the_uberhirn_shows_the_chosen_projectors_own_fields(page, live_server, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=100)
    seat_page(page, live_server, alice, game)
    kupferwurm = page.locator('.inner-fields[data-kind="kupferwurm"]')
    butt_kick = page.locator('.inner-fields[data-kind="butt_kick"]')
    expect(page.locator("#inner_card_1")).to_have_value("kupferwurm")
    expect(kupferwurm).to_be_visible()
    expect(butt_kick).to_be_hidden()
    page.select_option("#use_1", "before")
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.select_option("#target_1", "blue")
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.select_option("#inner_card_1", "butt_kick")
    expect(kupferwurm).to_be_hidden()
    expect(butt_kick).to_be_visible()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.select_option("#inner_target_1", "green")
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    for name, angle in (("inner_hinge1_1", "20"), ("inner_hinge2_1", "-10")):
        page.locator(f'[name="{name}"]').fill(angle)
        page.locator(f'[name="{name}"]').dispatch_event("change")
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
    expect(butt_kick).to_be_visible()  # the form came again with the Butt Kick chosen
    expect(page.locator("#preview")).not_to_contain_text("refuse")
    page.get_by_role("button", name="Send the turn (final)").click()
    expect(page.get_by_text("Done: your turn is in.")).to_be_visible()
    assert open_round(game) is None or open_round(game).number > 1
    stored = Order.objects.get(seat__user=alice).payload
    assert stored["before"] == [
        {
            "card": 1,
            "target": "blue",
            "use": {"card": "butt_kick", "target": "green", "hinge": [20.0, -10.0]},
        }
    ]
    green = next(j for j in game.rounds.get(number=1).report.state["jets"] if j["id"] == "green")
    assert green["heading"] == pytest.approx(10.0)


def test_what_is_typed_while_a_preview_is_on_its_way_is_kept(page, live_server, alice, bob):
    """The pilot types the first hinge (its preview goes out), then the second before that
    preview comes back: the stale answer is not swapped in over the second hinge; the form asks
    again and shows the preview of both."""
    game = make_race(alice, bob)
    alone_on_turn(game)
    seat_page(page, live_server, alice, game)
    held, holding = [], [True]

    def hold(route):
        if holding:
            held.append(route)
        else:
            route.continue_()

    page.route(PREVIEW, hold)
    page.locator("#h1").fill("20")
    page.locator("#h2").click()  # leaving the hinge's field sends its change
    expect(page.locator(HTMX_BUSY)).not_to_have_count(0)  # the hinge's preview is out
    page.keyboard.press("Control+A")
    page.keyboard.type("-10")  # typed while that preview is held back
    assert held and all("h2=0&" in route.request.url for route in held)
    holding.clear()
    for route in held:
        route.continue_()
    expect(page.locator(LANDING)).to_contain_text("heading 10°")  # 20° and -10°: asked again
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert page.locator("#h1").input_value() == "20"
    assert page.locator("#h2").input_value() == "-10"
    asked = page.locator("#preview-words").inner_text()
    page.locator("button[name=preview]").click()  # the preview of both, again
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert page.locator("#preview-words").inner_text() == asked
