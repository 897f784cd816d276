"""The table every game's seat page is built on (templates/games/table.html, static/css/
table.css, static/js/table.js), in a real browser (Debian's Chromium through Playwright), on
each game's order page: at 1280x800 and 1366x768 the Send button and at least 60% of the board
are in view together; at 390x844 tabbing forwards and backwards through the form never leaves
the focused field under the pinned board; after an htmx swap focus returns to the control that
was used (a checkbox, a hinge handle's arrow keys, a step button, a tile's place button); Enter
in a number field previews that number."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import expect

from tests.browser import HTMX_BUSY, _page, log_in
from tests.dogfight.web.test_browser_round import COMPUTERS
from tests.duel.web.helpers import make_duel
from tests.duel.web.test_browser_duel_player import duel_at
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import set_planes
from tests.joyride.web.helpers import make_game
from tests.racing.web.helpers import alone_on_turn, make_race

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOPS = [(1280, 800), (1366, 768)]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
IN_THE_AIR = {"status": "air", "q": 0, "r": 0, "facing": 2}
FIELDS = "input:not([type=hidden]), select, textarea, button"


@dataclass
class OrderPage:
    user: object
    path: str
    send: str  # the Send button's name
    board: str  # the board's picture
    form: str  # the order form


def dogfight_page() -> OrderPage:
    pilot = make_user("alice")
    game = make_dogfight(humans={0: pilot}, computers=COMPUTERS, title="Evening patrol")
    set_planes(open_round(game), {0: IN_THE_AIR})  # in the air: his guns may fire
    return OrderPage(
        pilot,
        f"/dogfight/games/{game.pk}/seat/0/",
        "Submit orders and chatter",
        "#board-wrap svg.board",
        "form#orders",
    )


def duel_page() -> OrderPage:
    alice, bob = make_user("alice"), make_user("bob")
    game = make_duel(alice, bob)  # the sealed placement of the fighters: both owe it
    return OrderPage(
        alice,
        f"/duel/games/{game.pk}/seat/0/",
        "Place my fighters (final)",
        "#board-wrap svg",
        "form.placements",
    )


def racing_page() -> OrderPage:
    alice, bob = make_user("alice"), make_user("bob")
    game = make_race(alice, bob)
    alone_on_turn(game)
    return OrderPage(
        alice,
        f"/racing/games/{game.pk}/seat/0/",
        "Send the turn (final)",
        "#board-wrap svg.course",
        "form#order-form",
    )


def joyride_page() -> OrderPage:
    alice = make_user("alice")
    game = make_game(alice)  # solo
    return OrderPage(
        alice,
        f"/joyride/games/{game.pk}/seat/0/",
        "Seal my plan (final)",
        "svg.builder-lab",
        "#builder",
    )


ORDER_PAGES = {
    "dogfight": dogfight_page,
    "duel": duel_page,
    "racing": racing_page,
    "joyride": joyride_page,
}


@pytest.fixture
def sized(browser, live_server):
    """A page of a given size (``sized(width=..., height=...)`` or the phone's options); what
    the browser's console reports as an error or a CSP block fails the test."""
    opened = []

    def open_page(**options):
        context, page, errors = _page(browser, **options)
        opened.append((context, errors))
        return page

    yield open_page
    for context, errors in opened:
        context.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


def seated(page, live_server, order: OrderPage) -> None:
    log_in(page, live_server.url, order.user, order.path)
    expect(page.locator(order.board)).to_be_visible()


def in_window(page, box: dict) -> bool:
    size = page.viewport_size
    return (
        box["y"] >= -1
        and box["y"] + box["height"] <= size["height"] + 1
        and box["x"] >= -1
        and box["x"] + box["width"] <= size["width"] + 1
    )


def share_in_view(page, box: dict) -> float:
    """The share of ``box``'s area inside the window."""
    size = page.viewport_size
    width = max(0.0, min(box["x"] + box["width"], size["width"]) - max(box["x"], 0))
    height = max(0.0, min(box["y"] + box["height"], size["height"]) - max(box["y"], 0))
    return width * height / (box["width"] * box["height"])


@pytest.mark.parametrize("width,height", DESKTOPS)
@pytest.mark.parametrize("game", ORDER_PAGES)
def test_the_send_button_and_the_board_are_in_view_together(
    sized, live_server, game, width, height
):
    page = sized(viewport={"width": width, "height": height})
    order = ORDER_PAGES[game]()
    seated(page, live_server, order)
    send = page.get_by_role("button", name=order.send)
    send.scroll_into_view_if_needed()
    assert in_window(page, send.bounding_box()), send.bounding_box()
    board = page.locator(order.board).bounding_box()
    assert share_in_view(page, board) >= 0.6, (board, page.viewport_size)


def focused_clear_of_the_board(page) -> str:
    """The focused element lies in the window and not under the pinned board (unless it is a
    part of the board); its description for the failure message."""
    focused = page.locator(":focus")
    expect(focused).to_have_count(1)
    if focused.evaluate("el => el.closest('#seat-table-board') !== null"):
        return "board"
    box = focused.bounding_box()
    cover = page.locator("#seat-table-board").bounding_box()
    what = focused.evaluate("el => el.outerHTML.slice(0, 80)")
    assert box is not None, what
    assert in_window(page, box), (what, box)
    overlaps = box["y"] < cover["y"] + cover["height"] - 1 and box["y"] + box["height"] > cover["y"]
    assert not overlaps, (what, box, cover)
    return what


@pytest.mark.parametrize("game", ORDER_PAGES)
def test_tabbing_on_a_phone_never_leaves_the_field_under_the_board(sized, live_server, game):
    page = sized(**PHONE)
    order = ORDER_PAGES[game]()
    seated(page, live_server, order)
    fields = page.locator(order.form).locator(FIELDS).filter(visible=True)
    count = min(fields.count(), 30)
    assert count >= 2
    # the board pinned: the page scrolled down to its end at once (a wheel scrolls smoothly,
    # still moving when the focus comes)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    fields.nth(count - 1).focus()
    seen = [focused_clear_of_the_board(page)]
    for _ in range(count - 1):
        page.keyboard.press("Shift+Tab")
        seen.append(focused_clear_of_the_board(page))
    for _ in range(count - 1):
        page.keyboard.press("Tab")
        seen.append(focused_clear_of_the_board(page))
    assert len(set(seen)) > 2, seen  # focus moved through the form


def settled(page) -> None:
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def test_a_dogfight_checkbox_keeps_the_focus_after_the_preview(page, live_server):
    order = dogfight_page()
    seated(page, live_server, order)
    fire = page.locator('#moves input[name="f1"]').first
    value = fire.get_attribute("value")
    fire.focus()
    page.keyboard.press("Space")
    again = page.locator(f'#moves input[name="f1"][value="{value}"]')
    expect(again).to_be_checked()
    settled(page)
    expect(again).to_be_focused()
    page.keyboard.press("Space")  # the second key works too: it goes to the same box
    expect(again).not_to_be_checked()
    settled(page)
    expect(again).to_be_focused()


def test_arrow_keys_keep_working_on_a_racing_hinge_handle(page, live_server):
    order = racing_page()
    seated(page, live_server, order)
    handle = page.locator('#board-wrap [data-handle="h1"]')
    handle.focus()
    for turned in (1, 2, 3):
        page.keyboard.press("ArrowLeft")
        settled(page)
        expect(page.locator("#h1")).to_have_value(str(turned))
        expect(handle).to_be_focused()


def test_enter_in_a_racing_number_field_previews_that_number(page, live_server):
    order = racing_page()
    seated(page, live_server, order)
    landing = page.locator("#preview-words > ul > li:first-child")
    straight = landing.inner_text()
    page.fill("#h1", "12")
    page.locator("#h1").press("Enter")
    settled(page)
    expect(page.locator("#h1")).to_have_value("12")  # not the first button's snap "straight"
    expect(landing).not_to_have_text(straight)
    expect(page.locator("#h1")).to_be_focused()


def test_a_duel_step_button_keeps_the_focus(page, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, None)
    log_in(page, live_server.url, alice, f"/duel/games/{game.pk}/seat/0/")
    fly = page.get_by_role("button", name="Fly A1")
    fly.focus()
    page.keyboard.press("Enter")
    ahead = page.locator('#turn-form button[name="do"][value="step:A"]')
    expect(ahead).to_be_visible()
    settled(page)
    ahead.focus()
    page.keyboard.press("Enter")
    expect(page.locator("ol.draft")).to_contain_text("A1")
    settled(page)
    expect(ahead).to_be_focused()


def test_a_joyride_tile_placed_from_the_keyboard_keeps_the_focus(page, live_server):
    order = joyride_page()
    seated(page, live_server, order)
    page.locator("#plain-forms summary").click()
    page.locator("#next-tile").select_option(index=1)
    place = page.locator("#place-form").get_by_role("button", name="Place the tile")
    place.focus()
    page.keyboard.press("Enter")
    expect(page.locator("svg.builder-lab g.tile")).to_have_count(1)
    settled(page)
    expect(page.locator("#place-form").get_by_role("button", name="Place the tile")).to_be_focused()
