"""The race's pages on a phone and in German (issue 28), in Chromium: a handle is a touch target
of at least 44 px whatever the course's scale, the standings are never cut (on a phone, and
beside the board on a game page at 1366 px, in German's longer words), and the seat page is
no wider than the phone."""

import pytest
from playwright.sync_api import expect

from tests.browser import HTMX_BUSY, clean_page, log_in
from tests.factories import make_user

from .helpers import alone_on_turn, make_race, page_url

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
TOUCH_PX = 44


def equipped(game) -> None:
    """Every jet at its place on the grid with three cards, so the standings have words."""
    rnd = game.rounds.get(status="open")
    state = dict(rnd.state, level=3)
    kinds = (("booster", "kupferwurm", "hollenboller"), ("robert", "stasisfeld", "abstauber"))
    for n, jet in enumerate(state["jets"]):
        jet["equipment"] = [
            {"id": 10 * n + i + 1, "kind": kind, "chips": 0} for i, kind in enumerate(kinds[n % 2])
        ]
    rnd.state = state
    rnd.save(update_fields=["state"])


def fits(page, selector: str) -> bool:
    """Whether the element's content is no wider than the element (nothing cut or scrolled)."""
    return page.locator(selector).evaluate("e => e.scrollWidth <= e.clientWidth")


def handle_sizes(page) -> list[float]:
    return [
        min(box["width"], box["height"])
        for box in (page.locator(f'[data-handle="{h}"]').bounding_box() for h in ("h1", "h2"))
    ]


@pytest.mark.parametrize("position", ["grid", "far from the others"])
def test_the_handles_are_touch_targets_of_44_px_on_a_phone(browser, live_server, position):
    alice, bob = make_user("alice"), make_user("bob")
    game = make_race(alice, bob)
    if position == "grid":
        equipped(game)
    else:
        alone_on_turn(game)  # a close-up drawn at a smaller scale
    with clean_page(browser, **PHONE) as page:
        log_in(page, live_server.url, alice)
        page.goto(f"{live_server.url}{page_url(game, 0)}")
        expect(page.locator('[data-handle="h1"]')).to_be_visible()
        assert all(size >= TOUCH_PX for size in handle_sizes(page)), handle_sizes(page)
        with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
            page.get_by_role("button", name="full left").tap()  # the board swapped in anew
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
        expect(page.locator("#h1")).not_to_have_value("0")
        assert all(size >= TOUCH_PX for size in handle_sizes(page)), handle_sizes(page)


def test_a_phone_in_german_shows_the_whole_standings_and_the_whole_form(browser, live_server):
    alice, bob = make_user("alice", language="de"), make_user("bob")
    game = make_race(alice, bob)
    equipped(game)
    with clean_page(browser, **PHONE) as page:
        log_in(page, live_server.url, alice)
        page.goto(f"{live_server.url}{page_url(game, 0)}?use_2=before&target_2=blue")
        expect(page.locator("#chip1_2")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert fits(page, ".standings-wrap")
        expect(page.locator("td.equipment").first).to_contain_text("Booster")
        equipment = page.locator("td.equipment").first.bounding_box()
        assert equipment["x"] >= 0 and equipment["x"] + equipment["width"] <= 390
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert fits(page, ".standings-wrap")


def test_the_equipment_column_is_not_clipped_beside_the_board_at_1366_in_german(
    browser, live_server
):
    alice, bob = make_user("alice", language="de"), make_user("bob")
    game = make_race(alice, bob)
    equipped(game)
    with clean_page(browser, viewport={"width": 1366, "height": 768}) as page:
        log_in(page, live_server.url, alice)
        for url in (f"/games/{game.pk}/", page_url(game, 0)):
            page.goto(f"{live_server.url}{url}")
            expect(page.locator("table.standings")).to_contain_text("Höllenböller")
            assert fits(page, ".standings-wrap"), url
            cell = page.locator("table.standings td", has_text="Höllenböller").first
            box, wrap = cell.bounding_box(), page.locator(".standings-wrap").bounding_box()
            assert box["x"] + box["width"] <= wrap["x"] + wrap["width"] + 1, url
