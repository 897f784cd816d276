"""The duel's turn page on a desktop and on a phone, in a real browser: at 1280×800 the board
stays in view while the player builds a turn; on a phone the board zooms and pans with its
buttons and the fighters' table shows every column; a click on a fighter picks it and a click on
the hex ahead steps. Each test saves its screenshot (to ``DUEL_SCREENSHOTS`` if set, e.g.
``docs/screenshots``, else to pytest's temporary folder)."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import HTMX_BUSY, _page, log_in
from tests.duel.engine.helpers import E, W, flying, missile
from tests.duel.engine.helpers import state as position
from tests.factories import make_user

from .helpers import page_url
from .test_browser_duel_player import duel_at

pytestmark = pytest.mark.django_db(transaction=True)


def midgame():
    return position(
        [
            flying("A1", "coliber", (6, 4), E, speed=2),
            flying("A2", "virus", (5, 9), E, speed=3),
            flying("B1", "coliber", (12, 5), W),
            flying("B2", "virus", (13, 10), W, speed=3),
        ],
        asteroids=[(9, 3), (10, 8), (8, 12), (14, 6)],
        missiles=[missile(1, 1, (11, 9), 3), missile(2, 0, (8, 4), 0, "smart")],
    )


def shots_folder(tmp_path) -> Path:
    folder = Path(os.environ.get("DUEL_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_turn(browser, live_server, viewport, **options):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, midgame())
    context, page, errors = _page(browser, viewport=viewport, **options)
    log_in(page, live_server.url, alice)
    page.goto(live_server.url + page_url(game, 0))
    return context, page, errors


def test_desktop_the_board_stays_in_view_while_building(browser, live_server, tmp_path):
    context, page, errors = open_turn(browser, live_server, {"width": 1280, "height": 800})
    # a click on A2 picks it, a click on the hex ahead steps
    page.locator('#board a.pick[data-pick="A2"]').click()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    expect(page.get_by_text("A2: 0 hexes flown")).to_be_visible()
    page.locator('#board a.step-link[data-step-code="A"]').click()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    expect(page.get_by_text("A2: 1 hex flown")).to_be_visible()
    for step in ("ahead", "fire the nose gun"):
        page.get_by_role("button", name=step, exact=True).click()
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
    page.get_by_role("button", name="Finish A2's move").scroll_into_view_if_needed()
    box = page.locator("#board").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800 + 1, box  # still in view
    page.screenshot(path=str(shots_folder(tmp_path) / "duel-turn-desktop.png"))
    context.close()
    assert not errors


def test_phone_the_board_zooms_and_the_table_fits(browser, live_server, tmp_path):
    context, page, errors = open_turn(
        browser,
        live_server,
        {"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    board = page.locator("#board")
    whole = board.get_attribute("viewBox")
    page.get_by_role("button", name="Zoom in").click()
    zoomed = board.get_attribute("viewBox")
    assert zoomed != whole and float(zoomed.split()[2]) < float(whole.split()[2])
    page.get_by_role("button", name="Zoom in").click()
    page.screenshot(path=str(shots_folder(tmp_path) / "duel-turn-phone-zoomed.png"))
    page.get_by_role("button", name="The whole board").click()
    assert board.get_attribute("viewBox") == whole
    missiles = page.locator("table.fighters td[data-label='Missiles']").first
    cell = missiles.bounding_box()
    assert cell["x"] >= 0 and cell["x"] + cell["width"] <= 390, cell
    page.screenshot(path=str(shots_folder(tmp_path) / "duel-turn-phone.png"), full_page=True)
    context.close()
    assert not errors


def visible_part(page, selector: str, height: int) -> float:
    """The part of the element's height inside the viewport (0 to 1)."""
    box = page.locator(selector).bounding_box()
    top, bottom = max(box["y"], 0), min(box["y"] + box["height"], height)
    return max(0.0, bottom - top) / box["height"]


def test_phone_the_board_stays_in_view_while_steps_are_picked(browser, live_server, tmp_path):
    context, page, errors = open_turn(
        browser,
        live_server,
        {"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page.get_by_role("button", name="Fly A2").click()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    for flown, step in enumerate(("ahead", "ahead", "fire the nose gun"), start=1):
        button = page.get_by_role("button", name=step, exact=True)
        button.scroll_into_view_if_needed()
        button.click()
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
        # the board answers the click where the player can see it: wholly in view, and the
        # next step's buttons are not under it
        assert visible_part(page, "#board", 844) > 0.99, flown
        buttons = page.locator("#duel-play .steps button").first.bounding_box()
        board = page.locator("#board").bounding_box()
        assert (
            buttons["y"] >= board["y"] + board["height"] - 1
            or buttons["y"] + buttons["height"] <= board["y"]
        ), (buttons, board)
    page.screenshot(path=str(shots_folder(tmp_path) / "duel-turn-phone-steps.png"))
    context.close()
    assert not errors
